/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_dev_noacqfence_interblock_racy -- a device-scope lock shared by two
 * blocks on different SMs, but block 0 forgets the ACQUIRE fence after its
 * CAS. ScoRD infers a lock from CAS + fence: without the fence the lock is
 * not active while A writes, so A's write holds no lock -- missing common
 * lock on a store, ScoRD Table IV(f) (not a fence race: A's release fence
 * still orders its write before B's).
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). They contend freely.
 *   both: while (CAS.dev(lock, 0, 1) != 0);  [B only: fence.dev]
 *         data = role + 1 (strong, one source line); fence.dev;
 *         old = EXCH.dev(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 1 or 2 (whoever comes second).
 *
 * docs/scord.md §1 on data, either order:
 *   first store: INIT -> REINIT (Lock = 0 if A, L if B).
 *   second store: step 4: the first warp ran its release fence.dev before
 *     its EXCH, so md.DevFenceID != fP.dev -> not (b); strong -> not (c).
 *     One Bloom is L, the other 0 (A's CAS entry is valid but inactive until
 *     its release fence) -> step 6: W && empty -> RACE(f), scope device, at
 *     the shared store line.
 *
 * SCORD-EXPECT: race type=f scope=device line=50
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
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

WW_KERNEL(lock_dev_noacqfence_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
      ;
    if (role == 1)
      ww_fence_device();                      /* acquire: A forgets it */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE f */
    ww_fence_device();                        /* release */
    args->out[role] = ww_atomic_exch_device(args->lock, 0);
    args->out[2 + role] = PLACE();
  }
}
