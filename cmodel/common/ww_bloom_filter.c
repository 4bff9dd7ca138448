/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_bloom_filter -- C model of rtl/common/ww_bloom_filter.v.
 */
#include "ww_bloom_filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_util.h"

struct ww_bloom_filter {
  ww_bloom_filter_cfg_t cfg;
  unsigned sub_bits, slice;
  ww_h3_t *hash;        /* one per sub-array */
  uint8_t *bit;         /* bit[k * sub_bits + idx], 0 or 1 */
};

ww_bloom_filter_cfg_t ww_bloom_filter_default_cfg(void)
{
  ww_bloom_filter_cfg_t c = { WW_BLOOM_BITS, WW_BLOOM_K, WW_BLOOM_KEY_W, WW_H3_SEED,
                                WW_BLOOM_QRY_N, WW_BLOOM_BANKS };
  return c;
}

ww_bloom_filter_t *ww_bloom_filter_new(const ww_bloom_filter_cfg_t *cfg)
{
  if (cfg->k < 1 || cfg->bits % cfg->k || !ww_is_pow2(cfg->bits / cfg->k) || cfg->banks < 1 ||
      !ww_is_pow2(cfg->banks) || cfg->bits / cfg->k / cfg->banks < 2 || cfg->key_w < 1 ||
      cfg->key_w > 64 || cfg->qry_n < 1 || cfg->qry_n * cfg->key_w > 64) {
    fprintf(stderr, "ww_bloom_filter: illegal configuration BITS=%u K=%u KEY_W=%u QRY_N=%u "
            "BANKS=%u (BITS/K/BANKS must be a power of two >= 2, 1 <= KEY_W, 1 <= QRY_N, "
            "QRY_N * KEY_W <= 64)\n", cfg->bits, cfg->k, cfg->key_w, cfg->qry_n, cfg->banks);
    return NULL;
  }
  ww_bloom_filter_t *bf = calloc(1, sizeof *bf);
  if (!bf)
    return NULL;
  bf->cfg = *cfg;
  bf->sub_bits = cfg->bits / cfg->k;
  bf->slice = bf->sub_bits / cfg->banks;
  bf->hash = calloc(cfg->k, sizeof *bf->hash);
  bf->bit = calloc(cfg->bits, 1);
  if (!bf->hash || !bf->bit) {
    ww_bloom_filter_free(bf);
    return NULL;
  }
  for (unsigned k = 0; k < cfg->k; k++)
    ww_h3_init(&bf->hash[k], cfg->seed + k, cfg->key_w, ww_clog2(bf->slice));
  return bf;
}

void ww_bloom_filter_free(ww_bloom_filter_t *bf)
{
  if (!bf)
    return;
  free(bf->hash);
  free(bf->bit);
  free(bf);
}

void ww_bloom_filter_clear(ww_bloom_filter_t *bf)
{
  memset(bf->bit, 0, bf->cfg.bits);
}

void ww_bloom_filter_insert(ww_bloom_filter_t *bf, unsigned bank, uint64_t key)
{
  const unsigned b = bank & (bf->cfg.banks - 1);
  for (unsigned k = 0; k < bf->cfg.k; k++)
    bf->bit[k * bf->sub_bits + b * bf->slice + ww_h3_hash(&bf->hash[k], key)] = 1;
}

int ww_bloom_filter_query(const ww_bloom_filter_t *bf, unsigned bank, uint64_t key)
{
  const unsigned b = bank & (bf->cfg.banks - 1);
  for (unsigned k = 0; k < bf->cfg.k; k++)
    if (!bf->bit[k * bf->sub_bits + b * bf->slice + ww_h3_hash(&bf->hash[k], key)])
      return 0;
  return 1;
}

void ww_bloom_filter_step(ww_bloom_filter_t *bf, const ww_bloom_filter_in_t *in,
                          ww_bloom_filter_out_t *out)
{
  const unsigned kw = bf->cfg.key_w;
  const uint64_t kmask = kw == 64 ? ~0ull : (1ull << kw) - 1;
  out->qry_hit_o = 0;
  for (unsigned q = 0; q < bf->cfg.qry_n; q++)
    out->qry_hit_o |= (uint64_t)ww_bloom_filter_query(bf, (unsigned)in->qry_bank_i,
                                                      in->qry_key_i >> (q * kw) & kmask) << q;
  if (!in->rst_ni || in->clear_i)
    ww_bloom_filter_clear(bf);
  if (in->rst_ni && in->ins_valid_i)
    ww_bloom_filter_insert(bf, (unsigned)in->ins_bank_i, in->ins_key_i);
}
