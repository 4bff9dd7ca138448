/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_blk_interblock_racy -- a BLOCK-scope lock (ww_atomic_cas_block +
 * ww_fence_block ... ww_fence_block + ww_atomic_exch_block) protecting data
 * that two blocks on different SMs write: the lock's scope does not include
 * the other block (scoped lock race, §III-A). Shows what §1 reports for it:
 * the lock word itself is a scoped atomic (d), and the data write is a
 * missing device fence (b) -- step 4 (fences) runs before step 6
 * (lockset), and block fences never move a DevFenceID -- not (f).
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). A takes the lock first; B
 * waits for A's flag (on hardware two SMs contending for a block-scope lock
 * could both get it, or spin forever on a stale L1 copy).
 *   A (block 0): lock; data = 1 (strong); unlock; flag += 1
 *   B (block 1): wait for flag; lock; data = 2 (strong); unlock
 *   lock = while (CAS.blk(lock, 0, 1) != 0) fence.dev; fence.blk
 *   unlock = fence.blk; old = EXCH.blk(lock, 0)
 * (B's retry fence.dev only runs if its CAS fails, which needs A's release
 * still in flight to L2; it drops SM 1's stale L1 copy of the lock.)
 * Computes: out[0], out[1] = the old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 2 (1 if the race shows on hardware: a
 * block fence does not wait for A's store to reach L2).
 *
 * docs/scord.md §1 on lock[0] (atomics only):
 *   A CAS: INIT -> REINIT (IsAtom, Scope = block). A EXCH: program order.
 *   B's first CAS: step 3, IV(d): md.IsAtom && md.Scope == block && other
 *     block -> RACE(d), scope device, at the CAS. REINIT (owner B); B's
 *     retries and EXCH: program order.
 * on data:
 *   A store: INIT -> REINIT (owner A, M = 1, Strong, Lock = A's Bloom: the
 *     hash of a block-scope lock includes ctaid + 1).
 *   B store: step 4: conflict (other warp); other block and md.DevFenceID ==
 *     fP.dev (A only ever did block fences) -> RACE(b), scope device, at
 *     B's store. (The locksets also differ, but step 6 is not reached;
 *     lock_blkcas_devfence_interblock_racy shows the (f).)
 *
 * SCORD-EXPECT: race type=d scope=device line=62
 * SCORD-EXPECT: race type=b scope=device line=65
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=1 out1=1 data=2|1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_blk_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    if (role == 1)
      while (ww_atomic_add_device(args->flag, 0) == 0)   /* B after A */
        ;
    while (ww_atomic_cas_block(args->lock, 0, 1) != 0)  /* SCORD-RACE d */
      ww_fence_device();                      /* retry: drop a stale L1 copy */
    ww_fence_block();                         /* acquire, block scope */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE b */
    ww_fence_block();                         /* release, block scope */
    args->out[role] = ww_atomic_exch_block(args->lock, 0);
    if (role == 0)
      ww_atomic_add_device(args->flag, 1);
    args->out[2 + role] = PLACE();
  }
}
