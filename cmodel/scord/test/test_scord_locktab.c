/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the ScoRD lock tables' C model
 * (rtl/scord/ww_scord_locktab.v; docs/scord.md §1 "Lock inference"),
 * apart from the lockstep test.
 *
 * Two references, written from the rule text, not from the model:
 *   table  the rule text's per-warp circular queue, each entry holding the
 *          exact lock (word address, scope, ctaid) it was inserted for and
 *          its hash, computed here chunk by chunk (the model loops over
 *          bits): CAS inserts at the write pointer unless a valid entry has
 *          the same (h, scope); EXCH invalidates that entry; fence.blk
 *          activates valid block-scope entries, fence.dev every valid one;
 *          a warp launch empties the table. The Bloom of a warp must EQUAL
 *          the OR of bloom(h) over its valid active entries, every cycle.
 *   ideal  the exact lock set of each warp, unbounded and without hashing:
 *          a CAS makes its lock pending (if not already pending or held), a
 *          fence of matching or wider scope makes pending locks held, an
 *          EXCH drops the lock. "A Bloom never misses": every held lock's
 *          two Bloom bits must be in the warp's Bloom.
 *
 * Streams (WARPS/ENTRIES/HASH_W/BLOOM_W in {4/4/6/16 (default), 1/1/2/4,
 * 3/3/5/8, 2/2/4/8, 4/8/8/32}):
 *   lock     each warp runs the CUDA lock protocol on one lock at a time
 *            (CAS x1..3, fence, critical section with stray fences, fence,
 *            EXCH), with a fence.blk that must not activate a device lock
 *            now and then. Both references hold exactly: Bloom == table ==
 *            ideal (never misses, never has extra bits).
 *   multi    random CAS/EXCH/fences on up to six locks per warp with
 *            distinct hashes: Bloom == table. The ideal check is counted,
 *            not enforced: with more than ENTRIES locks held, a CAS evicts
 *            a held one (round robin over the full table).
 *   alias    as multi with locks that alias in the hash: Bloom == table;
 *            ideal misses counted (an EXCH of one lock releases an alias).
 *   nest     an outer lock held across 1..6 inner lock/unlock sections:
 *            Bloom == table; ideal misses counted (a released entry is
 *            reused before a held one is evicted, so only the 1-entry point
 *            and aliasing small hashes miss).
 * Hand cases: the hash fold and Bloom mapping on literal values, every
 * rule, clear/op priority, read-before-edge, out-of-range warps, reset, and
 * the documented approximations (eviction only from a full table, alias
 * release).
 * Usage: test_scord_locktab [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_scord_locktab.h"

#define CAS WW_SCORD_LOCK_OP_CAS
#define EXCH WW_SCORD_LOCK_OP_EXCH
#define FBLK WW_SCORD_LOCK_OP_FENCE_BLK
#define FDEV WW_SCORD_LOCK_OP_FENCE_DEV

static ww_rng_t rng;
static int failures;
static uint64_t checks;

#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    checks++;                                                                    \
    if (!(cond) && failures++ < 10) {                                            \
      printf("FAIL: %s:%d: ", __func__, __LINE__);                               \
      printf(__VA_ARGS__);                                                       \
      printf("\n");                                                              \
    }                                                                            \
  } while (0)

/* ---- the reference hash and Bloom, chunk by chunk ------------------------ */

static uint32_t ref_hash(unsigned hash_w, uint32_t addr, uint32_t ctaid, int blk)
{
  const uint32_t mask = (1u << hash_w) - 1;
  const uint32_t word = addr >> 2;          /* 30 bits */
  uint32_t h = 0;
  for (unsigned c = 0; c < 30; c += hash_w)
    h ^= (word >> c) & mask;                /* the last chunk is zero-padded */
  if (blk)
    h ^= (uint32_t)((uint64_t)ctaid + 1) & mask;
  return h;
}

/* XOR of the k-bit chunks of an n-bit value */
static uint32_t ref_fold(uint32_t v, unsigned n, unsigned k)
{
  uint32_t r = 0;
  v &= (uint32_t)((1ull << n) - 1);
  for (unsigned c = 0; c < n; c += k)
    r ^= (v >> c) & ((1u << k) - 1);
  return r;
}

static uint64_t ref_bloom(unsigned hash_w, unsigned bloom_w, uint32_t h)
{
  unsigned half = bloom_w / 2, k = 0;
  while ((1u << k) < half)
    k++;
  unsigned hlo = hash_w - hash_w / 2;
  uint32_t lo = ref_fold(h, hlo, k), hi = ref_fold(h >> hlo, hash_w / 2, k);
  return 1ull << lo | 1ull << (half + hi);
}

/* ---- the harness ----------------------------------------------------------- */

#define MAXW 4
#define MAXE 8
#define MAXI 64

typedef struct {
  uint32_t word, ctaid, h;
  int scope, valid, active;
} rent_t;

typedef struct {
  uint32_t word;
  int scope, held;
} ilock_t;

typedef struct {
  int run;
  uint32_t ctaid;
  rent_t e[MAXE];
  unsigned wp;
  ilock_t il[MAXI];
  unsigned nil;
  /* lock-protocol stream */
  int st, spins;
  uint32_t lk_addr, in_addr;
  int lk_scope, in_scope;
} rwarp_t;

typedef struct {
  ww_scord_locktab_cfg_t cfg;
  ww_scord_locktab_t *m;
  ww_scord_locktab_in_t in;
  ww_scord_locktab_out_t out;
  rwarp_t w[MAXW];
  int enforce_ideal;
  uint64_t ideal_checked, ideal_missed, nonzero;
} tb_t;

static void tb_init(tb_t *t, unsigned warps, unsigned entries, unsigned hash_w, unsigned bloom_w)
{
  memset(t, 0, sizeof *t);
  ww_scord_locktab_cfg_t c = { warps, entries, hash_w, bloom_w };
  t->cfg = c;
  t->m = ww_scord_locktab_new(&c);
  if (!t->m) {
    printf("FAIL: cannot create %u/%u/%u/%u\n", warps, entries, hash_w, bloom_w);
    exit(1);
  }
  t->in.rst_ni = 0;
  ww_scord_locktab_step(t->m, &t->in, &t->out);
  t->in.rst_ni = 1;
}

static void ref_clear(rwarp_t *r)
{
  memset(r->e, 0, sizeof r->e);
  r->wp = 0;
  r->nil = 0;
  r->st = 0;
}

static void ref_op(const tb_t *t, rwarp_t *r, unsigned op, uint32_t addr, int blk)
{
  const unsigned n = t->cfg.entries;
  const uint32_t word = addr >> 2;
  const uint32_t h = ref_hash(t->cfg.hash_w, addr, r->ctaid, blk);
  int hit = -1;
  for (unsigned e = 0; e < n; e++)
    if (r->e[e].valid && r->e[e].h == h && r->e[e].scope == blk)
      hit = (int)e;
  int li = -1;                            /* the lock in the ideal set */
  for (unsigned i = 0; i < r->nil; i++)
    if (r->il[i].word == word && r->il[i].scope == blk)
      li = (int)i;
  switch (op) {
  case CAS:
    if (hit < 0) {   /* lowest free entry; a full table: round robin */
      rent_t x = { word, r->ctaid, h, blk, 1, 0 };
      unsigned slot = n;
      for (unsigned e = n; e-- > 0;)
        if (!r->e[e].valid)
          slot = e;
      if (slot == n) {
        slot = r->wp;
        r->wp = (r->wp + 1) % n;
      }
      r->e[slot] = x;
    }
    if (li < 0 && r->nil < MAXI) {
      ilock_t l = { word, blk, 0 };
      r->il[r->nil++] = l;
    }
    break;
  case EXCH:
    if (hit >= 0)
      r->e[hit].valid = 0;
    if (li >= 0)
      r->il[li] = r->il[--r->nil];
    break;
  default: /* FBLK, FDEV */
    for (unsigned e = 0; e < n; e++)
      if (r->e[e].valid && (op == FDEV || r->e[e].scope))
        r->e[e].active = 1;
    for (unsigned i = 0; i < r->nil; i++)
      if (op == FDEV || r->il[i].scope)
        r->il[i].held = 1;
    break;
  }
}

/* One cycle: the checks on this cycle's read, then the references' edge. */
static void tb_cycle(tb_t *t, int op_w, unsigned op, uint32_t addr, int blk, int clr_w, int rd_w)
{
  const unsigned warps = t->cfg.warps;
  const unsigned wid_w = warps > 1 ? ww_clog2(warps) : 1;
  t->in.op_valid_i = op_w >= 0;
  t->in.op_wid_i = op_w >= 0 ? (unsigned)op_w : ww_rng_bits(&rng, wid_w);
  t->in.op_i = op;
  t->in.op_addr_i = addr;
  t->in.op_scope_blk_i = (uint64_t)blk;
  t->in.op_ctaid_i = op_w >= 0 && (unsigned)op_w < warps ? t->w[op_w].ctaid : ww_rng_bits(&rng, 32);
  t->in.clear_valid_i = clr_w >= 0;
  t->in.clear_wid_i = clr_w >= 0 ? (unsigned)clr_w : ww_rng_bits(&rng, wid_w);
  t->in.rd_wid_i = (unsigned)rd_w;
  ww_scord_locktab_step(t->m, &t->in, &t->out);

  uint64_t bloom = t->out.rd_bloom_o;
  if ((unsigned)rd_w < warps) {
    const rwarp_t *r = &t->w[rd_w];
    uint64_t ref = 0;
    for (unsigned e = 0; e < t->cfg.entries; e++)
      if (r->e[e].valid && r->e[e].active)
        ref |= ref_bloom(t->cfg.hash_w, t->cfg.bloom_w, r->e[e].h);
    CHECK(bloom == ref, "%u/%u/%u/%u: warp %d Bloom 0x%" PRIx64 ", table reference 0x%" PRIx64,
          warps, t->cfg.entries, t->cfg.hash_w, t->cfg.bloom_w, rd_w, bloom, ref);
    uint64_t ideal = 0;
    for (unsigned i = 0; i < r->nil; i++) {
      if (!r->il[i].held)
        continue;
      uint32_t h = ref_hash(t->cfg.hash_w, r->il[i].word << 2, r->ctaid, r->il[i].scope);
      uint64_t bits = ref_bloom(t->cfg.hash_w, t->cfg.bloom_w, h);
      ideal |= bits;
      t->ideal_checked++;
      if ((bloom & bits) != bits) {
        t->ideal_missed++;
        CHECK(!t->enforce_ideal, "warp %d misses held lock word 0x%08x scope %d: Bloom 0x%" PRIx64,
              rd_w, (unsigned)r->il[i].word, r->il[i].scope, bloom);
      }
    }
    if (t->enforce_ideal)
      CHECK(bloom == ideal, "warp %d: Bloom 0x%" PRIx64 " has locks it does not hold (0x%" PRIx64
            ")", rd_w, bloom, ideal);
    t->nonzero += bloom != 0;
  } else {
    CHECK(bloom == 0, "warp %d does not exist: Bloom 0x%" PRIx64, rd_w, bloom);
  }

  if (!t->in.rst_ni) {
    for (unsigned w = 0; w < warps; w++) {
      ref_clear(&t->w[w]);
      t->w[w].run = 0;
    }
    return;
  }
  if (op_w >= 0 && (unsigned)op_w < warps && op_w != clr_w)
    ref_op(t, &t->w[op_w], op, addr, blk);
  if (clr_w >= 0 && (unsigned)clr_w < warps) {
    ref_clear(&t->w[clr_w]);
    t->w[clr_w].run = 1;
  }
}

/* ---- hand cases (default widths unless noted) ---------------------------- */

/* shorthands on warp 0, reading warp rd */
static uint64_t op0(tb_t *t, unsigned op, uint32_t addr, int blk, int rd)
{
  tb_cycle(t, 0, op, addr, blk, -1, rd);
  return t->out.rd_bloom_o;
}
static uint64_t rd0(tb_t *t, int w)
{
  tb_cycle(t, -1, 0, 0, 0, -1, w);
  return t->out.rd_bloom_o;
}

#define EXPECT_RD(w, val, msg)                                                   \
  do {                                                                           \
    uint64_t got_ = rd0(&t, (w));                                                \
    CHECK(got_ == (uint64_t)(val), msg ": warp %d Bloom 0x%" PRIx64 ", expected 0x%" PRIx64, \
          (w), got_, (uint64_t)(val));                                           \
  } while (0)

static void hand_cases(void)
{
  tb_t t;

  /* the hash fold and the Bloom mapping, literal values (HASH_W 6, BLOOM_W 16) */
  CHECK(ww_scord_lock_hash(6, 0xfffffffcu, 0, 0) == 63, "fold of 30 ones is 63 (5 chunks)");
  CHECK(ww_scord_lock_hash(6, 0x00000100u, 0, 0) == 1, "word bit 6 folds onto bit 0");
  CHECK(ww_scord_lock_hash(6, 0x00000103u, 0, 0) == 1, "the byte offset is ignored");
  CHECK(ww_scord_lock_hash(6, 0x80000000u, 0, 0) == 32, "word bit 29 folds onto bit 5");
  CHECK(ww_scord_lock_hash(6, 0x00000100u, 0, 1) == 0, "block scope, ctaid 0: XOR 1");
  CHECK(ww_scord_lock_hash(6, 0x00000100u, 5, 1) == 7, "block scope, ctaid 5: XOR 6");
  CHECK(ww_scord_lock_hash(6, 0x00000100u, 0xffffffffu, 1) == 1, "ctaid + 1 wraps to 0");
  CHECK(ww_scord_lock_hash(6, 0x00000100u, 63, 1) == 1, "(ctaid + 1)[5:0] = 0 for ctaid 63");
  CHECK(ww_scord_lock_hash(5, 0xfffffffcu, 0, 0) == 0, "HASH_W 5: 6 chunks of ones cancel");
  CHECK(ww_scord_lock_hash(4, 0xfffffffcu, 0, 0) == 12, "HASH_W 4: 7 chunks of ones ^ 0b0011");
  for (uint32_t h = 0; h < 64; h++)
    CHECK(ww_scord_lock_bloom(6, 16, h) == ((1ull << (8 + (h >> 3))) | (1ull << (h & 7))),
          "bloom(%u) = onehot(h[5:3]) << 8 | onehot(h[2:0])", (unsigned)h);
  CHECK(ww_scord_lock_bloom(5, 8, 0x1f) == ((1ull << (4 + 3)) | (1ull << 2)),
        "HASH_W 5 / BLOOM_W 8: lo = fold2(0b111) = 3 ^ 1 = 2, hi = h[4:3] = 3");
  CHECK(ww_scord_lock_bloom(2, 4, 2) == 0x8 + 0x1, "HASH_W 2 / BLOOM_W 4: lo = h[0], hi = h[1]");
  {
    ww_scord_locktab_cfg_t bad = { 4, 4, 6, 12 };
    CHECK(!ww_scord_locktab_cfg_ok(&bad), "BLOOM_W 12 is rejected");
    bad.bloom_w = 16;
    bad.hash_w = 1;
    CHECK(!ww_scord_locktab_cfg_ok(&bad), "HASH_W 1 is rejected");
  }

  tb_init(&t, 4, 4, 6, 16);
  tb_cycle(&t, -1, 0, 0, 0, 0, 0);                  /* launch warps 0..2 */
  tb_cycle(&t, -1, 0, 0, 0, 1, 0);
  tb_cycle(&t, -1, 0, 0, 0, 2, 0);
  t.w[1].ctaid = 1;                                  /* warp 1 in block 1 */
  EXPECT_RD(0, 0, "empty after launch");
  op0(&t, CAS, 0x100, 0, 0);
  EXPECT_RD(0, 0, "a CAS alone is not a held lock");
  CHECK(op0(&t, FDEV, 0, 0, 0) == 0, "the read in the fence cycle shows the state before it");
  EXPECT_RD(0, 0x0102, "fence.dev activates it: h = 1 -> 0x0102");
  EXPECT_RD(1, 0, "other warps untouched (1)");
  EXPECT_RD(2, 0, "other warps untouched (2)");
  op0(&t, EXCH, 0x100, 1, 0);
  EXPECT_RD(0, 0x0102, "an EXCH of another scope releases nothing");
  op0(&t, EXCH, 0x104, 0, 0);
  EXPECT_RD(0, 0x0102, "an EXCH of another word releases nothing");
  op0(&t, EXCH, 0x102, 0, 0);
  EXPECT_RD(0, 0, "the EXCH of the same (h, scope) releases it");

  /* fence.blk activates block-scope entries only */
  op0(&t, CAS, 0x100, 0, 0);                         /* device lock, h 1 */
  op0(&t, CAS, 0x200, 1, 0);                         /* block lock, h 2 ^ 1 = 3 */
  op0(&t, FBLK, 0, 0, 0);
  EXPECT_RD(0, 0x0108, "fence.blk: only the block lock (h 3 -> 0x0108)");
  op0(&t, FDEV, 0, 0, 0);
  EXPECT_RD(0, 0x010a, "fence.dev: both");
  op0(&t, CAS, 0x100, 0, 0);
  EXPECT_RD(0, 0x010a, "a CAS of a valid (h, scope) changes nothing (stays active)");

  /* two blocks locking one word with block scope hold different locks */
  tb_cycle(&t, 1, CAS, 0x200, 1, -1, 1);
  tb_cycle(&t, 1, FBLK, 0, 0, -1, 1);
  EXPECT_RD(1, 0x0101, "block 1's block lock on 0x200: h = 2 ^ 2 = 0 -> 0x0101");

  /* dedup, then eviction of the oldest insertion */
  tb_cycle(&t, -1, 0, 0, 0, 2, 2);                  /* relaunch warp 2 */
  static const uint32_t a[5] = { 0x004, 0x008, 0x00c, 0x010, 0x014 };   /* h 1..5 */
  tb_cycle(&t, 2, CAS, a[0], 0, -1, 2);
  tb_cycle(&t, 2, CAS, a[0], 0, -1, 2);             /* duplicate: pointer stays */
  for (int i = 1; i < 4; i++)
    tb_cycle(&t, 2, CAS, a[i], 0, -1, 2);
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  EXPECT_RD(2, 0x011e, "four locks h 1..4 held: 0x011e");
  tb_cycle(&t, 2, CAS, a[4], 0, -1, 2);             /* overwrites h 1 */
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  EXPECT_RD(2, 0x013c, "the fifth evicts the oldest: h 2..5 -> 0x013c");

  /* a released entry is reused before a held one is evicted (docs/scord.md
   * §1, as the authors' simulator) */
  tb_cycle(&t, -1, 0, 0, 0, 2, 2);
  for (int i = 0; i < 4; i++)
    tb_cycle(&t, 2, CAS, a[i], 0, -1, 2);           /* entries 0..3 = h 1..4, wp 0 */
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  tb_cycle(&t, 2, EXCH, a[0], 0, -1, 2);            /* entry 0 free */
  tb_cycle(&t, 2, EXCH, a[2], 0, -1, 2);            /* entry 2 free */
  tb_cycle(&t, 2, CAS, a[4], 0, -1, 2);             /* -> entry 0 */
  tb_cycle(&t, 2, CAS, 0x018, 0, -1, 2);            /* h 6 -> entry 2, the free one */
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  EXPECT_RD(2, 0x0174, "h 2 still held, h 4,5,6 held: 0x0174");

  /* documented approximation 2: an alias's EXCH releases the lock */
  tb_cycle(&t, -1, 0, 0, 0, 2, 2);
  tb_cycle(&t, 2, CAS, 0x100, 0, -1, 2);
  tb_cycle(&t, 2, CAS, 0x004, 0, -1, 2);            /* word bit 0 vs bit 6: same fold, h 1 */
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  EXPECT_RD(2, 0x0102, "an alias is one entry");
  tb_cycle(&t, 2, EXCH, 0x100, 0, -1, 2);
  EXPECT_RD(2, 0, "releasing one alias releases both (false lockset race possible)");

  /* clear: overrides an op on the same warp, not on another */
  tb_cycle(&t, 2, CAS, 0x100, 0, -1, 2);
  tb_cycle(&t, 2, FDEV, 0, 0, 2, 2);                /* clear wins */
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  EXPECT_RD(2, 0, "a launch empties the table and overrides a same-cycle op");
  tb_cycle(&t, 2, CAS, 0x100, 0, -1, 2);
  tb_cycle(&t, 2, FDEV, 0, 0, 1, 2);                /* clear warp 1, fence warp 2 */
  EXPECT_RD(2, 0x0102, "clear of another warp: the op applies");
  EXPECT_RD(1, 0, "clear of another warp: the clear applies");

  /* reset */
  t.in.rst_ni = 0;
  rd0(&t, 0);
  t.in.rst_ni = 1;
  EXPECT_RD(0, 0, "reset empties every table (0)");
  EXPECT_RD(2, 0, "reset empties every table (2)");
  ww_scord_locktab_free(t.m);

  /* out-of-range warp (WARPS 3: id 3 does not exist) */
  tb_init(&t, 3, 3, 5, 8);
  tb_cycle(&t, -1, 0, 0, 0, 2, 2);
  tb_cycle(&t, 3, CAS, 0x100, 0, 3, 3);
  tb_cycle(&t, 3, FDEV, 0, 0, -1, 3);
  CHECK(t.out.rd_bloom_o == 0, "warp 3 of 3 reads 0");
  tb_cycle(&t, 2, CAS, 0x100, 0, -1, 2);
  tb_cycle(&t, 2, FDEV, 0, 0, -1, 2);
  EXPECT_RD(2, ref_bloom(5, 8, 2), "HASH_W 5: word bit 6 folds onto bit 1");
  ww_scord_locktab_free(t.m);

  /* one entry: every new lock replaces the last */
  tb_init(&t, 1, 1, 2, 4);
  tb_cycle(&t, -1, 0, 0, 0, 0, 0);
  tb_cycle(&t, 0, CAS, 0x4, 0, -1, 0);               /* h 1 */
  tb_cycle(&t, 0, CAS, 0x8, 0, -1, 0);               /* h 2 */
  tb_cycle(&t, 0, FDEV, 0, 0, -1, 0);
  EXPECT_RD(0, ref_bloom(2, 4, 2), "ENTRIES 1: the second CAS replaces the first");
  ww_scord_locktab_free(t.m);
}

/* ---- random streams ----------------------------------------------------- */

enum { M_LOCK, M_MULTI, M_ALIAS, M_NEST, M_N };
enum { S_IDLE, S_ACQ, S_FENCE, S_CS, S_RFENCE, S_REL };
enum { N_IDLE, N_OCAS, N_OFENCE, N_ICAS, N_IFENCE, N_IRFENCE, N_IEXCH, N_ORFENCE, N_OEXCH };

#define POOL 6

static void run(int mode, unsigned warps, unsigned entries, unsigned hash_w, unsigned bloom_w,
                uint64_t cycles, uint64_t *checked, uint64_t *missed)
{
  tb_t t;
  tb_init(&t, warps, entries, hash_w, bloom_w);
  t.enforce_ideal = mode == M_LOCK;
  const unsigned wid_w = warps > 1 ? ww_clog2(warps) : 1;

  /* lock words: distinct hashes (lock, multi), or with aliases (alias) */
  uint32_t pool[POOL];
  unsigned npool = 0;
  while (npool < POOL && npool < (1u << hash_w)) {
    uint32_t x = (uint32_t)ww_rng_bits(&rng, 32) & ~3u;
    if (mode == M_ALIAS && npool && hash_w < 30 && ww_rng_chance(&rng, 1, 2)) {
      unsigned j = (unsigned)ww_rng_below(&rng, 30 - hash_w);
      x = pool[ww_rng_below(&rng, npool)] ^ (1u << (j + 2)) ^ (1u << (j + 2 + hash_w));
    } else {
      int dup = 0;
      for (unsigned i = 0; i < npool; i++)
        dup |= ref_hash(hash_w, x, 0, 0) == ref_hash(hash_w, pool[i], 0, 0);
      if (dup)
        continue;
    }
    pool[npool++] = x;
  }

  for (uint64_t c = 0; c < cycles && failures < 10; c++) {
    int rst = ww_rng_chance(&rng, 1, 20000);
    t.in.rst_ni = !rst;
    unsigned nrun = 0, runl[MAXW];
    for (unsigned w = 0; w < warps; w++)
      if (t.w[w].run)
        runl[nrun++] = w;
    int clr = -1;
    if (ww_rng_chance(&rng, 1, nrun < warps ? 20 : 800))
      clr = (int)ww_rng_below(&rng, warps);

    int ow = -1, blk = (int)ww_rng_bits(&rng, 1);
    unsigned op = (unsigned)ww_rng_bits(&rng, 2);
    uint32_t addr = (uint32_t)ww_rng_bits(&rng, 32);
    if (nrun && ww_rng_chance(&rng, 4, 5)) {
      ow = (int)runl[ww_rng_below(&rng, nrun)];
      rwarp_t *r = &t.w[ow];
      if (mode == M_LOCK) {
        switch (r->st) {
        case S_IDLE:
          if (ww_rng_chance(&rng, 1, 3)) {
            r->lk_addr = pool[ww_rng_below(&rng, npool)];
            r->lk_scope = (int)ww_rng_bits(&rng, 1);
            r->spins = 1 + (int)ww_rng_below(&rng, 3);
            r->st = S_ACQ;
          }
          op = ww_rng_chance(&rng, 1, 2) ? FBLK : FDEV;      /* stray fence, nothing pending */
          break;
        case S_ACQ:
          op = CAS, addr = r->lk_addr | (uint32_t)ww_rng_bits(&rng, 2), blk = r->lk_scope;
          if (--r->spins == 0)
            r->st = S_FENCE;
          break;
        case S_FENCE:
          /* a block lock is acquired by either fence; a device lock only by
           * fence.dev, and a fence.blk first must not activate it */
          op = r->lk_scope || ww_rng_chance(&rng, 1, 4) ? (ww_rng_chance(&rng, 1, 2) ? FBLK : FDEV)
                                                        : FDEV;
          if (op == FDEV || r->lk_scope)
            r->st = S_CS;
          break;
        case S_CS:
          op = ww_rng_chance(&rng, 1, 2) ? FBLK : FDEV;
          if (ww_rng_chance(&rng, 1, 4))
            r->st = S_RFENCE;
          break;
        case S_RFENCE:
          op = r->lk_scope ? FBLK : FDEV;
          r->st = S_REL;
          break;
        default: /* S_REL */
          op = EXCH, addr = r->lk_addr | (uint32_t)ww_rng_bits(&rng, 2), blk = r->lk_scope;
          r->st = S_IDLE;
          break;
        }
      } else if (mode == M_NEST) {
        /* an outer lock held across 1..6 inner critical sections */
        op = FDEV;
        switch (r->st) {
        case N_IDLE:
          r->lk_addr = pool[ww_rng_below(&rng, npool)];
          r->lk_scope = (int)ww_rng_bits(&rng, 1);
          r->spins = 1 + (int)ww_rng_below(&rng, 6);
          r->st = N_OCAS;
          break;
        case N_OCAS:
          op = CAS, addr = r->lk_addr, blk = r->lk_scope, r->st = N_OFENCE;
          break;
        case N_OFENCE:
          r->st = N_ICAS;
          break;
        case N_ICAS:
          do
            r->in_addr = pool[ww_rng_below(&rng, npool)];
          while (r->in_addr == r->lk_addr);
          r->in_scope = r->lk_scope;
          op = CAS, addr = r->in_addr, blk = r->in_scope, r->st = N_IFENCE;
          break;
        case N_IFENCE:
          r->st = N_IRFENCE;
          break;
        case N_IRFENCE:
          r->st = N_IEXCH;
          break;
        case N_IEXCH:
          op = EXCH, addr = r->in_addr, blk = r->in_scope;
          r->st = --r->spins ? N_ICAS : N_ORFENCE;
          break;
        case N_ORFENCE:
          r->st = N_OEXCH;
          break;
        default: /* N_OEXCH */
          op = EXCH, addr = r->lk_addr, blk = r->lk_scope, r->st = N_IDLE;
          break;
        }
      } else {
        unsigned p = (unsigned)ww_rng_below(&rng, 100);
        op = p < 40 ? CAS : p < 65 ? EXCH : p < 85 ? FBLK : FDEV;
        if (op == CAS || op == EXCH)
          addr = pool[ww_rng_below(&rng, npool)] | (uint32_t)ww_rng_bits(&rng, 2);
      }
    }
    int rd = ww_rng_chance(&rng, 1, 2) && ow >= 0 ? ow : (int)ww_rng_bits(&rng, wid_w);
    if (rst) {                                         /* the harness resets the references */
      tb_cycle(&t, ow, op, addr, blk, clr, rd);
      continue;
    }
    tb_cycle(&t, ow, op, addr, blk, clr, rd);
    if (clr >= 0)
      t.w[clr].ctaid = ww_rng_chance(&rng, 1, 8) ? 0xffffffffu : (uint32_t)ww_rng_below(&rng, 70);
  }
  if (t.nonzero < cycles / 20) {
    printf("FAIL: mode %d %u/%u/%u/%u: traffic too thin (%" PRIu64 " nonzero Blooms)\n", mode,
           warps, entries, hash_w, bloom_w, t.nonzero);
    failures++;
  }
  *checked += t.ideal_checked;
  *missed += t.ideal_missed;
  ww_scord_locktab_free(t.m);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, cycles = 100000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_scord_locktab [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  hand_cases();
  static const unsigned pts[][4] = { { 4, 4, 6, 16 }, { 1, 1, 2, 4 }, { 3, 3, 5, 8 },
                                     { 2, 2, 4, 8 }, { 4, 8, 8, 32 } };
  static const char *names[] = { "lock", "multi", "alias", "nest" };
  static const char *why[] = { " (must be 0)", " (queue eviction, counted)",
                               " (eviction + hash aliasing, counted)",
                               " (counted: the 1-entry point evicts, small hashes alias)" };
  uint64_t chk[M_N] = { 0 }, miss[M_N] = { 0 };
  for (int mode = 0; mode < M_N; mode++)
    for (unsigned p = 0; p < sizeof pts / sizeof pts[0]; p++)
      run(mode, pts[p][0], pts[p][1], pts[p][2], pts[p][3], cycles / 5, &chk[mode], &miss[mode]);
  for (int mode = 0; mode < M_N; mode++)
    printf("  %-5s stream: %" PRIu64 " held-lock reads, %" PRIu64 " (%.1f %%) missed by the Bloom%s\n",
           names[mode], chk[mode], miss[mode], chk[mode] ? 100.0 * (double)miss[mode] / (double)chk[mode] : 0.0,
           why[mode]);
  if (!chk[M_LOCK] || !miss[M_MULTI] || !miss[M_ALIAS] || !chk[M_NEST]) {
    printf("FAIL: streams too thin to show held locks and both approximations\n");
    failures++;
  }
  printf("test_scord_locktab: %" PRIu64 " checks, 5 parameter points x 4 streams: %s\n", checks,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
