/* SPDX-License-Identifier: Apache-2.0
 *
 * work_queue -- persistent threads with a shared work counter: every thread
 * takes the next task index from a device-scope atomic counter until the
 * tasks run out, computes the task (a few rounds of an integer hash, so
 * tasks take different times) and counts what it did with device atomics.
 * Which thread runs which task depends on timing; the results do not.
 *
 * Race-free: out[t] is written once, by the thread that took task t; the
 * counters are only touched by atomics.
 *
 * Arguments: in (uint32[n]), out (uint32[n]), n, next (uint32, zeroed by
 * the host), done (uint32, zeroed), sum (uint32, zeroed: the sum of out).
 */
#include "warpwatch.h"

typedef struct {
  const uint32_t *in;
  uint32_t *out;
  uint32_t n;
  uint32_t *next;
  uint32_t *done;
  uint32_t *sum;
} work_queue_args_t;

WW_KERNEL(work_queue)(const work_queue_args_t *args)
{
  uint32_t t = ww_atomic_add_device(args->next, 1);
  while (ww_any(t < args->n)) {
    ww_if (t < args->n) {
      uint32_t x = args->in[t], rounds = (x & 7) + 1;
      for (uint32_t r = 0; ww_any(r < rounds); r++) {
        ww_if (r < rounds) {
          x = (x ^ (x >> 15)) * 0x2c1b3c6du + r;
        }
      }
      args->out[t] = x;
      ww_atomic_add_device(args->done, 1);
      ww_atomic_add_device(args->sum, x);
      t = ww_atomic_add_device(args->next, 1);
    }
  }
}
