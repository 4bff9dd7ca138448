/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_coalescer (rtl/sm/ww_coalescer.v).
 * Stimulus: warp instructions with the access patterns an LSU sees --
 * fully coalesced words, strided, all lanes on one address, a few lines in
 * random order, scattered, and neighbouring lines that differ in one bit --
 * under random masks (sometimes empty or full), held until accepted; the
 * consumer applies random back-pressure.
 */
#include "ww_coalescer.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_coalescer.ports.def"
#define WW_IN_T ww_coalescer_in_t
#define WW_OUT_T ww_coalescer_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))

typedef struct {
  int pending;
  ww_coalescer_in_t req;
} stim_t;

WW_MODEL_HOOKS(ww_coalescer)
WW_STIM_STATE(stim_t)

static void make_request(ww_rng_t *r, ww_coalescer_in_t *q)
{
  uint32_t base = (uint32_t)ww_rng_bits(r, 32) & ~3u;
  unsigned pattern = (unsigned)ww_rng_below(r, 6);
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t a;
    switch (pattern) {
    case 0: a = base + 4 * l; break;                                    /* coalesced words */
    case 1: a = base + (uint32_t)ww_rng_below(r, 4) * 64 * l; break;    /* strided */
    case 2: a = base; break;                                            /* one address */
    case 3: a = base + (uint32_t)ww_rng_below(r, 3) * WW_LINE_BYTES + 4 * (uint32_t)ww_rng_below(r, 8); break;
    case 4: a = (uint32_t)ww_rng_bits(r, 32); break;                    /* scattered */
    default: a = base ^ ((uint32_t)ww_rng_below(r, 2) * WW_LINE_BYTES); break;  /* one-bit neighbours */
    }
    q->in_addr_i[l] = a;
  }
  q->in_mask_i = ww_rng_chance(r, 1, 10) ? (ww_rng_chance(r, 1, 2) ? 0 : LANE_MASK)
                                         : (ww_rng_bits(r, LANES) & LANE_MASK);
  q->in_tag_i = ww_rng_bits(r, 8);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_coalescer_out_t *prev = vprev;
  ww_coalescer_in_t *in = vin;
  if (s->pending && in->in_valid_i && prev->in_ready_o)
    s->pending = 0;
  if (!s->pending && ww_rng_chance(r, 3, 4)) {
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
  .name = "coalescer",
  .params = "LANES=" WW_XSTR(WW_LANES) " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
