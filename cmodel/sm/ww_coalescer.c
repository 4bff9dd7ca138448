/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_coalescer -- C model of rtl/sm/ww_coalescer.v.
 */
#include "ww_coalescer.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_coalescer {
  ww_coalescer_cfg_t cfg;
  unsigned off_w;
  uint32_t lane_mask;
  uint32_t rem;                 /* lanes still to be served */
  uint32_t addr[32];
  uint32_t tag;
};

ww_coalescer_cfg_t ww_coalescer_default_cfg(void)
{
  ww_coalescer_cfg_t c = { WW_LANES, WW_LINE_BYTES };
  return c;
}

ww_coalescer_t *ww_coalescer_new(const ww_coalescer_cfg_t *cfg)
{
  if (!cfg->lanes || cfg->lanes > 32 || !ww_is_pow2(cfg->line_bytes) || cfg->line_bytes < 4) {
    fprintf(stderr, "ww_coalescer: illegal configuration LANES=%u LINE_BYTES=%u\n", cfg->lanes,
            cfg->line_bytes);
    return NULL;
  }
  ww_coalescer_t *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->cfg = *cfg;
  c->off_w = ww_clog2(cfg->line_bytes);
  c->lane_mask = cfg->lanes == 32 ? 0xFFFFFFFFu : (1u << cfg->lanes) - 1;
  return c;
}

void ww_coalescer_free(ww_coalescer_t *c) { free(c); }

void ww_coalescer_step(ww_coalescer_t *c, const ww_coalescer_in_t *in, ww_coalescer_out_t *out)
{
  unsigned first = 0;                   /* lowest remaining lane (0 if none) */
  for (unsigned l = 0; l < c->cfg.lanes; l++)
    if ((c->rem >> l) & 1) {
      first = l;
      break;
    }
  uint32_t line = c->addr[first] >> c->off_w;
  uint32_t same = 0;
  for (unsigned l = 0; l < c->cfg.lanes; l++)
    if (((c->rem >> l) & 1) && (c->addr[l] >> c->off_w) == line)
      same |= 1u << l;
  int valid = c->rem != 0, last = (c->rem & ~same) == 0;
  int fire = valid && in->out_ready_i;
  int ready = !valid || (fire && last);
  int accept = in->in_valid_i && ready;

  out->in_ready_o = (uint64_t)ready;
  out->out_valid_o = (uint64_t)valid;
  out->out_line_o = line;
  out->out_lanes_o = same;
  out->out_last_o = (uint64_t)last;
  out->out_tag_o = c->tag;

  if (!in->rst_ni)
    c->rem = 0;
  else if (accept)
    c->rem = (uint32_t)in->in_mask_i & c->lane_mask;
  else if (fire)
    c->rem &= ~same;
  if (accept) {
    for (unsigned l = 0; l < c->cfg.lanes; l++)
      c->addr[l] = in->in_addr_i[l];
    c->tag = (uint32_t)in->in_tag_i & 0xFF;
  }
}
