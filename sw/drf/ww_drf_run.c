/* SPDX-License-Identifier: Apache-2.0
 *
 * drf_run -- runs the autonomous DRF tester (rtl/drf, the Verilated
 * ww_drf_top, or with --model c its cycle-exact C model cmodel/drf/
 * ww_drf_top.c: same cycles, status words and coverage) on the GPU's memory
 * system: one run per seed, each checked by
 * the tester itself (reference memory on every load, unique atomic values,
 * forward progress); prints a failure's event log (the paper's Table V) and
 * the command that replays it; sums the L1 and L2 transition coverage over
 * the runs and reports it per controller (active / inactive / undefined,
 * docs/drf.md sec. 3) as text and JSON. Exit 0 when every run passed (with
 * --expect-fail: when a run failed), 1 otherwise, 2 on bad usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ww_cdrf.h"
#include "ww_drf_cov.h"
#include "ww_vdrf.h"

typedef struct {
  uint32_t seed, seeds, watchdog;
  unsigned episodes, len, range, latency, jitter, refresh, hold;
  uint64_t max_cycles;
  const char *bugs, *json, *wave, *self, *cov_acc, *cov_report, *model;
  int quiet, expect_fail;
} opts_t;

/* a backend: the Verilated RTL (ww_vdrf.h) or the C model (ww_cdrf.h) */
typedef struct {
  const char *name;
  void *(*open)(const ww_vdrf_opts_t *opts, char *err, size_t err_len);
  void (*close)(void *b);
  int (*run)(void *b, const ww_vdrf_run_t *run, ww_vdrf_result_t *res,
             void (*progress)(uint64_t cycles, void *ctx), void *ctx, char *err, size_t err_len);
} backend_t;

static void *rtl_open(const ww_vdrf_opts_t *o, char *e, size_t n) { return ww_vdrf_new(o, e, n); }
static void rtl_close(void *b) { ww_vdrf_free(b); }
static int rtl_run(void *b, const ww_vdrf_run_t *r, ww_vdrf_result_t *res,
                   void (*pr)(uint64_t, void *), void *ctx, char *e, size_t n)
{
  return ww_vdrf_run(b, r, res, pr, ctx, e, n);
}
static void *c_open(const ww_vdrf_opts_t *o, char *e, size_t n) { return ww_cdrf_new(o, e, n); }
static void c_close(void *b) { ww_cdrf_free(b); }
static int c_run(void *b, const ww_vdrf_run_t *r, ww_vdrf_result_t *res,
                 void (*pr)(uint64_t, void *), void *ctx, char *e, size_t n)
{
  return ww_cdrf_run(b, r, res, pr, ctx, e, n);
}

/* picked by --model; both report the build's geometry (ww_vdrf_info) */
static const backend_t backends[] = {
  { "rtl", rtl_open, rtl_close, rtl_run },
  { "c", c_open, c_close, c_run },
};

static void usage(FILE *f, const char *self)
{
  const ww_vdrf_info_t *in = ww_vdrf_info();
  fprintf(f,
          "usage: %s [options]\n"
          "Runs the DRF tester (docs/drf.md) on the memory system of build '%s':\n"
          "%u SMs x %u wavefronts x %u lanes, L1 %u sets x %u ways, L2 %u sets x %u ways per\n"
          "partition (%u partitions), %u-byte lines.\n"
          "  --seed N         first seed (default 1)\n"
          "  --seeds K        runs with seeds N .. N+K-1 (default 1)\n"
          "  --episodes E     episodes per wavefront (default 16)\n"
          "  --len L          actions per episode (default 16)\n"
          "  --range R        address window of 2^R words, %u..%u (default %u)\n"
          "  --watchdog W     cycles a wavefront may wait (default 20000)\n"
          "  --max-cycles C   stop a run after C cycles (default: none)\n"
          "  --latency D      DRAM latency in cycles (default: ww_config.h's)\n"
          "  --jitter J       DRAM timing noise (default 0)\n"
          "  --refresh P      DRAM refresh: every P cycles a channel takes no request for P/2\n"
          "                   cycles, the channels staggered (default 0: none)\n"
          "  --hold H         network delays: each request link (SM -> partition) is held\n"
          "                   for 1..H cycles, starting with chance 1/H a cycle (default 0:\n"
          "                   none; with the voq configuration an SM's packets to different\n"
          "                   partitions pass each other)\n"
          "  --bug NAMES      switch on injected bugs (comma list; --list-bugs)\n"
          "  --expect-fail    succeed only if a run fails (bug hunting)\n"
          "  --model M        rtl (the Verilated RTL, default) or c (its cycle-exact C model,\n"
          "                   cmodel/drf/ww_drf_top.c: the same cycles and coverage; no --bug,\n"
          "                   --wave)\n"
          "  --json FILE      write the runs and the coverage as JSON\n"
          "  --wave FILE      FST wave of the runs\n"
          "  --quiet          only failures and the summary\n"
          "  --cov-acc FILE   add the runs' coverage to FILE's (lines 'l1 <counts> l2 <counts>',\n"
          "                   as WW_COV_OUT writes them) and report the sum\n"
          "  --cov-report FILE  report FILE's coverage (summed lines), no runs\n"
          "  --list-bugs      the injectable bugs\n",
          self, in->config, in->num_sm, in->wf, in->lanes, in->l1_sets, in->l1_ways, in->l2_sets,
          in->l2_ways, in->num_part, in->line_bytes, in->var_w, in->range_max, in->var_w + 2);
}

static int parse_u(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s ? s : "", &end, 0);
  if (!s || !*s || *end || errno || s[0] == '-' || v < lo || v > hi) {
    fprintf(stderr, "drf_run: %s wants a number %" PRIu64 "..%" PRIu64 ", got '%s'\n", opt, lo,
            hi, s ? s : "");
    return -1;
  }
  *out = v;
  return 0;
}

static void progress(uint64_t cycles, void *ctx)
{
  const opts_t *o = ctx;
  if (!o->quiet)
    fprintf(stderr, "\r  ... %" PRIu64 " cycles", cycles);
}

static const char *fail_text(uint32_t kind)
{
  switch (kind) {
#define X(name, value, text) \
  case value: return text;
    WW_DRF_FAIL_LIST(X)
#undef X
  default: return "?";
  }
}

static void print_failure(const opts_t *o, const ww_vdrf_result_t *r, uint32_t seed)
{
  const ww_vdrf_info_t *in = ww_vdrf_info();
  const uint32_t *st = r->status;
  unsigned wf = st[WW_DRF_WF];
  printf("FAIL seed %" PRIu32 ": %s\n", seed, fail_text(st[WW_DRF_KIND]));
  printf("  cycle %" PRIu32 ", SM %u wavefront %u (global %u) lane %" PRIu32 ", episode %" PRIu32
         "\n",
         st[WW_DRF_CYCLE], wf / in->wf, wf % in->wf, wf, st[WW_DRF_LANE], st[WW_DRF_EPISODE]);
  if (st[WW_DRF_KIND] == WW_DRF_FAIL_HANG) {
    printf("  waited %" PRIu32 " cycles (limit %" PRIu32 ") in state %" PRIu32 "\n",
           st[WW_DRF_GOT], st[WW_DRF_EXPECT], st[WW_DRF_STATE]);
  } else {
    unsigned pool = st[WW_DRF_VAR] >> in->idx_w, idx = st[WW_DRF_VAR] & ((1u << in->idx_w) - 1);
    if (pool == 0)
      printf("  variable %" PRIu32 " (device pool", st[WW_DRF_VAR]);
    else
      printf("  variable %" PRIu32 " (block pool of SM %u", st[WW_DRF_VAR], pool - 1);
    printf(", index %u%s) at 0x%08" PRIx32 "\n", idx, idx < in->nsync ? ", sync" : "",
           st[WW_DRF_ADDR]);
    printf("  expected 0x%08" PRIx32 ", got 0x%08" PRIx32 "%s\n", st[WW_DRF_EXPECT], st[WW_DRF_GOT],
           st[WW_DRF_KIND] == WW_DRF_FAIL_LOAD ? "" : " (expected: atomics issued to it)");
    printf("  event log of the variable (Table V):\n");
    printf("    %-12s %-8s %-10s %-5s %-8s %-10s %s\n", "", "SM", "wavefront", "lane", "episode",
           "cycle", "value");
    if (st[WW_DRF_LW_VALID])
      printf("    %-12s %-8u %-10u %-5" PRIu32 " %-8" PRIu32 " %-10" PRIu32 " 0x%08" PRIx32 "\n",
             "last writer", st[WW_DRF_LW_WF] / in->wf, st[WW_DRF_LW_WF] % in->wf,
             st[WW_DRF_LW_LANE], st[WW_DRF_LW_EPISODE], st[WW_DRF_LW_CYCLE], st[WW_DRF_LW_VALUE]);
    else
      printf("    %-12s never written (memory starts at 0)\n", "last writer");
    if (st[WW_DRF_LR_VALID])
      printf("    %-12s %-8u %-10u %-5" PRIu32 " %-8" PRIu32 " %-10" PRIu32 " 0x%08" PRIx32 "\n",
             "last reader", st[WW_DRF_LR_WF] / in->wf, st[WW_DRF_LR_WF] % in->wf,
             st[WW_DRF_LR_LANE], st[WW_DRF_LR_EPISODE], st[WW_DRF_LR_CYCLE], st[WW_DRF_LR_VALUE]);
    else
      printf("    %-12s none before this access\n", "last reader");
  }
  printf("  replay: %s --seed %" PRIu32 " --episodes %u --len %u --range %u --watchdog %" PRIu32,
         o->self, seed, o->episodes, o->len, o->range, o->watchdog);
  if (o->latency)
    printf(" --latency %u", o->latency);
  if (o->jitter)
    printf(" --jitter %u", o->jitter);
  if (o->refresh)
    printf(" --refresh %u", o->refresh);
  if (o->hold)
    printf(" --hold %u", o->hold);
  printf("%s%s%s\n", o->bugs ? " --bug " : "", o->bugs ? o->bugs : "",
         strcmp(o->model, "rtl") ? " --model c" : "");
}

/* reachable (not undefined) transitions, and of them the active ones */
static void cov_count(const uint64_t *cnt, unsigned n, const unsigned char *undef, unsigned *reach,
                      unsigned *act)
{
  *reach = *act = 0;
  for (unsigned i = 0; i < n; i++) {
    *reach += !undef[i];
    *act += !undef[i] && cnt[i] > 0;
  }
}

static void json_cov(FILE *f, const char *name, const uint64_t *cnt, unsigned ns, unsigned ne,
                     const char *const *sn, const char *const *en, const unsigned char *undef)
{
  unsigned reach, act;
  cov_count(cnt, ns * ne, undef, &reach, &act);
  fprintf(f, "    \"%s\": {\"reachable\": %u, \"active\": %u, \"states\": [", name, reach, act);
  for (unsigned s = 0; s < ns; s++)
    fprintf(f, "%s\"%s\"", s ? ", " : "", sn[s]);
  fprintf(f, "], \"events\": [");
  for (unsigned e = 0; e < ne; e++)
    fprintf(f, "%s\"%s\"", e ? ", " : "", en[e]);
  fprintf(f, "],\n      \"counts\": [");
  for (unsigned s = 0; s < ns; s++) {
    fprintf(f, "%s[", s ? ", " : "");
    for (unsigned e = 0; e < ne; e++)
      fprintf(f, "%s%" PRIu64, e ? ", " : "", cnt[s * ne + e]);
    fprintf(f, "]");
  }
  fprintf(f, "],\n      \"undefined\": [");
  for (unsigned s = 0; s < ns; s++) {
    fprintf(f, "%s[", s ? ", " : "");
    for (unsigned e = 0; e < ne; e++)
      fprintf(f, "%s%s", e ? ", " : "", undef[s * ne + e] ? "true" : "false");
    fprintf(f, "]");
  }
  fprintf(f, "]}");
}

static void print_cov(const char *name, const uint64_t *cnt, unsigned ns, unsigned ne,
                      const char *const *sn, const char *const *en, const unsigned char *undef)
{
  unsigned reach, act;
  cov_count(cnt, ns * ne, undef, &reach, &act);
  printf("%s transitions: %u of %u reachable active (%.1f %%)", name, act, reach,
         reach ? 100.0 * act / reach : 0.0);
  if (act < reach) {
    printf("; inactive:");
    for (unsigned i = 0; i < ns * ne; i++)
      if (!undef[i] && cnt[i] == 0)
        printf(" %s/%s", sn[i / ne], en[i % ne]);
  }
  printf("\n");
}

/* adds every line "l1 <L1COV counts> l2 <L2COV counts>" of path to l1, l2;
 * 0 = read (a missing file adds nothing when missing_ok), -1 = error */
static int cov_read(const char *path, int missing_ok, uint64_t *l1, uint64_t *l2)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    if (missing_ok && errno == ENOENT)
      return 0;
    fprintf(stderr, "drf_run: cannot read %s: %s\n", path, strerror(errno));
    return -1;
  }
  char tag[8];
  unsigned line = 0;
  int rc = 0;
  while (rc == 0 && fscanf(f, "%7s", tag) == 1) {
    line++;
    unsigned long long c;
    int ok = !strcmp(tag, "l1");
    for (unsigned i = 0; ok && i < WW_VDRF_L1COV; i++)
      ok = fscanf(f, "%llu", &c) == 1 && (l1[i] += c, 1);
    ok = ok && fscanf(f, "%7s", tag) == 1 && !strcmp(tag, "l2");
    for (unsigned i = 0; ok && i < WW_VDRF_L2COV; i++)
      ok = fscanf(f, "%llu", &c) == 1 && (l2[i] += c, 1);
    if (!ok) {
      fprintf(stderr, "drf_run: %s line %u: expected 'l1' and %u counts, 'l2' and %u counts\n",
              path, line, WW_VDRF_L1COV, WW_VDRF_L2COV);
      rc = -1;
    }
  }
  fclose(f);
  return rc;
}

int main(int argc, char **argv)
{
  const ww_vdrf_info_t *in = ww_vdrf_info();
  opts_t o = {.seed = 1, .seeds = 1, .watchdog = 20000, .episodes = 16, .len = 16,
              .range = in->var_w + 2, .self = argv[0], .model = "rtl"};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t n;
#define NUM(name, lo, hi, field)                          \
  if (!strcmp(a, name)) {                                 \
    if (parse_u(name, v, lo, hi, &n))                     \
      return 2;                                           \
    o.field = n;                                          \
    i++;                                                  \
    continue;                                             \
  }
    NUM("--seed", 0, UINT32_MAX, seed)
    NUM("--seeds", 1, 1000000, seeds)
    NUM("--episodes", 1, 65535, episodes)
    NUM("--len", 1, 65535, len)
    NUM("--range", in->var_w, in->range_max, range)
    NUM("--watchdog", 1, UINT32_MAX, watchdog)
    NUM("--max-cycles", 1, UINT64_MAX, max_cycles)
    NUM("--latency", 1, 100000, latency)
    NUM("--jitter", 0, 100000, jitter)
    NUM("--refresh", 0, 1000000, refresh)
    NUM("--hold", 0, 100000, hold)
#undef NUM
    if (!strcmp(a, "--bug") || !strcmp(a, "--json") || !strcmp(a, "--wave") ||
        !strcmp(a, "--cov-acc") || !strcmp(a, "--cov-report") || !strcmp(a, "--model")) {
      if (!v) {
        fprintf(stderr, "drf_run: %s wants a value\n", a);
        return 2;
      }
      if (!strcmp(a, "--bug"))
        o.bugs = v;
      else if (!strcmp(a, "--json"))
        o.json = v;
      else if (!strcmp(a, "--cov-acc"))
        o.cov_acc = v;
      else if (!strcmp(a, "--cov-report"))
        o.cov_report = v;
      else if (!strcmp(a, "--model"))
        o.model = v;
      else
        o.wave = v;
      i++;
    } else if (!strcmp(a, "--quiet")) {
      o.quiet = 1;
    } else if (!strcmp(a, "--expect-fail")) {
      o.expect_fail = 1;
    } else if (!strcmp(a, "--list-bugs")) {
      for (unsigned b = 0; b < WW_DRF_NBUGS; b++)
        printf("%-22s %s\n", ww_drf_bugs[b].name, ww_drf_bugs[b].what);
      return 0;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout, argv[0]);
      return 0;
    } else {
      fprintf(stderr, "drf_run: unknown option '%s' (--help lists them)\n", a);
      return 2;
    }
  }
  const backend_t *be = NULL;
  for (size_t b = 0; b < sizeof backends / sizeof backends[0]; b++)
    if (!strcmp(o.model, backends[b].name))
      be = &backends[b];
  if (!be) {
    fprintf(stderr, "drf_run: unknown model '%s' (--model rtl or --model c)\n", o.model);
    return 2;
  }
  if (o.bugs && strcmp(be->name, "rtl")) {
    fprintf(stderr, "drf_run: --bug: the injectable bugs are in the RTL only; use --model rtl\n");
    return 2;
  }
  if (o.bugs) {
    /* every name must be a known bug */
    char buf[512];
    snprintf(buf, sizeof buf, "%s", o.bugs);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
      unsigned b = 0;
      while (b < WW_DRF_NBUGS && strcmp(ww_drf_bugs[b].name, t))
        b++;
      if (b == WW_DRF_NBUGS) {
        fprintf(stderr, "drf_run: unknown bug '%s' (--list-bugs lists them)\n", t);
        return 2;
      }
    }
  }

  if (o.cov_report) {
    uint64_t l1[WW_VDRF_L1COV] = {0}, l2[WW_VDRF_L2COV] = {0};
    if (cov_read(o.cov_report, 0, l1, l2))
      return 2;
    print_cov("L1", l1, WW_L1ST_N, WW_L1EV_N, ww_l1st_names, ww_l1ev_names, ww_drf_l1_undef);
    print_cov("L2", l2, WW_L2ST_N, WW_L2EV_N, ww_l2st_names, ww_l2ev_names, ww_drf_l2_undef);
    if (o.json) {
      FILE *jf = fopen(o.json, "w");
      if (!jf) {
        fprintf(stderr, "drf_run: cannot write %s: %s\n", o.json, strerror(errno));
        return 2;
      }
      fprintf(jf, "{\n  \"coverage\": {\n");
      json_cov(jf, "l1", l1, WW_L1ST_N, WW_L1EV_N, ww_l1st_names, ww_l1ev_names, ww_drf_l1_undef);
      fprintf(jf, ",\n");
      json_cov(jf, "l2", l2, WW_L2ST_N, WW_L2EV_N, ww_l2st_names, ww_l2ev_names, ww_drf_l2_undef);
      fprintf(jf, "\n  }\n}\n");
      fclose(jf);
    }
    return 0;
  }

  char err[256] = "";
  ww_vdrf_opts_t vo = {.dram_latency = o.latency, .jitter = o.jitter, .refresh = o.refresh,
                       .hold = o.hold,
                       .bugs = o.bugs,
                       .wave = o.wave};
  void *v = be->open(&vo, err, sizeof err);
  if (!v) {
    fprintf(stderr, "drf_run: %s\n", err);
    return 2;
  }
  uint64_t l1[WW_VDRF_L1COV] = {0}, l2[WW_VDRF_L2COV] = {0}, cycles = 0;
  unsigned failed = 0, unfinished = 0;
  FILE *jf = NULL;
  if (o.json && !(jf = fopen(o.json, "w"))) {
    fprintf(stderr, "drf_run: cannot write %s: %s\n", o.json, strerror(errno));
    be->close(v);
    return 2;
  }
  if (jf)
    fprintf(jf,
            "{\n  \"config\": \"%s\", \"model\": \"%s\", \"num_sm\": %u, "
            "\"wavefronts_per_sm\": %u, \"lanes\": %u,\n"
            "  \"l1\": {\"sets\": %u, \"ways\": %u}, \"l2\": {\"sets\": %u, \"ways\": %u, "
            "\"slices\": %u}, \"line_bytes\": %u,\n"
            "  \"episodes\": %u, \"len\": %u, \"range\": %u, \"bugs\": \"%s\",\n  \"runs\": [",
            in->config, be->name, in->num_sm, in->wf, in->lanes, in->l1_sets, in->l1_ways,
            in->l2_sets, in->l2_ways, in->num_part, in->line_bytes, o.episodes, o.len, o.range,
            o.bugs ? o.bugs : "");
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (uint32_t k = 0; k < o.seeds; k++) {
    uint32_t seed = o.seed + k;
    ww_vdrf_run_t run = {.seed = seed, .episodes = o.episodes, .epi_len = o.len,
                         .range = o.range, .watchdog = o.watchdog, .max_cycles = o.max_cycles};
    ww_vdrf_result_t r;
    if (be->run(v, &run, &r, progress, &o, err, sizeof err)) {
      fprintf(stderr, "drf_run: %s\n", err);
      be->close(v);
      if (jf)
        fclose(jf);
      return 2;
    }
    if (!o.quiet)
      fprintf(stderr, "\r");
    for (unsigned i = 0; i < WW_VDRF_L1COV; i++)
      l1[i] += r.l1_cov[i];
    for (unsigned i = 0; i < WW_VDRF_L2COV; i++)
      l2[i] += r.l2_cov[i];
    cycles += r.cycles;
    const uint32_t *st = r.status;
    if (!r.done) {
      unfinished++;
      printf("seed %" PRIu32 ": stopped after %" PRIu64 " cycles (--max-cycles), no failure so far\n",
             seed, r.cycles);
    } else if (r.fail) {
      failed++;
      print_failure(&o, &r, seed);
    } else if (r.final_bad) {
      failed++;
      printf("FAIL seed %" PRIu32 ": final memory: %u of %u words differ from the reference after "
             "the L2 flush; first: variable %" PRIu32 " at 0x%08" PRIx32 " expected 0x%08" PRIx32
             ", DRAM holds 0x%08" PRIx32 "\n",
             seed, r.final_bad, r.final_checked, r.final_var, r.final_addr, r.final_expect,
             r.final_got);
    } else if (!o.quiet) {
      printf("seed %" PRIu32 ": pass, %" PRIu64 " cycles, %" PRIu32 " episodes, %" PRIu32
             " loads, %" PRIu32 " stores, %" PRIu32 " atomics checked (%" PRIu32
             " lane actions refused by the DRF rules); final memory: %u words match\n",
             seed, r.cycles, st[WW_DRF_EPISODES], st[WW_DRF_LOADS], st[WW_DRF_STORES],
             st[WW_DRF_ATOMICS], st[WW_DRF_SKIPPED], r.final_checked);
    }
    if (jf) {
      fprintf(jf, "%s\n    {\"seed\": %" PRIu32 ", \"cycles\": %" PRIu64 ", \"done\": %s, \"fail\": %s"
              ", \"final_checked\": %u, \"final_bad\": %u",
              k ? "," : "", seed, r.cycles, r.done ? "true" : "false", r.fail ? "true" : "false",
              r.final_checked, r.final_bad);
      fprintf(jf, ", \"status\": {");
      unsigned first = 1;
#define X(name, index, text)                                              \
  fprintf(jf, "%s\"%s\": %" PRIu32, first ? "" : ", ", text, st[index]); \
  first = 0;
      WW_DRF_LIST(X)
#undef X
      fprintf(jf, "}}");
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  printf("%u runs, %u failed, %u unfinished; %" PRIu64 " cycles in %.2f s\n", o.seeds, failed,
         unfinished, cycles, wall);
  if (o.cov_acc) {
    if (cov_read(o.cov_acc, 1, l1, l2)) {
      be->close(v);
      if (jf)
        fclose(jf);
      return 2;
    }
    FILE *cf = fopen(o.cov_acc, "w");
    if (!cf) {
      fprintf(stderr, "drf_run: cannot write %s: %s\n", o.cov_acc, strerror(errno));
    } else {
      fprintf(cf, "l1");
      for (unsigned i = 0; i < WW_VDRF_L1COV; i++)
        fprintf(cf, " %" PRIu64, l1[i]);
      fprintf(cf, " l2");
      for (unsigned i = 0; i < WW_VDRF_L2COV; i++)
        fprintf(cf, " %" PRIu64, l2[i]);
      fprintf(cf, "\n");
      fclose(cf);
      printf("coverage summed with %s:\n", o.cov_acc);
    }
  }
  print_cov("L1", l1, WW_L1ST_N, WW_L1EV_N, ww_l1st_names, ww_l1ev_names, ww_drf_l1_undef);
  print_cov("L2", l2, WW_L2ST_N, WW_L2EV_N, ww_l2st_names, ww_l2ev_names, ww_drf_l2_undef);
  if (jf) {
    fprintf(jf, "\n  ],\n  \"cycles\": %" PRIu64 ", \"wall_s\": %.3f, \"failed\": %u,\n  \"coverage\": {\n",
            cycles, wall, failed);
    json_cov(jf, "l1", l1, WW_L1ST_N, WW_L1EV_N, ww_l1st_names, ww_l1ev_names, ww_drf_l1_undef);
    fprintf(jf, ",\n");
    json_cov(jf, "l2", l2, WW_L2ST_N, WW_L2EV_N, ww_l2st_names, ww_l2ev_names, ww_drf_l2_undef);
    fprintf(jf, "\n  }\n}\n");
    fclose(jf);
  }
  be->close(v);
  if (o.expect_fail)
    return failed > 0 ? 0 : 1;
  return failed == 0 && unfinished == 0 ? 0 : 1;
}
