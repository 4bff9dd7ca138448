/* SPDX-License-Identifier: Apache-2.0
 *
 * reduction_scoped -- ScoR "RED" (ScoRD, ISCA 2020, Table II and Fig. 4):
 * sums an int32 array in one kernel. Each thread sums a grid-stride slice;
 * each block then reduces its threads' sums with a tree in GLOBAL memory
 * (so that ScoRD sees it), where a level hands values from one warp to
 * another with strong stores, a BLOCK fence and a block-scope flag (no
 * barrier). Thread 0 of each block publishes the block's sum to
 * partial[block] with a DEVICE fence and takes a ticket (device atomic);
 * the block that takes the last ticket adds all partial sums into *total.
 *
 *   tree level s (s = ntid/2 ... 1), thread t:
 *     s <= t < 2s : scratch[t] = acc (strong); fence.blk; flag[t] := 1 (blk atomic)
 *     t < s       : wait flag[t+s] (blk atomic); fence.blk; acc += scratch[t+s] (strong)
 *   thread 0      : partial[b] = acc (strong); fence.dev; ticket (dev atomic);
 *                   last block: total = sum of partial[] (strong loads)
 *
 * Race switch (args->race; 0 = correct):
 *   1  missing fence: level s = ntid/2 publishes without the block fence. The
 *      warp that consumes scratch[t+s] is another warp of the block, and the
 *      producer warp executes no fence afterwards: missing block fence.
 *   2  insufficient fence scope: thread 0 publishes partial[b] with a block
 *      fence. The last block reads it from another block: missing device
 *      fence (in this mode only the last block's warp 0 executes a device
 *      fence, its acquire, after its own partial sum).
 *   3  insufficient atomic scope: the ticket is taken with a block-scope
 *      atomic, by blocks on both SMs: scoped atomic (the racing access is the
 *      second block's ticket). The tickets may then be wrong, so the total
 *      may never be written; the kernel still ends.
 *
 * SCORD-GEOMETRY: grid=4 block=16
 * SCORD-INJECT: race=1 type=a scope=block line=89 what=tree level ntid/2 published without the block fence; the consumer warp reads scratch
 * SCORD-INJECT: race=2 type=b scope=device line=110 what=partial sum published with a block fence; the last block reads it
 * SCORD-INJECT: race=3 type=d scope=device line=103 what=ticket taken with a block-scope atomic by blocks on both SMs
 *
 * Geometry: 4 blocks of 16 threads (2 warps): blocks 0, 1 on SM 0 and 2, 3
 * on SM 1, all resident. The block size must be a power of two >= 16 (the
 * first level then crosses warps).
 *
 * Arguments: race, in (int32[n]), n, scratch (int32[nctaid*ntid]), flags
 * (uint32[nctaid*ntid], zeroed), partial (int32[nctaid]), ticket (uint32,
 * zeroed), total (int32).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t race;
  const int32_t *in;
  uint32_t n;
  int32_t *scratch;
  uint32_t *flags;
  int32_t *partial;
  uint32_t *ticket;
  int32_t *total;
} reduction_scoped_args_t;

WW_KERNEL(reduction_scoped)(const reduction_scoped_args_t *args)
{
  const uint32_t race = args->race;
  const uint32_t tid = ww_tid(), ntid = ww_ntid(), bid = ww_ctaid(), nblk = ww_nctaid();
  const uint32_t n = args->n, stride = ww_global_size();
  int32_t *sd = args->scratch + bid * ntid;         /* this block's tree slots */
  uint32_t *fl = args->flags + bid * ntid;          /* this block's level flags */

  /* 1. Private accumulation over a grid-stride slice (read-only input). */
  int32_t acc = 0;
  for (uint32_t i = ww_global_id(); ww_any(i < n); i += stride) {
    ww_if (i < n) {
      acc += args->in[i];
    }
  }

  /* 2. Tree in global memory, one producer -> consumer hand-off per level. */
  for (uint32_t s = ntid >> 1; s > 0; s >>= 1) {
    ww_if ((tid >= s) & (tid < 2 * s)) {
      ww_store_strong(&sd[tid], (uint32_t)acc);
      if (!(race == 1 && s == ntid >> 1))
        ww_fence_block();                           /* release (block scope) */
      ww_atomic_exch_block(&fl[tid], 1);
    }
    ww_if (tid < s) {
      uint32_t ready = 0;
      while (ww_any(!ready)) {
        ww_if (!ready) {
          ready = ww_atomic_or_block(&fl[tid + s], 0) != 0;
        }
      }
      ww_fence_block();                             /* acquire (block scope) */
      acc += (int32_t)ww_load_strong(&sd[tid + s]);   /* race 1  SCORD-RACE 1a */
    }
  }

  /* 3. Thread 0: publish the block's sum, take a ticket; the last block adds
   *    up the partial sums. Only lane 0 of warp 0 is active inside. */
  ww_if (tid == 0) {
    ww_store_strong(&args->partial[bid], (uint32_t)acc);
    if (race == 2)
      ww_fence_block();                             /* WRONG: too narrow for the last block */
    else
      ww_fence_device();                            /* release (device scope) */
    uint32_t tk;
    if (race == 3)
      tk = ww_atomic_add_block(args->ticket, 1);    /* race 3, WRONG scope  SCORD-RACE 3d */
    else
      tk = ww_atomic_add_device(args->ticket, 1);
    if (tk == nblk - 1) {
      ww_fence_device();                            /* acquire (device scope) */
      int32_t sum = 0;
      for (uint32_t b = 0; b < nblk; b++)
        sum += (int32_t)ww_load_strong(&args->partial[b]);   /* race 2  SCORD-RACE 2b */
      ww_store_strong(args->total, (uint32_t)sum);
    }
  }
}
