/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_alu (rtl/sm/ww_alu.v), compared combinationally every
 * cycle. Stimulus: all 16 op codes; each operand is an edge value (0, 1,
 * -1, INT_MIN, INT_MAX, INT_MIN+1, a power of two, ...), the other operand
 * itself or a neighbour of it (so eq/lt/ltu flip), a small shift amount
 * with random upper bits, or random.
 */
#include "ww_alu.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_alu.ports.def"
#define WW_IN_T ww_alu_in_t
#define WW_OUT_T ww_alu_out_t
#include "ww_lockstep_ports.h"

typedef struct {
  int unused;
} stim_t;

WW_MODEL_HOOKS(ww_alu)
WW_STIM_STATE(stim_t)

static uint32_t operand(ww_rng_t *r, uint32_t other)
{
  static const uint32_t edge[] = { 0u, 1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu,
                                   0x80000001u, 0xFFFFFFFEu, 31u, 32u, 0x55555555u };
  switch (ww_rng_below(r, 6)) {
  case 0: return edge[ww_rng_below(r, sizeof edge / sizeof edge[0])];
  case 1: return (uint32_t)1u << ww_rng_below(r, 32);
  case 2: return other + (uint32_t)ww_rng_below(r, 3) - 1u;     /* equal or a neighbour */
  case 3: return other ^ 0x80000000u;                           /* other sign, same low bits */
  case 4: return ((uint32_t)ww_rng_bits(r, 27) << 5) | (uint32_t)ww_rng_below(r, 32);
  default: return (uint32_t)ww_rng_bits(r, 32);
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  (void)vs;
  (void)cycle;
  (void)vprev;
  ww_alu_in_t *in = vin;
  in->op_i = ww_rng_bits(r, 4);
  uint32_t a = operand(r, (uint32_t)ww_rng_bits(r, 32));
  uint32_t b = operand(r, a);
  if (ww_rng_chance(r, 1, 2)) {
    uint32_t t = a;
    a = b;
    b = t;
  }
  in->a_i = a;
  in->b_i = b;
}

const ww_block_t ww_block = {
  .name = "alu",
  .params = "(none)",
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
