/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the scoreboard's C model (rtl/sm/ww_scoreboard.v),
 * apart from the lockstep test. A small SM is simulated around it: every
 * warp's instruction buffer holds a random decoded instruction (rs1, rs2,
 * rd, memory or compute); each cycle one warp that the scoreboard reports
 * ready issues (set), and its result comes back after a random latency
 * (long for memory, short for compute) through the single writeback port
 * (clear), oldest finished first. The reference is the list of in-flight
 * instructions, not a bit vector. Checked every cycle, for WARPS = 1..max:
 *   * ready_o[w] == no in-flight instruction of w writes rs1, rs2 or rd
 *     (so an instruction is never reported ready while one of its
 *     registers has a pending write), x0 never counting;
 *   * mem_o[w] == such an in-flight writer is a memory instruction;
 *   * busy_o[w] == w has an in-flight writer;
 *   * no two in-flight writers of one register (WAW is really blocked);
 *   * a reset in mid-run frees every register.
 * Usage: test_scoreboard [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_scoreboard.h"

#define MAXW WW_WARPS_PER_SM
#define MAX_INFLIGHT 256

typedef struct {
  unsigned w, rd;
  int mem;
  uint64_t done;        /* first cycle its writeback may happen */
} flight_t;

typedef struct {
  unsigned rs1, rs2, rd;
  int mem;
} insn_t;

static ww_rng_t rng;
static int failures;

static unsigned rand_reg(void)
{
  if (ww_rng_chance(&rng, 1, 6))
    return 0;
  return ww_rng_chance(&rng, 4, 5) ? 1 + (unsigned)ww_rng_below(&rng, 6)
                                   : 1 + (unsigned)ww_rng_below(&rng, 31);
}

static insn_t rand_insn(void)
{
  insn_t i = { rand_reg(), rand_reg(), rand_reg(), ww_rng_chance(&rng, 1, 3) };
  return i;
}

static void fail(uint64_t cyc, unsigned warps, const char *what, unsigned w, unsigned got,
                 unsigned want)
{
  if (failures++ < 10)
    printf("FAIL: WARPS=%u cycle %" PRIu64 " warp %u: %s = %u, reference %u\n", warps, cyc, w,
           what, got, want);
}

static void run(unsigned warps, uint64_t cycles, uint64_t *issued, uint64_t *stalled)
{
  ww_scoreboard_cfg_t cfg = { warps };
  ww_scoreboard_t *sb = ww_scoreboard_new(&cfg);
  if (!sb) {
    printf("FAIL: cannot create WARPS=%u\n", warps);
    failures++;
    return;
  }
  flight_t fl[MAX_INFLIGHT];
  unsigned nfl = 0;
  insn_t ib[MAXW];
  for (unsigned w = 0; w < warps; w++)
    ib[w] = rand_insn();

  for (uint64_t cyc = 0; cyc < cycles && failures < 10; cyc++) {
    ww_scoreboard_in_t in;
    ww_scoreboard_out_t out;
    memset(&in, 0, sizeof in);
    int rst = cyc < 2 || ww_rng_chance(&rng, 1, 20000);
    in.rst_ni = !rst;
    for (unsigned w = 0; w < warps; w++) {
      ww_sb_put(in.q_rs1_i, w * 5, 5, ib[w].rs1);
      ww_sb_put(in.q_rs2_i, w * 5, 5, ib[w].rs2);
      ww_sb_put(in.q_rd_i, w * 5, 5, ib[w].rd);
    }
    /* writeback: the oldest finished in-flight instruction, at most one */
    int wb = -1;
    for (unsigned i = 0; i < nfl; i++)
      if (fl[i].done <= cyc) {
        wb = (int)i;
        break;
      }
    if (wb >= 0 && ww_rng_chance(&rng, 7, 8)) {
      in.clr_valid_i = 1;
      in.clr_wid_i = fl[wb].w;
      in.clr_rd_i = fl[wb].rd;
    } else {
      wb = -1;
    }

    /* reference outputs */
    unsigned ref_ready[MAXW], ref_mem[MAXW], ref_busy[MAXW];
    for (unsigned w = 0; w < warps; w++) {
      ref_ready[w] = 1;
      ref_mem[w] = ref_busy[w] = 0;
      for (unsigned i = 0; i < nfl; i++) {
        if (fl[i].w != w)
          continue;
        ref_busy[w] = 1;
        if (fl[i].rd == ib[w].rs1 || fl[i].rd == ib[w].rs2 || fl[i].rd == ib[w].rd) {
          ref_ready[w] = 0;
          ref_mem[w] |= (unsigned)fl[i].mem;
        }
      }
    }
    /* issue: a random warp among those the reference says are ready (the
     * model's own answer is checked against the reference below) */
    unsigned cand[MAXW], nc = 0;
    for (unsigned w = 0; w < warps; w++)
      if (ref_ready[w])
        cand[nc++] = w;
    int iw = -1;
    if (!rst && nc && nfl < MAX_INFLIGHT && ww_rng_chance(&rng, 3, 4)) {
      iw = (int)cand[ww_rng_below(&rng, nc)];
      in.set_valid_i = 1;
      in.set_wid_i = (unsigned)iw;
      in.set_rd_i = ib[iw].rd;
      in.set_mem_i = (unsigned)ib[iw].mem;
    } else {
      in.set_wid_i = ww_rng_below(&rng, warps);
      in.set_rd_i = rand_reg();
    }
    ww_scoreboard_step(sb, &in, &out);

    for (unsigned w = 0; w < warps; w++) {
      unsigned r = (unsigned)(out.ready_o >> w & 1), m = (unsigned)(out.mem_o >> w & 1),
               b = (unsigned)(out.busy_o >> w & 1);
      if (cyc < 1)
        continue;                   /* state undefined before the first reset edge */
      if (r != ref_ready[w])
        fail(cyc, warps, "ready_o", w, r, ref_ready[w]);
      if (m != ref_mem[w])
        fail(cyc, warps, "mem_o", w, m, ref_mem[w]);
      if (b != ref_busy[w])
        fail(cyc, warps, "busy_o", w, b, ref_busy[w]);
      if (r && m)
        fail(cyc, warps, "ready_o && mem_o", w, 1, 0);
    }
    if ((out.ready_o | out.mem_o | out.busy_o) >> warps)
      fail(cyc, warps, "bits above WARPS", warps, 1, 0);

    /* the reference's clock edge */
    if (rst) {
      nfl = 0;
      continue;
    }
    if (wb >= 0) {
      memmove(&fl[wb], &fl[wb + 1], (nfl - (unsigned)wb - 1) * sizeof fl[0]);
      nfl--;
    }
    if (iw >= 0) {
      (*issued)++;
      if (ib[iw].rd) {
        for (unsigned i = 0; i < nfl; i++)
          if (fl[i].w == (unsigned)iw && fl[i].rd == ib[iw].rd)
            fail(cyc, warps, "second in-flight writer of x", (unsigned)iw, ib[iw].rd, 0);
        flight_t f = { (unsigned)iw, ib[iw].rd, ib[iw].mem,
                       cyc + 1 + (ib[iw].mem ? 5 + ww_rng_below(&rng, 60) : ww_rng_below(&rng, 4)) };
        fl[nfl++] = f;
      }
      ib[iw] = rand_insn();
    }
    for (unsigned w = 0; w < warps; w++)
      *stalled += !ref_ready[w];
  }
  ww_scoreboard_free(sb);
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
      fprintf(stderr, "usage: test_scoreboard [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  uint64_t issued = 0, stalled = 0;
  for (unsigned w = 1; w <= MAXW; w++)
    run(w, cycles, &issued, &stalled);
  printf("test_scoreboard: %" PRIu64 " issues, %" PRIu64 " warp-cycles stalled on a pending "
         "register, WARPS 1..%u: %s\n", issued, stalled, MAXW, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
