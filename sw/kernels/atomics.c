/* SPDX-License-Identifier: Apache-2.0
 *
 * atomics -- every scoped atomic operation (add, exch, min, max, minu, maxu,
 * and, or, xor, cas) in both scopes, on global and on shared memory, with
 * results that do not depend on the order in which threads get there.
 *
 * Four spaces of NSLOTS words, each starting from init[]:
 *   0 global, one set per block, block scope  (only the block touches it)
 *   1 global, one set for the grid, device scope (every thread touches it)
 *   2 shared, block scope
 *   3 shared, device scope (in shared memory both scopes act on the block's
 *     shared memory)
 * Every thread, with its value v = vals[global id], applies to each space:
 *   slot 0 add v, 1 add 1 (a ticket), 2 exch v, 3 min v, 4 max v, 5 minu v,
 *   6 maxu v, 7 and v, 8 or v, 9 xor v, 10 an increment by a CAS loop,
 *   11 cas(expected = vals, desired = v) that succeeds for nobody unless a
 *      value matches (init[11] is chosen not to), 12..15 unused.
 * and records olds[(gid * 4 + space) * 4 + j]: j = 0 the ticket, 1 the value
 * exch returned, 2 the value its successful CAS saw, 3 the slot-11 CAS old.
 * The shared spaces are copied out to shared_out[ctaid][space-2][slot].
 *
 * Demonstrates: the intrinsics' operand order and return values; the CAS
 * retry loop written as a vote loop (lanes of one warp contend with each
 * other; their atomics are performed in lane order, so one wins per round).
 *
 * Arguments: vals (uint32[grid threads]), init (uint32[NSLOTS]), blk
 * (uint32[nctaid][NSLOTS], = init), dev (uint32[NSLOTS], = init), olds,
 * shared_out (uint32[nctaid][2][NSLOTS]).
 */
#include "warpwatch.h"

#define NSLOTS 16

typedef struct {
  const uint32_t *vals;
  const uint32_t *init;
  uint32_t *blk;
  uint32_t *dev;
  uint32_t *olds;
  uint32_t *shared_out;
} atomics_args_t;

WW_SHARED static uint32_t sh[2][NSLOTS];

/* The CAS increment loop: retries with the value the failed CAS returned. */
#define CAS_INCREMENT(casfn, p, got)                                           \
  do {                                                                         \
    uint32_t done_ = 0, exp_ = 0;                                              \
    while (ww_any(!done_)) {                                                   \
      ww_if (!done_) {                                                         \
        uint32_t old_ = casfn((p), exp_, exp_ + 1);                            \
        done_ = old_ == exp_;                                                  \
        exp_ = old_;                                                           \
      }                                                                        \
    }                                                                          \
    (got) = exp_;                                                              \
  } while (0)

#define ALL_OPS(scope, s, v, o)                                                \
  do {                                                                         \
    ww_atomic_add_##scope(&(s)[0], (v));                                       \
    (o)[0] = ww_atomic_add_##scope(&(s)[1], 1);                                \
    (o)[1] = ww_atomic_exch_##scope(&(s)[2], (v));                             \
    ww_atomic_min_##scope(&(s)[3], (int32_t)(v));                              \
    ww_atomic_max_##scope(&(s)[4], (int32_t)(v));                              \
    ww_atomic_minu_##scope(&(s)[5], (v));                                      \
    ww_atomic_maxu_##scope(&(s)[6], (v));                                      \
    ww_atomic_and_##scope(&(s)[7], (v));                                       \
    ww_atomic_or_##scope(&(s)[8], (v));                                        \
    ww_atomic_xor_##scope(&(s)[9], (v));                                       \
    CAS_INCREMENT(ww_atomic_cas_##scope, &(s)[10], (o)[2]);                    \
    (o)[3] = ww_atomic_cas_##scope(&(s)[11], (v) ^ 0x5A5A5A5Au, (v));          \
  } while (0)

WW_KERNEL(atomics)(const atomics_args_t *args)
{
  uint32_t tid = ww_tid(), ntid = ww_ntid(), gid = ww_global_id(), b = ww_ctaid();
  uint32_t v = args->vals[gid];
  uint32_t *o = args->olds + gid * 16;

  for (uint32_t s = tid; ww_any(s < NSLOTS); s += ntid) {
    ww_if (s < NSLOTS) {
      sh[0][s] = args->init[s];
      sh[1][s] = args->init[s];
    }
  }
  ww_barrier();

  ALL_OPS(block, args->blk + b * NSLOTS, v, o + 0);
  ALL_OPS(device, args->dev, v, o + 4);
  ALL_OPS(block, sh[0], v, o + 8);
  ALL_OPS(device, sh[1], v, o + 12);

  ww_barrier();
  for (uint32_t s = tid; ww_any(s < NSLOTS); s += ntid) {
    ww_if (s < NSLOTS) {
      args->shared_out[(b * 2 + 0) * NSLOTS + s] = sh[0][s];
      args->shared_out[(b * 2 + 1) * NSLOTS + s] = sh[1][s];
    }
  }
}
