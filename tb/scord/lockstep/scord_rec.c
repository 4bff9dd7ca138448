/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scord_rec (rtl/scord/ww_scord_rec.v), compared
 * combinationally every cycle. Stimulus: what the LSU's FSM asks for (a
 * CHECK record, a FENCE record, nothing; now and then both), with or
 * without an L1 request on the port; every op kind (loads, stores, strong
 * ones, block and device atomics and CAS, the three fences, now and then
 * any op index); the line's tracked lanes random, full, one or none, on one
 * word, a few words, in lane order or random words of the line (address
 * bits outside the word offset random); random line, partition, warp,
 * block, pc, barrier id and lock Bloom.
 * Mutants (seeds 1..20, 1M cycles): SCORD_REC_LAST_LANE_ONLY caught in 20
 * of 20 by cycle 7, SCORD_BLKFENCE_AS_DEV (also the GPU mutant of
 * tb/scord/mutant.mk) in 20 of 20 by cycle 35 (sb_o).
 */
#include "ww_scord_rec.h"
#include "ww_isa.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_scord_rec.ports.def"
#define WW_IN_T ww_scord_rec_in_t
#define WW_OUT_T ww_scord_rec_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))
#define WORDS (WW_LINE_BYTES / 4)

typedef struct {
  int unused;
} stim_t;

WW_MODEL_HOOKS(ww_scord_rec)
WW_STIM_STATE(stim_t)

static unsigned pick_op(ww_rng_t *r)
{
  static const unsigned ops[] = {
    WW_OP_LW, WW_OP_LB, WW_OP_LHU, WW_OP_SW, WW_OP_SB, WW_OP_LW_STRONG, WW_OP_SW_STRONG,
    WW_OP_AMOADD_BLK, WW_OP_AMOEXCH_BLK, WW_OP_CAS_BLK, WW_OP_AMOADD_DEV, WW_OP_AMOXOR_DEV,
    WW_OP_CAS_DEV, WW_OP_FENCE, WW_OP_FENCE_BLK, WW_OP_FENCE_DEV, WW_OP_FENCE_BLK, WW_OP_FENCE_DEV,
  };
  if (ww_rng_chance(r, 1, 8))
    return (unsigned)ww_rng_bits(r, 7);
  return ops[ww_rng_below(r, sizeof ops / sizeof ops[0])];
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  (void)vs;
  (void)cycle;
  (void)vprev;
  ww_scord_rec_in_t *in = vin;
  unsigned op = pick_op(r);
  int is_fence = op == WW_OP_FENCE || op == WW_OP_FENCE_BLK || op == WW_OP_FENCE_DEV;
  switch (ww_rng_below(r, 8)) {
  case 0: case 1: case 2: in->chk_i = 1; in->fence_i = 0; break;
  case 3: case 4: in->chk_i = 0; in->fence_i = 1; break;
  case 5: in->chk_i = 1; in->fence_i = 1; break;
  default: in->chk_i = 0; in->fence_i = 0; break;
  }
  if (is_fence && ww_rng_chance(r, 3, 4)) {   /* the FSM's pairing: fences send FENCE records */
    in->chk_i = 0;
    in->fence_i = 1;
  }
  in->l1_i = (uint64_t)ww_rng_chance(r, 1, 4);
  in->op_i = op;
  unsigned wpat = (unsigned)ww_rng_below(r, 4);
  uint32_t w0 = (uint32_t)ww_rng_below(r, WORDS), w1 = (uint32_t)ww_rng_below(r, WORDS);
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t w;
    switch (wpat) {
    case 0: w = w0; break;
    case 1: w = ww_rng_chance(r, 1, 2) ? w0 : w1; break;
    case 2: w = (w0 + l) % WORDS; break;
    default: w = (uint32_t)ww_rng_below(r, WORDS); break;
    }
    uint32_t other = (uint32_t)ww_rng_bits(r, 32) & ~((uint32_t)(WORDS - 1) << 2);
    in->addr_i[l] = other | (w << 2);
  }
  switch (ww_rng_below(r, 6)) {
  case 0: in->lanes_i = LANE_MASK; break;
  case 1: in->lanes_i = 1u << ww_rng_below(r, LANES); break;
  case 2: in->lanes_i = 0; break;
  default: in->lanes_i = ww_rng_bits(r, LANES) & LANE_MASK; break;
  }
  in->line_i = ww_rng_bits(r, WW_SCORD_REC_LINE_W);
  in->part_i = ww_rng_chance(r, 7, 8) ? ww_rng_below(r, WW_NUM_PART)
                                      : ww_rng_bits(r, WW_IDX_W(WW_NUM_PART));
  in->wid_i = ww_rng_bits(r, WW_SCORD_REC_WID_W);
  in->cta_i = ww_rng_chance(r, 1, 2) ? ww_rng_below(r, 64) : ww_rng_bits(r, 32);
  in->pc_i = ww_rng_bits(r, 32) & ~3ull;
  in->bar_i = ww_rng_bits(r, WW_SCORD_BARID_W);
  in->lk_i = ww_rng_bits(r, WW_SCORD_BLOOM_W);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scord_rec",
  .params = "LANES=" WW_XSTR(WW_LANES) " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES)
            " NUM_PART=" WW_XSTR(WW_NUM_PART),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
