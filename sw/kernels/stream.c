/* SPDX-License-Identifier: Apache-2.0
 *
 * stream -- a miss-heavy streaming read for the GSI MSHR sweep (seed paper
 * 002 section VII-D): every lane of a warp load reads its own cache line, so
 * one warp load misses on WW_LANES lines at once, and each lane issues
 * UNROLL such loads before it adds them up. The loads queue at the L1's
 * miss status holding registers: with few MSHRs the SM stalls on "MSHR
 * full" (memory structural), with more it waits on the data (memory data).
 *
 * Line L (0 <= L < nlines, nlines a power of two) is read at word L % WPL
 * of the line, WPL = WW_LINE_BYTES / 4 words per line (a different word per
 * line, so a wrong line or offset changes the sum). Thread g of G = grid x
 * block threads, in round r (0 <= r < rounds), unrolled load u (0 <= u <
 * UNROLL), reads line
 *   L = ((r * UNROLL + u) * G + g) mod nlines
 * so a warp's lanes read consecutive lines and every line is read once when
 * nlines = rounds * UNROLL * G (more often when nlines is smaller: the bench
 * reads each line twice, the second time from L2). Thread g stores the
 * 32-bit sum of its reads in out[g]. No branch depends on the lane.
 *
 * Arguments: in (uint32[nlines * WPL]), out (uint32[G]), nlines, rounds.
 */
#include "warpwatch.h"

#define UNROLL 4
#define WPL    (WW_LINE_BYTES / 4)

typedef struct {
  const uint32_t *in;
  uint32_t *out;
  uint32_t nlines;
  uint32_t rounds;
} stream_args_t;

WW_KERNEL(stream)(const stream_args_t *a)
{
  const uint32_t g = ww_global_id(), nthreads = ww_global_size(), mask = a->nlines - 1;
  uint32_t sum = 0;
  ww_assert(a->nlines != 0 && (a->nlines & mask) == 0);
  for (uint32_t r = 0; r < a->rounds; r++) {
    uint32_t l0 = ((r * UNROLL + 0) * nthreads + g) & mask;
    uint32_t l1 = ((r * UNROLL + 1) * nthreads + g) & mask;
    uint32_t l2 = ((r * UNROLL + 2) * nthreads + g) & mask;
    uint32_t l3 = ((r * UNROLL + 3) * nthreads + g) & mask;
    const uint32_t *p0 = &a->in[l0 * WPL + l0 % WPL], *p1 = &a->in[l1 * WPL + l1 % WPL];
    const uint32_t *p2 = &a->in[l2 * WPL + l2 % WPL], *p3 = &a->in[l3 * WPL + l3 % WPL];
    /* all four addresses first, then the four loads back to back: each warp
     * has UNROLL x WW_LANES line misses in flight before the first add */
    __asm__("" : "+r"(p0), "+r"(p1), "+r"(p2), "+r"(p3));
    uint32_t v0 = *p0, v1 = *p1, v2 = *p2, v3 = *p3;
    sum += (v0 + v1) + (v2 + v3);
  }
  a->out[g] = sum;
}
