/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_dev_blk_interwarp_norace -- two warps of one block update one word,
 * one with a device-scope atomic and one with a block-scope atomic. Both
 * scopes include both threads, so mixing them is fine.
 *
 * Category: atomics. Placement: threads 0 and WW_LANES of one block (warps
 * 0 and 1, same SM).
 *   A (warp 0): old = ww_atomic_add_device(data, 1); flag += 1
 *   B (warp 1): wait for flag; old = ww_atomic_add_block(data, 1)
 * (The flag only makes the hardware result exact: B's L1 fetch comes after
 * A's update at L2. §1 would give no race in either order.)
 * Computes: out[0] = 0, out[1] = 1, out[2], out[3] = placement words;
 * *data = 2.
 *
 * docs/scord.md §1 on data:
 *   A atomic: INIT -> REINIT (IsAtom, Scope = device, M = 1).
 *   B atomic: step 3: IV(d) needs md.Scope == block and another block -> no;
 *     atomic after atomic -> owner B, Scope = block, stop. (In the other
 *     order IV(d) fails on "another block".) No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=0 out1=1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(atom_dev_blk_interwarp_norace)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid(), r;
    if (role == 0) {
      r = ww_atomic_add_device(args->data, 1);
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      r = ww_atomic_add_block(args->data, 1);
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
