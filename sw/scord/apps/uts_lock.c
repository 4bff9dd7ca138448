/* SPDX-License-Identifier: Apache-2.0
 *
 * uts_lock -- ScoR "UTS" (ScoRD, ISCA 2020, Table II and Fig. 5): unbalanced
 * tree search with SCOPED LOCKS. Implicit trees: a node is one word,
 * depth << 24 | hash (24 bits); a node at depth < `maxdepth` has 0..4 children
 * chosen by its hash (uts_children below). The kernel visits every node of
 * every tree and returns the node count (sum of visits[]) and the sum of the
 * node hashes (checksum), which the host compares with a recursive count.
 *
 * Work lives in stacks in global memory, {lock, top, avail, ..., nodes}:
 *   * a LOCAL stack per block, locked with BLOCK scope
 *       lock:   while (CAS.blk(lock, 0, 1) != 0); fence.blk
 *       unlock: fence.blk; EXCH.blk(lock, 0)
 *     children are pushed here and popped by the block's warps. `top` is
 *     accessed only inside the critical section, with strong accesses; the
 *     node slots are moved with block-scope atomics (OR in, AND out; never
 *     EXCH, which would release a lock of the same hash in ScoRD's lock
 *     table); `avail` (block atomics, updated inside the critical section)
 *     lets an idle warp see the stack empty without taking the lock;
 *   * a GLOBAL stack per block, locked with DEVICE scope (CAS.dev, fence.dev
 *     ... fence.dev, EXCH.dev), `top` strong inside the critical section,
 *     nodes read only: the host puts the roots in the global stacks of
 *     blocks 0 and 2; every block pops (steals) roots from any global stack,
 *     its own first, when its local stack runs short. They only shrink, so
 *     a warp skips one it has seen empty.
 * Each warp works as a unit: its lane 0 pops up to one node per lane (local
 * stack first, then up to 2 per global stack), hands them to the lanes
 * through shared memory (not tracked), every lane expands its node, and
 * lane 0 pushes all children and adds the number of nodes to visits[block]
 * (strong) in one local critical section. pending (device atomics) counts
 * nodes not yet expanded; it is raised by the children before it is
 * lowered by the parents, so it reaches 0 exactly when all is done, and the
 * warps end then. An idle warp executes no fence: ScoRD's 6-bit fence IDs
 * then cannot wrap around between a warp's write of `top` or `visits` and
 * another warp's next access (every busy iteration rewrites both).
 *
 * Race switch (args->race; 0 = correct):
 *   1  insufficient lock scope (Fig. 5, "a scoped race would occur if these
 *      ... fences used block scope"): the global-stack lock uses block
 *      fences. The CAS/EXCH stay device scope, so mutual exclusion holds,
 *      but the lock is only block scope and the next block that pops the
 *      stack reads `top` with no device fence after the previous block's
 *      write: missing device fence (no warp executes a device fence in this
 *      mode).
 *   2  missing lock: warps other than warp 0 of a block add to
 *      visits[block] outside the local lock (between block fences, so the
 *      accesses are ordered and strong). The other warp updates it under the
 *      lock: missing common lock, at the load of either (lost updates may
 *      make the visit count short).
 *
 * SCORD-GEOMETRY: grid=4 block=16
 * SCORD-INJECT: race=1 type=b scope=device line=150 what=global stack top read by a thief; the previous block released the lock with a block fence
 * SCORD-INJECT: race=2 type=e scope=block line=208 what=visits of a block updated with and without the block lock
 *
 * Geometry: 4 blocks of 16 threads (2 warps): blocks 0, 1 on SM 0 and 2, 3
 * on SM 1. Blocks 1 and 3 start with no roots of their own.
 *
 * Arguments: race, gstack (nctaid stacks of gstride words), gstride,
 * lstack (nctaid stacks of lstride words; locks, tops zeroed), lstride,
 * visits (uint32[nctaid], zeroed), pending (uint32 = number of roots),
 * checksum (uint32, zeroed), maxdepth. Stack layout: word 0 lock, word 1
 * top, word 2 avail (local stacks), nodes from word UTS_SLOT0 (local stacks:
 * zeroed); the local stacks must hold every node.
 */
#include "warpwatch.h"

#define UTS_SLOT0 8                     /* first node word of a stack */
#define UTS_MAXC  4                     /* most children of a node */
#define UTS_GPOP  2                     /* most roots popped from one global stack at once */
#define UTS_MAXW  WW_WARPS_PER_SM

typedef struct {
  uint32_t race;
  uint32_t *gstack;
  uint32_t gstride;
  uint32_t *lstack;
  uint32_t lstride;
  uint32_t *visits;
  uint32_t *pending;
  uint32_t *checksum;
  uint32_t maxdepth;
} uts_lock_args_t;

/* Hand-over between lane 0 and the lanes of its warp (shared memory). */
WW_SHARED static uint32_t sh_nodes[UTS_MAXW][WW_LANES];
WW_SHARED static uint32_t sh_kids[UTS_MAXW][WW_LANES * UTS_MAXC];
WW_SHARED static uint32_t sh_nkids[UTS_MAXW][WW_LANES];
WW_SHARED static uint32_t sh_count[UTS_MAXW];

static inline uint32_t uts_mix(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

/* Children of a node with hash h (0..4), and the hash of child c. */
static inline uint32_t uts_children(uint32_t h) { return (((h >> 4) & 7) * 5) >> 3; }
static inline uint32_t uts_child(uint32_t h, uint32_t c) { return uts_mix(h * 8 + c + 1) & 0xFFFFFFu; }

/* Lock and unlock; called by one lane of a warp. */
static inline void lock_block(uint32_t *l)
{
  while (ww_atomic_cas_block(l, 0, 1) != 0) {
  }
  ww_fence_block();
}

static inline void unlock_block(uint32_t *l)
{
  ww_fence_block();
  ww_atomic_exch_block(l, 0);
}

WW_KERNEL(uts_lock)(const uts_lock_args_t *args)
{
  const uint32_t race = args->race;
  const uint32_t w = ww_warpid(), lane = ww_laneid(), bid = ww_ctaid(), nblk = ww_nctaid();
  uint32_t *ls = args->lstack + bid * args->lstride;
  const uint32_t lcap = args->lstride - UTS_SLOT0;
  uint32_t gempty = 0;                                /* lane 0: global stacks seen empty */

  for (;;) {
    /* 1. Lane 0 pops up to one node per lane. */
    ww_if (lane == 0) {
      uint32_t n = 0;
      if (ww_atomic_or_block(&ls[2], 0) != 0) {       /* avail: no lock when empty */
        lock_block(&ls[0]);
        uint32_t top = ww_load_strong(&ls[1]);
        n = top < WW_LANES ? top : WW_LANES;
        for (uint32_t j = 0; j < n; j++)
          sh_nodes[w][j] = ww_atomic_and_block(&ls[UTS_SLOT0 + top - 1 - j], 0);
        ww_store_strong(&ls[1], top - n);
        ww_atomic_add_block(&ls[2], 0u - n);
        unlock_block(&ls[0]);
      }

      /* Global stacks only shrink: skip those seen empty. */
      for (uint32_t v = 0; v < nblk && n < WW_LANES; v++) {
        uint32_t vb = (bid + v) % nblk;
        if ((gempty >> vb) & 1)
          continue;
        uint32_t *gs = args->gstack + vb * args->gstride;
        while (ww_atomic_cas_device(&gs[0], 0, 1) != 0) {
        }
        if (race == 1) ww_fence_block(); else ww_fence_device();
        uint32_t gtop = ww_load_strong(&gs[1]);       /* SCORD-RACE 1b */
        uint32_t g = gtop < UTS_GPOP ? gtop : UTS_GPOP;
        g = g < WW_LANES - n ? g : WW_LANES - n;
        for (uint32_t j = 0; j < g; j++)
          sh_nodes[w][n + j] = ww_load_strong(&gs[UTS_SLOT0 + gtop - 1 - j]);
        if (g)
          ww_store_strong(&gs[1], gtop - g);
        if (race == 1) ww_fence_block(); else ww_fence_device();
        ww_atomic_exch_device(&gs[0], 0);
        if (gtop == g)
          gempty |= 1u << vb;
        n += g;
      }
      sh_count[w] = n;
    }
    const uint32_t n = sh_count[w];                   /* uniform: one shared word */

    if (n == 0) {
      /* 2. Nothing to do: end when no node is left anywhere. */
      ww_if (lane == 0) {
        sh_count[w] = (int32_t)ww_atomic_or_device(args->pending, 0) <= 0;
      }
      if (sh_count[w])
        break;
      continue;
    }

    /* 3. Every lane with a node expands it. */
    uint32_t nk = 0;
    ww_if (lane < n) {
      const uint32_t node = sh_nodes[w][lane], depth = node >> 24, h = node & 0xFFFFFFu;
      nk = ww_select(depth < args->maxdepth, uts_children(h), 0);
      for (uint32_t c = 0; ww_any(c < nk); c++) {
        ww_if (c < nk) {
          sh_kids[w][lane * UTS_MAXC + c] = (depth + 1) << 24 | uts_child(h, c);
        }
      }
      ww_atomic_add_device(args->checksum, h);
    }
    sh_nkids[w][lane] = nk;

    /* 4. Lane 0 pushes the children and counts the visits. */
    ww_if (lane == 0) {
      uint32_t *vis = &args->visits[bid];
      const uint32_t unlocked = race == 2 && w != 0;
      lock_block(&ls[0]);
      uint32_t top = ww_load_strong(&ls[1]), tot = 0;
      for (uint32_t l = 0; l < WW_LANES; l++) {
        for (uint32_t c = 0; c < sh_nkids[w][l]; c++) {
          if (top + tot < lcap)
            ww_atomic_or_block(&ls[UTS_SLOT0 + top + tot], sh_kids[w][l * UTS_MAXC + c]);
          tot++;
        }
      }
      ww_store_strong(&ls[1], top + tot);
      ww_atomic_add_block(&ls[2], tot);
      if (unlocked)
        unlock_block(&ls[0]);                         /* race 2: WRONG, releases too early */
      uint32_t v = ww_load_strong(vis);               /* SCORD-RACE 2e */
      ww_store_strong(vis, v + n);
      if (unlocked)
        ww_fence_block();
      else
        unlock_block(&ls[0]);
      ww_atomic_add_device(args->pending, tot - n);   /* children first, then the parents */
    }
  }
}
