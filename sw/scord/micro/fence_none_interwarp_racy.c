/* SPDX-License-Identifier: Apache-2.0
 *
 * fence_none_interwarp_racy -- message passing between two warps of one
 * block with no fence at all: a missing block fence (ScoRD Table IV(a)).
 *
 * Category: fence. Placement: threads 0 and WW_LANES of one block (warps 0
 * and 1, same SM).
 *   A (warp 0): data = 1 (strong); NO fence; flag += 1
 *   B (warp 1): wait for flag; r = data (strong)
 * Every access to data is strong, so the only defect is the missing fence.
 * The flag is touched by device atomics only (polling included), which §1
 * step 3 never reports, so the flag orders A before B without a race of its
 * own.
 * Computes: out[0] = 1 (A's value), out[1] = r = 1, out[2], out[3] =
 * placement words (ctaid << 16 | smid << 8 | hardware warp); *data = 1.
 * (Within one SM accesses complete in order, docs/isa.md "Fences", so this
 * GPU reads the right value anyway; ScoRD reports the missing fence all the
 * same, as the program is racy under the scoped memory model.)
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> III(a) -> REINIT (owner A, M = 1, Strong, A's fences).
 *   B load: not III(a)/(b)/(c) (other warp, no barrier), not atomic; step 4
 *     conflict = M && !sameW; same block, md.BlkFenceID == fP.blk and
 *     md.DevFenceID == fP.dev (A never fenced) -> RACE(a), scope block, at
 *     B's load.
 *
 * SCORD-EXPECT: race type=a scope=block line=53
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=1 out1=1 data=1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(fence_none_interwarp_racy)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid(), r = 1;
    if (role == 0) {
      ww_store_strong(args->data, 1);
      ww_atomic_add_device(args->flag, 1);    /* no fence before the flag */
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      r = ww_load_strong(args->data);         /* SCORD-RACE a */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
