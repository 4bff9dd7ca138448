/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_check -- C model of rtl/scord/ww_scord_check.v: ScoRD's detection
 * logic, docs/scord.md §1 (paper §IV-A/B, Tables III and IV). State: the
 * registered verdict (valid, entry, race type, scope).
 */
#include "ww_scord_check.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_scord_check {
  ww_scord_check_cfg_t cfg;
  uint64_t valid, md, type, scope;
};

static uint64_t mask64(unsigned w)
{
  return w >= 64 ? ~0ull : (1ull << w) - 1;
}

/* the metadata entry's fields for configuration c (ww_proto.def SCORD_MD) */
#define MD(f)                                                                           \
  WW_SCORD_MD_##f(c->bloom_w, c->barid_w, c->fenceid_w, c->warpid_w, c->blockid_w, c->tag_w)

ww_scord_check_cfg_t ww_scord_check_default_cfg(void)
{
  ww_scord_check_cfg_t c = { WW_SCORD_BLOCKID_W, WW_SCORD_WARPID_W, WW_SCORD_FENCEID_W,
                             WW_SCORD_BARID_W,   WW_SCORD_TAG_W,    WW_SCORD_BLOOM_W };
  return c;
}

int ww_scord_check_cfg_ok(const ww_scord_check_cfg_t *c)
{
  if (!c->blockid_w || !c->warpid_w || !c->fenceid_w || !c->barid_w || !c->tag_w ||
      c->bloom_w < 2 || (c->bloom_w & 1) || c->blockid_w > 32 || c->warpid_w > 32 ||
      c->fenceid_w > 32 || c->barid_w > 32 || c->tag_w > 32 || c->bloom_w > 32)
    return 0;
  return MD(W) <= 64;
}

ww_scord_layout_t ww_scord_layout(const ww_scord_check_cfg_t *c)
{
  ww_scord_layout_t l;
  l.lock_lsb = MD(LOCK_LSB);
  l.strong = MD(STRONG_LSB);
  l.scope = MD(SCOPE_LSB);
  l.atom = MD(ATOM_LSB);
  l.ds = MD(DS_LSB);
  l.bs = MD(BS_LSB);
  l.m = MD(M_LSB);
  l.bar_lsb = MD(BAR_LSB);
  l.blkf_lsb = MD(BLKF_LSB);
  l.devf_lsb = MD(DEVF_LSB);
  l.warp_lsb = MD(WARP_LSB);
  l.block_lsb = MD(BLOCK_LSB);
  l.tag_lsb = MD(TAG_LSB);
  l.used_w = MD(W);
  return l;
}

static uint32_t get(uint64_t md, unsigned lsb, unsigned w)
{
  return (uint32_t)((md >> lsb) & mask64(w));
}

static uint64_t put(uint32_t v, unsigned lsb, unsigned w)
{
  return ((uint64_t)v & mask64(w)) << lsb;
}

uint64_t ww_scord_md_init(const ww_scord_check_cfg_t *c, uint32_t tag)
{
  ww_scord_layout_t l = ww_scord_layout(c);
  return (1ull << l.m) | (1ull << l.bs) | (1ull << l.ds) | put(tag, l.tag_lsb, c->tag_w);
}

/* The entry as fields. */
typedef struct {
  uint32_t tag, block, warp, devf, blkf, bar, lock;
  int m, bs, ds, atom, scope, strong;
} md_t;

static md_t unpack(const ww_scord_check_cfg_t *c, const ww_scord_layout_t *l, uint64_t v)
{
  md_t f;
  f.tag = get(v, l->tag_lsb, c->tag_w);
  f.block = get(v, l->block_lsb, c->blockid_w);
  f.warp = get(v, l->warp_lsb, c->warpid_w);
  f.devf = get(v, l->devf_lsb, c->fenceid_w);
  f.blkf = get(v, l->blkf_lsb, c->fenceid_w);
  f.bar = get(v, l->bar_lsb, c->barid_w);
  f.lock = get(v, l->lock_lsb, c->bloom_w);
  f.m = (int)((v >> l->m) & 1);
  f.bs = (int)((v >> l->bs) & 1);
  f.ds = (int)((v >> l->ds) & 1);
  f.atom = (int)((v >> l->atom) & 1);
  f.scope = (int)((v >> l->scope) & 1);
  f.strong = (int)((v >> l->strong) & 1);
  return f;
}

static uint64_t pack(const ww_scord_check_cfg_t *c, const ww_scord_layout_t *l, const md_t *f)
{
  return put(f->tag, l->tag_lsb, c->tag_w) | put(f->block, l->block_lsb, c->blockid_w) |
         put(f->warp, l->warp_lsb, c->warpid_w) | put(f->devf, l->devf_lsb, c->fenceid_w) |
         put(f->blkf, l->blkf_lsb, c->fenceid_w) | put(f->bar, l->bar_lsb, c->barid_w) |
         put(f->lock, l->lock_lsb, c->bloom_w) | ((uint64_t)(f->m != 0) << l->m) |
         ((uint64_t)(f->bs != 0) << l->bs) | ((uint64_t)(f->ds != 0) << l->ds) |
         ((uint64_t)(f->atom != 0) << l->atom) | ((uint64_t)(f->scope != 0) << l->scope) |
         ((uint64_t)(f->strong != 0) << l->strong);
}

/* The access, masked to the widths, with §1's derived bits. */
typedef struct {
  uint32_t block, warp, bar, lock, fc_blk, fc_dev, fp_blk, fp_dev;
  int w, at, xs, sc;
} acc_t;

/* OWN: the access becomes the entry's owner. */
static void own(md_t *m, const acc_t *a)
{
  m->block = a->block;
  m->warp = a->warp;
  m->bar = a->bar;
  m->blkf = a->fc_blk;
  m->devf = a->fc_dev;
  m->atom = a->at;
  m->scope = a->sc;
}

/* REINIT: OWN; M := W; BS := DS := 0; Strong := xs; Lock := lk. */
static void reinit(md_t *m, const acc_t *a)
{
  own(m, a);
  m->m = a->w;
  m->bs = m->ds = 0;
  m->strong = a->xs;
  m->lock = a->lock;
}

/* A Bloom intersection is empty when either half of the AND is zero. */
static int bloom_empty(uint32_t x, unsigned bloom_w)
{
  unsigned h = bloom_w / 2;
  return (x & (uint32_t)mask64(h)) == 0 || ((x >> h) & (uint32_t)mask64(bloom_w - h)) == 0;
}

/* Steps 1-6 on entry m (after step 0); returns the race type. */
static unsigned decide_fields(const ww_scord_check_cfg_t *c, md_t *m, const acc_t *a)
{
  const int same_b = m->block == a->block;
  const int same_w = same_b && m->warp == a->warp;
  const int fp_blk_eq = m->blkf == a->fp_blk;
  const int fp_dev_eq = m->devf == a->fp_dev;

  /* 1: Table III(a) init, III(c) barrier */
  if ((m->m && m->bs && m->ds) || (same_b && a->bar != m->bar && !m->ds)) {
    reinit(m, a);
    return WW_SCORD_RACE_NONE;
  }
  /* 2: Table III(b) program order */
  if (same_w && !m->bs && !m->ds) {
    int mod = m->m;
    if (!a->w && mod && !(fp_blk_eq && fp_dev_eq))
      mod = 0;                    /* a fence since the same warp's own write */
    own(m, a);
    m->m = mod || a->w;
    m->strong = a->xs;
    m->lock = a->lock;
    return WW_SCORD_RACE_NONE;
  }
  /* 3: Table IV(d) scoped atomic; atomic after atomic */
  if (m->atom && m->scope && !same_b)
    return WW_SCORD_RACE_D;
  if (a->w && a->at && m->atom) {
    own(m, a);
    m->m = 1;
    m->strong = m->strong && a->xs;
    return WW_SCORD_RACE_NONE;
  }
  /* 4: Table IV(a)(b)(c) on a conflicting access */
  int conflict = a->w ? (!same_w || m->bs || m->ds) : (m->m && !same_w);
  if (conflict) {
    if (same_b && (fp_blk_eq || (a->w && m->ds)) && fp_dev_eq)
      return WW_SCORD_RACE_A;
    if (!same_b && fp_dev_eq)
      return WW_SCORD_RACE_B;
    if (!m->strong || !a->xs)
      return WW_SCORD_RACE_C;
  }
  /* 5: unprotected (no lock on either side) */
  if (m->lock == 0 && a->lock == 0) {
    if (a->w) {
      own(m, a);
      m->m = 1;
      m->bs = m->ds = 0;
      m->strong = m->strong && a->xs;
    } else if (m->m) {
      if (!same_w)
        m->m = 0;
      own(m, a);
      m->bs = m->ds = 0;
      m->strong = m->strong && a->xs;
    } else if (same_b && !m->ds) {
      m->bs = 1;
    } else {
      m->ds = 1;
      m->bs = 0;
    }
    return WW_SCORD_RACE_NONE;
  }
  /* 6: lockset, Table IV(e)(f) */
  uint32_t common = m->lock & a->lock;
  if ((a->w || m->m) && bloom_empty(common, c->bloom_w))
    return a->w ? WW_SCORD_RACE_F : WW_SCORD_RACE_E;
  if (!same_b) {
    m->ds = 1;
    m->bs = 0;
  } else if (!same_w && !m->ds) {
    m->bs = 1;
  }
  m->lock = m->lock == 0 ? a->lock : a->lock == 0 ? m->lock : common;
  if (a->w) {
    own(m, a);
    m->m = 1;
    m->strong = m->strong && a->xs;
  }
  return WW_SCORD_RACE_NONE;
}

ww_scord_verdict_t ww_scord_decide(const ww_scord_check_cfg_t *c, uint64_t md,
                                   const ww_scord_access_t *in)
{
  const ww_scord_layout_t l = ww_scord_layout(c);
  acc_t a;
  a.block = in->block & (uint32_t)mask64(c->blockid_w);
  a.warp = in->warp & (uint32_t)mask64(c->warpid_w);
  a.bar = in->bar & (uint32_t)mask64(c->barid_w);
  a.lock = in->lock & (uint32_t)mask64(c->bloom_w);
  a.fc_blk = in->fc_blk & (uint32_t)mask64(c->fenceid_w);
  a.fc_dev = in->fc_dev & (uint32_t)mask64(c->fenceid_w);
  a.fp_blk = in->fp_blk & (uint32_t)mask64(c->fenceid_w);
  a.fp_dev = in->fp_dev & (uint32_t)mask64(c->fenceid_w);
  a.at = in->is_atom != 0;
  a.w = in->is_w || a.at;          /* an atomic is treated as a store */
  a.xs = in->strong || a.at;       /* atomics are strong */
  a.sc = a.at && in->scope_blk;    /* Scope only means something for atomics */
  const uint32_t tag = in->tag & (uint32_t)mask64(c->tag_w);

  md_t m = unpack(c, &l, md);
  /* 0: cached mode, tag miss: the entry is INIT with the new tag */
  if (in->cached && m.tag != tag)
    m = unpack(c, &l, ww_scord_md_init(c, tag));
  if (in->cached)
    m.tag = tag;

  ww_scord_verdict_t v;
  const int same_b = m.block == a.block;
  v.race_type = decide_fields(c, &m, &a);
  v.scope_blk = v.race_type != WW_SCORD_RACE_NONE && same_b;
  if (v.race_type != WW_SCORD_RACE_NONE)
    reinit(&m, &a);              /* RACE(t): log, REINIT, stop */
  v.md = pack(c, &l, &m);
  return v;
}

/* ---- the cycle model ---------------------------------------------------- */

ww_scord_check_t *ww_scord_check_new(const ww_scord_check_cfg_t *cfg)
{
  if (!ww_scord_check_cfg_ok(cfg)) {
    fprintf(stderr,
            "ww_scord_check: illegal widths BLOCKID=%u WARPID=%u FENCEID=%u BARID=%u TAG=%u "
            "BLOOM=%u\n",
            cfg->blockid_w, cfg->warpid_w, cfg->fenceid_w, cfg->barid_w, cfg->tag_w,
            cfg->bloom_w);
    return NULL;
  }
  ww_scord_check_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *cfg;
  return s;
}

void ww_scord_check_free(ww_scord_check_t *s)
{
  free(s);
}

void ww_scord_check_step(ww_scord_check_t *s, const ww_scord_check_in_t *in,
                         ww_scord_check_out_t *out)
{
  out->out_valid_o = s->valid;
  out->md_o = s->md;
  out->race_o = s->type != WW_SCORD_RACE_NONE;
  out->race_type_o = s->type;
  out->race_scope_blk_o = s->scope;

  /* clock edge: the verdict register loads on in_valid_i, reset or not */
  if (in->in_valid_i) {
    ww_scord_access_t a;
    a.cached = (int)(in->cached_i & 1);
    a.tag = (uint32_t)in->tag_i;
    a.is_w = (int)(in->is_w_i & 1);
    a.is_atom = (int)(in->is_atom_i & 1);
    a.strong = (int)(in->strong_i & 1);
    a.scope_blk = (int)(in->scope_blk_i & 1);
    a.block = (uint32_t)in->block_i;
    a.warp = (uint32_t)in->warp_i;
    a.bar = (uint32_t)in->bar_i;
    a.lock = (uint32_t)in->lock_i;
    a.fc_blk = (uint32_t)in->fc_blk_i;
    a.fc_dev = (uint32_t)in->fc_dev_i;
    a.fp_blk = (uint32_t)in->fp_blk_i;
    a.fp_dev = (uint32_t)in->fp_dev_i;
    ww_scord_verdict_t v = ww_scord_decide(&s->cfg, in->md_i, &a);
    s->md = v.md;
    s->type = v.race_type;
    s->scope = (uint64_t)v.scope_blk;
  }
  s->valid = (in->rst_ni & 1) ? (in->in_valid_i & 1) : 0;
}
