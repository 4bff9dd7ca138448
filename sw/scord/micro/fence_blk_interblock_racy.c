/* SPDX-License-Identifier: Apache-2.0
 *
 * fence_blk_interblock_racy -- message passing between blocks on two SMs
 * where the producer publishes with a BLOCK fence: its scope does not
 * include the consumer, a device fence was needed (scoped fence race,
 * ScoRD Table IV(b)).
 *
 * Category: fence. Placement: thread 0 of each of 2 blocks that fill an SM
 * each (block 0 on SM 0, block 1 on SM 1).
 *   A (block 0): data = 1 (strong); ww_fence_block(); flag += 1
 *   B (block 1): wait for flag; ww_fence_device(); r = data (strong)
 * Computes: out[0] = 1, out[1] = r = 1 (0 only if the race shows on
 * hardware: a block fence does not wait for A's store to reach L2),
 * out[2], out[3] = placement words; *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner A, M = 1, Strong, A's fence IDs).
 *   A's block fence increments only fP.blk of A's warp.
 *   B load: step 4 conflict = M && !sameW; other block and md.DevFenceID ==
 *     fP.dev (a block fence leaves the device counter alone) -> RACE(b),
 *     scope device, at B's load. B's own device fence does not matter: fP
 *     is the fence-file entry of the previous accessor, A.
 *   (With ww_fence_device() in A this is fence_dev_interblock_norace.)
 *
 * SCORD-EXPECT: race type=b scope=device line=53
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=1 out1=1|0 data=1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(fence_blk_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r = 1;
    if (role == 0) {
      ww_store_strong(args->data, 1);
      ww_fence_block();                       /* too narrow: B is in another block */
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_device();
      r = ww_load_strong(args->data);         /* SCORD-RACE b */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
