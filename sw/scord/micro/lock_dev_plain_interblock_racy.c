/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_dev_plain_interblock_racy -- a correct device-scope lock shared by
 * two blocks on different SMs, but the critical section writes data with an
 * ORDINARY store. Fences order only strong accesses (§II-B; CUDA wants the
 * critical data volatile): not strong, ScoRD Table IV(c).
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). They contend freely.
 *   both: while (CAS.dev(lock, 0, 1) != 0); fence.dev;
 *         data = role + 1 (ORDINARY store, one source line); fence.dev;
 *         old = EXCH.dev(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 1 or 2.
 *
 * docs/scord.md §1 on data, either order:
 *   first store: INIT -> REINIT (M = 1, Strong = 0, Lock = L).
 *   second store: step 4: conflict; md.DevFenceID != fP.dev (the first
 *     warp's release fence) -> not (b); !md.Strong -> RACE(c), scope device,
 *     at the shared store line. (Step 6 would find the common lock.)
 *
 * SCORD-EXPECT: race type=c scope=device line=47
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

WW_KERNEL(lock_dev_plain_interblock_racy)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: one real store */

  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
      ;
    ww_fence_device();                        /* acquire */
    *data = role + 1;                         /* SCORD-RACE c */
    ww_fence_device();                        /* release */
    args->out[role] = ww_atomic_exch_device(args->lock, 0);
    args->out[2 + role] = PLACE();
  }
}
