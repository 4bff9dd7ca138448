/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_atomic_order -- the serial-order check of timing-dependent values in
 * co-simulation (see ww_atomic_order.h for what it checks and why).
 */
#include "ww_atomic_order.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  uint32_t *v;
  size_t n, cap;
} vec_t;

typedef struct {
  uint32_t addr;         /* word address */
  uint32_t init;         /* value when tracking began */
  int ordered;           /* an exch or CAS touched it */
  vec_t edges;           /* pairs old, new */
  vec_t starts;          /* stored values */
  vec_t loaded;          /* distinct loaded values */
} word_t;

struct ww_aorder {
  word_t *w;
  size_t nw, capw;
  uint32_t *slot;        /* hash: word index + 1, 0 = empty */
  size_t nslot;          /* power of two */
};

static int push(vec_t *v, uint32_t x)
{
  if (v->n == v->cap) {
    size_t cap = v->cap ? 2 * v->cap : 8;
    uint32_t *p = realloc(v->v, cap * sizeof *p);
    if (!p)
      return -1;
    v->v = p;
    v->cap = cap;
  }
  v->v[v->n++] = x;
  return 0;
}

static size_t hash(uint32_t a) { return (size_t)((a >> 2) * 0x9E3779B1u); }

ww_aorder_t *ww_aorder_new(void) { return calloc(1, sizeof(ww_aorder_t)); }

void ww_aorder_reset(ww_aorder_t *o)
{
  for (size_t i = 0; i < o->nw; i++) {
    free(o->w[i].edges.v);
    free(o->w[i].starts.v);
    free(o->w[i].loaded.v);
  }
  o->nw = 0;
  if (o->slot)
    memset(o->slot, 0, o->nslot * sizeof *o->slot);
}

void ww_aorder_free(ww_aorder_t *o)
{
  if (!o)
    return;
  ww_aorder_reset(o);
  free(o->w);
  free(o->slot);
  free(o);
}

static word_t *find(const ww_aorder_t *o, uint32_t addr)
{
  if (!o->nslot)
    return NULL;
  addr &= ~3u;
  for (size_t i = hash(addr) & (o->nslot - 1);; i = (i + 1) & (o->nslot - 1)) {
    if (!o->slot[i])
      return NULL;
    if (o->w[o->slot[i] - 1].addr == addr)
      return &o->w[o->slot[i] - 1];
  }
}

static int rehash(ww_aorder_t *o, size_t nslot)
{
  uint32_t *s = calloc(nslot, sizeof *s);
  if (!s)
    return -1;
  for (size_t k = 0; k < o->nw; k++) {
    size_t i = hash(o->w[k].addr) & (nslot - 1);
    while (s[i])
      i = (i + 1) & (nslot - 1);
    s[i] = (uint32_t)(k + 1);
  }
  free(o->slot);
  o->slot = s;
  o->nslot = nslot;
  return 0;
}

static word_t *get(ww_aorder_t *o, uint32_t addr, uint32_t before)
{
  word_t *w = find(o, addr);
  if (w)
    return w;
  if ((o->nw + 1) * 2 > o->nslot && rehash(o, o->nslot ? 2 * o->nslot : 1024) != 0)
    return NULL;
  if (o->nw == o->capw) {
    size_t cap = o->capw ? 2 * o->capw : 256;
    word_t *p = realloc(o->w, cap * sizeof *p);
    if (!p)
      return NULL;
    o->w = p;
    o->capw = cap;
  }
  w = &o->w[o->nw++];
  memset(w, 0, sizeof *w);
  w->addr = addr & ~3u;
  w->init = before;
  size_t i = hash(w->addr) & (o->nslot - 1);
  while (o->slot[i])
    i = (i + 1) & (o->nslot - 1);
  o->slot[i] = (uint32_t)o->nw;
  return w;
}

int ww_aorder_tracked(const ww_aorder_t *o, uint32_t addr) { return find(o, addr) != NULL; }

int ww_aorder_atomic(ww_aorder_t *o, uint32_t addr, uint32_t before, uint32_t old, uint32_t nv,
                     int commutes)
{
  word_t *w = get(o, addr, before);
  if (!w)
    return -1;
  w->ordered |= !commutes;
  return push(&w->edges, old) || push(&w->edges, nv) ? -1 : 0;
}

int ww_aorder_touch(ww_aorder_t *o, uint32_t addr, uint32_t before)
{
  return get(o, addr, before) ? 0 : -1;
}

int ww_aorder_store(ww_aorder_t *o, uint32_t addr, uint32_t after)
{
  word_t *w = find(o, addr);
  return w ? push(&w->starts, after) : 0;
}

int ww_aorder_load(ww_aorder_t *o, uint32_t addr, uint32_t value)
{
  word_t *w = find(o, addr);
  if (!w)
    return 0;
  for (size_t i = 0; i < w->loaded.n; i++)
    if (w->loaded.v[i] == value)
      return 0;
  return push(&w->loaded, value);
}

/* ---- the check ------------------------------------------------------------ */
typedef struct {
  uint32_t val;
  long bal;              /* out - in */
  long starts;
  size_t parent;         /* union-find */
  int has_edge;
} node_t;

static int cmp_u32(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

static size_t idx(const node_t *nd, size_t n, uint32_t v)   /* nd sorted by val */
{
  size_t lo = 0, hi = n;
  while (lo + 1 < hi) {
    size_t mid = (lo + hi) / 2;
    if (nd[mid].val <= v)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

static size_t root(node_t *nd, size_t i)
{
  while (nd[i].parent != i)
    i = nd[i].parent = nd[nd[i].parent].parent;
  return i;
}

/* 0 when word w's history fits one serial order ending at fin. */
static int check_word(const word_t *w, uint32_t fin, char *why, size_t n)
{
  size_t nv = w->edges.n + w->starts.n + 1, k = 0;
  uint32_t *vals = malloc(nv * sizeof *vals);
  node_t *nd = malloc(nv * sizeof *nd);
  if (!vals || !nd) {
    free(vals);
    free(nd);
    return snprintf(why, n, "out of host memory"), -1;
  }
  vals[k++] = w->init;
  for (size_t i = 0; i < w->edges.n; i++)
    vals[k++] = w->edges.v[i];
  for (size_t i = 0; i < w->starts.n; i++)
    vals[k++] = w->starts.v[i];
  qsort(vals, nv, sizeof *vals, cmp_u32);
  size_t m = 0;
  for (size_t i = 0; i < nv; i++)
    if (!m || vals[i] != nd[m - 1].val)
      nd[m] = (node_t){ vals[i], 0, 0, m, 0 }, m++;
  nd[idx(nd, m, w->init)].starts++;
  for (size_t i = 0; i < w->starts.n; i++)
    nd[idx(nd, m, w->starts.v[i])].starts++;
  for (size_t i = 0; i + 1 < w->edges.n; i += 2) {
    size_t a = idx(nd, m, w->edges.v[i]), b = idx(nd, m, w->edges.v[i + 1]);
    nd[a].bal++;
    nd[b].bal--;
    nd[a].has_edge = nd[b].has_edge = 1;
    size_t ra = root(nd, a), rb = root(nd, b);
    if (ra != rb)
      nd[ra].parent = rb;
  }
  int rc = 0;
  const size_t natom = w->edges.n / 2;
  for (size_t i = 0; i < m && !rc; i++)
    if (nd[i].bal > nd[i].starts) {
      rc = -1;
      snprintf(why, n, "word 0x%08" PRIx32 ": %ld more atomics returned 0x%08" PRIx32
               " than left it there (%zu atomics from 0x%08" PRIx32 ", %zu stores): no serial "
               "order of them gives those values", w->addr, nd[i].bal - nd[i].starts,
               nd[i].val, natom, w->init, w->starts.n);
    }
  for (size_t i = 0; i < m && !rc; i++) {
    if (!nd[i].has_edge)
      continue;
    size_t r = root(nd, i);
    int started = 0;
    for (size_t j = 0; j < m && !started; j++)
      started = nd[j].starts > 0 && root(nd, j) == r;
    if (!started) {
      rc = -1;
      snprintf(why, n, "word 0x%08" PRIx32 ": an atomic returned 0x%08" PRIx32 ", a value no "
               "serial order of its %zu atomics from 0x%08" PRIx32 " (or a store) reaches",
               w->addr, nd[i].val, natom, w->init);
    }
  }
  if (!rc && natom) {
    uint32_t f = fin;
    size_t i = idx(nd, m, f);
    if (nd[i].val != f || nd[i].starts - nd[i].bal < 1) {
      rc = -1;
      snprintf(why, n, "word 0x%08" PRIx32 ": the RTL left 0x%08" PRIx32 ", which ends no "
               "serial order of its %zu atomics from 0x%08" PRIx32, w->addr, f, natom, w->init);
    }
  }
  for (size_t l = 0; l < w->loaded.n && !rc; l++) {
    size_t i = idx(nd, m, w->loaded.v[l]);
    if (nd[i].val != w->loaded.v[l]) {
      rc = -1;
      snprintf(why, n, "word 0x%08" PRIx32 ": a load returned 0x%08" PRIx32 ", a value the "
               "word never held (from 0x%08" PRIx32 ", %zu atomics, %zu stores)", w->addr,
               w->loaded.v[l], w->init, natom, w->starts.n);
    }
  }
  free(vals);
  free(nd);
  return rc;
}

int ww_aorder_check(ww_aorder_t *o, uint32_t (*final)(void *ctx, uint32_t addr), void *ctx,
                    char *why, size_t n, size_t *n_words, size_t *n_atomics)
{
  size_t na = 0;
  why[0] = 0;
  for (size_t i = 0; i < o->nw; i++) {
    na += o->w[i].edges.n / 2;
    if (check_word(&o->w[i], final(ctx, o->w[i].addr), why, n) != 0)
      return -1;
  }
  if (n_words)
    *n_words = o->nw;
  if (n_atomics)
    *n_atomics = na;
  return 0;
}

size_t ww_aorder_ordered_words(const ww_aorder_t *o, uint32_t *out, size_t max)
{
  size_t k = 0;
  for (size_t i = 0; i < o->nw; i++)
    if (o->w[i].ordered) {
      if (k < max)
        out[k] = o->w[i].addr;
      k++;
    }
  return k;
}
