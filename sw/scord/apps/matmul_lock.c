/* SPDX-License-Identifier: Apache-2.0
 *
 * matmul_lock -- ScoR "MM" (ScoRD, ISCA 2020, Table II): C = A x B (int32,
 * row major, A m x kdim, B kdim x n, n = lanes of a warp) with SCOPED LOCKS.
 * The inner dimension is split over the blocks and, inside a block, over its
 * warps; lane j of a warp works on column j. For each row i of C:
 *
 *   1. warp 0 clears the block's partial row tempc[block][0..n); barrier.
 *   2. every warp adds its partial dot products into tempc[block][j] under
 *      the block's lock (BLOCK scope: only the block's warps use it):
 *        CAS.blk(lockb) ; fence.blk ; tempc += p (strong) ; fence.blk ; EXCH.blk
 *      one lane at a time (the SIMT-safe lock loop of sw/kernels/spinlock.c).
 *   3. barrier; warp 0 adds tempc[block][j] into C[i][j] under the row's lock
 *      (DEVICE scope: every block adds into every row):
 *        CAS.dev(lockc[i]) ; fence.dev ; C += t (strong) ; fence.dev ; EXCH.dev
 *
 * Race switch (args->race; 0 = correct):
 *   1  insufficient lock scope: the row lock uses block fences (its CAS and
 *      EXCH stay device scope, so mutual exclusion holds, but the lock is
 *      only block scope). The next block that adds into C[i][j] reads it
 *      with no device fence after the previous block's write: missing device
 *      fence (no warp executes a device fence in this mode).
 *   2  missing fence: the block lock has neither its acquire nor its release
 *      fence. The lock is never activated and the second warp that adds into
 *      tempc[block][j] in a row reads it with no fence after the first
 *      warp's write: missing block fence.
 *
 * SCORD-GEOMETRY: grid=4 block=16
 * SCORD-INJECT: race=1 type=b scope=device line=103 what=C element read under a row lock released with a block fence by another block
 * SCORD-INJECT: race=2 type=a scope=block line=83 what=partial row read under a block lock without fences after another warp wrote it
 *
 * Geometry: 4 blocks of 16 threads (2 warps): blocks 0, 1 on SM 0 and 2, 3
 * on SM 1. kdim must be a multiple of nctaid * warps per block.
 *
 * Arguments: race, a (int32[m*kdim]), b (int32[kdim*n]), c (int32[m*n],
 * zeroed), m, kdim, n (= lanes), tempc (uint32[nctaid*16]), lockb
 * (uint32[nctaid*16], zeroed; block b uses word 16*b), lockc (uint32[m],
 * zeroed).
 */
#include "warpwatch.h"

#define MM_STRIDE 16                          /* words between blocks' tempc rows and locks */

typedef struct {
  uint32_t race;
  const int32_t *a;
  const int32_t *b;
  int32_t *c;
  uint32_t m;
  uint32_t kdim;
  uint32_t n;
  uint32_t *tempc;
  uint32_t *lockb;
  uint32_t *lockc;
} matmul_lock_args_t;

WW_KERNEL(matmul_lock)(const matmul_lock_args_t *args)
{
  const uint32_t race = args->race;
  const uint32_t w = ww_warpid(), nw = ww_nwarpid(), j = ww_laneid(), bid = ww_ctaid();
  const uint32_t kdim = args->kdim, n = args->n;
  const uint32_t per_warp = kdim / (ww_nctaid() * nw);
  const uint32_t k0 = (bid * nw + w) * per_warp;
  uint32_t *tc = &args->tempc[bid * MM_STRIDE + j];
  uint32_t *lockb = &args->lockb[bid * MM_STRIDE];

  for (uint32_t i = 0; i < args->m; i++) {
    /* 1. Clear the block's partial row. */
    if (w == 0)
      *tc = 0;
    ww_barrier();

    /* 2. This warp's partial dot product, into tempc under the block lock. */
    int32_t p = 0;
    for (uint32_t k = k0; k < k0 + per_warp; k++)
      p += args->a[i * kdim + k] * args->b[k * n + j];
    uint32_t done = 0;
    while (ww_any(!done)) {
      ww_if (!done) {
        ww_if (ww_atomic_cas_block(lockb, 0, 1) == 0) {
          if (race != 2)
            ww_fence_block();                         /* acquire */
          uint32_t v = ww_load_strong(tc);            /* race 2  SCORD-RACE 2a */
          ww_store_strong(tc, v + (uint32_t)p);
          if (race != 2)
            ww_fence_block();                         /* release */
          ww_atomic_exch_block(lockb, 0);
          done = 1;
        }
      }
    }
    ww_barrier();

    /* 3. Warp 0 adds the block's row into C under the row's device lock. */
    if (w == 0) {
      const uint32_t t = *tc;
      uint32_t *cij = (uint32_t *)&args->c[i * n + j];
      done = 0;
      while (ww_any(!done)) {
        ww_if (!done) {
          ww_if (ww_atomic_cas_device(&args->lockc[i], 0, 1) == 0) {
            if (race == 1) ww_fence_block(); else ww_fence_device();
            uint32_t v = ww_load_strong(cij);         /* race 1  SCORD-RACE 1b */
            ww_store_strong(cij, v + t);
            if (race == 1) ww_fence_block(); else ww_fence_device();
            ww_atomic_exch_device(&args->lockc[i], 0);
            done = 1;
          }
        }
      }
    }
  }
}
