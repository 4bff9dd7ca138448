/* SPDX-License-Identifier: Apache-2.0
 *
 * uts_tree.h -- what the two unbalanced-tree-search kernels (uts_central.c,
 * uts_decentral.c) share: their arguments, the queue layout and the
 * implicit tree with its per-node work (the rules are in uts_central.c).
 * The host's sequential traversal (sw/tests/gsi_tests.c) is an independent
 * copy of the tree and does not include this file.
 */
#ifndef UTS_TREE_H
#define UTS_TREE_H

#include "warpwatch.h"

typedef struct {
  uint32_t *queues;
  uint32_t nq;
  uint32_t cap;
  uint32_t *pending;
  uint32_t *counts;
  uint32_t *sums;
  uint32_t seed, b0, m, q, maxdepth, work;
} uts_args_t;

enum { Q_LOCK = 0, Q_TOP = 1, Q_ITEMS = 8 };   /* queue layout, in words */

static inline uint32_t mix(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

static inline uint32_t uts_children(const uts_args_t *a, uint32_t node)
{
  uint32_t depth = node & 0xFF;
  uint32_t grow = ((mix(node ^ 0x5BD1E995u) >> 16) < a->q) & (depth < a->maxdepth);
  return ww_select(depth == 0, a->b0, ww_select(grow, a->m, 0));
}

static inline uint32_t uts_child(uint32_t node, uint32_t j)
{
  return (mix(node + (j + 1) * 0x9E3779B9u) & ~0xFFu) | ((node & 0xFF) + 1);
}

static inline uint32_t uts_work(const uts_args_t *a, uint32_t node)
{
  uint32_t w = node;
  for (uint32_t i = 0; i < a->work; i++)    /* uniform trip count */
    w = mix(w + i);
  return w;
}

#endif /* UTS_TREE_H */
