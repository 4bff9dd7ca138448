/* SPDX-License-Identifier: Apache-2.0
 *
 * test_dram -- unit test of the DRAM model (sw/sim/ww_dram.c), run under
 * ASan + UBSan by `make test` (gpu/dram). Directed cases: configuration
 * checks, read latency (the answer comes exactly `latency` cycles after
 * acceptance, for one cycle), bandwidth (one acceptance per `interval`
 * cycles while valid is held), in-order performance (write then read returns
 * the new line, read then write the old one), pipelined reads, byte order,
 * reset dropping outstanding reads, out-of-range lines, independent channels.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_dram.h"

static int g_fail, g_pass, g_case_fail;

#define CHECK(cond, ...)                                                 \
  do {                                                                   \
    if (!(cond)) {                                                       \
      printf("  FAIL %s:%d: ", __func__, __LINE__);                      \
      printf(__VA_ARGS__);                                               \
      printf("\n");                                                      \
      g_case_fail = 1;                                                   \
    }                                                                    \
  } while (0)

static ww_dram_t *mk(unsigned lb, unsigned ch, unsigned lat, unsigned iv, uint32_t bytes)
{
  ww_dram_cfg_t c = { bytes, lb, ch, lat, iv, 0, 0, 0, 0 };
  char err[128];
  ww_dram_t *d = ww_dram_new(&c, err, sizeof err);
  if (!d) {
    printf("ww_dram_new: %s\n", err);
    exit(1);
  }
  return d;
}

static ww_dram_in_t idle_in(void)
{
  ww_dram_in_t in;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  return in;
}

static ww_dram_in_t rd(uint32_t line)
{
  ww_dram_in_t in = idle_in();
  in.req_valid = 1;
  in.req_line = line;
  return in;
}

static ww_dram_in_t wr(uint32_t line, uint32_t seed, unsigned words)
{
  ww_dram_in_t in = rd(line);
  in.req_we = 1;
  for (unsigned i = 0; i < words; i++)
    in.req_data[i] = seed * 0x01000193u + i * 0x9E3779B9u;
  return in;
}

static void t_config(void)
{
  ww_dram_cfg_t good = ww_dram_default_cfg();
  char err[128];
  ww_dram_cfg_t c;
  ww_dram_t *d;
  c = good; c.line_bytes = 48;
  CHECK(!ww_dram_new(&c, err, sizeof err) && strstr(err, "line_bytes"), "line 48 accepted");
  c = good; c.line_bytes = 256;
  CHECK(!ww_dram_new(&c, err, sizeof err), "line 256 accepted");
  c = good; c.channels = 0;
  CHECK(!ww_dram_new(&c, err, sizeof err) && strstr(err, "channels"), "0 channels accepted");
  c = good; c.latency = 0;
  CHECK(!ww_dram_new(&c, err, sizeof err) && strstr(err, "latency"), "latency 0 accepted");
  c = good; c.interval = 0;
  CHECK(!ww_dram_new(&c, err, sizeof err) && strstr(err, "interval"), "interval 0 accepted");
  c = good; c.bytes = 100;
  CHECK(!ww_dram_new(&c, err, sizeof err) && strstr(err, "bytes"), "bytes 100 accepted");
  CHECK(!ww_dram_new(NULL, NULL, 0), "NULL cfg accepted");
  d = ww_dram_new(&good, err, sizeof err);
  CHECK(d != NULL, "default cfg refused: %s", err);
  if (d) {
    CHECK(ww_dram_cfg(d)->latency == good.latency && good.interval == 1, "cfg not kept");
    uint8_t *m = ww_dram_mem(d);
    CHECK(m[0] == 0 && m[good.bytes - 1] == 0, "memory not zeroed");
    ww_dram_free(d);
  }
  ww_dram_free(NULL);
}

/* A read accepted in cycle c answers in cycle c + latency only. */
static void t_latency(void)
{
  const unsigned lats[] = { 1, 2, 7, 100 };
  for (unsigned li = 0; li < 4; li++) {
    ww_dram_t *d = mk(32, 1, lats[li], 1, 4096);
    uint8_t *m = ww_dram_mem(d);
    for (unsigned i = 0; i < 32; i++)
      m[3 * 32 + i] = (uint8_t)(0xA0 + i);
    ww_dram_out_t o;
    for (unsigned cyc = 0; cyc < 5; cyc++) {   /* idle first */
      ww_dram_in_t in = idle_in();
      ww_dram_step(d, 0, &in, &o);
      CHECK(o.req_ready && !o.rsp_valid, "idle cycle %u: ready %d rsp %d", cyc,
            (int)o.req_ready, (int)o.rsp_valid);
    }
    ww_dram_in_t in = rd(3);
    ww_dram_step(d, 0, &in, &o);             /* accepted in cycle 0 */
    CHECK(o.req_ready && !o.rsp_valid, "read not accepted");
    unsigned seen = 0;
    for (unsigned cyc = 1; cyc <= lats[li] + 5; cyc++) {
      ww_dram_out_t peek;
      ww_dram_outputs(d, 0, &peek);
      in = idle_in();
      ww_dram_step(d, 0, &in, &o);
      CHECK(!memcmp(&peek, &o, sizeof o), "outputs() differs from step() at %u", cyc);
      if (o.rsp_valid) {
        seen++;
        CHECK(cyc == lats[li], "latency %u: answer in cycle %u", lats[li], cyc);
        CHECK(o.rsp_data[0] == 0xA3A2A1A0u && o.rsp_data[7] == 0xBFBEBDBCu,
              "latency %u: data %08x .. %08x", lats[li], o.rsp_data[0], o.rsp_data[7]);
      } else {
        CHECK(o.rsp_data[0] == 0, "data not 0 without rsp_valid");
      }
    }
    CHECK(seen == 1, "latency %u: %u answers", lats[li], seen);
    ww_dram_stats_t st;
    ww_dram_stats(d, -1, &st);
    CHECK(st.reads == 1 && st.writes == 0 && st.out_of_range == 0, "stats %llu/%llu/%llu",
          (unsigned long long)st.reads, (unsigned long long)st.writes,
          (unsigned long long)st.out_of_range);
    ww_dram_free(d);
  }
}

/* Valid held for many cycles: acceptances exactly `interval` apart. */
static void t_interval(void)
{
  const unsigned ivs[] = { 1, 2, 5 };
  for (unsigned k = 0; k < 3; k++) {
    ww_dram_t *d = mk(16, 1, 3, ivs[k], 4096);
    ww_dram_out_t o;
    unsigned accepted = 0, answers = 0;
    long last = -1;
    for (unsigned cyc = 0; cyc < 60; cyc++) {
      ww_dram_in_t in = (cyc < 40) ? wr(cyc % 8, cyc, 4) : idle_in();
      if (cyc % 3 == 1 && cyc < 40)
        in = rd(cyc % 8);
      ww_dram_step(d, 0, &in, &o);
      if (o.rsp_valid)
        answers++;
      if (o.req_ready && in.req_valid) {
        if (last >= 0)
          CHECK(cyc - last == ivs[k], "interval %u: acceptances %ld and %u", ivs[k], last, cyc);
        last = cyc;
        accepted++;
      }
    }
    CHECK(accepted == (40 + ivs[k] - 1) / ivs[k], "interval %u: %u accepted", ivs[k], accepted);
    ww_dram_stats_t st;
    ww_dram_stats(d, 0, &st);
    CHECK(st.reads + st.writes == accepted && answers == st.reads,
          "interval %u: %u answers for %llu reads", ivs[k], answers, (unsigned long long)st.reads);
    ww_dram_free(d);
  }
}

/* Performed in order at acceptance: W then R returns the new line at once;
 * R then W (W accepted before R's answer) still returns the old line. */
static void t_order(void)
{
  ww_dram_t *d = mk(32, 1, 10, 1, 4096);
  uint8_t *m = ww_dram_mem(d);
  memset(m + 5 * 32, 0x11, 32);
  ww_dram_out_t o;
  ww_dram_in_t w = wr(5, 42, 8), r = rd(5), i = idle_in();
  ww_dram_step(d, 0, &w, &o);                 /* cycle 0: write */
  CHECK(!memcmp(m + 5 * 32, w.req_data, 32), "write not stored at acceptance");
  ww_dram_step(d, 0, &r, &o);                 /* cycle 1: read -> new line at 11 */
  ww_dram_in_t w2 = wr(5, 7, 8);
  ww_dram_step(d, 0, &w2, &o);                /* cycle 2: write again */
  for (unsigned cyc = 3; cyc < 20; cyc++) {
    ww_dram_step(d, 0, &i, &o);
    if (cyc == 11)
      CHECK(o.rsp_valid && !memcmp(o.rsp_data, w.req_data, 32),
            "read after write: not the first write's line");
    else
      CHECK(!o.rsp_valid, "answer in cycle %u", cyc);
  }
  CHECK(!memcmp(m + 5 * 32, w2.req_data, 32), "second write lost");
  ww_dram_free(d);
}

/* Reads every cycle: answered in order, one per cycle, each after latency. */
static void t_pipeline(void)
{
  const unsigned lat = 6, n = 20;
  ww_dram_t *d = mk(8, 1, lat, 1, 1024);
  uint8_t *m = ww_dram_mem(d);
  for (unsigned i = 0; i < 1024; i++)
    m[i] = (uint8_t)(i * 7 + 3);
  ww_dram_out_t o;
  unsigned got = 0;
  for (unsigned cyc = 0; cyc < n + lat + 3; cyc++) {
    ww_dram_in_t in = cyc < n ? rd((cyc * 13) % 128) : idle_in();
    ww_dram_step(d, 0, &in, &o);
    if (cyc < n)
      CHECK(o.req_ready, "not ready in cycle %u", cyc);
    if (o.rsp_valid) {
      unsigned line = ((cyc - lat) * 13) % 128;
      uint32_t w0 = m[line * 8] | m[line * 8 + 1] << 8 | m[line * 8 + 2] << 16 |
                    (uint32_t)m[line * 8 + 3] << 24;
      CHECK(cyc >= lat && cyc - lat < n, "answer in cycle %u", cyc);
      CHECK(o.rsp_data[0] == w0, "cycle %u: line %u word 0 %08x, want %08x", cyc, line,
            o.rsp_data[0], w0);
      got++;
    }
  }
  CHECK(got == n, "%u answers for %u reads", got, n);
  ww_dram_free(d);
}

/* Jitter (RTL timing seeds): a read is answered within [latency, latency +
 * jitter] of its acceptance unless an earlier answer holds it back, answers
 * stay in order, the timing depends on the seed, and one seed reproduces it. */
static void jitter_run(uint64_t seed, unsigned *accept_at, unsigned *answer_at, unsigned n)
{
  ww_dram_cfg_t c = { 4096, 8, 1, 10, 1, 10, seed, 0, 0 };
  char err[128];
  ww_dram_t *d = ww_dram_new(&c, err, sizeof err);
  CHECK(d != NULL, "jitter cfg refused: %s", err);
  if (!d)
    return;
  uint8_t *m = ww_dram_mem(d);
  for (unsigned i = 0; i < 4096; i++)
    m[i] = (uint8_t)(i / 8);                 /* every byte of line L is L */
  unsigned sent = 0, got = 0;
  ww_dram_out_t o;
  for (unsigned cyc = 0; cyc < 2000 && got < n; cyc++) {
    ww_dram_out_t peek;
    ww_dram_outputs(d, 0, &peek);
    ww_dram_in_t in = sent < n ? rd(sent) : idle_in();
    ww_dram_step(d, 0, &in, &o);
    if (sent < n && peek.req_ready)
      accept_at[sent++] = cyc;
    if (o.rsp_valid) {
      CHECK((o.rsp_data[0] & 0xFF) == (got & 0xFF), "answer %u is line %u: out of order", got,
            o.rsp_data[0] & 0xFF);
      answer_at[got++] = cyc;
    }
  }
  CHECK(got == n, "%u answers for %u reads", got, n);
  ww_dram_free(d);
}

static void t_jitter(void)
{
  enum { N = 64 };
  unsigned a1[N] = { 0 }, r1[N] = { 0 }, a2[N] = { 0 }, r2[N] = { 0 }, a3[N] = { 0 },
           r3[N] = { 0 };
  jitter_run(7, a1, r1, N);
  jitter_run(7, a2, r2, N);
  jitter_run(8, a3, r3, N);
  CHECK(!memcmp(a1, a2, sizeof a1) && !memcmp(r1, r2, sizeof r1), "seed 7 did not reproduce");
  CHECK(memcmp(r1, r3, sizeof r1) != 0, "seeds 7 and 8 gave the same timing");
  unsigned late = 0, slow = 0;
  for (unsigned i = 0; i < N; i++) {
    unsigned lat = r1[i] - a1[i];
    CHECK(lat >= 10, "read %u answered after %u cycles (< latency 10)", i, lat);
    CHECK(lat <= 20 || (i && r1[i] == r1[i - 1] + 1), "read %u answered after %u cycles, "
          "not held back by read %u", i, lat, i - 1);
    late += lat > 10;
    slow += i && a1[i] - a1[i - 1] > 1;
  }
  CHECK(late > N / 4 && slow > 0, "jitter hardly changes anything: %u late answers, %u slow "
        "acceptances", late, slow);
  ww_dram_cfg_t c = { 4096, 8, 1, 10, 1, 200000, 1, 0, 0 };
  CHECK(!ww_dram_new(&c, NULL, 0), "jitter 200000 accepted");
}

/* Word i bits [8j+7:8j] = byte 4i+j; whole line written, neighbours kept. */
static void t_bytes(void)
{
  ww_dram_t *d = mk(4, 1, 1, 1, 64);
  uint8_t *m = ww_dram_mem(d);
  memset(m, 0xEE, 64);
  ww_dram_in_t w = idle_in();
  w.req_valid = w.req_we = 1;
  w.req_line = 2;
  w.req_data[0] = 0x44332211u;
  w.req_data[1] = 0xFFFFFFFFu;                /* beyond the 4-byte line: ignored */
  ww_dram_out_t o;
  ww_dram_step(d, 0, &w, &o);
  CHECK(m[8] == 0x11 && m[9] == 0x22 && m[10] == 0x33 && m[11] == 0x44, "byte order");
  CHECK(m[7] == 0xEE && m[12] == 0xEE, "neighbours written");
  ww_dram_in_t r = rd(2), i = idle_in();
  ww_dram_step(d, 0, &r, &o);
  ww_dram_step(d, 0, &i, &o);
  CHECK(o.rsp_valid && o.rsp_data[0] == 0x44332211u && o.rsp_data[1] == 0, "read back %08x %08x",
        o.rsp_data[0], o.rsp_data[1]);
  ww_dram_free(d);
}

/* rst_ni = 0 drops the outstanding read; nothing is accepted meanwhile. */
static void t_reset(void)
{
  ww_dram_t *d = mk(32, 1, 5, 1, 4096);
  ww_dram_out_t o;
  ww_dram_in_t r = rd(1), i = idle_in(), x = wr(2, 9, 8);
  ww_dram_step(d, 0, &r, &o);
  ww_dram_step(d, 0, &i, &o);
  x.rst_ni = 0;
  ww_dram_step(d, 0, &x, &o);                  /* reset cycle, a write offered */
  for (unsigned cyc = 0; cyc < 12; cyc++) {
    ww_dram_step(d, 0, &i, &o);
    CHECK(!o.rsp_valid, "answer after reset (cycle %u)", cyc);
    CHECK(o.req_ready, "not ready after reset");
  }
  CHECK(ww_dram_mem(d)[64] == 0, "write accepted during reset");
  /* the host-side reset does the same */
  ww_dram_step(d, 0, &r, &o);
  ww_dram_reset(d);
  for (unsigned cyc = 0; cyc < 12; cyc++) {
    ww_dram_step(d, 0, &i, &o);
    CHECK(!o.rsp_valid, "answer after ww_dram_reset");
  }
  ww_dram_free(d);
}

static void t_range(void)
{
  ww_dram_t *d = mk(32, 1, 1, 1, 1024);        /* lines 0..31 */
  ww_dram_out_t o;
  ww_dram_in_t w = wr(32, 1, 8), r = rd(0x7FFFFFF), i = idle_in();
  ww_dram_step(d, 0, &w, &o);
  ww_dram_step(d, 0, &r, &o);
  ww_dram_step(d, 0, &i, &o);
  CHECK(o.rsp_valid && o.rsp_data[0] == 0, "out-of-range read");
  ww_dram_stats_t st;
  ww_dram_stats(d, -1, &st);
  CHECK(st.out_of_range == 2, "out_of_range %llu", (unsigned long long)st.out_of_range);
  ww_dram_free(d);
}

/* Channels share the memory but not timing: each has its own latency queue
 * and interval. */
static void t_channels(void)
{
  ww_dram_t *d = mk(32, 3, 4, 2, 4096);
  ww_dram_out_t o[3];
  ww_dram_in_t w = wr(7, 3, 8), r = rd(7), i = idle_in();
  ww_dram_step(d, 0, &w, &o[0]);
  ww_dram_step(d, 1, &i, &o[1]);
  ww_dram_step(d, 2, &i, &o[2]);
  /* cycle 1: channel 0 busy (interval 2), channel 1 reads channel 0's line */
  ww_dram_step(d, 0, &r, &o[0]);
  CHECK(!o[0].req_ready, "channel 0 ready inside its interval");
  ww_dram_step(d, 1, &r, &o[1]);
  CHECK(o[1].req_ready, "channel 1 not ready");
  ww_dram_step(d, 2, &i, &o[2]);
  unsigned ans[3] = { 0, 0, 0 };
  for (unsigned cyc = 2; cyc < 12; cyc++)
    for (unsigned c = 0; c < 3; c++) {
      ww_dram_step(d, c, &i, &o[c]);
      if (o[c].rsp_valid) {
        ans[c]++;
        CHECK(c == 1 && cyc == 5 && !memcmp(o[c].rsp_data, w.req_data, 32),
              "channel %u answered in cycle %u", c, cyc);
      }
    }
  CHECK(ans[0] == 0 && ans[1] == 1 && ans[2] == 0, "answers %u %u %u", ans[0], ans[1], ans[2]);
  ww_dram_stats_t st;
  ww_dram_stats(d, 1, &st);
  CHECK(st.reads == 1 && st.writes == 0, "channel 1 stats");
  ww_dram_stats(d, 0, &st);
  CHECK(st.reads == 0 && st.writes == 1, "channel 0 stats");
  ww_dram_free(d);
}

/* Refresh: channel c takes no request in the cycles [k*P + c*P/ch,
 * k*P + c*P/ch + R) and takes one otherwise (interval 1, no reads pending
 * beyond capacity); a refresh period not above its window is refused. */
static void t_refresh(void)
{
  const unsigned per = 40, win = 12, ch = 2;
  ww_dram_cfg_t c = { 4096, 8, ch, 3, 1, 0, 0, per, win };
  char err[128];
  ww_dram_t *d = ww_dram_new(&c, err, sizeof err);
  CHECK(d != NULL, "refresh cfg refused: %s", err);
  if (!d)
    return;
  for (unsigned cyc = 0; cyc < 3 * per; cyc++) {
    for (unsigned k = 0; k < ch; k++) {
      ww_dram_out_t o;
      ww_dram_in_t in = idle_in();
      ww_dram_outputs(d, k, &o);
      const unsigned phase = (cyc + per - k * per / ch) % per;
      CHECK((int)o.req_ready == (phase >= win), "cycle %u channel %u: ready %d in phase %u", cyc,
            k, (int)o.req_ready, phase);
      ww_dram_step(d, k, &in, &o);
    }
  }
  ww_dram_free(d);
  ww_dram_cfg_t bad = { 4096, 8, 1, 3, 1, 0, 0, 10, 10 };
  CHECK(!ww_dram_new(&bad, err, sizeof err) && strstr(err, "refresh"), "refresh window = period accepted");
}

int main(void)
{
  static const struct {
    const char *name;
    void (*fn)(void);
  } cases[] = {
    { "config", t_config },     { "latency", t_latency }, { "interval", t_interval },
    { "order", t_order },       { "pipeline", t_pipeline }, { "bytes", t_bytes },
    { "reset", t_reset },       { "range", t_range },     { "channels", t_channels },
    { "jitter", t_jitter },     { "refresh", t_refresh },
  };
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    g_case_fail = 0;
    cases[k].fn();
    printf("%s  dram/%s\n", g_case_fail ? "FAIL" : "ok  ", cases[k].name);
    if (g_case_fail)
      g_fail++;
    else
      g_pass++;
  }
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail ? 1 : 0;
}
