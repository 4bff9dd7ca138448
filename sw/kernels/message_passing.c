/* SPDX-License-Identifier: Apache-2.0
 *
 * message_passing -- a producer on one SM hands a value to a consumer on the
 * other through global memory, and shows why the consumer needs a device
 * fence: the L1s are not coherent.
 *
 * Launch 2 blocks that fill an SM each (block 0 runs on SM 0, block 1 on
 * SM 1); thread 0 of each does the work:
 *   consumer (block 0)                    producer (block 1)
 *     r1 = *data       (caches the line)    wait for *ready1 (strong load)
 *     *ready1 = 1      (strong store)       *data = 42       (ordinary store)
 *     wait for *ready2 (strong load)        ww_fence_device() (reach L2 first)
 *     r2 = *data       STALE: L1 hit, 0     *ready2 = 1      (strong store)
 *     ww_fence_device() (drops the L1)
 *     r3 = *data       42, from L2
 * out = { r1, r2, r3, consumer SM, producer SM }. The flags use strong
 * accesses, which bypass L1, so the waits see the other SM's stores; the
 * data is read with ordinary loads through L1, so only the fence makes the
 * new value visible. (CUDA: __threadfence() + volatile flags.)
 *
 * Demonstrates: the non-coherent L1 (docs/isa.md "Caches and visibility"),
 * strong accesses for flags, the release (producer) and acquire (consumer)
 * fences. Needs both blocks resident at once.
 *
 * Arguments: data, ready1, ready2 (uint32, zeroed by the host), out
 * (uint32[5]).
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;
  uint32_t *ready1;
  uint32_t *ready2;
  uint32_t *out;
} message_passing_args_t;

WW_KERNEL(message_passing)(const message_passing_args_t *args)
{
  volatile uint32_t *data = args->data;   /* volatile: one real load each time */

  ww_if (ww_tid() == 0) {                 /* one lane per block: uniform below */
    if (ww_ctaid() == 0) {
      uint32_t r1 = *data;
      ww_store_strong(args->ready1, 1);
      while (ww_load_strong(args->ready2) == 0)
        ;
      uint32_t r2 = *data;
      ww_fence_device();                  /* acquire */
      uint32_t r3 = *data;
      args->out[0] = r1;
      args->out[1] = r2;
      args->out[2] = r3;
      args->out[3] = ww_smid();
    } else {
      while (ww_load_strong(args->ready1) == 0)
        ;
      *data = 42;
      ww_fence_device();                  /* release */
      ww_store_strong(args->ready2, 1);
      args->out[4] = ww_smid();
    }
  }
}
