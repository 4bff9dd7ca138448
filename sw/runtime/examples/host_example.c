/* SPDX-License-Identifier: Apache-2.0
 *
 * host_example -- a complete host program over the Warpwatch runtime
 * (docs/host_api.md shows this file verbatim). It opens a device, loads the
 * suite's vecadd kernel, and launches it twice: c = a + b, then d = c + a,
 * the second launch reading the first one's result straight from device
 * memory. It checks both results on the host, counts retired instructions
 * with a retire hook and compares them with the statistics, names an
 * address, and closes the device.
 *
 * usage: host_example [BACKEND [KERNEL_DIR]]
 *   BACKEND     cmodel (default) or verilator (when linked with the RTL)
 *   KERNEL_DIR  where vecadd.elf is (default build/kernels)
 * Exit status: 0 when every check passed, 1 otherwise.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ww_runtime.h"

#define N 100u               /* elements; not a multiple of the block size */
#define BLOCK 32u            /* threads per block */

/* vecadd's argument block (sw/kernels/vecadd.c): one 32-bit word per field,
 * device addresses for the pointers. */
typedef struct {
  uint32_t a, b, c, n;
} vecadd_args_t;

/* A retire hook: called for every warp instruction the device retires. */
static void count_retired(void *ctx, const ww_retire_t *r)
{
  uint64_t *count = ctx;
  (void)r;   /* r->sm, r->warp, r->pc, r->mask, r->mem, ... describe it */
  (*count)++;
}

/* Allocates a device buffer of n words, names it for reports, fills it. */
static uint32_t upload(ww_dev_t *dev, const char *name, const int32_t *host, uint32_t n)
{
  uint32_t addr = ww_dev_alloc(dev, n * 4);
  if (!addr)
    return 0;
  ww_dev_name_alloc(dev, addr, name);
  if (ww_dev_copy_to(dev, addr, host, n * 4) != 0)
    return 0;
  return addr;
}

/* Launches vecadd on args, waits, prints the statistics. 0, or -1. */
static int run_vecadd(ww_dev_t *dev, const ww_kernel_t *k, const vecadd_args_t *args,
                      const char *what, const char *backend, uint64_t *retired)
{
  uint32_t grid = (args->n + BLOCK - 1) / BLOCK;
  *retired = 0;
  if (ww_launch(dev, k, grid, BLOCK, args, sizeof *args) != 0) {
    fprintf(stderr, "host_example: %s: %s\n", what, ww_dev_error(dev));
    return -1;
  }
  ww_result_t res;
  if (ww_wait(dev, &res) != 0) {
    /* a trap: res.message names kind, SM, warp, PC, instruction, file:line */
    fprintf(stderr, "host_example: %s: %s\n", what, res.ok ? ww_dev_error(dev) : res.message);
    return -1;
  }
  /* a step is a scheduler step on the golden model and a clock cycle on the RTL */
  printf("%s: grid %" PRIu32 " x block %u, %" PRIu64 " warp instructions, %" PRIu64
         " thread instructions, %" PRIu64 " loads, %" PRIu64 " stores, %" PRIu64 " %s\n",
         what, grid, BLOCK, res.stats.warp_insns, res.stats.thread_insns, res.stats.loads,
         res.stats.stores, res.stats.steps,
         strcmp(backend, "verilator") == 0 ? "cycles" : "scheduler steps");
  if (*retired != res.stats.warp_insns) {
    fprintf(stderr, "host_example: %s: the hook saw %" PRIu64 " instructions, the stats say %"
            PRIu64 "\n", what, *retired, res.stats.warp_insns);
    return -1;
  }
  ww_stalls_t stalls;   /* only backends with pipeline timing have stall counters */
  if (ww_dev_stalls(dev, &stalls) == 0)
    printf("%s: SM 0 issued in %" PRIu64 " of %" PRIu64 " cycles\n", what,
           stalls.cnt[0][WW_GSI_CNT_NO_STALL], stalls.cycles);
  return 0;
}

int main(int argc, char **argv)
{
  const char *backend = argc > 1 ? argv[1] : "cmodel";
  const char *kdir = argc > 2 ? argv[2] : "build/kernels";
  char path[512], err[512];
  snprintf(path, sizeof path, "%s/vecadd.elf", kdir);

  ww_dev_opts_t opts = { .backend = backend };   /* zero: the defaults */
  ww_dev_t *dev = ww_dev_open(&opts, err, sizeof err);
  if (!dev) {
    fprintf(stderr, "host_example: %s\n", err);
    return 1;
  }
  int rc = 1;
  ww_kernel_t *k = ww_kernel_load(dev, path);   /* load kernels before allocating */
  if (!k) {
    fprintf(stderr, "host_example: %s\n", ww_dev_error(dev));
    goto out;
  }

  int32_t a[N], b[N], c[N], d[N];
  for (uint32_t i = 0; i < N; i++) {
    a[i] = (int32_t)(i * 3) - 50;
    b[i] = (int32_t)(i * i);
  }
  uint32_t da = upload(dev, "a", a, N), db = upload(dev, "b", b, N);
  uint32_t dc = ww_dev_alloc(dev, N * 4), dd = ww_dev_alloc(dev, N * 4);
  if (!da || !db || !dc || !dd) {
    fprintf(stderr, "host_example: %s\n", ww_dev_error(dev));
    goto out;
  }
  ww_dev_name_alloc(dev, dc, "c");
  ww_dev_name_alloc(dev, dd, "d");

  uint64_t retired = 0;
  ww_dev_set_retire_hook(dev, count_retired, &retired);

  /* launch 1: c = a + b */
  vecadd_args_t args1 = { .a = da, .b = db, .c = dc, .n = N };
  if (run_vecadd(dev, k, &args1, "launch 1 (c = a + b)", backend, &retired) != 0)
    goto out;
  /* launch 2: d = c + a; c stays in device memory between the launches */
  vecadd_args_t args2 = { .a = dc, .b = da, .c = dd, .n = N };
  if (run_vecadd(dev, k, &args2, "launch 2 (d = c + a)", backend, &retired) != 0)
    goto out;
  ww_dev_set_retire_hook(dev, NULL, NULL);

  if (ww_dev_copy_from(dev, c, dc, sizeof c) != 0 || ww_dev_copy_from(dev, d, dd, sizeof d) != 0) {
    fprintf(stderr, "host_example: %s\n", ww_dev_error(dev));
    goto out;
  }
  unsigned wrong = 0;
  for (uint32_t i = 0; i < N; i++) {
    int32_t want_c = a[i] + b[i], want_d = want_c + a[i];
    if (c[i] != want_c || d[i] != want_d) {
      if (wrong++ < 5)
        fprintf(stderr, "host_example: element %" PRIu32 ": c = %" PRId32 " (want %" PRId32
                "), d = %" PRId32 " (want %" PRId32 ")\n", i, c[i], want_c, d[i], want_d);
    }
  }
  if (wrong) {
    fprintf(stderr, "host_example: %u of %u elements wrong\n", wrong, N);
    goto out;
  }
  printf("results: c = a + b and d = c + a hold for all %u elements (d[%u] = %" PRId32 ")\n",
         N, N - 1, d[N - 1]);

  char where[160];   /* what an address is, as race and memory reports say it */
  ww_dev_describe(dev, dd + N * 4 + 8, where, sizeof where);
  printf("address 0x%08" PRIx32 " is %s\n", dd + N * 4 + 8, where);
  rc = 0;
out:
  ww_kernel_free(k);
  ww_dev_close(dev);
  return rc;
}
