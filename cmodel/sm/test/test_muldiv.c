/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the RV32M unit's C model (cmodel/sm/ww_muldiv.c),
 * which the lockstep test compares with rtl/sm/ww_muldiv.v.
 *  1. The RISC-V edge cases with the expected words written out by hand:
 *     division by zero (DIV/DIVU -> all ones, REM/REMU -> the dividend),
 *     INT_MIN / -1 (DIV -> INT_MIN, REM -> 0), remainder signs, MULH* of
 *     INT_MIN, -1 and mixed signs.
 *  2. Random and edge operands against host-native C: products from
 *     __int128 (the model uses 64-bit pieces), quotients and remainders
 *     checked by the identity a = q*b + r with |r| < |b| and r taking the
 *     dividend's sign (in int64_t), so the model's own division is not the
 *     reference.
 *  3. Timing of the model: a multiply's result is offered exactly 2 cycles
 *     after acceptance, a division's 33, each with its tag; the divider
 *     refuses a second division while busy but a multiply is accepted and
 *     completes meanwhile; a result is held until out_ready_i.
 * Usage: test_muldiv [--seed N] [--count N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_muldiv.h"
#include "ww_rng.h"

__extension__ typedef __int128 i128;

static int failures;

static void expect(const char *what, unsigned op, uint32_t a, uint32_t b, uint32_t got,
                   uint32_t want)
{
  if (got != want && failures++ < 20)
    fprintf(stderr, "FAIL %s op=%u a=0x%08" PRIx32 " b=0x%08" PRIx32 ": got 0x%08" PRIx32
            " want 0x%08" PRIx32 "\n", what, op, a, b, got, want);
}

static void check(const char *what, int ok)
{
  if (!ok && failures++ < 20)
    fprintf(stderr, "FAIL %s\n", what);
}

static int64_t s32(uint32_t x) { return (x >> 31) ? (int64_t)x - 4294967296ll : (int64_t)x; }

static void check_host(unsigned op, uint32_t a, uint32_t b)
{
  uint32_t got = ww_muldiv_compute(op, a, b);
  int64_t sa = s32(a), sb = s32(b);
  switch (op) {
  case WW_MD_MUL:    expect("mul", op, a, b, got, (uint32_t)((i128)sa * sb)); return;
  case WW_MD_MULH:   expect("mulh", op, a, b, got, (uint32_t)(((i128)sa * sb) >> 32)); return;
  case WW_MD_MULHSU:
    expect("mulhsu", op, a, b, got, (uint32_t)(((i128)sa * (i128)b) >> 32));
    return;
  case WW_MD_MULHU:  expect("mulhu", op, a, b, got, (uint32_t)(((i128)a * (i128)b) >> 32)); return;
  default: break;
  }
  int sgn = op == WW_MD_DIV || op == WW_MD_REM;
  uint32_t q = ww_muldiv_compute(sgn ? WW_MD_DIV : WW_MD_DIVU, a, b);
  uint32_t r = ww_muldiv_compute(sgn ? WW_MD_REM : WW_MD_REMU, a, b);
  if (b == 0) {
    expect("div by 0", op, a, b, q, 0xFFFFFFFFu);
    expect("rem by 0", op, a, b, r, a);
  } else if (sgn && a == 0x80000000u && b == 0xFFFFFFFFu) {
    expect("INT_MIN/-1", op, a, b, q, 0x80000000u);
    expect("INT_MIN%-1", op, a, b, r, 0);
  } else if (sgn) {
    int64_t sq = s32(q), sr = s32(r);
    int ok = sq * sb + sr == sa && llabs(sr) < llabs(sb) && (sr == 0 || (sr < 0) == (sa < 0));
    if (!ok)
      expect("signed a = q*b + r", op, a, b, q, r);
  } else {
    int ok = (uint64_t)q * b + r == a && r < b;
    if (!ok)
      expect("unsigned a = q*b + r", op, a, b, q, r);
  }
}

/* ---- 3. timing ---------------------------------------------------------- */
static ww_muldiv_t *m;
static ww_muldiv_in_t in;
static ww_muldiv_out_t out;

static void cycle(void) { memset(&out, 0, sizeof out); ww_muldiv_step(m, &in, &out); }

static void timing(void)
{
  ww_muldiv_cfg_t cfg = ww_muldiv_default_cfg();
  m = ww_muldiv_new(&cfg);
  memset(&in, 0, sizeof in);
  in.rst_ni = 0;
  cycle();
  in.rst_ni = 1;
  in.out_ready_i = 1;
  cycle();
  check("idle: nothing offered", !out.out_valid_o);

  /* a multiply accepted in cycle 0 is offered in cycle 2 */
  in.in_valid_i = 1, in.in_op_i = WW_MD_MUL, in.in_tag_i = 0x5A;
  for (unsigned l = 0; l < WW_LANES; l++)
    in.in_a_i[l] = 3 + l, in.in_b_i[l] = 7;
  cycle();
  check("mul accepted", out.in_ready_o && !out.out_valid_o);
  in.in_valid_i = 0;
  cycle();
  check("mul not yet", !out.out_valid_o);
  cycle();
  check("mul at +2", out.out_valid_o && out.out_tag_o == 0x5A && out.out_data_o[0] == 21 &&
        out.out_data_o[WW_LANES - 1] == 7 * (3 + WW_LANES - 1));

  /* a division accepted in cycle 0 is offered in cycle 33; meanwhile a second
   * division is refused and a multiply goes through */
  in.in_valid_i = 1, in.in_op_i = WW_MD_REM, in.in_tag_i = 0x11;
  for (unsigned l = 0; l < WW_LANES; l++)
    in.in_a_i[l] = (uint32_t)-7, in.in_b_i[l] = 2;
  cycle();
  check("div accepted", out.in_ready_o);
  int seen_mul = 0, at = -1;
  for (int t = 1; t <= 40 && at < 0; t++) {
    in.in_op_i = t == 5 ? WW_MD_MULHU : WW_MD_DIVU;
    in.in_valid_i = t == 3 || t == 5;
    in.in_tag_i = 0x22;
    cycle();
    if (t == 3)
      check("second division refused while busy", !out.in_ready_o);
    if (t == 5)
      check("multiply accepted while dividing", out.in_ready_o);
    if (out.out_valid_o && out.out_tag_o == 0x22)
      seen_mul = t;
    if (out.out_valid_o && out.out_tag_o == 0x11)
      at = t;
  }
  check("multiply done at +2 during the division", seen_mul == 7);
  check("division at +33", at == WW_MULDIV_DIV_LATENCY);
  check("rem -7 % 2 = -1", out.out_data_o[0] == 0xFFFFFFFFu);

  /* held while out_ready_i is low */
  in.in_valid_i = 1, in.in_op_i = WW_MD_DIVU, in.in_tag_i = 0x33;
  in.out_ready_i = 1;
  cycle();                    /* the remainder left at the end of cycle 33 */
  check("division accepted after the previous left", out.in_ready_o);
  in.in_valid_i = 0;
  in.out_ready_i = 0;
  for (int t = 0; t < 50; t++)
    cycle();
  check("result held", out.out_valid_o && out.out_tag_o == 0x33);
  in.out_ready_i = 1;
  cycle();
  cycle();
  check("result gone once taken", !out.out_valid_o);
  ww_muldiv_free(m);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, count = 1000000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc)
      count = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_muldiv [--seed N] [--count N]\n");
      return 2;
    }
  }

  /* 1. edge cases, expected words by hand */
  static const struct { unsigned op; uint32_t a, b, want; } dir[] = {
    { WW_MD_DIV,    7u,          0u,          0xFFFFFFFFu },   /* x / 0 = -1 */
    { WW_MD_DIV,    0x80000000u, 0u,          0xFFFFFFFFu },
    { WW_MD_DIVU,   7u,          0u,          0xFFFFFFFFu },   /* x /u 0 = 2^32-1 */
    { WW_MD_REM,    0xFFFFFFF9u, 0u,          0xFFFFFFF9u },   /* -7 % 0 = -7 */
    { WW_MD_REMU,   7u,          0u,          7u },
    { WW_MD_DIV,    0x80000000u, 0xFFFFFFFFu, 0x80000000u },   /* INT_MIN / -1 */
    { WW_MD_REM,    0x80000000u, 0xFFFFFFFFu, 0u },
    { WW_MD_DIVU,   0x80000000u, 0xFFFFFFFFu, 0u },
    { WW_MD_REMU,   0x80000000u, 0xFFFFFFFFu, 0x80000000u },
    { WW_MD_DIV,    0xFFFFFFF9u, 2u,          0xFFFFFFFDu },   /* -7 / 2 = -3 (toward 0) */
    { WW_MD_REM,    0xFFFFFFF9u, 2u,          0xFFFFFFFFu },   /* -7 % 2 = -1 */
    { WW_MD_DIV,    7u,          0xFFFFFFFEu, 0xFFFFFFFDu },   /* 7 / -2 = -3 */
    { WW_MD_REM,    7u,          0xFFFFFFFEu, 1u },            /* 7 % -2 = 1 */
    { WW_MD_REM,    0xFFFFFFF9u, 0xFFFFFFFEu, 0xFFFFFFFFu },   /* -7 % -2 = -1 */
    { WW_MD_DIVU,   0xFFFFFFF9u, 2u,          0x7FFFFFFCu },
    { WW_MD_MUL,    0x80000000u, 0xFFFFFFFFu, 0x80000000u },
    { WW_MD_MULH,   0x80000000u, 0x80000000u, 0x40000000u },   /* 2^62 */
    { WW_MD_MULH,   0x80000000u, 0xFFFFFFFFu, 0u },            /* 2^31 */
    { WW_MD_MULH,   0xFFFFFFFFu, 0xFFFFFFFFu, 0u },            /* 1 */
    { WW_MD_MULH,   0xFFFFFFFFu, 1u,          0xFFFFFFFFu },   /* -1 */
    { WW_MD_MULHU,  0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFEu },
    { WW_MD_MULHSU, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu },   /* -1 * (2^32-1) */
    { WW_MD_MULHSU, 0x80000000u, 0xFFFFFFFFu, 0x80000000u },   /* -2^31 * (2^32-1) */
    { WW_MD_MULHSU, 1u,          0xFFFFFFFFu, 0u },
  };
  for (size_t i = 0; i < sizeof dir / sizeof dir[0]; i++)
    expect("directed", dir[i].op, dir[i].a, dir[i].b,
           ww_muldiv_compute(dir[i].op, dir[i].a, dir[i].b), dir[i].want);

  /* 2. edge x edge and random, against the host */
  static const uint32_t edge[] = { 0u, 1u, 2u, 3u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                                   0xFFFFFFFEu, 0xFFFFFFFFu, 0x10000u, 0x1FFFFu, 0x20000u };
  const size_t ne = sizeof edge / sizeof edge[0];
  for (unsigned op = 0; op < 8; op++)
    for (size_t i = 0; i < ne; i++)
      for (size_t j = 0; j < ne; j++)
        check_host(op, edge[i], edge[j]);
  ww_rng_t rng = { seed };
  for (uint64_t n = 0; n < count; n++) {
    uint32_t a = (uint32_t)ww_rng_bits(&rng, 1 + (unsigned)ww_rng_below(&rng, 32));
    uint32_t b = (uint32_t)ww_rng_bits(&rng, 1 + (unsigned)ww_rng_below(&rng, 32));
    if (ww_rng_chance(&rng, 1, 2))
      a = (uint32_t)ww_rng_bits(&rng, 32);
    if (ww_rng_chance(&rng, 1, 4))
      b = 0u - b;
    check_host((unsigned)ww_rng_below(&rng, 8), a, b);
  }

  /* 3. timing */
  timing();

  printf("test_muldiv: %s (%zu directed, %zu edge, %" PRIu64 " random, timing; seed %" PRIu64 ")\n",
         failures ? "FAIL" : "PASS", sizeof dir / sizeof dir[0], 8 * ne * ne, count, seed);
  return failures ? 1 : 0;
}
