/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_drf_top (rtl/drf/ww_drf_top.v), the DRF tester on the
 * memory system: the tester, an L1 per SM, the crossbar, the L2 slices and
 * their DRAM queues, the end flush (docs/drf.md sec. 2).
 *
 * Stimulus, host side: runs of the tester. Most runs are clean: reset for
 * 2..5 cycles (the caches forget the last run), memory zeroed, then a
 * start_i pulse with random settings (episodes 1..8, one run in 8 up to
 * 24; epi_len 1..8, one in 8 up to 16; range_i in VAR_W..RANGE_W, one in 8
 * anything 0..31, which the tester clips; the watchdog large, or small
 * (2..400 cycles: HANG), or medium (a slow DRAM phase may trip it); a
 * random seed; every third run the watchdog 2..11 cycles: HANG). One
 * run in 8 starts without the reset and with the memory left as the last
 * run (or a reset) left it: stale lines in the caches,
 * old values in memory, answers of a failed run still in flight (the run
 * then usually fails). start_i also pulses now and then while the tester
 * runs (ignored by the tester; it clears the idle flush state), and in one
 * run in 12 once during the end flush (a new run over the flush). Between
 * runs and while a run goes, the settings inputs are random (the RTL reads
 * them with start_i only). A reset also comes about once in 50 000 cycles
 * (ww_stim_rst_n). A run that has not ended after 400 000 cycles is reset.
 *
 * Network: in half of the runs each request link (SM -> partition) is held
 * now and then for 1..hold_max (1..64) cycles (xbar_hold_i).
 *
 * DRAM side: per partition a memory with random latency (phases: 1..4,
 * 5..40, 50..300 cycles) and a random ready (phases: always, mostly,
 * rarely), as sw/sim/ww_dram.c plays it: a request taken (dram_req_valid_o
 * && dram_req_ready_i) is performed then, a write stores the line, a read
 * copies the line and is answered with it, in order, one dram_rsp_valid_i
 * cycle; a reset drops the reads in flight. The memory is the tester's
 * window and line window; a request outside them, or more reads in flight
 * than a slice can have, fails the run (ww_stim_fail). After a clean run
 * that passed (done without failure: the slices flushed), every variable's
 * word in memory must equal the tester's reference (REF_VALUE at REF_ADDR;
 * a line variable's word k: value + k, 0 if never stored), as drf_run's
 * final memory check (ww_stim_fail otherwise).
 *
 * Reads: rd_idx_i sweeps every index (0..63) and rd_var_i every variable,
 * random each cycle, but only words whose registers the RTL has written
 * since power-up (ww_drf_tester_read_defined of the tester in a private
 * copy of the C model stepped with the same inputs: the top's state this
 * cycle; the model under test is not touched).
 *
 * WW_DRF_STATS=1 prints what the run exercised: runs by kind, passes,
 * failures by kind, final memory checks, DRAM reads and writes, resets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lockstep.h"
#include "ww_drf_top.h"

#define WW_PORTS_DEF "ww_drf_top.ports.def"
#define WW_IN_T ww_drf_top_in_t
#define WW_OUT_T ww_drf_top_out_t
#include "ww_lockstep_ports.h"

#define NP      WW_NUM_PART
#define LB      WW_LINE_BYTES
#define LW      (LB / 4)
#define OFF_W   WW_CLOG2(LB)
#define LINE_W  (32 - OFF_W)
#define POOL_W  WW_CLOG2(WW_NUM_SM + 1)
#define VAR_W   (POOL_W + WW_DRFT_IDX_W)
#define NVAR    (1u << VAR_W)
#define RANGE_W WW_DRFT_RANGE_W
#define LINES   ((1u << POOL_W) * WW_DRFT_LANES)   /* line variables' lines */
#define MEMW    ((1u << RANGE_W) + LINES * LW)     /* words of the largest window, the line window */
#define BASE_W  (0x00010000u >> 2)
#define RQ      64                         /* reads in flight per partition, at most */
#define RUN_MAX 400000u

enum { P_IDLE, P_RESET, P_START, P_RUN };
enum { F_N = 8 };

typedef struct {
  uint64_t due;
  uint32_t data[LW];
} rd_t;

typedef struct {
  ww_drf_top_t *shadow;           /* the top's state this cycle */
  ww_drf_top_in_t last;           /* last cycle's inputs */
  int have_last;
  uint32_t mem[MEMW];
  rd_t rq[NP][RQ];
  unsigned rh[NP], rn[NP];
  uint64_t last_due[NP];
  /* run control */
  int phase, clean, flush_start, flush_started, wd_large;
  unsigned hold_max, hold_left[WW_NUM_PART * WW_NUM_SM];   /* network delays of this run */
  uint64_t gap_until, reset_until, run_since;
  /* phases of the memory */
  unsigned rdy_pct, lat_min, lat_max;
  /* statistics */
  uint64_t runs, clean_runs, dirty_runs, flush_restarts, passes, fails[F_N], final_checks;
  uint64_t unprovoked[F_N];       /* failures of clean runs with a large watchdog */
  uint64_t timeouts, resets, reads, writes, spurious_starts, status_reads;
} stim_t;

WW_MODEL_HOOKS(ww_drf_top)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  ww_drf_top_cfg_t cfg = ww_drf_top_default_cfg();
  s->shadow = ww_drf_top_new(&cfg);
  if (!s->shadow) {
    free(s);
    return NULL;
  }
  return s;
}

/* WW_DRF_STATS=1: what the run exercised, at its end */
static void ww_stim_free(void *vs)
{
  stim_t *s = vs;
  if (!s)
    return;
  if (getenv("WW_DRF_STATS"))
    fprintf(stderr,
            "drf_top stimulus: runs=%llu (clean %llu, started over the last run %llu, started "
            "over the end flush %llu) passed=%llu failed: LOAD=%llu ATOMIC=%llu ATOMIC_HI=%llu "
            "HANG=%llu (of clean runs with a large watchdog: %llu); final memory checks=%llu; "
            "runs reset after %u cycles=%llu; resets "
            "in a run=%llu; start_i while busy=%llu; DRAM reads=%llu writes=%llu; status "
            "reads=%llu\n",
            (unsigned long long)s->runs, (unsigned long long)s->clean_runs,
            (unsigned long long)s->dirty_runs, (unsigned long long)s->flush_restarts,
            (unsigned long long)s->passes, (unsigned long long)s->fails[WW_DRF_FAIL_LOAD],
            (unsigned long long)s->fails[WW_DRF_FAIL_ATOMIC],
            (unsigned long long)s->fails[WW_DRF_FAIL_ATOMIC_HI],
            (unsigned long long)s->fails[WW_DRF_FAIL_HANG],
            (unsigned long long)(s->unprovoked[WW_DRF_FAIL_LOAD] +
                                 s->unprovoked[WW_DRF_FAIL_ATOMIC] +
                                 s->unprovoked[WW_DRF_FAIL_ATOMIC_HI] +
                                 s->unprovoked[WW_DRF_FAIL_HANG]),
            (unsigned long long)s->final_checks,
            RUN_MAX, (unsigned long long)s->timeouts, (unsigned long long)s->resets,
            (unsigned long long)s->spurious_starts, (unsigned long long)s->reads,
            (unsigned long long)s->writes, (unsigned long long)s->status_reads);
  ww_drf_top_free(s->shadow);
  free(s);
}

/* the memory word of a word address (30 bits), or MEMW outside the window */
static unsigned mem_idx(uint32_t waddr)
{
  const uint32_t off = (waddr - BASE_W) & 0x3FFFFFFFu;
  return off < MEMW ? off : MEMW;
}

/* last cycle's DRAM handshakes: each request taken is performed now */
static void dram_handshakes(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_drf_top_out_t *prev)
{
  for (unsigned p = 0; p < NP; p++) {
    if (!(prev->dram_req_valid_o >> p & 1) || !(s->last.dram_req_ready_i >> p & 1))
      continue;
    const uint32_t line = ww_bits_get(prev->dram_req_line_o, p * LINE_W, LINE_W);
    const uint32_t w0 = line << (OFF_W - 2);
    if (mem_idx(w0) == MEMW) {
      ww_stim_fail("partition %u: DRAM request to line %#x, outside the window", p, line);
      continue;
    }
    if (prev->dram_req_we_o >> p & 1) {
      for (unsigned w = 0; w < LW; w++)
        s->mem[mem_idx(w0 + w)] = ww_bits_get(prev->dram_req_data_o, p * LB * 8 + 32 * w, 32);
      s->writes++;
      continue;
    }
    if (s->rn[p] == RQ) {
      ww_stim_fail("partition %u: more than %u DRAM reads in flight", p, RQ);
      continue;
    }
    rd_t *a = &s->rq[p][(s->rh[p] + s->rn[p]) % RQ];
    uint64_t due = cycle - 1 + s->lat_min + ww_rng_below(r, s->lat_max - s->lat_min + 1);
    if (s->rn[p] && due <= s->last_due[p])
      due = s->last_due[p] + 1;            /* answers in order */
    a->due = s->last_due[p] = due;
    for (unsigned w = 0; w < LW; w++)
      a->data[w] = s->mem[mem_idx(w0 + w)];
    s->rn[p]++;
    s->reads++;
  }
}

/* after a clean run that passed: DRAM holds the reference (the final memory check) */
static void final_check(stim_t *s)
{
  s->final_checks++;
  for (uint32_t v = 0; v < NVAR; v++) {
    const uint32_t addr = ww_drf_top_read(s->shadow, WW_DRF_REF_ADDR, v);
    const uint32_t ref = ww_drf_top_read(s->shadow, WW_DRF_REF_VALUE, v);
    const int line = (v & ((1u << WW_DRFT_IDX_W) - 1)) >= (1u << WW_DRFT_IDX_W) - WW_DRFT_LANES;
    for (unsigned k = 0; k < (line ? LW : 1u); k++) {
      const uint32_t expect = (line && ref) ? ref + k : ref;
      const unsigned i = mem_idx((addr >> 2) + k);
      const uint32_t got = i < MEMW ? s->mem[i] : 0;
      if (i == MEMW || got != expect) {
        ww_stim_fail("final memory: variable %u at %#x holds %#x, the reference %#x", v,
                     addr + 4 * k, got, expect);
        return;
      }
    }
  }
}

static void settings(ww_rng_t *r, ww_drf_top_in_t *in)
{
  in->episodes_i = ww_rng_chance(r, 1, 8) ? 1 + ww_rng_below(r, 24) : 1 + ww_rng_below(r, 8);
  in->epi_len_i = ww_rng_chance(r, 1, 8) ? 1 + ww_rng_below(r, 16) : 1 + ww_rng_below(r, 8);
  in->range_i = ww_rng_chance(r, 1, 8) ? ww_rng_bits(r, 5)
                                      : VAR_W + ww_rng_below(r, RANGE_W - VAR_W + 1);
  const unsigned wdk = (unsigned)ww_rng_below(r, 100);
  in->watchdog_i = wdk < 80 ? 30000 + ww_rng_bits(r, 14)
                 : wdk < 90 ? 2 + ww_rng_below(r, 400) : 500 + ww_rng_below(r, 2500);
  in->seed_i = (uint32_t)ww_rng_bits(r, 32);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_drf_top_out_t *prev = vprev;
  ww_drf_top_in_t *in = vin;

  /* the shadow model: the top's registers in this cycle */
  if (s->have_last) {
    ww_drf_top_out_t o;
    ww_drf_top_step(s->shadow, &s->last, &o);
    if (s->last.rst_ni & 1)
      dram_handshakes(s, r, cycle, prev);
  }
  const ww_drf_top_t *m = s->shadow;
  const ww_drf_tester_t *t = ww_drf_top_tester(m);
  const int busy = ww_drf_top_busy(m), t_busy = ww_drf_tester_busy(t);

  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (cycle % 2000 == 0) {
    static const unsigned lmin[] = { 1, 5, 50 }, lmax[] = { 4, 40, 300 };
    const unsigned k = ww_rng_chance(r, 1, 6) ? 2 : (unsigned)ww_rng_below(r, 2);
    s->lat_min = lmin[k];
    s->lat_max = lmax[k];
    s->rdy_pct = ww_rng_chance(r, 1, 3)   ? 100
               : ww_rng_chance(r, 1, 4) ? 10 + (unsigned)ww_rng_below(r, 40)
                                        : 50 + (unsigned)ww_rng_below(r, 50);
  }

  /* run control */
  int start = 0;
  settings(r, in);                      /* random unless a run starts */
  if (in->rst_ni & 1) {
    switch (s->phase) {
    case P_IDLE:
      if (cycle >= s->gap_until && !busy) {
        if (ww_rng_chance(r, 1, 8)) {
          s->clean = 0;                 /* over what the last run left */
          start = 1;
        } else {
          s->clean = 1;
          s->phase = P_RESET;
          s->reset_until = cycle + 2 + ww_rng_below(r, 4);
          in->rst_ni = 0;
        }
      }
      break;
    case P_RESET:
      if (cycle < s->reset_until) {
        in->rst_ni = 0;
      } else {
        memset(s->mem, 0, sizeof s->mem);
        start = 1;
      }
      break;
    case P_START:
      s->phase = P_RUN;
      s->runs++;
      s->clean_runs += (uint64_t)s->clean;
      s->dirty_runs += (uint64_t)!s->clean;
      break;
    default:   /* P_RUN */
      if (ww_drf_top_done(m)) {
        const uint32_t kind = ww_drf_top_read(m, WW_DRF_KIND, 0);
        s->fails[kind & (F_N - 1)] += (uint64_t)(kind != WW_DRF_FAIL_NONE);
        s->unprovoked[kind & (F_N - 1)] += (uint64_t)(kind != WW_DRF_FAIL_NONE && s->clean &&
                                                      s->wd_large);
        if (!ww_drf_top_fail(m)) {
          s->passes++;
          if (s->clean)
            final_check(s);
        }
        s->phase = P_IDLE;
        s->gap_until = cycle + ww_rng_below(r, 8);
      } else if (cycle - s->run_since > RUN_MAX) {
        s->timeouts++;
        s->phase = P_IDLE;
        in->rst_ni = 0;
      } else if (busy && !t_busy && s->flush_start && !s->flush_started && ww_rng_chance(r, 1, 4)) {
        /* the end flush runs: a new run over it */
        s->flush_started = 1;
        s->flush_restarts++;
        s->clean = 0;
        start = 1;
      } else if (t_busy && ww_rng_chance(r, 1, 64)) {
        in->start_i = 1;                /* ignored by the running tester */
        s->spurious_starts++;
      }
      break;
    }
  }
  if (!(in->rst_ni & 1)) {
    memset(s->rn, 0, sizeof s->rn);     /* the DRAM drops its reads in flight */
    if (s->phase == P_RUN || s->phase == P_START) {
      s->resets++;
      s->phase = P_IDLE;
      s->gap_until = cycle + 1 + ww_rng_below(r, 4);
    }
    start = 0;
  }
  if (start) {
    in->start_i = 1;
    /* every third run (from the second) with a watchdog shorter than a
     * miss's answer: fail_o rises in every stimulus (a run is hundreds to
     * thousands of cycles, so 100 000 cycles may hold only 16 runs, none
     * failing by chance: seed 148026556 of the voq point) */
    if (s->runs % 3 == 1)
      in->watchdog_i = 2 + ww_rng_below(r, 10);
    s->wd_large = in->watchdog_i >= 30000;
    s->hold_max = ww_rng_chance(r, 1, 2) ? 0 : 1 + (unsigned)ww_rng_below(r, 64);
    s->phase = P_START;
    s->run_since = cycle;
    s->flush_start = ww_rng_chance(r, 1, 12);
    s->flush_started = 0;
  }

  /* the DRAM: ready, in-order answers */
  for (unsigned p = 0; p < NP; p++) {
    in->dram_req_ready_i |= (uint64_t)ww_rng_chance(r, s->rdy_pct, 100) << p;
    if ((in->rst_ni & 1) && s->rn[p] && s->rq[p][s->rh[p]].due <= cycle) {
      const rd_t *a = &s->rq[p][s->rh[p]];
      in->dram_rsp_valid_i |= 1ull << p;
      for (unsigned w = 0; w < LW; w++)
        ww_bits_put(in->dram_rsp_data_i, p * LB * 8 + 32 * w, 32, a->data[w]);
      s->rh[p] = (s->rh[p] + 1) % RQ;
      s->rn[p]--;
    } else {
      for (unsigned w = 0; w < LW; w++)
        ww_bits_put(in->dram_rsp_data_i, p * LB * 8 + 32 * w, 32, (uint32_t)ww_rng_bits(r, 32));
    }
  }

  /* network delays: in half of the runs each request link is held now and
   * then for 1..hold_max cycles */
  in->xbar_hold_i = 0;
  for (unsigned k = 0; k < NP * WW_NUM_SM; k++) {
    if (s->hold_max && !s->hold_left[k] && ww_rng_chance(r, 1, s->hold_max))
      s->hold_left[k] = 1 + (unsigned)ww_rng_below(r, s->hold_max);
    if (s->hold_left[k]) {
      s->hold_left[k]--;
      in->xbar_hold_i |= 1ull << k;
    }
  }

  /* the status read: any index and variable whose word is defined */
  unsigned idx = 0;
  uint32_t var = 0;
  int ok = 0;
  for (int k = 0; k < 4 && !ok; k++) {
    idx = (unsigned)(ww_rng_chance(r, 1, 8) ? ww_rng_bits(r, 6) : ww_rng_below(r, WW_DRF_N));
    var = (uint32_t)ww_rng_bits(r, VAR_W);
    ok = ww_drf_tester_read_defined(t, idx, var);
  }
  if (!ok)
    idx = ww_rng_chance(r, 1, 2) ? WW_DRF_KIND : WW_DRF_CYCLES;
  in->rd_idx_i = idx;
  in->rd_var_i = var;
  s->status_reads++;

  s->last = *in;
  s->have_last = 1;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "drf_top",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " NUM_PART=" WW_XSTR(WW_NUM_PART)
            " L1=" WW_XSTR(WW_L1_SETS) "x" WW_XSTR(WW_L1_WAYS)
            " L2=" WW_XSTR(WW_L2_SETS) "x" WW_XSTR(WW_L2_WAYS)
            " WF=" WW_XSTR(WW_DRFT_WF) " LANES=" WW_XSTR(WW_DRFT_LANES)
            " IDX_W=" WW_XSTR(WW_DRFT_IDX_W) " RANGE_W=" WW_XSTR(WW_DRFT_RANGE_W)
            " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
