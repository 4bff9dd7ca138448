/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_fencefile -- C model of rtl/scord/ww_scord_fencefile.v. State:
 * per global hardware warp the block- and device-fence ID counters.
 */
#include "ww_scord_fencefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_scord_fencefile {
  ww_scord_fencefile_cfg_t cfg;
  unsigned n;           /* entries, NUM_SM*WARPS */
  uint32_t wp_mask;     /* WP_W bits */
  uint32_t fid_mask;    /* FID_W bits */
  uint32_t *blk, *dev;  /* [wp] */
};

ww_scord_fencefile_cfg_t ww_scord_fencefile_default_cfg(void)
{
  ww_scord_fencefile_cfg_t c = { WW_NUM_SM, WW_WARPS_PER_SM, WW_SCORD_FENCEID_W };
  return c;
}

ww_scord_fencefile_t *ww_scord_fencefile_new(const ww_scord_fencefile_cfg_t *c)
{
  if (!c->num_sm || !c->warps || c->num_sm > 65536 || c->warps > 65536 ||
      c->num_sm * c->warps > 65536 || !c->fid_w || c->fid_w > 32) {
    fprintf(stderr, "ww_scord_fencefile: illegal configuration NUM_SM=%u WARPS=%u FID_W=%u\n",
            c->num_sm, c->warps, c->fid_w);
    return NULL;
  }
  ww_scord_fencefile_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->n = c->num_sm * c->warps;
  s->wp_mask = (uint32_t)((1ull << WW_IDX_W(s->n)) - 1);
  s->fid_mask = (uint32_t)((1ull << c->fid_w) - 1);
  s->blk = calloc(s->n, sizeof *s->blk);
  s->dev = calloc(s->n, sizeof *s->dev);
  if (!s->blk || !s->dev) {
    ww_scord_fencefile_free(s);
    return NULL;
  }
  return s;
}

void ww_scord_fencefile_free(ww_scord_fencefile_t *s)
{
  if (!s)
    return;
  free(s->blk);
  free(s->dev);
  free(s);
}

void ww_scord_fencefile_step(ww_scord_fencefile_t *s, const ww_scord_fencefile_in_t *in,
                             ww_scord_fencefile_out_t *out)
{
  unsigned a = (unsigned)(in->rd_a_wp_i & s->wp_mask);
  unsigned b = (unsigned)(in->rd_b_wp_i & s->wp_mask);
  out->rd_a_blk_o = a < s->n ? s->blk[a] : 0;
  out->rd_a_dev_o = a < s->n ? s->dev[a] : 0;
  out->rd_b_blk_o = b < s->n ? s->blk[b] : 0;
  out->rd_b_dev_o = b < s->n ? s->dev[b] : 0;

  /* clock edge */
  if (!in->rst_ni || in->clear_i) {
    memset(s->blk, 0, s->n * sizeof *s->blk);
    memset(s->dev, 0, s->n * sizeof *s->dev);
    return;
  }
  unsigned w = (unsigned)(in->inc_wp_i & s->wp_mask);
  if (in->inc_valid_i && w < s->n) {
    if (in->inc_dev_i)
      s->dev[w] = (s->dev[w] + 1u) & s->fid_mask;
    else
      s->blk[w] = (s->blk[w] + 1u) & s->fid_mask;
  }
}
