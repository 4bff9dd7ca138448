/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_muldiv (rtl/sm/ww_muldiv.v).
 * Stimulus: warp instructions with a random RV32M op (divisions one time in
 * four, so multiplies overlap running divisions), held until accepted;
 * each lane's operands are edge values (0, 1, -1, INT_MIN, INT_MAX, ...,
 * with divisors 0 and -1 frequent, so div-by-zero and INT_MIN / -1 occur
 * in most divisions), small signed numbers, or random words; random tags;
 * the consumer applies random back-pressure.
 */
#include "ww_lockstep.h"
#include "ww_muldiv.h"

#define WW_PORTS_DEF "ww_muldiv.ports.def"
#define WW_IN_T ww_muldiv_in_t
#define WW_OUT_T ww_muldiv_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES

typedef struct {
  int pending;
  ww_muldiv_in_t req;
} stim_t;

WW_MODEL_HOOKS(ww_muldiv)
WW_STIM_STATE(stim_t)

static uint32_t operand(ww_rng_t *r)
{
  static const uint32_t edge[] = { 0u, 1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu,
                                   0x80000001u, 2u, 0xFFFFFFFEu, 0x10000u, 0x1FFFFu };
  switch (ww_rng_below(r, 4)) {
  case 0: return edge[ww_rng_below(r, sizeof edge / sizeof edge[0])];
  case 1: return (uint32_t)ww_rng_below(r, 41) - 20u;            /* small, either sign */
  case 2: return (uint32_t)ww_rng_bits(r, 1 + (unsigned)ww_rng_below(r, 32));
  default: return (uint32_t)ww_rng_bits(r, 32);
  }
}

static void make_request(ww_rng_t *r, ww_muldiv_in_t *q)
{
  q->in_op_i = ww_rng_chance(r, 1, 4) ? 4 + ww_rng_below(r, 4) : ww_rng_below(r, 4);
  for (unsigned l = 0; l < LANES; l++) {
    q->in_a_i[l] = operand(r);
    q->in_b_i[l] = ww_rng_chance(r, 1, 8) ? (ww_rng_chance(r, 1, 2) ? 0u : 0xFFFFFFFFu)
                                          : operand(r);
  }
  q->in_tag_i = ww_rng_bits(r, 8);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_muldiv_out_t *prev = vprev;
  ww_muldiv_in_t *in = vin;
  if (s->pending && in->in_valid_i && prev->in_ready_o)
    s->pending = 0;
  if (!s->pending && ww_rng_chance(r, 2, 3)) {
    s->pending = 1;
    make_request(r, &s->req);
  }
  *in = s->req;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->in_valid_i = (uint64_t)s->pending;
  in->out_ready_i = (uint64_t)ww_rng_chance(r, 3, 4);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "muldiv",
  .params = "LANES=" WW_XSTR(WW_LANES) " TAG_W=8",
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
