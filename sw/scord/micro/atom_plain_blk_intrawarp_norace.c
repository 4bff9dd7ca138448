/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_plain_blk_intrawarp_norace -- two lanes of ONE warp: lane 0 writes a
 * word with an ordinary store, lane 1 then updates it with a block-scope
 * atomic, no fence. ScoRD works per warp (§IV): a warp's accesses are in
 * program order, so two threads of one warp never race.
 *
 * Category: atomics. Placement: threads 0 and 1 of a one-warp block.
 *   A (lane 0): data = 5 (ordinary store)
 *   B (lane 1): old = ww_atomic_add_block(data, 1)
 * (A in the then-arm, B in the else-arm of one ww_if: the warp runs A's
 * lanes first, so B sees A's store.)
 * Computes: out[0] = 5, out[1] = old = 5, out[2], out[3] = placement words
 * (equal: one warp); *data = 6.
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner = the warp, M = 1, IsAtom = 0, BS = DS = 0).
 *   B atomic: step 2, III(b): same warp, same block, !BS, !DS -> program
 *     order, owner stays, M = 1, stop. No race (no fence or strong access
 *     needed).
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=WW_LANES
 * SCORD-PLACE: same-warp
 * SCORD-RESULT: out0=5 out1=5 data=6
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here: the warp orders) */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(atom_plain_blk_intrawarp_norace)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: one real store */
  uint32_t role = ww_laneid();

  ww_if (role < 2) {
    uint32_t r = 5;
    ww_if (role == 0) {
      *data = 5;                              /* ordinary store, lane 0 */
    } else {
      r = ww_atomic_add_block(args->data, 1); /* lane 1, same warp */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
