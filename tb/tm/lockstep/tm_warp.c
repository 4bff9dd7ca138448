/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_warp (rtl/tm/ww_tm_warp.v).
 * Stimulus: plays the SM. Each warp runs a legal protocol: idle -> its
 * ww.tx.begin, held until begin_ok (the concurrency limit) -> an attempt of
 * retired instructions (steps) with nested begins and commits -> the outer
 * commit -> some cycles later the outcome, a retry (a new attempt) or done.
 * A raised watchdog flag is answered some cycles later by a validation pass
 * or abort. Attempts are short, medium, of about WATCHDOG steps (the
 * counter's boundary, also while committing), doomed (until the flag) or
 * nest until begin_err and unwind. Busy phases (every idle warp wants to
 * begin: the limit decides) alternate with sparse ones; the engine resets
 * in mid-run. Steps also come for warps outside a transaction, committing
 * or flagged (not counted), and rarely a commit outside a transaction.
 * The SM learns begin_ok/begin_err and wd_o one cycle late (last cycle's
 * outputs), so a warp that stepped last cycle issues no begin or commit
 * this cycle: its flag may have just risen. Until the first flag of a run
 * rises, every new attempt (of one warp at a time) is a doomed, spinning
 * one, so wd_o changes early even at WATCHDOG = 10 000. The run's limit
 * watchdog_i is WATCHDOG in three runs of four (a run: up to a reset), else
 * a random value from 1 to WATCHDOG; the attempts' budgets follow it.
 */
#include "ww_lockstep.h"
#include "ww_tm_warp.h"

#define WW_PORTS_DEF "ww_tm_warp.ports.def"
#define WW_IN_T ww_tm_warp_in_t
#define WW_OUT_T ww_tm_warp_out_t
#include "ww_lockstep_ports.h"

#define NW WW_WARPS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)
#define WD ((uint64_t)WW_TX_WATCHDOG)
#define NO_END UINT64_MAX   /* a doomed attempt's step budget */

enum { IDLE, WANT, RUN, COMMIT, WDWAIT };        /* a warp's phase */
enum { A_STEP, A_BEGIN, A_COMMIT };              /* what a running warp wants */
enum { P_OUTCOME, P_WD, P_COMMIT, P_BEGIN, P_STEP, NPORT };

typedef struct {
  int ph;
  unsigned depth;       /* the SM's view of the nesting depth */
  unsigned target;      /* nest up to this depth */
  int deep;             /* nest until begin_err, then unwind */
  int spin;             /* a long attempt (about WATCHDOG steps or doomed) */
  uint64_t budget;      /* steps before the outer commit */
  unsigned delay;       /* COMMIT, WDWAIT: cycles until the answer */
  int stepped;          /* had a step event last cycle */
} warp_t;

typedef struct {
  warp_t w[NW];
  int ev[NPORT];        /* warp of last cycle's event on each port, -1: none */
  int retry, abort;     /* last cycle's outcome_retry_i, wd_abort_i */
  unsigned phase_left;
  int busy;
  int wd_seen;          /* a watchdog flag rose in this run */
  uint64_t wd;          /* this run's watchdog_i */
} stim_t;

WW_MODEL_HOOKS(ww_tm_warp)
WW_STIM_STATE(stim_t)

/* A new attempt of warp w: depth 1, a step budget and a nesting plan. At
 * most one warp at a time runs a long attempt, so that it reaches the
 * watchdog soon. */
static void new_attempt(stim_t *s, ww_rng_t *r, warp_t *w)
{
  int spinning = 0;
  for (unsigned i = 0; i < NW; i++)
    spinning |= &s->w[i] != w && s->w[i].ph >= RUN && s->w[i].spin;
  unsigned k = (unsigned)ww_rng_below(r, 100);
  if (s->wd && !s->wd_seen && !spinning)
    k = 94;   /* until a flag was seen this run: a doomed, spinning attempt */
  w->ph = RUN;
  w->depth = 1;
  w->deep = k != 94 && ww_rng_chance(r, 1, 6);
  w->target = 1 + (unsigned)ww_rng_below(r, 4);
  w->spin = k >= 88 && k < 96 && s->wd && !spinning;
  if (k < 60)
    w->budget = ww_rng_below(r, 9);
  else if (k < 88 || (k < 96 && !w->spin))
    w->budget = 8 + ww_rng_below(r, 60);
  else if (k < 93)         /* around the watchdog's boundary */
    w->budget = s->wd + 1 - ww_rng_below(r, s->wd < 3 ? s->wd + 2 : 4);
  else if (k < 96)         /* doomed: runs until the flag, and on */
    w->budget = NO_END;
  else
    w->budget = ww_rng_below(r, 3);
}

/* A running warp's next wish. */
static int action(ww_rng_t *r, const warp_t *w)
{
  if (w->deep)
    return A_BEGIN;
  if (w->depth > w->target || !w->budget)
    return A_COMMIT;   /* unwind, or the outer commit */
  unsigned k = (unsigned)ww_rng_below(r, 10);
  if (k == 0 && w->depth < w->target)
    return A_BEGIN;
  if (k == 1 && w->depth > 1)
    return A_COMMIT;
  return A_STEP;
}

static unsigned delay(ww_rng_t *r)
{
  return ww_rng_chance(r, 1, 10) ? 20 + (unsigned)ww_rng_below(r, 100)
                                 : (unsigned)ww_rng_below(r, 12);
}

/* Last cycle's events, now that its outputs are known. */
static void settle(stim_t *s, ww_rng_t *r, const ww_tm_warp_out_t *prev)
{
  int k = s->ev[P_BEGIN];
  if (k >= 0) {
    warp_t *w = &s->w[k];
    if (prev->begin_err_o) {          /* the SM traps TX_NESTING: stop nesting */
      w->deep = 0;
      w->target = w->depth > 1 ? 1 + (unsigned)ww_rng_below(r, w->depth - 1) : 1;
    } else if (prev->begin_ok_o) {
      if (w->ph == WANT)
        new_attempt(s, r, w);
      else
        w->depth++;
    }                                 /* refused: it asks again */
  }
  if ((k = s->ev[P_COMMIT]) >= 0) {
    warp_t *w = &s->w[k];
    if (w->ph == RUN && w->depth == 1) {
      w->ph = COMMIT;
      w->delay = delay(r);
    } else if (w->ph == RUN) {
      w->depth--;
    }                                 /* outside a transaction: the SM traps */
  }
  if ((k = s->ev[P_OUTCOME]) >= 0) {
    if (s->retry) {
      new_attempt(s, r, &s->w[k]);
    } else {
      s->w[k].ph = IDLE;
      s->w[k].depth = 0;
    }
  }
  if ((k = s->ev[P_WD]) >= 0) {
    if (s->abort)
      new_attempt(s, r, &s->w[k]);
    else
      s->w[k].ph = RUN;               /* the attempt goes on */
  }
  for (unsigned i = 0; i < NW; i++) { /* a flag seen now rose two cycles ago at the latest */
    warp_t *w = &s->w[i];
    w->stepped = (int)i == s->ev[P_STEP];
    if (w->ph == RUN && (prev->wd_o >> i & 1u) && (int)i != s->ev[P_WD]) {
      w->ph = WDWAIT;
      w->delay = delay(r);
    }
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_warp_out_t *prev = vprev;
  ww_tm_warp_in_t *in = vin;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (cycle == 0 || !in->rst_ni)   /* a run's limit, stable until a reset */
    s->wd = !WD || ww_rng_chance(r, 3, 4) ? WD : 1 + ww_rng_below(r, WD);
  in->watchdog_i = s->wd;

  if (cycle)
    settle(s, r, prev);
  if (cycle > 2 && prev->wd_o)   /* (outputs of the reset cycles are not yet reset) */
    s->wd_seen = 1;
  if (s->phase_left == 0) {
    s->busy = ww_rng_chance(r, 1, 2);
    s->phase_left = 50 + (unsigned)ww_rng_below(r, 500);
  }
  s->phase_left--;

  /* wishes of each warp, then one warp per port, at most one port per warp */
  unsigned cand[NPORT][NW], ncand[NPORT] = { 0 };
  for (unsigned i = 0; i < NW; i++) {
    warp_t *w = &s->w[i];
    if (!in->rst_ni)
      *w = (warp_t){ .ph = IDLE };
    if (w->ph == IDLE && ww_rng_chance(r, 1, s->busy ? 8 : 300))
      w->ph = WANT;
    if ((w->ph == COMMIT || w->ph == WDWAIT) && w->delay)
      w->delay--;
    int a = w->ph == RUN ? action(r, w) : -1;
    if (w->ph == COMMIT && !w->delay)
      cand[P_OUTCOME][ncand[P_OUTCOME]++] = i;
    if (w->ph == WDWAIT && !w->delay)
      cand[P_WD][ncand[P_WD]++] = i;
    if (!w->stepped && (a == A_COMMIT || (w->ph == IDLE && ww_rng_chance(r, 1, 2000))))
      cand[P_COMMIT][ncand[P_COMMIT]++] = i;
    if (!w->stepped && (a == A_BEGIN || w->ph == WANT))
      cand[P_BEGIN][ncand[P_BEGIN]++] = i;
    if (a == A_STEP || (a < 0 && ww_rng_chance(r, 1, w->ph == COMMIT ? 3 : 12)))
      cand[P_STEP][ncand[P_STEP]++] = i;
  }
  int used[NW] = { 0 };
  for (unsigned p = 0; p < NPORT; p++) {
    s->ev[p] = -1;
    if (!in->rst_ni || !ncand[p])
      continue;
    /* mostly, a long attempt's warp steps first (it spins in a loop) */
    const int spin = p == P_STEP && (!s->wd_seen || ww_rng_chance(r, 3, 4));
    unsigned first = (unsigned)ww_rng_below(r, ncand[p]);
    for (unsigned pass = !spin; pass < 2 && s->ev[p] < 0; pass++)
      for (unsigned j = 0; j < ncand[p] && s->ev[p] < 0; j++) {
        unsigned i = cand[p][(first + j) % ncand[p]];
        if (!used[i] && (pass || (s->w[i].ph == RUN && s->w[i].spin))) {
          used[i] = 1;
          s->ev[p] = (int)i;
        }
      }
  }
  /* a running warp's step uses up its budget (a doomed one's never ends) */
  if (s->ev[P_STEP] >= 0) {
    warp_t *w = &s->w[s->ev[P_STEP]];
    if (w->ph == RUN && w->budget != NO_END)
      w->budget--;
  }
  s->retry = ww_rng_chance(r, 1, 3);
  s->abort = ww_rng_chance(r, 1, 2);

  /* ports; an index without its valid is random (the block must ignore it) */
#define DRIVE(port, valid, wid)                                                   \
  do {                                                                            \
    in->valid = s->ev[port] >= 0;                                                 \
    in->wid = s->ev[port] >= 0 ? (uint64_t)s->ev[port] : ww_rng_below(r, NW);     \
  } while (0)
  DRIVE(P_BEGIN, begin_valid_i, begin_wid_i);
  DRIVE(P_COMMIT, commit_valid_i, commit_wid_i);
  DRIVE(P_OUTCOME, outcome_valid_i, outcome_wid_i);
  DRIVE(P_STEP, step_valid_i, step_wid_i);
  DRIVE(P_WD, wd_done_i, wd_wid_i);
#undef DRIVE
  in->outcome_retry_i = (uint64_t)s->retry;
  in->wd_abort_i = (uint64_t)s->abort;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_warp",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LIMIT=" WW_XSTR(WW_TM_WARPS_PER_SM)
            " DEPTH_W=" WW_XSTR(WW_TX_DEPTH_W) " WATCHDOG=" WW_XSTR(WW_TX_WATCHDOG),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
  /* LIMIT 0: every begin may execute; WATCHDOG 0: no flag ever rises */
  .constant = WW_TM_WARPS_PER_SM == 0 ? (WW_TX_WATCHDOG == 0 ? "begin_ok_o wd_o" : "begin_ok_o")
              : WW_TX_WATCHDOG == 0 ? "wd_o" : NULL,
};
