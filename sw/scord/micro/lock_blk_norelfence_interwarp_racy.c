/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_blk_norelfence_interwarp_racy -- a block-scope lock shared by two
 * warps of one block, but warp 0 forgets the RELEASE fence before its EXCH.
 * The lockset check is satisfied (common lock); the happens-before check is
 * not -- missing block fence, ScoRD Table IV(a).
 *
 * Category: lock/unlock. Placement: threads 0 and WW_LANES of one block
 * (warps 0 and 1, same SM). A goes first; B waits for A's flag (in the
 * other order §1 finds no race).
 *   both: while (CAS.blk(lock, 0, 1) != 0); fence.blk;
 *         data = role + 1 (strong, one source line); [B only: fence.blk];
 *         old = EXCH.blk(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   A store (Bloom L): INIT -> REINIT (owner A, M = 1, Lock = L).
 *   B store (Bloom L: same block, so the same block-scope hash): step 4:
 *     conflict; same block, md.BlkFenceID == fP.blk and md.DevFenceID ==
 *     fP.dev (A never fenced after its store) -> RACE(a), scope block, at
 *     the shared store line (B's turn).
 *
 * SCORD-EXPECT: race type=a scope=block line=50
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=1 out1=1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_blk_norelfence_interwarp_racy)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid();
    if (role == 1)
      while (ww_atomic_add_device(args->flag, 0) == 0)   /* B after A */
        ;
    while (ww_atomic_cas_block(args->lock, 0, 1) != 0)
      ;
    ww_fence_block();                         /* acquire */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE a */
    if (role == 1)
      ww_fence_block();                       /* release: A forgets it */
    args->out[role] = ww_atomic_exch_block(args->lock, 0);
    if (role == 0)
      ww_atomic_add_device(args->flag, 1);
    args->out[2 + role] = PLACE();
  }
}
