/* SPDX-License-Identifier: Apache-2.0
 *
 * block_counter -- every thread of block b takes a ticket from counters[b]
 * with a block-scope atomic add: tickets[global id] = old value, and at the
 * end counters[b] = ntid.
 *
 * Demonstrates a block-scope atomic on GLOBAL memory that is correct: the
 * scope only has to cover the threads that touch the word, and counters[b]
 * is touched by block b alone, which runs on one SM. (Neighbouring
 * counters share cache lines with other blocks on the other SM; that is
 * harmless, because an atomic writes only its own word through to L2 and
 * nobody else ever updates counters[b].) Compare scoped_race.c, where the
 * same instruction on ONE counter shared by all blocks loses updates.
 *
 * Arguments: counters (uint32[nctaid], zeroed by the host), tickets
 * (uint32[nctaid * ntid]).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *counters;
  uint32_t *tickets;
} block_counter_args_t;

WW_KERNEL(block_counter)(const block_counter_args_t *args)
{
  args->tickets[ww_global_id()] = ww_atomic_add_block(&args->counters[ww_ctaid()], 1);
}
