/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_backend_verilator -- the runtime's "verilator" backend: the Verilated
 * GPU (ww_vgpu.h) with the golden model (ww_gpu.h) in co-simulation
 * (docs/gpu_rtl.md "Checking"):
 *   - every retire record of the RTL, in retire-port order (cycle, then SM),
 *     steps the model's same SM and warp, and the two records must agree:
 *     PC, instruction, mask, rd and every active lane's rd value; for memory
 *     instructions the kind, size, every lane's address and store data;
 *   - block placement follows the RTL's distributor (manual placement);
 *   - a trap of the RTL must be the model's trap for that warp (kind, PC,
 *     lane and address);
 *   - at the end global memory must be equal (strict mode).
 * Modes (ww_dev_opts_t.cosim, ww_runtime.h): sync (default: the values whose
 * order is legally timing-dependent come from the RTL and must fit one serial
 * order per word, ww_atomic_order.h), strict (the model computes every value),
 * follow (the model takes every loaded value from the RTL: racy kernels), off.
 * The first divergence stops the run as a WW_TRAP_COSIM trap; a full report
 * (both records) goes to stderr. Races come from the detectors' logs in the
 * DRAM model, read with the race-log words and fields of ww_proto.h
 * (WW_SCORD_HDR_*, WW_SCORD_ENT_*, WW_SCORD_EK_*, WW_SCORD_EW_*).
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1   /* readlink, realpath */
#endif
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ww_atomic_order.h"
#include "ww_config.h"
#include "ww_isa.h"
#include "ww_rt_internal.h"
#include "ww_vgpu.h"
#include "ww_gsi.h"

_Static_assert(WW_VGPU_GSI_COUNTERS == WW_GSI_N_COUNTERS && WW_STALL_COUNTERS == WW_GSI_N_COUNTERS,
               "one GSI counter numbering");
_Static_assert(WW_VGPU_TM_COUNTERS == WW_TM_COUNTERS, "one commit-unit counter numbering");

typedef struct {
  ww_vgpu_t   *v;
  ww_gpu_t    *model;           /* NULL when co-simulation is off */
  int          cosim;           /* WW_COSIM_* */
  uint64_t     max_cycles;
  ww_trap_t    trap;
  ww_retire_fn hook;
  void        *hook_ctx;
  ww_poll_fn   poll;            /* the runtime's watchdog (ww_watch.c) */
  void        *poll_ctx;
  ww_retire_t  mrec;            /* the model's record of the step just taken */
  int          mrec_valid;
  uint64_t     cycles, warp_insns, thread_insns;   /* cumulative, for stats */
  int          watch_on;        /* WW_COSIM_WATCH=ADDR: print records touching ADDR's word */
  uint32_t     watch;
  ww_aorder_t *aorder;          /* sync mode: the serial-order check */
  uint64_t     sync_words, sync_atomics;   /* checked by it in the last launch */
  ww_stalls_t  stalls;          /* GSI counters of the last completed launch */
  int          stalls_valid;
  ww_tm_counters_t tm;          /* commit-unit counters of the last completed launch */
  int          tm_valid;
  int          scord;           /* WW_SCORD_* of the launches */
  int          races_valid;     /* a launch with ScoRD on completed */
  ww_cycle_fn  cycle_fn;        /* per-cycle stall classes (ww_trace_json) */
  void        *cycle_ctx;
  uint32_t     tx_log_base;     /* KILO TM: transactional addresses are below it */
  /* GPUDet (--det): the golden model in deterministic mode, run after the
   * RTL to compare the final memory (docs/det.md); the RTL's counters of
   * the last completed launch */
  ww_gpu_t    *detm;
  uint32_t     det_cnt[WW_VGPU_DET_COUNTERS];
  int          det_valid;
} vb_t;

/* ---- ScoRD race log (docs/scord.md §3 "Race log") ----------------------- */
#define LB WW_LINE_BYTES
static uint32_t mem_word(const uint8_t *m, uint64_t a)
{
  return (uint32_t)m[a] | (uint32_t)m[a + 1] << 8 | (uint32_t)m[a + 2] << 16 |
         (uint32_t)m[a + 3] << 24;
}

/* a line of the DRAM image (the race log's reader) */
static int vb_log_line(void *ctx, uint64_t addr, uint8_t *line)
{
  memcpy(line, ww_vgpu_mem(((vb_t *)ctx)->v) + addr, LB);
  return 0;
}

/* The race log in DRAM after the ScoRD metadata (docs/scord.md sec. 3). */
static int vb_races(void *be, ww_race_t *out, size_t max, size_t *n, ww_scord_stats_t *st)
{
  vb_t *b = be;
  if (!b->races_valid)
    return -1;
  if (ww_racelog_read(vb_log_line, b, 3ull * WW_GMEM_BYTES, out, max, n, st) != 0)
    return -1;
  ww_vgpu_stats_t vs;
  ww_vgpu_stats(b->v, &vs);
  st->l2_requests = vs.l2_requests;
  return 0;
}
#undef LB

/* Reads every SM's GSI counters and checks the paper's invariant (GSI,
 * ISPASS 2016, sec. IV-B: one class per cycle) and its sub-class sums. ""
 * if they hold. */
static void read_stalls(vb_t *b, char *why, size_t n)
{
  ww_vgpu_stats_t vs;
  ww_vgpu_stats(b->v, &vs);
  b->stalls.cycles = vs.cycles;
  b->stalls.n_sm = WW_NUM_SM;
  b->stalls_valid = 1;
  why[0] = 0;
  for (unsigned s = 0; s < WW_NUM_SM; s++) {
    uint32_t c[WW_VGPU_GSI_COUNTERS];
    ww_vgpu_gsi(b->v, s, c);
    uint64_t cls = 0, md = 0, ms = 0, sy = 0;
    for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++) {
      b->stalls.cnt[s][i] = c[i];
      if (i - WW_GSI_CNT_CLS_FIRST < WW_GSI_CNT_CLS_N)   /* unsigned: i in the range */
        cls += c[i];
      else if (i - WW_GSI_CNT_MD_FIRST < WW_GSI_CNT_MD_N)
        md += c[i];
      else if (i - WW_GSI_CNT_MS_FIRST < WW_GSI_CNT_MS_N)
        ms += c[i];
      else if (i - WW_GSI_CNT_SY_FIRST < WW_GSI_CNT_SY_N)
        sy += c[i];
    }
    if (!why[0] && (cls != vs.cycles || c[WW_GSI_CNT_CYCLES] != vs.cycles))
      snprintf(why, n, "GSI: SM %u's classes sum to %" PRIu64 " and it counted %u cycles, "
               "the launch took %" PRIu64, s, cls, c[WW_GSI_CNT_CYCLES], vs.cycles);
    else if (!why[0] && (md != c[WW_GSI_CNT_MEM_DATA] || ms != c[WW_GSI_CNT_MEM_STRUCT] ||
                         sy != c[WW_GSI_CNT_SYNC]))
      snprintf(why, n, "GSI: SM %u's sub-classes do not sum to their class (memory data %u, "
               "its sub-classes %" PRIu64 "; memory structural %u, its sub-classes %" PRIu64
               "; sync %u, its sub-classes %" PRIu64 ")",
               s, c[WW_GSI_CNT_MEM_DATA], md, c[WW_GSI_CNT_MEM_STRUCT], ms, c[WW_GSI_CNT_SYNC], sy);
  }
}

/* Reads every partition's commit-unit counters (reset with the GPU at the
 * launch, so they are the launch's: at its end, its trap or its stop). */
static void read_tm(vb_t *b)
{
  b->tm.n_part = WW_NUM_PART;
  for (unsigned p = 0; p < WW_NUM_PART; p++) {
    uint32_t c[WW_VGPU_TM_COUNTERS];
    ww_vgpu_tm(b->v, p, c);
    for (unsigned i = 0; i < WW_TM_COUNTERS; i++)
      b->tm.cnt[p][i] = c[i];
  }
  b->tm_valid = 1;
}

static void model_hook(void *ctx, const ww_retire_t *r)
{
  vb_t *b = ctx;
  b->mrec = *r;
  b->mrec_valid = 1;
}

/* The wave view's disassembler (ww_vgpu_opts_t.wave_disasm): $WW_GTKW_DISASM,
 * else ww-gtkw-disasm beside the running program (build/bin). Absolute and
 * without blanks (GTKWave splits a filter's line at the first blank): 0, or
 * -1 when there is none. */
static int find_gtkw_disasm(char *buf, size_t n)
{
  char cand[PATH_MAX + 32], r[PATH_MAX];
  const char *env = getenv("WW_GTKW_DISASM");
  if (env && *env) {
    snprintf(cand, sizeof cand, "%s", env);
  } else {
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
      return -1;
    exe[len] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
      return -1;
    slash[1] = '\0';
    snprintf(cand, sizeof cand, "%sww-gtkw-disasm", exe);
  }
  if (!realpath(cand, r) || access(r, X_OK) != 0 || strpbrk(r, " \t\n"))
    return -1;
  snprintf(buf, n, "%s", r);
  return 0;
}

static void *vb_open(const ww_dev_opts_t *opts, char *err, size_t err_len)
{
  if (opts->det_dwp && !opts->det)
    return snprintf(err, err_len, "det_dwp needs det (GPUDet)"), NULL;
  if (opts->det && opts->cosim != WW_COSIM_OFF)
    return snprintf(err, err_len, "deterministic mode (GPUDet) runs without co-simulation "
                    "(cosim off): the RTL's final memory is compared with the golden model's in "
                    "deterministic mode instead (docs/det.md)"), NULL;
  vb_t *b = calloc(1, sizeof *b);
  if (!b)
    return snprintf(err, err_len, "out of host memory"), NULL;
  ww_vgpu_opts_t vo = { 0 };
  vo.wave = opts->wave;
  /* the view disassembles with ww-gtkw-disasm; PCs through the kernel ELF */
  char disasm[PATH_MAX], elf[PATH_MAX];
  if (opts->wave && find_gtkw_disasm(disasm, sizeof disasm) == 0) {
    vo.wave_disasm = disasm;
    if (opts->wave_kernel && realpath(opts->wave_kernel, elf) && !strchr(elf, '\n'))
      vo.wave_elf = elf;
  }
  /* a slower DRAM (tb/coverage/directed.sh): its back-pressure reaches the L2 */
  const char *dl = getenv("WW_DRAM_LATENCY"), *di = getenv("WW_DRAM_INTERVAL");
  vo.dram_latency = dl && *dl ? (unsigned)strtoul(dl, NULL, 0) : 0;
  vo.dram_interval = di && *di ? (unsigned)strtoul(di, NULL, 0) : 0;
  vo.timing_seed = opts->seed;   /* --seed on the RTL: DRAM timing noise */
  b->v = ww_vgpu_new(&vo, err, err_len);
  if (!b->v) {
    free(b);
    return NULL;
  }
  b->cosim = opts->cosim;
  b->scord = opts->scord;
  ww_vgpu_set_scord(b->v, (unsigned)opts->scord);
  /* KILO TM's watchdog (docs/tm.md sec. 4.3 step 7): the RTL decides, the
   * co-simulated model follows (ww_gpu_tm_validate / ww_gpu_tm_watchdog) */
  const uint32_t txwd = !opts->tx_watchdog ? WW_TX_WATCHDOG
                        : opts->tx_watchdog == UINT32_MAX ? 0 : opts->tx_watchdog;
  ww_vgpu_set_tx_watchdog(b->v, txwd);
  if (opts->det) {
    ww_gpu_cfg_t dc = ww_gpu_default_cfg();
    dc.det = 1;
    if (opts->det_quantum)
      dc.det_quantum = opts->det_quantum;
    dc.det_dwp = opts->det_dwp != 0;
    ww_vgpu_set_det(b->v, 1, dc.det_quantum, (unsigned)opts->det_wser,
                    (unsigned)opts->det_lock, dc.det_dwp);
    b->detm = ww_gpu_new(&dc, err, err_len);
    if (!b->detm) {
      ww_vgpu_free(b->v);
      free(b);
      return NULL;
    }
  }
  const char *wa = getenv("WW_COSIM_WATCH");
  if (wa && *wa) {
    b->watch_on = 1;
    b->watch = (uint32_t)strtoul(wa, NULL, 0) & ~3u;
  }
  b->max_cycles = opts->max_steps ? opts->max_steps : WW_DEFAULT_MAX_STEPS;
  if (b->cosim != WW_COSIM_OFF) {
    ww_gpu_cfg_t cfg = ww_gpu_default_cfg();
    /* KILO TM: which lanes commit is the RTL's (its final outcomes, applied
     * in CID order, docs/tm.md sec. 5), and so is the watchdog's decision
     * (external mode: the model's own watchdog does not run) */
    cfg.tx_watchdog = txwd;
    /* the concurrency limit the RTL was built with (a variant GPU, make bench-tm) */
    cfg.tm_warps_per_sm = ww_vgpu_info(b->v)->tm_warps_per_sm;
    b->model = ww_gpu_new(&cfg, err, err_len);
    if (!b->model) {
      ww_vgpu_free(b->v);
      free(b);
      return NULL;
    }
    ww_gpu_set_manual_placement(b->model, 1);
    ww_gpu_set_tm_external(b->model, 1);
    b->tx_log_base = ww_gpu_tx_log_base(&cfg);
    if (b->cosim == WW_COSIM_SYNC && !(b->aorder = ww_aorder_new())) {
      ww_gpu_free(b->model);
      ww_vgpu_free(b->v);
      free(b);
      return snprintf(err, err_len, "out of host memory"), NULL;
    }
    ww_gpu_set_retire_hook(b->model, model_hook, b);
  }
  return b;
}

/* WW_COV_OUT=FILE: at close, one line "l1 <counts> l2 <counts>" of the RTL's
 * transition coverage (ww_vgpu_cov) is appended to FILE -- how make bench-drf
 * measures the kernel suite's coverage (docs/drf.md sec. 4) */
static void append_cov(const ww_vgpu_t *v)
{
  const char *path = getenv("WW_COV_OUT");
  if (!path || !*path)
    return;
  uint64_t l1[WW_VGPU_L1COV], l2[WW_VGPU_L2COV];
  ww_vgpu_cov(v, l1, l2);
  FILE *f = fopen(path, "a");
  if (!f) {
    fprintf(stderr, "warning: WW_COV_OUT: cannot append to %s\n", path);
    return;
  }
  fprintf(f, "l1");
  for (unsigned i = 0; i < WW_VGPU_L1COV; i++)
    fprintf(f, " %llu", (unsigned long long)l1[i]);
  fprintf(f, " l2");
  for (unsigned i = 0; i < WW_VGPU_L2COV; i++)
    fprintf(f, " %llu", (unsigned long long)l2[i]);
  fprintf(f, "\n");
  fclose(f);
}

static void vb_close(void *be)
{
  vb_t *b = be;
  if (b->v)
    append_cov(b->v);
  ww_aorder_free(b->aorder);
  ww_gpu_free(b->detm);
  ww_gpu_free(b->model);
  ww_vgpu_free(b->v);
  free(b);
}

static int vb_write(void *be, uint32_t addr, const void *src, size_t n)
{
  vb_t *b = be;
  if ((uint64_t)addr + n > ww_vgpu_info(b->v)->gmem_bytes)
    return -1;
  memcpy(ww_vgpu_mem(b->v) + addr, src, n);
  if (b->detm && ww_gpu_write(b->detm, addr, src, n))
    return -1;
  return b->model ? ww_gpu_write(b->model, addr, src, n) : 0;
}

static int vb_read(void *be, uint32_t addr, void *dst, size_t n)
{
  vb_t *b = be;
  if ((uint64_t)addr + n > ww_vgpu_info(b->v)->gmem_bytes)
    return -1;
  memcpy(dst, ww_vgpu_mem(b->v) + addr, n);
  return 0;
}

static int vb_launch(void *be, const ww_launch_t *launch, char *err, size_t err_len)
{
  vb_t *b = be;
  memset(&b->trap, 0, sizeof b->trap);
  b->stalls_valid = 0;
  b->tm_valid = 0;
  b->races_valid = 0;
  b->det_valid = 0;
  if (b->model && ww_gpu_launch(b->model, launch, err, err_len))
    return -1;
  if (b->detm && ww_gpu_launch(b->detm, launch, err, err_len))
    return -1;
  if (b->aorder)
    ww_aorder_reset(b->aorder);
  b->sync_words = b->sync_atomics = 0;
  return ww_vgpu_launch(b->v, launch, err, err_len);
}

/* ---- comparison ------------------------------------------------------------ */

static void print_record(FILE *f, const char *who, const ww_retire_t *r, unsigned lanes)
{
  char dis[96];
  ww_insn_t d;
  ww_decode(r->insn, &d);
  ww_disasm(&d, r->pc, dis, sizeof dis);
  fprintf(f, "  %-6s SM %u warp %u block %u pc 0x%08x %08x %-28s mask 0x%02x rd x%u mem %u/%uB\n",
          who, r->sm, r->warp, r->block, r->pc, r->insn, dis, r->mask, r->rd, r->mem,
          r->mem_bytes);
  for (unsigned l = 0; l < lanes; l++)
    if (r->mask >> l & 1)
      fprintf(f, "         lane %2u: rd 0x%08x  addr 0x%08x  wdata 0x%08x\n", l, r->rd_val[l],
              r->addr[l], r->wdata[l]);
}

/* Records a co-simulation mismatch as the run's trap; prints the report. */
static ww_run_t mismatch(vb_t *b, uint64_t cycle, const ww_retire_t *rtl, const char *what)
{
  const ww_retire_t *m = b->mrec_valid ? &b->mrec : NULL;
  fprintf(stderr, "cosim: first divergence at cycle %" PRIu64 ": %s\n", cycle, what);
  if (rtl)
    print_record(stderr, "rtl", rtl, WW_LANES);
  if (m)
    print_record(stderr, "model", m, WW_LANES);
  if (b->cosim == WW_COSIM_STRICT)
    fprintf(stderr, "cosim: strict mode computes every loaded and atomic value in the model; "
            "contended atomics and spin loops on strong loads legally differ in order: use "
            "--cosim sync (the default), or --cosim follow for a kernel with data races\n");
  else if (b->cosim == WW_COSIM_SYNC)
    fprintf(stderr, "cosim: sync mode checks every value except atomics and strong loads, "
            "whose order depends on timing; a kernel with data races needs --cosim follow\n");
  memset(&b->trap, 0, sizeof b->trap);
  b->trap.kind = WW_TRAP_COSIM;
  b->trap.sm = rtl ? rtl->sm : 0;
  b->trap.warp = rtl ? rtl->warp : 0;
  b->trap.block = rtl ? rtl->block : 0;
  b->trap.mask = rtl ? rtl->mask : 0;
  b->trap.pc = rtl ? rtl->pc : 0;
  b->trap.insn = rtl ? rtl->insn : 0;
  b->trap.lane = -1;
  snprintf(b->trap.detail, sizeof b->trap.detail, "cycle %" PRIu64 ": %s", cycle, what);
  return WW_RUN_TRAP;
}

static int is_store_kind(unsigned k)
{
  return k == WW_MEM_STORE || k == WW_MEM_STORE_STRONG || k == WW_MEM_SHARED_STORE ||
         k == WW_MEM_ATOMIC_BLK || k == WW_MEM_ATOMIC_DEV || k == WW_MEM_SHARED_ATOMIC;
}

/* "" when equal, else what differs. */
static void compare(const ww_retire_t *r, const ww_retire_t *m, char *why, size_t n)
{
  why[0] = 0;
  if (r->pc != m->pc || r->insn != m->insn || r->block != m->block)
    snprintf(why, n, "pc/insn/block: rtl 0x%08x/%08x/%u, model 0x%08x/%08x/%u", r->pc,
             r->insn, r->block, m->pc, m->insn, m->block);
  else if (r->mask != m->mask)
    snprintf(why, n, "mask: rtl 0x%x, model 0x%x", r->mask, m->mask);
  else if (r->rd != m->rd)
    snprintf(why, n, "rd: rtl x%u, model x%u", r->rd, m->rd);
  else if (r->mem != m->mem || r->mem_bytes != m->mem_bytes)
    snprintf(why, n, "memory kind/size: rtl %u/%u, model %u/%u", r->mem, r->mem_bytes, m->mem,
             m->mem_bytes);
  else
    for (unsigned l = 0; l < WW_LANES; l++) {
      if (!(r->mask >> l & 1))
        continue;
      if (r->rd && r->rd_val[l] != m->rd_val[l]) {
        snprintf(why, n, "lane %u rd x%u: rtl 0x%08x, model 0x%08x", l, r->rd, r->rd_val[l],
                 m->rd_val[l]);
        return;
      }
      if (r->mem && r->addr[l] != m->addr[l]) {
        snprintf(why, n, "lane %u address: rtl 0x%08x, model 0x%08x", l, r->addr[l], m->addr[l]);
        return;
      }
      if (is_store_kind(r->mem) && r->wdata[l] != m->wdata[l]) {
        snprintf(why, n, "lane %u store data: rtl 0x%08x, model 0x%08x", l, r->wdata[l],
                 m->wdata[l]);
        return;
      }
    }
}

/* ---- sync mode ------------------------------------------------------------- */
static uint32_t model_word(vb_t *b, uint32_t addr)
{
  uint8_t w[4] = { 0 };
  ww_gpu_read(b->model, addr & ~3u, w, 4);
  return (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
}

static uint32_t rtl_word(void *ctx, uint32_t addr)
{
  return mem_word(ww_vgpu_mem(((vb_t *)ctx)->v), addr & ~3u);
}

/* Steps the model on RTL record r in sync mode: the lanes whose values are
 * legally timing-dependent take the RTL's, and the serial-order check
 * records them. -1 (host memory) is reported as a mismatch by the caller. */
static ww_run_t sync_step(vb_t *b, const ww_retire_t *r, int *oom)
{
  uint32_t lanes = 0, before[WW_LANES];
  const unsigned k = r->mem;
  const int tx = ww_gpu_warp_in_tx(b->model, r->sm, r->warp);
  for (unsigned l = 0; l < WW_LANES; l++) {
    if (!(r->mask >> l & 1))
      continue;
    if (k == WW_MEM_ATOMIC_DEV || k == WW_MEM_LOAD_STRONG ||
        (k == WW_MEM_LOAD && ww_aorder_tracked(b->aorder, r->addr[l])) ||
        (k == WW_MEM_LOAD && tx && r->addr[l] < b->tx_log_base))
      lanes |= 1u << l;   /* KILO TM: a transactional load reads L2 when it runs */
    if (k == WW_MEM_ATOMIC_DEV || k == WW_MEM_ATOMIC_BLK || k == WW_MEM_LOAD_STRONG ||
        k == WW_MEM_STORE_STRONG)
      before[l] = model_word(b, r->addr[l]);
  }
  ww_run_t mr = ww_gpu_step_warp_sync(b->model, r->sm, r->warp, r, lanes);
  if (!b->mrec_valid)
    return mr;
  const ww_retire_t *m = &b->mrec;
  int bad = 0;
  for (unsigned l = 0; l < WW_LANES; l++) {
    if (!(r->mask >> l & 1) || m->addr[l] != r->addr[l])
      continue;   /* an address mismatch is reported by compare() */
    uint32_t a = r->addr[l];
    if (k == WW_MEM_ATOMIC_DEV ||
        (k == WW_MEM_ATOMIC_BLK && ww_aorder_tracked(b->aorder, a))) {
      /* a block-scope atomic (computed by the model, in L1 order) on a word
       * device atomics touch is one more step of the word's history */
      int commutes;
      uint32_t nv = ww_gpu_amo_result(r->insn, r->rd_val[l], r->wdata[l], m->swap[l], &commutes);
      bad |= ww_aorder_atomic(b->aorder, a, before[l], r->rd_val[l], nv, commutes);
    } else if (k == WW_MEM_LOAD_STRONG || k == WW_MEM_STORE_STRONG) {
      bad |= ww_aorder_touch(b->aorder, a, before[l]);
      if (k == WW_MEM_LOAD_STRONG)
        bad |= ww_aorder_load(b->aorder, a, r->rd_val[l]);
      else
        bad |= ww_aorder_store(b->aorder, a, model_word(b, a));
    } else if (k == WW_MEM_STORE) {
      bad |= ww_aorder_store(b->aorder, a, model_word(b, a));
    } else if (k == WW_MEM_LOAD && (lanes >> l & 1) && r->mem_bytes == 4) {
      bad |= ww_aorder_load(b->aorder, a, r->rd_val[l]);
    }
  }
  *oom = bad;
  return mr;
}

/* Sync mode at the grid's end: every tracked word must fit a serial order;
 * then the words whose final value depends on the order (exch, CAS) take the
 * RTL's value in the model, so the memory comparison covers the rest. */
static int sync_finish(vb_t *b, char *why, size_t n)
{
  size_t words = 0, atomics = 0;
  if (ww_aorder_check(b->aorder, rtl_word, b, why, n, &words, &atomics) != 0)
    return -1;
  b->sync_words = words;
  b->sync_atomics = atomics;
  size_t cnt = ww_aorder_ordered_words(b->aorder, NULL, 0);
  uint32_t *w = cnt ? malloc(cnt * sizeof *w) : NULL;
  if (cnt && !w)
    return snprintf(why, n, "out of host memory"), -1;
  ww_aorder_ordered_words(b->aorder, w, cnt);
  for (size_t i = 0; i < cnt; i++) {
    uint32_t v = rtl_word(b, w[i]);
    uint8_t bytes[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    ww_gpu_write(b->model, w[i], bytes, 4);
  }
  free(w);
  return 0;
}

/* The RTL trapped: the model, stepped on that warp, must trap the same way. */
static ww_run_t check_trap(vb_t *b, const ww_vgpu_events_t *ev, int model_trapped)
{
  const ww_trap_t *rt = &ev->trap;
  b->trap = *rt;
  if (!b->model)
    return WW_RUN_TRAP;
  if (!model_trapped) {
    b->mrec_valid = 0;
    ww_run_t r = ww_gpu_step_warp(b->model, rt->sm, rt->warp);
    if (r != WW_RUN_TRAP) {
      char why[200];
      snprintf(why, sizeof why, "RTL trapped (%s) at SM %u warp %u pc 0x%08x, the model did not",
               ww_trap_name(rt->kind), rt->sm, rt->warp, rt->pc);
      return mismatch(b, ev->cycle, b->mrec_valid ? &b->mrec : NULL, why);
    }
  }
  const ww_trap_t *mt = ww_gpu_trap(b->model);
  int same = mt->kind == rt->kind;
  if (same && rt->kind != WW_TRAP_BAR_DEADLOCK)
    same = mt->pc == rt->pc && mt->lane == rt->lane && mt->addr == rt->addr;
  if (!same) {
    char why[200];
    snprintf(why, sizeof why, "traps differ: rtl %s pc 0x%08x lane %d addr 0x%08x, "
             "model %s pc 0x%08x lane %d addr 0x%08x", ww_trap_name(rt->kind), rt->pc, rt->lane,
             rt->addr, ww_trap_name(mt->kind), mt->pc, mt->lane, mt->addr);
    return mismatch(b, ev->cycle, NULL, why);
  }
  b->trap = *mt;   /* the model's report names the same trap, with its detail text */
  return WW_RUN_TRAP;
}

/* The RTL's final global memory against a model's: 0 when equal, else 1
 * with the first differing byte in why and the words around it on stderr. */
static int mem_differs(vb_t *b, ww_gpu_t *model, char *why, size_t n)
{
  uint32_t size = ww_vgpu_info(b->v)->gmem_bytes;
  const uint8_t *rm = ww_vgpu_mem(b->v);
  static uint8_t buf[1 << 16];
  for (uint32_t a = 0; a < size; a += sizeof buf) {
    const uint32_t len = size - a < sizeof buf ? size - a : (uint32_t)sizeof buf;
    ww_gpu_read(model, a, buf, len);
    if (memcmp(buf, rm + a, len) == 0)
      continue;
    uint32_t o = 0;
    while (buf[o] == rm[a + o])
      o++;
    snprintf(why, n, "final global memory differs at 0x%08x: rtl 0x%02x, model 0x%02x", a + o,
             rm[a + o], buf[o]);
    uint32_t w0 = (o & ~15u) >= 16 ? (o & ~15u) - 16 : 0;
    for (uint32_t w = w0; w < w0 + 48 && w + 4 <= len; w += 4)
      fprintf(stderr, "  0x%08x: rtl 0x%08x  model 0x%08x%s\n", a + w,
              (uint32_t)rm[a + w] | (uint32_t)rm[a + w + 1] << 8 |
              (uint32_t)rm[a + w + 2] << 16 | (uint32_t)rm[a + w + 3] << 24,
              (uint32_t)buf[w] | (uint32_t)buf[w + 1] << 8 | (uint32_t)buf[w + 2] << 16 |
              (uint32_t)buf[w + 3] << 24, memcmp(rm + a + w, buf + w, 4) ? "  <--" : "");
    return 1;
  }
  return 0;
}

static ww_run_t vb_run(void *be)
{
  vb_t *b = be;
  ww_vgpu_events_t ev;
  char why[240];
  uint64_t start = ww_vgpu_cycles(b->v);
  for (;;) {
    ww_vgpu_status_t st = ww_vgpu_tick(b->v, &ev);
    if (ev.busy || ev.done) {   /* the launch's cycles, as ww_vgpu and the GSI count them */
      b->cycles++;
      for (unsigned s = 0; b->cycle_fn && s < WW_NUM_SM; s++)
        b->cycle_fn(b->cycle_ctx, ev.cycle, s, ev.stall[s], WW_WARPS_PER_SM);
    }
    int model_trapped = 0;
    /* KILO TM final outcomes of this cycle, before its retires (a warp's
     * ww.tx.commit retires after every older CID's outcome is reported) */
    for (unsigned i = 0; b->model && i < ev.n_tm_fin; i++) {
      const ww_vgpu_tm_fin_t *f = &ev.tm_fin[i];
      char e2[160];
      /* a watchdog validation's CID commits nothing (docs/tm.md sec. 4.3, 7) */
      if ((f->wd ? ww_gpu_tm_validate : ww_gpu_tm_final)(b->model, f->sm, f->warp, f->lane,
                                                         f->cid, f->pass, e2, sizeof e2)) {
        snprintf(why, sizeof why, "KILO TM CID %u (SM %u warp %u lane %u, RTL %s): %.150s",
                 f->cid, f->sm, f->warp, f->lane,
                 f->wd ? (f->pass ? "validates" : "invalidates") : f->pass ? "commits" : "aborts",
                 e2);
        return mismatch(b, ev.cycle, NULL, why);
      }
    }
    for (unsigned i = 0; i < ev.n_retire; i++) {
      const ww_retire_t *r = &ev.retire[i];
      b->warp_insns++;
      b->thread_insns += (unsigned)__builtin_popcount(r->mask);
      if (b->hook)
        b->hook(b->hook_ctx, r);
      if (!b->model)
        continue;
      b->mrec_valid = 0;
      int oom = 0;
      ww_run_t mr = b->cosim == WW_COSIM_FOLLOW ? ww_gpu_step_warp_follow(b->model, r->sm, r->warp, r)
                    : b->cosim == WW_COSIM_SYNC ? sync_step(b, r, &oom)
                                                : ww_gpu_step_warp(b->model, r->sm, r->warp);
      if (oom)
        return mismatch(b, ev.cycle, r, "out of host memory for the serial-order check");
      if (!b->mrec_valid) {
        if (mr == WW_RUN_TRAP && ev.trap_valid && st == WW_VGPU_TRAP) {
          model_trapped = 1;   /* e.g. a deadlock found at the arrival: compared below */
          continue;
        }
        snprintf(why, sizeof why, "the RTL retired an instruction the model could not execute: %s",
                 mr == WW_RUN_TRAP ? ww_gpu_trap(b->model)->detail : "no record");
        return mismatch(b, ev.cycle, r, why);
      }
      if (b->watch_on && r->mem)
        for (unsigned l = 0; l < WW_LANES; l++)
          if ((r->mask >> l & 1) && (r->addr[l] & ~3u) == b->watch) {
            fprintf(stderr, "watch 0x%08x at cycle %" PRIu64 ":\n", b->watch, ev.cycle);
            print_record(stderr, "rtl", r, WW_LANES);
            print_record(stderr, "model", &b->mrec, WW_LANES);
            break;
          }
      compare(r, &b->mrec, why, sizeof why);
      if (why[0])
        return mismatch(b, ev.cycle, r, why);
      if (mr == WW_RUN_TRAP)
        model_trapped = 1;   /* retired, then trapped (an exit that deadlocks a barrier) */
    }
    /* KILO TM watchdog validations that ended this cycle, after its retires:
     * the RTL acts on one (goes on, or aborts the attempt) long after the
     * warp's last instruction before it retired, and its next one retires
     * later, so the model aborts between the same two retired instructions */
    for (unsigned i = 0; b->model && i < ev.n_tm_wd; i++) {
      const ww_vgpu_tm_wd_t *d = &ev.tm_wd[i];
      char e2[200];
      if (ww_gpu_tm_watchdog(b->model, d->sm, d->warp, d->abort, e2, sizeof e2)) {
        snprintf(why, sizeof why, "KILO TM watchdog (SM %u warp %u, RTL %s): %.170s", d->sm,
                 d->warp, d->abort ? "aborts the attempt" : "goes on", e2);
        return mismatch(b, ev.cycle, NULL, why);
      }
    }
    if (ev.launch_valid && b->model &&
        ww_gpu_place_block(b->model, ev.launch_ctaid, ev.launch_sm, why, sizeof why))
      return mismatch(b, ev.cycle, NULL, why);
    if (st == WW_VGPU_TRAP) {
      read_tm(b);   /* the counters up to the trap */
      return check_trap(b, &ev, model_trapped);
    }
    if (model_trapped) {
      snprintf(why, sizeof why, "the model trapped (%s), the RTL did not",
               ww_gpu_trap(b->model)->detail);
      return mismatch(b, ev.cycle, NULL, why);
    }
    if (st == WW_VGPU_DONE) {
      read_tm(b);
      read_stalls(b, why, sizeof why);
      if (why[0])
        return mismatch(b, ev.cycle, NULL, why);
      b->races_valid = b->scord != WW_SCORD_OFF;
      /* follow mode: racing atomics may reach L2 in another order than they
       * retire, so the model's memory is not the reference; the kernel's own
       * host check decides (docs/gpu_rtl.md) */
      if (b->model && b->cosim == WW_COSIM_SYNC && sync_finish(b, why, sizeof why) != 0)
        return mismatch(b, ev.cycle, NULL, why);
      if (b->model && (b->cosim == WW_COSIM_STRICT || b->cosim == WW_COSIM_SYNC)) {
        if (mem_differs(b, b->model, why, sizeof why))
          return mismatch(b, ev.cycle, NULL, why);
        if (ww_gpu_run(b->model) != WW_RUN_DONE)
          return mismatch(b, ev.cycle, NULL, "the RTL finished the grid, the model did not");
      }
      if (b->detm) {
        /* GPUDet: the RTL's final memory must be the golden model's in
         * deterministic mode, bit for bit, whatever the RTL's timing */
        if (ww_vgpu_det(b->v, b->det_cnt))
          return mismatch(b, ev.cycle, NULL, "a Z-buffer unit's Z-cache was too small for a "
                          "quantum's lines (DET_ZLINES): the commit is not deterministic");
        b->det_valid = 1;
        if (ww_gpu_run(b->detm) != WW_RUN_DONE) {
          snprintf(why, sizeof why, "the golden model in deterministic mode did not finish the "
                   "grid the RTL finished: %.150s", ww_gpu_trap(b->detm)->detail);
          return mismatch(b, ev.cycle, NULL, why);
        }
        if (mem_differs(b, b->detm, why, sizeof why)) {
          char w2[sizeof why];
          snprintf(w2, sizeof w2, "deterministic mode: %.200s", why);
          return mismatch(b, ev.cycle, NULL, w2);
        }
      }
      return WW_RUN_DONE;
    }
    if (b->poll && (ev.cycle & 4095) == 0 &&
        b->poll(b->poll_ctx, ev.cycle, b->trap.detail, sizeof b->trap.detail)) {
      char detail[sizeof b->trap.detail];
      memcpy(detail, b->trap.detail, sizeof detail);
      memset(&b->trap, 0, sizeof b->trap);
      b->trap.kind = WW_TRAP_STEP_LIMIT;
      b->trap.lane = -1;
      memcpy(b->trap.detail, detail, sizeof detail);
      read_tm(b);   /* the counters up to the stop */
      return WW_RUN_TRAP;
    }
    if (ww_vgpu_cycles(b->v) - start >= b->max_cycles) {
      memset(&b->trap, 0, sizeof b->trap);
      b->trap.kind = WW_TRAP_STEP_LIMIT;
      b->trap.lane = -1;
      snprintf(b->trap.detail, sizeof b->trap.detail,
               "the grid did not finish within %" PRIu64 " cycles", b->max_cycles);
      read_tm(b);   /* the counters up to the stop */
      return WW_RUN_TRAP;
    }
  }
}

static const ww_trap_t *vb_trap(void *be) { return &((vb_t *)be)->trap; }

static void vb_stats(void *be, ww_gpu_stats_t *st)
{
  vb_t *b = be;
  if (b->model)
    ww_gpu_stats(b->model, st);   /* architectural counts: the same on both */
  else
    memset(st, 0, sizeof *st);
  st->steps = b->cycles;          /* on this backend a step is a clock cycle */
  st->warp_insns = b->warp_insns;
  st->thread_insns = b->thread_insns;
  st->l1_hits = st->l1_misses = 0;   /* the model's L1 is not the RTL's */
  if (b->det_valid) {             /* GPUDet: the RTL's own counters */
    const uint32_t *c = b->det_cnt;
    st->det_quanta = c[WW_DETC_QUANTA];
    st->det_end_count = c[WW_DETC_END_COUNT];
    st->det_end_atomic = c[WW_DETC_END_ATOMIC];
    st->det_end_fence = c[WW_DETC_END_FENCE];
    st->det_end_barrier = c[WW_DETC_END_BARRIER];
    st->det_end_exit = c[WW_DETC_END_EXIT];
    st->det_end_full = c[WW_DETC_END_FULL];
    st->det_commit_bytes = st->det_serial_atomics = 0;   /* not counted in the RTL */
    st->det_cycles_dist = c[WW_DETC_DIST_CYCLES];
    st->det_cycles_par = c[WW_DETC_PAR_CYCLES];
    st->det_cycles_commit = c[WW_DETC_CMT_CYCLES];
    st->det_cycles_serial = c[WW_DETC_SER_CYCLES];
  }
}

static void vb_set_retire_hook(void *be, ww_retire_fn fn, void *ctx)
{
  vb_t *b = be;
  b->hook = fn;
  b->hook_ctx = ctx;
}

static void vb_set_poll(void *be, ww_poll_fn fn, void *ctx)
{
  vb_t *b = be;
  b->poll = fn;
  b->poll_ctx = ctx;
}

static void vb_set_cycle_hook(void *be, ww_cycle_fn fn, void *ctx)
{
  vb_t *b = be;
  b->cycle_fn = fn;
  b->cycle_ctx = ctx;
}

static uint32_t vb_mem_bytes(void *be) { return ww_vgpu_info(((vb_t *)be)->v)->gmem_bytes; }

static int vb_stalls(void *be, ww_stalls_t *out)
{
  vb_t *b = be;
  if (!b->stalls_valid)
    return -1;
  *out = b->stalls;
  return 0;
}

static int vb_tm_counters(void *be, ww_tm_counters_t *out)
{
  vb_t *b = be;
  if (!b->tm_valid)
    return -1;
  *out = b->tm;
  return 0;
}

const ww_backend_t ww_backend_verilator = {
  .name = "verilator",
  .open = vb_open,
  .close = vb_close,
  .write = vb_write,
  .read = vb_read,
  .launch = vb_launch,
  .run = vb_run,
  .trap = vb_trap,
  .stats = vb_stats,
  .set_retire_hook = vb_set_retire_hook,
  .mem_bytes = vb_mem_bytes,
  .stalls = vb_stalls,
  .tm_counters = vb_tm_counters,
  .races = vb_races,
  .set_poll = vb_set_poll,
  .set_cycle_hook = vb_set_cycle_hook,
};
