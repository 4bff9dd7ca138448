/* SPDX-License-Identifier: Apache-2.0
 *
 * racey -- a GPU-Racey-style stress kernel for GPUDet (ASPLOS 2013; the
 * Racey benchmark of deterministic-execution work, on a GPU): every thread
 * reads and writes words of one shared array with no synchronization at
 * all, and each write mixes in the word it just read, so the final array
 * (its signature) depends on the order of every racing access. Without
 * determinism different interleavings (cmodel --seed) or DRAM timings (the
 * RTL's seeds) give different arrays; with --det every run gives the same.
 *
 * Arguments: sig (n words, any initial contents), n (a power of two),
 * iters (reads and writes per thread).
 */
#include "warpwatch.h"

typedef struct {
  volatile uint32_t *sig;
  uint32_t n;
  uint32_t iters;
} racey_args_t;

WW_KERNEL(racey)(const racey_args_t *a)
{
  volatile uint32_t *const sig = a->sig;
  const uint32_t mask = a->n - 1, iters = a->iters;
  uint32_t x = ww_global_id() * 2654435761u + 1u;
  for (uint32_t i = 0; i < iters; i++) {
    const uint32_t r = sig[(x >> 7) & mask];
    x = x * 1103515245u + 12345u + r;
    sig[(x >> 11) & mask] = x;
  }
}
