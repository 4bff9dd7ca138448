/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_none_store_interwarp_racy -- warp 0 writes data inside a correct
 * block-scope critical section; warp 1 of the same block writes it WITHOUT
 * taking the lock (fenced and strong, so only the lock is missing): missing
 * common lock on a store, ScoRD Table IV(f).
 *
 * Category: lock/unlock. Placement: threads 0 and WW_LANES of one block
 * (warps 0 and 1, same SM). B writes after A's flag.
 *   A (warp 0): lock; data = 1 (strong); unlock; flag += 1
 *   B (warp 1): wait for flag; ww_fence_block(); data = 2 (strong, no lock)
 *   lock = while (CAS.blk(lock, 0, 1) != 0); fence.blk
 *   unlock = fence.blk; old = EXCH.blk(lock, 0)
 * Computes: out[0] = old lock value at unlock = 1, out[1] = 2 (B's value),
 * out[2], out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   A store (Bloom L: block-scope entry activated by fence.blk): INIT ->
 *     REINIT (owner A, M = 1, Strong, Lock = L).
 *   B store (Bloom 0): step 4: conflict (other warp); same block but
 *     md.BlkFenceID != fP.blk (A's release fence) -> not (a); strong -> not
 *     (c). md.Lock != 0 -> step 6: W && (L & 0) empty -> RACE(f), scope
 *     block, at B's store. (lock[0]: block atomics of one block, no race.)
 *
 * SCORD-EXPECT: race type=f scope=block line=57
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=1 out1=2 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_none_store_interwarp_racy)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid(), r = 2;
    if (role == 0) {
      while (ww_atomic_cas_block(args->lock, 0, 1) != 0)
        ;
      ww_fence_block();                       /* acquire */
      ww_store_strong(args->data, 1);
      ww_fence_block();                       /* release */
      r = ww_atomic_exch_block(args->lock, 0);
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_block();
      ww_store_strong(args->data, 2);         /* SCORD-RACE f */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
