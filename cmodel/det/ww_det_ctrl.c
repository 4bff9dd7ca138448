/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_det_ctrl -- C model of rtl/det/ww_det_ctrl.v (its header is the spec).
 */
#include "ww_det_ctrl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_OFF, S_DIST, S_PAR, S_CMT0, S_CMT, S_INV, S_SER };

struct ww_det_ctrl {
  ww_det_ctrl_cfg_t cfg;
  int st, after_ser, inv_sent;
  unsigned sm;
  uint32_t qid;
  uint32_t cnt[WW_DETC_N];
};

ww_det_ctrl_cfg_t ww_det_ctrl_default_cfg(void)
{
  ww_det_ctrl_cfg_t c = { WW_NUM_SM, WW_NUM_PART, WW_WARPS_PER_SM, WW_DET_QID_W };
  return c;
}

ww_det_ctrl_t *ww_det_ctrl_new(const ww_det_ctrl_cfg_t *c)
{
  if (!c->num_sm || c->num_sm > WW_NUM_SM || !c->num_part || c->num_part > WW_NUM_PART ||
      !c->warps || c->warps > WW_WARPS_PER_SM || !c->qid_w || c->qid_w > 32) {
    fprintf(stderr, "ww_det_ctrl: illegal configuration NUM_SM=%u NUM_PART=%u WARPS=%u QID_W=%u\n",
            c->num_sm, c->num_part, c->warps, c->qid_w);
    return NULL;
  }
  ww_det_ctrl_t *d = calloc(1, sizeof *d);
  if (d)
    d->cfg = *c;
  return d;
}

void ww_det_ctrl_free(ww_det_ctrl_t *d) { free(d); }

static unsigned why_of(const ww_det_ctrl_in_t *in, unsigned k)
{
  return ww_bits_get(in->why_i, k * WW_DETEND_W, WW_DETEND_W);
}

void ww_det_ctrl_step(ww_det_ctrl_t *d, const ww_det_ctrl_in_t *in, ww_det_ctrl_out_t *out)
{
  const ww_det_ctrl_cfg_t *c = &d->cfg;
  const uint64_t sm_all = (1ull << c->num_sm) - 1, part_all = (1ull << c->num_part) - 1;
  const uint32_t qmask = c->qid_w == 32 ? 0xFFFFFFFFu : (1u << c->qid_w) - 1;
  const int en = (int)(in->en_i & 1), grid_done = (int)(in->grid_done_i & 1);
  const int dist_over = !(in->launch_i & 1);
  const int one = (int)(in->one_i & 1);
  const int last_sm = d->sm == c->num_sm - 1 || c->num_sm == 1;

  out->start_o = d->st == S_DIST && dist_over && !grid_done;
  out->cmt_start_o = d->st == S_CMT0;
  out->inval_o = d->st == S_INV && !d->inv_sent;
  out->dist_en_o = !en || d->st == S_DIST;
  out->qid_o = d->qid;
  out->busy_o = d->st != S_OFF;
  out->phase_o = d->st == S_OFF ? WW_DETPH_OFF
               : d->st == S_DIST || d->st == S_PAR ? WW_DETPH_QUANTUM
               : d->st == S_SER || (d->st == S_INV && d->after_ser) ? WW_DETPH_SERIAL
               : WW_DETPH_COMMIT;
  out->mode_o = 0;
  for (unsigned s = 0; s < c->num_sm; s++) {
    unsigned m = WW_DETMODE_HOLD;
    if (d->st == S_OFF)
      m = WW_DETMODE_OFF;
    else if (d->st == S_PAR && (!one || d->sm == s))
      m = WW_DETMODE_PAR;
    else if (d->st == S_SER && d->sm == s)
      m = WW_DETMODE_SER;
    out->mode_o |= (uint64_t)m << (s * WW_DETMODE_W);
  }
  const unsigned idx = (unsigned)in->rd_idx_i;
  out->rd_data_o = idx < WW_DETC_N ? d->cnt[idx] : 0;

  uint32_t n[8] = {0};
  for (unsigned k = 0; k < c->num_sm * c->warps; k++)
    n[why_of(in, k)]++;
  const int all_par = ((uint64_t)in->par_done_i & sm_all) == sm_all;
  const int cmt_quiet = !((uint64_t)in->cmt_busy_i & sm_all) &&
                        ((uint64_t)in->zb_idle_i & part_all) == part_all;
  const int inv_quiet = !((uint64_t)in->inval_busy_i & sm_all);
  /* one_i: an SM's turn is over once the memory is drained too */
  const int quiet = (int)(in->quiet_i & 1);
  const int turn_par = (int)(in->par_done_i >> d->sm & 1) && quiet;
  const int turn_ser = (int)(in->ser_done_i >> d->sm & 1) && (quiet || !one);
  const int par_end = d->st == S_PAR && (one ? turn_par && last_sm : all_par);

  /* clock edge */
  if (!(in->rst_ni & 1)) {
    d->st = S_OFF;
    d->after_ser = d->inv_sent = 0;
    d->sm = 0;
    d->qid = 0;
    memset(d->cnt, 0, sizeof d->cnt);
    return;
  }
  if ((in->start_i & 1) && d->st == S_OFF) {
    memset(d->cnt, 0, sizeof d->cnt);
  } else {
    switch (d->st) {
    case S_DIST: d->cnt[WW_DETC_DIST_CYCLES]++; break;
    case S_PAR: d->cnt[WW_DETC_PAR_CYCLES]++; break;
    case S_CMT0: case S_CMT: d->cnt[WW_DETC_CMT_CYCLES]++; break;
    case S_INV: d->cnt[d->after_ser ? WW_DETC_SER_CYCLES : WW_DETC_CMT_CYCLES]++; break;
    case S_SER: d->cnt[WW_DETC_SER_CYCLES]++; break;
    default: break;
    }
    if (out->start_o)
      d->cnt[WW_DETC_QUANTA]++;
    if (par_end) {
      d->cnt[WW_DETC_END_COUNT] += n[WW_DETEND_COUNT];
      d->cnt[WW_DETC_END_ATOMIC] += n[WW_DETEND_ATOMIC];
      d->cnt[WW_DETC_END_FENCE] += n[WW_DETEND_FENCE];
      d->cnt[WW_DETC_END_EXIT] += n[WW_DETEND_EXIT];
      d->cnt[WW_DETC_END_FULL] += n[WW_DETEND_FULL];
      d->cnt[WW_DETC_END_BARRIER] += n[WW_DETEND_BARRIER];
    }
  }
  switch (d->st) {
  case S_OFF:
    if ((in->start_i & 1) && en)
      d->st = S_DIST;
    break;
  case S_DIST:
    if (grid_done) {
      d->st = S_OFF;
    } else if (dist_over) {
      d->qid = (d->qid + 1) & qmask;
      d->sm = 0;
      d->st = S_PAR;
    }
    break;
  case S_PAR:
    if (par_end)
      d->st = S_CMT0;
    else if (one && turn_par)
      d->sm++;
    break;
  case S_CMT0:
    d->st = S_CMT;
    break;
  case S_CMT:
    if (cmt_quiet) {
      d->after_ser = 0;
      d->inv_sent = 0;
      d->st = S_INV;
    }
    break;
  case S_INV: {
    const int sent = d->inv_sent;
    d->inv_sent = 1;
    if (sent && inv_quiet) {
      d->sm = 0;
      d->st = d->after_ser ? S_DIST : S_SER;
    }
    break;
  }
  default:
    if (turn_ser) {
      if (last_sm) {
        d->after_ser = 1;
        d->inv_sent = 0;
        d->st = S_INV;
      } else {
        d->sm++;
      }
    }
    break;
  }
}
