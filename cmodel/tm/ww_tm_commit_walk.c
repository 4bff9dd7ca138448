/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_commit_walk -- C model of rtl/tm/ww_tm_commit_walk.v (docs/tm.md
 * sec. 4.3). One warp's commit at a time; every output comes from state.
 *   IDLE   takes {warp, committing lanes, read- and write-log lengths}.
 *   CID    asks the commit-ID vendor for one ID per lane; lane k of the mask
 *          (in lane order) gets base + k.
 *   pass   a walk of one log (read log: RLOG packets, write log: WLOG) for
 *          a set of lanes and a set of partitions: per entry and vector
 *          line with such lanes, the address line (LREQ/LRSP), and when a
 *          lane there has an entry for one of the partitions, the value
 *          line (VREQ/VRSP); then one packet per such lane (EMIT), to the
 *          partition of its address (line % NUM_PART). After the pass, END
 *          of each of its lanes' CIDs to each of its partitions (END).
 *          The main passes: the read log, then the write log, for every
 *          lane and partition.
 *   WAIT   in this order: a lane whose every partition gave its local
 *          outcome gets FINAL {pass = no FAIL} to every partition (FINAL);
 *          a RESEND_R / RESEND_W of a lane from a partition walks that
 *          lane's read / write log for that partition again; when every
 *          partition retired every CID, DONE.
 *   DONE   done_valid_o with the lanes that failed (they retry).
 * Messages (kind, CID, partition) are taken every cycle in every state.
 */
#include "ww_tm_commit_walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_IDLE, S_CID, S_LREQ, S_LRSP, S_VREQ, S_VRSP, S_EMIT, S_END, S_WAIT, S_FINAL, S_DONE };

#define MAXL 32

struct ww_tm_commit_walk {
  ww_tm_commit_walk_cfg_t cfg;
  unsigned off_w, lpl, vl;
  uint32_t lane_all, part_all, cid_mask;
  /* state */
  unsigned st, wid, rlen, wlen, ent, v, pw, pmain, fl;
  uint32_t mask, base, plane, ppart, emit, el, epm, fpm, failed, fsent;
  uint32_t aline[MAXL], vline[MAXL];
  uint32_t ans[MAXL], rr[MAXL], rw[MAXL], ret[MAXL];   /* per lane: partition masks */
};

ww_tm_commit_walk_cfg_t ww_tm_commit_walk_default_cfg(void)
{
  ww_tm_commit_walk_cfg_t c = { WW_WARPS_PER_SM, WW_LANES, WW_LINE_BYTES, WW_TX_LOG_WORDS,
                                WW_NUM_PART, WW_CID_W };
  return c;
}

ww_tm_commit_walk_t *ww_tm_commit_walk_new(const ww_tm_commit_walk_cfg_t *c)
{
  const int pow2 = c->line_bytes && !(c->line_bytes & (c->line_bytes - 1));
  if (!c->warps || c->warps > WW_WARPS_PER_SM || !c->lanes || c->lanes > WW_LANES ||
      c->lanes > MAXL || !pow2 || c->line_bytes < 4 || c->line_bytes > WW_LINE_BYTES ||
      (4 * c->lanes) % c->line_bytes || !c->log_words || !c->num_part ||
      c->num_part > WW_NUM_PART || c->num_part > 32 || c->cid_w < 2 || c->cid_w > 30) {
    fprintf(stderr,
            "ww_tm_commit_walk: illegal configuration WARPS=%u LANES=%u LINE_BYTES=%u "
            "LOG_WORDS=%u NUM_PART=%u CID_W=%u\n", c->warps, c->lanes, c->line_bytes,
            c->log_words, c->num_part, c->cid_w);
    return NULL;
  }
  ww_tm_commit_walk_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->off_w = ww_clog2(c->line_bytes);
  m->lpl = c->line_bytes / 4;
  m->vl = 4 * c->lanes / c->line_bytes;
  m->lane_all = c->lanes == 32 ? ~0u : (1u << c->lanes) - 1;
  m->part_all = c->num_part == 32 ? ~0u : (1u << c->num_part) - 1;
  m->cid_mask = (1u << c->cid_w) - 1;
  return m;
}

void ww_tm_commit_walk_free(ww_tm_commit_walk_t *m)
{
  free(m);
}

static unsigned part_of(const ww_tm_commit_walk_t *m, uint32_t byte_addr)
{
  return (byte_addr >> m->off_w) % m->cfg.num_part;
}

static uint32_t cid_of(const ww_tm_commit_walk_t *m, unsigned l)
{
  const uint32_t below = l ? m->mask & ((1u << l) - 1) : 0;
  return (m->base + (uint32_t)__builtin_popcount(below)) & m->cid_mask;
}

static uint32_t entry_addr(const ww_tm_commit_walk_t *m, uint32_t log_base)
{
  return ww_tm_txlog_entry(log_base, m->cfg.lanes, m->cfg.log_words, m->wid, m->pw, m->ent);
}

static void outputs(const ww_tm_commit_walk_t *m, const ww_tm_commit_walk_in_t *in,
                    ww_tm_commit_walk_out_t *o)
{
  memset(o, 0, sizeof *o);
  o->cmd_ready_o = m->st == S_IDLE;
  o->cid_req_o = m->st == S_CID;
  o->cid_n_o = (uint64_t)__builtin_popcount(m->mask);
  o->done_valid_o = m->st == S_DONE;
  o->done_fail_o = m->failed;
  const uint32_t e = entry_addr(m, (uint32_t)in->log_base_i);
  switch (m->st) {
  case S_LREQ:
    o->req_valid_o = (ww_tm_vline_lanes(m->lane_all, m->lpl, m->v) & m->plane) != 0;
    o->req_line_o = (e >> m->off_w) + m->v;
    break;
  case S_VREQ:
    o->req_valid_o = 1;
    o->req_line_o = ((e + 4u * m->cfg.lanes) >> m->off_w) + m->v;
    break;
  case S_EMIT: {
    const unsigned l = ww_tm_lowest_lane(m->emit), k = l % m->lpl;
    o->pkt_valid_o = 1;
    o->pkt_part_o = part_of(m, m->aline[k]);
    o->pkt_kind_o = m->pw ? WW_TM_PKT_WLOG : WW_TM_PKT_RLOG;
    o->pkt_cid_o = cid_of(m, l);
    o->pkt_addr_o = m->aline[k] >> 2;
    o->pkt_data_o = m->vline[k];
    break;
  }
  case S_END:
    o->pkt_valid_o = 1;
    o->pkt_part_o = ww_tm_lowest_lane(m->epm);
    o->pkt_kind_o = WW_TM_PKT_END;
    o->pkt_cid_o = cid_of(m, ww_tm_lowest_lane(m->el));
    break;
  case S_FINAL:
    o->pkt_valid_o = 1;
    o->pkt_part_o = ww_tm_lowest_lane(m->fpm);
    o->pkt_kind_o = WW_TM_PKT_FINAL;
    o->pkt_cid_o = cid_of(m, m->fl);
    o->pkt_data_o = !(m->failed >> m->fl & 1u);
    o->fin_valid_o = in->pkt_ready_i && m->fpm == m->part_all;
    o->fin_lane_o = m->fl;
    o->fin_cid_o = o->pkt_cid_o;
    o->fin_pass_o = o->pkt_data_o & 1u;
    break;
  default:
    break;
  }
}

static void pass_done(ww_tm_commit_walk_t *m);

static void start_pass(ww_tm_commit_walk_t *m)
{
  m->ent = m->v = 0;
  if ((m->pw ? m->wlen : m->rlen) == 0)
    pass_done(m);
  else
    m->st = S_LREQ;
}

static void pass_done(ww_tm_commit_walk_t *m)
{
  if (m->pmain && !m->pw) {   /* the main read pass: the write log next */
    m->pw = 1;
    start_pass(m);
  } else {
    m->el = m->plane;
    m->epm = m->ppart;
    m->st = S_END;
  }
}

static void line_done(ww_tm_commit_walk_t *m)
{
  if (m->v + 1 < m->vl) {
    m->v++;
    m->st = S_LREQ;
  } else if (m->ent + 1 < (m->pw ? m->wlen : m->rlen)) {
    m->ent++;
    m->v = 0;
    m->st = S_LREQ;
  } else {
    pass_done(m);
  }
}

static void reset(ww_tm_commit_walk_t *m)
{
  const ww_tm_commit_walk_cfg_t c = m->cfg;
  const unsigned off_w = m->off_w, lpl = m->lpl, vl = m->vl;
  const uint32_t la = m->lane_all, pa = m->part_all, cm = m->cid_mask;
  memset(m, 0, sizeof *m);
  m->cfg = c, m->off_w = off_w, m->lpl = lpl, m->vl = vl;
  m->lane_all = la, m->part_all = pa, m->cid_mask = cm;
}

void ww_tm_commit_walk_step(ww_tm_commit_walk_t *m, const ww_tm_commit_walk_in_t *in,
                            ww_tm_commit_walk_out_t *out)
{
  outputs(m, in, out);
  if (!in->rst_ni) {
    reset(m);
    return;
  }
  const unsigned lanes = m->cfg.lanes;
  /* this cycle's message: the lanes of the commit in work whose CID it names
   * (decoded from the state before the edge) */
  uint32_t mlanes = 0;
  if (in->msg_valid_i && m->st != S_IDLE && m->st != S_CID)
    for (unsigned l = 0; l < lanes; l++)
      if ((m->mask >> l & 1u) && cid_of(m, l) == ((uint32_t)in->msg_cid_i & m->cid_mask))
        mlanes |= 1u << l;
  const int rfire = out->req_valid_o && in->req_ready_i;
  const int pfire = out->pkt_valid_o && in->pkt_ready_i;
  unsigned clr_lane = MAXL;   /* WAIT starts a resend pass of (lane, partition) */
  uint32_t clr_part = 0;
  int clr_w = 0;
  switch (m->st) {
  case S_IDLE:
    if (!in->cmd_valid_i)
      break;
    m->wid = (unsigned)in->cmd_wid_i;
    m->mask = (uint32_t)in->cmd_mask_i & m->lane_all;
    m->rlen = (unsigned)in->cmd_rlen_i;
    m->wlen = (unsigned)in->cmd_wlen_i;
    m->failed = m->fsent = 0;
    for (unsigned l = 0; l < MAXL; l++)
      m->ans[l] = m->rr[l] = m->rw[l] = m->ret[l] = 0;
    m->st = m->mask ? S_CID : S_DONE;
    break;
  case S_CID:
    if (in->cid_grant_i) {
      m->base = (uint32_t)in->cid_base_i & m->cid_mask;
      m->pw = 0;
      m->pmain = 1;
      m->plane = m->mask;
      m->ppart = m->part_all;
      start_pass(m);
    }
    break;
  case S_LREQ:
    if (!out->req_valid_o)
      line_done(m);
    else if (rfire)
      m->st = S_LRSP;
    break;
  case S_LRSP:
    if (in->rsp_valid_i) {
      m->emit = 0;
      for (unsigned k = 0; k < m->lpl; k++)
        m->aline[k] = in->rsp_data_i[k];
      for (uint32_t q = ww_tm_vline_lanes(m->lane_all, m->lpl, m->v) & m->plane; q; q &= q - 1) {
        const unsigned l = ww_tm_lowest_lane(q);
        const uint32_t a = m->aline[l % m->lpl];
        if (a != WW_TX_LOG_VOID && (m->ppart >> part_of(m, a) & 1u))
          m->emit |= 1u << l;
      }
      if (m->emit)
        m->st = S_VREQ;
      else
        line_done(m);
    }
    break;
  case S_VREQ:
    if (rfire)
      m->st = S_VRSP;
    break;
  case S_VRSP:
    if (in->rsp_valid_i) {
      for (unsigned k = 0; k < m->lpl; k++)
        m->vline[k] = in->rsp_data_i[k];
      m->st = S_EMIT;
    }
    break;
  case S_EMIT:
    if (pfire) {
      m->emit &= m->emit - 1;
      if (!m->emit)
        line_done(m);
    }
    break;
  case S_END:
    if (pfire) {
      m->epm &= m->epm - 1;
      if (!m->epm) {
        m->el &= m->el - 1;
        m->epm = m->ppart;
        if (!m->el) {
          m->pmain = 0;
          m->st = S_WAIT;
        }
      }
    }
    break;
  case S_WAIT: {
    uint32_t fin = 0, rs = 0, ws = 0, live = 0;
    for (unsigned l = 0; l < lanes; l++) {
      if (!(m->mask >> l & 1u))
        continue;
      if (m->ans[l] == m->part_all && !(m->fsent >> l & 1u))
        fin |= 1u << l;
      if (m->rr[l])
        rs |= 1u << l;
      if (m->rw[l])
        ws |= 1u << l;
      if (m->ret[l] != m->part_all)
        live |= 1u << l;
    }
    if (fin) {
      m->fl = ww_tm_lowest_lane(fin);
      m->fpm = m->part_all;
      m->st = S_FINAL;
    } else if (rs || ws) {
      const unsigned l = ww_tm_lowest_lane(rs ? rs : ws);
      clr_lane = l;
      clr_w = !rs;
      clr_part = 1u << ww_tm_lowest_lane(rs ? m->rr[l] : m->rw[l]);
      m->pw = (unsigned)clr_w;
      m->pmain = 0;
      m->plane = 1u << l;
      m->ppart = clr_part;
      start_pass(m);
    } else if (!live) {
      m->st = S_DONE;
    }
    break;
  }
  case S_FINAL:
    if (pfire) {
      m->fpm &= m->fpm - 1;
      if (!m->fpm) {
        m->fsent |= 1u << m->fl;
        m->st = S_WAIT;
      }
    }
    break;
  case S_DONE:
    m->st = S_IDLE;
    break;
  default:
    break;
  }
  if (clr_lane < MAXL) {
    if (clr_w)
      m->rw[clr_lane] &= ~clr_part;
    else
      m->rr[clr_lane] &= ~clr_part;
  }
  /* the message */
  const uint32_t p = 1u << (unsigned)in->msg_part_i;
  for (uint32_t q = mlanes; q; q &= q - 1) {
    const unsigned l = ww_tm_lowest_lane(q);
    {
      switch ((unsigned)in->msg_kind_i) {
      case WW_TM_MSG_PASS: m->ans[l] |= p; break;
      case WW_TM_MSG_FAIL: m->ans[l] |= p; m->failed |= 1u << l; break;
      case WW_TM_MSG_RESEND_R: m->rr[l] |= p; break;
      case WW_TM_MSG_RESEND_W: m->rw[l] |= p; break;
      case WW_TM_MSG_RETIRED: m->ret[l] |= p; break;
      default: break;
      }
    }
  }
}
