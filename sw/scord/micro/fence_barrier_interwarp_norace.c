/* SPDX-License-Identifier: Apache-2.0
 *
 * fence_barrier_interwarp_norace -- a block barrier between a write in one
 * warp and a read in another: the barrier is a block fence and an execution
 * barrier, so even ordinary (not strong) accesses are race-free.
 *
 * Category: fence. Placement: threads 0 and WW_LANES of one block (warps 0
 * and 1, same SM); every thread of the block reaches the barrier.
 *   A (warp 0): data = 1 (ordinary store)
 *   all:        ww_barrier()
 *   B (warp 1): r = data (ordinary load)
 * Computes: out[0] = 1, out[1] = r = 1, out[2], out[3] = placement words;
 * *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner A, M = 1, BarrierID = b, Strong = 0).
 *   The barrier's release makes the block's BarrierID b + 1.
 *   B load: step 1, Table III(c): same block, BarrierID != md.BarrierID and
 *     !DS -> REINIT, stop. The not-strong check (step 4) is never reached.
 *     No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=1 out1=1 data=1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here: the barrier orders) */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(fence_barrier_interwarp_norace)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: one real access each */
  uint32_t role = ww_warpid();                /* uniform in a warp */

  if (role == 0) {
    ww_if (ww_laneid() == 0) {
      *data = 1;                              /* ordinary store */
      args->out[0] = 1;
      args->out[2] = PLACE();
    }
  }
  ww_barrier();                               /* every lane of both warps */
  if (role == 1) {
    ww_if (ww_laneid() == 0) {
      args->out[1] = *data;                   /* ordinary load */
      args->out[3] = PLACE();
    }
  }
}
