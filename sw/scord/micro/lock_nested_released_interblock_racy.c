/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_nested_released_interblock_racy -- block 0 nests two device-scope
 * locks but releases the inner one (lock[1], the one that protects data)
 * BEFORE writing data, under the outer lock only; block 1 writes data under
 * lock[1]. No common lock at the time of the accesses: missing common lock
 * on a store, ScoRD Table IV(f). Checks that an exchange removes the lock
 * from the warp's lockset.
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). B starts after A's flag.
 *   A (block 0): lock(lock[0]); lock(lock[1]); unlock(lock[1]);
 *                data = 1 (strong); unlock(lock[0]); flag += 1
 *   B (block 1): wait for flag; lock(lock[1]); data = 2 (strong); unlock(lock[1])
 *   lock = while (CAS.dev(l, 0, 1) != 0); fence.dev
 *   unlock = fence.dev; old = EXCH.dev(l, 0)
 * Computes: out[0] = A's old lock[0] at its unlock = 1, out[1] = B's old
 * lock[1] = 1, out[2], out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   A store: A's lock table holds lock[0] (valid, active) and no lock[1]
 *     (its EXCH cleared valid): Bloom L0. INIT -> REINIT (Lock = L0).
 *   B store (Bloom L1): step 4: md.DevFenceID != fP.dev (A's release fence)
 *     -> not (b); strong -> not (c). Step 6: L0 & L1 empty -> RACE(f), scope
 *     device, at B's store.
 *
 * SCORD-EXPECT: race type=f scope=device line=66
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

WW_KERNEL(lock_nested_released_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r;
    if (role == 0) {
      while (ww_atomic_cas_device(&args->lock[0], 0, 1) != 0)
        ;
      ww_fence_device();                      /* acquire outer */
      while (ww_atomic_cas_device(&args->lock[1], 0, 1) != 0)
        ;
      ww_fence_device();                      /* acquire inner */
      ww_fence_device();                      /* release inner ... */
      ww_atomic_exch_device(&args->lock[1], 0);
      ww_store_strong(args->data, 1);         /* ... too early: only lock[0] held */
      ww_fence_device();                      /* release outer */
      r = ww_atomic_exch_device(&args->lock[0], 0);
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      while (ww_atomic_cas_device(&args->lock[1], 0, 1) != 0)
        ;
      ww_fence_device();                      /* acquire */
      ww_store_strong(args->data, 2);         /* SCORD-RACE f */
      ww_fence_device();                      /* release */
      r = ww_atomic_exch_device(&args->lock[1], 0);
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
