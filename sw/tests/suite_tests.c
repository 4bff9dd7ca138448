/* SPDX-License-Identifier: Apache-2.0
 *
 * suite_tests -- host checks of the kernel suite (sw/kernels/). For each
 * kernel: inputs from a fixed-seed generator, launches sized to use several
 * blocks on every SM and a partial last warp somewhere, and a host reference
 * computed independently in plain C (sequential loops, native arithmetic).
 * Output buffers are over-allocated and pre-filled with a sentinel, so
 * stores outside the result (threads past n) are caught too.
 *
 * The argument structs mirror the kernels' (every field 32 bits: device
 * pointers are uint32_t here).
 */
#include "sw_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"

#define SENTINEL 0xDEADBEEFu
#define SLACK    16u                    /* sentinel words past every output */

static uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

static uint32_t *xcalloc(size_t n)
{
  uint32_t *p = calloc(n ? n : 1, sizeof *p);
  if (!p) {
    fprintf(stderr, "sw_tests: out of host memory\n");
    exit(2);
  }
  return p;
}

/* Uniform 32-bit values, with the edge values mixed in now and then. */
static uint32_t rnd_word(ww_rng_t *r)
{
  static const uint32_t edge[] = { 0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu };
  if (ww_rng_chance(r, 1, 8))
    return edge[ww_rng_below(r, sizeof edge / sizeof edge[0])];
  return (uint32_t)ww_rng_next(r);
}

/* In [lo, hi]. */
static int32_t rnd_range(ww_rng_t *r, int32_t lo, int32_t hi)
{
  return lo + (int32_t)ww_rng_below(r, (uint64_t)((int64_t)hi - lo + 1));
}

/* Words [n, n + SLACK) of got must still hold the sentinel. */
static int untouched_after(swt_t *t, const char *what, const uint32_t *got, size_t n)
{
  for (size_t i = n; i < n + SLACK; i++)
    if (got[i] != SENTINEL) {
      swt_note(t, "%s[%zu] = 0x%08x: written past the end", what, i, got[i]);
      return 0;
    }
  return 1;
}

/* ==== vecadd ========================================================================== */
typedef struct { uint32_t a, b, c, n; } vecadd_args_t;

static void vecadd_case(swt_t *t, const ww_kernel_t *k, uint32_t n, uint32_t block)
{
  ww_rng_t r = { 100 + n };
  uint32_t grid = ceil_div(n, block);
  uint32_t *a = xcalloc(n), *b = xcalloc(n), *c = xcalloc(n + SLACK), *want = xcalloc(n);
  for (uint32_t i = 0; i < n; i++) {
    a[i] = rnd_word(&r);
    b[i] = rnd_word(&r);
    want[i] = a[i] + b[i];          /* two's complement wrap, as int32 on RV32 */
  }
  vecadd_args_t args = { swt_upload(t, a, 4 * n), swt_upload(t, b, 4 * n),
                         swt_fill(t, 4 * (n + SLACK), SENTINEL), n };
  ww_result_t res;
  if (args.a && args.b && args.c && swt_run(t, "vecadd", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, c, args.c, 4 * (n + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "c", c, want, n);
    int clean = untouched_after(t, "c", c, n);
    swt_check(t, !bad && clean, "grid %u x block %u, n %u: c = a + b, nothing past n", grid,
              block, n);
  }
  free(a), free(b), free(c), free(want);
}

static void test_vecadd(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "vecadd");
  if (!k)
    return;
  vecadd_case(t, k, 1000, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  vecadd_case(t, k, 257, SWT_SMALL_BLOCK);
  ww_dev_reset_heap(t->dev);
  vecadd_case(t, k, 1, SWT_MAX_BLOCK);
}

/* ==== saxpy ============================================================================ */
typedef struct { uint32_t a, x, y, n; } saxpy_args_t;

static void saxpy_case(swt_t *t, const ww_kernel_t *k, int32_t a, uint32_t n, uint32_t grid,
                       uint32_t block)
{
  ww_rng_t r = { 200 + n };
  uint32_t *x = xcalloc(n), *y = xcalloc(n + SLACK), *want = xcalloc(n);
  for (uint32_t i = 0; i < n; i++) {
    x[i] = rnd_word(&r);
    y[i] = rnd_word(&r);
    want[i] = (uint32_t)a * x[i] + y[i];
  }
  for (uint32_t i = n; i < n + SLACK; i++)
    y[i] = SENTINEL;
  saxpy_args_t args = { (uint32_t)a, swt_upload(t, x, 4 * n), swt_upload(t, y, 4 * (n + SLACK)), n };
  ww_result_t res;
  if (args.x && args.y && swt_run(t, "saxpy", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, y, args.y, 4 * (n + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "y", y, want, n);
    int clean = untouched_after(t, "y", y, n);
    swt_check(t, !bad && clean, "grid %u x block %u (grid stride), n %u, a %d: y = a*x + y",
              grid, block, n, a);
  }
  free(x), free(y), free(want);
}

static void test_saxpy(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "saxpy");
  if (!k)
    return;
  saxpy_case(t, k, -7, 1001, 5, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  saxpy_case(t, k, 123456789, 100, 3, SWT_SMALL_BLOCK);
  ww_dev_reset_heap(t->dev);
  saxpy_case(t, k, 3, 40, 4, SWT_MAX_BLOCK);         /* fewer elements than threads */
}

/* ==== alu-loop =========================================================================== */
typedef struct { uint32_t out, iters; } alu_loop_args_t;

static void alu_loop_case(swt_t *t, const ww_kernel_t *k, uint32_t iters, uint32_t grid,
                          uint32_t block)
{
  uint32_t n = grid * block;
  uint32_t *got = xcalloc(n + SLACK), *want = xcalloc(n), *init = xcalloc(n + SLACK);
  for (uint32_t g = 0; g < n; g++) {   /* the kernel's recurrence, on the host */
    uint32_t tid = g % block, x = tid + 1, y = (g / block) * 7 + 3, z = 0x9e3779b9u;
    for (uint32_t i = 0; i < iters; i++) {
      x = x * 1664525u + 1013904223u;
      y ^= x >> 7;
      z += y << 3;
      x ^= z;
    }
    want[g] = x ^ y ^ z;
  }
  for (uint32_t i = n; i < n + SLACK; i++)
    init[i] = SENTINEL;
  alu_loop_args_t args = { swt_upload(t, init, 4 * (n + SLACK)), iters };
  ww_result_t res;
  if (args.out && swt_run(t, "alu_loop", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, got, args.out, 4 * (n + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "out", got, want, n);
    int clean = untouched_after(t, "out", got, n);
    swt_check(t, !bad && clean, "grid %u x block %u, %u rounds: register-only mixing loop",
              grid, block, iters);
  }
  free(got), free(want), free(init);
}

static void test_alu_loop(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "alu_loop");
  if (!k)
    return;
  alu_loop_case(t, k, 200, 4, SWT_MAX_BLOCK);
  ww_dev_reset_heap(t->dev);
  alu_loop_case(t, k, 37, 3, SWT_PART_BLOCK);
}

/* ==== reduction ======================================================================== */
typedef struct { uint32_t in, n, partial, total; } reduction_args_t;

static void reduction_case(swt_t *t, const ww_kernel_t *k, uint32_t n, uint32_t grid,
                           uint32_t block)
{
  ww_rng_t r = { 300 + n };
  uint32_t *in = xcalloc(n), *part = xcalloc(grid + SLACK), *want = xcalloc(grid);
  uint32_t total_want = 0, total = 0;
  uint32_t threads = grid * block;
  for (uint32_t i = 0; i < n; i++) {
    in[i] = (uint32_t)rnd_range(&r, -100000, 100000);
    /* element i is accumulated by global thread i % threads, of block ... */
    want[(i % threads) / block] += in[i];
    total_want += in[i];
  }
  reduction_args_t args = { swt_upload(t, in, 4 * n), n, swt_fill(t, 4 * (grid + SLACK), SENTINEL),
                            swt_fill(t, 4, 0) };
  ww_result_t res;
  if (args.in && args.partial && args.total &&
      swt_run(t, "reduction", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, part, args.partial, 4 * (grid + SLACK)) == 0 &&
      swt_download(t, &total, args.total, 4) == 0) {
    size_t bad = swt_diff_words(t, "partial", part, want, grid);
    int clean = untouched_after(t, "partial", part, grid);
    swt_check(t, !bad && clean, "grid %u x block %u, n %u: per-block partial sums", grid, block, n);
    if (total != total_want)
      swt_note(t, "total: got %d, want %d", (int32_t)total, (int32_t)total_want);
    swt_check(t, total == total_want, "grid %u x block %u, n %u: total (device-scope atomic) = %d",
              grid, block, n, (int32_t)total_want);
  }
  free(in), free(part), free(want);
}

static void test_reduction(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "reduction");
  if (!k)
    return;
  reduction_case(t, k, 2000, 6, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  reduction_case(t, k, 777, 9, SWT_SMALL_BLOCK);
  ww_dev_reset_heap(t->dev);
  reduction_case(t, k, 5, 2, SWT_MAX_BLOCK);
  ww_dev_reset_heap(t->dev);
  reduction_case(t, k, 300, 3, 1);                     /* one-thread blocks */
}

/* ==== divergence ======================================================================= */
typedef struct { uint32_t in, n, cap, out; } divergence_args_t;

typedef struct { uint32_t x, steps, odd, bits, done, iters, mod3; } collatz_t;

/* The per-thread computation, written as an ordinary sequential loop. */
static collatz_t collatz(uint32_t x, uint32_t cap)
{
  collatz_t c = { x, 0, 0, 0, 0, 0, 0 };
  for (;;) {
    c.iters++;
    if (c.x == 1) {
      c.done = 1;
      break;
    }
    if (c.x % 2) {
      c.x = 3 * c.x + 1;
      c.odd++;
    } else {
      c.x /= 2;
    }
    c.steps++;
    c.bits += (uint32_t)__builtin_popcount(c.x);
    c.mod3 += 1u << (10 * (c.x % 3));
    if (c.steps >= cap) {
      c.done = 2;
      break;
    }
  }
  return c;
}

static void divergence_case(swt_t *t, const ww_kernel_t *k, uint32_t n, uint32_t block,
                            uint32_t cap)
{
  ww_rng_t r = { 400 + n };
  static const uint32_t fixed[] = { 1, 2, 3, 27, 97, 871, 6171, 4, 16, 1024 };
  uint32_t grid = ceil_div(n, block);
  uint32_t *in = xcalloc(n), *out = xcalloc(9 * n + SLACK), *want = xcalloc(9 * n);
  collatz_t *c = calloc(n, sizeof *c);
  if (!c)
    exit(2);
  for (uint32_t i = 0; i < n; i++) {
    in[i] = i < sizeof fixed / sizeof fixed[0] ? fixed[i] : (uint32_t)rnd_range(&r, 1, 2000);
    c[i] = collatz(in[i], cap);
  }
  for (uint32_t i = 0; i < n; i++) {
    uint32_t b = i / block, tid = i % block, w = tid / WW_LANES, lane = tid % WW_LANES;
    uint32_t first = b * block + w * WW_LANES;        /* global id of lane 0 */
    uint32_t live = swt_live_mask(block, w), iters = 0;
    for (uint32_t l = 0; l < WW_LANES; l++) {
      if (!(live >> l & 1) || first + l >= n)
        live &= ~(1u << l);
      else if (c[first + l].iters > iters)
        iters = c[first + l].iters;
    }
    uint32_t *o = want + 9 * i;
    o[0] = c[i].x, o[1] = c[i].steps, o[2] = c[i].odd, o[3] = c[i].bits, o[4] = c[i].done;
    o[5] = iters;
    o[6] = live;
    o[7] = live & (lane & 1 ? 0xAAAAAAAAu : 0x55555555u);
    o[8] = c[i].mod3;
  }
  divergence_args_t args = { swt_upload(t, in, 4 * n), n, cap, swt_fill(t, 4 * (9 * n + SLACK), SENTINEL) };
  ww_result_t res;
  if (args.in && args.out && swt_run(t, "divergence", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, out, args.out, 4 * (9 * n + SLACK)) == 0) {
    static const char *field[9] = { "x", "steps", "odd steps", "popcounts", "done",
                                    "warp iterations", "ballot(live)", "ballot(arm)", "mod 3" };
    size_t bad = 0;
    for (uint32_t i = 0; i < 9 * n; i++)
      if (out[i] != want[i] && bad++ < 8)
        swt_note(t, "thread %u %s: got %u (0x%x), want %u (0x%x)", i / 9, field[i % 9], out[i],
                 out[i], want[i], want[i]);
    int clean = untouched_after(t, "out", out, 9 * n);
    swt_check(t, !bad && clean,
              "grid %u x block %u, n %u, cap %u: Collatz with nested ww_if, else-if, vote loops, "
              "flag exit",
              grid, block, n, cap);
    if (!bad) {
      uint32_t gave_up = 0;
      for (uint32_t i = 0; i < n; i++)
        gave_up += c[i].done == 2;
      swt_note(t, "%u of %u threads hit the cap (early exit)", gave_up, n);
    }
  }
  free(in), free(out), free(want), free(c);
}

static void test_divergence(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "divergence");
  if (!k)
    return;
  divergence_case(t, k, 150, SWT_PART_BLOCK, 100);
  ww_dev_reset_heap(t->dev);
  divergence_case(t, k, 61, SWT_SMALL_BLOCK, 40);
}

/* ==== matmul =========================================================================== */
typedef struct { uint32_t a, b, c, m, k, n, tile; } matmul_args_t;

static void matmul_case(swt_t *t, const ww_kernel_t *kern, uint32_t m, uint32_t k, uint32_t n,
                        uint32_t tile)
{
  ww_rng_t r = { 500 + m * 31 + k * 7 + n };
  uint32_t *a = xcalloc(m * k), *b = xcalloc(k * n), *c = xcalloc(m * n + SLACK),
           *want = xcalloc(m * n);
  for (uint32_t i = 0; i < m * k; i++)
    a[i] = (uint32_t)rnd_range(&r, -50, 50);
  for (uint32_t i = 0; i < k * n; i++)
    b[i] = (uint32_t)rnd_range(&r, -50, 50);
  for (uint32_t i = 0; i < m; i++)
    for (uint32_t j = 0; j < n; j++) {
      int32_t s = 0;
      for (uint32_t x = 0; x < k; x++)
        s += (int32_t)a[i * k + x] * (int32_t)b[x * n + j];
      want[i * n + j] = (uint32_t)s;
    }
  uint32_t grid = ceil_div(m, tile) * ceil_div(n, tile), block = tile * tile;
  matmul_args_t args = { swt_upload(t, a, 4 * m * k), swt_upload(t, b, 4 * k * n),
                         swt_fill(t, 4 * (m * n + SLACK), SENTINEL), m, k, n, tile };
  ww_result_t res;
  if (args.a && args.b && args.c && swt_run(t, "matmul", kern, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, c, args.c, 4 * (m * n + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "c", c, want, m * n);
    int clean = untouched_after(t, "c", c, m * n);
    swt_check(t, !bad && clean, "%ux%u * %ux%u, tile %u (grid %u x block %u): C = A*B", m, k, k, n,
              tile, grid, block);
  }
  free(a), free(b), free(c), free(want);
}

static void test_matmul(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "matmul");
  if (!k)
    return;
  static const uint32_t cases[][4] = {
    { 16, 16, 16, 4 }, { 13, 10, 11, 5 }, { 7, 9, 5, 3 }, { 3, 2, 17, 2 }, { 5, 5, 5, 1 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (cases[i][3] * cases[i][3] > SWT_MAX_BLOCK)
      continue;
    matmul_case(t, k, cases[i][0], cases[i][1], cases[i][2], cases[i][3]);
    ww_dev_reset_heap(t->dev);
  }
}

/* ==== histogram ======================================================================== */
typedef struct { uint32_t in, n, bins, nbins; } histogram_args_t;

static void histogram_case(swt_t *t, const ww_kernel_t *k, uint32_t n, uint32_t nbins,
                           uint32_t grid, uint32_t block)
{
  ww_rng_t r = { 600 + n + nbins };
  uint32_t *in = xcalloc(n), *bins = xcalloc(nbins + SLACK), *want = xcalloc(nbins);
  for (uint32_t i = 0; i < n; i++) {
    /* skewed: a third of the values hit bin 0 (heavy contention there) */
    in[i] = ww_rng_chance(&r, 1, 3) ? nbins * (uint32_t)ww_rng_below(&r, 1000) : rnd_word(&r);
    want[in[i] % nbins]++;
  }
  uint32_t *zero = xcalloc(nbins + SLACK);
  for (uint32_t i = nbins; i < nbins + SLACK; i++)
    zero[i] = SENTINEL;
  histogram_args_t args = { swt_upload(t, in, 4 * n), n, swt_upload(t, zero, 4 * (nbins + SLACK)), nbins };
  ww_result_t res;
  if (args.in && args.bins && swt_run(t, "histogram", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, bins, args.bins, 4 * (nbins + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "bins", bins, want, nbins);
    int clean = untouched_after(t, "bins", bins, nbins);
    swt_check(t, !bad && clean, "grid %u x block %u, n %u, %u bins: shared (block) + global (device) atomics",
              grid, block, n, nbins);
  }
  free(in), free(bins), free(want), free(zero);
}

static void test_histogram(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "histogram");
  if (!k)
    return;
  histogram_case(t, k, 3000, 37, 6, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  histogram_case(t, k, 1500, 256, 4, SWT_MAX_BLOCK);
  ww_dev_reset_heap(t->dev);
  histogram_case(t, k, 100, 1, 3, SWT_SMALL_BLOCK);
}

/* ==== bfs (contended device CAS + counter, one launch per level) =========================== */
typedef struct { uint32_t row, col, dist, frontier, n, next, next_count, level; } bfs_args_t;

static int cmp_word(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}


static void bfs_case(swt_t *t, const ww_kernel_t *k, uint32_t nv, uint32_t deg, uint32_t grid,
                     uint32_t block)
{
  const uint32_t INF = 0xffffffffu;
  ww_rng_t r = { 900 + nv + deg };
  uint32_t *row = xcalloc(nv + 1), *col = xcalloc((size_t)nv * deg), ne = 0;
  for (uint32_t u = 0; u < nv; u++) {   /* vertices >= 7/8 nv have no in-edges from below */
    row[u] = ne;
    uint32_t d = 1 + (uint32_t)ww_rng_below(&r, 2 * deg - 1);
    for (uint32_t j = 0; j < d && ne < nv * deg; j++)
      col[ne++] = (uint32_t)ww_rng_below(&r, nv - nv / 8);
  }
  row[nv] = ne;
  /* the host's BFS from vertex 0 */
  uint32_t *want = xcalloc(nv), *q = xcalloc(nv), qh = 0, qt = 0;
  for (uint32_t v = 0; v < nv; v++)
    want[v] = INF;
  want[0] = 0;
  q[qt++] = 0;
  while (qh < qt) {
    uint32_t u = q[qh++];
    for (uint32_t e = row[u]; e < row[u + 1]; e++)
      if (want[col[e]] == INF)
        want[col[e]] = want[u] + 1, q[qt++] = col[e];
  }
  uint32_t *dist = xcalloc(nv), *front = xcalloc(nv), zero = 0;
  for (uint32_t v = 0; v < nv; v++)
    dist[v] = INF;
  dist[0] = 0;
  bfs_args_t a = { swt_upload(t, row, 4 * (nv + 1)), swt_upload(t, col, 4 * (ne ? ne : 1)),
                   swt_upload(t, dist, 4 * nv), swt_upload(t, front, 4 * nv), 1,
                   swt_upload(t, front, 4 * nv), swt_upload(t, &zero, 4), 0 };
  int ok = a.row && a.col && a.dist && a.frontier && a.next && a.next_count;
  uint32_t levels = 0, visited = 1, bad_level = 0;
  ww_result_t res;
  while (ok && a.n) {
    ok = ww_dev_copy_to(t->dev, a.next_count, &zero, 4) == 0 &&
         swt_run(t, "bfs", k, grid, block, &a, sizeof a, &res) == 0 &&
         swt_download(t, &a.n, a.next_count, 4) == 0 && a.n <= nv &&
         swt_download(t, front, a.next, 4 * a.n) == 0;
    if (!ok)
      break;
    /* the next frontier: exactly the host's vertices at level + 1, once each */
    uint32_t cnt = 0;
    for (uint32_t v = 0; v < nv; v++)
      cnt += want[v] == a.level + 1;
    qsort(front, a.n, 4, cmp_word);
    for (uint32_t i = 0; i < a.n; i++)
      if (want[front[i]] != a.level + 1 || (i && front[i] == front[i - 1]))
        bad_level = bad_level ? bad_level : a.level + 1;
    if (cnt != a.n && !bad_level)
      bad_level = a.level + 1;
    visited += a.n;
    levels++;
    uint32_t tmp = a.frontier;   /* the next frontier becomes the frontier */
    a.frontier = a.next;
    a.next = tmp;
    a.level++;
  }
  if (ok && swt_download(t, dist, a.dist, 4 * nv) == 0) {
    size_t bad = swt_diff_words(t, "dist", dist, want, nv);
    swt_check(t, !bad && !bad_level && visited == qt, "grid %u x block %u, %u vertices, %u edges: "
              "%u levels, %u reached (host %u), every frontier right%s", grid, block, nv, ne,
              levels, visited, qt, bad_level ? " NOT (a wrong level)" : "");
  }
  free(row), free(col), free(want), free(q), free(dist), free(front);
}

static void test_bfs(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "bfs");
  if (!k)
    return;
  bfs_case(t, k, 400, 4, 4, SWT_MAX_BLOCK);
  ww_dev_reset_heap(t->dev);
  bfs_case(t, k, 150, 8, 3, SWT_PART_BLOCK);
}

/* ==== work-queue (persistent threads, a device atomic work counter) ====================== */
typedef struct { uint32_t in, out, n, next, done, sum; } work_queue_args_t;

static void work_queue_case(swt_t *t, const ww_kernel_t *k, uint32_t n, uint32_t grid,
                            uint32_t block)
{
  ww_rng_t r = { 700 + n };
  uint32_t *in = xcalloc(n), *want = xcalloc(n), *got = xcalloc(n + SLACK), wsum = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t x = in[i] = rnd_word(&r);
    for (uint32_t rd = 0; rd < (in[i] & 7) + 1; rd++)
      x = (x ^ (x >> 15)) * 0x2c1b3c6du + rd;
    want[i] = x;
    wsum += x;
  }
  uint32_t *init = xcalloc(n + SLACK);
  for (uint32_t i = n; i < n + SLACK; i++)
    init[i] = SENTINEL;
  uint32_t cnt[3] = { 0, 0, 0 };
  work_queue_args_t a = { swt_upload(t, in, 4 * n), swt_upload(t, init, 4 * (n + SLACK)), n,
                          swt_upload(t, cnt, 4), swt_upload(t, cnt, 4), swt_upload(t, cnt, 4) };
  ww_result_t res;
  if (a.in && a.out && a.next && a.done && a.sum &&
      swt_run(t, "work_queue", k, grid, block, &a, sizeof a, &res) == 0 &&
      swt_download(t, got, a.out, 4 * (n + SLACK)) == 0 && swt_download(t, &cnt[0], a.next, 4) == 0 &&
      swt_download(t, &cnt[1], a.done, 4) == 0 && swt_download(t, &cnt[2], a.sum, 4) == 0) {
    size_t bad = swt_diff_words(t, "out", got, want, n);
    int clean = untouched_after(t, "out", got, n);
    /* every thread takes one index past the end, plus one per task */
    uint32_t threads = grid * block;
    swt_check(t, !bad && clean && cnt[1] == n && cnt[2] == wsum && cnt[0] == n + threads,
              "grid %u x block %u, %u tasks: every task once (done %u, sum %s, counter %u = "
              "tasks + threads %u)", grid, block, n, cnt[1], cnt[2] == wsum ? "right" : "WRONG",
              cnt[0], n + threads);
  }
  free(in), free(want), free(got), free(init);
}

static void test_work_queue(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "work_queue");
  if (!k)
    return;
  work_queue_case(t, k, 500, 4, SWT_MAX_BLOCK);
  ww_dev_reset_heap(t->dev);
  work_queue_case(t, k, 37, 3, SWT_SMALL_BLOCK);
}

/* ==== block-counter ==================================================================== */
typedef struct { uint32_t counters, tickets; } block_counter_args_t;

static void block_counter_case(swt_t *t, const ww_kernel_t *k, uint32_t grid, uint32_t block)
{
  uint32_t threads = grid * block;
  uint32_t *cnt = xcalloc(grid + SLACK), *tick = xcalloc(threads), *seen = xcalloc(block);
  uint32_t *zero = xcalloc(grid + SLACK);
  for (uint32_t i = grid; i < grid + SLACK; i++)
    zero[i] = SENTINEL;
  block_counter_args_t args = { swt_upload(t, zero, 4 * (grid + SLACK)), swt_fill(t, 4 * threads, SENTINEL) };
  ww_result_t res;
  if (args.counters && args.tickets &&
      swt_run(t, "block_counter", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, cnt, args.counters, 4 * (grid + SLACK)) == 0 &&
      swt_download(t, tick, args.tickets, 4 * threads) == 0) {
    size_t bad = 0;
    for (uint32_t b = 0; b < grid; b++) {
      if (cnt[b] != block && bad++ < 8)
        swt_note(t, "counters[%u] = %u, want %u", b, cnt[b], block);
      memset(seen, 0, 4 * block);
      for (uint32_t i = 0; i < block; i++) {
        uint32_t v = tick[b * block + i];
        if (v >= block || seen[v]++) {
          if (bad++ < 8)
            swt_note(t, "block %u thread %u got ticket %u (duplicate or out of range)", b, i, v);
        }
      }
    }
    int clean = untouched_after(t, "counters", cnt, grid);
    swt_check(t, !bad && clean,
              "grid %u x block %u: block-scope atomics on per-block counters are exact, tickets 0..%u",
              grid, block, block - 1);
  }
  free(cnt), free(tick), free(seen), free(zero);
}

static void test_block_counter(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "block_counter");
  if (!k)
    return;
  block_counter_case(t, k, 10, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  block_counter_case(t, k, 12, SWT_SMALL_BLOCK);
}

/* ==== spinlock ========================================================================= */
typedef struct { uint32_t lock, count, block_count, log, every_thread; } spinlock_args_t;

static void spinlock_case(swt_t *t, const ww_kernel_t *k, uint32_t grid, uint32_t block,
                          uint32_t every_thread)
{
  /* the contenders, as the kernel chooses them */
  uint32_t ncont = 0;
  uint32_t *ids = xcalloc(grid * block);
  for (uint32_t b = 0; b < grid; b++)
    for (uint32_t i = 0; i < block; i++)
      if (every_thread || i % WW_LANES == 0)
        ids[ncont++] = b << 16 | i;

  uint32_t *log = xcalloc(ncont + SLACK), words[3];
  spinlock_args_t args = { swt_fill(t, 4, 0), swt_fill(t, 4, 0), swt_fill(t, 4, 0),
                           swt_fill(t, 4 * (ncont + SLACK), SENTINEL), every_thread };
  ww_result_t res;
  if (args.lock && args.count && args.block_count && args.log &&
      swt_run(t, "spinlock", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, &words[0], args.lock, 4) == 0 &&
      swt_download(t, &words[1], args.count, 4) == 0 &&
      swt_download(t, &words[2], args.block_count, 4) == 0 &&
      swt_download(t, log, args.log, 4 * (ncont + SLACK)) == 0) {
    size_t bad = 0;
    /* every contender's id exactly once in log[0..ncont) */
    for (uint32_t i = 0; i < ncont; i++) {
      uint32_t found = 0;
      for (uint32_t j = 0; j < ncont; j++)
        found += log[j] == ids[i];
      if (found != 1 && bad++ < 8)
        swt_note(t, "id block %u thread %u appears %u times in the log", ids[i] >> 16,
                 ids[i] & 0xFFFF, found);
    }
    int clean = untouched_after(t, "log", log, ncont);
    if (words[0] != 0 || words[1] != ncont || words[2] != grid)
      swt_note(t, "lock %u (want 0), count %u (want %u), block count %u (want %u)", words[0],
               words[1], ncont, words[2], grid);
    swt_check(t, !bad && clean && words[0] == 0 && words[1] == ncont && words[2] == grid,
              "grid %u x block %u, %s contend: %u critical sections, mutual exclusion holds",
              grid, block, every_thread ? "all threads" : "lane 0 of each warp", ncont);
  }
  free(ids), free(log);
}

static void test_spinlock(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "spinlock");
  if (!k)
    return;
  spinlock_case(t, k, 8, SWT_PART_BLOCK, 0);
  ww_dev_reset_heap(t->dev);
  spinlock_case(t, k, 4, SWT_SMALL_BLOCK, 1);
}

/* ==== scoped-race ====================================================================== */
typedef struct { uint32_t counter, scope, iters; } scoped_race_args_t;

static void test_scoped_race(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "scoped_race");
  if (!k)
    return;
  const uint32_t grid = 8, block = SWT_MAX_BLOCK, iters = 4;
  const uint32_t want = grid * block * iters;
  uint32_t total[2] = { 0, 0 };
  int ran[2] = { 0, 0 };
  for (uint32_t scope = 0; scope < 2; scope++) {
    scoped_race_args_t args = { swt_fill(t, 4, 0), scope, iters };
    ww_result_t res;
    ran[scope] = args.counter && swt_run(t, scope ? "scoped_race device" : "scoped_race block", k,
                                         grid, block, &args, sizeof args, &res) == 0 &&
                 swt_download(t, &total[scope], args.counter, 4) == 0;
    ww_dev_reset_heap(t->dev);
  }
  if (ran[0] && t->det)       /* GPUDet: atomics one warp at a time, L1s cleared between */
    swt_check(t, total[0] == want,
              "deterministic mode: block scope on one grid-wide counter loses nothing, the "
              "atomics run in serial mode: %u of %u", total[0], want);
  else if (ran[0])
    swt_check(t, total[0] < want && total[0] > 0,
              "block scope on one grid-wide counter LOSES updates across SMs: %u of %u "
              "(grid %u x block %u x %u adds)", total[0], want, grid, block, iters);
  if (ran[1])
    swt_check(t, total[1] == want, "device scope on the same counter is exact: %u of %u",
              total[1], want);
}

/* ==== atomics ========================================================================== */
#define NSLOTS 16
typedef struct { uint32_t vals, init, blk, dev, olds, shared_out; } atomics_args_t;

static const uint32_t atomics_init[NSLOTS] = {
  1000,         /* 0 add */
  0x100,        /* 1 ticket */
  0xE0E0E0E0u,  /* 2 exch */
  0x40000000u,  /* 3 min (signed) */
  0xC0000000u,  /* 4 max (signed) */
  0xF0000000u,  /* 5 minu */
  0x10u,        /* 6 maxu */
  0xFFFFFFFFu,  /* 7 and */
  0,            /* 8 or */
  0x12345678u,  /* 9 xor */
  5,            /* 10 CAS increment (the first guess, 0, fails) */
  0xA5A5A5A5u,  /* 11 cas(v ^ 0x5A5A5A5A, v): only v = 0xFFFFFFFF matches */
  0, 0, 0, 0,
};

static int cmp_u32(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* Checks one space's final slots and recorded olds for the participants
 * p[0..np) (global thread ids). Returns the number of problems. */
static size_t atomics_check_space(swt_t *t, const char *space, const uint32_t *fin,
                                  const uint32_t *vals, const uint32_t *olds, int sp,
                                  const uint32_t *p, uint32_t np)
{
  size_t bad = 0;
  uint32_t want[12];
  memcpy(want, atomics_init, sizeof want);
  for (uint32_t i = 0; i < np; i++) {
    uint32_t v = vals[p[i]];
    want[0] += v;
    want[3] = (int32_t)v < (int32_t)want[3] ? v : want[3];
    want[4] = (int32_t)v > (int32_t)want[4] ? v : want[4];
    want[5] = v < want[5] ? v : want[5];
    want[6] = v > want[6] ? v : want[6];
    want[7] &= v;
    want[8] |= v;
    want[9] ^= v;
    if (v == 0xFFFFFFFFu)
      want[11] = v;
  }
  want[1] += np;
  want[10] += np;
  static const char *name[12] = { "add", "add 1", "exch", "min", "max", "minu", "maxu",
                                  "and", "or", "xor", "cas loop", "cas" };
  for (int s = 0; s < 12; s++) {
    if (s == 2)
      continue;               /* exch: checked as a multiset below */
    if (fin[s] != want[s] && bad++ < 8)
      swt_note(t, "%s slot %d (%s): got 0x%08x, want 0x%08x", space, s, name[s], fin[s], want[s]);
  }

  /* tickets and CAS-loop olds: a permutation of init .. init+np-1 */
  uint32_t *a = xcalloc(np + 1), *b = xcalloc(np + 1);
  for (int j = 0; j < 2; j++) {
    uint32_t base = atomics_init[j == 0 ? 1 : 10];
    for (uint32_t i = 0; i < np; i++)
      a[i] = olds[p[i] * 16 + sp * 4 + (j == 0 ? 0 : 2)] - base;
    qsort(a, np, 4, cmp_u32);
    for (uint32_t i = 0; i < np; i++)
      if (a[i] != i) {
        if (bad++ < 8)
          swt_note(t, "%s %s: the returned old values are not %u .. %u + %u", space,
                   j ? "cas loop" : "tickets", base, base, np - 1);
        break;
      }
  }
  /* exch: olds + final = init + values, as multisets */
  for (uint32_t i = 0; i < np; i++) {
    a[i] = olds[p[i] * 16 + sp * 4 + 1];
    b[i] = vals[p[i]];
  }
  a[np] = fin[2];
  b[np] = atomics_init[2];
  qsort(a, np + 1, 4, cmp_u32);
  qsort(b, np + 1, 4, cmp_u32);
  if (memcmp(a, b, 4 * (np + 1)) && bad++ < 8)
    swt_note(t, "%s exch: old values + final value != initial value + stored values", space);
  /* cas: every old is init, or 0xFFFFFFFF after the matching thread */
  for (uint32_t i = 0; i < np; i++) {
    uint32_t o = olds[p[i] * 16 + sp * 4 + 3];
    int ok = o == atomics_init[11] || (o == 0xFFFFFFFFu && want[11] == 0xFFFFFFFFu);
    if (vals[p[i]] == 0xFFFFFFFFu)
      ok = o == atomics_init[11];
    if (!ok && bad++ < 8)
      swt_note(t, "%s cas: thread %u saw 0x%08x", space, p[i], o);
  }
  free(a), free(b);
  return bad;
}

static void test_atomics(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "atomics");
  if (!k)
    return;
  const uint32_t grid = 6, block = SWT_PART_BLOCK, threads = grid * block;
  ww_rng_t r = { 700 };
  uint32_t *vals = xcalloc(threads);
  for (uint32_t i = 0; i < threads; i++) {
    do
      vals[i] = rnd_word(&r);
    while (vals[i] == 0xFFFFFFFFu || vals[i] == 0xA5A5A5A5u);
  }
  vals[block + 3] = 0xFFFFFFFFu;          /* the one cas that succeeds, in block 1 */

  uint32_t *blk_init = xcalloc(grid * NSLOTS);
  for (uint32_t b = 0; b < grid; b++)
    memcpy(blk_init + b * NSLOTS, atomics_init, sizeof atomics_init);
  atomics_args_t args = { swt_upload(t, vals, 4 * threads), swt_upload(t, atomics_init, sizeof atomics_init),
                          swt_upload(t, blk_init, 4 * grid * NSLOTS),
                          swt_upload(t, atomics_init, sizeof atomics_init),
                          swt_fill(t, 4 * threads * 16, SENTINEL),
                          swt_fill(t, 4 * grid * 2 * NSLOTS, SENTINEL) };
  uint32_t *blk = xcalloc(grid * NSLOTS), dev[NSLOTS], *olds = xcalloc(threads * 16),
           *shout = xcalloc(grid * 2 * NSLOTS), *p = xcalloc(threads);
  ww_result_t res;
  if (args.vals && args.init && args.blk && args.dev && args.olds && args.shared_out &&
      swt_run(t, "atomics", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, blk, args.blk, 4 * grid * NSLOTS) == 0 &&
      swt_download(t, dev, args.dev, sizeof dev) == 0 &&
      swt_download(t, olds, args.olds, 4 * threads * 16) == 0 &&
      swt_download(t, shout, args.shared_out, 4 * grid * 2 * NSLOTS) == 0) {
    size_t bad[4] = { 0, 0, 0, 0 };
    char what[64];
    for (uint32_t b = 0; b < grid; b++) {
      for (uint32_t i = 0; i < block; i++)
        p[i] = b * block + i;
      snprintf(what, sizeof what, "global/block block %u", b);
      bad[0] += atomics_check_space(t, what, blk + b * NSLOTS, vals, olds, 0, p, block);
      snprintf(what, sizeof what, "shared/block block %u", b);
      bad[2] += atomics_check_space(t, what, shout + (b * 2 + 0) * NSLOTS, vals, olds, 2, p, block);
      snprintf(what, sizeof what, "shared/device block %u", b);
      bad[3] += atomics_check_space(t, what, shout + (b * 2 + 1) * NSLOTS, vals, olds, 3, p, block);
    }
    for (uint32_t i = 0; i < threads; i++)
      p[i] = i;
    bad[1] = atomics_check_space(t, "global/device", dev, vals, olds, 1, p, threads);
    swt_check(t, !bad[0], "block scope, global per-block slots: all 10 ops + cas exact (grid %u x block %u)",
              grid, block);
    swt_check(t, !bad[1], "device scope, one global slot set for the grid: all 10 ops + cas exact");
    swt_check(t, !bad[2], "block scope, shared memory: all 10 ops + cas exact");
    swt_check(t, !bad[3], "device scope, shared memory: all 10 ops + cas exact");
  }
  free(vals), free(blk_init), free(blk), free(olds), free(shout), free(p);
}

/* ==== message-passing ===================================================================== */
typedef struct { uint32_t data, ready1, ready2, out; } message_passing_args_t;

static void test_message_passing(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "message_passing");
  if (!k)
    return;
  uint32_t out[5];
  message_passing_args_t args = { swt_fill(t, 4, 0), swt_fill(t, 4, 0), swt_fill(t, 4, 0),
                                  swt_fill(t, sizeof out, SENTINEL) };
  ww_result_t res;
  if (!args.data || !args.ready1 || !args.ready2 || !args.out ||
      swt_run(t, "message_passing", k, 2, SWT_MAX_BLOCK, &args, sizeof args, &res) != 0 ||
      swt_download(t, out, args.out, sizeof out) != 0)
    return;
  swt_check(t, out[0] == 0 && out[2] == 42,
            "consumer reads 0 before, 42 after the producer's store + fence and its own fence "
            "(got %u, %u)", out[0], out[2]);
  if (t->det)
    swt_note(t, "deterministic mode clears every L1 between quanta: no stale-L1 check");
  else if (out[3] != out[4])
    swt_check(t, out[1] == 0,
              "consumer on SM %u, producer on SM %u: without the fence the consumer's L1 still "
              "returns the stale 0 (got %u)", out[3], out[4], out[1]);
  else
    swt_note(t, "both blocks ran on SM %u: no stale-L1 check", out[3]);
}

/* ==== assert ============================================================================== */
typedef struct { uint32_t in, n, out; } assert_check_args_t;

static void test_assert(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "assert_check");
  if (!k)
    return;
  const uint32_t n = 100, block = SWT_PART_BLOCK, grid = ceil_div(n, block);
  uint32_t *in = xcalloc(n), *out = xcalloc(n), *want = xcalloc(n);
  ww_rng_t r = { 1000 };
  for (uint32_t i = 0; i < n; i++) {
    in[i] = (uint32_t)rnd_range(&r, 0, 1000000);
    want[i] = 2 * in[i];
  }
  assert_check_args_t args = { swt_upload(t, in, 4 * n), n, swt_fill(t, 4 * n, SENTINEL) };
  ww_result_t res;
  if (args.in && args.out && swt_run(t, "assert_check", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, out, args.out, 4 * n) == 0)
    swt_check(t, !swt_diff_words(t, "out", out, want, n),
              "grid %u x block %u: every ww_assert holds, the kernel completes", grid, block);

  /* one negative value in block 2: the kernel must stop with a kernel trap
   * that names the assertion's source line */
  in[2 * block + block / 2] = (uint32_t)-5;
  if (ww_dev_copy_to(t->dev, args.in, in, 4 * n) == 0 &&
      ww_launch(t->dev, k, grid, block, &args, sizeof args) == 0) {
    int rc = ww_wait(t->dev, &res);
    int ok = rc != 0 && !res.ok && res.trap.kind == WW_TRAP_KERNEL_TRAP && res.trap.block == 2 &&
             strstr(res.message, "assert_check.c:") != NULL;
    if (!ok)
      swt_note(t, "rc %d ok %d trap %d (%s) block %u: %s", rc, res.ok, (int)res.trap.kind,
               ww_trap_name(res.trap.kind), res.trap.block, res.message);
    swt_check(t, ok, "a failing ww_assert in block 2 stops the kernel with a kernel trap at "
              "assert_check.c:LINE");
  } else {
    swt_check(t, 0, "relaunch: %s", ww_dev_error(t->dev));
  }
  free(in), free(out), free(want);
}

/* ==== pchase ========================================================================== */
typedef struct { uint32_t chain, start, steps, out; } pchase_args_t;

/* A chain of `nodes` nodes, one per cache line at word (line % words per
 * line), in a random cyclic order; every thread follows it for `steps`
 * steps (past the end of the cycle: around again) and stores the byte offset
 * it ends at. The reference walks the same chain on the host. */
static void pchase_case(swt_t *t, const ww_kernel_t *k, uint32_t nodes, uint32_t steps,
                        uint32_t grid, uint32_t block)
{
  ww_rng_t r = { 1300 + nodes + steps };
  const uint32_t wpl = WW_LINE_BYTES / 4, words = nodes * wpl, threads = grid * block;
  uint32_t *chain = xcalloc(words), *order = xcalloc(nodes), *out = xcalloc(threads + SLACK);
  uint32_t *want = xcalloc(threads);
  for (uint32_t i = 0; i < nodes; i++)
    order[i] = i;
  for (uint32_t i = nodes - 1; i > 1; i--) {       /* order[0] = 0: the walk starts there */
    uint32_t j = 1 + (uint32_t)ww_rng_below(&r, i);
    uint32_t x = order[i];
    order[i] = order[j], order[j] = x;
  }
  for (uint32_t i = 0; i < words; i++)
    chain[i] = rnd_word(&r);                       /* words that are not nodes: noise */
  for (uint32_t i = 0; i < nodes; i++) {
    uint32_t at = order[i], next = order[(i + 1) % nodes];
    chain[at * wpl + at % wpl] = 4 * (next * wpl + next % wpl);
  }
  uint32_t off = 0;
  for (uint32_t i = 0; i < steps; i++)
    off = chain[off / 4];
  for (uint32_t g = 0; g < threads; g++)
    want[g] = off;
  pchase_args_t args = { swt_upload(t, chain, 4 * (size_t)words), 0, steps,
                         swt_fill(t, 4 * (threads + SLACK), SENTINEL) };
  ww_result_t res;
  if (args.chain && args.out && swt_run(t, "pchase", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, out, args.out, 4 * (threads + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "out", out, want, threads);
    int clean = untouched_after(t, "out", out, threads);
    swt_check(t, !bad && clean, "grid %u x block %u, %u nodes (one per line), %u steps: "
              "every thread ends at byte offset %u", grid, block, nodes, steps, off);
  }
  free(chain), free(order), free(out), free(want);
}

static void test_pchase(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "pchase");
  if (!k)
    return;
  pchase_case(t, k, 64, 61, 1, 1);                  /* the bench's shape: one lane, every load a new line */
  ww_dev_reset_heap(t->dev);
  pchase_case(t, k, 64, 0, 1, 1);                   /* no step: the start */
  ww_dev_reset_heap(t->dev);
  pchase_case(t, k, 16, 45, 2, SWT_PART_BLOCK);     /* around the cycle; not a multiple of 8 */
}

/* ==== the table ========================================================================= */
/* The GSI case studies, in gsi_tests.c. */
void swt_gsi_uts_central(swt_t *t);
void swt_gsi_uts_decentral(swt_t *t);
void swt_gsi_stream(swt_t *t);

const swt_group_t swt_suite_groups[] = {
  { "atomics", test_atomics, "every scoped atomic, both scopes, global and shared" },
  { "vecadd", test_vecadd, "c = a + b, bounds check as ww_if" },
  { "saxpy", test_saxpy, "y = a*x + y, grid-stride vote loop" },
  { "alu-loop", test_alu_loop, "register-only integer loop (compute-bound: IPC)" },
  { "reduction", test_reduction, "shared-memory tree reduction with barriers" },
  { "divergence", test_divergence, "nested ww_if, vote loops, early exit by flag, ballots" },
  { "matmul", test_matmul, "tiled integer matrix multiply through shared memory" },
  { "histogram", test_histogram, "shared (block) + global (device) atomic histogram" },
  { "bfs", test_bfs, "BFS levels: contended device CAS + counter, one launch per level" },
  { "work-queue", test_work_queue, "persistent threads take tasks from a device atomic counter" },
  { "block-counter", test_block_counter, "block-scope atomics on per-block counters" },
  { "spinlock", test_spinlock, "CAS + fence lock, GPU-safe form, mutual exclusion" },
  { "scoped-race", test_scoped_race, "block scope loses updates, device scope exact" },
  { "message-passing", test_message_passing, "stale L1 across SMs; flags, fences" },
  { "assert", test_assert, "ww_assert: holds, or stops the kernel with file:line" },
  { "uts-central", swt_gsi_uts_central, "unbalanced tree search, one global queue + lock (GSI)" },
  { "uts-decentral", swt_gsi_uts_decentral, "the same tree, a queue + lock per SM, stealing (GSI)" },
  { "stream", swt_gsi_stream, "one cache line per lane: L1 miss / MSHR pressure (GSI)" },
  { "pchase", test_pchase, "dependent loads through a chain of lines (bench: memory round trip)" },
};
const size_t swt_suite_ngroups = sizeof swt_suite_groups / sizeof swt_suite_groups[0];
