/* SPDX-License-Identifier: Apache-2.0
 *
 * spinlock -- a device-wide spin lock built from a device-scope CAS and
 * device fences, protecting a critical section that appends the caller's id
 * to a log and increments counters.
 *
 * Contenders: lane 0 of every warp (every_thread = 0), or every thread
 * (every_thread = 1). Each contender, once, under the lock:
 *   n = *count; log[n] = id; *count = n + 1;      id = ctaid << 16 | tid
 *   and thread 0 of each block also increments *block_count.
 * So at the end *count = contenders, log[0..count) is a permutation of
 * their ids (a lost update would duplicate one and drop another),
 * *block_count = nctaid and *lock = 0.
 *
 * Demonstrates the GPU-safe lock form (KILO TM's "Example 2"): a lane never
 * spins inside a region that waits for its warp-mates. The naive
 *     while (CAS(lock, 0, 1) != 0) ;  critical();  lock = 0;
 * deadlocks under SIMT: the lane that wins waits at the reconvergence point
 * for the losers, which spin forever on the lock it holds. Instead:
 *     done = 0;
 *     while (any lane !done)
 *       if (!done)
 *         if (CAS(lock, 0, 1) == 0) { critical(); unlock; done = 1; }
 * The winner finishes its critical section and releases the lock before the
 * warp goes round the loop again. (The atomics of one instruction are
 * performed in lane order, so exactly one lane of a warp can win.)
 *
 * Lock = CAS (device scope) + device fence (acquire). Critical section:
 * strong loads and stores, which bypass the non-coherent L1. Unlock =
 * device fence (release) + exchange (device scope). Device scope everywhere
 * because the contenders run on different SMs.
 *
 * Arguments: lock, count, block_count (uint32, zeroed by the host), log
 * (uint32[contenders]), every_thread.
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *lock;
  uint32_t *count;
  uint32_t *block_count;
  uint32_t *log;
  uint32_t every_thread;
} spinlock_args_t;

static void critical_section(const spinlock_args_t *args, uint32_t id)
{
  uint32_t n = ww_load_strong(args->count);
  ww_store_strong(&args->log[n], id);
  ww_store_strong(args->count, n + 1);
  ww_if (ww_tid() == 0) {
    ww_store_strong(args->block_count, ww_load_strong(args->block_count) + 1);
  }
}

WW_KERNEL(spinlock)(const spinlock_args_t *args)
{
  uint32_t id = ww_ctaid() << 16 | ww_tid();
  uint32_t contend = (args->every_thread != 0) | (ww_laneid() == 0);

  ww_if (contend) {
    uint32_t done = 0;
    while (ww_any(!done)) {
      ww_if (!done) {
        ww_if (ww_atomic_cas_device(args->lock, 0, 1) == 0) {
          ww_fence_device();                      /* acquire */
          critical_section(args, id);
          ww_fence_device();                      /* release */
          ww_atomic_exch_device(args->lock, 0);
          done = 1;
        }
      }
    }
  }
}
