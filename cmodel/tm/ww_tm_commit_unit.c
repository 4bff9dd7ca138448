/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_commit_unit -- the KILO TM commit unit (docs/tm.md sec. 4.1). The
 * model is written as the RTL will be: every output comes from state; at
 * the clock edge the engines act in a fixed order, each at most once:
 *   1. word-port answer: a validation read compares its word with the
 *      logged one (a difference fails the entry); a commit write is acked;
 *   2. word-port request taken: the commit write (head) before the lowest
 *      queued validation read;
 *   3. hazard detection (in CID order, entry hd): the read set queried in the
 *      LWH (a live writer sets YCID), then the write set written into it;
 *   4. commit and retire at the head, in CID order (the retired entry's
 *      buffers are free from the next cycle);
 *   5. revalidation of the oldest entry whose YCID has retired (a first
 *      cycle reads its read set, then one word a cycle); entries that
 *      failed already are done instead;
 *   6. the local outcome of the oldest entry that has one;
 *   7. the packet taken (log transfer, resend streams, END, FINAL; a new
 *      entry's RCID is the head as the cycle began);
 *   8. the message taken by the SM.
 * Engines 5 and 6 choose from the entries as the cycle began: what 1-4 change
 * they see the next cycle. The LWH's live window starts at lwh_lo, at or
 * below the oldest RCID of the entries still to be checked.
 * Event counters (WW_TM_CNT_*, read at st_rd_idx_i, 32-bit saturating):
 * the stage entry-cycles are counted from the entries as the cycle began,
 * the events where they happen (message pushes, the end of hazard
 * detection, a revalidation's start).
 * Messages: one push per cycle into a 4-entry queue, priority in engine
 * order: hazard detection > commit > revalidation > outcome. Read slots: one push per cycle,
 * the packet first (pkt_ready_o promises it a slot), else the revalidation.
 */
#include "ww_tm_commit_unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lwh.h"

enum { STREAM_NONE, STREAM_HD, STREAM_REVAL, STREAM_COMMIT };
enum { REVAL_NONE, REVAL_WAIT, REVAL_RUN, REVAL_DONE };
enum { HD_IDLE, HD_QUERY, HD_WRITE };
enum { SLOT_FREE, SLOT_QUEUED, SLOT_ISSUED };
#define MSGQ 4
#define SFIFO 2          /* stream FIFOs of hazard detection and commit */
#define NO_BUF (-1)
#define CM_PEND_MAX 255  /* unacknowledged commit writes (the RTL's 8-bit counter) */

typedef struct {
  uint32_t addr, val;
} word_t;

typedef struct {
  int valid;
  uint32_t cid, sm;
  uint32_t rcid;              /* the ring head when the entry was allocated */
  int xfer_done;
  int rs_buf, ws_buf;         /* pool index or NO_BUF */
  unsigned rs_n, ws_n;
  int rs_ovf, ws_ovf;
  unsigned pend;              /* validation reads queued or in flight */
  int fail;
  int hd_done, hazard;
  uint32_t ycid;
  int ycid_filter;            /* YCID is the LWH's recency filter's answer */
  int reval;
  int local_sent, final_known, final_pass;
  int stream;                 /* what this CID's resent log packets feed */
} entry_t;

typedef struct {
  int state;
  uint32_t cid, addr, val;
} slot_t;

typedef struct {
  unsigned kind;              /* WW_TM_PKT_RLOG / WLOG / END */
  uint32_t addr, val;
} sitem_t;

typedef struct {
  sitem_t it[SFIFO];
  unsigned n;
} sfifo_t;

typedef struct {
  unsigned kind;
  uint32_t cid, sm;
} msg_t;

struct ww_tm_cu {
  ww_tm_cu_cfg_t cfg;
  uint32_t cid_mask;
  unsigned tag_w;
  ww_lwh_t *lwh;
  entry_t *e;
  word_t *pool;               /* [buf * buf_words + i] */
  uint8_t *pool_used;
  slot_t *slot;
  uint8_t *rv_el, *oc_el;     /* eligibility as the cycle began, from the head */
  uint32_t head, hd;          /* ring head, next CID for hazard detection */
  uint32_t lwh_lo;            /* start of the LWH's live window */
  /* hazard detection engine */
  int hd_phase, hd_wait, hd_resend;
  unsigned hd_idx;
  sfifo_t hd_fifo;
  int hd_end;                 /* the stream's END arrived */
  /* revalidation engine */
  int rv_busy, rv_first, rv_resend, rv_end;   /* rv_first: its first cycle on the entry */
  uint32_t rv_cid;
  unsigned rv_idx;
  /* commit engine */
  int cm_busy, cm_resend, cm_end;
  unsigned cm_idx, cm_pend;
  sfifo_t cm_fifo;
  /* messages */
  msg_t mq[MSGQ];
  unsigned mq_n;
  ww_tm_cu_stats_t st;
  uint32_t cnt[WW_TM_CNT_N];  /* the event counters (saturating; reset with rst_ni) */
};

ww_tm_cu_cfg_t ww_tm_cu_default_cfg(void)
{
  ww_tm_cu_cfg_t c = { WW_TM_CU_ENTRIES, WW_TM_CU_BUF_WORDS, WW_TM_CU_POOL, WW_TM_CU_READS,
                       WW_NUM_SM, WW_CID_W, ww_lwh_default_cfg() };
  return c;
}

ww_tm_cu_t *ww_tm_cu_new(const ww_tm_cu_cfg_t *c)
{
  if (!ww_is_pow2(c->entries) || c->entries < 2 || c->cid_w < 2 || c->cid_w > 30 ||
      c->entries > (1u << (c->cid_w - 1)) || !c->buf_words || !c->pool ||
      !ww_is_pow2(c->reads) || c->reads < 2 || c->reads > 64 || !c->num_sm) {
    fprintf(stderr, "ww_tm_commit_unit: illegal configuration ENTRIES=%u BUF_WORDS=%u POOL=%u "
            "READS=%u NUM_SM=%u CID_W=%u\n", c->entries, c->buf_words, c->pool, c->reads,
            c->num_sm, c->cid_w);
    return NULL;
  }
  ww_tm_cu_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->cid_mask = (1u << c->cid_w) - 1;
  m->tag_w = ww_clog2(c->reads) + 1;
  ww_lwh_cfg_t lc = c->lwh;   /* the RTL passes its LWH parameters through */
  lc.cid_w = c->cid_w;
  m->lwh = ww_lwh_new(&lc);
  m->e = calloc(c->entries, sizeof *m->e);
  m->pool = calloc((size_t)c->pool * c->buf_words, sizeof *m->pool);
  m->pool_used = calloc(c->pool, 1);
  m->slot = calloc(c->reads, sizeof *m->slot);
  m->rv_el = calloc(c->entries, 1);
  m->oc_el = calloc(c->entries, 1);
  if (!m->lwh || !m->e || !m->pool || !m->pool_used || !m->slot || !m->rv_el || !m->oc_el) {
    ww_tm_cu_free(m);
    return NULL;
  }
  return m;
}

void ww_tm_cu_free(ww_tm_cu_t *m)
{
  if (!m)
    return;
  ww_lwh_free(m->lwh);
  free(m->e);
  free(m->pool);
  free(m->pool_used);
  free(m->slot);
  free(m->rv_el);
  free(m->oc_el);
  free(m);
}

const ww_tm_cu_stats_t *ww_tm_cu_stats(const ww_tm_cu_t *m)
{
  return &m->st;
}

static void reset(ww_tm_cu_t *m, uint32_t next)
{
  const ww_tm_cu_cfg_t *c = &m->cfg;
  memset(m->e, 0, c->entries * sizeof *m->e);
  memset(m->pool_used, 0, c->pool);
  memset(m->slot, 0, c->reads * sizeof *m->slot);
  m->head = m->hd = m->lwh_lo = next;
  m->hd_phase = HD_IDLE;
  m->hd_wait = m->hd_resend = m->hd_end = 0;
  m->hd_idx = 0;
  m->hd_fifo.n = 0;
  m->rv_busy = m->rv_first = m->rv_resend = m->rv_end = 0;
  m->rv_idx = 0;
  m->cm_busy = m->cm_resend = m->cm_end = 0;
  m->cm_idx = m->cm_pend = 0;
  m->cm_fifo.n = 0;
  m->mq_n = 0;
  memset(m->cnt, 0, sizeof m->cnt);
}

uint32_t ww_tm_cu_counter(const ww_tm_cu_t *m, unsigned idx)
{
  return idx < WW_TM_CNT_N ? m->cnt[idx] : 0;
}

static void cnt_add(ww_tm_cu_t *m, unsigned idx, uint32_t n)
{
  uint32_t *c = &m->cnt[idx];
  *c = *c > UINT32_MAX - n ? UINT32_MAX : *c + n;
}

static entry_t *ent(ww_tm_cu_t *m, uint32_t cid)
{
  return &m->e[cid & (m->cfg.entries - 1)];
}

/* CID a lies in the live window [head, next). */
static int live(const ww_tm_cu_t *m, uint32_t a, uint32_t next)
{
  return ((a - m->head) & m->cid_mask) < ((next - m->head) & m->cid_mask);
}

static int alloc_buf(ww_tm_cu_t *m)
{
  for (unsigned b = 0; b < m->cfg.pool; b++)
    if (!m->pool_used[b]) {
      m->pool_used[b] = 1;
      return (int)b;
    }
  return NO_BUF;
}

static word_t *buf_word(ww_tm_cu_t *m, int buf, unsigned i)
{
  return &m->pool[(size_t)buf * m->cfg.buf_words + i];
}

/* Stores a log word in the entry's read or write set; overflow when the
 * buffer is full or the pool empty. */
static void store(ww_tm_cu_t *m, entry_t *e, int write, uint32_t addr, uint32_t val)
{
  int *buf = write ? &e->ws_buf : &e->rs_buf;
  unsigned *n = write ? &e->ws_n : &e->rs_n;
  int *ovf = write ? &e->ws_ovf : &e->rs_ovf;
  if (*ovf)
    return;
  if (*buf == NO_BUF)
    *buf = alloc_buf(m);
  if (*buf == NO_BUF || *n == m->cfg.buf_words) {
    *ovf = 1;
    return;
  }
  *buf_word(m, *buf, (*n)++) = (word_t){ addr, val };
}

static int free_slot(const ww_tm_cu_t *m)
{
  for (unsigned s = 0; s < m->cfg.reads; s++)
    if (m->slot[s].state == SLOT_FREE)
      return (int)s;
  return -1;
}

static void push_read(ww_tm_cu_t *m, int s, uint32_t cid, uint32_t addr, uint32_t val)
{
  m->slot[s] = (slot_t){ SLOT_QUEUED, cid, addr, val };
  ent(m, cid)->pend++;
  m->st.validation_reads++;
}

static int msg_push(ww_tm_cu_t *m, int *taken, unsigned kind, const entry_t *e)
{
  if (*taken || m->mq_n == MSGQ)
    return 0;
  m->mq[m->mq_n++] = (msg_t){ kind, e->cid, e->sm };
  *taken = 1;
  if (kind == WW_TM_MSG_RESEND_R || kind == WW_TM_MSG_RESEND_W)
    m->st.resends++;
  const unsigned ci = kind == WW_TM_MSG_PASS       ? WW_TM_CNT_PASSES
                    : kind == WW_TM_MSG_FAIL     ? WW_TM_CNT_FAILS
                    : kind == WW_TM_MSG_RESEND_R ? WW_TM_CNT_RESENDS_R
                    : kind == WW_TM_MSG_RESEND_W ? WW_TM_CNT_RESENDS_W : WW_TM_CNT_N;
  if (ci < WW_TM_CNT_N)   /* (RETIRED is not counted) */
    cnt_add(m, ci, 1);
  return 1;
}

static void sfifo_pop(sfifo_t *f)
{
  memmove(&f->it[0], &f->it[1], (SFIFO - 1) * sizeof f->it[0]);
  f->n--;
}

void ww_tm_commit_unit_step(ww_tm_cu_t *m, const ww_tm_commit_unit_in_t *in,
                            ww_tm_commit_unit_out_t *out)
{
  const ww_tm_cu_cfg_t *c = &m->cfg;
  const uint32_t next = (uint32_t)in->next_cid_i & m->cid_mask;
  const uint32_t wtag = 1u << (m->tag_w - 1);
  memset(out, 0, sizeof *out);

  /* ---- the word port's request (state only) ---- */
  entry_t *h = ent(m, m->head);
  int cm_word = 0;       /* the commit engine has a word to write */
  uint32_t cm_addr = 0, cm_val = 0;
  if (m->cm_busy && h->final_pass && !m->cm_resend && m->cm_pend < CM_PEND_MAX) {
    if (!h->ws_ovf && m->cm_idx < h->ws_n) {
      cm_word = 1;
      cm_addr = buf_word(m, h->ws_buf, m->cm_idx)->addr;
      cm_val = buf_word(m, h->ws_buf, m->cm_idx)->val;
    } else if (h->ws_ovf && m->cm_fifo.n && m->cm_fifo.it[0].kind == WW_TM_PKT_WLOG) {
      cm_word = 1;
      cm_addr = m->cm_fifo.it[0].addr;
      cm_val = m->cm_fifo.it[0].val;
    }
  }
  int rd_slot = -1;
  for (unsigned s = 0; s < c->reads && rd_slot < 0; s++)
    if (m->slot[s].state == SLOT_QUEUED)
      rd_slot = (int)s;
  if (cm_word) {
    out->mreq_valid_o = 1;
    out->mreq_write_o = 1;
    out->mreq_addr_o = cm_addr;
    out->mreq_data_o = cm_val;
    out->mreq_tag_o = wtag;
  } else if (rd_slot >= 0) {
    out->mreq_valid_o = 1;
    out->mreq_addr_o = m->slot[rd_slot].addr;
    out->mreq_tag_o = (uint32_t)rd_slot;
  }

  /* ---- the LWH request of hazard detection (state only) ---- */
  entry_t *d = ent(m, m->hd);
  ww_lwh_in_t li = { 0 };
  li.rst_ni = in->rst_ni;
  /* The LWH's live window starts at or below the oldest RCID of the entries
   * still to be checked: a writer that retired after such an entry's
   * validation reads began may have written after them, so it is still a
   * hazard (sec. 4.5.2: "its CID < RCID: no hazard"). The start, lwh_lo,
   * is state: with no entry to check it is the head; else it stays while
   * an entry to check has RCID lwh_lo and otherwise moves up one CID a
   * cycle (RCIDs are heads: new ones are never below it). */
  int lwh_any = 0, lwh_match = 0;
  for (uint32_t k = 0; k < c->entries; k++) {
    const entry_t *e = &m->e[k];
    if (e->valid && !e->hd_done) {
      lwh_any = 1;
      lwh_match |= e->rcid == m->lwh_lo;
    }
  }
  li.oldest_cid_i = m->lwh_lo;
  li.next_cid_i = next;
  int lwh_from_fifo = 0;
  if (m->hd_phase == HD_QUERY && !m->hd_wait) {
    if (!d->rs_ovf && m->hd_idx < d->rs_n) {
      li.req_valid_i = 1;
      li.req_addr_i = buf_word(m, d->rs_buf, m->hd_idx)->addr;
    } else if (d->rs_ovf && m->hd_fifo.n && m->hd_fifo.it[0].kind == WW_TM_PKT_RLOG) {
      li.req_valid_i = 1;
      li.req_addr_i = m->hd_fifo.it[0].addr;
      lwh_from_fifo = 1;
    }
  } else if (m->hd_phase == HD_WRITE) {
    li.req_write_i = 1;
    li.req_cid_i = m->hd;
    if (!d->ws_ovf && m->hd_idx < d->ws_n) {
      li.req_valid_i = 1;
      li.req_addr_i = buf_word(m, d->ws_buf, m->hd_idx)->addr;
    } else if (d->ws_ovf && m->hd_fifo.n && m->hd_fifo.it[0].kind == WW_TM_PKT_WLOG) {
      li.req_valid_i = 1;
      li.req_addr_i = m->hd_fifo.it[0].addr;
      lwh_from_fifo = 1;
    }
  }
  li.req_addr_i &= (1ull << c->lwh.addr_w) - 1;
  ww_lwh_out_t lo;
  ww_lwh_step(m->lwh, &li, &lo);   /* its outputs come from its state: this cycle's */

  /* ---- the other outputs ---- */
  const int slot_free = free_slot(m) >= 0;
  out->oldest_cid_o = m->head;
  out->cid_hold_o = lo.cid_hold_o;
  out->pkt_ready_o = (uint64_t)(slot_free && m->hd_fifo.n < SFIFO && m->cm_fifo.n < SFIFO);
  out->st_rd_data_o = ww_tm_cu_counter(m, (unsigned)in->st_rd_idx_i);
  out->msg_valid_o = (uint64_t)(m->mq_n != 0);
  if (m->mq_n) {
    out->msg_kind_o = m->mq[0].kind;
    out->msg_cid_o = m->mq[0].cid;
    out->msg_sm_o = m->mq[0].sm;
  }

  /* ---- clock edge ---- */
  if (!in->rst_ni) {
    reset(m, next);
    return;
  }
  int msg_taken = 0;
  int freed[2] = { NO_BUF, NO_BUF };   /* the buffers of the entry retired now */

  /* the stage of every live entry as the cycle began (WW_TM_CNT_* STAGE) */
  uint32_t stage_n[WW_TM_CNT_STAGE_N] = { 0 };
  for (uint32_t k = 0; k < c->entries; k++) {
    const entry_t *e = &m->e[k];
    if (!e->valid)
      continue;
    unsigned st = !e->xfer_done                                 ? WW_TM_CNT_XFER
                : !e->hd_done                                   ? WW_TM_CNT_HAZARD
                : e->reval == REVAL_WAIT || e->reval == REVAL_RUN ? WW_TM_CNT_REVALIDATE
                : !e->local_sent                                ? WW_TM_CNT_VALIDATE
                : m->cm_busy && e == h                          ? WW_TM_CNT_COMMIT
                                                                : WW_TM_CNT_FINAL;
    stage_n[st - WW_TM_CNT_STAGE_FIRST]++;
  }
  for (unsigned i = 0; i < WW_TM_CNT_STAGE_N; i++)
    if (stage_n[i])
      cnt_add(m, WW_TM_CNT_STAGE_FIRST + i, stage_n[i]);

  /* The revalidation and outcome engines decide on the entries as the cycle
   * began: what the other engines change now they see the next cycle. */
  const uint32_t head0 = m->head;
  for (uint32_t k = 0; k < c->entries; k++) {
    const entry_t *e = ent(m, (head0 + k) & m->cid_mask);
    m->rv_el[k] = (uint8_t)(e->valid && e->reval == REVAL_WAIT && !e->pend &&
                            !live(m, e->ycid, next));
    m->oc_el[k] = (uint8_t)(e->valid && e->xfer_done && e->hd_done && !e->pend &&
                            !e->local_sent && (!e->hazard || e->reval == REVAL_DONE));
  }

  /* 1. word-port answer */
  if (in->mrsp_valid_i) {
    uint32_t tag = (uint32_t)in->mrsp_tag_i;
    if (tag & wtag) {
      if (m->cm_pend)
        m->cm_pend--;
    } else if (tag < c->reads && m->slot[tag].state == SLOT_ISSUED) {
      slot_t *s = &m->slot[tag];
      entry_t *e = ent(m, s->cid);
      if ((uint32_t)in->mrsp_data_i != s->val)
        e->fail = 1;
      if (e->pend)
        e->pend--;
      s->state = SLOT_FREE;
    }
  }

  /* 2. word-port request taken */
  if (out->mreq_valid_o && in->mreq_ready_i) {
    if (cm_word) {
      m->cm_pend++;
      m->st.commit_writes++;
      if (!h->ws_ovf)
        m->cm_idx++;
      else
        sfifo_pop(&m->cm_fifo);
    } else {
      m->slot[rd_slot].state = SLOT_ISSUED;
    }
  }

  /* 3. hazard detection, in CID order */
  if (lo.rsp_valid_o && m->hd_wait) {
    m->hd_wait = 0;
    if (lo.rsp_found_o) {
      uint32_t w = (uint32_t)lo.rsp_cid_o;
      /* the youngest: nearest below the entry's own CID (writers found may
       * already have retired: the window starts at the oldest RCID) */
      if (!d->hazard || ((d->cid - w) & m->cid_mask) < ((d->cid - d->ycid) & m->cid_mask)) {
        d->ycid = w;
        d->ycid_filter = (int)lo.rsp_filter_o;
      }
      d->hazard = 1;
    }
  }
  if (li.req_valid_i && lo.req_ready_o) {
    if (li.req_write_i) {
      m->st.lwh_writes++;
    } else {
      m->hd_wait = 1;
      m->st.lwh_queries++;
    }
    if (lwh_from_fifo)
      sfifo_pop(&m->hd_fifo);
    else
      m->hd_idx++;
  }
  if (m->hd_phase == HD_IDLE) {
    if (live(m, m->hd, next) && d->valid && d->cid == m->hd && d->xfer_done) {
      m->hd_phase = HD_QUERY;
      m->hd_idx = 0;
      m->hd_resend = d->rs_ovf;
      m->hd_end = 0;
    }
  } else {
    const int rd = m->hd_phase == HD_QUERY;
    const int ovf = rd ? d->rs_ovf : d->ws_ovf;
    if (m->hd_resend) {   /* the stream must be asked for first */
      if (msg_push(m, &msg_taken, rd ? WW_TM_MSG_RESEND_R : WW_TM_MSG_RESEND_W, d)) {
        m->hd_resend = 0;
        d->stream = STREAM_HD;
      }
    } else {
      if (ovf && m->hd_fifo.n && m->hd_fifo.it[0].kind == WW_TM_PKT_END) {
        sfifo_pop(&m->hd_fifo);
        m->hd_end = 1;
      }
      const int all = ovf ? m->hd_end && !m->hd_fifo.n
                          : m->hd_idx >= (rd ? d->rs_n : d->ws_n);
      if (all && !m->hd_wait && !(li.req_valid_i && lo.req_ready_o)) {
        if (ovf)
          d->stream = STREAM_NONE;
        if (rd) {
          m->hd_phase = HD_WRITE;
          m->hd_idx = 0;
          m->hd_resend = d->ws_ovf;
          m->hd_end = 0;
        } else {
          m->hd_phase = HD_IDLE;
          d->hd_done = 1;
          if (d->hazard) {
            d->reval = REVAL_WAIT;
            m->st.hazards++;
            cnt_add(m, WW_TM_CNT_HAZARDS, 1);
            if (d->ycid_filter) {
              m->st.filter_hazards++;
              cnt_add(m, WW_TM_CNT_FILTER_HAZARDS, 1);
            }
          }
          m->hd = (m->hd + 1) & m->cid_mask;
        }
      }
    }
  }

  /* 4. commit and retire at the head */
  if (!m->cm_busy) {
    if (h->valid && h->cid == m->head && h->final_known && h->local_sent) {
      m->cm_busy = 1;
      m->cm_idx = 0;
      m->cm_end = 0;
      m->cm_resend = h->final_pass && h->ws_ovf;
    }
  } else if (m->cm_resend) {
    if (msg_push(m, &msg_taken, WW_TM_MSG_RESEND_W, h)) {
      m->cm_resend = 0;
      h->stream = STREAM_COMMIT;
    }
  } else {
    if (h->ws_ovf && m->cm_fifo.n && m->cm_fifo.it[0].kind == WW_TM_PKT_END) {
      sfifo_pop(&m->cm_fifo);
      m->cm_end = 1;
    }
    const int all = !h->final_pass || (h->ws_ovf ? m->cm_end && !m->cm_fifo.n
                                                 : m->cm_idx >= h->ws_n);
    if (all && !m->cm_pend && !(cm_word && in->mreq_ready_i) &&
        msg_push(m, &msg_taken, WW_TM_MSG_RETIRED, h)) {
      freed[0] = h->rs_buf;     /* free again from the next cycle */
      freed[1] = h->ws_buf;
      memset(h, 0, sizeof *h);
      m->cm_busy = 0;
      m->head = (m->head + 1) & m->cid_mask;
    }
  }

  /* 5. revalidation of the oldest entry whose youngest hazard has retired;
   * one that failed already has nothing to revalidate and is done at once
   * (as the cycle began: its reads were all back, so its fail is final) */
  int rv_push = 0;
  const int rv_was_busy = m->rv_busy;
  int rv_start = !rv_was_busy;
  for (uint32_t k = 0; k < c->entries; k++) {
    entry_t *e = ent(m, (head0 + k) & m->cid_mask);
    if (m->rv_el[k]) {
      if (e->fail) {
        e->reval = REVAL_DONE;
      } else if (rv_start) {
        rv_start = 0;
        m->rv_busy = 1;
        m->rv_cid = e->cid;
        m->rv_idx = 0;
        m->rv_end = 0;
        m->rv_first = 1;
        e->reval = REVAL_RUN;
        m->st.revalidations++;
        cnt_add(m, WW_TM_CNT_REVALIDATIONS, 1);
      }
    }
  }
  if (rv_was_busy) {
    entry_t *e = ent(m, m->rv_cid);
    if (m->rv_first) {       /* a cycle to read the entry's read set */
      m->rv_first = 0;
      m->rv_resend = e->rs_ovf;
    } else if (m->rv_resend) {
      if (msg_push(m, &msg_taken, WW_TM_MSG_RESEND_R, e)) {
        m->rv_resend = 0;
        e->stream = STREAM_REVAL;
      }
    } else if (!e->rs_ovf) {
      if (m->rv_idx < e->rs_n)
        rv_push = 1;       /* after the packet, if a slot is left */
      else {
        e->reval = REVAL_DONE;
        m->rv_busy = 0;
      }
    } else if (m->rv_end) {
      e->reval = REVAL_DONE;
      e->stream = STREAM_NONE;
      m->rv_busy = 0;
    }
  }

  /* 6. the local outcome of the oldest entry that had one as the cycle began */
  for (uint32_t k = 0; k < c->entries; k++) {
    entry_t *e = ent(m, (head0 + k) & m->cid_mask);
    if (m->oc_el[k]) {
      if (msg_push(m, &msg_taken, e->fail ? WW_TM_MSG_FAIL : WW_TM_MSG_PASS, e)) {
        e->local_sent = 1;
        if (e->fail)
          m->st.failed++;
        else
          m->st.passed++;
      }
      break;
    }
  }

  /* 7. the packet */
  int slot_used = 0;
  if (in->pkt_valid_i && out->pkt_ready_o) {
    const uint32_t cid = (uint32_t)in->pkt_cid_i & m->cid_mask;
    const unsigned kind = (unsigned)in->pkt_kind_i;
    const uint32_t addr = (uint32_t)in->pkt_addr_i, val = (uint32_t)in->pkt_data_i;
    entry_t *e = ent(m, cid);
    if (!e->valid) {
      memset(e, 0, sizeof *e);
      e->valid = 1;
      e->cid = cid;
      e->rcid = head0;          /* the head as the cycle began */
      e->sm = (uint32_t)in->pkt_sm_i;
      e->rs_buf = e->ws_buf = NO_BUF;
    }
    if (kind == WW_TM_PKT_FINAL) {
      e->final_known = 1;
      e->final_pass = (int)(val & 1u);
    } else if (e->stream == STREAM_HD || e->stream == STREAM_COMMIT) {
      sfifo_t *f = e->stream == STREAM_HD ? &m->hd_fifo : &m->cm_fifo;
      f->it[f->n++] = (sitem_t){ kind, addr, val };
    } else if (e->stream == STREAM_REVAL) {
      if (kind == WW_TM_PKT_RLOG) {
        push_read(m, free_slot(m), cid, addr, val);
        slot_used = 1;
      } else if (kind == WW_TM_PKT_END) {
        m->rv_end = 1;
      }
    } else if (kind == WW_TM_PKT_RLOG) {   /* log transfer + speculative validation */
      store(m, e, 0, addr, val);
      push_read(m, free_slot(m), cid, addr, val);
      slot_used = 1;
    } else if (kind == WW_TM_PKT_WLOG) {
      store(m, e, 1, addr, val);
    } else if (kind == WW_TM_PKT_END) {
      e->xfer_done = 1;
    }
  }
  if (rv_push && !slot_used && free_slot(m) >= 0) {
    entry_t *e = ent(m, m->rv_cid);
    const word_t *w = buf_word(m, e->rs_buf, m->rv_idx++);
    push_read(m, free_slot(m), e->cid, w->addr, w->val);
  }

  /* 8. the message */
  if (out->msg_valid_o && in->msg_ready_i) {
    memmove(&m->mq[0], &m->mq[1], (MSGQ - 1) * sizeof m->mq[0]);
    m->mq_n--;
  }

  for (unsigned i = 0; i < 2; i++)
    if (freed[i] != NO_BUF)
      m->pool_used[freed[i]] = 0;

  /* the LWH window's start (from the entries as the cycle began) */
  if (!lwh_any)
    m->lwh_lo = head0;
  else if (!lwh_match)
    m->lwh_lo = (m->lwh_lo + 1) & m->cid_mask;
}
