/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_drf_tester (rtl/drf/ww_drf_tester.v), the autonomous
 * DRF tester's generator and checker (docs/drf.md).
 *
 * Stimulus: runs of the tester, each started by a start_i pulse with random
 * settings (episodes 1..8, in one run in 16 a long run of 40..150 episodes
 * of 1..2 actions, so some sync variable gets more atomics than the
 * uniqueness bitmap holds; epi_len 1..8; range_i in VAR_W..RANGE_W, one in
 * 7 anything 0..31, which the tester clips; the watchdog huge, or 0..2
 * cycles (several wavefronts hang at once), or small (2..400 cycles) so
 * the HANG path is taken, or medium with the memory stalling answers for a
 * while; a random seed, 0 for the first run). Between runs and while a run
 * goes, the settings inputs are random (the RTL reads them only when a run
 * starts) and start_i now and then pulses while the tester is busy
 * (ignored). A run that passed is followed by the next after a short gap;
 * after a failure the stimulus stops taking requests and lets the answers
 * in flight arrive; if the failed run left a request in the tester's
 * request registers (they drain only when a port takes them; start_i
 * clears them) it resets the tester, or in one case in ten starts the next
 * run without a reset, which drops the request.
 * A reset also comes about once in 50 000 cycles (ww_stim_rst_n); the
 * memory then drops everything in flight, as the L1s would.
 *
 * It plays the memory behind the tester's ports: a flat word memory of the
 * window (zeroed when a run starts, as the tester assumes). L1 requests
 * are taken with a random ready (phases: always, mostly, rarely) and
 * performed when taken: LOAD / LOAD_STRONG read the line and answer it
 * (tag echoed) after 1..3, 1..20 or 1..120 cycles (phases), STORE writes
 * its bytes and stays in l1_wr_pending_i until a random acknowledgement,
 * ATOMIC adds 1 to word amo_word and answers the old word in word 0 (and
 * is pending as a write, as ww_l1_dcache counts it), INVAL has no answer;
 * answers leave in random order, at most one per SM a cycle. A device
 * atomic (byp_*) is taken with a random ready, adds 1 to its word, and is
 * answered later with the old value and its wavefront on byp_rsp_*, held
 * until byp_rsp_ready_o. A request outside the window, or more answers
 * outstanding than the tester can have, fails the run (ww_stim_fail).
 * In one run in 8 the memory lies on purpose, after a random number of
 * true answers: a load's line with a bit flipped (LOAD), an atomic's old
 * value one less (a value returned before: ATOMIC) or far too large
 * (ATOMIC_HI). In half of those runs the lie is a storm instead: every
 * answer from the first cycle where the failure latch has to choose lies,
 * a cycle with answers of several SMs, or (with a watchdog of 8..67
 * cycles) a cycle where a wavefront is past the watchdog, the memory then
 * answering whatever it holds.
 *
 * Reads: rd_idx_i sweeps every index (0..63) and rd_var_i every variable,
 * random each cycle, but only words whose registers the RTL has written
 * since power-up (ww_drf_tester_read_defined); the request fields always
 * (they are reset). The read check follows a
 * private copy of the C model stepped with the same inputs (the state of
 * the tester this cycle); the model under test is not touched.
 *
 * WW_DRF_STATS=1 prints what a run exercised: runs, passes, failures by
 * kind (provoked or not), the tester's counters summed over runs, resets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lockstep.h"
#include "ww_drf_tester.h"

#define WW_PORTS_DEF "ww_drf_tester.ports.def"
#define WW_IN_T ww_drf_tester_in_t
#define WW_OUT_T ww_drf_tester_out_t
#include "ww_lockstep_ports.h"

#define NSM     WW_NUM_SM
#define WF      WW_DRFT_WF
#define LANES   WW_DRFT_LANES
#define LB      WW_LINE_BYTES
#define WORDS   (LB / 4)
#define TAG_W   8
#define WF_W    WW_IDX_W(WF)
#define LANE_W  WW_IDX_W(LANES)
#define NP_W    WW_CLOG2(WW_L1_WQ + 1)
#define OFF_W   WW_CLOG2(LB)
#define LINE_W  (32 - OFF_W)
#define WORD_W  WW_IDX_W(LB / 4)
#define POOL_W  WW_CLOG2(WW_NUM_SM + 1)
#define VAR_W   (POOL_W + WW_DRFT_IDX_W)
#define NVAR    (1u << VAR_W)
#define RANGE_W WW_DRFT_RANGE_W
#define MEMW    ((1u << RANGE_W) + (1u << POOL_W) * LANES * WORDS)   /* word window, line window */
#define BASE_W  (0x00010000u >> 2)
#define WQ      WW_L1_WQ
#define QMAX    (2 * (WF * LANES + WF))   /* L1 answers in flight per SM (at most WF*LANES + WF) */
#define BQMAX   (2 * WF)                  /* device-atomic answers in flight per SM (at most WF) */

enum { P_IDLE, P_START, P_RUN, P_DRAIN };
enum { F_NONE, F_LOAD, F_ATOMIC, F_ATOMIC_HI, F_HANG, F_N = 8 };
enum { WS_RELW = 9 };                     /* the RTL's W_RELW */

typedef struct {
  uint64_t due;
  uint32_t tag, amo;
  uint32_t data[WORDS];
} l1ans_t;

typedef struct {
  uint64_t due;
  uint32_t wf, old, lie;
} bans_t;

typedef struct {
  ww_drf_tester_t *shadow;        /* the tester's state this cycle */
  ww_drf_tester_in_t last;        /* last cycle's inputs */
  int have_last;
  uint32_t mem[MEMW];
  l1ans_t l1q[NSM][QMAX];
  unsigned l1n[NSM];
  bans_t bq[NSM][BQMAX];
  unsigned bn[NSM];
  int boff[NSM];                  /* bq[s][0] offered on byp_rsp_* (held until taken) */
  uint64_t wack[NSM][WQ + 1];
  unsigned wn[NSM];
  /* run control */
  int phase, dirty;               /* dirty: started over a stale request */
  uint64_t gap_until;
  unsigned inj_kind, inj_after;   /* the lie of this run (F_LOAD, F_ATOMIC, F_ATOMIC_HI or
                                   * none), told after inj_after answers it fits */
  unsigned stall_runs;            /* stalls in this run */
  int inj_run, storm, storm_on;   /* this run lies; a storm (1: of several SMs' answers, 2: of
                                   * an answer and a hang) has broken out: every answer lies */
  uint32_t wd_lim;                /* this run's watchdog */
  unsigned lies_now, lies_last;   /* bad answers taken this / last cycle */
  unsigned hang_now, hang_last;   /* wavefronts past the watchdog this / last cycle */
  int wd_small;
  uint64_t stall_until, stall_next;
  /* phases of the memory */
  unsigned rdy_pct, brdy_pct, lat_max, wlat_max, rsp_pct;
  /* statistics */
  uint64_t runs, passes, fails[F_N], unprovoked[F_N], injected, dirty_runs, resets, long_runs;
  uint64_t episodes, loads, stores, atomics, skipped, unchecked, races, spurious_starts;
  uint64_t reads_total, reads_fail_words;
  uint64_t multi_lie_fails, hang_and_answer_fails, multi_hang_fails, stale_resets;
} stim_t;

WW_MODEL_HOOKS(ww_drf_tester)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  ww_drf_tester_cfg_t cfg = ww_drf_tester_default_cfg();
  s->shadow = ww_drf_tester_new(&cfg);
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
  if (getenv("WW_DRF_STATS")) {
    fprintf(stderr,
            "drf_tester stimulus: runs=%llu (long %llu, started over a stale request %llu) "
            "passed=%llu failed: LOAD=%llu ATOMIC=%llu ATOMIC_HI=%llu HANG=%llu; of them "
            "unprovoked (no lie, huge watchdog, no stall): LOAD=%llu ATOMIC=%llu ATOMIC_HI=%llu "
            "HANG=%llu; lies told=%llu; releases taken before the SM's store=%llu; resets=%llu; "
            "start_i while busy=%llu; failures with 2+ lies in their cycle=%llu, answer failures "
            "while a wavefront was past the watchdog=%llu, HANGs of 2+ wavefronts at once=%llu; "
            "resets to clear a stale request=%llu\n",
            (unsigned long long)s->runs, (unsigned long long)s->long_runs,
            (unsigned long long)s->dirty_runs, (unsigned long long)s->passes,
            (unsigned long long)s->fails[F_LOAD], (unsigned long long)s->fails[F_ATOMIC],
            (unsigned long long)s->fails[F_ATOMIC_HI], (unsigned long long)s->fails[F_HANG],
            (unsigned long long)s->unprovoked[F_LOAD], (unsigned long long)s->unprovoked[F_ATOMIC],
            (unsigned long long)s->unprovoked[F_ATOMIC_HI],
            (unsigned long long)s->unprovoked[F_HANG], (unsigned long long)s->injected,
            (unsigned long long)s->races, (unsigned long long)s->resets,
            (unsigned long long)s->spurious_starts, (unsigned long long)s->multi_lie_fails,
            (unsigned long long)s->hang_and_answer_fails, (unsigned long long)s->multi_hang_fails,
            (unsigned long long)s->stale_resets);
    fprintf(stderr,
            "drf_tester stimulus: tester counters over the runs: episodes=%llu loads=%llu "
            "stores=%llu atomics=%llu skipped=%llu unchecked=%llu; status reads %llu (failure and "
            "log words %llu)\n",
            (unsigned long long)s->episodes, (unsigned long long)s->loads,
            (unsigned long long)s->stores, (unsigned long long)s->atomics,
            (unsigned long long)s->skipped, (unsigned long long)s->unchecked,
            (unsigned long long)s->reads_total, (unsigned long long)s->reads_fail_words);
  }
  ww_drf_tester_free(s->shadow);
  free(s);
}

/* the memory word of a word address (30 bits), or MEMW outside the window */
static unsigned mem_idx(uint32_t waddr)
{
  const uint32_t off = (waddr - BASE_W) & 0x3FFFFFFFu;
  return off < MEMW ? off : MEMW;
}

static void flush_memory_side(stim_t *s)
{
  memset(s->l1n, 0, sizeof s->l1n);
  memset(s->bn, 0, sizeof s->bn);
  memset(s->boff, 0, sizeof s->boff);
  memset(s->wn, 0, sizeof s->wn);
}

static uint64_t lat(ww_rng_t *r, unsigned max) { return 1 + ww_rng_below(r, max); }

/* last cycle's handshakes: requests taken (performed now), answers taken */
static void handshakes(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_drf_tester_out_t *prev)
{
  const ww_drf_tester_in_t *li = &s->last;
  const int busy = (int)(prev->busy_o & 1);
  for (unsigned k = 0; k < NSM; k++) {
    int store_left = 0;
    if ((prev->l1_req_valid_o >> k & 1) && busy) {
      const uint32_t op = ww_bits_get(prev->l1_req_op_o, k * WW_L1_W, WW_L1_W);
      if (!(li->l1_req_ready_i >> k & 1)) {
        store_left = op == WW_L1_STORE;
      } else if (op == WW_L1_INVAL) {
        /* no answer */
      } else {
        const uint32_t line = ww_bits_get(prev->l1_req_line_o, k * LINE_W, LINE_W);
        const uint32_t tag = ww_bits_get(prev->l1_req_tag_o, k * TAG_W, TAG_W);
        const uint32_t word = ww_bits_get(prev->l1_req_amo_word_o, k * WORD_W, WORD_W);
        const uint32_t w0 = line << (OFF_W - 2);
        if (mem_idx(w0) == MEMW) {
          ww_stim_fail("SM %u: L1 request op %u to line %#x, outside the window", k, op, line);
        } else if (op == WW_L1_STORE) {
          for (unsigned w = 0; w < WORDS; w++) {
            const uint32_t be = ww_bits_get(prev->l1_req_be_o, k * LB + 4 * w, 4);
            const uint32_t d = ww_bits_get(prev->l1_req_wdata_o, k * LB * 8 + 32 * w, 32);
            uint32_t *m = &s->mem[mem_idx(w0 + w)];
            for (unsigned b = 0; b < 4; b++)
              if (be >> b & 1)
                *m = (*m & ~(0xFFu << 8 * b)) | (d & 0xFFu << 8 * b);
          }
          if (s->wn[k] < WQ)
            s->wack[k][s->wn[k]++] = cycle + lat(r, s->wlat_max);
        } else if (op == WW_L1_LOAD || op == WW_L1_LOAD_STRONG || op == WW_L1_ATOMIC) {
          if (s->l1n[k] == QMAX) {
            ww_stim_fail("SM %u: more than %u L1 answers outstanding", k, QMAX);
          } else {
            l1ans_t *a = &s->l1q[k][s->l1n[k]++];
            a->due = cycle + lat(r, s->lat_max);
            a->tag = tag;
            a->amo = op == WW_L1_ATOMIC;
            if (a->amo) {
              uint32_t *m = &s->mem[mem_idx(w0 + word)];
              memset(a->data, 0, sizeof a->data);
              a->data[0] = (*m)++;
              if (s->wn[k] < WQ)
                s->wack[k][s->wn[k]++] = cycle + lat(r, s->wlat_max);
            } else {
              for (unsigned w = 0; w < WORDS; w++)
                a->data[w] = s->mem[mem_idx(w0 + w)];
            }
          }
        } else {
          ww_stim_fail("SM %u: L1 request op %u, not one the tester sends", k, op);
        }
      }
    }
    if ((prev->byp_valid_o >> k & 1) && busy && (li->byp_ready_i >> k & 1)) {
      const uint32_t line = ww_bits_get(prev->byp_line_o, k * LINE_W, LINE_W);
      const uint32_t word = ww_bits_get(prev->byp_word_o, k * WORD_W, WORD_W);
      const uint32_t wfi = ww_bits_get(prev->byp_wf_o, k * WF_W, WF_W);
      const unsigned i = mem_idx(line << (OFF_W - 2) | word);
      if (i == MEMW) {
        ww_stim_fail("SM %u: device atomic to line %#x, outside the window", k, line);
      } else if (s->bn[k] == BQMAX) {
        ww_stim_fail("SM %u: more than %u device atomics outstanding", k, BQMAX);
      } else {
        bans_t *a = &s->bq[k][s->bn[k]++];
        a->due = cycle + lat(r, s->lat_max);
        a->wf = wfi;
        a->old = s->mem[i]++;
        a->lie = 0;
        /* a release performed while the SM's last store still waits in
         * the tester's L1 request register (wr_pending_i does not count it) */
        if (store_left && ww_drf_tester_wf_state(s->shadow, k * WF + wfi) == WS_RELW)
          s->races++;
      }
    }
    if (s->boff[k] && (li->byp_rsp_valid_i >> k & 1) && (prev->byp_rsp_ready_o >> k & 1)) {
      s->boff[k] = 0;
      memmove(&s->bq[k][0], &s->bq[k][1], (s->bn[k] - 1) * sizeof s->bq[k][0]);
      s->bn[k]--;
    }
  }
}

/* a run ended (the shadow is no longer busy): statistics */
static void run_ended(stim_t *s)
{
  const ww_drf_tester_t *m = s->shadow;
  const uint32_t kind = ww_drf_tester_read(m, WW_DRF_KIND, 0);
  s->episodes += ww_drf_tester_read(m, WW_DRF_EPISODES, 0);
  s->loads += ww_drf_tester_read(m, WW_DRF_LOADS, 0);
  s->stores += ww_drf_tester_read(m, WW_DRF_STORES, 0);
  s->atomics += ww_drf_tester_read(m, WW_DRF_ATOMICS, 0);
  s->skipped += ww_drf_tester_read(m, WW_DRF_SKIPPED, 0);
  s->unchecked += ww_drf_tester_read(m, WW_DRF_UNCHECKED, 0);
  if (kind == F_NONE) {
    s->passes++;
    return;
  }
  s->fails[kind & (F_N - 1)]++;
  /* the failure latch's priorities: the answers of the failing cycle */
  if (kind != F_HANG && s->lies_last >= 2)
    s->multi_lie_fails++;
  if (kind != F_HANG && s->hang_last)
    s->hang_and_answer_fails++;
  if (kind == F_HANG && s->hang_last >= 2)
    s->multi_hang_fails++;
  if (!s->inj_run && !s->wd_small && !s->stall_runs && !s->dirty)
    s->unprovoked[kind & (F_N - 1)]++;
}

static void new_settings(stim_t *s, ww_rng_t *r, ww_drf_tester_in_t *in, int real)
{
  const int lng = real && ww_rng_chance(r, 1, 16);
  in->episodes_i = lng ? 40 + ww_rng_below(r, 111) : 1 + ww_rng_below(r, 8);
  in->epi_len_i = lng ? 1 + ww_rng_below(r, 2) : 1 + ww_rng_below(r, 8);
  in->range_i = ww_rng_chance(r, 1, 7) ? ww_rng_bits(r, 5)
                                      : VAR_W + ww_rng_below(r, RANGE_W - VAR_W + 1);
  const unsigned wdk = (unsigned)ww_rng_below(r, 100);
  in->watchdog_i = wdk < 80 ? 1000000 + ww_rng_bits(r, 20)
                 : wdk < 84 ? ww_rng_below(r, 3)
                 : wdk < 92 ? 2 + ww_rng_below(r, ww_rng_chance(r, 1, 2) ? 30 : 400)
                            : 300 + ww_rng_below(r, 3000);
  in->seed_i = (uint32_t)ww_rng_bits(r, 32);
  if (!real)
    return;
  s->long_runs += (uint64_t)lng;
  s->wd_small = wdk >= 80;
  s->stall_runs = wdk >= 92;
  s->stall_until = 0;
  s->stall_next = 0;
  s->inj_kind = ww_rng_chance(r, 1, 8) ? F_LOAD + (unsigned)ww_rng_below(r, 3) : F_NONE;
  s->inj_after = (unsigned)ww_rng_below(r, s->inj_kind == F_LOAD ? 200 : 30);
  s->inj_run = s->inj_kind != F_NONE;
  s->storm = s->inj_run && ww_rng_chance(r, 1, 2) ? 1 + (int)ww_rng_below(r, 2) : 0;
  s->storm_on = 0;
  if (s->storm)
    s->inj_after = (unsigned)ww_rng_below(r, 20);
  if (s->storm == 2) {
    in->watchdog_i = 8 + ww_rng_below(r, 60);
    s->wd_small = 1;
  }
  s->wd_lim = (uint32_t)in->watchdog_i;
}

/* whether this answer carries the run's lie of kind `kind` */
static int lie(stim_t *s, unsigned kind)
{
  if (s->phase != P_RUN)
    return 0;
  if (s->storm_on) {
    s->injected++;
    return 1;
  }
  if (s->storm || s->inj_kind != kind)
    return 0;
  if (s->inj_after) {
    s->inj_after--;
    return 0;
  }
  s->inj_kind = F_NONE;
  s->injected++;
  return 1;
}

/* an atomic's old value as the memory answers it: true, or one returned
 * before (old - 1: ATOMIC), or one no earlier atomic can have made */
static uint32_t lie_atomic(stim_t *s, uint32_t old)
{
  if (old && lie(s, F_ATOMIC))
    return old - 1;
  if (lie(s, F_ATOMIC_HI))
    return old + 0x100000u;
  return old;
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_drf_tester_out_t *prev = vprev;
  ww_drf_tester_in_t *in = vin;

  /* the shadow model: the tester's registers in this cycle */
  if (s->have_last) {
    ww_drf_tester_out_t o;
    ww_drf_tester_step(s->shadow, &s->last, &o);
    if (s->last.rst_ni & 1)
      handshakes(s, r, cycle, prev);
  }
  const ww_drf_tester_t *m = s->shadow;
  const int busy = ww_drf_tester_busy(m);
  s->lies_last = s->lies_now;
  s->hang_last = s->hang_now;
  s->lies_now = 0;
  s->hang_now = 0;
  for (unsigned g = 0; g < NSM * WF && busy; g++)
    s->hang_now += ww_drf_tester_wf_state(m, g) != 0 && ww_drf_tester_wf_wait(m, g) > s->wd_lim;

  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (cycle % 500 == 0) {
    static const unsigned lats[] = { 3, 20, 120 };
    s->rdy_pct = ww_rng_chance(r, 1, 3) ? 100 : 10 + (unsigned)ww_rng_below(r, 90);
    s->brdy_pct = ww_rng_chance(r, 1, 3) ? 100 : 10 + (unsigned)ww_rng_below(r, 90);
    s->lat_max = lats[ww_rng_chance(r, 1, 8) ? 2 : ww_rng_below(r, 2)];
    s->wlat_max = lats[ww_rng_below(r, 2)];
    s->rsp_pct = ww_rng_chance(r, 1, 2) ? 100 : 30 + (unsigned)ww_rng_below(r, 70);
  }

  /* run control */
  int start = 0;
  if (in->rst_ni & 1) {
    switch (s->phase) {
    case P_IDLE:
      if (cycle >= s->gap_until && !busy) {
        int stale = 0, flying = 0;
        for (unsigned k = 0; k < NSM; k++)
          flying |= s->l1n[k] || s->bn[k];
        stale = (prev->l1_req_valid_o | prev->byp_valid_o) != 0;
        if (flying) {
          s->phase = P_DRAIN;
        } else if (stale && !ww_rng_chance(r, 1, 10)) {
          in->rst_ni = 0;       /* clears the stale request */
          s->stale_resets++;
        } else {
          start = 1;
          s->dirty = stale;
          s->dirty_runs += (uint64_t)stale;
        }
      }
      break;
    case P_START:
      s->phase = busy ? P_RUN : P_IDLE;   /* not busy: a reset took the start */
      if (busy)
        s->runs++;
      break;
    case P_RUN:
      if (!busy) {
        run_ended(s);
        s->phase = ww_drf_tester_read(m, WW_DRF_KIND, 0) ? P_DRAIN : P_IDLE;
        s->gap_until = cycle + ww_rng_below(r, 6);
      }
      break;
    default:   /* P_DRAIN: answers in flight arrive, no request is taken */
      if (!busy) {
        int flying = 0;
        for (unsigned k = 0; k < NSM; k++)
          flying |= s->l1n[k] || s->bn[k];
        if (!flying)
          s->phase = P_IDLE;
      }
      break;
    }
  }
  if (!(in->rst_ni & 1)) {
    flush_memory_side(s);
    if (busy || s->phase != P_IDLE)
      s->resets += (uint64_t)(cycle >= 2);
    s->phase = P_IDLE;
    s->gap_until = cycle + 1 + ww_rng_below(r, 4);
    start = 0;
  }

  /* run settings: read by the RTL only with start_i; random otherwise */
  if (start) {
    new_settings(s, r, in, 1);
    memset(s->mem, 0, sizeof s->mem);
    s->phase = P_START;
    in->start_i = 1;
    if (ww_rng_chance(r, 1, 50))
      in->seed_i = 0;                 /* the RTL's special case */
  } else {
    new_settings(s, r, in, 0);
    in->start_i = busy && ww_rng_chance(r, 1, 32);
    s->spurious_starts += in->start_i & 1;
  }

  /* stalls: periods without answers, in the runs with a medium watchdog */
  if (s->stall_runs && s->phase == P_RUN && cycle >= s->stall_next) {
    s->stall_until = cycle + ww_rng_below(r, 4000);
    s->stall_next = s->stall_until + ww_rng_below(r, 3000);
  }
  const int stall = s->phase == P_RUN && cycle < s->stall_until;

  /* the memory side */
  l1ans_t ans[NSM];
  int has[NSM];
  unsigned nans = 0;
  /* a wavefront hangs this cycle: a storm answers whatever it has */
  const int force = s->storm == 2 && !s->storm_on && s->phase == P_RUN && s->hang_now;
  for (unsigned k = 0; k < NSM; k++) {
    /* write acknowledgements */
    for (unsigned i = 0; i < s->wn[k];)
      if (s->wack[k][i] <= cycle)
        s->wack[k][i] = s->wack[k][--s->wn[k]];
      else
        i++;
    ww_bits_put(in->l1_wr_pending_i, k * NP_W, NP_W, s->wn[k]);
    const int take = s->phase != P_DRAIN;
    in->l1_req_ready_i |= (uint64_t)(take && s->wn[k] < WQ && ww_rng_chance(r, s->rdy_pct, 100)) << k;
    in->byp_ready_i |= (uint64_t)(take && ww_rng_chance(r, s->brdy_pct, 100)) << k;

    /* one L1 answer: a random one of those due (they leave out of order) */
    int pick = -1;
    unsigned ndue = 0;
    for (unsigned i = 0; i < s->l1n[k] && (!stall || force); i++)
      if ((s->l1q[k][i].due <= cycle || force) && ww_rng_below(r, ++ndue) == 0)
        pick = (int)i;
    has[k] = pick >= 0 && (force || ww_rng_chance(r, s->rsp_pct, 100));
    if (has[k]) {
      ans[k] = s->l1q[k][pick];
      s->l1q[k][pick] = s->l1q[k][--s->l1n[k]];
      nans++;
    }
  }
  /* a storm breaks out in a cycle where the failure latch must choose:
   * answers of two SMs, or an answer while a wavefront is past the watchdog */
  if (s->storm && !s->storm_on && s->phase == P_RUN && nans) {
    if (s->storm == 2 ? s->hang_now != 0 : !s->inj_after && nans >= 2)
      s->storm_on = 1;
    else if (s->inj_after)
      s->inj_after--;
  }
  int byp_taken = 0;
  for (unsigned k = 0; k < NSM; k++) {
    if (has[k]) {
      l1ans_t a = ans[k];
      if (!a.amo && lie(s, F_LOAD)) {
        const uint32_t bit = 1u << ww_rng_below(r, 32);
        for (unsigned w = 0; w < WORDS; w++)
          a.data[w] ^= bit;
        s->lies_now++;
      } else if (a.amo) {
        const uint32_t t = a.data[0];
        a.data[0] = lie_atomic(s, t);
        s->lies_now += a.data[0] != t;
      }
      in->l1_rsp_valid_i |= 1ull << k;
      ww_bits_put(in->l1_rsp_tag_i, k * TAG_W, TAG_W, a.tag);
      for (unsigned w = 0; w < WORDS; w++)
        ww_bits_put(in->l1_rsp_data_i, k * LB * 8 + 32 * w, 32, a.data[w]);
    } else {
      ww_bits_put(in->l1_rsp_tag_i, k * TAG_W, TAG_W, (uint32_t)ww_rng_bits(r, TAG_W));
      for (unsigned w = 0; w < WORDS; w++)
        ww_bits_put(in->l1_rsp_data_i, k * LB * 8 + 32 * w, 32, (uint32_t)ww_rng_bits(r, 32));
    }

    /* the device-atomic answer offered: held until taken */
    if (!s->boff[k] && (!stall || force) && s->bn[k] && (force || ww_rng_chance(r, s->rsp_pct, 100))) {
      unsigned i = 0;
      while (i < s->bn[k] && s->bq[k][i].due > cycle && !force)
        i++;
      if (i < s->bn[k]) {
        bans_t a = s->bq[k][i];
        memmove(&s->bq[k][1], &s->bq[k][0], i * sizeof a);
        const uint32_t t = a.old;
        a.old = lie_atomic(s, t);
        a.lie = a.old != t;
        s->bq[k][0] = a;
        s->boff[k] = 1;
      }
    }
    if (s->boff[k]) {
      /* taken this cycle if the lowest SM offering one without an L1 answer */
      if (!byp_taken && !has[k]) {
        byp_taken = 1;
        s->lies_now += s->bq[k][0].lie;
      }
      in->byp_rsp_valid_i |= 1ull << k;
      ww_bits_put(in->byp_rsp_wf_i, k * WF_W, WF_W, s->bq[k][0].wf);
      ww_bits_put(in->byp_rsp_old_i, k * 32, 32, s->bq[k][0].old);
    } else {
      ww_bits_put(in->byp_rsp_wf_i, k * WF_W, WF_W, (uint32_t)ww_rng_bits(r, WF_W));
      ww_bits_put(in->byp_rsp_old_i, k * 32, 32, (uint32_t)ww_rng_bits(r, 32));
    }
  }

  /* the status read: any index and variable whose word is defined */
  unsigned idx = 0;
  uint32_t var = 0;
  int ok = 0;
  for (int t = 0; t < 4 && !ok; t++) {
    idx = (unsigned)(ww_rng_chance(r, 1, 8) ? ww_rng_bits(r, 6) : ww_rng_below(r, WW_DRF_N));
    var = (uint32_t)ww_rng_bits(r, VAR_W);
    ok = ww_drf_tester_read_defined(m, idx, var);
  }
  if (!ok)
    idx = ww_rng_chance(r, 1, 2) ? WW_DRF_KIND : WW_DRF_CYCLES;
  in->rd_idx_i = idx;
  in->rd_var_i = var;
  s->reads_total++;
  s->reads_fail_words += idx != WW_DRF_KIND && idx < WW_DRF_RUN_FIRST;

  s->last = *in;
  s->have_last = 1;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "drf_tester",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " WF=" WW_XSTR(WW_DRFT_WF) " LANES=" WW_XSTR(WW_DRFT_LANES)
            " IDX_W=" WW_XSTR(WW_DRFT_IDX_W) " NSYNC=" WW_XSTR(WW_DRFT_NSYNC)
            " RANGE_W=" WW_XSTR(WW_DRFT_RANGE_W) " SEEN_W=" WW_XSTR(WW_DRFT_SEEN_W)
            " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
