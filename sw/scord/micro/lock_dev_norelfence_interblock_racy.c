/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_dev_norelfence_interblock_racy -- a device-scope lock shared by two
 * blocks on different SMs, but block 0 forgets the RELEASE fence before its
 * EXCH. Both writes hold the common lock, so the lockset check is satisfied;
 * the happens-before check is not: nothing fences A's write before B's --
 * missing device fence, ScoRD Table IV(b).
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). A goes first; B waits for
 * A's flag (in the other order §1 finds no race: B's release is fenced).
 *   both: while (CAS.dev(lock, 0, 1) != 0); fence.dev;
 *         data = role + 1 (strong, one source line); [B only: fence.dev];
 *         old = EXCH.dev(lock, 0)
 * Computes: out[0], out[1] = old lock value at each unlock = 1, out[2],
 * out[3] = placement words; *data = 2 (1 if the race shows on hardware: A's
 * store still on its way to L2 when B's arrives).
 *
 * docs/scord.md §1 on data:
 *   A store (Bloom L): INIT -> REINIT (owner A, M = 1, Lock = L).
 *   B store (Bloom L): step 4: conflict; other block and md.DevFenceID ==
 *     fP.dev (A never fenced after its store) -> RACE(b), scope device, at
 *     the shared store line (B's turn).
 *
 * SCORD-EXPECT: race type=b scope=device line=51
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

WW_KERNEL(lock_dev_norelfence_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    if (role == 1)
      while (ww_atomic_add_device(args->flag, 0) == 0)   /* B after A */
        ;
    while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
      ;
    ww_fence_device();                        /* acquire */
    ww_store_strong(args->data, role + 1);    /* SCORD-RACE b */
    if (role == 1)
      ww_fence_device();                      /* release: A forgets it */
    args->out[role] = ww_atomic_exch_device(args->lock, 0);
    if (role == 0)
      ww_atomic_add_device(args->flag, 1);
    args->out[2 + role] = PLACE();
  }
}
