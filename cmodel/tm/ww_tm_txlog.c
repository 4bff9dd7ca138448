/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_txlog -- C model of rtl/tm/ww_tm_txlog.v (docs/tm.md sec. 4.2). One
 * command at a time; loads one at a time, log stores posted (up to ACKS in
 * flight, quiet_o when none is); the states below are the RTL's, and every
 * output comes from state.
 *   IDLE   takes a command. BEGIN empties the warp's logs and filter; a
 *          command whose log is full answers at once with done_full_o
 *          (bit 0 the read log, bit 1 the write log) and does nothing.
 *   QUERY  a load (or a sub-word store, which reads its word first): every
 *          lane at once looks its word address up in the warp's write-set
 *          filter (one cycle).
 *   WALK   the lanes that hit, newest write-log entry first: per vector line
 *          with such lanes, load the entry's address line (W_AREQ/W_ARSP);
 *          lanes whose address matches take their word from the value line
 *          (W_VREQ/W_VRSP). Ends when every such lane is found or the log
 *          is walked (a filter false positive). A walk starts only when
 *          quiet: the write log it reads is in memory.
 *   RD     the lanes not found read L2 (L1 LOAD_STRONG), one request per
 *          line, for the lowest pending lane's line and every pending lane
 *          in it (RD_REQ/RD_RSP).
 *   RA     the read-log entry: per vector line, its address line then its
 *          value line (STORE, whole line, posted: one a cycle while fewer
 *          than ACKS are in flight; the command does not wait for the
 *          acknowledgements).
 *          Lanes that did not read L2 get WW_TX_LOG_VOID and word 0.
 *   WA     a store: its words (merged into the word read for a sub-word
 *          store) as the write-log entry, posted like RA's; with the last
 *          store every lane goes into the filter.
 *   DONE   done_valid_o with the lanes' words (a load's, as the
 *          transaction sees them).
 */
#include "ww_tm_txlog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_h3.h"

enum {
  S_IDLE, S_QUERY, S_W_AREQ, S_W_ARSP, S_W_VREQ, S_W_VRSP, S_RD_REQ, S_RD_RSP,
  S_RA_REQ, S_WA_REQ, S_DONE
};

#define MAX_BLOOM_W 10

struct ww_tm_txlog {
  ww_tm_txlog_cfg_t cfg;
  ww_h3_t h3;
  unsigned off_w, lpl, vl;        /* log2 LINE_BYTES; lanes per line; lines per vector */
  unsigned ent_w;                 /* bits of a log length: clog2(LOG_WORDS + 1) */
  uint32_t lane_all;
  /* state */
  unsigned st, wid, op, bytes, full;
  uint32_t mask, hpend, found, rdpend, froml2, fline, sline;
  unsigned ent, v, sidx;
  unsigned acks;                  /* log stores in flight */
  uint32_t waddr[WW_LANES], off[WW_LANES], data[WW_LANES], val[WW_LANES];
  unsigned rlen[WW_WARPS_PER_SM], wlen[WW_WARPS_PER_SM];
  uint8_t bloom[WW_WARPS_PER_SM][1u << MAX_BLOOM_W];
};

ww_tm_txlog_cfg_t ww_tm_txlog_default_cfg(void)
{
  ww_tm_txlog_cfg_t c = { WW_WARPS_PER_SM, WW_LANES, WW_LINE_BYTES, WW_TX_LOG_WORDS,
                          WW_TX_BLOOM_W, WW_H3_SEED, WW_TX_LOG_ACKS };
  return c;
}

ww_tm_txlog_t *ww_tm_txlog_new(const ww_tm_txlog_cfg_t *c)
{
  const int pow2 = c->line_bytes && !(c->line_bytes & (c->line_bytes - 1));
  if (!c->warps || c->warps > WW_WARPS_PER_SM || !c->lanes || c->lanes > WW_LANES ||
      c->lanes > 32 || !pow2 || c->line_bytes < 4 || c->line_bytes > WW_LINE_BYTES ||
      (4 * c->lanes) % c->line_bytes || !c->log_words || !c->bloom_w ||
      c->bloom_w > MAX_BLOOM_W || !c->acks || c->acks > 255) {
    fprintf(stderr,
            "ww_tm_txlog: illegal configuration WARPS=%u LANES=%u LINE_BYTES=%u LOG_WORDS=%u "
            "BLOOM_W=%u ACKS=%u (LANES * 4 must be a multiple of LINE_BYTES; BLOOM_W 1..%d; "
            "ACKS 1..255)\n",
            c->warps, c->lanes, c->line_bytes, c->log_words, c->bloom_w, c->acks, MAX_BLOOM_W);
    return NULL;
  }
  ww_tm_txlog_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  if (ww_h3_init(&m->h3, c->seed, 30, c->bloom_w)) {
    free(m);
    return NULL;
  }
  m->off_w = ww_clog2(c->line_bytes);
  m->ent_w = ww_clog2(c->log_words + 1);
  m->lpl = c->line_bytes / 4;
  m->vl = 4 * c->lanes / c->line_bytes;
  m->lane_all = c->lanes == 32 ? ~0u : (1u << c->lanes) - 1;
  return m;
}

void ww_tm_txlog_free(ww_tm_txlog_t *m)
{
  free(m);
}

static uint32_t filter_idx(const ww_tm_txlog_t *m, uint32_t waddr)
{
  return ww_h3_hash(&m->h3, waddr >> 2) & ((1u << m->cfg.bloom_w) - 1);
}

/* first address of the vector line the RA/WA store sidx writes */
static uint32_t store_line(const ww_tm_txlog_t *m, const ww_tm_txlog_in_t *in, unsigned wlog)
{
  const unsigned w = m->wid, len = wlog ? m->wlen[w] : m->rlen[w];
  return ww_tm_txlog_entry((uint32_t)in->log_base_i, m->cfg.lanes, m->cfg.log_words, w, wlog,
                           len) +
         (m->sidx & 1u) * 4u * m->cfg.lanes + (m->sidx >> 1) * m->cfg.line_bytes;
}

/* the L2 line the lowest pending RD lane reads, and the pending lanes in it */
static uint32_t rd_lanes(const ww_tm_txlog_t *m, uint32_t *line)
{
  *line = m->waddr[ww_tm_lowest_lane(m->rdpend)] >> m->off_w;
  uint32_t s = 0;
  for (uint32_t p = m->rdpend; p; p &= p - 1)
    if (m->waddr[ww_tm_lowest_lane(p)] >> m->off_w == *line)
      s |= 1u << ww_tm_lowest_lane(p);
  return s;
}

static void outputs(const ww_tm_txlog_t *m, const ww_tm_txlog_in_t *in, ww_tm_txlog_out_t *o)
{
  memset(o, 0, sizeof *o);
  o->cmd_ready_o = m->st == S_IDLE;
  o->done_valid_o = m->st == S_DONE;
  o->done_full_o = m->full;
  o->quiet_o = m->acks == 0;
  for (unsigned w = 0; w < m->cfg.warps; w++) {
    ww_bits_put(o->rlen_o, w * m->ent_w, m->ent_w, m->rlen[w]);
    ww_bits_put(o->wlen_o, w * m->ent_w, m->ent_w, m->wlen[w]);
  }
  for (unsigned l = 0; l < m->cfg.lanes; l++)
    o->done_word_o[l] = m->val[l];
  const uint32_t ent_a = ww_tm_txlog_entry((uint32_t)in->log_base_i, m->cfg.lanes,
                                           m->cfg.log_words, m->wid, 1, m->ent);
  switch (m->st) {
  case S_W_AREQ:
    o->req_valid_o = (ww_tm_vline_lanes(m->lane_all, m->lpl, m->v) & m->hpend) != 0;
    o->req_op_o = WW_L1_LOAD_STRONG;
    o->req_line_o = (ent_a >> m->off_w) + m->v;
    break;
  case S_W_VREQ:
    o->req_valid_o = 1;
    o->req_op_o = WW_L1_LOAD_STRONG;
    o->req_line_o = ((ent_a + 4u * m->cfg.lanes) >> m->off_w) + m->v;
    break;
  case S_RD_REQ: {
    uint32_t line;
    (void)rd_lanes(m, &line);
    o->req_valid_o = 1;
    o->req_op_o = WW_L1_LOAD_STRONG;
    o->req_line_o = line;
    break;
  }
  case S_RA_REQ: case S_WA_REQ: {
    const unsigned wlog = m->st == S_WA_REQ;
    const uint32_t logged = wlog ? m->mask : m->froml2;
    o->req_valid_o = m->acks != m->cfg.acks;
    o->req_op_o = WW_L1_STORE;
    o->req_line_o = store_line(m, in, wlog) >> m->off_w;
    const unsigned v = m->sidx >> 1;
    for (unsigned k = 0; k < m->lpl; k++) {
      const unsigned l = v * m->lpl + k;
      const int has = logged >> l & 1u;
      o->req_wdata_o[k] = (m->sidx & 1u) ? (has ? m->val[l] : 0u)
                                         : (has ? m->waddr[l] : (uint32_t)WW_TX_LOG_VOID);
    }
    break;
  }
  default:
    break;
  }
}

/* after the walk's current line: the next line with lanes to find, the next
 * older entry, or the L2 reads */
static void walk_advance(ww_tm_txlog_t *m)
{
  if (m->v + 1 < m->vl) {
    m->v++;
    m->st = S_W_AREQ;
  } else if (m->ent == 0 || !m->hpend) {
    m->rdpend = m->mask & ~m->found;
    m->sidx = 0;
    m->st = m->rdpend ? S_RD_REQ : S_RA_REQ;
  } else {
    m->ent--;
    m->v = 0;
    m->st = S_W_AREQ;
  }
}

static void begin_wa(ww_tm_txlog_t *m)
{
  m->sidx = 0;
  m->st = S_WA_REQ;
}

void ww_tm_txlog_step(ww_tm_txlog_t *m, const ww_tm_txlog_in_t *in, ww_tm_txlog_out_t *out)
{
  outputs(m, in, out);
  const unsigned lanes = m->cfg.lanes;
  if (!in->rst_ni) {
    const ww_tm_txlog_cfg_t c = m->cfg;
    const ww_h3_t h = m->h3;
    const unsigned off_w = m->off_w, lpl = m->lpl, vl = m->vl, ent_w = m->ent_w;
    const uint32_t all = m->lane_all;
    memset(m, 0, sizeof *m);
    m->cfg = c, m->h3 = h, m->off_w = off_w, m->lpl = lpl, m->vl = vl, m->lane_all = all;
    m->ent_w = ent_w;
    return;
  }
  const int fire = out->req_valid_o && in->req_ready_i;
  const int store_fire = fire && (m->st == S_RA_REQ || m->st == S_WA_REQ);
  if (store_fire && !in->wack_valid_i)
    m->acks++;
  else if (!store_fire && in->wack_valid_i)
    m->acks--;
  switch (m->st) {
  case S_IDLE:
    if (!in->cmd_valid_i)
      break;
    m->wid = (unsigned)in->cmd_wid_i;
    m->op = (unsigned)in->cmd_op_i;
    m->mask = (uint32_t)in->cmd_mask_i & m->lane_all;
    m->bytes = (unsigned)in->cmd_bytes_i;
    m->found = m->froml2 = 0;
    for (unsigned l = 0; l < lanes; l++) {
      m->waddr[l] = in->cmd_addr_i[l] & ~3u;
      m->off[l] = in->cmd_addr_i[l] & 3u;
      m->data[l] = in->cmd_data_i[l];
      m->val[l] = 0;
    }
    m->full = 0;
    if (m->op == WW_TXL_BEGIN) {
      m->rlen[m->wid] = m->wlen[m->wid] = 0;
      memset(m->bloom[m->wid], 0, sizeof m->bloom[m->wid]);
      m->st = S_DONE;
      break;
    }
    {
      const int store = m->op == WW_TXL_STORE, reads = !store || m->bytes < 4;
      m->full = (reads && m->rlen[m->wid] >= m->cfg.log_words ? 1u : 0u) |
                (store && m->wlen[m->wid] >= m->cfg.log_words ? 2u : 0u);
      if (m->full || !m->mask) {
        m->st = S_DONE;
      } else if (reads) {
        m->st = S_QUERY;
      } else {
        for (unsigned l = 0; l < lanes; l++)
          m->val[l] = m->data[l];
        begin_wa(m);
      }
    }
    break;
  case S_QUERY: {
    uint32_t hit = 0;
    for (uint32_t p = m->mask; p; p &= p - 1) {
      const unsigned l = ww_tm_lowest_lane(p);
      if (m->bloom[m->wid][filter_idx(m, m->waddr[l])])
        hit |= 1u << l;
    }
    if (hit && m->wlen[m->wid]) {
      if (!out->quiet_o)   /* the write log's stores are not all in memory yet */
        break;
      m->hpend = hit;
      m->ent = m->wlen[m->wid] - 1;
      m->v = 0;
      m->st = S_W_AREQ;
    } else {
      m->rdpend = m->mask;
      m->st = S_RD_REQ;
    }
    break;
  }
  case S_W_AREQ:
    if (!out->req_valid_o)
      walk_advance(m);
    else if (fire)
      m->st = S_W_ARSP;
    break;
  case S_W_ARSP:
    if (in->rsp_valid_i) {
      m->fline = 0;
      for (uint32_t p = ww_tm_vline_lanes(m->lane_all, m->lpl, m->v) & m->hpend; p; p &= p - 1) {
        const unsigned l = ww_tm_lowest_lane(p);
        if (in->rsp_data_i[l - m->v * m->lpl] == m->waddr[l])
          m->fline |= 1u << l;
      }
      if (m->fline)
        m->st = S_W_VREQ;
      else
        walk_advance(m);
    }
    break;
  case S_W_VREQ:
    if (fire)
      m->st = S_W_VRSP;
    break;
  case S_W_VRSP:
    if (in->rsp_valid_i) {
      for (uint32_t p = m->fline; p; p &= p - 1) {
        const unsigned l = ww_tm_lowest_lane(p);
        m->val[l] = in->rsp_data_i[l - m->v * m->lpl];
      }
      m->found |= m->fline;
      m->hpend &= ~m->fline;
      walk_advance(m);
    }
    break;
  case S_RD_REQ:
    if (fire) {
      uint32_t line;
      m->sline = rd_lanes(m, &line);
      m->st = S_RD_RSP;
    }
    break;
  case S_RD_RSP:
    if (in->rsp_valid_i) {
      for (uint32_t p = m->sline; p; p &= p - 1) {
        const unsigned l = ww_tm_lowest_lane(p);
        m->val[l] = in->rsp_data_i[(m->waddr[l] >> 2) & (m->lpl - 1)];
      }
      m->froml2 |= m->sline;
      m->rdpend &= ~m->sline;
      m->sidx = 0;
      m->st = m->rdpend ? S_RD_REQ : S_RA_REQ;
    }
    break;
  case S_RA_REQ:
    if (!fire)
      break;
    if (m->sidx + 1 < 2 * m->vl) {
      m->sidx++;
    } else {
      m->rlen[m->wid]++;
      if (m->op == WW_TXL_STORE) {   /* merge the store's bytes into the words */
        const uint32_t bm = m->bytes == 1 ? 0xFFu : 0xFFFFu;
        for (unsigned l = 0; l < lanes; l++) {
          const unsigned sh = 8 * m->off[l];
          m->val[l] = (m->val[l] & ~(bm << sh)) | ((m->data[l] & bm) << sh);
        }
        begin_wa(m);
      } else {
        m->st = S_DONE;
      }
    }
    break;
  case S_WA_REQ:
    if (!fire)
      break;
    if (m->sidx + 1 < 2 * m->vl) {
      m->sidx++;
    } else {
      m->wlen[m->wid]++;
      for (uint32_t p = m->mask; p; p &= p - 1)
        m->bloom[m->wid][filter_idx(m, m->waddr[ww_tm_lowest_lane(p)])] = 1;
      m->st = S_DONE;
    }
    break;
  case S_DONE:
    m->st = S_IDLE;
    break;
  default:
    break;
  }
}
