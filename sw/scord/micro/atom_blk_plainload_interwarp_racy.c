/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_blk_plainload_interwarp_racy -- one warp updates a word with a
 * block-scope atomic and a block fence, another warp of the same block
 * acquires with a block fence and reads the word with an ORDINARY load:
 * the fences are right, but fences order only strong accesses (§II-B), and
 * the load is not strong (ScoRD Table IV(c)).
 *
 * Category: atomics. Placement: threads 0 and WW_LANES of one block (warps
 * 0 and 1, same SM).
 *   A (warp 0): old = ww_atomic_add_block(data, 1); ww_fence_block(); flag += 1
 *   B (warp 1): wait for flag; ww_fence_block(); r = data (ordinary load)
 * Computes: out[0] = old = 0, out[1] = r = 1 (the SM's L1 copy holds the
 * atomic's result), out[2], out[3] = placement words; *data = 1.
 *
 * docs/scord.md §1 on data:
 *   A atomic: INIT -> REINIT (owner A, IsAtom, Scope = block, M = 1,
 *     Strong = 1). A's block fence moves fP.blk.
 *   B load: step 3: IV(d) needs another block -> no. Step 4: conflict = M &&
 *     !sameW; same block but md.BlkFenceID != fP.blk -> not (a); md.Strong
 *     && !xs -> RACE(c), scope block, at B's load.
 *
 * SCORD-EXPECT: race type=c scope=block line=53
 * SCORD-GEOMETRY: grid=1 block=2*WW_LANES
 * SCORD-PLACE: same-block
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

WW_KERNEL(atom_blk_plainload_interwarp_racy)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: one real load */

  ww_if (ww_laneid() == 0) {                  /* one lane per warp: uniform below */
    uint32_t role = ww_warpid(), r;
    if (role == 0) {
      r = ww_atomic_add_block(args->data, 1);
      ww_fence_block();                       /* release, block scope */
      ww_atomic_add_device(args->flag, 1);
    } else {
      while (ww_atomic_add_device(args->flag, 0) == 0)
        ;
      ww_fence_block();                       /* acquire, block scope */
      r = *data;                              /* SCORD-RACE c */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
