/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu_bytes -- C model of rtl/sm/ww_lsu_bytes.v.
 */
#include "ww_lsu_bytes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ww_util.h"

struct ww_lsu_bytes {
  ww_lsu_bytes_cfg_t cfg;
};

ww_lsu_bytes_cfg_t ww_lsu_bytes_default_cfg(void)
{
  ww_lsu_bytes_cfg_t c = { WW_LANES, WW_LINE_BYTES };
  return c;
}

ww_lsu_bytes_t *ww_lsu_bytes_new(const ww_lsu_bytes_cfg_t *cfg)
{
  if (!cfg->lanes || cfg->lanes > 32 || !ww_is_pow2(cfg->line_bytes) || cfg->line_bytes < 4 ||
      cfg->line_bytes > WW_LINE_BYTES) {
    fprintf(stderr, "ww_lsu_bytes: illegal configuration LANES=%u LINE_BYTES=%u\n", cfg->lanes,
            cfg->line_bytes);
    return NULL;
  }
  ww_lsu_bytes_t *b = calloc(1, sizeof *b);
  if (!b)
    return NULL;
  b->cfg = *cfg;
  return b;
}

void ww_lsu_bytes_free(ww_lsu_bytes_t *b) { free(b); }

void ww_lsu_bytes_step(ww_lsu_bytes_t *bl, const ww_lsu_bytes_in_t *in, ww_lsu_bytes_out_t *out)
{
  const unsigned words = bl->cfg.line_bytes / 4;
  unsigned n = (unsigned)in->bytes_i & 7u;
  uint32_t size_mask = n == 1 ? 0x1u : n == 2 ? 0x3u : 0xFu;
  uint8_t be[WW_LINE_BYTES], data[WW_LINE_BYTES];
  memset(be, 0, sizeof be);
  memset(data, 0, sizeof data);
  for (unsigned l = 0; l < bl->cfg.lanes; l++) {          /* lane order: later lanes win */
    if (!((in->lanes_i >> l) & 1u))
      continue;
    uint32_t a = in->addr_i[l];
    unsigned off = a & 3u, w = (a >> 2) & (words - 1);
    uint32_t be4 = (size_mask << off) & 0xFu;
    uint32_t sd = in->data_i[l] << (8 * off);
    for (unsigned b = 0; b < 4; b++)
      if ((be4 >> b) & 1u) {
        be[4 * w + b] = 1;
        data[4 * w + b] = (uint8_t)(sd >> (8 * b));
      }
  }
  memset(out->be_o, 0, sizeof out->be_o);
  memset(out->data_o, 0, sizeof out->data_o);
  for (unsigned i = 0; i < bl->cfg.line_bytes; i++) {
    out->be_o[i / 32] |= (uint32_t)be[i] << (i % 32);
    out->data_o[i / 4] |= (uint32_t)data[i] << (8 * (i % 4));
  }
}
