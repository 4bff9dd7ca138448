/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lastacc -- the recent accesses to each global 4-byte word, kept from
 * the retire stream, so a race report can name both accessors (docs/scord.md
 * §3 "Host: both accessors"). ScoRD's race log names the racing access's PC
 * and only the previous accessor's SM, hardware warp and BlockID (its
 * metadata has no PC); this table recovers the rest on the host.
 *
 * One entry per (word, SM, hardware warp, block, PC): the lowest lane of the
 * first retired instruction that touched the word, the memory kind, the
 * retire cycles of the first and the last such instruction and how many
 * there were. Only what ScoRD tracks is kept: global loads, stores and
 * atomics of lanes in [NULL_GUARD, LOCAL_BASE0) (rtl/sm/ww_lsu.v). The table
 * is open addressing with linear probing on (word, SM, warp, block mod
 * 2^SCORD_BLOCKID_W), so every entry of such a key is in the run of slots
 * that starts at its hash. It never grows past its capacity: once half full,
 * new keys are not recorded and their hash is marked in a bitmap, and a race
 * on a marked key reports "unknown".
 */
#include "ww_rt_internal.h"

#include <stdlib.h>
#include <string.h>

#define LOCAL_BASE0 \
  ((uint32_t)WW_GMEM_BYTES - (uint32_t)WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES * WW_LOCAL_BYTES)
#define BLOCKID_MASK ((1u << WW_SCORD_BLOCKID_W) - 1)
#define DROP_BITS (1u << 16)

enum { F_LANE_VARIES = 1 };

typedef struct {
  uint32_t word1;           /* word index (addr >> 2) + 1; 0 = empty slot */
  uint32_t pc;
  uint32_t block;           /* ctaid */
  uint32_t n;               /* retired instructions (saturating) */
  uint64_t first, last;     /* their retire cycles */
  uint8_t  sm, warp, lane, mem, flags;
} entry_t;

struct ww_lastacc {
  entry_t *e;
  size_t cap;               /* a power of two */
  size_t used, limit;       /* limit = cap / 2 */
  uint64_t dropped;         /* accesses not recorded */
  uint8_t drop[DROP_BITS / 8];
};

static uint32_t key_hash(uint32_t word, unsigned sm, unsigned warp, uint32_t block)
{
  uint32_t h = word * 0x9E3779B1u;
  h ^= ((uint32_t)sm << 24 | (uint32_t)warp << 16 | (block & BLOCKID_MASK)) * 0x85EBCA77u;
  h ^= h >> 15;
  h *= 0xC2B2AE3Du;
  h ^= h >> 13;
  return h;
}

ww_lastacc_t *ww_lastacc_new(size_t max_entries)
{
  if (max_entries == 0)
    max_entries = WW_LASTACC_DEFAULT_ENTRIES;
  size_t cap = 2;   /* slots: a power of two, at least twice the entries */
  while (cap / 2 < max_entries && cap < ((size_t)1 << 28))
    cap <<= 1;
  ww_lastacc_t *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->e = calloc(cap, sizeof *t->e);
  if (!t->e) {
    free(t);
    return NULL;
  }
  t->cap = cap;
  t->limit = cap / 2;
  return t;
}

void ww_lastacc_free(ww_lastacc_t *t)
{
  if (t) {
    free(t->e);
    free(t);
  }
}

void ww_lastacc_stats(const ww_lastacc_t *t, ww_lastacc_stats_t *st)
{
  st->capacity = t->limit;
  st->entries = t->used;
  st->dropped = t->dropped;
  st->bytes = t->cap * sizeof *t->e + sizeof *t;
}

static int is_global_kind(unsigned mem)
{
  return mem == WW_MEM_LOAD || mem == WW_MEM_STORE || mem == WW_MEM_LOAD_STRONG ||
         mem == WW_MEM_STORE_STRONG || mem == WW_MEM_ATOMIC_BLK || mem == WW_MEM_ATOMIC_DEV;
}

static void record(ww_lastacc_t *t, const ww_retire_t *r, uint32_t word, unsigned lane)
{
  uint32_t h = key_hash(word, r->sm, r->warp, r->block);
  size_t i = h & (t->cap - 1);
  for (;; i = (i + 1) & (t->cap - 1)) {
    entry_t *e = &t->e[i];
    if (e->word1 == 0)
      break;
    if (e->word1 == word + 1 && e->sm == r->sm && e->warp == r->warp && e->block == r->block &&
        e->pc == r->pc) {
      if (e->lane != lane)
        e->flags |= F_LANE_VARIES;
      e->last = r->step;
      if (e->n != UINT32_MAX)
        e->n++;
      return;
    }
  }
  if (t->used >= t->limit) {
    t->dropped++;
    t->drop[(h % DROP_BITS) / 8] |= (uint8_t)(1u << (h % 8));
    return;
  }
  entry_t *e = &t->e[i];
  e->word1 = word + 1;
  e->pc = r->pc;
  e->block = r->block;
  e->n = 1;
  e->first = e->last = r->step;
  e->sm = (uint8_t)r->sm;
  e->warp = (uint8_t)r->warp;
  e->lane = (uint8_t)lane;
  e->mem = r->mem;
  e->flags = 0;
  t->used++;
}

void ww_lastacc_retire(void *ctx, const ww_retire_t *r)
{
  ww_lastacc_t *t = ctx;
  if (!is_global_kind(r->mem))
    return;
  uint32_t seen[WW_MAX_LANES];
  unsigned nseen = 0;
  for (unsigned l = 0; l < WW_LANES && l < WW_MAX_LANES; l++) {
    if (!(r->mask >> l & 1) || r->addr[l] < WW_NULL_GUARD_BYTES || r->addr[l] >= LOCAL_BASE0)
      continue;
    uint32_t word = r->addr[l] >> 2;
    unsigned j = 0;
    while (j < nseen && seen[j] != word)
      j++;
    if (j < nseen)
      continue;                 /* a lower lane of this instruction had the word */
    seen[nseen++] = word;
    record(t, r, word, l);
  }
}

static int dropped_key(const ww_lastacc_t *t, uint32_t h)
{
  return t->drop[(h % DROP_BITS) / 8] >> (h % 8) & 1;
}

static void fill(ww_accessor_t *a, const entry_t *e, unsigned block_threads)
{
  a->known = 1;
  a->why = NULL;
  a->sm = e->sm;
  a->warp = e->warp;
  a->block = e->block;
  a->pc = e->pc;
  a->mem = e->mem;
  a->first = e->first;
  a->last = e->last;
  a->n = e->n;
  a->lane = e->flags & F_LANE_VARIES ? -1 : e->lane;
  /* Blocks of one grid have the same number of warps W, and the distributor
   * gives a block the W lowest free warp slots: slots are taken in aligned
   * groups of W, so the warp in the block is the hardware warp mod W
   * (cmodel/gpu/ww_gpu.c place_block; docs/scord.md §3). */
  unsigned wpb = (block_threads + WW_LANES - 1) / WW_LANES;
  a->thread = a->lane >= 0 && wpb ? (int)((e->warp % wpb) * WW_LANES + (unsigned)a->lane) : -1;
}

void ww_lastacc_resolve(const ww_lastacc_t *t, const ww_race_t *race, unsigned block_threads,
                        ww_accessor_t *cur, ww_accessor_t *prev)
{
  uint32_t word = race->addr >> 2;
  memset(cur, 0, sizeof *cur);
  memset(prev, 0, sizeof *prev);
  cur->sm = race->sm;
  cur->warp = race->warp;
  cur->block = race->ctaid;
  cur->pc = race->pc;
  cur->lane = cur->thread = -1;
  cur->why = "not recorded";
  prev->sm = race->prev_sm;
  prev->warp = race->prev_warp;
  prev->block = race->prev_block;
  prev->lane = prev->thread = -1;
  prev->why = "not recorded";

  /* the racing access: its (SM, warp, block, PC) entry for the word */
  uint64_t t_lo = 0, t_hi = UINT64_MAX;
  uint32_t h = key_hash(word, race->sm, race->warp, race->ctaid);
  for (size_t i = h & (t->cap - 1); t->e[i].word1; i = (i + 1) & (t->cap - 1)) {
    const entry_t *e = &t->e[i];
    if (e->word1 == word + 1 && e->sm == race->sm && e->warp == race->warp &&
        e->block == race->ctaid && e->pc == race->pc) {
      fill(cur, e, block_threads);
      t_lo = e->first;
      t_hi = e->last;
      break;
    }
  }
  if (!cur->known && dropped_key(t, h))
    cur->why = "evicted: the access table was full";

  /* The previous accessor: the entries of (prev SM, prev warp) on the word
   * with BlockID prev_block that retired before the racing access could
   * have (first < t_hi). The race happened at one of the racing entry's
   * retires, in [t_lo, t_hi]. Certain: one candidate; or the newest
   * candidate X retired before t_lo and every other one ended before X
   * began. Anything else is ambiguous. */
  h = key_hash(word, race->prev_sm, race->prev_warp, race->prev_block);
  if (dropped_key(t, h)) {
    prev->why = "evicted: the access table was full";
    return;
  }
  const entry_t *best = NULL;
  unsigned ncand = 0;
  for (size_t i = h & (t->cap - 1); t->e[i].word1; i = (i + 1) & (t->cap - 1)) {
    const entry_t *e = &t->e[i];
    if (e->word1 != word + 1 || e->sm != race->prev_sm || e->warp != race->prev_warp ||
        (e->block & BLOCKID_MASK) != race->prev_block || e->first >= t_hi)
      continue;
    ncand++;
    if (!best || e->first > best->first)
      best = e;
  }
  if (!best)
    return;
  int certain = ncand == 1;
  if (!certain && best->first < t_lo) {
    certain = 1;
    for (size_t i = h & (t->cap - 1); t->e[i].word1; i = (i + 1) & (t->cap - 1)) {
      const entry_t *e = &t->e[i];
      if (e != best && e->word1 == word + 1 && e->sm == race->prev_sm &&
          e->warp == race->prev_warp && (e->block & BLOCKID_MASK) == race->prev_block &&
          e->first < t_hi && e->last >= best->first)
        certain = 0;
    }
  }
  if (certain)
    fill(prev, best, block_threads);
  else
    prev->why = "ambiguous: that warp accessed the word at several PCs around the race";
}
