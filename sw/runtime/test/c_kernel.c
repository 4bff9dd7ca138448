/* SPDX-License-Identifier: Apache-2.0
 *
 * c_kernel.c -- test kernel in C, with its own start-up code (the runtime
 * tests do not depend on sw/crt0.S): out[tid] = tid * tid + k; when `bad`
 * is non-zero every thread then stores to a misaligned address in an
 * inlined helper, so the trap report must name this file, the marked line,
 * and the line that calls the helper.
 * Argument block: word 0 = out, word 1 = k, word 2 = bad.
 */
#include "kstart.h"

static inline __attribute__((always_inline)) void poke(int *p)
{
  *(volatile int *)((char *)p + 2) = 1; /* TRAP HERE */
}

void kmain(const unsigned *args)
{
  int *out = (int *)args[0];
  unsigned t = tid();
  out[t] = (int)(t * t + args[1]);
  if (args[2])
    poke(out); /* CALLED HERE */
}
