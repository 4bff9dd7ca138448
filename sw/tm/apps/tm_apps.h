/* SPDX-License-Identifier: Apache-2.0
 *
 * tm_apps.h -- what the KILO TM applications (sw/tm/apps/NAME.c, sw/tm/README.md)
 * share: the meaning of their `mode` argument and the GPU-safe lock steps.
 *
 *   mode 0  TM_MODE_TX      the critical section in ww_tx { ... }, nothing
 *                           else: KILO TM §4.1, in which the hardware
 *                           re-executes an aborted thread from its tx_begin.
 *                           ww_tx (warpwatch.h) shows the compiler that loop,
 *                           so the values the section needs survive a retry.
 *                           The golden model runs it; the RTL traps
 *                           "transactions not implemented" until issue 14.
 *   mode 1  TM_MODE_FINE    fine-grained locks (per bucket, account or node)
 *   mode 2  TM_MODE_GLOBAL  one lock for the whole structure
 *   mode 3  TM_MODE_NONE    no synchronization at all: the negative control
 *                           that shows the runner's invariant check catches
 *                           lost updates (it must FAIL where contention is high)
 *
 * A lock is a word, 0 = free, 1 = held, touched only by device-scope atomics:
 *   try:     ww_atomic_cas_device(lock, 0, 1) == 0, then ww_fence_device()
 *            (acquire: drops this SM's L1, so the section's ordinary loads
 *            see the previous holder's writes, which reached L2 before it
 *            released);
 *   release: ww_fence_device() (the section's stores reach L2), then
 *            ww_atomic_exch_device(lock, 0).
 * Device scope everywhere: the contenders run on both SMs. A lane never
 * spins on a lock inside code that its warp-mates must reach first (the
 * SIMT deadlock of KILO TM §3, Examples 1 and 2): each application tries its
 * lock(s) once per round of a warp-uniform loop
 *     while (ww_any(!done)) ww_if (!done) { ww_if (try) { section; release; done = 1; } }
 * so a winner finishes and releases before its warp goes round again. The
 * atomics of one instruction are performed in lane order, so of several
 * lanes of one warp that want one lock exactly one wins per round.
 */
#ifndef TM_APPS_H
#define TM_APPS_H

#include "warpwatch.h"

#define TM_MODE_TX     0u
#define TM_MODE_FINE   1u
#define TM_MODE_GLOBAL 2u
#define TM_MODE_NONE   3u

/* One attempt at a lock: 1 (and the acquire fence done) when this lane took it. */
static inline uint32_t tm_try_lock(volatile uint32_t *lock)
{
  uint32_t got = ww_atomic_cas_device(lock, 0, 1) == 0;
  ww_fence_device();
  return got;
}

/* Release a lock this lane holds. */
static inline void tm_unlock(volatile uint32_t *lock)
{
  ww_fence_device();
  ww_atomic_exch_device(lock, 0);
}

#endif /* TM_APPS_H */
