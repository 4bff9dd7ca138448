/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_util -- small integer helpers shared by the C models.
 */
#ifndef WW_UTIL_H
#define WW_UTIL_H

static inline int ww_is_pow2(unsigned x) { return x && !(x & (x - 1)); }

/* ceil(log2(x)), as Verilog's $clog2 (0 for x <= 1). */
static inline unsigned ww_clog2(unsigned x)
{
  unsigned n = 0;
  while (n < 32 && (1u << n) < x)
    n++;
  return n;
}

#endif /* WW_UTIL_H */
