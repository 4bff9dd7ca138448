/* SPDX-License-Identifier: Apache-2.0
 *
 * oob.c -- test kernel for memcheck. Argument block: word 0 = out (a
 * buffer), word 1 = mode:
 *   0 every thread stores out[tid] (in bounds when out holds a word per thread)
 *   1 thread t stores out[100 + t]: 400 bytes and more past a 16-byte buffer
 *   2 every thread stores into the kernel's own code
 *   3 thread t loads the word 64 KiB past out (no allocation there)
 *   4 thread t loads word t at word 2 of the argument block (an address in
 *     the transaction log region)
 * and writes what it loaded (modes 3, 4) to out[tid].
 */
#include "kstart.h"

void kmain(const unsigned *args)
{
  volatile unsigned *out = (volatile unsigned *)args[0];
  unsigned mode = args[1], t = tid();
  if (mode == 0)
    out[t] = t;
  else if (mode == 1)
    out[100 + t] = t; /* OOB STORE */
  else if (mode == 2)
    *(volatile unsigned *)(void *)&kmain = 0; /* CODE STORE */
  else if (mode == 3)
    out[t] = out[16384 + t]; /* FAR LOAD */
  else
    out[t] = ((volatile const unsigned *)args[2])[t]; /* LOG LOAD */
}
