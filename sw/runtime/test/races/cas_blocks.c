/* SPDX-License-Identifier: Apache-2.0
 *
 * cas_blocks -- a BFS-style "claim the node" with a block-scope CAS on a
 * word that blocks on both SMs share: the scoped-atomic race of ScoRD's
 * Table IV (d) (docs/scord.md §5 "A block-scope CAS used across blocks").
 *
 * Launch 2 blocks of WARPS_PER_SM x LANES threads, so that block b fills
 * SM b. Thread `who` of each block claims *visited with
 * ww_atomic_cas_block(visited, 0, b + 1) in an inlined helper, as BFS kernels
 * do, and stores the old value to out[2b]. With then_load = 1 it then reads
 * the word again with an ordinary load (BFS reads the node's level) into
 * out[2b + 1].
 *
 * Arguments: visited (uint32, zeroed by the host), out (uint32[4]), who
 * (the thread that claims, < ntid), then_load (0 or 1).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *visited;
  uint32_t *out;
  uint32_t who;
  uint32_t then_load;
} cas_blocks_args_t;

static inline uint32_t claim(uint32_t *visited, uint32_t id)
{
  return ww_atomic_cas_block(visited, 0, id);   /* WRONG scope: blocks on both SMs share the word */
}

WW_KERNEL(cas_blocks)(const cas_blocks_args_t *args)
{
  uint32_t b = ww_ctaid();
  ww_if (ww_tid() == args->who) {
    args->out[2 * b] = claim(args->visited, b + 1);
    if (args->then_load)                        /* uniform: an argument */
      args->out[2 * b + 1] = *(volatile uint32_t *)args->visited;   /* the level */
  }
}
