/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the ScoRD race-check C model (rtl/scord/ww_scord_check.v),
 * apart from the lockstep test. Written from the paper (ISCA 2020, §IV-A/B,
 * Tables III and IV, Fig. 7) and docs/scord.md §1/§2, not from the model:
 * the metadata layout below is Fig. 7 written out by hand, and each expected
 * entry is spelled out field by field.
 *   * one or more hand cases per row of Table III (a)(b)(c) and Table IV
 *     (a)-(f), including the [A] refinements of §1 (fence in program order
 *     clears M, "|| DS" on a store, Bloom halves), the unprotected-access
 *     updates of step 5, and the cached-mode tag step 0; each asserts the
 *     verdict (race, type, scope) and the key fields of the new entry;
 *   * the pipeline: the verdict appears one cycle after in_valid_i;
 *   * the width formula at TAG_W = 2 (fields move, unused bits stay 0);
 *   * random accesses biased to equal IDs: the four SAT properties of the RTL
 *     (init and program order never race, device atomic after device atomic
 *     never races, a race leaves REINIT) and scope/type consistency.
 * Usage: test_scord_check [--seed N] [--n N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_scord_check.h"

/* ---- Fig. 7 at the default widths (docs/scord.md §2), by hand ---------- */
#define TAG(v)  ((uint64_t)(v) << 54)   /* [57:54] */
#define BLK(v)  ((uint64_t)(v) << 47)   /* [53:47] BlockID */
#define WRP(v)  ((uint64_t)(v) << 42)   /* [46:42] WarpID */
#define DEVF(v) ((uint64_t)(v) << 36)   /* [41:36] DevFenceID */
#define BLKF(v) ((uint64_t)(v) << 30)   /* [35:30] BlkFenceID */
#define BAR(v)  ((uint64_t)(v) << 22)   /* [29:22] BarrierID */
#define M_  (1ull << 21)                /* Modified */
#define BS_ (1ull << 20)                /* BlkShared */
#define DS_ (1ull << 19)                /* DevShared */
#define AT_ (1ull << 18)                /* IsAtom */
#define SC_ (1ull << 17)                /* Scope = block */
#define ST_ (1ull << 16)                /* Strong */
#define INIT 0x0000000000380000ull
#define F_TAG(md)  (unsigned)(((md) >> 54) & 0xf)
#define F_BLK(md)  (unsigned)(((md) >> 47) & 0x7f)
#define F_WRP(md)  (unsigned)(((md) >> 42) & 0x1f)
#define F_DEVF(md) (unsigned)(((md) >> 36) & 0x3f)
#define F_BLKF(md) (unsigned)(((md) >> 30) & 0x3f)
#define F_BAR(md)  (unsigned)(((md) >> 22) & 0xff)
#define F_LOCK(md) (unsigned)((md) & 0xffff)

/* Locks as the SM builds them: onehot(h[5:3]) << 8 | onehot(h[2:0]). */
#define L1 0x0101u   /* h = 0 */
#define L2 0x0202u   /* h = 9 */
#define L3 0x0201u   /* h = 8: shares only the low-half bit with L1 */

/* ---- accessors ----------------------------------------------------------- */
typedef struct {
  int w, atom, strong, scope_blk, cached;
  unsigned tag, block, warp, bar, lock, fcb, fcd, fpb, fpd;
} acc_t;

/* warp A: block 3, warp 5; A2: block 3, warp 6; B: block 9, warp 20 */
enum { BA = 3, WA = 5, WA2 = 6, BB = 9, WB = 20 };

static acc_t A(void)  { acc_t a = {0}; a.block = BA; a.warp = WA;  a.bar = 4; return a; }
static acc_t A2(void) { acc_t a = {0}; a.block = BA; a.warp = WA2; a.bar = 4; return a; }
static acc_t B(void)  { acc_t a = {0}; a.block = BB; a.warp = WB;  a.bar = 7; return a; }

/* An entry last written by warp A with fence IDs (blk 1, dev 2), barrier 4. */
#define OWNED_A (BLK(BA) | WRP(WA) | BLKF(1) | DEVF(2) | BAR(4))

/* REINIT of access a (§1): the access owns the entry, M = W, BS = DS = 0,
 * Strong = strong access (atomics are), Lock = its Bloom, IsAtom, Scope. */
static uint64_t reinit_of(const acc_t *a, unsigned tag)
{
  int w = a->w || a->atom;
  return TAG(tag) | BLK(a->block) | WRP(a->warp) | DEVF(a->fcd) | BLKF(a->fcb) |
         BAR(a->bar) | (w ? M_ : 0) | (a->atom ? AT_ : 0) |
         (a->atom && a->scope_blk ? SC_ : 0) | (a->strong || a->atom ? ST_ : 0) | a->lock;
}

static int failures, cases;

#define CHECK(cond, ...)                                                          \
  do {                                                                            \
    if (!(cond)) {                                                                \
      failures++;                                                                 \
      printf("FAIL: %s: ", name);                                                 \
      printf(__VA_ARGS__);                                                        \
      printf("\n");                                                               \
    }                                                                             \
  } while (0)

static ww_scord_check_cfg_t g_cfg;

/* One access through the cycle model: reset, the access, then the verdict. */
static ww_scord_check_out_t run(uint64_t md, const acc_t *a)
{
  ww_scord_check_t *m = ww_scord_check_new(&g_cfg);
  ww_scord_check_in_t in;
  ww_scord_check_out_t out;
  if (!m) {
    printf("FAIL: cannot create the model\n");
    exit(1);
  }
  memset(&in, 0, sizeof in);
  ww_scord_check_step(m, &in, &out);            /* reset */
  in.rst_ni = 1;
  in.in_valid_i = 1;
  in.md_i = md;
  in.cached_i = (uint64_t)a->cached;
  in.tag_i = a->tag;
  in.is_w_i = (uint64_t)a->w;
  in.is_atom_i = (uint64_t)a->atom;
  in.strong_i = (uint64_t)a->strong;
  in.scope_blk_i = (uint64_t)a->scope_blk;
  in.block_i = a->block;
  in.warp_i = a->warp;
  in.bar_i = a->bar;
  in.lock_i = a->lock;
  in.fc_blk_i = a->fcb;
  in.fc_dev_i = a->fcd;
  in.fp_blk_i = a->fpb;
  in.fp_dev_i = a->fpd;
  ww_scord_check_step(m, &in, &out);
  if (out.out_valid_o) {
    printf("FAIL: out_valid_o in the cycle of the access (not registered)\n");
    failures++;
  }
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  ww_scord_check_step(m, &in, &out);
  if (!out.out_valid_o) {
    printf("FAIL: no out_valid_o one cycle after the access\n");
    failures++;
  }
  ww_scord_check_free(m);
  return out;
}

/* Expect `type` (0 none), its scope, and, when md_exp != 0, the whole entry. */
static ww_scord_check_out_t expect(const char *name, uint64_t md, const acc_t *a, unsigned type,
                                   int scope_blk, uint64_t md_exp)
{
  cases++;
  ww_scord_check_out_t o = run(md, a);
  CHECK(o.race_o == (type != 0), "race_o %" PRIu64 ", want %d", o.race_o, type != 0);
  CHECK(o.race_type_o == type, "race_type_o %" PRIu64 ", want %u", o.race_type_o, type);
  CHECK(o.race_scope_blk_o == (uint64_t)(type ? scope_blk : 0), "race_scope_blk_o %" PRIu64
        ", want %d", o.race_scope_blk_o, type ? scope_blk : 0);
  if (md_exp)
    CHECK(o.md_o == md_exp, "md_o 0x%016" PRIx64 ", want 0x%016" PRIx64, o.md_o, md_exp);
  if (type)
    CHECK(o.md_o == reinit_of(a, a->cached ? a->tag : F_TAG(md)),
          "a race must leave REINIT: md_o 0x%016" PRIx64 ", want 0x%016" PRIx64, o.md_o,
          reinit_of(a, a->cached ? a->tag : F_TAG(md)));
  return o;
}

/* ---- Table III: preliminary checks ----------------------------------------- */
static void table_iii(void)
{
  const char *name;
  acc_t a;
  ww_scord_check_out_t o;

  /* (a) the first access after (re-)initialization: M && BS && DS */
  name = "III(a) load of INIT";
  a = A();
  a.fcb = 7; a.fcd = 9;
  expect(name, INIT, &a, 0, 0, reinit_of(&a, 0));

  name = "III(a) strong locked store to INIT";
  a = B();
  a.w = 1; a.strong = 1; a.lock = L1; a.fcb = 3;
  o = expect(name, INIT, &a, 0, 0, BLK(BB) | WRP(WB) | BLKF(3) | BAR(7) | M_ | ST_ | L1);

  name = "III(a) M,BS,DS with stale fields (a block atomic of another block)";
  a = A();
  a.w = 1; a.atom = 1;
  expect(name, INIT | BLK(BB) | WRP(WB) | AT_ | SC_ | BLKF(5) | L2, &a, 0, 0,
         reinit_of(&a, 0));

  /* (b) program order: same warp and block, !BS && !DS */
  name = "III(b) store after own store, no fence";
  a = A();
  a.w = 1; a.fcb = 1; a.fcd = 2; a.fpb = 1; a.fpd = 2; a.lock = L2;
  expect(name, OWNED_A | M_ | L1, &a, 0, 0, OWNED_A | M_ | L2);

  name = "III(b) plain load after own strong store: no IV(c), Strong := xs";
  a = A();
  a.fcb = 1; a.fcd = 2; a.fpb = 1; a.fpd = 2;
  o = expect(name, OWNED_A | M_ | ST_, &a, 0, 0, OWNED_A | M_);

  name = "III(b) load after own store and a block fence clears M";
  a = A();
  a.fcb = 2; a.fcd = 2; a.fpb = 2; a.fpd = 2;
  o = expect(name, OWNED_A | M_, &a, 0, 0, BLK(BA) | WRP(WA) | BLKF(2) | DEVF(2) | BAR(4));

  name = "III(b) load after own store and a device fence clears M";
  a = A();
  a.fcb = 1; a.fcd = 3; a.fpb = 1; a.fpd = 3;
  o = expect(name, OWNED_A | M_, &a, 0, 0, 0);
  CHECK(!(o.md_o & M_), "M kept");

  name = "III(b) store after a fence sets M again";
  a = A();
  a.w = 1; a.fcb = 2; a.fcd = 2; a.fpb = 2; a.fpd = 2;
  o = expect(name, OWNED_A, &a, 0, 0, BLK(BA) | WRP(WA) | BLKF(2) | DEVF(2) | BAR(4) | M_);

  /* (c) barrier: same block, another barrier ID, !DS */
  name = "III(c) load by another warp of the block after a barrier";
  a = A2();
  a.bar = 5; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | BS_, &a, 0, 0, reinit_of(&a, 0));

  name = "III(c) store after a barrier";
  a = A2();
  a.w = 1; a.bar = 5; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_, &a, 0, 0, reinit_of(&a, 0));

  name = "III(c) does not apply when DevShared is set (-> IV(a))";
  a = A2();
  a.bar = 5; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | DS_, &a, 1, 1, 0);

  name = "III(c) does not apply without a barrier (-> IV(a))";
  a = A2();
  a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_, &a, 1, 1, 0);

  name = "III(c) does not apply to another block (-> IV(b))";
  a = B();
  a.bar = 5; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_, &a, 2, 0, 0);
  (void)o;
}

/* ---- Table IV: races ---------------------------------------------------------- */
static void table_iv(void)
{
  const char *name;
  acc_t a;
  ww_scord_check_out_t o;

  /* (a) missing block fence: M, same block, both fence IDs unchanged */
  name = "IV(a) load by another warp of the block, no fence (RAW)";
  a = A2();
  a.fcb = 11; a.fcd = 12; a.fpb = 1; a.fpd = 2; a.lock = L1;
  expect(name, OWNED_A | M_, &a, 1, 1, reinit_of(&a, 0));

  name = "IV(a) store by another warp of the block, no fence (WAW)";
  a = A2();
  a.w = 1; a.strong = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | ST_, &a, 1, 1, 0);

  name = "IV(a) store after another warp's load (WAR), M clear";
  a = A2();
  a.w = 1; a.strong = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | ST_, &a, 1, 1, 0);

  name = "IV(a) not raised after a block fence (strong accesses)";
  a = A2();
  a.strong = 1; a.fcb = 4; a.fcd = 5; a.fpb = 2; a.fpd = 2;
  /* step 5, load of M by another warp: M := 0, OWN, BS = DS = 0, Strong &= xs */
  expect(name, OWNED_A | M_ | ST_, &a, 0, 0,
         BLK(BA) | WRP(WA2) | BLKF(4) | DEVF(5) | BAR(4) | ST_);

  name = "IV(a) not raised after a device fence (strong accesses)";
  a = A2();
  a.strong = 1; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_, &a, 0, 0, 0);

  name = "IV(a) a load of unmodified data is not a conflict";
  a = A2();
  a.fpb = 1; a.fpd = 2;
  o = expect(name, OWNED_A, &a, 0, 0, OWNED_A | BS_);   /* step 5: BS := 1, owner kept */

  name = "IV(a) store to DevShared data: a block fence alone is not enough ([A] || DS)";
  a = A2();
  a.w = 1; a.strong = 1; a.fpb = 2; a.fpd = 2;
  expect(name, OWNED_A | DS_ | ST_, &a, 1, 1, 0);

  name = "IV(a) store to BlkShared data after a block fence: fine";
  a = A2();
  a.w = 1; a.strong = 1; a.fcb = 6; a.fpb = 2; a.fpd = 2;
  expect(name, OWNED_A | BS_ | ST_, &a, 0, 0,
         BLK(BA) | WRP(WA2) | BLKF(6) | BAR(4) | M_ | ST_);

  /* (b) missing device fence: M, other block, DevFenceID unchanged */
  name = "IV(b) load by another block, no fence";
  a = B();
  a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_, &a, 2, 0, reinit_of(&a, 0));

  name = "IV(b) a block fence does not order another block";
  a = B();
  a.strong = 1; a.fpb = 5; a.fpd = 2;
  expect(name, OWNED_A | M_ | ST_, &a, 2, 0, 0);

  name = "IV(b) store by another block after a load (WAR)";
  a = B();
  a.w = 1; a.strong = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | ST_, &a, 2, 0, 0);

  name = "IV(b) not raised after a device fence (strong accesses)";
  a = B();
  a.strong = 1; a.fcb = 8; a.fcd = 9; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_, &a, 0, 0,
         BLK(BB) | WRP(WB) | BLKF(8) | DEVF(9) | BAR(7) | ST_);

  /* (c) not strong: !md.Strong || !Strong on a fenced conflict */
  name = "IV(c) fenced, but the write was not strong";
  a = B();
  a.strong = 1; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_, &a, 3, 0, reinit_of(&a, 0));

  name = "IV(c) fenced, but the load is not strong";
  a = B();
  a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_, &a, 3, 0, 0);

  name = "IV(c) fenced in one block, store not strong";
  a = A2();
  a.w = 1; a.fpb = 2; a.fpd = 2;
  expect(name, OWNED_A | M_ | ST_, &a, 3, 1, 0);

  name = "IV(c) an atomic counts as strong";
  a = B();
  a.w = 1; a.atom = 1; a.fcb = 8; a.fcd = 9; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_, &a, 0, 0,
         BLK(BB) | WRP(WB) | BLKF(8) | DEVF(9) | BAR(7) | M_ | AT_ | ST_);

  /* (d) scoped atomic: md.IsAtom, Scope = block, other block */
  name = "IV(d) block atomic, then a device atomic of another block";
  a = B();
  a.w = 1; a.atom = 1; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | AT_ | SC_ | ST_, &a, 4, 0, reinit_of(&a, 0));

  name = "IV(d) block atomic, then a load by another block (even fenced)";
  a = B();
  a.strong = 1; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | AT_ | SC_ | ST_, &a, 4, 0, 0);

  name = "IV(d) block atomics within one block: fine, owner moves, M set";
  a = A2();
  a.w = 1; a.atom = 1; a.scope_blk = 1; a.fcb = 6; a.fcd = 7; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | AT_ | SC_ | ST_ | L1, &a, 0, 0,
         BLK(BA) | WRP(WA2) | BLKF(6) | DEVF(7) | BAR(4) | M_ | AT_ | SC_ | ST_ | L1);

  name = "IV(d) device atomic after another block's device atomic: fine";
  a = B();
  a.w = 1; a.atom = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | AT_, &a, 0, 0,
         BLK(BB) | WRP(WB) | BAR(7) | M_ | AT_);   /* Strong &= xs: md had none */

  name = "IV(d) block atomic after another block's device atomic: fine";
  a = B();
  a.w = 1; a.atom = 1; a.scope_blk = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | AT_ | ST_, &a, 0, 0,
         BLK(BB) | WRP(WB) | BAR(7) | M_ | AT_ | SC_ | ST_);

  name = "IV(d) device atomic after a plain store of another block: IV(b)";
  a = B();
  a.w = 1; a.atom = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | ST_, &a, 2, 0, 0);

  /* (e) missing common lock on a load: M && (md.Lock ∩ Lock) = ∅ */
  name = "IV(e) load of locked, modified data, different lock";
  a = B();
  a.strong = 1; a.lock = L2; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_ | L1, &a, 5, 0, reinit_of(&a, 0));

  name = "IV(e) load without a lock of locked, modified data";
  a = A2();
  a.strong = 1; a.fpb = 2; a.fpd = 2;
  expect(name, OWNED_A | M_ | ST_ | L1, &a, 5, 1, 0);

  name = "IV(e) one common lock: no race, Lock := the intersection, DS := 1";
  a = B();
  a.strong = 1; a.lock = L2; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_ | BS_ | L1 | L2, &a, 0, 0,
         OWNED_A | M_ | ST_ | DS_ | L2);                /* a load keeps the owner */

  name = "IV(e) an AND with one empty half is empty (L1 & L3)";
  a = B();
  a.strong = 1; a.lock = L3; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_ | L1, &a, 5, 0, 0);

  name = "IV(e) not on a load of unmodified locked data";
  a = B();
  a.lock = L2; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | L1, &a, 0, 0, OWNED_A | DS_);  /* Lock := L1 & L2 = 0 */

  name = "IV(e) locked load of unlocked unmodified data: Lock := its lock";
  a = A2();
  a.lock = L2; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A, &a, 0, 0, OWNED_A | BS_ | L2);

  /* (f) missing common lock on a store: (md.Lock ∩ Lock) = ∅, M not needed */
  name = "IV(f) locked store, another lock, unmodified data";
  a = B();
  a.w = 1; a.strong = 1; a.lock = L2; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | ST_ | L1, &a, 6, 0, reinit_of(&a, 0));

  name = "IV(f) unlocked store to locked data";
  a = A2();
  a.w = 1; a.strong = 1; a.fpb = 2; a.fpd = 2;
  expect(name, OWNED_A | ST_ | L1, &a, 6, 1, 0);

  name = "IV(f) store under a common lock: owner moves, M, Lock := intersection";
  a = B();
  a.w = 1; a.strong = 1; a.lock = L2 | L3; a.fcb = 8; a.fcd = 9; a.fpb = 1; a.fpd = 3;
  expect(name, OWNED_A | M_ | ST_ | L1 | L2, &a, 0, 0,
         BLK(BB) | WRP(WB) | BLKF(8) | DEVF(9) | BAR(7) | M_ | DS_ | ST_ |
         ((L1 | L2) & (L2 | L3)));               /* L2 plus L3's alias of L1 */
  (void)o;
}

/* ---- §1 step 5 (unprotected accesses) and step 0 (tag) ------------------------ */
static void step5_and_tag(void)
{
  const char *name;
  acc_t a;

  name = "step 5: unlocked load of unmodified data by another block: DS := 1, BS := 0";
  a = B();
  a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | BS_, &a, 0, 0, OWNED_A | DS_);

  name = "step 5: a DevShared entry stays DevShared on a same-block load";
  a = A2();
  a.bar = 4; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | DS_, &a, 0, 0, OWNED_A | DS_);

  name = "step 5: own load of modified BlkShared data keeps M, takes ownership";
  a = A();
  a.strong = 1; a.fcb = 1; a.fcd = 2; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | BS_ | ST_, &a, 0, 0, OWNED_A | M_ | ST_);

  name = "step 5: fenced strong store: OWN, M, BS = DS = 0, Strong kept";
  a = A2();
  a.w = 1; a.strong = 1; a.fcb = 6; a.fcd = 2; a.fpb = 2; a.fpd = 2;
  expect(name, OWNED_A | M_ | BS_ | ST_, &a, 0, 0,
         BLK(BA) | WRP(WA2) | BLKF(6) | DEVF(2) | BAR(4) | M_ | ST_);

  /* step 0: cached mode, a tag miss makes the entry INIT with the new tag */
  name = "tag miss (cached): INIT, no race, Tag := tag(addr)";
  a = B();
  a.cached = 1; a.tag = 5; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | TAG(3), &a, 0, 0, reinit_of(&a, 5));

  name = "tag hit (cached): the normal check (IV(b))";
  a = B();
  a.cached = 1; a.tag = 3; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | TAG(3), &a, 2, 0, reinit_of(&a, 3));

  name = "full mode ignores the tag and keeps it";
  a = B();
  a.tag = 5; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | TAG(3), &a, 2, 0, reinit_of(&a, 3));

  name = "tag miss on a block atomic of another block: no IV(d)";
  a = B();
  a.cached = 1; a.tag = 0; a.w = 1; a.atom = 1; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | M_ | AT_ | SC_ | TAG(15), &a, 0, 0, reinit_of(&a, 0));

  name = "tag hit, no-race path writes the tag back";
  a = A2();
  a.cached = 1; a.tag = 9; a.fpb = 1; a.fpd = 2;
  expect(name, OWNED_A | TAG(9), &a, 0, 0, OWNED_A | BS_ | TAG(9));

  name = "unused bits [63:58] are written as 0";
  a = A();
  expect(name, INIT | (0x3full << 58), &a, 0, 0, reinit_of(&a, 0));
}

/* ---- the output register ---------------------------------------------------- */
static void pipeline(void)
{
  const char *name = "pipeline";
  ww_scord_check_t *m = ww_scord_check_new(&g_cfg);
  ww_scord_check_in_t in;
  ww_scord_check_out_t o;
  memset(&in, 0, sizeof in);
  in.in_valid_i = 1;                          /* ignored for out_valid_o in reset */
  ww_scord_check_step(m, &in, &o);
  ww_scord_check_step(m, &in, &o);
  CHECK(!o.out_valid_o, "out_valid_o after a reset cycle");
  in.rst_ni = 1;
  in.md_i = OWNED_A | M_;                     /* B loads: IV(b) */
  in.block_i = BB; in.warp_i = WB; in.fp_blk_i = 1; in.fp_dev_i = 2;
  ww_scord_check_step(m, &in, &o);
  CHECK(!o.out_valid_o, "out_valid_o in the cycle after reset");
  in.in_valid_i = 0;
  in.md_i = INIT;
  ww_scord_check_step(m, &in, &o);
  CHECK(o.out_valid_o && o.race_type_o == 2, "verdict of cycle n not in cycle n+1");
  ww_scord_check_step(m, &in, &o);
  CHECK(!o.out_valid_o, "out_valid_o without in_valid_i");
  ww_scord_check_free(m);
  cases++;
}

/* ---- the width formula away from the defaults --------------------------------- */
static void other_widths(void)
{
  const char *name = "TAG_W=2 layout";
  ww_scord_check_cfg_t save = g_cfg;
  g_cfg.tag_w = 2;                            /* Tag moves to [55:54], [63:56] unused */
  acc_t a = B();
  a.cached = 1; a.tag = 2; a.fpb = 1; a.fpd = 2;
  ww_scord_check_out_t o = run(OWNED_A | M_ | (1ull << 54), &a);   /* tag 1: miss */
  CHECK(!o.race_o && o.md_o == (reinit_of(&a, 0) | (2ull << 54)),
        "tag miss: md_o 0x%016" PRIx64, o.md_o);
  o = run(OWNED_A | M_ | (2ull << 54) | (0xffull << 56), &a);       /* tag 2: hit */
  CHECK(o.race_type_o == 2 && o.md_o == (reinit_of(&a, 0) | (2ull << 54)),
        "tag hit: type %" PRIu64 " md_o 0x%016" PRIx64, o.race_type_o, o.md_o);
  g_cfg = save;
  cases += 2;

  name = "illegal widths are refused";
  ww_scord_check_cfg_t bad = g_cfg;
  bad.tag_w = 11;                             /* 65 bits */
  CHECK(!ww_scord_check_cfg_ok(&bad), "65 bits accepted");
  bad = g_cfg;
  bad.bloom_w = 15;
  CHECK(!ww_scord_check_cfg_ok(&bad), "odd Bloom accepted");
  bad = g_cfg;
  bad.tag_w = 10;                             /* exactly 64 */
  CHECK(ww_scord_check_cfg_ok(&bad), "64 bits refused");
  CHECK(ww_scord_md_init(&g_cfg, 0) == INIT, "INIT 0x%016" PRIx64, ww_scord_md_init(&g_cfg, 0));
  cases += 4;
}

/* ---- random accesses: the properties the RTL proves ------------------------------ */
static void properties(uint64_t seed, uint64_t n)
{
  const char *name = "random";
  ww_rng_t r = { seed };
  uint64_t seen[7] = {0};
  for (uint64_t i = 0; i < n && failures < 20; i++) {
    unsigned blocks[2] = { (unsigned)ww_rng_bits(&r, 7), BA };
    unsigned warps[2] = { (unsigned)ww_rng_bits(&r, 5), WA };
    unsigned locks[4] = { 0, L1, L2, L1 | L2 };
    uint64_t md = ww_rng_next(&r) & ~(BLK(0x7f) | WRP(0x1f) | 0xffffull);
    md |= BLK(blocks[ww_rng_bits(&r, 1)]) | WRP(warps[ww_rng_bits(&r, 1)]) | locks[ww_rng_bits(&r, 2)];
    if (ww_rng_chance(&r, 1, 8))
      md = INIT | TAG(ww_rng_bits(&r, 4));
    acc_t a = {0};
    a.w = (int)ww_rng_bits(&r, 1);
    a.atom = ww_rng_chance(&r, 1, 4);
    a.strong = (int)ww_rng_bits(&r, 1);
    a.scope_blk = (int)ww_rng_bits(&r, 1);
    a.cached = (int)ww_rng_bits(&r, 1);
    a.tag = ww_rng_chance(&r, 3, 4) ? F_TAG(md) : (unsigned)ww_rng_bits(&r, 4);
    a.block = blocks[ww_rng_bits(&r, 1)];
    a.warp = warps[ww_rng_bits(&r, 1)];
    a.bar = ww_rng_bits(&r, 1) ? F_BAR(md) : (unsigned)ww_rng_bits(&r, 8);
    a.lock = locks[ww_rng_bits(&r, 2)];
    a.fcb = (unsigned)ww_rng_bits(&r, 6);
    a.fcd = (unsigned)ww_rng_bits(&r, 6);
    a.fpb = ww_rng_bits(&r, 1) ? F_BLKF(md) : (unsigned)ww_rng_bits(&r, 6);
    a.fpd = ww_rng_bits(&r, 1) ? F_DEVF(md) : (unsigned)ww_rng_bits(&r, 6);

    ww_scord_access_t x = { a.cached, a.tag, a.w, a.atom, a.strong, a.scope_blk, a.block,
                            a.warp, a.bar, a.lock, a.fcb, a.fcd, a.fpb, a.fpd };
    ww_scord_verdict_t v = ww_scord_decide(&g_cfg, md, &x);
    seen[v.race_type < 7 ? v.race_type : 0]++;
    int same_b = F_BLK(md) == a.block;
    CHECK(v.race_type <= 6, "race type %u", v.race_type);
    CHECK(!(v.md >> 58), "unused bits set: 0x%016" PRIx64, v.md);
    if ((md & (M_ | BS_ | DS_)) == (M_ | BS_ | DS_))
      CHECK(!v.race_type, "init raced (type %u) md 0x%016" PRIx64, v.race_type, md);
    if (same_b && F_WRP(md) == a.warp && !(md & (BS_ | DS_)))
      CHECK(!v.race_type, "program order raced (type %u) md 0x%016" PRIx64, v.race_type, md);
    if (a.atom && !a.scope_blk && (md & AT_) && !(md & SC_))
      CHECK(!v.race_type, "device atomics raced (type %u) md 0x%016" PRIx64, v.race_type, md);
    if (a.cached && a.tag != F_TAG(md))
      CHECK(!v.race_type && v.md == reinit_of(&a, a.tag), "tag miss: type %u md 0x%016" PRIx64,
            v.race_type, v.md);
    if (v.race_type) {
      CHECK(v.md == reinit_of(&a, a.cached ? a.tag : F_TAG(md)),
            "race without REINIT: md 0x%016" PRIx64, v.md);
      CHECK(v.scope_blk == same_b, "scope %d, same block %d", v.scope_blk, same_b);
    } else {
      CHECK(!v.scope_blk, "scope without a race");
    }
    if (v.race_type == 5)
      CHECK(!a.w && (md & M_), "IV(e) on a store or unmodified data");
    if (v.race_type == 6 || v.race_type == 5)
      CHECK((F_LOCK(md) | a.lock) != 0, "lockset race without locks");
    if (v.race_type == 4)
      CHECK((md & AT_) && (md & SC_) && !same_b, "IV(d) without a block atomic of another block");
    if (v.race_type == 1 || v.race_type == 2)
      CHECK(F_DEVF(md) == a.fpd, "IV(a)/(b) after a device fence");
  }
  for (unsigned t = 0; t < 7; t++)
    CHECK(seen[t] > 0, "random accesses never gave race type %u", t);
  printf("random: %" PRIu64 " accesses, race types 0..6: %" PRIu64 " %" PRIu64 " %" PRIu64
         " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
         n, seen[0], seen[1], seen[2], seen[3], seen[4], seen[5], seen[6]);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, n = 200000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--n") && i + 1 < argc)
      n = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--n N]\n", argv[0]);
      return 2;
    }
  }
  g_cfg = ww_scord_check_default_cfg();
  if (g_cfg.tag_w != 4 || g_cfg.blockid_w != 7 || g_cfg.warpid_w != 5 ||
      g_cfg.fenceid_w != 6 || g_cfg.barid_w != 8 || g_cfg.bloom_w != 16) {
    printf("FAIL: the hand-written layout assumes the default widths\n");
    return 1;
  }
  table_iii();
  table_iv();
  step5_and_tag();
  pipeline();
  other_widths();
  properties(seed, n);
  if (failures) {
    printf("test_scord_check: %d failure(s) in %d cases\n", failures, cases);
    return 1;
  }
  printf("test_scord_check: PASS, %d hand cases (Tables III, IV, tag step), seed %" PRIu64 "\n",
         cases, seed);
  return 0;
}
