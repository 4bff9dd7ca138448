/* SPDX-License-Identifier: Apache-2.0
 *
 * reduction -- sums an int32 array. Each block sums a grid-stride slice
 * into per-thread accumulators, reduces them in shared memory with a tree
 * of barriers, writes its partial sum to partial[block] and adds it to
 * *total with a device-scope atomic.
 *
 * Demonstrates: WW_SHARED memory, ww_barrier() between the tree levels
 * (a barrier is also a block fence, so each level sees the previous one's
 * stores), a block size that need not be a power of two or a multiple of
 * the warp (the tree runs over the next power of two, padded with zeros),
 * and why the final combination across blocks needs device scope.
 *
 * Thread t of block b accumulates in[i] for i = b*ntid + t + k*grid_size.
 *
 * Arguments: in (int32 array), n, partial (int32[nctaid]), total (int32,
 * zeroed by the host).
 */
#include "warpwatch.h"

typedef struct {
  const int32_t *in;
  uint32_t n;
  int32_t *partial;
  int32_t *total;
} reduction_args_t;

/* Largest block: every warp slot of an SM. The tree needs the next power of
 * two, at most twice that. */
#define MAX_BLOCK (WW_WARPS_PER_SM * WW_LANES)
WW_SHARED static int32_t sdata[2 * MAX_BLOCK];

WW_KERNEL(reduction)(const reduction_args_t *args)
{
  uint32_t tid = ww_tid();
  uint32_t ntid = ww_ntid();
  uint32_t n = args->n;
  uint32_t stride = ww_global_size();

  /* 1. Private accumulation over a grid-stride slice. */
  int32_t acc = 0;
  for (uint32_t i = ww_global_id(); ww_any(i < n); i += stride) {
    ww_if (i < n) {
      acc += args->in[i];
    }
  }

  /* 2. Into shared memory; pad [ntid, p) with zeros, p = next power of two. */
  uint32_t p = 1;
  while (p < ntid)          /* uniform: ntid is the same in every lane */
    p <<= 1;
  sdata[tid] = acc;
  ww_if (tid + ntid < p) {
    sdata[tid + ntid] = 0;
  }
  ww_barrier();

  /* 3. Tree: level s adds the upper half onto the lower half. */
  for (uint32_t s = p >> 1; s > 0; s >>= 1) {
    ww_if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    ww_barrier();
  }

  /* 4. One thread publishes the block's sum. */
  ww_if (tid == 0) {
    int32_t sum = sdata[0];
    args->partial[ww_ctaid()] = sum;
    ww_atomic_add_device(args->total, (uint32_t)sum);
  }
}
