/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the C model of the DRF tester on the memory system
 * (ww_drf_top; independent of the lockstep test, which only shows RTL ==
 * model), from its specification (the RTL's header, docs/drf.md sec. 2),
 * looking only at the ports. The DRAM is a flat memory behind every
 * partition with a random ready and a random latency, answering reads in
 * order (the DRAM port protocol of ww_l2_slice), reset with the top.
 *   1. Passing: with a correct memory every run ends done_o, not fail_o,
 *      with EPISODES = NUM_SM * WF * episodes and ATOMICS = 2 * EPISODES;
 *      busy_o is 1 in the cycle after start_i and never 1 with done_o. (It
 *      is not 1 in every cycle before done_o: busy_o = the tester runs or
 *      the flush FSM is in RUN, so it is 0 in the cycle between the
 *      tester's done and the flush, and after the last FLUSH answer while
 *      the DRAM queues drain; the test counts those cycles.)
 *   2. End flush: done_o first rises in a cycle with no DRAM request
 *      valid, and from then on (until the next start) no DRAM request comes;
 *      every slice took its FLUSH (an L2 Flush transition on each slice's
 *      l2_cov_o) before done_o.
 *   3. Final memory: after a passing run every variable's word (REF_ADDR)
 *      in the DRAM holds REF_VALUE (the dirty lines were written back); a
 *      line variable's word k holds REF_VALUE + k (0 if never stored).
 *   4. DRAM requests: only lines of the tester's word window and line
 *      window (after the largest word window); a line goes to the
 *      partition line % NUM_PART (the crossbar's interleaving).
 *   5. Failures: a DRAM that stops answering fails the run as HANG: done_o
 *      and fail_o together, without the end flush (no L2 Flush transition
 *      after it).
 * Runs at the default configuration (the port structs' size). Against a
 * model whose done_o does not wait for the DRAM queues (property 2) or that
 * takes the device atomic while the L1's request has the port (the lost
 * atomic: property 1) it fails.
 * Usage: test_drf_top [--seed N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_drf_top.h"
#include "ww_rng.h"

#define NSM     WW_NUM_SM
#define NP      WW_NUM_PART
#define LB      WW_LINE_BYTES
#define LW      (LB / 4)
#define OFF_W   WW_CLOG2(LB)
#define LINE_W  (32 - OFF_W)
#define VAR_W   (WW_CLOG2(NSM + 1) + WW_DRFT_IDX_W)
#define NVAR    (1u << VAR_W)
#define RANGE_W WW_DRFT_RANGE_W
#define LINES   ((1u << WW_CLOG2(NSM + 1)) * WW_DRFT_LANES)   /* line variables' lines */
#define MEMW    ((1u << RANGE_W) + LINES * LW)   /* the word window, the line window */
#define BASE_W  (0x00010000u >> 2)
#define RQ      64
#define L2COV   WW_DRF_TOP_L2COV

static int failures;
#define CHECK(cond, ...)                                                 \
  do {                                                                   \
    if (!(cond)) {                                                       \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                        \
      printf(__VA_ARGS__);                                               \
      printf("\n");                                                      \
      if (++failures > 20)                                               \
        exit(1);                                                         \
    }                                                                    \
  } while (0)

static ww_rng_t rng;
static uint32_t mem[MEMW];

typedef struct {
  uint64_t due;
  uint32_t data[LW];
} rd_t;

typedef struct {
  rd_t q[NP][RQ];
  unsigned head[NP], n[NP];
  uint64_t last_due[NP];
  unsigned rdy_pct, lat_max;
  int mute;                     /* stops answering (property 5) */
} dram_t;

typedef struct {
  unsigned episodes, len, range;
  uint32_t watchdog, seed;
  int mute_after;               /* cycles, or -1 */
} run_t;

typedef struct {
  int done, fail, busy_ok, quiet_after_done, flush_seen_all, window_ok, part_ok;
  unsigned kind, flush_after_fail, idle_gap;
  uint64_t cycles;
  uint32_t status[WW_DRF_N];
} res_t;

static unsigned mem_idx(uint32_t waddr)
{
  const uint32_t off = (waddr - BASE_W) & 0x3FFFFFFFu;
  return off < MEMW ? off : MEMW;
}

/* one cycle of the DRAM: this cycle's answers into in, then the requests
 * taken (out of the same cycle) performed */
static void dram_inputs(dram_t *d, uint64_t cyc, ww_drf_top_in_t *in)
{
  in->dram_req_ready_i = 0;
  in->dram_rsp_valid_i = 0;
  memset(in->dram_rsp_data_i, 0, sizeof in->dram_rsp_data_i);
  for (unsigned p = 0; p < NP; p++) {
    in->dram_req_ready_i |= (uint64_t)ww_rng_chance(&rng, d->rdy_pct, 100) << p;
    if (!d->mute && d->n[p] && d->q[p][d->head[p]].due <= cyc) {
      in->dram_rsp_valid_i |= 1ull << p;
      memcpy(&in->dram_rsp_data_i[p * LW], d->q[p][d->head[p]].data, LB);
      d->head[p] = (d->head[p] + 1) % RQ;
      d->n[p]--;
    }
  }
}

static void dram_requests(dram_t *d, uint64_t cyc, const ww_drf_top_in_t *in,
                          const ww_drf_top_out_t *out, res_t *res)
{
  for (unsigned p = 0; p < NP; p++) {
    if (!(out->dram_req_valid_o >> p & 1) || !(in->dram_req_ready_i >> p & 1))
      continue;
    const uint32_t line = ww_bits_get(out->dram_req_line_o, p * LINE_W, LINE_W);
    const unsigned i = mem_idx(line << (OFF_W - 2));
    res->window_ok &= i != MEMW;
    res->part_ok &= line % NP == p;
    if (i == MEMW)
      continue;
    if (out->dram_req_we_o >> p & 1) {
      memcpy(&mem[i], &out->dram_req_data_o[p * LW], LB);
    } else if (d->n[p] < RQ) {
      rd_t *a = &d->q[p][(d->head[p] + d->n[p]) % RQ];
      uint64_t due = cyc + 1 + ww_rng_below(&rng, d->lat_max);
      if (d->n[p] && due <= d->last_due[p])
        due = d->last_due[p] + 1;
      a->due = d->last_due[p] = due;
      memcpy(a->data, &mem[i], LB);
      d->n[p]++;
    }
  }
}

static void run_one(ww_drf_top_t *m, const run_t *rp, res_t *res)
{
  static dram_t d;
  memset(&d, 0, sizeof d);
  memset(res, 0, sizeof *res);
  memset(mem, 0, sizeof mem);
  /* a slow DRAM (ready 2..6 %) keeps write-backs in the DRAM queues at the end */
  const unsigned k = (unsigned)ww_rng_below(&rng, 3);
  d.rdy_pct = k == 0 ? 100 : k == 1 ? 20 + (unsigned)ww_rng_below(&rng, 80)
                                    : 2 + (unsigned)ww_rng_below(&rng, 5);
  d.lat_max = ww_rng_chance(&rng, 1, 2) ? 4 : 200;
  res->busy_ok = res->quiet_after_done = res->window_ok = res->part_ok = 1;
  ww_drf_top_in_t in;
  ww_drf_top_out_t out;
  memset(&in, 0, sizeof in);
  in.seed_i = rp->seed;
  in.episodes_i = rp->episodes;
  in.epi_len_i = rp->len;
  in.watchdog_i = rp->watchdog;
  in.range_i = rp->range;
  unsigned flushed = 0;
  for (uint64_t c = 0; c < 2000000; c++) {
    in.rst_ni = c >= 3;
    in.start_i = c == 3;
    in.rd_idx_i = (unsigned)ww_rng_below(&rng, WW_DRF_N);
    in.rd_var_i = (uint32_t)ww_rng_bits(&rng, VAR_W);
    d.mute = rp->mute_after >= 0 && c >= 3 + (uint64_t)rp->mute_after;
    if (!(in.rst_ni & 1))
      memset(d.n, 0, sizeof d.n);
    dram_inputs(&d, c, &in);
    ww_drf_top_step(m, &in, &out);
    for (unsigned p = 0; p < NP; p++)
      for (unsigned e = WW_L2EV_FLUSH, st = 0; st < WW_L2ST_N; st++)
        if (ww_bits_get(out.l2_cov_o, p * L2COV + st * WW_L2EV_N + e, 1)) {
          flushed |= 1u << p;
          res->flush_after_fail += (unsigned)(res->done && res->fail);
        }
    if (c > 3 && !res->done) {
      res->busy_ok &= !(out.busy_o && out.done_o) && (c > 4 || out.busy_o);
      res->idle_gap += !out.busy_o && !out.done_o;
      if (out.done_o) {
        res->done = 1;
        res->fail = (int)out.fail_o;
        res->cycles = c - 3;
        res->quiet_after_done = !out.dram_req_valid_o;
        res->flush_seen_all = flushed == (1u << NP) - 1;
      }
    } else if (res->done) {
      res->quiet_after_done &= !out.dram_req_valid_o;
    }
    if (in.rst_ni & 1)
      dram_requests(&d, c, &in, &out, res);
    if (res->done && c > 3 + res->cycles + 300)
      break;
  }
  for (unsigned i = 0; i < WW_DRF_N; i++)
    res->status[i] = ww_drf_top_read(m, i, 0);
  res->kind = res->status[WW_DRF_KIND];
}

static void settings(run_t *rp)
{
  rp->episodes = 1 + (unsigned)ww_rng_below(&rng, 4);
  rp->len = 1 + (unsigned)ww_rng_below(&rng, 6);
  rp->range = VAR_W + (unsigned)ww_rng_below(&rng, RANGE_W - VAR_W + 1);
  rp->watchdog = 1000000;
  rp->seed = (uint32_t)ww_rng_bits(&rng, 32);
  rp->mute_after = -1;
}

int main(int argc, char **argv)
{
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
  rng.s = seed;
  ww_drf_top_cfg_t cfg = ww_drf_top_default_cfg();
  ww_drf_top_t *m = ww_drf_top_new(&cfg);
  CHECK(m != NULL, "the model refused its default configuration");
  if (!m)
    return 1;

  /* 1-4. passing runs */
  unsigned idle_gap = 0;
  for (unsigned t = 0; t < 12; t++) {
    run_t rp;
    res_t res;
    settings(&rp);
    run_one(m, &rp, &res);
    const uint32_t eps = (uint32_t)NSM * WW_DRFT_WF * rp.episodes;
    CHECK(res.done && !res.fail, "run %u: done %d fail %d kind %u", t, res.done, res.fail,
          res.kind);
    CHECK(res.status[WW_DRF_EPISODES] == eps && res.status[WW_DRF_ATOMICS] == 2 * eps,
          "run %u: EPISODES %u ATOMICS %u, want %u and %u", t, res.status[WW_DRF_EPISODES],
          res.status[WW_DRF_ATOMICS], eps, 2 * eps);
    CHECK(res.busy_ok, "run %u: busy_o 0 after start_i, or 1 with done_o", t);
    idle_gap += res.idle_gap;
    CHECK(res.quiet_after_done, "run %u: a DRAM request valid with or after done_o", t);
    CHECK(res.flush_seen_all, "run %u: done_o before every slice's FLUSH", t);
    CHECK(res.window_ok && res.part_ok, "run %u: a DRAM request outside the window (%d) or at the "
          "wrong partition (%d)", t, !res.window_ok, !res.part_ok);
    unsigned bad = 0;
    for (uint32_t v = 0; v < NVAR && res.done && !res.fail; v++) {
      const uint32_t addr = ww_drf_top_read(m, WW_DRF_REF_ADDR, v);
      const uint32_t ref = ww_drf_top_read(m, WW_DRF_REF_VALUE, v);
      const int line = (v & ((1u << WW_DRFT_IDX_W) - 1)) >= (1u << WW_DRFT_IDX_W) - WW_DRFT_LANES;
      for (unsigned k = 0; k < (line ? LW : 1u); k++) {
        const unsigned i = mem_idx((addr >> 2) + k);
        bad += i == MEMW || mem[i] != ((line && ref) ? ref + k : ref);
      }
    }
    CHECK(bad == 0, "run %u: %u variables differ from the reference in the final memory", t, bad);
  }

  /* 5. a DRAM that stops answering: HANG, no flush */
  for (unsigned t = 0; t < 4; t++) {
    run_t rp;
    res_t res;
    settings(&rp);
    rp.episodes = 8;
    rp.watchdog = 300 + (unsigned)ww_rng_below(&rng, 300);
    rp.mute_after = (int)ww_rng_below(&rng, 300);   /* while the tester runs */
    run_one(m, &rp, &res);
    CHECK(res.done && res.fail && res.kind == WW_DRF_FAIL_HANG,
          "mute run %u: done %d fail %d kind %u", t, res.done, res.fail, res.kind);
    CHECK(res.flush_after_fail == 0, "mute run %u: %u L2 Flush transitions after the failure", t,
          res.flush_after_fail);
  }

  ww_drf_top_free(m);
  if (failures) {
    printf("test_drf_top: %d checks failed (seed %llu)\n", failures, (unsigned long long)seed);
    return 1;
  }
  printf("test_drf_top: every check passed (seed %llu; %u cycles of the passing runs with neither "
         "busy_o nor done_o)\n", (unsigned long long)seed, idle_gap);
  return 0;
}
