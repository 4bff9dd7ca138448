/* SPDX-License-Identifier: Apache-2.0
 *
 * scoped_race -- every thread of every block adds 1 to ONE global counter,
 * `iters` times, with a block-scope (scope = 0) or a device-scope
 * (scope = 1) atomic. Expected total: nctaid * ntid * iters.
 *
 * Demonstrates a scoped race (docs/isa.md, "Scoped atomics"; ScoRD's
 * "insufficient scope"). A block-scope atomic is performed at the SM on its
 * L1 copy of the line: both SMs fetch the counter into their L1s, and each
 * then keeps adding to its own, increasingly stale, copy and writes the sum
 * through to L2, overwriting the other SM's updates. The total comes out
 * short. The scope covers only the block, but the counter is shared by the
 * whole grid. With device scope the atomics are performed at L2 and the
 * total is exact. The same instruction is correct in block_counter.c, where
 * each counter belongs to one block.
 *
 * Arguments: counter (uint32, zeroed by the host), scope (uniform), iters.
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *counter;
  uint32_t scope;
  uint32_t iters;
} scoped_race_args_t;

WW_KERNEL(scoped_race)(const scoped_race_args_t *args)
{
  uint32_t *counter = args->counter;
  uint32_t iters = args->iters;
  if (args->scope == 0) {                 /* uniform: an argument */
    for (uint32_t i = 0; i < iters; i++)
      ww_atomic_add_block(counter, 1);    /* WRONG scope for a grid-wide counter */
  } else {
    for (uint32_t i = 0; i < iters; i++)
      ww_atomic_add_device(counter, 1);   /* right */
  }
}
