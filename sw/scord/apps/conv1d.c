/* SPDX-License-Identifier: Apache-2.0
 *
 * conv1d -- ScoR "1DC" (ScoRD, ISCA 2020, Table II): the convolution of an
 * int32 array with a (2R+1)-tap filter, as a scatter: thread i multiplies its
 * element once per tap and adds the products into the outputs it
 * contributes to,
 *     y[i + k - R] += x[i] * w[k]        k = 0 .. 2R, 0 <= i + k - R < n
 * so that y[j] = sum_k x[j - k + R] * w[k]. The scope of each atomic add
 * depends on whether other blocks update the same output: y[j] receives
 * from threads j-R .. j+R; if they all belong to one block, a block-scope
 * atomic suffices (performed in the SM's L1), else it must be device scope.
 *
 * Race switch (args->race; 0 = correct):
 *   1  insufficient atomic scope: the outputs near a block border, updated
 *      by two blocks, are also added with block-scope atomics. Reported at
 *      the second block's atomic on such an output (blocks 1|2 are on
 *      different SMs, whose L1 copies then lose updates).
 *
 * SCORD-GEOMETRY: grid=4 block=16
 * SCORD-INJECT: race=1 type=d scope=device line=57 what=output shared by two blocks accumulated with block-scope atomics
 *
 * Geometry: 4 blocks of 16 threads: blocks 0, 1 on SM 0 and 2, 3 on SM 1.
 * n = nctaid * ntid (one element per thread), R < ntid / 2.
 *
 * Arguments: race, x (int32[n]), w (int32[2R+1]), n, radius R, y (int32[n],
 * zeroed).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t race;
  const int32_t *x;
  const int32_t *w;
  uint32_t n;
  uint32_t radius;
  int32_t *y;
} conv1d_args_t;

WW_KERNEL(conv1d)(const conv1d_args_t *args)
{
  const uint32_t ntid = ww_ntid(), i = ww_global_id(), n = args->n, rad = args->radius;
  const uint32_t taps = 2 * rad + 1;

  ww_if (i < n) {
    const int32_t xi = args->x[i];
    for (uint32_t k = 0; k < taps; k++) {                 /* uniform: taps from the arguments */
      const int32_t j = (int32_t)(i + k) - (int32_t)rad;
      ww_if ((j >= 0) & (j < (int32_t)n)) {
        /* Contributors of y[j]: threads max(j-R, 0) .. min(j+R, n-1). */
        const uint32_t lo = (uint32_t)ww_max(j - (int32_t)rad, 0);
        const uint32_t hi = ww_minu((uint32_t)j + rad, n - 1);
        const uint32_t shared = lo / ntid != hi / ntid;   /* updated by two blocks */
        const uint32_t prod = (uint32_t)(xi * args->w[k]);
        ww_if (shared & (args->race != 1)) {
          ww_atomic_add_device(&args->y[j], prod);
        } else {
          ww_atomic_add_block(&args->y[j], prod);         /* race 1: the racing atomic  SCORD-RACE 1d */
        }
      }
    }
  }
}
