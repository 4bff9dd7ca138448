/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_locktab -- C model of rtl/scord/ww_scord_locktab.v. State per
 * warp: ENTRIES entries {hash, scope, valid, active} and a write pointer.
 */
#include "ww_scord_locktab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint32_t hash;
  uint8_t scope, valid, active;
} entry_t;

struct ww_scord_locktab {
  ww_scord_locktab_cfg_t cfg;
  uint32_t wid_mask;    /* WID_W bits */
  entry_t *ent;         /* [warp * entries + e] */
  unsigned *wp;         /* [warp] */
};

ww_scord_locktab_cfg_t ww_scord_locktab_default_cfg(void)
{
  ww_scord_locktab_cfg_t c = { WW_WARPS_PER_SM, WW_SCORD_LOCK_ENTRIES, WW_SCORD_LOCK_HASH_W,
                               WW_SCORD_BLOOM_W };
  return c;
}

int ww_scord_locktab_cfg_ok(const ww_scord_locktab_cfg_t *c)
{
  return c->warps >= 1 && c->warps <= 64 && c->entries >= 1 && c->entries <= 64 &&
         c->hash_w >= 2 && c->hash_w <= 30 && c->bloom_w >= 4 && c->bloom_w <= 64 &&
         ww_is_pow2(c->bloom_w);
}

uint32_t ww_scord_lock_hash(unsigned hash_w, uint32_t addr, uint32_t ctaid, int scope_blk)
{
  uint32_t word = addr >> 2, h = 0;
  for (unsigned i = 0; i < 30; i++)          /* bit i goes to hash bit i mod HASH_W */
    h ^= ((word >> i) & 1u) << (i % hash_w);
  if (scope_blk)
    h ^= (ctaid + 1u) & ((1u << hash_w) - 1);   /* unsigned: wraps at 2^32 */
  return h;
}

/* XOR of the k-bit chunks of the n-bit value v (k >= 1). */
static unsigned fold(uint32_t v, unsigned n, unsigned k)
{
  unsigned r = 0;
  for (unsigned j = 0; j < n; j++)
    r ^= ((v >> j) & 1u) << (j % k);
  return r;
}

uint64_t ww_scord_lock_bloom(unsigned hash_w, unsigned bloom_w, uint32_t h)
{
  unsigned half = bloom_w / 2, k = ww_clog2(half);
  unsigned hlo = hash_w - hash_w / 2, hhi = hash_w / 2;
  unsigned lo = fold(h & ((1u << hlo) - 1), hlo, k);
  unsigned hi = fold(h >> hlo, hhi, k);
  return (1ull << (half + hi)) | (1ull << lo);
}

ww_scord_locktab_t *ww_scord_locktab_new(const ww_scord_locktab_cfg_t *c)
{
  if (!ww_scord_locktab_cfg_ok(c)) {
    fprintf(stderr,
            "ww_scord_locktab: illegal configuration WARPS=%u ENTRIES=%u HASH_W=%u BLOOM_W=%u\n",
            c->warps, c->entries, c->hash_w, c->bloom_w);
    return NULL;
  }
  ww_scord_locktab_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->wid_mask = (1u << WW_IDX_W(c->warps)) - 1;
  s->ent = calloc((size_t)c->warps * c->entries, sizeof *s->ent);
  s->wp = calloc(c->warps, sizeof *s->wp);
  if (!s->ent || !s->wp) {
    ww_scord_locktab_free(s);
    return NULL;
  }
  return s;
}

void ww_scord_locktab_free(ww_scord_locktab_t *s)
{
  if (!s)
    return;
  free(s->ent);
  free(s->wp);
  free(s);
}

static void clear_warp(ww_scord_locktab_t *s, unsigned w)
{
  memset(&s->ent[(size_t)w * s->cfg.entries], 0, s->cfg.entries * sizeof *s->ent);
  s->wp[w] = 0;
}

static void apply_op(ww_scord_locktab_t *s, const ww_scord_locktab_in_t *in, unsigned w)
{
  const unsigned n = s->cfg.entries;
  entry_t *t = &s->ent[(size_t)w * n];
  const uint8_t scope = (uint8_t)(in->op_scope_blk_i & 1);
  const uint32_t h = ww_scord_lock_hash(s->cfg.hash_w, (uint32_t)in->op_addr_i,
                                        (uint32_t)in->op_ctaid_i, scope);
  int found = 0;
  for (unsigned e = 0; e < n; e++)
    if (t[e].valid && t[e].scope == scope && t[e].hash == h)
      found = 1;
  switch ((unsigned)(in->op_i & 3)) {
  case WW_SCORD_LOCK_OP_CAS:
    if (!found) {   /* the lowest free entry; in a full table the round-robin one */
      unsigned slot = n;
      for (unsigned e = n; e-- > 0;)
        if (!t[e].valid)
          slot = e;
      if (slot == n) {
        slot = s->wp[w];
        s->wp[w] = (s->wp[w] + 1) % n;
      }
      entry_t *d = &t[slot];
      d->hash = h;
      d->scope = scope;
      d->valid = 1;
      d->active = 0;
    }
    break;
  case WW_SCORD_LOCK_OP_EXCH:
    for (unsigned e = 0; e < n; e++)
      if (t[e].valid && t[e].scope == scope && t[e].hash == h)
        t[e].valid = 0;
    break;
  case WW_SCORD_LOCK_OP_FENCE_BLK:
    for (unsigned e = 0; e < n; e++)
      if (t[e].valid && t[e].scope)
        t[e].active = 1;
    break;
  default:   /* WW_SCORD_LOCK_OP_FENCE_DEV */
    for (unsigned e = 0; e < n; e++)
      if (t[e].valid)
        t[e].active = 1;
    break;
  }
}

void ww_scord_locktab_step(ww_scord_locktab_t *s, const ww_scord_locktab_in_t *in,
                           ww_scord_locktab_out_t *out)
{
  const unsigned warps = s->cfg.warps, n = s->cfg.entries;
  unsigned rw = (unsigned)(in->rd_wid_i & s->wid_mask);
  uint64_t bloom = 0;
  if (rw < warps)
    for (unsigned e = 0; e < n; e++) {
      const entry_t *t = &s->ent[(size_t)rw * n + e];
      if (t->valid && t->active)
        bloom |= ww_scord_lock_bloom(s->cfg.hash_w, s->cfg.bloom_w, t->hash);
    }
  out->rd_bloom_o = bloom;

  /* clock edge */
  if (!in->rst_ni) {
    for (unsigned w = 0; w < warps; w++)
      clear_warp(s, w);
    return;
  }
  unsigned ow = (unsigned)(in->op_wid_i & s->wid_mask);
  if (in->op_valid_i && ow < warps)
    apply_op(s, in, ow);
  unsigned cw = (unsigned)(in->clear_wid_i & s->wid_mask);
  if (in->clear_valid_i && cw < warps)
    clear_warp(s, cw);       /* a warp launch overrides an op on the same warp */
}
