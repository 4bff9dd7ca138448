/* SPDX-License-Identifier: Apache-2.0
 *
 * barrier_spin.h -- warp 0's part before the ww.bar of the barrier kernels
 * (barrier_pass.c, barrier_atomic.c; docs/det.md sec. 7): `spin` iterations
 * of work (more than a quantum, so the block's other warp waits at the
 * barrier when later quanta begin), then data[block * 32 + lane] =
 * block * 1000 + lane + 1.
 */
#ifndef BARRIER_SPIN_H
#define BARRIER_SPIN_H

#include "warpwatch.h"

static inline void barrier_spin_store(volatile uint32_t *data, uint32_t spin)
{
  const uint32_t lane = ww_laneid();
  uint32_t x = lane;
  for (uint32_t i = 0; i < spin; i++)
    x = x * 1103515245u + 12345u;
  /* x is the lane itself only when spin is 0: the term is always 0, but
   * keeps the loop */
  data[ww_ctaid() * 32 + lane] = ww_ctaid() * 1000 + lane + 1 + (x == 0xFFFFFFFFu && spin == 0);
}

#endif /* BARRIER_SPIN_H */
