/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the L2 slice C model against a flat reference memory
 * (a C array of lines, updated in the order the slice accepts requests),
 * with a DRAM model of its own (a second array) that takes requests under
 * random back-pressure and answers reads in order, each after 1..100
 * cycles, and random response back-pressure. Requests are offered back to
 * back (several in flight) in pipelined phases and one at a time in serial
 * phases. For every request it checks that
 *   - exactly one response comes, in acceptance order, with the request's
 *     id, src and op;
 *   - a READ returns the reference line (the latest bytes written before
 *     it was accepted);
 *   - an ATOMIC returns the reference old word (the rest of the data 0)
 *     and the reference is updated with op(old) (CAS only when equal);
 *   - WRITE and FLUSH answer with data 0;
 *   - (serial phases) a READ repeated at once of the line just answered
 *     hits (rsp_miss_o 0);
 * and of the DRAM port that at most MSHRS reads are outstanding and every
 * line is in range. At the end (and at random FLUSHes in the run) it
 * flushes and compares the whole DRAM image with the reference: no dirty
 * line is lost, nothing is written back that was not written. The paper-
 * independent performance claims of the non-blocking slice are checked too:
 * some run keeps MSHRS DRAM reads outstanding, a hit is answered while a
 * miss waits (hit under miss), and a stream of hits to different sets is
 * answered one per cycle. Configurations: the default (ww_config.h) and
 * small ones (2x2, 4x1, 2x8 with MSHRS/QUEUE 2..8) with NUM_PART 1..4, so
 * dirty evictions and same-set waits are frequent.
 * Usage: test_l2_slice [--seed N] [--requests N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_l2_slice.h"
#include "ww_rng.h"

#define LB WW_LINE_BYTES
#define LW ((LB + 3) / 4)
#define LINE_W (32 - WW_CLOG2(WW_LINE_BYTES))
#define MAXLINE ((uint32_t)((1ull << LINE_W) - 1))

typedef struct {
  unsigned nl;          /* lines in the test space: idx 0..nl-1 */
  uint32_t *ref;        /* [idx * LW + w] */
  uint32_t *dram;
} space_t;

/* idx <-> line: the low half at the bottom of memory, the high half at the top */
static uint32_t line_of(const space_t *s, unsigned idx)
{
  return idx < s->nl / 2 ? idx : MAXLINE - (idx - s->nl / 2);
}

static int idx_of(const space_t *s, uint32_t line, unsigned *idx)
{
  if (line < s->nl / 2) {
    *idx = line;
    return 1;
  }
  uint32_t d = MAXLINE - line;
  if (d < s->nl - s->nl / 2) {
    *idx = s->nl / 2 + d;
    return 1;
  }
  return 0;
}

static int failures;
#define FAIL(...)                                                                \
  do {                                                                           \
    printf("FAIL " __VA_ARGS__);                                                 \
    printf("\n");                                                                \
    failures++;                                                                  \
  } while (0)

#define RDQ 64
#define EXQ 256

typedef struct {               /* a response the slice owes */
  unsigned op, id, src, want_hit;
  uint64_t n;
  uint32_t line, data[LW];
} expect_t;

typedef struct {
  ww_l2_slice_t *m;
  const ww_l2_slice_cfg_t *cfg;
  ww_l2_slice_in_t in;
  ww_l2_slice_out_t out;
  space_t *sp;
  ww_rng_t *r;
  int always_ready;             /* throughput phase: no back-pressure */
  unsigned rd_head, rd_cnt;     /* DRAM reads outstanding, answered in order */
  uint64_t rd_due[RDQ];
  unsigned rd_idx[RDQ];
  expect_t ex[EXQ];             /* responses owed, in acceptance order */
  unsigned ex_head, ex_cnt;
  uint64_t cycle, dram_reads, dram_writes, misses, hits;
  unsigned max_reads;           /* most DRAM reads outstanding at once */
  uint64_t hit_under_miss;      /* hits answered while a DRAM read was outstanding */
} bench_t;

/* one clock cycle with the DRAM model and random back-pressure; returns 1
 * if the request on in.req_* was accepted; a response taken is checked
 * against the oldest owed one */
static int cycle(bench_t *b)
{
  ww_l2_slice_in_t *in = &b->in;
  in->rsp_ready_i = b->always_ready || ww_rng_chance(b->r, 3, 4);
  in->dram_req_ready_i = b->always_ready || ww_rng_chance(b->r, 2, 3);
  in->dram_rsp_valid_i = 0;
  if (b->rd_cnt && b->rd_due[b->rd_head] <= b->cycle) {
    in->dram_rsp_valid_i = 1;
    memcpy(in->dram_rsp_data_i, &b->sp->dram[(size_t)b->rd_idx[b->rd_head] * LW], LW * 4);
  }
  ww_l2_slice_step(b->m, in, &b->out);
  b->cycle++;
  int acc = in->req_valid_i && b->out.req_ready_o;
  if (in->dram_rsp_valid_i) {
    b->rd_head = (b->rd_head + 1) % RDQ;
    b->rd_cnt--;
  }
  if (b->out.rsp_valid_o && in->rsp_ready_i) {
    const ww_l2_slice_out_t *rsp = &b->out;
    if (!b->ex_cnt) {
      FAIL("cycle %" PRIu64 ": a response nobody is owed (id %" PRIu64 ")", b->cycle, rsp->rsp_id_o);
    } else {
      const expect_t *e = &b->ex[b->ex_head];
      b->ex_head = (b->ex_head + 1) % EXQ;
      b->ex_cnt--;
      if (rsp->rsp_id_o != e->id || rsp->rsp_src_o != e->src || rsp->rsp_op_o != e->op)
        FAIL("request %" PRIu64 ": response id/src/op %" PRIu64 "/%" PRIu64 "/%" PRIu64
             ", sent %u/%u/%u", e->n, rsp->rsp_id_o, rsp->rsp_src_o, rsp->rsp_op_o, e->id, e->src,
             e->op);
      for (unsigned w = 0; w < LW; w++)
        if (rsp->rsp_data_o[w] != e->data[w]) {
          FAIL("request %" PRIu64 " op %u line 0x%x word %u: got 0x%08x, reference 0x%08x", e->n,
               e->op, e->line, w, rsp->rsp_data_o[w], e->data[w]);
          break;
        }
      if (e->op != WW_L2_FLUSH) {
        if (rsp->rsp_miss_o)
          b->misses++;
        else {
          b->hits++;
          if (b->rd_cnt)
            b->hit_under_miss++;
        }
      }
      if (e->want_hit && rsp->rsp_miss_o)
        FAIL("request %" PRIu64 ": a repeated read of the line just answered missed", e->n);
    }
  }
  if (b->out.dram_req_valid_o && in->dram_req_ready_i) {
    unsigned idx;
    if (!idx_of(b->sp, (uint32_t)b->out.dram_req_line_o, &idx)) {
      FAIL("cycle %" PRIu64 ": DRAM request for line 0x%" PRIx64 " outside the test space", b->cycle,
           b->out.dram_req_line_o);
    } else if (b->out.dram_req_we_o) {
      memcpy(&b->sp->dram[(size_t)idx * LW], b->out.dram_req_data_o, LW * 4);
      b->dram_writes++;
    } else if (b->rd_cnt >= b->cfg->mshrs) {
      FAIL("cycle %" PRIu64 ": a DRAM read with MSHRS=%u outstanding", b->cycle, b->cfg->mshrs);
    } else {
      unsigned t = (b->rd_head + b->rd_cnt) % RDQ;
      uint64_t due = b->cycle + 1 + ww_rng_below(b->r, ww_rng_chance(b->r, 1, 3) ? 100 : 8);
      uint64_t after = b->rd_cnt ? b->rd_due[(t + RDQ - 1) % RDQ] : 0;
      b->rd_due[t] = due > after ? due : after;
      b->rd_idx[t] = idx;
      b->rd_cnt++;
      if (b->rd_cnt > b->max_reads)
        b->max_reads = b->rd_cnt;
      b->dram_reads++;
    }
  }
  return acc;
}

/* offer the request on in.req_* until it is accepted; what it owes is *e */
static void offer(bench_t *b, const expect_t *e)
{
  ww_l2_slice_in_t *in = &b->in;
  in->req_valid_i = 1;
  in->req_op_i = e->op;
  in->req_line_i = e->line;
  in->req_id_i = e->id;
  in->req_src_i = e->src;
  unsigned guard = 0;
  while (!cycle(b))
    if (guard++ > 100000) {
      FAIL("request %" PRIu64 ": never accepted", e->n);
      break;
    }
  in->req_valid_i = 0;
  if (b->ex_cnt == EXQ) {
    FAIL("request %" PRIu64 ": more than %d responses owed", e->n, EXQ);
    return;
  }
  b->ex[(b->ex_head + b->ex_cnt) % EXQ] = *e;
  b->ex_cnt++;
}

/* run until every owed response has come */
static void drain(bench_t *b)
{
  unsigned guard = 0;
  while (b->ex_cnt && guard++ < 200000)
    cycle(b);
  if (b->ex_cnt)
    FAIL("%u responses never came", b->ex_cnt);
}

/* issue one request that owes `expect`; in serial phases wait for its response */
static void request(bench_t *b, unsigned op, unsigned idx, uint64_t n, const uint32_t *expect,
                    int want_hit, int serial)
{
  expect_t e;
  memset(&e, 0, sizeof e);
  e.op = op;
  e.line = line_of(b->sp, idx);
  e.id = n & 0xFF;
  e.src = (n >> 8) & ((1u << WW_IDX_W(WW_NUM_SM)) - 1);
  e.want_hit = (unsigned)want_hit;
  e.n = n;
  memcpy(e.data, expect, sizeof e.data);
  offer(b, &e);
  if (serial)
    drain(b);
}

static void flush_and_compare(bench_t *b, uint64_t n, const char *when)
{
  uint32_t zero[LW] = { 0 };
  request(b, WW_L2_FLUSH, 0, n, zero, 0, 1);
  for (unsigned i = 0; i < b->sp->nl; i++)
    if (memcmp(&b->sp->dram[(size_t)i * LW], &b->sp->ref[(size_t)i * LW], LW * 4)) {
      FAIL("%s flush (request %" PRIu64 "): DRAM line 0x%x differs from the reference", when, n,
           line_of(b->sp, i));
      return;
    }
}

static void run(const ww_l2_slice_cfg_t *cfg, uint64_t seed, uint64_t requests)
{
  ww_rng_t r = { seed };
  ww_l2_slice_t *m = ww_l2_slice_new(cfg);
  if (!m) {
    failures++;
    return;
  }
  space_t sp;
  sp.nl = 4 * cfg->sets * cfg->ways * cfg->num_part;   /* 4x the capacity of the slice */
  sp.ref = malloc((size_t)sp.nl * LW * 4);
  sp.dram = malloc((size_t)sp.nl * LW * 4);
  for (size_t i = 0; i < (size_t)sp.nl * LW; i++)
    sp.ref[i] = sp.dram[i] = (uint32_t)ww_rng_bits(&r, 32);
  bench_t b;
  memset(&b, 0, sizeof b);
  b.m = m;
  b.cfg = cfg;
  b.sp = &sp;
  b.r = &r;
  b.in.rst_ni = 0;
  cycle(&b);
  b.in.rst_ni = 1;
  int failures0 = failures;
  int serial = 0;
  unsigned hot[8];
  for (unsigned i = 0; i < 8; i++)
    hot[i] = (unsigned)ww_rng_below(&r, sp.nl);
  for (uint64_t n = 0; n < requests && failures - failures0 < 5; n++) {
    if (n % 1000 == 0)
      serial = ww_rng_chance(&r, 1, 4);     /* phases: one at a time, or back to back */
    unsigned kind = (unsigned)ww_rng_below(&r, 1000);
    unsigned op = kind < 400 ? WW_L2_READ : kind < 700 ? WW_L2_WRITE : kind < 999 ? WW_L2_ATOMIC
                                                                                 : WW_L2_FLUSH;
    unsigned idx = ww_rng_chance(&r, 1, 2) ? hot[ww_rng_below(&r, 8)] : (unsigned)ww_rng_below(&r, sp.nl);
    if (ww_rng_chance(&r, 1, 100))
      hot[ww_rng_below(&r, 8)] = (unsigned)ww_rng_below(&r, sp.nl);
    uint32_t *line = &sp.ref[(size_t)idx * LW];
    uint32_t expect[LW] = { 0 };
    int small = ww_rng_chance(&r, 1, 2);
    if (op == WW_L2_FLUSH) {
      flush_and_compare(&b, n, "mid-run");
      continue;
    }
    if (op == WW_L2_READ) {
      memcpy(expect, line, sizeof expect);
    } else if (op == WW_L2_WRITE) {
      unsigned bk = (unsigned)ww_rng_below(&r, 4), word = (unsigned)ww_rng_below(&r, LB / 4);
      memset(b.in.req_be_i, 0, sizeof b.in.req_be_i);
      for (unsigned k = 0; k < LB; k++) {
        int on = bk < 2 ? 1 : bk == 2 ? (int)ww_rng_bits(&r, 1) : k / 4 == word;
        uint8_t v = (uint8_t)ww_rng_bits(&r, 8);
        b.in.req_data_i[k / 4] = (b.in.req_data_i[k / 4] & ~(0xFFu << (8 * (k % 4)))) |
                                 (uint32_t)v << (8 * (k % 4));
        if (on) {
          b.in.req_be_i[k / 32] |= 1u << (k % 32);
          line[k / 4] = (line[k / 4] & ~(0xFFu << (8 * (k % 4)))) | (uint32_t)v << (8 * (k % 4));
        }
      }
    } else {
      unsigned aop = ww_rng_chance(&r, 1, 20) ? 10 + (unsigned)ww_rng_below(&r, 6)
                                               : (unsigned)ww_rng_below(&r, 10);
      unsigned word = (unsigned)ww_rng_below(&r, LB / 4);
      uint32_t a = small ? (uint32_t)ww_rng_below(&r, 4) - 1 : (uint32_t)ww_rng_bits(&r, 32);
      uint32_t bb = small ? (uint32_t)ww_rng_below(&r, 4) - 1 : (uint32_t)ww_rng_bits(&r, 32);
      if (small && ww_rng_chance(&r, 1, 2)) {     /* make some words small too */
        line[word] = (uint32_t)ww_rng_below(&r, 4) - 1;
        /* the reference changed under the slice: write it through first */
        memset(b.in.req_be_i, 0, sizeof b.in.req_be_i);
        b.in.req_be_i[word * 4 / 32] |= 0xFu << (word * 4 % 32);
        b.in.req_data_i[word] = line[word];
        request(&b, WW_L2_WRITE, idx, n, expect, 0, serial);
      }
      b.in.req_amo_op_i = aop;
      b.in.req_amo_word_i = word;
      b.in.req_amo_a_i = a;
      b.in.req_amo_b_i = bb;
      expect[0] = line[word];
      /* the reference of the atomic unit, written out (not ww_l2_amo) */
      uint32_t old = line[word], nw = old;
      switch (aop) {
      case 0: nw = old + a; break;
      case 1: nw = a; break;
      case 2: nw = (int32_t)old < (int32_t)a ? old : a; break;
      case 3: nw = (int32_t)old > (int32_t)a ? old : a; break;
      case 4: nw = old < a ? old : a; break;
      case 5: nw = old > a ? old : a; break;
      case 6: nw = old & a; break;
      case 7: nw = old | a; break;
      case 8: nw = old ^ a; break;
      case 9: nw = old == a ? bb : old; break;
      default: break;
      }
      line[word] = nw;
    }
    request(&b, op, idx, n, expect, 0, serial);
    if (op == WW_L2_READ && ww_rng_chance(&r, 1, 8)) {
      memcpy(expect, line, sizeof expect);
      request(&b, WW_L2_READ, idx, n, expect, 1, serial);
    }
  }
  drain(&b);
  flush_and_compare(&b, requests, "final");
  /* the non-blocking slice: misses overlap, hits pass waiting misses */
  if (b.max_reads != cfg->mshrs)
    FAIL("at most %u DRAM reads were outstanding at once, MSHRS=%u", b.max_reads, cfg->mshrs);
  if (!b.hit_under_miss)
    FAIL("no hit was answered while a DRAM read was outstanding");
  /* and hits to different sets are answered one per cycle */
  unsigned k = cfg->sets < 16 ? cfg->sets : 16;
  uint32_t expect[LW];
  for (unsigned i = 0; i < k; i++) {          /* bring the lines in, one at a time */
    unsigned idx = i << (cfg->num_part > 1 && ww_is_pow2(cfg->num_part) ? ww_clog2(cfg->num_part) : 0);
    memcpy(expect, &sp.ref[(size_t)idx * LW], sizeof expect);
    request(&b, WW_L2_READ, idx, requests + 1 + i, expect, 0, 1);
  }
  b.always_ready = 1;
  uint64_t start = b.cycle;
  for (unsigned i = 0; i < k; i++) {
    unsigned idx = i << (cfg->num_part > 1 && ww_is_pow2(cfg->num_part) ? ww_clog2(cfg->num_part) : 0);
    memcpy(expect, &sp.ref[(size_t)idx * LW], sizeof expect);
    request(&b, WW_L2_READ, idx, requests + 1 + k + i, expect, 1, 0);
  }
  drain(&b);
  b.always_ready = 0;
  /* accepted in cycles start+1 .. start+k, answered 4 cycles later each */
  if (b.cycle - start > k + 4)
    FAIL("%u hits to different sets took %" PRIu64 " cycles (want %u: one per cycle)", k,
         b.cycle - start, k + 4);
  printf("test_l2_slice SETS=%u WAYS=%u NUM_PART=%u MSHRS=%u QUEUE=%u: %" PRIu64 " requests, %" PRIu64
         " hits (%" PRIu64 " under a miss), %" PRIu64 " misses, %" PRIu64 " DRAM reads (at most %u at once), %" PRIu64
         " DRAM writes, %" PRIu64 " cycles\n", cfg->sets, cfg->ways, cfg->num_part, cfg->mshrs, cfg->queue,
         requests, b.hits, b.hit_under_miss, b.misses, b.dram_reads, b.max_reads, b.dram_writes, b.cycle);
  free(sp.ref);
  free(sp.dram);
  ww_l2_slice_free(m);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, requests = 40000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--requests") && i + 1 < argc)
      requests = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--requests N]\n", argv[0]);
      return 2;
    }
  }
  ww_l2_slice_cfg_t cfgs[5];
  cfgs[0] = ww_l2_slice_default_cfg();
  cfgs[1] = cfgs[0];
  cfgs[1].sets = 2, cfgs[1].ways = 2, cfgs[1].num_part = 1, cfgs[1].mshrs = 2, cfgs[1].queue = 2;
  cfgs[2] = cfgs[0];
  cfgs[2].sets = 4, cfgs[2].ways = 1, cfgs[2].num_part = 2, cfgs[2].mshrs = 4, cfgs[2].queue = 4;
  cfgs[3] = cfgs[0];
  cfgs[3].sets = 2, cfgs[3].ways = 8, cfgs[3].num_part = 3, cfgs[3].mshrs = 2, cfgs[3].queue = 8;
  cfgs[4] = cfgs[0];
  cfgs[4].num_part = 4, cfgs[4].mshrs = 8, cfgs[4].queue = 16;
  for (unsigned c = 0; c < 5; c++)
    run(&cfgs[c], seed + c, requests);
  printf("test_l2_slice: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
