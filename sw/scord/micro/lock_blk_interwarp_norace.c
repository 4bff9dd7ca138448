/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_blk_interwarp_norace -- a correct BLOCK-scope lock (CAS.blk +
 * fence.blk ... fence.blk + EXCH.blk) shared by two warps of one block: the
 * narrow scope is enough when every contender is in the block.
 *
 * Category: lock/unlock. Placement: threads 0 and WW_LANES of one block
 * (warps 0 and 1, same SM). They contend freely (block atomics are atomic
 * among the SM's warps).
 *   both: while (CAS.blk(lock, 0, 1) != 0); fence.blk;
 *         r = data; data = r + 1 (strong); fence.blk; EXCH.blk(lock, 0)
 * Computes: out[0], out[1] = r (0 and 1 in some order), out[2], out[3] =
 * placement words; *data = 2.
 *
 * docs/scord.md §1 on data (both warps hold the same lock L: one block, so
 * the same block-scope hash; fence.blk activates block-scope entries):
 *   first load/store: REINIT, then III(b) program order (M = 1, Lock = L).
 *   second load: step 4: conflict; same block but md.BlkFenceID != fP.blk
 *     (first's release fence.blk) -> not (a); strong -> not (c); step 6:
 *     common lock -> no race, BS := 1.
 *   second store: step 4 conflict (other warp, BS); not (a) (fence moved,
 *     DS = 0), not (c); step 6: common lock -> no race.
 *   lock[0]: block atomics of one block (step 3). No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=0|1 out1=0|1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here) */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_blk_interwarp_norace)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid();
    while (ww_atomic_cas_block(args->lock, 0, 1) != 0)
      ;
    ww_fence_block();                         /* acquire */
    uint32_t r = ww_load_strong(args->data);
    ww_store_strong(args->data, r + 1);
    ww_fence_block();                         /* release */
    ww_atomic_exch_block(args->lock, 0);
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
