/* SPDX-License-Identifier: Apache-2.0
 *
 * matmul -- C = A * B for int32 matrices, A m x k, B k x n, C m x n (row
 * major), tiled through shared memory.
 *
 * Each block computes one tile x tile square of C with tile*tile threads
 * (thread t: row t / tile, column t % tile of the square; blocks go row by
 * row over the squares). For every tile-wide strip of k, the block stages
 * one square of A and one of B in shared memory, synchronizes, and each
 * thread accumulates its dot-product slice from shared memory.
 *
 * Demonstrates: cooperative loading into WW_SHARED arrays, the two barriers
 * per strip (after loading: the tiles are complete; after computing: nobody
 * still reads them when the next strip overwrites them), edge tiles for
 * sizes that are not multiples of the tile (lane-dependent bounds as ww_if,
 * zero padding, combined with `&` rather than `&&`), and block sizes that
 * are not a multiple of the warp (tile 5: 25 threads).
 *
 * Launch: block = tile * tile threads, grid = ceil(m/tile) * ceil(n/tile).
 * Arguments: a, b, c (int32 arrays), m, k, n, tile (1 .. MAX_TILE).
 */
#include "warpwatch.h"

typedef struct {
  const int32_t *a;
  const int32_t *b;
  int32_t *c;
  uint32_t m, k, n;
  uint32_t tile;
} matmul_args_t;

#define MAX_TILE 8
WW_SHARED static int32_t as[MAX_TILE * MAX_TILE];
WW_SHARED static int32_t bs[MAX_TILE * MAX_TILE];

WW_KERNEL(matmul)(const matmul_args_t *args)
{
  uint32_t t = args->tile;
  uint32_t m = args->m, k = args->k, n = args->n;
  uint32_t tid = ww_tid();
  uint32_t ty = tid / t, tx = tid % t;
  uint32_t squares_x = (n + t - 1) / t;
  uint32_t row = ww_ctaid() / squares_x * t + ty;
  uint32_t col = ww_ctaid() % squares_x * t + tx;
  int32_t acc = 0;

  for (uint32_t k0 = 0; k0 < k; k0 += t) {       /* uniform: k and t are arguments */
    int32_t av = 0, bv = 0;
    ww_if ((row < m) & (k0 + tx < k)) {
      av = args->a[row * k + k0 + tx];
    }
    ww_if ((k0 + ty < k) & (col < n)) {
      bv = args->b[(k0 + ty) * n + col];
    }
    as[tid] = av;
    bs[tid] = bv;
    ww_barrier();

    for (uint32_t kk = 0; kk < t; kk++)           /* uniform */
      acc += as[ty * t + kk] * bs[kk * t + tx];
    ww_barrier();
  }

  ww_if ((row < m) & (col < n)) {
    args->c[row * n + col] = acc;
  }
}
