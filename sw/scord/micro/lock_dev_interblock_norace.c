/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_dev_interblock_norace -- a correct device-scope lock (CAS.dev +
 * fence.dev ... fence.dev + EXCH.dev, spinlock.c's form) shared by two
 * blocks on different SMs; the critical section increments data with
 * strong accesses.
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). They contend freely.
 *   both: while (CAS.dev(lock, 0, 1) != 0); fence.dev;
 *         r = data; data = r + 1 (strong); fence.dev; EXCH.dev(lock, 0)
 * Computes: out[0], out[1] = r (0 and 1 in some order: mutual exclusion),
 * out[2], out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data (first = whoever locks first, Bloom L for both):
 *   first load: INIT -> REINIT (owner first, M = 0, Lock = L); first store:
 *     III(b) program order, M = 1.
 *   second load: step 4: conflict = M && !sameW; md.DevFenceID != fP.dev
 *     (first's release fence) -> not (b); strong -> not (c). Step 6: L & L
 *     not empty -> no race; DS := 1, Lock = L (owner kept: a load).
 *   second store: not III(b) (owner first, DS); step 4: conflict; not (b),
 *     not (c) as above; step 6: common lock -> no race, owner second.
 *   lock[0]: device atomics only (step 3). No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=0|1 out1=0|1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here) */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_dev_interblock_norace)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    while (ww_atomic_cas_device(args->lock, 0, 1) != 0)
      ;
    ww_fence_device();                        /* acquire */
    uint32_t r = ww_load_strong(args->data);
    ww_store_strong(args->data, r + 1);
    ww_fence_device();                        /* release */
    ww_atomic_exch_device(args->lock, 0);
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
