/* SPDX-License-Identifier: Apache-2.0
 *
 * rule110 -- ScoR "R110" (ScoRD, ISCA 2020, Table II): `steps` generations
 * of the Rule 110 cellular automaton on a ring of nctaid*ntid cells, one
 * cell per thread, in ONE kernel. The scope of the synchronisation depends
 * on whether a cell lies on the border of its block:
 *
 *   * inside a block, neighbours exchange cells through a double-buffered
 *     global array `cells` ordered by the block barrier (a block fence);
 *   * across blocks, the two edge threads of every block (tid 0 and
 *     tid ntid-1) also publish their new cell in a double-buffered `halo`
 *     slot with a strong store, a DEVICE fence, and a step counter in
 *     hflag[] (device atomic exchange); the facing edge thread of the
 *     neighbouring block waits for that counter (device atomic poll) and
 *     reads the slot with a strong load. The same counter tells the writer
 *     that the reader is done with the previous value of its slot (it sets
 *     it only after reading and fencing), so the slot can be reused two
 *     generations later.
 *
 *   generation k, p = k & 1, thread i = ctaid*ntid + tid, own cell c:
 *     l = tid == 0      ? halo[p][left block].right  : cells[p][i-1]
 *     r = tid == ntid-1 ? halo[p][right block].left  : cells[p][i+1]
 *     c = rule110(l, c, r); cells[1-p][i] = c
 *     edge threads: halo[1-p][own block].side = c (strong); fence.dev;
 *                   hflag[own block].side := k+1 (device atomic)
 *     barrier
 *     edge threads: wait until hflag[facing block].side >= k+1
 *
 * Race switch (args->race; 0 = correct):
 *   1  insufficient fence scope: the edge threads use a block fence before
 *      publishing. The facing thread is in another block: missing device
 *      fence, both at its read of the halo slot (read after write) and at
 *      the writer's next store to the slot (write after the reader's read,
 *      which the reader did not fence at device scope either).
 *   2  not strong: the edge threads read the halo slot with an ordinary
 *      load. The accesses are fenced but not strong: at the ordinary load,
 *      and at the writer's next (strong) store after it.
 *
 * SCORD-GEOMETRY: grid=4 block=16
 * SCORD-INJECT: race=1 type=b scope=device line=88 what=halo slot read by the facing block; the writer fenced at block scope only
 * SCORD-INJECT: race=1 type=b scope=device line=103 what=halo slot rewritten; the reader of its previous value fenced at block scope only
 * SCORD-INJECT: race=2 type=c scope=device line=86 what=halo slot read by the facing block with an ordinary load
 * SCORD-INJECT: race=2 type=c scope=device line=103 what=halo slot rewritten after an ordinary load of it
 *
 * Geometry: 4 blocks of 16 threads (2 warps): blocks 0, 1 on SM 0 and 2, 3
 * on SM 1, all resident (edge threads wait for each other). Block pairs
 * 1|2 and 3|0 of the ring are on different SMs.
 *
 * Arguments: race, cells (uint32[2*N], cells[0..N) = initial state of 0/1),
 * halo (uint32[2*nctaid*2]: halo[0] = initial edge cells, see halo_index),
 * hflag (uint32[nctaid*2], zeroed), steps (<= 64), out (uint32[N]).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t race;
  uint32_t *cells;
  uint32_t *halo;
  uint32_t *hflag;
  uint32_t steps;
  uint32_t *out;
} rule110_args_t;

/* halo[parity][block][side]; side 0 = the block's first cell, 1 = its last. */
static inline uint32_t halo_index(uint32_t parity, uint32_t block, uint32_t side, uint32_t nblk)
{
  return (parity * nblk + block) * 2 + side;
}

WW_KERNEL(rule110)(const rule110_args_t *args)
{
  const uint32_t tid = ww_tid(), ntid = ww_ntid(), bid = ww_ctaid(), nblk = ww_nctaid();
  const uint32_t n = nblk * ntid, i = bid * ntid + tid, steps = args->steps;
  const uint32_t left_blk = (bid + nblk - 1) % nblk, right_blk = (bid + 1) % nblk;
  const uint32_t first = tid == 0, last = tid == ntid - 1;
  uint32_t *cells = args->cells;
  uint32_t c = cells[i];

  for (uint32_t k = 0; k < steps; k++) {
    const uint32_t p = k & 1;
    uint32_t l = 0, r = 0, hv = 0;
    ww_if (first | last) {                                /* the facing block's edge cell */
      const uint32_t idx = ww_select(first, halo_index(p, left_blk, 1, nblk),
                                     halo_index(p, right_blk, 0, nblk));
      if (args->race == 2)
        hv = *(volatile uint32_t *)&args->halo[idx];      /* race 2: WRONG, ordinary  SCORD-RACE 2c */
      else
        hv = ww_load_strong(&args->halo[idx]);            /* SCORD-RACE 1b */
    }
    ww_if (!first) {
      l = cells[p * n + i - 1];
    }
    ww_if (!last) {
      r = cells[p * n + i + 1];
    }
    l = ww_select(first, hv, l);
    r = ww_select(last, hv, r);
    c = (110u >> ((l & 1) << 2 | (c & 1) << 1 | (r & 1))) & 1;
    cells[(1 - p) * n + i] = c;

    ww_if (first | last) {
      uint32_t side = last;                               /* ntid > 1: never both */
      ww_store_strong(&args->halo[halo_index(1 - p, bid, side, nblk)], c);   /* SCORD-RACE 1b 2c */
      if (args->race == 1)
        ww_fence_block();                                 /* WRONG: the reader is in another block */
      else
        ww_fence_device();
      ww_atomic_exch_device(&args->hflag[bid * 2 + side], k + 1);
    }
    ww_barrier();                                         /* cells[1-p] complete, cells[p] read */

    ww_if (first | last) {
      /* the facing edge thread: the right block's first, or the left block's last */
      uint32_t *f = &args->hflag[ww_select(last, right_blk * 2, left_blk * 2 + 1)];
      uint32_t ready = 0;
      while (ww_any(!ready)) {
        ww_if (!ready) {
          ready = ww_atomic_or_device(f, 0) >= k + 1;
        }
      }
    }
  }
  args->out[i] = c;
}
