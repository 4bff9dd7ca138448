/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_warp_sched (rtl/sm/ww_warp_sched.v).
 * Stimulus: every per-warp status bit is redrawn with a bias so that each
 * stall class occurs and several warps are often eligible at once; a warp
 * keeps its bits for a few cycles at a time (as an SM would). The mode runs
 * in phases: mostly normal, sometimes serial with a changing designated
 * warp (now and then one that does not exist), sometimes a reserved code.
 */
#include "ww_lockstep.h"
#include "ww_warp_sched.h"

#define WW_PORTS_DEF "ww_warp_sched.ports.def"
#define WW_IN_T ww_warp_sched_in_t
#define WW_OUT_T ww_warp_sched_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)

typedef struct {
  ww_warp_sched_in_t cur;
} stim_t;

WW_MODEL_HOOKS(ww_warp_sched)
WW_STIM_STATE(stim_t)

static void setbit(uint64_t *v, unsigned w, int b)
{
  *v = (*v & ~(1ull << w)) | ((uint64_t)(b != 0) << w);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_warp_sched_in_t *in = vin;
  ww_warp_sched_in_t *c = &s->cur;
  (void)vprev;

  for (unsigned w = 0; w < WARPS; w++) {
    if (cycle && !ww_rng_chance(r, 1, 3))
      continue;
    setbit(&c->active_i, w, !ww_rng_chance(r, 1, 10));
    setbit(&c->ibuf_valid_i, w, !ww_rng_chance(r, 1, 8));
    setbit(&c->bar_wait_i, w, ww_rng_chance(r, 1, 10));
    setbit(&c->sb_ready_i, w, ww_rng_chance(r, 3, 4));
    setbit(&c->sb_mem_i, w, ww_rng_chance(r, 1, 2));
    setbit(&c->is_mem_i, w, ww_rng_chance(r, 1, 3));
    setbit(&c->unit_ready_i, w, ww_rng_chance(r, 3, 4));
  }
  if (cycle == 0 || ww_rng_chance(r, 1, 200))
    c->mode_i = ww_rng_chance(r, 3, 5) ? WW_SCHED_NORMAL
              : ww_rng_chance(r, 3, 4) ? WW_SCHED_SERIAL : 2 + ww_rng_below(r, 2);
  if (cycle == 0 || ww_rng_chance(r, 1, 20))
    c->serial_wid_i = ww_rng_chance(r, 1, 10) ? ww_rng_bits(r, WID_W) : ww_rng_below(r, WARPS);

  *in = *c;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "warp_sched",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
