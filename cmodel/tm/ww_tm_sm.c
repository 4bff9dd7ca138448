/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_sm -- C model of rtl/tm/ww_tm_sm.v (docs/tm.md sec. 4.2, 4.3). The
 * commit sequence's registers (state, warp, lanes, failed lanes) and the
 * "log unit works on an LSU access" flag are held here as in the RTL; the
 * log unit and the commit walk are their own models, stepped once a cycle
 * each with the inputs the RTL wires to them.
 *
 * Order within a cycle (the combinational paths through this block):
 *  1. ww_tm_txlog: its command is the sequence's CLEAR (BEGIN of the warp)
 *     in state CLEAR, else the LSU's access; its L1 answers are those of
 *     source 0. Its outputs come from its state (and log_base_i), so its
 *     step gives this cycle's outputs before anything reads them; it sees
 *     l1_req_ready_i unmasked (the RTL's "ready && grant" only differs
 *     while it does not request, when the ready is not used);
 *  2. ww_tm_commit_walk: the command {warp, lanes} in state WALK with the
 *     warp's log lengths from step 1's rlen_o / wlen_o; its L1 ready only
 *     while the log unit does not request (the arbiter: the log unit
 *     first); its answers those of source 1;
 *  3. the L1 port (the log unit's request, else the walk's load or the
 *     sequence's INVAL), the outputs, and this block's clock edge from
 *     both sub-blocks' outputs of this cycle.
 */
#include "ww_tm_sm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_tm_commit_walk.h"
#include "ww_tm_txlog.h"

enum { C_IDLE, C_WALK, C_WAIT, C_CLEAR, C_CLRW, C_INVAL, C_DONE };

struct ww_tm_sm {
  ww_tm_sm_cfg_t cfg;
  unsigned ent_w;
  uint32_t lane_all;
  ww_tm_txlog_t *tl;
  ww_tm_commit_walk_t *cw;
  /* state */
  unsigned cst, cwid;
  uint32_t cmask, cfail;
  int acc_busy;
  int cwd;              /* the sequence is a watchdog validation */
};

ww_tm_sm_cfg_t ww_tm_sm_default_cfg(void)
{
  ww_tm_sm_cfg_t c = { WW_WARPS_PER_SM, WW_LANES, WW_LINE_BYTES, WW_TX_LOG_WORDS,
                       WW_TX_BLOOM_W, WW_H3_SEED, WW_NUM_PART, WW_CID_W, WW_TX_LOG_ACKS };
  return c;
}

ww_tm_sm_t *ww_tm_sm_new(const ww_tm_sm_cfg_t *c)
{
  if (c->lanes > 32) {
    fprintf(stderr, "ww_tm_sm: illegal configuration LANES=%u (at most 32)\n", c->lanes);
    return NULL;
  }
  const ww_tm_txlog_cfg_t tc = { c->warps, c->lanes, c->line_bytes, c->log_words, c->bloom_w,
                                 c->seed, c->acks };
  const ww_tm_commit_walk_cfg_t wc = { c->warps, c->lanes, c->line_bytes, c->log_words,
                                       c->num_part, c->cid_w };
  ww_tm_sm_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->ent_w = ww_clog2(c->log_words + 1);
  m->lane_all = c->lanes == 32 ? ~0u : (1u << c->lanes) - 1;
  m->tl = ww_tm_txlog_new(&tc);
  m->cw = ww_tm_commit_walk_new(&wc);
  if (!m->tl || !m->cw) {
    ww_tm_sm_free(m);
    return NULL;
  }
  return m;
}

void ww_tm_sm_free(ww_tm_sm_t *m)
{
  if (!m)
    return;
  ww_tm_txlog_free(m->tl);
  ww_tm_commit_walk_free(m->cw);
  free(m);
}

void ww_tm_sm_step(ww_tm_sm_t *m, const ww_tm_sm_in_t *in, ww_tm_sm_out_t *out)
{
  memset(out, 0, sizeof *out);
  const unsigned lanes = m->cfg.lanes;

  /* 1. the log unit */
  const int clear = m->cst == C_CLEAR;
  ww_tm_txlog_in_t ti;
  ww_tm_txlog_out_t to;
  memset(&ti, 0, sizeof ti);
  ti.rst_ni = in->rst_ni;
  ti.log_base_i = in->log_base_i;
  ti.cmd_valid_i = clear || in->acc_valid_i;
  ti.cmd_op_i = clear ? WW_TXL_BEGIN : in->acc_op_i;
  ti.cmd_wid_i = clear ? m->cwid : in->acc_wid_i;
  ti.cmd_mask_i = in->acc_mask_i;
  ti.cmd_bytes_i = in->acc_bytes_i;
  for (unsigned l = 0; l < lanes; l++) {
    ti.cmd_addr_i[l] = in->acc_addr_i[l];
    ti.cmd_data_i[l] = in->acc_data_i[l];
  }
  ti.req_ready_i = in->l1_req_ready_i;
  ti.rsp_valid_i = in->l1_rsp_valid_i && !in->l1_rsp_src_i;
  memcpy(ti.rsp_data_i, in->l1_rsp_data_i, sizeof ti.rsp_data_i);
  ti.wack_valid_i = in->l1_wack_i;
  ww_tm_txlog_step(m->tl, &ti, &to);
  const int tl_grant = (int)to.req_valid_o;

  /* 2. the commit walk */
  ww_tm_commit_walk_in_t wi;
  ww_tm_commit_walk_out_t wo;
  memset(&wi, 0, sizeof wi);
  wi.rst_ni = in->rst_ni;
  wi.log_base_i = in->log_base_i;
  wi.cmd_valid_i = m->cst == C_WALK && to.quiet_o;   /* the logs are in memory */
  wi.cmd_wid_i = m->cwid;
  wi.cmd_mask_i = m->cmask;
  if (m->cwid < m->cfg.warps) {
    wi.cmd_rlen_i = ww_bits_get(to.rlen_o, m->cwid * m->ent_w, m->ent_w);
    wi.cmd_wlen_i = m->cwd ? 0 : ww_bits_get(to.wlen_o, m->cwid * m->ent_w, m->ent_w);
  }
  wi.cid_grant_i = in->cid_grant_i;
  wi.cid_base_i = in->cid_base_i;
  wi.req_ready_i = in->l1_req_ready_i && !tl_grant;
  wi.rsp_valid_i = in->l1_rsp_valid_i && in->l1_rsp_src_i;
  memcpy(wi.rsp_data_i, in->l1_rsp_data_i, sizeof wi.rsp_data_i);
  wi.pkt_ready_i = in->pkt_ready_i;
  wi.msg_valid_i = in->msg_valid_i;
  wi.msg_part_i = in->msg_part_i;
  wi.msg_kind_i = in->msg_kind_i;
  wi.msg_cid_i = in->msg_cid_i;
  ww_tm_commit_walk_step(m->cw, &wi, &wo);

  /* 3. the outputs */
  out->acc_ready_o = to.cmd_ready_o && !clear;
  out->acc_done_o = to.done_valid_o && m->acc_busy;
  memcpy(out->acc_word_o, to.done_word_o, sizeof out->acc_word_o);
  memcpy(out->rlen_o, to.rlen_o, sizeof out->rlen_o);
  memcpy(out->wlen_o, to.wlen_o, sizeof out->wlen_o);
  out->cmt_ready_o = m->cst == C_IDLE;
  out->cmt_done_valid_o = m->cst == C_DONE;
  out->cmt_done_wid_o = m->cwid;
  out->cmt_done_fail_o = m->cfail;
  out->cmt_done_wd_o = (uint64_t)m->cwd;
  out->cid_req_o = wo.cid_req_o;
  out->cid_n_o = wo.cid_n_o;
  out->fin_valid_o = wo.fin_valid_o;
  out->fin_wid_o = m->cwid;
  out->fin_lane_o = wo.fin_lane_o;
  out->fin_cid_o = wo.fin_cid_o;
  out->fin_pass_o = wo.fin_pass_o;
  out->fin_wd_o = (uint64_t)m->cwd;
  const int inval = m->cst == C_INVAL;
  out->l1_req_valid_o = tl_grant || wo.req_valid_o || inval;
  out->l1_req_src_o = !tl_grant;
  out->l1_req_op_o = tl_grant ? to.req_op_o : inval ? WW_L1_INVAL : WW_L1_LOAD_STRONG;
  out->l1_req_line_o = tl_grant ? to.req_line_o : wo.req_line_o;
  if (tl_grant)
    memcpy(out->l1_req_wdata_o, to.req_wdata_o, sizeof out->l1_req_wdata_o);
  out->pkt_valid_o = wo.pkt_valid_o;
  out->pkt_part_o = wo.pkt_part_o;
  out->pkt_kind_o = wo.pkt_kind_o;
  out->pkt_cid_o = wo.pkt_cid_o;
  out->pkt_addr_o = wo.pkt_addr_o;
  out->pkt_data_o = wo.pkt_data_o;

  /* the clock edge */
  if (!in->rst_ni) {
    m->cst = C_IDLE;
    m->cwid = 0;
    m->cmask = m->cfail = 0;
    m->cwd = 0;
    m->acc_busy = 0;
    return;
  }
  if (in->acc_valid_i && out->acc_ready_o)
    m->acc_busy = 1;
  else if (to.done_valid_o)
    m->acc_busy = 0;
  switch (m->cst) {
  case C_IDLE:
    if (in->cmt_valid_i) {
      m->cwid = (unsigned)in->cmt_wid_i;
      m->cmask = (uint32_t)in->cmt_mask_i & m->lane_all;
      m->cwd = in->cmt_wd_i != 0;
      m->cst = C_WALK;
    }
    break;
  case C_WALK:
    if (wi.cmd_valid_i && wo.cmd_ready_o)
      m->cst = C_WAIT;
    break;
  case C_WAIT:
    if (wo.done_valid_o) {
      m->cfail = (uint32_t)wo.done_fail_o;
      /* a validation that passed keeps the logs (docs/tm.md sec. 4.3, 7) */
      m->cst = m->cwd && !m->cfail ? C_DONE : C_CLEAR;
    }
    break;
  case C_CLEAR:
    if (to.cmd_ready_o)
      m->cst = C_CLRW;
    break;
  case C_CLRW:
    if (to.done_valid_o)
      m->cst = m->cwd ? C_DONE : C_INVAL;   /* an aborted validation wrote nothing */
    break;
  case C_INVAL:
    if (!tl_grant && in->l1_req_ready_i)
      m->cst = C_DONE;
    break;
  case C_DONE:
    if (in->cmt_done_ready_i)
      m->cst = C_IDLE;
    break;
  default:
    m->cst = C_IDLE;
    break;
  }
}
