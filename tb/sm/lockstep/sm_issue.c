/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_sm_issue (rtl/sm/ww_sm_issue.v).
 * Stimulus: plays the SM around its issue stage. Per-warp status bits
 * (active, view valid, barrier wait, scoreboard ready/mem, memory, mul/div,
 * division) are redrawn now and then with a bias so that every stall class
 * occurs and several warps are often eligible. Completions mostly name a
 * warp the last cycle showed in flight (now and then any warp, sometimes a
 * ww.bar); a mul/div completion (multiply or division) with a quarter of
 * them. The LSU and mul/div late completions come in storms: phases in
 * which one is offered and never taken for up to 2*LATE_WAIT+4 cycles, so
 * that the wait reaches LATE_WAIT and issue stops, between phases where it
 * is taken at once or at random. The execute stage holds issue, offers
 * the LSU an instruction and the LSU is busy at random; short halted
 * phases; the GPUDet mode in phases (normal, serial with a changing warp,
 * reserved codes).
 */
#include "ww_lockstep.h"
#include "ww_sm_issue.h"

#define WW_PORTS_DEF "ww_sm_issue.ports.def"
#define WW_IN_T ww_sm_issue_in_t
#define WW_OUT_T ww_sm_issue_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)

typedef struct {
  ww_sm_issue_in_t cur;          /* the per-warp bits, kept a few cycles */
  unsigned storm_left, halt_left;
  int storm_md;                  /* the storm is the mul/div unit's (else the LSU's) */
} stim_t;

WW_MODEL_HOOKS(ww_sm_issue)
WW_STIM_STATE(stim_t)

static void setbit(uint64_t *v, unsigned w, int b)
{
  *v = (*v & ~(1ull << w)) | ((uint64_t)(b != 0) << w);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_sm_issue_out_t *prev = vprev;
  ww_sm_issue_in_t *in = vin;
  ww_sm_issue_in_t *c = &s->cur;

  for (unsigned w = 0; w < WARPS; w++) {
    if (cycle && !ww_rng_chance(r, 1, 3))
      continue;
    setbit(&c->active_i, w, !ww_rng_chance(r, 1, 12));
    setbit(&c->bv_valid_i, w, !ww_rng_chance(r, 1, 6));
    setbit(&c->bar_wait_i, w, ww_rng_chance(r, 1, 16));
    setbit(&c->sb_ready_i, w, ww_rng_chance(r, 3, 4));
    setbit(&c->sb_mem_i, w, ww_rng_chance(r, 1, 2));
    setbit(&c->bv_mem_i, w, ww_rng_chance(r, 1, 3));
    setbit(&c->bv_md_i, w, ww_rng_chance(r, 1, 4));
    setbit(&c->bv_div_i, w, ww_rng_chance(r, 1, 2));
  }
  if (cycle == 0 || ww_rng_chance(r, 1, 300))
    c->mode_i = ww_rng_chance(r, 3, 5) ? WW_SCHED_NORMAL
              : ww_rng_chance(r, 3, 4) ? WW_SCHED_SERIAL : 2 + ww_rng_below(r, 2);
  if (cycle == 0 || ww_rng_chance(r, 1, 20))
    c->serial_wid_i = ww_rng_chance(r, 1, 10) ? ww_rng_bits(r, WID_W) : ww_rng_below(r, WARPS);
  *in = *c;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);

  if (s->halt_left == 0 && ww_rng_chance(r, 1, 400))
    s->halt_left = 1 + (unsigned)ww_rng_below(r, 8);
  if (s->halt_left) {
    in->halted_i = 1;
    s->halt_left--;
  }
  in->exec_hold_i = ww_rng_chance(r, 1, 10);
  in->lsu_offer_i = ww_rng_chance(r, 1, 4);
  in->lsu_ready_i = !ww_rng_chance(r, 1, 5);

  /* a completion: mostly of a warp in flight */
  if (ww_rng_chance(r, 1, 2)) {
    unsigned w = (unsigned)ww_rng_below(r, WARPS);
    if (cycle && prev->inflight_o && ww_rng_chance(r, 7, 8)) {
      do
        w = (unsigned)ww_rng_below(r, WARPS);
      while (!(prev->inflight_o >> w & 1u));
    }
    in->c_valid_i = 1;
    in->c_wid_i = w;
    in->c_bar_i = ww_rng_chance(r, 1, 8);
    in->md_done_i = ww_rng_chance(r, 1, 4);
    in->md_done_div_i = ww_rng_chance(r, 1, 3);
  } else {
    in->c_wid_i = ww_rng_bits(r, WID_W);
    in->c_bar_i = ww_rng_chance(r, 1, 8);
    in->md_done_div_i = ww_rng_chance(r, 1, 3);
  }

  /* late completions: storms that reach LATE_WAIT, otherwise random */
  if (s->storm_left == 0 && ww_rng_chance(r, 1, 60)) {
    s->storm_left = 1 + (unsigned)ww_rng_below(r, 2 * WW_LATE_WAIT + 4);
    s->storm_md = ww_rng_chance(r, 1, 2);
  }
  if (s->storm_left) {
    s->storm_left--;
    if (s->storm_md) {
      in->md_out_valid_i = 1;
      in->lsu_done_valid_i = ww_rng_chance(r, 1, 4);
      in->lsu_take_i = ww_rng_chance(r, 1, 2);
    } else {
      in->lsu_done_valid_i = 1;
      in->md_out_valid_i = ww_rng_chance(r, 1, 4);
      in->md_take_i = ww_rng_chance(r, 1, 2);
    }
  } else {
    in->lsu_done_valid_i = ww_rng_chance(r, 1, 3);
    in->lsu_take_i = !ww_rng_chance(r, 1, 4);
    in->md_out_valid_i = ww_rng_chance(r, 1, 4);
    in->md_take_i = !ww_rng_chance(r, 1, 4);
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "sm_issue",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LATE_WAIT=" WW_XSTR(WW_LATE_WAIT),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
