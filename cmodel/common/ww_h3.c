/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_h3 -- H3 matrices from a seed; mirrors rtl/include/ww_h3_row.vh.
 */
#include "ww_h3.h"

uint32_t ww_h3_row(uint32_t seed, uint32_t bit)
{
  uint32_t x = seed * 0x9E3779B9u + (bit + 1u) * 0x85EBCA6Bu;
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  x ^= x >> 16;
  return x;
}

int ww_h3_init(ww_h3_t *h, uint32_t seed, unsigned key_w, unsigned out_w)
{
  if (key_w < 1 || key_w > WW_H3_MAX_KEY_W || out_w < 1 || out_w > 32)
    return -1;
  uint32_t mask = out_w == 32 ? 0xFFFFFFFFu : ((1u << out_w) - 1u);
  h->key_w = key_w;
  h->out_w = out_w;
  for (unsigned i = 0; i < WW_H3_MAX_KEY_W; i++)
    h->row[i] = i < key_w ? (ww_h3_row(seed, i) & mask) : 0;
  return 0;
}
