/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the ScoRD barrier-ID table's C model
 * (rtl/scord/ww_scord_bartab.v, docs/scord.md §2, §3), apart from the
 * lockstep test.
 * Hand cases, one per rule: reset, release counts, the read shows the state
 * before the edge, wrap-around at 2^BAR_W, launch resets, launch overrides
 * a release of the same slot, launch and release of different slots both
 * apply, out-of-range slots are ignored and read as 0, reset mid-run.
 * Random: a reference that counts releases per slot since its last launch
 * in an unbounded counter (the read is that count mod 2^BAR_W), over random
 * traffic (same-slot launch + release included) for BLOCKS 1..5 x BAR_W
 * {1, 2, 3, 8, 32}, checked every cycle.
 * Usage: test_scord_bartab [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_scord_bartab.h"

static ww_rng_t rng;
static int failures, checks;

#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    checks++;                                                                    \
    if (!(cond) && failures++ < 10) {                                            \
      printf("FAIL: %s:%d: ", __func__, __LINE__);                               \
      printf(__VA_ARGS__);                                                       \
      printf("\n");                                                              \
    }                                                                            \
  } while (0)

/* ---- hand cases --------------------------------------------------------- */

typedef struct {
  ww_scord_bartab_t *m;
  ww_scord_bartab_in_t in;
} dut_t;

static dut_t mk(unsigned blocks, unsigned bar_w)
{
  ww_scord_bartab_cfg_t c = { blocks, bar_w };
  dut_t d;
  memset(&d, 0, sizeof d);
  d.m = ww_scord_bartab_new(&c);
  if (!d.m) {
    printf("FAIL: cannot create BLOCKS=%u BAR_W=%u\n", blocks, bar_w);
    exit(1);
  }
  ww_scord_bartab_out_t o;
  d.in.rst_ni = 0;                /* one reset cycle */
  ww_scord_bartab_step(d.m, &d.in, &o);
  d.in.rst_ni = 1;
  return d;
}

/* One cycle: launch slot l (-1 none), release slot r (-1 none), read slot rd;
 * returns rd_bar_o of that cycle. */
static uint64_t cyc(dut_t *d, int l, int r, unsigned rd)
{
  ww_scord_bartab_out_t o;
  d->in.launch_valid_i = l >= 0;
  d->in.launch_slot_i = l >= 0 ? (unsigned)l : 0;
  d->in.release_valid_i = r >= 0;
  d->in.release_slot_i = r >= 0 ? (unsigned)r : 0;
  d->in.rd_slot_i = rd;
  ww_scord_bartab_step(d->m, &d->in, &o);
  return o.rd_bar_o;
}

static uint64_t rd(dut_t *d, unsigned slot) { return cyc(d, -1, -1, slot); }

static void hand_cases(void)
{
  dut_t d = mk(2, 8);
  CHECK(rd(&d, 0) == 0 && rd(&d, 1) == 0, "after reset every counter is 0");
  for (int i = 0; i < 3; i++)
    cyc(&d, -1, 1, 0);
  CHECK(rd(&d, 1) == 3, "three releases of slot 1 read %" PRIu64, rd(&d, 1));
  CHECK(rd(&d, 0) == 0, "slot 0 untouched");
  CHECK(cyc(&d, -1, 1, 1) == 3, "the read in the release cycle shows the old count");
  CHECK(rd(&d, 1) == 4, "and the next cycle the new one");
  CHECK(cyc(&d, 1, -1, 1) == 4, "the read in the launch cycle shows the old count");
  CHECK(rd(&d, 1) == 0, "launch resets the slot");
  cyc(&d, -1, 0, 0);
  cyc(&d, -1, 0, 0);
  cyc(&d, 0, 0, 0);
  CHECK(rd(&d, 0) == 0, "launch overrides a release of the same slot in the same cycle");
  cyc(&d, -1, 1, 0);
  cyc(&d, -1, 1, 0);
  cyc(&d, 1, 0, 0);
  CHECK(rd(&d, 1) == 0 && rd(&d, 0) == 1, "launch of one slot and release of another both apply");
  for (int i = 0; i < 255; i++)
    cyc(&d, -1, 0, 0);
  CHECK(rd(&d, 0) == 0, "256 releases of an 8-bit counter wrap to 0, read %" PRIu64, rd(&d, 0));
  cyc(&d, -1, 0, 0);
  CHECK(rd(&d, 0) == 1, "and count on");
  d.in.rst_ni = 0;
  cyc(&d, -1, -1, 0);
  d.in.rst_ni = 1;
  CHECK(rd(&d, 0) == 0, "reset clears");
  ww_scord_bartab_free(d.m);

  d = mk(3, 2);                    /* SLOT_W 2: slot 3 does not exist */
  for (int i = 0; i < 5; i++)
    cyc(&d, -1, 2, 0);
  CHECK(rd(&d, 2) == 1, "BAR_W 2: five releases read 1, got %" PRIu64, rd(&d, 2));
  cyc(&d, -1, 3, 0);
  cyc(&d, 3, -1, 0);
  CHECK(rd(&d, 3) == 0, "slot 3 of 3 reads 0");
  CHECK(rd(&d, 0) == 0 && rd(&d, 1) == 0 && rd(&d, 2) == 1, "slot 3 events touch no slot");
  ww_scord_bartab_free(d.m);

  d = mk(1, 1);                    /* one slot, one bit */
  cyc(&d, -1, 0, 0);
  CHECK(rd(&d, 0) == 1, "BAR_W 1: one release reads 1");
  cyc(&d, -1, 0, 0);
  CHECK(rd(&d, 0) == 0, "BAR_W 1: two releases wrap to 0");
  cyc(&d, -1, 1, 0);
  CHECK(rd(&d, 1) == 0 && rd(&d, 0) == 0, "BLOCKS 1: slot 1 ignored and reads 0");
  ww_scord_bartab_free(d.m);
}

/* ---- random against the reference ---------------------------------------- */

static void run(unsigned blocks, unsigned bar_w, uint64_t cycles)
{
  dut_t d = mk(blocks, bar_w);
  uint64_t cnt[5] = { 0 };          /* releases since launch (unbounded) */
  const unsigned slot_w = blocks > 1 ? ww_clog2(blocks) : 1;
  const uint64_t mask = (1ull << bar_w) - 1;
  for (uint64_t c = 0; c < cycles && failures < 10; c++) {
    ww_scord_bartab_out_t o;
    d.in.rst_ni = !ww_rng_chance(&rng, 1, 5000);
    d.in.launch_valid_i = (uint64_t)ww_rng_chance(&rng, 1, 40);
    d.in.launch_slot_i = ww_rng_bits(&rng, slot_w);
    d.in.release_valid_i = (uint64_t)ww_rng_chance(&rng, 2, 3);
    d.in.release_slot_i = ww_rng_bits(&rng, slot_w);
    d.in.rd_slot_i = ww_rng_bits(&rng, slot_w);
    ww_scord_bartab_step(d.m, &d.in, &o);
    unsigned r = (unsigned)d.in.rd_slot_i;
    uint64_t ref = r < blocks ? cnt[r] & mask : 0;
    CHECK(o.rd_bar_o == ref, "BLOCKS=%u BAR_W=%u cycle %" PRIu64 ": slot %u reads %" PRIu64
          ", reference %" PRIu64, blocks, bar_w, c, r, o.rd_bar_o, ref);
    if (!d.in.rst_ni) {
      memset(cnt, 0, sizeof cnt);
      continue;
    }
    if (d.in.release_valid_i && d.in.release_slot_i < blocks)
      cnt[d.in.release_slot_i]++;
    if (d.in.launch_valid_i && d.in.launch_slot_i < blocks)
      cnt[d.in.launch_slot_i] = 0;
  }
  ww_scord_bartab_free(d.m);
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
      fprintf(stderr, "usage: test_scord_bartab [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  hand_cases();
  static const unsigned bws[] = { 1, 2, 3, 8, 32 };
  for (unsigned b = 1; b <= 5; b++)
    for (unsigned i = 0; i < sizeof bws / sizeof bws[0]; i++)
      run(b, bws[i], cycles / 5);
  printf("test_scord_bartab: %d checks, BLOCKS 1..5 x BAR_W {1,2,3,8,32}: %s\n", checks,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
