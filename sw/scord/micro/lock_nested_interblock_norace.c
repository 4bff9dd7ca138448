/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_nested_interblock_norace -- block 0 takes two device-scope locks,
 * nested (lock[0] then lock[1]), and increments data while holding both;
 * block 1 takes only lock[1]. They have lock[1] in common, so the critical
 * sections exclude each other. Lock order is consistent: no deadlock.
 *
 * Category: lock/unlock. Placement: thread 0 of each of 2 blocks that fill
 * an SM each (block 0 on SM 0, block 1 on SM 1). They contend freely.
 *   A (block 0): lock(lock[0]); lock(lock[1]); r = data; data = r + 1;
 *                unlock(lock[1]); unlock(lock[0])
 *   B (block 1): lock(lock[1]); r = data; data = r + 1; unlock(lock[1])
 *   lock = while (CAS.dev(l, 0, 1) != 0); fence.dev
 *   unlock = fence.dev; EXCH.dev(l, 0); data accesses strong
 * Computes: out[0], out[1] = r (0 and 1 in some order), out[2], out[3] =
 * placement words; *data = 2.
 *
 * docs/scord.md §1 on data: A's Bloom is L0 | L1 (two active entries), B's
 *   is L1. As in lock_dev_interblock_norace, the release fences rule out
 *   (b), the accesses are strong, and step 6 finds (L0 | L1) & L1 = L1 not
 *   empty in either order. lock[0], lock[1]: device atomics only. No race.
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

WW_KERNEL(lock_nested_interblock_norace)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    if (role == 0) {
      while (ww_atomic_cas_device(&args->lock[0], 0, 1) != 0)
        ;
      ww_fence_device();                      /* acquire outer */
    }
    while (ww_atomic_cas_device(&args->lock[1], 0, 1) != 0)
      ;
    ww_fence_device();                        /* acquire lock[1] */
    uint32_t r = ww_load_strong(args->data);
    ww_store_strong(args->data, r + 1);
    ww_fence_device();                        /* release lock[1] */
    ww_atomic_exch_device(&args->lock[1], 0);
    if (role == 0) {
      ww_fence_device();                      /* release outer */
      ww_atomic_exch_device(&args->lock[0], 0);
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
