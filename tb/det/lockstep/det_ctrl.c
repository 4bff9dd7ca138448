/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_det_ctrl (rtl/det/ww_det_ctrl.v), GPUDet's mode
 * controller. Stimulus: plays the top (a launch with GPUDet on 7 times in
 * 8; the grid done after a few rounds), the distributor (0..3 placements in
 * a distribution), the SMs (parallel mode over after a random time per SM,
 * commit walks busy for 0..20 cycles from cmt_start_o, invalidations busy
 * for 0..3 cycles from inval_o, serial turns over after 0..10 cycles, random
 * end reasons) and the Z-buffer units (idle now and then); one_i (ScoRD
 * with GPUDet: SM turns in parallel mode) in 1 launch of 3, quiet_i (the
 * memory drained) 3 cycles in 4.
 * It is also a host reference (GPUDet sec. 4, Fig. 2): blocks are placed
 * only while every SM holds (or GPUDet is off); commit starts only after a
 * parallel mode in which every SM said par_done; at most one SM is in
 * serial mode, in increasing SM order within a round; nothing but OFF
 * while the controller is not busy; with one_i, at most one SM in parallel
 * mode, in increasing SM order, and commit only after each said par_done
 * in its turn with the memory quiet. A failure counts as a mismatch.
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_det_ctrl.h"

#define WW_PORTS_DEF "ww_det_ctrl.ports.def"
#define WW_IN_T ww_det_ctrl_in_t
#define WW_OUT_T ww_det_ctrl_out_t
#include "ww_lockstep_ports.h"

#define NS WW_NUM_SM

typedef struct {
  unsigned par_left[NS], cmt_left[NS], inv_left[NS], ser_left[NS];
  unsigned places, rounds;
  int      last_ser;      /* the SM last in serial mode this round, -1 none */
  int      saw_par_done;  /* every SM said par_done in this parallel mode */
  int      one;           /* this launch's one_i */
  int      last_par;      /* one_i: the SM last in parallel mode this round, -1 none */
  unsigned par_seen;      /* one_i: SMs that said par_done in their turn, memory quiet */
} stim_t;

WW_MODEL_HOOKS(ww_det_ctrl)
WW_STIM_STATE(stim_t)

static unsigned mode_of(const ww_det_ctrl_out_t *o, unsigned s)
{
  return (unsigned)(o->mode_o >> (s * WW_DETMODE_W)) & ((1u << WW_DETMODE_W) - 1);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_det_ctrl_out_t *prev = vprev;
  ww_det_ctrl_in_t *in = vin;
  const int live = cycle > 0 && (in->rst_ni & 1);

  if (live) {
    unsigned nser = 0, nhold = 0, npar = 0;
    for (unsigned k = 0; k < NS; k++) {
      const unsigned m = mode_of(prev, k);
      nser += m == WW_DETMODE_SER;
      nhold += m == WW_DETMODE_HOLD;
      npar += m == WW_DETMODE_PAR;
      if (m == WW_DETMODE_SER) {
        if ((int)k < s->last_ser)
          ww_stim_fail("SM %u in serial mode after SM %d in the same round", k, s->last_ser);
        s->last_ser = (int)k;
      }
      if (!(prev->busy_o & 1) && m != WW_DETMODE_OFF)
        ww_stim_fail("SM %u in mode %u while the controller is not busy", k, m);
    }
    if (nser > 1)
      ww_stim_fail("%u SMs in serial mode at once", nser);
    if ((in->en_i & 1) && (prev->dist_en_o & 1) && (prev->busy_o & 1) && nhold != NS)
      ww_stim_fail("blocks may be placed while an SM does not hold");
    if (npar == NS)
      s->saw_par_done = (((uint64_t)in->par_done_i & ((1ull << NS) - 1)) == (1ull << NS) - 1);
    if (s->one) {
      if (npar > 1)
        ww_stim_fail("%u SMs in parallel mode at once with one_i", npar);
      for (unsigned k = 0; k < NS; k++)
        if (mode_of(prev, k) == WW_DETMODE_PAR) {
          if ((int)k < s->last_par)
            ww_stim_fail("SM %u in parallel mode after SM %d in the same round", k, s->last_par);
          s->last_par = (int)k;
          if ((in->par_done_i >> k & 1) && (in->quiet_i & 1))
            s->par_seen |= 1u << k;
        }
      s->saw_par_done = s->par_seen == (1u << NS) - 1;
    }
    if ((prev->cmt_start_o & 1) && !s->saw_par_done)
      ww_stim_fail("commit started before every SM ended its parallel mode");
    if (prev->cmt_start_o & 1) {
      s->saw_par_done = 0;
      for (unsigned k = 0; k < NS; k++)
        s->cmt_left[k] = 1 + (unsigned)ww_rng_below(r, 20);
    }
    if (prev->inval_o & 1)
      for (unsigned k = 0; k < NS; k++)
        s->inv_left[k] = 1 + (unsigned)ww_rng_below(r, 3);
    if (prev->start_o & 1) {
      s->last_ser = -1;
      s->last_par = -1;
      s->par_seen = 0;
      s->rounds++;
      for (unsigned k = 0; k < NS; k++) {
        s->par_left[k] = (unsigned)ww_rng_below(r, 30);
        s->ser_left[k] = (unsigned)ww_rng_below(r, 10);
      }
    }
    if ((in->launch_i & 1) && s->places)
      s->places--;
  }

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->start_i = 0;
  if (!(in->rst_ni & 1)) {
    memset(s, 0, sizeof *s);
    s->last_ser = -1;
    s->last_par = -1;
  } else if (cycle && !(prev->busy_o & 1) && ww_rng_chance(r, 1, 20)) {
    in->start_i = 1;
    in->en_i = !ww_rng_chance(r, 1, 8);
    in->one_i = ww_rng_chance(r, 1, 3);
    s->one = (int)in->one_i;
    in->grid_done_i = 0;
    s->rounds = 0;
  }
  if (s->rounds > 1 + ww_rng_below(r, 6))
    in->grid_done_i = 1;
  /* the distributor: a few placements per distribution */
  if (cycle && (prev->start_o & 1))
    s->places = (unsigned)ww_rng_below(r, 4);
  if (cycle && (prev->busy_o & 1) && !(prev->start_o & 1) && mode_of(prev, 0) == WW_DETMODE_HOLD &&
      (prev->dist_en_o & 1) && !s->places && ww_rng_chance(r, 1, 2))
    s->places = (unsigned)ww_rng_below(r, 4);
  in->launch_i = s->places != 0;
  /* the SMs */
  in->par_done_i = in->ser_done_i = in->cmt_busy_i = in->inval_busy_i = 0;
  for (unsigned k = 0; k < NS; k++) {
    const unsigned m = cycle ? mode_of(prev, k) : WW_DETMODE_OFF;
    if (m == WW_DETMODE_PAR && s->par_left[k])
      s->par_left[k]--;
    in->par_done_i |= (uint64_t)(s->par_left[k] == 0) << k;
    if (m == WW_DETMODE_SER && s->ser_left[k])
      s->ser_left[k]--;
    in->ser_done_i |= (uint64_t)(s->ser_left[k] == 0) << k;
    if (s->cmt_left[k])
      s->cmt_left[k]--;
    in->cmt_busy_i |= (uint64_t)(s->cmt_left[k] != 0) << k;
    if (s->inv_left[k])
      s->inv_left[k]--;
    in->inval_busy_i |= (uint64_t)(s->inv_left[k] != 0) << k;
  }
  in->quiet_i = ww_rng_chance(r, 3, 4);
  in->zb_idle_i = ww_rng_chance(r, 3, 4) ? (1u << WW_NUM_PART) - 1 : ww_rng_bits(r, WW_NUM_PART);
  for (unsigned k = 0; k < NS * WW_WARPS_PER_SM; k++)
    ww_bits_put(in->why_i, k * WW_DETEND_W, WW_DETEND_W, (uint32_t)ww_rng_below(r, WW_DETEND_N));
  in->rd_idx_i = ww_rng_below(r, WW_DETC_N);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "det_ctrl",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " NUM_PART=" WW_XSTR(WW_NUM_PART)
            " WARPS=" WW_XSTR(WW_WARPS_PER_SM) " QID_W=" WW_XSTR(WW_DET_QID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
