/* SPDX-License-Identifier: Apache-2.0
 *
 * lock_blk_nofence_intrawarp_norace -- two lanes of ONE warp share a
 * block-scope lock with no fences at all and ordinary accesses in the
 * critical section. ScoRD works per warp (§IV): the accesses of one warp are
 * in program order, so missing fences, missing strong accesses and missing
 * locks do not matter between lanes of a warp.
 *
 * Category: lock/unlock. Placement: threads 0 and 1 of a one-warp block.
 * The GPU-safe lock loop of spinlock.c (the winner finishes and unlocks
 * before the warp goes round again; lane 0 wins first, in lane order):
 *   done = 0;
 *   while (any lane !done) if (!done) if (CAS.blk(lock, 0, 1) == 0) {
 *     r = data; data = r + 1 (ordinary); EXCH.blk(lock, 0); done = 1; }
 * Computes: out[0] = 0, out[1] = 1, out[2], out[3] = placement words
 * (equal: one warp); *data = 2.
 *
 * docs/scord.md §1 on data: the first load REINITs with owner = the warp;
 *   every later access is III(b) program order (same warp, same block, BS =
 *   DS = 0): no race. (No fence ever activates the CAS entries, so the
 *   Blooms are 0 as well.) lock[0]: block atomics of one warp. No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=1 block=WW_LANES
 * SCORD-PLACE: same-warp
 * SCORD-RESULT: out0=0 out1=1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag (unused here) */
  uint32_t *lock;   /* lock words lock[0], lock[1] */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(lock_blk_nofence_intrawarp_norace)(const micro_args_t *args)
{
  volatile uint32_t *data = args->data;       /* volatile: real accesses */
  uint32_t role = ww_laneid();

  ww_if (role < 2) {
    uint32_t done = 0;
    while (ww_any(!done)) {
      ww_if (!done) {
        ww_if (ww_atomic_cas_block(args->lock, 0, 1) == 0) {
          uint32_t r = *data;                 /* ordinary, no fence */
          *data = r + 1;
          args->out[role] = r;
          ww_atomic_exch_block(args->lock, 0);
          done = 1;
        }
      }
    }
    args->out[2 + role] = PLACE();
  }
}
