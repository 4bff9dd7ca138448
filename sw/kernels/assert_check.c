/* SPDX-License-Identifier: Apache-2.0
 *
 * assert_check -- out[i] = 2 * in[i] for i < n, after ww_assert(in[i] >= 0).
 *
 * Demonstrates ww_assert: a failed assertion in any active lane stops the
 * whole kernel with a *kernel trap* (ebreak) whose report names the SM,
 * warp, block, lanes, PC and, from the debug info, this file and line. The
 * check is a vote (ww_any), so the branch to the ebreak is uniform and the
 * assertion may sit anywhere, also inside ww_if.
 *
 * Arguments: in (int32 array), n, out (int32 array).
 */
#include "warpwatch.h"

typedef struct {
  const int32_t *in;
  uint32_t n;
  int32_t *out;
} assert_check_args_t;

WW_KERNEL(assert_check)(const assert_check_args_t *args)
{
  uint32_t i = ww_global_id();
  ww_if (i < args->n) {
    int32_t v = args->in[i];
    ww_assert(v >= 0);
    args->out[i] = 2 * v;
  }
}
