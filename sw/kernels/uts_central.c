/* SPDX-License-Identifier: Apache-2.0
 *
 * uts_central -- unbalanced tree search (UTS, seed paper 002 section VI-B)
 * with ONE global work queue behind ONE global spin lock: the centralized
 * version whose GSI profile the paper finds dominated by synchronization.
 * uts_decentral.c is the same search with a queue per SM and work stealing.
 *
 * The tree is implicit and deterministic (UTS "binomial" shape): a node is
 * a 32-bit word, hash bits above a depth byte,
 *   root        = (mix(seed) & ~0xFF) | 0
 *   children(n) = b0 for the root; 0 at depth >= maxdepth; otherwise m if
 *                 (mix(n ^ 0x5BD1E995) >> 16) < q, else 0
 *   child(n, j) = (mix(n + (j + 1) * 0x9E3779B9) & ~0xFF) | (depth(n) + 1)
 * With q/65536 * m < 1 each root child heads a subtree of random, heavy-
 * tailed size: the work is unknown in advance and badly unbalanced. Visiting
 * a node costs `work` rounds of mix() (the stand-in for UTS's SHA-1), whose
 * result is added to the visitor's checksum.
 *
 * Workers are warps (as in the paper, one lane takes the lock for its warp).
 * Each round a warp
 *   1. takes the lock: lane 0 tries ONE device-scope CAS; the vote says
 *      whether the warp won (never a lane spinning inside a branch that waits
 *      for its warp-mates: see spinlock.c), then a device fence (acquire);
 *   2. pushes the children of the nodes its lanes hold: a device-scope
 *      atomic add on the queue's top gives each lane its slots (atomics of
 *      one instruction are performed in lane order), strong stores fill them;
 *   3. pops up to one node per lane from the top (strong loads);
 *   4. device fence (release), lane 0 releases the lock (exchange);
 *   5. adds (children - 1) per node it finished to the global `pending`
 *      count (device atomic), then visits the popped nodes (count, checksum,
 *      number of children).
 * `pending` counts nodes queued or held; a node's children are pushed before
 * its own -1, so pending is 0 only when the tree is done. A warp holding no
 * node waits by reading top and pending with strong loads (no lock traffic)
 * and leaves when both are 0. Everything a lane decides on its own is a
 * ww_if; every loop and branch of the warp is on values that are uniform
 * (loaded by all lanes from one address in one instruction, or votes), so the
 * kernel terminates on any warp interleaving.
 *
 * Launch: any grid and block; thread 0 of block 0 holds the root at the
 * start (already visited). Arguments (every field 32 bits):
 *   queues    nq queues of 8 + cap words, zeroed: word 0 lock, word 1 top,
 *             words 8.. the items (this kernel uses queue 0 only)
 *   nq        1 here (the decentralized kernel uses one per SM)
 *   cap       items a queue holds (the number of tree nodes always suffices)
 *   pending   one word = 1 (the root)
 *   counts    uint32[threads]: nodes each thread visited (written at the end)
 *   sums      uint32[threads]: sum of work(node) over those nodes
 *   seed, b0, m, q, maxdepth, work   the tree and the per-node work
 * The host checks sum(counts) and sum(sums) against a sequential traversal
 * (sw/tests/gsi_tests.c).
 */
#include "uts_tree.h"   /* arguments, queue layout, the tree (shared with uts_decentral.c) */

WW_KERNEL(uts_central)(const uts_args_t *a)
{
  uint32_t *q = a->queues;
  const uint32_t lane = ww_laneid();
  /* live lanes of this warp (a partial last warp has lanes 0 .. live-1) */
  const uint32_t live = ww_minu(ww_ntid() - ww_warpid() * ww_nlanes(), ww_nlanes());
  uint32_t has = 0, node = 0, nch = 0, cnt = 0, sum = 0;

  ww_assert(a->nq == 1);
  ww_if (ww_global_id() == 0) {             /* the root, counted in *pending */
    node = (mix(a->seed) & ~0xFFu);
    has = 1;
    cnt = 1;
    sum = uts_work(a, node);
    nch = uts_children(a, node);
  }

  for (;;) {
    if (!ww_any(has)) {
      /* nothing to push: wait for work without touching the lock */
      if (ww_load_strong(&q[Q_TOP]) == 0) {
        if (ww_load_strong(a->pending) == 0)
          break;                            /* the tree is done */
        continue;
      }
    }

    /* 1. one lock attempt by lane 0, the vote tells the warp */
    uint32_t won = 0;
    ww_if (lane == 0) {
      won = ww_atomic_cas_device(&q[Q_LOCK], 0, 1) == 0;
    }
    if (!ww_any(won))
      continue;
    ww_fence_device();                      /* acquire */

    /* 2. push the children of the held nodes */
    ww_if (has) {
      uint32_t base = ww_atomic_add_device(&q[Q_TOP], nch);
      ww_assert(base + nch <= a->cap);
      for (uint32_t j = 0; ww_any(j < nch); j++) {
        ww_if (j < nch) {
          ww_store_strong(&q[Q_ITEMS + base + j], uts_child(node, j));
        }
      }
    }

    /* 3. pop up to one node per live lane */
    uint32_t top = ww_load_strong(&q[Q_TOP]);
    uint32_t k = ww_minu(top, live);
    uint32_t got = lane < k, next = 0;
    ww_if (got) {
      next = ww_load_strong(&q[Q_ITEMS + top - 1 - lane]);
    }
    ww_if (lane == 0) {
      ww_store_strong(&q[Q_TOP], top - k);
    }

    /* 4. release */
    ww_fence_device();
    ww_if (lane == 0) {
      ww_atomic_exch_device(&q[Q_LOCK], 0);
    }

    /* 5. account for the finished nodes, visit the new ones */
    ww_if (has) {
      ww_atomic_add_device(a->pending, nch - 1);
    }
    has = got;
    node = next;
    ww_if (has) {
      cnt++;
      sum += uts_work(a, node);
      nch = uts_children(a, node);
    }
  }

  uint32_t gid = ww_global_id();
  a->counts[gid] = cnt;
  a->sums[gid] = sum;
}
