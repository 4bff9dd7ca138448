/* SPDX-License-Identifier: Apache-2.0
 *
 * tx_doomed -- a doomed transaction and KILO TM's watchdog (MICRO 2011,
 * sec. 4.2; docs/tm.md sec. 4.3 step 7). Two words a = ab[0] and b = ab[8]
 * (different lines, so different partitions at two) keep a + b == 0: the
 * writer warp (warp 0 of block 0) moves one unit from b to a in each of its
 * transactions, `iters` per lane. Every other warp's transaction reads a,
 * waits (a delay loop of `delay` iterations), reads b, and then spins
 *     while (a + b != 0) {}
 * A writer commit between the two reads gives it an inconsistent view that
 * no serial order allows: it spins forever, inside its transaction, until
 * the watchdog validates the attempt's read log (a is stale), aborts it and
 * restarts it. Without the watchdog the grid never finishes.
 *
 * Each reader thread runs `per` such transactions and counts them in its
 * own word of out[] (transactionally). Expected: ab[0] = 8 * iters (lanes
 * of the writer warp, LANES = 8), ab[8] = -ab[0], out[t] = per for every
 * thread of the reader warps and 0 for the writer's lanes.
 *
 * Arguments: ab (int32[16], zeroed), iters, per, delay, out (uint32[threads],
 * zeroed). Run with one block of 32 threads (4 warps).
 */
#include "warpwatch.h"

typedef struct {
  volatile int32_t *ab;
  uint32_t iters;                /* writer transactions per lane */
  uint32_t per;                  /* reader transactions per thread */
  uint32_t delay;                /* loop iterations between the reader's two reads */
  volatile uint32_t *out;        /* [threads] reader transactions done */
} tx_doomed_args_t;

WW_KERNEL(tx_doomed)(const tx_doomed_args_t *args)
{
  volatile int32_t *ab = args->ab;
  if (ww_ctaid() == 0 && ww_warpid() == 0) {   /* uniform per warp: no divergence */
    for (uint32_t i = 0; i < args->iters; i++)
      ww_tx {
        const int32_t a = ab[0], b = ab[8];
        ab[0] = a + 1;
        ab[8] = b - 1;
      }
    return;
  }
  volatile uint32_t *mine = &args->out[ww_global_id()];
  for (uint32_t k = 0; k < args->per; k++)
    ww_tx {
      const int32_t a = ab[0];
      for (uint32_t d = 0; d < args->delay; d++)
        __asm__ volatile("");
      const int32_t b = ab[8];
      while (a + b != 0)            /* doomed: only the watchdog gets it out */
        __asm__ volatile("");
      *mine = *mine + 1;
    }
}
