/* SPDX-License-Identifier: Apache-2.0
 *
 * scale_main.c -- `warpwatch cc` test: a C kernel in two files (the helper
 * in scale_helper.c), a header found through -I and a value given with -D.
 * out[gid] = scale_of(gid) = gid * SCALE + OFFSET; word 0 of kargs = out.
 */
#include "scale.h"
#include "warpwatch.h"

typedef struct {
  uint32_t *out;
} scale_args_t;

WW_KERNEL(scale_kernel)(const scale_args_t *args)
{
  uint32_t i = ww_global_id();
  args->out[i] = scale_of(i);
}
