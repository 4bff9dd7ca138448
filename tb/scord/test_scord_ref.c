/* SPDX-License-Identifier: Apache-2.0
 *
 * test_scord_ref -- unit test of the independent ScoRD reference detector
 * (tb/scord/ww_scord_ref.c), run under ASan + UBSan by `make test`
 * (scord/ref).
 *
 * Directed traces, one per row of Table III (a)(b)(c) and Table IV (a)..(f)
 * of ScoRD (ISCA 2020), each with the expected verdict, type, scope and
 * accessors;
 * negative cases (fenced message passing, device-scope lock/unlock across
 * blocks, block-scope lock/unlock inside a block, same-warp accesses,
 * barriers); one case per hardware approximation showing how the ideal and
 * the approximate views differ and which flag explains it (ALIAS, WRAP,
 * BLKID, BARWRAP, EVICT, LATER); the word order inside one instruction.
 * Random traces check properties: determinism, plausibility of every race
 * against an independent access history, invariance of the ideal view under
 * address and ctaid renaming and under the approximate view's
 * configuration, exact agreement of the views when no approximation can
 * bite, bookkeeping of counts and flags, and no race from one warp alone.
 * Ends with "N passed, N failed".
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_scord_ref.h"

static int g_fail, g_pass, g_case_fail;

#define CHECK(cond, ...)                                                 \
  do {                                                                   \
    if (!(cond)) {                                                       \
      printf("  FAIL %s:%d: ", __func__, __LINE__);                      \
      printf(__VA_ARGS__);                                               \
      printf("\n");                                                      \
      g_case_fail = 1;                                                   \
    }                                                                    \
  } while (0)

enum { IDEAL = 0, HW = 1 };

/* Accessors used by the directed traces (2 SMs x 4 warps):
 *   A = sm0 w0, B = sm0 w1: block (ctaid) 0
 *   C = sm1 w0, D = sm1 w1: block 1 */
typedef struct {
  unsigned sm, w;
  uint32_t cta;
} who_t;
static const who_t A = { 0, 0, 0 }, B = { 0, 1, 0 }, C = { 1, 0, 1 }, D = { 1, 1, 1 };

#define X  0x10000u
#define Y  0x10004u
#define Z  0x10008u
#define L  0x20000u   /* a lock word */

#define LD  WW_SCORD_REF_LOAD
#define ST  WW_SCORD_REF_STORE
#define LDS WW_SCORD_REF_LOAD_STRONG
#define STS WW_SCORD_REF_STORE_STRONG
#define AB  WW_SCORD_REF_ATOM_BLK
#define AD  WW_SCORD_REF_ATOM_DEV
#define CB  WW_SCORD_REF_CAS_BLK
#define CD  WW_SCORD_REF_CAS_DEV
#define EB  WW_SCORD_REF_EXCH_BLK
#define ED  WW_SCORD_REF_EXCH_DEV

static ww_scord_ref_t *mkref(void)
{
  ww_scord_ref_cfg_t c;
  ww_scord_ref_default_cfg(&c, 2, 4);
  c.line_bytes = 32;
  c.lock_entries = 4;
  c.blockid_w = 7;
  c.fenceid_w = 6;
  c.barid_w = 8;
  ww_scord_ref_t *r = ww_scord_ref_new_cfg(&c);
  if (!r) {
    printf("ww_scord_ref_new_cfg failed\n");
    exit(1);
  }
  return r;
}

/* one lane (lane 0), a word access */
static void acc(ww_scord_ref_t *r, uint32_t pc, who_t who, unsigned kind, uint32_t addr)
{
  ww_scord_ref_access_t a;
  memset(&a, 0, sizeof a);
  a.pc = pc;
  a.sm = who.sm;
  a.hwwarp = who.w;
  a.ctaid = who.cta;
  a.kind = kind;
  a.mask = 1;
  a.addr[0] = addr;
  a.bytes = 4;
  if (ww_scord_ref_access(r, &a) != 0) {
    printf("  access rejected pc=%x\n", (unsigned)pc);
    g_case_fail = 1;
  }
}

static void fence(ww_scord_ref_t *r, who_t who, int dev)
{
  if (ww_scord_ref_fence(r, who.sm, who.w, dev) != 0) {
    g_case_fail = 1;
  }
}

static void bar(ww_scord_ref_t *r, uint32_t cta)
{
  if (ww_scord_ref_barrier_release(r, 0, cta) != 0) {
    g_case_fail = 1;
  }
}

/* lock = CAS + fence, unlock = fence + EXCH (§III-A) */
static void lock(ww_scord_ref_t *r, uint32_t pc, who_t who, int blk_atomic, int dev_fence, uint32_t l)
{
  acc(r, pc, who, blk_atomic ? CB : CD, l);
  fence(r, who, dev_fence);
}

static void unlock(ww_scord_ref_t *r, uint32_t pc, who_t who, int blk_atomic, int dev_fence, uint32_t l)
{
  fence(r, who, dev_fence);
  acc(r, pc, who, blk_atomic ? EB : ED, l);
}

static size_t list(const ww_scord_ref_t *r, int view, const ww_scord_ref_race_t **out)
{
  return view == IDEAL ? ww_scord_ref_races(r, out) : ww_scord_ref_approx_races(r, out);
}

static const ww_scord_ref_race_t *find(const ww_scord_ref_t *r, int view, uint32_t pc, uint32_t addr,
                                       unsigned type)
{
  const ww_scord_ref_race_t *x;
  size_t n = list(r, view, &x);
  for (size_t i = 0; i < n; i++) {
    if (x[i].pc == pc && x[i].addr == addr && x[i].type == type) {
      return &x[i];
    }
  }
  return NULL;
}

static size_t nraces(const ww_scord_ref_t *r, int view)
{
  return list(r, view, NULL);
}

static void dump(const ww_scord_ref_t *r)
{
  if (g_case_fail) {
    ww_scord_ref_print(r, stdout);
  }
}

/* exactly one race in both views: (type, scope) at (pc, addr), current and
 * previous accessor as given, agreeing */
static void expect_one(const ww_scord_ref_t *r, uint32_t pc, uint32_t addr, unsigned type, int scope_blk,
                       who_t cur, who_t prev)
{
  for (int v = IDEAL; v <= HW; v++) {
    CHECK(nraces(r, v) == 1, "view %d: %zu races, want 1", v, nraces(r, v));
    const ww_scord_ref_race_t *x = find(r, v, pc, addr, type);
    CHECK(x != NULL, "view %d: no (%c) at pc=%x addr=%x", v, ww_scord_ref_type_char(type), (unsigned)pc,
          (unsigned)addr);
    if (!x) {
      continue;
    }
    CHECK(x->scope_blk == scope_blk, "view %d: scope %d want %d", v, x->scope_blk, scope_blk);
    CHECK(x->cur_sm == cur.sm && x->cur_warp == cur.w && x->cur_ctaid == cur.cta, "view %d: cur", v);
    CHECK(x->prev_sm == prev.sm && x->prev_warp == prev.w && x->prev_ctaid == prev.cta,
          "view %d: prev sm%u.w%u/%u", v, x->prev_sm, x->prev_warp, (unsigned)x->prev_ctaid);
    CHECK(x->count == 1 && x->agree == 1 && x->flags == 0, "view %d: count %u agree %u flags %x", v,
          x->count, x->agree, x->flags);
  }
}

static void expect_none(const ww_scord_ref_t *r)
{
  CHECK(nraces(r, IDEAL) == 0, "%zu ideal races, want none", nraces(r, IDEAL));
  CHECK(nraces(r, HW) == 0, "%zu hw races, want none", nraces(r, HW));
}

/* ======================================================== Table III */

/* III(a): the first access of a word (M, BS, DS all set) never races, of
 * any kind, by any warp -- even a load, although INIT has M set */
static void t3a_initialisation(void)
{
  ww_scord_ref_t *r = mkref();
  acc(r, 0x100, C, LD, X);
  acc(r, 0x104, D, ST, Y);
  acc(r, 0x108, A, AB, Z);
  acc(r, 0x10c, B, CD, L);
  expect_none(r);
  /* ... and it leaves the word owned: the next access is checked */
  acc(r, 0x110, A, ST, Y);
  expect_one(r, 0x110, Y, WW_SCORD_REF_RACE_B, 0, A, D);
  dump(r);
  ww_scord_ref_free(r);
}

/* III(b): program order -- one warp, any mix of kinds, fences between,
 * never races; 32 lanes on one word are checked once */
static void t3b_program_order(void)
{
  ww_scord_ref_t *r = mkref();
  static const unsigned kinds[] = { ST, LD, STS, LDS, AB, AD, CB, EB, CD, ED, LD, ST };
  uint32_t pc = 0x200;
  for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    acc(r, pc, C, kinds[i], X);
    pc += 4;
    fence(r, C, (int)(i & 1));
    acc(r, pc, C, kinds[(i + 3) % 12], X);
    pc += 4;
  }
  ww_scord_ref_stats_t st0, st1;
  ww_scord_ref_stats(r, &st0);
  ww_scord_ref_access_t a;
  memset(&a, 0, sizeof a);
  a.pc = pc;
  a.sm = C.sm;
  a.hwwarp = C.w;
  a.ctaid = C.cta;
  a.kind = ST;
  a.mask = 0xffffffffu;
  a.bytes = 1;
  for (unsigned l = 0; l < 32; l++) {
    a.addr[l] = X + (l & 3u);   /* four bytes of X, eight times */
  }
  CHECK(ww_scord_ref_access(r, &a) == 0, "access");
  ww_scord_ref_stats(r, &st1);
  CHECK(st1.checks - st0.checks == 1, "32 lanes on one word: %llu checks",
        (unsigned long long)(st1.checks - st0.checks));
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);

  /* [A] step 2: the owner's load after its own fence clears M, so another
   * warp's later load is no conflict; without the fence it is IV(a) */
  r = mkref();
  acc(r, 0x280, A, STS, X);
  fence(r, A, 0);
  acc(r, 0x284, A, LDS, X);
  acc(r, 0x288, B, LDS, X);
  acc(r, 0x290, A, STS, Y);
  acc(r, 0x294, A, LDS, Y);
  acc(r, 0x298, B, LDS, Y);
  expect_one(r, 0x298, Y, WW_SCORD_REF_RACE_A, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);
}

/* III(c): a barrier between warps of one block makes their accesses
 * race-free; it does not order another block; and it does not apply once
 * the word is device-shared (!DS) */
static void t3c_barrier(void)
{
  ww_scord_ref_t *r = mkref();
  acc(r, 0x300, A, ST, X);
  bar(r, 0);
  acc(r, 0x304, B, LD, X);
  acc(r, 0x308, B, ST, X);
  expect_none(r);
  ww_scord_ref_free(r);

  /* without the barrier: IV(a) */
  r = mkref();
  acc(r, 0x300, A, ST, X);
  acc(r, 0x304, B, LD, X);
  expect_one(r, 0x304, X, WW_SCORD_REF_RACE_A, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);

  /* block 0's barrier does not order block 1: IV(b) */
  r = mkref();
  acc(r, 0x300, A, ST, X);
  bar(r, 0);
  acc(r, 0x304, C, LD, X);
  expect_one(r, 0x304, X, WW_SCORD_REF_RACE_B, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);

  /* A and C read X (DS set, owner A kept); block 0 barrier; B writes X:
   * III(c) fails on DS, and the write races with C's read. [A]: IV(a)'s
   * "|| (W && DS)" reports it against the owner A, so block scope. */
  r = mkref();
  acc(r, 0x300, A, LD, X);
  acc(r, 0x304, C, LD, X);
  bar(r, 0);
  acc(r, 0x308, B, ST, X);
  expect_one(r, 0x308, X, WW_SCORD_REF_RACE_A, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);
}

/* ======================================================== Table IV */

/* IV(a): same block, no fence between a write and another warp's access */
static void t4a_missing_block_fence(void)
{
  ww_scord_ref_t *r = mkref();   /* RAW */
  acc(r, 0x400, A, STS, X);
  acc(r, 0x404, B, LDS, X);
  expect_one(r, 0x404, X, WW_SCORD_REF_RACE_A, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* WAW */
  acc(r, 0x400, A, STS, X);
  acc(r, 0x404, B, STS, X);
  expect_one(r, 0x404, X, WW_SCORD_REF_RACE_A, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);

  /* [A] "|| (W && DS)": A fenced (block) after its read, but C of another
   * block read too (DS); B's write is (a) against the owner A */
  r = mkref();
  acc(r, 0x410, A, LDS, X);
  fence(r, A, 0);
  acc(r, 0x414, C, LDS, X);
  acc(r, 0x418, B, STS, X);
  expect_one(r, 0x418, X, WW_SCORD_REF_RACE_A, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);

  /* [A] read sharing keeps the owner: A reads, B reads (BS), A writes:
   * the WAR with B is reported against the owner A, i.e. prev = cur */
  r = mkref();
  acc(r, 0x420, A, LDS, X);
  acc(r, 0x424, B, LDS, X);
  acc(r, 0x428, A, STS, X);
  expect_one(r, 0x428, X, WW_SCORD_REF_RACE_A, 1, A, A);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* a device fence is also a block fence */
  acc(r, 0x400, A, STS, X);
  fence(r, A, 0);
  acc(r, 0x404, B, LDS, X);
  acc(r, 0x408, A, STS, Y);
  fence(r, A, 1);
  acc(r, 0x40c, B, LDS, Y);
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);
}

/* IV(b): other block, only a block fence (or none) */
static void t4b_missing_device_fence(void)
{
  ww_scord_ref_t *r = mkref();
  acc(r, 0x500, A, STS, X);
  fence(r, A, 0);
  acc(r, 0x504, C, LDS, X);
  expect_one(r, 0x504, X, WW_SCORD_REF_RACE_B, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* a device fence orders it */
  acc(r, 0x500, A, STS, X);
  fence(r, A, 1);
  acc(r, 0x504, C, LDS, X);
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);
}

/* IV(c): fenced, but one access is not strong */
static void t4c_not_strong(void)
{
  ww_scord_ref_t *r = mkref();   /* device: plain write */
  acc(r, 0x600, A, ST, X);
  fence(r, A, 1);
  acc(r, 0x604, C, LDS, X);
  expect_one(r, 0x604, X, WW_SCORD_REF_RACE_C, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* device: plain read */
  acc(r, 0x600, A, STS, X);
  fence(r, A, 1);
  acc(r, 0x604, C, LD, X);
  expect_one(r, 0x604, X, WW_SCORD_REF_RACE_C, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* block scope */
  acc(r, 0x600, A, ST, X);
  fence(r, A, 0);
  acc(r, 0x604, B, ST, X);
  expect_one(r, 0x604, X, WW_SCORD_REF_RACE_C, 1, B, A);
  dump(r);
  ww_scord_ref_free(r);
}

/* IV(d): a block-scope atomic seen by another block */
static void t4d_scoped_atomic(void)
{
  ww_scord_ref_t *r = mkref();   /* two blocks share a counter with .blk */
  acc(r, 0x700, A, AB, X);
  acc(r, 0x704, C, AB, X);
  expect_one(r, 0x704, X, WW_SCORD_REF_RACE_D, 0, C, A);
  acc(r, 0x700, A, AB, X);       /* the same pair again: counted, not listed twice */
  acc(r, 0x704, C, AB, X);
  for (int v = IDEAL; v <= HW; v++) {
    const ww_scord_ref_race_t *x = find(r, v, 0x704, X, WW_SCORD_REF_RACE_D);
    CHECK(x && x->count == 2 && x->agree == 2, "view %d: repeat not counted", v);
    x = find(r, v, 0x700, X, WW_SCORD_REF_RACE_D);
    CHECK(x && x->count == 1 && x->prev_ctaid == 1, "view %d: A after C's .blk atomic", v);
  }
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* a plain load of another block */
  acc(r, 0x700, A, AB, X);
  fence(r, A, 1);
  acc(r, 0x704, C, LDS, X);
  expect_one(r, 0x704, X, WW_SCORD_REF_RACE_D, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* .blk inside one block, .dev across blocks: fine */
  acc(r, 0x700, A, AB, X);
  acc(r, 0x704, B, AB, X);
  acc(r, 0x708, A, AD, Y);
  acc(r, 0x70c, C, AD, Y);
  acc(r, 0x710, D, AB, Y);       /* .blk after .dev is not IV(d) (md.Scope = dev) */
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);
}

/* IV(e)/(f): a block-scope lock (CAS.blk ... EXCH.blk) used by two blocks;
 * the fences are device fences, so IV(b) does not fire first. The lock
 * word itself gives IV(d) at the second block's CAS. */
static void t4ef_missing_common_lock(void)
{
  ww_scord_ref_t *r = mkref();
  lock(r, 0x800, A, 1, 1, L);
  acc(r, 0x804, A, STS, X);
  unlock(r, 0x808, A, 1, 1, L);
  lock(r, 0x810, C, 1, 1, L);
  acc(r, 0x814, C, LDS, X);     /* (e): load, different locks */
  acc(r, 0x818, C, STS, X);     /* program order after the race's REINIT */
  unlock(r, 0x81c, C, 1, 1, L);
  for (int v = IDEAL; v <= HW; v++) {
    CHECK(nraces(r, v) == 2, "view %d: %zu races, want 2", v, nraces(r, v));
    const ww_scord_ref_race_t *x = find(r, v, 0x814, X, WW_SCORD_REF_RACE_E);
    CHECK(x && !x->scope_blk && x->agree == 1 && x->prev_ctaid == 0, "view %d: (e) at the load", v);
    x = find(r, v, 0x810, L, WW_SCORD_REF_RACE_D);
    CHECK(x && !x->scope_blk && x->agree == 1, "view %d: (d) at the lock word", v);
  }
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* (f): a store only */
  lock(r, 0x800, A, 1, 1, L);
  acc(r, 0x804, A, STS, X);
  unlock(r, 0x808, A, 1, 1, L);
  lock(r, 0x810, C, 1, 1, L);
  acc(r, 0x818, C, STS, X);
  unlock(r, 0x81c, C, 1, 1, L);
  for (int v = IDEAL; v <= HW; v++) {
    const ww_scord_ref_race_t *x = find(r, v, 0x818, X, WW_SCORD_REF_RACE_F);
    CHECK(x && !x->scope_blk && x->agree == 1, "view %d: (f) at the store", v);
    CHECK(nraces(r, v) == 2, "view %d: %zu races, want 2 ((d) + (f))", v, nraces(r, v));
  }
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* (f) also without M: an unlocked read first */
  acc(r, 0x820, A, LDS, X);      /* owner A, M = 0, no lock */
  fence(r, A, 1);                /* (else IV(b): a WAR without a device fence) */
  lock(r, 0x824, C, 0, 1, L);
  acc(r, 0x828, C, STS, X);      /* store holding L: md.Lock = {} -> disjoint */
  for (int v = IDEAL; v <= HW; v++) {
    const ww_scord_ref_race_t *x = find(r, v, 0x828, X, WW_SCORD_REF_RACE_F);
    CHECK(x && nraces(r, v) == 1, "view %d: (f) without M", v);
  }
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* block-scope lock with block fences: IV(b) first */
  lock(r, 0x800, A, 1, 0, L);
  acc(r, 0x804, A, STS, X);
  unlock(r, 0x808, A, 1, 0, L);
  lock(r, 0x810, C, 1, 0, L);
  acc(r, 0x814, C, LDS, X);
  for (int v = IDEAL; v <= HW; v++) {
    CHECK(find(r, v, 0x814, X, WW_SCORD_REF_RACE_B) != NULL, "view %d: (b) at the load", v);
  }
  dump(r);
  ww_scord_ref_free(r);
}

/* ======================================================== negatives */

/* message passing, properly fenced: strong data, fence.dev, flag by device
 * atomics (producer amoswap-like ATOM.dev, consumer polls with ATOM.dev) */
static void neg_message_passing(void)
{
  ww_scord_ref_t *r = mkref();
  acc(r, 0x900, A, STS, X);      /* data */
  fence(r, A, 1);
  acc(r, 0x904, A, AD, Y);       /* flag := 1 */
  acc(r, 0x908, C, AD, Y);       /* poll */
  acc(r, 0x908, C, AD, Y);
  fence(r, C, 1);
  acc(r, 0x90c, C, LDS, X);      /* data */
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);

  /* the same with strong flag stores/loads and no fences (docs/scord.md §5
   * message_passing): the flag and the data both race, IV(b) */
  r = mkref();
  acc(r, 0x900, A, STS, X);
  acc(r, 0x904, A, STS, Y);
  acc(r, 0x908, C, LDS, Y);
  acc(r, 0x90c, C, LDS, X);
  for (int v = IDEAL; v <= HW; v++) {
    CHECK(nraces(r, v) == 2 && find(r, v, 0x908, Y, WW_SCORD_REF_RACE_B) &&
              find(r, v, 0x90c, X, WW_SCORD_REF_RACE_B),
          "view %d: unfenced message passing", v);
  }
  dump(r);
  ww_scord_ref_free(r);
}

/* lock/unlock with CAS.dev + fence.dev ... fence.dev + EXCH.dev, critical
 * section with strong accesses, two blocks and a third warp: race-free;
 * also a block-scope lock with block fences used inside one block */
static void neg_locks(void)
{
  ww_scord_ref_t *r = mkref();
  for (int round = 0; round < 3; round++) {
    static const who_t *const order[] = { &A, &C, &D, &B };
    for (int i = 0; i < 4; i++) {
      who_t w = *order[i];
      lock(r, 0xa00, w, 0, 1, L);
      acc(r, 0xa04, w, LDS, X);
      acc(r, 0xa08, w, STS, X);
      acc(r, 0xa0c, w, LDS, Y);   /* a read-mostly word in the section */
      unlock(r, 0xa10, w, 0, 1, L);
    }
  }
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();
  for (int round = 0; round < 3; round++) {
    lock(r, 0xa20, A, 1, 0, L);
    acc(r, 0xa24, A, LDS, X);
    acc(r, 0xa28, A, STS, X);
    unlock(r, 0xa2c, A, 1, 0, L);
    lock(r, 0xa20, B, 1, 0, L);
    acc(r, 0xa24, B, LDS, X);
    acc(r, 0xa28, B, STS, X);
    unlock(r, 0xa2c, B, 1, 0, L);
  }
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);

  /* a CAS that is never fenced is no lock: its entry stays inactive */
  r = mkref();
  acc(r, 0xa40, A, CD, L);
  acc(r, 0xa44, A, STS, X);
  fence(r, A, 0);   /* a block fence does not activate a device-scope entry */
  acc(r, 0xa48, A, STS, Y);
  fence(r, A, 1);
  acc(r, 0xa4c, C, LDS, X);      /* md.Lock = {} and lk = {}: unprotected, fenced */
  acc(r, 0xa50, C, LDS, Y);
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);
}

/* accesses of one warp never race, whatever happens around them */
static void neg_same_warp(void)
{
  ww_scord_ref_t *r = mkref();
  uint32_t s = 12345;
  for (int i = 0; i < 3000; i++) {
    s = s * 1103515245u + 12345u;
    unsigned op = (s >> 16) % 16;
    uint32_t addr = X + 4u * ((s >> 8) % 8);
    if (op < 10) {
      acc(r, 0xb00 + 4u * op, C, op, addr);
    } else if (op < 13) {
      fence(r, C, (int)(op & 1));
    } else if (op < 15) {
      bar(r, C.cta);
    } else {
      ww_scord_ref_launch_warp(r, C.sm, C.w);
    }
  }
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);
}

/* ======================================================== lock table */

/* the FIFO of §1 "Lock inference": 4 entries overwritten oldest first, no
 * duplicate insert (a spinning CAS), release by EXCH */
static void t_lock_table(void)
{
  /* a spinning CAS on L2 (4 failed attempts) must not push L out */
  ww_scord_ref_t *r = mkref();
  lock(r, 0xe80, A, 0, 1, L);
  for (int i = 0; i < 4; i++) {
    acc(r, 0xe84, A, CD, L + 8);
  }
  fence(r, A, 1);
  acc(r, 0xe88, A, STS, X);
  fence(r, A, 1);
  lock(r, 0xe8c, C, 0, 1, L);
  acc(r, 0xe90, C, LDS, X);
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);

  /* five different locks: the first is overwritten by the fifth */
  r = mkref();
  for (uint32_t i = 0; i < 5; i++) {
    acc(r, 0xea0, A, CD, L + 8 * i);
  }
  fence(r, A, 1);
  acc(r, 0xea4, A, STS, X);
  fence(r, A, 1);
  lock(r, 0xea8, C, 0, 1, L);           /* C holds the first lock only */
  acc(r, 0xeac, C, LDS, X);
  CHECK(find(r, IDEAL, 0xeac, X, WW_SCORD_REF_RACE_E) != NULL, "(e): A lost the first lock");
  CHECK(nraces(r, IDEAL) == 1, "%zu races", nraces(r, IDEAL));
  dump(r);
  ww_scord_ref_free(r);

  /* a write after the unlock is outside the lock: (e) for a locked reader */
  r = mkref();
  lock(r, 0xec0, A, 0, 1, L);
  acc(r, 0xec4, A, STS, X);
  unlock(r, 0xec8, A, 0, 1, L);
  acc(r, 0xecc, A, STS, Y);
  fence(r, A, 1);
  lock(r, 0xed0, C, 0, 1, L);
  acc(r, 0xed4, C, LDS, X);
  acc(r, 0xed8, C, LDS, Y);
  for (int v = IDEAL; v <= HW; v++) {
    CHECK(nraces(r, v) == 1 && find(r, v, 0xed8, Y, WW_SCORD_REF_RACE_E), "view %d: (e) at Y only", v);
  }
  dump(r);
  ww_scord_ref_free(r);

  /* [A] the data's lockset is the intersection of its accessors' sets:
   * A holds {L, L+8}, C reads under {L}, D writes under {L+8}: (f) */
  r = mkref();
  acc(r, 0xef0, A, CD, L);
  acc(r, 0xef0, A, CD, L + 8);
  fence(r, A, 1);
  acc(r, 0xef4, A, STS, X);
  fence(r, A, 1);
  lock(r, 0xef8, C, 0, 1, L);
  acc(r, 0xefc, C, LDS, X);
  lock(r, 0xf00, D, 0, 1, L + 8);
  acc(r, 0xf04, D, STS, X);
  for (int v = IDEAL; v <= HW; v++) {
    CHECK(nraces(r, v) == 1 && find(r, v, 0xf04, X, WW_SCORD_REF_RACE_F), "view %d: (f) at D's store", v);
  }
  dump(r);
  ww_scord_ref_free(r);

  /* [A] a locked reader of another block marks the word device-shared, so a
   * later barrier of the owner's block does not excuse an unlocked write */
  r = mkref();
  lock(r, 0xf10, A, 0, 1, L);
  acc(r, 0xf14, A, STS, X);
  unlock(r, 0xf18, A, 0, 1, L);
  lock(r, 0xf1c, C, 0, 1, L);
  acc(r, 0xf20, C, LDS, X);
  unlock(r, 0xf24, C, 0, 1, L);
  bar(r, 0);
  acc(r, 0xf28, B, STS, X);
  for (int v = IDEAL; v <= HW; v++) {
    const ww_scord_ref_race_t *x = find(r, v, 0xf28, X, WW_SCORD_REF_RACE_F);
    CHECK(nraces(r, v) == 1 && x && x->scope_blk && x->prev_warp == A.w, "view %d: (f) at B's store", v);
  }
  dump(r);
  ww_scord_ref_free(r);

  /* launching a warp clears its table */
  r = mkref();
  lock(r, 0xee0, A, 0, 1, L);
  ww_scord_ref_launch_warp(r, A.sm, A.w);
  acc(r, 0xee4, A, STS, X);
  fence(r, A, 1);
  lock(r, 0xee8, C, 0, 1, L);
  acc(r, 0xeec, C, LDS, X);
  CHECK(find(r, IDEAL, 0xeec, X, WW_SCORD_REF_RACE_E) != NULL, "launch cleared the lock");
  dump(r);
  ww_scord_ref_free(r);
}

/* ======================================================== word order */

/* loads/stores: each word once, ascending within a line, lines in order of
 * first lane; atomics: per lane, in lane order. Visible through which
 * accessor a race names first. */
static void t_word_order(void)
{
  /* A writes X, X+4 and X+36; B then writes them in one instruction with
   * lanes X+36, X+4, X: all three race, checked (so listed) in the order
   * X+36 (its line has the first lane), then X, X+4 (ascending in line 0). */
  ww_scord_ref_t *r = mkref();
  acc(r, 0xc00, A, ST, X);
  acc(r, 0xc00, A, ST, X + 4);
  acc(r, 0xc00, A, ST, X + 36);
  ww_scord_ref_access_t a;
  memset(&a, 0, sizeof a);
  a.pc = 0xc04;
  a.sm = B.sm;
  a.hwwarp = B.w;
  a.ctaid = B.cta;
  a.kind = ST;
  a.mask = 0xf;
  a.addr[0] = X + 36;   /* second line (X is line-aligned, 32 B lines) */
  a.addr[1] = X + 4;
  a.addr[2] = X;
  a.addr[3] = X + 6;    /* a halfword of X+4 again: no second check */
  a.bytes = 2;
  ww_scord_ref_stats_t s0, s1;
  ww_scord_ref_stats(r, &s0);
  CHECK(ww_scord_ref_access(r, &a) == 0, "access");
  ww_scord_ref_stats(r, &s1);
  CHECK(s1.checks - s0.checks == 3, "3 words, %llu checks", (unsigned long long)(s1.checks - s0.checks));
  const ww_scord_ref_race_t *lst;
  size_t n = ww_scord_ref_races(r, &lst);
  CHECK(n == 3 && lst[0].addr == X + 36 && lst[1].addr == X && lst[2].addr == X + 4,
        "check order X+36, X, X+4");
  dump(r);
  ww_scord_ref_free(r);

  /* an atomic with two lanes on one word: two checks, the second in
   * program order after the first; with a .blk atomic of block 1 before,
   * only the first lane races (d) and REINITs */
  r = mkref();
  acc(r, 0xc10, C, AB, X);
  memset(&a, 0, sizeof a);
  a.pc = 0xc14;
  a.sm = A.sm;
  a.hwwarp = A.w;
  a.ctaid = A.cta;
  a.kind = AD;
  a.mask = 0x3;
  a.addr[0] = X;
  a.addr[1] = X;
  a.bytes = 4;
  ww_scord_ref_stats(r, &s0);
  CHECK(ww_scord_ref_access(r, &a) == 0, "access");
  ww_scord_ref_stats(r, &s1);
  CHECK(s1.checks - s0.checks == 2, "atomic: %llu checks, want 2", (unsigned long long)(s1.checks - s0.checks));
  const ww_scord_ref_race_t *x = find(r, IDEAL, 0xc14, X, WW_SCORD_REF_RACE_D);
  CHECK(x && x->count == 1 && nraces(r, IDEAL) == 1, "one (d)");
  dump(r);
  ww_scord_ref_free(r);

  /* the lock summary is taken before the instruction's own update: an EXCH
   * still carries the lock it releases. A's EXCH has a lane on the data
   * word X too; X's md.Lock becomes {L} (program order), so C holding L
   * later finds a common lock. Had the summary been taken after the
   * release, md.Lock would be {} and C's load would be IV(e). */
  r = mkref();
  lock(r, 0xc20, A, 0, 1, L);
  acc(r, 0xc24, A, STS, X);
  fence(r, A, 1);
  memset(&a, 0, sizeof a);
  a.pc = 0xc28;
  a.sm = A.sm;
  a.hwwarp = A.w;
  a.ctaid = A.cta;
  a.kind = ED;
  a.mask = 0x3;
  a.addr[0] = L;
  a.addr[1] = X;   /* EXCH on the data word too: it still holds L */
  a.bytes = 4;
  CHECK(ww_scord_ref_access(r, &a) == 0, "access");
  fence(r, A, 1);                 /* orders the EXCH's write of X */
  lock(r, 0xc2c, C, 0, 1, L);
  acc(r, 0xc30, C, LDS, X);       /* md.Lock = {L} from the EXCH lane: common lock */
  expect_none(r);
  dump(r);
  ww_scord_ref_free(r);
}

/* ======================================================== approximations */

static uint32_t fold6(uint32_t word)
{
  uint32_t h = 0;
  for (unsigned sh = 0; sh < 30; sh += 6) {
    h ^= (word >> sh) & 63u;
  }
  return h;
}

/* ALIAS: two different device locks with one hash look common to the
 * hardware: the ideal (e) is hidden. Then, with the word's states apart,
 * a later disagreement is LATER. */
static void t_alias(void)
{
  uint32_t l2 = ((L >> 2) ^ 0x41u) << 2;   /* flips bit 0 of chunks 0 and 1 */
  CHECK(fold6(l2 >> 2) == fold6(L >> 2) && l2 != L, "test setup: hash collision");
  ww_scord_ref_t *r = mkref();
  lock(r, 0xd00, A, 0, 1, L);
  acc(r, 0xd04, A, STS, X);
  unlock(r, 0xd08, A, 0, 1, L);
  lock(r, 0xd10, C, 0, 1, l2);
  acc(r, 0xd14, C, LDS, X);
  const ww_scord_ref_race_t *x = find(r, IDEAL, 0xd14, X, WW_SCORD_REF_RACE_E);
  CHECK(x && x->agree == 0 && x->flags == WW_SCORD_REF_F_ALIAS, "ideal (e) flagged ALIAS");
  CHECK(nraces(r, HW) == 0, "hw: hidden");
  /* ideal: X reinit to C (M=0, lock {l2}); hw: owner A kept, M=1, DS.
   * A plain load of B: ideal no conflict (M=0); hw (c) against owner A. */
  acc(r, 0xd18, B, LD, X);
  x = find(r, HW, 0xd18, X, WW_SCORD_REF_RACE_C);
  CHECK(x && x->agree == 0 && x->flags == (WW_SCORD_REF_F_ALIAS | WW_SCORD_REF_F_LATER),
        "hw (c) flagged ALIAS|LATER (flags %x)", x ? x->flags : 0u);
  CHECK(nraces(r, IDEAL) == 1, "ideal: nothing new");
  dump(r);
  ww_scord_ref_free(r);

  /* no collision: both views report (e) */
  r = mkref();
  lock(r, 0xd00, A, 0, 1, L);
  acc(r, 0xd04, A, STS, X);
  unlock(r, 0xd08, A, 0, 1, L);
  lock(r, 0xd10, C, 0, 1, L + 4);
  acc(r, 0xd14, C, LDS, X);
  expect_one(r, 0xd14, X, WW_SCORD_REF_RACE_E, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);

  /* a block-scope lock of block 63 hashes like the device lock of its word
   * ((63+1)[5:0] = 0): the hardware cannot tell them apart */
  r = mkref();
  who_t a63 = { 0, 0, 63 }, c64 = { 1, 0, 64 };
  lock(r, 0xd20, a63, 1, 1, L);
  acc(r, 0xd24, a63, STS, X);
  unlock(r, 0xd28, a63, 1, 1, L);
  lock(r, 0xd30, c64, 0, 1, L);
  acc(r, 0xd34, c64, STS, X);
  x = find(r, IDEAL, 0xd34, X, WW_SCORD_REF_RACE_F);
  CHECK(x && x->flags == WW_SCORD_REF_F_ALIAS, "ideal (f) flagged ALIAS");
  CHECK(find(r, HW, 0xd34, X, WW_SCORD_REF_RACE_F) == NULL, "hw: hidden");
  dump(r);
  ww_scord_ref_free(r);
}

/* WRAP: 64 block fences bring the 6-bit counter back: the hardware invents
 * an (a) where the ideal view sees a fence */
static void t_wrap(void)
{
  for (int n = 63; n <= 128; n++) {
    if (n != 63 && n != 64 && n != 65 && n != 128) {
      continue;
    }
    ww_scord_ref_t *r = mkref();
    acc(r, 0xe00, A, STS, X);
    for (int i = 0; i < n; i++) {
      fence(r, A, 0);
    }
    acc(r, 0xe04, B, LDS, X);
    CHECK(nraces(r, IDEAL) == 0, "n=%d: ideal none", n);
    const ww_scord_ref_race_t *x = find(r, HW, 0xe04, X, WW_SCORD_REF_RACE_A);
    if (n % 64 == 0) {
      CHECK(x && x->agree == 0 && x->flags == WW_SCORD_REF_F_WRAP && nraces(r, HW) == 1,
            "n=%d: hw (a) flagged WRAP", n);
    } else {
      CHECK(nraces(r, HW) == 0, "n=%d: hw none", n);
    }
    dump(r);
    ww_scord_ref_free(r);
  }
}

/* BLKID: ctaid 0 and 128 are one BlockID to the hardware */
static void t_blkid(void)
{
  who_t c128 = { 1, 0, 128 };
  ww_scord_ref_t *r = mkref();   /* hidden: the block fence looks enough */
  acc(r, 0xf00, A, STS, X);
  fence(r, A, 0);
  acc(r, 0xf04, c128, LDS, X);
  const ww_scord_ref_race_t *x = find(r, IDEAL, 0xf04, X, WW_SCORD_REF_RACE_B);
  CHECK(x && x->flags == WW_SCORD_REF_F_BLKID && x->agree == 0, "ideal (b) flagged BLKID");
  CHECK(nraces(r, HW) == 0, "hw none");
  dump(r);
  ww_scord_ref_free(r);

  r = mkref();                   /* relabelled: (b) device becomes (a) block */
  acc(r, 0xf00, A, ST, X);
  acc(r, 0xf04, c128, LD, X);
  x = find(r, IDEAL, 0xf04, X, WW_SCORD_REF_RACE_B);
  CHECK(x && x->flags == WW_SCORD_REF_F_BLKID && !x->scope_blk, "ideal (b) flagged BLKID");
  x = find(r, HW, 0xf04, X, WW_SCORD_REF_RACE_A);
  CHECK(x && x->flags == WW_SCORD_REF_F_BLKID && x->scope_blk && x->prev_ctaid == 0,
        "hw (a) flagged BLKID");
  dump(r);
  ww_scord_ref_free(r);
}

/* BARWRAP: 256 barriers bring the 8-bit BarrierID back */
static void t_barwrap(void)
{
  for (int n = 255; n <= 256; n++) {
    ww_scord_ref_t *r = mkref();
    acc(r, 0xf10, A, ST, X);
    for (int i = 0; i < n; i++) {
      bar(r, 0);
    }
    acc(r, 0xf14, B, LD, X);
    CHECK(nraces(r, IDEAL) == 0, "n=%d: ideal none", n);
    const ww_scord_ref_race_t *x = find(r, HW, 0xf14, X, WW_SCORD_REF_RACE_A);
    if (n == 256) {
      CHECK(x && x->flags == WW_SCORD_REF_F_BARWRAP && nraces(r, HW) == 1, "hw (a) flagged BARWRAP");
    } else {
      CHECK(nraces(r, HW) == 0, "n=%d: hw none", n);
    }
    dump(r);
    ww_scord_ref_free(r);
  }
}

/* EVICT: cached mode, one set, one partition: X and X+32 share a slot */
static void t_evict(void)
{
  ww_scord_ref_cfg_t c;
  ww_scord_ref_default_cfg(&c, 2, 4);
  c.line_bytes = 32;
  c.blockid_w = 7;
  c.fenceid_w = 6;
  c.barid_w = 8;
  c.cache_part = 1;
  c.cache_sets = 1;
  c.tag_w = 4;
  ww_scord_ref_t *r = ww_scord_ref_new_cfg(&c);
  CHECK(r != NULL, "cfg");
  if (!r) {
    return;
  }
  acc(r, 0xf20, A, ST, X);
  acc(r, 0xf24, C, ST, X + 32);   /* takes the slot */
  acc(r, 0xf28, C, LD, X);        /* ideal (b); hw: INIT again */
  const ww_scord_ref_race_t *x = find(r, IDEAL, 0xf28, X, WW_SCORD_REF_RACE_B);
  CHECK(x && x->flags == WW_SCORD_REF_F_EVICT && x->agree == 0, "ideal (b) flagged EVICT");
  CHECK(nraces(r, HW) == 0, "hw none");
  ww_scord_ref_stats_t st;
  ww_scord_ref_stats(r, &st);
  CHECK(st.evictions == 2, "evictions %llu", (unsigned long long)st.evictions);
  dump(r);
  ww_scord_ref_free(r);

  /* a tag that wraps (16 lines further with tag_w 4) aliases in the hardware:
   * the slot holds X+32's state (M=1 by C) for a word nobody touched */
  r = ww_scord_ref_new_cfg(&c);
  CHECK(r != NULL, "cfg");
  if (!r) {
    return;
  }
  acc(r, 0xf24, C, ST, X + 32);
  acc(r, 0xf2c, D, LD, X + 32 + 16 * 32);
  x = find(r, HW, 0xf2c, X + 32 + 16 * 32, WW_SCORD_REF_RACE_A);
  CHECK(x && x->flags == WW_SCORD_REF_F_EVICT, "hw (a) on a tag alias, flagged EVICT");
  CHECK(nraces(r, IDEAL) == 0, "ideal: a first access");
  dump(r);
  ww_scord_ref_free(r);

  /* the same in full mode: both report (b) */
  r = mkref();
  acc(r, 0xf20, A, ST, X);
  acc(r, 0xf24, C, ST, X + 32);
  acc(r, 0xf28, C, LD, X);
  expect_one(r, 0xf28, X, WW_SCORD_REF_RACE_B, 0, C, A);
  dump(r);
  ww_scord_ref_free(r);
}

/* ======================================================== API */

static void t_api(void)
{
  ww_scord_ref_cfg_t c;
  ww_scord_ref_default_cfg(&c, 2, 4);
  CHECK(ww_scord_ref_new(0, 4) == NULL, "num_sm 0");
  c.line_bytes = 24;
  CHECK(ww_scord_ref_new_cfg(&c) == NULL, "line 24");
  ww_scord_ref_default_cfg(&c, 2, 4);
  c.lock_entries = 9;
  CHECK(ww_scord_ref_new_cfg(&c) == NULL, "lock entries 9");
  ww_scord_ref_t *r = ww_scord_ref_new(2, 4);
  CHECK(r != NULL, "defaults");
  if (!r) {
    return;
  }
  ww_scord_ref_access_t a;
  memset(&a, 0, sizeof a);
  a.sm = 2;
  a.bytes = 4;
  a.mask = 1;
  CHECK(ww_scord_ref_access(r, &a) == -1, "sm out of range");
  a.sm = 0;
  a.hwwarp = 4;
  CHECK(ww_scord_ref_access(r, &a) == -1, "warp out of range");
  a.hwwarp = 0;
  a.kind = WW_SCORD_REF_NUM_KINDS;
  CHECK(ww_scord_ref_access(r, &a) == -1, "kind");
  a.kind = LD;
  a.bytes = 0;
  CHECK(ww_scord_ref_access(r, &a) == -1, "bytes 0");
  a.bytes = 4;
  a.addr[0] = 0xfffffffeu;
  CHECK(ww_scord_ref_access(r, &a) == -1, "past 4 GiB");
  a.addr[0] = 0xfffffffcu;
  CHECK(ww_scord_ref_access(r, &a) == 0, "last word");
  CHECK(ww_scord_ref_fence(r, 0, 4, 1) == -1, "fence warp");
  CHECK(ww_scord_ref_launch_warp(r, 2, 0) == -1, "launch sm");
  CHECK(ww_scord_ref_barrier_release(r, 2, 0) == -1, "barrier sm");
  char b[64];
  CHECK(strcmp(ww_scord_ref_flags_str(0, b, sizeof b), "-") == 0, "flags 0");
  CHECK(strcmp(ww_scord_ref_flags_str(WW_SCORD_REF_F_ALIAS | WW_SCORD_REF_F_LATER, b, sizeof b),
               "ALIAS|LATER") == 0,
        "flags str %s", b);
  CHECK(ww_scord_ref_type_char(WW_SCORD_REF_RACE_A) == 'a' &&
            ww_scord_ref_type_char(WW_SCORD_REF_RACE_F) == 'f' &&
            ww_scord_ref_type_char(WW_SCORD_REF_RACE_F + 1) == '?',
        "type char");
  ww_scord_ref_free(r);
  ww_scord_ref_free(NULL);
}

/* ======================================================== random traces */

enum { EV_ACC, EV_FENCE, EV_BAR, EV_LAUNCH };

typedef struct {
  int op;
  ww_scord_ref_access_t a;   /* EV_ACC; sm/hwwarp/ctaid also for the others */
  int dev;
} ev_t;

#define NSM  2
#define WPS  4
#define MAXEV 600

typedef struct {
  ev_t ev[MAXEV];
  int n;
} trace_t;

typedef struct {
  uint64_t s;
} rng_t;

static uint32_t rnd(rng_t *g)
{
  g->s = g->s * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(g->s >> 33);
}

/* knobs of one random trace */
typedef struct {
  uint32_t cta_base;   /* ctaid of block (sm, w/2) = base + 2 sm + w/2 */
  bool locks;          /* CAS / EXCH allowed */
  bool one_warp;       /* every event by sm1 w2 */
  int max_fences;      /* per warp and scope; -1 unbounded */
  int nev;
} knobs_t;

#define DBASE 0x40000u   /* 3 lines of data words */
#define LBASE 0x40060u   /* 2 lock words right after (same line region) */

static void gen(trace_t *t, rng_t *g, const knobs_t *k)
{
  int fb[NSM * WPS][2];
  memset(fb, 0, sizeof fb);
  t->n = 0;
  for (int i = 0; i < k->nev && i < MAXEV; i++) {
    ev_t *e = &t->ev[t->n];
    memset(e, 0, sizeof *e);
    unsigned sm = k->one_warp ? 1 : rnd(g) % NSM;
    unsigned w = k->one_warp ? 2 : rnd(g) % WPS;
    e->a.sm = sm;
    e->a.hwwarp = w;
    e->a.ctaid = k->cta_base + 2 * sm + w / 2;
    e->a.pc = 0x1000u + 4u * (uint32_t)t->n;   /* unique: names the event */
    unsigned r = rnd(g) % 100;
    if (r < 70) {
      e->op = EV_ACC;
      unsigned kind = rnd(g) % (k->locks ? 10u : 6u);
      if (k->locks && rnd(g) % 3 == 0) {
        kind = 6 + rnd(g) % 4;   /* more CAS/EXCH */
      }
      e->a.kind = kind;
      e->a.bytes = (kind >= 4) ? 4 : (unsigned[]){ 1, 2, 4, 4 }[rnd(g) % 4];
      unsigned nl = 1 + rnd(g) % 3;
      for (unsigned j = 0; j < nl; j++) {
        unsigned lane = rnd(g) % 32;
        e->a.mask |= 1u << lane;
        uint32_t addr;
        if (kind >= 6 && rnd(g) % 4 != 0) {
          addr = LBASE + 4 * (rnd(g) % 2);
        } else {
          addr = DBASE + 4 * (rnd(g) % 24);
        }
        if (kind < 4) {
          addr += (rnd(g) % 4) & ~(e->a.bytes - 1) & 3u;   /* aligned sub-word */
        }
        e->a.addr[lane] = addr;
      }
    } else if (r < 88) {
      e->op = EV_FENCE;
      e->dev = (int)(rnd(g) % 2);
      int *c = &fb[sm * WPS + w][e->dev];
      if (k->max_fences >= 0 && *c >= k->max_fences) {
        continue;
      }
      (*c)++;
    } else if (r < 96) {
      e->op = EV_BAR;
    } else {
      e->op = EV_LAUNCH;
    }
    t->n++;
  }
}

/* replay with renaming: addresses + addr_off, ctaids + cta_off */
static ww_scord_ref_t *run(const trace_t *t, const ww_scord_ref_cfg_t *cfg, uint32_t addr_off, uint32_t cta_off)
{
  ww_scord_ref_t *r = ww_scord_ref_new_cfg(cfg);
  if (!r) {
    return NULL;
  }
  for (int i = 0; i < t->n; i++) {
    const ev_t *e = &t->ev[i];
    int rc = 0;
    switch (e->op) {
    case EV_ACC: {
      ww_scord_ref_access_t a = e->a;
      a.ctaid += cta_off;
      for (unsigned l = 0; l < 32; l++) {
        a.addr[l] += addr_off;
      }
      rc = ww_scord_ref_access(r, &a);
      break;
    }
    case EV_FENCE:
      rc = ww_scord_ref_fence(r, e->a.sm, e->a.hwwarp, e->dev);
      break;
    case EV_BAR:
      rc = ww_scord_ref_barrier_release(r, e->a.sm, e->a.ctaid + cta_off);
      break;
    default:
      rc = ww_scord_ref_launch_warp(r, e->a.sm, e->a.hwwarp);
      break;
    }
    if (rc != 0) {
      printf("  replay: event %d rejected\n", i);
      g_case_fail = 1;
    }
  }
  return r;
}

static bool same_ideal(const ww_scord_ref_race_t *x, const ww_scord_ref_race_t *y, uint32_t addr_off, uint32_t cta_off)
{
  return x->pc == y->pc && x->addr + addr_off == y->addr && x->type == y->type && x->scope_blk == y->scope_blk &&
         x->kind == y->kind && x->cur_sm == y->cur_sm && x->cur_warp == y->cur_warp &&
         x->prev_sm == y->prev_sm && x->prev_warp == y->prev_warp && x->cur_ctaid + cta_off == y->cur_ctaid &&
         x->prev_ctaid + cta_off == y->prev_ctaid && x->count == y->count;
}

static bool lists_equal_ideal(const ww_scord_ref_t *r1, const ww_scord_ref_t *r2, uint32_t addr_off, uint32_t cta_off)
{
  const ww_scord_ref_race_t *x, *y;
  size_t n1 = ww_scord_ref_races(r1, &x), n2 = ww_scord_ref_races(r2, &y);
  if (n1 != n2) {
    return false;
  }
  for (size_t i = 0; i < n1; i++) {
    if (!same_ideal(&x[i], &y[i], addr_off, cta_off)) {
      return false;
    }
  }
  return true;
}

static bool lists_identical(const ww_scord_ref_t *r1, const ww_scord_ref_t *r2, int view)
{
  const ww_scord_ref_race_t *x, *y;
  size_t n1 = list(r1, view, &x), n2 = list(r2, view, &y);
  if (n1 != n2) {
    return false;
  }
  for (size_t i = 0; i < n1; i++) {
    if (!same_ideal(&x[i], &y[i], 0, 0) || x[i].agree != y[i].agree || x[i].flags != y[i].flags) {
      return false;
    }
  }
  return true;
}

static bool kind_w(unsigned k)
{
  return k != LD && k != LDS;
}

static bool kind_strong(unsigned k)
{
  return k != LD && k != ST;
}

/* The plausibility of every ideal race, against the plain access history of
 * the trace (independent of the detector's state): the event named by pc
 * touched the word and is the current accessor; some other warp or block
 * touched the word before it; the previous accessor touched the word
 * before (or is the current warp: an owner kept over a reader); the scope
 * follows the ctaids; a conflict needs a write; (c) needs a non-strong
 * access; (d) a block-scope atomic of the previous block; (e)/(f) a lock
 * that was acquired (CAS, then a fence). */
static void check_plausible(const trace_t *t, const ww_scord_ref_t *r, int seed)
{
  const ww_scord_ref_race_t *x;
  size_t n = ww_scord_ref_races(r, &x);
  for (size_t i = 0; i < n; i++) {
    const ww_scord_ref_race_t *q = &x[i];
    int e = (int)((q->pc - 0x1000u) / 4u);
    if (e < 0 || e >= t->n || t->ev[e].op != EV_ACC) {
      CHECK(0, "seed %d: race pc %x names no access", seed, (unsigned)q->pc);
      continue;
    }
    const ww_scord_ref_access_t *cur = &t->ev[e].a;
    uint32_t word = q->addr >> 2;
    bool cur_touch = false;
    for (unsigned l = 0; l < 32; l++) {
      if (((cur->mask >> l) & 1u) && (cur->addr[l] >> 2) <= word &&
          word <= ((cur->addr[l] + cur->bytes - 1) >> 2)) {
        cur_touch = true;
      }
    }
    bool other = false, prev_seen = false, any_w = kind_w(cur->kind), weak = !kind_strong(cur->kind);
    bool blk_atom_prev = false, cas_seen = false, lock_active = false;
    for (int j = 0; j < e; j++) {
      const ev_t *p = &t->ev[j];
      if (p->op == EV_FENCE && cas_seen) {
        lock_active = true;
      }
      if (p->op != EV_ACC) {
        continue;
      }
      if (p->a.kind == CB || p->a.kind == CD) {
        cas_seen = true;
      }
      bool touch = false;
      for (unsigned l = 0; l < 32; l++) {
        if (((p->a.mask >> l) & 1u) && (p->a.addr[l] >> 2) <= word &&
            word <= ((p->a.addr[l] + p->a.bytes - 1) >> 2)) {
          touch = true;
        }
      }
      if (!touch) {
        continue;
      }
      if (p->a.sm != cur->sm || p->a.hwwarp != cur->hwwarp || p->a.ctaid != cur->ctaid) {
        other = true;
      }
      if (p->a.sm == q->prev_sm && p->a.hwwarp == q->prev_warp && p->a.ctaid == q->prev_ctaid) {
        prev_seen = true;
        if (p->a.kind == AB || p->a.kind == CB || p->a.kind == EB) {
          blk_atom_prev = true;
        }
      }
      any_w = any_w || kind_w(p->a.kind);
      weak = weak || !kind_strong(p->a.kind);
    }
    bool prev_is_cur = q->prev_sm == cur->sm && q->prev_warp == cur->hwwarp && q->prev_ctaid == cur->ctaid;
    char ty = ww_scord_ref_type_char(q->type);
    CHECK(cur_touch && q->cur_sm == cur->sm && q->cur_warp == cur->hwwarp && q->cur_ctaid == cur->ctaid &&
              q->kind == cur->kind,
          "seed %d: (%c) pc %x: current accessor", seed, ty, (unsigned)q->pc);
    CHECK(other, "seed %d: (%c) pc %x addr %x: no other accessor before", seed, ty, (unsigned)q->pc,
          (unsigned)q->addr);
    CHECK(prev_seen || prev_is_cur, "seed %d: (%c) pc %x: previous accessor never touched the word", seed, ty,
          (unsigned)q->pc);
    CHECK(q->scope_blk == (q->cur_ctaid == q->prev_ctaid), "seed %d: (%c) pc %x: scope", seed, ty,
          (unsigned)q->pc);
    switch (q->type) {
    case WW_SCORD_REF_RACE_A:
      CHECK(q->scope_blk && any_w, "seed %d: (a) pc %x", seed, (unsigned)q->pc);
      break;
    case WW_SCORD_REF_RACE_B:
      CHECK(!q->scope_blk && any_w, "seed %d: (b) pc %x", seed, (unsigned)q->pc);
      break;
    case WW_SCORD_REF_RACE_C:
      CHECK(any_w && weak, "seed %d: (c) pc %x", seed, (unsigned)q->pc);
      break;
    case WW_SCORD_REF_RACE_D:
      CHECK(!q->scope_blk && blk_atom_prev, "seed %d: (d) pc %x", seed, (unsigned)q->pc);
      break;
    case WW_SCORD_REF_RACE_E:
    case WW_SCORD_REF_RACE_F:
      CHECK(lock_active && any_w && (q->type == WW_SCORD_REF_RACE_F) == kind_w(cur->kind),
            "seed %d: (%c) pc %x", seed, ty, (unsigned)q->pc);
      break;
    default:
      CHECK(0, "seed %d: type %u", seed, q->type);
      break;
    }
  }
}

static void check_books(const ww_scord_ref_t *r, int seed, bool cached)
{
  ww_scord_ref_stats_t st;
  ww_scord_ref_stats(r, &st);
  for (int v = IDEAL; v <= HW; v++) {
    const ww_scord_ref_race_t *x;
    size_t n = list(r, v, &x);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
      sum += x[i].count;
      CHECK(x[i].type >= WW_SCORD_REF_RACE_A && x[i].type <= WW_SCORD_REF_RACE_F &&
                x[i].count >= 1 && x[i].agree <= x[i].count &&
                (x[i].flags == 0) == (x[i].agree == x[i].count) && (x[i].addr & 3u) == 0,
            "seed %d view %d entry %zu: count %u agree %u flags %x", seed, v, i, x[i].count, x[i].agree,
            x[i].flags);
      CHECK(cached || !(x[i].flags & WW_SCORD_REF_F_EVICT), "seed %d view %d: EVICT in full mode", seed, v);
      for (size_t j = 0; j < i; j++) {
        CHECK(!(x[j].pc == x[i].pc && x[j].addr == x[i].addr && x[j].type == x[i].type),
              "seed %d view %d: duplicate key", seed, v);
      }
    }
    CHECK(sum == (v == IDEAL ? st.races : st.approx_races), "seed %d view %d: counts", seed, v);
  }
}

static int g_seeds = 400;

static void t_random(void)
{
  int runs = 0, with_races = 0, with_flags = 0, exact = 0;
  for (int seed = 1; seed <= g_seeds && !g_case_fail; seed++) {
    rng_t g = { (uint64_t)seed * 0x9E3779B97F4A7C15ull };
    knobs_t k;
    k.cta_base = (uint32_t[]){ 0, 60, 125, 1000 }[seed % 4];
    k.locks = (seed % 3) != 0;
    k.one_warp = (seed % 17) == 0;
    k.max_fences = (seed % 5 == 0) ? -1 : 40;
    k.nev = 150 + (int)(rnd(&g) % 450);
    static trace_t t;
    gen(&t, &g, &k);

    ww_scord_ref_cfg_t cfg;
    ww_scord_ref_default_cfg(&cfg, NSM, WPS);
    cfg.line_bytes = 32;
    cfg.lock_entries = 4;
    cfg.blockid_w = 7;
    cfg.fenceid_w = (seed % 7 == 0) ? 2 : 6;   /* a narrow counter: wrap happens */
    cfg.barid_w = (seed % 11 == 0) ? 2 : 8;
    ww_scord_ref_t *r1 = run(&t, &cfg, 0, 0);
    ww_scord_ref_t *r2 = run(&t, &cfg, 0, 0);
    ww_scord_ref_cfg_t cc = cfg;   /* cached approximate view, tiny cache */
    cc.cache_part = 2;
    cc.cache_sets = 1;
    cc.tag_w = 2;
    ww_scord_ref_t *r3 = run(&t, &cc, 0, 0);
    ww_scord_ref_cfg_t cb = cfg;   /* cached, but no two touched words share a slot */
    cb.cache_part = 2;
    cb.cache_sets = 1024;
    cb.tag_w = 4;
    ww_scord_ref_t *r6 = run(&t, &cb, 0, 0);
    ww_scord_ref_t *r4 = run(&t, &cfg, 64u * 32u, 0);   /* moved by whole lines */
    ww_scord_ref_t *r5 = run(&t, &cfg, 0, 7000);        /* other ctaids */
    if (!r1 || !r2 || !r3 || !r4 || !r5 || !r6) {
      CHECK(0, "seed %d: new", seed);
    } else {
      runs++;
      CHECK(lists_identical(r1, r2, IDEAL) && lists_identical(r1, r2, HW), "seed %d: not deterministic", seed);
      CHECK(lists_equal_ideal(r1, r3, 0, 0), "seed %d: cached approx changed the ideal view", seed);
      CHECK(lists_identical(r1, r6, IDEAL) && lists_identical(r1, r6, HW),
            "seed %d: a conflict-free metadata cache changed a view", seed);
      CHECK(lists_equal_ideal(r1, r4, 64u * 32u, 0), "seed %d: ideal view not address-invariant", seed);
      CHECK(lists_equal_ideal(r1, r5, 0, 7000), "seed %d: ideal view not ctaid-invariant", seed);
      check_plausible(&t, r1, seed);
      check_books(r1, seed, false);
      check_books(r3, seed, true);
      if (k.one_warp) {
        CHECK(nraces(r1, IDEAL) == 0 && nraces(r1, HW) == 0 && nraces(r3, HW) == 0, "seed %d: one warp raced",
              seed);
      }
      /* no approximation can bite: the views agree exactly */
      if (!k.locks && k.cta_base + 2 * NSM <= 128 && k.max_fences >= 0 && k.max_fences < 64 &&
          cfg.fenceid_w == 6 && cfg.barid_w == 8) {
        ww_scord_ref_stats_t st;
        ww_scord_ref_stats(r1, &st);
        CHECK(st.disagreements == 0, "seed %d: %llu disagreements", seed, (unsigned long long)st.disagreements);
        const ww_scord_ref_race_t *x, *y;
        size_t n1 = ww_scord_ref_races(r1, &x), n2 = ww_scord_ref_approx_races(r1, &y);
        bool eq = n1 == n2;
        for (size_t i = 0; eq && i < n1; i++) {
          eq = same_ideal(&x[i], &y[i], 0, 0) && x[i].agree == x[i].count && x[i].flags == 0 &&
               y[i].agree == y[i].count;
        }
        CHECK(eq, "seed %d: views differ without approximations", seed);
        exact++;
      }
      if (nraces(r1, IDEAL)) {
        with_races++;
      }
      const ww_scord_ref_race_t *x;
      size_t n = ww_scord_ref_races(r1, &x);
      for (size_t i = 0; i < n; i++) {
        if (x[i].flags) {
          with_flags++;
          break;
        }
      }
      if (g_case_fail) {
        printf("  seed %d:\n", seed);
        ww_scord_ref_print(r1, stdout);
      }
    }
    ww_scord_ref_free(r1);
    ww_scord_ref_free(r2);
    ww_scord_ref_free(r3);
    ww_scord_ref_free(r4);
    ww_scord_ref_free(r5);
    ww_scord_ref_free(r6);
  }
  /* the generator must exercise the detector */
  CHECK(with_races > runs / 2, "only %d of %d traces raced", with_races, runs);
  CHECK(with_flags > 0, "no trace exercised an approximation");
  CHECK(exact > 10, "only %d traces without approximations", exact);
  printf("  %d random traces, %d with races, %d with approximation flags, %d checked for exact agreement\n",
         runs, with_races, with_flags, exact);
}

/* ======================================================== main */

static void run_case(const char *name, void (*fn)(void))
{
  g_case_fail = 0;
  fn();
  if (g_case_fail) {
    g_fail++;
    printf("FAIL %s\n", name);
  } else {
    g_pass++;
    printf("pass %s\n", name);
  }
}

/* usage: test_scord_ref [--seeds N]   (random traces, default 400) */
int main(int argc, char **argv)
{
  if (argc == 3 && strcmp(argv[1], "--seeds") == 0) {
    g_seeds = atoi(argv[2]);
    if (g_seeds < 40) {
      g_seeds = 40;
    }
  } else if (argc != 1) {
    printf("usage: %s [--seeds N]\n", argv[0]);
    return 2;
  }
  run_case("III(a) initialisation", t3a_initialisation);
  run_case("III(b) program order", t3b_program_order);
  run_case("III(c) barrier", t3c_barrier);
  run_case("IV(a) missing block fence", t4a_missing_block_fence);
  run_case("IV(b) missing device fence", t4b_missing_device_fence);
  run_case("IV(c) not strong", t4c_not_strong);
  run_case("IV(d) scoped atomic", t4d_scoped_atomic);
  run_case("IV(e)(f) missing common lock", t4ef_missing_common_lock);
  run_case("negative: message passing", neg_message_passing);
  run_case("negative: locks", neg_locks);
  run_case("negative: same warp", neg_same_warp);
  run_case("lock table", t_lock_table);
  run_case("word order and lock summary timing", t_word_order);
  run_case("approx: Bloom alias", t_alias);
  run_case("approx: fence-ID wrap", t_wrap);
  run_case("approx: BlockID alias", t_blkid);
  run_case("approx: barrier-ID wrap", t_barwrap);
  run_case("approx: metadata cache", t_evict);
  run_case("api", t_api);
  run_case("random traces", t_random);
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
