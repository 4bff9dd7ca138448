/* SPDX-License-Identifier: Apache-2.0
 *
 * fence_blk_interwarp_norace -- message passing between two warps of one
 * block, published with a block fence: the block scope includes both
 * threads, so the narrow fence is enough.
 *
 * Category: fence. Placement: threads 0 and WW_LANES of one block (warps 0
 * and 1, same SM).
 *   A (warp 0): data = 1 (strong); ww_fence_block(); flag += 1
 *   B (warp 1): wait for flag; ww_fence_block(); r = data (strong)
 * Computes: out[0] = 1, out[1] = r = 1, out[2], out[3] = placement words;
 * *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner A, M = 1, Strong).
 *   A's block fence: fP.blk of A's warp moves past md.BlkFenceID.
 *   B load: step 4 conflict = M && !sameW; same block but md.BlkFenceID !=
 *     fP.blk -> not (a); both strong -> not (c). Step 5 (no locks): M := 0,
 *     owner B. No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
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

WW_KERNEL(fence_blk_interwarp_norace)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid(), r = 1;
    if (role == 0) {
      ww_store_strong(args->data, 1);
      ww_fence_block();                       /* release, block scope */
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_block();                       /* acquire, block scope */
      r = ww_load_strong(args->data);
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
