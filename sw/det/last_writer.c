/* SPDX-License-Identifier: Apache-2.0
 *
 * last_writer -- the order GPUDet's commit gives two stores to one word
 * (ASPLOS 2013, sec. 4.4.2: depth = -(quantum * 2^m) + warp slot, the lowest
 * depth wins). Every warp writes its global warp slot + 1 (slot = SM *
 * warps_per_sm + hardware warp slot) to out[0] in the first quantum: the
 * lowest slot must win. Then each warp ends one quantum per fence, slot s
 * passing s + 1 fences before it writes out[1]: the highest slot writes in
 * the latest quantum and must win although its slot is the highest.
 * Without --det the words hold whichever store came last.
 *
 * Arguments: out (2 words), warps_per_sm.
 */
#include "warpwatch.h"

typedef struct {
  volatile uint32_t *out;
  uint32_t warps_per_sm;
} last_writer_args_t;

WW_KERNEL(last_writer)(const last_writer_args_t *a)
{
  const uint32_t slot = ww_smid() * a->warps_per_sm + ww_hwwid();   /* warp-uniform */
  a->out[0] = slot + 1;
  ww_fence_device();
  for (uint32_t i = 0; i < slot; i++)
    ww_fence_device();
  a->out[1] = slot + 1;
}
