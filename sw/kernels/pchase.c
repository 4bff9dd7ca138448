/* SPDX-License-Identifier: Apache-2.0
 *
 * pchase -- a pointer chase for the unloaded memory round trip (`make
 * bench`, roofline): each thread follows a chain of `steps` dependent loads
 * through the buffer `chain`. Each node is a 32-bit word holding the byte
 * offset (from `chain`) of the next node, so every load's address is the
 * previous load's value: the loads cannot overlap, and with one warp and one
 * lane active (--grid 1 --block 1) the cycles per step are the round trip
 * of one load, plus the one add that forms the next address. A chain whose
 * nodes sit on distinct cache lines, each visited once, misses in the L1 and
 * in the L2 on every step, so each step is a full trip to DRAM and back.
 *
 * Thread g starts at byte offset `start` and stores the offset it ends at in
 * out[g] (every thread follows the same chain).
 *
 * Arguments: chain (uint32 nodes), start, steps, out (uint32[grid x block]).
 */
#include "warpwatch.h"

typedef struct {
  const uint32_t *chain;
  uint32_t start;
  uint32_t steps;
  uint32_t *out;
} pchase_args_t;

WW_KERNEL(pchase)(const pchase_args_t *a)
{
  const uint8_t *base = (const uint8_t *)a->chain;
  uint32_t off = a->start;
  /* unrolled: per step one add and one load; the loop's counter and
   * branch once per 8 steps */
#pragma clang loop unroll_count(8)
  for (uint32_t i = 0; i < a->steps; i++)
    off = *(const uint32_t *)(base + off);
  a->out[ww_global_id()] = off;
}
