/* SPDX-License-Identifier: Apache-2.0
 *
 * isa_tests -- host checks of the ISA test kernels (sw/kernels/isa_*.c)
 * against RV32IM computed here in plain C, with the RISC-V corner cases
 * spelled out (division by zero, INT_MIN / -1, shift amounts taken mod 32,
 * the high halves of 64-bit products, sign and zero extension).
 *
 * Directed operand pairs run in every lane of the launch, the partial last
 * warp included: the threads of one lane share the pairs between them (the
 * c-th of the lane's n threads takes pairs c, c + n, c + 2n, ...), so the
 * launch is as long as the lane with the fewest threads needs; random
 * operands follow.
 */
#include "sw_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"

static uint32_t *xcalloc(size_t n)
{
  uint32_t *p = calloc(n ? n : 1, sizeof *p);
  if (!p) {
    fprintf(stderr, "sw_tests: out of host memory\n");
    exit(2);
  }
  return p;
}

/* ---- RV32IM, by the book ------------------------------------------------------------- */
static uint32_t sra32(uint32_t a, unsigned sh)
{
  sh &= 31;
  /* arithmetic right shift without relying on >> of a negative int */
  return (a & 0x80000000u) ? ~(~a >> sh) : a >> sh;
}

static uint32_t mulh_ss(uint32_t a, uint32_t b)
{
  int64_t p = (int64_t)(int32_t)a * (int64_t)(int32_t)b;
  return (uint32_t)((uint64_t)p >> 32);
}

static uint32_t mulh_su(uint32_t a, uint32_t b)
{
  int64_t p = (int64_t)(int32_t)a * (int64_t)(uint64_t)b;   /* |p| < 2^63 */
  return (uint32_t)((uint64_t)p >> 32);
}

static uint32_t mulh_uu(uint32_t a, uint32_t b)
{
  return (uint32_t)(((uint64_t)a * b) >> 32);
}

static uint32_t div_s(uint32_t a, uint32_t b)
{
  if (b == 0)
    return 0xFFFFFFFFu;                          /* x / 0 = -1 */
  if (a == 0x80000000u && b == 0xFFFFFFFFu)
    return 0x80000000u;                          /* INT_MIN / -1 = INT_MIN */
  return (uint32_t)((int32_t)a / (int32_t)b);
}

static uint32_t rem_s(uint32_t a, uint32_t b)
{
  if (b == 0)
    return a;                                    /* x % 0 = x */
  if (a == 0x80000000u && b == 0xFFFFFFFFu)
    return 0;                                    /* INT_MIN % -1 = 0 */
  return (uint32_t)((int32_t)a % (int32_t)b);
}

static uint32_t div_u(uint32_t a, uint32_t b) { return b ? a / b : 0xFFFFFFFFu; }
static uint32_t rem_u(uint32_t a, uint32_t b) { return b ? a % b : a; }
static uint32_t lt_s(uint32_t a, uint32_t b) { return (int32_t)a < (int32_t)b; }

/* ==== isa-alu ============================================================================ */
#define ALU_NRES 63
typedef struct { uint32_t ops, task_vec, ntasks, out, nres_out; } isa_alu_args_t;

static const char *const alu_name[ALU_NRES] = {
  "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
  "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
  "addi -2048", "addi -1", "addi 0", "addi 1", "addi 2047",
  "slti -2048", "slti -1", "slti 0", "slti 1", "slti 2047",
  "sltiu -2048", "sltiu -1", "sltiu 0", "sltiu 1", "sltiu 2047",
  "xori -2048", "xori -1", "xori 2047", "xori 1365",
  "ori -2048", "ori -1", "ori 2047", "ori 1365",
  "andi -2048", "andi -1", "andi 2047", "andi 1365",
  "slli 0", "slli 1", "slli 13", "slli 31",
  "srli 0", "srli 1", "srli 13", "srli 31",
  "srai 0", "srai 1", "srai 13", "srai 31",
  "beq", "bne", "blt", "bge", "bltu", "bgeu",
};

static void alu_ref(uint32_t a, uint32_t b, uint32_t *o)
{
  static const int32_t imm5[5] = { -2048, -1, 0, 1, 2047 };
  static const int32_t imm4[4] = { -2048, -1, 2047, 1365 };
  static const unsigned sh[4] = { 0, 1, 13, 31 };
  int n = 0;
  o[n++] = a + b;
  o[n++] = a - b;
  o[n++] = a << (b & 31);
  o[n++] = lt_s(a, b);
  o[n++] = a < b;
  o[n++] = a ^ b;
  o[n++] = a >> (b & 31);
  o[n++] = sra32(a, b & 31);
  o[n++] = a | b;
  o[n++] = a & b;
  o[n++] = (uint32_t)((uint64_t)a * b);
  o[n++] = mulh_ss(a, b);
  o[n++] = mulh_su(a, b);
  o[n++] = mulh_uu(a, b);
  o[n++] = div_s(a, b);
  o[n++] = div_u(a, b);
  o[n++] = rem_s(a, b);
  o[n++] = rem_u(a, b);
  for (int i = 0; i < 5; i++)
    o[n++] = a + (uint32_t)imm5[i];
  for (int i = 0; i < 5; i++)
    o[n++] = lt_s(a, (uint32_t)imm5[i]);
  for (int i = 0; i < 5; i++)
    o[n++] = a < (uint32_t)imm5[i];                /* sltiu: sign-extended, compared unsigned */
  for (int i = 0; i < 4; i++)
    o[n++] = a ^ (uint32_t)imm4[i];
  for (int i = 0; i < 4; i++)
    o[n++] = a | (uint32_t)imm4[i];
  for (int i = 0; i < 4; i++)
    o[n++] = a & (uint32_t)imm4[i];
  for (int i = 0; i < 4; i++)
    o[n++] = a << sh[i];
  for (int i = 0; i < 4; i++)
    o[n++] = a >> sh[i];
  for (int i = 0; i < 4; i++)
    o[n++] = sra32(a, sh[i]);
  o[n++] = a == b;
  o[n++] = a != b;
  o[n++] = lt_s(a, b);
  o[n++] = !lt_s(a, b);
  o[n++] = a < b;
  o[n++] = a >= b;
}

static const uint32_t directed[] = {
  0, 1, 2, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x80000000u, 0x7FFFFFFFu, 0x80000001u,
  31, 32, 33, 0x7FF, 0xFFFFF800u, 0x12345678u, 0xDEADBEEFu, 0x0000FFFFu,
};
#define NDIRECTED (sizeof directed / sizeof directed[0])

/* Runs isa_alu on nvec operand pairs; tasks as described at the top. */
static void alu_run(swt_t *t, const ww_kernel_t *k, const char *what, const uint32_t *ops,
                    uint32_t nvec, const uint32_t *task_vec, uint32_t ntasks, uint32_t grid,
                    uint32_t block)
{
  uint32_t *out = xcalloc((size_t)ntasks * ALU_NRES), nres = 0;
  isa_alu_args_t args = { swt_upload(t, ops, 8 * nvec), swt_upload(t, task_vec, 4 * ntasks), ntasks,
                          swt_fill(t, 4 * (size_t)ntasks * ALU_NRES, 0xDEADBEEFu), swt_fill(t, 4, 0) };
  ww_result_t res;
  if (args.ops && args.task_vec && args.out && args.nres_out &&
      swt_run(t, what, k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, out, args.out, 4 * (size_t)ntasks * ALU_NRES) == 0 &&
      swt_download(t, &nres, args.nres_out, 4) == 0) {
    if (!swt_check(t, nres == ALU_NRES, "%s: kernel result layout (%u results, host expects %u)",
                   what, nres, ALU_NRES))
      goto out;
    size_t bad[ALU_NRES] = { 0 };
    size_t nbad = 0;
    uint32_t threads = grid * block;
    for (uint32_t task = 0; task < ntasks; task++) {
      uint32_t v = task_vec[task], a = ops[2 * v], b = ops[2 * v + 1], want[ALU_NRES];
      alu_ref(a, b, want);
      for (int r = 0; r < ALU_NRES; r++) {
        uint32_t got = out[(size_t)task * ALU_NRES + r];
        if (got == want[r])
          continue;
        if (nbad++ < 12)
          swt_note(t, "%s a=0x%08x b=0x%08x (thread %u, lane %u): got 0x%08x, want 0x%08x",
                   alu_name[r], a, b, task % threads, task % threads % block % WW_LANES, got,
                   want[r]);
        bad[r]++;
      }
    }
    if (nbad) {
      for (int r = 0; r < ALU_NRES; r++)
        if (bad[r])
          swt_note(t, "%s: %zu wrong", alu_name[r], bad[r]);
    }
    swt_check(t, !nbad, "%s: %u operand pairs x %d instructions (all RV32IM ALU ops + branches)",
              what, ntasks, ALU_NRES);
  }
out:
  free(out);
}

static void test_isa_alu(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "isa_alu");
  if (!k)
    return;

  /* 1. every directed pair, in every lane of 2 blocks with a partial warp */
  {
    uint32_t grid = 2, block = SWT_PART_BLOCK, threads = grid * block;
    uint32_t nvec = NDIRECTED * NDIRECTED;
    uint32_t copies[WW_LANES] = { 0 }, *copy = xcalloc(threads), rounds = 0;
    for (uint32_t g = 0; g < threads; g++)    /* thread g: lane (g % block) % WW_LANES */
      copy[g] = copies[g % block % WW_LANES]++;
    for (uint32_t l = 0; l < WW_LANES; l++)
      if (copies[l] && (nvec + copies[l] - 1) / copies[l] > rounds)
        rounds = (nvec + copies[l] - 1) / copies[l];
    uint32_t ntasks = threads * rounds;       /* task k runs on thread k % threads */
    uint32_t *ops = xcalloc(2 * nvec), *tv = xcalloc(ntasks);
    for (uint32_t i = 0; i < NDIRECTED; i++)
      for (uint32_t j = 0; j < NDIRECTED; j++) {
        ops[2 * (i * NDIRECTED + j)] = directed[i];
        ops[2 * (i * NDIRECTED + j) + 1] = directed[j];
      }
    for (uint32_t task = 0; task < ntasks; task++) {
      uint32_t g = task % threads, n = copies[g % block % WW_LANES];
      tv[task] = (copy[g] + task / threads * n) % nvec;
    }
    free(copy);
    /* the layout itself: every pair meets every lane */
    uint32_t *met = xcalloc(nvec), lanes_all = WW_LANES >= 32 ? ~0u : (1u << WW_LANES) - 1, missing = 0;
    for (uint32_t task = 0; task < ntasks; task++)
      met[tv[task]] |= 1u << (task % threads % block % WW_LANES);
    for (uint32_t v = 0; v < nvec; v++)
      missing += met[v] != lanes_all;
    free(met);
    swt_check(t, !missing, "directed layout: %u of %u pairs miss a lane", missing, nvec);
    alu_run(t, k, "directed (0, 1, -1, INT_MIN, INT_MAX, 31/32/33, ...) in every lane", ops,
            nvec, tv, ntasks, grid, block);
    free(ops), free(tv);
  }
  ww_dev_reset_heap(t->dev);

  /* 2. random pairs (uniform, small, shift-sized, edge-mixed) */
  {
    uint32_t grid = 6, block = SWT_PART_BLOCK, nvec = 3000;
    ww_rng_t r = { 800 };
    uint32_t *ops = xcalloc(2 * nvec), *tv = xcalloc(nvec);
    for (uint32_t i = 0; i < 2 * nvec; i++) {
      switch (ww_rng_below(&r, 4)) {
      case 0: ops[i] = (uint32_t)ww_rng_bits(&r, 6); break;              /* small */
      case 1: ops[i] = (uint32_t)(int32_t)(int8_t)ww_rng_bits(&r, 8); break;
      case 2: ops[i] = directed[ww_rng_below(&r, NDIRECTED)]; break;
      default: ops[i] = (uint32_t)ww_rng_next(&r); break;
      }
    }
    for (uint32_t i = 0; i < nvec; i++)
      tv[i] = i;
    alu_run(t, k, "random", ops, nvec, tv, nvec, grid, block);
    free(ops), free(tv);
  }
}

/* ==== isa-mem ============================================================================ */
#define MEM_NRES 41
typedef struct { uint32_t bytes, task_vec, ntasks, out, img, bg, strong, nres_out; } isa_mem_args_t;

static const uint32_t mem_bg[4] = { 0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u };

static uint32_t sext8(uint32_t x) { x &= 0xFF; return x & 0x80 ? x | 0xFFFFFF00u : x; }
static uint32_t sext16(uint32_t x) { x &= 0xFFFF; return x & 0x8000 ? x | 0xFFFF0000u : x; }
static uint32_t le16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t le32(const uint8_t *p) { return le16(p) | le16(p + 2) << 16; }

/* The 18 loads of LOADS() in isa_mem.c, on the 8-byte record p. */
static void mem_loads_ref(const uint8_t *p, uint32_t *o)
{
  int n = 0;
  for (int i = 0; i < 4; i++)
    o[n++] = sext8(p[i]);
  for (int i = 0; i < 4; i++)
    o[n++] = p[i];
  o[n++] = sext16(le16(p));
  o[n++] = sext16(le16(p + 2));
  o[n++] = le16(p);
  o[n++] = le16(p + 2);
  o[n++] = le32(p);
  o[n++] = le32(p + 4);
  o[n++] = sext8(p[3]);
  o[n++] = sext16(le16(p + 2));
  o[n++] = p[7];
  o[n++] = le16(p + 6);
}

/* STORES() of isa_mem.c onto a 16-byte image. */
static void mem_stores_ref(uint8_t *d, uint32_t w0, uint32_t w1)
{
  d[0] = (uint8_t)w0;
  d[3] = (uint8_t)w1;
  d[6] = (uint8_t)w0, d[7] = (uint8_t)(w0 >> 8);
  d[8] = (uint8_t)w1, d[9] = (uint8_t)(w1 >> 8);
  d[10] = (uint8_t)(w0 >> 8);
  for (int i = 0; i < 4; i++)
    d[12 + i] = (uint8_t)(w1 >> (8 * i));
}

static void bg_bytes(uint8_t *d)
{
  for (int w = 0; w < 4; w++)
    for (int i = 0; i < 4; i++)
      d[4 * w + i] = (uint8_t)(mem_bg[w] >> (8 * i));
}

static void test_isa_mem(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "isa_mem");
  if (!k)
    return;
  static const uint8_t edge[8] = { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x55, 0xAA };
  const uint32_t grid = 3, block = SWT_PART_BLOCK, threads = grid * block;
  const uint32_t ndir = 16, nrand = 600, nvec = ndir + nrand;
  const uint32_t ntasks = threads * ndir + nrand;
  ww_rng_t r = { 900 };

  uint8_t *bytes = calloc(8 * nvec, 1);
  uint32_t *tv = xcalloc(ntasks), *out = xcalloc((size_t)ntasks * MEM_NRES), nres = 0;
  uint8_t *img = calloc(16 * (size_t)ntasks, 1), *bgimg = calloc(16 * (size_t)ntasks, 1);
  if (!bytes || !img || !bgimg)
    exit(2);
  for (uint32_t v = 0; v < ndir; v++)
    for (uint32_t i = 0; i < 8; i++)
      bytes[8 * v + i] = edge[(v + 3 * i + (v >> 3)) % 8];
  for (uint32_t i = 8 * ndir; i < 8 * nvec; i++)
    bytes[i] = (uint8_t)ww_rng_bits(&r, 8);
  for (uint32_t task = 0; task < ntasks; task++)
    tv[task] = task < threads * ndir ? (task / threads + task % threads) % ndir
                                     : ndir + (task - threads * ndir);
  for (uint32_t task = 0; task < ntasks; task++)
    bg_bytes(bgimg + 16 * task);

  isa_mem_args_t args = { swt_upload(t, bytes, 8 * nvec), swt_upload(t, tv, 4 * ntasks), ntasks,
                          swt_fill(t, 4 * (size_t)ntasks * MEM_NRES, 0xDEADBEEFu),
                          swt_upload(t, bgimg, 16 * (size_t)ntasks), swt_upload(t, mem_bg, sizeof mem_bg),
                          swt_fill(t, 4 * ntasks, 0), swt_fill(t, 4, 0) };
  ww_result_t res;
  if (args.bytes && args.task_vec && args.out && args.img && args.bg && args.strong && args.nres_out &&
      swt_run(t, "isa_mem", k, grid, block, &args, sizeof args, &res) == 0 &&
      swt_download(t, out, args.out, 4 * (size_t)ntasks * MEM_NRES) == 0 &&
      swt_download(t, img, args.img, 16 * (size_t)ntasks) == 0 &&
      swt_download(t, &nres, args.nres_out, 4) == 0) {
    if (!swt_check(t, nres == MEM_NRES, "kernel result layout (%u results, host expects %u)", nres,
                   MEM_NRES))
      goto out;
    static const char *load_name[18] = {
      "lb 0", "lb 1", "lb 2", "lb 3", "lbu 0", "lbu 1", "lbu 2", "lbu 3", "lh 0", "lh 2",
      "lhu 0", "lhu 2", "lw 0", "lw 4", "lb -1", "lh -2", "lbu -1", "lhu -2",
    };
    size_t bad_g = 0, bad_s = 0, bad_ss = 0, bad_st = 0, bad_img = 0;
    for (uint32_t task = 0; task < ntasks; task++) {
      const uint8_t *p = bytes + 8 * tv[task];
      const uint32_t *o = out + (size_t)task * MEM_NRES;
      uint32_t want[18];
      mem_loads_ref(p, want);
      for (int i = 0; i < 18; i++) {
        if (o[i] != want[i] && bad_g++ < 6)
          swt_note(t, "global %s of %02x %02x %02x %02x %02x %02x %02x %02x: got 0x%08x, want 0x%08x",
                   load_name[i], p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], o[i], want[i]);
        if (o[18 + i] != want[i] && bad_s++ < 6)
          swt_note(t, "shared %s of %02x %02x %02x %02x %02x %02x %02x %02x: got 0x%08x, want 0x%08x",
                   load_name[i], p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], o[18 + i], want[i]);
      }
      uint32_t w0 = le32(p), w1 = le32(p + 4);
      uint8_t im[16];
      bg_bytes(im);
      mem_stores_ref(im, w0, w1);
      for (int i = 0; i < 4; i++)
        if (o[36 + i] != le32(im + 4 * i) && bad_ss++ < 6)
          swt_note(t, "shared stores, word %d: got 0x%08x, want 0x%08x", i, o[36 + i],
                   le32(im + 4 * i));
      if (o[40] != (w0 ^ w1) && bad_st++ < 6)
        swt_note(t, "strong store/load: got 0x%08x, want 0x%08x", o[40], w0 ^ w1);
      if (memcmp(img + 16 * task, im, 16) && bad_img++ < 6)
        swt_note(t, "global stores, task %u: image differs (bytes 0..15 got %08x %08x %08x %08x, "
                 "want %08x %08x %08x %08x)", task, le32(img + 16 * task), le32(img + 16 * task + 4),
                 le32(img + 16 * task + 8), le32(img + 16 * task + 12), le32(im), le32(im + 4),
                 le32(im + 8), le32(im + 12));
    }
    swt_check(t, !bad_g, "global loads lb/lbu/lh/lhu/lw, offsets 0..7 and negative: %u records x 18",
              ntasks);
    swt_check(t, !bad_img, "global stores sb/sh/sw (+ negative offset) over a background: %u images",
              ntasks);
    swt_check(t, !bad_s, "shared-memory loads, all widths and extensions: %u records x 18", ntasks);
    swt_check(t, !bad_ss, "shared-memory stores sb/sh/sw over a background: %u slots", ntasks);
    swt_check(t, !bad_st, "ww.sw.strong / ww.lw.strong round trip: %u words", ntasks);
  }
out:
  free(bytes), free(tv), free(out), free(img), free(bgimg);
}

/* ==== isa-misc =========================================================================== */
#define MISC_NRES 34
typedef struct { uint32_t out; } isa_misc_args_t;

static void misc_case(swt_t *t, const ww_kernel_t *k, uint32_t grid, uint32_t block)
{
  uint32_t threads = grid * block;
  uint32_t *out = xcalloc((size_t)threads * MISC_NRES);
  isa_misc_args_t args = { swt_fill(t, 4 * (size_t)threads * MISC_NRES, 0xDEADBEEFu) };
  ww_result_t res;
  if (!args.out || swt_run(t, "isa_misc", k, grid, block, &args, sizeof args, &res) != 0 ||
      swt_download(t, out, args.out, 4 * (size_t)threads * MISC_NRES) != 0) {
    free(out);
    return;
  }
  const uint32_t nwarp = (block + WW_LANES - 1) / WW_LANES;
  const uint32_t local_lo =
    (uint32_t)WW_GMEM_BYTES - (uint32_t)(WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES) * WW_LOCAL_BYTES;
  size_t bad_ids = 0, bad_hw = 0, bad_local = 0, bad_insn = 0, bad_vote = 0, bad_place = 0;
  uint32_t sms_used = 0;
  /* slot -> local_base, for the injectivity check */
  uint32_t nslots = WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES;
  uint32_t *slot_base = xcalloc(nslots);
  /* blocks of the first wave: cap per SM by blocks and by warps */
  uint32_t cap = WW_WARPS_PER_SM / nwarp < WW_BLOCKS_PER_SM ? WW_WARPS_PER_SM / nwarp : WW_BLOCKS_PER_SM;

#define EXPECT(cnt, cond, ...)                                                   \
  do {                                                                           \
    if (!(cond) && (cnt)++ < 4)                                                  \
      swt_note(t, __VA_ARGS__);                                                  \
  } while (0)

  for (uint32_t g = 0; g < threads; g++) {
    const uint32_t *o = out + (size_t)g * MISC_NRES;
    uint32_t b = g / block, tid = g % block, w = tid / WW_LANES, lane = tid % WW_LANES;
    uint32_t live = swt_live_mask(block, w);
    const uint32_t *o0 = out + (size_t)(b * block) * MISC_NRES;             /* thread 0 of the block */
    const uint32_t *ow = out + (size_t)(b * block + w * WW_LANES) * MISC_NRES; /* lane 0 of the warp */

    EXPECT(bad_ids, o[0] == tid && o[1] == block && o[2] == b && o[3] == grid && o[4] == lane &&
                    o[5] == w && o[6] == nwarp,
           "thread %u: tid %u ntid %u ctaid %u nctaid %u laneid %u warpid %u nwarpid %u; want "
           "%u %u %u %u %u %u %u", g, o[0], o[1], o[2], o[3], o[4], o[5], o[6], tid, block, b,
           grid, lane, w, nwarp);
    EXPECT(bad_hw, o[7] < WW_NUM_SM && o[8] == WW_NUM_SM && o[9] < WW_WARPS_PER_SM &&
                   o[10] == WW_LANES && o[7] == o0[7] && o[9] == ow[9],
           "thread %u: smid %u nsmid %u hwwid %u nlanes %u (block's smid %u, warp's hwwid %u)", g,
           o[7], o[8], o[9], o[10], o0[7], ow[9]);
    if (lane == 0 && w > 0)
      for (uint32_t w2 = 0; w2 < w; w2++)
        EXPECT(bad_hw, out[(size_t)(b * block + w2 * WW_LANES) * MISC_NRES + 9] != o[9],
               "block %u: warps %u and %u share hardware warp slot %u", b, w2, w, o[9]);
    if (o[7] < WW_NUM_SM)
      sms_used |= 1u << o[7];
    if (b < WW_NUM_SM * cap)
      EXPECT(bad_place, o[7] == b / cap,
             "block %u (first wave, %u per SM) ran on SM %u, want SM %u", b, cap, o[7], b / cap);
    EXPECT(bad_local, o[11] == o[14] && o[11] >= WW_NULL_GUARD_BYTES && o[13] == WW_LOCAL_BYTES &&
                      o[12] >= local_lo && o[12] - local_lo < nslots * WW_LOCAL_BYTES &&
                      (o[12] - local_lo) % WW_LOCAL_BYTES == 0 && o[15] > o[12] &&
                      o[15] <= o[12] + o[13] && o[15] % 16 == 0,
           "thread %u: kargs 0x%x a0 0x%x local_base 0x%x local_size %u sp 0x%x", g, o[11], o[14],
           o[12], o[13], o[15]);
    if (o[7] < WW_NUM_SM && o[9] < WW_WARPS_PER_SM && lane < WW_LANES) {
      uint32_t s = (o[7] * WW_WARPS_PER_SM + o[9]) * WW_LANES + lane;
      EXPECT(bad_local, slot_base[s] == 0 || slot_base[s] == o[12],
             "thread %u: slot (SM %u, warp %u, lane %u) has local_base 0x%x and 0x%x", g, o[7],
             o[9], lane, slot_base[s], o[12]);
      slot_base[s] = o[12];
    }
    EXPECT(bad_insn, o[16] == 0x12345000u && o[17] == 0xFFFFF000u && o[18] == 0x80000000u &&
                     o[19] == 0x12345000u - 4 && o[20] == (uint32_t)-4 && o[21] == 0 &&
                     o[22] == 8 && o[23] == 0 && o[24] == 1 && o[25] == 0 && o[26] == 1,
           "thread %u: lui %08x %08x %08x auipc %08x jal %d/%u jalr %u/%u odd %u x0 %u fence %u",
           g, o[16], o[17], o[18], o[19], (int32_t)o[20], o[21], o[22], o[23], o[24], o[25], o[26]);
    uint32_t nlive = (uint32_t)__builtin_popcount(live);
    uint32_t want_vote[7] = { live, 1, 1, nlive == 1, w == nwarp - 1,
                              live & (lane >= 2 ? ~3u : 3u), live & 0xAAAAAAAAu };
    EXPECT(bad_vote, !memcmp(o + 27, want_vote, sizeof want_vote),
           "thread %u (warp %u lane %u): ballot %x any %u all %u all(lane0) %u any(last) %u "
           "ballot-in-arm %x ballot(odd) %x; want %x %u %u %u %u %x %x", g, w, lane, o[27], o[28],
           o[29], o[30], o[31], o[32], o[33], want_vote[0], want_vote[1], want_vote[2],
           want_vote[3], want_vote[4], want_vote[5], want_vote[6]);
  }
  /* distinct slots, distinct local memory */
  for (uint32_t s = 0; s < nslots; s++)
    for (uint32_t s2 = s + 1; s2 < nslots; s2++)
      EXPECT(bad_local, !slot_base[s] || slot_base[s] != slot_base[s2],
             "hardware thread slots %u and %u share local_base 0x%x", s, s2, slot_base[s]);
#undef EXPECT

  swt_check(t, !bad_ids, "grid %u x block %u: tid ntid ctaid nctaid laneid warpid nwarpid", grid, block);
  swt_check(t, !bad_hw, "grid %u x block %u: smid nsmid hwwid nlanes consistent per block/warp",
            grid, block);
  swt_check(t, !bad_place, "grid %u x block %u: first-wave blocks fill SM 0 first (%u per SM)",
            grid, block, cap);
  if (WW_NUM_SM > 1 && grid > cap)
    swt_check(t, sms_used == (1u << WW_NUM_SM) - 1, "grid %u x block %u: every SM ran blocks (mask %x)",
              grid, block, sms_used);
  swt_check(t, !bad_local, "grid %u x block %u: kargs = a0, local memory one slot per hardware "
            "thread, sp at its top", grid, block);
  swt_check(t, !bad_insn, "lui, auipc, jal, jalr (incl. odd offset), writes to x0, fence");
  swt_check(t, !bad_vote, "grid %u x block %u: ballot/any/all over full, partial and divergent warps",
            grid, block);
  free(out), free(slot_base);
}

static void test_isa_misc(swt_t *t)
{
  const ww_kernel_t *k = swt_kernel(t, "isa_misc");
  if (!k)
    return;
  misc_case(t, k, 5, SWT_PART_BLOCK);
  ww_dev_reset_heap(t->dev);
  misc_case(t, k, 7, SWT_SMALL_BLOCK);
  ww_dev_reset_heap(t->dev);
  misc_case(t, k, 3, 1);
}

const swt_group_t swt_isa_groups[] = {
  { "isa-alu", test_isa_alu, "every RV32IM ALU op and branch, directed + random, every lane" },
  { "isa-mem", test_isa_mem, "loads/stores of every width, global and shared, strong" },
  { "isa-misc", test_isa_misc, "CSRs, start-up state, lui/auipc/jal/jalr, x0, fence, votes" },
};
const size_t swt_isa_ngroups = sizeof swt_isa_groups / sizeof swt_isa_groups[0];
