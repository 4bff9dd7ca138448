/* SPDX-License-Identifier: Apache-2.0
 *
 * count_forever.c -- test kernel with an endless loop that never comes back
 * to the same state (a counter runs), so only the watchdog's hang limit can
 * stop it, not its spin detection.
 */
#include "kstart.h"

void kmain(const unsigned *args)
{
  volatile unsigned *flag = (volatile unsigned *)args[0];
  unsigned n = 0;
  while (flag[0] == 0) /* COUNT HERE */
    n++;
  flag[1] = n;
}
