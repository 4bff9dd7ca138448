/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_plainstore_dev_interwarp_racy -- one warp writes a word with an
 * ordinary store, another warp of the same block then updates it with a
 * device atomic, with no fence in between: an atomic is checked as a store
 * against the ordinary write (missing block fence, ScoRD Table IV(a)).
 *
 * Category: atomics. Placement: threads 0 and WW_LANES of one block (warps
 * 0 and 1, same SM).
 *   A (warp 0): data = 5 (ordinary store); flag += 1   (no fence)
 *   B (warp 1): wait for flag; old = ww_atomic_add_device(data, 1)
 * Computes: out[0] = 5, out[1] = old = 5, out[2], out[3] = placement words;
 * *data = 6. (Both warps are on one SM, whose accesses complete in order:
 * the value is right on this GPU, the program is racy all the same.)
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner A, IsAtom = 0, M = 1, Strong = 0).
 *   B atomic (W): step 3: md.IsAtom = 0, so neither IV(d) nor atomic-after-
 *     atomic applies. Step 4: conflict = !sameW; same block, md.BlkFenceID ==
 *     fP.blk and md.DevFenceID == fP.dev -> RACE(a), scope block, at B's
 *     atomic.
 *
 * SCORD-EXPECT: race type=a scope=block line=51
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=5 out1=5 data=6
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(atom_plainstore_dev_interwarp_racy)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: one real store */

  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid(), r = 5;
    if (role == 0) {
      *data = 5;                              /* ordinary store */
      ww_atomic_add_device(args->flag, 1);    /* no fence */
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      r = ww_atomic_add_device(args->data, 1);   /* SCORD-RACE a */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
