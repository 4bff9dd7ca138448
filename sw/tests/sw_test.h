/* SPDX-License-Identifier: Apache-2.0
 *
 * sw_test -- the small harness of the kernel-suite tests: one fresh device
 * per test group and interleaving seed, helpers that turn every runtime
 * error or trap into a FAIL line, and the PASS/FAIL bookkeeping.
 *
 * Every expected value is computed on the host with plain C from the same
 * inputs; nothing here shares code with the C model.
 */
#ifndef SW_TEST_H
#define SW_TEST_H

#include <stddef.h>
#include <stdint.h>

#include "ww_config.h"
#include "ww_runtime.h"

/* Launch geometry the tests use, from the configuration the runtime's
 * default backend is built with. */
#define SWT_MAX_BLOCK   (WW_WARPS_PER_SM * WW_LANES)        /* a full SM */
/* A block whose last warp is partial (when a warp has more than one lane). */
#define SWT_PART_BLOCK  (SWT_MAX_BLOCK > WW_LANES ? SWT_MAX_BLOCK - (WW_LANES + 1) / 2 \
                                                  : SWT_MAX_BLOCK)
/* A small block of one and a half warps (two of them fit in an SM). */
#define SWT_SMALL_BLOCK (WW_LANES + (WW_LANES + 1) / 2 <= SWT_MAX_BLOCK \
                         ? WW_LANES + (WW_LANES + 1) / 2 : SWT_MAX_BLOCK)

#define SWT_MAX_KERNELS 4
#define SWT_MAX_REGIONS 64

typedef struct {
  ww_dev_t    *dev;
  uint64_t     seed;        /* warp interleaving: 0 = round robin */
  int          det;         /* GPUDet's deterministic mode (--det) */
  const char  *group;
  const char  *elf_dir;
  int          pass, fail;
  ww_kernel_t *kernels[SWT_MAX_KERNELS];   /* freed after the group */
  int          nkernels;
  /* --runs=FILE: the group's allocations (digested after each launch) and
   * its launches so far */
  uint32_t     reg_addr[SWT_MAX_REGIONS], reg_bytes[SWT_MAX_REGIONS];
  int          nreg, launches;
} swt_t;

/* Records one check: prints "PASS [group seed] what" or "FAIL ...".
 * Returns ok. */
int swt_check(swt_t *t, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Prints an indented detail line (e.g. the first mismatches). */
void swt_note(swt_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Loads <elf_dir>/<name>.elf (load kernels before allocating memory: every
 * image sits at WW_CODE_BASE). NULL (and a FAIL) on error. */
ww_kernel_t *swt_kernel(swt_t *t, const char *name);

/* Device memory: allocate, allocate + copy in, copy out. 0 / -1 (and a
 * FAIL) on error. */
uint32_t swt_alloc(swt_t *t, size_t bytes);
uint32_t swt_upload(swt_t *t, const void *src, size_t bytes);
uint32_t swt_fill(swt_t *t, size_t bytes, uint32_t word);   /* every word = word */
int swt_download(swt_t *t, void *dst, uint32_t addr, size_t bytes);

/* Launches and waits. 0, or -1 with a FAIL line holding the runtime's
 * trap report. `what` names the launch in that line. */
int swt_run(swt_t *t, const char *what, const ww_kernel_t *k, uint32_t grid, uint32_t block,
            const void *args, size_t args_bytes, ww_result_t *res);

/* Compares n words; on mismatch prints up to 8 of them (with index) and
 * returns the number of mismatches. */
size_t swt_diff_words(swt_t *t, const char *what, const uint32_t *got, const uint32_t *want,
                      size_t n);

/* Live-lane mask of warp w of a block of ntid threads. */
uint32_t swt_live_mask(uint32_t ntid, uint32_t w);

/* A test group: a name (the symlink the test list runs) and its body. */
typedef struct {
  const char *name;
  void (*run)(swt_t *t);
  const char *what;
} swt_group_t;

/* The groups, defined in suite_tests.c and isa_tests.c. */
extern const swt_group_t swt_suite_groups[];
extern const size_t swt_suite_ngroups;
extern const swt_group_t swt_isa_groups[];
extern const size_t swt_isa_ngroups;

#endif /* SW_TEST_H */
