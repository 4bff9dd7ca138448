/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the ALU's C model (cmodel/sm/ww_alu.c), which the
 * lockstep test compares with rtl/sm/ww_alu.v. Two parts:
 *  1. directed cases with the expected value written out by hand (overflow
 *     wrap, INT_MIN, shift amounts 0/31 and the ignored upper bits of b,
 *     signed vs unsigned compares across the sign boundary, and that op
 *     bit 3 is ignored outside ADD/SUB and SRL/SRA);
 *  2. random and edge operands against host-native C: the signed views use
 *     int32_t/int64_t arithmetic and gcc's arithmetic >> on negative
 *     int32_t (the model itself works on uint32_t only), for every op code.
 * Usage: test_alu [--seed N] [--count N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_alu.h"
#include "ww_rng.h"

static int failures;

static void expect(const char *what, unsigned op, uint32_t a, uint32_t b, uint32_t got,
                   uint32_t want)
{
  if (got != want && failures++ < 20)
    fprintf(stderr, "FAIL %s op=%x a=0x%08" PRIx32 " b=0x%08" PRIx32 ": got 0x%08" PRIx32
            " want 0x%08" PRIx32 "\n", what, op, a, b, got, want);
}

/* host-native reference */
static uint32_t host(unsigned op, uint32_t a, uint32_t b)
{
  int32_t sa = (int32_t)a, sb = (int32_t)b;     /* gcc: modulo conversion */
  unsigned sh = b & 31u;
  switch (op) {
  case 0x0: return (uint32_t)((int64_t)sa + (int64_t)sb);
  case 0x8: return (uint32_t)((int64_t)sa - (int64_t)sb);
  case 0x1: case 0x9: return a << sh;
  case 0x2: case 0xA: return sa < sb;
  case 0x3: case 0xB: return a < b;
  case 0x4: case 0xC: return a ^ b;
  case 0x5: return a >> sh;
  case 0xD: return (uint32_t)(sa >> sh);        /* gcc: arithmetic shift */
  case 0x6: case 0xE: return a | b;
  default:  return a & b;
  }
}

static void check_one(unsigned op, uint32_t a, uint32_t b)
{
  ww_alu_in_t in = { .op_i = op, .a_i = a, .b_i = b };
  ww_alu_out_t out;
  memset(&out, 0, sizeof out);
  ww_alu_step(NULL, &in, &out);
  expect("result/host", op, a, b, (uint32_t)out.result_o, host(op, a, b));
  expect("eq/host", op, a, b, (uint32_t)out.eq_o, a == b);
  expect("lt/host", op, a, b, (uint32_t)out.lt_o, (int32_t)a < (int32_t)b);
  expect("ltu/host", op, a, b, (uint32_t)out.ltu_o, a < b);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, count = 2000000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--count") && i + 1 < argc)
      count = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_alu [--seed N] [--count N]\n");
      return 2;
    }
  }

  /* 1. directed, expected values by hand */
  static const struct { unsigned op; uint32_t a, b, want; } dir[] = {
    { WW_ALU_ADD,  0x7FFFFFFFu, 1u,          0x80000000u },   /* signed overflow wraps */
    { WW_ALU_ADD,  0xFFFFFFFFu, 1u,          0u },
    { WW_ALU_SUB,  0u,          1u,          0xFFFFFFFFu },
    { WW_ALU_SUB,  0x80000000u, 1u,          0x7FFFFFFFu },
    { WW_ALU_SLL,  1u,          31u,         0x80000000u },
    { WW_ALU_SLL,  1u,          32u,         1u },            /* only b[4:0] counts */
    { WW_ALU_SLL,  3u,          0xFFFFFFE1u, 6u },
    { WW_ALU_SRL,  0x80000000u, 31u,         1u },
    { WW_ALU_SRA,  0x80000000u, 31u,         0xFFFFFFFFu },
    { WW_ALU_SRA,  0x80000000u, 0u,          0x80000000u },
    { WW_ALU_SRA,  0x40000000u, 30u,         1u },
    { WW_ALU_SRA,  0xF0000000u, 0x24u,       0xFF000000u },   /* 0x24 & 31 = 4 */
    { WW_ALU_SLT,  0xFFFFFFFFu, 0u,          1u },            /* -1 < 0 */
    { WW_ALU_SLTU, 0xFFFFFFFFu, 0u,          0u },
    { WW_ALU_SLT,  0x80000000u, 0x7FFFFFFFu, 1u },
    { WW_ALU_SLTU, 0x80000000u, 0x7FFFFFFFu, 0u },
    { WW_ALU_SLT,  5u,          5u,          0u },
    { WW_ALU_XOR,  0xFF00FF00u, 0x0FF00FF0u, 0xF0F0F0F0u },
    { WW_ALU_OR,   0xFF00FF00u, 0x0FF00FF0u, 0xFFF0FFF0u },
    { WW_ALU_AND,  0xFF00FF00u, 0x0FF00FF0u, 0x0F000F00u },
    { 0x9,         1u,          4u,          16u },           /* bit 3 ignored: SLL */
    { 0xA,         0xFFFFFFFFu, 0u,          1u },            /* SLT */
    { 0xB,         0xFFFFFFFFu, 0u,          0u },            /* SLTU */
    { 0xC,         6u,          3u,          5u },            /* XOR */
    { 0xE,         6u,          3u,          7u },            /* OR */
    { 0xF,         6u,          3u,          2u },            /* AND */
  };
  for (size_t i = 0; i < sizeof dir / sizeof dir[0]; i++)
    expect("directed", dir[i].op, dir[i].a, dir[i].b,
           ww_alu_compute(dir[i].op, dir[i].a, dir[i].b), dir[i].want);

  /* 2. every op on edge x edge, then random operands, against the host */
  static const uint32_t edge[] = { 0u, 1u, 2u, 31u, 32u, 0x7FFFFFFFu, 0x80000000u,
                                   0x80000001u, 0xFFFFFFFEu, 0xFFFFFFFFu, 0xAAAAAAAAu };
  const size_t ne = sizeof edge / sizeof edge[0];
  for (unsigned op = 0; op < 16; op++)
    for (size_t i = 0; i < ne; i++)
      for (size_t j = 0; j < ne; j++)
        check_one(op, edge[i], edge[j]);
  ww_rng_t rng = { seed };
  for (uint64_t n = 0; n < count; n++) {
    uint32_t a = (uint32_t)ww_rng_bits(&rng, 32), b = (uint32_t)ww_rng_bits(&rng, 32);
    if (ww_rng_chance(&rng, 1, 4))
      b = a + (uint32_t)ww_rng_below(&rng, 3) - 1u;
    check_one((unsigned)ww_rng_bits(&rng, 4), a, b);
  }

  printf("test_alu: %s (%zu directed, %zu edge, %" PRIu64 " random, seed %" PRIu64 ")\n",
         failures ? "FAIL" : "PASS", sizeof dir / sizeof dir[0], 16 * ne * ne, count, seed);
  return failures ? 1 : 0;
}
