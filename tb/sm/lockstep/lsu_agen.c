/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_lsu_agen (rtl/sm/ww_lsu_agen.v), compared
 * combinationally every cycle. Stimulus: per cycle one offered instruction;
 * each lane's address is an edge of the memory map (0, the null guard, the
 * end of global memory, both ends of the shared window, the top of the
 * address space) a few bytes either side, an ordinary global or shared
 * address (aligned or not), the previous lane's plus 4, or random; split
 * into base + imm with imm 0, small, negative or random (so the sum wraps).
 * Sizes 1, 2, 4 (now and then another 3-bit value); masks random, full,
 * one lane or empty; fences now and then. Faults of every kind at random
 * lanes among good ones, so the lowest faulting lane decides.
 * Mutants (seeds 1..20, 1M cycles): LSU_AGEN_HIGHEST_LANE caught in 20 of
 * 20 by cycle 4 (fault kind or lane); LSU_AGEN_SHARED_PAST_END in 20 of 20
 * by cycle 101 (shared_o or fault kind at the window's end).
 */
#include "ww_lsu_agen.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_lsu_agen.ports.def"
#define WW_IN_T ww_lsu_agen_in_t
#define WW_OUT_T ww_lsu_agen_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))

typedef struct {
  int unused;
} stim_t;

WW_MODEL_HOOKS(ww_lsu_agen)
WW_STIM_STATE(stim_t)

static uint32_t edge_addr(ww_rng_t *r)
{
  static const uint32_t edge[] = {
    0u, WW_NULL_GUARD_BYTES, WW_GMEM_BYTES, WW_SHARED_BASE,
    (uint32_t)WW_SHARED_BASE + WW_SHMEM_BYTES, 0xFFFFFFFFu,
  };
  uint32_t e = edge[ww_rng_below(r, sizeof edge / sizeof edge[0])];
  return e + (uint32_t)ww_rng_below(r, 11) - 5u;      /* e - 5 .. e + 5 */
}

static uint32_t lane_addr(ww_rng_t *r, uint32_t prev)
{
  switch (ww_rng_below(r, 8)) {
  case 0: case 1: case 2: return edge_addr(r);
  case 3: return WW_NULL_GUARD_BYTES +                                     /* global */
                 (uint32_t)ww_rng_below(r, WW_GMEM_BYTES - WW_NULL_GUARD_BYTES);
  case 4: return WW_SHARED_BASE + (uint32_t)ww_rng_below(r, WW_SHMEM_BYTES);  /* shared */
  case 5: case 6: return prev + 4u;
  default: return (uint32_t)ww_rng_bits(r, 32);
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  (void)vs;
  (void)cycle;
  (void)vprev;
  ww_lsu_agen_in_t *in = vin;
  uint32_t imm;
  switch (ww_rng_below(r, 4)) {
  case 0: imm = 0; break;
  case 1: imm = (uint32_t)ww_rng_below(r, 4096); break;
  case 2: imm = (uint32_t)0 - (uint32_t)ww_rng_below(r, 4096); break;
  default: imm = (uint32_t)ww_rng_bits(r, 32); break;
  }
  /* mostly one pattern for all lanes (a plausible access), with odd lanes */
  uint32_t a = lane_addr(r, (uint32_t)ww_rng_bits(r, 32));
  unsigned odd = (unsigned)ww_rng_below(r, 4);          /* 0: every lane its own */
  for (unsigned l = 0; l < LANES; l++) {
    if (l > 0)
      a = (odd && !ww_rng_chance(r, 1, 8)) ? a + 4u * odd : lane_addr(r, a);
    in->base_i[l] = a - imm;
  }
  in->imm_i = imm;
  static const unsigned sizes[] = { 1, 2, 4, 4 };
  in->bytes_i = ww_rng_chance(r, 1, 16) ? ww_rng_bits(r, 3) : sizes[ww_rng_below(r, 4)];
  switch (ww_rng_below(r, 8)) {
  case 0: in->mask_i = LANE_MASK; break;
  case 1: in->mask_i = 1u << ww_rng_below(r, LANES); break;
  case 2: in->mask_i = 0; break;
  default: in->mask_i = ww_rng_bits(r, LANES) & LANE_MASK; break;
  }
  in->fence_i = (uint64_t)ww_rng_chance(r, 1, 8);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "lsu_agen",
  .params = "LANES=" WW_XSTR(WW_LANES) " SHMEM_BYTES=" WW_XSTR(WW_SHMEM_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
