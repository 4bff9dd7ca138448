/* SPDX-License-Identifier: Apache-2.0
 *
 * test_stalls -- unit test of sw/gsi/ww_stalls.{c,h}:
 *   names     the 26 counter names in index order
 *   check     consistent runs pass; each broken sum is reported, naming the SM
 *   print     the table's closing verdict
 *   json      ww_stalls_json -> {"runs": [...]} -> ww_stalls_parse_runs gives
 *             back the same records (also a failing run, odd names)
 *   reader    malformed documents fail with FILE:LINE and the reason
 *   plot      .svg and .png charts rendered by gnuplot into OUTDIR (default
 *             build/tests), non-empty, of the right format; bad extensions fail
 *   views     the view names; every view (classes, mem_struct, mem_data, sync)
 *             renders a non-empty .svg (naming the view and exactly its
 *             counters) and .png; unknown views are rejected
 *
 *   test_stalls [OUTDIR]
 * Ends with "N passed, N failed"; exit 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ww_stalls.h"

static int npass, nfail;

static int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int check(int ok, const char *fmt, ...)
{
  va_list ap;
  printf("%s ", ok ? "PASS" : "FAIL");
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  ok ? npass++ : nfail++;
  return ok;
}

/* A consistent run: deterministic counters that add up on every SM. */
static void make_run(ww_stall_run_t *r, const char *name, unsigned nsm, uint64_t cycles,
                     uint32_t seed)
{
  memset(r, 0, sizeof *r);
  snprintf(r->name, sizeof r->name, "%s", name);
  r->cycles = cycles;
  r->n_sm = nsm;
  uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (unsigned s = 0; s < nsm; s++) {
    uint64_t *c = r->cnt[s], left = cycles;
    for (unsigned i = 0; i < WW_STALL_NCLASSES - 1; i++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      c[i] = left ? (x >> 33) % (left / 3 + 1) : 0;
      left -= c[i];
    }
    c[WW_STALL_NO_STALL] = left;
    /* split mem_data, mem_struct and sync over their sub-classes */
    uint64_t md = c[WW_STALL_MEM_DATA], ms = c[WW_STALL_MEM_STRUCT];
    for (unsigned i = 0; i < WW_STALL_NMD - 1; i++) {
      c[WW_STALL_MD_FIRST + i] = md / (i + 2);
      md -= c[WW_STALL_MD_FIRST + i];
    }
    c[WW_STALL_MD_FIRST + WW_STALL_NMD - 1] = md;
    for (unsigned i = 0; i < WW_STALL_NMS - 1; i++) {
      c[WW_STALL_MS_FIRST + i] = ms / (i + 3);
      ms -= c[WW_STALL_MS_FIRST + i];
    }
    c[WW_STALL_MS_FIRST + WW_STALL_NMS - 1] = ms;
    uint64_t sy = c[WW_STALL_SYNC];
    for (unsigned i = 0; i < WW_STALL_NSY - 1; i++) {
      c[WW_STALL_SY_FIRST + i] = sy / (i + 2);
      sy -= c[WW_STALL_SY_FIRST + i];
    }
    c[WW_STALL_SY_FIRST + WW_STALL_NSY - 1] = sy;
    c[WW_STALL_CYCLES] = cycles;
  }
}

static int same_run(const ww_stall_run_t *a, const ww_stall_run_t *b)
{
  if (strcmp(a->name, b->name) || a->cycles != b->cycles || a->n_sm != b->n_sm)
    return 0;
  for (unsigned s = 0; s < a->n_sm; s++)
    if (memcmp(a->cnt[s], b->cnt[s], sizeof a->cnt[s]))
      return 0;
  return 1;
}

/* Everything f wrote, as a malloc'd string (f is a tmpfile). */
static char *slurp(FILE *f)
{
  long len = ftell(f);
  if (len < 0)
    exit(2);
  rewind(f);
  char *s = malloc((size_t)len + 1);
  if (!s || fread(s, 1, (size_t)len, f) != (size_t)len)
    exit(2);
  s[len] = 0;
  return s;
}

/* s with the first `from` replaced by `to`, malloc'd. */
static char *replace_first(const char *s, const char *from, const char *to)
{
  const char *p = strstr(s, from);
  size_t a = strlen(s), b = strlen(from), c = strlen(to);
  char *r = malloc(a - (p ? b : 0) + (p ? c : 0) + 1);
  if (!r)
    exit(2);
  if (!p) {
    memcpy(r, s, a + 1);
    return r;
  }
  size_t pre = (size_t)(p - s);
  memcpy(r, s, pre);
  memcpy(r + pre, to, c);
  memcpy(r + pre + c, p + b, a - pre - b + 1);
  return r;
}

static char *json_doc(const ww_stall_run_t *runs, unsigned n)
{
  FILE *f = tmpfile();
  if (!f)
    exit(2);
  fputs("{\"runs\": [\n", f);
  for (unsigned i = 0; i < n; i++) {
    fputs(i ? ",\n  " : "  ", f);
    ww_stalls_json(f, &runs[i]);
  }
  fputs("\n]}\n", f);
  char *s = slurp(f);
  fclose(f);
  return s;
}

/* ---- names, check, print ---------------------------------------------------------- */
static void test_names(void)
{
  static const char *want[WW_STALL_COUNTERS] = {
    "idle", "control", "sync", "mem_data", "mem_struct", "comp_data", "comp_struct", "no_stall",
    "md_l1", "md_l1_coalesce", "md_l2", "md_dram", "md_pending", "ms_lsu_busy", "ms_mshr_full",
    "ms_store", "ms_bank_conflict", "ms_fence", "ms_scord", "sy_other", "sy_tx_begin",
    "sy_tx_commit", "sy_det_quantum", "sy_det_commit", "sy_det_serial", "cycles",
  };
  int ok = 1;
  for (unsigned i = 0; i < WW_STALL_COUNTERS; i++)
    ok &= want[i] && !strcmp(ww_stall_name(i), want[i]);   /* a new counter: add its name */
  check(ok && !strcmp(ww_stall_name(WW_STALL_COUNTERS), "?"),
        "names: the 26 counters in index order, \"?\" past the end");
}

static void test_check(void)
{
  ww_stall_run_t r, b;
  char err[200];
  make_run(&r, "ok", 2, 100000, 1);
  check(ww_stalls_check(&r, err, sizeof err) == 0, "check: a consistent 2-SM run passes (%s)", err);
  make_run(&b, "one", 1, 0, 2);
  check(ww_stalls_check(&b, err, sizeof err) == 0, "check: a 1-SM run of 0 cycles passes");

  static const struct { unsigned sm, idx; const char *want; } cases[] = {
    { 0, WW_STALL_SYNC, "SM 0: classes sum to" },
    { 1, WW_STALL_NO_STALL, "SM 1: classes sum to" },
    { 1, WW_STALL_MD_DRAM, "SM 1: mem_data sub-classes" },
    { 0, WW_STALL_MS_MSHR_FULL, "SM 0: mem_struct sub-classes" },
    { 1, WW_STALL_MS_SCORD, "SM 1: mem_struct sub-classes" },
    { 0, WW_STALL_SY_TX_COMMIT, "SM 0: sync sub-classes" },
    { 1, WW_STALL_SY_TX_BEGIN, "SM 1: sync sub-classes" },
    { 1, WW_STALL_CYCLES, "SM 1: cycles counter" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    b = r;
    b.cnt[cases[i].sm][cases[i].idx]++;
    int rc = ww_stalls_check(&b, err, sizeof err);
    check(rc != 0 && strstr(err, cases[i].want) != NULL, "check: %s + 1 on SM %u is caught (%s)",
          ww_stall_name(cases[i].idx), cases[i].sm, err);
  }
  /* a class and its sub-class raised together: classes no longer sum */
  b = r;
  b.cnt[0][WW_STALL_MEM_DATA]++, b.cnt[0][WW_STALL_MD_L2]++;
  check(ww_stalls_check(&b, err, sizeof err) != 0 && strstr(err, "classes sum"),
        "check: mem_data and md_l2 + 1 together: classes exceed cycles (%s)", err);
  b = r;
  b.cycles++;
  check(ww_stalls_check(&b, err, sizeof err) != 0, "check: run cycles != SM cycles (%s)", err);
  b = r;
  b.n_sm = 0;
  check(ww_stalls_check(&b, err, sizeof err) != 0, "check: 0 SMs rejected (%s)", err);
  b.n_sm = WW_NUM_SM_MAX + 1;
  check(ww_stalls_check(&b, err, sizeof err) != 0, "check: %d SMs rejected", WW_NUM_SM_MAX + 1);
  b = r;
  b.cnt[0][WW_STALL_IDLE] = UINT64_MAX;
  check(ww_stalls_check(&b, err, sizeof err) != 0 && strstr(err, "overflow"),
        "check: a sum that wraps 64 bits is an error, not a match (%s)", err);
}

static void test_print(void)
{
  ww_stall_run_t r;
  make_run(&r, "table", 2, 5000, 3);
  FILE *f = tmpfile();
  if (!f)
    exit(2);
  ww_stalls_print(f, &r);
  char *s = slurp(f);
  fclose(f);
  int ok = strstr(s, "classes sum to cycles: yes\n") != NULL && strstr(s, "\n  md_dram ") &&
           strstr(s, "\n  ms_mshr_full ") && strstr(s, "\n  ms_scord ") && strstr(s, "\nno_stall ") &&
           strstr(s, "total");
  check(ok, "print: sub-classes indented, total column, \"classes sum to cycles: yes\"");
  if (!ok)
    fputs(s, stdout);
  free(s);

  r.cnt[1][WW_STALL_COMP_DATA] += 7;
  f = tmpfile();
  if (!f)
    exit(2);
  ww_stalls_print(f, &r);
  s = slurp(f);
  fclose(f);
  check(strstr(s, "classes sum to cycles: NO (SM 1: classes sum to") != NULL,
        "print: a broken run says NO and why");
  free(s);
}

/* ---- JSON round trip and the reader --------------------------------------------- */
static void test_json(void)
{
  ww_stall_run_t runs[4];
  make_run(&runs[0], "uts_central", 2, 123456, 10);
  make_run(&runs[1], "stream mshr=1 \"quoted\" \\ back\tslash", 2, 98765, 11);
  make_run(&runs[2], "sixteen", WW_NUM_SM_MAX, 777, 12);
  make_run(&runs[3], "broken", 1, 1000, 13);
  runs[3].cnt[0][WW_STALL_MD_L1] += 5;      /* fails the check: written with false */

  char *doc = json_doc(runs, 4);
  check(strstr(doc, "\"sum_equals_cycles\": true") && strstr(doc, "\"sum_equals_cycles\": false"),
        "json: sum_equals_cycles true for a good run, false for a broken one");
  check(runs[0].cnt[0][WW_STALL_MS_SCORD] != 0 &&
        strstr(doc, "\"ms_fence\": ") && strstr(doc, "\"ms_scord\": ") &&
        strstr(doc, "\"ms_scord\": ") > strstr(doc, "\"mem_struct\": {"),
        "json: \"ms_scord\" (race-detector back-pressure) is written under \"mem_struct\"");
  check(runs[0].cnt[0][WW_STALL_SY_TX_COMMIT] != 0 && strstr(doc, "\"sy_tx_commit\": ") &&
        strstr(doc, "\"sy_tx_commit\": ") > strstr(doc, "\"sync\": {"),
        "json: \"sy_tx_commit\" (KILO TM) is written under \"sync\"");
  unsigned n = 0;
  char err[300] = "";
  ww_stall_run_t *back = ww_stalls_parse_runs(doc, "rt.json", &n, err, sizeof err);
  int ok = back && n == 4;
  for (unsigned i = 0; ok && i < 4; i++)
    ok = same_run(&runs[i], &back[i]);
  check(ok, "json: 4 runs (2, 2, %d and 1 SMs; quotes, backslash, tab in a name) read back "
        "identical%s%s", WW_NUM_SM_MAX, err[0] ? ": " : "", err);
  free(back);

  /* the same document through a file, as ww_stallplot reads it */
  const char *path = "build/tests/test_stalls_rt.json";
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(doc, f);
    fclose(f);
  }
  back = ww_stalls_read_runs(path, &n, err, sizeof err);
  check(back && n == 4 && same_run(&runs[2], &back[2]), "json: read back from %s", path);
  free(back);
  back = ww_stalls_read_runs("build/tests/no_such_file.json", &n, err, sizeof err);
  check(!back && strstr(err, "no_such_file.json: "), "json: a missing file is an error (%s)", err);
  free(back);

  /* a top-level sum written by hand must match the SMs */
  char *bad = strdup(doc);
  char *p = bad ? strstr(bad, "\"idle\": ") : NULL;
  if (p) {
    p += 8;
    *p = *p == '9' ? '1' : (char)(*p + 1);
  }
  back = bad ? ww_stalls_parse_runs(bad, "sum.json", &n, err, sizeof err) : NULL;
  check(!back && strstr(err, "sum.json:2: run \"uts_central\": \"idle\" is"),
        "reader: totals that differ from the SM sums are rejected (%s)", err);
  free(back);
  free(bad);
  free(doc);
}

static void test_reader_errors(void)
{
  static const struct { const char *doc, *want; } cases[] = {
    { "", "x.json:1: expected '{', found end of input" },
    { "{\"runs\": []}", "x.json:1: \"runs\" is empty" },
    { "{}", "x.json:1: no \"runs\" key" },
    { "{\"runs\": [], \"runs\": []}", "duplicate key \"runs\"" },
    { "{\"other\": 1}", "x.json:1: unknown key \"other\"" },
    { "{\"runs\": [{}]}", "lacks \"name\"" },
    { "{\"runs\": [\n{\"name\": \"a\",\n \"cycles\": -1}]}", "x.json:3: expected cycles (a non-negative integer)" },
    { "{\"runs\": [{\"name\": \"a\", \"cycles\": 1.5}]}", "cycles must be an integer" },
    { "{\"runs\": [{\"name\": \"a\", \"cycles\": 007}]}", "leading zero" },
    { "{\"runs\": [{\"name\": \"a\", \"cycles\": 99999999999999999999}]}", "does not fit in 64 bits" },
    { "{\"runs\": [{\"name\": \"a\", \"name\": \"b\"}]}", "duplicate key \"name\"" },
    { "{\"runs\": [{\"name\": \"a\", \"colour\": 1}]}", "unknown key \"colour\" in run 0" },
    { "{\"runs\": [{\"name\": \"a\", \"sum_equals_cycles\": yes}]}", "(true or false)" },
    { "{\"runs\": [{\"name\": \"a\", \"classes\": {\"idle\": 1, \"bogus\": 2}}]}",
      "\"classes\" has no counter \"bogus\"" },
    { "{\"runs\": [{\"name\": \"a\", \"classes\": {\"idle\": 1}}]}", "\"classes\" lacks \"control\"" },
    { "{\"runs\": [{\"name\": \"a\", \"mem_data\": {\"md_l1\": 1, \"md_l1\": 1}}]}",
      "duplicate key \"md_l1\"" },
    { "{\"runs\": [{\"name\": \"a\", \"mem_struct\": {\"ms_lsu_busy\": 0, \"ms_mshr_full\": 0, "
      "\"ms_store\": 0, \"ms_bank_conflict\": 0, \"ms_fence\": 0}}]}",
      "\"mem_struct\" lacks \"ms_scord\"" },
    { "{\"runs\": [{\"name\": \"a\", \"sync\": {\"sy_other\": 0, \"sy_tx_begin\": 0}}]}",
      "\"sync\" lacks \"sy_tx_commit\"" },
    { "{\"runs\": [{\"name\": \"a\", \"classes\": {\"ms_scord\": 1}}]}",
      "\"classes\" has no counter \"ms_scord\"" },
    { "{\"runs\": [{\"name\": \"a\", \"sm\": [{\"sm\": 1}]}]}", "SM object 0 says \"sm\": 1" },
    { "{\"runs\": [{\"name\": \"a\", \"sm\": [{\"cycles\": 1, \"x\": 2}]}]}", "unknown key \"x\" in an SM object" },
    { "{\"runs\": [{\"name\": \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}]}",
      "the run name is longer than 63 bytes" },
    { "{\"runs\": [{\"name\": \"a\nb\"}]}", "unterminated string" },
    { "{\"runs\": [{\"name\": \"a\\qb\"}]}", "bad escape" },
    { "{\"runs\": [{\"name\": \"a\\u0000\"}]}", "\\u0000 is not allowed" },
    { "{\"runs\": [] } x", "trailing text" },
    { "{\"runs\": [{\"name\": \"a\" \"cycles\": 1}]}", "expected ',' or '}', found a string" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char err[300] = "";
    unsigned n = 99;
    ww_stall_run_t *r = ww_stalls_parse_runs(cases[i].doc, "x.json", &n, err, sizeof err);
    check(!r && n == 0 && strstr(err, cases[i].want) != NULL, "reader: case %zu rejected with "
          "\"%s\" (got \"%s\")", i, cases[i].want, err);
    free(r);
  }

  /* a run that says true but does not add up, and one that says false but does */
  ww_stall_run_t runs[1];
  make_run(&runs[0], "liar", 2, 4000, 20);
  char *good = json_doc(runs, 1);
  char *doc = replace_first(good, "true", "false");
  free(good);
  char err[300] = "";
  unsigned n;
  ww_stall_run_t *r = ww_stalls_parse_runs(doc, "liar.json", &n, err, sizeof err);
  check(!r && strstr(err, "liar.json:2: run \"liar\" says \"sum_equals_cycles\": false, but the "
                          "counters do add up"), "reader: a false flag on a good run (%s)", err);
  free(r);
  free(doc);

  /* a missing comma between two runs */
  good = json_doc(runs, 1);
  doc = replace_first(good, "\n]}", "\n {}]}");
  free(good);
  r = ww_stalls_parse_runs(doc, "comma.json", &n, err, sizeof err);
  check(!r && strstr(err, "comma.json:3: expected ',' or ']', found '{'"),
        "reader: runs without a comma between them (%s)", err);
  free(r);
  free(doc);
}

/* ---- the chart ----------------------------------------------------------------------- */
static long file_size(const char *path)
{
  struct stat sb;
  return stat(path, &sb) == 0 ? (long)sb.st_size : -1;
}

static void test_plot(const char *outdir)
{
  ww_stall_run_t runs[3];
  make_run(&runs[0], "uts_central", 2, 200000, 30);
  make_run(&runs[1], "uts_decentral", 2, 90000, 31);
  make_run(&runs[2], "stream_mshr1", 2, 40000, 32);
  char svg[512], png[512], err[600] = "";
  snprintf(svg, sizeof svg, "%s/test_stalls.svg", outdir);
  snprintf(png, sizeof png, "%s/test_stalls.png", outdir);

  int rc = ww_stalls_plot(svg, runs, 3, err, sizeof err);
  long sz = file_size(svg);
  char head[256] = "";
  FILE *f = fopen(svg, "r");
  if (f) {
    size_t got = fread(head, 1, sizeof head - 1, f);
    head[got] = 0;
    fclose(f);
  }
  check(rc == 0 && sz > 1000 && strstr(head, "<svg"), "plot: %s rendered (%ld bytes)%s%s", svg,
        sz, rc ? ": " : "", rc ? err : "");
  /* every class in the legend, every run under its group */
  char *all = NULL;
  f = fopen(svg, "r");
  if (f) {
    fseek(f, 0, SEEK_END);
    all = slurp(f);
    fclose(f);
  }
  int ok = all != NULL;
  for (unsigned c = 0; ok && c < WW_STALL_NCLASSES; c++)
    ok = strstr(all, ww_stall_name(c)) != NULL;
  ok = ok && strstr(all, "uts_central") && strstr(all, "uts_decentral") &&
       strstr(all, "stream_mshr1") && strstr(all, "SM0") && strstr(all, "SM1");
  check(ok, "plot: the svg names every class, every run and SM");
  free(all);

  rc = ww_stalls_plot(png, runs, 3, err, sizeof err);
  unsigned char magic[8] = { 0 };
  f = fopen(png, "rb");
  if (f) {
    if (fread(magic, 1, 8, f) != 8)
      magic[0] = 0;
    fclose(f);
  }
  check(rc == 0 && file_size(png) > 1000 && !memcmp(magic, "\x89PNG\r\n\x1a\n", 8),
        "plot: %s rendered (%ld bytes, PNG signature)%s%s", png, file_size(png), rc ? ": " : "",
        rc ? err : "");

  rc = ww_stalls_plot("build/tests/test_stalls.pdf", runs, 1, err, sizeof err);
  check(rc != 0 && strstr(err, ".svg or .png"), "plot: another extension is an error (%s)", err);
  rc = ww_stalls_plot(svg, runs, 0, err, sizeof err);
  check(rc != 0, "plot: no runs is an error (%s)", err);
  rc = ww_stalls_plot("build/tests/no/such/dir/x.svg", runs, 1, err, sizeof err);
  check(rc != 0 && strstr(err, "gnuplot"), "plot: an unwritable output is an error (%.120s)", err);

  /* no gnuplot on the PATH: a clear message, no crash (SIGPIPE) */
  const char *path = getenv("PATH");
  char *saved = path ? strdup(path) : NULL;
  setenv("PATH", "/nonexistent-ww-test-dir", 1);
  snprintf(svg, sizeof svg, "%s/test_stalls_nognuplot.svg", outdir);
  rc = ww_stalls_plot(svg, runs, 1, err, sizeof err);
  if (saved)
    setenv("PATH", saved, 1);
  else
    unsetenv("PATH");
  free(saved);
  check(rc != 0 && strstr(err, "gnuplot not found") && strstr(err, "gnuplot-nox"),
        "plot: gnuplot missing from PATH is reported (%s)", err);
}

/* The whole file at path as a malloc'd string, or NULL. */
static char *read_all(const char *path)
{
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  char *s = slurp(f);
  fclose(f);
  return s;
}

static void test_views(const char *outdir)
{
  static const struct { ww_stall_view_t v; const char *name; unsigned first, count; } want[] = {
    { WW_STALL_VIEW_CLASSES, "classes", WW_STALL_CLASS_FIRST, WW_STALL_NCLASSES },
    { WW_STALL_VIEW_MEM_STRUCT, "mem_struct", WW_STALL_MS_FIRST, WW_STALL_NMS },
    { WW_STALL_VIEW_MEM_DATA, "mem_data", WW_STALL_MD_FIRST, WW_STALL_NMD },
    { WW_STALL_VIEW_SYNC, "sync", WW_STALL_SY_FIRST, WW_STALL_NSY },
  };
  int ok = WW_STALL_NVIEWS == 4 && !strcmp(ww_stall_view_name(WW_STALL_NVIEWS), "?") &&
           !strcmp(ww_stall_view_name((ww_stall_view_t)-1), "?");
  for (size_t i = 0; i < 4; i++) {
    ww_stall_view_t v = WW_STALL_NVIEWS;
    ok &= !strcmp(ww_stall_view_name(want[i].v), want[i].name) &&
          ww_stall_view_parse(want[i].name, &v) == 0 && v == want[i].v;
  }
  static const char *const bad_names[] = { "", "Classes", "mem", "mem_struct ", "ms", "mem-data",
                                           "Sync", "sy" };
  for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
    ww_stall_view_t v = WW_STALL_VIEW_MEM_DATA;
    ok &= ww_stall_view_parse(bad_names[i], &v) != 0 && v == WW_STALL_VIEW_MEM_DATA;
  }
  ok &= ww_stall_view_parse(NULL, &(ww_stall_view_t){ 0 }) != 0;
  check(ok, "views: names classes, mem_struct, mem_data, sync parse back; other names are rejected");

  ww_stall_run_t runs[3];
  make_run(&runs[0], "stream_mshr1", 2, 78000, 40);
  make_run(&runs[1], "stream_mshr2", 2, 73000, 41);
  make_run(&runs[2], "stream_mshr4", 1, 73000, 42);
  /* a sub-class that is 0 on a run (ms_scord of the last) is still in the legend */
  runs[2].cnt[0][WW_STALL_MEM_STRUCT] -= runs[2].cnt[0][WW_STALL_MS_SCORD];
  runs[2].cnt[0][WW_STALL_NO_STALL] += runs[2].cnt[0][WW_STALL_MS_SCORD];
  runs[2].cnt[0][WW_STALL_MS_SCORD] = 0;
  char err[600] = "";
  check(ww_stalls_check(&runs[2], err, sizeof err) == 0, "views: the edited run still adds up (%s)",
        err);
  for (size_t i = 0; i < 4; i++) {
    char svg[512], png[512];
    snprintf(svg, sizeof svg, "%s/test_stalls_%s.svg", outdir, want[i].name);
    snprintf(png, sizeof png, "%s/test_stalls_%s.png", outdir, want[i].name);
    int rc = ww_stalls_plot_view(svg, runs, 3, want[i].v, err, sizeof err);
    char *all = rc == 0 ? read_all(svg) : NULL;
    check(rc == 0 && file_size(svg) > 1000 && all && strstr(all, "<svg"),
          "views: %s view rendered to %s (%ld bytes)%s%s", want[i].name, svg, file_size(svg),
          rc ? ": " : "", rc ? err : "");
    /* the title names the view; the legend has the view's counters and no others */
    char title[64];
    snprintf(title, sizeof title, "%s view", want[i].name);
    int names = all && strstr(all, title) && strstr(all, "stream_mshr4") && strstr(all, "SM1");
    for (unsigned c = 0; names && c < WW_STALL_CYCLES; c++) {
      int in_view = c >= want[i].first && c < want[i].first + want[i].count;
      /* "mem_data"/"mem_struct"/"sync" name the sub-class views themselves */
      if (!in_view && want[i].v != WW_STALL_VIEW_CLASSES &&
          (c == WW_STALL_MEM_DATA || c == WW_STALL_MEM_STRUCT || c == WW_STALL_SYNC))
        continue;
      char item[40];
      snprintf(item, sizeof item, ">%s<", ww_stall_name(c));
      names = (strstr(all, item) != NULL) == in_view;
      if (!names)
        printf("  %s: legend item %s %s\n", want[i].name, item, in_view ? "missing" : "present");
    }
    check(names, "views: the %s chart's title says \"%s\", its legend lists exactly its %u "
          "counters", want[i].name, title, want[i].count);
    free(all);

    rc = ww_stalls_plot_view(png, runs, 3, want[i].v, err, sizeof err);
    unsigned char magic[8] = { 0 };
    FILE *f = fopen(png, "rb");
    if (f) {
      if (fread(magic, 1, 8, f) != 8)
        magic[0] = 0;
      fclose(f);
    }
    check(rc == 0 && file_size(png) > 1000 && !memcmp(magic, "\x89PNG\r\n\x1a\n", 8),
          "views: %s view rendered to %s (%ld bytes, PNG signature)%s%s", want[i].name, png,
          file_size(png), rc ? ": " : "", rc ? err : "");
  }

  /* ww_stalls_plot is the classes view */
  char a[512], b[512];
  snprintf(a, sizeof a, "%s/test_stalls_default.svg", outdir);
  snprintf(b, sizeof b, "%s/test_stalls_classes.svg", outdir);
  int rc = ww_stalls_plot(a, runs, 3, err, sizeof err);
  char *sa = rc == 0 ? read_all(a) : NULL, *sb = read_all(b);
  check(sa && sb && !strcmp(sa, sb), "views: ww_stalls_plot draws the same chart as the classes view");
  free(sa);
  free(sb);

  /* unknown views: rejected before anything is written */
  static const int bad[] = { WW_STALL_NVIEWS, 99, -1 };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char out[512];
    snprintf(out, sizeof out, "%s/test_stalls_badview.svg", outdir);
    remove(out);
    rc = ww_stalls_plot_view(out, runs, 3, (ww_stall_view_t)bad[i], err, sizeof err);
    check(rc != 0 && strstr(err, "unknown view") && file_size(out) < 0,
          "views: view %d is rejected, no file written (%s)", bad[i], err);
  }
}

int main(int argc, char **argv)
{
  const char *outdir = argc > 1 ? argv[1] : "build/tests";
  mkdir("build", 0777);
  mkdir(outdir, 0777);
  test_names();
  test_check();
  test_print();
  test_json();
  test_reader_errors();
  test_plot(outdir);
  test_views(outdir);
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail ? 1 : 0;
}
