/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the commit-ID vendor's C model (KILO TM, MICRO 2011,
 * sec. 4.5), independent of the lockstep test. SMs ask for 1..LANES IDs and
 * hold the request until granted; hold_i comes in bursts. A host reference
 * counts IDs without wrapping. Checked every cycle:
 *   - at most one grant, only to a requesting SM, none while hold_i;
 *   - a grant's range starts where the previous one ended (base_o equals the
 *     reference modulo 2^CID_W), so ranges are consecutive and disjoint, and
 *     next_o is the reference's next ID;
 *   - fairness: while hold_i is low, a waiting SM is granted before any
 *     other SM is granted twice (at most NUM_SM - 1 grants pass it).
 * It runs at the default configuration, at 1 SM with 2-bit IDs (wrapping
 * every few grants) and with 31 lanes and 8-bit IDs. It fails against a
 * model that always grants the lowest SM and one that advances by one ID
 * per grant (both tried).
 * Usage: test_tm_cid [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_tm_cid.h"

static int failures;

#define FAIL(...)                                                                  \
  do {                                                                             \
    if (failures++ < 5) {                                                          \
      printf("FAIL: ");                                                            \
      printf(__VA_ARGS__);                                                         \
      printf("\n");                                                                \
    }                                                                              \
  } while (0)

static void run(ww_tm_cid_cfg_t cfg, uint64_t seed, uint64_t cycles)
{
  ww_tm_cid_t *m = ww_tm_cid_new(&cfg);
  if (!m) {
    FAIL("configuration refused");
    return;
  }
  ww_rng_t rng = { seed };
  const unsigned nsm = cfg.num_sm, cnt_w = ww_clog2(cfg.lanes + 1);
  const uint32_t cid_mask = (1u << cfg.cid_w) - 1;
  int want[64] = { 0 };
  unsigned n[64] = { 0 }, passed[64] = { 0 };
  uint64_t next = 0, grants = 0, ids = 0, max_passed = 0;
  unsigned hold_left = 0;
  ww_tm_cid_in_t in;
  ww_tm_cid_out_t out;
  memset(&in, 0, sizeof in);
  ww_tm_cid_step(m, &in, &out);   /* reset */
  for (uint64_t c = 0; c < cycles && failures < 5; c++) {
    memset(&in, 0, sizeof in);
    in.rst_ni = 1;
    if (!hold_left && ww_rng_chance(&rng, 1, 60))
      hold_left = 1 + (unsigned)ww_rng_below(&rng, 30);
    in.hold_i = hold_left != 0;
    if (hold_left)
      hold_left--;
    for (unsigned s = 0; s < nsm; s++) {
      if (!want[s] && ww_rng_chance(&rng, 1, 3)) {
        want[s] = 1;
        n[s] = 1 + (unsigned)ww_rng_below(&rng, cfg.lanes);
        passed[s] = 0;
      }
      in.req_valid_i |= (uint64_t)want[s] << s;
      in.req_n_i |= (uint64_t)n[s] << (cnt_w * s);
    }
    ww_tm_cid_step(m, &in, &out);
    if ((out.next_o & cid_mask) != (next & cid_mask) || out.base_o != out.next_o)
      FAIL("cycle %" PRIu64 ": next %" PRIu64 " base %" PRIu64 ", reference %" PRIu64, c,
           (uint64_t)out.next_o, (uint64_t)out.base_o, next & cid_mask);
    const uint64_t g = out.grant_o;
    if (g & (g - 1))
      FAIL("cycle %" PRIu64 ": two grants 0x%" PRIx64, c, g);
    if (g && in.hold_i)
      FAIL("cycle %" PRIu64 ": grant while hold_i", c);
    if (g & ~in.req_valid_i)
      FAIL("cycle %" PRIu64 ": grant 0x%" PRIx64 " to an SM not asking", c, g);
    if (!g)
      continue;
    unsigned k = (unsigned)__builtin_ctzll(g);
    grants++;
    ids += n[k];
    next += n[k];
    want[k] = 0;
    for (unsigned s = 0; s < nsm; s++)
      if (want[s] && s != k) {
        if (++passed[s] > max_passed)
          max_passed = passed[s];
        if (passed[s] > nsm - 1)
          FAIL("cycle %" PRIu64 ": SM %u waited through %u grants (NUM_SM %u)", c, s, passed[s],
               nsm);
      }
  }
  printf("test_tm_cid: NUM_SM=%u LANES=%u CID_W=%u: %" PRIu64 " grants, %" PRIu64
         " IDs (%" PRIu64 " wraps), at most %" PRIu64 " grants passed a waiting SM: %s\n",
         nsm, cfg.lanes, cfg.cid_w, grants, ids, ids >> cfg.cid_w, max_passed,
         failures ? "FAIL" : "PASS");
  ww_tm_cid_free(m);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, cycles = 200000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--cycles N]\n", argv[0]);
      return 2;
    }
  }
  run(ww_tm_cid_default_cfg(), seed, cycles);
  run((ww_tm_cid_cfg_t){ 1, 1, 2 }, seed + 1, cycles);
  run((ww_tm_cid_cfg_t){ WW_NUM_SM, 31, 8 }, seed + 2, cycles);
  return failures ? 1 : 0;
}
