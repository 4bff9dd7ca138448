/* SPDX-License-Identifier: Apache-2.0
 *
 * saxpy -- y[i] = a * x[i] + y[i] for i < n, in 32-bit integers (the GPU has
 * no FPU: RV32IM), with a grid-stride loop.
 *
 * Demonstrates: a grid-stride loop whose trip count differs between lanes
 * (n need not be a multiple of the grid size). The loop itself is uniform --
 * it runs while ANY lane of the warp has work (ww_any) -- and the body is a
 * ww_if, so lanes without work idle instead of branching away.
 *
 * Arguments: a (int32), x, y (device addresses of int32 arrays), n.
 */
#include "warpwatch.h"

typedef struct {
  int32_t a;
  const int32_t *x;
  int32_t *y;
  uint32_t n;
} saxpy_args_t;

WW_KERNEL(saxpy)(const saxpy_args_t *args)
{
  uint32_t n = args->n;
  uint32_t stride = ww_global_size();
  for (uint32_t i = ww_global_id(); ww_any(i < n); i += stride) {
    ww_if (i < n) {
      args->y[i] = args->a * args->x[i] + args->y[i];
    }
  }
}
