/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_blkcas_devfence_interblock_racy -- a lock whose atomics have BLOCK
 * scope but whose fences have device scope, used by two blocks on different
 * SMs. A lock's scope is the narrowest of its parts (§III-A): this is a
 * block-scope lock. The device fences satisfy the happens-before check, so
 * here the lockset check speaks: the two blocks hold different locks (a
 * block-scope lock's hash includes ctaid + 1, docs/scord.md §1 "Lock
 * inference"), and the lock word is a scoped atomic.
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). A takes the lock first; B
 * waits for A's flag (see lock_blk_interblock_racy).
 *   A (block 0): lock; data = 1 (strong); unlock; flag += 1
 *   B (block 1): wait for flag; lock; data = 2 (strong); unlock
 *   lock = while (CAS.blk(lock, 0, 1) != 0) fence.dev; fence.dev
 *   unlock = fence.dev; old = EXCH.blk(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on lock[0]: as lock_blk_interblock_racy, RACE(d), scope
 *   device, at B's first CAS.
 * on data:
 *   A store (Bloom of hash h ^ 1: fence.dev activates block-scope entries
 *     too): INIT -> REINIT (owner A, M = 1, Strong, Lock = L_A).
 *   B store (Bloom L_B, hash h ^ 2): step 4: conflict; other block but
 *     md.DevFenceID != fP.dev (A's release fence.dev) -> not (b); strong ->
 *     not (c). Step 6: L_A & L_B has an empty low half (h ^ 1 and h ^ 2
 *     differ in bits [2:0]) -> RACE(f), scope device, at B's store.
 *
 * SCORD-EXPECT: race type=d scope=device line=55
 * SCORD-EXPECT: race type=f scope=device line=58
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
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

WW_KERNEL(lock_blkcas_devfence_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    if (role == 1)
      while (ww_atomic_add_device(args->flag, 0) == 0)   /* B after A */
        ;
    while (ww_atomic_cas_block(args->lock, 0, 1) != 0)  /* SCORD-RACE d */
      ww_fence_device();                      /* retry: drop a stale L1 copy */
    ww_fence_device();                        /* acquire */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE f */
    ww_fence_device();                        /* release */
    args->out[role] = ww_atomic_exch_block(args->lock, 0);
    if (role == 0)
      ww_atomic_add_device(args->flag, 1);
    args->out[2 + role] = PLACE();
  }
}
