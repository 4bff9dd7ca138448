/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the warp scheduler's C model (rtl/sm/ww_warp_sched.v),
 * apart from the lockstep test. Random per-warp status for WARPS = 1..max,
 * every mode. Checked every cycle:
 *   * the stall class of each warp is the first cause of GSI's
 *     Algorithm 1 (ISPASS 2016) that holds (table below), and NONE
 *     exactly when the warp could issue: live, instruction ready, not at a
 *     barrier, not held by the serial mode, registers free, unit ready;
 *   * issue_valid_o == some warp is eligible; the chosen warp is eligible;
 *   * it is the first eligible warp after the previous winner, found by
 *     walking (last+1, last+2, ... mod WARPS), warp 0 first after a reset;
 *   * serial mode: only the designated warp ever issues;
 *   * no starvation: a warp eligible for WARPS cycles in a row has issued
 *     in one of them.
 * Usage: test_warp_sched [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_warp_sched.h"

#define MAXW WW_WARPS_PER_SM

static ww_rng_t rng;
static int failures;

#define CHECK(cond, ...)                                                          \
  do {                                                                            \
    if (!(cond) && failures++ < 10) {                                             \
      printf("FAIL: WARPS=%u cycle %" PRIu64 ": ", warps, cyc);                    \
      printf(__VA_ARGS__);                                                        \
      printf("\n");                                                               \
    }                                                                             \
  } while (0)

static uint64_t rbits(unsigned warps, unsigned num, unsigned den)
{
  uint64_t v = 0;
  for (unsigned w = 0; w < warps; w++)
    v |= (uint64_t)ww_rng_chance(&rng, num, den) << w;
  return v;
}

static void run(unsigned warps, uint64_t cycles, uint64_t *issues, uint64_t hist[8])
{
  ww_warp_sched_cfg_t cfg = { warps };
  ww_warp_sched_t *s = ww_warp_sched_new(&cfg);
  if (!s) {
    printf("FAIL: cannot create WARPS=%u\n", warps);
    failures++;
    return;
  }
  unsigned last = warps - 1;
  unsigned wait[32] = { 0 };     /* consecutive eligible cycles without issue */
  unsigned wid_w = warps > 1 ? ww_clog2(warps) : 1;
  for (uint64_t cyc = 0; cyc < cycles && failures < 10; cyc++) {
    ww_warp_sched_in_t in;
    ww_warp_sched_out_t out;
    memset(&in, 0, sizeof in);
    int rst = cyc < 1 || ww_rng_chance(&rng, 1, 5000);
    in.rst_ni = !rst;
    /* dense eligibility in some phases, sparse in others */
    unsigned dense = (cyc / 1000) % 2;
    in.active_i = rbits(warps, 9, 10);
    in.ibuf_valid_i = rbits(warps, dense ? 15 : 7, dense ? 16 : 8);
    in.bar_wait_i = rbits(warps, 1, dense ? 20 : 8);
    in.sb_ready_i = rbits(warps, dense ? 9 : 2, dense ? 10 : 3);
    in.sb_mem_i = rbits(warps, 1, 2);
    in.is_mem_i = rbits(warps, 1, 3);
    in.unit_ready_i = rbits(warps, dense ? 9 : 2, dense ? 10 : 3);
    in.mode_i = (cyc / 3000) % 4 == 1 ? WW_SCHED_SERIAL : (cyc / 3000) % 7 == 3 ? 2 : 0;
    in.serial_wid_i = (cyc / 50) % (1u << wid_w);
    ww_warp_sched_step(s, &in, &out);

    /* expected classes */
    uint32_t elig = 0;
    for (unsigned w = 0; w < warps; w++) {
#define B(p) ((unsigned)(in.p >> w & 1))
      int held = in.mode_i == WW_SCHED_SERIAL && in.serial_wid_i != w;
      const struct { int holds; unsigned cls; } order[] = {
        { !B(active_i), WW_GSI_IDLE },
        { !B(ibuf_valid_i), WW_GSI_CONTROL },
        { B(bar_wait_i) || held, WW_GSI_SYNC },
        { !B(sb_ready_i) && B(sb_mem_i), WW_GSI_MEM_DATA },
        { B(is_mem_i) && !B(unit_ready_i), WW_GSI_MEM_STRUCT },
        { !B(sb_ready_i), WW_GSI_COMP_DATA },
        { !B(unit_ready_i), WW_GSI_COMP_STRUCT },
        { 1, WW_GSI_NONE },
      };
      unsigned want = WW_GSI_NONE;
      for (unsigned i = 0; i < 8; i++)
        if (order[i].holds) {
          want = order[i].cls;
          break;
        }
      int can = B(active_i) && B(ibuf_valid_i) && !B(bar_wait_i) && !held && B(sb_ready_i) &&
                B(unit_ready_i);
#undef B
      unsigned got = ww_warp_sched_stall(&out, w);
      CHECK(got == want, "warp %u class %u, expected %u", w, got, want);
      CHECK((got == WW_GSI_NONE) == can, "warp %u class %u but could issue: %d", w, got, can);
      if (can)
        elig |= 1u << w;
      hist[got]++;
    }
    CHECK(out.issue_valid_o == (elig != 0), "issue_valid_o %u with eligible 0x%x",
          (unsigned)out.issue_valid_o, elig);
    if (elig) {
      unsigned w = (unsigned)out.issue_wid_o;
      CHECK(w < warps && (elig >> w & 1), "issued warp %u, eligible 0x%x", w, elig);
      unsigned want = last;
      for (unsigned k = 1; k <= warps; k++)
        if (elig >> ((last + k) % warps) & 1) {
          want = (last + k) % warps;
          break;
        }
      CHECK(w == want, "issued warp %u, round robin after %u gives %u (eligible 0x%x)", w, last,
            want, elig);
      if (in.mode_i == WW_SCHED_SERIAL)
        CHECK(w == in.serial_wid_i, "serial mode: warp %u issued, designated %u", w,
              (unsigned)in.serial_wid_i);
      last = w;
      (*issues)++;
    }
    if (rst)                      /* the clock edge of a reset cycle */
      last = warps - 1;
    /* starvation window; restarts after a reset (round-robin state) */
    for (unsigned w = 0; w < warps; w++) {
      if (rst || !(elig >> w & 1) || (out.issue_valid_o && out.issue_wid_o == w))
        wait[w] = 0;
      else if (++wait[w] >= warps)
        CHECK(0, "warp %u eligible for %u cycles without issuing", w, wait[w]);
    }
  }
  ww_warp_sched_free(s);
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
      fprintf(stderr, "usage: test_warp_sched [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  uint64_t issues = 0, hist[8] = { 0 };
  for (unsigned w = 1; w <= MAXW; w++)
    run(w, cycles, &issues, hist);
  for (unsigned c = 0; c < 8; c++)
    if (!hist[c]) {
      printf("FAIL: stall class %u never occurred\n", c);
      failures++;
    }
  printf("test_warp_sched: %" PRIu64 " issues, WARPS 1..%u, classes idle/ctl/sync/mdata/"
         "mstruct/cdata/cstruct/none %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64
         "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 ": %s\n", issues, MAXW, hist[0], hist[1], hist[2],
         hist[3], hist[4], hist[5], hist[6], hist[7], failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
