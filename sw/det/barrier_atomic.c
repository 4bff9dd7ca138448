/* SPDX-License-Identifier: Apache-2.0
 *
 * barrier_atomic -- barrier_pass (global memory handed across a ww.bar
 * under GPUDet) with an atomic as the instruction right after the ww.bar
 * (docs/det.md sec. 7). In every block warp 0 works `spin` iterations (more
 * than a quantum, so warp 1 waits at the barrier when later quanta begin),
 * then stores data[block * 32 + lane] = block * 1000 + lane + 1 and reaches
 * the barrier; warp 1 reaches it at once. After the barrier every thread
 * adds inc to *count, then warp 1 copies the words to out[block * 32 +
 * lane]. A warp still waiting at the barrier when a quantum begins must not
 * have that quantum ended "before the atomic", which it cannot issue
 * (serial mode would wait for it forever). out must equal data and *count
 * the number of threads times inc (the host's check). Lanes: at most 32
 * per warp.
 *
 * Arguments: data, out (32 words per block each), spin, count (1 word), inc.
 * Block: 2 warps.
 */
#include "warpwatch.h"
#include "barrier_spin.h"

typedef struct {
  volatile uint32_t *data;
  volatile uint32_t *out;
  uint32_t spin;
  uint32_t *count;   /* every thread adds inc right after the barrier */
  uint32_t inc;
} barrier_atomic_args_t;

WW_KERNEL(barrier_atomic)(const barrier_atomic_args_t *a)
{
  const uint32_t lane = ww_laneid(), base = ww_ctaid() * 32;
  uint32_t *count = a->count, inc = a->inc;   /* in registers across the barrier */
  if (ww_warpid() == 0)
    barrier_spin_store(a->data, a->spin);
  ww_barrier();
  ww_atomic_add_device(count, inc);   /* the instruction after ww.bar: an atomic */
  if (ww_warpid() == 1)
    a->out[base + lane] = a->data[base + lane];
}
