/* SPDX-License-Identifier: Apache-2.0
 *
 * vecadd -- c[i] = a[i] + b[i] for i < n, one element per thread.
 *
 * Demonstrates: the minimal kernel (WW_KERNEL, the argument block, the
 * global thread index) and the bounds check as a lane-dependent ww_if: the
 * last block usually has threads past n, which must not store.
 *
 * Arguments (all 32-bit): a, b, c (device addresses of int32 arrays), n.
 */
#include "warpwatch.h"

typedef struct {
  const int32_t *a;
  const int32_t *b;
  int32_t *c;
  uint32_t n;
} vecadd_args_t;

WW_KERNEL(vecadd)(const vecadd_args_t *args)
{
  uint32_t i = ww_global_id();
  ww_if (i < args->n) {
    args->c[i] = args->a[i] + args->b[i];
  }
}
