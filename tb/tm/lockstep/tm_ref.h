/* SPDX-License-Identifier: Apache-2.0
 *
 * tm_ref.h -- the host references that the KILO TM lockstep stimuli share
 * (tm_txlog.c, tm_commit_walk.c, tm_sm.c): static inline functions,
 * included by each after it defines WARPS, LANES, LINEB, LPL, LOGW, NPART,
 * LOG_BASE and CIDM. Neither reference uses a C model.
 *  txref  the log unit's (docs/tm.md sec. 4.2): per warp and lane its own
 *         read and write logs. When an access is done it checks the lanes'
 *         words (the newest own write of the word, else what the access's
 *         L2 read of its line returned) and the log entries written into
 *         the memory image (addresses, WW_TX_LOG_VOID, values), then logs
 *         the access.
 *  curef  the commit units' (sec. 4.3): one commit's (lane, partition)
 *         streams. Each packet must be the lane's next read-log entry of
 *         that partition in log order, then its write-log entries, then
 *         END (a resend: that log's entries, then END); a FINAL must say
 *         pass exactly when no partition failed the CID. Each partition
 *         answers an END with PASS or FAIL (a quarter of them after a
 *         RESEND_R first) and a FINAL with RETIRED (a quarter after a
 *         RESEND_W first), each after a random delay, one message a cycle.
 *  stq    the L1's posted log stores (tm_txlog.c, tm_sm.c): up to STQ in
 *         flight, each written into the image of stores taken at once and
 *         into the memory image only when acknowledged, after its own
 *         random latency (one in four slow); one acknowledgement a cycle,
 *         out of order, but stores to one line land in the order taken (as
 *         the crossbar and the L2 slice keep them). A walk that read a log
 *         line with a store in flight reads the old line.
 */
#ifndef TM_REF_H
#define TM_REF_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lockstep.h"
#include "ww_tm_log.h"

typedef struct { uint32_t addr, val; } ent_t;

/* ---- stq: the L1's posted log stores --------------------------------------- */

#define STQ 16

typedef struct {
  struct { int busy; unsigned left; uint32_t line, data[LPL]; uint64_t seq; } q[STQ];
  unsigned n;                        /* in flight */
  uint64_t seq;
} stq_t;

/* a store of line `line` taken: written into img (the stores taken) now */
static inline void stq_take(stq_t *q, ww_rng_t *r, unsigned lat_max, uint8_t *img, uint32_t line,
                            const uint32_t *data)
{
  unsigned i = 0;
  while (q->q[i].busy)   /* the L1 was not ready with every slot busy */
    i++;
  q->q[i].busy = 1;
  q->q[i].line = line;
  q->q[i].seq = q->seq++;
  q->q[i].left = (unsigned)ww_rng_below(r, ww_rng_chance(r, 1, 4) ? 8 * lat_max : lat_max);
  memcpy(q->q[i].data, data, sizeof q->q[i].data);
  q->n++;
  for (unsigned b = 0; b < LINEB; b++)
    img[line * LINEB + b] = (uint8_t)(data[b / 4] >> (8 * (b % 4)));
}

/* one cycle: latencies count down; one store due (and not behind an older
 * store to its line) lands in mem and is acknowledged: returns 1 then */
static inline int stq_step(stq_t *q, ww_rng_t *r, uint8_t *mem)
{
  unsigned due[STQ], n_due = 0;
  for (unsigned i = 0; i < STQ; i++) {
    if (!q->q[i].busy)
      continue;
    if (q->q[i].left) {
      q->q[i].left--;
      continue;
    }
    int behind = 0;
    for (unsigned j = 0; j < STQ; j++)
      behind |= q->q[j].busy && q->q[j].line == q->q[i].line && q->q[j].seq < q->q[i].seq;
    if (!behind)
      due[n_due++] = i;
  }
  if (!n_due)
    return 0;
  const unsigned i = due[ww_rng_below(r, n_due)];
  for (unsigned b = 0; b < LINEB; b++)
    mem[q->q[i].line * LINEB + b] = (uint8_t)(q->q[i].data[b / 4] >> (8 * (b % 4)));
  q->q[i].busy = 0;
  q->n--;
  return 1;
}

/* a reset: the stores in flight are lost (img goes back to mem) */
static inline void stq_reset(stq_t *q, uint8_t *img, const uint8_t *mem, size_t bytes)
{
  if (q->n)
    memcpy(img, mem, bytes);
  memset(q, 0, sizeof *q);
}

/* ---- txref: the log unit ------------------------------------------------ */

typedef struct {
  /* the access in work */
  unsigned op, wid, bytes;
  uint32_t mask, addr[LANES], data[LANES];
  uint32_t rd_line[LANES], rd_data[LANES][LPL];   /* its L2 reads: line -> data */
  unsigned n_rd;
  /* each warp's logs */
  unsigned rlen[WARPS], wlen[WARPS];
  ent_t rlog[WARPS][LOGW][LANES], wlog[WARPS][LOGW][LANES];
} txref_t;

static inline uint32_t txref_rd32(const uint8_t *img, uint32_t a)
{
  uint32_t v;
  memcpy(&v, img + a, 4);
  return v;
}

static inline void txref_fail(uint64_t cycle, const char *what, unsigned w, unsigned l,
                              uint32_t got, uint32_t want)
{
  ww_stim_fail("cycle %llu warp %u lane %u: %s is %08x, the host reference says %08x",
               (unsigned long long)cycle, w, l, what, got, want);
}

/* the full flags of the access (bit 0 the read log, bit 1 the write log) */
static inline unsigned txref_full(const txref_t *x)
{
  const int store = x->op == WW_TXL_STORE, reads = !store || x->bytes < 4;
  return (reads && x->rlen[x->wid] >= LOGW ? 1u : 0u) |
         (store && x->wlen[x->wid] >= LOGW ? 2u : 0u);
}

/* an answer to a load of the log unit: a line of data (below the logs) is
 * one of the access's L2 reads */
static inline void txref_l2_read(txref_t *x, uint32_t line, const uint32_t *data)
{
  if (line * LINEB < LOG_BASE && x->n_rd < LANES) {
    x->rd_line[x->n_rd] = line;
    memcpy(x->rd_data[x->n_rd], data, sizeof x->rd_data[0]);
    x->n_rd++;
  }
}

/* lane l's newest own write of word wa, or 0 */
static inline int txref_own_write(const txref_t *x, unsigned w, unsigned l, uint32_t wa,
                                  uint32_t *v)
{
  for (unsigned i = x->wlen[w]; i-- > 0;)
    if (x->wlog[w][i][l].addr == wa) {
      *v = x->wlog[w][i][l].val;
      return 1;
    }
  return 0;
}

/* the word at wa from the access's L2 read of its line */
static inline int txref_l2_word(const txref_t *x, uint32_t wa, uint32_t *v)
{
  for (unsigned k = x->n_rd; k-- > 0;)
    if (x->rd_line[k] == wa / LINEB) {
      *v = x->rd_data[k][(wa / 4) % LPL];
      return 1;
    }
  return 0;
}

static inline void txref_check_entry(const txref_t *x, const uint8_t *img, uint64_t cycle,
                                     unsigned wlog, unsigned i, const uint32_t *addr,
                                     const uint32_t *val)
{
  const uint32_t e = ww_tm_txlog_entry(LOG_BASE, LANES, LOGW, x->wid, wlog, i);
  for (unsigned l = 0; l < LANES; l++) {
    if (txref_rd32(img, e + 4 * l) != addr[l])
      txref_fail(cycle, wlog ? "write-log address" : "read-log address", x->wid, l,
                 txref_rd32(img, e + 4 * l), addr[l]);
    if (txref_rd32(img, e + 4 * LANES + 4 * l) != val[l])
      txref_fail(cycle, wlog ? "write-log word" : "read-log word", x->wid, l,
                 txref_rd32(img, e + 4 * LANES + 4 * l), val[l]);
  }
}

/* The LOAD or STORE in x is done (word_o: the lanes' words the unit
 * answered): check it against the reference, then log it. A full log's
 * access or one without lanes answers 0 words and logs nothing. Returns
 * the lanes served by the write log. */
static inline unsigned txref_done(txref_t *x, const uint8_t *img, uint64_t cycle,
                                  const uint32_t *word_o)
{
  const unsigned w = x->wid;
  const int store = x->op == WW_TXL_STORE, reads = !store || x->bytes < 4;
  const int full = txref_full(x) != 0;
  unsigned hits = 0;
  uint32_t word[LANES] = { 0 }, raddr[LANES], rval[LANES];
  for (unsigned l = 0; l < LANES; l++) {
    const uint32_t wa = x->addr[l] & ~3u;
    raddr[l] = WW_TX_LOG_VOID;
    rval[l] = 0;
    if (full || !(x->mask >> l & 1u))
      continue;
    if (!reads) {
      word[l] = x->data[l];
      continue;
    }
    if (txref_own_write(x, w, l, wa, &word[l])) {
      hits++;
    } else {
      if (!txref_l2_word(x, wa, &word[l]))
        txref_fail(cycle, "L2 read of the lane's line (missing; address)", w, l, 0, wa);
      raddr[l] = wa;
      rval[l] = word[l];
    }
  }
  if (!store)
    for (unsigned l = 0; l < LANES; l++)
      if (word_o[l] != word[l])
        txref_fail(cycle, "the answered word", w, l, word_o[l], word[l]);
  if (full || !x->mask)
    return hits;
  if (reads) {
    txref_check_entry(x, img, cycle, 0, x->rlen[w], raddr, rval);
    for (unsigned l = 0; l < LANES; l++)
      x->rlog[w][x->rlen[w]][l] = (ent_t){ raddr[l], rval[l] };
    x->rlen[w]++;
  }
  if (!store)
    return hits;
  uint32_t waddr[LANES], wval[LANES];
  for (unsigned l = 0; l < LANES; l++) {
    const unsigned sh = 8 * (x->addr[l] & 3u);
    const uint32_t bm = x->bytes == 1 ? 0xFFu : x->bytes == 2 ? 0xFFFFu : ~0u;
    waddr[l] = WW_TX_LOG_VOID;
    wval[l] = 0;
    if (x->mask >> l & 1u) {
      waddr[l] = x->addr[l] & ~3u;
      wval[l] = (word[l] & ~(bm << sh)) | ((x->data[l] & bm) << sh);
    }
    x->wlog[w][x->wlen[w]][l] = (ent_t){ waddr[l], wval[l] };
  }
  txref_check_entry(x, img, cycle, 1, x->wlen[w], waddr, wval);
  x->wlen[w]++;
  return hits;
}

/* ---- curef: the commit units of one commit ------------------------------ */

enum { ST_MAIN, ST_OUTCOME, ST_RES_R, ST_FINAL, ST_RES_W, ST_RETIRE };
typedef struct { unsigned st, cur_r, cur_w; } strm_t;   /* a (lane, partition) stream */
typedef struct { uint64_t due; unsigned part, kind; uint32_t cid; } msg_t;
#define CUREF_MSGQ 1024

typedef struct {
  uint32_t mask, base;                          /* the committing lanes, the first CID */
  const ent_t (*rlog)[LANES], (*wlog)[LANES];   /* the warp's logs */
  unsigned rlen, wlen;
  strm_t sm[LANES][NPART];
  int fail[LANES][NPART];
  msg_t q[CUREF_MSGQ];                          /* messages on their way */
  unsigned qn;
  uint64_t n_pkts, n_resend;
} curef_t;

static inline void curef_bad(uint64_t cycle, const char *what, unsigned lane, unsigned part)
{
  ww_stim_fail("cycle %llu lane %u partition %u: %s", (unsigned long long)cycle, lane, part,
               what);
}

static inline unsigned curef_part(uint32_t a)
{
  return (a / LINEB) % NPART;
}

/* the CID of lane l: the base + the lane's rank in the mask */
static inline uint32_t curef_cid(const curef_t *c, unsigned l)
{
  return (c->base + (uint32_t)__builtin_popcount(c->mask & ((1u << l) - 1u))) & CIDM;
}

/* a new commit: its streams open, no outcome yet */
static inline void curef_start(curef_t *c, uint32_t mask)
{
  c->mask = mask;
  memset(c->sm, 0, sizeof c->sm);
  memset(c->fail, 0, sizeof c->fail);
}

static inline void curef_push(curef_t *c, ww_rng_t *r, uint64_t now, unsigned part,
                              unsigned kind, uint32_t cid)
{
  if (c->qn == CUREF_MSGQ) {
    fprintf(stderr, "tm lockstep stimulus: message queue full\n");
    exit(2);
  }
  c->q[c->qn++] = (msg_t){ now + 1 + ww_rng_below(r, 30), part, kind, cid };
}

/* the next entry of a log of lane l for partition p, from *cur on */
static inline int curef_next_entry(const ent_t (*log)[LANES], unsigned len, unsigned l,
                                   unsigned p, unsigned *cur, ent_t *e)
{
  while (*cur < len) {
    const ent_t *x = &log[(*cur)++][l];
    if (x->addr != WW_TX_LOG_VOID && curef_part(x->addr) == p) {
      *e = *x;
      return 1;
    }
  }
  return 0;
}

/* a packet the unit sent: check it against the lane's logs and move the
 * commit unit of its partition on */
static inline void curef_packet(curef_t *c, ww_rng_t *r, uint64_t cycle, unsigned p,
                                unsigned kind, uint32_t cid, uint64_t addr, uint64_t data)
{
  c->n_pkts++;
  unsigned l = LANES;
  for (unsigned k = 0; k < LANES; k++)
    if ((c->mask >> k & 1u) && curef_cid(c, k) == cid)
      l = k;
  if (l == LANES || p >= NPART) {
    curef_bad(cycle, "packet for a CID or partition outside the commit", l, p);
    return;
  }
  strm_t *t = &c->sm[l][p];
  if (kind == WW_TM_PKT_FINAL) {
    int pass = 1;
    for (unsigned q = 0; q < NPART; q++) {
      const unsigned qs = c->sm[l][q].st;
      if (qs != ST_FINAL && qs != ST_RES_W && qs != ST_RETIRE)
        curef_bad(cycle, "FINAL before every partition gave its local outcome", l, q);
      pass &= !c->fail[l][q];
    }
    if (t->st != ST_FINAL)
      curef_bad(cycle, "a second FINAL to this partition", l, p);
    if ((data & 1u) != (uint64_t)pass)
      curef_bad(cycle, "FINAL's outcome is not the AND of the partitions' outcomes", l, p);
    if (ww_rng_chance(r, 1, 4)) {
      t->st = ST_RES_W;
      t->cur_w = 0;
      c->n_resend++;
      curef_push(c, r, cycle, p, WW_TM_MSG_RESEND_W, cid);
    } else {
      t->st = ST_RETIRE;
      curef_push(c, r, cycle, p, WW_TM_MSG_RETIRED, cid);
    }
    return;
  }
  ent_t e;
  if (t->st == ST_MAIN) {
    if (curef_next_entry(c->rlog, c->rlen, l, p, &t->cur_r, &e)) {
      if (kind != WW_TM_PKT_RLOG || addr != e.addr >> 2 || data != e.val)
        curef_bad(cycle, "not the lane's next read-log entry of this partition", l, p);
      return;
    }
    if (curef_next_entry(c->wlog, c->wlen, l, p, &t->cur_w, &e)) {
      if (kind != WW_TM_PKT_WLOG || addr != e.addr >> 2 || data != e.val)
        curef_bad(cycle, "not the lane's next write-log entry of this partition", l, p);
      return;
    }
    if (kind != WW_TM_PKT_END)
      curef_bad(cycle, "expected END after the lane's logs", l, p);
    /* the commit unit's local outcome, sometimes after a read-set resend */
    if (ww_rng_chance(r, 1, 4)) {
      t->st = ST_RES_R;
      t->cur_r = 0;
      c->n_resend++;
      curef_push(c, r, cycle, p, WW_TM_MSG_RESEND_R, cid);
      return;
    }
  } else if (t->st == ST_RES_R || t->st == ST_RES_W) {
    const int w = t->st == ST_RES_W;
    if (curef_next_entry(w ? c->wlog : c->rlog, w ? c->wlen : c->rlen, l, p,
                         w ? &t->cur_w : &t->cur_r, &e)) {
      if (kind != (w ? WW_TM_PKT_WLOG : WW_TM_PKT_RLOG) || addr != e.addr >> 2 || data != e.val)
        curef_bad(cycle, "not the lane's next entry of the resent log", l, p);
      return;
    }
    if (kind != WW_TM_PKT_END)
      curef_bad(cycle, "expected END after the resent log", l, p);
    if (w) {
      t->st = ST_RETIRE;
      curef_push(c, r, cycle, p, WW_TM_MSG_RETIRED, cid);
      return;
    }
  } else {
    curef_bad(cycle, "log packet while the stream is closed", l, p);
  }
  /* END of the main stream or of a read-set resend: the local outcome */
  c->fail[l][p] = ww_rng_chance(r, 1, 5);
  t->st = ST_OUTCOME;
  curef_push(c, r, cycle, p, c->fail[l][p] ? WW_TM_MSG_FAIL : WW_TM_MSG_PASS, cid);
}

/* This cycle's message: the oldest due one (4 times in 5), else none and
 * junk fields. Returns msg_valid_i. */
static inline int curef_message(curef_t *c, ww_rng_t *r, uint64_t cycle, uint64_t *part,
                                uint64_t *kind, uint64_t *cid)
{
  unsigned best = CUREF_MSGQ;
  for (unsigned i = 0; i < c->qn; i++)
    if (c->q[i].due <= cycle && (best == CUREF_MSGQ || c->q[i].due < c->q[best].due))
      best = i;
  if (best < CUREF_MSGQ && ww_rng_chance(r, 4, 5)) {
    const msg_t m = c->q[best];
    c->q[best] = c->q[--c->qn];
    *part = m.part;
    *kind = m.kind;
    *cid = m.cid;
    if (m.kind == WW_TM_MSG_PASS || m.kind == WW_TM_MSG_FAIL)
      /* the outcome is out: once every partition's is, FINAL may come */
      for (unsigned l = 0; l < LANES; l++)
        if ((c->mask >> l & 1u) && curef_cid(c, l) == m.cid)
          c->sm[l][m.part].st = ST_FINAL;
    return 1;
  }
  *part = ww_rng_below(r, NPART);
  *kind = ww_rng_bits(r, WW_TM_MSG_W);
  *cid = ww_rng_bits(r, WW_CID_W);
  return 0;
}

/* the lanes some partition failed */
static inline uint32_t curef_fail_mask(const curef_t *c)
{
  uint32_t f = 0;
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned p = 0; p < NPART; p++)
      if ((c->mask >> l & 1u) && c->fail[l][p])
        f |= 1u << l;
  return f;
}

/* a stream not yet retired: 1 and its lane and partition */
static inline int curef_unretired(const curef_t *c, unsigned *lane, unsigned *part)
{
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned p = 0; p < NPART; p++)
      if ((c->mask >> l & 1u) && c->sm[l][p].st != ST_RETIRE) {
        *lane = l;
        *part = p;
        return 1;
      }
  return 0;
}

#endif /* TM_REF_H */
