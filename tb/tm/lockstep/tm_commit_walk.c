/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_commit_walk (rtl/tm/ww_tm_commit_walk.v).
 * Stimulus: plays the log unit, the commit-ID vendor, the L1 and the commit
 * units. A command is a warp's commit: the stimulus first writes the warp's
 * logs into its memory image (a few entries; lanes with and without
 * entries, addresses over lines of every partition; junk for lanes outside
 * the mask). The vendor grants after a random wait; the L1 answers after a
 * random latency with back-pressure; each partition's commit unit answers
 * the END of a CID with PASS or FAIL (some after a RESEND_R first), and a
 * FINAL with RETIRED (some after a RESEND_W first), each after a random
 * delay, one message per cycle. Packets see back-pressure. Mid-run resets.
 * Independent check (a host reference, not the C model): per CID and
 * partition the packets must be exactly the lane's read-log entries of that
 * partition in log order, then its write-log entries, then END (a resend:
 * that log's entries, then END); a FINAL must say pass exactly when no
 * partition failed the CID; done_fail_o must be the lanes that failed; the
 * CIDs must be the vendor's base + the lane's rank.
 */
#include "ww_lockstep.h"
#include "ww_tm_commit_walk.h"
#include "ww_tm_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WW_PORTS_DEF "ww_tm_commit_walk.ports.def"
#define WW_IN_T ww_tm_commit_walk_in_t
#define WW_OUT_T ww_tm_commit_walk_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES
#define LINEB WW_LINE_BYTES
#define LOGW WW_TX_LOG_WORDS
#define NPART WW_NUM_PART
#define LPL (LINEB / 4)
#define MAXE 6                                  /* entries per log in a command */
#define DATA_LINES 64
#define LOG_BASE 0x10000u
#define IMG_BYTES (LOG_BASE + (uint32_t)WARPS * 2u * LOGW * 2u * 4u * LANES)
#define CIDM ((1u << WW_CID_W) - 1)
#define MSGQ 1024

typedef struct { uint32_t addr, val; } ent_t;

/* one lane and partition's stream as the commit unit sees it */
enum { ST_MAIN, ST_OUTCOME, ST_RES_R, ST_FINAL, ST_RES_W, ST_RETIRE, ST_DONE };
typedef struct {
  unsigned st, cur_r, cur_w;       /* stream state; next expected entries */
  int resent;                      /* a resend of this stream is under way */
} strm_t;

typedef struct { uint64_t due; unsigned part, kind; uint32_t cid; } msg_t;

typedef struct {
  uint8_t *img;
  /* the command */
  int pending, busy;
  unsigned wid, rlen, wlen;
  uint32_t mask, base, cid_ctr;
  int granted;
  ent_t rlog[MAXE][LANES], wlog[MAXE][LANES];
  strm_t sm[LANES][NPART];
  int fail[LANES][NPART];
  /* vendor, L1, messages */
  unsigned grant_wait;
  int last_ready, mem_busy;
  unsigned mem_left, lat_max;
  uint32_t mem_line;
  msg_t q[MSGQ];
  unsigned qn;
  uint64_t n_done, n_pkts, n_resend;
} stim_t;

WW_MODEL_HOOKS(ww_tm_commit_walk)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (s && !(s->img = calloc(1, IMG_BYTES))) {
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
  fprintf(stderr, "tm_commit_walk stimulus: %llu commits and %llu packets checked against the "
          "host reference, %llu resends\n", (unsigned long long)s->n_done,
          (unsigned long long)s->n_pkts, (unsigned long long)s->n_resend);
  free(s->img);
  free(s);
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

static void wr32(stim_t *s, uint32_t a, uint32_t v)
{
  memcpy(s->img + a, &v, 4);
}

static uint32_t rank_cid(const stim_t *s, unsigned l)
{
  return (s->base + (uint32_t)__builtin_popcount(s->mask & ((1u << l) - 1u))) & CIDM;
}

static void push_msg(stim_t *s, ww_rng_t *r, uint64_t now, unsigned part, unsigned kind,
                     uint32_t cid)
{
  if (s->qn == MSGQ) {
    fprintf(stderr, "tm_commit_walk stimulus: message queue full\n");
    exit(2);
  }
  s->q[s->qn++] = (msg_t){ now + 1 + ww_rng_below(r, 30), part, kind, cid };
}

/* the next entry of a log of lane l for partition p, from *cur on */
static int next_entry(const ent_t log[MAXE][LANES], unsigned len, unsigned l, unsigned p,
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

/* a packet the unit sent: check it against the lane's logs and move the
 * commit unit of its partition on */
static void packet(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_tm_commit_walk_out_t *o)
{
  s->n_pkts++;
  const unsigned p = (unsigned)o->pkt_part_o, kind = (unsigned)o->pkt_kind_o;
  const uint32_t cid = (uint32_t)o->pkt_cid_o;
  unsigned l = LANES;
  for (unsigned k = 0; k < LANES; k++)
    if ((s->mask >> k & 1u) && rank_cid(s, k) == cid)
      l = k;
  if (l == LANES || p >= NPART) {
    bad(cycle, "packet for a CID or partition outside the commit", l, p);
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
    if (next_entry(s->rlog, s->rlen, l, p, &t->cur_r, &e)) {
      if (kind != WW_TM_PKT_RLOG || o->pkt_addr_o != e.addr >> 2 || o->pkt_data_o != e.val)
        bad(cycle, "not the lane's next read-log entry of this partition", l, p);
      return;
    }
    if (next_entry(s->wlog, s->wlen, l, p, &t->cur_w, &e)) {
      if (kind != WW_TM_PKT_WLOG || o->pkt_addr_o != e.addr >> 2 || o->pkt_data_o != e.val)
        bad(cycle, "not the lane's next write-log entry of this partition", l, p);
      return;
    }
    if (kind != WW_TM_PKT_END)
      bad(cycle, "expected END after the lane's logs", l, p);
    /* the commit unit's local outcome, sometimes after a read-set resend */
    if (ww_rng_chance(r, 1, 4)) {
      t->st = ST_RES_R;
      t->cur_r = 0;
      s->n_resend++;
      push_msg(s, r, cycle, p, WW_TM_MSG_RESEND_R, cid);
      return;
    }
  } else if (t->st == ST_RES_R || t->st == ST_RES_W) {
    const int w = t->st == ST_RES_W;
    if (next_entry(w ? s->wlog : s->rlog, w ? s->wlen : s->rlen, l, p, w ? &t->cur_w : &t->cur_r,
                   &e)) {
      if (kind != (w ? WW_TM_PKT_WLOG : WW_TM_PKT_RLOG) || o->pkt_addr_o != e.addr >> 2 ||
          o->pkt_data_o != e.val)
        bad(cycle, "not the lane's next entry of the resent log", l, p);
      return;
    }
    if (kind != WW_TM_PKT_END)
      bad(cycle, "expected END after the resent log", l, p);
    if (w) {
      t->st = ST_RETIRE;
      push_msg(s, r, cycle, p, WW_TM_MSG_RETIRED, cid);
      return;
    }
  } else {
    bad(cycle, "log packet while the stream is closed", l, p);
  }
  /* END of the main stream or of a read-set resend: the local outcome */
  s->fail[l][p] = ww_rng_chance(r, 1, 5);
  t->st = ST_OUTCOME;
  push_msg(s, r, cycle, p, s->fail[l][p] ? WW_TM_MSG_FAIL : WW_TM_MSG_PASS, cid);
}

static void new_command(stim_t *s, ww_rng_t *r)
{
  s->wid = (unsigned)ww_rng_below(r, WARPS);
  s->mask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    s->mask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  s->rlen = (unsigned)ww_rng_below(r, MAXE + 1);
  s->wlen = (unsigned)ww_rng_below(r, MAXE + 1);
  for (unsigned wl = 0; wl < 2; wl++)
    for (unsigned i = 0; i < (wl ? s->wlen : s->rlen); i++) {
      const uint32_t e = ww_tm_txlog_entry(LOG_BASE, LANES, LOGW, s->wid, wl, i);
      for (unsigned l = 0; l < LANES; l++) {
        ent_t x = { WW_TX_LOG_VOID, 0 };
        if (ww_rng_chance(r, 3, 4))
          x = (ent_t){ (uint32_t)ww_rng_below(r, DATA_LINES) * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL),
                       (uint32_t)ww_rng_bits(r, 32) };
        wr32(s, e + 4 * l, x.addr);
        wr32(s, e + 4 * LANES + 4 * l, x.val);
        (wl ? s->wlog : s->rlog)[i][l] = x;
      }
    }
  memset(s->sm, 0, sizeof s->sm);
  memset(s->fail, 0, sizeof s->fail);
  s->granted = 0;
  s->grant_wait = (unsigned)ww_rng_below(r, 8);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_commit_walk_out_t *prev = vprev;
  ww_tm_commit_walk_in_t *in = vin;
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->log_base_i = LOG_BASE;
  if (cycle == 0 || !in->rst_ni) {
    s->pending = s->busy = s->mem_busy = 0;
    s->qn = 0;
    s->last_ready = 0;
    s->lat_max = ww_rng_chance(r, 1, 3) ? 30 : 5;
    return;
  }
  if (s->last_ready & 1 && prev->req_valid_o) {   /* the L1 took a load */
    s->mem_busy = 1;
    s->mem_line = (uint32_t)prev->req_line_o;
    s->mem_left = (unsigned)ww_rng_below(r, s->lat_max);
  }
  if (s->busy && s->granted == 1) {   /* granted last cycle */
    if (prev->cid_n_o != (uint64_t)__builtin_popcount(s->mask))
      bad(cycle - 1, "cid_n_o is not the number of committing lanes", 0, 0);
    s->granted = 2;
  }
  if (s->busy && prev->pkt_valid_o && (s->last_ready & 2))   /* a packet taken */
    packet(s, r, cycle - 1, prev);
  if (s->pending && prev->cmd_ready_o) {
    s->pending = 0;
    s->busy = 1;
  } else if (s->busy && prev->done_valid_o) {
    uint32_t fail = 0;
    for (unsigned l = 0; l < LANES; l++)
      for (unsigned p = 0; p < NPART; p++)
        if ((s->mask >> l & 1u) && s->fail[l][p])
          fail |= 1u << l;
    if ((uint32_t)prev->done_fail_o != fail)
      bad(cycle - 1, "done_fail_o is not the lanes some partition failed", 0, 0);
    for (unsigned l = 0; l < LANES; l++)
      for (unsigned p = 0; p < NPART; p++)
        if ((s->mask >> l & 1u) && s->sm[l][p].st != ST_RETIRE)
          bad(cycle - 1, "done before every partition retired the CID", l, p);
    s->n_done++;
    s->busy = 0;
  }

  /* the vendor */
  if (s->busy && !s->granted && prev->cid_req_o) {
    if (s->grant_wait)
      s->grant_wait--;
    else {
      in->cid_grant_i = 1;
      s->base = s->cid_ctr;
      s->cid_ctr = (s->cid_ctr + (uint32_t)__builtin_popcount(s->mask)) & CIDM;
      s->granted = 1;
    }
  }
  in->cid_base_i = s->granted == 1 ? s->base : ww_rng_bits(r, WW_CID_W);

  /* the L1 */
  if (s->mem_busy) {
    if (s->mem_left)
      s->mem_left--;
    else {
      s->mem_busy = 0;
      in->rsp_valid_i = 1;
      for (unsigned k = 0; k < LPL; k++)
        memcpy(&in->rsp_data_i[k], s->img + (size_t)s->mem_line * LINEB + 4 * k, 4);
    }
  }
  in->req_ready_i = !s->mem_busy && ww_rng_chance(r, 3, 4);
  in->pkt_ready_i = ww_rng_chance(r, 4, 5);
  s->last_ready = (int)in->req_ready_i | (int)in->pkt_ready_i << 1;

  /* one due message per cycle */
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
    if (m.kind == WW_TM_MSG_PASS || m.kind == WW_TM_MSG_FAIL) {
      /* the outcome is out: every partition answered -> FINAL may come */
      for (unsigned l = 0; l < LANES; l++)
        if ((s->mask >> l & 1u) && rank_cid(s, l) == m.cid) {
          s->sm[l][m.part].st = ST_FINAL;
        }
    }
  } else {
    in->msg_part_i = ww_rng_below(r, NPART);
    in->msg_kind_i = ww_rng_bits(r, WW_TM_MSG_W);
    in->msg_cid_i = ww_rng_bits(r, WW_CID_W);
  }

  /* the log unit's command */
  if (!s->pending && !s->busy && ww_rng_chance(r, 1, 4)) {
    new_command(s, r);
    s->pending = 1;
  }
  if (s->pending) {
    in->cmd_valid_i = 1;
    in->cmd_wid_i = s->wid;
    in->cmd_mask_i = s->mask;
    in->cmd_rlen_i = s->rlen;
    in->cmd_wlen_i = s->wlen;
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_commit_walk",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES="
            WW_XSTR(WW_LINE_BYTES) " NUM_PART=" WW_XSTR(WW_NUM_PART) " CID_W=" WW_XSTR(WW_CID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
