/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_ref.c -- the independent reference race detector for ScoRD; see
 * ww_scord_ref.h for what it models and the event order it assumes.
 *
 * Structure. Every word has two metadata states, one per VIEW:
 *   [V_IDEAL]  full ctaid, unbounded barrier/fence IDs, exact lock sets;
 *   [V_APPROX] the hardware's fields: ctaid, barrier and fence IDs masked to
 *              their widths, a 16-bit lock Bloom; in cached mode the state
 *              lives in a direct-mapped slot shared by the words that map
 *              to it (docs/scord.md §3 address map).
 * One word check = observe (reduce a view's state and the access to the
 * predicates of §1), decide (the §1 procedure over those predicates, the
 * same code for both views), apply (the state update of the outcome, in
 * the view's representation). Differences between the views therefore
 * come only from `observe` and the lock operations, which is what makes the
 * cause attribution (WW_SCORD_REF_F_*) meaningful.
 *
 * The decision procedure is docs/scord.md §1, step by step:
 *   1  III(a) M&&BS&&DS, or III(c) sameB && bar != md.bar && !DS -> REINIT
 *   2  III(b) sameW && !BS && !DS: a load after a fence of the owner clears
 *      M; OWN; M |= W; Strong := xs; Lock := lk
 *   3  IV(d) md.IsAtom && md.Scope==blk && !sameB -> RACE(d);
 *      W && at && md.IsAtom -> OWN; M := 1; Strong &= xs
 *   4  conflict = W ? (!sameW || BS || DS) : (M && !sameW); if conflict:
 *      IV(a) sameB && (blkEq || (W && DS)) && devEq; IV(b) !sameB && devEq;
 *      IV(c) !md.Strong || !xs
 *   5  both lock sets empty: unprotected update
 *   6  else IV(e)/(f) (W || M) && disjoint; else sharing + lock update
 * A race REINITs the word to the racing access.
 */
#include "ww_scord_ref.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"   /* defaults of ww_scord_ref_default_cfg only */

#define NLANES     32
#define MAX_LOCKS  8
#define WORD_BITS  30u   /* word address = byte address >> 2 */

/* ------------------------------------------------------------------ maps */
/* Open addressing, linear probing; key (a, b), value an index. */
typedef struct {
  uint64_t a;
  uint32_t b;
  uint32_t val;
  bool used;
} mslot_t;

typedef struct {
  mslot_t *s;
  size_t cap;  /* power of two, or 0 */
  size_t n;
} map_t;

static uint64_t mix64(uint64_t a, uint32_t b)
{
  uint64_t z = a ^ ((uint64_t)b * 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static bool map_get(const map_t *m, uint64_t a, uint32_t b, uint32_t *val)
{
  if (m->cap == 0) {
    return false;
  }
  size_t i = (size_t)mix64(a, b) & (m->cap - 1);
  while (m->s[i].used) {
    if (m->s[i].a == a && m->s[i].b == b) {
      *val = m->s[i].val;
      return true;
    }
    i = (i + 1) & (m->cap - 1);
  }
  return false;
}

static void map_insert_raw(mslot_t *s, size_t cap, uint64_t a, uint32_t b, uint32_t val)
{
  size_t i = (size_t)mix64(a, b) & (cap - 1);
  while (s[i].used) {
    i = (i + 1) & (cap - 1);
  }
  s[i].used = true;
  s[i].a = a;
  s[i].b = b;
  s[i].val = val;
}

/* key must be absent; 0 or -1 (no memory) */
static int map_put(map_t *m, uint64_t a, uint32_t b, uint32_t val)
{
  if (2 * (m->n + 1) > m->cap) {
    size_t ncap = m->cap ? 2 * m->cap : 64;
    mslot_t *ns = calloc(ncap, sizeof *ns);
    if (!ns) {
      return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
      if (m->s[i].used) {
        map_insert_raw(ns, ncap, m->s[i].a, m->s[i].b, m->s[i].val);
      }
    }
    free(m->s);
    m->s = ns;
    m->cap = ncap;
  }
  map_insert_raw(m->s, m->cap, a, b, val);
  m->n++;
  return 0;
}

/* grow *p (n used of *cap elements of size sz) to hold one more */
static int vec_reserve(void **p, size_t *cap, size_t n, size_t sz)
{
  if (n < *cap) {
    return 0;
  }
  size_t ncap = *cap ? 2 * *cap : 64;
  void *np = realloc(*p, ncap * sz);
  if (!np) {
    return -1;
  }
  *p = np;
  *cap = ncap;
  return 0;
}

/* ------------------------------------------------------------------ locks */
/* An exact lock key: word (30 bits) | block-scope (bit 30) | ctaid << 31
 * (ctaid only for block scope: a block-scope lock of block b is a
 * different lock from the same word locked by block c, or with device
 * scope). Fits 63 bits. */
typedef uint64_t lkey_t;

static lkey_t lkey(uint32_t word, bool blk, uint32_t ctaid)
{
  return (uint64_t)word | ((uint64_t)blk << 30) | (blk ? (uint64_t)ctaid << 31 : 0);
}

typedef struct {
  lkey_t k[MAX_LOCKS];
  unsigned n;
} lset_t;

static bool lset_has(const lset_t *s, lkey_t k)
{
  for (unsigned i = 0; i < s->n; i++) {
    if (s->k[i] == k) {
      return true;
    }
  }
  return false;
}

static lset_t lset_and(const lset_t *a, const lset_t *b)
{
  lset_t r;
  r.n = 0;
  for (unsigned i = 0; i < a->n; i++) {
    if (lset_has(b, a->k[i])) {
      r.k[r.n++] = a->k[i];
    }
  }
  return r;
}

/* h = fold6(addr[31:2]) ^ (block scope ? (ctaid+1)[5:0] : 0) */
static unsigned lock_hash(uint32_t word, bool blk, uint32_t ctaid)
{
  uint32_t h = 0;
  for (unsigned sh = 0; sh < WORD_BITS; sh += 6) {
    h ^= (word >> sh) & 63u;
  }
  if (blk) {
    h ^= (ctaid + 1u) & 63u;
  }
  return h;
}

static uint16_t bloom_bit(unsigned h)
{
  return (uint16_t)((1u << (8 + ((h >> 3) & 7u))) | (1u << (h & 7u)));
}

/* a lock sets one bit in each half: empty if either half of the AND is 0 */
static bool bloom_disjoint(uint16_t a, uint16_t b)
{
  uint16_t x = (uint16_t)(a & b);
  return (x & 0xffu) == 0 || (x >> 8) == 0;
}

/* one lock-table entry; the exact table uses `key`, the hashed one `h` and
 * `blk` (the hardware's {hash 6, scope 1, valid 1, active 1}) */
typedef struct {
  lkey_t key;
  uint8_t h;
  bool blk, valid, active;
} lent_t;

typedef struct {
  lent_t e[MAX_LOCKS];
  unsigned wp;
} ltab_t;

static bool lent_match(const lent_t *e, bool exact, lkey_t key, unsigned h, bool blk)
{
  if (!e->valid) {
    return false;
  }
  return exact ? e->key == key : (e->h == h && e->blk == blk);
}

/* CAS: unless a valid entry with the same key -- (h, scope) in the hashed
 * table -- exists, insert inactive into the lowest free entry; only a full
 * table overwrites, round robin from the write pointer (docs/scord.md §1) */
static void ltab_insert(ltab_t *t, unsigned n, bool exact, lkey_t key, unsigned h, bool blk)
{
  for (unsigned i = 0; i < n; i++) {
    if (lent_match(&t->e[i], exact, key, h, blk)) {
      return;
    }
  }
  unsigned slot = n;
  for (unsigned i = n; i-- > 0;) {
    if (!t->e[i].valid) {
      slot = i;
    }
  }
  if (slot == n) {
    slot = t->wp;
    t->wp = (t->wp + 1) % n;
  }
  lent_t *e = &t->e[slot];
  e->key = key;
  e->h = (uint8_t)h;
  e->blk = blk;
  e->valid = true;
  e->active = false;
}

/* EXCH: clear valid on the entry with the same key (at most one valid) */
static void ltab_release(ltab_t *t, unsigned n, bool exact, lkey_t key, unsigned h, bool blk)
{
  for (unsigned i = 0; i < n; i++) {
    if (lent_match(&t->e[i], exact, key, h, blk)) {
      t->e[i].valid = false;
      return;
    }
  }
}

/* fence: device activates every valid entry, block the block-scope ones */
static void ltab_activate(ltab_t *t, unsigned n, bool device)
{
  for (unsigned i = 0; i < n; i++) {
    if (t->e[i].valid && (device || t->e[i].blk)) {
      t->e[i].active = true;
    }
  }
}

static lset_t ltab_lockset(const ltab_t *t, unsigned n)
{
  lset_t s;
  s.n = 0;
  for (unsigned i = 0; i < n; i++) {
    if (t->e[i].valid && t->e[i].active) {
      s.k[s.n++] = t->e[i].key;
    }
  }
  return s;
}

static uint16_t ltab_bloom(const ltab_t *t, unsigned n)
{
  uint16_t b = 0;
  for (unsigned i = 0; i < n; i++) {
    if (t->e[i].valid && t->e[i].active) {
      b = (uint16_t)(b | bloom_bit(t->e[i].h));
    }
  }
  return b;
}

/* ------------------------------------------------------------------ state */
enum { V_IDEAL = 0, V_APPROX = 1 };

/* metadata of one word in one view (ids masked in V_APPROX) */
typedef struct {
  uint64_t ctaid, bar, fblk, fdev;
  unsigned wp;          /* owner: global hardware warp */
  bool m, bs, ds, atom, scope, strong;
  lset_t lock;          /* V_IDEAL */
  uint16_t bloom;       /* V_APPROX */
} md_t;

typedef struct {
  uint32_t word;
  md_t v[2];            /* v[V_APPROX] unused in cached mode (see slot_t) */
  bool synced;          /* approx state = ideal state up to representation:
                           same outcomes since the last common reinit */
  bool div_access;      /* unsynced by an access of this word (not eviction) */
  unsigned cause;       /* WW_SCORD_REF_F_* causes of the unsync */
} went_t;

typedef struct {
  md_t md;
  uint64_t tag;
  uint32_t owner;       /* word that last used the slot */
  bool owned;
} slot_t;

typedef struct {
  ww_scord_ref_race_t *r;
  size_t n, cap;
  map_t idx;            /* (pc << 32 | addr, type) -> index */
} rlist_t;

struct ww_scord_ref {
  ww_scord_ref_cfg_t cfg;
  unsigned nwarps;      /* num_sm * warps_per_sm */
  unsigned wpl;         /* words per line */
  uint64_t mask_ctaid, mask_bar, mask_fence, mask_tag;
  uint64_t *fblk, *fdev;             /* fence file, unbounded, per Wp */
  ltab_t *lt_exact, *lt_hash;        /* lock tables per Wp */
  map_t bar_idx;                     /* ctaid -> index into bars */
  uint64_t *bars;
  size_t nbars, capbars;
  map_t word_idx;                    /* word -> index into words */
  went_t *words;
  size_t nwords, capwords;
  map_t slot_idx;                    /* cached mode: slot -> index into slots */
  slot_t *slots;
  size_t nslots, capslots;
  rlist_t races[2];
  ww_scord_ref_stats_t st;
};

static uint64_t wmask(unsigned w)
{
  return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
}

static void md_init(md_t *md)
{
  memset(md, 0, sizeof *md);
  md->m = md->bs = md->ds = true;   /* INIT: M, BS, DS set (§IV) */
}

/* every INIT state behaves alike: III(a) fires before any field is read */
static bool md_is_init(const md_t *md)
{
  return md->m && md->bs && md->ds;
}

/* ------------------------------------------------------------------ config */
void ww_scord_ref_default_cfg(ww_scord_ref_cfg_t *cfg, unsigned num_sm, unsigned warps_per_sm)
{
  memset(cfg, 0, sizeof *cfg);
  cfg->num_sm = num_sm;
  cfg->warps_per_sm = warps_per_sm;
  cfg->line_bytes = WW_LINE_BYTES;
  cfg->lock_entries = WW_SCORD_LOCK_ENTRIES;
  cfg->blockid_w = WW_SCORD_BLOCKID_W;
  cfg->fenceid_w = WW_SCORD_FENCEID_W;
  cfg->barid_w = WW_SCORD_BARID_W;
  cfg->cache_part = 1;
  cfg->cache_sets = 0;
  cfg->tag_w = WW_SCORD_TAG_W;
}

static bool pow2(unsigned x)
{
  return x != 0 && (x & (x - 1)) == 0;
}

static bool cfg_ok(const ww_scord_ref_cfg_t *c)
{
  if (c->num_sm == 0 || c->warps_per_sm == 0 || c->num_sm > 4096 || c->warps_per_sm > 4096) {
    return false;
  }
  if (!pow2(c->line_bytes) || c->line_bytes < 4 || c->line_bytes > 256) {
    return false;
  }
  if (c->lock_entries == 0 || c->lock_entries > MAX_LOCKS) {
    return false;
  }
  if (c->blockid_w == 0 || c->blockid_w > 64 || c->fenceid_w == 0 || c->fenceid_w > 64 ||
      c->barid_w == 0 || c->barid_w > 64) {
    return false;
  }
  if (c->cache_sets != 0 &&
      (!pow2(c->cache_sets) || c->cache_part == 0 || c->tag_w == 0 || c->tag_w > 64)) {
    return false;
  }
  return true;
}

ww_scord_ref_t *ww_scord_ref_new_cfg(const ww_scord_ref_cfg_t *cfg)
{
  if (!cfg || !cfg_ok(cfg)) {
    return NULL;
  }
  ww_scord_ref_t *r = calloc(1, sizeof *r);
  if (!r) {
    return NULL;
  }
  r->cfg = *cfg;
  r->nwarps = cfg->num_sm * cfg->warps_per_sm;
  r->wpl = cfg->line_bytes / 4;
  r->mask_ctaid = wmask(cfg->blockid_w);
  r->mask_bar = wmask(cfg->barid_w);
  r->mask_fence = wmask(cfg->fenceid_w);
  r->mask_tag = wmask(cfg->tag_w);
  r->fblk = calloc(r->nwarps, sizeof *r->fblk);
  r->fdev = calloc(r->nwarps, sizeof *r->fdev);
  r->lt_exact = calloc(r->nwarps, sizeof *r->lt_exact);
  r->lt_hash = calloc(r->nwarps, sizeof *r->lt_hash);
  if (!r->fblk || !r->fdev || !r->lt_exact || !r->lt_hash) {
    ww_scord_ref_free(r);
    return NULL;
  }
  return r;
}

ww_scord_ref_t *ww_scord_ref_new(unsigned num_sm, unsigned warps_per_sm)
{
  ww_scord_ref_cfg_t c;
  ww_scord_ref_default_cfg(&c, num_sm, warps_per_sm);
  return ww_scord_ref_new_cfg(&c);
}

void ww_scord_ref_free(ww_scord_ref_t *r)
{
  if (!r) {
    return;
  }
  free(r->fblk);
  free(r->fdev);
  free(r->lt_exact);
  free(r->lt_hash);
  free(r->bar_idx.s);
  free(r->bars);
  free(r->word_idx.s);
  free(r->words);
  free(r->slot_idx.s);
  free(r->slots);
  for (int v = 0; v < 2; v++) {
    free(r->races[v].r);
    free(r->races[v].idx.s);
  }
  free(r);
}

/* ------------------------------------------------------------------ events */
static bool warp_ok(const ww_scord_ref_t *r, unsigned sm, unsigned hwwarp)
{
  return sm < r->cfg.num_sm && hwwarp < r->cfg.warps_per_sm;
}

int ww_scord_ref_launch_warp(ww_scord_ref_t *r, unsigned sm, unsigned hwwarp)
{
  if (!r || !warp_ok(r, sm, hwwarp)) {
    return -1;
  }
  unsigned gw = sm * r->cfg.warps_per_sm + hwwarp;
  memset(&r->lt_exact[gw], 0, sizeof r->lt_exact[gw]);
  memset(&r->lt_hash[gw], 0, sizeof r->lt_hash[gw]);
  r->st.launches++;
  return 0;
}

int ww_scord_ref_fence(ww_scord_ref_t *r, unsigned sm, unsigned hwwarp, int device)
{
  if (!r || !warp_ok(r, sm, hwwarp)) {
    return -1;
  }
  unsigned gw = sm * r->cfg.warps_per_sm + hwwarp;
  if (device) {
    r->fdev[gw]++;
  } else {
    r->fblk[gw]++;
  }
  ltab_activate(&r->lt_exact[gw], r->cfg.lock_entries, device != 0);
  ltab_activate(&r->lt_hash[gw], r->cfg.lock_entries, device != 0);
  r->st.fences++;
  return 0;
}

/* barrier count of a block, 0 before its first release */
static uint64_t bar_of(const ww_scord_ref_t *r, uint32_t ctaid)
{
  uint32_t i;
  return map_get(&r->bar_idx, ctaid, 0, &i) ? r->bars[i] : 0;
}

int ww_scord_ref_barrier_release(ww_scord_ref_t *r, unsigned sm, uint32_t ctaid)
{
  if (!r || sm >= r->cfg.num_sm) {
    return -1;
  }
  uint32_t i;
  if (!map_get(&r->bar_idx, ctaid, 0, &i)) {
    if (vec_reserve((void **)&r->bars, &r->capbars, r->nbars, sizeof *r->bars) != 0 ||
        map_put(&r->bar_idx, ctaid, 0, (uint32_t)r->nbars) != 0) {
      return -1;
    }
    i = (uint32_t)r->nbars;
    r->bars[r->nbars++] = 0;
  }
  r->bars[i]++;
  r->st.barriers++;
  return 0;
}

/* ------------------------------------------------------------------ check */
/* the access, as the detector sees it */
typedef struct {
  const ww_scord_ref_access_t *a;
  unsigned gw;
  bool W, at, xs, sblk;
  uint64_t bar, fblk, fdev;   /* full values */
  lset_t lk;                  /* exact lockset, taken before the update */
  uint16_t lkb;               /* Bloom, taken before the update */
} actx_t;

/* the predicates §1 reads, in one view */
typedef struct {
  bool m, bs, ds, atom, scope, strong;
  bool sameB, sameW;          /* group BLKID */
  bool bar_diff;              /* group BARWRAP */
  bool blk_eq, dev_eq;        /* group WRAP */
  bool mdl0, lk0, inter0;     /* group ALIAS */
} obs_t;

static obs_t observe(const ww_scord_ref_t *r, int view, const md_t *md, const actx_t *c)
{
  obs_t o;
  bool ideal = view == V_IDEAL;
  uint64_t mc = ideal ? ~(uint64_t)0 : r->mask_ctaid;
  uint64_t mb = ideal ? ~(uint64_t)0 : r->mask_bar;
  uint64_t mf = ideal ? ~(uint64_t)0 : r->mask_fence;
  o.m = md->m;
  o.bs = md->bs;
  o.ds = md->ds;
  o.atom = md->atom;
  o.scope = md->scope;
  o.strong = md->strong;
  o.sameB = md->ctaid == ((uint64_t)c->a->ctaid & mc);
  o.sameW = o.sameB && md->wp == c->gw;
  o.bar_diff = md->bar != (c->bar & mb);
  /* fP: the fence-file entry of the previous accessor, read now */
  unsigned pw = md->wp < r->nwarps ? md->wp : 0;
  o.blk_eq = md->fblk == (r->fblk[pw] & mf);
  o.dev_eq = md->fdev == (r->fdev[pw] & mf);
  if (ideal) {
    lset_t x = lset_and(&md->lock, &c->lk);
    o.mdl0 = md->lock.n == 0;
    o.lk0 = c->lk.n == 0;
    o.inter0 = x.n == 0;
  } else {
    o.mdl0 = md->bloom == 0;
    o.lk0 = c->lkb == 0;
    o.inter0 = bloom_disjoint(md->bloom, c->lkb);
  }
  return o;
}

enum {
  C_INIT = 1,  /* III(a) -> REINIT */
  C_BAR,       /* III(c) -> REINIT */
  C_PO,        /* III(b); sub 1: M cleared by the owner's fence */
  C_RACE,      /* race `race` with scope `scope` -> REINIT */
  C_ATOM,      /* atomic after atomic */
  C_UNP,       /* step 5; sub 0 W, 1 R&&M other, 2 R&&M same warp, 3 BS, 4 DS */
  C_LCK        /* step 6; sub[1:0] 0 DS, 1 BS, 2 none; sub[3:2] lock case */
};

typedef struct {
  unsigned code, sub, race;
  bool scope;
} out_t;

static bool out_eq(out_t x, out_t y)
{
  return x.code == y.code && x.sub == y.sub && x.race == y.race && x.scope == y.scope;
}

static bool out_reinit(out_t x)
{
  return x.code == C_INIT || x.code == C_BAR || x.code == C_RACE;
}

static out_t mk(unsigned code, unsigned sub)
{
  out_t o = { code, sub, 0, false };
  return o;
}

static out_t mk_race(unsigned t, const obs_t *o)
{
  out_t x = { C_RACE, 0, t, o->sameB };
  return x;
}

/* docs/scord.md §1, steps 1..6 */
static out_t decide(const obs_t *o, const actx_t *c)
{
  bool W = c->W;
  if (o->m && o->bs && o->ds) {
    return mk(C_INIT, 0);
  }
  if (o->sameB && o->bar_diff && !o->ds) {
    return mk(C_BAR, 0);
  }
  if (o->sameW && !o->bs && !o->ds) {
    return mk(C_PO, (!W && o->m && !(o->blk_eq && o->dev_eq)) ? 1u : 0u);
  }
  if (o->atom && o->scope && !o->sameB) {
    return mk_race(WW_SCORD_REF_RACE_D, o);
  }
  if (W && c->at && o->atom) {
    return mk(C_ATOM, 0);
  }
  bool conflict = W ? (!o->sameW || o->bs || o->ds) : (o->m && !o->sameW);
  if (conflict) {
    if (o->sameB && (o->blk_eq || (W && o->ds)) && o->dev_eq) {
      return mk_race(WW_SCORD_REF_RACE_A, o);
    }
    if (!o->sameB && o->dev_eq) {
      return mk_race(WW_SCORD_REF_RACE_B, o);
    }
    if (!o->strong || !c->xs) {
      return mk_race(WW_SCORD_REF_RACE_C, o);
    }
  }
  if (o->mdl0 && o->lk0) {
    unsigned sub;
    if (W) {
      sub = 0;
    } else if (o->m) {
      sub = o->sameW ? 2u : 1u;
    } else {
      sub = (o->sameB && !o->ds) ? 3u : 4u;
    }
    return mk(C_UNP, sub);
  }
  if ((W || o->m) && o->inter0) {
    return mk_race(W ? WW_SCORD_REF_RACE_F : WW_SCORD_REF_RACE_E, o);
  }
  unsigned share = !o->sameB ? 0u : (!o->sameW && !o->ds) ? 1u : 2u;
  unsigned lcase = o->mdl0 ? 0u : o->lk0 ? 1u : 2u;
  return mk(C_LCK, share | (lcase << 2));
}

static void own(const ww_scord_ref_t *r, int view, md_t *md, const actx_t *c)
{
  bool ideal = view == V_IDEAL;
  md->ctaid = (uint64_t)c->a->ctaid & (ideal ? ~(uint64_t)0 : r->mask_ctaid);
  md->wp = c->gw;
  md->bar = c->bar & (ideal ? ~(uint64_t)0 : r->mask_bar);
  md->fblk = c->fblk & (ideal ? ~(uint64_t)0 : r->mask_fence);
  md->fdev = c->fdev & (ideal ? ~(uint64_t)0 : r->mask_fence);
  md->atom = c->at;
  md->scope = c->sblk;
}

static void lock_set(int view, md_t *md, const actx_t *c)
{
  if (view == V_IDEAL) {
    md->lock = c->lk;
  } else {
    md->bloom = c->lkb;
  }
}

static void lock_and(int view, md_t *md, const actx_t *c)
{
  if (view == V_IDEAL) {
    md->lock = lset_and(&md->lock, &c->lk);
  } else {
    md->bloom = (uint16_t)(md->bloom & c->lkb);
  }
}

static void apply(const ww_scord_ref_t *r, int view, md_t *md, out_t x, const actx_t *c)
{
  switch (x.code) {
  case C_INIT:
  case C_BAR:
  case C_RACE:   /* REINIT */
    own(r, view, md, c);
    md->m = c->W;
    md->bs = md->ds = false;
    md->strong = c->xs;
    lock_set(view, md, c);
    break;
  case C_PO:
    if (x.sub) {
      md->m = false;
    }
    own(r, view, md, c);
    md->m = md->m || c->W;
    md->strong = c->xs;
    lock_set(view, md, c);
    break;
  case C_ATOM:
    own(r, view, md, c);
    md->m = true;
    md->strong = md->strong && c->xs;
    break;
  case C_UNP:
    if (x.sub <= 2) {
      if (x.sub == 0) {
        md->m = true;
      } else if (x.sub == 1) {
        md->m = false;
      }
      own(r, view, md, c);
      md->bs = md->ds = false;
      md->strong = md->strong && c->xs;
    } else if (x.sub == 3) {
      md->bs = true;                 /* owner kept */
    } else {
      md->ds = true;
      md->bs = false;
    }
    break;
  case C_LCK: {
    unsigned share = x.sub & 3u, lcase = x.sub >> 2;
    if (share == 0) {
      md->ds = true;
      md->bs = false;
    } else if (share == 1) {
      md->bs = true;
    }
    if (lcase == 0) {
      lock_set(view, md, c);
    } else if (lcase == 2) {
      lock_and(view, md, c);
    }
    if (c->W) {
      own(r, view, md, c);
      md->m = true;
      md->strong = md->strong && c->xs;
    }
    break;
  }
  default:
    break;
  }
}

/* which approximations change the outcome (both states agree otherwise) */
static unsigned attribute(const obs_t *oi, const obs_t *oa, out_t xi, const actx_t *c)
{
  unsigned diff = 0;
  if (oi->mdl0 != oa->mdl0 || oi->lk0 != oa->lk0 || oi->inter0 != oa->inter0) {
    diff |= WW_SCORD_REF_F_ALIAS;
  }
  if (oi->blk_eq != oa->blk_eq || oi->dev_eq != oa->dev_eq) {
    diff |= WW_SCORD_REF_F_WRAP;
  }
  if (oi->sameB != oa->sameB || oi->sameW != oa->sameW) {
    diff |= WW_SCORD_REF_F_BLKID;
  }
  if (oi->bar_diff != oa->bar_diff) {
    diff |= WW_SCORD_REF_F_BARWRAP;
  }
  unsigned flags = 0;
  for (unsigned g = 1; g <= WW_SCORD_REF_F_BARWRAP; g <<= 1) {
    if (!(diff & g)) {
      continue;
    }
    obs_t o = *oi;
    if (g == WW_SCORD_REF_F_ALIAS) {
      o.mdl0 = oa->mdl0;
      o.lk0 = oa->lk0;
      o.inter0 = oa->inter0;
    } else if (g == WW_SCORD_REF_F_WRAP) {
      o.blk_eq = oa->blk_eq;
      o.dev_eq = oa->dev_eq;
    } else if (g == WW_SCORD_REF_F_BLKID) {
      o.sameB = oa->sameB;
      o.sameW = oa->sameW;
    } else {
      o.bar_diff = oa->bar_diff;
    }
    if (!out_eq(decide(&o, c), xi)) {
      flags |= g;
    }
  }
  if (flags == 0) {
    flags = diff ? diff : WW_SCORD_REF_F_LATER;
  }
  return flags;
}

static int rlist_add(ww_scord_ref_t *r, int view, const ww_scord_ref_race_t *x, bool agree,
                     unsigned flags)
{
  rlist_t *l = &r->races[view];
  uint64_t key = ((uint64_t)x->pc << 32) | x->addr;
  uint32_t i;
  if (map_get(&l->idx, key, x->type, &i)) {
    l->r[i].count++;
    if (agree) {
      l->r[i].agree++;
    } else {
      l->r[i].flags |= flags;
    }
    return 0;
  }
  if (vec_reserve((void **)&l->r, &l->cap, l->n, sizeof *l->r) != 0 ||
      map_put(&l->idx, key, x->type, (uint32_t)l->n) != 0) {
    return -1;
  }
  ww_scord_ref_race_t *e = &l->r[l->n++];
  *e = *x;
  e->count = 1;
  e->agree = agree ? 1u : 0u;
  e->flags = agree ? 0u : flags;
  return 0;
}

static int record(ww_scord_ref_t *r, int view, const md_t *md, out_t x, uint32_t word,
                  const actx_t *c, bool agree, unsigned flags)
{
  ww_scord_ref_race_t e;
  memset(&e, 0, sizeof e);
  e.pc = c->a->pc;
  e.addr = word << 2;
  e.type = x.race;
  e.scope_blk = x.scope ? 1 : 0;
  e.kind = c->a->kind;
  e.cur_sm = c->a->sm;
  e.cur_warp = c->a->hwwarp;
  e.prev_sm = md->wp / r->cfg.warps_per_sm;
  e.prev_warp = md->wp % r->cfg.warps_per_sm;
  e.cur_ctaid = c->a->ctaid;
  e.prev_ctaid = (uint32_t)md->ctaid;
  if (view == V_IDEAL) {
    r->st.races++;
  } else {
    r->st.approx_races++;
  }
  return rlist_add(r, view, &e, agree, flags);
}

static went_t *word_get(ww_scord_ref_t *r, uint32_t word)
{
  uint32_t i;
  if (map_get(&r->word_idx, word, 0, &i)) {
    return &r->words[i];
  }
  if (vec_reserve((void **)&r->words, &r->capwords, r->nwords, sizeof *r->words) != 0 ||
      map_put(&r->word_idx, word, 0, (uint32_t)r->nwords) != 0) {
    return NULL;
  }
  went_t *e = &r->words[r->nwords++];
  memset(e, 0, sizeof *e);
  e->word = word;
  md_init(&e->v[V_IDEAL]);
  md_init(&e->v[V_APPROX]);
  e->synced = true;
  r->st.words++;
  return e;
}

/* cached mode: the slot of a word, its state reset to INIT on a tag miss */
static slot_t *slot_get(ww_scord_ref_t *r, uint32_t word, bool *taken)
{
  uint64_t line = word / r->wpl;
  uint64_t k = word % r->wpl;
  uint64_t p = line % r->cfg.cache_part;
  uint64_t i = line / r->cfg.cache_part;
  uint64_t j = i % r->cfg.cache_sets;
  uint64_t tag = (i / r->cfg.cache_sets) & r->mask_tag;
  uint64_t id = ((j * r->cfg.cache_part) + p) * r->wpl + k;
  uint32_t x;
  slot_t *s;
  if (map_get(&r->slot_idx, id, 0, &x)) {
    s = &r->slots[x];
  } else {
    if (vec_reserve((void **)&r->slots, &r->capslots, r->nslots, sizeof *r->slots) != 0 ||
        map_put(&r->slot_idx, id, 0, (uint32_t)r->nslots) != 0) {
      return NULL;
    }
    s = &r->slots[r->nslots++];
    memset(s, 0, sizeof *s);
    md_init(&s->md);   /* the backend fills the region with INIT, tag 0 */
  }
  *taken = !s->owned || s->owner != word;
  if (s->tag != tag) {
    md_init(&s->md);   /* step 0: md := INIT with Tag := tag(addr) */
    s->tag = tag;
  }
  if (*taken && s->owned) {
    r->st.evictions++;
  }
  s->owned = true;
  s->owner = word;
  return s;
}

static int check_word(ww_scord_ref_t *r, uint32_t word, const actx_t *c)
{
  went_t *e = word_get(r, word);
  if (!e) {
    return -1;
  }
  md_t *mi = &e->v[V_IDEAL];
  md_t *ma = &e->v[V_APPROX];
  if (r->cfg.cache_sets) {
    bool taken = false;
    slot_t *s = slot_get(r, word, &taken);
    if (!s) {
      return -1;
    }
    ma = &s->md;
    if (taken && !(md_is_init(mi) && md_is_init(ma))) {
      e->synced = false;
      e->cause |= WW_SCORD_REF_F_EVICT;
    }
  }
  r->st.checks++;
  obs_t oi = observe(r, V_IDEAL, mi, c);
  obs_t oa = observe(r, V_APPROX, ma, c);
  out_t xi = decide(&oi, c);
  out_t xa = decide(&oa, c);
  bool same = out_eq(xi, xa);
  unsigned flags = 0;
  if (!same) {
    r->st.disagreements++;
    if (e->synced) {
      flags = attribute(&oi, &oa, xi, c);
    } else {
      flags = e->cause | (e->div_access ? WW_SCORD_REF_F_LATER : 0u);
    }
  }
  bool race_agree = xi.code == C_RACE && xa.code == C_RACE && xi.race == xa.race &&
                    xi.scope == xa.scope;
  if (xi.code == C_RACE && record(r, V_IDEAL, mi, xi, word, c, race_agree, flags) != 0) {
    return -1;
  }
  if (xa.code == C_RACE && record(r, V_APPROX, ma, xa, word, c, race_agree, flags) != 0) {
    return -1;
  }
  apply(r, V_IDEAL, mi, xi, c);
  apply(r, V_APPROX, ma, xa, c);
  if (out_reinit(xi) && out_reinit(xa)) {
    e->synced = true;
    e->div_access = false;
    e->cause = 0;
  } else if (!same) {
    e->synced = false;
    e->div_access = true;
    e->cause |= flags & ~WW_SCORD_REF_F_LATER;
  }
  return 0;
}

static bool kind_atomic(unsigned k)
{
  return k >= WW_SCORD_REF_ATOM_BLK;
}

int ww_scord_ref_access(ww_scord_ref_t *r, const ww_scord_ref_access_t *a)
{
  if (!r || !a || !warp_ok(r, a->sm, a->hwwarp) || a->kind >= WW_SCORD_REF_NUM_KINDS ||
      a->bytes == 0 || a->bytes > 4) {
    return -1;
  }
  for (unsigned l = 0; l < NLANES; l++) {
    if (((a->mask >> l) & 1u) && (uint64_t)a->addr[l] + a->bytes > ((uint64_t)1 << 32)) {
      return -1;
    }
  }
  unsigned k = a->kind;
  actx_t c;
  c.a = a;
  c.gw = a->sm * r->cfg.warps_per_sm + a->hwwarp;
  c.W = k != WW_SCORD_REF_LOAD && k != WW_SCORD_REF_LOAD_STRONG;   /* an atomic is a store */
  c.at = kind_atomic(k);
  c.xs = c.at || k == WW_SCORD_REF_LOAD_STRONG || k == WW_SCORD_REF_STORE_STRONG;
  c.sblk = k == WW_SCORD_REF_ATOM_BLK || k == WW_SCORD_REF_CAS_BLK || k == WW_SCORD_REF_EXCH_BLK;
  c.bar = bar_of(r, a->ctaid);
  c.fblk = r->fblk[c.gw];
  c.fdev = r->fdev[c.gw];
  c.lk = ltab_lockset(&r->lt_exact[c.gw], r->cfg.lock_entries);
  c.lkb = ltab_bloom(&r->lt_hash[c.gw], r->cfg.lock_entries);
  r->st.accesses++;

  if (c.at) {
    /* one record per lane, in lane order */
    for (unsigned l = 0; l < NLANES; l++) {
      if (!((a->mask >> l) & 1u)) {
        continue;
      }
      uint32_t w0 = a->addr[l] >> 2, w1 = (uint32_t)(((uint64_t)a->addr[l] + a->bytes - 1) >> 2);
      for (uint32_t w = w0; w <= w1; w++) {
        if (check_word(r, w, &c) != 0) {
          return -1;
        }
      }
    }
  } else {
    /* one record per line (order of first lane), words ascending, once */
    struct {
      uint32_t line;
      uint64_t wm;
    } lines[2 * NLANES];
    unsigned nl = 0;
    for (unsigned l = 0; l < NLANES; l++) {
      if (!((a->mask >> l) & 1u)) {
        continue;
      }
      uint32_t w0 = a->addr[l] >> 2, w1 = (uint32_t)(((uint64_t)a->addr[l] + a->bytes - 1) >> 2);
      for (uint32_t w = w0; w <= w1; w++) {
        uint32_t line = w / r->wpl;
        unsigned i = 0;
        while (i < nl && lines[i].line != line) {
          i++;
        }
        if (i == nl) {
          lines[nl].line = line;
          lines[nl].wm = 0;
          nl++;
        }
        lines[i].wm |= (uint64_t)1 << (w % r->wpl);
      }
    }
    for (unsigned i = 0; i < nl; i++) {
      for (unsigned k2 = 0; k2 < r->wpl; k2++) {
        if ((lines[i].wm >> k2) & 1u) {
          if (check_word(r, lines[i].line * r->wpl + k2, &c) != 0) {
            return -1;
          }
        }
      }
    }
  }

  /* the instruction's own lock-table update, after its checks */
  bool cas = k == WW_SCORD_REF_CAS_BLK || k == WW_SCORD_REF_CAS_DEV;
  bool exch = k == WW_SCORD_REF_EXCH_BLK || k == WW_SCORD_REF_EXCH_DEV;
  if (cas || exch) {
    unsigned n = r->cfg.lock_entries;
    for (unsigned l = 0; l < NLANES; l++) {
      if (!((a->mask >> l) & 1u)) {
        continue;
      }
      uint32_t w = a->addr[l] >> 2;
      lkey_t key = lkey(w, c.sblk, a->ctaid);
      unsigned h = lock_hash(w, c.sblk, a->ctaid);
      if (cas) {
        ltab_insert(&r->lt_exact[c.gw], n, true, key, h, c.sblk);
        ltab_insert(&r->lt_hash[c.gw], n, false, key, h, c.sblk);
      } else {
        ltab_release(&r->lt_exact[c.gw], n, true, key, h, c.sblk);
        ltab_release(&r->lt_hash[c.gw], n, false, key, h, c.sblk);
      }
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ results */
size_t ww_scord_ref_races(const ww_scord_ref_t *r, const ww_scord_ref_race_t **out)
{
  if (out) {
    *out = r ? r->races[V_IDEAL].r : NULL;
  }
  return r ? r->races[V_IDEAL].n : 0;
}

size_t ww_scord_ref_approx_races(const ww_scord_ref_t *r, const ww_scord_ref_race_t **out)
{
  if (out) {
    *out = r ? r->races[V_APPROX].r : NULL;
  }
  return r ? r->races[V_APPROX].n : 0;
}

void ww_scord_ref_stats(const ww_scord_ref_t *r, ww_scord_ref_stats_t *st)
{
  if (r) {
    *st = r->st;
  } else {
    memset(st, 0, sizeof *st);
  }
}

char ww_scord_ref_type_char(unsigned type)
{
  return (type >= WW_SCORD_REF_RACE_A && type <= WW_SCORD_REF_RACE_F)
             ? (char)('a' + (type - WW_SCORD_REF_RACE_A))
             : '?';
}

const char *ww_scord_ref_flags_str(unsigned flags, char *buf, size_t n)
{
  static const char *const names[] = { "ALIAS", "WRAP", "BLKID", "BARWRAP", "EVICT", "LATER" };
  size_t len = 0;
  if (!buf || n == 0) {
    return "";
  }
  buf[0] = '\0';
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
    if (!((flags >> i) & 1u)) {
      continue;
    }
    int w = snprintf(buf + len, n - len, "%s%s", len ? "|" : "", names[i]);
    if (w < 0 || (size_t)w >= n - len) {
      break;
    }
    len += (size_t)w;
  }
  if (len == 0) {
    snprintf(buf, n, "-");
  }
  return buf;
}

static const char *kind_name(unsigned k)
{
  static const char *const names[] = { "load", "store", "load.strong", "store.strong", "atom.blk",
                                       "atom.dev", "cas.blk", "cas.dev", "exch.blk", "exch.dev" };
  return k < WW_SCORD_REF_NUM_KINDS ? names[k] : "?";
}

void ww_scord_ref_print(const ww_scord_ref_t *r, FILE *f)
{
  static const char *const vname[2] = { "ideal", "hw" };
  if (!r || !f) {
    return;
  }
  for (int v = 0; v < 2; v++) {
    const rlist_t *l = &r->races[v];
    for (size_t i = 0; i < l->n; i++) {
      const ww_scord_ref_race_t *x = &l->r[i];
      char fb[64];
      fprintf(f,
              "%s race (%c) %s pc=%08x addr=%08x kind=%s cur=sm%u.w%u/cta%u "
              "prev=sm%u.w%u/cta%u count=%u agree=%u flags=%s\n",
              vname[v], ww_scord_ref_type_char(x->type), x->scope_blk ? "block" : "device",
              (unsigned)x->pc, (unsigned)x->addr, kind_name(x->kind), x->cur_sm, x->cur_warp,
              (unsigned)x->cur_ctaid, x->prev_sm, x->prev_warp, (unsigned)x->prev_ctaid, x->count,
              x->agree, ww_scord_ref_flags_str(x->flags, fb, sizeof fb));
    }
  }
}
