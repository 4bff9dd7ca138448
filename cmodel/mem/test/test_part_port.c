/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the partition port's C model (cmodel/mem/ww_part_port.c)
 * against the rules of its specification (rtl/mem/ww_part_port.v header,
 * docs/gpu_rtl.md "Partition port"), independent of the lockstep test.
 * Requesters hold requests until accepted; a scoreboard follows them:
 *   R1 while flushing, the slice sees FLUSH exactly when flush_valid_i, and
 *      nothing else is ready, valid or routed (every response is the ack);
 *   R2 every request the slice accepts is exactly one requester's pending
 *      request with its payload (unit k: its op/line/be/data, id
 *      UNIT_IDS[k], source 0; crossbar: its own fields), and that requester
 *      sees its handshake in the same cycle; no other requester does;
 *   R3 fixed priority: a unit is accepted only when no lower-numbered unit
 *      has a request pending, the crossbar only when no unit has one; a
 *      unit with nothing pending below it is accepted in any cycle the
 *      slice is ready;
 *   R4 ScoRD records (sideband kind != NONE) never reach the slice: they
 *      leave on the record port with the record consumer's ready;
 *   R5 a response is taken exactly when its receiver can take it and goes
 *      to exactly one receiver: unit k iff its id is UNIT_IDS[k] (units
 *      have no ready), else the crossbar;
 *   R6 the atomic fields are the crossbar's, always;
 *   R7 KILO TM packets (id bit WW_REQID_TM_BIT) never reach the slice: they
 *      leave on the TM packet port with the commit unit's ready, not while
 *      flushing;
 *   R8 the crossbar's response port carries the slice's response (its src,
 *      id, miss, data) or a message (src = its SM, id WW_REQID_TM, miss 0,
 *      its data), exactly one of them is taken per transfer, nothing while
 *      flushing; and neither waits for more than one transfer of the other.
 * Run at N_UNITS = 1, 2 and 3 (the model is compiled into this test with
 * port structs for 3 units; the model library's are for WW_PART_UNITS).
 * Every run then corrupts the model's outputs in five ways (crossbar beats
 * a unit, a unit's response leaks to the crossbar, unit 1 beats unit 0, a TM
 * packet leaks to the slice, messages wait behind every slice response) and
 * requires the checks to fail on each; --self-test does only that.
 * Usage: test_part_port [--seed N] [--cycles N] [--self-test]
 */
#define WW_PART_UNITS 3
#include "../ww_part_port.c"

#include <inttypes.h>

#include "ww_rng.h"

#define NU WW_PART_UNITS
#define LB (WW_LINE_BYTES * 8)
#define LINE_W (32 - WW_CLOG2(WW_LINE_BYTES))

static uint64_t failures;
#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    if (!(cond)) {                                                               \
      if (failures++ < 5 && brk == BREAK_NONE) {                                 \
        fprintf(stderr, "FAIL n_units=%u cycle %" PRIu64 ": ", n, c);            \
        fprintf(stderr, __VA_ARGS__);                                            \
        fputc('\n', stderr);                                                     \
      }                                                                          \
    }                                                                            \
  } while (0)

static uint32_t bits(const uint32_t *v, unsigned lsb, unsigned w)
{
  uint32_t x = 0;
  for (unsigned i = 0; i < w; i++)
    x |= ((v[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
  return x;
}

/* corruptions for --self-test */
enum { BREAK_NONE, BREAK_XBAR_FIRST, BREAK_RSP_LEAK, BREAK_UNIT1_FIRST, BREAK_TM_LEAK,
       BREAK_MSG_LAST };

static void run(unsigned n, int brk, uint64_t cycles, ww_rng_t *r)
{
  ww_part_port_cfg_t cfg = ww_part_port_default_cfg();
  cfg.n_units = n;
  ww_part_port_t *m = ww_part_port_new(&cfg);
  if (!m) {
    failures++;
    return;
  }
  ww_part_port_in_t in;
  ww_part_port_out_t out;
  memset(&in, 0, sizeof in);
  int x_pend = 0, u_pend[NU] = { 0 }, rsp_pend = 0, msg_pend = 0;
  int s_waited = 0, m_waited = 0;  /* transfers of the other one while waiting */
  uint64_t u_accepted[NU] = { 0 }, x_accepted = 0, recs = 0, u_rsps = 0, x_rsps = 0;
  uint64_t pkts = 0, msgs = 0, contended = 0;
  for (uint64_t c = 0; c < cycles; c++) {
    int flush = ww_rng_chance(r, 1, 10);
    in.rst_ni = 1;
    in.flush_i = (uint64_t)flush;
    in.flush_valid_i = ww_rng_bits(r, 1);
    if (!x_pend && ww_rng_chance(r, 1, 2)) {
      x_pend = 1;
      in.x_req_sk_i = ww_rng_chance(r, 1, 3) ? WW_SCORD_SK_CHECK : WW_SCORD_SK_NONE;
      in.x_req_op_i = ww_rng_bits(r, WW_L2_W);
      in.x_req_line_i = ww_rng_bits(r, LINE_W);
      in.x_req_id_i = ww_rng_chance(r, 1, 4) ? WW_REQID_TM : ww_rng_bits(r, 3);
      if (in.x_req_id_i == WW_REQID_TM)
        in.x_req_sk_i = WW_SCORD_SK_NONE;
      in.x_req_src_i = ww_rng_below(r, WW_NUM_SM);
      for (unsigned i = 0; i < WW_PORT_WORDS(WW_LINE_BYTES); i++)
        in.x_req_be_i[i] = (uint32_t)ww_rng_bits(r, 32);
      for (unsigned i = 0; i < LB / 32; i++)
        in.x_req_data_i[i] = (uint32_t)ww_rng_bits(r, 32);
      in.x_req_amo_op_i = ww_rng_bits(r, WW_AMO_W);
      in.x_req_amo_word_i = ww_rng_bits(r, WW_IDX_W(WW_LINE_BYTES / 4));
      in.x_req_amo_a_i = ww_rng_bits(r, 32);
      in.x_req_amo_b_i = ww_rng_bits(r, 32);
    }
    in.x_req_valid_i = (uint64_t)x_pend;
    for (unsigned k = 0; k < n; k++) {
      if (!u_pend[k] && ww_rng_chance(r, 1, 3)) {
        u_pend[k] = 1;
        in.u_req_op_i = (in.u_req_op_i & ~(3ull << (2 * k))) |
                        ((uint64_t)(ww_rng_chance(r, 1, 2) ? WW_L2_READ : WW_L2_WRITE) << (2 * k));
        for (unsigned i = 0; i < WW_PORT_WORDS(NU * LINE_W); i++)
          in.u_req_line_i[i] ^= (uint32_t)ww_rng_bits(r, 32);
        for (unsigned i = 0; i < WW_PORT_WORDS(NU * WW_LINE_BYTES); i++)
          in.u_req_be_i[i] ^= (uint32_t)ww_rng_bits(r, 32);
        for (unsigned i = 0; i < LB / 32; i++)
          in.u_req_data_i[k * (LB / 32) + i] = (uint32_t)ww_rng_bits(r, 32);
      }
    }
    uint64_t uv = 0;
    for (unsigned k = 0; k < n; k++)
      uv |= (uint64_t)u_pend[k] << k;
    in.u_req_valid_i = uv;
    in.l2_req_ready_i = ww_rng_chance(r, 3, 4);
    in.rec_ready_i = ww_rng_bits(r, 1);
    in.x_rsp_ready_i = ww_rng_bits(r, 1);
    if (!rsp_pend && ww_rng_chance(r, 1, 2)) {
      rsp_pend = 1;
      unsigned pick = (unsigned)ww_rng_below(r, n + 2);
      in.l2_rsp_id_i = pick < n ? cfg.unit_ids[pick]
                     : pick == n ? ww_rng_bits(r, 3) : (WW_REQID_BYPASS | ww_rng_bits(r, 3));
    }
    in.l2_rsp_valid_i = (uint64_t)rsp_pend;
    if (rsp_pend) {
      in.l2_rsp_src_i = ww_rng_below(r, WW_NUM_SM);
      in.l2_rsp_miss_i = ww_rng_bits(r, 1);
      for (unsigned i = 0; i < LB / 32; i++)
        in.l2_rsp_data_i[i] = (uint32_t)ww_rng_bits(r, 32);
    }
    if (!msg_pend && ww_rng_chance(r, 1, 2)) {
      msg_pend = 1;
      in.tm_msg_sm_i = ww_rng_below(r, WW_NUM_SM);
      for (unsigned i = 0; i < LB / 32; i++)
        in.tm_msg_data_i[i] = (uint32_t)ww_rng_bits(r, 32);
    }
    in.tm_msg_valid_i = (uint64_t)msg_pend;
    in.tm_pkt_ready_i = ww_rng_bits(r, 1);

    ww_part_port_step(m, &in, &out);

    /* self-test corruptions of the outputs */
    const int x_rec = in.x_req_sk_i != WW_SCORD_SK_NONE;
    if (brk == BREAK_XBAR_FIRST && !flush && x_pend && !x_rec && uv) {
      out.u_req_ready_o = 0;
      out.x_req_ready_o = in.l2_req_ready_i;
      out.l2_req_id_o = in.x_req_id_i;
    }
    if (brk == BREAK_RSP_LEAK && !flush && out.u_rsp_valid_o) {
      out.u_rsp_valid_o = 0;
      out.x_rsp_valid_o = 1;
    }
    const int x_tm = x_pend && in.x_req_id_i == WW_REQID_TM;
    if (brk == BREAK_TM_LEAK && !flush && x_tm && !uv) {
      out.tm_pkt_valid_o = 0;
      out.l2_req_valid_o = 1;
      out.x_req_ready_o = in.l2_req_ready_i;
      out.l2_req_id_o = in.x_req_id_i;
    }
    if (brk == BREAK_MSG_LAST && out.x_rsp_valid_o && out.tm_msg_ready_o && out.x_rsp_id_o == WW_REQID_TM &&
        rsp_pend && !out.u_rsp_valid_o) {
      out.tm_msg_ready_o = 0;
      out.l2_rsp_ready_o = in.x_rsp_ready_i;
      out.x_rsp_id_o = in.l2_rsp_id_i;
      out.x_rsp_src_o = in.l2_rsp_src_i;
      out.x_rsp_miss_o = in.l2_rsp_miss_i;
      memcpy(out.x_rsp_data_o, in.l2_rsp_data_i, sizeof out.x_rsp_data_o);
    }
    if (brk == BREAK_UNIT1_FIRST && !flush && (uv & 3) == 3) {
      out.u_req_ready_o = (out.u_req_ready_o & ~3ull) | (in.l2_req_ready_i << 1);
      out.l2_req_id_o = cfg.unit_ids[1];
    }

    const uint64_t u_fire = in.u_req_valid_i & out.u_req_ready_o;
    const int x_fire = x_pend && (out.x_req_ready_o & 1);
    const int l2_fire = (out.l2_req_valid_o & 1) && (in.l2_req_ready_i & 1);

    /* R6 */
    CHECK(out.l2_req_amo_op_o == in.x_req_amo_op_i && out.l2_req_amo_word_o == in.x_req_amo_word_i &&
          out.l2_req_amo_a_o == in.x_req_amo_a_i && out.l2_req_amo_b_o == in.x_req_amo_b_i,
          "atomic fields are not the crossbar's");
    if (flush) { /* R1 */
      CHECK(out.l2_req_valid_o == in.flush_valid_i && out.l2_req_op_o == WW_L2_FLUSH,
            "flush: slice sees valid=%" PRIu64 " op=%" PRIu64, out.l2_req_valid_o, out.l2_req_op_o);
      CHECK(!u_fire && !(out.x_req_ready_o & 1) && !out.rec_valid_o, "flush: a requester is served");
      CHECK(!out.u_rsp_valid_o && !out.x_rsp_valid_o && out.l2_rsp_ready_o, "flush: a response is routed");
      CHECK(!out.tm_pkt_valid_o && !out.tm_msg_ready_o, "flush: a TM packet or message moves");
    } else {
      /* R2: the slice's acceptance is exactly one requester's handshake */
      unsigned nfire = (unsigned)__builtin_popcountll(u_fire) + (x_fire && !x_rec && !x_tm);
      CHECK(nfire == (unsigned)l2_fire, "%u handshakes for %d slice acceptance(s)", nfire, l2_fire);
      for (unsigned k = 0; k < n; k++) {
        if (!((u_fire >> k) & 1))
          continue;
        u_accepted[k]++;
        /* R3 */
        CHECK(!(uv & ((1ull << k) - 1)), "unit %u accepted while a lower unit is pending", k);
        CHECK(out.l2_req_id_o == cfg.unit_ids[k] && out.l2_req_src_o == 0 &&
              out.l2_req_op_o == ((in.u_req_op_i >> (2 * k)) & 3) &&
              out.l2_req_line_o == bits(in.u_req_line_i, k * LINE_W, LINE_W) &&
              bits(out.l2_req_be_o, 0, WW_LINE_BYTES > 32 ? 32 : WW_LINE_BYTES) ==
                  bits(in.u_req_be_i, k * WW_LINE_BYTES, WW_LINE_BYTES > 32 ? 32 : WW_LINE_BYTES) &&
              !memcmp(out.l2_req_data_o, &in.u_req_data_i[k * (LB / 32)], LB / 8),
              "unit %u's request reaches the slice changed (id %#" PRIx64 ")", k, out.l2_req_id_o);
        u_pend[k] = 0;
      }
      for (unsigned k = 0; k < n; k++)  /* R3, no needless stall */
        if (u_pend[k] && !(uv & ((1ull << k) - 1)) && in.l2_req_ready_i)
          CHECK((u_fire >> k) & 1, "unit %u, first pending, not accepted by a ready slice", k);
      /* R7 */
      CHECK(out.tm_pkt_valid_o == (uint64_t)x_tm, "TM packet port valid wrong");
      if (x_tm)
        CHECK((out.x_req_ready_o & 1) == (in.tm_pkt_ready_i & 1), "TM packet ready is not the unit's");
      if (x_fire && x_tm)
        pkts++;
      if (x_fire && !x_rec && !x_tm) {
        x_accepted++;
        CHECK(!uv, "crossbar accepted while a unit is pending");
        CHECK(out.l2_req_op_o == in.x_req_op_i && out.l2_req_line_o == in.x_req_line_i &&
              out.l2_req_id_o == in.x_req_id_i && out.l2_req_src_o == in.x_req_src_i &&
              !memcmp(out.l2_req_be_o, in.x_req_be_i, sizeof out.l2_req_be_o) &&
              !memcmp(out.l2_req_data_o, in.x_req_data_i, sizeof out.l2_req_data_o),
              "crossbar request reaches the slice changed");
      }
      /* R4 */
      CHECK(out.rec_valid_o == (uint64_t)(x_pend && x_rec), "record port valid wrong");
      if (x_rec)
        CHECK((out.x_req_ready_o & 1) == (in.rec_ready_i & 1), "record ready is not the consumer's");
      if (x_fire && x_rec)
        recs++;
      /* R5 */
      int owner = -1;
      for (unsigned k = 0; k < n; k++)
        if (rsp_pend && in.l2_rsp_id_i == cfg.unit_ids[k])
          owner = (int)k;
      const int s_x = rsp_pend && owner < 0;     /* the slice's response for the crossbar */
      if (!rsp_pend) {
        CHECK(!out.u_rsp_valid_o, "a response out of nothing");
      } else if (owner >= 0) {
        u_rsps++;
        CHECK(out.u_rsp_valid_o == (1ull << owner) && out.l2_rsp_ready_o,
              "response id %#" PRIx64 " not delivered to unit %d alone", in.l2_rsp_id_i, owner);
      } else {
        CHECK(!out.u_rsp_valid_o, "response id %#" PRIx64 " delivered to a unit", in.l2_rsp_id_i);
      }
      /* R8 */
      CHECK(out.x_rsp_valid_o == (uint64_t)(s_x || msg_pend), "crossbar response valid wrong");
      const int s_take = s_x && (out.l2_rsp_ready_o & 1);
      const int m_take = msg_pend && (out.tm_msg_ready_o & 1);
      CHECK(s_take + m_take == (int)(out.x_rsp_valid_o && in.x_rsp_ready_i),
            "%d responses taken for %d crossbar transfers", s_take + m_take,
            (int)(out.x_rsp_valid_o && in.x_rsp_ready_i));
      if (s_take)
        CHECK(out.x_rsp_src_o == in.l2_rsp_src_i && out.x_rsp_id_o == in.l2_rsp_id_i &&
              out.x_rsp_miss_o == in.l2_rsp_miss_i &&
              !memcmp(out.x_rsp_data_o, in.l2_rsp_data_i, LB / 8),
              "the slice's response reaches the crossbar changed");
      if (m_take)
        CHECK(out.x_rsp_src_o == in.tm_msg_sm_i && out.x_rsp_id_o == WW_REQID_TM &&
              out.x_rsp_miss_o == 0 && !memcmp(out.x_rsp_data_o, in.tm_msg_data_i, LB / 8),
              "a message reaches the crossbar changed");
      if (s_x && msg_pend)
        contended++;
      if (s_take && msg_pend)
        CHECK(++m_waited <= 1, "a message waits behind %d slice responses", m_waited);
      if (m_take && s_x)
        CHECK(++s_waited <= 1, "a slice response waits behind %d messages", s_waited);
      x_rsps += (uint64_t)s_take;
      msgs += (uint64_t)m_take;
      if (s_take || !s_x)
        s_waited = 0;
      if (m_take || !msg_pend)
        m_waited = 0;
    }
    if (x_fire)
      x_pend = 0;
    if (rsp_pend && (out.l2_rsp_ready_o & 1))
      rsp_pend = 0;
    if (msg_pend && (out.tm_msg_ready_o & 1))
      msg_pend = 0;
  }
  ww_part_port_free(m);
  if (brk == BREAK_NONE) {
    printf("n_units=%u: accepted", n);
    for (unsigned k = 0; k < n; k++)
      printf(" unit%u=%" PRIu64, k, u_accepted[k]);
    printf(" crossbar=%" PRIu64 " records=%" PRIu64 " tm_packets=%" PRIu64 "; responses units=%" PRIu64
           " crossbar=%" PRIu64 " messages=%" PRIu64 " (contended %" PRIu64 ")\n", x_accepted, recs,
           pkts, u_rsps, x_rsps, msgs, contended);
    for (unsigned k = 0; k < n; k++)
      if (!u_accepted[k])
        failures++, fprintf(stderr, "FAIL unit %u never accepted: stimulus too weak\n", k);
    if (!x_accepted || !recs || !u_rsps || !x_rsps || !pkts || !msgs || !contended)
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
  for (unsigned n = 1; n <= NU && !self_test; n++)
    run(n, BREAK_NONE, cycles, &r);
  if (failures) {
    printf("test_part_port: %" PRIu64 " failures\n", failures);
    return 1;
  }
  if (!self_test)
    printf("test_part_port: PASS (N_UNITS 1..%u, %" PRIu64 " cycles each)\n", NU, cycles);
  /* every run also proves the checks can fail (--self-test: only that) */
  static const char *const name[] = { "", "crossbar beats a unit", "unit response leaks",
                                      "unit 1 beats unit 0", "TM packet leaks", "messages last" };
  int bad = 0;
  for (int b = BREAK_XBAR_FIRST; b <= BREAK_MSG_LAST; b++) {
    failures = 0;
    run(2, b, 20000, &r);
    printf("self-test %-22s %s (%" PRIu64 " failures)\n", name[b],
           failures ? "caught" : "MISSED", failures);
    bad += !failures;
  }
  return bad ? 1 : 0;
}
