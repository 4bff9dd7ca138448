/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_runtime -- the host runtime of Warpwatch: one C API over every backend:
 * "cmodel" (the golden C model, in every program linked with libwwrt.a) and
 * "verilator" (the RTL GPU, Verilated, co-simulated against the golden
 * model; in programs that also link sw/sim/ww_backend_verilator.c and
 * libwwvgpu.a, like build/bin/warpwatch) and "fpga" (the GPU on an FPGA
 * behind the UART host link, or its Verilated top behind a pty with port
 * "sim"; sw/fpga/, docs/fpga.md; in build/bin/warpwatch).
 * Load a kernel ELF, allocate and copy device memory, launch a grid, wait,
 * read back, collect statistics, stall counters (verilator), races (verilator
 * with ScoRD) and retire traces. docs/host_api.md documents every function,
 * how to link, and a complete example (sw/runtime/examples/host_example.c).
 *
 * Every function that can fail returns 0 / non-NULL on success and otherwise
 * leaves a one-line reason in ww_dev_error(dev) (or in `err` before a device
 * exists). Nothing here exits or aborts.
 */
#ifndef WW_RUNTIME_H
#define WW_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_gpu.h"   /* ww_launch_t, ww_retire_t, ww_trap_t, ww_gpu_stats_t */
#include "ww_config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- backends ------------------------------------------------------------ */
/* Co-simulation of the verilator backend against the golden model
 * (docs/gpu_rtl.md "Checking"). */
/*   sync    (default) every effect strictly, except the values whose order is
 *           legally timing-dependent (device atomics, strong loads, loads of
 *           words device atomics touch): the model takes them from the RTL
 *           and they must fit one serial order per word (sw/sim/ww_atomic_order.h)
 *   strict  every value computed by the model: race-free kernels without
 *           contended synchronisation
 *   follow  every load and atomic value taken from the RTL (racy kernels);
 *           the final memory is not compared
 *   off     the RTL alone */
enum { WW_COSIM_SYNC = 0, WW_COSIM_STRICT = 1, WW_COSIM_FOLLOW = 2, WW_COSIM_OFF = 3 };

/* "sync", "strict", "follow" or "off" -> WW_COSIM_*; -1 for anything else. */
int ww_cosim_mode(const char *name);

typedef struct {
  const char *backend;      /* "cmodel" (default); "verilator" (RTL), "fpga" (UART host link) */
  uint64_t    seed;         /* warp interleaving: 0 = round robin (cmodel) */
  uint64_t    max_steps;    /* 0 = the backend's default limit (verilator: cycles) */
  int         cosim;        /* verilator: WW_COSIM_SYNC (default), _STRICT, _FOLLOW or _OFF */
  const char *wave;         /* verilator: FST waves to this file (+ .gtkw view), NULL = none */
  int         scord;        /* ScoRD race detection: WW_SCORD_OFF (default), _CACHED, _FULL */
  uint64_t    hang_limit;   /* watchdog: stop when no warp stored, did an atomic, passed a
                               barrier or exited for this many cycles (verilator) or
                               scheduler steps (cmodel), sooner for a spin (ww_watch.c);
                               0 = WW_DEFAULT_HANG_LIMIT,
                               UINT64_MAX = never */
  int         progress;     /* 1: a progress line on stderr every second of a run
                               longer than two seconds */
  const char *wave_kernel;  /* verilator --wave: the kernel ELF, for the view's PC disassembly
                               (by ww-gtkw-disasm beside the program, or $WW_GTKW_DISASM);
                               NULL = PCs shown in hex */
  int         memcheck;     /* 1: check every global access against the allocations
                               (ww_dev_memcheck); on every backend */
  uint32_t    tm_warps;     /* cmodel: KILO TM concurrency limit, warps of an SM in
                               transactions at once; 0 = WW_TM_WARPS_PER_SM,
                               UINT32_MAX = unlimited */
  uint32_t    tx_watchdog;  /* KILO TM watchdog, warp instructions of one attempt before
                               a validation (docs/tm.md sec. 4.3 step 7), both backends;
                               0 = WW_TX_WATCHDOG, UINT32_MAX = off (the RTL's at most
                               its built TX_WATCHDOG) */
  int         det;          /* 1 = GPUDet deterministic execution (docs/det.md) */
  uint32_t    det_quantum;  /* its quantum in warp instructions; 0 = WW_DET_QUANTUM */
  int         det_wser;     /* verilator: 1 = serial mode one warp at a time (W-Ser), not per SM */
  int         det_lock;     /* verilator: 1 = lock-based commit (the baseline), not the Z-buffer's */
  int         det_dwp;      /* with det: 1 = deterministic workgroup partitioning (GPUDet
                               sec. 4.2.2): a busy block slot is refilled in parallel mode */
  const char *port;         /* fpga: the serial device ("/dev/ttyUSB0"), or "sim" (the
                               Verilated FPGA top, build/bin/ww-fpga-sim, behind a pty;
                               server options may follow a blank: "sim --corrupt-every 50") */
} ww_dev_opts_t;

/* The watchdog's default: 2^19 cycles (a few seconds of RTL simulation). */
#define WW_DEFAULT_HANG_LIMIT (1ull << 19)

/* Why a run stopped early (ww_result_t.stop); the trap is WW_TRAP_STEP_LIMIT. */
enum { WW_STOP_NONE = 0, WW_STOP_LIMIT = 1, WW_STOP_HANG = 2, WW_STOP_INTERRUPT = 3 };

/* A backend's run loop calls this every few thousand cycles (or steps) with
 * the kernel's current cycle (or step); non-zero stops the run with a
 * WW_TRAP_STEP_LIMIT trap whose detail is `detail`. */
typedef int (*ww_poll_fn)(void *ctx, uint64_t now, char *detail, size_t n);

/* ScoRD modes (docs/scord.md): the detector in the RTL with the metadata
 * cache (§IV-B, the paper's "ScoRD") or with full metadata (its base design). */
enum { WW_SCORD_OFF = 0, WW_SCORD_CACHED = 1, WW_SCORD_FULL = 2 };
/* "off", "cached", "full" -> WW_SCORD_*; -1 for anything else. */
int ww_scord_mode(const char *name);

struct ww_stalls;   /* below */
struct ww_tm_counters;

/* Called once per cycle of a launch per SM (the cycles ww_stalls_t counts)
 * with the GSI stall class (ww_gsi_cls_t, WW_GSI_*) of each of its n_warps
 * hardware warps in that cycle. */
typedef void (*ww_cycle_fn)(void *ctx, uint64_t cycle, unsigned sm, const uint8_t *warp_class,
                            unsigned n_warps);
struct ww_race;
struct ww_scord_stats;

/* What a backend implements; the runtime does ELF loading, allocation,
 * arguments, error text and source lines on top. */
typedef struct {
  const char *name;
  void *(*open)(const ww_dev_opts_t *opts, char *err, size_t err_len);
  void  (*close)(void *be);
  int   (*write)(void *be, uint32_t addr, const void *src, size_t n);
  int   (*read)(void *be, uint32_t addr, void *dst, size_t n);
  int   (*launch)(void *be, const ww_launch_t *launch, char *err, size_t err_len);
  ww_run_t (*run)(void *be);                         /* to completion or trap */
  const ww_trap_t *(*trap)(void *be);
  void  (*stats)(void *be, ww_gpu_stats_t *stats);
  void  (*set_retire_hook)(void *be, ww_retire_fn fn, void *ctx);
  uint32_t (*mem_bytes)(void *be);                   /* global memory size */
  int   (*stalls)(void *be, struct ww_stalls *out);  /* NULL: no stall counters */
  /* races of the last launch; NULL: no race detector */
  int   (*races)(void *be, struct ww_race *out, size_t max, size_t *n, struct ww_scord_stats *st);
  void  (*set_poll)(void *be, ww_poll_fn fn, void *ctx);   /* the watchdog's hook */
  /* per-cycle stall classes (fn NULL to stop); NULL: no pipeline timing */
  void  (*set_cycle_hook)(void *be, ww_cycle_fn fn, void *ctx);
  /* KILO TM commit unit counters of the last launch; NULL: no commit units */
  int   (*tm_counters)(void *be, struct ww_tm_counters *out);
} ww_backend_t;

/* Registered backends, by name; NULL if unknown. */
const ww_backend_t *ww_backend_find(const char *name);

/* ---- devices and kernels --------------------------------------------------- */
typedef struct ww_dev ww_dev_t;
typedef struct ww_kernel ww_kernel_t;

ww_dev_t *ww_dev_open(const ww_dev_opts_t *opts, char *err, size_t err_len);
void ww_dev_close(ww_dev_t *dev);
const char *ww_dev_error(const ww_dev_t *dev);

/* Loads a kernel ELF into device memory (PT_LOAD segments, .bss zeroed).
 * Refuses, with a clear reason: unreadable file, not ELF, truncated, not
 * ELF32 little-endian RISC-V executable, segments outside global memory or
 * overlapping the null guard. Keeps the debug info for ww_kernel_srcline(). */
ww_kernel_t *ww_kernel_load(ww_dev_t *dev, const char *elf_path);
void ww_kernel_free(ww_kernel_t *k);
uint32_t ww_kernel_entry(const ww_kernel_t *k);

/* "file.c:42" for pc when the ELF has line info; 0, or -1 (buf = "") if not. */
int ww_kernel_srcline(const ww_kernel_t *k, uint32_t pc, char *buf, size_t n);

/* Device memory: a bump allocator above the loaded images and below local
 * memory; 0 when out of memory. Alignment >= 64 bytes. ww_dev_reset_heap()
 * frees every allocation. */
uint32_t ww_dev_alloc(ww_dev_t *dev, uint32_t bytes);
void ww_dev_reset_heap(ww_dev_t *dev);
int ww_dev_copy_to(ww_dev_t *dev, uint32_t dst, const void *src, size_t n);
int ww_dev_copy_from(ww_dev_t *dev, void *dst, uint32_t src, size_t n);

/* ---- what an address is (memcheck and race reports) ------------------------ */
typedef enum {
  WW_REGION_NONE = 0,       /* no region: unallocated heap, or outside memory */
  WW_REGION_NULL_GUARD,     /* [0, NULL_GUARD_BYTES): never accessible */
  WW_REGION_CODE,           /* an executable segment of a loaded kernel */
  WW_REGION_IMAGE,          /* a data segment of a loaded kernel (.data, .bss) */
  WW_REGION_HEAP,           /* a ww_dev_alloc() block (exactly the bytes asked for) */
  WW_REGION_ARGS,           /* the launch's argument block */
  WW_REGION_LOCAL,          /* local memory (per-thread stacks) */
  WW_REGION_TX_LOG,         /* the KILO TM transaction logs, just below local memory
                               (docs/tm.md sec. 5): the hardware's, not the kernel's */
} ww_region_kind_t;

typedef struct {
  ww_region_kind_t kind;
  uint32_t base, bytes;
  char name[96];            /* "arg 1 (buf:16)", "kernel code (vecadd.elf)", ... */
} ww_region_t;

/* Names the allocation that starts at addr for reports, e.g. "arg 1 (buf:16)".
 * 0, or -1 when no allocation starts there. */
int ww_dev_name_alloc(ww_dev_t *dev, uint32_t addr, const char *name);

/* The region holding addr: 0 with *r filled. Otherwise -1 and *r is the
 * nearest heap allocation or argument block (kind WW_REGION_NONE when there
 * is none). */
int ww_dev_region(const ww_dev_t *dev, uint32_t addr, ww_region_t *r);

/* addr in words: "arg 1 (buf:16) + 12", "400 bytes past the end of arg 1
 * (buf:16)", "kernel code (k.elf) + 0x40", "the null guard". */
void ww_dev_describe(const ww_dev_t *dev, uint32_t addr, char *buf, size_t n);

/* Writes args (if any) into device memory, sets kargs and starts the grid. */
int ww_launch(ww_dev_t *dev, const ww_kernel_t *k, uint32_t grid, uint32_t block,
              const void *args, size_t args_bytes);

typedef struct {
  int            ok;            /* 1: the grid completed */
  ww_trap_t      trap;          /* kind != WW_TRAP_NONE when !ok */
  char           message[512];  /* a full human-readable trap report when !ok */
  ww_gpu_stats_t stats;
  int            stop;          /* WW_STOP_*: why a WW_TRAP_STEP_LIMIT trap stopped it */
} ww_result_t;

/* Runs the launched grid to completion or trap. The message names trap kind,
 * SM, warp, block, lane mask, PC, the disassembled instruction and, with
 * debug info, the source file:line. Returns 0 if ok, else -1. */
int ww_wait(ww_dev_t *dev, ww_result_t *res);

/* Stops the running ww_wait() at its next poll with a WW_STOP_INTERRUPT
 * trap (a partial result). Async-signal-safe: call it from a SIGINT handler. */
void ww_dev_interrupt(ww_dev_t *dev);

/* Where each warp was when the last launch ended (or stopped): the last
 * instruction it retired. `live`: it had not exited. */
typedef struct {
  unsigned sm, warp;        /* hardware warp slot */
  uint32_t block;
  uint32_t pc;              /* its last retired instruction */
  uint64_t retired;         /* warp instructions it retired in the launch */
  int      live;
} ww_warp_pos_t;

/* Up to max warps that retired anything in the last launch, in SM and warp
 * order; returns how many there are. */
size_t ww_dev_warps(const ww_dev_t *dev, ww_warp_pos_t *out, size_t max);

/* Memcheck (ww_dev_opts_t.memcheck): the invalid global accesses of the last
 * launch, merged by (pc, kind, region) with a count; the first occurrence
 * keeps its lane and address. */
enum {
  WW_MC_OUT_OF_BOUNDS = 1,  /* outside the allocation it is in or nearest to */
  WW_MC_UNALLOCATED,        /* no allocation anywhere near (an empty heap) */
  WW_MC_CODE_WRITE,         /* a store or atomic into a kernel's code */
  WW_MC_OTHER_LOCAL,        /* another thread's local memory (stack) */
  WW_MC_TX_LOG,             /* the transaction log region (no kernel access is valid) */
};
#define WW_MEMCHECK_MAX 256   /* distinct errors kept per launch */

typedef struct {
  int      kind;            /* WW_MC_* */
  int      write;           /* a store or atomic */
  unsigned mem;             /* ww_mem_kind_t of the instruction */
  uint32_t addr, bytes;
  unsigned sm, warp, lane, thread;   /* thread: id in the block */
  uint32_t block, pc;
  uint64_t count;
  uint32_t region_base;
  char     where[160];      /* ww_dev_describe(addr) */
} ww_memcheck_err_t;

/* The errors of the last launch: returns how many distinct ones (at most
 * WW_MEMCHECK_MAX) with *errs pointing at them; *total counts every lane. */
size_t ww_dev_memcheck(const ww_dev_t *dev, const ww_memcheck_err_t **errs, uint64_t *total);
const char *ww_memcheck_kind_text(int kind);

/* GSI stall counters of the last launch (GSI (ISPASS 2016) sec. IV; docs/gsi.md),
 * per SM, indexed by WW_GSI_CNT_* (cmodel/include/ww_proto.def): the cycle
 * classes (they sum to cycles), memory-data sub-classes, memory-structural
 * sub-classes, the cycles the SM counted. Only the verilator backend has
 * them: the golden model has no pipeline timing. */
#define WW_STALL_COUNTERS WW_GSI_CNT_N
typedef struct ww_stalls {
  uint64_t cycles;                                  /* the launch's cycles (host count) */
  unsigned n_sm;
  uint64_t cnt[WW_NUM_SM][WW_STALL_COUNTERS];
} ww_stalls_t;

/* 0 with the counters of the last completed launch; -1 (ww_dev_error says
 * why) when the backend has none or nothing ran. */
int ww_dev_stalls(ww_dev_t *dev, ww_stalls_t *out);

/* KILO TM commit unit counters of the last launch (docs/tm.md sec. 4.1
 * "Counters"), per partition, indexed by WW_TM_CNT_* (ww_proto.def): the
 * entry-cycles of each commit stage (STAGE), then events (EVENT: local
 * PASS / FAIL outcomes, hazards, hazards whose writer came from the LWH's
 * recency filter, revalidations, RESEND_R / RESEND_W). Measured in the RTL:
 * only the verilator backend has them (the golden model has no commit unit). */
#define WW_TM_COUNTERS WW_TM_CNT_N
typedef struct ww_tm_counters {
  unsigned n_part;
  uint64_t cnt[WW_NUM_PART][WW_TM_COUNTERS];
} ww_tm_counters_t;

/* 0 with the counters of the last completed launch; -1 (ww_dev_error says
 * why) when the backend has none or nothing ran to completion. */
int ww_dev_tm_counters(ww_dev_t *dev, ww_tm_counters_t *out);

/* A race ScoRD found (docs/scord.md §3 "Race log"), repeats of the same
 * (pc, addr, type) merged into count. */
typedef struct ww_race {
  uint32_t pc;              /* the racing access */
  uint32_t addr;            /* byte address of the word */
  unsigned type;            /* WW_SCORD_RACE_A..F = Table IV (a) missing block fence, (b)
                               missing device fence, (c) not strong, (d) scoped atomic, (e)
                               missing common lock on a load, (f) ... on a store */
  int      scope_blk;       /* 1: both accessors in one block; 0: device scope */
  unsigned kind;            /* the racing access: WW_SCORD_KIND_LOAD, _STORE, _ATOMIC */
  uint32_t count;           /* occurrences */
  uint32_t ctaid;           /* current accessor's block */
  unsigned sm, warp;        /* current accessor: SM, warp in the SM */
  unsigned prev_sm, prev_warp;
  uint32_t prev_block;      /* previous accessor's BlockID (ctaid mod 2^SCORD_BLOCKID_W) */
} ww_race_t;

typedef struct ww_scord_stats {
  uint64_t races;           /* detected, repeats included */
  uint64_t entries;         /* log entries written (distinct races unless evicted from dedup) */
  uint64_t overwrites;      /* log ring overwrites (oldest entries lost) */
  uint64_t records;         /* access and fence records the detectors processed */
  uint64_t md_reads, md_writes;     /* metadata line accesses */
  uint64_t queue_full_cycles;       /* cycles a record waited for a full detector queue */
  uint64_t l2_requests;             /* the SMs' ordinary requests to L2 (metadata excluded) */
} ww_scord_stats_t;

/* Races of the last launch with ScoRD on: up to max into out, *n = how many
 * there are (merged across partitions), *st the detectors' counters. 0, or -1
 * (ww_dev_error says why). */
int ww_dev_races(ww_dev_t *dev, ww_race_t *out, size_t max, size_t *n, ww_scord_stats_t *st);
const char *ww_race_type_text(unsigned type);
/* Table IV's letter of race type t: 'a' for WW_SCORD_RACE_A .. 'f' */
#define WW_RACE_LETTER(t) ((char)('a' + (int)(t) - WW_SCORD_RACE_A))

/* Writes one line per retired warp instruction to f (NULL to stop). */
void ww_dev_trace(ww_dev_t *dev, FILE *f);

/* Called for every retired warp instruction (NULL to stop). */
void ww_dev_set_retire_hook(ww_dev_t *dev, ww_retire_fn fn, void *ctx);

/* Writes s as a JSON string; invalid UTF-8 bytes become U+FFFD. */
void ww_json_str(FILE *f, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* WW_RUNTIME_H */
