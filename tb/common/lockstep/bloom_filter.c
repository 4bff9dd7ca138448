/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_bloom_filter (rtl/common/ww_bloom_filter.v).
 * Stimulus: keys come mostly from a small pool so queries hit inserted keys
 * and their aliases; inserts on about half the cycles; a clear every few
 * hundred cycles so the filter cycles between sparse and saturated; each
 * of the WW_BLOOM_QRY_N query keys picked on its own; the insert's bank and
 * the queries' bank random (WW_BLOOM_BANKS).
 */
#include "ww_lockstep.h"
#include "ww_bloom_filter.h"

#define WW_PORTS_DEF "ww_bloom_filter.ports.def"
#define WW_IN_T ww_bloom_filter_in_t
#define WW_OUT_T ww_bloom_filter_out_t
#include "ww_lockstep_ports.h"

#define POOL 64

typedef struct {
  uint64_t pool[POOL];
  unsigned clear_every;
} stim_t;

WW_MODEL_HOOKS(ww_bloom_filter)
WW_STIM_STATE(stim_t)

static uint64_t pick_key(stim_t *s, ww_rng_t *r)
{
  if (ww_rng_chance(r, 3, 4))
    return s->pool[ww_rng_below(r, POOL)];
  return ww_rng_bits(r, WW_BLOOM_KEY_W);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *prev_out, void *vin)
{
  stim_t *s = vs;
  ww_bloom_filter_in_t *in = vin;
  (void)prev_out;
  if (cycle == 0) {
    for (unsigned i = 0; i < POOL; i++)
      s->pool[i] = ww_rng_bits(r, WW_BLOOM_KEY_W);
  }
  if (ww_rng_chance(r, 1, 5000))        /* refresh the pool now and then */
    s->pool[ww_rng_below(r, POOL)] = ww_rng_bits(r, WW_BLOOM_KEY_W);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->clear_i = (uint64_t)ww_rng_chance(r, 1, 300);
  in->ins_valid_i = (uint64_t)ww_rng_chance(r, 1, 2);
  in->ins_bank_i = ww_rng_below(r, WW_BLOOM_BANKS);
  in->qry_bank_i = ww_rng_below(r, WW_BLOOM_BANKS);
  in->ins_key_i = pick_key(s, r);
  in->qry_key_i = 0;
  for (unsigned q = 0; q < WW_BLOOM_QRY_N; q++)
    in->qry_key_i |= pick_key(s, r) << (q * WW_BLOOM_KEY_W);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "bloom_filter",
  .params = "BITS=" WW_XSTR(WW_BLOOM_BITS) " K=" WW_XSTR(WW_BLOOM_K)
            " KEY_W=" WW_XSTR(WW_BLOOM_KEY_W) " QRY_N=" WW_XSTR(WW_BLOOM_QRY_N)
            " BANKS=" WW_XSTR(WW_BLOOM_BANKS),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
