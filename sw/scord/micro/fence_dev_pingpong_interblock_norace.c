/* SPDX-License-Identifier: Apache-2.0
 *
 * fence_dev_pingpong_interblock_norace -- data goes from block 0 to block 1
 * and back, every hand-over ordered by release/acquire device fences around
 * a strong flag (a device atomic: the strong accesses of §II-B include
 * atomics). Checks the write-after-read direction too: B's store after its
 * own read, A's read after B's store.
 *
 * Category: fence. Placement: thread 0 of each of 2 blocks that fill an SM
 * each (block 0 on SM 0, block 1 on SM 1).
 *   A (block 0): data = 1; fence.dev; flag = 1;
 *                wait for flag == 2; fence.dev; r = data
 *   B (block 1): wait for flag == 1; fence.dev; r = data; data = 2;
 *                fence.dev; flag = 2
 * (data accesses strong.)
 * Why the flag is an atomic and not ww_load_strong/ww_store_strong: a
 * strong-load spin on a flag that another warp stores is itself a race for
 * §1 (the store meets the spinner's last load with no fence in the spinner
 * between, or the spinner's load meets the store before the producer's
 * next fence) -- message_passing in docs/scord.md §5. Atomic after atomic
 * of device scope is never a race (§1 step 3).
 * Computes: out[0] = A's r = 2, out[1] = B's r = 1, out[2], out[3] =
 * placement words; *data = 2.
 *
 * docs/scord.md §1 on data:
 *   A store: INIT -> REINIT (owner A, M = 1, Strong). A: fence.dev.
 *   B load: conflict (M, other warp); md.DevFenceID != fP.dev (A fenced) ->
 *     not (b); strong -> not (c). Step 5: M := 0, owner B.
 *   B store: III(b) program order (owner B, !BS, !DS) -> owner B, M = 1.
 *     B: fence.dev.
 *   A load: conflict; md.DevFenceID (B at its store) != fP.dev (B fenced) ->
 *     not (b); strong. Step 5: owner A. No race anywhere.
 *
 * SCORD-EXPECT: none
 * SCORD-GEOMETRY: grid=2 block=WW_WARPS_PER_SM*WW_LANES
 * SCORD-PLACE: two-sms
 * SCORD-RESULT: out0=2 out1=1 data=2
 */
#include "warpwatch.h"

typedef struct {
  uint32_t *data;   /* the word A and B share */
  uint32_t *flag;   /* ordering flag: device atomics only */
  uint32_t *lock;   /* lock words lock[0], lock[1] (unused here) */
  uint32_t *out;    /* out[0], out[1] results; out[2], out[3] placement */
} micro_args_t;

#define PLACE() (ww_ctaid() << 16 | ww_smid() << 8 | ww_hwwid())

WW_KERNEL(fence_dev_pingpong_interblock_norace)(const micro_args_t *args)
{
  ww_if (ww_tid() == 0) {                     /* one lane per block: uniform below */
    uint32_t role = ww_ctaid(), r;
    if (role == 0) {
      ww_store_strong(args->data, 1);
      ww_fence_device();                      /* release */
      ww_atomic_add_device(args->flag, 1);    /* flag = 1 */
      while (ww_atomic_add_device(args->flag, 0) < 2)
        ;
      ww_fence_device();                      /* acquire */
      r = ww_load_strong(args->data);
    } else {
      while (ww_atomic_add_device(args->flag, 0) < 1)
        ;
      ww_fence_device();                      /* acquire */
      r = ww_load_strong(args->data);
      ww_store_strong(args->data, 2);
      ww_fence_device();                      /* release */
      ww_atomic_add_device(args->flag, 1);    /* flag = 2 */
    }
    args->out[role] = r;
    args->out[2 + role] = PLACE();
  }
}
