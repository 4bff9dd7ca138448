/* SPDX-License-Identifier: Apache-2.0
 *
 * histogram -- bins[v % nbins]++ for every v of an input array, in two
 * levels: each block first counts its grid-stride slice into a private
 * histogram in shared memory (block-scope atomics: only the block's own
 * threads touch it), then merges its non-zero bins into the global
 * histogram with device-scope atomics (every block adds to the same bins,
 * from both SMs, so only device scope is correct there).
 *
 * Demonstrates: scoped atomics picked by who shares the data; clearing and
 * merging shared memory with a loop strided by the block size (lane-
 * dependent trip count when nbins is not a multiple of ntid); barriers
 * between the phases.
 *
 * Arguments: in (uint32 array), n, bins (uint32[nbins], zeroed by the host),
 * nbins (1 .. MAX_BINS).
 */
#include "warpwatch.h"

typedef struct {
  const uint32_t *in;
  uint32_t n;
  uint32_t *bins;
  uint32_t nbins;
} histogram_args_t;

#define MAX_BINS 256
WW_SHARED static uint32_t local_bins[MAX_BINS];

WW_KERNEL(histogram)(const histogram_args_t *args)
{
  uint32_t tid = ww_tid(), ntid = ww_ntid();
  uint32_t nbins = args->nbins, n = args->n;

  /* 1. clear the block's histogram */
  for (uint32_t b = tid; ww_any(b < nbins); b += ntid) {
    ww_if (b < nbins) {
      local_bins[b] = 0;
    }
  }
  ww_barrier();

  /* 2. count the block's slice (shared memory: block scope is enough) */
  uint32_t stride = ww_global_size();
  for (uint32_t i = ww_global_id(); ww_any(i < n); i += stride) {
    ww_if (i < n) {
      ww_atomic_add_block(&local_bins[args->in[i] % nbins], 1);
    }
  }
  ww_barrier();

  /* 3. merge into the global histogram: every block adds to the same
   *    words, from any SM, so the atomics must have device scope */
  for (uint32_t b = tid; ww_any(b < nbins); b += ntid) {
    ww_if (b < nbins) {
      uint32_t c = local_bins[b];
      ww_if (c != 0) {
        ww_atomic_add_device(&args->bins[b], c);
      }
    }
  }
}
