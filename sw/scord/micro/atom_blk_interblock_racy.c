/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_blk_interblock_racy -- two blocks on different SMs increment one
 * counter with BLOCK-scope atomics: the scope does not include the other
 * block (scoped atomic race, ScoRD Table IV(d); scoped_race.c at its
 * smallest).
 *
 * Category: atomics. Placement: thread 0 of each of 2 blocks that fill an
 * SM each (block 0 on SM 0, block 1 on SM 1). No ordering between them.
 *   A, B: old = ww_atomic_add_block(data, 1)   (the same source line)
 * Computes: out[0], out[1] = the old values (0 and 1 in some order; both 0
 * if the race shows on hardware: each SM adds to its own L1 copy and the
 * write-throughs overwrite each other), out[2], out[3] = placement words;
 * *data = 2 (1 when an update is lost).
 *
 * docs/scord.md §1 on data (whichever block comes first is "first"):
 *   first atomic: INIT -> REINIT (owner first, IsAtom, Scope = block, M = 1).
 *   second atomic: not III(a)/(b)/(c) (other block); step 3, IV(d): md.IsAtom
 *     && md.Scope == block && other block -> RACE(d), scope device, at the
 *     shared line, whichever block is second.
 *
 * SCORD-EXPECT: race type=d scope=device line=42
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=0|1 out1=0|1 data=2|1
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here) */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(atom_blk_interblock_racy)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    uint32_t old = ww_atomic_add_block(args->data, 1);   /* SCORD-RACE d */
    args->out[role] = old;
    args->out[2 + role] = PLACE();
  }
}
