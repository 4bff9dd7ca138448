/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_warp -- C model of rtl/tm/ww_tm_warp.v. State as in the RTL: per
 * warp the nesting depth (in a transaction = depth != 0), committing, the
 * step count and the watchdog flag; the count of warps in a transaction.
 */
#include "ww_tm_warp.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
  uint32_t depth, steps;
  int commit, wd;
} warp_t;

struct ww_tm_warp {
  ww_tm_warp_cfg_t cfg;
  uint32_t depth_max;
  unsigned count;
  warp_t w[64];
};

ww_tm_warp_cfg_t ww_tm_warp_default_cfg(void)
{
  ww_tm_warp_cfg_t c = { WW_WARPS_PER_SM, WW_TM_WARPS_PER_SM, WW_TX_DEPTH_W, WW_TX_WATCHDOG };
  return c;
}

ww_tm_warp_t *ww_tm_warp_new(const ww_tm_warp_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > 64 || !c->depth_w ||
      c->depth_w > 31) {
    fprintf(stderr, "ww_tm_warp: illegal configuration WARPS=%u LIMIT=%u DEPTH_W=%u\n",
            c->warps, c->limit, c->depth_w);
    return NULL;
  }
  ww_tm_warp_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->depth_max = (1u << c->depth_w) - 1;
  return m;
}

void ww_tm_warp_free(ww_tm_warp_t *m)
{
  free(m);
}

/* The warp named by an index port, or NULL for an index >= WARPS. */
static warp_t *sel(ww_tm_warp_t *m, uint64_t wid)
{
  return wid < m->cfg.warps ? &m->w[wid] : NULL;
}

void ww_tm_warp_step(ww_tm_warp_t *m, const ww_tm_warp_in_t *in, ww_tm_warp_out_t *out)
{
  const unsigned nw = m->cfg.warps;
  warp_t *bw = sel(m, in->begin_wid_i), *cw = sel(m, in->commit_wid_i);
  const uint32_t bd = bw ? bw->depth : 0, cd = cw ? cw->depth : 0;
  out->begin_ok_o = bd != 0 || !m->cfg.limit || m->count < m->cfg.limit;
  out->begin_err_o = bd == m->depth_max;
  out->commit_outer_o = cd == 1;
  out->commit_outside_o = cd == 0;
  out->in_tx_o = out->committing_o = out->wd_o = 0;
  for (unsigned k = 0; k < nw; k++) {
    out->in_tx_o |= (uint64_t)(m->w[k].depth != 0) << k;
    out->committing_o |= (uint64_t)m->w[k].commit << k;
    out->wd_o |= (uint64_t)m->w[k].wd << k;
  }
  out->count_o = m->count;

  if (!in->rst_ni) {
    for (unsigned k = 0; k < nw; k++)
      m->w[k] = (warp_t){ 0, 0, 0, 0 };
    m->count = 0;
    return;
  }
  const int begin_go = in->begin_valid_i && out->begin_ok_o && !out->begin_err_o && bw;
  warp_t *ow = in->outcome_valid_i ? sel(m, in->outcome_wid_i) : NULL;
  warp_t *ww = in->wd_done_i ? sel(m, in->wd_wid_i) : NULL;
  warp_t *sw = in->step_valid_i ? sel(m, in->step_wid_i) : NULL;
  const int enter = begin_go && bd == 0;
  /* the run's limit, at most WATCHDOG (which sizes the counter) */
  const uint32_t lim = in->watchdog_i > m->cfg.watchdog ? m->cfg.watchdog
                                                        : (uint32_t)in->watchdog_i;
  const int leave = ow && ow->commit && !in->outcome_retry_i;
  for (unsigned k = 0; k < nw; k++) {   /* each warp: the first event that applies */
    warp_t *w = &m->w[k];
    const int outc = w == ow && w->commit, wdd = w == ww && w->wd;
    const int restart = (outc && in->outcome_retry_i) || (wdd && in->wd_abort_i);
    if (outc || restart) {
      *w = (warp_t){ restart ? 1u : 0u, 0, 0, 0 };
    } else if (wdd) {
      w->steps = 0;
      w->wd = 0;
    } else if (in->commit_valid_i && w == cw) {
      if (w->depth == 1)
        w->commit = 1;
      else if (w->depth)
        w->depth--;
    } else if (begin_go && w == bw) {
      if (!w->depth)
        w->steps = 0;
      w->depth++;
    } else if (w == sw && w->depth && !w->commit && !w->wd && m->cfg.watchdog && lim) {
      if (w->steps >= lim - 1)
        w->wd = 1;
      else
        w->steps++;
    }
  }
  if (enter && !leave)
    m->count++;
  else if (leave && !enter)
    m->count--;
}
