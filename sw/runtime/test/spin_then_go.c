/* SPDX-License-Identifier: Apache-2.0
 *
 * spin_then_go.c -- test kernel that looks like a hang for a while but is
 * none: the block's first warp computes `iters` steps of a random-number
 * recurrence (argument word 1) without storing anything, then sets the flag
 * (word 0 of the buffer in argument word 0) that the other warps spin on
 * meanwhile. (Branches are warp-uniform: these kernels have no split/join.)
 * The spinning warps repeat their state; the first warp's does not, so the
 * watchdog's spin detection must let the kernel finish.
 */
#include "kstart.h"
#include "ww_config.h"

void kmain(const unsigned *args)
{
  volatile unsigned *flag = (volatile unsigned *)args[0];
  if (tid() / WW_LANES == 0) {
    unsigned x = 1;
    for (unsigned i = 0; i < args[1]; i++)
      x = x * 1103515245u + 12345u;
    flag[0] = x | 1;
  } else {
    while (flag[0] == 0) {
    }
  }
}
