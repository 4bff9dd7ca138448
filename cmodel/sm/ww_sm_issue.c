/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sm_issue -- C model of rtl/sm/ww_sm_issue.v. State as in the RTL: the
 * in-flight bit per warp, the multiplies in flight (two bits, wrapping as
 * the RTL's counter), a division in flight, the late-wait counter, and the
 * scheduler (ww_warp_sched's model, its last-issued warp).
 */
#include "ww_sm_issue.h"
#include "ww_warp_sched.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_sm_issue {
  ww_sm_issue_cfg_t cfg;
  uint32_t wid_mask, late_mask;
  ww_warp_sched_t *sched;
  uint32_t inflight;
  unsigned md_muls, late_wait;
  int md_div;
};

ww_sm_issue_cfg_t ww_sm_issue_default_cfg(void)
{
  ww_sm_issue_cfg_t c = { WW_WARPS_PER_SM, WW_LATE_WAIT };
  return c;
}

ww_sm_issue_t *ww_sm_issue_new(const ww_sm_issue_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > 32 || !c->late_wait) {
    fprintf(stderr, "ww_sm_issue: illegal configuration WARPS=%u LATE_WAIT=%u\n", c->warps,
            c->late_wait);
    return NULL;
  }
  ww_sm_issue_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  ww_warp_sched_cfg_t sc = { c->warps };
  m->sched = ww_warp_sched_new(&sc);
  if (!m->sched) {
    free(m);
    return NULL;
  }
  m->wid_mask = (1u << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  m->late_mask = (1u << ww_clog2(c->late_wait + 1)) - 1;   /* LATE_W bits */
  return m;
}

void ww_sm_issue_free(ww_sm_issue_t *m)
{
  if (m)
    ww_warp_sched_free(m->sched);
  free(m);
}

void ww_sm_issue_step(ww_sm_issue_t *m, const ww_sm_issue_in_t *in, ww_sm_issue_out_t *out)
{
  const unsigned warps = m->cfg.warps;
#define BIT(p, w) ((unsigned)((in->p >> (w)) & 1u))

  /* late completions: lost the write port this cycle; due after LATE_WAIT */
  const int late_lost = (in->lsu_done_valid_i && !in->lsu_take_i) ||
                        (in->md_out_valid_i && !in->md_take_i);
  const int late_due = late_lost && m->late_wait == (m->cfg.late_wait & m->late_mask);
  const int issue_block = in->halted_i || in->exec_hold_i || late_due;

  /* which warps may issue; a warp completing now (not a ww.bar) counts as
   * ready and not in flight */
  const uint32_t c_wid = (uint32_t)in->c_wid_i & m->wid_mask;
  ww_warp_sched_in_t si = { 0 };
  for (unsigned w = 0; w < warps; w++) {
    const int c_here = in->c_valid_i && c_wid == w && !in->c_bar_i;
    const int sb_ready = BIT(sb_ready_i, w) || c_here;
    const int sb_mem = BIT(sb_mem_i, w) && !c_here;
    const int md_full = BIT(bv_div_i, w) ? m->md_div : m->md_muls == 2;
    const int unit_ready = !issue_block && (!(m->inflight >> w & 1u) || c_here) &&
                           !(BIT(bv_mem_i, w) && (in->lsu_offer_i || !in->lsu_ready_i)) &&
                           !(BIT(bv_md_i, w) && md_full);
    si.sb_ready_i |= (uint64_t)sb_ready << w;
    si.sb_mem_i |= (uint64_t)sb_mem << w;
    si.unit_ready_i |= (uint64_t)unit_ready << w;
  }
  si.rst_ni = in->rst_ni;
  si.active_i = in->active_i;
  si.ibuf_valid_i = in->bv_valid_i;
  si.bar_wait_i = in->bar_wait_i;
  si.is_mem_i = in->bv_mem_i;
  si.mode_i = in->mode_i;
  si.serial_wid_i = in->serial_wid_i;
  ww_warp_sched_out_t so;
  ww_warp_sched_step(m->sched, &si, &so);   /* its outputs, then its clock edge */

  out->issue_valid_o = so.issue_valid_o;
  out->issue_wid_o = so.issue_wid_o;
  for (unsigned i = 0; i < sizeof out->stall_o / sizeof out->stall_o[0]; i++)
    out->stall_o[i] = so.stall_o[i];
  out->inflight_o = m->inflight;

  /* clock edge */
  if (!in->rst_ni) {
    m->inflight = 0;
    m->md_muls = 0;
    m->md_div = 0;
    m->late_wait = 0;
    return;
  }
  const unsigned iw = (unsigned)so.issue_wid_o;
  const int iss = so.issue_valid_o != 0;
  const int iss_md = iss && BIT(bv_md_i, iw);
  const int iss_div = BIT(bv_div_i, iw);
  if (iss)
    m->inflight |= 1u << iw;
  if (in->c_valid_i && !(iss && iw == c_wid) && c_wid < warps)
    m->inflight &= ~(1u << c_wid);
  m->md_muls = (m->md_muls + (unsigned)(iss_md && !iss_div) -
                (unsigned)(in->md_done_i && !in->md_done_div_i)) & 3u;
  if (iss_md && iss_div)
    m->md_div = 1;
  else if (in->md_done_i && in->md_done_div_i)
    m->md_div = 0;
  if (!late_lost)
    m->late_wait = 0;
  else if (!late_due)
    m->late_wait = (m->late_wait + 1) & m->late_mask;
#undef BIT
}
