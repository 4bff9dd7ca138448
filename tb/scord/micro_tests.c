/* SPDX-License-Identifier: Apache-2.0
 *
 * micro_tests -- the runner of the ScoRD race-detector microbenchmarks
 * (sw/scord/micro/NAME.c, sw/scord/README.md; docs/scord.md §5).
 *
 *   micro_tests [--list] [--ref] [--only=NAME] [--seed=N] [--seeds=A,B,...]
 *               [--src-dir=DIR] [--elf-dir=DIR] [--rtl=full|cached|off] [--det]
 *               [--json=FILE]
 *
 * For every microbenchmark it parses the header lines of the SOURCE file
 *   SCORD-EXPECT: none | race type=<a-f> scope=<block|device> line=<n>  (one per race)
 *   SCORD-GEOMETRY: grid=<expr> block=<expr>     expr: sums of products of
 *                   integers and WW_LANES, WW_WARPS_PER_SM, WW_NUM_SM,
 *                   WW_BLOCKS_PER_SM
 *   SCORD-PLACE: same-warp | same-block | two-sms
 *   SCORD-RESULT: out0=<v> out1=<v> data=<v>      v: n or n|n|... (any of)
 * checks them (name prefix fence_/atom_/lock_ = category, suffix _racy /
 * _norace = verdict; each race line is the line marked "SCORD-RACE <type>"
 * in the code, and every marker has its race line; scope and placement
 * agree; the suite has exactly the Table I counts), then launches the
 * kernel on the C model -- round robin and two random interleavings by
 * default -- with the arguments { data, flag, lock, out } (64-byte
 * buffers; data, flag, lock zeroed, out[0..15] a sentinel), and checks that
 * it completes without a trap and within a step limit, that out[0], out[1]
 * and *data are among the header's values, that out[2], out[3] (placement
 * words ctaid << 16 | smid << 8 | hardware warp) show the stated placement,
 * that out[4..15] are untouched and that lock[0], lock[1] are released (0).
 *
 * --ref (built in when tb/scord/ww_scord_ref.c exists, see micro.mk) also
 * feeds every run's retired instructions to the independent reference
 * detector (docs/scord.md §4) and checks that both its views (ideal and
 * hardware-approximate) report exactly the header's races -- the same
 * (type, scope, kernel line) set, nothing more -- or none.
 *
 * --rtl=full|cached runs on the RTL (verilator backend, co-simulation follow)
 * with ScoRD on and checks the detector's race log against the header;
 * --rtl=off runs on the RTL with the detector off (the same checks of the
 * results, no race check: the cycles without the detector).
 * --det (with --rtl=full|cached) runs GPUDet's deterministic execution
 * (docs/det.md sec. 6; no co-simulation: the backend compares the final
 * memory with the golden model's in deterministic mode) and checks the race
 * log against the header alike.
 *
 * --json=FILE also writes one JSON object (make bench-scord, docs/scord.md
 * "Measured"): {"runner", "command", "backend", "mode", "runs": [...],
 * "passed", "failed"}, one run record per kernel and seed: "kernel",
 * "category", "seed", "backend", "mode" (off, cached, full), "racy",
 * "expected" (the header's races: type letter, scope, line), "completed",
 * "result_ok" (results, placement, locks as checked), "races" (what the
 * detector logged, one entry per (pc, word, type): type letter, scope, the
 * kernel line as the checks compute it (-1: not in the kernel's file),
 * count, pc, addr), "distinct", "match" (the log holds exactly the expected
 * (type, scope, line) set; null without the detector), "cycles" (verilator:
 * res.stats.steps, else null), "steps", "warp_insns" and "scord" (the
 * detector's counters, ww_scord_stats_t; null without the detector).
 *
 * --list prints the manifest the ScoRD checkers use, one row per expected
 * race (one "none" row for a race-free kernel):
 *   name verdict type scope line category grid block place
 * with '-' for the fields a race-free row has not. Prints one PASS/FAIL line
 * per check and ends with "N passed, N failed"; exits 1 on any failure.
 */
#define _DEFAULT_SOURCE   /* opendir, readdir */

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_runtime.h"
#include "ww_rt_internal.h"   /* ww_srcline_callsite: the kernel line of an inlined intrinsic */
#include "scord_harness.h"
#ifdef MICRO_HAVE_REF
#include "ww_scord_ref.h"     /* tb/scord: the independent §1 reference detector */
#endif

/* Table I of the paper: per category, racy and race-free kernels. */
enum { CAT_FENCE, CAT_ATOM, CAT_LOCK, NUM_CAT };
static const char *const cat_name[NUM_CAT] = { "fence", "atomics", "lock" };
static const char *const cat_prefix[NUM_CAT] = { "fence_", "atom_", "lock_" };
static const int want_racy[NUM_CAT] = { 2, 4, 12 };
static const int want_free[NUM_CAT] = { 4, 5, 5 };
#define WANT_TOTAL 32

enum { PLACE_WARP, PLACE_BLOCK, PLACE_SMS, NUM_PLACE };
static const char *const place_name[NUM_PLACE] = { "same-warp", "same-block", "two-sms" };

#define MAX_MICRO   64
#define MAX_RACES   4
#define MAX_ALT     4
#define MAX_SEEDS   16
#define OUT_WORDS   16            /* out buffer: 64 bytes */
#define BUF_BYTES   64
#define SENTINEL    0xDEADBEEFu
#define STEP_LIMIT  5000000ull    /* a spin that never ends is a FAIL, not a hang */

typedef struct {
  char     type;                  /* 'a'..'f' */
  int      scope_blk;
  int      line;
} race_t;

typedef struct {
  uint32_t v[MAX_ALT];
  int      n;
} alt_t;

typedef struct {
  char     name[128];
  int      cat;
  int      racy;                  /* from the header's SCORD-EXPECT */
  race_t   races[MAX_RACES];
  int      nraces;
  uint32_t grid, block;
  int      place;
  alt_t    out0, out1, data;
  int      valid;                 /* header parsed and consistent */
} micro_t;

/* ---- reporting ------------------------------------------------------------------ */
/* check() and note() (scord_harness.c) print to stdout, to stderr with --list.
 * Notes of a run, printed after its PASS/FAIL line: */
static char later[4096];
#define note_later(...) addline(later, sizeof later, __VA_ARGS__)

static void flush_later(void)
{
  note_lines(later);
  later[0] = '\0';
}

/* ---- the JSON report (--json=FILE) ------------------------------------------------ */
/* What one run measured, for its JSON record. */
#define JR_MAX_RACES 64
typedef struct {
  int              completed;     /* the grid completed */
  int              result_ok;     /* results, placement and locks as checked */
  int              match;         /* -1: the race log was not checked; else its verdict */
  int              have_stats;    /* res holds the launch's statistics */
  ww_gpu_stats_t   stats;
  int              have_scord;    /* races and st read from the detector */
  ww_race_t        races[JR_MAX_RACES];
  int              lines[JR_MAX_RACES];
  size_t           n;             /* distinct races in the log (may exceed JR_MAX_RACES) */
  ww_scord_stats_t st;
  char             error[256];
} jrun_t;
static jrun_t g_jr;

/* ---- header parsing ---------------------------------------------------------------- */
/* Header problems: collected per file, reported as one FAIL line with notes. */
static char errs[2048];
#define herr(...) addline(errs, sizeof errs, __VA_ARGS__)

static const struct { const char *name; uint32_t value; } macros[] = {
  { "WW_LANES", WW_LANES },
  { "WW_WARPS_PER_SM", WW_WARPS_PER_SM },
  { "WW_NUM_SM", WW_NUM_SM },
  { "WW_BLOCKS_PER_SM", WW_BLOCKS_PER_SM },
};

/* One factor: an integer or a configuration macro. */
static int eval_factor(const char **s, uint64_t *v)
{
  const char *p = *s;
  if (isdigit((unsigned char)*p)) {
    char *end;
    *v = strtoull(p, &end, 0);
    *s = end;
    return 0;
  }
  size_t n = 0;
  while (isalnum((unsigned char)p[n]) || p[n] == '_')
    n++;
  for (size_t i = 0; i < sizeof macros / sizeof macros[0]; i++)
    if (strlen(macros[i].name) == n && !strncmp(p, macros[i].name, n)) {
      *v = macros[i].value;
      *s = p + n;
      return 0;
    }
  return -1;
}

/* Sum of products of factors, no spaces; the whole token must be used. */
static int eval_expr(const char *s, uint32_t *out)
{
  uint64_t sum = 0;
  for (;;) {
    uint64_t prod = 1, f;
    for (;;) {
      if (eval_factor(&s, &f) != 0)
        return -1;
      prod *= f;
      if (prod > UINT32_MAX)
        return -1;
      if (*s != '*')
        break;
      s++;
    }
    sum += prod;
    if (sum > UINT32_MAX)
      return -1;
    if (*s != '+')
      break;
    s++;
  }
  if (*s)
    return -1;
  *out = (uint32_t)sum;
  return 0;
}

/* "n" or "n|n|..." */
static int parse_alt(const char *s, alt_t *a)
{
  a->n = 0;
  while (*s) {
    char *end;
    if (!isdigit((unsigned char)*s) || a->n == MAX_ALT)
      return -1;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || v > UINT32_MAX)
      return -1;
    a->v[a->n++] = (uint32_t)v;
    s = end;
    if (*s == '|')
      s++;
    else if (*s)
      return -1;
  }
  return a->n ? 0 : -1;
}

static int alt_has(const alt_t *a, uint32_t v)
{
  for (int i = 0; i < a->n; i++)
    if (a->v[i] == v)
      return 1;
  return 0;
}

static void alt_str(const alt_t *a, char *buf, size_t n)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < a->n && len + 12 < n; i++)
    len += (size_t)snprintf(buf + len, n - len, "%s%u", i ? "|" : "", a->v[i]);
}

/* The value of key=VALUE in a space-separated list (into val); 0 if found. */
static int get_kv(const char *list, const char *key, char *val, size_t n)
{
  size_t klen = strlen(key);
  const char *p = list;
  while (*p) {
    while (*p == ' ')
      p++;
    const char *end = p;
    while (*end && *end != ' ')
      end++;
    if ((size_t)(end - p) > klen && !strncmp(p, key, klen) && p[klen] == '=') {
      size_t len = (size_t)(end - p) - klen - 1;
      if (len >= n)
        return -1;
      memcpy(val, p + klen + 1, len);
      val[len] = '\0';
      return 0;
    }
    p = end;
  }
  return -1;
}

/* Number of space-separated tokens. */
static int count_tokens(const char *s)
{
  int n = 0;
  while (*s) {
    while (*s == ' ')
      s++;
    if (!*s)
      break;
    n++;
    while (*s && *s != ' ')
      s++;
  }
  return n;
}

static int ends_with(const char *s, const char *suffix)
{
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && !strcmp(s + a - b, suffix);
}

#define MAX_LINES 4096

/* Parses <dir>/<name>.c into m; problems go to errs. */
static void parse_micro(const char *dir, micro_t *m)
{
  char path[600];
  snprintf(path, sizeof path, "%s/%s.c", dir, m->name);
  FILE *f = fopen(path, "r");
  if (!f) {
    herr("cannot read %s", path);
    return;
  }
  int nexpect = 0, nnone = 0, ngeom = 0, nplace = 0, nresult = 0, has_kernel = 0;
  char marker[MAX_LINES] = { 0 };   /* race type marked on each line, 0 = none */
  char line[1024], kernel_decl[200];
  snprintf(kernel_decl, sizeof kernel_decl, "WW_KERNEL(%s)", m->name);
  int lineno = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    line[strcspn(line, "\r\n")] = '\0';
    const char *mk = strstr(line, "/* SCORD-RACE ");
    if (mk) {
      char t = mk[14];
      if (t < 'a' || t > 'f' || strncmp(mk + 15, " */", 3) != 0)
        herr("line %d: malformed SCORD-RACE marker", lineno);
      else if (lineno >= MAX_LINES)
        herr("line %d: marker beyond line %d", lineno, MAX_LINES - 1);
      else
        marker[lineno] = t;
    }
    if (strstr(line, kernel_decl))
      has_kernel = 1;
    const char *p = line;
    while (*p == ' ')
      p++;
    if (*p != '*')
      continue;
    p++;
    while (*p == ' ')
      p++;
    if (!strncmp(p, "SCORD-EXPECT:", 13)) {
      const char *v = p + 13;
      while (*v == ' ')
        v++;
      if (!strcmp(v, "none")) {
        nnone++;
        continue;
      }
      char type[8], scope[16], ln[16];
      if (strncmp(v, "race ", 5) != 0 || count_tokens(v + 5) != 3 ||
          get_kv(v + 5, "type", type, sizeof type) || get_kv(v + 5, "scope", scope, sizeof scope) ||
          get_kv(v + 5, "line", ln, sizeof ln)) {
        herr("line %d: SCORD-EXPECT: want 'none' or 'race type=T scope=S line=N'", lineno);
        continue;
      }
      if (nexpect == MAX_RACES) {
        herr("line %d: more than %d expected races", lineno, MAX_RACES);
        continue;
      }
      race_t *r = &m->races[nexpect++];
      char *end;
      long l = strtol(ln, &end, 10);
      if (strlen(type) != 1 || type[0] < 'a' || type[0] > 'f')
        herr("line %d: race type '%s' (want a..f)", lineno, type);
      if (strcmp(scope, "block") && strcmp(scope, "device"))
        herr("line %d: race scope '%s' (want block or device)", lineno, scope);
      if (*end || l <= 0 || l >= MAX_LINES)
        herr("line %d: race line '%s'", lineno, ln);
      r->type = type[0];
      r->scope_blk = !strcmp(scope, "block");
      r->line = (int)l;
    } else if (!strncmp(p, "SCORD-GEOMETRY:", 15)) {
      char g[64], b[64];
      ngeom++;
      if (count_tokens(p + 15) != 2 || get_kv(p + 15, "grid", g, sizeof g) ||
          get_kv(p + 15, "block", b, sizeof b) || eval_expr(g, &m->grid) ||
          eval_expr(b, &m->block))
        herr("line %d: SCORD-GEOMETRY: want 'grid=EXPR block=EXPR'", lineno);
    } else if (!strncmp(p, "SCORD-PLACE:", 12)) {
      const char *v = p + 12;
      while (*v == ' ')
        v++;
      nplace++;
      m->place = -1;
      for (int i = 0; i < NUM_PLACE; i++)
        if (!strcmp(v, place_name[i]))
          m->place = i;
      if (m->place < 0)
        herr("line %d: SCORD-PLACE '%s' (want same-warp, same-block or two-sms)", lineno, v);
    } else if (!strncmp(p, "SCORD-RESULT:", 13)) {
      char o0[64], o1[64], d[64];
      nresult++;
      if (count_tokens(p + 13) != 3 || get_kv(p + 13, "out0", o0, sizeof o0) ||
          get_kv(p + 13, "out1", o1, sizeof o1) || get_kv(p + 13, "data", d, sizeof d) ||
          parse_alt(o0, &m->out0) || parse_alt(o1, &m->out1) || parse_alt(d, &m->data))
        herr("line %d: SCORD-RESULT: want 'out0=V out1=V data=V', V = n or n|n...", lineno);
    }
  }
  fclose(f);

  /* one of each, and the expectation either none or races */
  if (nnone + nexpect == 0)
    herr("no SCORD-EXPECT line");
  if (nnone && nexpect)
    herr("SCORD-EXPECT: both 'none' and races");
  if (nnone > 1)
    herr("SCORD-EXPECT: none given %d times", nnone);
  if (ngeom != 1 || nplace != 1 || nresult != 1)
    herr("want exactly one SCORD-GEOMETRY, SCORD-PLACE and SCORD-RESULT (%d, %d, %d)", ngeom,
         nplace, nresult);
  if (!has_kernel)
    herr("no %s: the kernel must be named after its file", kernel_decl);
  m->nraces = nexpect;
  m->racy = nexpect > 0;

  /* name = category and verdict */
  m->cat = -1;
  for (int c = 0; c < NUM_CAT; c++)
    if (!strncmp(m->name, cat_prefix[c], strlen(cat_prefix[c])))
      m->cat = c;
  if (m->cat < 0)
    herr("name: want a prefix fence_, atom_ or lock_ (the category)");
  if (ends_with(m->name, "_racy") ? !m->racy : ends_with(m->name, "_norace") ? m->racy : 1)
    herr("name: want the suffix _racy (races expected) or _norace (SCORD-EXPECT: none)");

  /* race lines = marked lines; one expected race per (type, line) */
  for (int i = 0; i < nexpect; i++) {
    const race_t *r = &m->races[i];
    if (r->line > 0 && r->line < MAX_LINES && marker[r->line] != r->type)
      herr("race type=%c line=%d: that line has %s", r->type, r->line,
           marker[r->line] ? "another type's SCORD-RACE marker" : "no SCORD-RACE marker");
    for (int j = 0; j < i; j++)
      if (m->races[j].line == r->line && m->races[j].type == r->type)
        herr("race type=%c line=%d listed twice", r->type, r->line);
  }
  for (int l = 1; l < MAX_LINES; l++) {
    if (!marker[l])
      continue;
    int found = 0;
    for (int i = 0; i < nexpect; i++)
      found |= m->races[i].line == l && m->races[i].type == marker[l];
    if (!found)
      herr("line %d: SCORD-RACE %c marker without its SCORD-EXPECT line", l, marker[l]);
  }

  /* geometry and placement: two threads of one warp never race (ScoRD works
   * per warp); a block-scope race needs one block, a device-scope race two */
  if (ngeom == 1 && (m->grid < 1 || m->block < 1 || m->block > WW_WARPS_PER_SM * WW_LANES))
    herr("geometry grid %u x block %u: want grid >= 1 and 1 <= block <= %u", m->grid, m->block,
         WW_WARPS_PER_SM * WW_LANES);
  if (nplace == 1 && m->place >= 0) {
    if (m->place == PLACE_WARP && (m->grid != 1 || m->block > WW_LANES))
      herr("same-warp wants grid=1 and block <= WW_LANES");
    if (m->place == PLACE_BLOCK && (m->grid != 1 || m->block <= WW_LANES))
      herr("same-block wants grid=1 and block > WW_LANES");
    if (m->place == PLACE_SMS && (m->grid != 2 || m->block != WW_WARPS_PER_SM * WW_LANES))
      herr("two-sms wants grid=2 and block=WW_WARPS_PER_SM*WW_LANES (each block fills an SM)");
    for (int i = 0; i < nexpect; i++) {
      if (m->place == PLACE_WARP)
        herr("race type=%c: two threads of one warp never race (detection is per warp)",
             m->races[i].type);
      else if (m->races[i].scope_blk != (m->place == PLACE_BLOCK))
        herr("race type=%c scope=%s does not fit SCORD-PLACE %s", m->races[i].type,
             m->races[i].scope_blk ? "block" : "device", place_name[m->place]);
    }
  }
  m->valid = errs[0] == '\0';
}

/* ---- discovery ------------------------------------------------------------------- */
static int cmp_micro(const void *a, const void *b)
{
  const micro_t *x = a, *y = b;
  if (x->cat != y->cat)
    return x->cat - y->cat;
  if (x->racy != y->racy)
    return y->racy - x->racy;
  return strcmp(x->name, y->name);
}

/* Every <src_dir>/NAME.c, parsed; returns the count (-1: no directory). */
static int load_micros(const char *src_dir, micro_t *ms, int max)
{
  DIR *d = opendir(src_dir);
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 3 || strcmp(e->d_name + len - 2, ".c") != 0)
      continue;
    if (n == max) {
      n++;
      break;
    }
    micro_t *m = &ms[n++];
    memset(m, 0, sizeof *m);
    if (len - 2 >= sizeof m->name) {
      m->cat = -1;
      snprintf(m->name, sizeof m->name, "%.40s...", e->d_name);
      continue;
    }
    memcpy(m->name, e->d_name, len - 2);
    m->name[len - 2] = '\0';
  }
  closedir(d);
  if (n > max)
    return n;
  for (int i = 0; i < n; i++) {
    errs[0] = '\0';
    if (!ms[i].name[0] || ends_with(ms[i].name, "..."))
      herr("file name too long");
    else
      parse_micro(src_dir, &ms[i]);
    if (errs[0]) {
      ms[i].valid = 0;
      check(0, "header %s:", ms[i].name);
      note_lines(errs);
    }
  }
  qsort(ms, (size_t)n, sizeof *ms, cmp_micro);
  return n;
}

/* The Table I counts: exactly 32 kernels, 18 racy, 14 race-free. */
static void check_counts(const micro_t *ms, int n)
{
  int racy[NUM_CAT] = { 0 }, free_[NUM_CAT] = { 0 }, valid = 0, tr = 0, tf = 0;
  for (int i = 0; i < n; i++) {
    if (!ms[i].valid || ms[i].cat < 0)
      continue;
    valid++;
    if (ms[i].racy)
      racy[ms[i].cat]++, tr++;
    else
      free_[ms[i].cat]++, tf++;
  }
  int ok = n == WANT_TOTAL && valid == n;
  for (int c = 0; c < NUM_CAT; c++)
    ok &= racy[c] == want_racy[c] && free_[c] == want_free[c];
  check(ok,
        "suite: %d kernels (%d valid), %d racy (fence %d, atomics %d, lock %d), %d race-free "
        "(fence %d, atomics %d, lock %d); want %d: 18 racy (2, 4, 12), 14 race-free (4, 5, 5)",
        n, valid, tr, racy[0], racy[1], racy[2], tf, free_[0], free_[1], free_[2], WANT_TOTAL);
}

static void print_list(const micro_t *ms, int n)
{
  printf("# name verdict type scope line category grid block place\n");
  for (int i = 0; i < n; i++) {
    const micro_t *m = &ms[i];
    if (!m->valid)
      continue;
    if (!m->racy)
      printf("%s none - - - %s %u %u %s\n", m->name, cat_name[m->cat], m->grid, m->block,
             place_name[m->place]);
    for (int r = 0; r < m->nraces; r++)
      printf("%s race %c %s %d %s %u %u %s\n", m->name, m->races[r].type,
             m->races[r].scope_blk ? "block" : "device", m->races[r].line, cat_name[m->cat],
             m->grid, m->block, place_name[m->place]);
  }
}

/* ---- the reference detector (--ref) ------------------------------------------------ */
/* Line of pc in the kernel's own file (an intrinsic: its call site), or -1. */
static int pc_line(const micro_t *m, const ww_kernel_t *k, uint32_t pc)
{
  char buf[300], file[160];
  snprintf(file, sizeof file, "%s.c:", m->name);
  if (ww_kernel_srcline(k, pc, buf, sizeof buf) != 0)
    return -1;
  if (strncmp(buf, file, strlen(file)) != 0 &&
      ww_srcline_callsite(ww_kernel_elf(k)->lines, pc, buf, sizeof buf) != 0)
    return -1;
  if (strncmp(buf, file, strlen(file)) != 0)
    return -1;
  return atoi(buf + strlen(file));
}

/* The RTL's ScoRD (--rtl=MODE): the detector's log must hold exactly the
 * expected (type, scope, line) set, each race at least once. */
static int g_rtl;        /* WW_SCORD_*: the detector's mode (OFF: no race check) */
static int g_verilator;  /* --rtl=MODE given: the verilator backend */
static int g_det;        /* --det: GPUDet deterministic execution */

static int rtl_verdict(const micro_t *m, const ww_kernel_t *k, ww_dev_t *dev, uint64_t seed)
{
  static ww_race_t rs[64];
  size_t n = 0;
  ww_scord_stats_t st;
  int ok = ww_dev_races(dev, rs, 64, &n, &st) == 0;
  if (!ok)
    note_later("races: %s", ww_dev_error(dev));
  const int got = ok;
  int hit[MAX_RACES] = { 0 };
  for (size_t i = 0; ok && i < n && i < 64; i++) {
    const ww_race_t *e = &rs[i];
    char t = WW_RACE_LETTER(e->type);
    int line = pc_line(m, k, e->pc), expected = 0;
    for (int j = 0; j < m->nraces; j++)
      if (m->races[j].type == t && m->races[j].scope_blk == e->scope_blk &&
          m->races[j].line == line)
        expected = hit[j] = 1;
    if (!expected) {
      ok = 0;
      note_later("RTL: unexpected race (%c) %s at %s.c:%d (pc 0x%08x, word 0x%08x, x%u)", t,
                 e->scope_blk ? "block" : "device", m->name, line, e->pc, e->addr, e->count);
    }
  }
  for (int j = 0; j < m->nraces; j++)
    if (!hit[j]) {
      ok = 0;
      note_later("RTL: expected race (%c) %s at %s.c:%d not reported", m->races[j].type,
                 m->races[j].scope_blk ? "block" : "device", m->name, m->races[j].line);
    }
  check(ok, "[seed=%llu] %s: RTL ScoRD (%s metadata): %zu race(s), %s; %llu records, "
        "%llu metadata reads", (unsigned long long)seed, m->name,
        g_rtl == WW_SCORD_FULL ? "full" : "cached", n, m->racy ? "as labelled" : "none expected",
        (unsigned long long)st.records, (unsigned long long)st.md_reads);
  flush_later();
  if (got) {                      /* for the JSON record */
    g_jr.have_scord = 1;
    g_jr.n = n;
    g_jr.st = st;
    for (size_t i = 0; i < n && i < JR_MAX_RACES; i++) {
      g_jr.races[i] = rs[i];
      g_jr.lines[i] = pc_line(m, k, rs[i].pc);
    }
  }
  g_jr.match = ok;
  return ok;
}

/* One run's JSON record (--json). */
static void json_run(const micro_t *m, uint64_t seed)
{
  FILE *f = g_json;
  if (!f)
    return;
  fprintf(f, "%s\n  {\"kernel\": ", g_json_runs++ ? "," : "");
  json_str(f, m->name);
  fprintf(f, ", \"category\": \"%s\", \"seed\": %llu, \"backend\": \"%s\", \"mode\": \"%s\", "
          "\"racy\": %s, \"grid\": %u, \"block\": %u, \"place\": \"%s\", \"expected\": [",
          cat_name[m->cat], (unsigned long long)seed, g_verilator ? "verilator" : "cmodel",
          mode_name(g_rtl), m->racy ? "true" : "false", m->grid, m->block, place_name[m->place]);
  for (int r = 0; r < m->nraces; r++)
    fprintf(f, "%s{\"type\": \"%c\", \"scope\": \"%s\", \"line\": %d}", r ? ", " : "",
            m->races[r].type, m->races[r].scope_blk ? "block" : "device", m->races[r].line);
  fprintf(f, "], \"completed\": %s, \"result_ok\": %s, \"error\": ",
          g_jr.completed ? "true" : "false", g_jr.result_ok ? "true" : "false");
  json_str(f, g_jr.error);
  fputs(", \"races\": [", f);
  for (size_t i = 0; g_jr.have_scord && i < g_jr.n && i < JR_MAX_RACES; i++) {
    const ww_race_t *e = &g_jr.races[i];
    fprintf(f, "%s{\"type\": \"%c\", \"scope\": \"%s\", \"line\": %d, \"count\": %u, "
            "\"pc\": \"0x%08x\", \"addr\": \"0x%08x\"}", i ? ", " : "",
            WW_RACE_LETTER(e->type), e->scope_blk ? "block" : "device", g_jr.lines[i],
            e->count, e->pc, e->addr);
  }
  json_run_end(f, g_jr.have_scord, g_jr.n, &g_jr.st, g_jr.match,
               g_jr.have_stats ? &g_jr.stats : NULL, g_verilator);
}

#ifdef MICRO_HAVE_REF
/* match and mask of every instruction, from the ISA table */
#define WW_INSN(name, mnem, match, mask, fmt, cls)                                    \
  static const uint32_t ISA_M_##name __attribute__((unused)) = (match),               \
                        ISA_K_##name __attribute__((unused)) = (mask);
#include "ww_isa.def"
#define ISA_IS(insn, n) (((insn) & ISA_K_##n) == ISA_M_##n)

/* Tracked global memory: above the null guard, below the local slots. */
#define LOCAL_BASE0 (WW_GMEM_BYTES - WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES * WW_LOCAL_BYTES)
#define REF_MAX_GRID 8

typedef struct {
  ww_scord_ref_t *ref;
  uint32_t        warps;                           /* warps per block */
  int64_t         cta[WW_NUM_SM][WW_WARPS_PER_SM];  /* block a warp slot runs, -1 none */
  unsigned        bar[REF_MAX_GRID];               /* ww.bar arrivals per block */
  int             bad;                             /* an event the reference refused */
} refrun_t;

/* Retired warp instructions -> reference events, in the model's order. */
static void ref_hook(void *ctx, const ww_retire_t *r)
{
  refrun_t *h = ctx;
  if (r->sm >= WW_NUM_SM || r->warp >= WW_WARPS_PER_SM) {
    h->bad = 1;
    return;
  }
  if (h->cta[r->sm][r->warp] != (int64_t)r->block) {   /* a warp slot starts a warp */
    h->cta[r->sm][r->warp] = r->block;
    h->bad |= ww_scord_ref_launch_warp(h->ref, r->sm, r->warp) != 0;
  }
  const uint32_t in = r->insn;
  if (ISA_IS(in, FENCE_BLK) || ISA_IS(in, FENCE_DEV) || ISA_IS(in, FENCE)) {
    h->bad |= ww_scord_ref_fence(h->ref, r->sm, r->warp, !ISA_IS(in, FENCE_BLK)) != 0;
    return;
  }
  if (ISA_IS(in, BAR)) {          /* retires at arrival: released at the last one */
    if (r->block >= REF_MAX_GRID) {
      h->bad = 1;
    } else if (++h->bar[r->block] == h->warps) {
      h->bar[r->block] = 0;
      h->bad |= ww_scord_ref_barrier_release(h->ref, r->sm, r->block) != 0;
    }
    return;
  }
  ww_scord_ref_access_t a;
  memset(&a, 0, sizeof a);
  switch (r->mem) {
  case WW_MEM_LOAD: a.kind = WW_SCORD_REF_LOAD; break;
  case WW_MEM_STORE: a.kind = WW_SCORD_REF_STORE; break;
  case WW_MEM_LOAD_STRONG: a.kind = WW_SCORD_REF_LOAD_STRONG; break;
  case WW_MEM_STORE_STRONG: a.kind = WW_SCORD_REF_STORE_STRONG; break;
  case WW_MEM_ATOMIC_BLK:
    a.kind = ISA_IS(in, CAS_BLK) ? WW_SCORD_REF_CAS_BLK
             : ISA_IS(in, AMOEXCH_BLK) ? WW_SCORD_REF_EXCH_BLK : WW_SCORD_REF_ATOM_BLK;
    break;
  case WW_MEM_ATOMIC_DEV:
    a.kind = ISA_IS(in, CAS_DEV) ? WW_SCORD_REF_CAS_DEV
             : ISA_IS(in, AMOEXCH_DEV) ? WW_SCORD_REF_EXCH_DEV : WW_SCORD_REF_ATOM_DEV;
    break;
  default:
    return;                       /* no memory access, or shared memory */
  }
  a.pc = r->pc;
  a.sm = r->sm;
  a.hwwarp = r->warp;
  a.ctaid = r->block;
  a.bytes = r->mem_bytes;
  for (unsigned l = 0; l < WW_LANES; l++)
    if ((r->mask >> l & 1) && r->addr[l] >= WW_NULL_GUARD_BYTES && r->addr[l] < LOCAL_BASE0) {
      a.mask |= 1u << l;          /* local and shared memory are not tracked */
      a.addr[l] = r->addr[l];
    }
  if (a.mask)
    h->bad |= ww_scord_ref_access(h->ref, &a) != 0;
}

/* Both views must report exactly the expected (type, scope, line) set. */
static void ref_verdict(const micro_t *m, const ww_kernel_t *k, const refrun_t *h, uint64_t seed)
{
  static const char *const vname[2] = { "ideal", "approximate" };
  const ww_scord_ref_race_t *rs[2];
  size_t n[2] = { ww_scord_ref_races(h->ref, &rs[0]), ww_scord_ref_approx_races(h->ref, &rs[1]) };
  int ok = !h->bad;
  if (h->bad)
    note_later("the reference refused an event");
  for (int v = 0; v < 2; v++) {
    int hit[MAX_RACES] = { 0 };
    for (size_t i = 0; i < n[v]; i++) {
      const ww_scord_ref_race_t *e = &rs[v][i];
      char t = ww_scord_ref_type_char(e->type);
      int line = pc_line(m, k, e->pc), expected = 0;
      for (int j = 0; j < m->nraces; j++)
        if (m->races[j].type == t && m->races[j].scope_blk == e->scope_blk &&
            m->races[j].line == line)
          expected = hit[j] = 1;
      if (!expected) {
        ok = 0;
        note_later("%s view: unexpected race (%c) %s at %s.c:%d (pc 0x%08x, word 0x%08x, x%u)",
                   vname[v], t, e->scope_blk ? "block" : "device", m->name, line, e->pc,
                   e->addr, e->count);
      }
    }
    for (int j = 0; j < m->nraces; j++)
      if (!hit[j]) {
        ok = 0;
        note_later("%s view: expected race (%c) %s at %s.c:%d not reported", vname[v],
                   m->races[j].type, m->races[j].scope_blk ? "block" : "device", m->name,
                   m->races[j].line);
      }
  }
  check(ok, "[seed=%llu] %s: reference detector (docs/scord.md §1), ideal %zu / approximate "
        "%zu race(s), %s", (unsigned long long)seed, m->name, n[0], n[1],
        m->racy ? "as labelled" : "none expected");
  flush_later();
}
#endif

/* ---- running one kernel ------------------------------------------------------------- */
typedef struct { uint32_t data, flag, lock, out; } micro_args_t;   /* mirrors the kernels' */

static uint32_t upload(ww_dev_t *dev, uint32_t word)
{
  uint32_t buf[BUF_BYTES / 4];
  for (size_t i = 0; i < BUF_BYTES / 4; i++)
    buf[i] = word;
  uint32_t a = ww_dev_alloc(dev, BUF_BYTES);
  if (a && ww_dev_copy_to(dev, a, buf, sizeof buf) != 0)
    return 0;
  return a;
}

static void print_report(const char *m)
{
  while (m && *m) {
    const char *nl = strchr(m, '\n');
    int len = nl ? (int)(nl - m) : (int)strlen(m);
    note("%.*s", len, m);
    m = nl ? nl + 1 : NULL;
  }
}

static void run_micro(const micro_t *m, const char *elf_dir, uint64_t seed, int use_ref)
{
#ifdef MICRO_HAVE_REF
  refrun_t h;                     /* before the first goto done */
  memset(&h, 0, sizeof h);
#endif
  char path[600], err[256] = "";
  memset(&g_jr, 0, sizeof g_jr);
  g_jr.match = -1;
  if (snprintf(path, sizeof path, "%s/%s.elf", elf_dir, m->name) >= (int)sizeof path) {
    check(0, "[seed=%llu] %s: ELF path too long", (unsigned long long)seed, m->name);
    snprintf(g_jr.error, sizeof g_jr.error, "ELF path too long");
    json_run(m, seed);
    return;
  }
  ww_dev_opts_t opts = { .backend = g_verilator ? "verilator" : "cmodel", .seed = seed,
                         .max_steps = STEP_LIMIT, .cosim = g_det ? WW_COSIM_OFF : WW_COSIM_FOLLOW,
                         .scord = g_rtl, .det = g_det };
  ww_dev_t *dev = ww_dev_open(&opts, err, sizeof err);
  if (!dev) {
    check(0, "[seed=%llu] %s: open device: %s", (unsigned long long)seed, m->name, err);
    snprintf(g_jr.error, sizeof g_jr.error, "open device: %.200s", err);
    json_run(m, seed);
    return;
  }
  ww_kernel_t *k = ww_kernel_load(dev, path);   /* before any allocation */
  micro_args_t args = { 0, 0, 0, 0 };
  ww_result_t res;
  uint32_t out[OUT_WORDS], data, lock[2];
  memset(&res, 0, sizeof res);
  if (!k) {
    check(0, "[seed=%llu] %s: load %s: %s", (unsigned long long)seed, m->name, path,
          ww_dev_error(dev));
    snprintf(g_jr.error, sizeof g_jr.error, "load: %.200s", ww_dev_error(dev));
    goto done;
  }
  args.data = upload(dev, 0);
  args.flag = upload(dev, 0);
  args.lock = upload(dev, 0);
  args.out = upload(dev, SENTINEL);
  if (!args.data || !args.flag || !args.lock || !args.out) {
    check(0, "[seed=%llu] %s: device buffers: %s", (unsigned long long)seed, m->name,
          ww_dev_error(dev));
    snprintf(g_jr.error, sizeof g_jr.error, "device buffers: %.200s", ww_dev_error(dev));
    goto done;
  }
#ifdef MICRO_HAVE_REF
  if (use_ref) {
    h.ref = ww_scord_ref_new(WW_NUM_SM, WW_WARPS_PER_SM);
    h.warps = (m->block + WW_LANES - 1) / WW_LANES;
    for (unsigned sm = 0; sm < WW_NUM_SM; sm++)
      for (unsigned w = 0; w < WW_WARPS_PER_SM; w++)
        h.cta[sm][w] = -1;
    if (!h.ref || m->grid > REF_MAX_GRID) {
      check(0, "[seed=%llu] %s: reference detector: cannot set up", (unsigned long long)seed,
            m->name);
      goto done;
    }
    ww_dev_set_retire_hook(dev, ref_hook, &h);
  }
#else
  (void)use_ref;
#endif
  if (ww_launch(dev, k, m->grid, m->block, &args, sizeof args) != 0) {
    check(0, "[seed=%llu] %s: launch grid %u x block %u: %s", (unsigned long long)seed,
          m->name, m->grid, m->block, ww_dev_error(dev));
    snprintf(g_jr.error, sizeof g_jr.error, "launch: %.200s", ww_dev_error(dev));
    goto done;
  }
  if (ww_wait(dev, &res) != 0 || !res.ok) {
    check(0, "[seed=%llu] %s: grid %u x block %u did not complete (limit %llu steps)",
          (unsigned long long)seed, m->name, m->grid, m->block,
          (unsigned long long)STEP_LIMIT);
    print_report(res.message[0] ? res.message : ww_dev_error(dev));
    const char *why = res.message[0] ? res.message : ww_dev_error(dev);
    int wlen = (int)strcspn(why, "\n");
    snprintf(g_jr.error, sizeof g_jr.error, "did not complete: %.*s", wlen < 200 ? wlen : 200, why);
    goto done;
  }
  g_jr.completed = 1;
  g_jr.have_stats = 1;
  g_jr.stats = res.stats;
  if (ww_dev_copy_from(dev, out, args.out, sizeof out) != 0 ||
      ww_dev_copy_from(dev, &data, args.data, 4) != 0 ||
      ww_dev_copy_from(dev, lock, args.lock, sizeof lock) != 0) {
    check(0, "[seed=%llu] %s: read back: %s", (unsigned long long)seed, m->name,
          ww_dev_error(dev));
    snprintf(g_jr.error, sizeof g_jr.error, "read back: %.200s", ww_dev_error(dev));
    goto done;
  }

  int ok = 1;
  char want[64];
  if (!alt_has(&m->out0, out[0]) || !alt_has(&m->out1, out[1]) || !alt_has(&m->data, data)) {
    ok = 0;
    alt_str(&m->out0, want, sizeof want);
    note_later("out[0] = %u (want %s)", out[0], want);
    alt_str(&m->out1, want, sizeof want);
    note_later("out[1] = %u (want %s)", out[1], want);
    alt_str(&m->data, want, sizeof want);
    note_later("*data = %u (want %s)", data, want);
  }
  /* placement words: ctaid << 16 | smid << 8 | hardware warp */
  uint32_t p0 = out[2], p1 = out[3];
  uint32_t c0 = p0 >> 16, c1 = p1 >> 16, s0 = (p0 >> 8) & 0xFF, s1 = (p1 >> 8) & 0xFF;
  uint32_t w0 = p0 & 0xFF, w1 = p1 & 0xFF;
  int placed = p0 != SENTINEL && p1 != SENTINEL;
  if (placed && m->place == PLACE_WARP)
    placed = p0 == p1;
  else if (placed && m->place == PLACE_BLOCK)
    placed = c0 == c1 && s0 == s1 && w0 != w1;
  else if (placed)
    placed = c0 != c1 && s0 != s1;
  if (!placed) {
    ok = 0;
    note_later("placement: A block %u SM %u warp %u, B block %u SM %u warp %u: not %s", c0, s0, w0,
         c1, s1, w1, place_name[m->place]);
  }
  for (int i = 4; i < OUT_WORDS; i++)
    if (out[i] != SENTINEL) {
      ok = 0;
      note_later("out[%d] = 0x%08x: written past out[3]", i, out[i]);
    }
  if (lock[0] || lock[1]) {
    ok = 0;
    note_later("lock[0] = %u, lock[1] = %u: a lock was not released", lock[0], lock[1]);
  }
  char verdict[96] = "expect none";
  if (m->racy) {
    size_t len = (size_t)snprintf(verdict, sizeof verdict, "expect");
    for (int r = 0; r < m->nraces && len < sizeof verdict; r++)
      len += (size_t)snprintf(verdict + len, sizeof verdict - len, " %c/%s@%d",
                              m->races[r].type, m->races[r].scope_blk ? "block" : "device",
                              m->races[r].line);
  }
  check(ok, "[seed=%llu] %s: grid %u x block %u, %s (SM %u/%u, warp %u/%u), out %u %u, "
        "data %u, %llu steps; %s",
        (unsigned long long)seed, m->name, m->grid, m->block, place_name[m->place], s0, s1, w0,
        w1, out[0], out[1], data, (unsigned long long)res.stats.steps, verdict);
  flush_later();
  g_jr.result_ok = ok;
  if (g_rtl)
    rtl_verdict(m, k, dev, seed);
#ifdef MICRO_HAVE_REF
  if (use_ref)
    ref_verdict(m, k, &h, seed);
#endif
done:
  json_run(m, seed);
#ifdef MICRO_HAVE_REF
  if (h.ref) {
    ww_dev_set_retire_hook(dev, NULL, NULL);
    ww_scord_ref_free(h.ref);
  }
#endif
  if (k)
    ww_kernel_free(k);
  ww_dev_close(dev);
}

/* ---- main ------------------------------------------------------------------------ */
static void usage(FILE *f)
{
  fprintf(f, "usage: micro_tests [--list] [--ref] [--only=NAME] [--seed=N] [--seeds=A,B,...]\n"
             "                   [--src-dir=DIR] [--elf-dir=DIR] [--rtl=MODE] [--det] [--json=FILE]\n"
             "  defaults: --src-dir=sw/scord/micro --elf-dir=build/scord/micro,\n"
             "  seeds 0 (round robin), 1 and 20240607 (random interleavings)\n"
             "  --list: name verdict type scope line category grid block place,\n"
             "          one row per expected race, '-' where a race-free row has none\n"
             "  --ref:  also check each run's races with the reference detector\n"
             "          (tb/scord/ww_scord_ref.c, when built in)\n"
             "  --rtl=full|cached: run on the RTL (verilator backend, co-simulation\n"
             "          follow) with ScoRD on, and check its race log against the labels\n"
             "          (needs the build linked with the Verilated GPU: micro_tests_rtl)\n"
             "  --rtl=off: run on the RTL with ScoRD off (no race check: the cycles\n"
             "          without the detector)\n"
             "  --det:  with --rtl=full|cached, GPUDet's deterministic execution (no\n"
             "          co-simulation; the final memory is compared with the model's)\n"
             "  --json=FILE: also write every run's record (labels, races found, cycles,\n"
             "          detector counters) as one JSON object to FILE\n");
}

static int parse_u64(const char *s, uint64_t *v)
{
  char *end;
  if (!*s)
    return -1;
  *v = strtoull(s, &end, 0);
  return *end ? -1 : 0;
}

int main(int argc, char **argv)
{
  static micro_t ms[MAX_MICRO];
  uint64_t seeds[MAX_SEEDS] = { 0, 1, 20240607 };
  int nseeds = 3, list = 0, use_ref = 0;
  const char *src_dir = "sw/scord/micro", *elf_dir = "build/scord/micro", *only = NULL;
  const char *json_path = NULL;

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--list")) {
      list = 1;
    } else if (!strcmp(a, "--ref")) {
#ifdef MICRO_HAVE_REF
      use_ref = 1;
#else
      fprintf(stderr, "micro_tests: built without the reference detector (tb/scord/ww_scord_ref.c)\n");
      return 2;
#endif
    } else if (!strncmp(a, "--rtl=", 6)) {
      g_rtl = ww_scord_mode(a + 6);
      if (g_rtl < 0) {
        fprintf(stderr, "micro_tests: --rtl=%s: expected full, cached or off\n", a + 6);
        return 2;
      }
      g_verilator = 1;
    } else if (!strcmp(a, "--det")) {
      g_det = 1;
    } else if (!strncmp(a, "--json=", 7)) {
      json_path = a + 7;
    } else if (!strncmp(a, "--only=", 7)) {
      only = a + 7;
    } else if (!strncmp(a, "--src-dir=", 10)) {
      src_dir = a + 10;
    } else if (!strncmp(a, "--elf-dir=", 10)) {
      elf_dir = a + 10;
    } else if (!strncmp(a, "--seed=", 7)) {
      if (nseeds == MAX_SEEDS || parse_u64(a + 7, &seeds[nseeds]) != 0) {
        fprintf(stderr, "micro_tests: bad or too many seeds at '%s'\n", a);
        return 2;
      }
      nseeds++;
    } else if (!strncmp(a, "--seeds=", 8)) {
      if (parse_seeds(a + 8, seeds, MAX_SEEDS, &nseeds) != 0) {
        fprintf(stderr, "micro_tests: bad seed list '%s'\n", a + 8);
        return 2;
      }
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else {
      usage(stderr);
      return 2;
    }
  }

  if (g_det && (!g_verilator || g_rtl == WW_SCORD_OFF)) {
    fprintf(stderr, "micro_tests: --det checks the RTL's race reports in deterministic mode: "
                    "it needs --rtl=full or --rtl=cached\n");
    return 2;
  }
  /* --list writes only the manifest on stdout; header problems go to stderr */
  rep = list ? stderr : stdout;
  int n = load_micros(src_dir, ms, MAX_MICRO);
  if (n < 0) {
    fprintf(stderr, "micro_tests: cannot open %s\n", src_dir);
    return 2;
  }
  if (n > MAX_MICRO) {
    check(0, "suite: more than %d files in %s", MAX_MICRO, src_dir);
    n = MAX_MICRO;
  }
  check_counts(ms, n);
  if (list) {
    print_list(ms, n);
    return nfail ? 1 : 0;
  }
  if (json_path && json_open(json_path, "micro_tests", argc, argv,
                             g_verilator ? "verilator" : "cmodel", g_rtl) != 0)
    return 2;

  int found = !only;
  for (int s = 0; s < nseeds; s++)
    for (int i = 0; i < n; i++) {
      if (only && strcmp(ms[i].name, only) != 0)
        continue;
      found = 1;
      if (ms[i].valid)
        run_micro(&ms[i], elf_dir, seeds[s], use_ref);
    }
  if (g_json && json_close(json_path, "micro_tests") != 0)
    return 2;
  if (!found) {
    fprintf(stderr, "micro_tests: no microbenchmark '%s' in %s\n", only, src_dir);
    return 2;
  }
  fprintf(rep, "%d passed, %d failed\n", npass, nfail);
  return nfail ? 1 : 0;
}
