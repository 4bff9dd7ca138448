/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sc_job -- a suite kernel prepared, run on the golden model and checked
 * for the SystemC host driver (see ww_sc_job.h). The inputs and the host
 * references follow sw/tests/suite_tests.c: random words, a sentinel tail
 * after every result buffer that the kernel must leave alone.
 */
#include "ww_sc_job.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_rng.h"
#include "ww_rt_internal.h"   /* ww_trap_format */
#include "ww_stalls.h"

#define SLACK    16u             /* sentinel words after a result buffer */
#define SENTINEL 0xDEADBEEFu
#define MAX_N    (1u << 20)      /* problem size limit (host buffers) */
#define HIST_BINS 61u            /* histogram: bins (not a power of two) */

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (err && n)
    vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return -1;
}

/* Device memory for `bytes` bytes of src (NULL: zeroes); 0 when it does not fit. */
static uint32_t place(ww_sc_job_t *j, const void *src, uint32_t bytes)
{
  uint32_t a = ww_dev_alloc(j->dev, bytes);
  if (!a)
    return 0;
  if (src && ww_dev_copy_to(j->dev, a, src, bytes) != 0)
    return 0;
  if (a + bytes > j->img_hi)
    j->img_hi = a + bytes;
  return a;
}

/* A result buffer of `words` words with the sentinel tail, want[] filled by the caller. */
static ww_sc_out_t *add_out(ww_sc_job_t *j, const char *name, uint32_t words)
{
  ww_sc_out_t *o = &j->out[j->n_out++];
  snprintf(o->name, sizeof o->name, "%s", name);
  o->bytes = 4 * (words + SLACK);
  o->want = calloc(words + SLACK, 4);
  o->golden = calloc(words + SLACK, 4);
  if (!o->want || !o->golden)
    return NULL;
  for (uint32_t i = words; i < words + SLACK; i++)
    o->want[i] = SENTINEL;
  return o;
}

static uint32_t ceil_div(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

/* c[i] = a[i] + b[i] */
static int setup_vecadd(ww_sc_job_t *j, uint32_t n, uint32_t block)
{
  ww_rng_t r = { 100 + n };
  uint32_t *a = calloc(n, 4), *b = calloc(n, 4);
  ww_sc_out_t *c = add_out(j, "c", n);
  int ok = a && b && c;
  for (uint32_t i = 0; ok && i < n; i++) {
    a[i] = (uint32_t)ww_rng_next(&r);
    b[i] = (uint32_t)ww_rng_next(&r);
    c->want[i] = a[i] + b[i];
  }
  /* the result buffer starts as sentinels everywhere */
  uint32_t *fill = ok ? malloc(c->bytes) : NULL;
  for (uint32_t i = 0; fill && i < c->bytes / 4; i++)
    fill[i] = SENTINEL;
  if (fill) {
    j->args[0] = place(j, a, 4 * n);
    j->args[1] = place(j, b, 4 * n);
    j->args[2] = c->addr = place(j, fill, c->bytes);
  }
  free(a), free(b), free(fill);
  j->args[3] = n;
  j->args_words = 4;
  j->launch.grid = ceil_div(n, block);
  return j->args[0] && j->args[1] && j->args[2] ? 0 : -1;
}

/* y[i] = a * x[i] + y[i], grid-stride */
static int setup_saxpy(ww_sc_job_t *j, uint32_t n)
{
  ww_rng_t r = { 200 + n };
  const int32_t alpha = -7;
  uint32_t *x = calloc(n, 4);
  ww_sc_out_t *y = add_out(j, "y", n);
  uint32_t *y0 = calloc(n + SLACK, 4);
  int ok = x && y && y0;
  for (uint32_t i = 0; ok && i < n; i++) {
    x[i] = (uint32_t)ww_rng_next(&r);
    y0[i] = (uint32_t)ww_rng_next(&r);
    y->want[i] = (uint32_t)alpha * x[i] + y0[i];   /* int32 wrap, as on RV32 */
  }
  for (uint32_t i = n; ok && i < n + SLACK; i++)
    y0[i] = SENTINEL;
  if (ok) {
    j->args[0] = (uint32_t)alpha;
    j->args[1] = place(j, x, 4 * n);
    j->args[2] = y->addr = place(j, y0, y->bytes);
    j->args[3] = n;
    j->args_words = 4;
  }
  free(x), free(y0);
  return ok && j->args[1] && j->args[2] ? 0 : -1;
}

/* bins[v % nbins]++: shared (block-scope) then global (device-scope) atomics */
static int setup_histogram(ww_sc_job_t *j, uint32_t n)
{
  ww_rng_t r = { 600 + n };
  uint32_t *in = calloc(n, 4);
  ww_sc_out_t *bins = add_out(j, "bins", HIST_BINS);
  uint32_t *b0 = calloc(HIST_BINS + SLACK, 4);
  int ok = in && bins && b0;
  for (uint32_t i = 0; ok && i < n; i++) {
    /* skewed: a third of the values hit bin 0 (contention on one word) */
    in[i] = ww_rng_chance(&r, 1, 3) ? HIST_BINS * (uint32_t)ww_rng_below(&r, 1000)
                                    : (uint32_t)ww_rng_next(&r);
    bins->want[in[i] % HIST_BINS]++;
  }
  for (uint32_t i = HIST_BINS; ok && i < HIST_BINS + SLACK; i++)
    b0[i] = SENTINEL;
  if (ok) {
    j->args[0] = place(j, in, 4 * n);
    j->args[1] = n;
    j->args[2] = bins->addr = place(j, b0, bins->bytes);
    j->args[3] = HIST_BINS;
    j->args_words = 4;
  }
  free(in), free(b0);
  return ok && j->args[0] && j->args[2] ? 0 : -1;
}

static const struct {
  const char *name;
  uint32_t n, grid;         /* defaults; grid 0: ceil(n / block) */
} kernels[] = {
  { "vecadd", 1000, 0 },
  { "saxpy", 1001, 5 },
  { "histogram", 2000, 6 },
};

const char *ww_sc_job_kernels(void) { return "vecadd, saxpy, histogram"; }

int ww_sc_job_prepare(ww_sc_job_t *j, const char *backend, const char *kernel, const char *elf,
                      uint32_t n, uint32_t block, uint32_t grid, char *err, size_t err_len)
{
  memset(j, 0, sizeof *j);
  snprintf(j->kernel, sizeof j->kernel, "%s", kernel ? kernel : "");
  ww_dev_opts_t o = { 0 };
  o.backend = backend;
  o.cosim = WW_COSIM_OFF;   /* the verilator backend (cross-check): the RTL alone */
  char why[300];
  if (!(j->dev = ww_dev_open(&o, why, sizeof why)))
    return fail(err, err_len, "%s device: %s", backend, why);
  /* the ELF first: a bad file is reported as such, whatever its name */
  if (!(j->k = ww_kernel_load(j->dev, elf)))
    return fail(err, err_len, "kernel ELF %s", ww_dev_error(j->dev));
  unsigned ki = 0;
  while (ki < sizeof kernels / sizeof kernels[0] && strcmp(kernels[ki].name, j->kernel) != 0)
    ki++;
  if (ki == sizeof kernels / sizeof kernels[0])
    return fail(err, err_len, "no host setup for kernel '%s' (this driver knows %s; --kernel NAME)",
                j->kernel, ww_sc_job_kernels());
  if (!n)
    n = kernels[ki].n;
  if (n > MAX_N)
    return fail(err, err_len, "n = %u is above this driver's limit of %u elements", n, MAX_N);
  const uint32_t max_block = WW_WARPS_PER_SM * WW_LANES;
  if (!block)
    block = max_block;
  if (block > max_block)
    return fail(err, err_len, "block of %u threads: this GPU takes 1..%u (WARPS_PER_SM x LANES)",
                block, max_block);
  /* the copy starts at the lowest address an image may use (the end of the null guard) */
  j->img_lo = j->img_hi = WW_NULL_GUARD_BYTES;
  j->launch.entry_pc = ww_kernel_entry(j->k);
  j->launch.block = block;
  int r = ki == 0 ? setup_vecadd(j, n, block) : ki == 1 ? setup_saxpy(j, n) : setup_histogram(j, n);
  if (r != 0)
    return fail(err, err_len, "%s: the inputs (n = %u) do not fit device memory "
                "(or host memory is short)", j->kernel, n);
  if (grid)
    j->launch.grid = grid;
  else if (!j->launch.grid)
    j->launch.grid = kernels[ki].grid ? kernels[ki].grid : ceil_div(n, block);
  /* the runtime's launch writes the argument block (its own allocation) and
   * starts the grid on the device; the SystemC GPU gets the same kargs */
  if (ww_launch(j->dev, j->k, j->launch.grid, j->launch.block, j->args, 4 * j->args_words) != 0)
    return fail(err, err_len, "%s: %s", j->kernel, ww_dev_error(j->dev));
  j->launch.kargs = j->dev->args_addr;
  if (j->dev->args_addr + j->dev->args_cap > j->img_hi)
    j->img_hi = j->dev->args_addr + j->dev->args_cap;
  snprintf(j->what, sizeof j->what, "n %u, grid %u x block %u", n, j->launch.grid, block);
  /* the image the SystemC memory gets: code, data, inputs, arguments */
  j->img = malloc(j->img_hi - j->img_lo);
  if (!j->img || ww_dev_copy_from(j->dev, j->img, j->img_lo, j->img_hi - j->img_lo) != 0)
    return fail(err, err_len, "%s: cannot read back the device image", j->kernel);
  return 0;
}

int ww_sc_job_wait(ww_sc_job_t *j, char *err, size_t err_len)
{
  ww_result_t res;
  if (ww_wait(j->dev, &res) != 0)
    return fail(err, err_len, "%s backend: %s", j->dev->ops->name, ww_dev_error(j->dev));
  j->dev_steps = res.stats.steps;
  for (unsigned i = 0; i < j->n_out; i++)
    if (ww_dev_copy_from(j->dev, j->out[i].golden, j->out[i].addr, j->out[i].bytes) != 0)
      return fail(err, err_len, "%s backend: cannot read %s", j->dev->ops->name, j->out[i].name);
  return 0;
}

size_t ww_sc_job_check(const ww_sc_job_t *j, unsigned i, const uint32_t *got, FILE *f)
{
  const ww_sc_out_t *o = &j->out[i];
  size_t bad = 0;
  for (uint32_t w = 0; w < o->bytes / 4; w++) {
    if (got[w] == o->want[w] && got[w] == o->golden[w])
      continue;
    if (bad++ < 8 && f)
      fprintf(f, "  %s[%u] at 0x%08x: SystemC 0x%08x, host reference 0x%08x, golden model 0x%08x\n",
              o->name, w, o->addr + 4 * w, got[w], o->want[w], o->golden[w]);
  }
  if (bad > 8 && f)
    fprintf(f, "  ... %zu differing words in %s\n", bad, o->name);
  return bad;
}

void ww_sc_job_free(ww_sc_job_t *j)
{
  for (unsigned i = 0; i < j->n_out; i++) {
    free(j->out[i].want);
    free(j->out[i].golden);
  }
  free(j->img);
  ww_kernel_free(j->k);
  ww_dev_close(j->dev);
  memset(j, 0, sizeof *j);
}

/* ---- the command line ---------------------------------------------------------- */
static const char usage[] =
    "usage: ww_sc [options] KERNEL.elf\n"
    "  Runs a suite kernel on the SystemC model of the GPU (docs/systemc.md): the\n"
    "  Verilated ww_gpu, a TLM-2.0 DRAM target, the DRAM-port bridge, a host\n"
    "  driver; checks the results against the host reference and the golden model.\n"
    "  --kernel NAME       suite kernel whose inputs and checks to use (vecadd, saxpy,\n"
    "                      histogram; default: the ELF's base name)\n"
    "  --n N               problem size (default: the kernel's)\n"
    "  --block B           threads per block (default: WARPS_PER_SM x LANES)\n"
    "  --grid G            blocks (default: the kernel's)\n"
    "  --latency L         DRAM access latency in cycles (default: WW_DRAM_LATENCY - 1)\n"
    "  --bandwidth B       DRAM bytes per cycle per channel (default: LINE_BYTES)\n"
    "  --max-cycles N      kernel cycle limit (default: 2000000)\n"
    "  --vcd FILE          VCD of the GPU's ports\n"
    "  --quiet             the summary line only\n"
    "Exit status: 0 results match, 1 mismatch, 2 usage or setup error, 3 cycle limit,\n"
    "4 trap.\n";

static int parse_u64(const char *opt, const char *s, uint64_t lo, uint64_t hi, uint64_t *v,
                     char *err, size_t n)
{
  char *end = NULL;
  unsigned long long x = s ? strtoull(s, &end, 0) : 0;
  if (!s || !*s || *end || s[0] == '-' || x < lo || x > hi)
    return fail(err, n, "%s needs a number %llu..%llu, got '%s'", opt, (unsigned long long)lo,
                (unsigned long long)hi, s ? s : "");
  *v = x;
  return 0;
}

int ww_sc_opts_parse(int argc, char **argv, ww_sc_opts_t *o, char *err, size_t err_len)
{
  memset(o, 0, sizeof *o);
  o->latency = WW_DRAM_LATENCY - 1;
  o->bytes_per_cycle = WW_LINE_BYTES;
  o->max_cycles = 2000000;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t x = 0;
    int r = 0, takes = 1;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 1;
    } else if (!strcmp(a, "--quiet")) {
      o->quiet = 1, takes = 0;
    } else if (!strcmp(a, "--kernel") && v) {
      o->kernel = v;
    } else if (!strcmp(a, "--vcd") && v) {
      o->vcd = v;
    } else if (!strcmp(a, "--n")) {
      r = parse_u64(a, v, 1, MAX_N, &x, err, err_len), o->n = (uint32_t)x;
    } else if (!strcmp(a, "--block")) {
      r = parse_u64(a, v, 1, WW_WARPS_PER_SM * WW_LANES, &x, err, err_len), o->block = (uint32_t)x;
    } else if (!strcmp(a, "--grid")) {
      r = parse_u64(a, v, 1, 1u << 16, &x, err, err_len), o->grid = (uint32_t)x;
    } else if (!strcmp(a, "--latency")) {
      r = parse_u64(a, v, 0, 100000, &x, err, err_len), o->latency = (unsigned)x;
    } else if (!strcmp(a, "--bandwidth")) {
      r = parse_u64(a, v, 1, 1u << 16, &x, err, err_len), o->bytes_per_cycle = (unsigned)x;
    } else if (!strcmp(a, "--max-cycles")) {
      r = parse_u64(a, v, 1, UINT64_MAX / 2, &x, err, err_len), o->max_cycles = x;
    } else if (a[0] == '-' && a[1]) {
      return fail(err, err_len, "unknown option or missing value: %s (--help lists them)", a);
    } else if (!o->elf) {
      o->elf = a, takes = 0;
    } else {
      return fail(err, err_len, "one kernel ELF only: '%s' and '%s'", o->elf, a);
    }
    if (r)
      return -1;
    i += takes;
  }
  if (!o->elf)
    return fail(err, err_len, "no kernel ELF given (--help for usage)");
  if (!o->kernel) {   /* the ELF's base name without .elf */
    const char *b = strrchr(o->elf, '/');
    snprintf(o->kbuf, sizeof o->kbuf, "%s", b ? b + 1 : o->elf);
    char *dot = strrchr(o->kbuf, '.');
    if (dot && !strcmp(dot, ".elf"))
      *dot = '\0';
    o->kernel = o->kbuf;
  }
  return 0;
}

/* ---- the report -------------------------------------------------------------- */
int ww_sc_report(FILE *f, const ww_sc_job_t *j, const ww_sc_run_t *r, int quiet)
{
  ww_stall_run_t sr;
  memset(&sr, 0, sizeof sr);
  snprintf(sr.name, sizeof sr.name, "%s (SystemC)", j->kernel);
  sr.cycles = r->cycles;
  sr.n_sm = WW_NUM_SM;
  memcpy(sr.cnt, r->gsi, sizeof r->gsi);
  char why[300] = "";
  int gsi_ok = r->status != WW_SC_DONE || ww_stalls_check(&sr, why, sizeof why) == 0;
  if (quiet)
    return gsi_ok ? 0 : (fprintf(f, "GSI counters do not add up: %s\n", why), -1);
  fprintf(f, "kernel %s (%s): %llu cycles (busy_o or done_o; %llu from the start pulse to "
          "done_o), %llu warp instructions, %llu thread instructions, %llu blocks\n", j->kernel,
          j->what, (unsigned long long)r->cycles, (unsigned long long)r->kernel_cycles,
          (unsigned long long)r->warp_insns, (unsigned long long)r->thread_insns,
          (unsigned long long)r->blocks);
  fprintf(f, "simulation: %.2f s wall, %.1f kcycles/s (reset and instruction loading included "
          "in the wall time)\n", r->sim_seconds,
          r->sim_seconds > 0 ? (double)r->kernel_cycles / r->sim_seconds / 1e3 : 0.0);
  fprintf(f, "DRAM: latency %u + transfer %u cycles per line (%u bytes/cycle/channel) = "
          "ww_dram latency %u, interval %u; %llu reads, %llu writes, %llu bytes, %llu waited "
          "for a busy channel (bridge: %llu request-cycles), %llu refused\n",
          r->latency, r->xfer, r->bytes_per_cycle, r->latency + r->xfer, r->xfer,
          (unsigned long long)r->dram_reads, (unsigned long long)r->dram_writes,
          (unsigned long long)r->dram_bytes, (unsigned long long)r->dram_queued,
          (unsigned long long)r->dram_busy_cycles, (unsigned long long)r->dram_refused);
  if (r->status != WW_SC_DONE)
    return gsi_ok ? 0 : -1;
  fprintf(f, "GSI stall counters (gsi_rd_*):\n");
  ww_stalls_print(f, &sr);
  static const char *const tm_name[WW_TM_CNT_N] = {
#define WW_SC_NAME(n, i, text) [i] = text,
    WW_TM_CNT_LIST(WW_SC_NAME)
  };
  static const char *const det_name[WW_DETC_N] = { WW_DETC_LIST(WW_SC_NAME) };
#undef WW_SC_NAME
  for (unsigned p = 0; p < WW_NUM_PART; p++) {
    fprintf(f, "KILO TM commit unit %u (tm_rd_*):", p);
    for (unsigned i = 0; i < WW_TM_CNT_N; i++)
      fprintf(f, " %s %llu", tm_name[i], (unsigned long long)r->tm[p][i]);
    fprintf(f, "\n");
  }
  fprintf(f, "GPUDet (det_rd_*, off in this run):");
  for (unsigned i = 0; i < WW_DETC_N; i++)
    fprintf(f, " %s %llu", det_name[i], (unsigned long long)r->det[i]);
  fprintf(f, "%s\n", r->det_ovf ? " Z-cache overflow" : "");
  if (!gsi_ok)
    fprintf(f, "GSI counters do not add up: %s\n", why);
  return gsi_ok ? 0 : -1;
}

void ww_sc_trap_report(const ww_sc_job_t *j, const ww_trap_t *t, char *buf, size_t n)
{
  char src[300] = "";
  ww_kernel_srcline(j->k, t->pc, src, sizeof src);
  ww_trap_format(t, WW_LANES, src, buf, n);
}
