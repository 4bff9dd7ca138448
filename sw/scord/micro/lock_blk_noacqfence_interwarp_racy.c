/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_blk_noacqfence_interwarp_racy -- a block-scope lock shared by two
 * warps of one block (the right scope), but warp 0 forgets the ACQUIRE
 * fence after its CAS: its write holds no inferred lock -- missing common
 * lock on a store, ScoRD Table IV(f), scope block.
 *
 * Category: lock/unlock. Placement: threads 0 and WW_LANES of one block
 * (warps 0 and 1, same SM). They contend freely.
 *   both: while (CAS.blk(lock, 0, 1) != 0);  [B only: fence.blk]
 *         data = role + 1 (strong, one source line); fence.blk;
 *         old = EXCH.blk(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 1 or 2 (whoever comes second).
 *
 * docs/scord.md §1 on data, either order:
 *   first store: INIT -> REINIT (Lock = 0 if A, L if B).
 *   second store: step 4: conflict (other warp); same block but
 *     md.BlkFenceID != fP.blk (the first warp's release fence.blk) -> not
 *     (a); strong -> not (c). Blooms L and 0 -> step 6: RACE(f), scope
 *     block, at the shared store line.
 *
 * SCORD-EXPECT: race type=f scope=block line=47
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=1 out1=1 data=1|2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here) */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_blk_noacqfence_interwarp_racy)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid();
    while (ww_atomic_cas_block(args->lock, 0, 1) != 0)
      ;
    if (role == 1)
      ww_fence_block();                       /* acquire: A forgets it */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE f */
    ww_fence_block();                         /* release */
    args->out[role] = ww_atomic_exch_block(args->lock, 0);
    args->out[2 + role] = PLACE();
  }
}
