/* SPDX-License-Identifier: Apache-2.0
 *
 * divergence -- per thread, runs the Collatz iteration from x = in[i]
 * (x = x/2 if even, 3x+1 if odd) until x reaches 1 or `cap` steps were taken,
 * counting on the way the steps, the odd steps and the total of the
 * population counts of every value visited.
 *
 * Demonstrates nested divergence, the part of SIMT that needs care:
 *   - an outer loop whose trip count differs per lane, written as a uniform
 *     loop on a vote (while ww_any(!done)) with a ww_if(!done) body;
 *   - early exit through a flag (`done`), never break/return: a lane that
 *     finishes just stops taking part while its warp-mates continue;
 *   - if/else inside the loop (x == 1, then odd/even), nested three deep,
 *     and an else-if chain (x mod 3);
 *   - an inner vote loop (population count) inside the divergent region:
 *     ww_any there votes over the currently active lanes only;
 *   - ww_ballot() at two nesting depths (which lanes are active where).
 *
 * Output per thread i < n, out[9*i + k]:
 *   0 final x, 1 steps, 2 odd steps, 3 popcount total, 4 done (1 reached 1,
 *   2 gave up at cap), 5 loop iterations its warp ran (max over the warp's
 *   lanes with i < n), 6 ballot(1) of the lanes with i < n, 7 ballot(1) inside
 *   ww_if (laneid odd) -- odd lanes see the odd lanes, even lanes the even ones,
 *   8 how many visited values were 0, 1, 2 mod 3, in bits 0-9, 10-19, 20-29.
 *
 * Arguments: in (uint32 array, values >= 1), n, cap (<= 1023), out
 * (uint32[9*n]).
 */
#include "warpwatch.h"

typedef struct {
  const uint32_t *in;
  uint32_t n;
  uint32_t cap;
  uint32_t *out;
} divergence_args_t;

WW_KERNEL(divergence)(const divergence_args_t *args)
{
  uint32_t i = ww_global_id();
  ww_if (i < args->n) {
    uint32_t x = args->in[i];
    uint32_t cap = args->cap;
    uint32_t steps = 0, odd = 0, bits = 0, done = 0, warp_iters = 0, mod3 = 0;
    uint32_t live = ww_ballot(1);
    uint32_t side = 0;

    ww_if (ww_laneid() & 1) {
      side = ww_ballot(1);
    } else {
      side = ww_ballot(1);
    }

    while (ww_any(done == 0)) {
      warp_iters++;
      ww_if (done == 0) {
        ww_if (x == 1) {
          done = 1;
        } else {
          ww_if (x & 1) {
            x = 3 * x + 1;
            odd++;
          } else {
            x >>= 1;
          }
          steps++;

          /* population count: a loop with a per-lane trip count, nested */
          uint32_t y = x, c = 0;
          while (ww_any(y != 0)) {
            ww_if (y != 0) {
              c += y & 1;
              y >>= 1;
            }
          }
          bits += c;

          ww_if (x % 3 == 0) {
            mod3 += 1;
          } else ww_if (x % 3 == 1) {
            mod3 += 1 << 10;
          } else {
            mod3 += 1 << 20;
          }

          ww_if (steps >= cap) {
            done = 2;   /* early exit: give up */
          }
        }
      }
    }

    uint32_t *o = args->out + 9 * i;
    o[0] = x;
    o[1] = steps;
    o[2] = odd;
    o[3] = bits;
    o[4] = done;
    o[5] = warp_iters;
    o[6] = live;
    o[7] = side;
    o[8] = mod3;
  }
}
