/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_rt_internal -- what the runtime's own files (and the warpwatch tool)
 * share beyond the public API of ww_runtime.h: the validated ELF image,
 * PC -> source line lookup, the trace line writer and the trap report.
 * Not installed; kernels and other host programs use ww_runtime.h only.
 */
#ifndef WW_RT_INTERNAL_H
#define WW_RT_INTERNAL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_runtime.h"

/* The backends ww_backend_find() knows. */
extern const ww_backend_t ww_backend_cmodel;
/* Linked in only by programs built with the Verilated GPU (tb/gpu/gpu_tb.mk). */
extern const ww_backend_t ww_backend_verilator __attribute__((weak));
/* Linked in only by programs built with the FPGA backend (sw/fpga/fpga.mk). */
extern const ww_backend_t ww_backend_fpga __attribute__((weak));
/* "cmodel", "cmodel, verilator", "cmodel, verilator, fpga": the backends this program has. */
const char *ww_backend_names(void);

/* Scheduler steps before a step-limit trap when ww_dev_opts_t.max_steps is 0. */
#define WW_DEFAULT_MAX_STEPS 100000000ull

#define WW_ELF_MAX_SEGS 16

/* One PT_LOAD segment with a non-zero memory size. */
typedef struct {
  uint32_t vaddr, memsz;
  uint32_t offset, filesz;  /* file bytes; memsz - filesz bytes are zeroed */
  uint32_t flags;           /* PF_X, PF_W, PF_R */
} ww_elf_seg_t;

typedef struct ww_srcline ww_srcline_t;

/* A kernel ELF read into memory and checked; every field is trustworthy. */
typedef struct {
  uint8_t *buf;             /* the whole file */
  size_t size;
  void *elf;                /* libelf Elf * over buf */
  uint32_t entry;
  unsigned nseg;
  ww_elf_seg_t seg[WW_ELF_MAX_SEGS];
  uint32_t lo, hi;          /* lowest address and end of the loaded image */
  uint64_t code_lo, code_hi; /* the code: its executable sections (SHF_EXECINSTR),
                               or without section headers its PF_X segments */
  ww_srcline_t *lines;      /* DWARF line info, NULL when there is none */
} ww_elf_t;

/* Reads and validates path: an ELF32 little-endian RISC-V executable whose
 * loadable segments lie in [mem_lo, mem_hi). 0, or -1 with a one-line reason
 * in err (the file name is not included). */
int ww_elf_open(ww_elf_t *e, const char *path, uint32_t mem_lo, uint32_t mem_hi,
                char *err, size_t err_len);
void ww_elf_close(ww_elf_t *e);

/* The code of an opened image must fit the SM instruction memory: [code_lo,
 * code_hi) inside [code_base, code_base + imem_bytes), and the entry point
 * too. 0, or -1 with a one-line reason naming the limit. */
int ww_elf_check_code(const ww_elf_t *e, uint32_t code_base, uint32_t imem_bytes,
                      char *err, size_t err_len);

/* ---- device and kernel state (ww_device.c, ww_kernel.c, ww_launch.c) ---- */
struct ww_kernel {
  ww_dev_t *dev;            /* NULL once the device is closed */
  ww_kernel_t *next;        /* the device's list of loaded kernels */
  ww_elf_t elf;
  char name[48];            /* the file's base name, for reports */
};

struct ww_dev {
  const ww_backend_t *ops;
  void *be;
  char err[512];
  unsigned lanes, max_block;
  uint32_t mem_bytes;       /* global memory */
  uint32_t mem_lo;          /* end of the null guard */
  uint32_t local_base;      /* start of local memory (top of global memory) */
  uint32_t tx_log_base;     /* start of the KILO TM log region, just below local
                               memory (docs/tm.md sec. 5): the heap ends here */
  uint32_t code_base, imem_bytes; /* the SM instruction memory kernel code must fit */
  uint32_t image_top;       /* end of the highest loaded segment */
  uint32_t heap_base, heap_next;
  uint32_t args_addr, args_cap;   /* argument block, reused across launches */
  ww_kernel_t *kernels;
  struct ww_alloc_rec *allocs;    /* heap allocations in address order (ww_regions.c) */
  size_t nallocs, cap_allocs;
  int pending;                    /* a grid was launched and not yet waited for */
  const ww_kernel_t *launched;    /* its kernel (NULL if freed since) */
  ww_gpu_stats_t stats0;          /* backend counters at launch (results are per launch) */
  FILE *trace;
  struct ww_trace_json *tjson;    /* the open --trace-json writer, if any (ww_trace_json.c) */
  ww_retire_fn hook;
  void *hook_ctx;
  /* memcheck (ww_memcheck.c) */
  int memcheck;
  uint32_t mc_block;
  size_t mc_n;
  uint64_t mc_total, mc_dropped;
  ww_memcheck_err_t mc[WW_MEMCHECK_MAX];
  /* the watchdog and progress lines (ww_watch.c) */
  uint64_t hang_limit;            /* UINT64_MAX: off */
  int progress;
  volatile sig_atomic_t interrupt;
  int stop;                       /* WW_STOP_* of the running or last wait */
  uint64_t last_progress;         /* cycle/step of the last progress; UINT64_MAX: none yet */
  uint64_t now, retired;
  double t_start, t_print;
  uint64_t epoch;                 /* progress events in the launch */
  struct ww_warp_watch {
    uint32_t pc, block;
    uint64_t retired;
    int live;
    /* spin detection (ww_watch.c): the warp's registers as its retire
     * records wrote them, a hash of them, Brent's cycle search over its
     * (pc, mask, registers) states since the last progress, and its last
     * WW_SPIN_RING states to check that a found cycle goes on */
    uint32_t regs[WW_LANES][32];
    uint64_t regs_hash;
    uint64_t epoch;               /* dev->epoch the search started in */
    uint64_t saved, power, lam;   /* Brent: saved state, its power, steps since */
    uint64_t ring[64];            /* the last states, ring[n % 64] the n-th */
    uint64_t n;                   /* states seen since the search started */
    unsigned period;              /* 0: no cycle; else the states repeat with it */
    int tx;                       /* retired a ww.tx.begin in this block */
  } warps[WW_NUM_SM][WW_WARPS_PER_SM];
};

/* ww_memcheck.c: a launch of blocks of block_threads starts; a retire record. */
void ww_memcheck_launch(ww_dev_t *dev, uint32_t block_threads);
void ww_memcheck_retire(ww_dev_t *dev, const ww_retire_t *r);

/* ww_watch.c: a launch starts; a retire record; the backends' poll hook. */
void ww_watch_launch(ww_dev_t *dev);
void ww_watch_retire(ww_dev_t *dev, const ww_retire_t *r);
int ww_watch_poll(void *dev, uint64_t now, char *detail, size_t n);
/* After the run: names the stopped warp in a WW_TRAP_STEP_LIMIT trap. */
void ww_watch_fill_trap(ww_dev_t *dev, ww_trap_t *t);

/* Records a heap allocation for ww_dev_region(); 0, or -1 when out of host
 * memory (ww_regions.c). ww_regions_reset() forgets them all. */
int ww_regions_add(ww_dev_t *dev, uint32_t addr, uint32_t bytes, const char *name);
void ww_regions_reset(ww_dev_t *dev);

/* Sets dev->err; returns -1. */
int ww_dev_fail(ww_dev_t *dev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The validated image behind a loaded kernel (for disassembly). */
const ww_elf_t *ww_kernel_elf(const ww_kernel_t *k);

/* Name of the function symbol that starts exactly at addr, or NULL. */
const char *ww_elf_symbol_at(const ww_elf_t *e, uint32_t addr);

/* Line info of an opened ELF (libdw); NULL when it has none. */
ww_srcline_t *ww_srcline_open(void *elf);
void ww_srcline_free(ww_srcline_t *s);

/* "file.c:42" for pc; 0, or -1 with buf = "" when there is no line info
 * (s may be NULL). */
int ww_srcline_lookup(const ww_srcline_t *s, uint32_t pc, char *buf, size_t n);

/* When pc is in inlined code: "kernel.c:25", the outermost call site; else
 * -1 with buf = "". */
int ww_srcline_callsite(const ww_srcline_t *s, uint32_t pc, char *buf, size_t n);

/* The source locations of pc through its inlined calls, innermost first:
 * out[0] = pc's own "file.c:42", out[i] = the call site of the i-th inlined
 * call around it (the outermost last). Returns how many (at most max); 0
 * when there is no line info (s may be NULL). */
int ww_srcline_chain(const ww_srcline_t *s, uint32_t pc, char (*out)[64], int max);

/* One trace line (with '\n') per retired warp instruction; see ww_trace.c. */
void ww_trace_write(FILE *f, const ww_retire_t *r, unsigned lanes);

/* ---- Trace Event Format (ww_trace_json.c) ---------------------------------
 * A Chrome/Perfetto trace of what the device runs while it is open, streamed
 * to a file: one process per SM, a track per hardware warp with one slice per
 * retired warp instruction (ts = the cycle on the verilator backend, the
 * scheduler step on the cmodel backend; memory instructions carry their kind,
 * size and cache lines), and on backends with set_cycle_hook a second track
 * per warp of GSI stall-class slices. Meant for one launch (cycles restart at
 * each launch). */
typedef struct ww_trace_json ww_trace_json_t;

/* Opens path and hooks the device; k names the kernel (source lines). NULL,
 * with a one-line reason in err, when the file cannot be written or a trace
 * is already open on dev. */
ww_trace_json_t *ww_trace_json_open(ww_dev_t *dev, const char *path, const ww_kernel_t *k,
                                    char *err, size_t err_len);

/* Unhooks, writes the open stall slices, the track names and the trailer,
 * closes the file. 0, or -1 with the reason in err (a write failed).
 * NULL is fine. Call it before ww_dev_close() of its device. */
int ww_trace_json_close(ww_trace_json_t *t, char *err, size_t err_len);

/* For the device's retire dispatch (ww_device.c). */
void ww_trace_json_retire(ww_trace_json_t *t, const ww_retire_t *r);

/* Re-installs the device's retire hook after dev->trace, dev->tjson or the
 * user's hook changed (ww_device.c). */
void ww_dev_update_hook(ww_dev_t *dev);

/* ABI name of integer register r (0..31). */
const char *ww_reg_name(unsigned r);

/* "misaligned access" and "MISALIGNED" for a trap kind. */
const char *ww_trap_text(ww_trap_kind_t kind);
const char *ww_trap_id(ww_trap_kind_t kind);

/* The one-line trap report of ww_result_t.message; srcline (may be "") is
 * put in brackets as given. */
void ww_trap_format(const ww_trap_t *t, unsigned lanes, const char *srcline,
                    char *buf, size_t n);

/* Hex digits that print a mask of `lanes` bits. */
static inline int ww_mask_digits(unsigned lanes) { return lanes > 4 ? (int)((lanes + 3) / 4) : 1; }

/* ---- the recent accesses to each global word (ww_lastacc.c) --------------
 * For race reports: ScoRD's log names the racing access and only the SM,
 * warp and BlockID of the previous one (docs/scord.md §3 "Host: both
 * accessors"). Install ww_lastacc_retire as the retire hook
 * (ww_dev_set_retire_hook(dev, ww_lastacc_retire, table)) for one launch,
 * then resolve each race of ww_dev_races(). Memory is bounded: at most
 * max_entries (WW_LASTACC_DEFAULT_ENTRIES when 0, rounded up to a power of
 * two; the table allocates twice that many slots, 40 bytes each) entries of
 * (word, SM, warp, block, PC); accesses beyond are counted as dropped and a
 * race on them resolves to "unknown". */
#define WW_LASTACC_DEFAULT_ENTRIES (1u << 18)
typedef struct ww_lastacc ww_lastacc_t;

/* One accessor of a race. sm, warp, block (the previous accessor's: its
 * BlockID, ctaid mod 2^SCORD_BLOCKID_W, until known) and the current pc come
 * from the race log; the rest only when known. */
typedef struct {
  int         known;        /* 1: the entry below was found and is certain */
  const char *why;          /* !known: why not (static text) */
  unsigned    sm, warp;     /* hardware warp in the SM */
  uint32_t    block;        /* ctaid */
  uint32_t    pc;
  unsigned    mem;          /* ww_mem_kind_t of the access */
  int         lane;         /* lowest lane on the word; -1 unknown (varied between retires) */
  int         thread;       /* thread index in the block; -1 unknown */
  uint64_t    first, last;  /* retire cycles of the first and last such instruction */
  uint32_t    n;            /* how many retired (saturating) */
} ww_accessor_t;

typedef struct {
  size_t   capacity, entries;   /* entries kept at most, and now */
  uint64_t dropped;             /* word accesses not recorded: the table was full */
  size_t   bytes;               /* host memory of the table */
} ww_lastacc_stats_t;

ww_lastacc_t *ww_lastacc_new(size_t max_entries);   /* NULL: out of host memory */
void ww_lastacc_free(ww_lastacc_t *t);
void ww_lastacc_retire(void *ctx, const ww_retire_t *r);   /* a ww_retire_fn; ctx = the table */
void ww_lastacc_stats(const ww_lastacc_t *t, ww_lastacc_stats_t *st);
/* Both accessors of race r of a launch with block_threads threads per block. */
void ww_lastacc_resolve(const ww_lastacc_t *t, const ww_race_t *r, unsigned block_threads,
                        ww_accessor_t *cur, ww_accessor_t *prev);

/* ww_racelog.c: the RTL's ScoRD race log at log_base (partition p's slot k
 * at log_base + (k * WW_NUM_PART + p) * WW_LINE_BYTES; slot 0 the header),
 * each line fetched by read_line (0 ok, -1 failed), as races (equal pc,
 * addr, type merged; *n may exceed max) and statistics (l2_requests left 0).
 * 0, or -1 when a read failed. */
int ww_racelog_read(int (*read_line)(void *ctx, uint64_t addr, uint8_t *line), void *ctx,
                    uint64_t log_base, ww_race_t *out, size_t max, size_t *n,
                    ww_scord_stats_t *st);

#endif /* WW_RT_INTERNAL_H */
