/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu -- the golden C model of the whole Warpwatch GPU at the
 * architectural level (docs/isa.md is its specification): SMs, warps, lanes,
 * block distribution, reconvergence stack, barriers, shared, global and local
 * memory, non-coherent per-SM L1s, scoped atomics, strong accesses, fences.
 *
 * It is the fast simulator users run first and the reference the RTL is
 * checked against: every retired warp instruction can be observed through a
 * retire hook, and ww_gpu_step_warp() lets a co-simulation step exactly the
 * warp the RTL retired (docs/gpu_rtl.md "Checking").
 *
 * No global state; one ww_gpu_t per GPU. No allocation after ww_gpu_new().
 */
#ifndef WW_GPU_H
#define WW_GPU_H

#include <stddef.h>
#include <stdint.h>

#include "ww_proto.h"   /* ww_trap_kind_t, ww_mem_kind_t: the hardware protocol table */

#ifdef __cplusplus
extern "C" {
#endif

#define WW_MAX_LANES 32

typedef struct {
  unsigned num_sm;          /* NUM_SM, 1..16 */
  unsigned warps_per_sm;    /* WARPS_PER_SM, 1..32 */
  unsigned lanes;           /* LANES, 1..32 */
  unsigned blocks_per_sm;   /* BLOCKS_PER_SM, >= 1 */
  unsigned line_bytes;      /* LINE_BYTES, power of two >= 4 */
  unsigned l1_sets;         /* L1_SETS, power of two */
  unsigned l1_ways;         /* L1_WAYS */
  uint32_t gmem_bytes;      /* GMEM_BYTES */
  uint32_t null_guard;      /* NULL_GUARD_BYTES */
  uint32_t shared_base;     /* SHARED_BASE */
  uint32_t shmem_bytes;     /* SHMEM_BYTES per resident block */
  uint32_t local_bytes;     /* LOCAL_BYTES per hardware thread */
  uint32_t tx_log_words;    /* KILO TM log entries per thread (each log); 0: transactions
                               trap "not implemented" (a backend without them) */
  uint32_t tx_watchdog;     /* warp instructions of one attempt before the watchdog
                               validates it (doomed transactions); 0: never */
  uint32_t tm_warps_per_sm; /* KILO TM concurrency limit (sec. 4.6): an outermost
                               ww.tx.begin waits while this many warps of its SM are
                               in a transaction; 0: unlimited */
  unsigned det;             /* GPUDet (docs/det.md): 1 = deterministic execution in quanta
                               (isolated parallel mode, commit by depth, serial atomics) */
  uint32_t det_quantum;     /* warp instructions per quantum in parallel mode, >= 1 */
  uint32_t det_sb_lines;    /* line entries of a warp's store buffer, >= lanes (one store
                               takes one per line it writes); a full one ends the quantum */
  unsigned det_dwp;         /* with det: 1 = deterministic workgroup partitioning (GPUDet
                               sec. 4.2.2): each busy block slot reserves a pending block at
                               work distribution, refilled with it in parallel mode */
  uint64_t seed;            /* 0: loose round robin; else random interleaving from seed */
  uint64_t max_steps;       /* scheduler steps before a step-limit trap; 0 = none */
} ww_gpu_cfg_t;

/* The defaults of cmodel/include/ww_config.h, round robin, no step limit. */
ww_gpu_cfg_t ww_gpu_default_cfg(void);

typedef struct ww_gpu ww_gpu_t;

/* NULL, with the reason in err (if given), when the configuration is illegal. */
ww_gpu_t *ww_gpu_new(const ww_gpu_cfg_t *cfg, char *err, size_t err_len);
void ww_gpu_free(ww_gpu_t *gpu);
const ww_gpu_cfg_t *ww_gpu_cfg(const ww_gpu_t *gpu);

/* Host access to global memory (not through any L1). 0, or -1 when any byte
 * of [addr, addr+n) is outside global memory. */
int ww_gpu_write(ww_gpu_t *gpu, uint32_t addr, const void *src, size_t n);
int ww_gpu_read(const ww_gpu_t *gpu, uint32_t addr, void *dst, size_t n);

typedef struct {
  uint32_t entry_pc;        /* first instruction of every warp */
  uint32_t grid;            /* blocks, >= 1 */
  uint32_t block;           /* threads per block, 1 .. warps_per_sm * lanes */
  uint32_t kargs;           /* value of the kargs CSR */
} ww_launch_t;

/* Prepares a launch: clears the L1s, shared memories, barriers and warps,
 * hands out the first blocks. 0, or -1 with the reason in err. */
int ww_gpu_launch(ww_gpu_t *gpu, const ww_launch_t *launch, char *err, size_t err_len);

/* ---- running ----------------------------------------------------------- */
typedef enum { WW_RUN_RUNNING = 0, WW_RUN_DONE = 1, WW_RUN_TRAP = 2 } ww_run_t;

/* One scheduler step: every SM issues at most one warp instruction (chosen by
 * the interleaving policy), then finished blocks are replaced. */
ww_run_t ww_gpu_step(ww_gpu_t *gpu);

/* Steps until the grid is done or a trap. */
ww_run_t ww_gpu_run(ww_gpu_t *gpu);

/* Co-simulation: block placement follows an outside distributor (the RTL's,
 * docs/gpu_rtl.md). With manual placement on, the model never places a block
 * itself: ww_gpu_place_block() puts block `ctaid` on SM `sm`, in its lowest
 * free block slot and lowest free warp slots, as the automatic distributor
 * would. Blocks must come in increasing index, onto an SM with room.
 * ww_gpu_place_block returns 0, or -1 with the reason in err. The setting
 * holds across launches; set it before ww_gpu_launch(). */
void ww_gpu_set_manual_placement(ww_gpu_t *gpu, int on);
int ww_gpu_place_block(ww_gpu_t *gpu, uint32_t ctaid, unsigned sm, char *err, size_t err_len);

/* Executes the next instruction of one hardware warp, for co-simulation that
 * follows the RTL's retire order. A warp that cannot issue (waiting at a
 * barrier, not resident) returns WW_RUN_TRAP with an explanatory trap. */
ww_run_t ww_gpu_step_warp(ww_gpu_t *gpu, unsigned sm, unsigned hw_warp);


/* ---- KILO TM: the log region and co-simulation (docs/tm.md sec. 5) ------ */
/* Local memory starts at LOCAL_BASE0 = gmem_bytes - num_sm * warps_per_sm *
 * lanes * local_bytes; the transaction logs take the region just below it,
 * TX_LOG_BASE = LOCAL_BASE0 - num_sm * warps_per_sm * 2 * tx_log_words * 2 *
 * lanes * 4 (empty when tx_log_words is 0). SM s's logs (ww_tm_txlog's
 * log_base_i) start at TX_LOG_BASE + s * warps_per_sm * 2 * tx_log_words * 2 *
 * lanes * 4. Transactional addresses are those below TX_LOG_BASE. For a
 * configuration ww_gpu_new() accepts. */
uint32_t ww_gpu_local_base(const ww_gpu_cfg_t *cfg);
uint32_t ww_gpu_tx_log_base(const ww_gpu_cfg_t *cfg);
uint32_t ww_gpu_tx_log_sm_base(const ww_gpu_cfg_t *cfg, unsigned sm);

/* Called at every outermost ww.tx.commit, once per committing lane in lane
 * order, with the lane's commit ID and outcome (both modes; standalone, the
 * model hands out the IDs itself: 0 for a launch's first commit, then
 * consecutive, wrapping at 2^WW_CID_W). NULL to stop. */
typedef void (*ww_tx_outcome_fn)(void *ctx, unsigned sm, unsigned warp, unsigned lane,
                                 uint32_t cid, int pass);
void ww_gpu_set_tx_hook(ww_gpu_t *gpu, ww_tx_outcome_fn fn, void *ctx);

/* External outcomes (co-simulation with the RTL, where which lanes abort
 * depends on timing). With it on, an outermost ww.tx.commit does not
 * validate by itself: the final outcomes come from ww_gpu_tm_final(), which
 * buffers them and applies them in CID order (the first CID of a launch is
 * 0, the ID vendor's after reset) as soon as every older one is known:
 * it validates the lane's read log against the model's memory, which must
 * reach `pass` too, then (pass) writes the lane's write log to memory. The
 * warp's ww.tx.commit step then takes the applied outcomes of its
 * committing lanes (a COSIM trap when one is missing), retries the failed
 * ones and clears the SM's L1, as standalone. The setting holds across
 * launches; set it before ww_gpu_launch(). */
void ww_gpu_set_tm_external(ww_gpu_t *gpu, int on);
/* 1 when hardware warp `warp` of SM `sm` is in a transaction now (its next
 * global loads below TX_LOG_BASE are transactional). */
int ww_gpu_warp_in_tx(const ww_gpu_t *gpu, unsigned sm, unsigned warp);

/* Reports the final outcome of lane `lane` of hardware warp `warp` on SM
 * `sm`, commit ID `cid` (WW_CID_W bits), pass 1 or fail 0. 0; or -1 with the
 * reason in err: a bad argument (mode off, no such SM/warp/lane, CID outside
 * the window of IDs that can be in flight, a CID reported twice), or an
 * outcome applied by this call that disagrees with the model (the message
 * names the CID, SM, warp, lane and the first differing word: address,
 * logged value, memory value), or whose warp is not at its outermost
 * ww.tx.commit with the lane committing. A disagreeing outcome is applied
 * as reported (the RTL's), so a caller may go on after the mismatch. */
int ww_gpu_tm_final(ww_gpu_t *gpu, unsigned sm, unsigned warp, unsigned lane, uint32_t cid,
                    int pass, char *err, size_t err_len);

/* The RTL's watchdog (docs/tm.md sec. 4.3 step 7) in external mode. A
 * validation is a read-only commit: each lane of the warp's attempt takes a
 * CID, whose outcome (its read log still matches memory) is reported like a
 * final outcome but with ww_gpu_tm_validate: it is applied in CID order too,
 * checked against the model's own validation of the lane's read log (the
 * same error rules and messages), and writes nothing. The warp need not be
 * at a ww.tx.commit (it stopped anywhere in its attempt). Then
 * ww_gpu_tm_watchdog reports how the validation ended, between the warp's
 * retired instructions where the RTL acted on it: every lane of the attempt
 * must have its validation applied, and `aborted` must be 1 exactly when
 * one of them failed (else -1 with the reason in err; the RTL's decision is
 * applied anyway). aborted: the attempt restarts as the standalone
 * watchdog restarts it (entries above the TX entry popped, every lane of
 * the attempt at the retry pc, logs emptied; tx_aborts counts its lanes,
 * tx_watchdog_aborts one); else the warp goes on. Both 0 or -1. */
int ww_gpu_tm_validate(ww_gpu_t *gpu, unsigned sm, unsigned warp, unsigned lane, uint32_t cid,
                       int pass, char *err, size_t err_len);
int ww_gpu_tm_watchdog(ww_gpu_t *gpu, unsigned sm, unsigned warp, int aborted, char *err,
                       size_t err_len);

/* ---- retire records ---------------------------------------------------- */
/* The memory kind of a retired instruction is ww_mem_kind_t, WW_MEM_NONE ..
 * WW_MEM_SHARED_ATOMIC (cmodel/include/ww_proto.def, group MEM). */

/* One retired warp instruction. Arrays are indexed by lane; only lanes in
 * `mask` are meaningful. */
typedef struct {
  uint64_t step;                      /* scheduler step it issued in */
  uint16_t sm;
  uint16_t warp;                      /* hardware warp slot */
  uint32_t block;                     /* block index in the grid */
  uint32_t pc;
  uint32_t insn;                      /* raw instruction word */
  uint32_t mask;                      /* lanes that executed it */
  uint8_t  rd;                        /* register written, 0 = none */
  uint8_t  mem;                       /* ww_mem_kind_t */
  uint8_t  mem_bytes;                 /* access size */
  uint32_t rd_val[WW_MAX_LANES];      /* value written to rd */
  uint32_t addr[WW_MAX_LANES];        /* memory address */
  uint32_t wdata[WW_MAX_LANES];       /* store data / atomic operand (rs2) */
  uint32_t swap[WW_MAX_LANES];        /* CAS: the value swapped in (rs3); the model's
                                         records only (the RTL's retire port has none) */
} ww_retire_t;

typedef void (*ww_retire_fn)(void *ctx, const ww_retire_t *r);

/* Called for every retired warp instruction (NULL to stop). */
void ww_gpu_set_retire_hook(ww_gpu_t *gpu, ww_retire_fn fn, void *ctx);

/* The same in co-simulation's follow mode (docs/gpu_rtl.md): every lane of a
 * load or atomic takes the value `rtl->rd_val[lane]` the RTL read instead of
 * reading the model's memory; atomics then write op(that value, operand).
 * Everything else is computed by the model as usual. */
ww_run_t ww_gpu_step_warp_follow(ww_gpu_t *gpu, unsigned sm, unsigned hw_warp,
                                 const ww_retire_t *rtl);

/* Co-simulation's default mode, sync (docs/gpu_rtl.md "Checking"): only the
 * lanes in `lanes` take the RTL's value (the values whose order is legally
 * timing-dependent: strong loads, device-scope atomics, loads of words that
 * device atomics touch); the rest is computed. A device atomic of such a lane
 * returns the RTL's old value and writes op(the model's own value, operand)
 * when the op's result does not depend on order (add, and, or, xor, min,
 * max), else (exch, CAS) the value the RTL's atomic wrote. */
ww_run_t ww_gpu_step_warp_sync(ww_gpu_t *gpu, unsigned sm, unsigned hw_warp,
                               const ww_retire_t *rtl, uint32_t lanes);
/* Both modes alike for a transactional load (docs/tm.md sec. 5): a lane named
 * takes the RTL's value; when its word came from memory (not from its own
 * write log) the read log records that value (for a byte or halfword load,
 * merged into the model's word). */

/* What atomic instruction `insn` (any scope) leaves in its word when it read
 * `old`, with operand b (rs2) and, for CAS, swap (rs3). *commutes (if not
 * NULL) is 0 for exch and CAS, whose results depend on the order. */
uint32_t ww_gpu_amo_result(uint32_t insn, uint32_t old, uint32_t b, uint32_t swap, int *commutes);

/* ---- traps -------------------------------------------------------------- */
/* Trap kinds: ww_trap_kind_t, WW_TRAP_NONE .. WW_TRAP_COSIM, and their
 * messages WW_TRAP_LIST(X) -> X(NAME, value, "message") (ww_proto.def, group
 * TRAP; the RTL's trap_kind_o uses the same codes). */

const char *ww_trap_name(ww_trap_kind_t kind);

typedef struct {
  ww_trap_kind_t kind;
  unsigned sm, warp;        /* hardware warp slot */
  uint32_t block;
  uint32_t mask;            /* active lanes */
  uint32_t pc, insn;
  int      lane;            /* faulting lane for memory traps, else -1 */
  uint32_t addr;            /* faulting address for memory traps */
  char     detail[160];     /* e.g. "lane 3 loads 0x00000002" */
} ww_trap_t;

/* The trap that stopped the run (kind WW_TRAP_NONE if none). */
const ww_trap_t *ww_gpu_trap(const ww_gpu_t *gpu);

/* ---- statistics ---------------------------------------------------------- */
typedef struct {
  uint64_t steps;           /* scheduler steps */
  uint64_t warp_insns;      /* retired warp instructions */
  uint64_t thread_insns;    /* sum of active lanes over retired instructions */
  uint64_t loads, stores, atomics;   /* warp-level memory instructions */
  uint64_t l1_hits, l1_misses;       /* per lane access */
  uint64_t barriers;        /* block barriers completed */
  uint64_t divergent_splits;
  uint64_t tx_commits, tx_aborts;    /* transactions committed / aborted (threads) */
  uint64_t tx_watchdog_aborts;       /* attempts the watchdog found doomed (warps) */
  uint64_t tx_watchdog_checks;       /* the watchdog's validations (warps; passed or not) */
  uint64_t tx_limit_waits;           /* outermost ww.tx.begin that found the SM's
                                        tm_warps_per_sm slots taken and waited (warps) */
  uint32_t tx_warps_max;             /* most warps of one SM in a transaction at once */
  uint64_t blocks_done;
  uint64_t sm_warp_insns[16];
  /* GPUDet (cfg.det): quanta run, and why each warp ended its parallel mode
   * (sec. 4.2: instruction count, atomic, fence, barrier, exit; and a full
   * store buffer), bytes of
   * the store buffers committed, atomics run in serial mode */
  uint64_t det_quanta;
  uint64_t det_end_count, det_end_atomic, det_end_fence, det_end_barrier, det_end_exit;
  uint64_t det_end_full;    /* the store buffer was full (det_sb_lines line entries) */
  uint64_t det_commit_bytes;
  uint64_t det_serial_atomics;
  /* GPUDet in the RTL (verilator backend; 0 on the model, which has no
   * timing): cycles in work distribution, parallel mode, commit (with the
   * L1 invalidation) and serial mode (with its invalidation) */
  uint64_t det_cycles_dist, det_cycles_par, det_cycles_commit, det_cycles_serial;
} ww_gpu_stats_t;

void ww_gpu_stats(const ww_gpu_t *gpu, ww_gpu_stats_t *stats);

#ifdef __cplusplus
}
#endif

#endif /* WW_GPU_H */
