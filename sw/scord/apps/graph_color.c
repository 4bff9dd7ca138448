/* SPDX-License-Identifier: Apache-2.0
 *
 * graph_color -- ScoR "GCOL" (ScoRD, ISCA 2020, Table II and Figs. 2-3):
 * colours the vertices of a graph with WORK STEALING between blocks.
 *
 * The vertices are split into one contiguous partition per block
 * [pstart[b], pend[b]); next_head[b] (initially pstart[b]) is the next
 * unclaimed vertex of partition b. The leader thread (tid 0) of a block
 * claims the next `ntid` vertices of its own partition with
 *     h = atomicAdd(&next_head[b], ntid)                 (Fig. 3, lines 6-8)
 * and, once its partition is exhausted, steals the next `ntid` vertices of
 * the other partitions with the same atomic on next_head[victim]
 * (Fig. 3, lines 16-18). It hands the claimed range [start, end) to its block
 * through chunk[b] (global memory, ordinary stores and loads between two
 * barriers); an empty range ends the block.
 *
 * Colouring is deterministic (Jones-Plassmann with priority = lower index):
 * a vertex takes the smallest colour not used by its lower-numbered
 * neighbours, once all of them are coloured, so the result equals the
 * sequential greedy colouring in index order whatever the interleaving. The
 * graph is given as lists of lower-numbered neighbours (CSR lo_ptr/lo_adj);
 * colour[] holds colour+1 (0 = not yet), written with a device atomic
 * exchange and read with device atomic polls, so colours are exchanged
 * between blocks without any plain access. A vertex waits only for lower
 * vertices and partitions are claimed in increasing order, so with every
 * block resident the lowest uncoloured vertex can always progress.
 *
 * Race switch (args->race; 0 = correct):
 *   1  insufficient atomic scope (Fig. 3b): the leader claims work from its
 *      OWN partition with a block-scope atomic, as if no other block touched
 *      next_head[b]. Thieves of other blocks use the device-scope atomic on
 *      the same word: scoped atomic, reported at the thief's atomic (every
 *      block tries to steal from every other block before it ends). A thief
 *      on the other SM may then claim a range the owner claims again from
 *      its stale L1 copy: vertices coloured twice, with the same colour.
 *
 * SCORD-GEOMETRY: grid=4 block=16
 * SCORD-INJECT: race=1 type=d scope=device line=93 what=thief claims from next_head of a victim whose owner claims with a block-scope atomic
 *
 * Geometry: 4 blocks of 16 threads (2 warps), all resident (required: a
 * vertex may wait for a vertex of another block): blocks 0, 1 on SM 0 and
 * 2, 3 on SM 1.
 *
 * Arguments: race, nv, lo_ptr (uint32[nv+1]), lo_adj, pend (uint32[nctaid]),
 * next_head (uint32[nctaid] = partition starts), chunk (uint32[2*nctaid]),
 * colour (uint32[nv], zeroed), stolen (uint32[nctaid]: ranges each block
 * stole, written at its end).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t race;
  uint32_t nv;
  const uint32_t *lo_ptr;
  const uint32_t *lo_adj;
  const uint32_t *pend;
  uint32_t *next_head;
  uint32_t *chunk;
  uint32_t *colour;
  uint32_t *stolen;
} graph_color_args_t;

/* Number of set bits, without branches. */
static inline uint32_t popcount32(uint32_t x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (x * 0x01010101u) >> 24;
}

WW_KERNEL(graph_color)(const graph_color_args_t *args)
{
  const uint32_t tid = ww_tid(), ntid = ww_ntid(), bid = ww_ctaid(), nblk = ww_nctaid();
  uint32_t *my_chunk = &args->chunk[2 * bid];
  uint32_t steals = 0;

  for (;;) {
    /* The leader claims the next range (only lane 0 of warp 0 inside). */
    ww_if (tid == 0) {
      uint32_t start = 0, end = 0, h;
      if (args->race == 1)
        h = ww_atomic_add_block(&args->next_head[bid], ntid);   /* WRONG scope: thieves use it too */
      else
        h = ww_atomic_add_device(&args->next_head[bid], ntid);
      uint32_t lim = args->pend[bid];
      if (h < lim) {
        start = h;
        end = h + ntid < lim ? h + ntid : lim;
      }
      for (uint32_t v = 1; v < nblk && start == end; v++) {
        uint32_t victim = (bid + v) % nblk;
        h = ww_atomic_add_device(&args->next_head[victim], ntid);   /* race 1  SCORD-RACE 1d */
        lim = args->pend[victim];
        if (h < lim) {
          start = h;
          end = h + ntid < lim ? h + ntid : lim;
          steals++;
        }
      }
      my_chunk[0] = start;
      my_chunk[1] = end;
    }
    ww_barrier();
    const uint32_t start = my_chunk[0], end = my_chunk[1];
    if (start == end)                                 /* uniform: every lane read the same */
      break;

    /* Colour vertex start + tid once its lower neighbours are coloured. */
    const uint32_t v = start + tid;
    ww_if (v < end) {
      const uint32_t e0 = args->lo_ptr[v], e1 = args->lo_ptr[v + 1];
      uint32_t done = 0;
      while (ww_any(!done)) {
        ww_if (!done) {
          uint32_t used = 0, ready = 1;
          for (uint32_t e = e0; ww_any(e < e1); e++) {
            ww_if (e < e1) {
              uint32_t u = args->lo_adj[e];
              uint32_t cu = ww_atomic_or_device(&args->colour[u], 0);
              ready &= ww_select(cu != 0, 1, 0);
              used |= ww_select(cu != 0, 1u << ((cu - 1) & 31), 0);
            }
          }
          ww_if (ready) {
            uint32_t free_mask = ~used;
            uint32_t lowest = free_mask & (0u - free_mask);
            ww_atomic_exch_device(&args->colour[v], popcount32(lowest - 1) + 1);
            done = 1;
          }
        }
      }
    }
    ww_barrier();                                     /* chunk[] read by all; next claim */
  }
  ww_if (tid == 0) {
    args->stolen[bid] = steals;
  }
}
