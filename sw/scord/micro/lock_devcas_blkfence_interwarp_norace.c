/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_devcas_blkfence_interwarp_norace -- two warps of one block share a
 * lock with device-scope atomics and BLOCK fences: a block-scope lock (the
 * narrowest part), which is enough because both contenders are in the block.
 * The inter-block counterpart, lock_dev_blkfence_interblock_racy, races.
 *
 * Category: lock/unlock. Placement: threads 0 and WW_LANES of one block
 * (warps 0 and 1, same SM). They contend freely.
 *   both: while (CAS.dev(lock, 0, 1) != 0); fence.blk;
 *         r = data; data = r + 1 (strong); fence.blk; EXCH.dev(lock, 0)
 * Computes: out[0], out[1] = r (0 and 1 in some order), out[2], out[3] =
 * placement words; *data = 2.
 *
 * docs/scord.md §1 on data: a block fence does not activate a device-scope
 *   lock entry, so both Blooms are 0 and the accesses are checked by
 *   happens-before alone:
 *   first load/store: REINIT, then III(b) (M = 1).
 *   second load: step 4: conflict; same block but md.BlkFenceID != fP.blk
 *     (first's release fence.blk) -> not (a); strong -> not (c). Step 5:
 *     M := 0, owner second.
 *   second store: III(b) program order. lock[0]: device atomics. No race.
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

WW_KERNEL(lock_devcas_blkfence_interwarp_norace)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid();
    while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
      ;
    ww_fence_block();                         /* acquire, block scope */
    uint32_t r = ww_load_strong(args->data);
    ww_store_strong(args->data, r + 1);
    ww_fence_block();                         /* release, block scope */
    ww_atomic_exch_device(args->lock, 0);
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
