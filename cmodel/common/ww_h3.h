/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_h3 -- the H3 hash family, bit-identical to rtl/common/ww_h3_hash.v.
 * A ww_h3_t holds one precomputed matrix (one row per key bit).
 */
#ifndef WW_H3_H
#define WW_H3_H

#include <stdint.h>

#define WW_H3_MAX_KEY_W 64

typedef struct {
  unsigned key_w;                       /* key bits hashed (<= 64) */
  unsigned out_w;                       /* hash bits (<= 32) */
  uint32_t row[WW_H3_MAX_KEY_W];        /* row i is XORed in when key bit i is set */
} ww_h3_t;

/* Row `bit` of the matrix named by `seed` (all 32 bits; callers mask). */
uint32_t ww_h3_row(uint32_t seed, uint32_t bit);

/* Builds the matrix for (seed, key_w, out_w); returns 0, or -1 on bad widths. */
int ww_h3_init(ww_h3_t *h, uint32_t seed, unsigned key_w, unsigned out_w);

static inline uint32_t ww_h3_hash(const ww_h3_t *h, uint64_t key)
{
  uint32_t acc = 0;
  for (unsigned i = 0; i < h->key_w; i++)
    if ((key >> i) & 1u)
      acc ^= h->row[i];
  return acc;
}

#endif /* WW_H3_H */
