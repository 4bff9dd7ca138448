/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the parallel Bloom filter C model (independent of the
 * lockstep test, which only shows RTL == model):
 *   1. H3 is linear over GF(2): h(a ^ b) == h(a) ^ h(b), h(0) == 0.
 *   2. No false negatives: every inserted key hits until the next clear.
 *   3. Clear empties the filter.
 *   4. The false-positive rate measured on random absent keys, averaged over
 *      20 independent insert sets, matches the analytic (1 - e^(-k n / m))^k
 *      within 10% relative + 0.002 absolute. Sequential keys (line addresses,
 *      a structured input for a linear hash) are printed and held to a
 *      sanity bound of 3x analytic + 0.01.
 * Usage: test_bloom_filter [--seed N]
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_bloom_filter.h"
#include "ww_rng.h"
#include "ww_h3.h"

static ww_rng_t rng;
static uint64_t rnd(void) { return ww_rng_next(&rng); }

static int failures;
#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      failures++;                                                          \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                          \
      printf(__VA_ARGS__);                                                 \
      printf("\n");                                                        \
    }                                                                      \
  } while (0)

static void test_h3_linear(void)
{
  ww_h3_t h;
  CHECK(ww_h3_init(&h, 7, 32, 10) == 0, "h3 init");
  CHECK(ww_h3_hash(&h, 0) == 0, "h(0) != 0");
  for (int i = 0; i < 10000; i++) {
    uint64_t a = rnd() & 0xFFFFFFFFu, b = rnd() & 0xFFFFFFFFu;
    uint32_t ha = ww_h3_hash(&h, a), hb = ww_h3_hash(&h, b), hab = ww_h3_hash(&h, a ^ b);
    if (hab != (ha ^ hb)) {
      CHECK(0, "h3 not linear: a=%llx b=%llx", (unsigned long long)a, (unsigned long long)b);
      break;
    }
    if (ha >= 1024u) {
      CHECK(0, "h3 output wider than 10 bits: %x", ha);
      break;
    }
  }
}

/* Inserts n keys, checks they all hit, returns the measured FP rate. */
static double fp_rate(ww_bloom_filter_t *bf, unsigned n, int sequential, unsigned trials)
{
  uint64_t *keys = malloc(n * sizeof *keys);
  uint64_t base = rnd() & 0xFFFF0000u;
  ww_bloom_filter_clear(bf);
  for (unsigned i = 0; i < n; i++) {
    keys[i] = sequential ? base + 32u * i : (rnd() & 0xFFFFFFFFu);
    ww_bloom_filter_insert(bf, 0, keys[i]);
  }
  unsigned missed = 0;
  for (unsigned i = 0; i < n; i++)
    missed += !ww_bloom_filter_query(bf, 0, keys[i]);
  CHECK(missed == 0, "%u false negatives of %u inserted keys", missed, n);
  unsigned fp = 0, tried = 0;
  for (unsigned t = 0; t < trials; t++) {
    uint64_t k = sequential ? base + 32u * (n + t) : (rnd() & 0xFFFFFFFFu);
    int inserted = 0;
    for (unsigned i = 0; i < n && !inserted; i++)
      inserted = keys[i] == k;
    if (inserted)
      continue;
    tried++;
    fp += (unsigned)ww_bloom_filter_query(bf, 0, k);
  }
  free(keys);
  return tried ? (double)fp / tried : 0.0;
}

int main(int argc, char **argv)
{
  rng.s = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      rng.s = strtoull(argv[++i], NULL, 0);
    } else {
      fprintf(stderr, "usage: %s [--seed N]\n", argv[0]);
      return 2;
    }
  }
  printf("test_bloom_filter: seed=%llu\n", (unsigned long long)rng.s);
  test_h3_linear();

  static const struct { unsigned bits, k; } cfgs[] = {
    { 1024, 4 }, { 256, 4 }, { 128, 2 }, { 1024, 1 }, { 512, 8 },
  };
  printf("%6s %3s %5s %12s %12s %12s\n", "bits", "k", "n", "fp_measured", "fp_analytic",
         "fp_seq_keys");
  for (unsigned c = 0; c < sizeof cfgs / sizeof cfgs[0]; c++) {
    ww_bloom_filter_cfg_t cfg = { cfgs[c].bits, cfgs[c].k, 32, 2011, 1, 1 };
    ww_bloom_filter_t *bf = ww_bloom_filter_new(&cfg);
    CHECK(bf != NULL, "config %u/%u refused", cfg.bits, cfg.k);
    if (!bf)
      continue;
    unsigned ns[3] = { cfg.bits / 16, cfg.bits / 8, cfg.bits / 4 };
    for (unsigned j = 0; j < 3; j++) {
      unsigned n = ns[j];
      double m = cfg.bits, k = cfg.k;
      double analytic = pow(1.0 - exp(-k * n / m), k);
      double meas = 0, seq = 0;
      for (unsigned rep = 0; rep < 20; rep++) {
        meas += fp_rate(bf, n, 0, 10000) / 20;
        seq += fp_rate(bf, n, 1, 2000) / 20;
      }
      printf("%6u %3u %5u %12.5f %12.5f %12.5f\n", cfg.bits, cfg.k, n, meas, analytic, seq);
      CHECK(fabs(meas - analytic) <= 0.10 * analytic + 0.002,
            "FP rate %.5f far from analytic %.5f (bits=%u k=%u n=%u)", meas, analytic,
            cfg.bits, cfg.k, n);
      CHECK(seq <= 3.0 * analytic + 0.01,
            "FP rate on sequential keys %.5f vs analytic %.5f (bits=%u k=%u n=%u)", seq,
            analytic, cfg.bits, cfg.k, n);
    }
    ww_bloom_filter_clear(bf);
    unsigned hits = 0;
    for (unsigned t = 0; t < 10000; t++)
      hits += (unsigned)ww_bloom_filter_query(bf, 0, rnd() & 0xFFFFFFFFu);
    CHECK(hits == 0, "%u hits after clear", hits);
    ww_bloom_filter_free(bf);
  }

  /* banks are independent filters: keys inserted in one bank all hit there
   * and never in another (whose bits stay clear) */
  {
    ww_bloom_filter_cfg_t bc = { 1024, 4, 32, 2011, 1, 4 };
    ww_bloom_filter_t *bf = ww_bloom_filter_new(&bc);
    CHECK(bf != NULL, "banked config refused");
    if (bf) {
      uint64_t keys[64];
      for (unsigned i = 0; i < 64; i++) {
        keys[i] = rnd() & 0xFFFFFFFFu;
        ww_bloom_filter_insert(bf, 2, keys[i]);
      }
      unsigned own = 0, other = 0;
      for (unsigned i = 0; i < 64; i++)
        for (unsigned b = 0; b < 4; b++) {
          const int h = ww_bloom_filter_query(bf, b, keys[i]);
          own += b == 2 && h;
          other += b != 2 && h;
        }
      CHECK(own == 64, "%u of 64 keys hit in their own bank", own);
      CHECK(other == 0, "%u hits in banks nothing was inserted into", other);
      ww_bloom_filter_free(bf);
    }
  }

  ww_bloom_filter_cfg_t bad = { 1000, 3, 32, 0, 1, 1 };
  ww_bloom_filter_t *nbf = ww_bloom_filter_new(&bad);
  CHECK(nbf == NULL, "illegal configuration 1000/3 accepted");
  ww_bloom_filter_free(nbf);

  printf("test_bloom_filter: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
