/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the warp TM state's C model (KILO TM, MICRO 2011,
 * sec. 4.2 and 4.6), independent of the lockstep test. Random legal SM
 * traffic: warps ask to begin (held until admitted), nest and unnest,
 * commit, get outcomes (retry or done) after random delays, retire
 * instructions, get watchdog validations (pass or abort); one warp per
 * event, one event per warp per cycle. The reference is kept as counts per
 * warp -- begins admitted and inner commits of the current transaction,
 * counted steps of the current attempt -- and the number of warps in a
 * transaction is recounted from them every cycle. Checked every cycle:
 *   - count_o equals popcount(in_tx_o) and never exceeds LIMIT (LIMIT > 0);
 *   - a begin is refused only when the warp is outside a transaction and
 *     the other warps in transactions already number LIMIT, and admitted
 *     otherwise; begin_err exactly at depth 2^DEPTH_W - 1;
 *   - commit_outer_o / commit_outside_o exactly at depth 1 / 0, in_tx_o and
 *     committing_o as the counts say (depth returns to 0 after matched
 *     begins and commits: a warp is out once its commit is done);
 *   - the watchdog flag is up exactly from the cycle after the WATCHDOG-th
 *     counted step of an attempt (in a transaction, not committing) until
 *     the validation or the outcome, never with WATCHDOG = 0.
 * At the end every warp is drained out of its transaction: the count is 0.
 * Configurations: the default, the default with a watchdog of 40, 2 warps
 * with limit 1, 2-bit depth and a watchdog of 5; 4 warps unlimited; 3 warps
 * with limit 2, 1-bit depth and a watchdog of 1; limit 3 of 4 without
 * watchdog. It fails against a model
 * that admits LIMIT + 1 warps (cycle 3), one that counts steps while
 * committing (cycle 2915) and one that starts the commit at an inner
 * ww.tx.commit (cycle 13), each tried by editing the model.
 * Usage: test_tm_warp [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_tm_warp.h"

static int failures;

#define FAIL(...)                                                                  \
  do {                                                                             \
    if (failures++ < 5) {                                                          \
      printf("FAIL: ");                                                            \
      printf(__VA_ARGS__);                                                         \
      printf("\n");                                                                \
    }                                                                              \
  } while (0)

typedef struct {
  uint64_t begins;     /* begins admitted in this transaction (0: outside) */
  uint64_t inner;      /* commits that closed a nested begin */
  int committing;
  unsigned wait;       /* committing: cycles until the outcome */
  uint64_t counted;    /* steps counted in this attempt (since a pass) */
  unsigned nest;       /* nest up to this depth + 1, then unwind */
  uint64_t budget;     /* counted steps before the outer commit */
} ref_t;

static uint64_t depth(const ref_t *w) { return w->begins - w->inner; }

typedef struct {
  uint64_t cycles, admitted, refused, nest_err, outer, outside, retries, done, flags, passes,
      aborts;
  unsigned max_count;
} tally_t;

/* Checks this cycle's outputs against the reference. */
static void check(const ww_tm_warp_cfg_t *cfg, const ref_t *ref, const ww_tm_warp_in_t *in,
                  const ww_tm_warp_out_t *out, uint64_t c)
{
  const uint64_t dmax = (1ull << cfg->depth_w) - 1;
  unsigned intx = 0;
  for (unsigned w = 0; w < cfg->warps; w++) {
    const ref_t *r = &ref[w];
    intx += depth(r) != 0;
    if ((out->in_tx_o >> w & 1) != (depth(r) != 0))
      FAIL("cycle %" PRIu64 ": warp %u in_tx %u, reference depth %" PRIu64, c, w,
           (unsigned)(out->in_tx_o >> w & 1), depth(r));
    if ((out->committing_o >> w & 1) != (uint64_t)r->committing)
      FAIL("cycle %" PRIu64 ": warp %u committing %u want %d", c, w,
           (unsigned)(out->committing_o >> w & 1), r->committing);
    const int flag = cfg->watchdog && r->counted >= cfg->watchdog;
    if ((out->wd_o >> w & 1) != (uint64_t)flag)
      FAIL("cycle %" PRIu64 ": warp %u watchdog flag %u after %" PRIu64 " counted steps "
           "(WATCHDOG %u)", c, w, (unsigned)(out->wd_o >> w & 1), r->counted, cfg->watchdog);
  }
  if (out->count_o != (uint64_t)__builtin_popcountll(out->in_tx_o) || out->count_o != intx)
    FAIL("cycle %" PRIu64 ": count %" PRIu64 ", in_tx 0x%" PRIx64 ", reference %u", c,
         (uint64_t)out->count_o, (uint64_t)out->in_tx_o, intx);
  if (cfg->limit && out->count_o > cfg->limit)
    FAIL("cycle %" PRIu64 ": %" PRIu64 " warps in transactions, limit %u", c,
         (uint64_t)out->count_o, cfg->limit);
  const ref_t *b = &ref[in->begin_wid_i];
  const unsigned others = intx - (depth(b) != 0);
  const int may = depth(b) != 0 || !cfg->limit || others < cfg->limit;
  if ((int)out->begin_ok_o != may)
    FAIL("cycle %" PRIu64 ": begin of warp %u %s (depth %" PRIu64 ", %u other warps in "
         "transactions, limit %u)", c, (unsigned)in->begin_wid_i,
         out->begin_ok_o ? "admitted" : "refused", depth(b), others, cfg->limit);
  if ((int)out->begin_err_o != (depth(b) == dmax))
    FAIL("cycle %" PRIu64 ": begin_err %u at depth %" PRIu64 " (max %" PRIu64 ")", c,
         (unsigned)out->begin_err_o, depth(b), dmax);
  const ref_t *k = &ref[in->commit_wid_i];
  if ((int)out->commit_outer_o != (depth(k) == 1) ||
      (int)out->commit_outside_o != (depth(k) == 0))
    FAIL("cycle %" PRIu64 ": commit of warp %u: outer %u outside %u at depth %" PRIu64, c,
         (unsigned)in->commit_wid_i, (unsigned)out->commit_outer_o,
         (unsigned)out->commit_outside_o, depth(k));
}

/* A random warp for which ok(warp) holds and that has no event yet; -1 if none. */
static int pick(ww_rng_t *rng, const ref_t *ref, unsigned nw, const int *busy,
                int (*ok)(const ref_t *, const ww_tm_warp_cfg_t *), const ww_tm_warp_cfg_t *cfg)
{
  unsigned first = (unsigned)ww_rng_below(rng, nw);
  for (unsigned j = 0; j < nw; j++) {
    unsigned w = (first + j) % nw;
    if (!busy[w] && ok(&ref[w], cfg))
      return (int)w;
  }
  return -1;
}

static int flagged(const ref_t *r, const ww_tm_warp_cfg_t *c)
{
  return c->watchdog && r->counted >= c->watchdog;
}
/* running: in a transaction, not committing, flag down (the SM lets it run) */
static int running(const ref_t *r, const ww_tm_warp_cfg_t *c)
{
  return depth(r) && !r->committing && !flagged(r, c);
}
static int may_begin(const ref_t *r, const ww_tm_warp_cfg_t *c)
{
  return !depth(r) || (running(r, c) && depth(r) <= r->nest);
}
static int may_commit(const ref_t *r, const ww_tm_warp_cfg_t *c)
{
  return running(r, c) && depth(r) > r->nest && (depth(r) > 1 || !r->budget);
}
static int answered(const ref_t *r, const ww_tm_warp_cfg_t *c)
{
  (void)c;
  return r->committing && !r->wait;
}
static int any(const ref_t *r, const ww_tm_warp_cfg_t *c)
{
  (void)r;
  (void)c;
  return 1;
}

static void new_attempt(ww_rng_t *rng, ref_t *r, const ww_tm_warp_cfg_t *cfg)
{
  r->begins = 1;
  r->inner = 0;
  r->committing = 0;
  r->counted = 0;
  /* nest target: mostly shallow, sometimes to the limit and one beyond */
  const uint64_t dmax = (1ull << cfg->depth_w) - 1;
  r->nest = ww_rng_chance(rng, 1, 8) ? (unsigned)(dmax < 300 ? dmax : 300)
                                     : (unsigned)ww_rng_below(rng, 3);
  const uint64_t span = cfg->watchdog <= 100 ? 2 * (uint64_t)cfg->watchdog + 2 : 50;
  r->budget = ww_rng_below(rng, ww_rng_chance(rng, 1, 4) ? span : 4);
}

static void run(const char *name, ww_tm_warp_cfg_t cfg, uint64_t seed, uint64_t cycles)
{
  ww_tm_warp_t *m = ww_tm_warp_new(&cfg);
  if (!m) {
    FAIL("%s: configuration refused", name);
    return;
  }
  ww_rng_t rng = { seed };
  const unsigned nw = cfg.warps;
  const uint64_t dmax = (1ull << cfg.depth_w) - 1;
  ref_t ref[64];
  memset(ref, 0, sizeof ref);
  tally_t t;
  memset(&t, 0, sizeof t);
  ww_tm_warp_in_t in;
  ww_tm_warp_out_t out;
  memset(&in, 0, sizeof in);
  ww_tm_warp_step(m, &in, &out);   /* reset */
  const uint64_t drain = cycles - cycles / 10;   /* the last tenth: no new transactions */
  for (uint64_t c = 0; c < cycles && failures < 5; c++) {
    memset(&in, 0, sizeof in);
    in.rst_ni = 1;
    in.watchdog_i = cfg.watchdog;   /* the run's limit: the configuration's */
    int busy[64] = { 0 };
    int bw = -1, cw = -1, ow = -1, sw = -1, ww = -1;
    /* one warp per port, each warp at most once */
    if ((ow = pick(&rng, ref, nw, busy, answered, &cfg)) >= 0)
      busy[ow] = 1;
    if (ww_rng_chance(&rng, 1, 2) && (ww = pick(&rng, ref, nw, busy, flagged, &cfg)) >= 0)
      busy[ww] = 1;
    if (ww_rng_chance(&rng, 1, 3) && (cw = pick(&rng, ref, nw, busy, may_commit, &cfg)) >= 0)
      busy[cw] = 1;
    else if (ww_rng_chance(&rng, 1, 500) && (cw = pick(&rng, ref, nw, busy, any, &cfg)) >= 0)
      busy[cw] = 1;   /* any warp, inside or outside a transaction */
    if (ww_rng_chance(&rng, 1, 2) && (bw = pick(&rng, ref, nw, busy, may_begin, &cfg)) >= 0) {
      if (c >= drain && !depth(&ref[bw]))
        bw = -1;
      else
        busy[bw] = 1;
    }
    if (ww_rng_chance(&rng, 3, 4) &&
        (sw = pick(&rng, ref, nw, busy, ww_rng_chance(&rng, 1, 2) ? running : any, &cfg)) >= 0)
      busy[sw] = 1;
    in.begin_valid_i = bw >= 0;
    in.begin_wid_i = bw >= 0 ? (uint64_t)bw : ww_rng_below(&rng, nw);
    in.commit_valid_i = cw >= 0;
    in.commit_wid_i = cw >= 0 ? (uint64_t)cw : ww_rng_below(&rng, nw);
    in.outcome_valid_i = ow >= 0;
    in.outcome_wid_i = ow >= 0 ? (uint64_t)ow : ww_rng_below(&rng, nw);
    in.outcome_retry_i = ww_rng_chance(&rng, 1, 3) && c < drain;
    in.step_valid_i = sw >= 0;
    in.step_wid_i = sw >= 0 ? (uint64_t)sw : ww_rng_below(&rng, nw);
    in.wd_done_i = ww >= 0;
    in.wd_wid_i = ww >= 0 ? (uint64_t)ww : ww_rng_below(&rng, nw);
    in.wd_abort_i = ww_rng_chance(&rng, 1, 2);

    ww_tm_warp_step(m, &in, &out);
    check(&cfg, ref, &in, &out, c);
    t.cycles++;
    if (out.count_o > t.max_count)
      t.max_count = (unsigned)out.count_o;

    /* the reference's clock edge, from its own counts */
    unsigned intx = 0;
    for (unsigned w = 0; w < nw; w++)
      intx += depth(&ref[w]) != 0;
    for (unsigned w = 0; w < nw; w++)
      if (ref[w].committing && ref[w].wait)
        ref[w].wait--;
    if (bw >= 0) {
      ref_t *r = &ref[bw];
      if (depth(r) == dmax) {
        t.nest_err++;
        r->nest = (unsigned)depth(r) - 1;   /* the SM trapped: unwind */
        r->budget = 0;
      } else if (depth(r)) {
        r->begins++;
      } else if (!cfg.limit || intx < cfg.limit) {
        new_attempt(&rng, r, &cfg);
        t.admitted++;
      } else {
        t.refused++;
      }
    }
    if (cw >= 0) {
      ref_t *r = &ref[cw];
      if (depth(r) == 0) {
        t.outside++;
      } else if (depth(r) == 1) {
        r->committing = 1;
        r->wait = ww_rng_chance(&rng, 1, 5) ? 0 : (unsigned)ww_rng_below(&rng, 30);
        t.outer++;
      } else {
        r->inner++;   /* mostly unwind from here on, sometimes nest again */
        if (r->nest >= depth(r) && ww_rng_chance(&rng, 3, 4))
          r->nest = (unsigned)depth(r) - 1;
      }
    }
    if (ow >= 0) {
      if (in.outcome_retry_i) {
        new_attempt(&rng, &ref[ow], &cfg);
        t.retries++;
      } else {
        memset(&ref[ow], 0, sizeof ref[ow]);
        t.done++;
      }
    }
    if (ww >= 0) {
      if (in.wd_abort_i) {
        new_attempt(&rng, &ref[ww], &cfg);
        t.aborts++;
      } else {
        ref[ww].counted = 0;
        t.passes++;
      }
    }
    if (sw >= 0 && running(&ref[sw], &cfg)) {
      if (ref[sw].budget)
        ref[sw].budget--;
      if (cfg.watchdog && ++ref[sw].counted == cfg.watchdog)
        t.flags++;
    }
  }
  /* drained: every transaction ended, nothing counted */
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  ww_tm_warp_step(m, &in, &out);
  for (unsigned w = 0; w < nw; w++)
    if (depth(&ref[w]))
      FAIL("%s: warp %u still in a transaction after the drain (reference)", name, w);
  if (out.count_o || out.in_tx_o || out.committing_o || out.wd_o)
    FAIL("%s: after the drain count %" PRIu64 " in_tx 0x%" PRIx64 " committing 0x%" PRIx64,
         name, (uint64_t)out.count_o, (uint64_t)out.in_tx_o, (uint64_t)out.committing_o);
  printf("test_tm_warp %s (WARPS=%u LIMIT=%u DEPTH_W=%u WATCHDOG=%u): %" PRIu64 " cycles, "
         "%" PRIu64 " admitted, %" PRIu64 " refused, %" PRIu64 " nesting overflows, %" PRIu64
         " outer commits (%" PRIu64 " retried), %" PRIu64 " outside, %" PRIu64 " flags (%" PRIu64
         " passed, %" PRIu64 " aborted), at most %u at once: %s\n",
         name, nw, cfg.limit, cfg.depth_w, cfg.watchdog, t.cycles, t.admitted, t.refused,
         t.nest_err, t.outer, t.retries, t.outside, t.flags, t.passes, t.aborts, t.max_count,
         failures ? "FAIL" : "PASS");
  ww_tm_warp_free(m);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, cycles = 200000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--cycles N]\n", argv[0]);
      return 2;
    }
  }
  ww_tm_warp_cfg_t def = ww_tm_warp_default_cfg();
  def.watchdog = 40;   /* the default's 10 000 would rarely be reached */
  run("default", ww_tm_warp_default_cfg(), seed, cycles);
  run("watchdog40", def, seed + 1, cycles);
  run("small", (ww_tm_warp_cfg_t){ 2, 1, 2, 5 }, seed + 2, cycles);
  run("unlimited", (ww_tm_warp_cfg_t){ 4, 0, 3, 7 }, seed + 3, cycles);
  run("odd", (ww_tm_warp_cfg_t){ 3, 2, 1, 1 }, seed + 4, cycles);
  run("no-watchdog", (ww_tm_warp_cfg_t){ 4, 3, 8, 0 }, seed + 5, cycles);
  return failures ? 1 : 0;
}
