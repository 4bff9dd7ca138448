/* SPDX-License-Identifier: Apache-2.0
 *
 * test_gpu -- tests of the golden GPU model (cmodel/gpu, docs/isa.md). Loads
 * the test kernels (alu.S, mem.S, simt.S, traps.S, assembled by gpu.mk into
 * <dir>/<name>.bin, symbols in <dir>/<name>.sym) at CODE_BASE, launches them
 * and checks every result in memory against a value computed here on the
 * host: RV32IM, loads/stores, split/join, votes, barriers with shared memory,
 * L1 staleness and fences, scoped atomics and their races, CAS, strong
 * accesses, transactions (KILO TM: retries, nesting, the watchdog, the
 * concurrency limit, the L1 cleared at a commit, external outcomes of
 * co-simulation replayed against a standalone run), retire records, every
 * trap kind, step_warp, determinism per seed, and the model's speed.
 *
 *   test_gpu [DIR]          all tests (built with ASan/UBSan by gpu.mk)
 *   test_gpu --bench [DIR]  only the speed measurement; the default when
 *                           built with -DTEST_GPU_BENCH (-O2, test_gpu_bench)
 * DIR defaults to build/gpu-test.
 * Ends with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ww_config.h"
#include "ww_gpu.h"
#include "ww_isa.h"
#include "ww_rng.h"
#include "ww_tm_log.h"
#include "ww_tm_txlog.h"

#define CODE_BASE 0x10000u
#define ARGS      0xF0000u      /* kernel argument block */
#define BUF0      0x100000u     /* data buffers */
#define BUF1      0x180000u
#define BUF2      0x200000u
#define BUF3      0x280000u

static unsigned n_pass, n_fail, n_checks_failed;
static const char *cur_test = "";

#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      if (++n_checks_failed <= 40) {                                       \
        printf("  FAIL %s (%s:%d): ", cur_test, __FILE__, __LINE__);       \
        printf(__VA_ARGS__);                                               \
        printf("\n");                                                      \
      }                                                                    \
      ok = 0;                                                              \
    }                                                                      \
  } while (0)

static void report(const char *name, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void report(const char *name, int ok, const char *fmt, ...)
{
  char buf[256] = "";
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  printf("%s %-28s %s\n", ok ? "PASS" : "FAIL", name, buf);
  if (ok)
    n_pass++;
  else
    n_fail++;
}

/* ---- programs ---------------------------------------------------------------- */
typedef struct {
  char name[128];
  uint32_t addr;
} sym_t;

typedef struct {
  const char *name;
  uint8_t *bin;
  size_t n;
  sym_t syms[256];
  int nsyms;
} prog_t;

static prog_t P_alu = { .name = "alu" }, P_mem = { .name = "mem" }, P_simt = { .name = "simt" },
              P_traps = { .name = "traps" };

static void load_prog(const char *dir, prog_t *p)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.bin", dir, p->name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    printf("cannot open %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  p->bin = malloc((size_t)n);
  if (!p->bin || fread(p->bin, 1, (size_t)n, f) != (size_t)n) {
    printf("cannot read %s\n", path);
    exit(2);
  }
  p->n = (size_t)n;
  fclose(f);
  snprintf(path, sizeof path, "%s/%s.sym", dir, p->name);
  f = fopen(path, "r");
  if (!f) {
    printf("cannot open %s\n", path);
    exit(2);
  }
  char line[256];
  while (fgets(line, sizeof line, f) && p->nsyms < 256) {
    unsigned addr;
    char type, name[128];
    if (sscanf(line, "%x %c %127s", &addr, &type, name) == 3 && (type == 'T' || type == 't') &&
        name[0] != '.') {
      snprintf(p->syms[p->nsyms].name, sizeof p->syms[0].name, "%s", name);
      p->syms[p->nsyms++].addr = addr;
    }
  }
  fclose(f);
}

static uint32_t sym(const prog_t *p, const char *name)
{
  for (int i = 0; i < p->nsyms; i++)
    if (!strcmp(p->syms[i].name, name))
      return p->syms[i].addr;
  printf("symbol %s missing in %s\n", name, p->name);
  exit(2);
}

static uint32_t prog_word(const prog_t *p, uint32_t pc)
{
  uint32_t off = pc - CODE_BASE, w = 0;
  if (off + 4 <= p->n)
    memcpy(&w, p->bin + off, 4);
  return w;
}

/* ---- GPU helpers ------------------------------------------------------------------ */
static ww_gpu_t *new_gpu(const ww_gpu_cfg_t *c)
{
  char err[256];
  ww_gpu_t *g = ww_gpu_new(c, err, sizeof err);
  if (!g) {
    printf("ww_gpu_new: %s\n", err);
    exit(2);
  }
  return g;
}

static ww_gpu_t *mk_gpu(uint64_t seed, uint64_t max_steps)
{
  ww_gpu_cfg_t c = ww_gpu_default_cfg();
  c.seed = seed;
  c.max_steps = max_steps;
  return new_gpu(&c);
}

static void put(ww_gpu_t *g, uint32_t addr, const void *src, size_t n)
{
  if (ww_gpu_write(g, addr, src, n)) {
    printf("ww_gpu_write 0x%08x +%zu failed\n", addr, n);
    exit(2);
  }
}

static void get(ww_gpu_t *g, uint32_t addr, void *dst, size_t n)
{
  if (ww_gpu_read(g, addr, dst, n)) {
    printf("ww_gpu_read 0x%08x +%zu failed\n", addr, n);
    exit(2);
  }
}

static uint32_t get32(ww_gpu_t *g, uint32_t addr)
{
  uint32_t v;
  get(g, addr, &v, 4);
  return v;
}

static uint32_t get32pick(const uint8_t *mem, uint32_t addr)
{
  return (uint32_t)mem[addr] | (uint32_t)mem[addr + 1] << 8 | (uint32_t)mem[addr + 2] << 16 |
         (uint32_t)mem[addr + 3] << 24;
}

static void fill(ww_gpu_t *g, uint32_t addr, uint8_t byte, size_t n)
{
  static uint8_t buf[1 << 16];
  memset(buf, byte, sizeof buf);
  while (n) {
    size_t k = n < sizeof buf ? n : sizeof buf;
    put(g, addr, buf, k);
    addr += (uint32_t)k;
    n -= k;
  }
}

/* Loads p, writes args, launches entry; returns the run result. */
static ww_run_t run_kernel(ww_gpu_t *g, const prog_t *p, const char *entry, uint32_t grid,
                           uint32_t block, const uint32_t *args, unsigned nargs)
{
  put(g, CODE_BASE, p->bin, p->n);
  if (nargs)
    put(g, ARGS, args, nargs * 4u);
  ww_launch_t l = { .entry_pc = sym(p, entry), .grid = grid, .block = block, .kargs = ARGS };
  char err[256];
  if (ww_gpu_launch(g, &l, err, sizeof err)) {
    printf("launch %s: %s\n", entry, err);
    exit(2);
  }
  return ww_gpu_run(g);
}

static int expect_done(ww_gpu_t *g, ww_run_t r, const char *what)
{
  if (r == WW_RUN_DONE)
    return 1;
  const ww_trap_t *t = ww_gpu_trap(g);
  printf("  %s: did not complete: %s at pc 0x%08x sm %u warp %u: %s\n", what, ww_trap_name(t->kind),
         t->pc, t->sm, t->warp, t->detail);
  return 0;
}

/* ---- host reference ----------------------------------------------------------------- */
static uint32_t ref_sra(uint32_t a, unsigned s)
{
  int64_t v = (int32_t)a;
  return (uint32_t)(v >> s);   /* gcc: arithmetic; the model uses its own code */
}

static uint32_t ref_alu(unsigned k, uint32_t a, uint32_t b, uint32_t auipc_pc)
{
  int32_t sa = (int32_t)a, sb = (int32_t)b;
  switch (k) {
  case 0: return a + b;
  case 1: return a - b;
  case 2: return a << (b & 31);
  case 3: return sa < sb;
  case 4: return a < b;
  case 5: return a ^ b;
  case 6: return a >> (b & 31);
  case 7: return ref_sra(a, b & 31);
  case 8: return a | b;
  case 9: return a & b;
  case 10: return (uint32_t)((int64_t)sa * sb);
  case 11: return (uint32_t)(((int64_t)sa * sb) >> 32);
  case 12: return (uint32_t)(((int64_t)sa * (int64_t)(uint64_t)b) >> 32);
  case 13: return (uint32_t)(((uint64_t)a * b) >> 32);
  case 14: return b == 0 ? 0xFFFFFFFFu : (a == 0x80000000u && sb == -1) ? a : (uint32_t)(sa / sb);
  case 15: return b == 0 ? 0xFFFFFFFFu : a / b;
  case 16: return b == 0 ? a : (a == 0x80000000u && sb == -1) ? 0 : (uint32_t)(sa % sb);
  case 17: return b == 0 ? a : a % b;
  case 18: return a - 5;
  case 19: return sa < 7;
  case 20: return a < 0xFFFFFFFFu;
  case 21: return a ^ 0x555;
  case 22: return a | 0xFFFFFF00u;
  case 23: return a & 0x7F0;
  case 24: return a << 3;
  case 25: return a >> 7;
  case 26: return ref_sra(a, 13);
  case 27: return a - 2048;
  case 28: return 0x12345000u + b;
  case 29: return auipc_pc + 0x1000;
  case 30: return sa < -2048;
  case 31: return a < 2047;
  }
  return 0;
}

static uint64_t rng_state = 0x1234567;
static uint32_t rnd(void)
{
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng_state >> 32);
}

/* ---- tests ---------------------------------------------------------------------------- */

static void test_config(void)
{
  int ok = 1;
  cur_test = "config";
  char err[256];
  ww_gpu_cfg_t c = ww_gpu_default_cfg();
  CHECK(c.num_sm == WW_NUM_SM && c.lanes == WW_LANES && c.warps_per_sm == WW_WARPS_PER_SM &&
        c.gmem_bytes == WW_GMEM_BYTES && c.seed == 0 && c.max_steps == 0, "default cfg");
  static const struct { const char *what; unsigned field; uint32_t val; } bad[] = {
    { "lanes 33", 0, 33 }, { "num_sm 0", 1, 0 }, { "num_sm 17", 1, 17 }, { "warps 33", 2, 33 },
    { "line 24", 3, 24 }, { "sets 3", 4, 3 }, { "blocks 0", 5, 0 }, { "gmem in shared", 6, 0x80000000u },
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ww_gpu_cfg_t b = ww_gpu_default_cfg();
    switch (bad[i].field) {
    case 0: b.lanes = bad[i].val; break;
    case 1: b.num_sm = bad[i].val; break;
    case 2: b.warps_per_sm = bad[i].val; break;
    case 3: b.line_bytes = bad[i].val; break;
    case 4: b.l1_sets = bad[i].val; break;
    case 5: b.blocks_per_sm = bad[i].val; break;
    case 6: b.gmem_bytes = bad[i].val; break;
    }
    err[0] = 0;
    ww_gpu_t *g = ww_gpu_new(&b, err, sizeof err);
    CHECK(!g && err[0], "config %s accepted", bad[i].what);
    ww_gpu_free(g);
  }
  ww_gpu_t *g = mk_gpu(0, 0);
  CHECK(ww_gpu_cfg(g)->lanes == WW_LANES, "ww_gpu_cfg");
  put(g, CODE_BASE, P_alu.bin, P_alu.n);
  ww_launch_t l = { .entry_pc = sym(&P_alu, "alu"), .grid = 1, .block = 0, .kargs = ARGS };
  err[0] = 0;
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == -1 && strstr(err, "block"), "block 0: %s", err);
  l.block = WW_WARPS_PER_SM * WW_LANES + 1;
  err[0] = 0;
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == -1 && strstr(err, "block"), "block too big: %s", err);
  l.block = 8;
  l.grid = 0;
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == -1, "grid 0");
  l.grid = 1;
  l.entry_pc = 0x100;
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == -1, "entry in null guard");
  l.entry_pc = sym(&P_alu, "alu") + 2;
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == -1, "misaligned entry");
  uint8_t b4[4] = { 1, 2, 3, 4 };
  CHECK(ww_gpu_write(g, WW_GMEM_BYTES - 2, b4, 4) == -1, "write past the end");
  CHECK(ww_gpu_read(g, WW_GMEM_BYTES - 4, b4, 4) == 0, "read last word");
  CHECK(ww_gpu_read(g, 0xFFFFFFFFu, b4, 4) == -1, "read wraps");
  CHECK(ww_gpu_step(g) == WW_RUN_DONE, "step without a launch");
  ww_gpu_free(g);
  ww_gpu_free(NULL);
  report("config-and-launch-checks", ok, "bad configs and launches refused");
}

static int run_alu(uint64_t seed, uint32_t *thread_insns)
{
  int ok = 1;
  enum { GRID = 4, BLOCK = 32, N = GRID * BLOCK, NOPS = 32 };
  static uint32_t in[2 * N], out[NOPS * N];
  static const uint32_t special[][2] = {
    { 0, 0 }, { 1, 0 }, { 0x80000000u, 0xFFFFFFFFu }, { 0x80000000u, 1 }, { 0xFFFFFFFFu, 0xFFFFFFFFu },
    { 5, 0xFFFFFFFDu }, { 0xFFFFFFF9u, 2 }, { 0x7FFFFFFFu, 0x7FFFFFFFu }, { 0x80000000u, 0x80000000u },
    { 0x12345678u, 33 }, { 0xF0000000u, 31 }, { 0xF0000000u, 4 }, { 0xFFFFFFFFu, 0 },
    { 0x80000000u, 0 }, { 7, 0xFFFFFFFFu }, { 0xFFFFF800u, 0x7FFu }, { 6, 7 }, { 0xFFFFFFFFu, 1 },
  };
  rng_state = 42;
  for (unsigned i = 0; i < N; i++) {
    if (i < sizeof special / sizeof special[0]) {
      in[2 * i] = special[i][0];
      in[2 * i + 1] = special[i][1];
    } else {
      in[2 * i] = rnd() >> (rnd() & 31);
      in[2 * i + 1] = (i & 3) == 0 ? rnd() & 7 : rnd() >> (rnd() & 31);
      if (i & 1)
        in[2 * i] = (uint32_t)-(int32_t)in[2 * i];
    }
  }
  ww_gpu_t *g = mk_gpu(seed, 0);
  put(g, BUF0, in, sizeof in);
  fill(g, BUF1, 0xEE, sizeof out);
  uint32_t args[] = { BUF0, BUF1 };
  ok &= expect_done(g, run_kernel(g, &P_alu, "alu", GRID, BLOCK, args, 2), "alu");
  get(g, BUF1, out, sizeof out);
  uint32_t auipc = sym(&P_alu, "alu_auipc");
  for (unsigned t = 0; t < N; t++)
    for (unsigned k = 0; k < NOPS; k++) {
      uint32_t e = ref_alu(k, in[2 * t], in[2 * t + 1], auipc);
      CHECK(out[NOPS * t + k] == e, "thread %u op %u (a=0x%08x b=0x%08x): got 0x%08x want 0x%08x",
            t, k, in[2 * t], in[2 * t + 1], out[NOPS * t + k], e);
    }
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.blocks_done == GRID, "blocks_done %" PRIu64, st.blocks_done);
  CHECK(st.thread_insns == st.warp_insns * 8, "all warps full");
  if (thread_insns)
    *thread_insns = (uint32_t)st.thread_insns;
  ww_gpu_free(g);
  return ok;
}

static void test_alu(void)
{
  cur_test = "alu";
  uint32_t ti = 0;
  int ok = run_alu(0, &ti);
  report("rv32im-alu-all-lanes", ok, "32 ops x 128 threads incl. div by 0, INT_MIN/-1 (%u thread insns)", ti);
}

static void test_branches(void)
{
  int ok = 1;
  cur_test = "branches";
  static const int32_t pairs[][2] = {
    { 0, 0 }, { 1, 2 }, { 2, 1 }, { -1, 1 }, { 1, -1 }, { -5, -5 }, { INT32_MIN, INT32_MAX }, { INT32_MAX, INT32_MIN },
  };
  enum { NP = sizeof pairs / sizeof pairs[0] };
  ww_gpu_t *g = mk_gpu(0, 0);
  put(g, BUF0, pairs, sizeof pairs);
  uint32_t args[] = { NP, BUF0, BUF1 };
  ok &= expect_done(g, run_kernel(g, &P_alu, "branches", 1, 8, args, 3), "branches");
  for (unsigned i = 0; i < NP; i++) {
    int32_t a = pairs[i][0], b = pairs[i][1];
    uint32_t e = (a == b) | (a != b) << 1 | (a < b) << 2 | (a >= b) << 3 |
                 ((uint32_t)a < (uint32_t)b) << 4 | ((uint32_t)a >= (uint32_t)b) << 5;
    uint32_t got = get32(g, BUF1 + 4 * i);
    CHECK(got == e, "pair %d,%d: taken 0x%x want 0x%x", a, b, got, e);
  }
  CHECK(get32(g, BUF1 + 4 * NP) == sym(&P_alu, "br_jal") + 4, "jal link");
  CHECK(get32(g, BUF1 + 4 * NP + 4) == sym(&P_alu, "br_jalr") + 4, "jalr link");
  CHECK(get32(g, BUF1 + 4 * NP + 8) == sym(&P_alu, "br_jalr2") + 4, "jalr rd == rs1 link");
  ww_gpu_free(g);
  report("branches-jumps", ok, "6 branch kinds x %d uniform pairs, jal/jalr links", NP);
}

static void test_csrs(void)
{
  int ok = 1;
  cur_test = "csrs";
  enum { GRID = 4, BLOCK = 12 };
  ww_gpu_t *g = mk_gpu(0, 0);
  fill(g, BUF0, 0, GRID * BLOCK * 64);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_alu, "csrs", GRID, BLOCK, args, 1), "csrs");
  const ww_gpu_cfg_t *c = ww_gpu_cfg(g);
  uint32_t local0 = c->gmem_bytes - c->num_sm * c->warps_per_sm * c->lanes * c->local_bytes;
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t gt = b * BLOCK + t, v[16];
      get(g, BUF0 + 64 * gt, v, sizeof v);
      /* 2 warps per block, 2 blocks per SM: blocks 0,1 on SM0, 2,3 on SM1 */
      uint32_t sm = b / 2, hw = (b % 2) * 2 + t / 8, lane = t % 8;
      uint32_t e[15] = { t, BLOCK, b, GRID, lane, t / 8, 2, sm, c->num_sm, hw, c->lanes, ARGS,
                         local0 + ((sm * c->warps_per_sm + hw) * c->lanes + lane) * c->local_bytes,
                         c->local_bytes, gt + 77 };
      for (unsigned k = 0; k < 15; k++)
        CHECK(v[k] == e[k], "block %u thread %u csr #%u: got 0x%x want 0x%x", b, t, k, v[k], e[k]);
    }
  ww_gpu_free(g);
  report("simt-csrs-placement", ok, "14 CSRs, block placement, partial warps, local stack");
}

/* Co-simulation placement: the CSRs follow where the outside distributor
 * put each block; out-of-order, full-SM and out-of-grid placements are refused. */
static void test_manual_placement(void)
{
  int ok = 1;
  cur_test = "manual-placement";
  enum { GRID = 4, BLOCK = 12 };
  ww_gpu_t *g = mk_gpu(0, 0);
  char err[256];
  fill(g, BUF0, 0, GRID * BLOCK * 64);
  uint32_t args[] = { BUF0 };
  put(g, CODE_BASE, P_alu.bin, P_alu.n);
  put(g, ARGS, args, sizeof args);
  ww_launch_t l = { .entry_pc = sym(&P_alu, "csrs"), .grid = GRID, .block = BLOCK, .kargs = ARGS };
  CHECK(ww_gpu_place_block(g, 0, 0, err, sizeof err) == -1 && strstr(err, "off"), "off: %s", err);
  ww_gpu_set_manual_placement(g, 1);
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch: %s", err);
  CHECK(ww_gpu_place_block(g, 1, 1, err, sizeof err) == -1 && strstr(err, "order"), "order: %s", err);
  CHECK(ww_gpu_place_block(g, 0, 7, err, sizeof err) == -1 && strstr(err, "no SM"), "sm: %s", err);
  /* blocks 0 and 1 on SM 1, blocks 2 and 3 on SM 0: the reverse of the automatic order */
  CHECK(ww_gpu_place_block(g, 0, 1, err, sizeof err) == 0, "place 0: %s", err);
  CHECK(ww_gpu_place_block(g, 1, 1, err, sizeof err) == 0, "place 1: %s", err);
  CHECK(ww_gpu_place_block(g, 2, 1, err, sizeof err) == -1 && strstr(err, "room"), "full: %s", err);
  CHECK(ww_gpu_place_block(g, 2, 0, err, sizeof err) == 0, "place 2: %s", err);
  CHECK(ww_gpu_place_block(g, 3, 0, err, sizeof err) == 0, "place 3: %s", err);
  CHECK(ww_gpu_place_block(g, 4, 0, err, sizeof err) == -1 && strstr(err, "outside"), "grid: %s", err);
  ok &= expect_done(g, ww_gpu_run(g), "manual placement");
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t v[16];
      get(g, BUF0 + 64 * (b * BLOCK + t), v, sizeof v);
      uint32_t sm = b < 2 ? 1 : 0, hw = (b % 2) * 2 + t / 8;
      CHECK(v[2] == b && v[7] == sm && v[9] == hw, "block %u thread %u: ctaid %u smid %u hwwid %u, "
            "want %u %u %u", b, t, v[2], v[7], v[9], b, sm, hw);
    }
  ww_gpu_free(g);
  report("manual-placement", ok, "co-simulation block placement and its refusals");
}

static void test_ldst(void)
{
  int ok = 1;
  cur_test = "ldst";
  enum { GRID = 2, BLOCK = 32, N = GRID * BLOCK };
  uint8_t src[4 * N], dst[2048];
  for (unsigned i = 0; i < sizeof src; i++)
    src[i] = (uint8_t)(i * 37 + 0x71);
  ww_gpu_t *g = mk_gpu(0, 0);
  put(g, BUF0, src, sizeof src);
  fill(g, BUF2, 0xAA, sizeof dst);
  uint32_t args[] = { BUF0, BUF1, BUF2 };
  ok &= expect_done(g, run_kernel(g, &P_mem, "ldst", GRID, BLOCK, args, 3), "ldst");
  get(g, BUF2, dst, sizeof dst);
  for (uint32_t t = 0; t < N; t++) {
    uint32_t o[5];
    get(g, BUF1 + 20 * t, o, sizeof o);
    uint32_t h = (uint32_t)src[2 * t] | (uint32_t)src[2 * t + 1] << 8;
    uint32_t w;
    memcpy(&w, src + 4 * t, 4);
    CHECK(o[0] == (uint32_t)(int32_t)(int8_t)src[t], "lb thread %u: 0x%08x", t, o[0]);
    CHECK(o[1] == src[t], "lbu thread %u: 0x%08x", t, o[1]);
    CHECK(o[2] == (uint32_t)(int32_t)(int16_t)h, "lh thread %u: 0x%08x", t, o[2]);
    CHECK(o[3] == h, "lhu thread %u: 0x%08x", t, o[3]);
    CHECK(o[4] == w, "lw thread %u: 0x%08x", t, o[4]);
    uint32_t v = t * 0x01030507u + 0x80;
    CHECK(dst[2 * t] == (uint8_t)v && dst[2 * t + 1] == 0xAA, "sb thread %u", t);
    uint16_t hv;
    memcpy(&hv, dst + 512 + 4 * t, 2);
    CHECK(hv == (uint16_t)v && dst[512 + 4 * t + 2] == 0xAA && dst[512 + 4 * t + 3] == 0xAA, "sh thread %u", t);
    uint32_t wv;
    memcpy(&wv, dst + 1024 + 4 * t, 4);
    CHECK(wv == v, "sw thread %u: 0x%08x want 0x%08x", t, wv, v);
  }
  ww_gpu_free(g);
  report("loads-stores-all-widths", ok, "lb lbu lh lhu lw sb sh sw, sign extension, neighbours intact");
}

/* Mask of lanes of warp w (block of `block` threads) that exist. */
static uint32_t live_mask(uint32_t block, uint32_t w)
{
  uint32_t n = block - w * 8 < 8 ? block - w * 8 : 8;
  return (1u << n) - 1;
}

static void test_ifelse(uint64_t seed)
{
  int ok = 1;
  cur_test = "ifelse";
  enum { GRID = 3, BLOCK = 20 };
  ww_gpu_t *g = mk_gpu(seed, 0);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_simt, "ifelse", GRID, BLOCK, args, 1), "ifelse");
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t o[4], live = live_mask(BLOCK, t / 8), lane = t % 8;
      get(g, BUF0 + 16 * (b * BLOCK + t), o, sizeof o);
      uint32_t r = (t & 1) ? 3 * t : t + 100;
      uint32_t br = live & ((lane & 1) ? 0xAAu : 0x55u);
      CHECK(o[0] == r && o[1] == br && o[2] == live && o[3] == r + 1,
            "block %u thread %u: %u 0x%x 0x%x %u, want %u 0x%x 0x%x %u", b, t, o[0], o[1], o[2],
            o[3], r, br, live, r + 1);
    }
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.divergent_splits == GRID * 3, "divergent splits %" PRIu64, st.divergent_splits);
  ww_gpu_free(g);
  if (!seed)
    report("divergent-if-else", ok, "per-lane results, branch masks, reconverged mask");
  else
    report("divergent-if-else/seed", ok, "seed %" PRIu64, seed);
}

static void test_nested(void)
{
  int ok = 1;
  cur_test = "nested";
  enum { GRID = 2, BLOCK = 30 };
  ww_gpu_t *g = mk_gpu(0, 0);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_simt, "nested", GRID, BLOCK, args, 1), "nested");
  uint64_t splits = 0;
  for (uint32_t w = 0; w * 8 < BLOCK; w++) {
    uint32_t live = live_mask(BLOCK, w), odd = 0, m2 = 0, m4 = 0;
    for (uint32_t l = 0; l < 8; l++) {
      uint32_t t = w * 8 + l;
      odd |= (t & 1) << l;
      m2 |= ((t >> 1) & 1) << l;
      m4 |= ((t >> 2) & 1) << l;
    }
    odd &= live; m2 &= live; m4 &= live;
    uint32_t ev = live & ~odd;
    splits += (odd && ev) + ((odd & m2) && (odd & ~m2)) + ((ev & m4) && (ev & ~m4));
  }
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t o[4], w = t / 8, live = live_mask(BLOCK, w), leaf, leafm = 0, outm = 0;
      get(g, BUF0 + 16 * (b * BLOCK + t), o, sizeof o);
      leaf = (t & 1) ? ((t & 2) ? 1 : 2) : ((t & 4) ? 3 : 4);
      for (uint32_t l = 0; l < 8; l++) {
        uint32_t u = w * 8 + l;
        if (!(live >> l & 1))
          continue;
        uint32_t lu = (u & 1) ? ((u & 2) ? 1 : 2) : ((u & 4) ? 3 : 4);
        leafm |= (uint32_t)(lu == leaf) << l;
        outm |= (uint32_t)((u & 1) == (t & 1)) << l;
      }
      CHECK(o[0] == leaf + 10 && o[1] == leafm && o[2] == outm && o[3] == live,
            "block %u thread %u: %u 0x%x 0x%x 0x%x want %u 0x%x 0x%x 0x%x", b, t, o[0], o[1],
            o[2], o[3], leaf + 10, leafm, outm, live);
    }
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.divergent_splits == GRID * splits, "divergent splits %" PRIu64 " want %" PRIu64,
        st.divergent_splits, GRID * splits);
  ww_gpu_free(g);
  report("nested-split-join", ok, "2 levels, leaf masks; uniform splits do not diverge");
}

static void test_votes(void)
{
  int ok = 1;
  cur_test = "votes";
  enum { GRID = 2, BLOCK = 29 };
  ww_gpu_t *g = mk_gpu(0, 0);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_simt, "votes", GRID, BLOCK, args, 1), "votes");
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t o[8], w = t / 8, live = live_mask(BLOCK, w), c = 0, odd = 0;
      get(g, BUF0 + 32 * (b * BLOCK + t), o, sizeof o);
      for (uint32_t l = 0; l < 8; l++) {
        uint32_t u = w * 8 + l;
        if (live >> l & 1) {
          c |= (uint32_t)((u * 7) % 5 < 2) << l;
          odd |= (u & 1) << l;
        }
      }
      uint32_t e[8] = { c != 0, c == live, c, 1, 0, 0, 0, 0 };
      if (t & 1) {
        e[5] = c & odd;
        e[6] = (c & odd) != 0;
        e[7] = (c & odd) == odd;
      }
      for (unsigned k = 0; k < 8; k++)
        CHECK(o[k] == e[k], "block %u thread %u vote #%u: 0x%x want 0x%x", b, t, k, o[k], e[k]);
    }
  ww_gpu_free(g);
  report("votes-any-all-ballot", ok, "converged, partial warp and inside a divergent branch");
}

static void test_divloop(uint64_t seed)
{
  int ok = 1;
  cur_test = "divloop";
  enum { GRID = 5, BLOCK = 27 };
  ww_gpu_t *g = mk_gpu(seed, 0);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_simt, "divloop", GRID, BLOCK, args, 1), "divloop");
  for (uint32_t b = 0; b < GRID; b++)
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t o[2], n = t % 5 + 1, acc = 0, trips = 0, w = t / 8, live = live_mask(BLOCK, w);
      for (uint32_t i = 0; i < n; i++)
        acc += i * i;
      for (uint32_t l = 0; l < 8; l++)
        if (live >> l & 1 && (w * 8 + l) % 5 + 1 > trips)
          trips = (w * 8 + l) % 5 + 1;
      get(g, BUF0 + 8 * (b * BLOCK + t), o, sizeof o);
      CHECK(o[0] == acc && o[1] == trips, "block %u thread %u: acc %u trips %u want %u %u", b, t,
            o[0], o[1], acc, trips);
    }
  ww_gpu_free(g);
  if (!seed)
    report("divergent-loop", ok, "vote.any loop with split/join body");
  else
    report("divergent-loop/seed", ok, "seed %" PRIu64, seed);
}

static void test_barrier(uint64_t seed, uint32_t block, uint32_t grid)
{
  int ok = 1;
  cur_test = "barrier";
  ww_gpu_t *g = mk_gpu(seed, 0);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_simt, "barrier", grid, block, args, 1), "barrier");
  for (uint32_t b = 0; b < grid; b++)
    for (uint32_t t = 0; t < block; t++) {
      uint32_t u = block - 1 - t;                     /* sh2[u] = 2 * sh[(u + 8) % block] */
      uint32_t e = 2 * (7 * (b * block + (u + 8) % block) + 1);
      uint32_t got = get32(g, BUF0 + 4 * (b * block + t));
      CHECK(got == e, "block %u thread %u: %u want %u", b, t, got, e);
    }
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.barriers == 3ull * grid, "barriers %" PRIu64 " want %u", st.barriers, 3 * grid);
  ww_gpu_free(g);
  char name[64];
  snprintf(name, sizeof name, "barrier-shared%s", seed ? "/seed" : "");
  report(name, ok, "%u blocks x %u threads exchange through shared memory, seed %" PRIu64, grid,
         block, seed);
}

static void test_stale(uint64_t seed)
{
  int ok = 1;
  cur_test = "stale";
  ww_gpu_t *g = mk_gpu(seed, 2000000);
  uint32_t X = BUF0, FA = BUF0 + 0x100, FB = BUF0 + 0x200, OUT = BUF0 + 0x300,
           FC = BUF0 + 0x400, FD = BUF0 + 0x500;
  fill(g, BUF0, 0, 0x600);
  uint32_t x0 = 111;
  put(g, X, &x0, 4);
  uint32_t args[] = { X, FA, FB, OUT, FC, FD };
  /* blocks of 32 threads fill an SM: block 0 runs on SM0, block 1 on SM1 */
  ok &= expect_done(g, run_kernel(g, &P_mem, "stale", 2, 32, args, 6), "stale");
  static const uint32_t e[8] = { 111, 111, 222, 111, 111, 222, 222, 333 };
  static const char *const what[8] = {
    "first load", "load after the other SM's store (stale hit)", "strong load",
    "load after strong load", "load after ww.fence.blk", "load after ww.fence.dev",
    "load after second store (stale)", "load after fence",
  };
  for (unsigned k = 0; k < 8; k++) {
    uint32_t got = get32(g, OUT + 4 * k);
    CHECK(got == e[k], "%s: %u want %u", what[k], got, e[k]);
  }
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.l1_hits > 0 && st.l1_misses > 0, "L1 hits %" PRIu64 " misses %" PRIu64, st.l1_hits, st.l1_misses);
  ww_gpu_free(g);
  if (!seed)
    report("l1-staleness-fences-strong", ok, "SM1 reads stale 111 until ww.fence.dev; strong load sees 222");
  else
    report("l1-staleness/seed", ok, "seed %" PRIu64, seed);
}

static void test_races(void)
{
  int ok = 1;
  cur_test = "races";
  enum { ITERS = 50, GRID = 2, BLOCK = 32 };
  uint32_t exact = GRID * BLOCK * ITERS, tot[2];
  for (int dev = 0; dev < 2; dev++) {
    ww_gpu_t *g = mk_gpu(0, 0);
    fill(g, BUF0, 0, 64);
    uint32_t args[] = { BUF0, ITERS };
    ok &= expect_done(g, run_kernel(g, &P_mem, dev ? "race_dev" : "race_blk", GRID, BLOCK, args, 2),
                      "race");
    tot[dev] = get32(g, BUF0);
    ww_gpu_free(g);
  }
  CHECK(tot[0] < exact && tot[0] >= exact / 2, "block scope total %u (exact %u)", tot[0], exact);
  CHECK(tot[1] == exact, "device scope total %u want %u", tot[1], exact);
  report("scoped-atomic-race", ok, "2 SMs: .blk total %u < exact %u, .dev total %u", tot[0], exact, tot[1]);
}

static uint32_t ref_amo(unsigned op, uint32_t old, uint32_t b)
{
  switch (op) {
  case 0: return old + b;
  case 1: return b;
  case 2: return (int32_t)old < (int32_t)b ? old : b;
  case 3: return (int32_t)old > (int32_t)b ? old : b;
  case 4: return old < b ? old : b;
  case 5: return old > b ? old : b;
  case 6: return old & b;
  case 7: return old | b;
  default: return old ^ b;
  }
}

static void test_amos(void)
{
  int ok = 1;
  cur_test = "amos";
  enum { GRID = 3, BLOCK = 20, N = GRID * BLOCK, NW = GRID * 3 };
  uint32_t in[N], mem[18 * NW], emem[18 * NW], old[18 * N];
  rng_state = 7;
  for (unsigned i = 0; i < N; i++)
    in[i] = (i % 3 == 0) ? (uint32_t)-(int32_t)(rnd() & 0xFFFF) : rnd();
  for (unsigned i = 0; i < 18 * NW; i++)
    mem[i] = emem[i] = (i % 4 == 1) ? 0x80000000u + i : rnd() >> (i & 7);
  ww_gpu_t *g = mk_gpu(0, 0);
  put(g, BUF0, in, sizeof in);
  put(g, BUF1, mem, sizeof mem);
  uint32_t args[] = { BUF0, BUF1, BUF2, BUF3 };
  ok &= expect_done(g, run_kernel(g, &P_mem, "amos", GRID, BLOCK, args, 4), "amos");
  get(g, BUF1, mem, sizeof mem);
  get(g, BUF2, old, sizeof old);
  for (uint32_t b = 0; b < GRID; b++) {
    uint32_t sh[9];
    for (unsigned k = 0; k < 9; k++)
      sh[k] = 0x5a5a5a5a;
    for (uint32_t t = 0; t < BLOCK; t++) {
      uint32_t gt = b * BLOCK + t, w = b * 3 + t / 8;
      for (unsigned k = 0; k < 18; k++) {
        uint32_t o = emem[18 * w + k];
        CHECK(old[18 * gt + k] == o, "thread %u op %u old 0x%08x want 0x%08x", gt, k, old[18 * gt + k], o);
        emem[18 * w + k] = ref_amo(k % 9, o, in[gt]);
      }
      if (t < 8)
        for (unsigned k = 0; k < 9; k++)
          sh[k] = ref_amo(k, sh[k], in[gt]);
    }
    for (unsigned k = 0; k < 9; k++) {
      uint32_t got = get32(g, BUF3 + 36 * b + 4 * k);
      CHECK(got == sh[k], "block %u shared op %u: 0x%08x want 0x%08x", b, k, got, sh[k]);
    }
  }
  for (unsigned i = 0; i < 18 * NW; i++)
    CHECK(mem[i] == emem[i], "word %u: 0x%08x want 0x%08x", i, mem[i], emem[i]);
  ww_gpu_free(g);
  report("atomics-all-ops", ok, "9 ops x {blk, dev, shared}, lane order, old values");
}

static void test_cas(uint64_t seed)
{
  int ok = 1;
  cur_test = "cas";
  enum { GRID = 2, BLOCK = 20, N = GRID * BLOCK, ITERS = 5 };
  ww_gpu_t *g = mk_gpu(seed, 0);
  fill(g, BUF0, 0, 64);
  uint32_t args[] = { BUF0, BUF1 };
  ok &= expect_done(g, run_kernel(g, &P_mem, "cas_lane", GRID, BLOCK, args, 2), "cas_lane");
  for (uint32_t t = 0; t < N; t++) {
    uint32_t b = t / BLOCK, w = b * 3 + (t % BLOCK) / 8, first = b * BLOCK + (t % BLOCK) / 8 * 8;
    uint32_t got = get32(g, BUF1 + 4 * t), e = t == first ? 0 : first + 1;
    CHECK(got == e, "thread %u old %u want %u", t, got, e);
    if (t == first)
      CHECK(get32(g, BUF0 + 4 * w) == first + 1, "warp %u word", w);
  }
  fill(g, BUF2, 0, 64);
  uint32_t args2[] = { BUF2, ITERS };
  ok &= expect_done(g, run_kernel(g, &P_mem, "cas_count", 4, 32, args2, 2), "cas_count");
  uint32_t tot = get32(g, BUF2);
  CHECK(tot == 4 * 32 * ITERS, "cas counter %u want %u", tot, 4 * 32 * ITERS);
  ww_gpu_free(g);
  if (!seed)
    report("cas", ok, "lane order within a warp; cas.dev retry loop counts exactly %u", tot);
  else
    report("cas/seed", ok, "seed %" PRIu64 ": counter %u", seed, tot);
}

/* ---- transactions (KILO TM, docs/tm.md) ---- */
_Static_assert(WW_TX_LOG_WORDS < 1000, "traps.S t_txfull must overflow the read log");
static void test_tm(uint64_t seed)
{
  int ok = 1;
  cur_test = "tm";
  enum { GRID = 2, BLOCK = 20, N = GRID * BLOCK, ITERS = 5 };
  ww_gpu_t *g = mk_gpu(seed, 0);
  fill(g, BUF0, 0, 64);
  fill(g, BUF1, 0, 64);
  uint32_t args[] = { BUF0, ITERS, BUF1 };
  ok &= expect_done(g, run_kernel(g, &P_mem, "tx_count", GRID, BLOCK, args, 3), "tx_count");
  uint32_t tot = get32(g, BUF0);
  CHECK(tot == N * ITERS, "counter %u want %u", tot, N * ITERS);
  for (uint32_t t = 0; t < N; t++) {
    uint32_t b = get32(g, BUF1 + (t & ~3u)) >> (8 * (t & 3)) & 0xFF;
    CHECK(b == ITERS, "thread %u byte %u want %u", t, b, ITERS);
  }
  CHECK(get32(g, BUF1 + N) == 0, "byte past the last thread written");
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.tx_commits == N * ITERS, "%" PRIu64 " commits want %u", st.tx_commits, N * ITERS);
  CHECK(st.tx_aborts > 0, "no aborts: lanes of a warp conflict on the counter");
  ww_gpu_free(g);
  if (!seed)
    report("tm", ok, "%u threads x %u transactions (nested, sub-word stores): counter %u, "
           "%" PRIu64 " commits, %" PRIu64 " aborts", N, ITERS, tot, st.tx_commits, st.tx_aborts);
  else
    report("tm/seed", ok, "seed %" PRIu64 ": counter %u, %" PRIu64 " aborts", seed, tot,
           st.tx_aborts);
  if (seed)
    return;
  /* a doomed transaction: the watchdog restarts it; without it, it spins */
  for (int wd = 1; wd >= 0; wd--) {
    ok = 1;
    ww_gpu_cfg_t c = ww_gpu_default_cfg();
    c.max_steps = 200000;
    if (!wd)
      c.tx_watchdog = 0;
    char err[256];
    g = ww_gpu_new(&c, err, sizeof err);
    CHECK(g != NULL, "%s", err);
    if (!g)
      continue;
    fill(g, BUF0, 0, 64);
    uint32_t a3[] = { BUF0, BUF0 + 32, BUF0 + 64 };
    ww_run_t r = run_kernel(g, &P_mem, "tx_doomed", 1, 16, a3, 3);
    ww_gpu_stats(g, &st);
    if (wd) {
      ok &= expect_done(g, r, "tx_doomed");
      CHECK(get32(g, BUF0 + 64) == 1, "out %u want 1", get32(g, BUF0 + 64));
      CHECK(st.tx_watchdog_aborts == 1, "%" PRIu64 " watchdog aborts want 1", st.tx_watchdog_aborts);
    } else {
      CHECK(r == WW_RUN_TRAP && ww_gpu_trap(g)->kind == WW_TRAP_STEP_LIMIT,
            "no watchdog: run %d trap '%s', want the step limit", r,
            ww_trap_name(ww_gpu_trap(g)->kind));
    }
    ww_gpu_free(g);
    report(wd ? "tm/watchdog" : "tm/no-watchdog", ok,
           wd ? "a doomed transaction is validated after %u instructions and restarted"
              : "without the watchdog (%u) the doomed transaction spins to the step limit",
           wd ? WW_TX_WATCHDOG : 0);
  }
  /* a backend without transactions: both instructions trap "not implemented" */
  ok = 1;
  ww_gpu_cfg_t c = ww_gpu_default_cfg();
  c.tx_log_words = 0;
  char err[256];
  g = ww_gpu_new(&c, err, sizeof err);
  CHECK(g != NULL, "tx_log_words 0: %s", err);
  if (g) {
    uint32_t a0[] = { 0 };
    run_kernel(g, &P_traps, "t_txc", 1, 8, a0, 1);
    CHECK(ww_gpu_trap(g)->kind == WW_TRAP_TX_UNIMPL, "tx_log_words 0: trap '%s'",
          ww_trap_name(ww_gpu_trap(g)->kind));
    ww_gpu_free(g);
  }
  report("tm/off", ok, "tx_log_words 0: ww.tx.commit traps '%s'", ww_trap_name(WW_TRAP_TX_UNIMPL));
  /* the deepest nesting the depth counter holds completes (one more traps:
   * the t_txnest case of the trap table) */
  ok = 1;
  g = mk_gpu(0, 0);
  uint32_t depth[] = { (1u << WW_TX_DEPTH_W) - 1 };
  ok &= expect_done(g, run_kernel(g, &P_traps, "t_txnest", 1, 8, depth, 1), "t_txnest");
  ww_gpu_free(g);
  report("tm/nesting", ok, "%u nested transactions complete (2^TX_DEPTH_W - 1)", depth[0]);
}

/* The concurrency limit (KILO TM sec. 4.6): with tm_warps_per_sm = 1 the
 * transactional counter still completes and no SM ever has two warps in a
 * transaction; without a limit they overlap. */
static void test_tm_limit(uint64_t seed)
{
  enum { GRID = 2, BLOCK = 32, N = GRID * BLOCK, ITERS = 5 };   /* 4 warps per SM */
  static const unsigned limits[] = { 1, 2, 0 };
  for (unsigned i = 0; i < sizeof limits / sizeof limits[0]; i++) {
    int ok = 1;
    cur_test = "tm/limit";
    ww_gpu_cfg_t c = ww_gpu_default_cfg();
    c.seed = seed;
    c.tm_warps_per_sm = limits[i];
    char err[256];
    ww_gpu_t *g = ww_gpu_new(&c, err, sizeof err);
    CHECK(g != NULL, "%s", err);
    if (!g)
      continue;
    fill(g, BUF0, 0, 64);
    fill(g, BUF1, 0, 128);
    uint32_t args[] = { BUF0, ITERS, BUF1 };
    ok &= expect_done(g, run_kernel(g, &P_mem, "tx_count", GRID, BLOCK, args, 3), "tx_count");
    uint32_t tot = get32(g, BUF0);
    CHECK(tot == N * ITERS, "limit %u: counter %u want %u", limits[i], tot, N * ITERS);
    ww_gpu_stats_t st;
    ww_gpu_stats(g, &st);
    CHECK(st.tx_commits == N * ITERS, "limit %u: %" PRIu64 " commits want %u", limits[i],
          st.tx_commits, N * ITERS);
    if (limits[i]) {
      CHECK(st.tx_warps_max == limits[i], "limit %u: %u warps of an SM in transactions at once",
            limits[i], st.tx_warps_max);
      CHECK(st.tx_limit_waits > 0, "limit %u: no ww.tx.begin waited", limits[i]);
    } else {
      CHECK(st.tx_warps_max > 2 && st.tx_limit_waits == 0,
            "no limit: at most %u warps at once, %" PRIu64 " waits", st.tx_warps_max,
            st.tx_limit_waits);
    }
    ww_gpu_free(g);
    char name[32];
    snprintf(name, sizeof name, "tm/limit%u%s", limits[i], seed ? "/seed" : "");
    report(name, ok, "tm_warps_per_sm %u%s, seed %" PRIu64 ": counter %u, at most %u "
           "warp(s) of an SM in transactions, %" PRIu64 " begins waited, %" PRIu64 " aborts",
           limits[i], limits[i] ? "" : " (unlimited)", seed, tot, st.tx_warps_max,
           st.tx_limit_waits, st.tx_aborts);
  }
}

/* An outermost ww.tx.commit invalidates the SM's whole L1, whatever the
 * outcome (docs/tm.md sec. 5): a line cached before the transaction and
 * changed in memory meanwhile is read afresh after the commit, although the
 * transaction never touched it. */
static void pc_hook(void *ctx, const ww_retire_t *r)
{
  *(uint32_t *)ctx = r->pc;
}

static void test_tm_l1(void)
{
  int ok = 1;
  cur_test = "tm/l1";
  ww_gpu_t *g = mk_gpu(0, 0);
  fill(g, BUF0, 0, 64);
  put(g, CODE_BASE, P_mem.bin, P_mem.n);
  uint32_t args[] = { BUF0, BUF0 + 32, BUF0 + 36 }, pc = 0, seven = 7;
  put(g, ARGS, args, sizeof args);
  ww_gpu_set_retire_hook(g, pc_hook, &pc);
  ww_launch_t l = { .entry_pc = sym(&P_mem, "tx_l1"), .grid = 1, .block = 8, .kargs = ARGS };
  char err[256];
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch: %s", err);
  ww_run_t r = WW_RUN_RUNNING;
  while (r == WW_RUN_RUNNING) {
    r = ww_gpu_step_warp(g, 0, 0);
    if (pc == sym(&P_mem, "tx_l1_fill"))
      put(g, BUF0 + 32, &seven, 4);   /* behind the L1's back */
  }
  ok &= expect_done(g, r, "tx_l1");
  CHECK(get32(g, BUF0) == 1 && get32(g, BUF0 + 36) == 7, "x %u, y read after the commit %u "
        "(want 1, 7: the L1 line of y dropped at the commit)", get32(g, BUF0), get32(g, BUF0 + 36));
  /* a trap at an address of the log region names it */
  put(g, CODE_BASE, P_traps.bin, P_traps.n);
  l.entry_pc = sym(&P_traps, "t_misaligned");
  l.kargs = ww_gpu_tx_log_base(ww_gpu_cfg(g));
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch: %s", err);
  r = ww_gpu_run(g);
  CHECK(r == WW_RUN_TRAP && ww_gpu_trap(g)->kind == WW_TRAP_MISALIGNED &&
        strstr(ww_gpu_trap(g)->detail, "transaction log region"), "misaligned in the log "
        "region: %s", ww_gpu_trap(g)->detail);
  ww_gpu_free(g);
  report("tm/l1", ok, "an outermost ww.tx.commit clears the SM's L1: a stale line is read afresh");
}

/* ---- the log bytes against the RTL's log unit (docs/tm.md sec. 4.2, 5) ---- */
/* Every transactional load and store the model retires is replayed, as the
 * SM will hand it over, through the C model of rtl/tm/ww_tm_txlog.v (one
 * per SM, cycle by cycle; its L1 port answers log lines from a memory of its
 * own and data lines from the model's memory, which a transactional access
 * does not change). After each command the words it returns must be the
 * model's and every log entry of the warp in its memory must equal the
 * model's bytes; an outermost ww.tx.begin and a retry are its BEGIN. At the
 * end the whole log region must be the same. */
typedef struct {
  ww_gpu_t *g;
  ww_tm_txlog_t *u[16];
  uint8_t *mem;             /* the log unit's view: the log lines it stored */
  uint32_t depth[16][32], rlen[16][32], wlen[16][32], fail[16][32];
  uint64_t cmds, cycles, entries, own;
  unsigned bad;
  char why[200];
} txl_check_t;

static void txl_bad(txl_check_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void txl_bad(txl_check_t *c, const char *fmt, ...)
{
  if (c->bad++)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->why, sizeof c->why, fmt, ap);
  va_end(ap);
}

/* Runs one command through SM s's log unit; 0, or -1 if it never answers. */
static int txl_cmd(txl_check_t *c, unsigned s, ww_tm_txlog_in_t *in, ww_tm_txlog_out_t *done)
{
  const ww_gpu_cfg_t *cfg = ww_gpu_cfg(c->g);
  const unsigned lb = cfg->line_bytes;
  ww_tm_txlog_out_t o;
  int pend = -1;            /* an answer due next cycle: its op */
  uint32_t pline = 0;
  in->rst_ni = 1;
  in->log_base_i = ww_gpu_tx_log_sm_base(cfg, s);
  in->req_ready_i = 1;
  for (unsigned cyc = 0; cyc < 100000; cyc++) {
    in->rsp_valid_i = pend == WW_L1_LOAD || pend == WW_L1_LOAD_STRONG;
    in->wack_valid_i = pend == WW_L1_STORE;
    if (in->rsp_valid_i) {
      uint8_t line[256];
      if (pend == WW_L1_LOAD)
        memcpy(line, c->mem + (size_t)pline * lb, lb);
      else
        get(c->g, pline * lb, line, lb);
      memcpy(in->rsp_data_i, line, lb);
    }
    ww_tm_txlog_step(c->u[s], in, &o);
    c->cycles++;
    in->cmd_valid_i = 0;
    pend = -1;
    if (o.req_valid_o) {   /* fires: ready is always high */
      pend = (int)o.req_op_o;
      pline = (uint32_t)o.req_line_o;
      if (pend == WW_L1_STORE)
        memcpy(c->mem + (size_t)pline * lb, o.req_wdata_o, lb);
    }
    if (o.done_valid_o) {
      *done = o;
      return 0;
    }
  }
  return -1;
}

/* the warp's first n entries of a log, both memories alike */
static void txl_cmp_log(txl_check_t *c, unsigned s, unsigned w, unsigned wlog, uint32_t n)
{
  const ww_gpu_cfg_t *cfg = ww_gpu_cfg(c->g);
  const uint32_t a = ww_tm_txlog_entry(ww_gpu_tx_log_sm_base(cfg, s), cfg->lanes,
                                       cfg->tx_log_words, w, wlog, 0);
  for (uint32_t i = 0; i < n; i++) {
    uint8_t m[8 * WW_MAX_LANES];
    const uint32_t e = a + i * 8u * cfg->lanes;
    get(c->g, e, m, 8u * cfg->lanes);
    c->entries++;
    if (memcmp(m, c->mem + e, 8u * cfg->lanes)) {
      uint32_t x[2 * WW_MAX_LANES], y[2 * WW_MAX_LANES];
      memcpy(x, m, 8u * cfg->lanes);
      memcpy(y, c->mem + e, 8u * cfg->lanes);
      unsigned k = 0;
      while (x[k] == y[k])
        k++;
      txl_bad(c, "SM %u warp %u %s log entry %u, lane %u's %s: model 0x%08x, log unit 0x%08x",
              s, w, wlog ? "write" : "read", i, k % cfg->lanes, k < cfg->lanes ? "address" : "word",
              x[k], y[k]);
      return;
    }
  }
}

static void txl_outcome(void *ctx, unsigned sm, unsigned warp, unsigned lane, uint32_t cid,
                        int pass)
{
  txl_check_t *c = ctx;
  (void)cid;
  if (!pass)
    c->fail[sm][warp] |= 1u << lane;
}

static void txl_retire(void *ctx, const ww_retire_t *r)
{
  txl_check_t *c = ctx;
  const ww_gpu_cfg_t *cfg = ww_gpu_cfg(c->g);
  const unsigned s = r->sm, w = r->warp;
  ww_insn_t d;
  ww_decode(r->insn, &d);
  ww_tm_txlog_in_t in;
  ww_tm_txlog_out_t o;
  memset(&in, 0, sizeof in);
  in.cmd_valid_i = 1;
  in.cmd_wid_i = w;
  if (d.op == WW_OP_TX_BEGIN || (d.op == WW_OP_TX_COMMIT && c->depth[s][w] == 1)) {
    if (d.op == WW_OP_TX_BEGIN && c->depth[s][w]++)
      return;                                   /* nested */
    if (d.op == WW_OP_TX_COMMIT && !c->fail[s][w]) {
      c->depth[s][w] = 0;                       /* done */
      return;
    }
    c->fail[s][w] = 0;                          /* a first attempt or a retry */
    c->rlen[s][w] = c->wlen[s][w] = 0;
    in.cmd_op_i = WW_TXL_BEGIN;
    if (txl_cmd(c, s, &in, &o))
      txl_bad(c, "BEGIN of SM %u warp %u: no answer", s, w);
    return;
  }
  if (d.op == WW_OP_TX_COMMIT) {
    c->depth[s][w]--;
    return;
  }
  const int load = r->mem == WW_MEM_LOAD, store = r->mem == WW_MEM_STORE;
  if (!c->depth[s][w] || (!load && !store))
    return;
  const uint32_t base = ww_gpu_tx_log_base(cfg);
  uint32_t lanes = 0;
  for (uint32_t m = r->mask; m; m &= m - 1) {
    const unsigned l = (unsigned)__builtin_ctz(m);
    if (r->addr[l] >= cfg->null_guard && r->addr[l] < base)
      lanes |= 1u << l;
    in.cmd_addr_i[l] = r->addr[l];
    in.cmd_data_i[l] = r->wdata[l];
  }
  if (!lanes)
    return;
  in.cmd_op_i = load ? WW_TXL_LOAD : WW_TXL_STORE;
  in.cmd_mask_i = lanes;
  in.cmd_bytes_i = r->mem_bytes;
  c->cmds++;
  if (txl_cmd(c, s, &in, &o)) {
    txl_bad(c, "SM %u warp %u pc 0x%x: the log unit never answers", s, w, r->pc);
    return;
  }
  if (o.done_full_o)
    txl_bad(c, "SM %u warp %u pc 0x%x: the log unit's log is full", s, w, r->pc);
  if (load || r->mem_bytes < 4)
    c->rlen[s][w]++;
  if (store)
    c->wlen[s][w]++;
  const uint32_t bm = r->mem_bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * r->mem_bytes)) - 1;
  for (uint32_t m = load ? lanes : 0; m; m &= m - 1) {
    const unsigned l = (unsigned)__builtin_ctz(m);
    const uint32_t v = (o.done_word_o[l] >> (8 * (r->addr[l] & 3))) & bm;
    if (v != (r->rd_val[l] & bm))
      txl_bad(c, "SM %u warp %u pc 0x%x lane %u: the log unit loads 0x%x, the model 0x%x", s, w,
              r->pc, l, v, r->rd_val[l] & bm);
  }
  txl_cmp_log(c, s, w, 0, c->rlen[s][w]);
  txl_cmp_log(c, s, w, 1, c->wlen[s][w]);
}

static void test_tm_txlog_bytes(const char *entry, uint64_t seed)
{
  int ok = 1;
  cur_test = "tm/log-bytes";
  enum { GRID = 2, BLOCK = 32, ITERS = 4 };
  static txl_check_t c;
  memset(&c, 0, sizeof c);
  c.g = mk_gpu(seed, 0);
  const ww_gpu_cfg_t *cfg = ww_gpu_cfg(c.g);
  ww_tm_txlog_cfg_t tc = ww_tm_txlog_default_cfg();
  tc.warps = cfg->warps_per_sm;
  tc.lanes = cfg->lanes;
  tc.line_bytes = cfg->line_bytes;
  tc.log_words = cfg->tx_log_words;
  c.mem = calloc(cfg->gmem_bytes, 1);
  CHECK(c.mem != NULL, "out of host memory");
  for (unsigned s = 0; s < cfg->num_sm; s++) {
    c.u[s] = ww_tm_txlog_new(&tc);
    CHECK(c.u[s] != NULL, "ww_tm_txlog_new");
    ww_tm_txlog_in_t in;
    ww_tm_txlog_out_t o;
    memset(&in, 0, sizeof in);
    if (c.u[s])
      ww_tm_txlog_step(c.u[s], &in, &o);   /* reset */
  }
  if (c.mem && c.u[cfg->num_sm - 1]) {
    fill(c.g, BUF0, 0, 64);
    fill(c.g, BUF1, 0, 2048);
    ww_gpu_set_retire_hook(c.g, txl_retire, &c);
    ww_gpu_set_tx_hook(c.g, txl_outcome, &c);
    uint32_t args[] = { BUF0, ITERS, BUF1 };
    ok &= expect_done(c.g, run_kernel(c.g, &P_mem, entry, GRID, BLOCK, args, 3), entry);
    CHECK(get32(c.g, BUF0) == GRID * BLOCK * ITERS, "counter %u", get32(c.g, BUF0));
    CHECK(!c.bad, "%u differences, the first: %s", c.bad, c.why);
    const uint32_t lo = ww_gpu_tx_log_base(cfg), n = ww_gpu_local_base(cfg) - lo;
    uint8_t *m = malloc(n);
    CHECK(m != NULL, "out of host memory");
    if (m) {
      get(c.g, lo, m, n);
      CHECK(memcmp(m, c.mem + lo, n) == 0, "the log regions differ at the end");
      free(m);
    }
  }
  for (unsigned s = 0; s < 16; s++)
    ww_tm_txlog_free(c.u[s]);
  free(c.mem);
  ww_gpu_free(c.g);
  char name[48];
  snprintf(name, sizeof name, "tm/log-bytes/%s%s", entry, seed ? "/seed" : "");
  report(name, ok, "seed %" PRIu64 ": %" PRIu64 " commands, %" PRIu64 " log entries equal to "
         "ww_tm_txlog's (%" PRIu64 " cycles)", seed, c.cmds, c.entries, c.cycles);
}

/* ---- external outcomes (co-simulation, docs/tm.md sec. 5) ---- */
enum { TXE_GRID = 2, TXE_BLOCK = 32, TXE_ITERS = 4, TXE_LOG_ENTS = 4 };

/* A standalone run's trace: every retire record and every outcome, with the
 * window in which co-simulation may report it: after the warp's instruction
 * before its ww.tx.commit retired (from), before the commit retires (at). */
typedef struct {
  uint16_t sm, warp, lane;
  uint8_t  pass;
  uint32_t cid;
  size_t   from, at;        /* retire indices */
  size_t   early;           /* after the warp's last ww.tx.begin: the outcome is
                               known too early, it must wait for its warp */
  uint64_t logs;            /* hash of the warp's first log entries in memory then */
} tx_out_t;

typedef struct {
  ww_retire_t *r;
  size_t n, cap;
  tx_out_t *o;
  size_t no, cap_o;
  int fail;                 /* out of host memory */
  ww_gpu_t *g;
} tx_trace_t;

static void *grow(void *p, size_t *cap, size_t need, size_t size, int *fail)
{
  if (need <= *cap)
    return p;
  size_t c = *cap ? 2 * *cap : 1024;
  void *q = realloc(p, c * size);
  if (!q) {
    *fail = 1;
    return p;
  }
  *cap = c;
  return q;
}

static void trace_retire(void *ctx, const ww_retire_t *r)
{
  tx_trace_t *t = ctx;
  t->r = grow(t->r, &t->cap, t->n + 1, sizeof *t->r, &t->fail);
  if (t->n < t->cap)
    t->r[t->n++] = *r;
}

static void trace_outcome(void *ctx, unsigned sm, unsigned warp, unsigned lane, uint32_t cid,
                          int pass)
{
  tx_trace_t *t = ctx;
  t->o = grow(t->o, &t->cap_o, t->no + 1, sizeof *t->o, &t->fail);
  if (t->no == t->cap_o)
    return;
  tx_out_t *o = &t->o[t->no++];
  o->sm = (uint16_t)sm;
  o->warp = (uint16_t)warp;
  o->lane = (uint16_t)lane;
  o->cid = cid;
  o->pass = (uint8_t)pass;
  o->at = t->n;             /* the commit's own record comes right after */
  /* the logs as the commit unit reads them: the first TXE_LOG_ENTS entries
   * of the warp's read and write logs (tx_count appends at most 3 and 2) */
  const ww_gpu_cfg_t *c = ww_gpu_cfg(t->g);
  uint8_t buf[2 * TXE_LOG_ENTS * 8 * WW_MAX_LANES];
  const uint32_t base = ww_gpu_tx_log_sm_base(c, sm), n = TXE_LOG_ENTS * 8 * c->lanes;
  get(t->g, ww_tm_txlog_entry(base, c->lanes, c->tx_log_words, warp, 0, 0), buf, n);
  get(t->g, ww_tm_txlog_entry(base, c->lanes, c->tx_log_words, warp, 1, 0), buf + n, n);
  o->logs = 0xcbf29ce484222325ull;
  for (uint32_t i = 0; i < 2 * n; i++)
    o->logs = (o->logs ^ buf[i]) * 0x100000001b3ull;
  o->from = o->early = 0;
  for (size_t i = t->n; i-- > 0 && !o->early;) {
    if (t->r[i].sm != sm || t->r[i].warp != warp)
      continue;
    ww_insn_t d;
    ww_decode(t->r[i].insn, &d);
    if (!o->from)
      o->from = i + 1;
    if (d.op == WW_OP_TX_BEGIN)
      o->early = i + 1;
  }
}

static void trace_free(tx_trace_t *t)
{
  free(t->r);
  free(t->o);
  memset(t, 0, sizeof *t);
}


static ww_gpu_t *tx_ext_gpu(uint64_t seed, unsigned limit)
{
  ww_gpu_cfg_t c = ww_gpu_default_cfg();
  c.seed = seed;
  c.tm_warps_per_sm = limit;
  c.max_steps = 2000000;
  ww_gpu_t *g = new_gpu(&c);
  fill(g, BUF0, 0, 64);
  fill(g, BUF1, 0, 128);
  put(g, CODE_BASE, P_mem.bin, P_mem.n);
  uint32_t args[] = { BUF0, TXE_ITERS, BUF1 };
  put(g, ARGS, args, sizeof args);
  return g;
}

static void tx_ext_launch(ww_gpu_t *g)
{
  ww_launch_t l = { .entry_pc = sym(&P_mem, "tx_count"), .grid = TXE_GRID, .block = TXE_BLOCK,
                    .kargs = ARGS };
  char err[256];
  if (ww_gpu_launch(g, &l, err, sizeof err)) {
    printf("launch tx_count: %s\n", err);
    exit(2);
  }
}

/* How a replay changes the reported outcomes (the negative cases). */
typedef enum { TXE_SAME, TXE_EARLY, TXE_FLIP_PASS, TXE_FLIP_FAIL, TXE_DROP, TXE_TWICE } tx_bad_t;

typedef struct {
  ww_run_t run;
  int final_rc;             /* -1: a ww_gpu_tm_final call failed */
  char final_err[256];      /* its message */
  uint32_t bad_cid;         /* the outcome the replay changed */
  tx_out_t bad;
} tx_replay_t;

/* Replays the trace's interleaving (step_warp in retire order). External:
 * loads take the trace's values (sync mode, every lane) and the outcomes
 * are reported each at a random point of its window, in random order; `bad`
 * changes one of them. */
static void tx_replay(ww_gpu_t *g, const tx_trace_t *t, int external, uint64_t seed,
                      tx_bad_t bad, tx_trace_t *out, tx_replay_t *res)
{
  memset(res, 0, sizeof *res);
  out->g = g;
  ww_gpu_set_tm_external(g, external);
  ww_gpu_set_tx_hook(g, trace_outcome, out);
  ww_gpu_set_retire_hook(g, trace_retire, out);
  tx_ext_launch(g);
  ww_rng_t rng = { seed * 0x9E3779B97F4A7C15ull + 1 };
  size_t *when = calloc(t->no + 1, sizeof *when), *order = calloc(t->no + 1, sizeof *order);
  if (!when || !order) {
    printf("out of host memory\n");
    exit(2);
  }
  /* the changed outcome: a passing one for FLIP_PASS, a failing one for FLIP_FAIL */
  size_t victim = t->no;
  for (size_t k = 0; k < t->no && bad > TXE_EARLY && victim == t->no; k++) {
    size_t i = (size_t)ww_rng_below(&rng, t->no);
    for (size_t j = 0; j < t->no; j++, i = (i + 1) % t->no)
      if ((bad != TXE_FLIP_PASS || t->o[i].pass) && (bad != TXE_FLIP_FAIL || !t->o[i].pass)) {
        victim = i;
        break;
      }
  }
  if (victim < t->no) {
    res->bad = t->o[victim];
    res->bad_cid = t->o[victim].cid;
  }
  for (size_t i = 0; i < t->no; i++) {
    /* half of them as early as they can be: their commits reach memory
     * before other warps' loads of the standalone run saw them */
    const size_t lo = bad == TXE_EARLY ? t->o[i].early : t->o[i].from;
    when[i] = lo + (ww_rng_chance(&rng, 1, 2) ? 0
                    : (size_t)ww_rng_below(&rng, t->o[i].at - lo + 1));
    order[i] = i;
  }
  for (size_t i = t->no; i > 1; i--) {   /* the order among those reported together */
    size_t j = (size_t)ww_rng_below(&rng, i), x = order[i - 1];
    order[i - 1] = order[j];
    order[j] = x;
  }
  res->run = WW_RUN_RUNNING;
  res->final_rc = 0;
  for (size_t r = 0; r < t->n && res->run == WW_RUN_RUNNING; r++) {
    for (size_t k = 0; external && k < t->no; k++) {
      const size_t i = order[k];
      if (when[i] != r || (i == victim && bad == TXE_DROP))
        continue;
      const tx_out_t *o = &t->o[i];
      int pass = o->pass ^ (i == victim && (bad == TXE_FLIP_PASS || bad == TXE_FLIP_FAIL));
      char err[256];
      for (int rep = 0; rep < 1 + (i == victim && bad == TXE_TWICE); rep++)
        if (ww_gpu_tm_final(g, o->sm, o->warp, o->lane, o->cid, pass, err, sizeof err) &&
            !res->final_rc) {
          res->final_rc = -1;
          snprintf(res->final_err, sizeof res->final_err, "%s", err);
        }
    }
    const ww_retire_t *rec = &t->r[r];
    const uint32_t lanes = rec->mem == WW_MEM_LOAD ? rec->mask : 0;
    res->run = external ? ww_gpu_step_warp_sync(g, rec->sm, rec->warp, rec, lanes)
                        : ww_gpu_step_warp(g, rec->sm, rec->warp);
  }
  free(when);
  free(order);
}

static int same_stats(const ww_gpu_stats_t *a, const ww_gpu_stats_t *b)
{
  return a->steps == b->steps && a->warp_insns == b->warp_insns &&
         a->thread_insns == b->thread_insns && a->loads == b->loads && a->stores == b->stores &&
         a->atomics == b->atomics && a->l1_hits == b->l1_hits && a->l1_misses == b->l1_misses &&
         a->tx_commits == b->tx_commits && a->tx_aborts == b->tx_aborts &&
         a->tx_watchdog_aborts == b->tx_watchdog_aborts && a->blocks_done == b->blocks_done &&
         a->tx_warps_max == b->tx_warps_max;
}

static int same_outcomes(const tx_trace_t *a, const tx_trace_t *b)
{
  if (a->no != b->no)
    return 0;
  for (size_t i = 0; i < a->no; i++)
    if (a->o[i].sm != b->o[i].sm || a->o[i].warp != b->o[i].warp ||
        a->o[i].lane != b->o[i].lane || a->o[i].cid != b->o[i].cid ||
        a->o[i].pass != b->o[i].pass || a->o[i].logs != b->o[i].logs)
      return 0;
  return 1;
}

/* The transactional counter standalone, its outcomes and interleaving
 * recorded; replayed standalone and with external outcomes (every one
 * reported in a random order within its window, loads in sync mode): the
 * same final memory (log region included), stats and outcomes. Then the
 * negative cases: a flipped outcome either way is a mismatch naming it, a
 * missing one a COSIM trap at its ww.tx.commit, a CID reported twice an
 * error. */
static void test_tm_external(uint64_t seed, unsigned limit)
{
  int ok = 1;
  cur_test = "tm/external";
  const uint32_t gmem = ww_gpu_default_cfg().gmem_bytes;
  uint8_t *mem[3];
  ww_gpu_stats_t st[3];
  tx_trace_t tr[3];
  memset(tr, 0, sizeof tr);
  for (int i = 0; i < 3; i++) {
    mem[i] = malloc(gmem);
    if (!mem[i]) {
      printf("out of host memory\n");
      exit(2);
    }
  }
  ww_gpu_t *g = tx_ext_gpu(seed, limit);
  tr[0].g = g;
  ww_gpu_set_tx_hook(g, trace_outcome, &tr[0]);
  ww_gpu_set_retire_hook(g, trace_retire, &tr[0]);
  tx_ext_launch(g);
  ok &= expect_done(g, ww_gpu_run(g), "tx_count");
  get(g, 0, mem[0], gmem);
  ww_gpu_stats(g, &st[0]);
  ww_gpu_free(g);
  CHECK(!tr[0].fail && tr[0].no == st[0].tx_commits + st[0].tx_aborts,
        "%zu outcomes recorded, %" PRIu64 " commits + %" PRIu64 " aborts", tr[0].no,
        st[0].tx_commits, st[0].tx_aborts);
  for (size_t i = 0; i < tr[0].no; i++)
    CHECK(tr[0].o[i].cid == (uint32_t)i, "outcome %zu has CID %u", i, tr[0].o[i].cid);
  tx_replay_t res;
  for (int ext = 0; ext < 2; ext++) {
    g = tx_ext_gpu(seed, limit);
    tx_replay(g, &tr[0], ext, seed, TXE_SAME, &tr[1 + ext], &res);
    ok &= expect_done(g, res.run, ext ? "external replay" : "standalone replay");
    CHECK(res.final_rc == 0, "ww_gpu_tm_final: %s", res.final_err);
    get(g, 0, mem[1 + ext], gmem);
    ww_gpu_stats(g, &st[1 + ext]);
    ww_gpu_free(g);
    CHECK(memcmp(mem[0], mem[1 + ext], gmem) == 0, "%s replay: memory differs from the run's",
          ext ? "external" : "standalone");
    CHECK(same_outcomes(&tr[0], &tr[1 + ext]), "%s replay: other outcomes (%zu, want %zu)",
          ext ? "external" : "standalone", tr[1 + ext].no, tr[0].no);
  }
  CHECK(same_stats(&st[1], &st[2]), "external replay: stats differ (commits %" PRIu64 "/%" PRIu64
        ", aborts %" PRIu64 "/%" PRIu64 ", l1 hits %" PRIu64 "/%" PRIu64 ")", st[1].tx_commits,
        st[2].tx_commits, st[1].tx_aborts, st[2].tx_aborts, st[1].l1_hits, st[2].l1_hits);
  CHECK(st[2].tx_commits == st[0].tx_commits && st[2].tx_aborts == st[0].tx_aborts,
        "external replay: %" PRIu64 " commits, %" PRIu64 " aborts; the run %" PRIu64 ", %" PRIu64,
        st[2].tx_commits, st[2].tx_aborts, st[0].tx_commits, st[0].tx_aborts);
  CHECK(get32pick(mem[2], BUF0) == TXE_GRID * TXE_BLOCK * TXE_ITERS, "counter %u",
        get32pick(mem[2], BUF0));
  char name[48];
  snprintf(name, sizeof name, "tm/external%s%s", seed ? "/seed" : "", limit ? "" : "/unlimited");
  report(name, ok, "seed %" PRIu64 ": %zu outcomes (%" PRIu64 " aborts) reported shuffled over "
         "%zu retires: same memory, stats, outcomes", seed, tr[0].no, st[0].tx_aborts, tr[0].n);
  if (seed || !limit) {
    for (int i = 0; i < 3; i++) {
      trace_free(&tr[i]);
      free(mem[i]);
    }
    return;
  }
  /* outcomes known before the warp has logged everything (inside its
   * attempt, after its last ww.tx.begin): they wait for their warp */
  cur_test = "tm/external/early";
  ok = 1;
  g = tx_ext_gpu(seed, limit);
  trace_free(&tr[1]);
  tx_replay(g, &tr[0], 1, seed + 7, TXE_EARLY, &tr[1], &res);
  ok &= expect_done(g, res.run, "external replay, early outcomes");
  CHECK(res.final_rc == 0, "ww_gpu_tm_final: %s", res.final_err);
  get(g, 0, mem[1], gmem);
  ww_gpu_free(g);
  CHECK(memcmp(mem[0], mem[1], gmem) == 0, "early outcomes: memory differs from the run's");
  CHECK(same_outcomes(&tr[0], &tr[1]), "early outcomes: other outcomes");
  report("tm/external/early", ok, "outcomes reported from the warp's ww.tx.begin on wait for "
         "its ww.tx.commit: same memory and outcomes");
  /* negative cases */
  static const struct {
    tx_bad_t bad;
    const char *name;
  } neg[] = { { TXE_FLIP_PASS, "tm/external/pass-as-fail" },
              { TXE_FLIP_FAIL, "tm/external/fail-as-pass" },
              { TXE_DROP, "tm/external/missing" },
              { TXE_TWICE, "tm/external/twice" } };
  for (size_t k = 0; k < sizeof neg / sizeof neg[0]; k++) {
    ok = 1;
    cur_test = neg[k].name;
    tx_trace_t t2;
    memset(&t2, 0, sizeof t2);
    g = tx_ext_gpu(seed, limit);
    tx_replay(g, &tr[0], 1, seed + 1 + k, neg[k].bad, &t2, &res);
    const ww_trap_t *trap = ww_gpu_trap(g);
    char want[64];
    snprintf(want, sizeof want, "CID %u (SM %u warp %u lane %u)", res.bad_cid, res.bad.sm,
             res.bad.warp, res.bad.lane);
    const char *msg = res.final_rc ? res.final_err : trap->detail;
    if (neg[k].bad == TXE_DROP) {
      CHECK(res.run == WW_RUN_TRAP && trap->kind == WW_TRAP_COSIM && trap->sm == res.bad.sm &&
            trap->warp == res.bad.warp && trap->lane == (int)res.bad.lane &&
            strstr(trap->detail, "no final outcome") != NULL,
            "missing CID %u: run %d, trap '%s' SM %u warp %u lane %d: %s", res.bad_cid, res.run,
            ww_trap_name(trap->kind), trap->sm, trap->warp, trap->lane, trap->detail);
      msg = trap->detail;
    } else if (neg[k].bad == TXE_TWICE) {
      CHECK(res.final_rc && strstr(res.final_err, "reported twice") != NULL,
            "CID %u twice: %s", res.bad_cid, res.final_rc ? res.final_err : "accepted");
    } else {
      const int reported = res.final_rc || (res.run == WW_RUN_TRAP && trap->kind == WW_TRAP_COSIM);
      CHECK(reported && strstr(msg, want) != NULL, "flipped CID %u: not reported as a mismatch "
            "(run %d, %s)", res.bad_cid, res.run, reported ? msg : "no error");
      if (neg[k].bad == TXE_FLIP_FAIL)
        CHECK(strstr(msg, "logged") != NULL, "no differing word named: %s", msg);
    }
    char text[256];
    snprintf(text, sizeof text, "%s", msg);
    ww_gpu_free(g);
    trace_free(&t2);
    report(neg[k].name, ok, "%s", text);
  }
  for (int i = 0; i < 3; i++) {
    trace_free(&tr[i]);
    free(mem[i]);
  }
}

/* ---- retire records ---- */
typedef struct {
  ww_retire_t r[64];
  unsigned n;
  uint64_t hash;
  unsigned total;
} rec_log_t;

static void log_hook(void *ctx, const ww_retire_t *r)
{
  rec_log_t *lg = ctx;
  if (lg->n < 64)
    lg->r[lg->n++] = *r;
  lg->total++;
}

static void hash_hook(void *ctx, const ww_retire_t *r)
{
  rec_log_t *lg = ctx;
  uint64_t h = lg->hash;
  uint32_t f[6] = { (uint32_t)r->step, r->sm, r->warp, r->pc, r->mask, r->rd };
  for (unsigned i = 0; i < 6; i++)
    h = (h ^ f[i]) * 0x100000001B3ull;
  for (uint32_t m = r->mask; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctz(m);
    if (r->rd)
      h = (h ^ r->rd_val[l]) * 0x100000001B3ull;
    if (r->mem)
      h = (h ^ r->addr[l]) * 0x100000001B3ull;
  }
  lg->hash = h;
  lg->total++;
}

static const ww_retire_t *find_rec(const rec_log_t *lg, uint32_t pc)
{
  for (unsigned i = 0; i < lg->n; i++)
    if (lg->r[i].pc == pc)
      return &lg->r[i];
  return NULL;
}

static void test_retire(void)
{
  int ok = 1;
  cur_test = "retire";
  static rec_log_t lg;
  memset(&lg, 0, sizeof lg);
  ww_gpu_t *g = mk_gpu(0, 0);
  fill(g, BUF0, 0, 64);
  ww_gpu_set_retire_hook(g, log_hook, &lg);
  uint32_t args[] = { BUF0 };
  ok &= expect_done(g, run_kernel(g, &P_mem, "retire", 1, 8, args, 1), "retire");
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(lg.total == st.warp_insns && st.thread_insns == 8 * st.warp_insns, "one record per warp insn");
  for (unsigned i = 0; i < lg.n; i++) {
    const ww_retire_t *r = &lg.r[i];
    CHECK(r->step == i && r->sm == 0 && r->warp == 0 && r->block == 0 && r->mask == 0xFF,
          "record %u header", i);
    CHECK(r->insn == prog_word(&P_mem, r->pc), "record %u insn", i);
  }
  const ww_retire_t *r;
#define REC(name) ((r = find_rec(&lg, sym(&P_mem, name))) != NULL)
  CHECK(REC("r_nop") && r->rd == 0 && r->mem == WW_MEM_NONE, "addi x0: rd 0");
  CHECK(REC("r_sw") && r->rd == 0 && r->mem == WW_MEM_STORE && r->mem_bytes == 4, "sw kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->addr[l] == BUF0 + 4 * l && r->wdata[l] == l, "sw lane %u", l);
  CHECK(REC("r_lw") && r->rd == 7 && r->mem == WW_MEM_LOAD && r->mem_bytes == 4, "lw kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->rd_val[l] == l && r->addr[l] == BUF0 + 4 * l, "lw lane %u", l);
  CHECK(REC("r_amo") && r->rd == 28 && r->mem == WW_MEM_ATOMIC_DEV, "amo kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->rd_val[l] == l && r->wdata[l] == l, "amo lane %u", l);
  CHECK(REC("r_lb") && r->rd == 29 && r->mem == WW_MEM_LOAD && r->mem_bytes == 1, "lb kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->rd_val[l] == 2 * l, "lb lane %u: %u", l, r->rd_val[l]);
  CHECK(REC("r_shsw") && r->mem == WW_MEM_SHARED_STORE && r->mem_bytes == 2, "shared sh kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->addr[l] == WW_SHARED_BASE + 4 * l && r->wdata[l] == l, "sh lane %u", l);
  CHECK(REC("r_shlw") && r->rd == 31 && r->mem == WW_MEM_SHARED_LOAD, "shared lw kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->rd_val[l] == l, "shared lw lane %u", l);
  CHECK(REC("r_strong") && r->rd == 12 && r->mem == WW_MEM_LOAD_STRONG, "strong kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->rd_val[l] == 2 * l, "strong lane %u", l);
  CHECK(REC("r_blk") && r->rd == 13 && r->mem == WW_MEM_ATOMIC_BLK, "blk kind");
  for (unsigned l = 0; r && l < 8; l++)
    CHECK(r->rd_val[l] == 2 * l && get32(g, BUF0 + 4 * l) == ((2 * l) | l), "blk lane %u", l);
  CHECK(REC("r_exit") && r->rd == 0 && r->mem == WW_MEM_NONE, "exit");
#undef REC
  CHECK(lg.r[lg.n - 1].pc == sym(&P_mem, "r_exit"), "last record is the exit");
  ww_gpu_set_retire_hook(g, NULL, NULL);
  ww_gpu_free(g);
  report("retire-records", ok, "%u records: rd, rd_val, mem kind, addr, wdata", lg.n);
}

/* ---- traps ---- */
typedef struct {
  const char *entry;
  ww_trap_kind_t kind;
  const char *pc_sym;       /* NULL: pc given by pc_abs */
  int pc_off;
  uint32_t pc_abs;
  uint32_t block;
  int lane;                 /* -1: not a memory trap */
  uint32_t addr;            /* 0xFFFFFFFF: kargs-relative in addr_off */
  int addr_off;
  uint32_t mask;
  uint64_t max_steps;
  unsigned warp;
} trap_case_t;

#define KARGS_REL 0xFFFFFFFFu

static void test_traps(void)
{
  static const trap_case_t cases[] = {
    { "t_illegal", WW_TRAP_ILLEGAL, "t_illegal_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_csrw", WW_TRAP_ILLEGAL, "t_csrw_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_csrother", WW_TRAP_ILLEGAL, "t_csrother_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_fencei", WW_TRAP_ILLEGAL, "t_fencei_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_amo_a", WW_TRAP_ILLEGAL, "t_amo_a_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_divergent", WW_TRAP_DIVERGENT, "t_divergent_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_jalr_div", WW_TRAP_DIVERGENT, "t_jalr_div_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_jump_mis", WW_TRAP_MISALIGNED, "t_jump_mis_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_join", WW_TRAP_JOIN_EMPTY, "t_join_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_overflow", WW_TRAP_STACK_OVERFLOW, "t_overflow_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_misaligned", WW_TRAP_MISALIGNED, "t_misaligned_pc", 0, 0, 8, 3, KARGS_REL, 2, 0xFF, 0, 0 },
    { "t_mis_store", WW_TRAP_MISALIGNED, "t_mis_store_pc", 0, 0, 8, 0, KARGS_REL, 1, 0xFF, 0, 0 },
    { "t_null", WW_TRAP_NULL_ACCESS, "t_null_pc", 0, 0, 8, 0, 0x10, 0, 0xFF, 0, 0 },
    { "t_range", WW_TRAP_OUT_OF_RANGE, "t_range_pc", 0, 0, 8, 5, 0x20000000u, 0, 0xFF, 0, 0 },
    { "t_shrange", WW_TRAP_OUT_OF_RANGE, "t_shrange_pc", 0, 0, 8, 0, WW_SHARED_BASE + WW_SHMEM_BYTES, 0, 0xFF, 0, 0 },
    { "t_fetch_null", WW_TRAP_NULL_ACCESS, NULL, 0, 8, 8, -1, 8, 0, 0xFF, 0, 0 },
    { "t_fetch_range", WW_TRAP_OUT_OF_RANGE, NULL, 0, 0x20000000u, 8, -1, 0x20000000u, 0, 0xFF, 0, 0 },
    { "t_exit_div", WW_TRAP_EXIT_DIVERGENT, "t_exit_div_pc", 0, 0, 8, -1, 0, 0, 0xAA, 0, 0 },
    { "t_exit_stack", WW_TRAP_EXIT_DIVERGENT, "t_exit_stack_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_bar_div", WW_TRAP_BAR_DIVERGENT, "t_bar_div_pc", 0, 0, 8, -1, 0, 0, 0x07, 0, 0 },
    { "t_deadlock1", WW_TRAP_BAR_DEADLOCK, "t_deadlock1_pc", 0, 0, 16, -1, 0, 0, 0xFF, 0, 0 },
    { "t_deadlock2", WW_TRAP_BAR_DEADLOCK, "t_deadlock2_pc", 0, 0, 16, -1, 0, 0, 0xFF, 0, 0 },
    { "t_ebreak", WW_TRAP_KERNEL_TRAP, "t_ebreak_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_ecall", WW_TRAP_KERNEL_TRAP, "t_ecall_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_tx", WW_TRAP_TX_BARRIER, "t_tx_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_txexit", WW_TRAP_TX_BARRIER, "t_txexit_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_txc", WW_TRAP_TX_OUTSIDE, "t_txc_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_txsplit", WW_TRAP_TX_OUTSIDE, "t_txsplit_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_txfull", WW_TRAP_TX_LOG_FULL, "t_txfull_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_txnest", WW_TRAP_TX_NESTING, "t_txnest_pc", 0, 0, 8, -1, 0, 0, 0xFF, 0, 0 },
    { "t_steps", WW_TRAP_STEP_LIMIT, "t_steps_pc", 4, 0, 8, -1, 0, 0, 0xFF, 1000, 0 },
  };
  unsigned n = sizeof cases / sizeof cases[0], good = 0;
  for (unsigned i = 0; i < n; i++) {
    const trap_case_t *c = &cases[i];
    int ok = 1;
    cur_test = c->entry;
    ww_gpu_t *g = mk_gpu(0, c->max_steps);
    uint32_t args[] = { WW_SHMEM_BYTES };
    ww_run_t r = run_kernel(g, &P_traps, c->entry, 1, c->block, args, 1);
    const ww_trap_t *t = ww_gpu_trap(g);
    uint32_t pc = c->pc_sym ? sym(&P_traps, c->pc_sym) + (uint32_t)c->pc_off : c->pc_abs;
    uint32_t addr = c->addr == KARGS_REL ? ARGS + (uint32_t)c->addr_off : c->addr;
    CHECK(r == WW_RUN_TRAP, "%s: run returned %d", c->entry, r);
    CHECK(t->kind == c->kind, "%s: kind '%s' want '%s'", c->entry, ww_trap_name(t->kind), ww_trap_name(c->kind));
    CHECK(t->pc == pc, "%s: pc 0x%08x want 0x%08x", c->entry, t->pc, pc);
    CHECK(t->insn == (pc >= CODE_BASE && pc < CODE_BASE + P_traps.n ? prog_word(&P_traps, pc) : 0),
          "%s: insn 0x%08x", c->entry, t->insn);
    CHECK(t->sm == 0 && t->warp == c->warp && t->block == 0, "%s: sm %u warp %u block %u", c->entry,
          t->sm, t->warp, t->block);
    CHECK(t->mask == c->mask, "%s: mask 0x%x want 0x%x", c->entry, t->mask, c->mask);
    CHECK(t->lane == c->lane, "%s: lane %d want %d", c->entry, t->lane, c->lane);
    if (c->lane >= 0 || c->addr)
      CHECK(t->addr == addr, "%s: addr 0x%08x want 0x%08x", c->entry, t->addr, addr);
    CHECK(t->detail[0] != 0, "%s: no detail", c->entry);
    CHECK(ww_gpu_step(g) == WW_RUN_TRAP && ww_gpu_run(g) == WW_RUN_TRAP, "%s: stays trapped", c->entry);
    ww_insn_t d;
    char dis[64];
    ww_decode(t->insn, &d);
    ww_disasm(&d, t->pc, dis, sizeof dis);
    printf("     %-16s %-36s pc 0x%08x %-24s %s\n", c->entry, ww_trap_name(t->kind), t->pc, dis, t->detail);
    good += ok;
    ww_gpu_free(g);
  }
  report("traps", good == n, "%u of %u trap cases: kind, pc, insn, mask, lane, addr", good, n);
}

static void test_step_warp(void)
{
  int ok = 1;
  cur_test = "step_warp";
  ww_gpu_t *g = mk_gpu(0, 0);
  put(g, CODE_BASE, P_traps.bin, P_traps.n);
  ww_launch_t l = { .entry_pc = sym(&P_traps, "t_barok"), .grid = 1, .block = 16, .kargs = ARGS };
  char err[128];
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch");
  CHECK(ww_gpu_step_warp(g, 0, 1) == WW_RUN_RUNNING, "warp 1 to the barrier");
  CHECK(ww_gpu_step_warp(g, 0, 0) == WW_RUN_RUNNING, "warp 0 to the barrier (release)");
  CHECK(ww_gpu_step_warp(g, 0, 0) == WW_RUN_RUNNING, "warp 0 exits");
  CHECK(ww_gpu_step_warp(g, 0, 1) == WW_RUN_DONE, "warp 1 exits: done");
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  CHECK(st.barriers == 1 && st.steps == 4 && st.blocks_done == 1, "stats");
  /* not ready: waiting at the barrier, free slot, no such SM */
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch");
  CHECK(ww_gpu_step_warp(g, 0, 0) == WW_RUN_RUNNING, "warp 0 to the barrier");
  CHECK(ww_gpu_step_warp(g, 0, 0) == WW_RUN_TRAP && ww_gpu_trap(g)->kind == WW_TRAP_NOT_READY &&
        ww_gpu_trap(g)->pc == sym(&P_traps, "t_barok_pc"), "waiting warp: %s", ww_gpu_trap(g)->detail);
  printf("     step_warp(0,0) at a barrier: %s\n", ww_gpu_trap(g)->detail);
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch");
  CHECK(ww_gpu_step_warp(g, 1, 0) == WW_RUN_TRAP && ww_gpu_trap(g)->kind == WW_TRAP_NOT_READY,
        "empty SM1");
  printf("     step_warp(1,0): %s\n", ww_gpu_trap(g)->detail);
  CHECK(ww_gpu_launch(g, &l, err, sizeof err) == 0, "launch");
  CHECK(ww_gpu_step_warp(g, 5, 0) == WW_RUN_TRAP && ww_gpu_trap(g)->kind == WW_TRAP_NOT_READY, "no SM 5");
  ww_gpu_free(g);
  report("step-warp", ok, "co-simulation stepping, not-ready traps");
}

/* A stale predecoded copy must never run: reload different code at the same address. */
static void test_reload(void)
{
  int ok = 1;
  cur_test = "reload";
  ww_gpu_t *g = mk_gpu(0, 0);
  uint32_t args[] = { BUF0 };
  ww_run_t r = run_kernel(g, &P_traps, "t_illegal", 1, 8, args, 1);
  CHECK(r == WW_RUN_TRAP, "traps program ran");
  /* the simt program at the same addresses; its ifelse entry reuses decoded slots */
  r = run_kernel(g, &P_simt, "ifelse", 1, 8, args, 1);
  ok &= expect_done(g, r, "ifelse after reload");
  for (uint32_t t = 0; t < 8; t++)
    CHECK(get32(g, BUF0 + 16 * t) == ((t & 1) ? 3 * t : t + 100), "thread %u", t);
  ww_gpu_free(g);
  report("code-reload", ok, "ww_gpu_write invalidates predecoded instructions");
}

static void test_determinism(void)
{
  int ok = 1;
  cur_test = "determinism";
  static rec_log_t lg;
  uint64_t h[4];
  uint32_t tot[4];
  const uint64_t seeds[4] = { 7, 7, 8, 0 };
  for (int i = 0; i < 4; i++) {
    memset(&lg, 0, sizeof lg);
    lg.hash = 0xcbf29ce484222325ull;
    ww_gpu_t *g = mk_gpu(seeds[i], 0);
    ww_gpu_set_retire_hook(g, hash_hook, &lg);
    fill(g, BUF0, 0, 64);
    uint32_t args[] = { BUF0, 20 };
    ok &= expect_done(g, run_kernel(g, &P_mem, "race_blk", 4, 16, args, 2), "race_blk");
    h[i] = lg.hash;
    tot[i] = get32(g, BUF0);
    ww_gpu_free(g);
  }
  CHECK(h[0] == h[1] && tot[0] == tot[1], "seed 7 twice: hash %016" PRIx64 " vs %016" PRIx64, h[0], h[1]);
  CHECK(h[0] != h[2], "seeds 7 and 8 interleave the same way");
  CHECK(h[0] != h[3], "seed 7 and round robin interleave the same way");
  report("determinism", ok, "racy .blk counter: seed 7 twice = %u/%u, seed 8 = %u, round robin = %u",
         tot[0], tot[1], tot[2], tot[3]);
}

static double now_s(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double test_speed(uint32_t iters, double floor_mips)
{
  int ok = 1;
  cur_test = "speed";
  enum { GRID = 8, BLOCK = 32, N = GRID * BLOCK };
  ww_gpu_t *g = mk_gpu(0, 0);
  uint32_t args[] = { iters, BUF0 };
  double t0 = now_s();
  ok &= expect_done(g, run_kernel(g, &P_alu, "spin", GRID, BLOCK, args, 2), "spin");
  double dt = now_s() - t0;
  for (uint32_t t = 0; t < N; t++) {
    uint32_t t1 = t, t2 = 0, t3 = 0;
    for (uint32_t i = 0; i < iters; i++) {
      t1 += 3;
      t2 ^= t1;
      t3 += t2;
      t3 ^= t3 << 1;
    }
    uint32_t got = get32(g, BUF0 + 4 * t);
    CHECK(got == t3, "thread %u: 0x%08x want 0x%08x", t, got, t3);
  }
  ww_gpu_stats_t st;
  ww_gpu_stats(g, &st);
  double mips = st.thread_insns / dt / 1e6;
  CHECK(mips >= floor_mips, "%.1f M thread-insns/s is below %.1f", mips, floor_mips);
  report("speed", ok, "%.1f M thread-instructions/s (%.1f M warp-insns/s, %" PRIu64 " thread insns in %.3f s)",
         mips, st.warp_insns / dt / 1e6, st.thread_insns, dt);
  ww_gpu_free(g);
  return mips;
}

int main(int argc, char **argv)
{
#ifdef TEST_GPU_BENCH
  int bench = 1;
#else
  int bench = 0;
#endif
  int arg = 1;
  if (argc > arg && !strcmp(argv[arg], "--bench")) {
    bench = 1;
    arg++;
  }
  const char *dir = argc > arg ? argv[arg] : "build/gpu-test";
  load_prog(dir, &P_alu);
  load_prog(dir, &P_mem);
  load_prog(dir, &P_simt);
  load_prog(dir, &P_traps);
  if (bench) {
    test_speed(100000, 10.0);
  } else {
    test_config();
    test_alu();
    test_branches();
    test_csrs();
    test_manual_placement();
    test_ldst();
    test_ifelse(0);
    test_nested();
    test_votes();
    test_divloop(0);
    test_barrier(0, 16, 6);
    test_barrier(0, 20, 5);
    test_stale(0);
    test_races();
    test_amos();
    test_cas(0);
    test_tm(0);
    test_tm_limit(0);
    test_tm_l1();
    test_tm_txlog_bytes("tx_count", 0);
    test_tm_txlog_bytes("tx_rw", 0);
    test_tm_external(0, WW_TM_WARPS_PER_SM);
    test_tm_external(0, 0);
    test_retire();
    test_traps();
    test_step_warp();
    test_reload();
    test_determinism();
    static const uint64_t seeds[] = { 1, 2, 99, 0xDEADBEEFull };
    for (unsigned i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
      cur_test = "seeds";
      int ok = run_alu(seeds[i], NULL);
      report("rv32im-alu/seed", ok, "seed %" PRIu64, seeds[i]);
      test_ifelse(seeds[i]);
      test_divloop(seeds[i]);
      test_barrier(seeds[i], 16, 6);
      test_stale(seeds[i]);
      test_cas(seeds[i]);
      test_tm(seeds[i]);
      test_tm_limit(seeds[i]);
      test_tm_external(seeds[i], WW_TM_WARPS_PER_SM);
      test_tm_txlog_bytes("tx_rw", seeds[i]);
    }
    test_speed(2000, 0.0);
  }
  for (int i = 0; i < 4; i++) {
    prog_t *p = i == 0 ? &P_alu : i == 1 ? &P_mem : i == 2 ? &P_simt : &P_traps;
    free(p->bin);
  }
  printf("%u passed, %u failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}
