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
 *    random delay. One request in three is a watchdog validation of the
 *    warp instead (cmt_wd_i: a read-only commit).
 *  - vendor: a grant after a random wait, consecutive CIDs.
 *  - L1: one load of each source at a time, answered per source after a
 *    random latency (one load answer per cycle; an INVAL is taken and not
 *    answered); the log unit's stores posted, up to STQ in flight, each
 *    reaching the memory image when it is acknowledged (one a cycle, out of
 *    order, stores to one line in the order taken; now and then a slow
 *    one), so a walk that read a log before its stores landed would send
 *    stale entries; back-pressure; now and then another SM changes a word
 *    of the pool.
 *  - commit units: each partition answers the END of a CID with PASS or
 *    FAIL (some after a RESEND_R), a FINAL with RETIRED (some after a
 *    RESEND_W), after random delays, one message per cycle (as in
 *    tm_commit_walk.c).
 * Mid-run resets.
 * Independent check (a host reference, not the C model; txref and curef of
 * tm_ref.h, shared with tm_txlog.c and tm_commit_walk.c): per warp and lane
 * the stimulus keeps its own read and write logs; at each access's done it
 * checks the words and the log entries written into the image; per CID
 * and partition the packets must be the lane's read-log entries of that
 * partition in log order, then its write-log entries, then END; FINAL's
 * pass and fin_* (warp, lane, CID, pass); the commit's done fail mask = the
 * lanes some partition failed (the AND of the partitions' passes); the
 * warp's log lengths stay until every partition retired every CID and are
 * 0 (CLEAR) when the INVAL is taken; the INVAL comes exactly once per
 * commit, after every retirement and before done; the warp's logs are
 * empty at done. A validation: no WLOG packet (the reference's write log
 * has 0 entries for it), never an INVAL, fin_wd_o and cmt_done_wd_o set;
 * at done the warp's logs are unchanged when no lane failed (the next
 * commit of the warp walks them again) and empty when one did.
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

#include "tm_ref.h"

typedef struct { int busy; unsigned left, op; uint32_t line; } memq_t;

typedef struct {
  uint8_t *img;                      /* every store taken (the access checks read it) */
  uint8_t *mem;                      /* the memory: stores acknowledged (answers) */
  int in_reset;
  unsigned lat_max;
  uint32_t pool[POOL_LINES];
  /* LSU: the access (held in x) and the host reference of the logs */
  int apend, abusy;
  txref_t x;
  /* SM: the commit, and the commit units (the host reference of its packets) */
  int cpend, cbusy, cdone_rdy, granted, inval_seen, cwd;
  unsigned cwid, grant_wait;
  uint32_t cid_ctr;
  curef_t c;
  /* L1 */
  memq_t mq[2];
  stq_t stq;
  uint64_t n_st_overlap;
  int last_l1_ready, last_pkt_ready;
  uint64_t n_acc, n_walk_hits, n_full, n_commits, n_fail, n_overlap, n_wd, n_wd_abort;
} stim_t;

WW_MODEL_HOOKS(ww_tm_sm)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (s && (!(s->img = calloc(1, IMG_BYTES)) || !(s->mem = calloc(1, IMG_BYTES)))) {
    free(s->img);
    free(s);
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
          "host reference (%llu of them validations, %llu aborted); %llu cycles with both "
          "sources' L1 requests in flight, %llu with log stores overlapping\n",
          (unsigned long long)s->n_acc, (unsigned long long)s->n_walk_hits,
          (unsigned long long)s->n_full, (unsigned long long)s->n_commits,
          (unsigned long long)s->c.n_pkts, (unsigned long long)s->c.n_resend,
          (unsigned long long)s->n_fail, (unsigned long long)s->n_wd,
          (unsigned long long)s->n_wd_abort, (unsigned long long)s->n_overlap,
          (unsigned long long)s->n_st_overlap);
  free(s->img);
  free(s->mem);
  free(s);
}

static void bad(uint64_t cycle, const char *what)
{
  ww_stim_fail("cycle %llu: %s", (unsigned long long)cycle, what);
}

static unsigned len_of(const uint32_t *v, unsigned w)
{
  return ww_bits_get(v, w * ENT_W, ENT_W);
}

/* the access is done (acc_done_o): check it, then log it */
static void retire(stim_t *s, uint64_t cycle, const ww_tm_sm_out_t *o)
{
  s->n_acc++;
  if (txref_full(&s->x))
    s->n_full++;
  s->n_walk_hits += txref_done(&s->x, s->img, cycle, o->acc_word_o);
}

static int access_busy(const stim_t *s, unsigned w)
{
  return (s->apend || s->abusy) && s->x.wid == w;
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
  s->x.wid = w;
  s->x.op = ww_rng_chance(r, 1, 2) ? WW_TXL_LOAD : WW_TXL_STORE;
  const unsigned k = (unsigned)ww_rng_below(r, 8);
  s->x.bytes = k < 5 ? 4 : k < 7 ? 2 : 1;
  if (txref_full(&s->x) && !ww_rng_chance(r, 1, 20))
    return 0;
  s->x.mask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    s->x.mask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  if (ww_rng_chance(r, 1, 50))
    s->x.mask = 0;
  for (unsigned l = 0; l < LANES; l++) {
    const uint32_t line = s->pool[ww_rng_below(r, ww_rng_chance(r, 1, 2) ? 2 : POOL_LINES)];
    uint32_t a = line * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    a += (uint32_t)ww_rng_below(r, 4 / s->x.bytes) * s->x.bytes;
    s->x.addr[l] = a;
    s->x.data[l] = (uint32_t)ww_rng_bits(r, 32);
  }
  return 1;
}

/* ---- the commit ------------------------------------------------------- */

/* every lane and partition of the commit retired, and the message out */
static int all_retired(const stim_t *s)
{
  unsigned l, p;
  return !s->c.qn && !curef_unretired(&s->c, &l, &p);
}

static void new_commit(stim_t *s, ww_rng_t *r, unsigned w)
{
  uint32_t mask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    mask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  if (ww_rng_chance(r, 1, 40))
    mask = 0;
  s->cwid = w;
  curef_start(&s->c, mask);
  s->c.rlog = (const ent_t (*)[LANES])s->x.rlog[w];
  s->c.wlog = (const ent_t (*)[LANES])s->x.wlog[w];
  s->c.rlen = s->x.rlen[w];
  /* a validation: a read-only commit, the write log is not walked */
  s->cwd = ww_rng_chance(r, 1, 3);
  s->c.wlen = s->cwd ? 0 : s->x.wlen[w];
  s->granted = 0;
  s->inval_seen = 0;
  s->grant_wait = (unsigned)ww_rng_below(r, 8);
}

/* what happened at last cycle's edge (outputs prev): requests taken by the
 * L1, the access taken or done, the commit's grant, packets, done */
static void observe(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_tm_sm_out_t *prev)
{
  if (s->last_l1_ready && prev->l1_req_valid_o) {   /* the L1 took a request */
    const unsigned src = (unsigned)prev->l1_req_src_o, op = (unsigned)prev->l1_req_op_o;
    if (op == WW_L1_INVAL) {
      if (src != 1 || !s->cbusy)
        bad(cycle - 1, "an INVAL outside a commit (or not of the commit side)");
      else if (s->cwd)
        bad(cycle - 1, "an INVAL in a watchdog validation");
      else {
        if (s->inval_seen++)
          bad(cycle - 1, "a second INVAL in one commit");
        if (!all_retired(s))
          bad(cycle - 1, "INVAL before every partition retired every CID");
        if (len_of(prev->rlen_o, s->cwid) || len_of(prev->wlen_o, s->cwid))
          bad(cycle - 1, "INVAL before the CLEAR emptied the warp's logs");
      }
    } else if (op == WW_L1_STORE) {
      const uint32_t line = (uint32_t)prev->l1_req_line_o;
      if (src != 0)
        bad(cycle - 1, "a store of the commit side");
      if (line * LINEB < LOG_BASE || line * LINEB >= IMG_BYTES) {
        bad(cycle - 1, "a log store outside the logs");
      } else {
        stq_take(&s->stq, r, s->lat_max, s->img, line, prev->l1_req_wdata_o);
      }
    } else {
      memq_t *q = &s->mq[src];
      if (q->busy)
        bad(cycle - 1, "a second L1 load of one source in flight");
      if (src == 1 && op != WW_L1_LOAD_STRONG)
        bad(cycle - 1, "the commit side's request is neither a load nor an INVAL");
      q->busy = 1;
      q->op = op;
      q->line = (uint32_t)prev->l1_req_line_o;
      q->left = (unsigned)ww_rng_below(r, s->lat_max);
    }
  }
  /* the access: taken, or done */
  if (s->apend && prev->acc_ready_o) {
    s->apend = 0;
    s->abusy = 1;
    s->x.n_rd = 0;
  } else if (s->abusy && prev->acc_done_o) {
    retire(s, cycle - 1, prev);
    s->abusy = 0;
  } else if (!s->abusy && prev->acc_done_o) {
    bad(cycle - 1, "acc_done_o without an access");
  }
  /* the commit */
  if (s->cbusy && s->granted == 1) {
    if (prev->cid_n_o != (uint64_t)__builtin_popcount(s->c.mask))
      bad(cycle - 1, "cid_n_o is not the number of committing lanes");
    s->granted = 2;
  }
  if (prev->pkt_valid_o && s->last_pkt_ready) {   /* a packet taken */
    if (!s->cbusy || s->granted != 2)
      bad(cycle - 1, "a packet outside a commit whose CIDs were granted");
    else
      curef_packet(&s->c, r, cycle - 1, (unsigned)prev->pkt_part_o, (unsigned)prev->pkt_kind_o,
                   (uint32_t)prev->pkt_cid_o, prev->pkt_addr_o, prev->pkt_data_o);
  }
  if (prev->fin_valid_o) {
    const unsigned l = (unsigned)prev->fin_lane_o;
    if (!s->cbusy || prev->fin_wid_o != s->cwid || l >= LANES || !(s->c.mask >> l & 1u) ||
        prev->fin_cid_o != curef_cid(&s->c, l) || !prev->pkt_valid_o ||
        prev->pkt_kind_o != WW_TM_PKT_FINAL || prev->fin_pass_o != (prev->pkt_data_o & 1u) ||
        prev->fin_wd_o != (uint64_t)s->cwd)
      curef_bad(cycle - 1, "fin_* is not the commit's warp, lane, CID, FINAL outcome and kind", l, 0);
  }
  if (s->cbusy && !all_retired(s) &&
      (len_of(prev->rlen_o, s->cwid) != s->x.rlen[s->cwid] ||
       len_of(prev->wlen_o, s->cwid) != s->x.wlen[s->cwid]))
    bad(cycle - 1, "the committing warp's log lengths changed before its walk ended");
  if (s->cpend && prev->cmt_ready_o) {
    s->cpend = 0;
    s->cbusy = 1;
  } else if (s->cbusy && prev->cmt_done_valid_o && s->cdone_rdy) {
    const unsigned w = s->cwid;
    if (prev->cmt_done_wid_o != w)
      bad(cycle - 1, "cmt_done_wid_o is not the committing warp");
    if ((uint32_t)prev->cmt_done_fail_o != curef_fail_mask(&s->c))
      bad(cycle - 1, "cmt_done_fail_o is not the lanes some partition failed");
    if (prev->cmt_done_wd_o != (uint64_t)s->cwd)
      bad(cycle - 1, "cmt_done_wd_o is not the request's kind");
    if (!s->inval_seen && !s->cwd)
      bad(cycle - 1, "done before the INVAL");
    if (!all_retired(s))
      bad(cycle - 1, "done before every partition retired every CID");
    const int keep = s->cwd && !curef_fail_mask(&s->c);   /* a validation that passed */
    if (keep && (len_of(prev->rlen_o, w) != s->x.rlen[w] || len_of(prev->wlen_o, w) != s->x.wlen[w]))
      bad(cycle - 1, "a validation that passed changed the warp's logs");
    if (!keep && (len_of(prev->rlen_o, w) || len_of(prev->wlen_o, w)))
      bad(cycle - 1, "the warp's logs are not empty after its commit (or aborted validation)");
    s->n_fail += (uint64_t)__builtin_popcount(curef_fail_mask(&s->c));
    s->n_commits++;
    s->n_wd += (uint64_t)s->cwd;
    s->n_wd_abort += (uint64_t)(s->cwd && !keep);
    if (!keep)
      s->x.rlen[w] = s->x.wlen[w] = 0;
    s->cbusy = 0;
  }
  if (s->mq[0].busy && s->mq[1].busy)
    s->n_overlap++;
  s->n_st_overlap += s->stq.n > 1;
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
    stq_reset(&s->stq, s->img, s->mem, IMG_BYTES);   /* the logs are forgotten too */
    s->last_l1_ready = s->last_pkt_ready = 0;
    s->c.qn = 0;
    for (unsigned w = 0; w < WARPS; w++)
      s->x.rlen[w] = s->x.wlen[w] = 0;
    return;
  }
  /* what happened at last cycle's edge; not after a reset, whose cycle's
   * outputs came from the state before it */
  if (s->in_reset)
    s->in_reset = 0;
  else
    observe(s, r, cycle, prev);

  /* another SM commits a word of the pool */
  if (ww_rng_chance(r, 1, 40)) {
    const uint32_t a = s->pool[ww_rng_below(r, POOL_LINES)] * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    const uint32_t v = (uint32_t)ww_rng_bits(r, 32);
    memcpy(s->img + a, &v, 4);
    memcpy(s->mem + a, &v, 4);
  }

  /* ---- the vendor ---- */
  if (s->cbusy && !s->granted && prev->cid_req_o) {
    if (s->grant_wait)
      s->grant_wait--;
    else {
      in->cid_grant_i = 1;
      s->c.base = s->cid_ctr;
      s->cid_ctr = (s->cid_ctr + (uint32_t)__builtin_popcount(s->c.mask)) & CIDM;
      s->granted = 1;
    }
  }
  in->cid_base_i = s->granted == 1 ? s->c.base : ww_rng_bits(r, WW_CID_W);

  /* ---- the L1's answers: a store's acknowledgement, one load answer ---- */
  for (unsigned k = 0; k < 2; k++)
    if (s->mq[k].busy && s->mq[k].left)
      s->mq[k].left--;
  in->l1_wack_i = (uint64_t)stq_step(&s->stq, r, s->mem);   /* one store lands */
  {
    int due[2];
    for (unsigned k = 0; k < 2; k++)
      due[k] = s->mq[k].busy && !s->mq[k].left;
    const int k = due[0] && due[1] ? (int)ww_rng_below(r, 2) : due[1] ? 1 : due[0] ? 0 : -1;
    if (k >= 0) {
      memq_t *q = &s->mq[k];
      q->busy = 0;
      in->l1_rsp_valid_i = 1;
      in->l1_rsp_src_i = (uint64_t)k;
      for (unsigned j = 0; j < LPL; j++)
        in->l1_rsp_data_i[j] = q->line * LINEB + 4 * j + 4 <= IMG_BYTES
                                   ? txref_rd32(s->mem, q->line * LINEB + 4 * j) : 0;
      if (k == 0)
        txref_l2_read(&s->x, q->line, in->l1_rsp_data_i);
    } else {
      in->l1_rsp_src_i = ww_rng_bits(r, 1);
      for (unsigned j = 0; j < LPL; j++)
        in->l1_rsp_data_i[j] = (uint32_t)ww_rng_bits(r, 32);
    }
  }
  in->l1_req_ready_i = s->stq.n < STQ && ww_rng_chance(r, 3, 4);
  in->pkt_ready_i = ww_rng_chance(r, 4, 5);
  s->last_l1_ready = (int)in->l1_req_ready_i;
  s->last_pkt_ready = (int)in->pkt_ready_i;

  /* ---- the commit units: one due message per cycle ---- */
  in->msg_valid_i = (uint64_t)curef_message(&s->c, r, cycle, &in->msg_part_i, &in->msg_kind_i,
                                            &in->msg_cid_i);

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
    in->cmt_mask_i = s->c.mask;
    in->cmt_wd_i = (uint64_t)s->cwd;
  } else {
    in->cmt_wd_i = ww_rng_bits(r, 1);
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
    in->acc_op_i = s->x.op;
    in->acc_wid_i = s->x.wid;
    in->acc_mask_i = s->x.mask;
    in->acc_bytes_i = s->x.bytes;
    for (unsigned l = 0; l < LANES; l++) {
      in->acc_addr_i[l] = s->x.addr[l];
      in->acc_data_i[l] = s->x.data[l];
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
