/* SPDX-License-Identifier: Apache-2.0
 *
 * sw_tests -- runs the kernel suite (sw/kernels/) on a Warpwatch device
 * through the host runtime and checks every result against a host C
 * reference.
 *
 *   sw_tests [--only=GROUP] [--seed=N] [--seeds=A,B,...] [--elf-dir=DIR] [--list] [--det] [--runs=FILE]
 *
 * Each selected group runs once per interleaving seed: round robin (0) and
 * two random interleavings by default; --seed=N adds N, --seeds replaces
 * the list. Invoked through a symlink named after a group
 * (build/tests/sw/vecadd -> sw_tests), it runs that group only: the test
 * list (sw/sw.mk) cannot pass arguments. Prints one PASS/FAIL line per check
 * and ends with "N passed, N failed"; exits 1 on any failure. --det runs
 * the golden model in GPUDet's deterministic mode (docs/det.md): every
 * race-free kernel must still reach its host reference.
 */
#include "sw_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEEDS 32

/* ---- reporting ----------------------------------------------------------------- */
int swt_check(swt_t *t, int ok, const char *fmt, ...)
{
  va_list ap;
  printf("%s [%s seed=%llu] ", ok ? "PASS" : "FAIL", t->group, (unsigned long long)t->seed);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
  fflush(stdout);
  if (ok)
    t->pass++;
  else
    t->fail++;
  return ok;
}

void swt_note(swt_t *t, const char *fmt, ...)
{
  va_list ap;
  (void)t;
  fputs("      ", stdout);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
}

size_t swt_diff_words(swt_t *t, const char *what, const uint32_t *got, const uint32_t *want,
                      size_t n)
{
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (got[i] == want[i])
      continue;
    if (bad < 8)
      swt_note(t, "%s[%zu]: got 0x%08x (%d), want 0x%08x (%d)", what, i, got[i],
               (int32_t)got[i], want[i], (int32_t)want[i]);
    bad++;
  }
  if (bad > 8)
    swt_note(t, "%s: %zu mismatches in all", what, bad);
  return bad;
}

uint32_t swt_live_mask(uint32_t ntid, uint32_t w)
{
  uint32_t live = ntid > w * WW_LANES ? ntid - w * WW_LANES : 0;
  if (live > WW_LANES)
    live = WW_LANES;
  return live >= 32 ? 0xFFFFFFFFu : (1u << live) - 1;
}

/* ---- device helpers ---------------------------------------------------------------- */
ww_kernel_t *swt_kernel(swt_t *t, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s.elf", t->elf_dir, name);
  if (t->nkernels == SWT_MAX_KERNELS) {
    swt_check(t, 0, "load %s: more than %d kernels in one group", path, SWT_MAX_KERNELS);
    return NULL;
  }
  ww_kernel_t *k = ww_kernel_load(t->dev, path);
  if (!k)
    swt_check(t, 0, "load %s: %s", path, ww_dev_error(t->dev));
  else
    t->kernels[t->nkernels++] = k;
  return k;
}

uint32_t swt_alloc(swt_t *t, size_t bytes)
{
  uint32_t a = bytes <= UINT32_MAX ? ww_dev_alloc(t->dev, (uint32_t)bytes) : 0;
  if (!a)
    swt_check(t, 0, "allocate %zu bytes: %s", bytes, ww_dev_error(t->dev));
  else if (t->nreg < SWT_MAX_REGIONS) {
    t->reg_addr[t->nreg] = a;
    t->reg_bytes[t->nreg++] = (uint32_t)bytes;
  }
  return a;
}

/* --runs=FILE: one JSON line per completed launch (see usage); on the RTL
 * (g_rtl) with GPUDet's mode cycles, which the model does not have */
static FILE *g_runs;
static int g_rtl;

/* FNV-1a over the group's allocations: what its kernels left in memory */
static uint64_t digest(swt_t *t)
{
  uint64_t h = 1469598103934665603ull;
  uint8_t buf[4096];
  for (int r = 0; r < t->nreg; r++)
    for (uint32_t o = 0; o < t->reg_bytes[r]; o += sizeof buf) {
      uint32_t n = t->reg_bytes[r] - o < sizeof buf ? t->reg_bytes[r] - o : (uint32_t)sizeof buf;
      if (ww_dev_copy_from(t->dev, buf, t->reg_addr[r] + o, n) != 0)
        return 0;
      for (uint32_t i = 0; i < n; i++)
        h = (h ^ buf[i]) * 1099511628211ull;
    }
  return h;
}

static void log_run(swt_t *t, const char *what, const ww_result_t *res)
{
  const ww_gpu_stats_t *s = &res->stats;
  fprintf(g_runs, "{\"group\": \"%s\", \"seed\": %llu, \"launch\": %d, \"what\": ", t->group,
          (unsigned long long)t->seed, t->launches);
  ww_json_str(g_runs, what);
  fprintf(g_runs, ", \"det\": %s, \"steps\": %llu, \"warp_insns\": %llu, \"digest\": \"%016llx\"",
          t->det ? "true" : "false", (unsigned long long)s->steps,
          (unsigned long long)s->warp_insns, (unsigned long long)digest(t));
  if (t->det)
    fprintf(g_runs, ", \"quanta\": %llu", (unsigned long long)s->det_quanta);
  if (t->det && g_rtl)
    fprintf(g_runs, ", \"cycles_dist\": %llu, \"cycles_par\": %llu, "
            "\"cycles_commit\": %llu, \"cycles_serial\": %llu",
            (unsigned long long)s->det_cycles_dist,
            (unsigned long long)s->det_cycles_par, (unsigned long long)s->det_cycles_commit,
            (unsigned long long)s->det_cycles_serial);
  fputs("}\n", g_runs);
  fflush(g_runs);
}

uint32_t swt_upload(swt_t *t, const void *src, size_t bytes)
{
  uint32_t a = swt_alloc(t, bytes);
  if (a && ww_dev_copy_to(t->dev, a, src, bytes) != 0) {
    swt_check(t, 0, "copy %zu bytes to 0x%08x: %s", bytes, a, ww_dev_error(t->dev));
    return 0;
  }
  return a;
}

uint32_t swt_fill(swt_t *t, size_t bytes, uint32_t word)
{
  size_t n = (bytes + 3) / 4;
  uint32_t *buf = malloc(n * 4 + 4);
  if (!buf) {
    swt_check(t, 0, "out of host memory");
    return 0;
  }
  for (size_t i = 0; i < n; i++)
    buf[i] = word;
  uint32_t a = swt_upload(t, buf, bytes);
  free(buf);
  return a;
}

int swt_download(swt_t *t, void *dst, uint32_t addr, size_t bytes)
{
  if (ww_dev_copy_from(t->dev, dst, addr, bytes) != 0) {
    swt_check(t, 0, "copy %zu bytes from 0x%08x: %s", bytes, addr, ww_dev_error(t->dev));
    return -1;
  }
  return 0;
}

int swt_run(swt_t *t, const char *what, const ww_kernel_t *k, uint32_t grid, uint32_t block,
            const void *args, size_t args_bytes, ww_result_t *res)
{
  if (ww_launch(t->dev, k, grid, block, args, args_bytes) != 0) {
    swt_check(t, 0, "%s: launch grid %u x block %u: %s", what, grid, block,
              ww_dev_error(t->dev));
    return -1;
  }
  if (ww_wait(t->dev, res) != 0 || !res->ok) {
    swt_check(t, 0, "%s: grid %u x block %u did not complete", what, grid, block);
    const char *m = res->message[0] ? res->message : ww_dev_error(t->dev);
    /* indent every line of the trap report */
    while (m && *m) {
      const char *nl = strchr(m, '\n');
      int len = nl ? (int)(nl - m) : (int)strlen(m);
      swt_note(t, "%.*s", len, m);
      m = nl ? nl + 1 : NULL;
    }
    return -1;
  }
  const ww_memcheck_err_t *e;
  uint64_t errors;
  if (ww_dev_memcheck(t->dev, &e, &errors) && errors) {
    swt_check(t, 0, "%s: grid %u x block %u: memcheck found %llu invalid accesses; the first: "
              "%s of %u bytes at 0x%08x (%s), pc 0x%08x", what, grid, block,
              (unsigned long long)errors, ww_memcheck_kind_text(e[0].kind), e[0].bytes, e[0].addr,
              e[0].where, e[0].pc);
    return -1;
  }
  if (g_runs)
    log_run(t, what, res);
  t->launches++;
  return 0;
}

/* ---- main ------------------------------------------------------------------------------ */
static const swt_group_t *find_group(const char *name)
{
  for (size_t i = 0; i < swt_isa_ngroups; i++)
    if (!strcmp(swt_isa_groups[i].name, name))
      return &swt_isa_groups[i];
  for (size_t i = 0; i < swt_suite_ngroups; i++)
    if (!strcmp(swt_suite_groups[i].name, name))
      return &swt_suite_groups[i];
  return NULL;
}

static void usage(FILE *f)
{
  fprintf(f, "usage: sw_tests [--only=GROUP] [--seed=N] [--seeds=A,B,...] [--elf-dir=DIR] [--list]\n"
             "                [--backend=cmodel|verilator] [--cosim=sync|strict|follow|off] [--memcheck]\n"
             "                [--det] [--det-serial=sm|warp] [--det-commit=zbuf|lock] [--det-dwp]\n"
             "                [--runs=FILE] [--port=DEV]\n"
             "  (or run through a symlink named after a group)\n"
             "  --backend=verilator runs the RTL co-simulated against the golden model\n"
             "  (sw_tests_rtl only; --cosim sync by default); the seeds then seed the\n"
             "  RTL's DRAM timing (0: fixed).\n"
             "  --det runs GPUDet's deterministic mode (docs/det.md); on the RTL without\n"
             "  co-simulation, its final memory compared with the golden model's;\n"
             "  --det-serial=warp: the RTL's serial mode one atomic at a time (W-Ser);\n"
             "  --det-commit=lock: the RTL's lock-based commit, one entry at a time;\n"
             "  --det-dwp: deterministic workgroup partitioning (GPUDet sec. 4.2.2), a\n"
             "  busy block slot refilled in parallel mode (both backends).\n"
             "  --runs=FILE appends one JSON line per completed launch: group, seed,\n"
             "  launch (its index in the group), what, det, steps (cycles on the RTL),\n"
             "  warp_insns, digest (FNV-1a of the group's allocations after it), and\n"
             "  with --det quanta, and on the RTL the cycles of each mode (make bench-det).\n"
             "  --backend=fpga --port=DEV runs on the FPGA over its UART host link (sw_tests_fpga\n"
             "  only; --port=sim: the Verilated FPGA top behind a pty, docs/fpga.md); use\n"
             "  --seeds=0 (the hardware has its own timing).\n");
}

static void list_groups(void)
{
  for (size_t i = 0; i < swt_isa_ngroups; i++)
    printf("%-14s %s\n", swt_isa_groups[i].name, swt_isa_groups[i].what);
  for (size_t i = 0; i < swt_suite_ngroups; i++)
    printf("%-14s %s\n", swt_suite_groups[i].name, swt_suite_groups[i].what);
}

static int parse_seeds(const char *s, uint64_t *seeds, int *n)
{
  *n = 0;
  while (*s) {
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *n >= MAX_SEEDS)
      return -1;
    seeds[(*n)++] = v;
    s = *end == ',' ? end + 1 : end;
    if (*end && *end != ',')
      return -1;
  }
  return *n ? 0 : -1;
}

int main(int argc, char **argv)
{
  uint64_t seeds[MAX_SEEDS] = { 0, 1, 20240607 };
  int nseeds = 3;
  const char *only = NULL;
  const char *elf_dir = "build/kernels";
  const char *backend = "cmodel";
  const char *port = NULL;
  int cosim = WW_COSIM_SYNC, have_cosim = 0;
  int memcheck = 0;
  int det = 0, det_wser = 0, det_lock = 0, det_dwp = 0;

  /* Invoked as build/tests/sw/<group>? */
  const char *base = strrchr(argv[0], '/');
  base = base ? base + 1 : argv[0];
  if (strcmp(base, "sw_tests") != 0 && find_group(base))
    only = base;

  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strncmp(a, "--only=", 7)) {
      only = a + 7;
    } else if (!strncmp(a, "--seed=", 7)) {
      if (nseeds >= MAX_SEEDS) {
        fprintf(stderr, "sw_tests: too many seeds\n");
        return 2;
      }
      char *end;
      seeds[nseeds++] = strtoull(a + 7, &end, 0);
      if (*end || end == a + 7) {
        fprintf(stderr, "sw_tests: bad seed '%s'\n", a + 7);
        return 2;
      }
    } else if (!strncmp(a, "--seeds=", 8)) {
      if (parse_seeds(a + 8, seeds, &nseeds) != 0) {
        fprintf(stderr, "sw_tests: bad seed list '%s'\n", a + 8);
        return 2;
      }
    } else if (!strncmp(a, "--backend=", 10)) {
      backend = a + 10;
      if (!ww_backend_find(backend)) {
        fprintf(stderr, "sw_tests: backend '%s' is not in this program\n", backend);
        return 2;
      }
    } else if (!strncmp(a, "--cosim=", 8)) {
      cosim = ww_cosim_mode(a + 8);
      have_cosim = 1;
      if (cosim < 0) {
        fprintf(stderr, "sw_tests: --cosim=%s: expected sync, strict, follow or off\n", a + 8);
        return 2;
      }
    } else if (!strcmp(a, "--memcheck")) {
      memcheck = 1;
    } else if (!strcmp(a, "--det")) {
      det = 1;
    } else if (!strcmp(a, "--det-serial=warp") || !strcmp(a, "--det-serial=sm")) {
      det_wser = !strcmp(a, "--det-serial=warp");
    } else if (!strcmp(a, "--det-commit=lock") || !strcmp(a, "--det-commit=zbuf")) {
      det_lock = !strcmp(a, "--det-commit=lock");
    } else if (!strcmp(a, "--det-dwp")) {
      det_dwp = 1;
    } else if (!strncmp(a, "--runs=", 7)) {
      if (!(g_runs = fopen(a + 7, "a"))) {
        fprintf(stderr, "sw_tests: --runs=%s: cannot open it for appending\n", a + 7);
        return 2;
      }
    } else if (!strncmp(a, "--port=", 7)) {
      port = a + 7;
    } else if (!strncmp(a, "--elf-dir=", 10)) {
      elf_dir = a + 10;
    } else if (!strcmp(a, "--list")) {
      list_groups();
      return 0;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else {
      usage(stderr);
      return 2;
    }
  }

  if (det_dwp && !det) {
    fprintf(stderr, "sw_tests: --det-dwp partitions GPUDet's work distribution: it needs --det\n");
    return 2;
  }
  g_rtl = strcmp(backend, "cmodel") != 0;
  /* GPUDet on the RTL runs without co-simulation: the backend compares the
   * final memory with the golden model's in deterministic mode instead */
  if (det && strcmp(backend, "cmodel") != 0) {
    if (have_cosim && cosim != WW_COSIM_OFF) {
      fprintf(stderr, "sw_tests: --det on the RTL runs without co-simulation: drop --cosim\n");
      return 2;
    }
    cosim = WW_COSIM_OFF;
  }

  const swt_group_t *sel = NULL;
  if (only && !(sel = find_group(only))) {
    fprintf(stderr, "sw_tests: no test group '%s' (--list names them)\n", only);
    return 2;
  }

  int pass = 0, fail = 0;
  size_t ngroups = swt_isa_ngroups + swt_suite_ngroups;
  for (int s = 0; s < nseeds; s++) {
    for (size_t g = 0; g < ngroups; g++) {
      const swt_group_t *grp = g < swt_isa_ngroups ? &swt_isa_groups[g]
                                                   : &swt_suite_groups[g - swt_isa_ngroups];
      if (sel && grp != sel)
        continue;
      swt_t t = { .seed = seeds[s], .det = det, .group = grp->name, .elf_dir = elf_dir };
      ww_dev_opts_t opts = { .backend = backend, .seed = seeds[s], .max_steps = 0,
                             .cosim = cosim, .memcheck = memcheck, .det = det,
                             .det_wser = det_wser, .det_lock = det_lock,
                             .det_dwp = det_dwp, .port = port };
      char err[256] = "";
      t.dev = ww_dev_open(&opts, err, sizeof err);
      if (!t.dev) {
        swt_check(&t, 0, "open device: %s", err);
      } else {
        grp->run(&t);
        for (int i = 0; i < t.nkernels; i++)
          ww_kernel_free(t.kernels[i]);
        ww_dev_close(t.dev);
      }
      pass += t.pass;
      fail += t.fail;
    }
  }
  printf("%d passed, %d failed\n", pass, fail);
  return fail ? 1 : 0;
}
