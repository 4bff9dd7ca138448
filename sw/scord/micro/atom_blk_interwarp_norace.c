/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_blk_interwarp_norace -- two warps of ONE block increment one counter
 * with block-scope atomics: the block scope includes both (block_counter.c
 * at its smallest).
 *
 * Category: atomics. Placement: threads 0 and WW_LANES of one block (warps
 * 0 and 1, same SM). No ordering between them.
 *   A, B: old = ww_atomic_add_block(data, 1)   (the same source line)
 * Computes: out[0], out[1] = the old values (0 and 1 in some order), out[2],
 * out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   first atomic: INIT -> REINIT (IsAtom, Scope = block, M = 1).
 *   second atomic: step 3: IV(d) needs another block -> no (same block);
 *     atomic after atomic -> owner second, stop. No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
 * SCORD-RESULT: out0=0|1 out1=0|1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here) */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(atom_blk_interwarp_norace)(const micro_args_t *args)
{
  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid();
    args->out[role] = ww_atomic_add_block(args->data, 1);
    args->out[2 + role] = PLACE();
  }
}
