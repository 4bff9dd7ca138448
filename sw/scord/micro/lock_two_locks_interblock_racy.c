/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_two_locks_interblock_racy -- two blocks each protect the same data
 * with a correct device-scope lock, but with DIFFERENT locks (lock[0] and
 * lock[1]): no mutual exclusion, missing common lock on a store, ScoRD
 * Table IV(f).
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). B starts after A's flag
 * (unordered, B's store could fall between A's store and A's release fence,
 * and §1 would then report (b) first).
 *   A (block 0): lock(lock[0]); data = 1 (strong); unlock(lock[0]); flag += 1
 *   B (block 1): wait for flag; lock(lock[1]); data = 2 (strong); unlock(lock[1])
 *   lock = while (CAS.dev(l, 0, 1) != 0); fence.dev
 *   unlock = fence.dev; old = EXCH.dev(l, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   A store (Bloom L0 of lock[0]): INIT -> REINIT (owner A, M = 1, Lock = L0).
 *   B store (Bloom L1 of lock[1]): step 4: conflict; md.DevFenceID !=
 *     fP.dev (A's release fence) -> not (b); strong -> not (c). Step 6:
 *     L0 & L1 empty (adjacent words: the hashes differ in bit 0, so the low
 *     halves do not meet) -> RACE(f), scope device, at the shared store line
 *     (B's turn).
 *
 * SCORD-EXPECT: race type=f scope=device line=54
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

WW_KERNEL(lock_two_locks_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    uint32_t *lock = &args->lock[role];       /* A: lock[0], B: lock[1] */
    if (role == 1)
      while (ww_atomic_add_device(args->flag, 0) == 0)   /* B after A */
        ;
    while (ww_atomic_cas_device(lock, 0, 1) != 0)
      ;
    ww_fence_device();                        /* acquire */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE f */
    ww_fence_device();                        /* release */
    args->out[role] = ww_atomic_exch_device(lock, 0);
    if (role == 0)
      ww_atomic_add_device(args->flag, 1);
    args->out[2 + role] = PLACE();
  }
}
