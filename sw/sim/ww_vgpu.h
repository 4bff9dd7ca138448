/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_vgpu -- a C API over the Verilated GPU (rtl/top/ww_gpu.v) with its DRAM
 * model (ww_dram.h): the RTL counterpart of the golden model's ww_gpu.h, for
 * co-simulation, the "verilator" runtime backend and tests.
 * Library: build/lib/libwwvgpu.a (tb/gpu/gpu_tb.mk); link with
 * $(VGPU_LDLIBS) (-lstdc++ -lz -lm -pthread). C11 callers include this header.
 *
 * The GPU's parameters are fixed when it is verilated: those of
 * cmodel/include/ww_config.h (ww_vgpu_info() reports them).
 *
 * Life of a run:
 *   v = ww_vgpu_new(&opts, err, n);          GPU reset, DRAM zeroed
 *   memcpy(ww_vgpu_mem(v) + addr, ...);      host writes global memory
 *   ww_vgpu_launch(v, &launch, err, n);      reset, imem load, start pulse
 *   while ((r = ww_vgpu_tick(v, &ev)) == WW_VGPU_RUNNING) { use ev }
 *   ... r == WW_VGPU_DONE: every block finished and L2 written back, so
 *   ww_vgpu_mem() holds the kernel's results.
 * or ww_vgpu_run() for the whole loop with a cycle limit.
 *
 * Cycles: the start pulse of a launch is kernel cycle 0; ww_vgpu_tick()
 * advances one clock cycle and reports what the RTL did in it (the outputs
 * seen just before its rising edge). Inputs change while the clock is low.
 * In the wave (opts.wave) clock cycle N since ww_vgpu_new is at N ns, so
 * kernel cycle K is at (stats.launch_cycle + K) ns; the saved view
 * (ww_wave_view.h) opens at the first launch.
 *
 * After a trap or a timeout the L2 is not written back: DRAM then lacks the
 * kernel's last writes (the next launch resets the L2).
 * Not thread-safe per instance; instances are independent.
 */
#ifndef WW_VGPU_H
#define WW_VGPU_H

#include <stddef.h>
#include <stdint.h>

#include "ww_gpu.h"   /* ww_launch_t, ww_retire_t, ww_trap_t, ww_run_t */

#ifdef __cplusplus
extern "C" {
#endif

#define WW_VGPU_MAX_SM   16
#define WW_VGPU_MAX_PART 16
#define WW_VGPU_MAX_WARPS 32
#define WW_VGPU_SB_WORDS 4     /* sideband words: SB_W (ww_sm, docs/scord.md §3) <= 128 */

typedef struct {
  unsigned    dram_latency;   /* read latency in cycles; 0 = WW_DRAM_LATENCY */
  unsigned    dram_interval;  /* cycles between DRAM acceptances per channel; 0 = 1 */
  uint32_t    seed;           /* seed of Verilator's random initial state (x-initial unique) */
  const char *wave;           /* FST file of every cycle, NULL = none; a saved GTKWave
                                 view is written next to it (X.fst -> X.gtkw, with the
                                 translate filter files X.gsi.txt, X.trap.txt,
                                 X.mem.txt). Clock cycle N (counted from ww_vgpu_new,
                                 reset and instruction loading included) is at N ns;
                                 the clock rises at N ns + 500 ps. */
  const char *wave_disasm;    /* view: the GTKWave process filter that disassembles
                                 (ww-gtkw-disasm; an absolute path without blanks),
                                 NULL = instruction words and PCs shown in hex */
  const char *wave_elf;       /* view: the kernel ELF (absolute) wave_disasm maps PCs
                                 with ("pc: disassembly  file:line"); NULL = PCs in hex */
  uint64_t    timing_seed;    /* 0: fixed DRAM timing; else DRAM latency jitter of up to
                                 one latency per read, seeded (ww_dram.h "jitter") */
} ww_vgpu_opts_t;

/* The parameters the GPU was verilated with. */
typedef struct {
  unsigned num_sm, num_part, warps_per_sm, lanes, blocks_per_sm;
  unsigned line_bytes, imem_bytes, l2_sets, l2_ways;
  uint32_t gmem_bytes, code_base;
  unsigned sb_bits;           /* width of the ScoRD sideband (ww_sm mreq_sb_o) */
  uint32_t dram_bytes;        /* the DRAM: global memory, then the ScoRD metadata
                                 [gmem, 3 gmem) and race log (docs/scord.md §3) */
  unsigned tm_warps_per_sm;   /* KILO TM concurrency limit (ww_gpu TM_LIMIT), 0 = unlimited */
  unsigned lwh_entries, lwh_ways;  /* each commit unit's last-writer history */
  uint32_t tx_watchdog;       /* KILO TM watchdog: the largest limit (ww_gpu TX_WATCHDOG);
                                 ww_vgpu_set_tx_watchdog sets the run's, at most this */
} ww_vgpu_info_t;

/* ScoRD mode of the next launches (ww_vgpu_set_scord). */
enum { WW_VGPU_SCORD_OFF = 0, WW_VGPU_SCORD_CACHED = 1, WW_VGPU_SCORD_FULL = 2 };

/* What tick returns (the first three are ww_run_t's values). */
typedef enum {
  WW_VGPU_RUNNING = WW_RUN_RUNNING,  /* the grid runs (or nothing launched) */
  WW_VGPU_DONE    = WW_RUN_DONE,     /* done_o: every block finished, L2 flushed */
  WW_VGPU_TRAP    = WW_RUN_TRAP,     /* some SM raised a trap this cycle */
  WW_VGPU_TIMEOUT = 3                /* ww_vgpu_run only: cycle limit reached */
} ww_vgpu_status_t;

/* A request a slice accepted from the crossbar (ScoRD's observation point). */
typedef struct {
  unsigned part;              /* partition (L2 slice) */
  unsigned sm;                /* source SM */
  uint32_t sb[WW_VGPU_SB_WORDS];  /* ww_sm's mreq_sb_o, bit i in word i/32 */
} ww_vgpu_part_req_t;

/* A KILO TM final outcome: one commit ID of a lane decided by its SM's commit
 * walk (ww_gpu tm_fin_*; docs/tm.md sec. 4.3). Co-simulation applies them in
 * CID order. */
typedef struct {
  unsigned sm, warp, lane;
  uint32_t cid;               /* commit ID (CID_W bits, wraps) */
  int      pass;              /* 1 committed, 0 aborted */
  int      wd;                /* a watchdog validation's CID (commits nothing) */
} ww_vgpu_tm_fin_t;

/* The end of a KILO TM watchdog validation (ww_gpu tm_wd_*; docs/tm.md sec.
 * 4.3 step 7), in the cycle its SM acts on it: the warp goes on, or its
 * attempt aborts (every lane back to the retry pc, logs emptied). */
typedef struct {
  unsigned sm, warp;
  int      abort;
} ww_vgpu_tm_wd_t;

/* Everything the RTL reported in one cycle. Retire records come in SM order
 * (the co-simulation's order: cycle, then SM); retire[i].step is the kernel
 * cycle. */
typedef struct {
  uint64_t           cycle;                    /* kernel cycle of this tick */
  unsigned           n_retire;
  ww_retire_t        retire[WW_VGPU_MAX_SM];
  int                launch_valid;             /* the distributor placed a block */
  unsigned           launch_sm;
  uint32_t           launch_ctaid;
  int                trap_valid;               /* an SM trapped (lowest SM if several) */
  ww_trap_t          trap;
  unsigned           n_part_req;
  ww_vgpu_part_req_t part_req[WW_VGPU_MAX_PART];
  uint8_t            stall[WW_VGPU_MAX_SM][WW_VGPU_MAX_WARPS];  /* GSI class per SM, warp */
  unsigned           n_tm_fin;                 /* KILO TM final outcomes, SM order, */
  ww_vgpu_tm_fin_t   tm_fin[WW_VGPU_MAX_SM];   /*   at most one per SM and cycle */
  unsigned           n_tm_wd;                  /* KILO TM watchdog validations ended, */
  ww_vgpu_tm_wd_t    tm_wd[WW_VGPU_MAX_SM];    /*   SM order, at most one per SM and cycle */
  int                busy, done;               /* busy_o, done_o */
} ww_vgpu_events_t;

typedef struct {
  uint64_t cycles;            /* cycles of the current/last launch: those with busy_o or
                                 done_o (what the GSI counters count) */
  uint64_t total_cycles;      /* clock cycles since ww_vgpu_new, reset and loading included */
  uint64_t warp_insns;        /* retired warp instructions (this launch) */
  uint64_t thread_insns;      /* sum of retired active lanes (this launch) */
  uint64_t blocks_launched;   /* this launch */
  uint64_t l2_requests;       /* this launch: requests the crossbar delivered to the L2 slices */
  uint64_t scord_records;     /* this launch: ScoRD records delivered to the detectors */
  uint64_t tm_packets;        /* this launch: KILO TM packets the commit units accepted */
  uint64_t dram_reads, dram_writes;   /* since ww_vgpu_new */
  uint64_t dram_out_of_range;         /* since ww_vgpu_new; > 0 is a bug */
  uint64_t launch_cycle;      /* clock cycle (since ww_vgpu_new, as total_cycles counts)
                                 of kernel cycle 0 of the current/last launch: the
                                 wave time of the start pulse is launch_cycle ns */
} ww_vgpu_stats_t;

typedef struct ww_vgpu ww_vgpu_t;

/* GSI counters per SM (WW_GSI_CNT_* indices, cmodel/include/ww_proto.def). */
#define WW_VGPU_GSI_COUNTERS WW_GSI_CNT_N

/* NULL, with the reason in err (if given), on bad options or when the wave
 * file cannot be opened. opts NULL = all defaults. The GPU is reset. */
ww_vgpu_t *ww_vgpu_new(const ww_vgpu_opts_t *opts, char *err, size_t err_len);
/* Closes the wave file (if any). NULL is fine. */
void ww_vgpu_free(ww_vgpu_t *v);

const ww_vgpu_info_t *ww_vgpu_info(const ww_vgpu_t *v);

/* The DRAM backing store, info.gmem_bytes long, global address 0 first. The
 * host may read and write it whenever the GPU is not busy. */
uint8_t *ww_vgpu_mem(ww_vgpu_t *v);

/* rst_ni low for a few cycles, then the cycles every L2 slice needs to
 * clear its tags; outstanding DRAM reads are dropped. Afterwards the GPU is
 * idle and ready for start. */
void ww_vgpu_reset(ww_vgpu_t *v);

/* Checks the launch (grid >= 1; block 1 .. warps_per_sm * lanes; entry pc
 * aligned, inside global memory), resets the GPU, loads every SM's
 * instruction memory from mem[code_base .. code_base + imem_bytes) (one word
 * per cycle; bytes beyond global memory load as 0), then drives start_i for
 * one cycle, which becomes kernel cycle 0 (the next ww_vgpu_tick). 0, or -1
 * with the reason in err (nothing is done then). */
int ww_vgpu_launch(ww_vgpu_t *v, const ww_launch_t *launch, char *err, size_t err_len);

/* One clock cycle; fills ev (if not NULL) with this cycle's retire records,
 * placement, trap, accepted slice requests, stall classes, KILO TM final
 * outcomes. Returns
 * WW_VGPU_DONE in the cycle of done_o, WW_VGPU_TRAP in the first cycle of an
 * SM's trap, else WW_VGPU_RUNNING. */
ww_vgpu_status_t ww_vgpu_tick(ww_vgpu_t *v, ww_vgpu_events_t *ev);

/* Ticks until done, a trap or max_cycles kernel cycles in total (0 = no
 * limit); calls fn (if not NULL) for every retire record. On a trap,
 * *trap (if not NULL) gets it. WW_VGPU_TIMEOUT says, in err, how far the
 * grid got. */
ww_vgpu_status_t ww_vgpu_run(ww_vgpu_t *v, uint64_t max_cycles, ww_retire_fn fn, void *ctx,
                             ww_trap_t *trap, char *err, size_t err_len);

/* Kernel cycles since the current/last launch's start pulse. */
uint64_t ww_vgpu_cycles(const ww_vgpu_t *v);
int ww_vgpu_busy(const ww_vgpu_t *v);   /* busy_o now */
void ww_vgpu_stats(const ww_vgpu_t *v, ww_vgpu_stats_t *st);
/* Transition coverage since new (docs/drf.md sec. 3): the pulses of every
 * SM's L1 (l1_cov_o) and every partition's L2 slice (l2_cov_o), summed;
 * index state * EV_N + event (WW_L1ST/L1EV, WW_L2ST/L2EV of ww_proto.h). */
#define WW_VGPU_L1COV (WW_L1ST_N * WW_L1EV_N)
#define WW_VGPU_L2COV (WW_L2ST_N * WW_L2EV_N)
void ww_vgpu_cov(const ww_vgpu_t *v, uint64_t l1[WW_VGPU_L1COV], uint64_t l2[WW_VGPU_L2COV]);

/* GPUDet scheduler mode inputs (sched_mode_i, serial_wid_i), broadcast to
 * every SM from the next tick on; 0, 0 after ww_vgpu_new. */
void ww_vgpu_set_sched_mode(ww_vgpu_t *v, unsigned mode, unsigned serial_wid);

/* ScoRD for the next launches: WW_VGPU_SCORD_*. With it on, each launch
 * first fills the metadata region with the init value and clears the race
 * log (docs/scord.md §3); the detectors write the log, which is in memory
 * (ww_vgpu_mem, info.dram_bytes) after done. */
void ww_vgpu_set_scord(ww_vgpu_t *v, unsigned mode);

/* KILO TM's watchdog for the next launches (ww_gpu tx_watchdog_i): warp
 * instructions of one attempt before a validation; 0 = off; values above
 * info.tx_watchdog count as it. Default WW_TX_WATCHDOG. */
void ww_vgpu_set_tx_watchdog(ww_vgpu_t *v, uint32_t n);

/* The GSI counters of SM sm, read through ww_gpu's gsi_rd_* port (no clock
 * edge). Cleared at start; valid after done until the next launch. */
void ww_vgpu_gsi(ww_vgpu_t *v, unsigned sm, uint32_t cnt[WW_VGPU_GSI_COUNTERS]);

/* KILO TM commit unit counters per partition (WW_TM_CNT_* indices,
 * cmodel/include/ww_proto.def; docs/tm.md sec. 4.1 "Counters"). */
#define WW_VGPU_TM_COUNTERS WW_TM_CNT_N

/* The event counters of partition part's commit unit, read through ww_gpu's
 * tm_rd_* port (no clock edge). Reset with the GPU (every launch resets it);
 * valid after done until the next launch. */
void ww_vgpu_tm(ww_vgpu_t *v, unsigned part, uint32_t cnt[WW_VGPU_TM_COUNTERS]);

/* GPUDet for the next launches (ww_gpu det_en_i, det_quantum_i, det_wser_i,
 * det_lock_i, det_dwp_i: docs/det.md): on, the quantum in warp instructions
 * (1 .. 2^DET_QCNT_W - 1; the caller checks), serial mode per warp (W-Ser)
 * instead of per SM, the lock-based commit (one acknowledged request at a
 * time, the baseline of sec. 8) instead of the Z-buffer units' overlapped
 * one, and deterministic workgroup partitioning (sec. 4.2.2: a busy block
 * slot reserves a pending block at work distribution and takes it in
 * parallel mode as soon as its block finishes). Off after ww_vgpu_new. */
void ww_vgpu_set_det(ww_vgpu_t *v, unsigned on, uint32_t quantum, unsigned wser, unsigned lock,
                     unsigned dwp);

/* GPUDet's counters (WW_DETC_* indices, cmodel/include/ww_proto.def) read
 * through ww_gpu's det_rd_* port (no clock edge); cleared at start, valid
 * after done. Returns 1 when a Z-buffer unit's Z-cache was too small in
 * this run (det_ovf_o: the result is then not deterministic), else 0. */
#define WW_VGPU_DET_COUNTERS WW_DETC_N
int ww_vgpu_det(ww_vgpu_t *v, uint32_t cnt[WW_VGPU_DET_COUNTERS]);

#ifdef __cplusplus
}
#endif

#endif /* WW_VGPU_H */
