/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu_int -- private state of the golden GPU model shared by ww_gpu.c
 * (API, launch, block distribution, scheduler), ww_gpu_exec.c (instruction
 * semantics) and ww_gpu_mem.c (memory map, L1s, loads, stores, atomics).
 * docs/isa.md is the specification; nothing here is public API.
 */
#ifndef WW_GPU_INT_H
#define WW_GPU_INT_H

#include <stddef.h>
#include <stdint.h>

#include "ww_gpu.h"
#include "ww_isa.h"
#include "ww_rng.h"

#define WW_STACK_DEPTH 32          /* reconvergence stack entries per warp */
#define WW_NREG        33          /* x0..x31 plus a sink row for writes to x0 */
#define WW_SINK        32
#define WW_PDC_MAX     (4u << 20)  /* bytes of code covered by the predecode cache */

/* A predecoded instruction. `ok` = 0 means "not decoded yet" (calloc'd). */
typedef struct {
  uint32_t raw;
  int32_t  imm;
  uint16_t op;                     /* ww_op_t */
  uint8_t  rd, rs1, rs2, rs3;
  uint8_t  rdw;                    /* register actually written: rd, or WW_SINK for x0 */
  uint8_t  ok;
} ww_pdi_t;

/* WW_W_TXWAIT: its outermost ww.tx.begin waits for a transaction slot of
 * the SM (tm_warps_per_sm); it is ready again when a warp leaves its
 * transaction and then retries the instruction */
enum { WW_W_FREE = 0, WW_W_READY, WW_W_BAR, WW_W_EXITED, WW_W_TXWAIT };
enum { WW_RS_RECONV = 0, WW_RS_ELSE = 1, WW_RS_TX = 2 };
enum { WW_G_IDLE = 0, WW_G_RUNNING, WW_G_DONE, WW_G_TRAP };

typedef struct {
  uint32_t mask, pc;
  uint32_t kind;                   /* WW_RS_* */
} ww_rs_entry_t;

/* A buffered final outcome of co-simulation (ww_gpu_tm_final), at index
 * CID mod the buffer's size. */
typedef struct {
  uint8_t  valid, pass;
  uint8_t  wd;                     /* a watchdog validation's CID (ww_gpu_tm_validate) */
  uint16_t sm, warp, lane;
  uint32_t cid;
} ww_tm_rob_t;

typedef struct {
  uint32_t x[WW_NREG][WW_MAX_LANES];   /* x[reg][lane] */
  uint32_t pc;
  uint32_t mask;                   /* active lanes */
  uint32_t live;                   /* the warp's full mask (its existing lanes) */
  uint32_t bar_pc;                 /* pc of the ww.bar it waits at */
  uint32_t wib;                    /* warp index in its block */
  uint16_t bslot;                  /* block slot on the SM */
  uint8_t  state;                  /* WW_W_* */
  uint8_t  sp;                     /* reconvergence stack depth */
  ww_rs_entry_t stk[WW_STACK_DEPTH];
  /* KILO TM (ww_gpu_tm.c): nesting depth (0: not in a transaction); the
   * warp's read and write logs live in global memory (the log region, laid
   * out as ww_tm_txlog_entry() says), rlen and wlen entries long; every
   * transactional load or store appends one entry for the whole warp */
  uint32_t tx_depth;
  uint32_t tx_mask;                /* the lanes of this attempt */
  uint32_t tx_steps;               /* its instructions, for the watchdog */
  uint32_t rlen, wlen;
  uint32_t rlog, wlog;             /* address of entry 0 of each log */
  /* external outcomes applied for this attempt (ww_gpu_tm_final) */
  uint32_t ext_done, ext_pass;     /* lanes with an outcome; those that passed */
  uint32_t ext_cid[WW_MAX_LANES];
  /* the RTL's watchdog validation of this attempt (ww_gpu_tm_validate):
   * lanes validated, those that failed */
  uint32_t wd_done, wd_fail;
  /* GPUDet (ww_gpu_det.c): instructions in this quantum's parallel mode, why
   * it ended (WW_DET_*; 0 = still running), the store buffer */
  uint32_t det_count;
  uint8_t  det_end;
  struct ww_det_buf *det_buf;
} ww_warp_t;

/* GPUDet: why a warp's parallel mode ended (sec. 4.2). ATOMIC: stopped before
 * its atomic, which runs in serial mode (then SERIAL_DONE). */
enum { WW_DET_RUN = 0, WW_DET_COUNT, WW_DET_ATOMIC, WW_DET_FENCE, WW_DET_EXIT,
       WW_DET_FULL, WW_DET_SERIAL_DONE, WW_DET_BARRIER };
/* GPUDet phase of the quantum (docs/det.md sec. 1) */
enum { WW_DETP_PARALLEL = 0, WW_DETP_SERIAL };

typedef struct {
  int      active;
  uint32_t ctaid;
  uint32_t nwarps, exited, waiting;
  uint32_t hw_mask;                /* hardware warp slots it occupies */
  uint8_t *shmem;                  /* SHMEM_BYTES of this slot */
  /* GPUDet DWP (cfg.det_dwp, sec. 4.2.2): the block reserved for this slot at
   * work distribution, placed onto its warp slots when its block finishes */
  int      resv;
  uint32_t resv_ctaid;
} ww_bslot_t;

typedef struct {
  ww_warp_t  *warps;               /* warps_per_sm */
  ww_bslot_t *bslots;              /* nbslots */
  uint32_t    ready;               /* slots that can issue */
  uint32_t    used;                /* slots holding a warp of a resident block */
  unsigned    last;                /* round robin: slot issued last */
  unsigned    nblocks;             /* resident blocks */
  int         block_done;          /* a block finished during this step */
  unsigned    tx_warps;            /* warps in a transaction (KILO TM sec. 4.6) */
  uint32_t    det_stopped;         /* GPUDet: slots whose parallel mode ended this quantum */
  uint32_t    tx_waiting;          /* slots in WW_W_TXWAIT */
  /* L1: l1_sets x l1_ways lines; index set * ways + way */
  uint32_t   *tag;                 /* line number (addr >> line_shift) */
  uint8_t    *valid;
  uint64_t   *stamp;               /* LRU: last use, larger = more recent */
  uint8_t    *data;                /* line_bytes per line */
  uint64_t    clock;
} ww_sm_t;

struct ww_gpu {
  ww_gpu_cfg_t cfg;
  uint8_t     *gmem;               /* gmem_bytes: L2 + DRAM, the shared level */
  ww_pdi_t    *pdc;                /* predecode cache for pc < pdc_n * 4 */
  uint32_t     pdc_n;
  ww_sm_t      sm[16];
  unsigned     nbslots;            /* block slots per SM: min(blocks_per_sm, warps_per_sm) */
  unsigned     line_shift;
  uint32_t     set_mask;
  uint32_t     lanes_mask;         /* (1 << lanes) - 1 */
  uint32_t     local_base0;        /* first byte of local memory */
  uint32_t     tx_log_base;        /* first byte of the transaction log region */

  /* KILO TM commit IDs and external outcomes (ww_gpu_tm.c) */
  uint32_t     cid_mask;           /* 2^WW_CID_W - 1 */
  uint32_t     tm_cid;             /* standalone: the next commit ID; external: the
                                      oldest CID whose outcome is not applied yet */
  int          tm_external;
  ww_tm_rob_t *rob;                /* rob_n buffered outcomes (external mode) */
  uint32_t     rob_n;              /* a power of two: the CIDs that can be in flight */
  ww_tx_outcome_fn tx_hook;
  void        *tx_hook_ctx;

  /* launch */
  int          state;              /* WW_G_* */
  ww_launch_t  launch;
  uint32_t     nwarps_blk;         /* warps per block */
  uint32_t     last_live;          /* live mask of a block's last warp */
  uint32_t     next_block;         /* next block to hand out */
  int          manual_place;       /* blocks are placed by ww_gpu_place_block() */
  ww_rng_t     rng;

  ww_gpu_stats_t st;
  ww_trap_t    trap;
  ww_retire_fn hook;
  void        *hook_ctx;
  ww_retire_t  rec;                /* scratch: addr/wdata/mem filled by memory ops */
  /* GPUDet (cfg.det): the phase (the quantum's depth term is the commit
   * order itself, ww_det_commit) */
  int          det_phase;          /* WW_DETP_* */
  int          det_hold;           /* no block placement until the next quantum */
  const ww_retire_t *follow;       /* co-simulation: load/atomic values come from here */
  uint32_t     follow_lanes;       /* ... for these lanes */
  int          follow_sync;        /* ww_gpu_step_warp_sync: device atomics' memory update */
};

/* ---- ww_gpu.c ------------------------------------------------------------ */
/* Writes the printf-style message into err[n] (nothing when err is NULL or n 0). */
void ww_gpu_put_err(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Records a trap for the warp (state -> TRAP). lane < 0: not a memory trap. */
void ww_gpu_set_trap(ww_gpu_t *g, ww_trap_kind_t kind, unsigned sm, unsigned hw,
                     uint32_t pc, uint32_t insn, int lane, uint32_t addr,
                     const char *fmt, ...) __attribute__((format(printf, 9, 10)));

/* ---- ww_gpu_exec.c ------------------------------------------------------- */
/* Executes the next instruction of warp hw on SM sm (which must be READY).
 * 0 when it retired, -1 on a trap. */
int ww_exec_warp(ww_gpu_t *g, unsigned sm, unsigned hw);

/* Decodes the word at pc into *p (rdw set, ok = 1). */
void ww_predecode(uint32_t w, ww_pdi_t *p);

/* ---- ww_gpu_mem.c -------------------------------------------------------- */
static inline uint32_t ww_ld32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void ww_st32(uint8_t *p, uint32_t v)
{
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

void ww_l1_clear(ww_gpu_t *g, unsigned sm);

/* Memory instructions of one warp: 0, or -1 after recording a trap. */
int ww_mem_load(ww_gpu_t *g, unsigned sm, unsigned hw, const ww_pdi_t *d, uint32_t pc);
int ww_mem_store(ww_gpu_t *g, unsigned sm, unsigned hw, const ww_pdi_t *d, uint32_t pc);
int ww_mem_atomic(ww_gpu_t *g, unsigned sm, unsigned hw, const ww_pdi_t *d, uint32_t pc);

/* Writes word a at L2 (global memory), touching no L1: transaction logs and
 * commits (the RTL's log unit stores with L1 STORE, which leaves its L1 alone). */
void ww_mem_write_l2(ww_gpu_t *g, uint32_t a, uint32_t v);

/* ---- ww_gpu_tm.c --------------------------------------------------------- */
/* ww.tx.begin / ww.tx.commit of warp hw; *npc and the warp's mask updated.
 * 0, or -1 after recording a trap; ww_tm_begin: 1 when the warp must wait
 * for a transaction slot (the instruction did not execute; the warp is in
 * WW_W_TXWAIT). */
int ww_tm_begin(ww_gpu_t *g, unsigned sm, unsigned hw, const ww_pdi_t *d, uint32_t pc);
int ww_tm_commit(ww_gpu_t *g, unsigned sm, unsigned hw, const ww_pdi_t *d, uint32_t pc,
                 uint32_t *npc);
/* Before an instruction of a warp in a transaction: counts it, and when the
 * attempt reaches tx_watchdog instructions validates every lane of it; if
 * one fails the attempt is aborted (all its lanes restart after
 * ww.tx.begin, entries above the TX entry dropped): 1; else 0. */
int ww_tm_watchdog(ww_gpu_t *g, ww_warp_t *w);

/* Is this load or store of the warp transactional (in a transaction, not a
 * strong access) for the lanes of g->rec.addr (checked)? Then one log entry
 * is appended for the warp (read log for loads and sub-word stores, write log
 * for stores), void for every lane until filled: 1; 0 if not transactional;
 * -1 after a log-full trap. */
int ww_tm_prepare(ww_gpu_t *g, unsigned sm, unsigned hw, const ww_pdi_t *d, uint32_t pc,
                  int store, unsigned n);
/* Lane l's transactional load of n bytes at a (the raw bytes, zero-extended;
 * rtl not NULL: co-simulation's value, whose low n bytes the read log takes
 * when the word comes from memory), and store of the n-byte value v at a. */
uint32_t ww_tm_load(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t a, unsigned n,
                    const uint32_t *rtl);
void ww_tm_store(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t a, unsigned n, uint32_t v);
/* Is address a (global, checked) transactional: below the transaction log
 * region (which lies just below local memory; docs/tm.md sec. 5). */
static inline int ww_tm_addr(const ww_gpu_t *g, uint32_t a)
{
  return a < g->tx_log_base;
}

/* Launch: no commit IDs handed out, no outcomes buffered. */
void ww_tm_launch(ww_gpu_t *g);

/* ---- ww_gpu_det.c -------------------------------------------------------- */
/* GPUDet (docs/det.md). In parallel mode a global store outside local memory
 * goes into the warp's store buffer (ww_det_store) and a global load sees
 * memory as the quantum found it with the warp's own buffered bytes over it
 * (ww_det_load: the n bytes at a, raw, in b[0..n)). */
static inline int ww_det_buffers(const ww_gpu_t *g, uint32_t a)
{
  return g->cfg.det && g->det_phase == WW_DETP_PARALLEL && a < g->local_base0;
}
void ww_det_store(const ww_gpu_t *g, ww_warp_t *w, uint32_t a, unsigned n, uint32_t v);
void ww_det_load(const ww_warp_t *w, uint32_t a, unsigned n, uint8_t *b);
/* Before a store instruction of warp hw in parallel mode: 1 when its
 * buffer has `lanes` line entries free (a store writes at most a line per
 * lane), else 0: the warp's parallel mode ends before the store
 * (WW_DET_FULL). */
int  ww_det_room(ww_gpu_t *g, unsigned s, unsigned hw);
/* After warp hw retired an instruction (op) in parallel mode: counts it and
 * ends the warp's parallel mode on the quantum size or a fence; in serial
 * mode, marks its atomic done. Exits and barriers end it by their state. */
void ww_det_retired(ww_gpu_t *g, unsigned s, unsigned hw, unsigned op);
/* Ends warp hw's parallel mode before its atomic. */
void ww_det_stop_at_atomic(ww_gpu_t *g, unsigned s, unsigned hw);
/* Commit mode: every warp's buffer into global memory, the lowest depth
 * (latest quantum, then lowest global warp slot) winning each byte; empties
 * the buffers; clears every L1. */
void ww_det_commit(ww_gpu_t *g);
/* Serial mode: the warps stopped at an atomic run it, SM by SM, warp slot by
 * warp slot. 0, or -1 after a trap. */
int  ww_det_serial(ww_gpu_t *g);
/* A new quantum's parallel mode: counts and ends reset, every READY warp may
 * issue. Returns how many warps may issue. */
unsigned ww_det_begin_quantum(ww_gpu_t *g);
/* Launch: phase parallel, buffers empty (allocated on first use). */
int  ww_det_launch(ww_gpu_t *g, char *err, size_t err_len);
void ww_det_free(ww_gpu_t *g);

#endif /* WW_GPU_INT_H */
