/* SPDX-License-Identifier: Apache-2.0
 *
 * atom_dev_interblock_norace -- two blocks on different SMs increment one
 * counter with DEVICE-scope atomics: performed at L2, atomic across the
 * whole GPU; the right scope for data that blocks share.
 *
 * Category: atomics. Placement: thread 0 of each of 2 blocks that fill an
 * SM each (block 0 on SM 0, block 1 on SM 1). No ordering between them.
 *   A, B: old = ww_atomic_add_device(data, 1)   (the same source line)
 * Computes: out[0], out[1] = the old values (0 and 1 in some order), out[2],
 * out[3] = placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   first atomic: INIT -> REINIT (IsAtom, Scope = device, M = 1).
 *   second atomic: step 3: IV(d) needs md.Scope == block -> no; W && atomic
 *     && md.IsAtom -> owner second, M = 1, stop. No race.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
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

WW_KERNEL(atom_dev_interblock_norace)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid();
    args->out[role] = ww_atomic_add_device(args->data, 1);
    args->out[2 + role] = PLACE();
  }
}
