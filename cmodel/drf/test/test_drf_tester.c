/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the DRF tester's C model (independent of the lockstep
 * test, which only shows RTL == model), from the tester's specification
 * (docs/drf.md sec. 1, the RTL's header), looking only at the ports. The
 * model runs against a correct flat memory (L1 port always ready, so a
 * request leaves the tester the cycle after it is made; device atomics
 * with a random ready; answers after 1..8 cycles, in any order).
 *   1. Passing: with a correct memory and a huge watchdog every run ends
 *      done, not failed, with EPISODES = NUM_SM * WF * episodes, ATOMICS =
 *      2 * EPISODES and LOADS / STORES / CYCLES as seen on the ports.
 *   2. Final memory: after a passing run every variable's word (REF_ADDR)
 *      holds REF_VALUE (the last store, or a sync variable's atomics); the
 *      variables' addresses are distinct words of the window of 2^range
 *      words at 0x10000 (range_i clipped to VAR_W..RANGE_W).
 *   3. DRF (paper sec. III-A), on the requests as they leave: no store to
 *      a word another wavefront's active episode (acquire sent, release not
 *      answered) has loaded or stored; no load of a word another active
 *      episode has stored; a load of a word another wavefront stored
 *      comes after the writer's episode that stored it retired (its
 *      release answered) before the loading episode's acquire was answered
 *      (a device episode: before an INVAL of the loading SM was sent).
 *   4. Failures: one wrong answer (a load's word, an atomic's old value one
 *      less, or far too large) fails the run as LOAD / ATOMIC / ATOMIC_HI;
 *      for LOAD and ATOMIC_HI the status words give the answer's
 *      wavefront, lane, address, the value got and the value expected, and
 *      for LOAD the event log's last writer is the last store to the word.
 *      A memory that stops answering fails the run as HANG with GOT =
 *      EXPECT + 1 = watchdog + 1.
 * Runs at the default configuration (the port structs' size).
 * Usage: test_drf_tester [--seed N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_drf_tester.h"
#include "ww_rng.h"

#define NSM     WW_NUM_SM
#define WF      WW_DRFT_WF
#define LANES   WW_DRFT_LANES
#define NWF     (NSM * WF)
#define LB      WW_LINE_BYTES
#define WORDS   (LB / 4)
#define OFF_W   WW_CLOG2(LB)
#define LINE_W  (32 - OFF_W)
#define WORD_W  WW_IDX_W(LB / 4)
#define WF_W    WW_IDX_W(WF)
#define LANE_W  WW_IDX_W(LANES)
#define NP_W    WW_CLOG2(WW_L1_WQ + 1)
#define VAR_W   (WW_CLOG2(NSM + 1) + WW_DRFT_IDX_W)
#define NVAR    (1u << VAR_W)
#define RANGE_W WW_DRFT_RANGE_W
#define MEMW    (1u << RANGE_W)
#define BASE_W  (0x00010000u >> 2)
#define QMAX    256
#define NO      0xFFFFFFFFu

static ww_rng_t rng;
static int failures;
#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      failures++;                                                          \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                          \
      printf(__VA_ARGS__);                                                 \
      printf("\n");                                                        \
    }                                                                      \
  } while (0)

enum { LIE_NONE, LIE_LOAD, LIE_DUP, LIE_HI, LIE_STOP };

typedef struct { uint64_t due; uint32_t tag, amo, addr, data[WORDS]; } l1a_t;
typedef struct { uint64_t due; uint32_t wf, old; } ba_t;

typedef struct {
  unsigned episodes, len, range, lie, lie_after;
  uint32_t seed, watchdog;
} run_t;

/* what the run did, as the ports showed it */
typedef struct {
  int done, fail;
  uint32_t kind, loads, stores, atomics, cycles, status[WW_DRF_N];
  uint32_t lie_got, lie_exp, lie_addr, lie_g, lie_lane, lie_wr_g, lie_wr_lane, lie_wr_valid;
} res_t;

static uint32_t mem[MEMW];
/* per word: the last store's wavefront, lane and episode (NO: none); per
 * wavefront its episode (E_*), the words its episode loaded (1) / stored
 * (2), when its acquire was answered and each release; per SM its last
 * INVAL */
enum { E_IDLE, E_ACQ, E_IN, E_REL };
#define MAXEP 64
static uint32_t wr_g[MEMW], wr_lane[MEMW], wr_ep[MEMW];
static uint8_t acc[NWF][MEMW];
static int ep[NWF], dev_ep[NWF];
static unsigned nret[NWF];                    /* episodes retired */
static uint64_t acq_cyc[NWF], ret_cyc[NWF][MAXEP], inval_cyc[NSM];

static unsigned midx(uint32_t waddr) { return (waddr - BASE_W) & (MEMW - 1); }

static int in_window(uint32_t waddr) { return ((waddr - BASE_W) & 0x3FFFFFFFu) < MEMW; }

/* an acquire or release atomic of wavefront g leaves */
static void atomic_sent(unsigned g, int dev)
{
  if (ep[g] == E_IDLE) {
    ep[g] = E_ACQ;
    dev_ep[g] = dev;
  } else {
    CHECK(ep[g] == E_IN, "wavefront %u: an atomic in episode state %d", g, ep[g]);
    ep[g] = E_REL;
  }
}

/* its answer arrives (this cycle) */
static void atomic_answered(unsigned g, uint64_t c)
{
  if (ep[g] == E_ACQ) {
    ep[g] = E_IN;
    acq_cyc[g] = c;
  } else {
    CHECK(ep[g] == E_REL, "wavefront %u: an atomic answer in episode state %d", g, ep[g]);
    ep[g] = E_IDLE;
    memset(acc[g], 0, MEMW);
    if (nret[g] < MAXEP)
      ret_cyc[g][nret[g]] = c;
    nret[g]++;
  }
}

/* a load or store of word i by wavefront g of SM k leaves: the DRF rules */
static void access_sent(unsigned g, unsigned k, unsigned i, int store, uint32_t wa)
{
  CHECK(ep[g] == E_IN, "wavefront %u: a %s outside an episode", g, store ? "store" : "load");
  for (unsigned h = 0; h < NWF; h++)
    CHECK(h == g || !(acc[h][i] & (store ? 3 : 2)),
          "DRF: wavefront %u %s word %#x that active wavefront %u %s", g,
          store ? "stores" : "loads", wa, h, acc[h][i] & 2 ? "stored" : "loaded");
  const uint32_t h = wr_g[i];
  if (!store && h != NO && h != g) {
    /* happens-before: the writer's episode that stored the word retired
     * before this episode acquired (a device episode: before an INVAL of
     * this SM) */
    const unsigned e = wr_ep[i];
    const int retired = nret[h] > e && e < MAXEP;
    CHECK(retired && (dev_ep[g] ? inval_cyc[k] > ret_cyc[h][e] : acq_cyc[g] > ret_cyc[h][e]),
          "happens-before: wavefront %u loads word %#x stored by wavefront %u in its episode %u "
          "(retired: %d at %llu; acquire answered at %llu, last INVAL at %llu)", g, wa, h, e,
          retired, (unsigned long long)(retired ? ret_cyc[h][e] : 0),
          (unsigned long long)acq_cyc[g], (unsigned long long)inval_cyc[k]);
  }
  acc[g][i] |= store ? 2 : 1;
}

static void run_one(const run_t *rp, res_t *res)
{
  ww_drf_tester_cfg_t cfg = ww_drf_tester_default_cfg();
  ww_drf_tester_t *m = ww_drf_tester_new(&cfg);
  ww_drf_tester_in_t in;
  ww_drf_tester_out_t o;
  static l1a_t lq[NSM][QMAX];
  static ba_t bq[NSM][QMAX];
  unsigned ln[NSM] = { 0 }, bn[NSM] = { 0 }, wn[NSM] = { 0 };
  uint64_t wack[NSM][WW_L1_WQ + 2];
  unsigned lie_after = rp->lie_after;
  int lie = rp->lie, stopped = 0;
  memset(res, 0, sizeof *res);
  memset(mem, 0, sizeof mem);
  for (unsigned i = 0; i < MEMW; i++)
    wr_g[i] = NO;
  memset(acc, 0, sizeof acc);
  memset(ep, 0, sizeof ep);
  memset(nret, 0, sizeof nret);
  memset(ret_cyc, 0, sizeof ret_cyc);
  memset(acq_cyc, 0, sizeof acq_cyc);
  memset(inval_cyc, 0, sizeof inval_cyc);
  memset(&in, 0, sizeof in);
  memset(&o, 0, sizeof o);
  if (!m) {
    CHECK(0, "model refused the default configuration");
    return;
  }
  uint64_t c;
  for (c = 0; c < 4000000; c++) {
    const ww_drf_tester_in_t last = in;
    const ww_drf_tester_out_t prev = o;
    /* requests that left last cycle: performed now */
    for (unsigned k = 0; k < NSM && (prev.busy_o & 1); k++) {
      if (prev.l1_req_valid_o >> k & 1) {
        const uint32_t op = ww_bits_get(prev.l1_req_op_o, k * WW_L1_W, WW_L1_W);
        const uint32_t line = ww_bits_get(prev.l1_req_line_o, k * LINE_W, LINE_W);
        const uint32_t tag = ww_bits_get(prev.l1_req_tag_o, k * 8, 8);
        const uint32_t word = ww_bits_get(prev.l1_req_amo_word_o, k * WORD_W, WORD_W);
        const uint32_t wa = line << (OFF_W - 2) | word;
        const unsigned g = k * WF + (tag >> LANE_W & (WF - 1)), lane = tag & (LANES - 1);
        const unsigned i = midx(wa);
        if (op == WW_L1_INVAL) {
          inval_cyc[k] = c;
        } else if (!in_window(wa)) {
          CHECK(0, "SM %u: op %u to word %#x outside the window", k, op, wa);
        } else if (op == WW_L1_STORE) {
          for (unsigned b = 0; b < LB; b++)
            CHECK(ww_bits_get(prev.l1_req_be_o, k * LB + b, 1) == (b / 4 == word),
                  "SM %u: store byte enable %u wrong for word %u", k, b, word);
          access_sent(g, k, i, 1, wa);
          mem[i] = ww_bits_get(prev.l1_req_wdata_o, k * LB * 8 + 32 * word, 32);
          wr_g[i] = g;
          wr_lane[i] = lane;
          wr_ep[i] = nret[g];
          res->stores++;
          if (wn[k] < WW_L1_WQ + 2)
            wack[k][wn[k]++] = c + 1 + ww_rng_below(&rng, 8);
        } else {
          l1a_t *a = &lq[k][ln[k]++];
          a->due = c + 1 + ww_rng_below(&rng, 8);
          a->tag = tag;
          a->addr = wa;
          a->amo = op == WW_L1_ATOMIC;
          if (a->amo) {
            CHECK(tag >> (LANE_W + WF_W) & 1, "SM %u: an atomic without the atomic tag bit", k);
            atomic_sent(g, 0);
            memset(a->data, 0, sizeof a->data);
            a->data[0] = mem[i]++;
          } else {
            CHECK(op == WW_L1_LOAD || op == WW_L1_LOAD_STRONG, "SM %u: L1 op %u", k, op);
            access_sent(g, k, i, 0, wa);
            for (unsigned w = 0; w < WORDS; w++)
              a->data[w] = mem[midx(line << (OFF_W - 2) | w)];
          }
        }
      }
      if ((prev.byp_valid_o >> k & 1) && (last.byp_ready_i >> k & 1)) {
        const uint32_t line = ww_bits_get(prev.byp_line_o, k * LINE_W, LINE_W);
        const uint32_t word = ww_bits_get(prev.byp_word_o, k * WORD_W, WORD_W);
        const uint32_t wfi = ww_bits_get(prev.byp_wf_o, k * WF_W, WF_W);
        CHECK(in_window(line << (OFF_W - 2) | word), "device atomic outside the window");
        atomic_sent(k * WF + wfi, 1);
        ba_t *a = &bq[k][bn[k]++];
        a->due = c + 1 + ww_rng_below(&rng, 8);
        a->wf = wfi;
        a->old = mem[midx(line << (OFF_W - 2) | word)]++;
      }
    }
    if (c > 8 && !(prev.busy_o & 1))
      break;

    memset(&in, 0, sizeof in);
    in.rst_ni = c >= 2;
    in.start_i = c == 4;
    in.seed_i = rp->seed;
    in.episodes_i = rp->episodes;
    in.epi_len_i = rp->len;
    in.watchdog_i = rp->watchdog;
    in.range_i = rp->range;
    in.rd_idx_i = WW_DRF_KIND;
    if (lie == LIE_STOP && c > 20 && !lie_after--)
      stopped = 1;
    int byp_taken = 0;
    for (unsigned k = 0; k < NSM; k++) {
      for (unsigned i = 0; i < wn[k];)
        if (wack[k][i] <= c)
          wack[k][i] = wack[k][--wn[k]];
        else
          i++;
      ww_bits_put(in.l1_wr_pending_i, k * NP_W, NP_W, wn[k]);
      in.l1_req_ready_i |= 1ull << k;
      in.byp_ready_i |= (uint64_t)ww_rng_chance(&rng, 2, 3) << k;
      if (stopped)
        continue;
      /* an L1 answer: a random one of those due */
      int pick = -1;
      unsigned nd = 0;
      for (unsigned i = 0; i < ln[k]; i++)
        if (lq[k][i].due <= c && ww_rng_below(&rng, ++nd) == 0)
          pick = (int)i;
      if (pick >= 0) {
        l1a_t a = lq[k][pick];
        lq[k][pick] = lq[k][--ln[k]];
        const unsigned g = k * WF + (a.tag >> LANE_W & (WF - 1));
        const uint32_t word = a.addr & (WORDS - 1);
        int lied = 0;
        if (!a.amo && lie == LIE_LOAD && !lie_after--) {
          res->lie_exp = a.data[word];
          a.data[word] ^= 1u << ww_rng_below(&rng, 32);
          res->lie_got = a.data[word];
          res->lie_wr_valid = wr_g[midx(a.addr)] != NO;
          res->lie_wr_g = wr_g[midx(a.addr)];
          res->lie_wr_lane = wr_lane[midx(a.addr)];
          lied = 1;
        } else if (a.amo && lie == LIE_DUP && a.data[0] && !lie_after--) {
          a.data[0]--;
          lied = 1;
        } else if (a.amo && lie == LIE_HI && !lie_after--) {
          res->lie_exp = a.data[0] + 1;
          a.data[0] += 0x100000u;
          res->lie_got = a.data[0];
          lied = 1;
        }
        if (lied) {
          lie = LIE_NONE;
          res->lie_addr = a.addr << 2;
          res->lie_g = g;
          res->lie_lane = a.amo ? NO : (a.tag & (LANES - 1));
        }
        if (a.amo) {
          atomic_answered(g, c);
          res->atomics++;
        } else {
          res->loads++;
        }
        in.l1_rsp_valid_i |= 1ull << k;
        ww_bits_put(in.l1_rsp_tag_i, k * 8, 8, a.tag);
        for (unsigned w = 0; w < WORDS; w++)
          ww_bits_put(in.l1_rsp_data_i, k * LB * 8 + 32 * w, 32, a.data[w]);
      } else if (!byp_taken && bn[k] && bq[k][0].due <= c) {
        /* a device-atomic answer, offered by one SM without an L1 answer
         * (the tester takes it: the lowest such SM) */
        ba_t *a = &bq[k][0];
        const unsigned g = k * WF + a->wf;
        if (lie == LIE_DUP && a->old && !lie_after--) {
          a->old--;
          lie = LIE_NONE;
          res->lie_g = g;
        } else if (lie == LIE_HI && !lie_after--) {
          res->lie_exp = a->old + 1;
          a->old += 0x100000u;
          res->lie_got = a->old;
          lie = LIE_NONE;
          res->lie_g = g;
          res->lie_lane = 0;
        }
        in.byp_rsp_valid_i |= 1ull << k;
        ww_bits_put(in.byp_rsp_wf_i, k * WF_W, WF_W, a->wf);
        ww_bits_put(in.byp_rsp_old_i, k * 32, 32, a->old);
        atomic_answered(g, c);
        res->atomics++;
        memmove(&bq[k][0], &bq[k][1], (bn[k] - 1) * sizeof bq[k][0]);
        bn[k]--;
        byp_taken = 1;
      }
    }
    ww_drf_tester_step(m, &in, &o);
    CHECK(!(in.byp_rsp_valid_i) || o.byp_rsp_ready_o == in.byp_rsp_valid_i,
          "byp_rsp_ready_o %#llx for the one answer offered %#llx",
          (unsigned long long)o.byp_rsp_ready_o, (unsigned long long)in.byp_rsp_valid_i);
  }
  res->done = (int)(o.done_o & 1);
  res->fail = (int)(o.fail_o & 1);
  res->cycles = (uint32_t)c;
  for (unsigned i = 0; i < WW_DRF_N; i++)
    res->status[i] = ww_drf_tester_read(m, i, 0);
  res->kind = res->status[WW_DRF_KIND];

  if (res->done && !res->fail) {
    /* 2. final memory and addresses */
    static uint8_t used[MEMW];
    unsigned r = rp->range > RANGE_W ? RANGE_W : rp->range;
    if (r < VAR_W)
      r = VAR_W;
    memset(used, 0, sizeof used);
    for (uint32_t v = 0; v < NVAR; v++) {
      const uint32_t a = ww_drf_tester_read(m, WW_DRF_REF_ADDR, v);
      const uint32_t want = ww_drf_tester_read(m, WW_DRF_REF_VALUE, v);
      CHECK((a & 3) == 0 && a >= (BASE_W << 2) && a < (BASE_W << 2) + (4u << r),
            "variable %u at %#x, outside the window of 2^%u words", v, a, r);
      CHECK(!used[midx(a >> 2)], "variable %u shares word %#x with another", v, a);
      used[midx(a >> 2)] = 1;
      CHECK(mem[midx(a >> 2)] == want, "variable %u at %#x: memory %#x, reference %#x", v, a,
            mem[midx(a >> 2)], want);
    }
  }
  ww_drf_tester_free(m);
}

static void settings(run_t *rp)
{
  rp->episodes = 1 + (unsigned)ww_rng_below(&rng, 8);
  rp->len = 1 + (unsigned)ww_rng_below(&rng, 8);
  rp->range = (unsigned)ww_rng_bits(&rng, 5);
  rp->seed = (uint32_t)ww_rng_bits(&rng, 32);
  rp->watchdog = 100000000;
  rp->lie = LIE_NONE;
  rp->lie_after = 0;
}

int main(int argc, char **argv)
{
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
  rng.s = seed;

  /* 1-3. passing runs */
  for (unsigned t = 0; t < 40; t++) {
    run_t rp;
    res_t res;
    settings(&rp);
    run_one(&rp, &res);
    CHECK(res.done && !res.fail, "run %u: done %d fail %d kind %u", t, res.done, res.fail, res.kind);
    CHECK(res.status[WW_DRF_EPISODES] == (uint32_t)NWF * rp.episodes, "run %u: EPISODES %u, want %u",
          t, res.status[WW_DRF_EPISODES], NWF * rp.episodes);
    CHECK(res.status[WW_DRF_ATOMICS] == 2 * res.status[WW_DRF_EPISODES] &&
          res.status[WW_DRF_ATOMICS] == res.atomics, "run %u: ATOMICS %u, answered %u, episodes %u",
          t, res.status[WW_DRF_ATOMICS], res.atomics, res.status[WW_DRF_EPISODES]);
    CHECK(res.status[WW_DRF_LOADS] == res.loads && res.status[WW_DRF_STORES] == res.stores,
          "run %u: LOADS %u STORES %u, on the ports %u %u", t, res.status[WW_DRF_LOADS],
          res.status[WW_DRF_STORES], res.loads, res.stores);
    CHECK(res.status[WW_DRF_CYCLES] + 6 == res.cycles,
          "run %u: CYCLES %u, the run took %u", t, res.status[WW_DRF_CYCLES], res.cycles);
  }

  /* 4. one wrong answer */
  unsigned seen_kind[5] = { 0 };
  for (unsigned t = 0; t < 60; t++) {
    run_t rp;
    res_t res;
    settings(&rp);
    rp.episodes = 8;
    rp.lie = LIE_LOAD + t % 4;
    rp.lie_after = (unsigned)ww_rng_below(&rng, rp.lie == LIE_LOAD ? 30 : rp.lie == LIE_STOP ? 300 : 10);
    if (rp.lie == LIE_STOP)
      rp.watchdog = 20 + (unsigned)ww_rng_below(&rng, 200);
    run_one(&rp, &res);
    const uint32_t *st = res.status;
    const uint32_t want = rp.lie == LIE_LOAD ? WW_DRF_FAIL_LOAD : rp.lie == LIE_DUP ? WW_DRF_FAIL_ATOMIC
                        : rp.lie == LIE_HI ? WW_DRF_FAIL_ATOMIC_HI : WW_DRF_FAIL_HANG;
    CHECK(res.done && res.fail && res.kind == want, "lie %u run %u: done %d fail %d kind %u, want %u",
          rp.lie, t, res.done, res.fail, res.kind, want);
    if (res.kind != want)
      continue;
    seen_kind[want]++;
    if (rp.lie == LIE_LOAD || rp.lie == LIE_HI) {
      CHECK(st[WW_DRF_GOT] == res.lie_got && st[WW_DRF_WF] == res.lie_g,
            "lie %u: GOT %#x WF %u, the answer was %#x to wavefront %u", rp.lie, st[WW_DRF_GOT],
            st[WW_DRF_WF], res.lie_got, res.lie_g);
      if (res.lie_lane != NO)
        CHECK(st[WW_DRF_LANE] == res.lie_lane, "LANE %u, want %u", st[WW_DRF_LANE], res.lie_lane);
    }
    if (rp.lie == LIE_LOAD) {
      CHECK(st[WW_DRF_EXPECT] == res.lie_exp && st[WW_DRF_ADDR] == res.lie_addr &&
            st[WW_DRF_LW_VALUE] == res.lie_exp && st[WW_DRF_LW_VALID] == (uint32_t)res.lie_wr_valid,
            "LOAD: EXPECT %#x ADDR %#x LW_VALUE %#x LW_VALID %u; memory held %#x at %#x (written: %u)",
            st[WW_DRF_EXPECT], st[WW_DRF_ADDR], st[WW_DRF_LW_VALUE], st[WW_DRF_LW_VALID],
            res.lie_exp, res.lie_addr, res.lie_wr_valid);
      if (res.lie_wr_valid)
        CHECK(st[WW_DRF_LW_WF] == res.lie_wr_g && st[WW_DRF_LW_LANE] == res.lie_wr_lane,
              "LOAD: last writer %u lane %u, the last store came from %u lane %u", st[WW_DRF_LW_WF],
              st[WW_DRF_LW_LANE], res.lie_wr_g, res.lie_wr_lane);
    }
    if (rp.lie == LIE_HI)
      CHECK(st[WW_DRF_EXPECT] >= res.lie_exp && st[WW_DRF_EXPECT] <= res.lie_got,
            "ATOMIC_HI: EXPECT %u, the true old value was %u", st[WW_DRF_EXPECT], res.lie_exp - 1);
    if (rp.lie == LIE_STOP)
      CHECK(st[WW_DRF_EXPECT] == rp.watchdog && st[WW_DRF_GOT] == rp.watchdog + 1,
            "HANG: EXPECT %u GOT %u, watchdog %u", st[WW_DRF_EXPECT], st[WW_DRF_GOT], rp.watchdog);
  }
  printf("test_drf_tester: 40 passing runs, failures LOAD %u ATOMIC %u ATOMIC_HI %u HANG %u: %s\n",
         seen_kind[1], seen_kind[2], seen_kind[3], seen_kind[4], failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
