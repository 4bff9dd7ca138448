/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the commit unit's memory adapter C model
 * (cmodel/tm/ww_tm_cu_mem.c) against its specification (the header of
 * rtl/tm/ww_tm_cu_mem.v, docs/tm.md sec. 4.6), independent of the lockstep
 * test. A word requester and an in-order L2 slice with a host memory drive
 * it; checked:
 *   P1 a request goes out exactly when the unit asks and fewer than DEPTH
 *      are in flight (valid never waits for ready; ready = slice ready and
 *      room); handshakes on both sides are the same;
 *   P2 the line request: READ of the word's line with no byte enabled, or
 *      WRITE of it with exactly the word's 4 bytes, the word in that slot;
 *   P3 every answer carries the tag of the oldest unanswered request and,
 *      for a read, the word of memory when the slice took it;
 *   P4 idle_o exactly when nothing is in flight.
 * At 4, 32 and 128-byte lines and DEPTH 2, 16, 32. Then three corruptions of
 * the model's outputs (the answer's word from the wrong slot, the tag of the
 * newest request, a request beyond DEPTH) must each be caught;
 * --self-test does only that.
 * Usage: test_tm_cu_mem [--seed N] [--cycles N] [--self-test]
 */
/* the model compiled in with port structs for 128-byte lines (the model
 * library's are for WW_LINE_BYTES) */
#undef WW_LINE_BYTES
#define WW_LINE_BYTES 128
#include "../ww_tm_cu_mem.c"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"

#define MEMW 256
#define Q    512

static uint64_t failures;
#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    if (!(cond)) {                                                               \
      if (failures++ < 5 && brk == BREAK_NONE) {                                 \
        fprintf(stderr, "FAIL lb=%u depth=%u cycle %" PRIu64 ": ", lb, depth, c); \
        fprintf(stderr, __VA_ARGS__);                                            \
        fputc('\n', stderr);                                                     \
      }                                                                          \
    }                                                                            \
  } while (0)

enum { BREAK_NONE, BREAK_WORD, BREAK_TAG, BREAK_DEPTH };

static void run(unsigned lb, unsigned depth, int brk, uint64_t cycles, ww_rng_t *r)
{
  ww_tm_cu_mem_cfg_t cfg = ww_tm_cu_mem_default_cfg();
  cfg.line_bytes = lb;
  cfg.depth = depth;
  ww_tm_cu_mem_t *m = ww_tm_cu_mem_new(&cfg);
  if (!m) {
    failures++;
    return;
  }
  const unsigned words = lb / 4, tag_w = ww_clog2(cfg.reads) + 1;
  static uint32_t mem[MEMW];
  for (unsigned i = 0; i < MEMW; i++)
    mem[i] = (uint32_t)ww_rng_bits(r, 32);
  struct { uint32_t tag, val, word; int wr; } fl[Q];   /* in flight, oldest first */
  struct { uint64_t due; uint32_t line[32]; } sq[Q];
  unsigned head = 0, n = 0, newest = 0;
  uint64_t last_due = 0, reads = 0, writes = 0, full = 0;
  int pend = 0;
  ww_tm_cu_mem_in_t in;
  ww_tm_cu_mem_out_t out;
  memset(&in, 0, sizeof in);
  for (uint64_t c = 0; c < cycles; c++) {
    in.rst_ni = c >= 2;
    if (!pend && in.rst_ni && ww_rng_chance(r, c % 2000 < 1000 ? 90 : 30, 100)) {
      pend = 1;
      in.mreq_write_i = ww_rng_chance(r, 1, 3);
      in.mreq_addr_i = ww_rng_below(r, MEMW) | (ww_rng_bits(r, 20) << 8);
      in.mreq_data_i = ww_rng_bits(r, 32);
      in.mreq_tag_i = ww_rng_bits(r, tag_w);
    }
    in.mreq_valid_i = (uint64_t)pend;
    in.u_req_ready_i = ww_rng_chance(r, 3, 4);
    in.u_rsp_valid_i = n && sq[head].due <= c;
    for (unsigned w = 0; w < words; w++)
      in.u_rsp_data_i[w] = in.u_rsp_valid_i ? sq[head].line[w] : (uint32_t)ww_rng_bits(r, 32);

    ww_tm_cu_mem_step(m, &in, &out);
    if (brk == BREAK_WORD && out.mrsp_valid_o && words > 1)
      out.mrsp_data_o = in.u_rsp_data_i[(fl[head].word + 1) % words];
    if (brk == BREAK_TAG && out.mrsp_valid_o && n > 1)
      out.mrsp_tag_o = fl[newest].tag;
    if (brk == BREAK_DEPTH && n == depth && pend) {
      out.u_req_valid_o = 1;
      out.mreq_ready_o = in.u_req_ready_i;
    }
    if (!in.rst_ni)
      continue;

    const uint32_t a = (uint32_t)in.mreq_addr_i, word = a % words;
    /* P1 */
    CHECK(out.u_req_valid_o == (uint64_t)(pend && n < depth), "request valid %" PRIu64
          " with %u in flight", out.u_req_valid_o, n);
    CHECK(out.mreq_ready_o == (uint64_t)(n < depth && in.u_req_ready_i), "unit ready wrong");
    full += n == depth && pend;
    /* P2 */
    if (out.u_req_valid_o) {
      CHECK(out.u_req_op_o == (in.mreq_write_i ? WW_L2_WRITE : WW_L2_READ) &&
              out.u_req_line_o == a / words, "line request op %" PRIu64 " line %#" PRIx64,
            out.u_req_op_o, out.u_req_line_o);
      for (unsigned b = 0; b < lb; b++) {
        unsigned en = (out.u_req_be_o[b / 32] >> (b % 32)) & 1;
        CHECK(en == (in.mreq_write_i && b / 4 == word), "byte %u enable %u", b, en);
      }
      if (in.mreq_write_i)
        CHECK(out.u_req_data_o[word] == in.mreq_data_i, "write data not in the word's slot");
    }
    /* P4 */
    CHECK(out.idle_o == (uint64_t)(n == 0), "idle_o %" PRIu64 " with %u in flight", out.idle_o, n);
    /* P3 */
    if (out.mrsp_valid_o) {
      CHECK(out.mrsp_tag_o == fl[head].tag, "answer tag %#" PRIx64 ", oldest %#x", out.mrsp_tag_o,
            fl[head].tag);
      if (!fl[head].wr)
        CHECK(out.mrsp_data_o == fl[head].val, "read answer %#" PRIx64 ", memory had %#x",
              out.mrsp_data_o, fl[head].val);
    }
    /* the slice */
    if (in.u_rsp_valid_i) {
      head = (head + 1) % Q;
      n--;
    }
    if (out.u_req_valid_o && in.u_req_ready_i) {
      unsigned t = (head + n) % Q, base = (unsigned)(out.u_req_line_o * words) % MEMW;
      fl[t].tag = (uint32_t)in.mreq_tag_i;
      fl[t].wr = (int)in.mreq_write_i;
      fl[t].val = mem[a % MEMW];
      fl[t].word = word;
      newest = t;
      for (unsigned w = 0; w < words; w++)
        sq[t].line[w] = in.mreq_write_i ? 0 : mem[(base + w) % MEMW];
      if (in.mreq_write_i)
        mem[a % MEMW] = (uint32_t)in.mreq_data_i;
      uint64_t due = c + 1 + ww_rng_below(r, c % 3000 < 1500 ? 80 : 4);
      last_due = due > last_due ? due : last_due;
      sq[t].due = last_due;
      n++;
      pend = 0;
      in.mreq_write_i ? writes++ : reads++;
    }
  }
  ww_tm_cu_mem_free(m);
  if (brk == BREAK_NONE) {
    printf("lb=%u depth=%u: %" PRIu64 " reads, %" PRIu64 " writes, %" PRIu64 " cycles full\n", lb,
           depth, reads, writes, full);
    if (!reads || !writes || !full)
      failures++, fprintf(stderr, "FAIL a path was never exercised\n");
  }
}

int main(int argc, char **argv)
{
  ww_rng_t r = { 1 };
  uint64_t cycles = 200000;
  int self_test = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      r.s = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--self-test"))
      self_test = 1;
    else {
      fprintf(stderr, "usage: %s [--seed N] [--cycles N] [--self-test]\n", argv[0]);
      return 2;
    }
  }
  static const unsigned pts[][2] = { { 4, 2 }, { 32, 16 }, { 128, 32 } };
  for (unsigned k = 0; k < 3 && !self_test; k++)
    if (pts[k][0] <= WW_LINE_BYTES)
      run(pts[k][0], pts[k][1], BREAK_NONE, cycles, &r);
  if (failures) {
    printf("test_tm_cu_mem: %" PRIu64 " failures\n", failures);
    return 1;
  }
  if (!self_test)
    printf("test_tm_cu_mem: PASS\n");
  static const char *const name[] = { "", "answer from the wrong word", "tag of the newest",
                                      "request beyond DEPTH" };
  int bad = 0;
  for (int b = BREAK_WORD; b <= BREAK_DEPTH; b++) {
    failures = 0;
    run(32, 4, b, 20000, &r);
    printf("self-test %-28s %s (%" PRIu64 " failures)\n", name[b], failures ? "caught" : "MISSED",
           failures);
    bad += !failures;
  }
  return bad ? 1 : 0;
}
