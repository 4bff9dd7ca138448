/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the ScoRD fence file's C model
 * (rtl/scord/ww_scord_fencefile.v, docs/scord.md §2, §3 "Processing"),
 * apart from the lockstep test.
 * Hand cases, one per rule: reset, a block fence counts only BlkFenceID, a
 * device fence only DevFenceID, entries are per global warp sm*WARPS+warp,
 * both read ports (same and different entries) show the state before the
 * edge, wrap-around at 2^FID_W, clear zeroes all and overrides an
 * increment, out-of-range indices are ignored and read as 0.
 * Random: a reference that counts block and device fences per (sm, warp)
 * since the last clear in unbounded counters (the reads are those counts
 * mod 2^FID_W), over random traffic for NUM_SM {1,2,3} x WARPS {1,3,4} x
 * FID_W {1,2,6}, checked every cycle on both ports.
 * Usage: test_scord_fencefile [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_scord_fencefile.h"

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

typedef struct {
  ww_scord_fencefile_t *m;
  ww_scord_fencefile_in_t in;
  ww_scord_fencefile_out_t out;
} dut_t;

static dut_t mk(unsigned num_sm, unsigned warps, unsigned fid_w)
{
  ww_scord_fencefile_cfg_t c = { num_sm, warps, fid_w };
  dut_t d;
  memset(&d, 0, sizeof d);
  d.m = ww_scord_fencefile_new(&c);
  if (!d.m) {
    printf("FAIL: cannot create NUM_SM=%u WARPS=%u FID_W=%u\n", num_sm, warps, fid_w);
    exit(1);
  }
  d.in.rst_ni = 0;
  ww_scord_fencefile_step(d.m, &d.in, &d.out);
  d.in.rst_ni = 1;
  return d;
}

enum { NONE, BLK, DEV };

/* One cycle: fence of kind k (NONE/BLK/DEV) by wp, optional clear, reads a, b. */
static void cyc(dut_t *d, int k, unsigned wp, int clear, unsigned a, unsigned b)
{
  d->in.clear_i = (uint64_t)clear;
  d->in.inc_valid_i = k != NONE;
  d->in.inc_wp_i = wp;
  d->in.inc_dev_i = k == DEV;
  d->in.rd_a_wp_i = a;
  d->in.rd_b_wp_i = b;
  ww_scord_fencefile_step(d->m, &d->in, &d->out);
}

/* Reads entry wp on both ports; 1 if both show (blk, dev). */
static int reads(dut_t *d, unsigned wp, uint64_t blk, uint64_t dev)
{
  cyc(d, NONE, 0, 0, wp, wp);
  return d->out.rd_a_blk_o == blk && d->out.rd_a_dev_o == dev && d->out.rd_b_blk_o == blk &&
         d->out.rd_b_dev_o == dev;
}

static void hand_cases(void)
{
  dut_t d = mk(2, 4, 6);           /* 8 entries, wp = sm*4 + warp */
  for (unsigned w = 0; w < 8; w++)
    CHECK(reads(&d, w, 0, 0), "after reset entry %u is {0, 0}", w);
  cyc(&d, BLK, 5, 0, 0, 0);        /* SM 1, warp 1 */
  CHECK(reads(&d, 5, 1, 0), "a block fence counts BlkFenceID only");
  cyc(&d, DEV, 5, 0, 0, 0);
  cyc(&d, DEV, 5, 0, 0, 0);
  CHECK(reads(&d, 5, 1, 2), "a device fence counts DevFenceID only");
  CHECK(reads(&d, 1, 0, 0) && reads(&d, 4, 0, 0), "other warps untouched (SM 0 warp 1, SM 1 warp 0)");
  cyc(&d, DEV, 6, 0, 6, 5);
  CHECK(d.out.rd_a_dev_o == 0 && d.out.rd_b_blk_o == 1 && d.out.rd_b_dev_o == 2,
        "the reads in the increment cycle show the old state (a: 6, b: 5)");
  cyc(&d, NONE, 0, 0, 6, 5);
  CHECK(d.out.rd_a_dev_o == 1 && d.out.rd_a_blk_o == 0 && d.out.rd_b_dev_o == 2,
        "and the next cycle the new one, ports independent");
  for (int i = 0; i < 63; i++)
    cyc(&d, BLK, 5, 0, 0, 0);
  CHECK(reads(&d, 5, 0, 2), "64 block fences wrap a 6-bit BlkFenceID to 0");
  cyc(&d, BLK, 5, 1, 5, 5);
  CHECK(d.out.rd_a_dev_o == 2, "the read in the clear cycle shows the old state");
  for (unsigned w = 0; w < 8; w++)
    CHECK(reads(&d, w, 0, 0), "clear zeroes entry %u and overrides the increment", w);
  cyc(&d, DEV, 2, 0, 0, 0);
  d.in.rst_ni = 0;
  cyc(&d, NONE, 0, 0, 0, 0);
  d.in.rst_ni = 1;
  CHECK(reads(&d, 2, 0, 0), "reset clears");
  ww_scord_fencefile_free(d.m);

  d = mk(3, 3, 2);                 /* 9 entries, WP_W 4: 9..15 do not exist */
  cyc(&d, DEV, 8, 0, 0, 0);
  cyc(&d, BLK, 9, 0, 0, 0);
  cyc(&d, DEV, 15, 0, 0, 0);
  CHECK(reads(&d, 8, 0, 1), "the last entry (SM 2, warp 2) counts");
  CHECK(reads(&d, 9, 0, 0) && reads(&d, 15, 0, 0), "entries >= 9 read 0");
  for (unsigned w = 0; w < 8; w++)
    CHECK(reads(&d, w, 0, 0), "out-of-range increments touch no entry (%u)", w);
  for (int i = 0; i < 5; i++)
    cyc(&d, DEV, 8, 0, 0, 0);
  CHECK(reads(&d, 8, 0, 2), "FID_W 2: six device fences read 2");
  ww_scord_fencefile_free(d.m);
}

static void run(unsigned num_sm, unsigned warps, unsigned fid_w, uint64_t cycles)
{
  dut_t d = mk(num_sm, warps, fid_w);
  const unsigned n = num_sm * warps, wp_w = n > 1 ? ww_clog2(n) : 1;
  const uint64_t mask = (1ull << fid_w) - 1;
  uint64_t blk[3][4], dev[3][4];   /* [sm][warp], unbounded */
  memset(blk, 0, sizeof blk);
  memset(dev, 0, sizeof dev);
  for (uint64_t c = 0; c < cycles && failures < 10; c++) {
    d.in.rst_ni = !ww_rng_chance(&rng, 1, 5000);
    unsigned sm = (unsigned)ww_rng_below(&rng, num_sm), w = (unsigned)ww_rng_below(&rng, warps);
    int k = (int)ww_rng_below(&rng, 3);
    unsigned wp = ww_rng_chance(&rng, 1, 10) ? (unsigned)ww_rng_bits(&rng, wp_w) : sm * warps + w;
    unsigned a = (unsigned)ww_rng_bits(&rng, wp_w), b = (unsigned)ww_rng_bits(&rng, wp_w);
    if (ww_rng_chance(&rng, 1, 3))
      a = wp;
    cyc(&d, k, wp, ww_rng_chance(&rng, 1, 700), a, b);
    unsigned pa[2] = { a, b };
    uint64_t got[2][2] = { { d.out.rd_a_blk_o, d.out.rd_a_dev_o },
                           { d.out.rd_b_blk_o, d.out.rd_b_dev_o } };
    for (int p = 0; p < 2; p++) {
      unsigned x = pa[p];
      uint64_t rb = x < n ? blk[x / warps][x % warps] & mask : 0;
      uint64_t rdv = x < n ? dev[x / warps][x % warps] & mask : 0;
      CHECK(got[p][0] == rb && got[p][1] == rdv,
            "NUM_SM=%u WARPS=%u FID_W=%u cycle %" PRIu64 ": port %c entry %u reads {%" PRIu64
            ", %" PRIu64 "}, reference {%" PRIu64 ", %" PRIu64 "}", num_sm, warps, fid_w, c,
            "ab"[p], x, got[p][0], got[p][1], rb, rdv);
    }
    if (!d.in.rst_ni || d.in.clear_i) {
      memset(blk, 0, sizeof blk);
      memset(dev, 0, sizeof dev);
    } else if (k != NONE && wp < n) {
      if (k == DEV)
        dev[wp / warps][wp % warps]++;
      else
        blk[wp / warps][wp % warps]++;
    }
  }
  ww_scord_fencefile_free(d.m);
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
      fprintf(stderr, "usage: test_scord_fencefile [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  hand_cases();
  static const unsigned sms[] = { 1, 2, 3 }, ws[] = { 1, 3, 4 }, fw[] = { 1, 2, 6 };
  for (unsigned i = 0; i < 3; i++)
    for (unsigned j = 0; j < 3; j++)
      for (unsigned k = 0; k < 3; k++)
        run(sms[i], ws[j], fw[k], cycles / 10);
  printf("test_scord_fencefile: %d checks, NUM_SM {1,2,3} x WARPS {1,3,4} x FID_W {1,2,6}: %s\n",
         checks, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
