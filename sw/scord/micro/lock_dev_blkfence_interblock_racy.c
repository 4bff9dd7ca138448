/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_dev_blkfence_interblock_racy -- a lock with device-scope atomics but
 * BLOCK fences, used by two blocks on different SMs: a block-scope lock
 * (the narrowest part), too narrow for another block. The block fences
 * never move a DevFenceID: missing device fence, ScoRD Table IV(b). (A
 * block fence does not activate a device-scope lock entry either, so the
 * lockset check would see no lock at all; step 4 reports first.)
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). They contend freely (the
 * CAS is performed at L2, so mutual exclusion holds).
 *   both: while (CAS.dev(lock, 0, 1) != 0); fence.blk;
 *         data = role + 1 (strong, one source line); fence.blk;
 *         old = EXCH.dev(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 1 or 2.
 *
 * docs/scord.md §1 on data, either order:
 *   first store (Bloom 0): INIT -> REINIT (owner first, M = 1).
 *   second store: step 4: conflict; other block and md.DevFenceID == fP.dev
 *     (the first warp only ran block fences) -> RACE(b), scope device, at
 *     the shared store line.
 *
 * SCORD-EXPECT: race type=b scope=device line=48
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

WW_KERNEL(lock_dev_blkfence_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
      ;
    ww_fence_block();                         /* acquire: too narrow */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE b */
    ww_fence_block();                         /* release: too narrow */
    args->out[role] = ww_atomic_exch_device(args->lock, 0);
    args->out[2 + role] = PLACE();
  }
}
