/* SPDX-License-Identifier: Apache-2.0
 *
 * spin_store.c -- test kernel that runs long but is no hang: every thread
 * loops `iters` times (argument word 1), storing its count to the buffer in
 * argument word 0 each time, so the watchdog sees progress all along.
 */
#include "kstart.h"

void kmain(const unsigned *args)
{
  volatile unsigned *out = (volatile unsigned *)args[0];
  unsigned iters = args[1];
  for (unsigned i = 0; i < iters; i++)
    out[tid() % 64] = i;
}
