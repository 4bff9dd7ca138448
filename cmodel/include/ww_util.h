/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_util -- small integer helpers shared by the C models.
 */
#ifndef WW_UTIL_H
#define WW_UTIL_H

#include <stdint.h>

static inline int ww_is_pow2(unsigned x) { return x && !(x & (x - 1)); }

/* ceil(log2(x)), as Verilog's $clog2 (0 for x <= 1). */
static inline unsigned ww_clog2(unsigned x)
{
  unsigned n = 0;
  while (n < 32 && (1u << n) < x)
    n++;
  return n;
}

/* $clog2 as a constant expression (x <= 65536), for port widths in .ports.def. */
#define WW_CLOG2(x)                                                              \
  ((x) <= 1 ? 0 : (x) <= 2 ? 1 : (x) <= 4 ? 2 : (x) <= 8 ? 3 : (x) <= 16 ? 4 :      \
   (x) <= 32 ? 5 : (x) <= 64 ? 6 : (x) <= 128 ? 7 : (x) <= 256 ? 8 : (x) <= 512 ? 9 : \
   (x) <= 1024 ? 10 : (x) <= 2048 ? 11 : (x) <= 4096 ? 12 : (x) <= 8192 ? 13 :       \
   (x) <= 16384 ? 14 : (x) <= 32768 ? 15 : 16)

/* Verilog's (N > 1) ? $clog2(N) : 1, the project's safe index width. */
#define WW_IDX_W(n) ((n) > 1 ? WW_CLOG2(n) : 1)

/* Bits [lo, lo+w) of a wide port (word i holds bits 32i+31..32i), w <= 32. */
static inline uint32_t ww_bits_get(const uint32_t *v, unsigned lo, unsigned w)
{
  uint32_t x = 0;
  for (unsigned i = 0; i < w; i++)
    x |= (v[(lo + i) / 32] >> ((lo + i) % 32) & 1u) << i;
  return x;
}

/* Sets bits [lo, lo+w) of a wide port to x, w <= 32. */
static inline void ww_bits_put(uint32_t *v, unsigned lo, unsigned w, uint32_t x)
{
  for (unsigned i = 0; i < w; i++) {
    uint32_t *word = &v[(lo + i) / 32];
    uint32_t bit = 1u << ((lo + i) % 32);
    *word = (x >> i & 1u) ? (*word | bit) : (*word & ~bit);
  }
}

#endif /* WW_UTIL_H */
