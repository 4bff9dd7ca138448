/* SPDX-License-Identifier: Apache-2.0
 *
 * app_tests -- the runner of the ScoRD applications (sw/scord/apps/NAME.c,
 * sw/scord/APPS.md; ScoR's Table II apps in small sizes, docs/scord.md §5).
 *
 *   app_tests [--list] [--apps] [--only=APP] [--race=N] [--seed=N]
 *             [--seeds=A,B,...] [--src-dir=DIR] [--elf-dir=DIR]
 *             [--backend=NAME] [--cosim=sync|strict|follow|off] [--scord=full|cached|off]
 *             [--det] [--ref] [--ref-fence-bits=N] [--ref-cached] [--json=FILE]
 *
 * --det runs GPUDet's deterministic execution (docs/det.md sec. 6; on
 * verilator without co-simulation: the backend compares the final memory
 * with the golden model's in deterministic mode).
 *
 * Every application kernel takes a `race` word as its first argument:
 * 0 = correctly synchronized, 1.. = one injected race each. Its source
 * header states, in machine-readable lines,
 *   SCORD-GEOMETRY: grid=<n> block=<n>
 *   SCORD-INJECT: race=<n> type=<a-f> scope=<block|device> line=<L> what=<text>
 * one INJECT line per race the switch makes the detector report (a switch
 * may cause several), and every line L carries the marker
 * "SCORD-RACE <n><type>" in a comment. The runner parses the SOURCE (no
 * rebuild when a header changes) and checks that headers and markers agree.
 *
 * Then, for each application, on the C model:
 *   * race = 0 under round robin and two random interleavings: the kernel
 *     must complete and its output must equal a plain-C host reference;
 *   * each race switch once (the first seed): the kernel must complete
 *     without a trap; whether its output is still right is reported only
 *     (a racy version may or may not compute a wrong result).
 * With --ref (built in when tb/scord/ww_scord_ref.c exists) every run also
 * feeds the retire trace to that independent §1 detector: race = 0 must
 * give no race in its ideal and its approximate (hardware) view, and a race
 * switch must give every one of its INJECT rows, and nothing else, in both
 * views (docs/scord.md §4, "labels" on feed 1). --ref-fence-bits=N narrows
 * the approximate view's fence IDs (wrap-around margin), --ref-cached gives
 * it the metadata cache of cached mode.
 *
 * --json=FILE also writes one JSON object (make bench-scord, docs/scord.md
 * "Measured"): {"runner", "command", "backend", "mode", "runs": [...],
 * "passed", "failed"}, one run record per application, race switch and
 * seed: "app", "race" (the switch, 0 = correct), "seed", "backend", "mode"
 * (off, cached, full), "grid", "block", "expected" (the switch's INJECT
 * rows: type letter, scope, line, what), "completed", "output_ok", "error",
 * "summary", "races" (what the detector logged, one entry per (pc, word,
 * type): type letter, scope, the kernel line as the checks compute it (-1:
 * not in the kernel's file), "where" (file:line), count, pc, addr),
 * "distinct", "match" (the log holds exactly the switch's labels; null
 * without the detector), "cycles" (verilator: res.stats.steps, else null),
 * "steps", "warp_insns" and "scord" (the detector's counters,
 * ww_scord_stats_t; null without the detector). --scord=off (the default)
 * runs without the detector: on the verilator backend, the cycles without it.
 *
 * --list prints the manifest the ScoRD checkers use, one row per INJECT line:
 *   app race type scope line grid block what...
 * --apps prints one row per application: app grid block races source elf.
 * Prints one PASS/FAIL line per check and ends with "N passed, N failed";
 * exits 1 on any failure.
 */

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_rng.h"
#include "ww_runtime.h"
#include "ww_rt_internal.h"   /* ww_srcline_callsite: the kernel line of an inlined intrinsic */
#include "scord_harness.h"
#ifdef APPS_HAVE_REF
#include "ww_scord_ref.h"
#endif

#define MAX_LABELS 16
#define MAX_RACE   8
#define MAX_SEEDS  16
#define MAX_LINES  4096
#define SENTINEL   0xDEADBEEFu
#define STEP_LIMIT 20000000ull    /* a spin that never ends is a FAIL, not a hang */

static void *xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "app_tests: out of host memory\n");
    exit(2);
  }
  return p;
}

/* ==== the JSON report (--json=FILE) ================================================ */
/* What the detector logged in one run, for its JSON record. */
#define JR_MAX_RACES 256
typedef struct {
  int              have_scord;    /* races and st read from the detector */
  int              match;         /* -1: the log was not checked; else its verdict */
  ww_race_t        races[JR_MAX_RACES];
  int              lines[JR_MAX_RACES];
  char             where[JR_MAX_RACES][64];
  size_t           n;             /* distinct races in the log (may exceed JR_MAX_RACES) */
  ww_scord_stats_t st;
} jrun_t;
static jrun_t g_jr;

/* ==== applications: table and header parsing ====================================== */
typedef struct {
  int  race;
  char type;                      /* 'a'..'f' */
  int  scope_blk;
  int  line;
  char what[200];
} label_t;

typedef struct run run_t;

typedef struct {
  const char *name;
  const char *what;
  int (*run)(run_t *r);           /* 0: completed (r->out_ok, r->summary set); -1: failed */
  /* from the source header */
  uint32_t grid, block;
  label_t  labels[MAX_LABELS];
  int      nlabels;
  int      nraces;
  int      valid;
} app_t;

/* One launch of an application. */
struct run {
  ww_dev_t          *dev;
  const ww_kernel_t *k;
  const app_t       *app;
  uint32_t           race;
  int                out_ok;          /* the output equals the host reference */
  char               summary[400];    /* what the output was */
  char               err[600];        /* why the run failed */
  ww_result_t        res;
};

static char herrs[2048];
#define herr(...) addline(herrs, sizeof herrs, __VA_ARGS__)

/* Markers "SCORD-RACE 1b 2c" on a code line: bit (race * 8 + type) per line. */
typedef struct { uint64_t bits; } marks_t;

static int mark_bit(int race, char type) { return race * 8 + (type - 'a'); }

static void parse_app(const char *dir, app_t *a)
{
  char path[600], line[1024];
  snprintf(path, sizeof path, "%s/%s.c", dir, a->name);
  FILE *f = fopen(path, "r");
  if (!f) {
    herr("cannot read %s", path);
    return;
  }
  static marks_t marks[MAX_LINES + 1];
  memset(marks, 0, sizeof marks);
  int lineno = 0, ngeom = 0, has_kernel = 0;
  char decl[160];
  snprintf(decl, sizeof decl, "WW_KERNEL(%s)", a->name);
  a->nlabels = 0;
  a->nraces = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = '\0';
    if (strstr(line, decl))
      has_kernel = 1;
    const char *p;
    if ((p = strstr(line, "SCORD-GEOMETRY:"))) {
      unsigned g, b;
      if (sscanf(p, "SCORD-GEOMETRY: grid=%u block=%u", &g, &b) != 2 || !g || !b)
        herr("%s:%d: bad SCORD-GEOMETRY line", path, lineno);
      else
        a->grid = g, a->block = b, ngeom++;
    } else if ((p = strstr(line, "SCORD-INJECT:"))) {
      label_t l = { 0 };
      char scope[16] = "";
      int off = 0;
      if (sscanf(p, "SCORD-INJECT: race=%d type=%c scope=%15s line=%d what=%n", &l.race, &l.type,
                 scope, &l.line, &off) != 4 || off == 0 || l.race < 1 || l.race > MAX_RACE ||
          l.type < 'a' || l.type > 'f' || (strcmp(scope, "block") && strcmp(scope, "device")) ||
          l.line < 1 || l.line > MAX_LINES || !p[off]) {
        herr("%s:%d: bad SCORD-INJECT line", path, lineno);
        continue;
      }
      l.scope_blk = !strcmp(scope, "block");
      snprintf(l.what, sizeof l.what, "%s", p + off);
      if (a->nlabels == MAX_LABELS)
        herr("%s: more than %d SCORD-INJECT lines", path, MAX_LABELS);
      else
        a->labels[a->nlabels++] = l;
      if (l.race > a->nraces)
        a->nraces = l.race;
    } else if ((p = strstr(line, "SCORD-RACE")) && lineno <= MAX_LINES) {
      p += strlen("SCORD-RACE");
      for (;;) {
        while (*p == ' ')
          p++;
        if (!isdigit((unsigned char)*p))
          break;
        int race = 0;
        while (isdigit((unsigned char)*p))
          race = race * 10 + (*p++ - '0');
        if (race < 1 || race > MAX_RACE || *p < 'a' || *p > 'f') {
          herr("%s:%d: bad SCORD-RACE marker", path, lineno);
          break;
        }
        marks[lineno].bits |= 1ull << mark_bit(race, *p++);
      }
    }
  }
  fclose(f);
  if (!has_kernel)
    herr("%s: no %s", path, decl);
  if (ngeom != 1)
    herr("%s: %d SCORD-GEOMETRY lines (want 1)", path, ngeom);
  if (a->nraces < 1)
    herr("%s: no SCORD-INJECT line (every application injects a race)", path);
  /* every switch 1..nraces has a label; labels and markers agree both ways */
  for (int r = 1; r <= a->nraces; r++) {
    int n = 0;
    for (int i = 0; i < a->nlabels; i++)
      n += a->labels[i].race == r;
    if (!n)
      herr("%s: race switch %d has no SCORD-INJECT line", path, r);
  }
  for (int i = 0; i < a->nlabels; i++) {
    const label_t *l = &a->labels[i];
    if (!(marks[l->line].bits >> mark_bit(l->race, l->type) & 1))
      herr("%s:%d: no \"SCORD-RACE %d%c\" marker for its SCORD-INJECT line", path, l->line,
           l->race, l->type);
  }
  for (int ln = 1; ln <= MAX_LINES && ln <= lineno; ln++)
    for (int b = 0; b < 64; b++)
      if (marks[ln].bits >> b & 1) {
        int found = 0;
        for (int i = 0; i < a->nlabels; i++)
          found |= a->labels[i].line == ln && mark_bit(a->labels[i].race, a->labels[i].type) == b;
        if (!found)
          herr("%s:%d: marker SCORD-RACE %d%c has no SCORD-INJECT line", path, ln, b / 8,
               'a' + b % 8);
      }
}

/* ==== device helpers ================================================================ */
static uint32_t dalloc(run_t *r, size_t bytes)
{
  uint32_t a = ww_dev_alloc(r->dev, (uint32_t)bytes);
  if (!a && !r->err[0])
    snprintf(r->err, sizeof r->err, "allocate %zu bytes: %s", bytes, ww_dev_error(r->dev));
  return a;
}

static uint32_t upload(run_t *r, const void *src, size_t bytes)
{
  uint32_t a = dalloc(r, bytes);
  if (a && ww_dev_copy_to(r->dev, a, src, bytes) != 0) {
    snprintf(r->err, sizeof r->err, "copy to device: %s", ww_dev_error(r->dev));
    return 0;
  }
  return a;
}

static uint32_t fill(run_t *r, size_t words, uint32_t v)
{
  uint32_t *buf = xcalloc(words, 4);
  for (size_t i = 0; i < words; i++)
    buf[i] = v;
  uint32_t a = upload(r, buf, 4 * words);
  free(buf);
  return a;
}

static int download(run_t *r, void *dst, uint32_t addr, size_t bytes)
{
  if (ww_dev_copy_from(r->dev, dst, addr, bytes) != 0) {
    snprintf(r->err, sizeof r->err, "copy from device: %s", ww_dev_error(r->dev));
    return -1;
  }
  return 0;
}

/* Launches with the header's geometry and waits. */
static int launch(run_t *r, const void *args, size_t bytes)
{
  if (r->err[0])
    return -1;
  if (ww_launch(r->dev, r->k, r->app->grid, r->app->block, args, bytes) != 0) {
    snprintf(r->err, sizeof r->err, "launch: %s", ww_dev_error(r->dev));
    return -1;
  }
  if (ww_wait(r->dev, &r->res) != 0 || !r->res.ok) {
    snprintf(r->err, sizeof r->err, "did not complete: %s",
             r->res.message[0] ? r->res.message : ww_dev_error(r->dev));
    return -1;
  }
  return 0;
}

/* Number of differing words; the first few into r->summary. */
static size_t diff(run_t *r, const char *what, const uint32_t *got, const uint32_t *want, size_t n)
{
  size_t bad = 0, len = strlen(r->summary);
  for (size_t i = 0; i < n; i++) {
    if (got[i] == want[i])
      continue;
    if (bad < 3 && len + 64 < sizeof r->summary)
      len += (size_t)snprintf(r->summary + len, sizeof r->summary - len, " %s[%zu]=%d(want %d)",
                              what, i, (int32_t)got[i], (int32_t)want[i]);
    bad++;
  }
  if (bad > 3 && len + 40 < sizeof r->summary)
    snprintf(r->summary + len, sizeof r->summary - len, " (%zu %s words differ)", bad, what);
  return bad;
}

static void summary(run_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void summary(run_t *r, const char *fmt, ...)
{
  size_t len = strlen(r->summary);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->summary + len, sizeof r->summary - len, fmt, ap);
  va_end(ap);
}

static int32_t rnd_range(ww_rng_t *g, int32_t lo, int32_t hi)
{
  return lo + (int32_t)ww_rng_below(g, (uint64_t)((int64_t)hi - lo + 1));
}

/* ==== reduction_scoped ================================================================== */
typedef struct { uint32_t race, in, n, scratch, flags, partial, ticket, total; } red_args_t;

static int run_reduction(run_t *r)
{
  const uint32_t G = r->app->grid, B = r->app->block, n = 777, threads = G * B;
  ww_rng_t g = { 11 };
  uint32_t *in = xcalloc(n, 4), *want = xcalloc(G, 4), *part = xcalloc(G, 4);
  uint32_t total_want = 0, total = 0, ticket = 0;
  for (uint32_t i = 0; i < n; i++) {
    in[i] = (uint32_t)rnd_range(&g, -100000, 100000);
    want[(i % threads) / B] += in[i];       /* thread i % threads of block ... sums in[i] */
    total_want += in[i];
  }
  red_args_t a = { r->race, upload(r, in, 4 * n), n, fill(r, threads, 0), fill(r, threads, 0),
                   fill(r, G, SENTINEL), fill(r, 1, 0), fill(r, 1, SENTINEL) };
  int rc = -1;
  if (launch(r, &a, sizeof a) == 0 && download(r, part, a.partial, 4 * G) == 0 &&
      download(r, &total, a.total, 4) == 0 && download(r, &ticket, a.ticket, 4) == 0) {
    size_t bad = diff(r, "partial", part, want, G) + diff(r, "total", &total, &total_want, 1);
    r->out_ok = !bad && ticket == G;
    summary(r, " total %d (want %d), %u tickets", (int32_t)total, (int32_t)total_want, ticket);
    rc = 0;
  }
  free(in), free(want), free(part);
  return rc;
}

/* ==== rule110 ============================================================================== */
typedef struct { uint32_t race, cells, halo, hflag, steps, out; } r110_args_t;

static int run_rule110(run_t *r)
{
  const uint32_t G = r->app->grid, B = r->app->block, N = G * B, steps = 24;
  ww_rng_t g = { 110 };
  uint32_t *cells = xcalloc(2 * N, 4), *halo = xcalloc(4 * G, 4), *ref = xcalloc(N, 4);
  uint32_t *nxt = xcalloc(N, 4), *out = xcalloc(N, 4), *flags = xcalloc(2 * G, 4);
  for (uint32_t i = 0; i < N; i++)
    cells[i] = ref[i] = (uint32_t)ww_rng_chance(&g, 1, 3);
  for (uint32_t b = 0; b < G; b++) {        /* halo[parity 0][b] = the block's edge cells */
    halo[2 * b] = cells[b * B];
    halo[2 * b + 1] = cells[b * B + B - 1];
  }
  for (uint32_t k = 0; k < steps; k++) {   /* the ring, generation by generation */
    for (uint32_t i = 0; i < N; i++) {
      uint32_t l = ref[(i + N - 1) % N], c = ref[i], rr = ref[(i + 1) % N];
      nxt[i] = (110u >> (l << 2 | c << 1 | rr)) & 1;
    }
    memcpy(ref, nxt, 4 * N);
  }
  r110_args_t a = { r->race, upload(r, cells, 8 * N), upload(r, halo, 16 * G), fill(r, 2 * G, 0),
                    steps, fill(r, N, SENTINEL) };
  int rc = -1;
  if (launch(r, &a, sizeof a) == 0 && download(r, out, a.out, 4 * N) == 0 &&
      download(r, flags, a.hflag, 8 * G) == 0) {
    size_t bad = diff(r, "cell", out, ref, N);
    uint32_t live = 0, fl_ok = 1;
    for (uint32_t i = 0; i < N; i++)
      live += out[i] == 1;
    for (uint32_t i = 0; i < 2 * G; i++)
      fl_ok &= flags[i] == steps;
    r->out_ok = !bad && fl_ok;
    summary(r, " %u generations of %u cells, %u live at the end%s", steps, N, live,
            fl_ok ? "" : ", edge counters wrong");
    rc = 0;
  }
  free(cells), free(halo), free(ref), free(nxt), free(out), free(flags);
  return rc;
}

/* ==== graph_color =========================================================================== */
typedef struct { uint32_t race, nv, lo_ptr, lo_adj, pend, next_head, chunk, colour, stolen; } gcol_args_t;

static int run_graph_color(run_t *r)
{
  const uint32_t G = r->app->grid, B = r->app->block;
  /* Partition 0 is six ranges long, the others one: blocks 1..G-1 finish
   * first and steal from partition 0. */
  uint32_t *pstart = xcalloc(G, 4), *pend = xcalloc(G, 4), nv = 0;
  for (uint32_t b = 0; b < G; b++) {
    pstart[b] = nv;
    nv += b == 0 ? 6 * B : B;
    pend[b] = nv;
  }
  /* Lower-numbered neighbours: a few in the own partition and, for
   * partitions 1.., sometimes one in the first range of partition 0 (edges
   * mostly local, as after graph partitioning; blocks 2, 3 on SM 1 wait for
   * colours from block 0 on SM 0). */
  ww_rng_t g = { 2020 };
  uint32_t *ptr = xcalloc(nv + 1, 4), *adj = xcalloc(nv * 8, 4), ne = 0, part = 0;
  for (uint32_t v = 0; v < nv; v++) {
    while (v >= pend[part])
      part++;
    ptr[v] = ne;
    uint32_t cand[8], nc = 0, want = (uint32_t)ww_rng_below(&g, 5);
    for (uint32_t t = 0; t < want && v > pstart[part]; t++)
      cand[nc++] = pstart[part] + (uint32_t)ww_rng_below(&g, v - pstart[part]);
    if (part > 0 && ww_rng_chance(&g, 1, 2))
      cand[nc++] = (uint32_t)ww_rng_below(&g, B);
    for (uint32_t i = 0; i < nc; i++) {     /* no duplicates */
      uint32_t dup = 0;
      for (uint32_t j = ptr[v]; j < ne; j++)
        dup |= adj[j] == cand[i];
      if (!dup)
        adj[ne++] = cand[i];
    }
  }
  ptr[nv] = ne;
  /* host reference: greedy colouring in index order (colour + 1) */
  uint32_t *want = xcalloc(nv, 4), *got = xcalloc(nv, 4), *heads = xcalloc(G, 4);
  uint32_t *stolen = xcalloc(G, 4), maxc = 0;
  for (uint32_t v = 0; v < nv; v++) {
    uint32_t used = 0;
    for (uint32_t e = ptr[v]; e < ptr[v + 1]; e++)
      used |= 1u << (want[adj[e]] - 1);
    uint32_t c = 1;
    while (used >> (c - 1) & 1)
      c++;
    want[v] = c;
    maxc = c > maxc ? c : maxc;
  }
  gcol_args_t a = { r->race, nv, upload(r, ptr, 4 * (nv + 1)), upload(r, adj, 4 * (ne ? ne : 1)),
                    upload(r, pend, 4 * G), upload(r, pstart, 4 * G), fill(r, 2 * G, 0),
                    fill(r, nv, 0), fill(r, G, SENTINEL) };
  int rc = -1;
  if (launch(r, &a, sizeof a) == 0 && download(r, got, a.colour, 4 * nv) == 0 &&
      download(r, heads, a.next_head, 4 * G) == 0 && download(r, stolen, a.stolen, 4 * G) == 0) {
    size_t bad = diff(r, "colour", got, want, nv);
    uint32_t exhausted = 1, steals = 0;
    for (uint32_t b = 0; b < G; b++) {
      exhausted &= heads[b] >= pend[b];
      steals += stolen[b];
    }
    r->out_ok = !bad && exhausted;
    summary(r, " %u vertices, %u edges, %u colours; %u ranges stolen (", nv, ne, maxc, steals);
    for (uint32_t b = 0; b < G; b++)
      summary(r, "%s%u", b ? " " : "", stolen[b]);
    summary(r, ")%s", exhausted ? "" : ", a partition not exhausted");
    rc = 0;
  }
  free(pstart), free(pend), free(ptr), free(adj), free(want), free(got), free(heads), free(stolen);
  return rc;
}

/* ==== conv1d ================================================================================== */
typedef struct { uint32_t race, x, w, n, radius, y; } conv_args_t;

static int run_conv1d(run_t *r)
{
  const uint32_t n = r->app->grid * r->app->block, R = 4, taps = 2 * R + 1;
  ww_rng_t g = { 1000 };
  uint32_t *x = xcalloc(n, 4), *w = xcalloc(taps, 4), *want = xcalloc(n, 4), *got = xcalloc(n, 4);
  for (uint32_t i = 0; i < n; i++)
    x[i] = (uint32_t)rnd_range(&g, -1000, 1000);
  for (uint32_t k = 0; k < taps; k++)
    w[k] = (uint32_t)rnd_range(&g, -50, 50);
  for (uint32_t j = 0; j < n; j++)          /* y[j] = sum_k x[j - k + R] * w[k] */
    for (uint32_t k = 0; k < taps; k++) {
      int64_t i = (int64_t)j - k + R;
      if (i >= 0 && i < n)
        want[j] += x[i] * w[k];
    }
  conv_args_t a = { r->race, upload(r, x, 4 * n), upload(r, w, 4 * taps), n, R, fill(r, n, 0) };
  int rc = -1;
  if (launch(r, &a, sizeof a) == 0 && download(r, got, a.y, 4 * n) == 0) {
    r->out_ok = !diff(r, "y", got, want, n);
    summary(r, " %u outputs, %u taps", n, taps);
    rc = 0;
  }
  free(x), free(w), free(want), free(got);
  return rc;
}

/* ==== uts_lock ================================================================================= */
typedef struct { uint32_t race, gstack, gstride, lstack, lstride, visits, pending, checksum, maxdepth; }
  uts_args_t;

#define UTS_SLOT0 8
#define UTS_ROOTS 16
#define UTS_DEPTH 4

static uint32_t uts_mix(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

/* Nodes and hash sum of the tree below a node (the kernel's rules). */
static void uts_count(uint32_t h, uint32_t depth, uint32_t maxdepth, uint32_t *nodes, uint32_t *sum)
{
  (*nodes)++;
  *sum += h;
  uint32_t nk = depth < maxdepth ? (((h >> 4) & 7) * 5) >> 3 : 0;
  for (uint32_t c = 0; c < nk; c++)
    uts_count(uts_mix(h * 8 + c + 1) & 0xFFFFFFu, depth + 1, maxdepth, nodes, sum);
}

static int run_uts_lock(run_t *r)
{
  const uint32_t G = r->app->grid;
  uint32_t roots[UTS_ROOTS], nodes = 0, sum = 0;
  for (uint32_t i = 0; i < UTS_ROOTS; i++) {
    roots[i] = uts_mix(0x5EED0000u + i) & 0xFFFFFFu;
    uts_count(roots[i], 0, UTS_DEPTH, &nodes, &sum);
  }
  /* Roots: 10 on block 0's global stack, 6 on block 2's (other SM); blocks
   * 1 and 3 must steal. The local stacks can hold every node. */
  const uint32_t gstride = 32, lstride = (UTS_SLOT0 + nodes + 8 + 15) / 16 * 16;
  uint32_t *gs = xcalloc(G * gstride, 4), *ls = xcalloc(G * lstride, 4), *vis = xcalloc(G, 4);
  uint32_t per[2] = { 10, UTS_ROOTS - 10 }, next = 0;
  for (uint32_t s = 0; s < 2; s++) {
    uint32_t *st = &gs[(s * 2 % G) * gstride];
    for (uint32_t j = 0; j < per[s]; j++)
      st[UTS_SLOT0 + j] = roots[next++];     /* depth 0 */
    st[1] = per[s];
  }
  uts_args_t a = { r->race, upload(r, gs, 4 * G * gstride), gstride, upload(r, ls, 4 * G * lstride),
                   lstride, fill(r, G, 0), fill(r, 1, UTS_ROOTS), fill(r, 1, 0), UTS_DEPTH };
  int rc = -1;
  uint32_t pending = 0, checksum = 0;
  if (launch(r, &a, sizeof a) == 0 && download(r, vis, a.visits, 4 * G) == 0 &&
      download(r, &pending, a.pending, 4) == 0 && download(r, &checksum, a.checksum, 4) == 0 &&
      download(r, gs, a.gstack, 4 * G * gstride) == 0 && download(r, ls, a.lstack, 4 * G * lstride) == 0) {
    uint32_t total = 0, stacks_ok = 1;
    for (uint32_t b = 0; b < G; b++) {
      total += vis[b];
      stacks_ok &= gs[b * gstride] == 0 && gs[b * gstride + 1] == 0 && ls[b * lstride] == 0 &&
                   ls[b * lstride + 1] == 0 && ls[b * lstride + 2] == 0;
    }
    r->out_ok = total == nodes && checksum == sum && pending == 0 && stacks_ok;
    summary(r, " %u trees, %u nodes visited (want %u: per block", UTS_ROOTS, total, nodes);
    for (uint32_t b = 0; b < G; b++)
      summary(r, " %u", vis[b]);
    summary(r, "), checksum %s, pending %d%s", checksum == sum ? "right" : "WRONG", (int32_t)pending,
            stacks_ok ? "" : ", a stack not empty or a lock held");
    rc = 0;
  }
  free(gs), free(ls), free(vis);
  return rc;
}

/* ==== matmul_lock ================================================================================ */
typedef struct { uint32_t race, a, b, c, m, kdim, n, tempc, lockb, lockc; } mm_args_t;

static int run_matmul_lock(run_t *r)
{
  const uint32_t G = r->app->grid, m = 4, kdim = 32, n = WW_LANES;
  ww_rng_t g = { 77 };
  uint32_t *A = xcalloc(m * kdim, 4), *Bm = xcalloc(kdim * n, 4), *want = xcalloc(m * n, 4);
  uint32_t *got = xcalloc(m * n, 4), *locks = xcalloc(G * 16 + m, 4);
  for (uint32_t i = 0; i < m * kdim; i++)
    A[i] = (uint32_t)rnd_range(&g, -20, 20);
  for (uint32_t i = 0; i < kdim * n; i++)
    Bm[i] = (uint32_t)rnd_range(&g, -20, 20);
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = 0; j < n; j++)
      for (uint32_t k = 0; k < kdim; k++)
        want[i * n + j] += A[i * kdim + k] * Bm[k * n + j];
  mm_args_t a = { r->race, upload(r, A, 4 * m * kdim), upload(r, Bm, 4 * kdim * n), fill(r, m * n, 0),
                  m, kdim, n, fill(r, G * 16, SENTINEL), fill(r, G * 16, 0), fill(r, m, 0) };
  int rc = -1;
  if (launch(r, &a, sizeof a) == 0 && download(r, got, a.c, 4 * m * n) == 0 &&
      download(r, locks, a.lockb, 4 * G * 16) == 0 && download(r, locks + G * 16, a.lockc, 4 * m) == 0) {
    uint32_t held = 0;
    for (uint32_t i = 0; i < G * 16 + m; i++)
      held += locks[i] != 0;
    r->out_ok = !diff(r, "c", got, want, m * n) && !held;
    summary(r, " %ux%u * %ux%u%s", m, kdim, kdim, n, held ? ", a lock still held" : "");
    rc = 0;
  }
  free(A), free(Bm), free(want), free(got), free(locks);
  return rc;
}

static app_t apps[] = {
  { "reduction_scoped", "sum with a global-memory tree (block fences) and a ticket (device fence)",
    run_reduction, 0, 0, { { 0 } }, 0, 0, 0 },
  { "rule110", "Rule 110 ring; halo cells between blocks: device fence, strong accesses",
    run_rule110, 0, 0, { { 0 } }, 0, 0, 0 },
  { "graph_color", "greedy colouring with work stealing over device-scope atomics",
    run_graph_color, 0, 0, { { 0 } }, 0, 0, 0 },
  { "conv1d", "1D convolution by scatter: block or device atomics per output",
    run_conv1d, 0, 0, { { 0 } }, 0, 0, 0 },
  { "uts_lock", "unbalanced tree search: block-locked local, device-locked global stacks",
    run_uts_lock, 0, 0, { { 0 } }, 0, 0, 0 },
  { "matmul_lock", "matrix multiply: block lock per block row, device lock per C row",
    run_matmul_lock, 0, 0, { { 0 } }, 0, 0, 0 },
};
#define NAPPS (sizeof apps / sizeof apps[0])

/* ==== the retire hook: placement, and the reference detector ===================================== */
#define NWSLOT (WW_NUM_SM * WW_WARPS_PER_SM)
#define LOCAL_BASE0 ((uint32_t)WW_GMEM_BYTES - (uint32_t)(WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES) * WW_LOCAL_BYTES)

typedef struct { uint32_t match, mask; } enc_t;
static const struct { const char *name; enc_t e; } isa_tab[] = {
#define WW_INSN(n, mn, ma, mk, f, c) { #n, { (uint32_t)(ma), (uint32_t)(mk) } },
#include "ww_isa.def"
};

static enc_t enc(const char *name)
{
  for (size_t i = 0; i < sizeof isa_tab / sizeof isa_tab[0]; i++)
    if (!strcmp(isa_tab[i].name, name))
      return isa_tab[i].e;
  fprintf(stderr, "app_tests: no instruction %s in ww_isa.def\n", name);
  exit(2);
}

static int is(uint32_t w, enc_t e) { return (w & e.mask) == e.match; }

typedef struct {
  uint32_t grid, nwarps;          /* warps per block */
  int      block_sm[64];          /* -1: not seen */
  uint64_t insns;
#ifdef APPS_HAVE_REF
  ww_scord_ref_t *ref;
  uint32_t last_block[NWSLOT];
  uint32_t *arrived;              /* per ctaid: warps at the barrier */
  enc_t cas_b, cas_d, xch_b, xch_d, fence, fence_b, fence_d, bar;
#endif
} hook_t;

static void on_retire(void *ctx, const ww_retire_t *rt)
{
  hook_t *h = ctx;
  h->insns++;
  if (rt->block < 64 && h->block_sm[rt->block] < 0)
    h->block_sm[rt->block] = rt->sm;
#ifdef APPS_HAVE_REF
  if (!h->ref)
    return;
  const unsigned slot = rt->sm * WW_WARPS_PER_SM + rt->warp;
  if (slot < NWSLOT && h->last_block[slot] != rt->block) {
    h->last_block[slot] = rt->block;                 /* a new warp in this slot */
    ww_scord_ref_launch_warp(h->ref, rt->sm, rt->warp);
  }
  const uint32_t w = rt->insn;
  if (is(w, h->fence_b)) {
    ww_scord_ref_fence(h->ref, rt->sm, rt->warp, 0);
    return;
  }
  if (is(w, h->fence_d) || is(w, h->fence)) {
    ww_scord_ref_fence(h->ref, rt->sm, rt->warp, 1);
    return;
  }
  if (is(w, h->bar)) {
    if (rt->block < h->grid && ++h->arrived[rt->block] == h->nwarps) {
      h->arrived[rt->block] = 0;
      ww_scord_ref_barrier_release(h->ref, rt->sm, rt->block);
    }
    return;
  }
  unsigned kind;
  switch (rt->mem) {
  case WW_MEM_LOAD: kind = WW_SCORD_REF_LOAD; break;
  case WW_MEM_STORE: kind = WW_SCORD_REF_STORE; break;
  case WW_MEM_LOAD_STRONG: kind = WW_SCORD_REF_LOAD_STRONG; break;
  case WW_MEM_STORE_STRONG: kind = WW_SCORD_REF_STORE_STRONG; break;
  case WW_MEM_ATOMIC_BLK:
    kind = is(w, h->cas_b) ? WW_SCORD_REF_CAS_BLK : is(w, h->xch_b) ? WW_SCORD_REF_EXCH_BLK
                                                                      : WW_SCORD_REF_ATOM_BLK;
    break;
  case WW_MEM_ATOMIC_DEV:
    kind = is(w, h->cas_d) ? WW_SCORD_REF_CAS_DEV : is(w, h->xch_d) ? WW_SCORD_REF_EXCH_DEV
                                                                      : WW_SCORD_REF_ATOM_DEV;
    break;
  default:
    return;                                          /* no memory access, or shared memory */
  }
  ww_scord_ref_access_t acc = { .pc = rt->pc, .sm = rt->sm, .hwwarp = rt->warp,
                                .ctaid = rt->block, .kind = kind, .bytes = rt->mem_bytes };
  for (unsigned l = 0; l < WW_LANES && l < 32; l++)
    if ((rt->mask >> l & 1) && rt->addr[l] >= WW_NULL_GUARD_BYTES && rt->addr[l] < LOCAL_BASE0) {
      acc.mask |= 1u << l;
      acc.addr[l] = rt->addr[l];
    }
  if (acc.mask)
    ww_scord_ref_access(h->ref, &acc);
#endif
}

/* Line number of pc in the kernel's own file, or -1. */
static int pc_line(const run_t *r, uint32_t pc, char *buf, size_t n)
{
  char file[128];
  snprintf(file, sizeof file, "%s.c:", r->app->name);
  if (ww_kernel_srcline(r->k, pc, buf, n) != 0)
    snprintf(buf, n, "pc 0x%08x", pc);
  else if (strncmp(buf, file, strlen(file)) != 0) {   /* inside warpwatch.h: its call site */
    char call[128];
    if (ww_srcline_callsite(ww_kernel_elf(r->k)->lines, pc, call, sizeof call) == 0)
      snprintf(buf, n, "%s", call);
  }
  const char *colon = strrchr(buf, ':');
  if (!colon || strncmp(buf, file, strlen(file)) != 0)
    return -1;
  return atoi(colon + 1);
}

/* The RTL detector's verdict (--scord=MODE): its race log holds every label of
 * this race switch and nothing else (race 0: nothing). 1 if it agrees. */
static int scord_verdict(const run_t *r, int mode, const char *tag)
{
  static ww_race_t rs[256];
  size_t n = 0;
  ww_scord_stats_t st;
  char buf[160];
  int ok = ww_dev_races(r->dev, rs, 256, &n, &st) == 0;
  if (!ok)
    note("races: %s", ww_dev_error(r->dev));
  const int got = ok;
  for (int i = 0; ok && i < r->app->nlabels; i++) {
    const label_t *l = &r->app->labels[i];
    if (l->race != (int)r->race)
      continue;
    unsigned count = 0;
    for (size_t j = 0; j < n && j < 256; j++)
      if (WW_RACE_LETTER(rs[j].type) == l->type && rs[j].scope_blk == l->scope_blk &&
          pc_line(r, rs[j].pc, buf, sizeof buf) == l->line)
        count += rs[j].count;
    if (!count) {
      ok = 0;
      note("RTL: expected (%c) %s at %s.c:%d not reported", l->type,
           l->scope_blk ? "block" : "device", r->app->name, l->line);
    }
  }
  for (size_t j = 0; j < n && j < 256; j++) {
    int line = pc_line(r, rs[j].pc, buf, sizeof buf), labelled = 0;
    for (int i = 0; i < r->app->nlabels; i++) {
      const label_t *l = &r->app->labels[i];
      labelled |= l->race == (int)r->race && l->type == WW_RACE_LETTER(rs[j].type) &&
                  l->scope_blk == rs[j].scope_blk && l->line == line;
    }
    if (!labelled) {
      ok = 0;
      note("RTL: unlabelled race (%c) %s at %s, word 0x%08x, x%u", WW_RACE_LETTER(rs[j].type),
           rs[j].scope_blk ? "block" : "device", buf, rs[j].addr, rs[j].count);
    }
  }
  check(ok, "%s %s: RTL ScoRD (%s metadata) reports %s (%zu distinct, %llu records, "
        "%llu metadata reads, %llu queue-full cycles)", r->app->name, tag,
        mode == WW_SCORD_FULL ? "full" : "cached",
        r->race ? "the labelled races" : "no race", n, (unsigned long long)st.records,
        (unsigned long long)st.md_reads, (unsigned long long)st.queue_full_cycles);
  if (got) {                      /* for the JSON record */
    g_jr.have_scord = 1;
    g_jr.n = n;
    g_jr.st = st;
    for (size_t j = 0; j < n && j < JR_MAX_RACES; j++) {
      g_jr.races[j] = rs[j];
      g_jr.lines[j] = pc_line(r, rs[j].pc, buf, sizeof buf);
      snprintf(g_jr.where[j], sizeof g_jr.where[j], "%.63s", buf);
    }
  }
  g_jr.match = ok;
  return ok;
}

#ifdef APPS_HAVE_REF
/* The reference's verdict on a run: 1 if it agrees with the labels. */
static int ref_verdict(const run_t *r, ww_scord_ref_t *ref, const char *tag)
{
  const ww_scord_ref_race_t *views[2];
  size_t nv[2] = { ww_scord_ref_races(ref, &views[0]), ww_scord_ref_approx_races(ref, &views[1]) };
  const char *vname[2] = { "ideal", "approximate" };
  int ok = 1;
  char buf[160];
  if (r->race == 0) {
    for (int v = 0; v < 2; v++) {
      if (nv[v])
        ok = 0;
      for (size_t i = 0; i < nv[v] && i < 6; i++) {
        const ww_scord_ref_race_t *e = &views[v][i];
        pc_line(r, e->pc, buf, sizeof buf);
        char fl[64];
        note("%s view: race (%c) %s at %s, word 0x%08x, x%u (the other view %s)", vname[v],
             ww_scord_ref_type_char(e->type), e->scope_blk ? "block" : "device", buf, e->addr,
             e->count, e->agree == e->count ? "agrees"
                       : ww_scord_ref_flags_str(e->flags, fl, sizeof fl));
      }
    }
    check(ok, "%s %s: §1 reference detector: no race (ideal %zu, approximate %zu)", r->app->name,
          tag, nv[0], nv[1]);
    return ok;
  }
  for (int i = 0; i < r->app->nlabels; i++) {
    const label_t *l = &r->app->labels[i];
    if (l->race != (int)r->race)
      continue;
    for (int v = 0; v < 2; v++) {
      unsigned count = 0;
      for (size_t j = 0; j < nv[v]; j++) {
        const ww_scord_ref_race_t *e = &views[v][j];
        if (ww_scord_ref_type_char(e->type) == l->type && e->scope_blk == l->scope_blk &&
            pc_line(r, e->pc, buf, sizeof buf) == l->line)
          count += e->count;
      }
      if (!count) {
        ok = 0;
        note("%s view: expected (%c) %s at %s.c:%d not reported", vname[v], l->type,
             l->scope_blk ? "block" : "device", r->app->name, l->line);
      }
    }
  }
  /* anything else, per (type, scope, line) */
  for (int v = 0; v < 2; v++)
    for (size_t j = 0; j < nv[v]; j++) {
      const ww_scord_ref_race_t *e = &views[v][j];
      int line = pc_line(r, e->pc, buf, sizeof buf), labelled = 0, first = 1;
      for (int i = 0; i < r->app->nlabels; i++) {
        const label_t *l = &r->app->labels[i];
        labelled |= l->race == (int)r->race && l->type == ww_scord_ref_type_char(e->type) &&
                    l->scope_blk == e->scope_blk && l->line == line;
      }
      for (size_t k = 0; k < j; k++) {       /* one note per (type, scope, line) */
        char b2[160];
        first &= !(views[v][k].type == e->type && views[v][k].scope_blk == e->scope_blk &&
                   pc_line(r, views[v][k].pc, b2, sizeof b2) == line && !strcmp(b2, buf));
      }
      if (!labelled && first) {
        ok = 0;
        char fl[64];
        note("%s view: unlabelled race (%c) %s at %s, word 0x%08x, x%u (the other view %s)",
             vname[v], ww_scord_ref_type_char(e->type), e->scope_blk ? "block" : "device", buf,
             e->addr, e->count, e->agree == e->count ? "agrees"
                                : ww_scord_ref_flags_str(e->flags, fl, sizeof fl));
      }
    }
  check(ok, "%s %s: §1 reference detector reports exactly the labelled races (ideal %zu, "
        "approximate %zu entries)", r->app->name, tag, nv[0], nv[1]);
  return ok;
}
#endif

/* ==== one run ================================================================================= */
/* One run's JSON record (--json). */
static void json_run(const run_t *r, uint64_t seed, const char *backend, int mode, int completed)
{
  FILE *f = g_json;
  if (!f)
    return;
  const app_t *a = r->app;
  fprintf(f, "%s\n  {\"app\": ", g_json_runs++ ? "," : "");
  json_str(f, a->name);
  fprintf(f, ", \"race\": %u, \"seed\": %llu, \"backend\": ", r->race, (unsigned long long)seed);
  json_str(f, backend);
  fprintf(f, ", \"mode\": \"%s\", \"grid\": %u, \"block\": %u, \"expected\": [",
          mode_name(mode), a->grid, a->block);
  int first = 1;
  for (int i = 0; i < a->nlabels; i++) {
    const label_t *l = &a->labels[i];
    if (l->race != (int)r->race)
      continue;
    fprintf(f, "%s{\"type\": \"%c\", \"scope\": \"%s\", \"line\": %d, \"what\": ",
            first ? "" : ", ", l->type, l->scope_blk ? "block" : "device", l->line);
    json_str(f, l->what);
    fputc('}', f);
    first = 0;
  }
  fprintf(f, "], \"completed\": %s, \"output_ok\": %s, \"error\": ",
          completed ? "true" : "false", completed && r->out_ok ? "true" : "false");
  char err[256];
  int elen = (int)strcspn(r->err, "\n");
  snprintf(err, sizeof err, "%.*s", elen < 200 ? elen : 200, r->err);
  json_str(f, err);
  fputs(", \"summary\": ", f);
  json_str(f, r->summary[0] == ' ' ? r->summary + 1 : r->summary);
  fputs(", \"races\": [", f);
  for (size_t i = 0; g_jr.have_scord && i < g_jr.n && i < JR_MAX_RACES; i++) {
    const ww_race_t *e = &g_jr.races[i];
    fprintf(f, "%s{\"type\": \"%c\", \"scope\": \"%s\", \"line\": %d, \"where\": ", i ? ", " : "",
            WW_RACE_LETTER(e->type), e->scope_blk ? "block" : "device", g_jr.lines[i]);
    json_str(f, g_jr.where[i]);
    fprintf(f, ", \"count\": %u, \"pc\": \"0x%08x\", \"addr\": \"0x%08x\"}", e->count, e->pc,
            e->addr);
  }
  json_run_end(f, g_jr.have_scord, g_jr.n, &g_jr.st, g_jr.match,
               completed ? &r->res.stats : NULL, strcmp(backend, "cmodel") != 0);
}

typedef struct {
  const char *src_dir, *elf_dir;
  const char *backend;            /* "cmodel", or "verilator" when linked in */
  int cosim;                      /* verilator: WW_COSIM_* */
  int scord;                      /* verilator: WW_SCORD_*, check the RTL's race log */
  int det;                        /* --det: GPUDet deterministic execution */
  int use_ref;
  unsigned ref_fence_bits;        /* approximate view: fence ID width, 0 = the hardware's */
  int ref_cached;                 /* approximate view: cached metadata (docs/scord.md §3) */
} opts_t;

static void run_one(const opts_t *o, app_t *a, uint32_t race, uint64_t seed)
{
  char tag[96], path[600], err[256] = "";
  snprintf(tag, sizeof tag, "race=%u seed=%llu", race, (unsigned long long)seed);
  ww_dev_opts_t dopts = { .backend = o->backend, .seed = seed,
                          .max_steps = strcmp(o->backend, "cmodel") ? 0 : STEP_LIMIT,
                          .cosim = o->det ? WW_COSIM_OFF : o->cosim, .scord = o->scord,
                          .det = o->det };
  run_t r = { 0 };
  r.app = a;
  r.race = race;
  memset(&g_jr, 0, sizeof g_jr);
  g_jr.match = -1;
  r.dev = ww_dev_open(&dopts, err, sizeof err);
  if (!r.dev) {
    check(0, "%s %s: open device: %s", a->name, tag, err);
    snprintf(r.err, sizeof r.err, "open device: %s", err);
    json_run(&r, seed, o->backend, o->scord, 0);
    return;
  }
  snprintf(path, sizeof path, "%s/%s.elf", o->elf_dir, a->name);
  ww_kernel_t *k = ww_kernel_load(r.dev, path);
  if (!k) {
    check(0, "%s %s: load %s: %s", a->name, tag, path, ww_dev_error(r.dev));
    snprintf(r.err, sizeof r.err, "load: %.300s", ww_dev_error(r.dev));
    json_run(&r, seed, o->backend, o->scord, 0);
    ww_dev_close(r.dev);
    return;
  }
  r.k = k;
  hook_t *h = xcalloc(1, sizeof *h);
  h->grid = a->grid;
  h->nwarps = (a->block + WW_LANES - 1) / WW_LANES;
  for (int i = 0; i < 64; i++)
    h->block_sm[i] = -1;
#ifdef APPS_HAVE_REF
  if (o->use_ref) {
    ww_scord_ref_cfg_t cfg;
    ww_scord_ref_default_cfg(&cfg, WW_NUM_SM, WW_WARPS_PER_SM);
    if (o->ref_fence_bits)
      cfg.fenceid_w = o->ref_fence_bits;
    if (o->ref_cached) {                     /* S = 2^ceil(log2(LOCAL_BASE0 / LINE / P / 16)) */
      uint64_t need = (uint64_t)LOCAL_BASE0 / WW_LINE_BYTES / WW_NUM_PART / 16, sets = 1;
      while (sets < need)
        sets <<= 1;
      cfg.cache_part = WW_NUM_PART;
      cfg.cache_sets = (unsigned)sets;
    }
    h->ref = ww_scord_ref_new_cfg(&cfg);
    if (!h->ref) {
      fprintf(stderr, "app_tests: cannot create the reference detector\n");
      exit(2);
    }
    h->arrived = xcalloc(a->grid, 4);
    for (unsigned s = 0; s < NWSLOT; s++)
      h->last_block[s] = UINT32_MAX;
    h->cas_b = enc("CAS_BLK"), h->cas_d = enc("CAS_DEV");
    h->xch_b = enc("AMOEXCH_BLK"), h->xch_d = enc("AMOEXCH_DEV");
    h->fence = enc("FENCE"), h->fence_b = enc("FENCE_BLK"), h->fence_d = enc("FENCE_DEV");
    h->bar = enc("BAR");
  }
#else
  (void)enc;
  (void)is;
#endif
  ww_dev_set_retire_hook(r.dev, on_retire, h);

  int rc = a->run(&r);
  ww_dev_set_retire_hook(r.dev, NULL, NULL);
  char place[128] = "";
  size_t len = 0;
  for (uint32_t b = 0; b < a->grid && b < 64 && len + 16 < sizeof place; b++)
    len += (size_t)snprintf(place + len, sizeof place - len, "%s%d", b ? "," : "", h->block_sm[b]);
  int completed = rc == 0 && !r.err[0];
  if (race == 0) {
    check(completed && r.out_ok, "%s %s: correct version, output equals the host reference",
          a->name, tag);
  } else {
    check(completed, "%s %s: racy version completes without a trap", a->name, tag);
  }
  if (!completed) {
    note_lines(r.err);                       /* the trap report, line by line */
  } else {
    note("output %s:%s", r.out_ok ? "right" : "WRONG", r.summary);
    note("%llu warp instructions; blocks on SMs %s", (unsigned long long)h->insns, place);
  }
  if (o->scord && completed)
    scord_verdict(&r, o->scord, tag);
  json_run(&r, seed, o->backend, o->scord, completed);
#ifdef APPS_HAVE_REF
  if (h->ref) {
    if (completed)
      ref_verdict(&r, h->ref, tag);
    ww_scord_ref_free(h->ref);
    free(h->arrived);
  }
#endif
  free(h);
  ww_kernel_free(k);
  ww_dev_close(r.dev);
}

/* ==== main ======================================================================================= */
static void usage(FILE *f)
{
  fprintf(f, "usage: app_tests [--list] [--apps] [--only=APP] [--race=N] [--seed=N] [--seeds=A,B,...]\n"
             "                 [--src-dir=DIR] [--elf-dir=DIR] [--backend=NAME] [--cosim=MODE]\n"
             "                 [--scord=MODE] [--det] [--ref] [--ref-fence-bits=N] [--ref-cached]\n"
             "                 [--json=FILE]\n"
             "  --backend=verilator  runs the RTL (a runner linked with it; cosim follow by default:\n"
             "                       racy and atomic-heavy kernels need the model to follow the RTL)\n"
             "  --scord=full|cached  (verilator) ScoRD on: its race log must hold exactly the labels\n"
             "  --scord=off          ScoRD off (the default): on verilator the cycles without it\n"
             "  --det                GPUDet's deterministic execution (on verilator without\n"
             "                       co-simulation; the final memory is compared with the model's)\n"
             "  --json=FILE          also write every run's record (labels, races found, cycles,\n"
             "                       detector counters) as one JSON object to FILE\n"
             "  --ref   also run the §1 reference detector (tb/scord/ww_scord_ref.c) on every run%s\n"
             "  --ref-fence-bits=N  its approximate view with N-bit fence IDs (wrap-around margin)\n"
             "  --ref-cached        its approximate view with the metadata cache (cached mode)\n",
#ifdef APPS_HAVE_REF
          ""
#else
          " (not built in)"
#endif
  );
}

int main(int argc, char **argv)
{
  uint64_t seeds[MAX_SEEDS] = { 0, 1, 20240607 };
  int nseeds = 3, list = 0, list_apps = 0, only_race = -1;
  const char *only = NULL, *json_path = NULL;
  opts_t o = { .src_dir = "sw/scord/apps", .elf_dir = "build/scord/apps", .backend = "cmodel",
               .cosim = WW_COSIM_FOLLOW };
  rep = stdout;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!strcmp(s, "--list")) {
      list = 1;
    } else if (!strcmp(s, "--apps")) {
      list_apps = 1;
    } else if (!strncmp(s, "--only=", 7)) {
      only = s + 7;
    } else if (!strncmp(s, "--race=", 7)) {
      char *end;
      only_race = (int)strtol(s + 7, &end, 0);
      if (*end || end == s + 7 || only_race < 0) {
        usage(stderr);
        return 2;
      }
    } else if (!strncmp(s, "--seed=", 7)) {
      char *end;
      if (nseeds >= MAX_SEEDS) {
        fprintf(stderr, "app_tests: too many seeds\n");
        return 2;
      }
      seeds[nseeds++] = strtoull(s + 7, &end, 0);
      if (*end || end == s + 7) {
        usage(stderr);
        return 2;
      }
    } else if (!strncmp(s, "--seeds=", 8)) {
      if (parse_seeds(s + 8, seeds, MAX_SEEDS, &nseeds) != 0) {
        fprintf(stderr, "app_tests: bad seed list '%s'\n", s + 8);
        return 2;
      }
    } else if (!strncmp(s, "--backend=", 10)) {
      o.backend = s + 10;
      if (!ww_backend_find(o.backend)) {
        fprintf(stderr, "app_tests: backend '%s' is not in this program\n", o.backend);
        return 2;
      }
    } else if (!strncmp(s, "--scord=", 8)) {
      o.scord = ww_scord_mode(s + 8);
      if (o.scord < 0) {
        fprintf(stderr, "app_tests: --scord=%s: expected full, cached or off\n", s + 8);
        return 2;
      }
    } else if (!strcmp(s, "--det")) {
      o.det = 1;
    } else if (!strncmp(s, "--json=", 7)) {
      json_path = s + 7;
    } else if (!strncmp(s, "--cosim=", 8)) {
      o.cosim = ww_cosim_mode(s + 8);
      if (o.cosim < 0) {
        fprintf(stderr, "app_tests: --cosim=%s: expected sync, strict, follow or off\n", s + 8);
        return 2;
      }
    } else if (!strncmp(s, "--src-dir=", 10)) {
      o.src_dir = s + 10;
    } else if (!strncmp(s, "--elf-dir=", 10)) {
      o.elf_dir = s + 10;
    } else if (!strncmp(s, "--ref-fence-bits=", 17)) {
      o.ref_fence_bits = (unsigned)strtoul(s + 17, NULL, 0);
      o.use_ref = 1;
    } else if (!strcmp(s, "--ref-cached")) {
      o.ref_cached = 1;
      o.use_ref = 1;
    } else if (!strcmp(s, "--ref")) {
#ifdef APPS_HAVE_REF
      o.use_ref = 1;
#else
      fprintf(stderr, "app_tests: built without the reference detector (tb/scord/ww_scord_ref.c)\n");
      return 2;
#endif
    } else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
      usage(stdout);
      return 0;
    } else {
      usage(stderr);
      return 2;
    }
  }
#ifndef APPS_HAVE_REF
  if (o.use_ref) {
    fprintf(stderr, "app_tests: built without the reference detector (tb/scord/ww_scord_ref.c)\n");
    return 2;
  }
#endif
  if (only) {
    int found = 0;
    for (size_t i = 0; i < NAPPS; i++)
      found |= !strcmp(apps[i].name, only);
    if (!found) {
      fprintf(stderr, "app_tests: no application '%s' (--apps names them)\n", only);
      return 2;
    }
  }
  if (list || list_apps)
    rep = stderr;                            /* header problems must not mix into the manifest */

  /* Headers first: a problem there is a FAIL, and nothing of that app runs. */
  for (size_t i = 0; i < NAPPS; i++) {
    app_t *a = &apps[i];
    if (only && strcmp(a->name, only))
      continue;
    herrs[0] = '\0';
    parse_app(o.src_dir, a);
    a->valid = !herrs[0];
    if (!a->valid || !(list || list_apps))
      check(a->valid, "%s: header (%u x %u, %d race switch%s, %d labelled race%s) agrees with "
            "its SCORD-RACE markers", a->name, a->grid, a->block, a->nraces,
            a->nraces == 1 ? "" : "es", a->nlabels, a->nlabels == 1 ? "" : "s");
    note_lines(herrs);
  }
  if (list || list_apps) {
    for (size_t i = 0; i < NAPPS; i++) {
      const app_t *a = &apps[i];
      if ((only && strcmp(a->name, only)) || !a->valid)
        continue;
      if (list_apps)
        printf("%s %u %u %d %s/%s.c %s/%s.elf\n", a->name, a->grid, a->block, a->nraces,
               o.src_dir, a->name, o.elf_dir, a->name);
      else
        for (int j = 0; j < a->nlabels; j++) {
          const label_t *l = &a->labels[j];
          printf("%s %d %c %s %d %u %u %s\n", a->name, l->race, l->type,
                 l->scope_blk ? "block" : "device", l->line, a->grid, a->block, l->what);
        }
    }
    return nfail ? 1 : 0;
  }

  if (json_path && json_open(json_path, "app_tests", argc, argv, o.backend, o.scord) != 0)
    return 2;
  for (size_t i = 0; i < NAPPS; i++) {
    app_t *a = &apps[i];
    if ((only && strcmp(a->name, only)) || !a->valid)
      continue;
    if (only_race <= 0)
      for (int s = 0; s < nseeds; s++)
        run_one(&o, a, 0, seeds[s]);
    for (int race = 1; race <= a->nraces; race++)
      if (only_race < 0 || only_race == race)
        run_one(&o, a, (uint32_t)race, seeds[0]);
  }
  if (g_json && json_close(json_path, "app_tests") != 0)
    return 2;
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail ? 1 : 0;
}
