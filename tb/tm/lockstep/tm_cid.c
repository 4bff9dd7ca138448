/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_cid (rtl/tm/ww_tm_cid.v).
 * Stimulus: plays the SMs' log units. Each SM, when idle, asks now and then
 * for 1..LANES commit IDs (often LANES: a converged warp) and holds the
 * request until it is granted; busy phases (every SM asking at once, so the
 * round robin decides every cycle) alternate with sparse ones. hold_i comes
 * in short bursts (a last-writer history scrubbing), sometimes for many
 * cycles. At the small point 2-bit IDs wrap every few grants.
 */
#include "ww_lockstep.h"
#include "ww_tm_cid.h"

#define WW_PORTS_DEF "ww_tm_cid.ports.def"
#define WW_IN_T ww_tm_cid_in_t
#define WW_OUT_T ww_tm_cid_out_t
#include "ww_lockstep_ports.h"

#define NSM WW_NUM_SM
#define CNT_W WW_CLOG2(WW_LANES + 1)

typedef struct {
  int want[NSM];
  unsigned n[NSM];
  unsigned phase_left, hold_left;
  int busy;
} stim_t;

WW_MODEL_HOOKS(ww_tm_cid)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_cid_out_t *prev = vprev;
  ww_tm_cid_in_t *in = vin;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);

  for (unsigned k = 0; k < NSM; k++)   /* granted last cycle: done */
    if (cycle && (prev->grant_o >> k & 1u))
      s->want[k] = 0;
  if (s->phase_left == 0) {
    s->busy = ww_rng_chance(r, 1, 2);
    s->phase_left = 20 + (unsigned)ww_rng_below(r, 200);
  }
  s->phase_left--;
  if (s->hold_left == 0 && ww_rng_chance(r, 1, 100))
    s->hold_left = ww_rng_chance(r, 1, 10) ? 50 + (unsigned)ww_rng_below(r, 200)
                                           : 1 + (unsigned)ww_rng_below(r, 4);
  in->hold_i = s->hold_left != 0;
  if (s->hold_left)
    s->hold_left--;

  in->req_valid_i = 0;
  in->req_n_i = 0;
  for (unsigned k = 0; k < NSM; k++) {
    if (!in->rst_ni)
      s->want[k] = 0;
    if (!s->want[k] && ww_rng_chance(r, s->busy ? 3 : 1, s->busy ? 4 : 20)) {
      s->want[k] = 1;
      s->n[k] = ww_rng_chance(r, 1, 2) ? WW_LANES : 1 + (unsigned)ww_rng_below(r, WW_LANES);
    }
    in->req_valid_i |= (uint64_t)s->want[k] << k;
    /* the count is driven even without a request (the unit must ignore it) */
    uint64_t n = s->want[k] ? s->n[k] : ww_rng_bits(r, CNT_W);
    in->req_n_i |= n << (CNT_W * k);
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_cid",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " LANES=" WW_XSTR(WW_LANES) " CID_W=" WW_XSTR(WW_CID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
