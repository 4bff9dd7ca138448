/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_commit_unit (rtl/tm/ww_tm_commit_unit.v), the KILO
 * TM commit unit, composing ww_lwh.
 *
 * Stimulus: plays the CID vendor, NUM_SM SMs' log units and the L2 slice the
 * way cmodel/tm/test/test_tm_commit_unit.c does:
 *  - transactions with 0..12 reads and 0..12 writes (1 in 6 sets overflow
 *    an 8-word buffer) over a few words (phases of 16 or 256 words, 8-bit
 *    values); a read's value is the L2's word at the time the transaction
 *    "ran" (a snapshot refreshed every 0..40 cycles), so many are stale;
 *  - CIDs in order, at most ENTRIES in flight, none issued in a cycle after
 *    cid_hold_o was high; issue rate in phases (busy, sparse);
 *  - each transaction belongs to a random SM, which sends its logs in CID
 *    order (RLOG words, WLOG words, END); packets from the SMs interleave at
 *    random; FINAL = the local outcome (its data bits above bit 0 random),
 *    sent when PASS/FAIL arrives; RESEND_R/W answered by the set again + END;
 *  - the L2 takes requests when it has room (mreq_ready_i in phases: always,
 *    3/4, 1/4, rare) and answers one a cycle, a random due one, after
 *    latencies in phases (1..4, 1..24, 20..80 cycles); reads return the word
 *    when the request was taken; writes land then;
 *  - msg_ready_i in phases (always, 3/4, 1/4, rare);
 *  - idle packet and answer fields are random (the unit must ignore them);
 *  - mid-run resets (ww_stim_rst_n) and, now and then and always at the
 *    first reset, a two-cycle reset during which the vendor's next ID jumps
 *    nearly all the way round, so the LWH's cid_hold_o rises (no real run
 *    can issue 2^CID_W IDs between two scrub sweeps). After a reset every
 *    transaction in flight, packet and L2 operation is forgotten and the
 *    vendor goes on from its next ID (the unit's head follows it).
 * WW_TM_CU_STATS=1 in the environment prints what a run exercised.
 * Measured with WW_TM_CU_STATS=1, seeds 1..30, 100 000 cycles each, per run
 * (min..max) at the default point (ENTRIES 32, POOL 32, READS 8, CID_W 16,
 * LWH 512 entries) and small (ENTRIES 4, POOL 3, READS 2, CID_W 7, LWH 16):
 *                                           default        small
 *   transactions issued                   1803..2290     863..1314
 *   local PASS / FAIL                      730..1077 /   642..993 /
 *                                          774..1206     189..303
 *   RESEND_R / RESEND_W answered          1037..1313 /   502..722 /
 *                                          982..1268     852..1185
 *   L2 reads / writes taken             10325..13217 / 4230..6024 /
 *                                         2138..3050    2007..3005
 *   reset cycles (of them CID jumps)        4..18 (2..7)   4..18 (2..8)
 *   cycles with cid_hold_o high             2..7           2..9
 *   cycles a message waited for msg_ready 16215..25511  10151..20509
 *   cycles a packet waited for pkt_ready 24774..32382  37568..48632
 *   speed (Mcycles/s, Verilator + model)   0.28..0.46     0.78..1.25
 * Mutants (default point, seeds 1..20, cycle of the first mismatch):
 * TM_CU_NO_HAZARD 20/20, cycle 291..2485 (median 466); TM_CU_COMMIT_FAILED
 * 20/20, 364..2578 (median 937); TM_CU_LWH_AT_HEAD 20/20, 353..5932
 * (median 987).
 * The event counters (st_rd_idx_i: WW_TM_CNT_*) are read at a random index
 * every cycle, so every output comparison covers one of them; with
 * WW_TM_CU_STATS=1 the values last read are printed too (seed 1, 100 000
 * cycles, since the last reset: default 210 hazards, 0 from the LWH's
 * filter; small 86 hazards, 9 from the filter). After the counters were
 * added (seeds 1..20, first mismatch min / median / max):
 * TM_CU_STATS_HAZARD_TWICE (a hazard counted twice) 20/20, 308 / 598 / 1228;
 * TM_CU_NO_HAZARD 303 / 579 / 1225; TM_CU_COMMIT_FAILED 357 / 809.5 / 2736;
 * TM_CU_LWH_AT_HEAD 329 / 851 / 4641.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lockstep.h"
#include "ww_tm_commit_unit.h"

#define WW_PORTS_DEF "ww_tm_commit_unit.ports.def"
#define WW_IN_T ww_tm_commit_unit_in_t
#define WW_OUT_T ww_tm_commit_unit_out_t
#include "ww_lockstep_ports.h"

#define NSM WW_NUM_SM
#define ENT WW_TM_CU_ENTRIES
#define CMASK ((1ull << WW_CID_W) - 1)
#define TAG_W (WW_CLOG2(WW_TM_CU_READS) + 1)
#define SM_W WW_IDX_W(WW_NUM_SM)
#define MAXN 12
#define NWORDS 256
#define QCAP 1024
#define L2CAP 64

typedef struct {
  uint32_t cid, sm;
  unsigned nr, nw;
  uint32_t raddr[MAXN], rval[MAXN], waddr[MAXN], wval[MAXN];
  int outcome;
} txn_t;

typedef struct {
  unsigned kind;
  uint32_t cid, addr, val;
} pkt_t;

typedef struct {
  pkt_t q[QCAP];
  unsigned head, n;
} pq_t;

typedef struct {
  int busy;
  unsigned left;
  uint32_t val, tag;
} l2op_t;

enum { S_ISSUED, S_RETIRED, S_PASS, S_FAIL, S_RESEND_R, S_RESEND_W, S_READS, S_WRITES,
       S_RESETS, S_JUMPS, S_HOLD, S_MSGQ_FULL, S_PKT_STALL, S_N };
static const char *const stat_name[S_N] = {
  "issued", "retired", "pass", "fail", "resend_r", "resend_w", "l2_reads", "l2_writes",
  "resets", "cid_jumps", "hold_cycles", "msg_backpressure_cycles", "pkt_stall_cycles" };

typedef struct {
  uint64_t issued, retired;        /* unbounded counters; CIDs are their low bits */
  txn_t tx[ENT];                   /* by issue number mod ENT */
  pq_t pq[NSM];
  l2op_t l2[L2CAP];
  uint32_t mem[NWORDS], snap[NWORDS], base;
  unsigned snap_age, nwords;
  unsigned phase_left, issue_mode, msg_mode, mreq_mode, lat_mode;
  unsigned jump_left;              /* cycles left of a CID-jump reset */
  ww_tm_commit_unit_in_t last;     /* what was driven last cycle */
  int rsp;                         /* L2 op answered last cycle, or -1 */
  uint64_t stat[S_N];
  uint32_t cnt[1u << WW_CLOG2(WW_TM_CNT_N)];   /* the counters as last read */
} stim_t;

/* the model's hooks (its names are ww_tm_cu_*) */
static void *ww_model_new(void)
{
  ww_tm_cu_cfg_t cfg = ww_tm_cu_default_cfg();
  return ww_tm_cu_new(&cfg);
}
static void ww_model_free(void *m) { ww_tm_cu_free(m); }
static void ww_model_step(void *m, const void *in, void *out)
{
  ww_tm_commit_unit_step(m, in, out);
}

static void *ww_stim_new(void) { return calloc(1, sizeof(stim_t)); }

static void ww_stim_free(void *vs)
{
  const stim_t *s = vs;
  if (s && getenv("WW_TM_CU_STATS")) {
    fprintf(stderr, "tm_commit_unit stimulus:");
    for (unsigned i = 0; i < S_N; i++)
      fprintf(stderr, " %s=%llu;", stat_name[i], (unsigned long long)s->stat[i]);
    fprintf(stderr, "\ntm_commit_unit counters as last read (since the last reset):");
#define X(name, idx, text) fprintf(stderr, " %s=%u;", text, (unsigned)s->cnt[idx]);
    WW_TM_CNT_LIST(X)
#undef X
    fprintf(stderr, "\n");
  }
  free(vs);
}

static void pq_push(pq_t *q, unsigned kind, uint32_t cid, uint32_t addr, uint32_t val)
{
  if (q->n < QCAP)
    q->q[(q->head + q->n++) % QCAP] = (pkt_t){ kind, cid, addr, val };
}

static void send_log(stim_t *s, pq_t *q, const txn_t *t, int write)
{
  unsigned n = write ? t->nw : t->nr;
  for (unsigned i = 0; i < n; i++)
    pq_push(q, write ? WW_TM_PKT_WLOG : WW_TM_PKT_RLOG, t->cid,
            (s->base + (write ? t->waddr[i] : t->raddr[i])) & 0x3fffffffu,
            write ? t->wval[i] : t->rval[i]);
}

/* the transaction in flight with this CID, or NULL */
static txn_t *find(stim_t *s, uint32_t cid)
{
  for (uint64_t i = s->retired; i < s->issued; i++)
    if ((i & CMASK) == cid)
      return &s->tx[i % ENT];
  return NULL;
}

static void forget_all(stim_t *s)
{
  s->retired = s->issued;
  memset(s->pq, 0, sizeof s->pq);
  memset(s->l2, 0, sizeof s->l2);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_commit_unit_out_t *prev = vprev;
  ww_tm_commit_unit_in_t *in = vin;
  const ww_tm_commit_unit_in_t *l = &s->last;

  if (cycle == 0) {
    s->base = (uint32_t)ww_rng_bits(r, 30) & ~(uint32_t)(NWORDS - 1);
    for (unsigned a = 0; a < NWORDS; a++)
      s->mem[a] = (uint32_t)ww_rng_bits(r, 8);
    s->issued = s->retired = ww_rng_bits(r, WW_CID_W);
    s->nwords = 16;
    s->jump_left = 0;
    s->rsp = -1;
  } else {
    /* ---- last cycle's handshakes ---- */
    if (l->pkt_valid_i && prev->pkt_ready_o) {
      pq_t *q = &s->pq[l->pkt_sm_i];
      q->head = (q->head + 1) % QCAP;
      q->n--;
    } else if (l->pkt_valid_i) {
      s->stat[S_PKT_STALL]++;
    }
    if (s->rsp >= 0)
      s->l2[s->rsp].busy = 0;
    for (unsigned j = 0; j < L2CAP; j++)
      if (s->l2[j].busy && s->l2[j].left)
        s->l2[j].left--;
    if (prev->mreq_valid_o && l->mreq_ready_i) {
      unsigned j = 0;
      while (j < L2CAP && s->l2[j].busy)
        j++;
      uint32_t a = ((uint32_t)prev->mreq_addr_o - s->base) & (NWORDS - 1);
      unsigned lat = s->lat_mode == 0 ? 1 + (unsigned)ww_rng_below(r, 4)
                   : s->lat_mode == 1 ? 1 + (unsigned)ww_rng_below(r, 24)
                                      : 20 + (unsigned)ww_rng_below(r, 61);
      if (j < L2CAP)
        s->l2[j] = (l2op_t){ 1, lat, prev->mreq_write_o ? 0 : s->mem[a],
                             (uint32_t)prev->mreq_tag_o };
      if (prev->mreq_write_o) {
        s->mem[a] = (uint32_t)prev->mreq_data_o;
        s->stat[S_WRITES]++;
      } else {
        s->stat[S_READS]++;
      }
    }
    if (prev->msg_valid_o && !l->msg_ready_i)
      s->stat[S_MSGQ_FULL]++;
    if (prev->msg_valid_o && l->msg_ready_i) {
      txn_t *t = find(s, (uint32_t)prev->msg_cid_o);
      if (t) {
        pq_t *q = &s->pq[t->sm];
        switch (prev->msg_kind_o) {
        case WW_TM_MSG_PASS:
        case WW_TM_MSG_FAIL:
          t->outcome = prev->msg_kind_o == WW_TM_MSG_PASS;
          s->stat[t->outcome ? S_PASS : S_FAIL]++;
          pq_push(q, WW_TM_PKT_FINAL, t->cid, (uint32_t)ww_rng_bits(r, 30),
                  ((uint32_t)ww_rng_bits(r, 31) << 1) | (uint32_t)t->outcome);
          break;
        case WW_TM_MSG_RESEND_R:
        case WW_TM_MSG_RESEND_W:
          s->stat[prev->msg_kind_o == WW_TM_MSG_RESEND_W ? S_RESEND_W : S_RESEND_R]++;
          send_log(s, q, t, prev->msg_kind_o == WW_TM_MSG_RESEND_W);
          pq_push(q, WW_TM_PKT_END, t->cid, 0, 0);
          break;
        case WW_TM_MSG_RETIRED:
          if (t == &s->tx[s->retired % ENT]) {
            s->retired++;
            s->stat[S_RETIRED]++;
          }
          break;
        default:
          break;
        }
      }
    }
    if (prev->cid_hold_o)
      s->stat[S_HOLD]++;
    s->cnt[l->st_rd_idx_i] = (uint32_t)prev->st_rd_data_o;
    if (!l->rst_ni)       /* the unit was reset: everything in flight is gone */
      forget_all(s);
  }

  /* ---- phases ---- */
  if (s->phase_left == 0) {
    s->phase_left = 200 + (unsigned)ww_rng_below(r, 2000);
    s->issue_mode = (unsigned)ww_rng_below(r, 3);
    s->msg_mode = (unsigned)ww_rng_below(r, 4);
    s->mreq_mode = (unsigned)ww_rng_below(r, 4);
    s->lat_mode = (unsigned)ww_rng_below(r, 3);
    s->nwords = ww_rng_chance(r, 1, 2) ? 16 : NWORDS;
  }
  s->phase_left--;

  /* ---- reset, and now and then a reset that moves the vendor's next ID ---- */
  int rst_n = ww_stim_rst_n(r, cycle);
  if (cycle == 0 || (cycle > 2 && s->jump_left == 0 && ww_rng_chance(r, 1, 30000)))
    s->jump_left = 2;
  if (s->jump_left) {
    rst_n = 0;
    if (--s->jump_left == 0) {   /* the second cycle: jump nearly all the way round */
      s->issued += (1ull << WW_CID_W) - 1 - ww_rng_below(r, WW_CID_SLACK);
      s->stat[S_JUMPS]++;
    }
  }
  if (!rst_n)
    s->stat[S_RESETS]++;

  /* ---- a new transaction "runs" against a snapshot, then commits ---- */
  if (s->snap_age-- == 0) {
    memcpy(s->snap, s->mem, sizeof s->snap);
    s->snap_age = (unsigned)ww_rng_below(r, 40);
  }
  static const unsigned issue_num[3] = { 1, 1, 1 }, issue_den[3] = { 2, 8, 40 };
  if (rst_n && l->rst_ni && s->issued - s->retired < ENT && !prev->cid_hold_o &&
      ww_rng_chance(r, issue_num[s->issue_mode], issue_den[s->issue_mode])) {
    txn_t *t = &s->tx[s->issued % ENT];
    t->cid = (uint32_t)(s->issued & CMASK);
    t->sm = (uint32_t)ww_rng_below(r, NSM);
    t->outcome = -1;
    t->nr = (unsigned)(ww_rng_chance(r, 1, 6) ? 9 + ww_rng_below(r, 4) : ww_rng_below(r, 5));
    t->nw = (unsigned)(ww_rng_chance(r, 1, 6) ? 9 + ww_rng_below(r, 4) : ww_rng_below(r, 4));
    for (unsigned i = 0; i < t->nr; i++) {
      t->raddr[i] = (uint32_t)ww_rng_below(r, s->nwords);
      t->rval[i] = s->snap[t->raddr[i]];
    }
    for (unsigned i = 0; i < t->nw; i++) {
      t->waddr[i] = (uint32_t)ww_rng_below(r, s->nwords);
      t->wval[i] = (uint32_t)ww_rng_bits(r, 8);
    }
    pq_t *q = &s->pq[t->sm];
    send_log(s, q, t, 0);
    send_log(s, q, t, 1);
    pq_push(q, WW_TM_PKT_END, t->cid, 0, 0);
    s->issued++;
    s->stat[S_ISSUED]++;
  }

  /* ---- inputs ---- */
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)rst_n;
  in->next_cid_i = s->issued & CMASK;
  unsigned sm = (unsigned)ww_rng_below(r, NSM);
  for (unsigned k = 0; k < NSM && !s->pq[sm].n; k++)
    sm = (sm + 1) % NSM;
  if (s->pq[sm].n && ww_rng_chance(r, 3, 4)) {
    const pkt_t *p = &s->pq[sm].q[s->pq[sm].head];
    in->pkt_valid_i = 1;
    in->pkt_kind_i = p->kind;
    in->pkt_cid_i = p->cid;
    in->pkt_sm_i = sm;
    in->pkt_addr_i = p->addr;
    in->pkt_data_i = p->val;
  } else {
    in->pkt_kind_i = ww_rng_bits(r, WW_TM_PKT_W);
    in->pkt_cid_i = ww_rng_bits(r, WW_CID_W);
    in->pkt_sm_i = ww_rng_below(r, NSM);
    in->pkt_addr_i = ww_rng_bits(r, 30);
    in->pkt_data_i = ww_rng_bits(r, 32);
  }
  static const unsigned rdy_num[4] = { 1, 3, 1, 1 }, rdy_den[4] = { 1, 4, 4, 16 };
  in->msg_ready_i = (uint64_t)ww_rng_chance(r, rdy_num[s->msg_mode], rdy_den[s->msg_mode]);
  int l2_room = 0;
  for (unsigned j = 0; j < L2CAP; j++)
    l2_room |= !s->l2[j].busy;
  in->mreq_ready_i = (uint64_t)(l2_room &&
                                ww_rng_chance(r, rdy_num[s->mreq_mode], rdy_den[s->mreq_mode]));
  s->rsp = -1;
  for (unsigned k = 0, o = (unsigned)ww_rng_below(r, L2CAP); k < L2CAP; k++) {
    unsigned j = (o + k) % L2CAP;
    if (s->l2[j].busy && s->l2[j].left == 0) {
      s->rsp = (int)j;
      break;
    }
  }
  if (s->rsp >= 0) {
    in->mrsp_valid_i = 1;
    in->mrsp_tag_i = s->l2[s->rsp].tag;
    in->mrsp_data_i = s->l2[s->rsp].val;
  } else {
    in->mrsp_tag_i = ww_rng_bits(r, TAG_W);
    in->mrsp_data_i = ww_rng_bits(r, 32);
  }
  /* the counters: one at a random index each cycle (past the last too) */
  in->st_rd_idx_i = ww_rng_bits(r, WW_CLOG2(WW_TM_CNT_N));
  s->last = *in;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_commit_unit",
  .params = "ENTRIES=" WW_XSTR(WW_TM_CU_ENTRIES) " BUF_WORDS=" WW_XSTR(WW_TM_CU_BUF_WORDS)
            " POOL=" WW_XSTR(WW_TM_CU_POOL) " READS=" WW_XSTR(WW_TM_CU_READS)
            " NUM_SM=" WW_XSTR(WW_NUM_SM) " CID_W=" WW_XSTR(WW_CID_W)
            " LWH_ENTRIES=" WW_XSTR(WW_LWH_ENTRIES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
