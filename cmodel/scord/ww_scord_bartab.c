/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_bartab -- C model of rtl/scord/ww_scord_bartab.v. State: one
 * BAR_W-bit counter per block slot.
 */
#include "ww_scord_bartab.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_scord_bartab {
  ww_scord_bartab_cfg_t cfg;
  uint32_t slot_mask;   /* SLOT_W bits */
  uint32_t bar_mask;    /* BAR_W bits */
  uint32_t *bar;        /* [slot] */
};

ww_scord_bartab_cfg_t ww_scord_bartab_default_cfg(void)
{
  ww_scord_bartab_cfg_t c = { WW_BLOCKS_PER_SM, WW_SCORD_BARID_W };
  return c;
}

ww_scord_bartab_t *ww_scord_bartab_new(const ww_scord_bartab_cfg_t *c)
{
  if (!c->blocks || c->blocks > 64 || !c->bar_w || c->bar_w > 32) {
    fprintf(stderr, "ww_scord_bartab: illegal configuration BLOCKS=%u BAR_W=%u\n", c->blocks,
            c->bar_w);
    return NULL;
  }
  ww_scord_bartab_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->slot_mask = (uint32_t)((1ull << WW_IDX_W(c->blocks)) - 1);
  s->bar_mask = (uint32_t)((1ull << c->bar_w) - 1);
  s->bar = calloc(c->blocks, sizeof *s->bar);
  if (!s->bar) {
    ww_scord_bartab_free(s);
    return NULL;
  }
  return s;
}

void ww_scord_bartab_free(ww_scord_bartab_t *s)
{
  if (!s)
    return;
  free(s->bar);
  free(s);
}

void ww_scord_bartab_step(ww_scord_bartab_t *s, const ww_scord_bartab_in_t *in,
                          ww_scord_bartab_out_t *out)
{
  const unsigned blocks = s->cfg.blocks;
  unsigned rs = (unsigned)(in->rd_slot_i & s->slot_mask);
  out->rd_bar_o = rs < blocks ? s->bar[rs] : 0;

  /* clock edge */
  if (!in->rst_ni) {
    for (unsigned b = 0; b < blocks; b++)
      s->bar[b] = 0;
    return;
  }
  unsigned rel = (unsigned)(in->release_slot_i & s->slot_mask);
  if (in->release_valid_i && rel < blocks)
    s->bar[rel] = (s->bar[rel] + 1u) & s->bar_mask;
  unsigned ls = (unsigned)(in->launch_slot_i & s->slot_mask);
  if (in->launch_valid_i && ls < blocks)
    s->bar[ls] = 0;          /* a launch overrides a release of the same slot */
}
