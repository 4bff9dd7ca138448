/* SPDX-License-Identifier: Apache-2.0
 *
 * uts_decentral -- unbalanced tree search with a work queue and a lock PER
 * SM and work stealing: the decentralized version (UTSD, seed paper 002
 * section VI-D) of uts_central.c, which has the tree, the round of a worker
 * warp and the termination count; only the choice of queue differs.
 *
 * Queue i (i < nq) belongs to the warps on SM i (queue = smid % nq; the host
 * passes nq = number of SMs). A warp that holds finished nodes locks its own
 * queue, pushes their children there and pops from it again, so children are
 * usually visited on the SM that made them and each lock is contended only
 * by the warps of one SM. A warp that holds nothing looks at the tops of its
 * own queue first and then of the others, in order, with strong loads, and
 * locks the first non-empty one: a steal when that is another SM's queue.
 * The lock, push, pop and release are those of uts_central.c (device scope
 * throughout, because a thief on another SM uses the same lock and items).
 * Warps leave when every queue looked empty and pending is 0.
 *
 * Arguments: as uts_central.c, with nq queues of 8 + cap words each (every
 * queue can receive every node in the worst case, so cap = nodes suffices).
 */
#include "uts_tree.h"   /* arguments, queue layout, the tree (shared with uts_central.c) */

WW_KERNEL(uts_decentral)(const uts_args_t *a)
{
  const uint32_t qwords = Q_ITEMS + a->cap;
  const uint32_t own = ww_smid() % a->nq;
  const uint32_t lane = ww_laneid();
  /* live lanes of this warp (a partial last warp has lanes 0 .. live-1) */
  const uint32_t live = ww_minu(ww_ntid() - ww_warpid() * ww_nlanes(), ww_nlanes());
  uint32_t has = 0, node = 0, nch = 0, cnt = 0, sum = 0;

  ww_assert(a->nq >= 1);
  ww_if (ww_global_id() == 0) {             /* the root, counted in *pending */
    node = (mix(a->seed) & ~0xFFu);
    has = 1;
    cnt = 1;
    sum = uts_work(a, node);
    nch = uts_children(a, node);
  }

  for (;;) {
    /* the queue to lock: our own when pushing, else the first non-empty
     * one from our own on (all uniform: strong loads of one address) */
    uint32_t qi = own;
    if (!ww_any(has)) {
      uint32_t found = 0;
      for (uint32_t i = 0; i < a->nq && !found; i++) {
        qi = own + i < a->nq ? own + i : own + i - a->nq;
        found = ww_load_strong(&a->queues[qi * qwords + Q_TOP]) != 0;
      }
      if (!found) {
        if (ww_load_strong(a->pending) == 0)
          break;                            /* the tree is done */
        continue;
      }
    }
    uint32_t *q = a->queues + qi * qwords;

    /* 1. one lock attempt by lane 0, the vote tells the warp */
    uint32_t won = 0;
    ww_if (lane == 0) {
      won = ww_atomic_cas_device(&q[Q_LOCK], 0, 1) == 0;
    }
    if (!ww_any(won))
      continue;
    ww_fence_device();                      /* acquire */

    /* 2. push the children of the held nodes (own queue only) */
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
