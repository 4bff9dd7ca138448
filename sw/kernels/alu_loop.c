/* SPDX-License-Identifier: Apache-2.0
 *
 * alu_loop -- a compute-bound kernel: every thread runs `iters` rounds of a
 * small integer mixing function (one multiply, shifts, xors, adds) entirely
 * in registers and stores one word. No memory traffic in the loop, so its
 * cycles measure the SM's issue rate (`make bench`: ipc_compute).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *out;       /* one word per thread of the grid */
  uint32_t iters;
} alu_loop_args_t;

WW_KERNEL(alu_loop)(const alu_loop_args_t *args)
{
  uint32_t x = ww_tid() + 1, y = ww_ctaid() * 7 + 3, z = 0x9e3779b9u;
  for (uint32_t i = 0; i < args->iters; i++) {
    x = x * 1664525u + 1013904223u;
    y ^= x >> 7;
    z += y << 3;
    x ^= z;
  }
  args->out[ww_global_id()] = x ^ y ^ z;
}
