/* SPDX-License-Identifier: Apache-2.0
 *
 * endless.c -- test kernel that waits for a flag nobody sets (a uniform
 * endless loop, the hang the watchdog must name): every thread spins on
 * word 0 of the buffer in argument word 0, at the marked line.
 */
#include "kstart.h"

void kmain(const unsigned *args)
{
  volatile const unsigned *flag = (volatile const unsigned *)args[0];
  while (*flag == 0) { /* SPIN HERE */
  }
}
