/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scord_fencefile (rtl/scord/ww_scord_fencefile.v).
 * Stimulus: fence events on about half the cycles, block or device scope at
 * random, from a few "busy" warps (changed now and then) or any warp, so
 * some counters wrap and others stay small; a clear (launch start) about
 * once in 3000 cycles. Read port a follows this cycle's or the last fence's
 * warp half of the time (read-before-increment), port b a busy warp or any
 * warp. Indices stay below NUM_SM*WARPS_PER_SM (legal global warps).
 */
#include "ww_lockstep.h"
#include "ww_scord_fencefile.h"

#define WW_PORTS_DEF "ww_scord_fencefile.ports.def"
#define WW_IN_T ww_scord_fencefile_in_t
#define WW_OUT_T ww_scord_fencefile_out_t
#include "ww_lockstep_ports.h"

#define N (WW_NUM_SM * WW_WARPS_PER_SM)
#define BUSY 3

typedef struct {
  unsigned busy[BUSY];
  unsigned last;
} stim_t;

WW_MODEL_HOOKS(ww_scord_fencefile)
WW_STIM_STATE(stim_t)

static unsigned pick_wp(stim_t *s, ww_rng_t *r)
{
  return ww_rng_chance(r, 2, 3) ? s->busy[ww_rng_below(r, BUSY)] : (unsigned)ww_rng_below(r, N);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_scord_fencefile_in_t *in = vin;
  (void)vprev;

  if (cycle == 0 || ww_rng_chance(r, 1, 2000))
    for (unsigned i = 0; i < BUSY; i++)
      s->busy[i] = (unsigned)ww_rng_below(r, N);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->clear_i = (uint64_t)ww_rng_chance(r, 1, 3000);
  in->inc_valid_i = (uint64_t)ww_rng_chance(r, 1, 2);
  in->inc_wp_i = pick_wp(s, r);
  in->inc_dev_i = (uint64_t)ww_rng_chance(r, 1, 2);
  if (ww_rng_chance(r, 1, 2))
    in->rd_a_wp_i = ww_rng_chance(r, 1, 2) ? in->inc_wp_i : s->last;
  else
    in->rd_a_wp_i = pick_wp(s, r);
  in->rd_b_wp_i = pick_wp(s, r);
  if (in->inc_valid_i)
    s->last = (unsigned)in->inc_wp_i;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scord_fencefile",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " WARPS=" WW_XSTR(WW_WARPS_PER_SM)
            " FID_W=" WW_XSTR(WW_SCORD_FENCEID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
