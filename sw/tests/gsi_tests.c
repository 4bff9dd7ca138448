/* SPDX-License-Identifier: Apache-2.0
 *
 * gsi_tests -- host checks of the GSI case-study kernels (seed paper 002):
 *   uts-central    unbalanced tree search, one global queue + lock (sec. VI-B)
 *   uts-decentral  the same tree, a queue + lock per SM, work stealing (VI-D)
 *   stream         one cache line per lane, for the MSHR sweep (VII-D)
 * The expected values come from plain sequential C: a depth-first traversal
 * of the same implicit tree (the tree functions are written out again here,
 * from the definition in sw/kernels/uts_central.c), and a loop over the
 * stream's lines. The groups are listed in suite_tests.c's table.
 *
 * The argument structs mirror the kernels' (every field 32 bits).
 */
#include "sw_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"

#define SENTINEL 0xDEADBEEFu
#define SLACK    16u

static void *xmalloc(size_t n)
{
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "sw_tests: out of host memory\n");
    exit(2);
  }
  return p;
}

/* Words [n, n + SLACK) of got must still hold the sentinel. */
static int slack_clean(swt_t *t, const char *what, const uint32_t *got, size_t n)
{
  for (size_t i = n; i < n + SLACK; i++)
    if (got[i] != SENTINEL) {
      swt_note(t, "%s[%zu] = 0x%08x: written past the end", what, i, got[i]);
      return 0;
    }
  return 1;
}

/* ==== uts-central, uts-decentral ======================================================= */
typedef struct {
  uint32_t queues, nq, cap, pending, counts, sums;
  uint32_t seed, b0, m, q, maxdepth, work;
} uts_args_t;

enum { Q_ITEMS = 8 };     /* queue header words: lock, top, 6 unused */

typedef struct { uint32_t seed, b0, m, q, maxdepth, work; } uts_tree_t;

static uint32_t mix(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

static uint32_t tree_children(const uts_tree_t *tr, uint32_t node)
{
  uint32_t depth = node & 0xFF;
  if (depth == 0)
    return tr->b0;
  if (depth >= tr->maxdepth)
    return 0;
  return (mix(node ^ 0x5BD1E995u) >> 16) < tr->q ? tr->m : 0;
}

static uint32_t tree_child(uint32_t node, uint32_t j)
{
  return (mix(node + (j + 1) * 0x9E3779B9u) & ~0xFFu) | ((node & 0xFF) + 1);
}

static uint32_t tree_work(const uts_tree_t *tr, uint32_t node)
{
  uint32_t w = node;
  for (uint32_t i = 0; i < tr->work; i++)
    w = mix(w + i);
  return w;
}

typedef struct { uint32_t nodes, sum, depth, leaves; } tree_stats_t;

/* Sequential depth-first traversal with an explicit stack. */
static tree_stats_t tree_walk(const uts_tree_t *tr)
{
  tree_stats_t s = { 0, 0, 0, 0 };
  size_t cap = 1024, sp = 0;
  uint32_t *stack = xmalloc(cap * sizeof *stack);
  stack[sp++] = mix(tr->seed) & ~0xFFu;
  while (sp) {
    uint32_t n = stack[--sp];
    s.nodes++;
    s.sum += tree_work(tr, n);
    if ((n & 0xFF) > s.depth)
      s.depth = n & 0xFF;
    uint32_t c = tree_children(tr, n);
    s.leaves += c == 0;
    for (uint32_t j = 0; j < c; j++) {
      if (sp == cap) {
        cap *= 2;
        uint32_t *ns = realloc(stack, cap * sizeof *ns);
        if (!ns) {
          free(stack);
          fprintf(stderr, "sw_tests: out of host memory\n");
          exit(2);
        }
        stack = ns;
      }
      stack[sp++] = tree_child(n, j);
    }
  }
  free(stack);
  return s;
}

static void uts_case(swt_t *t, const ww_kernel_t *k, const char *kname, uint32_t nq,
                     const uts_tree_t *tr, uint32_t grid, uint32_t block)
{
  tree_stats_t want = tree_walk(tr);
  const uint32_t threads = grid * block, cap = want.nodes, qwords = Q_ITEMS + cap;
  uint32_t one = 1;
  uts_args_t args = { swt_fill(t, 4 * (size_t)nq * qwords, 0), nq, cap, swt_upload(t, &one, 4),
                      swt_fill(t, 4 * (threads + SLACK), SENTINEL),
                      swt_fill(t, 4 * (threads + SLACK), SENTINEL),
                      tr->seed, tr->b0, tr->m, tr->q, tr->maxdepth, tr->work };
  uint32_t *counts = xmalloc(4 * (threads + SLACK)), *sums = xmalloc(4 * (threads + SLACK));
  uint32_t *queues = xmalloc(4 * (size_t)nq * qwords), pending = SENTINEL;
  ww_result_t res;
  if (args.queues && args.pending && args.counts && args.sums &&
      swt_run(t, kname, k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, counts, args.counts, 4 * (threads + SLACK)) == 0 &&
      swt_download(t, sums, args.sums, 4 * (threads + SLACK)) == 0 &&
      swt_download(t, queues, args.queues, 4 * (size_t)nq * qwords) == 0 &&
      swt_download(t, &pending, args.pending, 4) == 0) {
    uint32_t nodes = 0, sum = 0, unwritten = 0;
    for (uint32_t i = 0; i < threads; i++) {
      unwritten += counts[i] == SENTINEL || sums[i] == SENTINEL;
      nodes += counts[i];
      sum += sums[i];
    }
    int clean = slack_clean(t, "counts", counts, threads) & slack_clean(t, "sums", sums, threads);
    uint32_t bad_q = 0;
    for (uint32_t i = 0; i < nq; i++)
      if (queues[i * qwords + 0] != 0 || queues[i * qwords + 1] != 0) {
        if (bad_q++ < 4)
          swt_note(t, "queue %u: lock %u, top %u (want 0, 0)", i, queues[i * qwords],
                   queues[i * qwords + 1]);
      }
    if (nodes != want.nodes || sum != want.sum || unwritten)
      swt_note(t, "nodes %u (want %u), checksum 0x%08x (want 0x%08x), %u threads wrote nothing",
               nodes, want.nodes, sum, want.sum, unwritten);
    if (pending != 0)
      swt_note(t, "pending %u at the end (want 0)", pending);
    swt_check(t, nodes == want.nodes && sum == want.sum && !unwritten && clean && !bad_q &&
                 pending == 0,
              "grid %u x block %u, %u queue%s: %u nodes (b0 %u, m %u, q %u/65536, depth %u of "
              "max %u, %u leaves) each visited once, queues empty and unlocked",
              grid, block, nq, nq == 1 ? "" : "s", want.nodes, tr->b0, tr->m, tr->q, want.depth,
              tr->maxdepth, want.leaves);
    /* how the work spread over the warps (depends on the interleaving) */
    uint32_t wmin = UINT32_MAX, wmax = 0, nw = 0;
    for (uint32_t b = 0; b < grid; b++)
      for (uint32_t w = 0; w * WW_LANES < block; w++) {
        uint32_t c = 0;
        for (uint32_t l = 0; l < WW_LANES && w * WW_LANES + l < block; l++)
          c += counts[b * block + w * WW_LANES + l];
        wmin = c < wmin ? c : wmin;
        wmax = c > wmax ? c : wmax;
        nw++;
      }
    swt_note(t, "nodes per warp: min %u, max %u over %u warps; %llu warp instructions", wmin,
             wmax, nw, (unsigned long long)res.stats.warp_insns);
  }
  free(counts), free(sums), free(queues);
}

/* The trees: the main one (965 nodes, depth 25) and a small one (233 nodes,
 * down to the depth limit 12). */
static const uts_tree_t uts_main = { 7, 64, 4, 14746, 40, 8 };
static const uts_tree_t uts_small = { 10, 16, 3, 19000, 12, 2 };

static void uts_group(swt_t *t, const char *kname, uint32_t nq)
{
  const ww_kernel_t *k = swt_kernel(t, kname);
  if (!k)
    return;
  /* both SMs full: one block of 4 warps each */
  uts_case(t, k, kname, nq, &uts_main, WW_NUM_SM, SWT_MAX_BLOCK);
  ww_dev_reset_heap(t->dev);
  /* partial last warps, more blocks than fit at once (late blocks find the
   * tree done or join in), small blocks */
  uts_case(t, k, kname, nq, &uts_small, 2 * WW_NUM_SM + 1, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  uts_case(t, k, kname, nq, &uts_small, 3, SWT_SMALL_BLOCK);
}

void swt_gsi_uts_central(swt_t *t);
void swt_gsi_uts_decentral(swt_t *t);
void swt_gsi_stream(swt_t *t);

void swt_gsi_uts_central(swt_t *t) { uts_group(t, "uts_central", 1); }
void swt_gsi_uts_decentral(swt_t *t) { uts_group(t, "uts_decentral", WW_NUM_SM); }

/* ==== stream ============================================================================ */
typedef struct { uint32_t in, out, nlines, rounds; } stream_args_t;

#define STREAM_UNROLL 4
#define STREAM_WPL    (WW_LINE_BYTES / 4)

static void stream_case(swt_t *t, const ww_kernel_t *k, uint32_t grid, uint32_t block,
                        uint32_t nlines, uint32_t rounds)
{
  ww_rng_t r = { 900 + nlines + rounds };
  const uint32_t threads = grid * block, words = nlines * STREAM_WPL;
  uint32_t *in = xmalloc(4 * (size_t)words), *out = xmalloc(4 * (threads + SLACK));
  uint32_t *want = xmalloc(4 * (size_t)threads);
  for (uint32_t i = 0; i < words; i++)
    in[i] = (uint32_t)ww_rng_next(&r);
  for (uint32_t g = 0; g < threads; g++) {
    uint32_t s = 0;
    for (uint32_t rd = 0; rd < rounds; rd++)
      for (uint32_t u = 0; u < STREAM_UNROLL; u++) {
        uint32_t line = ((rd * STREAM_UNROLL + u) * threads + g) % nlines;
        s += in[line * STREAM_WPL + line % STREAM_WPL];
      }
    want[g] = s;
  }
  stream_args_t args = { swt_upload(t, in, 4 * (size_t)words),
                         swt_fill(t, 4 * (threads + SLACK), SENTINEL), nlines, rounds };
  ww_result_t res;
  if (args.in && args.out && swt_run(t, "stream", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, out, args.out, 4 * (threads + SLACK)) == 0) {
    size_t bad = swt_diff_words(t, "out", out, want, threads);
    int clean = slack_clean(t, "out", out, threads);
    swt_check(t, !bad && clean,
              "grid %u x block %u, %u lines (%u KiB), %u rounds x %u loads: one line per lane, "
              "sums exact", grid, block, nlines, nlines * WW_LINE_BYTES / 1024, rounds,
              STREAM_UNROLL);
  }
  free(in), free(out), free(want);
}

void swt_gsi_stream(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "stream");
  if (!k)
    return;
  /* both SMs full, every line read once (the bench's shape, smaller); the
   * kernel wants a power-of-two line count */
  uint32_t lines = 4 * STREAM_UNROLL * WW_NUM_SM * SWT_MAX_BLOCK, pow2 = 1;
  while (pow2 * 2 <= lines)
    pow2 *= 2;
  stream_case(t, k, WW_NUM_SM, SWT_MAX_BLOCK, pow2, 4);
  ww_dev_reset_heap(t->dev);
  /* partial warps, lines read more than once (the index wraps) */
  stream_case(t, k, 3, SWT_PART_BLOCK, 128, 3);
}
