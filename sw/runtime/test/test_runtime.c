/* SPDX-License-Identifier: Apache-2.0
 *
 * test_runtime -- checks the host runtime API (ww_runtime.h) on the cmodel
 * backend, built with ASan + UBSan:
 *   - backends, device open, heap (alignment, bounds, reset, image overlap),
 *     host copies outside memory;
 *   - ELF validation: every truncation of a valid kernel is refused as
 *     truncated, targeted header corruptions give their reason, and a few
 *     thousand random byte mutations never crash (those that still load are
 *     run for a few steps);
 *   - launch argument checks, a correct kernel (result, hook count, trace
 *     lines, statistics), and trap reports (kind, PC, disassembly, file:line);
 *   - configuration limits: code of exactly WW_IMEM_BYTES loads and runs, one
 *     byte more is refused with the limit named; overlapping segments.
 * usage: test_runtime [KERNEL_DIR]   (default build/runtime/kernels)
 * The last line is "N passed, N failed"; exit 1 on any failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_runtime.h"

static unsigned passed, failed;
static const char *kdir = "build/runtime/kernels";
static const char *tmpdir = "build/runtime/tmp";

#define CHECK(cond, ...)                                          \
  do {                                                            \
    if (cond) {                                                   \
      passed++;                                                   \
    } else {                                                      \
      failed++;                                                   \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);      \
      printf(__VA_ARGS__);                                        \
      printf("\n");                                               \
    }                                                             \
  } while (0)

static char *kpath(const char *name)
{
  static char buf[4][512];
  static unsigned i;
  char *p = buf[i++ % 4];
  snprintf(p, 512, "%s/%s", kdir, name);
  return p;
}

static uint8_t *slurp(const char *path, size_t *n)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = malloc(len > 0 ? (size_t)len : 1);
  *n = b ? fread(b, 1, (size_t)len, f) : 0;
  fclose(f);
  return b;
}

static void spit(const char *path, const uint8_t *b, size_t n)
{
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(b, 1, n, f);
    fclose(f);
  }
}

static ww_dev_t *open_dev(uint64_t max_steps)
{
  char err[256];
  ww_dev_opts_t o = { .backend = "cmodel", .seed = 0, .max_steps = max_steps };
  ww_dev_t *d = ww_dev_open(&o, err, sizeof err);
  if (!d) {
    printf("FAIL: cannot open the cmodel device: %s\n", err);
    exit(1);
  }
  return d;
}

static int one_line(const char *s) { return s[0] && !strchr(s, '\n'); }

/* ---- device, heap, copies -------------------------------------------------- */
static void test_device(void)
{
  char err[256] = "";
  CHECK(ww_backend_find("cmodel") != NULL, "cmodel backend");
  CHECK(ww_backend_find("nope") == NULL, "unknown backend");
  ww_dev_opts_t bad = { .backend = "nope" };
  CHECK(ww_dev_open(&bad, err, sizeof err) == NULL && strstr(err, "unknown backend"), "%s", err);

  ww_dev_t *d = ww_dev_open(NULL, err, sizeof err);
  CHECK(d != NULL, "default options: %s", err);
  if (!d)
    return;
  /* the heap ends where the transaction log region begins, below local memory */
  const ww_gpu_cfg_t gc = ww_gpu_default_cfg();
  uint32_t local = ww_gpu_tx_log_base(&gc);
  CHECK(local == WW_GMEM_BYTES - WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES * WW_LOCAL_BYTES -
                 WW_NUM_SM * WW_WARPS_PER_SM * 2 * WW_TX_LOG_WORDS * 2 * WW_LANES * 4,
        "TX_LOG_BASE 0x%x", local);
  uint32_t a = ww_dev_alloc(d, 100), b = ww_dev_alloc(d, 1), c = ww_dev_alloc(d, 0);
  CHECK(a >= WW_NULL_GUARD_BYTES && a % 64 == 0, "a=0x%x", a);
  CHECK(b >= a + 100 && b % 64 == 0 && c > b && c % 64 == 0, "a=0x%x b=0x%x c=0x%x", a, b, c);
  CHECK(ww_dev_alloc(d, local) == 0 && strstr(ww_dev_error(d), "out of device memory"), "%s",
        ww_dev_error(d));
  uint32_t big = ww_dev_alloc(d, local - c - 64 - 64);
  CHECK(big != 0 && big + (local - c - 128) <= local, "big=0x%x", big);
  CHECK(ww_dev_alloc(d, 4096) == 0 && strstr(ww_dev_error(d), "transaction log region"),
        "allocation into the transaction log region: %s", ww_dev_error(d));
  ww_dev_reset_heap(d);
  CHECK(ww_dev_alloc(d, 8) == a, "reset heap restarts at 0x%x", a);

  uint32_t w = 0x12345678, r = 0;
  CHECK(ww_dev_copy_to(d, a, &w, 4) == 0 && ww_dev_copy_from(d, &r, a, 4) == 0 && r == w,
        "round trip 0x%x", r);
  CHECK(ww_dev_copy_to(d, 0, &w, 4) != 0 && strstr(ww_dev_error(d), "outside global memory"),
        "%s", ww_dev_error(d));
  CHECK(ww_dev_copy_from(d, &r, WW_GMEM_BYTES - 2, 4) != 0, "read past the end");
  CHECK(ww_dev_copy_to(d, 0xFFFFFFFCu, &w, 8) != 0, "address wrap");
  ww_result_t res;
  CHECK(ww_wait(d, &res) != 0 && strstr(ww_dev_error(d), "no grid"), "%s", ww_dev_error(d));
  ww_dev_close(d);
}

/* ---- ELF validation ------------------------------------------------------- */
static void expect_refused(ww_dev_t *d, const char *path, const char *why)
{
  ww_kernel_t *k = ww_kernel_load(d, path);
  CHECK(k == NULL && strstr(ww_dev_error(d), why) && one_line(ww_dev_error(d)),
        "%s: wanted \"%s\", got \"%s\"", path, why, k ? "(loaded)" : ww_dev_error(d));
  ww_kernel_free(k);
}

static void mutate_and_expect(ww_dev_t *d, const uint8_t *img, size_t n, size_t off,
                              const void *val, size_t len, const char *why)
{
  char path[512];
  uint8_t *m = malloc(n);
  memcpy(m, img, n);
  memcpy(m + off, val, len);
  snprintf(path, sizeof path, "%s/mut.elf", tmpdir);
  spit(path, m, n);
  expect_refused(d, path, why);
  free(m);
}

static void test_elf_checks(void)
{
  ww_dev_t *d = open_dev(0);
  char path[512];
  size_t n;
  uint8_t *img = slurp(kpath("store_tid.elf"), &n);
  CHECK(img != NULL && n > 200, "read store_tid.elf");
  if (!img) {
    ww_dev_close(d);
    return;
  }
  expect_refused(d, kpath("no_such_kernel.elf"), "cannot open");
  expect_refused(d, tmpdir, "not a regular file");
  expect_refused(d, kpath("store_tid.o"), "not an executable (ET_REL");
  expect_refused(d, kpath("in_null_guard.elf"), "null guard");
  expect_refused(d, kpath("beyond_memory.elf"), "outside global memory");
  expect_refused(d, "/bin/true", "wrong ELF class: ELF64");
  uint8_t b3[2] = { 3, 0 }, be[1] = { 2 }, c64[1] = { 2 }, rel[2] = { 1, 0 }, ver[1] = { 9 };
  uint8_t big[4] = { 0, 0, 0, 0x7f }, zero4[4] = { 0 };
  mutate_and_expect(d, img, n, 18, b3, 2, "wrong machine: x86");
  mutate_and_expect(d, img, n, 5, be, 1, "wrong endianness");
  mutate_and_expect(d, img, n, 4, c64, 1, "wrong ELF class");
  mutate_and_expect(d, img, n, 16, rel, 2, "not an executable");
  mutate_and_expect(d, img, n, 6, ver, 1, "ELF version");
  mutate_and_expect(d, img, n, 28, big, 4, "program header table");     /* e_phoff */
  mutate_and_expect(d, img, n, 32, big, 4, "section header table");     /* e_shoff */
  mutate_and_expect(d, img, n, 24, zero4, 4, "entry point");            /* e_entry */
  mutate_and_expect(d, img, n, 0, "\177ELG", 4, "not an ELF file");

  /* Every truncation is refused as truncated (or, below 4 bytes, as not ELF). */
  unsigned bad = 0;
  for (size_t cut = 0; cut < n; cut++) {
    snprintf(path, sizeof path, "%s/cut.elf", tmpdir);
    spit(path, img, cut);
    ww_kernel_t *k = ww_kernel_load(d, path);
    const char *e = ww_dev_error(d);
    if (k || !one_line(e) || (!strstr(e, "truncated") && !strstr(e, "not an ELF"))) {
      if (bad++ < 5)
        printf("FAIL: cut at %zu: %s\n", cut, k ? "loaded" : e);
    }
    ww_kernel_free(k);
  }
  CHECK(bad == 0, "%u of %zu truncations were not refused as truncated", bad, n);

  /* Random garbage. */
  uint64_t s = 0x9E3779B97F4A7C15ull;
  uint8_t junk[3000];
  for (size_t i = 0; i < sizeof junk; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    junk[i] = (uint8_t)s;
  }
  snprintf(path, sizeof path, "%s/junk.elf", tmpdir);
  spit(path, junk, sizeof junk);
  expect_refused(d, path, "not an ELF file");
  memcpy(junk, "\177ELF", 4);
  spit(path, junk, sizeof junk);
  ww_kernel_t *k = ww_kernel_load(d, path);
  CHECK(k == NULL && one_line(ww_dev_error(d)), "ELF magic + junk: %s", ww_dev_error(d));
  ww_kernel_free(k);
  free(img);
  ww_dev_close(d);
}

/* Random 1..4-byte mutations of a valid kernel: never a crash; a mutant that
 * still loads runs for at most 2000 steps (the model must survive any code). */
static void test_elf_fuzz(void)
{
  size_t n;
  uint8_t *img = slurp(kpath("add_scalar.elf"), &n);
  if (!img) {
    CHECK(0, "read add_scalar.elf");
    return;
  }
  char path[512];
  snprintf(path, sizeof path, "%s/fuzz.elf", tmpdir);
  uint64_t s = 12345;
  unsigned loaded = 0, refused = 0, trapped = 0, runs = 3000;
  uint8_t *m = malloc(n);
  ww_dev_t *d = open_dev(2000);
  for (unsigned it = 0; it < runs; it++) {
    memcpy(m, img, n);
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    unsigned flips = 1 + (unsigned)(s % 4);
    for (unsigned f = 0; f < flips; f++) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      /* Half the mutations hit the headers, where the checks live. */
      size_t off = (s >> 8) % (it % 2 ? n : (n < 256 ? n : 256));
      m[off] = (uint8_t)(s >> 40);
    }
    spit(path, m, n);
    ww_dev_reset_heap(d);
    ww_kernel_t *k = ww_kernel_load(d, path);
    if (!k) {
      refused++;
      if (!one_line(ww_dev_error(d)))
        CHECK(0, "mutant %u: refusal is not one line: \"%s\"", it, ww_dev_error(d));
    } else {
      loaded++;
      char src[64];
      ww_kernel_srcline(k, ww_kernel_entry(k), src, sizeof src);
      uint32_t buf = ww_dev_alloc(d, 256);
      uint32_t args[3] = { buf, buf + 128, 5 };
      ww_result_t res;
      if (ww_launch(d, k, 2, 8, args, sizeof args) == 0 && ww_wait(d, &res) != 0)
        trapped++;
      ww_kernel_free(k);
    }
  }
  ww_dev_close(d);
  free(m);
  free(img);
  printf("fuzz: %u mutants, %u refused, %u loaded (%u of them trapped)\n", runs, refused, loaded,
         trapped);
  CHECK(refused > 0 && loaded > 0, "fuzz exercised both paths");
}

/* ---- loading, heap placement, launch checks ---------------------------------- */
static void test_load_and_launch(void)
{
  ww_dev_t *d = open_dev(0);
  uint32_t early = ww_dev_alloc(d, 64);
  CHECK(early != 0, "alloc before load");
  expect_refused(d, kpath("store_tid.elf"), "overlap");
  ww_dev_reset_heap(d);
  ww_kernel_t *k = ww_kernel_load(d, kpath("store_tid.elf"));
  CHECK(k != NULL, "load: %s", ww_dev_error(d));
  if (!k) {
    ww_dev_close(d);
    return;
  }
  CHECK(ww_kernel_entry(k) == WW_CODE_BASE, "entry 0x%x", ww_kernel_entry(k));
  char src[128];
  CHECK(ww_kernel_srcline(k, WW_CODE_BASE, src, sizeof src) == 0 &&
        strncmp(src, "store_tid.S:", 12) == 0, "srcline \"%s\"", src);
  CHECK(ww_kernel_srcline(k, 0x00F00000, src, sizeof src) != 0 && src[0] == '\0',
        "no srcline outside the code: \"%s\"", src);
  uint32_t insn = 0;
  CHECK(ww_dev_copy_from(d, &insn, WW_CODE_BASE, 4) == 0 && insn == 0xCCB022F3u,
        "first instruction in memory 0x%08x", insn);
  expect_refused(d, kpath("add_scalar.elf"), "would overwrite a kernel still loaded");
  uint32_t buf = ww_dev_alloc(d, 4 * 64);
  CHECK(buf >= WW_CODE_BASE + 0x2c && buf % 64 == 0, "heap above the image: 0x%x", buf);

  CHECK(ww_launch(d, k, 0, 8, &buf, 4) != 0 && strstr(ww_dev_error(d), "grid"), "%s",
        ww_dev_error(d));
  CHECK(ww_launch(d, k, 1, 0, &buf, 4) != 0 && strstr(ww_dev_error(d), "block"), "%s",
        ww_dev_error(d));
  CHECK(ww_launch(d, k, 1, WW_WARPS_PER_SM * WW_LANES + 1, &buf, 4) != 0, "block too large");
  CHECK(ww_launch(d, k, 1, 8, NULL, 4) != 0, "args bytes without data");
  ww_dev_t *d2 = open_dev(0);
  CHECK(ww_launch(d2, k, 1, 8, &buf, 4) != 0 && strstr(ww_dev_error(d2), "not loaded"), "%s",
        ww_dev_error(d2));
  ww_dev_close(d2);
  ww_kernel_free(k);
  ww_dev_close(d);
}

/* ---- running ------------------------------------------------------------------- */
static unsigned hook_calls;
static void count_hook(void *ctx, const ww_retire_t *r)
{
  (void)r;
  (*(unsigned *)ctx)++;
}

static void test_run_ok(void)
{
  ww_dev_t *d = open_dev(0);
  ww_kernel_t *k = ww_kernel_load(d, kpath("store_tid.elf"));
  if (!k) {
    CHECK(0, "load: %s", ww_dev_error(d));
    ww_dev_close(d);
    return;
  }
  enum { GRID = 5, BLOCK = 13 };   /* partial warps, more blocks than the SMs hold */
  uint32_t out = ww_dev_alloc(d, 4 * GRID * BLOCK);
  uint32_t init[GRID * BLOCK];
  memset(init, 0xAB, sizeof init);
  ww_dev_copy_to(d, out, init, sizeof init);
  char tpath[512];
  snprintf(tpath, sizeof tpath, "%s/trace.txt", tmpdir);
  FILE *tf = fopen(tpath, "w");
  ww_dev_trace(d, tf);
  ww_dev_set_retire_hook(d, count_hook, &hook_calls);
  ww_result_t res;
  CHECK(ww_launch(d, k, GRID, BLOCK, &out, 4) == 0, "launch: %s", ww_dev_error(d));
  CHECK(ww_wait(d, &res) == 0 && res.ok && res.trap.kind == WW_TRAP_NONE, "wait: %s",
        res.message);
  ww_dev_trace(d, NULL);
  ww_dev_set_retire_hook(d, NULL, NULL);
  fclose(tf);
  uint32_t got[GRID * BLOCK];
  ww_dev_copy_from(d, got, out, sizeof got);
  unsigned wrong = 0;
  for (unsigned i = 0; i < GRID * BLOCK; i++)
    wrong += got[i] != i;
  CHECK(wrong == 0, "%u wrong words (got[1] = %u)", wrong, got[1]);
  unsigned warps = GRID * ((BLOCK + WW_LANES - 1) / WW_LANES);
  CHECK(res.stats.warp_insns == 11ull * warps, "warp insns %llu, expected %u",
        (unsigned long long)res.stats.warp_insns, 11 * warps);
  CHECK(res.stats.thread_insns == 11ull * GRID * BLOCK, "thread insns %llu",
        (unsigned long long)res.stats.thread_insns);
  CHECK(res.stats.stores == warps && res.stats.blocks_done == GRID, "stores %llu blocks %llu",
        (unsigned long long)res.stats.stores, (unsigned long long)res.stats.blocks_done);
  CHECK(hook_calls == res.stats.warp_insns, "hook calls %u", hook_calls);
  size_t tn;
  char *t = (char *)slurp(tpath, &tn);
  unsigned lines = 0;
  for (size_t i = 0; t && i < tn; i++)
    lines += t[i] == '\n';
  CHECK(t && lines == res.stats.warp_insns && strncmp(t, "step=", 5) == 0 &&
        strstr(t, " pc=00010000 ") && strstr(t, "ww.exit\n") && strstr(t, "  addr=["),
        "trace: %u lines", lines);
  free(t);

  /* The same launch again reuses the argument block; results are unchanged. */
  CHECK(ww_launch(d, k, GRID, BLOCK, &out, 4) == 0 && ww_wait(d, &res) == 0, "relaunch: %s",
        res.message);
  ww_kernel_free(k);
  ww_dev_close(d);
}

static void expect_trap(const char *kernel, uint32_t block, ww_trap_kind_t kind,
                        const char *const *parts)
{
  ww_dev_t *d = open_dev(5000);
  ww_kernel_t *k = ww_kernel_load(d, kpath(kernel));
  if (!k) {
    CHECK(0, "%s: %s", kernel, ww_dev_error(d));
    ww_dev_close(d);
    return;
  }
  uint32_t buf = ww_dev_alloc(d, 256);
  ww_result_t res;
  CHECK(ww_launch(d, k, 1, block, &buf, 4) == 0, "launch %s: %s", kernel, ww_dev_error(d));
  int rc = ww_wait(d, &res);
  CHECK(rc != 0 && !res.ok && res.trap.kind == kind, "%s: kind %d, message \"%s\"", kernel,
        (int)res.trap.kind, res.message);
  for (unsigned i = 0; parts[i]; i++)
    CHECK(strstr(res.message, parts[i]) != NULL, "%s: \"%s\" not in \"%s\"", kernel, parts[i],
          res.message);
  CHECK(one_line(res.message) && strcmp(ww_dev_error(d), res.message) == 0, "%s", res.message);
  ww_kernel_free(k);
  ww_dev_close(d);
}

static void test_traps(void)
{
  expect_trap("trap_ebreak.elf", 8, WW_TRAP_KERNEL_TRAP, (const char *const[]){
    "trap: kernel trap (ecall/ebreak) at sm 0 warp 0 (block 0) mask 0xff pc 0x00010004: ebreak",
    "[trap_ebreak.S:", NULL });
  expect_trap("trap_misaligned.elf", 4, WW_TRAP_MISALIGNED, (const char *const[]){
    "trap: misaligned access at sm 0 warp 0 (block 0) mask 0x0f pc 0x00010008: lw t2, 2(t1)",
    "[trap_misaligned.S:", "lane", NULL });
  expect_trap("trap_divergent.elf", 8, WW_TRAP_DIVERGENT, (const char *const[]){
    "trap: divergent branch outside split/join at sm 0 warp 0 (block 0) mask 0xff "
    "pc 0x00010008: bne t0, zero, 0x1000c", "[trap_divergent.S:", NULL });
  expect_trap("spin.elf", 8, WW_TRAP_STEP_LIMIT, (const char *const[]){
    "trap: run stopped (step limit, hang or Ctrl-C)", NULL });
}

/* ---- configuration limits ------------------------------------------------------------ */
static void put32(uint8_t *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

/* A minimal kernel ELF with no section headers, entered at the first
 * segment: n PT_LOAD segments, each {vaddr, memsz, flags}, all backed by the
 * same 8 file bytes (ww.exit, nop). */
static void write_elf(const char *path, const uint32_t (*seg)[3], unsigned n)
{
  uint8_t b[256] = { 0x7f, 'E', 'L', 'F', 1, 1, 1 };
  const uint32_t code_off = 52 + 32 * 4;
  b[16] = 2;                                        /* ET_EXEC */
  b[18] = 243;                                      /* EM_RISCV */
  put32(b + 20, 1);                                 /* e_version */
  put32(b + 24, seg[0][0]);                         /* e_entry */
  put32(b + 28, 52);                                /* e_phoff */
  b[40] = 52;                                       /* e_ehsize */
  b[42] = 32;                                       /* e_phentsize */
  b[44] = (uint8_t)n;                               /* e_phnum */
  for (unsigned i = 0; i < n; i++) {
    uint8_t *ph = b + 52 + 32 * i;
    put32(ph + 0, 1);                               /* PT_LOAD */
    put32(ph + 4, code_off);
    put32(ph + 8, seg[i][0]);
    put32(ph + 12, seg[i][0]);
    put32(ph + 16, seg[i][1] < 8 ? seg[i][1] : 8);  /* p_filesz */
    put32(ph + 20, seg[i][1]);
    put32(ph + 24, seg[i][2]);
    put32(ph + 28, 4);
  }
  put32(b + code_off, 0x0600000Bu);                 /* ww.exit */
  put32(b + code_off + 4, 0x00000013u);             /* nop */
  spit(path, b, code_off + 8);
}

/* Code must fit the SM instruction memory (WW_IMEM_BYTES from WW_CODE_BASE):
 * imem_full.elf fills it exactly and runs to its last word; imem_over.elf has
 * one byte more and is refused at load time, naming the limit and the size.
 * Hand-made images without section headers check the PF_X segment fallback
 * and overlapping segments. */
static void test_limits(void)
{
  ww_dev_t *d = open_dev(0);
  ww_kernel_t *k = ww_kernel_load(d, kpath("imem_full.elf"));
  CHECK(k != NULL, "code of exactly WW_IMEM_BYTES loads: %s", ww_dev_error(d));
  if (k) {
    uint32_t out = ww_dev_alloc(d, 4 * 16), last = 0, got[16];
    ww_result_t res;
    CHECK(ww_dev_copy_from(d, &last, WW_CODE_BASE + WW_IMEM_BYTES - 4, 4) == 0 &&
          last == 0x0600000Bu, "last word of the instruction memory 0x%08x, want ww.exit", last);
    CHECK(ww_launch(d, k, 2, 8, &out, 4) == 0 && ww_wait(d, &res) == 0 && res.ok,
          "imem_full runs: %s", res.message);
    ww_dev_copy_from(d, got, out, sizeof got);
    unsigned wrong = 0;
    for (unsigned i = 0; i < 16; i++)
      wrong += got[i] != i;
    CHECK(wrong == 0, "imem_full: %u wrong words", wrong);
    ww_kernel_free(k);
  }
  char want[200];
  snprintf(want, sizeof want, "imem_over.elf: kernel code is %u bytes; the SM instruction memory "
           "holds %u bytes (WW_IMEM_BYTES", WW_IMEM_BYTES + 1, WW_IMEM_BYTES);
  expect_refused(d, kpath("imem_over.elf"), want);
  /* Without section headers the PF_X segments are the code. */
  size_t n;
  uint8_t *img = slurp(kpath("imem_over.elf"), &n);
  uint8_t zero4[4] = { 0 };
  if (img && n > 52) {
    snprintf(want, sizeof want, "kernel code is %u bytes", WW_IMEM_BYTES + 1);
    mutate_and_expect(d, img, n, 32, zero4, 4, want);       /* e_shoff = 0 */
  } else {
    CHECK(0, "read imem_over.elf");
  }
  free(img);
  char path[512];
  snprintf(path, sizeof path, "%s/made.elf", tmpdir);
  const uint32_t ok2[2][3] = { { WW_CODE_BASE, 8, 5 }, { WW_CODE_BASE + 64, 4, 6 } };
  write_elf(path, ok2, 2);
  k = ww_kernel_load(d, path);
  CHECK(k != NULL, "hand-made image: %s", ww_dev_error(d));
  ww_kernel_free(k);
  const uint32_t big[1][3] = { { WW_CODE_BASE, WW_IMEM_BYTES + 1, 5 } };
  write_elf(path, big, 1);
  expect_refused(d, path, want);
  const uint32_t fits[1][3] = { { WW_CODE_BASE, WW_IMEM_BYTES, 5 } };
  write_elf(path, fits, 1);
  k = ww_kernel_load(d, path);
  CHECK(k != NULL, "PF_X segment of WW_IMEM_BYTES: %s", ww_dev_error(d));
  ww_kernel_free(k);
  const uint32_t above[2][3] = { { WW_CODE_BASE + 64, WW_IMEM_BYTES, 5 }, { WW_CODE_BASE, 8, 6 } };
  write_elf(path, above, 2);
  snprintf(want, sizeof want, "kernel code [0x%08x, 0x%08x) ends %u bytes above WW_CODE_BASE",
           WW_CODE_BASE + 64, WW_CODE_BASE + 64 + WW_IMEM_BYTES, WW_IMEM_BYTES + 64);
  expect_refused(d, path, want);
  const uint32_t overlap[2][3] = { { WW_CODE_BASE, 8, 5 }, { WW_CODE_BASE + 4, 4, 6 } };
  write_elf(path, overlap, 2);
  expect_refused(d, path, "segment 1 [0x00010004, 0x00010008) overlaps segment [0x00010000, 0x00010008)");
  ww_dev_close(d);
}

int main(int argc, char **argv)
{
  if (argc > 1)
    kdir = argv[1];
  char cmd[600];
  snprintf(cmd, sizeof cmd, "mkdir -p %s", tmpdir);
  if (system(cmd) != 0)
    return 1;
  test_device();
  test_elf_checks();
  test_load_and_launch();
  test_run_ok();
  test_traps();
  test_limits();
  test_elf_fuzz();
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
