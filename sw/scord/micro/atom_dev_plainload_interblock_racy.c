/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_dev_plainload_interblock_racy -- block 0 updates a word with a
 * device atomic, block 1 (another SM) reads it with an ordinary load, and
 * nobody fences: mixing an atomic with a plain access needs the fences an
 * ordinary write would need (missing device fence, ScoRD Table IV(b)).
 *
 * Category: atomics. Placement: thread 0 of each of 2 blocks that fill an
 * SM each (block 0 on SM 0, block 1 on SM 1).
 *   A (block 0): old = ww_atomic_add_device(data, 1); flag += 1
 *   B (block 1): wait for flag; r = data (ordinary load, no fence)
 * Computes: out[0] = old = 0, out[1] = r = 1 (SM 1 never cached the line, so
 * the load misses and reads L2), out[2], out[3] = placement words;
 * *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A atomic: INIT -> REINIT (owner A, IsAtom, Scope = device, M = 1).
 *   B load: step 3: IV(d) needs a block-scope atomic -> no; B is no atomic.
 *     Step 4: conflict = M && !sameW; other block, md.DevFenceID == fP.dev
 *     (A never fenced) -> RACE(b), scope device, at B's load. (With device
 *     fences on both sides the same load would be RACE(c): it is not strong;
 *     atom_dev_fence_interblock_norace uses a strong load.)
 *
 * SCORD-EXPECT: race type=b scope=device line=52
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

WW_KERNEL(atom_dev_plainload_interblock_racy)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: one real load */

  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r;
    if (role == 0) {
      r = ww_atomic_add_device(args->data, 1);
      ww_atomic_add_device(args->flag, 1);    /* no fence */
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      r = *data;                              /* SCORD-RACE b */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
