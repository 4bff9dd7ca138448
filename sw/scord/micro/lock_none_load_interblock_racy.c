/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_none_load_interblock_racy -- block 0 writes data inside a correct
 * device-scope critical section; block 1 reads it WITHOUT taking the lock
 * (fenced and strong, so only the lock is missing): missing common lock on
 * a load, ScoRD Table IV(e).
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). B reads after A's flag.
 *   A (block 0): lock; data = 1 (strong); unlock; flag += 1
 *   B (block 1): wait for flag; ww_fence_device(); r = data (strong, no lock)
 *   lock = while (CAS.dev(lock, 0, 1) != 0); fence.dev
 *   unlock = fence.dev; old = EXCH.dev(lock, 0)
 * Computes: out[0] = old lock value at unlock = 1, out[1] = r = 1, out[2],
 * out[3] = placement words; *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A store (Bloom L, the lock's entry activated by the acquire fence):
 *     INIT -> REINIT (owner A, M = 1, Strong, Lock = L).
 *   B load (Bloom 0: B never ran a CAS): step 4: conflict = M && !sameW;
 *     md.DevFenceID != fP.dev (A's release fence) -> not (b); strong -> not
 *     (c). md.Lock != 0 -> step 6: M && (L & 0) empty -> RACE(e), scope
 *     device, at B's load. (lock[0] sees device atomics only: no race.)
 *
 * SCORD-EXPECT: race type=e scope=device line=57
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=1 out1=1 data=1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_none_load_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r;
    if (role == 0) {
      while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
        ;
      ww_fence_device();                      /* acquire */
      ww_store_strong(args->data, 1);
      ww_fence_device();                      /* release */
      r = ww_atomic_exch_device(args->lock, 0);
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_device();
      r = ww_load_strong(args->data);         /* SCORD-RACE e */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
