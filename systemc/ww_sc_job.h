/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sc_job -- the plain-C half of the SystemC host driver (docs/systemc.md):
 * one suite kernel prepared through the runtime's API (ww_runtime.h) on a
 * device of the golden model ("cmodel" backend) in the same program:
 *   - ww_kernel_load() reads and checks the ELF (RISC-V ELF32, segments in
 *     global memory, code inside the SM instruction memory) and places it;
 *   - the kernel's inputs are made here (as sw/tests/suite_tests.c does) and
 *     placed with ww_dev_alloc() / ww_dev_copy_to();
 *   - ww_launch() writes the argument block and starts the grid on the
 *     device; the device image [img_lo, img_hi) then is what the SystemC
 *     host copies into the TLM memory target (debug transport), and
 *     `launch` (the runtime's kargs) what it gives the RTL's start port;
 *   - ww_sc_job_wait() runs the grid on the device (the golden model);
 *   - ww_sc_job_check() compares what the SystemC GPU left in memory with
 *     the host reference and with the device's memory.
 * The same job on the "verilator" backend (ww_sc_vcheck) gives the same
 * memory layout: the cycle cross-check.
 * C11; nothing here exits, every failure is a message in the caller's buffer.
 */
#ifndef WW_SC_JOB_H
#define WW_SC_JOB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_proto.h"
#include "ww_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WW_SC_MAX_OUT 2

/* One result buffer of the kernel. */
typedef struct {
  char      name[16];
  uint32_t  addr, bytes;    /* in device memory */
  uint32_t *want;           /* host reference, bytes / 4 words */
  uint32_t *golden;         /* the device's result (after ww_sc_job_wait) */
} ww_sc_out_t;

typedef struct {
  ww_dev_t    *dev;         /* the device: placement and its run (the golden model) */
  ww_kernel_t *k;
  char         kernel[32];  /* suite kernel name: vecadd, saxpy, histogram */
  char         what[96];    /* the problem, for reports: "n 1000, grid 32 x block 32" */
  ww_launch_t  launch;      /* entry pc, grid, block, kargs (the runtime's argument block) */
  uint32_t     args[8];     /* the argument words, args_words of them */
  unsigned     args_words;
  uint32_t     img_lo, img_hi;   /* device memory to copy: image, inputs, argument block */
  uint8_t     *img;              /* its bytes (img_hi - img_lo) */
  unsigned     n_out;
  ww_sc_out_t  out[WW_SC_MAX_OUT];
  uint64_t     dev_steps;        /* the device's run: scheduler steps (cmodel) or cycles (verilator) */
} ww_sc_job_t;

/* Suite kernels this driver knows how to feed and check, "a, b, c". */
const char *ww_sc_job_kernels(void);

/* Opens a device of `backend` ("cmodel"; "verilator" in the cross-check),
 * loads elf for kernel `kernel`, places its inputs and launches: problem
 * size n (0 = the kernel's default), block (0 = the largest block,
 * WARPS_PER_SM x LANES), grid (0 = the kernel's default). 0, or -1 with the
 * reason in err (bad ELF path, not an ELF, code that does not fit the
 * instruction memory, unknown kernel, inputs that do not fit). */
int ww_sc_job_prepare(ww_sc_job_t *j, const char *backend, const char *kernel, const char *elf,
                      uint32_t n, uint32_t block, uint32_t grid, char *err, size_t err_len);

/* Runs the launched grid on the device and keeps its result buffers. 0, or
 * -1 with the reason (its trap report) in err. */
int ww_sc_job_wait(ww_sc_job_t *j, char *err, size_t err_len);

/* got: result buffer i as read from the SystemC memory. Compares it with the
 * host reference and the device's (golden model's) result; prints the first
 * few differences to f. Returns the number of differing words. */
size_t ww_sc_job_check(const ww_sc_job_t *j, unsigned i, const uint32_t *got, FILE *f);

void ww_sc_job_free(ww_sc_job_t *j);

/* ---- the command line of build/systemc/ww_sc ------------------------------- */
typedef struct {
  const char *elf;          /* the kernel ELF */
  const char *kernel;       /* suite kernel: its inputs and checks (default: the ELF's base name) */
  const char *vcd;          /* a VCD of the GPU's ports, NULL = none */
  uint32_t    n, block, grid;    /* 0 = the kernel's defaults */
  unsigned    latency;      /* DRAM access latency, cycles (default WW_DRAM_LATENCY - 1) */
  unsigned    bytes_per_cycle;   /* DRAM bandwidth per channel (default WW_LINE_BYTES) */
  uint64_t    max_cycles;   /* kernel cycle limit (default 2,000,000) */
  int         quiet;        /* only the summary line */
  char        kbuf[32];
} ww_sc_opts_t;

/* 0 = run; 1 = --help was printed to stdout; -1 = bad usage, reason in err. */
int ww_sc_opts_parse(int argc, char **argv, ww_sc_opts_t *o, char *err, size_t err_len);

/* ---- one run of the SystemC model, filled by the host driver --------------- */
enum { WW_SC_DONE = 0, WW_SC_TRAP, WW_SC_TIMEOUT, WW_SC_ERROR };

typedef struct {
  int       status;         /* WW_SC_* */
  char      message[600];   /* trap report, timeout or error */
  uint64_t  cycles;         /* the launch's cycles: those with busy_o or done_o (what the GSI
                               counters and the verilator backend count) */
  uint64_t  kernel_cycles;  /* from the start pulse (cycle 0) to done_o's cycle, both counted */
  uint64_t  warp_insns, thread_insns, blocks;
  uint64_t  gsi[WW_NUM_SM][WW_GSI_CNT_N];   /* GSI stall counters (gsi_rd_*) */
  uint64_t  tm[WW_NUM_PART][WW_TM_CNT_N];   /* KILO TM commit-unit counters (tm_rd_*) */
  uint64_t  det[WW_DETC_N];                 /* GPUDet counters (det_rd_*) */
  int       det_ovf;
  uint32_t *got[WW_SC_MAX_OUT];             /* the result buffers, read back (debug transport) */
  /* the memory: the target's timed accesses, and what the bridge saw */
  unsigned  latency, bytes_per_cycle, xfer; /* xfer: cycles a line occupies a channel */
  uint64_t  dram_reads, dram_writes, dram_bytes, dram_refused, dram_queued, dram_busy_cycles;
  double    sim_seconds;    /* wall time of sc_start */
} ww_sc_run_t;

/* The runtime's one-line trap report (kind, SM, warp, block, mask, PC,
 * disassembly, source line) of a trap the host driver read from the ports. */
void ww_sc_trap_report(const ww_sc_job_t *j, const ww_trap_t *t, char *buf, size_t n);

/* Prints the run: status, cycles, speed, the GSI table (checked: the classes
 * sum to the cycles), KILO TM and GPUDet counters, the DRAM traffic. 0, or
 * -1 when the GSI counters do not add up (printed). */
int ww_sc_report(FILE *f, const ww_sc_job_t *j, const ww_sc_run_t *r, int quiet);

#ifdef __cplusplus
}
#endif

#endif /* WW_SC_JOB_H */
