/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the DRF tester's C model (independent of the lockstep
 * test, which only shows RTL == model), from the tester's specification
 * (docs/drf.md sec. 1, the RTL's header), looking only at the ports. The
 * model runs against a correct flat memory: the word window (2^RANGE_W
 * words at 0x10000) and the line window after it (line {pool, lane} at
 * 0x10000 + 4 * 2^RANGE_W); a request anywhere else is an error. Stores
 * write the bytes their byte enables select; a load is answered with its
 * whole line. The L1 port is always ready (a request leaves the tester the
 * cycle after it is made); device atomics have a random ready; answers come
 * after 1..8 cycles, in any order.
 * Variables: while the run start clears the tester's RAMs, the test reads
 * every variable's REF_ADDR through the status port (registered: the word
 * of rd_idx_i / rd_var_i a cycle later), so it knows which variable each
 * request touches.
 *   1. Passing: with a correct memory and a huge watchdog every run ends
 *      (within a cycle cap: a stuck run fails the test) done, not failed,
 *      with EPISODES = NUM_SM * WF * episodes, ATOMICS = 2 * EPISODES,
 *      LOADS / STORES as seen on the ports, LOADS + STORES + SKIPPED =
 *      LANES * EPISODES * len (every lane of every action issues or skips),
 *      UNCHECKED = the atomics answered with an old value >= 2^SEEN_W, and
 *      busy_o high for exactly max(NVAR, seen depth) (the RAM clear) +
 *      CYCLES cycles.
 *   2. Addresses and final memory: sync and word variables are distinct
 *      words of the window of 2^range words at 0x10000 (range_i clipped to
 *      VAR_W..RANGE_W); line variable {pool, idx = 2^IDX_W - LANES + l} is
 *      line {pool, l} of the line window (REF_ADDR its first word). After
 *      a passing run a sync or word variable's word holds REF_VALUE (the
 *      last store, or the sync variable's atomics), word k of a line
 *      variable's line holds REF_VALUE + k (0 if never stored), and
 *      REF_VALID says whether the variable was stored (sync: 1). Every
 *      status word read through the port after the run, a cycle after it is
 *      asked for, equals ww_drf_tester_read of the idle tester.
 *   3. Requests, as they leave: atomics go to the episode's sync variable
 *      (a device atomic: the device pool; a block atomic: the SM's pool);
 *      a load or store goes to a variable of the episode's pool (device:
 *      pool 0; block: 1 + SM) owned by the lane (a word variable with idx
 *      mod LANES = lane: one word, a store enabling exactly that word's
 *      bytes; a line variable of lane l = lane: the whole line, a store
 *      enabling every byte with word k = word 0 + k). DRF (paper sec.
 *      III-A), per word (a line access touches every word of its line): no
 *      store to a word another wavefront's active episode (acquire sent,
 *      release not answered) has loaded or stored; no load of a word
 *      another active episode has stored; a load of a word another
 *      wavefront stored comes after the writer's episode that stored it
 *      retired (its release answered) before the loading episode's acquire
 *      was answered (a device episode: before an INVAL of the loading SM
 *      was sent). Line actions happen: over the passing runs some full-line
 *      stores and line loads leave, and line accesses are 1/16..1/4 of all
 *      loads and stores (one action in eight is a line action; its lanes
 *      skip less often than a word action's: about 14%).
 *   4. Failures: one wrong answer (a word load's word, one word of a line
 *      load -- maybe a later word too --, an atomic's old value one less,
 *      or far too large) fails the run as LOAD / LOAD / ATOMIC / ATOMIC_HI;
 *      for LOAD and ATOMIC_HI the status words give the answer's
 *      wavefront, lane, the value got and the value expected, for LOAD the
 *      (first) wrong word's byte address, the variable (its REF_ADDR is the
 *      word, or the line's first word) and the event log's last writer,
 *      the last store to the word (LW_VALUE its value: a line's base
 *      value). A memory that stops answering fails the run as HANG with
 *      GOT = EXPECT + 1 = watchdog + 1.
 * 120 passing runs, 100 with a wrong answer (20 of each kind), at the
 * default configuration (the port structs' size); about 2 s under ASan.
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
#define IDX_W   WW_DRFT_IDX_W
#define NSYNC   WW_DRFT_NSYNC
#define POOL_W  WW_CLOG2(NSM + 1)
#define VAR_W   (POOL_W + IDX_W)
#define NVAR    (1u << VAR_W)
#define LINE0   ((1u << IDX_W) - LANES)           /* the first line variable's idx */
#define RANGE_W WW_DRFT_RANGE_W
#define MEMW    (1u << RANGE_W)                   /* the largest word window */
#define LWORDS  ((1u << POOL_W) * LANES * WORDS)  /* the line window */
#define MEMT    (MEMW + LWORDS)
#define BASE_W  (0x00010000u >> 2)
#define LWIN_W  (BASE_W + MEMW)
#define SEEN_W  WW_DRFT_SEEN_W
#define SEEN_D  (1u << (WW_IDX_W(NSYNC) + SEEN_W - 5))
#define CLR_N   (NVAR > SEEN_D ? NVAR : SEEN_D)   /* the RAM clear at a run's start */
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

enum { LIE_NONE, LIE_LOAD, LIE_LINE, LIE_DUP, LIE_HI, LIE_STOP, LIE_N };

typedef struct { uint64_t due; uint32_t tag, amo, line_ld, addr, data[WORDS]; } l1a_t;
typedef struct { uint64_t due; uint32_t wf, old; } ba_t;

typedef struct {
  unsigned episodes, len, range, lie, lie_after;
  uint32_t seed, watchdog;
} run_t;

/* what the run did, as the ports showed it */
typedef struct {
  int ended, done, fail, lied;
  uint32_t kind, loads, stores, atomics, unchecked, busy, status[WW_DRF_N];
  uint32_t lie_got, lie_exp, lie_base, lie_addr, lie_var, lie_g, lie_lane;
  uint32_t lie_wr_g, lie_wr_lane, lie_wr_valid;
} res_t;

/* the loads and stores seen on the ports (all runs; property 3 counts those
 * of the passing runs) */
static uint32_t tot_word_ld, tot_word_st, tot_line_ld, tot_line_st, max_busy;

/* memory and, per word, its variable (NO: none; a line variable owns
 * every word of its line), the last store's wavefront, lane and episode
 * (NO: none); per wavefront its episode (E_*), its sync variable's word,
 * the words its episode loaded (1) / stored (2), when its acquire was
 * answered and each release; per SM its last INVAL */
enum { E_IDLE, E_ACQ, E_IN, E_REL };
#define MAXEP 64
static uint32_t mem[MEMT], var_at[MEMT];
static uint32_t wr_g[MEMT], wr_lane[MEMT], wr_ep[MEMT];
static uint8_t acc[NWF][MEMT];
static int ep[NWF], dev_ep[NWF];
static uint32_t sync_wa[NWF];
static unsigned nret[NWF];                    /* episodes retired */
static uint64_t acq_cyc[NWF], ret_cyc[NWF][MAXEP], inval_cyc[NSM];

static uint32_t var_pool(uint32_t v) { return v >> IDX_W; }
static uint32_t var_idx(uint32_t v) { return v & ((1u << IDX_W) - 1); }
static int is_sync(uint32_t v) { return var_idx(v) < NSYNC; }
static int is_line(uint32_t v) { return var_idx(v) >= LINE0; }

/* index into mem of word address wa, or NO outside both windows */
static uint32_t midx(uint32_t waddr)
{
  const uint32_t i = (waddr - BASE_W) & 0x3FFFFFFFu;
  return i < MEMT ? i : NO;
}

/* the variable map from the REF_ADDRs read during the clear (property 2) */
static void map_vars(const uint32_t *ref_addr, unsigned range)
{
  unsigned r = range > RANGE_W ? RANGE_W : range;
  if (r < VAR_W)
    r = VAR_W;
  for (unsigned i = 0; i < MEMT; i++)
    var_at[i] = NO;
  for (uint32_t v = 0; v < NVAR; v++) {
    const uint32_t a = ref_addr[v], wa = a >> 2;
    if (is_line(v)) {
      const uint32_t want = (LWIN_W + ((var_pool(v) * LANES + var_idx(v) - LINE0) * WORDS)) << 2;
      CHECK(a == want, "line variable %#x at %#x, want line {pool %u, lane %u} at %#x", v, a,
            var_pool(v), var_idx(v) - LINE0, want);
      if (a != want)
        continue;
      for (unsigned k = 0; k < WORDS; k++)
        var_at[midx(wa + k)] = v;
    } else {
      const int in = (a & 3) == 0 && wa >= BASE_W && wa - BASE_W < (1u << r);
      CHECK(in, "variable %#x at %#x, outside the window of 2^%u words", v, a, r);
      if (!in)
        continue;
      CHECK(var_at[midx(wa)] == NO, "variable %#x shares word %#x with variable %#x", v, a,
            var_at[midx(wa)]);
      var_at[midx(wa)] = v;
    }
  }
}

/* an acquire or release atomic of wavefront g (SM k) to word wa leaves */
static void atomic_sent(unsigned g, unsigned k, int dev, uint32_t wa)
{
  const uint32_t i = midx(wa), v = i == NO ? NO : var_at[i];
  CHECK(v != NO && is_sync(v) && var_pool(v) == (dev ? 0 : k + 1),
        "wavefront %u: a %s atomic to word %#x (variable %#x): not a sync variable of pool %u", g,
        dev ? "device" : "block", wa, v, dev ? 0 : k + 1);
  if (ep[g] == E_IDLE) {
    ep[g] = E_ACQ;
    dev_ep[g] = dev;
    sync_wa[g] = wa;
  } else {
    CHECK(ep[g] == E_IN, "wavefront %u: an atomic in episode state %d", g, ep[g]);
    CHECK(dev_ep[g] == dev && sync_wa[g] == wa,
          "wavefront %u: release (%s, word %#x) unlike its acquire (%s, word %#x)", g,
          dev ? "device" : "block", wa, dev_ep[g] ? "device" : "block", sync_wa[g]);
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
    memset(acc[g], 0, MEMT);
    if (nret[g] < MAXEP)
      ret_cyc[g][nret[g]] = c;
    nret[g]++;
  }
}

/* a load or store of word wa (mem index i) by wavefront g of SM k leaves:
 * the DRF rules for that word */
static void access_sent(unsigned g, unsigned k, uint32_t i, int store, uint32_t wa)
{
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

/* one cycle of the idle tester with the status port at (idx, var): returns
 * rd_data_o, the word asked for the cycle before */
static uint32_t rd_step(ww_drf_tester_t *m, ww_drf_tester_in_t *in, unsigned idx, uint32_t var)
{
  ww_drf_tester_out_t o;
  in->rd_idx_i = idx;
  in->rd_var_i = var;
  in->l1_rsp_valid_i = 0;
  in->byp_rsp_valid_i = 0;
  ww_drf_tester_step(m, in, &o);
  CHECK(!(o.busy_o & 1), "busy while reading the status words");
  return (uint32_t)o.rd_data_o;
}

/* read n status words through the port, one a cycle; each must equal the
 * idle tester's word (ww_drf_tester_read) */
static void port_read(ww_drf_tester_t *m, ww_drf_tester_in_t *in, const unsigned *idx,
                      const uint32_t *var, uint32_t *val, unsigned n)
{
  for (unsigned i = 0; i <= n; i++) {
    const uint32_t d = rd_step(m, in, i < n ? idx[i] : 0, i < n ? var[i] : 0);
    if (i == 0)
      continue;
    val[i - 1] = d;
    const uint32_t want = ww_drf_tester_read(m, idx[i - 1], var[i - 1]);
    CHECK(d == want, "status word %u of variable %#x: %#x on rd_data_o a cycle later, %#x read "
          "directly", idx[i - 1], var[i - 1], d, want);
  }
}

/* the L1 request that left SM k last cycle (prev: the outputs of that
 * cycle) is performed at cycle c */
static void perform_l1(unsigned k, const ww_drf_tester_out_t *prev, uint64_t c, int mapped,
                       res_t *res, l1a_t *lq, unsigned *ln, uint64_t *wack, unsigned *wn)
{
  const uint32_t op = ww_bits_get(prev->l1_req_op_o, k * WW_L1_W, WW_L1_W);
  const uint32_t line = ww_bits_get(prev->l1_req_line_o, k * LINE_W, LINE_W);
  const uint32_t tag = ww_bits_get(prev->l1_req_tag_o, k * 8, 8);
  const uint32_t word = ww_bits_get(prev->l1_req_amo_word_o, k * WORD_W, WORD_W);
  const uint32_t la = line << (OFF_W - 2), wa = la | word;
  const unsigned g = k * WF + (tag >> LANE_W & (WF - 1)), lane = tag & (LANES - 1);
  const uint32_t i = midx(wa), li = midx(la);
  const uint32_t v = i == NO ? NO : var_at[i];
  CHECK(mapped || op == WW_L1_INVAL, "SM %u: op %u before the run started", k, op);
  if (op == WW_L1_INVAL) {
    inval_cyc[k] = c;
    return;
  }
  if (op == WW_L1_ATOMIC) {
    CHECK(tag >> (LANE_W + WF_W) & 1, "SM %u: an atomic without the atomic tag bit", k);
    atomic_sent(g, k, 0, wa);
    if (*ln >= QMAX)
      return;
    l1a_t *a = &lq[(*ln)++];
    memset(a, 0, sizeof *a);
    a->due = c + 1 + ww_rng_below(&rng, 8);
    a->tag = tag;
    a->addr = wa;
    a->amo = 1;
    a->data[0] = i == NO ? 0 : mem[i]++;
    return;
  }
  const int store = op == WW_L1_STORE;
  CHECK(store || op == WW_L1_LOAD || op == WW_L1_LOAD_STRONG, "SM %u: L1 op %u", k, op);
  CHECK(!(tag >> (LANE_W + WF_W) & 1), "SM %u: a load or store with the atomic tag bit", k);
  CHECK(ep[g] == E_IN, "wavefront %u: a %s outside an episode", g, store ? "store" : "load");
  /* the variable: the episode's pool, the lane's (a request elsewhere is
   * reported, and still performed if it is in memory: loads outside read 0) */
  const int line_v = v != NO && is_line(v);
  CHECK(v != NO && !is_sync(v), "SM %u wavefront %u lane %u: %s to word %#x, variable %#x: not "
        "a word or line variable", k, g, lane, store ? "store" : "load", wa, v);
  if (v != NO)
    CHECK(var_pool(v) == (dev_ep[g] ? 0 : k + 1) && (var_idx(v) & (LANES - 1)) == lane,
          "SM %u wavefront %u lane %u (%s episode): variable %#x at word %#x", k, g, lane,
          dev_ep[g] ? "device" : "block", v, wa);
  if (store) {
    /* the byte enables: one word of a word variable, every byte of a line */
    uint32_t be[WORDS];
    for (unsigned w = 0; w < WORDS; w++)
      be[w] = ww_bits_get(prev->l1_req_be_o, k * LB + 4 * w, 4);
    for (unsigned w = 0; w < WORDS; w++)
      CHECK(line_v ? be[w] == 0xF : be[w] == (w == word ? 0xFu : 0u),
            "SM %u: %s store to word %#x: byte enables %#x of word %u", k,
            line_v ? "line" : "word", wa, be[w], w);
    const uint32_t d0 = ww_bits_get(prev->l1_req_wdata_o, k * LB * 8, 32);
    for (unsigned w = 0; w < WORDS; w++) {
      const uint32_t d = ww_bits_get(prev->l1_req_wdata_o, k * LB * 8 + 32 * w, 32);
      if (line_v)
        CHECK(d == d0 + w, "SM %u: line store: word %u %#x, word 0 %#x", k, w, d, d0);
      if (!be[w] || li == NO)
        continue;
      uint32_t x = mem[li + w];
      for (unsigned b = 0; b < 4; b++)
        if (be[w] >> b & 1)
          x = (x & ~(0xFFu << 8 * b)) | (d & 0xFFu << 8 * b);
      access_sent(g, k, li + w, 1, la | w);
      mem[li + w] = x;
      wr_g[li + w] = g;
      wr_lane[li + w] = lane;
      wr_ep[li + w] = nret[g];
    }
    res->stores++;
    if (line_v)
      tot_line_st++;
    else
      tot_word_st++;
    if (*wn < WW_L1_WQ + 2)
      wack[(*wn)++] = c + 1 + ww_rng_below(&rng, 8);
    return;
  }
  /* a load: one word, or every word of a line */
  for (unsigned w = 0; w < WORDS && li != NO; w++)
    if (line_v || w == word)
      access_sent(g, k, li + w, 0, la | w);
  if (line_v)
    tot_line_ld++;
  else
    tot_word_ld++;
  if (*ln >= QMAX)
    return;
  l1a_t *a = &lq[(*ln)++];
  memset(a, 0, sizeof *a);
  a->due = c + 1 + ww_rng_below(&rng, 8);
  a->tag = tag;
  a->addr = line_v ? la : wa;
  a->line_ld = (uint32_t)line_v;
  for (unsigned w = 0; w < WORDS; w++)
    a->data[w] = li == NO ? 0 : mem[li + w];
}

/* the device atomic that left SM k last cycle (prev, last: the outputs and
 * inputs of that cycle) is performed at cycle c */
static void perform_byp(unsigned k, const ww_drf_tester_out_t *prev, const ww_drf_tester_in_t *last,
                        uint64_t c, int mapped, ba_t *bq, unsigned *bn)
{
  if ((prev->byp_valid_o >> k & 1) && (last->byp_ready_i >> k & 1)) {
    const uint32_t line = ww_bits_get(prev->byp_line_o, k * LINE_W, LINE_W);
    const uint32_t word = ww_bits_get(prev->byp_word_o, k * WORD_W, WORD_W);
    const uint32_t wfi = ww_bits_get(prev->byp_wf_o, k * WF_W, WF_W);
    const uint32_t wa = line << (OFF_W - 2) | word, i = midx(wa);
    CHECK(mapped, "SM %u: a device atomic before the run started", k);
    atomic_sent(k * WF + wfi, k, 1, wa);
    if (*bn >= QMAX)
      return;
    ba_t *a = &bq[(*bn)++];
    a->due = c + 1 + ww_rng_below(&rng, 8);
    a->wf = wfi;
    a->old = i == NO ? 0 : mem[i]++;
  }
}

/* the cycle cap of a run: the clear, then 40 cycles per lane of every
 * action of a wavefront (a passing run takes at most about 10 at the default
 * configuration, plus a few hundred) */
static uint64_t cycle_cap(const run_t *rp)
{
  return CLR_N + 1000u + 40u * (uint64_t)rp->episodes * rp->len * LANES;
}

static void run_one(const run_t *rp, res_t *res, unsigned t)
{
  ww_drf_tester_cfg_t cfg = ww_drf_tester_default_cfg();
  ww_drf_tester_t *m = ww_drf_tester_new(&cfg);
  ww_drf_tester_in_t in;
  ww_drf_tester_out_t o;
  static l1a_t lq[NSM][QMAX];
  static ba_t bq[NSM][QMAX];
  static uint32_t ref_addr[NVAR];
  unsigned ln[NSM] = { 0 }, bn[NSM] = { 0 }, wn[NSM] = { 0 };
  uint64_t wack[NSM][WW_L1_WQ + 2];
  unsigned lie_after = rp->lie_after;
  int lie = rp->lie, stopped = 0, mapped = 0;
  memset(res, 0, sizeof *res);
  memset(mem, 0, sizeof mem);
  for (unsigned i = 0; i < MEMT; i++)
    wr_g[i] = var_at[i] = NO;
  memset(acc, 0, sizeof acc);
  memset(ep, 0, sizeof ep);
  memset(nret, 0, sizeof nret);
  memset(ret_cyc, 0, sizeof ret_cyc);
  memset(acq_cyc, 0, sizeof acq_cyc);
  memset(inval_cyc, 0, sizeof inval_cyc);
  memset(ref_addr, 0, sizeof ref_addr);
  memset(&in, 0, sizeof in);
  memset(&o, 0, sizeof o);
  if (!m) {
    CHECK(0, "model refused the default configuration");
    return;
  }
  const uint64_t cap = cycle_cap(rp);
  uint64_t c;
  int ended = 0;
  for (c = 0; c < cap; c++) {
    const ww_drf_tester_in_t last = in;
    const ww_drf_tester_out_t prev = o;
    /* requests that left last cycle: performed now */
    for (unsigned k = 0; k < NSM && (prev.busy_o & 1); k++) {
      if (prev.l1_req_valid_o >> k & 1)
        perform_l1(k, &prev, c, mapped, res, lq[k], &ln[k], wack[k], &wn[k]);
      perform_byp(k, &prev, &last, c, mapped, bq[k], &bn[k]);
    }
    if (c > 8 && !(prev.busy_o & 1)) {
      ended = 1;
      break;
    }

    memset(&in, 0, sizeof in);
    in.rst_ni = c >= 2;
    in.start_i = c == 4;
    in.seed_i = rp->seed;
    in.episodes_i = rp->episodes;
    in.epi_len_i = rp->len;
    in.watchdog_i = rp->watchdog;
    in.range_i = rp->range;
    /* during the clear (from the cycle after start): REF_ADDR of variable
     * c - 5, on rd_data_o the cycle after */
    in.rd_idx_i = WW_DRF_REF_ADDR;
    in.rd_var_i = (c - 5) & (NVAR - 1);
    if (lie == LIE_STOP && c > CLR_N + 20 && !lie_after--)
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
        const uint32_t word = a.addr & (WORDS - 1), i = midx(a.addr);
        int lied = 0;
        if (!a.amo && !a.line_ld && lie == LIE_LOAD && !lie_after--) {
          res->lie_exp = a.data[word];
          a.data[word] ^= 1u << ww_rng_below(&rng, 32);
          res->lie_got = a.data[word];
          res->lie_addr = a.addr << 2;
          res->lie_base = res->lie_exp;
          lied = 1;
        } else if (a.line_ld && lie == LIE_LINE && !lie_after--) {
          /* word w wrong, maybe a later word too: the tester names the first */
          const unsigned w = (unsigned)ww_rng_below(&rng, WORDS);
          res->lie_exp = a.data[w];
          res->lie_base = a.data[0];
          a.data[w] ^= 1u << ww_rng_below(&rng, 32);
          res->lie_got = a.data[w];
          if (w + 1 < WORDS && ww_rng_chance(&rng, 1, 2))
            a.data[w + 1 + ww_rng_below(&rng, WORDS - 1 - w)] ^= 1u << ww_rng_below(&rng, 32);
          res->lie_addr = (a.addr + w) << 2;
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
          res->lied = 1;
          res->lie_g = g;
          res->lie_lane = a.amo ? NO : (a.tag & (LANES - 1));
          if (!a.amo && i != NO) {
            const uint32_t j = midx(res->lie_addr >> 2);
            res->lie_var = var_at[i];
            res->lie_wr_valid = wr_g[j] != NO;
            res->lie_wr_g = wr_g[j];
            res->lie_wr_lane = wr_lane[j];
          }
        }
        if (a.amo) {
          atomic_answered(g, c);
          res->atomics++;
          res->unchecked += a.data[0] >= (1u << SEEN_W);
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
          res->lied = 1;
          res->lie_g = g;
        } else if (lie == LIE_HI && !lie_after--) {
          res->lie_exp = a->old + 1;
          a->old += 0x100000u;
          res->lie_got = a->old;
          lie = LIE_NONE;
          res->lied = 1;
          res->lie_g = g;
          res->lie_lane = 0;
        }
        in.byp_rsp_valid_i |= 1ull << k;
        ww_bits_put(in.byp_rsp_wf_i, k * WF_W, WF_W, a->wf);
        ww_bits_put(in.byp_rsp_old_i, k * 32, 32, a->old);
        atomic_answered(g, c);
        res->atomics++;
        res->unchecked += a->old >= (1u << SEEN_W);
        memmove(&bq[k][0], &bq[k][1], (bn[k] - 1) * sizeof bq[k][0]);
        bn[k]--;
        byp_taken = 1;
      }
    }
    ww_drf_tester_step(m, &in, &o);
    CHECK(!(in.byp_rsp_valid_i) || o.byp_rsp_ready_o == in.byp_rsp_valid_i,
          "byp_rsp_ready_o %#llx for the one answer offered %#llx",
          (unsigned long long)o.byp_rsp_ready_o, (unsigned long long)in.byp_rsp_valid_i);
    res->busy += (uint32_t)(o.busy_o & 1);
    /* the REF_ADDR asked for last cycle, during the clear */
    if (c >= 6 && c - 6 < NVAR)
      ref_addr[c - 6] = (uint32_t)o.rd_data_o;
    if (c == 6 + NVAR - 1) {
      CHECK(res->busy == c - 4, "run %u: not busy throughout the REF_ADDR reads", t);
      map_vars(ref_addr, rp->range);
      mapped = 1;
    }
  }
  CHECK(ended, "run %u: not done after %llu cycles (stuck; busy %u cycles, %u loads, %u stores, "
        "%u atomics answered)", t, (unsigned long long)cap, res->busy, res->loads, res->stores,
        res->atomics);
  res->ended = ended;
  if (!ended) {
    ww_drf_tester_free(m);
    return;
  }
  res->done = (int)(o.done_o & 1);
  res->fail = (int)(o.fail_o & 1);

  /* the status words through the port (var 0) */
  {
    unsigned idx[WW_DRF_N];
    uint32_t var[WW_DRF_N];
    for (unsigned i = 0; i < WW_DRF_N; i++) {
      idx[i] = i;
      var[i] = 0;
    }
    in.start_i = 0;
    port_read(m, &in, idx, var, res->status, WW_DRF_N);
  }
  res->kind = res->status[WW_DRF_KIND];

  if (res->done && !res->fail) {
    /* 2. final memory: REF_ADDR / REF_VALUE / REF_VALID of every variable */
    static unsigned idx[3 * NVAR];
    static uint32_t var[3 * NVAR], val[3 * NVAR];
    for (uint32_t v = 0; v < NVAR; v++)
      for (unsigned j = 0; j < 3; j++) {
        idx[3 * v + j] = WW_DRF_REF_ADDR + j;
        var[3 * v + j] = v;
      }
    port_read(m, &in, idx, var, val, 3 * NVAR);
    for (uint32_t v = 0; v < NVAR; v++) {
      const uint32_t a = val[3 * v], want = val[3 * v + 1], valid = val[3 * v + 2];
      const uint32_t i = midx(a >> 2);
      CHECK(a == ref_addr[v], "variable %#x: REF_ADDR %#x after the run, %#x during the clear", v,
            a, ref_addr[v]);
      if (i == NO || var_at[i] != v)
        continue;   /* reported by map_vars */
      const unsigned n = is_line(v) ? WORDS : 1;
      for (unsigned w = 0; w < n; w++) {
        const uint32_t e = is_line(v) && want ? want + w : want;
        CHECK(mem[i + w] == e, "variable %#x at %#x: memory %#x, reference %#x (REF_VALUE %#x)", v,
              a + 4 * w, mem[i + w], e, want);
      }
      const uint32_t stored = is_sync(v) || wr_g[i] != NO;
      CHECK(valid == stored, "variable %#x at %#x: REF_VALID %u, stored %u", v, a, valid, stored);
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
  const unsigned npass = 120;
  for (unsigned t = 0; t < npass; t++) {
    run_t rp;
    res_t res;
    settings(&rp);
    run_one(&rp, &res, t);
    if (!res.ended)
      continue;   /* reported */
    const uint32_t *st = res.status;
    CHECK(res.done && !res.fail, "run %u: done %d fail %d kind %u", t, res.done, res.fail,
          res.kind);
    CHECK(st[WW_DRF_EPISODES] == (uint32_t)NWF * rp.episodes, "run %u: EPISODES %u, want %u", t,
          st[WW_DRF_EPISODES], NWF * rp.episodes);
    CHECK(st[WW_DRF_ATOMICS] == 2 * st[WW_DRF_EPISODES] && st[WW_DRF_ATOMICS] == res.atomics,
          "run %u: ATOMICS %u, answered %u, episodes %u", t, st[WW_DRF_ATOMICS], res.atomics,
          st[WW_DRF_EPISODES]);
    CHECK(st[WW_DRF_LOADS] == res.loads && st[WW_DRF_STORES] == res.stores,
          "run %u: LOADS %u STORES %u, on the ports %u %u", t, st[WW_DRF_LOADS], st[WW_DRF_STORES],
          res.loads, res.stores);
    CHECK(st[WW_DRF_LOADS] + st[WW_DRF_STORES] + st[WW_DRF_SKIPPED] ==
          (uint32_t)NWF * rp.episodes * rp.len * LANES,
          "run %u: LOADS %u + STORES %u + SKIPPED %u, lanes of all actions %u", t, st[WW_DRF_LOADS],
          st[WW_DRF_STORES], st[WW_DRF_SKIPPED], NWF * rp.episodes * rp.len * LANES);
    CHECK(st[WW_DRF_UNCHECKED] == res.unchecked, "run %u: UNCHECKED %u, on the ports %u", t,
          st[WW_DRF_UNCHECKED], res.unchecked);
    CHECK(st[WW_DRF_CYCLES] + CLR_N == res.busy,
          "run %u: CYCLES %u + the clear %u, busy_o high %u cycles", t, st[WW_DRF_CYCLES], CLR_N,
          res.busy);
    if (res.busy > max_busy)
      max_busy = res.busy;
  }
  /* 3. line actions happen: one action in eight (line lanes skip less
   * often than word lanes: about 14% of the loads and stores) */
  const uint32_t line_st = tot_line_st, line_ld = tot_line_ld, word_st = tot_word_st;
  const uint32_t word_ld = tot_word_ld, line = line_st + line_ld, tot = line + word_st + word_ld;
  CHECK(line_st > 0 && line_ld > 0 && 16 * line >= tot && 4 * line <= tot,
        "line accesses: %u stores, %u loads, of %u loads and stores", line_st, line_ld, tot);

  /* 4. one wrong answer */
  unsigned seen_kind[LIE_N] = { 0 };
  for (unsigned t = 0; t < 100; t++) {
    run_t rp;
    res_t res;
    settings(&rp);
    rp.episodes = 8;
    rp.lie = LIE_LOAD + t % (LIE_N - 1);
    switch (rp.lie) {
    case LIE_LOAD: rp.lie_after = (unsigned)ww_rng_below(&rng, 30); break;
    case LIE_LINE:   /* about 1 action in 16 is a line load: long episodes */
      rp.lie_after = (unsigned)ww_rng_below(&rng, 4);
      rp.len = 4 + rp.len / 2;
      break;
    case LIE_STOP: rp.lie_after = (unsigned)ww_rng_below(&rng, 300); break;
    default:       rp.lie_after = (unsigned)ww_rng_below(&rng, 10); break;
    }
    if (rp.lie == LIE_STOP)
      rp.watchdog = 20 + (unsigned)ww_rng_below(&rng, 200);
    run_one(&rp, &res, npass + t);
    if (!res.ended)
      continue;
    const uint32_t *st = res.status;
    const uint32_t want = rp.lie <= LIE_LINE ? WW_DRF_FAIL_LOAD
                        : rp.lie == LIE_DUP  ? WW_DRF_FAIL_ATOMIC
                        : rp.lie == LIE_HI   ? WW_DRF_FAIL_ATOMIC_HI
                                             : WW_DRF_FAIL_HANG;
    CHECK(res.lied || res.fail || rp.lie == LIE_STOP,
          "lie %u run %u: the memory never lied (settings too short)", rp.lie, t);
    CHECK(res.done && res.fail && res.kind == want,
          "lie %u run %u: done %d fail %d kind %u, want %u", rp.lie, t, res.done, res.fail,
          res.kind, want);
    if (res.kind != want)
      continue;
    seen_kind[rp.lie]++;
    if (rp.lie == LIE_LOAD || rp.lie == LIE_LINE || rp.lie == LIE_HI) {
      CHECK(st[WW_DRF_GOT] == res.lie_got && st[WW_DRF_WF] == res.lie_g,
            "lie %u: GOT %#x WF %u, the answer was %#x to wavefront %u", rp.lie, st[WW_DRF_GOT],
            st[WW_DRF_WF], res.lie_got, res.lie_g);
      if (res.lie_lane != NO)
        CHECK(st[WW_DRF_LANE] == res.lie_lane, "lie %u: LANE %u, want %u", rp.lie, st[WW_DRF_LANE],
              res.lie_lane);
    }
    if (rp.lie == LIE_LOAD || rp.lie == LIE_LINE) {
      CHECK(st[WW_DRF_EXPECT] == res.lie_exp && st[WW_DRF_ADDR] == res.lie_addr &&
            st[WW_DRF_VAR] == res.lie_var && st[WW_DRF_LW_VALID] == res.lie_wr_valid &&
            st[WW_DRF_LW_VALUE] == (res.lie_wr_valid ? res.lie_base : 0),
            "lie %u: EXPECT %#x ADDR %#x VAR %#x LW_VALID %u LW_VALUE %#x; memory held %#x at %#x "
            "(variable %#x, written: %u, value %#x)", rp.lie, st[WW_DRF_EXPECT], st[WW_DRF_ADDR],
            st[WW_DRF_VAR], st[WW_DRF_LW_VALID], st[WW_DRF_LW_VALUE], res.lie_exp, res.lie_addr,
            res.lie_var, res.lie_wr_valid, res.lie_base);
      if (res.lie_wr_valid)
        CHECK(st[WW_DRF_LW_WF] == res.lie_wr_g && st[WW_DRF_LW_LANE] == res.lie_wr_lane,
              "lie %u: last writer %u lane %u, the last store came from %u lane %u", rp.lie,
              st[WW_DRF_LW_WF], st[WW_DRF_LW_LANE], res.lie_wr_g, res.lie_wr_lane);
    }
    if (rp.lie == LIE_HI)
      CHECK(st[WW_DRF_EXPECT] >= res.lie_exp && st[WW_DRF_EXPECT] <= res.lie_got,
            "ATOMIC_HI: EXPECT %u, the true old value was %u", st[WW_DRF_EXPECT], res.lie_exp - 1);
    if (rp.lie == LIE_STOP)
      CHECK(st[WW_DRF_EXPECT] == rp.watchdog && st[WW_DRF_GOT] == rp.watchdog + 1,
            "HANG: EXPECT %u GOT %u, watchdog %u", st[WW_DRF_EXPECT], st[WW_DRF_GOT], rp.watchdog);
  }
  printf("test_drf_tester: %u passing runs (longest %u cycles busy; line stores %u loads %u, word "
         "stores %u loads %u), failures LOAD %u LINE %u ATOMIC %u ATOMIC_HI %u HANG %u: %s\n",
         npass, max_busy, line_st, line_ld, word_st, word_ld, seen_kind[LIE_LOAD],
         seen_kind[LIE_LINE], seen_kind[LIE_DUP], seen_kind[LIE_HI], seen_kind[LIE_STOP],
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
