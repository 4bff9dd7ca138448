/* SPDX-License-Identifier: Apache-2.0
 *
 * fence_dev_interblock_norace -- message passing between blocks on two SMs,
 * published with device fences: the scope that the inter-block case needs.
 *
 * Category: fence. Placement: thread 0 of each of 2 blocks that fill an SM
 * each (block 0 on SM 0, block 1 on SM 1).
 *   A (block 0): data = 1 (strong); ww_fence_device(); flag += 1
 *   B (block 1): wait for flag; ww_fence_device(); r = data (strong)
 * Computes: out[0] = 1, out[1] = r = 1, out[2], out[3] = placement words;
 * *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner A, M = 1, Strong).
 *   A's device fence: fP.dev of A's warp moves past md.DevFenceID.
 *   B load: step 4 conflict = M && !sameW; other block but md.DevFenceID !=
 *     fP.dev -> not (b); both strong -> not (c). Step 5: M := 0, owner B.
 *     No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=1 out1=1 data=1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(fence_dev_interblock_norace)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r = 1;
    if (role == 0) {
      ww_store_strong(args->data, 1);
      ww_fence_device();                      /* release, device scope */
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_device();                      /* acquire, device scope */
      r = ww_load_strong(args->data);
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
