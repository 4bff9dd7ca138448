/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_amo -- C model of rtl/common/ww_amo_alu.v: one atomic read-modify-write
 * on a 32-bit word. op: 0 add, 1 exch, 2 min, 3 max, 4 minu, 5 maxu, 6 and,
 * 7 or, 8 xor (new = op(old, a)); 9 cas (new = b if old == a); 10-15
 * reserved (new = old, no write). Returns the new word; *write says whether
 * it must be stored.
 */
#ifndef WW_AMO_H
#define WW_AMO_H

#include <stdint.h>

uint32_t ww_amo(unsigned op, uint32_t old, uint32_t a, uint32_t b, int *write);

#endif /* WW_AMO_H */
