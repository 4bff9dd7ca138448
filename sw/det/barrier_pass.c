/* SPDX-License-Identifier: Apache-2.0
 *
 * barrier_pass -- global memory handed across a ww.bar under GPUDet
 * (docs/det.md sec. 1 and 7): the barrier orders the block's global
 * accesses, so a warp must see after it what the block's other warps stored
 * before it, although those stores wait in their store buffers until a
 * commit. In every block warp 0 works `spin` iterations (more than a
 * quantum, so warp 1 waits at the barrier when later quanta begin), then
 * stores data[block * 32 + lane] = block * 1000 + lane + 1 and reaches the
 * barrier; warp 1 reaches the barrier at once and afterwards copies the
 * words to out[block * 32 + lane]. out must equal data (the host's check).
 * Lanes: at most 32 per warp.
 *
 * Arguments: data, out (32 words per block each), spin. Block: 2 warps.
 */
#include "warpwatch.h"
#include "barrier_spin.h"

typedef struct {
  volatile uint32_t *data;
  volatile uint32_t *out;
  uint32_t spin;
} barrier_pass_args_t;

WW_KERNEL(barrier_pass)(const barrier_pass_args_t *a)
{
  const uint32_t lane = ww_laneid(), base = ww_ctaid() * 32;
  if (ww_warpid() == 0)
    barrier_spin_store(a->data, a->spin);
  ww_barrier();
  if (ww_warpid() == 1)
    a->out[base + lane] = a->data[base + lane];
}
