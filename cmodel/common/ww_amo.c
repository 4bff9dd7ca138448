/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_amo -- C model of rtl/common/ww_amo_alu.v.
 */
#include "ww_amo.h"

uint32_t ww_amo(unsigned op, uint32_t old, uint32_t a, uint32_t b, int *write)
{
  *write = 1;
  switch (op) {
  case 0: return old + a;
  case 1: return a;
  case 2: return (int32_t)old < (int32_t)a ? old : a;
  case 3: return (int32_t)old > (int32_t)a ? old : a;
  case 4: return old < a ? old : a;
  case 5: return old > a ? old : a;
  case 6: return old & a;
  case 7: return old | a;
  case 8: return old ^ a;
  case 9: *write = old == a; return b;
  default: *write = 0; return old;
  }
}
