/* SPDX-License-Identifier: Apache-2.0
 *
 * tm_apps -- the runner of the KILO TM applications (sw/tm/apps/NAME.c,
 * sw/tm/README.md; KILO TM, MICRO 2011, §5 Table 2 in small sizes).
 *
 *   tm_apps [--list] [--only=APP] [--modes=0,1,2,3] [--seeds=A,B,...] [--seed=N]
 *           [--data-seed=N] [--src-dir=DIR] [--elf-dir=DIR] [--backend=NAME]
 *           [--cosim=sync|strict|follow|off] [--json=FILE] [-v]
 *
 * Every application kernel takes a `mode` word first: 0 = transactions
 * (ww_tx_begin/ww_tx_commit), 1 = fine-grained locks, 2 = one global lock,
 * 3 = no synchronization (the negative control).
 * Its source header states, in machine-readable lines,
 *   TM-GEOMETRY: grid=<n> block=<n>
 *   TM-ARGS: <name> <name> ...        the argument words, in order
 * The runner parses the SOURCE and checks that TM-ARGS names exactly the
 * words it passes (a PASS/FAIL line per kernel). One kernel may serve
 * several applications (ht serves ht-h and ht-l: other arguments).
 *
 * For each application, mode and seed: the runner draws the inputs from
 * the data seed (--data-seed, default 1; the same inputs for every mode and
 * interleaving seed), uploads them, launches the header's geometry, waits,
 * reads the structure back and checks the application's invariant against
 * a host reference (ht: every key exactly once in well-formed chains of its
 * bucket, node count = insertions; atm: total balance preserved, each
 * balance = initial + performed incoming - performed outgoing, none negative
 * without overdrafts; list: sorted from head to tail, every key exactly
 * once; all: every lock word 0). The same invariant applies to every mode.
 *
 *   * a completed run: PASS or FAIL by the invariant;
 *   * a run that traps: FAIL, with the trap report, EXCEPT a mode-0 run
 *     whose trap is "transactions not implemented" (the TM hardware does
 *     not exist yet): printed as a "TX-PENDING" line, counted apart, neither
 *     pass nor fail. Once transactions run, mode 0 completes and its
 *     invariant is checked like the others (every seed);
 *   * mode 3, the first seed only: the invariant must FAIL on the
 *     high-contention applications (ht-h, atm-nod, list): PASS when the
 *     check catches the lost updates. On ht-l and atm (low contention) a
 *     miss is only a NOTE.
 *
 * Default seeds 0 (round robin on the golden model; fixed DRAM timing on
 * the RTL), 1 and 20240607 (random interleavings / DRAM jitter); default
 * modes 0, 1, 2, 3. --backend=verilator (the _rtl build) runs the RTL,
 * co-simulated against the golden model (sync mode by default: device
 * atomics and strong loads take the RTL's values and must fit one serial
 * order per word; everything else is compared exactly). Mode 3 races by
 * design, so it runs in follow mode there (the model takes the RTL's load
 * values) unless --cosim names another mode.
 *
 * --json=FILE writes {"runner", "backend", "runs": [{"app", "mode", "seed",
 * "status" ("pass", "fail", "tx-pending", "control-missed"), "cycles" (verilator: the launch's
 * cycles, else null), "steps", "warp_insns", "tx_commits", "tx_aborts" (threads; on the RTL the
 * co-simulated model's counts of the RTL's outcomes), "tx_watchdog_aborts", "tx_warps_max" (most
 * warps of one SM in transactions at once; null unless completed), "detail"}], "passed", "failed",
 * "tx_pending"}.
 * --list prints one row per application: app kernel grid block arguments.
 * Prints one line per check and ends with "N passed, N failed"; exits 1 on
 * any failure.
 */

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_rng.h"
#include "ww_runtime.h"

#define MAX_SEEDS 64
#define MAX_ARGS   16
#define STEP_LIMIT 20000000ull    /* cmodel: a lock that is never released is a FAIL, not a hang */

enum { MODE_TX = 0, MODE_FINE = 1, MODE_GLOBAL = 2, MODE_NONE = 3, NMODES = 4 };
static const char *const mode_name[NMODES] = { "transactions", "fine-grained locks", "global lock",
                                               "no synchronization" };

static int npass, nfail, ntx;
static int verbose;

static void *xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "tm_apps: out of host memory\n");
    exit(2);
  }
  return p;
}

static int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int check(int ok, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  printf("%s ", ok ? "PASS" : "FAIL");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  if (ok)
    npass++;
  else
    nfail++;
  fflush(stdout);
  return ok;
}

static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  printf("    ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
}

/* -v on the RTL: where the cycles went. Every SM's warp-slot cycles per GSI
 * class with the memory-data and synchronization sub-classes (docs/gsi.md;
 * sy_tx_commit is a warp in its ww.tx.commit), and the commit units'
 * entry-cycles per stage (docs/tm.md sec. 4.1 "Counters"), each summed. */
static void note_breakdown(ww_dev_t *dev)
{
  static ww_stalls_t st;
  static ww_tm_counters_t tm;
  uint64_t c[WW_STALL_COUNTERS] = { 0 }, t[WW_TM_COUNTERS] = { 0 }, cls = 0, stages = 0;
  if (ww_dev_stalls(dev, &st) == 0) {
    for (unsigned m = 0; m < st.n_sm && m < WW_NUM_SM; m++)
      for (unsigned i = 0; i < WW_STALL_COUNTERS; i++)
        c[i] += st.cnt[m][i];
    for (unsigned i = WW_GSI_CNT_CLS_FIRST; i < WW_GSI_CNT_CLS_FIRST + WW_GSI_CNT_CLS_N; i++)
      cls += c[i];
    printf("    warp-slot cycles:");
#define X(name, idx, text)                                                                  \
  if ((idx) != WW_GSI_CNT_CYCLES && c[idx])                                                \
    printf(" %s %.1f%%", text, cls ? 100.0 * (double)c[idx] / (double)cls : 0.0);
    WW_GSI_CNT_LIST(X)
#undef X
    printf("\n");
  }
  if (ww_dev_tm_counters(dev, &tm) == 0) {
    for (unsigned p = 0; p < tm.n_part && p < WW_NUM_PART; p++)
      for (unsigned i = 0; i < WW_TM_COUNTERS; i++)
        t[i] += tm.cnt[p][i];
    for (unsigned i = WW_TM_CNT_STAGE_FIRST; i < WW_TM_CNT_STAGE_FIRST + WW_TM_CNT_STAGE_N; i++)
      stages += t[i];
    printf("    commit units:");
#define X(name, idx, text)                                                                  \
  if ((unsigned)(idx) - WW_TM_CNT_STAGE_FIRST < WW_TM_CNT_STAGE_N)                         \
    printf(" %s %.1f%%", text, stages ? 100.0 * (double)t[idx] / (double)stages : 0.0);     \
  else                                                                                     \
    printf(" %s %llu", text, (unsigned long long)t[idx]);
    WW_TM_CNT_LIST(X)
#undef X
    printf(" (entry-cycles %llu)\n", (unsigned long long)stages);
  }
}

/* ==== one run ============================================================================ */
typedef struct app app_t;

typedef struct {
  ww_dev_t          *dev;
  const ww_kernel_t *k;
  const app_t       *app;
  uint32_t           mode;
  uint64_t           data_seed;
  uint32_t           threads;      /* grid * block */
  char               err[600];     /* a device error (allocation, copy, launch) */
  char               bad[600];     /* why the invariant does not hold ("" = it does) */
  char               what[300];    /* what the structure looked like */
  ww_result_t        res;
  int                completed;
} run_t;

/* Appends to r->bad (the first few problems are enough). */
static void bad(run_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(run_t *r, const char *fmt, ...)
{
  size_t len = strlen(r->bad);
  if (len + 8 >= sizeof r->bad)
    return;
  if (len)
    len += (size_t)snprintf(r->bad + len, sizeof r->bad - len, "; ");
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->bad + len, sizeof r->bad - len, fmt, ap);
  va_end(ap);
}

static uint32_t dalloc(run_t *r, size_t bytes)
{
  if (r->err[0])
    return 0;
  uint32_t a = ww_dev_alloc(r->dev, (uint32_t)bytes);
  if (!a)
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

static uint32_t zeros(run_t *r, size_t words)
{
  uint32_t *buf = xcalloc(words, 4);
  uint32_t a = upload(r, buf, 4 * words);
  free(buf);
  return a;
}

static int download(run_t *r, void *dst, uint32_t addr, size_t bytes)
{
  if (r->err[0])
    return -1;
  if (ww_dev_copy_from(r->dev, dst, addr, bytes) != 0) {
    snprintf(r->err, sizeof r->err, "copy from device: %s", ww_dev_error(r->dev));
    return -1;
  }
  return 0;
}

/* Launches the header's geometry and waits. 0: completed; -1: trap or error. */
static int launch(run_t *r, const uint32_t *args, size_t nwords);

/* n distinct keys in [1, 2^31), from g. */
static uint32_t *distinct_keys(ww_rng_t *g, uint32_t n)
{
  uint32_t *k = xcalloc(n, 4);
  for (uint32_t i = 0; i < n; i++) {
    int dup;
    do {
      k[i] = 1 + (uint32_t)ww_rng_below(g, 0x7FFFFFFEu);
      dup = 0;
      for (uint32_t j = 0; j < i; j++)
        dup |= k[j] == k[i];
    } while (dup);
  }
  return k;
}

static int cmp_u32(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Every word of a lock array is 0. */
static void locks_free(run_t *r, const char *what, const uint32_t *w, size_t n, size_t stride)
{
  size_t held = 0, first = 0;
  for (size_t i = 0; i < n; i++)
    if (w[i * stride] != 0 && held++ == 0)
      first = i;
  if (held)
    bad(r, "%zu %s lock%s still held (first: %zu = %u)", held, what, held == 1 ? "" : "s", first,
        w[first * stride]);
}

/* ==== applications =========================================================================== */
struct app {
  const char *name;
  const char *kernel;              /* sw/tm/apps/<kernel>.c, build/tm/apps/<kernel>.elf */
  const char *args;                /* the argument words, as TM-ARGS must name them */
  const char *paper;               /* the paper's benchmark */
  uint32_t    p1, p2;              /* application parameters (see each run_*) */
  int         must_catch;          /* mode 3 (no synchronization) must break the invariant */
  void (*run)(run_t *r);
  /* from the source header */
  uint32_t grid, block;
  int      valid;
};

/* ---- ht: chained hash table insertion ---------------------------------------------------- */
/* p1 = buckets (power of two), p2 = insertions per thread. */
static uint32_t ht_bucket(uint32_t key, uint32_t nbuckets)
{
  return ((key * 0x9E3779B1u) >> 16) & (nbuckets - 1);
}

static void run_ht(run_t *r)
{
  const uint32_t nb = r->app->p1, per = r->app->p2, n = r->threads * per;
  ww_rng_t g = { r->data_seed * 1000003u + 1 };
  uint32_t *keys = distinct_keys(&g, n);
  uint32_t args[] = { r->mode, nb, per, upload(r, keys, 4 * n), zeros(r, nb), zeros(r, nb),
                      zeros(r, 1), dalloc(r, 16 * (size_t)n) };
  uint32_t *heads = xcalloc(nb, 4), *locks = xcalloc(nb, 4), *nodes = xcalloc(4 * (size_t)n, 4);
  uint32_t glock = 0;
  if (launch(r, args, sizeof args / 4) == 0 && download(r, heads, args[4], 4 * nb) == 0 &&
      download(r, locks, args[5], 4 * nb) == 0 && download(r, &glock, args[6], 4) == 0 &&
      download(r, nodes, args[7], 16 * (size_t)n) == 0) {
    uint8_t *seen = xcalloc(n, 1);
    uint32_t *found = xcalloc(n, 4), count = 0, longest = 0, used = 0;
    for (uint32_t b = 0; b < nb; b++) {
      uint32_t len = 0;
      for (uint32_t idx = heads[b]; idx != 0; idx = nodes[4 * (idx - 1) + 2]) {
        if (idx > n) {
          bad(r, "bucket %u: link %u out of range", b, idx);
          break;
        }
        uint32_t i = idx - 1;
        if (seen[i]) {
          bad(r, "bucket %u: node %u reached twice (a cycle or a shared tail)", b, i);
          break;
        }
        seen[i] = 1;
        len++;
        if (count < n)
          found[count++] = nodes[4 * i];
        if (ht_bucket(nodes[4 * i], nb) != b)
          bad(r, "bucket %u: node %u key %u hashes to bucket %u", b, i, nodes[4 * i],
              ht_bucket(nodes[4 * i], nb));
      }
      used += len != 0;
      if (len > longest)
        longest = len;
    }
    if (count != n)
      bad(r, "%u nodes in the chains, %u insertions", count, n);
    uint32_t wrong = 0;
    for (uint32_t i = 0; i < n; i++)
      if (nodes[4 * i] != keys[i] || nodes[4 * i + 1] != i) {
        if (wrong++ == 0)
          bad(r, "node %u holds key %u value %u, inserted key %u value %u", i, nodes[4 * i],
              nodes[4 * i + 1], keys[i], i);
      }
    if (wrong > 1)
      bad(r, "%u nodes hold a wrong key or value", wrong);
    /* every inserted key exactly once: the chains' keys, sorted, equal the inserted ones */
    qsort(found, count, 4, cmp_u32);
    qsort(keys, n, 4, cmp_u32);
    if (count == n && memcmp(found, keys, 4 * (size_t)n) != 0)
      bad(r, "the keys in the chains are not the inserted keys, each once");
    locks_free(r, "bucket", locks, nb, 1);
    locks_free(r, "global", &glock, 1, 1);
    snprintf(r->what, sizeof r->what,
             "%u keys in %u chains of %u buckets (longest %u), every key once, locks free", count,
             used, nb, longest);
    free(seen);
    free(found);
  }
  free(keys);
  free(heads);
  free(locks);
  free(nodes);
}

/* ---- atm: bank transfers ------------------------------------------------------------------- */
/* p1 = accounts, p2 = no_overdraft; 4 transfers per thread, amounts 1..50, initial
 * balances 0..99 (no_overdraft = 1: refusals happen). */
#define ATM_PER 4u

static void run_atm(run_t *r)
{
  const uint32_t na = r->app->p1, nod = r->app->p2, n = r->threads * ATM_PER;
  ww_rng_t g = { r->data_seed * 1000003u + 2 };
  uint32_t *xf = xcalloc(3 * (size_t)n, 4), *done = xcalloc(n, 4), *locks = xcalloc(na, 4);
  int32_t *init = xcalloc(na, 4), *bal = xcalloc(na, 4);
  int64_t *want = xcalloc(na, 8);
  for (uint32_t k = 0; k < na; k++)
    init[k] = (int32_t)ww_rng_below(&g, 100);
  for (uint32_t t = 0; t < n; t++) {
    uint32_t s = (uint32_t)ww_rng_below(&g, na), d;
    do
      d = (uint32_t)ww_rng_below(&g, na);
    while (d == s);
    xf[3 * t] = s, xf[3 * t + 1] = d, xf[3 * t + 2] = 1 + (uint32_t)ww_rng_below(&g, 50);
  }
  uint32_t args[] = { r->mode, na, ATM_PER, nod, upload(r, xf, 12 * (size_t)n),
                      upload(r, init, 4 * (size_t)na), zeros(r, na), zeros(r, 1),
                      dalloc(r, 4 * (size_t)n) };
  uint32_t glock = 0;
  if (launch(r, args, sizeof args / 4) == 0 && download(r, bal, args[5], 4 * (size_t)na) == 0 &&
      download(r, locks, args[6], 4 * (size_t)na) == 0 && download(r, &glock, args[7], 4) == 0 &&
      download(r, done, args[8], 4 * (size_t)n) == 0) {
    int64_t total0 = 0, total = 0;
    uint32_t refused = 0, odd = 0, negative = 0, differ = 0;
    for (uint32_t k = 0; k < na; k++)
      want[k] = init[k], total0 += init[k], total += bal[k];
    for (uint32_t t = 0; t < n; t++) {
      if (done[t] > 1) {
        if (odd++ == 0)
          bad(r, "transfer %u: outcome word %u (not 0 or 1)", t, done[t]);
        continue;
      }
      if (!done[t]) {
        refused++;
        continue;
      }
      want[xf[3 * t]] -= xf[3 * t + 2];
      want[xf[3 * t + 1]] += xf[3 * t + 2];
    }
    if (!nod && refused)
      bad(r, "%u transfers refused, but overdrafts are allowed", refused);
    if (total != total0)
      bad(r, "total balance %lld, initially %lld", (long long)total, (long long)total0);
    for (uint32_t k = 0; k < na; k++) {
      if (bal[k] != want[k] && differ++ == 0)
        bad(r, "account %u: balance %d, the replay of the performed transfers gives %lld", k,
            bal[k], (long long)want[k]);
      if (nod && bal[k] < 0 && negative++ == 0)
        bad(r, "account %u: negative balance %d with overdrafts forbidden", k, bal[k]);
    }
    if (differ > 1)
      bad(r, "%u balances differ from the replay", differ);
    locks_free(r, "account", locks, na, 1);
    locks_free(r, "global", &glock, 1, 1);
    snprintf(r->what, sizeof r->what,
             "%u transfers (%u refused) over %u accounts, total %lld preserved, balances equal "
             "the replay%s, locks free", n, refused, na, (long long)total,
             nod ? ", none negative" : "");
  }
  free(xf);
  free(done);
  free(locks);
  free(init);
  free(bal);
  free(want);
}

/* ---- list: sorted linked-list insertion ---------------------------------------------------- */
/* p2 = insertions per thread. */
static void run_list(run_t *r)
{
  const uint32_t per = r->app->p2, n = r->threads * per, nn = n + 2;
  ww_rng_t g = { r->data_seed * 1000003u + 3 };
  uint32_t *keys = distinct_keys(&g, n), *nodes = xcalloc(4 * (size_t)nn, 4);
  nodes[0] = 0, nodes[1] = 1;                     /* head: key 0, next = tail */
  nodes[4] = 0xFFFFFFFFu, nodes[5] = 1;           /* tail: key max (next unused) */
  uint32_t args[] = { r->mode, per, upload(r, keys, 4 * (size_t)n), zeros(r, 1),
                      upload(r, nodes, 16 * (size_t)nn) };
  uint32_t glock = 0;
  if (launch(r, args, sizeof args / 4) == 0 && download(r, &glock, args[3], 4) == 0 &&
      download(r, nodes, args[4], 16 * (size_t)nn) == 0) {
    uint32_t *sorted = xcalloc(n, 4), count = 0, idx = 0, prev = 0, wrong = 0;
    uint8_t *seen = xcalloc(nn, 1);
    memcpy(sorted, keys, 4 * (size_t)n);
    qsort(sorted, n, 4, cmp_u32);
    if (nodes[0] != 0)
      bad(r, "head key %u, not 0", nodes[0]);
    seen[0] = 1;
    for (;;) {
      uint32_t next = nodes[4 * idx + 1];
      if (next >= nn) {
        bad(r, "node %u: next %u out of range", idx, next);
        break;
      }
      if (seen[next]) {
        bad(r, "node %u: next %u reached twice (a cycle)", idx, next);
        break;
      }
      seen[next] = 1;
      uint32_t key = nodes[4 * next];
      if (key <= prev) {
        bad(r, "not sorted: key %u (node %u) after key %u", key, next, prev);
        break;
      }
      prev = key, idx = next;
      if (idx == 1)
        break;
      if (count < n && key != sorted[count] && wrong++ == 0)
        bad(r, "the %u-th key is %u, the %u-th smallest inserted key is %u", count, key, count,
            sorted[count]);
      count++;
    }
    if (idx == 1 && count != n)
      bad(r, "%u keys between head and tail, %u insertions", count, n);
    for (uint32_t i = 0; i < n; i++)
      if (nodes[4 * (2 + i)] != keys[i] && wrong++ < 2)
        bad(r, "node %u holds key %u, inserted key %u", 2 + i, nodes[4 * (2 + i)], keys[i]);
    locks_free(r, "node", nodes + 2, nn, 4);
    locks_free(r, "global", &glock, 1, 1);
    snprintf(r->what, sizeof r->what,
             "%u keys sorted between the sentinels, every key once, locks free", count);
    free(sorted);
    free(seen);
  }
  free(keys);
  free(nodes);
}

static app_t apps[] = {
  /* name      kernel  arguments (TM-ARGS)                                        paper
   *           p1    p2  must_catch  run */
  { "ht-h",    "ht",   "mode nbuckets per keys heads locks glock nodes",             "HT-H",
               8,    2,  1,          run_ht,   0, 0, 0 },
  { "ht-l",    "ht",   "mode nbuckets per keys heads locks glock nodes",             "HT-L",
               1024, 2,  0,          run_ht,   0, 0, 0 },
  { "atm",     "atm",  "mode naccounts per no_overdraft xfers balance locks glock done", "ATM",
               1024, 0,  0,          run_atm,  0, 0, 0 },
  { "atm-nod", "atm",  "mode naccounts per no_overdraft xfers balance locks glock done",
               "ATM, overdrafts refused",
               64,   1,  1,          run_atm,  0, 0, 0 },
  { "list",    "list", "mode per keys glock nodes",                                  "none (BH/AP-like)",
               0,    2,  1,          run_list, 0, 0, 0 },
};
#define NAPPS (sizeof apps / sizeof apps[0])

static int launch(run_t *r, const uint32_t *args, size_t nwords)
{
  if (r->err[0])
    return -1;
  if (ww_launch(r->dev, r->k, r->app->grid, r->app->block, args, 4 * nwords) != 0) {
    snprintf(r->err, sizeof r->err, "launch: %s", ww_dev_error(r->dev));
    return -1;
  }
  if (ww_wait(r->dev, &r->res) != 0 || !r->res.ok) {
    if (r->res.ok || r->res.trap.kind == WW_TRAP_NONE)
      snprintf(r->err, sizeof r->err, "no result: %s", ww_dev_error(r->dev));
    return -1;
  }
  r->completed = 1;
  return 0;
}

/* ==== source headers ========================================================================= */
/* Reads TM-GEOMETRY and TM-ARGS of sw/tm/apps/<kernel>.c; checks them. 1 = valid. */
static int parse_header(const char *dir, app_t *a)
{
  char path[600], line[1024], args[512] = "", why[300] = "";
  int ngeom = 0, nargs = 0, kernel = 0;
  snprintf(path, sizeof path, "%s/%s.c", dir, a->kernel);
  FILE *f = fopen(path, "r");
  if (!f) {
    return check(0, "%s: header: cannot read %s", a->name, path);
  }
  char decl[64];
  snprintf(decl, sizeof decl, "WW_KERNEL(%s)", a->kernel);
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = '\0';
    const char *p;
    kernel |= strstr(line, decl) != NULL;
    if ((p = strstr(line, "TM-GEOMETRY:"))) {
      unsigned gr, bl;
      if (sscanf(p, "TM-GEOMETRY: grid=%u block=%u", &gr, &bl) == 2 && gr && bl &&
          bl <= WW_WARPS_PER_SM * WW_LANES)
        a->grid = gr, a->block = bl, ngeom++;
      else
        snprintf(why, sizeof why, "bad TM-GEOMETRY line '%.200s'", p);
    } else if ((p = strstr(line, "TM-ARGS:"))) {
      p += strlen("TM-ARGS:");
      while (*p == ' ')
        p++;
      snprintf(args, sizeof args, "%s", p);
      nargs++;
    }
  }
  fclose(f);
  if (!why[0] && ngeom != 1)
    snprintf(why, sizeof why, "%d TM-GEOMETRY lines, want 1", ngeom);
  if (!why[0] && nargs != 1)
    snprintf(why, sizeof why, "%d TM-ARGS lines, want 1", nargs);
  if (!why[0] && strcmp(args, a->args))
    snprintf(why, sizeof why, "TM-ARGS '%.120s', the runner passes '%.120s'", args, a->args);
  if (!why[0] && !kernel)
    snprintf(why, sizeof why, "no %s", decl);
  a->valid = !why[0];
  if (!a->valid || verbose)
    check(a->valid, "%s: header of %s (grid %u x block %u, arguments %s)%s%s", a->name, path,
          a->grid, a->block, a->args, why[0] ? ": " : "", why);
  return a->valid;
}

/* ==== main ====================================================================================== */
typedef struct {
  const char *src_dir, *elf_dir, *backend;
  int cosim;
  uint64_t data_seed;
  uint64_t max_cycles;          /* verilator: the run's cycle limit, 0 = the backend's */
} opts_t;

static FILE *g_json;
static int g_json_runs;


/* One run; returns 1 when it was a pending transaction run. */
static int run_one(const opts_t *o, app_t *a, uint32_t mode, uint64_t seed)
{
  char tag[160], path[600], err[256] = "";
  int rtl = strcmp(o->backend, "cmodel") != 0;
  snprintf(tag, sizeof tag, "%s mode=%u (%s) seed=%llu%s", a->name, mode, mode_name[mode],
           (unsigned long long)seed, rtl ? " [rtl]" : "");
  /* mode 3 races by design: the RTL's racy load values are not the model's,
   * so the model follows them (as for the scoped-race demo) */
  int cosim = mode == MODE_NONE && o->cosim == WW_COSIM_SYNC ? WW_COSIM_FOLLOW : o->cosim;
  ww_dev_opts_t dopts = { .backend = o->backend, .seed = seed,
                          .max_steps = rtl ? o->max_cycles : STEP_LIMIT, .cosim = cosim };
  run_t r = { 0 };
  r.app = a;
  r.mode = mode;
  r.data_seed = o->data_seed;
  r.threads = a->grid * a->block;
  const char *status = "fail";
  r.dev = ww_dev_open(&dopts, err, sizeof err);
  if (!r.dev) {
    snprintf(r.err, sizeof r.err, "open device: %.500s", err);
  } else {
    snprintf(path, sizeof path, "%s/%s.elf", o->elf_dir, a->kernel);
    ww_kernel_t *k = ww_kernel_load(r.dev, path);
    if (!k) {
      snprintf(r.err, sizeof r.err, "load %.200s: %.300s", path, ww_dev_error(r.dev));
    } else {
      r.k = k;
      a->run(&r);
      ww_kernel_free(k);
    }
  }
  const ww_gpu_stats_t *st = &r.res.stats;
  char perf[320] = "";
  if (r.completed || r.res.trap.kind != WW_TRAP_NONE)
    snprintf(perf, sizeof perf, "%llu warp instructions, %llu %s", (unsigned long long)st->warp_insns,
             (unsigned long long)st->steps, rtl ? "cycles" : "scheduler steps");
  /* counted by the golden model; on the RTL by the co-simulated model, which
   * applies the RTL's final outcomes (so they are the RTL's) */
  if (mode == MODE_TX && r.completed)
    snprintf(perf + strlen(perf), sizeof perf - strlen(perf),
             "; %llu commits, %llu aborts (%.2f per commit), %llu watchdog restarts, "
             "at most %u warps of an SM in transactions",
             (unsigned long long)st->tx_commits, (unsigned long long)st->tx_aborts,
             st->tx_commits ? (double)st->tx_aborts / (double)st->tx_commits : 0.0,
             (unsigned long long)st->tx_watchdog_aborts, st->tx_warps_max);
  if (r.completed && !r.err[0] && mode == MODE_NONE) {
    /* the negative control: the check must see the lost updates */
    if (r.bad[0] || a->must_catch) {
      if (check(r.bad[0] != 0, "%s: negative control, the invariant check catches the unsynchronized "
                "version", tag))
        status = "pass";
      note("%s", r.bad[0] ? r.bad : r.what);
    } else {
      status = "control-missed";
      printf("NOTE %s: negative control not caught (low contention: no conflicting pair met)\n",
             tag);
    }
    note("%s", perf);
  } else if (r.completed && !r.err[0]) {
    if (check(!r.bad[0], "%s: invariant", tag)) {
      status = "pass";
      note("%s", r.what);
    } else {
      note("%s", r.bad);
    }
    note("%s", perf);
  } else if (!r.err[0] && r.res.trap.kind == WW_TRAP_TX_UNIMPL && mode == MODE_TX) {
    status = "tx-pending";
    ntx++;
    printf("TX-PENDING %s: the kernel reached ww_tx_begin and trapped \"%s\" (expected until the "
           "TM hardware exists); invariant not checked\n", tag, ww_trap_name(r.res.trap.kind));
    if (verbose)
      note("%s", r.res.message);
  } else {
    check(0, "%s: did not complete", tag);
    note("%s", r.err[0] ? r.err : r.res.message);
  }
  if (verbose && rtl && r.completed && r.dev)
    note_breakdown(r.dev);
  if (g_json) {
    fprintf(g_json, "%s\n    {\"app\": ", g_json_runs++ ? "," : "");
    ww_json_str(g_json, a->name);
    fprintf(g_json, ", \"kernel\": ");
    ww_json_str(g_json, a->kernel);
    fprintf(g_json, ", \"mode\": %u, \"seed\": %llu, \"grid\": %u, \"block\": %u, \"status\": ", mode,
            (unsigned long long)seed, a->grid, a->block);
    ww_json_str(g_json, status);
    if (r.completed && rtl)
      fprintf(g_json, ", \"cycles\": %llu", (unsigned long long)st->steps);
    else
      fprintf(g_json, ", \"cycles\": null");
    fprintf(g_json, ", \"steps\": %llu, \"warp_insns\": %llu", (unsigned long long)st->steps,
            (unsigned long long)st->warp_insns);
    if (r.completed)
      fprintf(g_json, ", \"tx_commits\": %llu, \"tx_aborts\": %llu, \"tx_watchdog_aborts\": %llu, "
              "\"tx_warps_max\": %u", (unsigned long long)st->tx_commits,
              (unsigned long long)st->tx_aborts, (unsigned long long)st->tx_watchdog_aborts,
              st->tx_warps_max);
    else
      fprintf(g_json, ", \"tx_commits\": null, \"tx_aborts\": null, \"tx_watchdog_aborts\": null, "
              "\"tx_warps_max\": null");
    fprintf(g_json, ", \"detail\": ");
    ww_json_str(g_json, r.completed ? (r.bad[0] ? r.bad : r.what) : (r.err[0] ? r.err : r.res.message));
    fprintf(g_json, "}");
  }
  if (r.dev)
    ww_dev_close(r.dev);
  return !strcmp(status, "tx-pending");
}

static int parse_list(const char *s, uint64_t *v, int max, int *n)
{
  *n = 0;
  while (*s) {
    char *end;
    if (*n == max)
      return -1;
    v[(*n)++] = strtoull(s, &end, 0);
    if (end == s || (*end && *end != ','))
      return -1;
    s = *end ? end + 1 : end;
  }
  return *n ? 0 : -1;
}

static void usage(FILE *f)
{
  fprintf(f,
          "usage: tm_apps [--list] [--only=APP] [--modes=0,1,2,3] [--seeds=A,B,...] [--seed=N]\n"
          "               [--data-seed=N] [--src-dir=DIR] [--elf-dir=DIR] [--backend=NAME]\n"
          "               [--cosim=sync|strict|follow|off] [--max-cycles=N] [--json=FILE] [-v]\n"
          "  --modes      0 transactions, 1 fine-grained locks, 2 global lock, 3 no\n"
          "               synchronization (negative control, first seed only); default 0,1,2,3\n"
          "  --seeds      interleaving seeds (cmodel) or DRAM timing seeds (verilator),\n"
          "               default 0,1,20240607; --seed=N adds one\n"
          "  --data-seed  the inputs (keys, transfers, balances), default 1\n"
          "  --backend=verilator  the RTL, co-simulated (a runner linked with it: tm_apps_rtl)\n"
          "  --max-cycles verilator: a run that takes longer fails (default: the backend's limit)\n");
}

int main(int argc, char **argv)
{
  uint64_t seeds[MAX_SEEDS] = { 0, 1, 20240607 }, modes[NMODES] = { 0, 1, 2, 3 };
  int nseeds = 3, nmodes = 4, list = 0;
  const char *only = NULL, *json_path = NULL;
  opts_t o = { "sw/tm/apps", "build/tm/apps", "cmodel", WW_COSIM_SYNC, 1, 0 };
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    if (!strcmp(s, "--list")) {
      list = 1;
    } else if (!strcmp(s, "-v")) {
      verbose = 1;
    } else if (!strncmp(s, "--only=", 7)) {
      only = s + 7;
    } else if (!strncmp(s, "--modes=", 8)) {
      if (parse_list(s + 8, modes, NMODES, &nmodes) != 0) {
        fprintf(stderr, "tm_apps: bad mode list '%s'\n", s + 8);
        return 2;
      }
      for (int m = 0; m < nmodes; m++)
        if (modes[m] >= NMODES) {
          fprintf(stderr, "tm_apps: mode %llu: expected 0, 1, 2 or 3\n", (unsigned long long)modes[m]);
          return 2;
        }
    } else if (!strncmp(s, "--seeds=", 8)) {
      if (parse_list(s + 8, seeds, MAX_SEEDS, &nseeds) != 0) {
        fprintf(stderr, "tm_apps: bad seed list '%s' (numbers separated by commas, at most %d)\n",
                s + 8, MAX_SEEDS);
        return 2;
      }
    } else if (!strncmp(s, "--seed=", 7)) {
      char *end;
      if (nseeds == MAX_SEEDS) {
        fprintf(stderr, "tm_apps: too many seeds\n");
        return 2;
      }
      seeds[nseeds++] = strtoull(s + 7, &end, 0);
      if (*end || end == s + 7) {
        usage(stderr);
        return 2;
      }
    } else if (!strncmp(s, "--data-seed=", 12)) {
      char *end;
      o.data_seed = strtoull(s + 12, &end, 0);
      if (*end || end == s + 12) {
        usage(stderr);
        return 2;
      }
    } else if (!strncmp(s, "--backend=", 10)) {
      o.backend = s + 10;
      if (!ww_backend_find(o.backend)) {
        fprintf(stderr, "tm_apps: backend '%s' is not in this program\n", o.backend);
        return 2;
      }
    } else if (!strncmp(s, "--cosim=", 8)) {
      o.cosim = ww_cosim_mode(s + 8);
      if (o.cosim < 0) {
        fprintf(stderr, "tm_apps: --cosim=%s: expected sync, strict, follow or off\n", s + 8);
        return 2;
      }
    } else if (!strncmp(s, "--max-cycles=", 13)) {
      char *end;
      o.max_cycles = strtoull(s + 13, &end, 0);
      if (end == s + 13 || *end || !o.max_cycles) {
        fprintf(stderr, "tm_apps: --max-cycles=%s: expected a cycle count > 0\n", s + 13);
        return 2;
      }
    } else if (!strncmp(s, "--json=", 7)) {
      json_path = s + 7;
    } else if (!strncmp(s, "--src-dir=", 10)) {
      o.src_dir = s + 10;
    } else if (!strncmp(s, "--elf-dir=", 10)) {
      o.elf_dir = s + 10;
    } else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
      usage(stdout);
      return 0;
    } else {
      usage(stderr);
      return 2;
    }
  }
  if (only) {
    int found = 0;
    for (size_t i = 0; i < NAPPS; i++)
      found |= !strcmp(apps[i].name, only);
    if (!found) {
      fprintf(stderr, "tm_apps: no application '%s' (--list names them)\n", only);
      return 2;
    }
  }
  for (size_t i = 0; i < NAPPS; i++)
    if (!only || !strcmp(apps[i].name, only))
      parse_header(o.src_dir, &apps[i]);
  if (list) {
    for (size_t i = 0; i < NAPPS; i++)
      if ((!only || !strcmp(apps[i].name, only)) && apps[i].valid)
        printf("%s %s %u %u %s (paper: %s)\n", apps[i].name, apps[i].kernel, apps[i].grid,
               apps[i].block, apps[i].args, apps[i].paper);
    return nfail ? 1 : 0;
  }
  if (json_path) {
    g_json = fopen(json_path, "w");
    if (!g_json) {
      fprintf(stderr, "tm_apps: cannot write %s\n", json_path);
      return 2;
    }
    fprintf(g_json, "{\"runner\": \"tm_apps\", \"backend\": ");
    ww_json_str(g_json, o.backend);
    fprintf(g_json, ", \"data_seed\": %llu, \"runs\": [", (unsigned long long)o.data_seed);
  }
  for (size_t i = 0; i < NAPPS; i++) {
    app_t *a = &apps[i];
    if ((only && strcmp(a->name, only)) || !a->valid)
      continue;
    for (int m = 0; m < nmodes; m++)
      for (int s = 0; s < nseeds; s++) {
        if (run_one(&o, a, (uint32_t)modes[m], seeds[s]) || modes[m] == MODE_NONE)
          break;                     /* transactions trap: one run of mode 0 says it;
                                        the negative control: the first seed only */
      }
  }
  if (g_json) {
    fprintf(g_json, "\n  ], \"passed\": %d, \"failed\": %d, \"tx_pending\": %d}\n", npass, nfail, ntx);
    if (fclose(g_json) != 0) {
      fprintf(stderr, "tm_apps: cannot write %s\n", json_path);
      return 2;
    }
  }
  if (ntx)
    printf("%d transaction run%s pending: \"transactions not implemented\" (not counted)\n", ntx,
           ntx == 1 ? "" : "s");
  printf("%d passed, %d failed\n", npass, nfail);
  return nfail ? 1 : 0;
}
