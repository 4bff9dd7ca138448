/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_dev_fence_interblock_norace -- block 0 updates a word with a device
 * atomic and publishes it with a device fence and an atomic flag; block 1
 * (another SM) acquires with a device fence and reads the word with a
 * strong load. Atomic and strong accesses ordered by device fences.
 *
 * Category: atomics. Placement: thread 0 of each of 2 blocks that fill an
 * SM each (block 0 on SM 0, block 1 on SM 1).
 *   A (block 0): old = ww_atomic_add_device(data, 1); ww_fence_device(); flag += 1
 *   B (block 1): wait for flag; ww_fence_device(); r = data (strong load)
 * Computes: out[0] = old = 0, out[1] = r = 1, out[2], out[3] = placement
 * words; *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A atomic: INIT -> REINIT (IsAtom, Scope = device, M = 1, Strong = 1).
 *   B load: step 3: IV(d) needs Scope == block -> no; B is no atomic.
 *     Step 4: conflict = M && !sameW; other block but md.DevFenceID != fP.dev
 *     (A fenced) -> not (b); md.Strong && xs -> not (c). Step 5: M := 0,
 *     owner B. No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=0 out1=1 data=1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(atom_dev_fence_interblock_norace)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r;
    if (role == 0) {
      r = ww_atomic_add_device(args->data, 1);
      ww_fence_device();                      /* release */
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_device();                      /* acquire */
      r = ww_load_strong(args->data);
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
