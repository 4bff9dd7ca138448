/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_sm (rtl/tm/ww_tm_sm.v).
 * Stimulus: plays the LSU, the SM, the commit-ID vendor, the L1 and one
 * commit unit per partition.
 *  - LSU: transactional LOADs and STOREs (1, 2 or 4 bytes, random lanes, a
 *    small pool of words, so read-own-write is common) of random warps,
 *    held until taken, one at a time; never of the warp that commits.
 *    Mostly not to a full log (the LSU traps TX_LOG_FULL itself), now and
 *    then to one.
 *  - SM: now and then the outermost commit of a warp with no access in
 *    flight (random lanes), held until taken; its done taken after a
 *    random delay.
 *  - vendor: a grant after a random wait, consecutive CIDs.
 *  - L1: one request of each source at a time, answered per source after a
 *    random latency (one load answer per cycle; the log unit's stores write
 *    the image and are acknowledged; an INVAL is taken and not answered),
 *    back-pressure; now and then another SM changes a word of the pool.
 *  - commit units: each partition answers the END of a CID with PASS or
 *    FAIL (some after a RESEND_R), a FINAL with RETIRED (some after a
 *    RESEND_W), after random delays, one message per cycle (as in
 *    tm_commit_walk.c).
 * Mid-run resets.
 * Independent check (a host reference, not the C model): per warp and lane
 * the stimulus keeps its own read and write logs (tm_txlog.c's reference):
 * at each access's done the words and the log entries written into the
 * image; per CID and partition the packets must be the lane's read-log
 * entries of that partition in log order, then its write-log entries, then
 * END (tm_commit_walk.c's reference); FINAL's pass and fin_* (warp, lane,
 * CID, pass); the commit's done fail mask = the lanes some partition
 * failed (the AND of the partitions' passes); the warp's log lengths stay
 * until every partition retired every CID, are 0 (CLEAR) when the INVAL
 * is taken, the INVAL comes exactly once per commit, after every
 * retirement and before done; the warp's logs are empty at done.
 */
#include "ww_lockstep.h"
#include "ww_tm_sm.h"
#include "ww_tm_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WW_PORTS_DEF "ww_tm_sm.ports.def"
#define WW_IN_T ww_tm_sm_in_t
#define WW_OUT_T ww_tm_sm_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES
#define LINEB WW_LINE_BYTES
#define LOGW WW_TX_LOG_WORDS
#define NPART WW_NUM_PART
#define LPL (LINEB / 4)
#define ENT_W WW_CLOG2(WW_TX_LOG_WORDS + 1)
#define POOL_LINES 6
#define DATA_BYTES 4096u
#define LOG_BASE 0x10000u
#define LOG_BYTES ((uint32_t)WARPS * 2u * LOGW * 2u * 4u * LANES)
#define IMG_BYTES (LOG_BASE + LOG_BYTES)
#define CIDM ((1u << WW_CID_W) - 1)
#define MSGQ 1024

typedef struct { uint32_t addr, val; } ent_t;

/* one lane and partition's stream as the commit unit sees it */
enum { ST_MAIN, ST_OUTCOME, ST_RES_R, ST_FINAL, ST_RES_W, ST_RETIRE };
typedef struct { unsigned st, cur_r, cur_w; } strm_t;
typedef struct { uint64_t due; unsigned part, kind; uint32_t cid; } msg_t;
typedef struct { int busy; unsigned left, op; uint32_t line; } memq_t;

typedef struct {
  uint8_t *img;
  int in_reset;
  unsigned lat_max;
  uint32_t pool[POOL_LINES];
  /* LSU: the access */
  int apend, abusy;
  unsigned op, wid, bytes;
  uint32_t mask, addr[LANES], data[LANES];
  uint32_t rd_line[LANES], rd_data[LANES][LPL];
  unsigned n_rd;
  /* host reference: each warp's logs */
  unsigned rlen[WARPS], wlen[WARPS];
  ent_t (*rlog)[LOGW][LANES], (*wlog)[LOGW][LANES];
  /* SM: the commit */
  int cpend, cbusy, cdone_rdy, granted, inval_seen;
  unsigned cwid, grant_wait;
  uint32_t cmask, base, cid_ctr;
  strm_t sm[LANES][NPART];
  int fail[LANES][NPART];
  /* L1 */
  memq_t mq[2];
  int last_l1_ready, last_pkt_ready;
  /* commit units */
  msg_t q[MSGQ];
  unsigned qn;
  uint64_t n_acc, n_walk_hits, n_full, n_commits, n_pkts, n_resend, n_fail, n_overlap;
} stim_t;

WW_MODEL_HOOKS(ww_tm_sm)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->img = calloc(1, IMG_BYTES);
  s->rlog = calloc(WARPS, sizeof *s->rlog);
  s->wlog = calloc(WARPS, sizeof *s->wlog);
  if (!s->img || !s->rlog || !s->wlog) {
    free(s->img), free(s->rlog), free(s->wlog), free(s);
    return NULL;
  }
  return s;
}

static void ww_stim_free(void *vs)
{
  stim_t *s = vs;
  if (!s)
    return;
  fprintf(stderr, "tm_sm stimulus: %llu accesses (%llu lanes from the write log, %llu full) and "
          "%llu commits (%llu packets, %llu resends, %llu failed lanes) checked against the "
          "host reference; %llu cycles with both sources' L1 requests in flight\n",
          (unsigned long long)s->n_acc, (unsigned long long)s->n_walk_hits,
          (unsigned long long)s->n_full, (unsigned long long)s->n_commits,
          (unsigned long long)s->n_pkts, (unsigned long long)s->n_resend,
          (unsigned long long)s->n_fail, (unsigned long long)s->n_overlap);
  free(s->img);
  free(s->rlog);
  free(s->wlog);
  free(s);
}

static uint32_t rd32(const stim_t *s, uint32_t a)
{
  uint32_t v;
  memcpy(&v, s->img + a, 4);
  return v;
}

static void failw(uint64_t cycle, const char *what, unsigned w, unsigned l, uint32_t got,
                  uint32_t want)
{
  ww_stim_fail("cycle %llu warp %u lane %u: %s is %08x, the host reference says %08x",
               (unsigned long long)cycle, w, l, what, got, want);
}

static void bad(uint64_t cycle, const char *what, unsigned lane, unsigned part)
{
  ww_stim_fail("cycle %llu lane %u partition %u: %s", (unsigned long long)cycle, lane, part,
               what);
}

static unsigned part_of(uint32_t a)
{
  return (a / LINEB) % NPART;
}

static unsigned len_of(const uint32_t *v, unsigned w)
{
  return ww_bits_get(v, w * ENT_W, ENT_W);
}

/* ---- the log unit's reference (tm_txlog.c) ------------------------------ */

static int own_write(const stim_t *s, unsigned w, unsigned l, uint32_t wa, uint32_t *v)
{
  for (unsigned i = s->wlen[w]; i-- > 0;)
    if (s->wlog[w][i][l].addr == wa) {
      *v = s->wlog[w][i][l].val;
      return 1;
    }
  return 0;
}

static int l2_word(const stim_t *s, uint32_t wa, uint32_t *v)
{
  for (unsigned k = s->n_rd; k-- > 0;)
    if (s->rd_line[k] == wa / LINEB) {
      *v = s->rd_data[k][(wa / 4) % LPL];
      return 1;
    }
  return 0;
}

static void check_entry(stim_t *s, uint64_t cycle, unsigned wlog, unsigned i,
                        const uint32_t *addr, const uint32_t *val)
{
  const uint32_t e = ww_tm_txlog_entry(LOG_BASE, LANES, LOGW, s->wid, wlog, i);
  for (unsigned l = 0; l < LANES; l++) {
    if (rd32(s, e + 4 * l) != addr[l])
      failw(cycle, wlog ? "write-log address" : "read-log address", s->wid, l,
            rd32(s, e + 4 * l), addr[l]);
    if (rd32(s, e + 4 * LANES + 4 * l) != val[l])
      failw(cycle, wlog ? "write-log word" : "read-log word", s->wid, l,
            rd32(s, e + 4 * LANES + 4 * l), val[l]);
  }
}

/* the access just finished (acc_done_o): check it, then update the logs */
static void retire(stim_t *s, uint64_t cycle, const ww_tm_sm_out_t *o)
{
  const unsigned w = s->wid;
  s->n_acc++;
  const int store = s->op == WW_TXL_STORE, reads = !store || s->bytes < 4;
  const int full = (reads && s->rlen[w] >= LOGW) || (store && s->wlen[w] >= LOGW);
  uint32_t word[LANES] = { 0 }, raddr[LANES], rval[LANES];
  if (full)
    s->n_full++;
  for (unsigned l = 0; l < LANES && !full; l++) {
    const uint32_t wa = s->addr[l] & ~3u;
    raddr[l] = WW_TX_LOG_VOID;
    rval[l] = 0;
    if (!(s->mask >> l & 1u))
      continue;
    if (!reads) {
      word[l] = s->data[l];
      continue;
    }
    if (own_write(s, w, l, wa, &word[l])) {
      s->n_walk_hits++;
    } else {
      if (!l2_word(s, wa, &word[l]))
        failw(cycle, "L2 read of the lane's line (missing; address)", w, l, 0, wa);
      raddr[l] = wa;
      rval[l] = word[l];
    }
  }
  if (!store)
    for (unsigned l = 0; l < LANES; l++)
      if ((uint32_t)o->acc_word_o[l] != word[l])
        failw(cycle, "acc_word_o", w, l, (uint32_t)o->acc_word_o[l], word[l]);
  if (full || !s->mask)
    return;
  if (reads) {
    check_entry(s, cycle, 0, s->rlen[w], raddr, rval);
    for (unsigned l = 0; l < LANES; l++)
      s->rlog[w][s->rlen[w]][l] = (ent_t){ raddr[l], rval[l] };
    s->rlen[w]++;
  }
  if (!store)
    return;
  uint32_t waddr[LANES], wval[LANES];
  for (unsigned l = 0; l < LANES; l++) {
    const unsigned sh = 8 * (s->addr[l] & 3u);
    const uint32_t bm = s->bytes == 1 ? 0xFFu : s->bytes == 2 ? 0xFFFFu : ~0u;
    waddr[l] = WW_TX_LOG_VOID;
    wval[l] = 0;
    if (s->mask >> l & 1u) {
      waddr[l] = s->addr[l] & ~3u;
      wval[l] = (word[l] & ~(bm << sh)) | ((s->data[l] & bm) << sh);
    }
    s->wlog[w][s->wlen[w]][l] = (ent_t){ waddr[l], wval[l] };
  }
  check_entry(s, cycle, 1, s->wlen[w], waddr, wval);
  s->wlen[w]++;
}

static int access_busy(const stim_t *s, unsigned w)
{
  return (s->apend || s->abusy) && s->wid == w;
}

static int committing(const stim_t *s, unsigned w)
{
  return (s->cpend || s->cbusy) && s->cwid == w;
}

/* a new access of a warp that does not commit; 0 when none fits */
static int new_access(stim_t *s, ww_rng_t *r)
{
  const unsigned w = (unsigned)ww_rng_below(r, WARPS);
  if (committing(s, w))
    return 0;
  s->wid = w;
  s->op = ww_rng_chance(r, 1, 2) ? WW_TXL_LOAD : WW_TXL_STORE;
  const unsigned k = (unsigned)ww_rng_below(r, 8);
  s->bytes = k < 5 ? 4 : k < 7 ? 2 : 1;
  const int store = s->op == WW_TXL_STORE, reads = !store || s->bytes < 4;
  const int full = (reads && s->rlen[w] >= LOGW) || (store && s->wlen[w] >= LOGW);
  if (full && !ww_rng_chance(r, 1, 20))
    return 0;
  s->mask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    s->mask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  if (ww_rng_chance(r, 1, 50))
    s->mask = 0;
  for (unsigned l = 0; l < LANES; l++) {
    const uint32_t line = s->pool[ww_rng_below(r, ww_rng_chance(r, 1, 2) ? 2 : POOL_LINES)];
    uint32_t a = line * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    a += (uint32_t)ww_rng_below(r, 4 / s->bytes) * s->bytes;
    s->addr[l] = a;
    s->data[l] = (uint32_t)ww_rng_bits(r, 32);
  }
  return 1;
}

/* ---- the commit units' reference (tm_commit_walk.c) --------------------- */

static uint32_t rank_cid(const stim_t *s, unsigned l)
{
  return (s->base + (uint32_t)__builtin_popcount(s->cmask & ((1u << l) - 1u))) & CIDM;
}

static void push_msg(stim_t *s, ww_rng_t *r, uint64_t now, unsigned part, unsigned kind,
                     uint32_t cid)
{
  if (s->qn == MSGQ) {
    fprintf(stderr, "tm_sm stimulus: message queue full\n");
    exit(2);
  }
  s->q[s->qn++] = (msg_t){ now + 1 + ww_rng_below(r, 30), part, kind, cid };
}

static int next_entry(const ent_t (*log)[LANES], unsigned len, unsigned l, unsigned p,
                      unsigned *cur, ent_t *e)
{
  while (*cur < len) {
    const ent_t *x = &log[(*cur)++][l];
    if (x->addr != WW_TX_LOG_VOID && part_of(x->addr) == p) {
      *e = *x;
      return 1;
    }
  }
  return 0;
}

static void packet(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_tm_sm_out_t *o)
{
  s->n_pkts++;
  const unsigned p = (unsigned)o->pkt_part_o, kind = (unsigned)o->pkt_kind_o, w = s->cwid;
  const uint32_t cid = (uint32_t)o->pkt_cid_o;
  const unsigned rlen = s->rlen[w], wlen = s->wlen[w];
  unsigned l = LANES;
  for (unsigned k = 0; k < LANES; k++)
    if ((s->cmask >> k & 1u) && rank_cid(s, k) == cid)
      l = k;
  if (!s->cbusy || s->granted != 2 || l == LANES || p >= NPART) {
    bad(cycle, "packet outside a granted commit, its CIDs or the partitions", l, p);
    return;
  }
  strm_t *t = &s->sm[l][p];
  if (kind == WW_TM_PKT_FINAL) {
    int pass = 1;
    for (unsigned q = 0; q < NPART; q++) {
      const unsigned qs = s->sm[l][q].st;
      if (qs != ST_FINAL && qs != ST_RES_W && qs != ST_RETIRE)
        bad(cycle, "FINAL before every partition gave its local outcome", l, q);
      pass &= !s->fail[l][q];
    }
    if (t->st != ST_FINAL)
      bad(cycle, "a second FINAL to this partition", l, p);
    if ((o->pkt_data_o & 1u) != (uint32_t)pass)
      bad(cycle, "FINAL's outcome is not the AND of the partitions' outcomes", l, p);
    if (ww_rng_chance(r, 1, 4)) {
      t->st = ST_RES_W;
      t->cur_w = 0;
      s->n_resend++;
      push_msg(s, r, cycle, p, WW_TM_MSG_RESEND_W, cid);
    } else {
      t->st = ST_RETIRE;
      push_msg(s, r, cycle, p, WW_TM_MSG_RETIRED, cid);
    }
    return;
  }
  ent_t e;
  if (t->st == ST_MAIN) {
    if (next_entry(s->rlog[w], rlen, l, p, &t->cur_r, &e)) {
      if (kind != WW_TM_PKT_RLOG || o->pkt_addr_o != e.addr >> 2 || o->pkt_data_o != e.val)
        bad(cycle, "not the lane's next read-log entry of this partition", l, p);
      return;
    }
    if (next_entry(s->wlog[w], wlen, l, p, &t->cur_w, &e)) {
      if (kind != WW_TM_PKT_WLOG || o->pkt_addr_o != e.addr >> 2 || o->pkt_data_o != e.val)
        bad(cycle, "not the lane's next write-log entry of this partition", l, p);
      return;
    }
    if (kind != WW_TM_PKT_END)
      bad(cycle, "expected END after the lane's logs", l, p);
    if (ww_rng_chance(r, 1, 4)) {
      t->st = ST_RES_R;
      t->cur_r = 0;
      s->n_resend++;
      push_msg(s, r, cycle, p, WW_TM_MSG_RESEND_R, cid);
      return;
    }
  } else if (t->st == ST_RES_R || t->st == ST_RES_W) {
    const int wl = t->st == ST_RES_W;
    if (next_entry(wl ? s->wlog[w] : s->rlog[w], wl ? wlen : rlen, l, p,
                   wl ? &t->cur_w : &t->cur_r, &e)) {
      if (kind != (wl ? WW_TM_PKT_WLOG : WW_TM_PKT_RLOG) || o->pkt_addr_o != e.addr >> 2 ||
          o->pkt_data_o != e.val)
        bad(cycle, "not the lane's next entry of the resent log", l, p);
      return;
    }
    if (kind != WW_TM_PKT_END)
      bad(cycle, "expected END after the resent log", l, p);
    if (wl) {
      t->st = ST_RETIRE;
      push_msg(s, r, cycle, p, WW_TM_MSG_RETIRED, cid);
      return;
    }
  } else {
    bad(cycle, "log packet while the stream is closed", l, p);
    return;
  }
  s->fail[l][p] = ww_rng_chance(r, 1, 5);
  t->st = ST_OUTCOME;
  push_msg(s, r, cycle, p, s->fail[l][p] ? WW_TM_MSG_FAIL : WW_TM_MSG_PASS, cid);
}

/* every lane and partition of the commit retired, and the message out */
static int all_retired(const stim_t *s)
{
  if (s->qn)
    return 0;
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned p = 0; p < NPART; p++)
      if ((s->cmask >> l & 1u) && s->sm[l][p].st != ST_RETIRE)
        return 0;
  return 1;
}

static uint32_t fail_mask(const stim_t *s)
{
  uint32_t f = 0;
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned p = 0; p < NPART; p++)
      if ((s->cmask >> l & 1u) && s->fail[l][p])
        f |= 1u << l;
  return f;
}

static void new_commit(stim_t *s, ww_rng_t *r, unsigned w)
{
  s->cwid = w;
  s->cmask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    s->cmask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  if (ww_rng_chance(r, 1, 40))
    s->cmask = 0;
  memset(s->sm, 0, sizeof s->sm);
  memset(s->fail, 0, sizeof s->fail);
  s->granted = 0;
  s->inval_seen = 0;
  s->grant_wait = (unsigned)ww_rng_below(r, 8);
}

/* ---- one cycle -------------------------------------------------------- */

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_sm_out_t *prev = vprev;
  ww_tm_sm_in_t *in = vin;
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->log_base_i = LOG_BASE;

  if (cycle == 0 || !in->rst_ni) {   /* a new run or a reset: the block forgets */
    if (cycle == 0 || !s->in_reset) {
      for (unsigned i = 0; i < POOL_LINES; i++)
        s->pool[i] = (uint32_t)ww_rng_below(r, DATA_BYTES / LINEB);
      s->lat_max = ww_rng_chance(r, 1, 3) ? 30 : 6;
    }
    s->in_reset = 1;
    s->apend = s->abusy = 0;
    s->cpend = s->cbusy = s->cdone_rdy = 0;
    s->mq[0].busy = s->mq[1].busy = 0;
    s->last_l1_ready = s->last_pkt_ready = 0;
    s->qn = 0;
    for (unsigned w = 0; w < WARPS; w++)
      s->rlen[w] = s->wlen[w] = 0;
    return;
  }
  s->in_reset = 0;

  /* ---- what happened at last cycle's edge ---- */
  if (s->last_l1_ready && prev->l1_req_valid_o) {   /* the L1 took a request */
    const unsigned src = (unsigned)prev->l1_req_src_o, op = (unsigned)prev->l1_req_op_o;
    if (op == WW_L1_INVAL) {
      if (src != 1 || !s->cbusy)
        bad(cycle - 1, "an INVAL outside a commit (or not of the commit side)", 0, 0);
      else {
        if (s->inval_seen++)
          bad(cycle - 1, "a second INVAL in one commit", 0, 0);
        if (!all_retired(s))
          bad(cycle - 1, "INVAL before every partition retired every CID", 0, 0);
        if (len_of(prev->rlen_o, s->cwid) || len_of(prev->wlen_o, s->cwid))
          bad(cycle - 1, "INVAL before the CLEAR emptied the warp's logs", 0, 0);
      }
    } else {
      memq_t *q = &s->mq[src];
      if (q->busy)
        bad(cycle - 1, "a second L1 request of one source in flight", src, 0);
      if (src == 1 && op != WW_L1_LOAD_STRONG)
        bad(cycle - 1, "the commit side's request is neither a load nor an INVAL", src, 0);
      q->busy = 1;
      q->op = op;
      q->line = (uint32_t)prev->l1_req_line_o;
      q->left = (unsigned)ww_rng_below(r, s->lat_max);
      if (op == WW_L1_STORE) {
        if (q->line * LINEB < LOG_BASE || q->line * LINEB >= IMG_BYTES)
          bad(cycle - 1, "a log store outside the logs", 0, 0);
        else
          for (unsigned b = 0; b < LINEB; b++)
            s->img[q->line * LINEB + b] = (uint8_t)(prev->l1_req_wdata_o[b / 4] >> (8 * (b % 4)));
      }
    }
  }
  /* the access: taken, or done */
  if (s->apend && prev->acc_ready_o) {
    s->apend = 0;
    s->abusy = 1;
    s->n_rd = 0;
  } else if (s->abusy && prev->acc_done_o) {
    retire(s, cycle - 1, prev);
    s->abusy = 0;
  } else if (!s->abusy && prev->acc_done_o) {
    bad(cycle - 1, "acc_done_o without an access", 0, 0);
  }
  /* the commit */
  if (s->cbusy && s->granted == 1) {
    if (prev->cid_n_o != (uint64_t)__builtin_popcount(s->cmask))
      bad(cycle - 1, "cid_n_o is not the number of committing lanes", 0, 0);
    s->granted = 2;
  }
  if (s->cbusy && prev->pkt_valid_o && s->last_pkt_ready)
    packet(s, r, cycle - 1, prev);
  if (prev->fin_valid_o) {
    const unsigned l = (unsigned)prev->fin_lane_o;
    if (!s->cbusy || prev->fin_wid_o != s->cwid || l >= LANES || !(s->cmask >> l & 1u) ||
        prev->fin_cid_o != rank_cid(s, l) || !prev->pkt_valid_o ||
        prev->pkt_kind_o != WW_TM_PKT_FINAL || prev->fin_pass_o != (prev->pkt_data_o & 1u))
      bad(cycle - 1, "fin_* is not the commit's warp, lane, CID and FINAL outcome", l, 0);
  }
  if (s->cbusy && !all_retired(s) &&
      (len_of(prev->rlen_o, s->cwid) != s->rlen[s->cwid] ||
       len_of(prev->wlen_o, s->cwid) != s->wlen[s->cwid]))
    bad(cycle - 1, "the committing warp's log lengths changed before its walk ended", 0, 0);
  if (s->cpend && prev->cmt_ready_o) {
    s->cpend = 0;
    s->cbusy = 1;
  } else if (s->cbusy && prev->cmt_done_valid_o && s->cdone_rdy) {
    const unsigned w = s->cwid;
    if (prev->cmt_done_wid_o != w)
      bad(cycle - 1, "cmt_done_wid_o is not the committing warp", 0, 0);
    if ((uint32_t)prev->cmt_done_fail_o != fail_mask(s))
      bad(cycle - 1, "cmt_done_fail_o is not the lanes some partition failed", 0, 0);
    if (!s->inval_seen)
      bad(cycle - 1, "done before the INVAL", 0, 0);
    if (!all_retired(s))
      bad(cycle - 1, "done before every partition retired every CID", 0, 0);
    if (len_of(prev->rlen_o, w) || len_of(prev->wlen_o, w))
      bad(cycle - 1, "the warp's logs are not empty after its commit", 0, 0);
    s->n_fail += (uint64_t)__builtin_popcount(fail_mask(s));
    s->n_commits++;
    s->rlen[w] = s->wlen[w] = 0;
    s->cbusy = 0;
  }
  if (s->mq[0].busy && s->mq[1].busy)
    s->n_overlap++;

  /* another SM commits a word of the pool */
  if (ww_rng_chance(r, 1, 40)) {
    const uint32_t a = s->pool[ww_rng_below(r, POOL_LINES)] * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    const uint32_t v = (uint32_t)ww_rng_bits(r, 32);
    memcpy(s->img + a, &v, 4);
  }

  /* ---- the vendor ---- */
  if (s->cbusy && !s->granted && prev->cid_req_o) {
    if (s->grant_wait)
      s->grant_wait--;
    else {
      in->cid_grant_i = 1;
      s->base = s->cid_ctr;
      s->cid_ctr = (s->cid_ctr + (uint32_t)__builtin_popcount(s->cmask)) & CIDM;
      s->granted = 1;
    }
  }
  in->cid_base_i = s->granted == 1 ? s->base : ww_rng_bits(r, WW_CID_W);

  /* ---- the L1's answers: a store's acknowledgement, one load answer ---- */
  for (unsigned k = 0; k < 2; k++)
    if (s->mq[k].busy && s->mq[k].left)
      s->mq[k].left--;
  if (s->mq[0].busy && !s->mq[0].left && s->mq[0].op == WW_L1_STORE) {
    s->mq[0].busy = 0;
    in->l1_wack_i = 1;
  }
  {
    int due[2];
    for (unsigned k = 0; k < 2; k++)
      due[k] = s->mq[k].busy && !s->mq[k].left && s->mq[k].op != WW_L1_STORE;
    const int k = due[0] && due[1] ? (int)ww_rng_below(r, 2) : due[1] ? 1 : due[0] ? 0 : -1;
    if (k >= 0) {
      memq_t *q = &s->mq[k];
      q->busy = 0;
      in->l1_rsp_valid_i = 1;
      in->l1_rsp_src_i = (uint64_t)k;
      for (unsigned j = 0; j < LPL; j++)
        in->l1_rsp_data_i[j] = q->line * LINEB + 4 * j + 4 <= IMG_BYTES
                                   ? rd32(s, q->line * LINEB + 4 * j) : 0;
      if (k == 0 && q->line * LINEB < LOG_BASE && s->n_rd < LANES) {   /* an L2 read of data */
        s->rd_line[s->n_rd] = q->line;
        memcpy(s->rd_data[s->n_rd], in->l1_rsp_data_i, sizeof s->rd_data[0]);
        s->n_rd++;
      }
    } else {
      in->l1_rsp_src_i = ww_rng_bits(r, 1);
      for (unsigned j = 0; j < LPL; j++)
        in->l1_rsp_data_i[j] = (uint32_t)ww_rng_bits(r, 32);
    }
  }
  in->l1_req_ready_i = ww_rng_chance(r, 3, 4);
  in->pkt_ready_i = ww_rng_chance(r, 4, 5);
  s->last_l1_ready = (int)in->l1_req_ready_i;
  s->last_pkt_ready = (int)in->pkt_ready_i;

  /* ---- the commit units: one due message per cycle ---- */
  unsigned best = MSGQ;
  for (unsigned i = 0; i < s->qn; i++)
    if (s->q[i].due <= cycle && (best == MSGQ || s->q[i].due < s->q[best].due))
      best = i;
  if (best < MSGQ && ww_rng_chance(r, 4, 5)) {
    const msg_t m = s->q[best];
    s->q[best] = s->q[--s->qn];
    in->msg_valid_i = 1;
    in->msg_part_i = m.part;
    in->msg_kind_i = m.kind;
    in->msg_cid_i = m.cid;
    if (m.kind == WW_TM_MSG_PASS || m.kind == WW_TM_MSG_FAIL)
      for (unsigned l = 0; l < LANES; l++)
        if ((s->cmask >> l & 1u) && rank_cid(s, l) == m.cid)
          s->sm[l][m.part].st = ST_FINAL;
  } else {
    in->msg_part_i = ww_rng_below(r, NPART);
    in->msg_kind_i = ww_rng_bits(r, WW_TM_MSG_W);
    in->msg_cid_i = ww_rng_bits(r, WW_CID_W);
  }

  /* ---- the SM: a commit, its done ---- */
  if (!s->cpend && !s->cbusy && ww_rng_chance(r, 1, 60)) {
    const unsigned w = (unsigned)ww_rng_below(r, WARPS);
    if (!access_busy(s, w)) {
      new_commit(s, r, w);
      s->cpend = 1;
    }
  }
  if (s->cpend) {
    in->cmt_valid_i = 1;
    in->cmt_wid_i = s->cwid;
    in->cmt_mask_i = s->cmask;
  } else {
    in->cmt_wid_i = ww_rng_below(r, WARPS);
    in->cmt_mask_i = ww_rng_bits(r, LANES);
  }
  in->cmt_done_ready_i = ww_rng_chance(r, 1, 3);
  s->cdone_rdy = (int)in->cmt_done_ready_i;

  /* ---- the LSU: an access, held until taken; junk while none ---- */
  if (!s->apend && !s->abusy && ww_rng_chance(r, 1, 3) && new_access(s, r))
    s->apend = 1;
  if (s->apend) {
    in->acc_valid_i = 1;
    in->acc_op_i = s->op;
    in->acc_wid_i = s->wid;
    in->acc_mask_i = s->mask;
    in->acc_bytes_i = s->bytes;
    for (unsigned l = 0; l < LANES; l++) {
      in->acc_addr_i[l] = s->addr[l];
      in->acc_data_i[l] = s->data[l];
    }
  } else {
    in->acc_op_i = ww_rng_bits(r, WW_TXL_W);
    in->acc_wid_i = ww_rng_below(r, WARPS);
    in->acc_mask_i = ww_rng_bits(r, LANES);
    in->acc_bytes_i = 4;
    for (unsigned l = 0; l < LANES; l++) {
      in->acc_addr_i[l] = (uint32_t)ww_rng_bits(r, 32);
      in->acc_data_i[l] = (uint32_t)ww_rng_bits(r, 32);
    }
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_sm",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES="
            WW_XSTR(WW_LINE_BYTES) " LOG_WORDS=" WW_XSTR(WW_TX_LOG_WORDS) " BLOOM_W="
            WW_XSTR(WW_TX_BLOOM_W) " NUM_PART=" WW_XSTR(WW_NUM_PART) " CID_W=" WW_XSTR(WW_CID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
