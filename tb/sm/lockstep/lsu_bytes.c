/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_lsu_bytes (rtl/sm/ww_lsu_bytes.v), compared
 * combinationally every cycle. Stimulus: the lanes of one line with random
 * data; their word in the line is one word for all (every lane overlaps),
 * one of two or three words (partial overlaps), lane order (coalesced), or
 * random; the byte offset in the word is 0 (aligned), the size's aligned
 * offsets, or any (misaligned: the RTL cuts the bytes past the word); the
 * address bits above the line are random (unused). Sizes 1, 2, 4 (now and
 * then another 3-bit value); lane masks random, full, one lane or empty.
 * Mutant (seeds 1..20, 1M cycles): LSU_BYTES_FIRST_LANE_WINS caught in 20
 * of 20 by cycle 4 (data_o of a byte two lanes write).
 */
#include "ww_lsu_bytes.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_lsu_bytes.ports.def"
#define WW_IN_T ww_lsu_bytes_in_t
#define WW_OUT_T ww_lsu_bytes_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))
#define WORDS (WW_LINE_BYTES / 4)

typedef struct {
  int unused;
} stim_t;

WW_MODEL_HOOKS(ww_lsu_bytes)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  (void)vs;
  (void)cycle;
  (void)vprev;
  ww_lsu_bytes_in_t *in = vin;
  static const unsigned sizes[] = { 1, 2, 4, 4 };
  unsigned n = ww_rng_chance(r, 1, 16) ? (unsigned)ww_rng_bits(r, 3) : sizes[ww_rng_below(r, 4)];
  unsigned wpat = (unsigned)ww_rng_below(r, 4), opat = (unsigned)ww_rng_below(r, 3);
  uint32_t w0 = (uint32_t)ww_rng_below(r, WORDS), w1 = (uint32_t)ww_rng_below(r, WORDS),
           w2 = (uint32_t)ww_rng_below(r, WORDS);
  uint32_t line = (uint32_t)ww_rng_bits(r, 32) & ~(uint32_t)(WW_LINE_BYTES - 1);
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t w, off;
    switch (wpat) {
    case 0: w = w0; break;                                          /* one word */
    case 1: w = ww_rng_chance(r, 1, 2) ? w0 : ww_rng_chance(r, 1, 2) ? w1 : w2; break;
    case 2: w = (w0 + l) % WORDS; break;                            /* coalesced */
    default: w = (uint32_t)ww_rng_below(r, WORDS); break;
    }
    switch (opat) {
    case 0: off = 0; break;
    case 1: off = n == 1 ? (uint32_t)ww_rng_below(r, 4) : n == 2 ? 2u * (uint32_t)ww_rng_below(r, 2) : 0u;
            break;
    default: off = (uint32_t)ww_rng_below(r, 4); break;
    }
    in->addr_i[l] = (ww_rng_chance(r, 7, 8) ? line : (uint32_t)ww_rng_bits(r, 32) & ~(uint32_t)(WW_LINE_BYTES - 1))
                    | (w << 2) | off;
    in->data_i[l] = (uint32_t)ww_rng_bits(r, 32);
  }
  in->bytes_i = n;
  switch (ww_rng_below(r, 8)) {
  case 0: in->lanes_i = LANE_MASK; break;
  case 1: in->lanes_i = 1u << ww_rng_below(r, LANES); break;
  case 2: in->lanes_i = 0; break;
  default: in->lanes_i = ww_rng_bits(r, LANES) & LANE_MASK; break;
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "lsu_bytes",
  .params = "LANES=" WW_XSTR(WW_LANES) " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
