/* SPDX-License-Identifier: Apache-2.0
 *
 * test_lastacc -- checks the per-word access table behind the race report's
 * earlier accessor (sw/runtime/ww_lastacc.c, docs/scord.md §3 "Host: both
 * accessors") on hand-made retire records, built with ASan + UBSan:
 *   - the racing access's lane (lowest lane on the word) and thread id;
 *   - the previous accessor chosen by retire order (the access before the
 *     race, not the warp's last one), filtered by BlockID;
 *   - "unknown" when it cannot be certain: accesses interleaved around the
 *     race, a lane that varied, a full table (eviction);
 *   - only what ScoRD tracks is recorded (no shared, local, null-guard or
 *     non-memory records).
 * The last line is "N passed, N failed"; exit 1 on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ww_rt_internal.h"

static unsigned passed, failed;

#define CHECK(cond, ...)                                          \
  do {                                                            \
    if (cond) {                                                   \
      passed++;                                                   \
    } else {                                                      \
      failed++;                                                   \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);      \
      printf(__VA_ARGS__);                                        \
      printf("\n");                                               \
    }                                                             \
  } while (0)

#define X 0x20000u          /* a tracked word (above the null guard) */
#define Y 0x20040u

/* One retired instruction: each lane in mask accesses addr[lane]. */
static void retire(ww_lastacc_t *t, uint64_t step, unsigned sm, unsigned warp, uint32_t block,
                   uint32_t pc, unsigned mem, uint32_t mask, const uint32_t *addr)
{
  ww_retire_t r;
  memset(&r, 0, sizeof r);
  r.step = step;
  r.sm = (uint16_t)sm;
  r.warp = (uint16_t)warp;
  r.block = block;
  r.pc = pc;
  r.mask = mask;
  r.mem = (uint8_t)mem;
  r.mem_bytes = 4;
  for (unsigned l = 0; l < WW_LANES; l++)
    r.addr[l] = addr[l];
  ww_lastacc_retire(t, &r);
}

/* every lane at the same address */
static void retire1(ww_lastacc_t *t, uint64_t step, unsigned sm, unsigned warp, uint32_t block,
                    uint32_t pc, unsigned mem, unsigned lane, uint32_t a)
{
  uint32_t addr[WW_LANES];
  for (unsigned l = 0; l < WW_LANES; l++)
    addr[l] = a;
  retire(t, step, sm, warp, block, pc, mem, 1u << lane, addr);
}

static ww_race_t race(uint32_t pc, uint32_t addr, unsigned sm, unsigned warp, uint32_t ctaid,
                      unsigned psm, unsigned pwarp, uint32_t pblock)
{
  ww_race_t r;
  memset(&r, 0, sizeof r);
  r.pc = pc;
  r.addr = addr;
  r.sm = sm;
  r.warp = warp;
  r.ctaid = ctaid;
  r.prev_sm = psm;
  r.prev_warp = pwarp;
  r.prev_block = pblock & ((1u << WW_SCORD_BLOCKID_W) - 1);
  r.count = 1;
  return r;
}

static void test_lanes_and_threads(void)
{
  ww_lastacc_t *t = ww_lastacc_new(0);
  CHECK(t != NULL, "table");
  /* warp 1 of a 4-warp block on SM 0: lanes 5 and 6 store X, lane 2 stores Y */
  uint32_t addr[WW_LANES] = { 0 };
  addr[2] = Y;
  addr[5] = X;
  addr[6] = X + 2;          /* a sub-word access marks its word */
  retire(t, 10, 0, 1, 0, 0x100, WW_MEM_STORE, 1u << 2 | 1u << 5 | 1u << 6, addr);
  /* warp 3 of block 1 on SM 1: a block atomic, lanes 3 and 4 on X */
  for (unsigned l = 0; l < WW_LANES; l++)
    addr[l] = X;
  retire(t, 20, 1, 3, 1, 0x200, WW_MEM_ATOMIC_BLK, 1u << 3 | 1u << 4, addr);
  const unsigned block = 4 * WW_LANES, wpb = 4;
  ww_race_t r = race(0x200, X, 1, 3, 1, 0, 1, 0);
  ww_accessor_t cur, prev;
  ww_lastacc_resolve(t, &r, block, &cur, &prev);
  CHECK(cur.known && cur.lane == 3 && cur.thread == (int)((3 % wpb) * WW_LANES + 3) &&
        cur.mem == WW_MEM_ATOMIC_BLK && cur.first == 20, "cur: known %d lane %d thread %d",
        cur.known, cur.lane, cur.thread);
  CHECK(prev.known && prev.pc == 0x100 && prev.lane == 5 &&
        prev.thread == (int)((1 % wpb) * WW_LANES + 5) && prev.block == 0 &&
        prev.mem == WW_MEM_STORE, "prev: known %d pc 0x%x lane %d thread %d", prev.known,
        prev.pc, prev.lane, prev.thread);
  /* Y was lane 2's */
  r = race(0x300, Y, 1, 3, 1, 0, 1, 0);
  ww_lastacc_resolve(t, &r, block, &cur, &prev);
  CHECK(!cur.known && cur.lane == -1 && cur.pc == 0x300 && cur.why, "cur not recorded");
  CHECK(prev.known && prev.lane == 2, "Y: lane %d", prev.lane);
  /* a 2-warp block: hardware warp 3 is warp 1 of its block */
  r = race(0x200, X, 1, 3, 1, 0, 1, 0);
  ww_lastacc_resolve(t, &r, 2 * WW_LANES, &cur, &prev);
  CHECK(cur.thread == WW_LANES + 3, "2-warp block: thread %d", cur.thread);
  ww_lastacc_free(t);
}

/* message passing: the consumer loads the data before and after the
 * producer's store; the store's race is with the load before it */
static void test_retire_order(void)
{
  ww_lastacc_t *t = ww_lastacc_new(0);
  retire1(t, 5, 0, 0, 0, 0x10, WW_MEM_LOAD, 0, X);      /* r1 = *data */
  retire1(t, 30, 1, 0, 1, 0x40, WW_MEM_STORE, 0, X);    /* *data = 42 */
  retire1(t, 50, 0, 0, 0, 0x20, WW_MEM_LOAD, 0, X);     /* r2 = *data */
  retire1(t, 60, 0, 0, 0, 0x30, WW_MEM_LOAD, 0, X);     /* r3 = *data */
  ww_race_t r = race(0x40, X, 1, 0, 1, 0, 0, 0);
  ww_accessor_t cur, prev;
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(prev.known && prev.pc == 0x10, "store after r1: prev pc 0x%x (known %d)", prev.pc,
        prev.known);
  /* the load r2 raced with the store */
  r = race(0x20, X, 0, 0, 0, 1, 0, 1);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(prev.known && prev.pc == 0x40 && prev.sm == 1 && prev.block == 1, "r2: prev pc 0x%x",
        prev.pc);
  /* two earlier accesses, one clearly last before the race: certain */
  retire1(t, 70, 1, 2, 1, 0x50, WW_MEM_LOAD, 1, Y);
  retire1(t, 72, 1, 2, 1, 0x54, WW_MEM_LOAD, 1, Y);
  retire1(t, 80, 1, 2, 1, 0x58, WW_MEM_STORE, 4, Y);
  retire1(t, 90, 0, 1, 0, 0x60, WW_MEM_STORE, 0, Y);
  r = race(0x60, Y, 0, 1, 0, 1, 2, 1);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(prev.known && prev.pc == 0x58 && prev.lane == 4, "newest before: pc 0x%x", prev.pc);
  ww_lastacc_free(t);
}

static void test_unknown(void)
{
  ww_lastacc_t *t = ww_lastacc_new(0);
  ww_accessor_t cur, prev;
  /* the previous warp spins at pc A around pc B; the race at 30 */
  for (uint64_t s = 5; s <= 40; s += 5)
    retire1(t, s, 0, 0, 0, 0xA0, WW_MEM_LOAD_STRONG, 0, X);
  retire1(t, 12, 0, 0, 0, 0xB0, WW_MEM_LOAD, 0, X);
  retire1(t, 30, 1, 0, 1, 0xC0, WW_MEM_STORE, 0, X);
  ww_race_t r = race(0xC0, X, 1, 0, 1, 0, 0, 0);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(cur.known && !prev.known && prev.why && strstr(prev.why, "ambiguous"),
        "interleaved: prev known %d", prev.known);
  /* the racing access repeats over [20, 100]; the previous warp's accesses
   * at 5 and 50: which one preceded the race is not known */
  for (uint64_t s = 20; s <= 100; s += 10)
    retire1(t, s, 1, 1, 1, 0xD0, WW_MEM_LOAD, 2, Y);
  retire1(t, 5, 0, 1, 0, 0xE0, WW_MEM_STORE, 0, Y);
  retire1(t, 50, 0, 1, 0, 0xE4, WW_MEM_STORE, 0, Y);
  r = race(0xD0, Y, 1, 1, 1, 0, 1, 0);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(cur.known && cur.n == 9 && cur.first == 20 && cur.last == 100 && !prev.known,
        "repeating race: cur n %u, prev known %d", cur.n, prev.known);
  /* the lowest lane varied between retires: the thread is unknown */
  retire1(t, 200, 1, 2, 1, 0xF0, WW_MEM_STORE, 1, X + 0x100);
  retire1(t, 210, 1, 2, 1, 0xF0, WW_MEM_STORE, 6, X + 0x100);
  retire1(t, 220, 0, 2, 0, 0xF4, WW_MEM_STORE, 0, X + 0x100);
  r = race(0xF4, X + 0x100, 0, 2, 0, 1, 2, 1);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(prev.known && prev.pc == 0xF0 && prev.lane == -1 && prev.thread == -1,
        "lane varied: lane %d", prev.lane);
  /* the previous warp slot held block 0, then block 2: BlockID 2 is pc 0x84 */
  retire1(t, 300, 1, 3, 0, 0x80, WW_MEM_STORE, 0, X + 0x200);
  retire1(t, 310, 1, 3, 2, 0x84, WW_MEM_STORE, 0, X + 0x200);
  retire1(t, 320, 0, 3, 1, 0x88, WW_MEM_LOAD, 0, X + 0x200);
  r = race(0x88, X + 0x200, 0, 3, 1, 1, 3, 2);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(prev.known && prev.pc == 0x84 && prev.block == 2, "block filter: pc 0x%x", prev.pc);
  ww_lastacc_free(t);

  /* a full table: keys beyond its capacity are not recorded */
  const unsigned cap = 4;
  t = ww_lastacc_new(cap);
  for (unsigned i = 0; i < cap; i++)
    retire1(t, i, 0, 0, 0, 0x10, WW_MEM_STORE, 0, Y + 4 * i);
  retire1(t, 10, 0, 1, 0, 0x20, WW_MEM_STORE, 0, X);
  retire1(t, 20, 1, 1, 1, 0x30, WW_MEM_STORE, 0, X);
  ww_lastacc_stats_t st;
  ww_lastacc_stats(t, &st);
  CHECK(st.capacity == cap && st.entries == cap && st.dropped == 2, "capacity %zu entries %zu "
        "dropped %llu", st.capacity, st.entries, (unsigned long long)st.dropped);
  r = race(0x30, X, 1, 1, 1, 0, 1, 0);
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(!cur.known && strstr(cur.why, "evicted") && !prev.known && strstr(prev.why, "evicted"),
        "evicted: cur %s, prev %s", cur.why, prev.why);
  r = race(0x10, Y + 4, 1, 1, 1, 0, 0, 0);   /* a recorded word still resolves */
  ww_lastacc_resolve(t, &r, 32, &cur, &prev);
  CHECK(prev.known && prev.pc == 0x10, "recorded word: prev known %d", prev.known);
  ww_lastacc_free(t);
}

static void test_untracked(void)
{
  ww_lastacc_t *t = ww_lastacc_new(0);
  const uint32_t local = WW_GMEM_BYTES - 64;   /* local memory: top of DRAM */
  retire1(t, 1, 0, 0, 0, 0x10, WW_MEM_SHARED_STORE, 0, X);
  retire1(t, 2, 0, 0, 0, 0x14, WW_MEM_SHARED_ATOMIC, 0, X);
  retire1(t, 3, 0, 0, 0, 0x18, WW_MEM_NONE, 0, X);
  retire1(t, 4, 0, 0, 0, 0x1c, WW_MEM_STORE, 0, local);
  retire1(t, 5, 0, 0, 0, 0x20, WW_MEM_LOAD, 0, WW_NULL_GUARD_BYTES - 4);
  ww_lastacc_stats_t st;
  ww_lastacc_stats(t, &st);
  CHECK(st.entries == 0 && st.dropped == 0, "untracked accesses recorded: %zu", st.entries);
  retire1(t, 6, 0, 0, 0, 0x24, WW_MEM_ATOMIC_DEV, 0, WW_NULL_GUARD_BYTES);
  retire1(t, 7, 0, 0, 0, 0x24, WW_MEM_ATOMIC_DEV, 0, WW_NULL_GUARD_BYTES);   /* same key */
  ww_lastacc_stats(t, &st);
  CHECK(st.entries == 1, "tracked: %zu entries", st.entries);
  ww_lastacc_free(t);
}

int main(void)
{
  test_lanes_and_threads();
  test_retire_order();
  test_unknown();
  test_untracked();
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
