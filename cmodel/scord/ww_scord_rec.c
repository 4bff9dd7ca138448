/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_rec -- C model of rtl/scord/ww_scord_rec.v.
 */
#include "ww_scord_rec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ww_isa.h"

struct ww_scord_rec {
  ww_scord_rec_cfg_t cfg;
  unsigned sb_w, line_w, part_w;
};

ww_scord_rec_cfg_t ww_scord_rec_default_cfg(void)
{
  ww_scord_rec_cfg_t c = { WW_LANES,    WW_LINE_BYTES,    WW_SCORD_REC_WID_W,
                           WW_NUM_PART, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W };
  return c;
}

ww_scord_rec_t *ww_scord_rec_new(const ww_scord_rec_cfg_t *cfg)
{
  unsigned sb_w = WW_SB_W(cfg->wid_w, cfg->line_bytes / 4, cfg->bar_w, cfg->bloom_w);
  if (!cfg->lanes || cfg->lanes > 32 || !ww_is_pow2(cfg->line_bytes) || cfg->line_bytes < 4 ||
      cfg->line_bytes > 128 || !cfg->wid_w || cfg->wid_w > 16 || !cfg->num_part ||
      !cfg->bar_w || cfg->bar_w > 32 || !cfg->bloom_w || cfg->bloom_w > 32 ||
      sb_w > 32 * WW_PORT_WORDS(WW_SCORD_REC_SB_W)) {
    fprintf(stderr, "ww_scord_rec: illegal configuration LANES=%u LINE_BYTES=%u WID_W=%u "
            "NUM_PART=%u BAR_W=%u BLOOM_W=%u\n", cfg->lanes, cfg->line_bytes, cfg->wid_w,
            cfg->num_part, cfg->bar_w, cfg->bloom_w);
    return NULL;
  }
  ww_scord_rec_t *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->cfg = *cfg;
  r->sb_w = sb_w;
  r->line_w = 32 - (unsigned)ww_clog2(cfg->line_bytes);
  r->part_w = WW_IDX_W(cfg->num_part);
  return r;
}

void ww_scord_rec_free(ww_scord_rec_t *r) { free(r); }

static uint32_t low_bits(uint64_t v, unsigned w)
{
  return w >= 32 ? (uint32_t)v : (uint32_t)v & ((1u << w) - 1u);
}

/* bits [lsb, lsb + w) of sb = the low w bits of v (w <= 32) */
static void put(uint32_t *sb, unsigned lsb, unsigned w, uint64_t v)
{
  uint32_t x = low_bits(v, w);
  for (unsigned i = 0; i < w; i++)
    if ((x >> i) & 1u)
      sb[(lsb + i) / 32] |= 1u << ((lsb + i) % 32);
}

void ww_scord_rec_step(ww_scord_rec_t *r, const ww_scord_rec_in_t *in, ww_scord_rec_out_t *out)
{
  const ww_scord_rec_cfg_t *c = &r->cfg;
  const unsigned words = c->line_bytes / 4;
  const unsigned wid_w = c->wid_w, bar_w = c->bar_w, bloom_w = c->bloom_w;
  /* the words of the line the tracked lanes touch */
  uint32_t wmask = 0;
  for (unsigned l = 0; l < c->lanes; l++)
    if ((in->lanes_i >> l) & 1u)
      wmask |= 1u << ((in->addr_i[l] >> 2) & (words - 1));
  unsigned sk = in->chk_i ? WW_SCORD_SK_CHECK : in->fence_i ? WW_SCORD_SK_FENCE : WW_SCORD_SK_NONE;
  int l1 = in->l1_i != 0;

  out->valid_o = (uint64_t)((in->chk_i || in->fence_i) && !l1);
  out->line_o = in->chk_i ? low_bits(in->line_i, r->line_w) : low_bits(in->part_i, r->part_w);
  memset(out->sb_o, 0, sizeof out->sb_o);
  put(out->sb_o, WW_SB_OP_LSB(wid_w, words, bar_w, bloom_w),
      WW_SB_OP_W(wid_w, words, bar_w, bloom_w), in->op_i);
  put(out->sb_o, WW_SB_WID_LSB(wid_w, words, bar_w, bloom_w), wid_w, in->wid_i);
  put(out->sb_o, WW_SB_CTA_LSB(wid_w, words, bar_w, bloom_w),
      WW_SB_CTA_W(wid_w, words, bar_w, bloom_w), in->cta_i);
  put(out->sb_o, WW_SB_PC_LSB(wid_w, words, bar_w, bloom_w),
      WW_SB_PC_W(wid_w, words, bar_w, bloom_w), in->pc_i);
  put(out->sb_o, WW_SB_SK_LSB(wid_w, words, bar_w, bloom_w),
      WW_SB_SK_W(wid_w, words, bar_w, bloom_w), l1 ? WW_SCORD_SK_NONE : sk);
  put(out->sb_o, WW_SB_WM_LSB(wid_w, words, bar_w, bloom_w), words, l1 ? 0 : wmask);
  put(out->sb_o, WW_SB_BAR_LSB(wid_w, words, bar_w, bloom_w), bar_w, in->bar_i);
  put(out->sb_o, WW_SB_LK_LSB(wid_w, words, bar_w, bloom_w), bloom_w, in->lk_i);
}
