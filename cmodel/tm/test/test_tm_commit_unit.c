/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the KILO TM commit unit's C model (docs/tm.md sec. 4.1),
 * the serial-replay check of MICRO 2011's guarantee on one partition:
 * committed transactions are serialisable in commit-ID order.
 *
 * The driver plays the SMs and the L2. Transactions read and write a few of
 * NWORDS words (0..12 each, so read/write-set buffers of 8 words overflow and
 * the unit asks for resends); their read values are the memory's at the time
 * the transaction "ran", a random while before it commits, so many are stale
 * and several commit at once. CIDs come in order, at most ENTRIES in flight
 * (the credit pool). Two SMs interleave their packets; each sends its
 * transactions' logs in CID order, a FINAL equal to the local outcome (one
 * partition), and a resent log when asked. The L2 takes requests at random
 * and answers after 1..24 cycles in any order; a read returns the word at
 * the time it was taken.
 *
 * Checked: transactions retire in CID order, each exactly once, after its
 * FINAL; a transaction that passed read, for every word, the value the
 * serial execution of all older committed transactions leaves (a host
 * replay in CID order); the L2's final memory equals the replay's; every
 * transaction retires (no deadlock); no ID is issued while the unit's
 * last-writer history holds the vendor.
 * The unit's event counters (WW_TM_CNT_*, read at the end through
 * st_rd_idx_i / st_rd_data_o) against what the driver saw: PASS / FAIL /
 * RESEND_R / RESEND_W messages taken (each CID exactly one local outcome);
 * the stage entry-cycles sum to the entries' lifetimes (per cycle: the CIDs
 * whose first packet the unit took in an earlier cycle, less the head's
 * advances on oldest_cid_o before it); every CID spends at least a cycle in
 * hazard detection, validation, waiting for FINAL and commit, a hazard
 * entry at least one revalidating; at least as many hazards as CIDs whose
 * read set meets the write set of an older CID in [RCID, CID) (RCID: the
 * head when its first packet was taken), which the LWH must report; the
 * filter's hazards and the revalidations at most the hazards. A fourth run
 * with a 16-entry LWH must see hazards from its filter.
 * Reported: passes, fails, hazards,
 * revalidations, resends, and how many passes a purely serial validation
 * would also have failed (must be 0).
 * Usage: test_tm_commit_unit [--seed N] [--txns N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_tm_commit_unit.h"

#define MAXN 12
#define NSM 2
#define QCAP 4096

typedef struct {
  uint32_t cid, sm;
  unsigned nr, nw;
  uint32_t raddr[MAXN], rval[MAXN], waddr[MAXN], wval[MAXN];
  int outcome;        /* -1 none yet, 0 fail, 1 pass (the local outcome) */
  int retired;
  int allocated;      /* the unit took its first packet */
  unsigned rcid;      /* issue number of the head then */
} txn_t;

typedef struct {
  unsigned kind;
  uint32_t cid, addr, val;
} pkt_t;

typedef struct {
  pkt_t q[QCAP];
  unsigned head, n;
} pq_t;

static int failures;
static uint64_t last_filter_hazards;   /* of the last run */
#define FAIL(...)                                                                  \
  do {                                                                             \
    if (failures++ < 8) {                                                          \
      printf("FAIL: ");                                                            \
      printf(__VA_ARGS__);                                                         \
      printf("\n");                                                                \
    }                                                                              \
  } while (0)

static void pq_push(pq_t *q, unsigned kind, uint32_t cid, uint32_t addr, uint32_t val)
{
  if (q->n == QCAP) {
    FAIL("packet queue full");
    return;
  }
  q->q[(q->head + q->n++) % QCAP] = (pkt_t){ kind, cid, addr, val };
}

static void send_log(pq_t *q, const txn_t *t, int write)
{
  unsigned n = write ? t->nw : t->nr;
  for (unsigned i = 0; i < n; i++)
    pq_push(q, write ? WW_TM_PKT_WLOG : WW_TM_PKT_RLOG, t->cid, write ? t->waddr[i] : t->raddr[i],
            write ? t->wval[i] : t->rval[i]);
}

typedef struct {
  int busy;
  unsigned left;
  int write;
  uint32_t addr, val, tag;
} l2op_t;

/* The counters, read through the port in idle cycles (the ring is empty:
 * nothing counts), against the driver's own counts. */
static void check_counters(ww_tm_cu_t *cu, uint64_t seed, unsigned ntx, uint32_t next,
                           const txn_t *tx, const uint64_t *seen, uint64_t live_sum)
{
  uint64_t c[WW_TM_CNT_N];
  ww_tm_commit_unit_in_t in;
  ww_tm_commit_unit_out_t out;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.next_cid_i = next;
  for (unsigned i = 0; i < WW_TM_CNT_N; i++) {
    in.st_rd_idx_i = i;
    ww_tm_commit_unit_step(cu, &in, &out);
    c[i] = out.st_rd_data_o;
    if (c[i] != ww_tm_cu_counter(cu, i))
      FAIL("seed %" PRIu64 ": counter %u reads %" PRIu64 " on the port, %u in the model", seed,
           i, c[i], ww_tm_cu_counter(cu, i));
  }
  /* CIDs whose read set meets the write set of an older CID in [RCID, CID):
   * the LWH must report a writer for them */
  uint64_t must = 0;
  for (unsigned t = 0; t < ntx; t++) {
    int hit = 0;
    for (unsigned w = tx[t].rcid; w < t && !hit; w++)
      for (unsigned i = 0; i < tx[t].nr && !hit; i++)
        for (unsigned k = 0; k < tx[w].nw && !hit; k++)
          hit = tx[t].raddr[i] == tx[w].waddr[k];
    must += (uint64_t)hit;
  }
  uint64_t stages = 0;
  for (unsigned i = 0; i < WW_TM_CNT_STAGE_N; i++)
    stages += c[WW_TM_CNT_STAGE_FIRST + i];
  const uint64_t hz = c[WW_TM_CNT_HAZARDS];
#define CHK(cond, ...)                                                             \
  do {                                                                             \
    if (!(cond))                                                                   \
      FAIL("seed %" PRIu64 ": counters: " __VA_ARGS__);                            \
  } while (0)
  CHK(c[WW_TM_CNT_PASSES] == seen[WW_TM_MSG_PASS], "passes %" PRIu64 ", PASS messages %" PRIu64,
      seed, c[WW_TM_CNT_PASSES], seen[WW_TM_MSG_PASS]);
  CHK(c[WW_TM_CNT_FAILS] == seen[WW_TM_MSG_FAIL], "fails %" PRIu64 ", FAIL messages %" PRIu64,
      seed, c[WW_TM_CNT_FAILS], seen[WW_TM_MSG_FAIL]);
  CHK(c[WW_TM_CNT_PASSES] + c[WW_TM_CNT_FAILS] == ntx, "passes + fails %" PRIu64 ", %u CIDs",
      seed, c[WW_TM_CNT_PASSES] + c[WW_TM_CNT_FAILS], ntx);
  CHK(c[WW_TM_CNT_RESENDS_R] == seen[WW_TM_MSG_RESEND_R] &&
      c[WW_TM_CNT_RESENDS_W] == seen[WW_TM_MSG_RESEND_W],
      "resends %" PRIu64 " / %" PRIu64 ", RESEND_R / RESEND_W messages %" PRIu64 " / %" PRIu64,
      seed, c[WW_TM_CNT_RESENDS_R], c[WW_TM_CNT_RESENDS_W], seen[WW_TM_MSG_RESEND_R],
      seen[WW_TM_MSG_RESEND_W]);
  CHK(stages == live_sum, "stage entry-cycles sum to %" PRIu64 ", the entries lived %" PRIu64
      " cycles", seed, stages, live_sum);
  CHK(c[WW_TM_CNT_HAZARD] >= ntx && c[WW_TM_CNT_VALIDATE] >= ntx && c[WW_TM_CNT_FINAL] >= ntx &&
      c[WW_TM_CNT_COMMIT] >= ntx, "a stage shorter than a cycle per CID (hazard %" PRIu64
      ", validate %" PRIu64 ", final %" PRIu64 ", commit %" PRIu64 ", %u CIDs)", seed,
      c[WW_TM_CNT_HAZARD], c[WW_TM_CNT_VALIDATE], c[WW_TM_CNT_FINAL], c[WW_TM_CNT_COMMIT], ntx);
  CHK(c[WW_TM_CNT_REVALIDATE] >= hz, "revalidate entry-cycles %" PRIu64 " < hazards %" PRIu64,
      seed, c[WW_TM_CNT_REVALIDATE], hz);
  CHK(hz >= must && hz <= ntx, "hazards %" PRIu64 ", CIDs with an older writer since their "
      "RCID %" PRIu64 ", CIDs %u", seed, hz, must, ntx);
  CHK(c[WW_TM_CNT_FILTER_HAZARDS] <= hz && c[WW_TM_CNT_REVALIDATIONS] <= hz,
      "filter hazards %" PRIu64 ", revalidations %" PRIu64 ", hazards %" PRIu64, seed,
      c[WW_TM_CNT_FILTER_HAZARDS], c[WW_TM_CNT_REVALIDATIONS], hz);
#undef CHK
  last_filter_hazards = c[WW_TM_CNT_FILTER_HAZARDS];
  printf("test_tm_commit_unit: counters:");
#define X(name, idx, text) printf(" %s %" PRIu64, text, c[idx]);
  WW_TM_CNT_LIST(X)
#undef X
  printf("; %" PRIu64 " CIDs must have a hazard\n", must);
}

static void run(uint64_t seed, unsigned ntx, unsigned nwords, ww_tm_cu_cfg_t cfg)
{
  ww_rng_t rng = { seed };
  ww_tm_cu_t *cu = ww_tm_cu_new(&cfg);
  if (!cu) {
    FAIL("configuration refused");
    return;
  }
  const uint32_t cmask = (1u << cfg.cid_w) - 1;
  txn_t *tx = calloc(ntx, sizeof *tx);
  uint32_t *mem = calloc(nwords, 4), *ref = calloc(nwords, 4), *snap = calloc(nwords, 4);
  uint32_t *refw = calloc(nwords, 4);   /* the last committed writer of each word */
  static pq_t pq[NSM];
  memset(pq, 0, sizeof pq);
  l2op_t l2[64];
  memset(l2, 0, sizeof l2);
  for (unsigned a = 0; a < nwords; a++)
    mem[a] = ref[a] = (uint32_t)ww_rng_bits(&rng, 8);
  unsigned issued = 0, retired = 0, stale_passes = 0, snap_age = 0;
  int hold = 0;   /* the unit's cid_hold_o: the vendor must not issue */
  uint64_t cycle = 0;
  uint64_t seen[WW_TM_MSG_N] = { 0 };   /* messages taken, by kind */
  uint64_t live_sum = 0;                /* entry-cycles: sum of the live entries a cycle */
  unsigned allocated = 0, head_adv = 0; /* first packets taken; head advances seen */
  uint32_t head_prev = 0;
  ww_tm_commit_unit_in_t in;
  ww_tm_commit_unit_out_t out;
  memset(&in, 0, sizeof in);
  ww_tm_commit_unit_step(cu, &in, &out);   /* reset */
  head_prev = 0;   /* the vendor's next ID at reset: 0 */
  while (retired < ntx && failures < 8) {
    if (++cycle > 400ull * ntx + 10000) {
      FAIL("seed %" PRIu64 ": %u of %u transactions retired after %" PRIu64 " cycles (deadlock?)",
           seed, retired, ntx, cycle);
      break;
    }
    /* a new transaction "runs" against a snapshot of memory refreshed now and then */
    if (snap_age-- == 0) {
      memcpy(snap, mem, nwords * 4);
      snap_age = (unsigned)ww_rng_below(&rng, 40);
    }
    if (issued < ntx && issued - retired < cfg.entries && !hold && ww_rng_chance(&rng, 1, 3)) {
      txn_t *t = &tx[issued];
      t->cid = issued & cmask;
      t->sm = (uint32_t)ww_rng_below(&rng, NSM);
      t->outcome = -1;
      t->nr = (unsigned)(ww_rng_chance(&rng, 1, 6) ? 9 + ww_rng_below(&rng, 4) : ww_rng_below(&rng, 5));
      t->nw = (unsigned)(ww_rng_chance(&rng, 1, 6) ? 9 + ww_rng_below(&rng, 4) : ww_rng_below(&rng, 4));
      for (unsigned i = 0; i < t->nr; i++) {
        t->raddr[i] = (uint32_t)ww_rng_below(&rng, nwords);
        t->rval[i] = snap[t->raddr[i]];
      }
      for (unsigned i = 0; i < t->nw; i++) {
        t->waddr[i] = (uint32_t)ww_rng_below(&rng, nwords);
        t->wval[i] = (uint32_t)ww_rng_bits(&rng, 8);
      }
      send_log(&pq[t->sm], t, 0);
      send_log(&pq[t->sm], t, 1);
      pq_push(&pq[t->sm], WW_TM_PKT_END, t->cid, 0, 0);
      issued++;
    }

    /* inputs */
    memset(&in, 0, sizeof in);
    in.rst_ni = 1;
    in.next_cid_i = issued & cmask;
    unsigned s = (unsigned)ww_rng_below(&rng, NSM);
    if (!pq[s].n)
      s ^= 1;
    if (pq[s].n && ww_rng_chance(&rng, 3, 4)) {
      const pkt_t *p = &pq[s].q[pq[s].head];
      in.pkt_valid_i = 1;
      in.pkt_kind_i = p->kind;
      in.pkt_cid_i = p->cid;
      in.pkt_sm_i = s;
      in.pkt_addr_i = p->addr;
      in.pkt_data_i = p->val;
    }
    in.msg_ready_i = ww_rng_chance(&rng, 3, 4);
    in.mreq_ready_i = ww_rng_chance(&rng, 2, 3);
    int rsp = -1;   /* one L2 answer a cycle, a random due one */
    for (unsigned k = 0, o = (unsigned)ww_rng_below(&rng, 64); k < 64; k++) {
      unsigned j = (o + k) % 64;
      if (l2[j].busy && l2[j].left == 0) {
        rsp = (int)j;
        break;
      }
    }
    if (rsp >= 0) {
      in.mrsp_valid_i = 1;
      in.mrsp_tag_i = l2[rsp].tag;
      in.mrsp_data_i = l2[rsp].val;
    }

    in.st_rd_idx_i = ww_rng_bits(&rng, WW_CLOG2(WW_TM_CNT_N));
    ww_tm_commit_unit_step(cu, &in, &out);
    hold = (int)out.cid_hold_o;
    /* the head as this cycle began, and the entries live then */
    if ((uint32_t)out.oldest_cid_o != head_prev) {
      if ((uint32_t)out.oldest_cid_o != ((head_prev + 1) & cmask))
        FAIL("the head moved from %u to %u in one cycle", head_prev, (unsigned)out.oldest_cid_o);
      head_prev = (uint32_t)out.oldest_cid_o;
      head_adv++;
    }
    live_sum += allocated - head_adv;

    /* outputs */
    if (in.pkt_valid_i && out.pkt_ready_o) {
      pq[s].head = (pq[s].head + 1) % QCAP;
      pq[s].n--;
      for (unsigned i = retired; i < issued; i++)
        if (tx[i].cid == (uint32_t)in.pkt_cid_i && !tx[i].allocated) {
          tx[i].allocated = 1;
          tx[i].rcid = head_adv;   /* issue numbers start at 0 */
          allocated++;
        }
    }
    if (rsp >= 0)
      l2[rsp].busy = 0;
    for (unsigned j = 0; j < 64; j++)
      if (l2[j].busy && l2[j].left)
        l2[j].left--;
    if (out.mreq_valid_o && in.mreq_ready_i) {
      unsigned j = 0;
      while (j < 64 && l2[j].busy)
        j++;
      if (j == 64) {
        FAIL("more than 64 L2 requests in flight");
      } else {
        uint32_t a = (uint32_t)out.mreq_addr_o;
        if (a >= nwords) {
          FAIL("L2 request to word %u outside the %u words", a, nwords);
          a = 0;
        }
        l2[j] = (l2op_t){ 1, 1 + (unsigned)ww_rng_below(&rng, 24), (int)out.mreq_write_o, a,
                          out.mreq_write_o ? 0 : mem[a], (uint32_t)out.mreq_tag_o };
        if (out.mreq_write_o)
          mem[a] = (uint32_t)out.mreq_data_o;
      }
    }
    if (out.msg_valid_o && in.msg_ready_i) {
      uint32_t cid = (uint32_t)out.msg_cid_o;
      /* the live transaction with this CID */
      txn_t *t = NULL;
      for (unsigned i = retired; i < issued && !t; i++)
        if (tx[i].cid == cid)
          t = &tx[i];
      if (!t) {
        FAIL("message %u for CID %u, which is not in flight", (unsigned)out.msg_kind_o, cid);
        continue;
      }
      if (out.msg_sm_o != t->sm)
        FAIL("CID %u: message to SM %u, the transaction is SM %u's", cid,
             (unsigned)out.msg_sm_o, t->sm);
      pq_t *q = &pq[t->sm];
      if (out.msg_kind_o < WW_TM_MSG_N)
        seen[out.msg_kind_o]++;
      switch (out.msg_kind_o) {
      case WW_TM_MSG_PASS:
      case WW_TM_MSG_FAIL:
        if (t->outcome >= 0)
          FAIL("CID %u: a second local outcome", cid);
        t->outcome = out.msg_kind_o == WW_TM_MSG_PASS;
        pq_push(q, WW_TM_PKT_FINAL, cid, 0, (uint32_t)t->outcome);
        break;
      case WW_TM_MSG_RESEND_R:
      case WW_TM_MSG_RESEND_W:
        send_log(q, t, out.msg_kind_o == WW_TM_MSG_RESEND_W);
        pq_push(q, WW_TM_PKT_END, cid, 0, 0);
        break;
      case WW_TM_MSG_RETIRED: {
        if (t != &tx[retired])
          FAIL("CID %u retired before CID %u (not in CID order)", cid, tx[retired].cid);
        if (t->outcome < 0)
          FAIL("CID %u retired without an outcome", cid);
        /* serial replay: a pass must have read what older commits left */
        int serial_ok = 1;
        for (unsigned i = 0; i < t->nr; i++)
          if (ref[t->raddr[i]] != t->rval[i])
            serial_ok = 0;
        if (t->outcome == 1 && !serial_ok) {
          stale_passes++;
          for (unsigned i = 0; i < t->nr; i++)
            if (ref[t->raddr[i]] != t->rval[i])
              FAIL("seed %" PRIu64 " cycle %" PRIu64 ": CID %u passed, but it read %u from "
                   "word %u, which CID %u (older, committed) set to %u", seed, cycle, cid,
                   t->rval[i], t->raddr[i], refw[t->raddr[i]], ref[t->raddr[i]]);
        }
        if (t->outcome == 1)
          for (unsigned i = 0; i < t->nw; i++) {
            ref[t->waddr[i]] = t->wval[i];
            refw[t->waddr[i]] = cid;
          }
        t->retired = 1;
        retired++;
        break;
      }
      default:
        FAIL("unknown message kind %u", (unsigned)out.msg_kind_o);
      }
    }
  }
  /* drain the L2's last acks, then compare memories */
  for (unsigned a = 0; a < nwords; a++)
    if (mem[a] != ref[a])
      FAIL("seed %" PRIu64 ": word %u is %u in L2, %u after the serial replay", seed, a, mem[a],
           ref[a]);
  const ww_tm_cu_stats_t *st = ww_tm_cu_stats(cu);
  check_counters(cu, seed, ntx, issued & cmask, tx, seen, live_sum);
  printf("test_tm_commit_unit: seed %" PRIu64 ", %u words, ENTRIES %u POOL %u: %u transactions "
         "in %" PRIu64 " cycles; %" PRIu64 " passed, %" PRIu64 " failed, %" PRIu64 " hazards, %"
         PRIu64 " revalidations, %" PRIu64 " resends, %" PRIu64 " validation reads, %" PRIu64
         " commit writes, %u stale passes: %s\n", seed, nwords, cfg.entries, cfg.pool, retired,
         cycle, st->passed, st->failed, st->hazards, st->revalidations, st->resends,
         st->validation_reads, st->commit_writes, stale_passes, failures ? "FAIL" : "PASS");
  if (!failures && (!st->hazards || !st->revalidations || !st->resends || !st->passed ||
                    !st->failed))
    FAIL("seed %" PRIu64 ": the run did not exercise every path", seed);
  ww_tm_cu_free(cu);
  free(tx);
  free(mem);
  free(ref);
  free(snap);
  free(refw);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1;
  unsigned ntx = 3000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--txns") && i + 1 < argc)
      ntx = (unsigned)strtoul(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--txns N]\n", argv[0]);
      return 2;
    }
  }
  ww_tm_cu_cfg_t c = ww_tm_cu_default_cfg();
  run(seed, ntx, 16, c);          /* high contention */
  run(seed + 1, ntx, 256, c);     /* low contention */
  ww_tm_cu_cfg_t small = c;       /* a small pool and ring, narrow IDs that wrap */
  small.entries = 4;
  small.pool = 3;
  small.cid_w = 6;
  small.lwh.cid_slack = 20;       /* < 2^6 */
  run(seed + 2, ntx, 16, small);
  ww_tm_cu_cfg_t tiny = c;        /* an LWH of 16 entries: the recency filter answers */
  tiny.lwh.entries = 16;
  tiny.lwh.ways = 2;
  tiny.lwh.buckets = 16;
  tiny.lwh.subarrays = 2;
  run(seed + 3, ntx, 256, tiny);
  if (!last_filter_hazards)
    FAIL("seed %" PRIu64 ": a 16-entry LWH gave no hazard from its filter", seed + 3);
  return failures ? 1 : 0;
}
