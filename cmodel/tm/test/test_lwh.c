/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the last-writer-history C model (KILO TM,
 * MICRO 2011, sec. 4.5.2),
 * independent of the lockstep test. A driver plays a commit pipeline that
 * respects the unit's protocol: a CID vendor that issues batches only while
 * cid_hold_o is low and the window has room, transactions that each write a
 * few addresses, in-order retirement of transactions whose writes are done.
 * A host reference keeps, per address, the youngest writer in unbounded CID
 * numbering. Every query answer is checked:
 *   - if the address has a live (unretired) writer T, the unit must answer
 *     found with a CID no older than T (never a miss, never an older writer);
 *   - a found CID must be live.
 * CIDs are narrow (6 and 8 bits) so they wrap thousands of times; the default
 * configuration runs too. False and younger-false writers are counted.
 * Usage: test_lwh [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lwh.h"
#include "ww_rng.h"

static ww_rng_t rng;
static uint64_t rnd(void) { return ww_rng_next(&rng); }
static uint64_t below(uint64_t n) { return ww_rng_below(&rng, n); }

#define MAX_BATCH 4
#define MAX_WRITES 3
#define POOL 48

typedef struct {
  unsigned left;                 /* writes not yet accepted */
  uint32_t addr[MAX_WRITES];
} txn_t;

typedef struct {
  uint64_t queries, exact, younger_false, false_writer, misses_ok, hold_cycles, wraps;
  uint64_t failures;
} stats_t;

static int run(const ww_lwh_cfg_t *cfg, uint64_t cycles, stats_t *st)
{
  ww_lwh_t *l = ww_lwh_new(cfg);
  if (!l)
    return -1;
  const uint64_t span = 1ull << cfg->cid_w, mask = span - 1;
  const uint64_t window_max = cfg->cid_slack - MAX_BATCH;
  const uint32_t amask = (uint32_t)((1ull << cfg->addr_w) - 1);
  txn_t *txn = calloc(span, sizeof *txn);          /* indexed by cid & mask */
  uint64_t *ref = calloc((size_t)amask + 1, sizeof *ref);   /* youngest writer + 1, 0 = none */
  uint32_t pool[POOL];
  for (unsigned i = 0; i < POOL; i++)   /* crowd the pool onto few table sets */
    pool[i] = (uint32_t)((rnd() & amask & ~7u) | (i % 3));

  uint64_t oldest = span * 3 + below(span), next = oldest;   /* unbounded */
  ww_lwh_in_t in;
  ww_lwh_out_t out;
  memset(&in, 0, sizeof in);
  int pending = 0, inflight_write = 0;
  uint64_t inflight_cid = 0;
  uint32_t q_addr = 0;
  int q_stage = 0;          /* 1: query accepted last edge (LOOK now), 2: answer now */
  uint64_t q_oldest = 0, q_next = 0, q_ref = 0;
  int hold = 0;

  for (uint64_t c = 0; c < cycles; c++) {
    int rst = c < 2;
    /* vendor: a batch while the unit does not hold and the window has room */
    if (!rst && !hold && below(3) == 0) {
      uint64_t b = 1 + below(MAX_BATCH);
      if (next - oldest + b <= window_max) {
        for (uint64_t i = 0; i < b; i++) {
          txn_t *t = &txn[(next + i) & mask];
          t->left = (unsigned)below(MAX_WRITES + 1);
          for (unsigned w = 0; w < t->left; w++)
            t->addr[w] = below(8) ? pool[below(POOL)] : (uint32_t)(rnd() & amask);
        }
        if ((next & ~mask) != ((next + b) & ~mask))
          st->wraps++;
        next += b;
      }
    }
    /* retire the oldest transaction once all its writes are done */
    int oldest_busy = (inflight_write && inflight_cid == oldest) ||
                      (pending && in.req_write_i && (in.req_cid_i == (oldest & mask)));
    if (!rst && oldest < next && !txn[oldest & mask].left && !oldest_busy && below(2))
      oldest++;
    /* offer a request: a write of some live transaction, else a query */
    if (!pending && !rst && below(4)) {
      uint64_t cand = UINT64_MAX;
      for (uint64_t i = 0; i < 4 && next > oldest; i++) {
        uint64_t t = oldest + below(next - oldest);
        if (txn[t & mask].left) {
          cand = t;
          break;
        }
      }
      pending = 1;
      if (cand != UINT64_MAX && below(3)) {
        txn_t *t = &txn[cand & mask];
        in.req_write_i = 1;
        in.req_addr_i = t->addr[--t->left];
        in.req_cid_i = cand & mask;
      } else {
        in.req_write_i = 0;
        in.req_addr_i = below(4) ? pool[below(POOL)] : (uint32_t)(rnd() & amask);
        in.req_cid_i = below(span);
      }
    }
    in.rst_ni = !rst;
    in.oldest_cid_i = oldest & mask;
    in.next_cid_i = next & mask;
    in.req_valid_i = (uint64_t)pending;
    if (q_stage == 1) {      /* the unit looks up now: the liveness it sees */
      q_oldest = oldest;
      q_next = next;
    }

    ww_lwh_step(l, &in, &out);
    hold = (int)out.cid_hold_o;
    st->hold_cycles += (uint64_t)hold;
    if (inflight_write && out.req_ready_o)
      inflight_write = 0;     /* back in IDLE: the write is done */

    if (q_stage == 2) {
      if (!out.rsp_valid_o) {
        printf("FAIL cycle %" PRIu64 ": no response two cycles after a query\n", c);
        st->failures++;
      } else {
        st->queries++;
        uint64_t found_u = q_oldest + ((out.rsp_cid_o - q_oldest) & mask);
        int truth_live = q_ref && q_ref - 1 >= q_oldest;
        if (out.rsp_found_o && found_u >= q_next) {
          printf("FAIL cycle %" PRIu64 ": addr %x answered CID %" PRIu64 " which is not live "
                 "[%" PRIu64 ", %" PRIu64 ")\n", c, q_addr, out.rsp_cid_o, q_oldest, q_next);
          st->failures++;
        } else if (truth_live && (!out.rsp_found_o || found_u < q_ref - 1)) {
          printf("FAIL cycle %" PRIu64 ": addr %x youngest live writer %" PRIu64 " but unit "
                 "answered found=%" PRIu64 " cid=%" PRIu64 " (unbounded %" PRIu64 ")\n",
                 c, q_addr, q_ref - 1, out.rsp_found_o, out.rsp_cid_o, found_u);
          st->failures++;
        } else if (truth_live) {
          if (found_u == q_ref - 1)
            st->exact++;
          else
            st->younger_false++;
        } else if (out.rsp_found_o) {
          st->false_writer++;
        } else {
          st->misses_ok++;
        }
      }
      q_stage = 0;
      if (st->failures > 5)
        break;
    }
    if (q_stage == 1)
      q_stage = 2;

    if (pending && out.req_ready_o) {      /* accepted at this edge */
      pending = 0;
      uint32_t a = (uint32_t)in.req_addr_i;
      if (in.req_write_i) {
        uint64_t w = oldest + ((in.req_cid_i - oldest) & mask);
        if (ref[a] < w + 1)
          ref[a] = w + 1;
        inflight_write = 1;
        inflight_cid = w;
      } else {
        q_stage = 1;
        q_addr = a;
        q_ref = ref[a];
      }
    }
  }
  ww_lwh_free(l);
  free(txn);
  free(ref);
  return 0;
}

int main(int argc, char **argv)
{
  uint64_t cycles = 2000000;
  rng.s = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
      rng.s = strtoull(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--cycles") && i + 1 < argc) {
      cycles = strtoull(argv[++i], NULL, 0);
    } else {
      fprintf(stderr, "usage: %s [--seed N] [--cycles N]\n", argv[0]);
      return 2;
    }
  }
  printf("test_lwh: seed=%" PRIu64 " cycles=%" PRIu64 " per configuration\n", rng.s, cycles);
  ww_lwh_cfg_t cfgs[3] = {
    { 16, 2, 16, 2, 10, 6, 16, 4, 2011 },      /* tiny: 6-bit CIDs wrap constantly */
    { 64, 4, 64, 4, 12, 8, 40, 4, 77 },        /* small, 8-bit CIDs */
    ww_lwh_default_cfg(),                      /* the RTL defaults */
  };
  uint64_t total_fail = 0;
  printf("%-28s %9s %9s %9s %9s %9s %7s %9s\n", "configuration", "queries", "exact",
         "younger", "falsewr", "nowriter", "wraps", "holdcyc");
  for (unsigned i = 0; i < 3; i++) {
    stats_t st;
    memset(&st, 0, sizeof st);
    if (run(&cfgs[i], i == 2 ? cycles / 4 : cycles, &st)) {
      printf("FAIL: configuration %u refused\n", i);
      total_fail++;
      continue;
    }
    char name[64];
    snprintf(name, sizeof name, "E%u W%u B%u S%u CID_W=%u", cfgs[i].entries, cfgs[i].ways,
             cfgs[i].buckets, cfgs[i].subarrays, cfgs[i].cid_w);
    printf("%-28s %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %7" PRIu64
           " %9" PRIu64 "\n", name, st.queries, st.exact, st.younger_false, st.false_writer,
           st.misses_ok, st.wraps, st.hold_cycles);
    if (st.queries < 1000 || st.exact == 0) {
      printf("FAIL: configuration %s checked too little (%" PRIu64 " queries)\n", name,
             st.queries);
      st.failures++;
    }
    if (i == 0 && st.wraps < 100) {
      printf("FAIL: the tiny configuration wrapped only %" PRIu64 " times\n", st.wraps);
      st.failures++;
    }
    total_fail += st.failures;
  }
  printf("test_lwh: %s\n", total_fail ? "FAIL" : "PASS");
  return total_fail ? 1 : 0;
}
