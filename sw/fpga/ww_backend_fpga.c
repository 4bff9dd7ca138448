/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_backend_fpga -- the runtime's "fpga" backend (docs/fpga.md sec. 3): the
 * GPU on an FPGA (rtl/fpga/ww_fpga_top.v) behind the UART host link, or the
 * same top Verilated behind a pty (port "sim", build/bin/ww-fpga-sim). It
 * speaks the link's protocol (ww_hl_link.h): memory reads and writes in
 * frames of at most the device's payload, LAUNCH (the device loads the
 * instruction memory from global memory and starts), STATUS polls until
 * done or trapped, then the run's counters (cycles, instructions), the GSI
 * stall counters of every SM, the KILO TM commit units' counters, the
 * GPUDet counters and, with ScoRD, the race log from memory.
 * What it cannot do: retire records do not cross the link, so the retire
 * hook is never called (no --trace, --memcheck, watchdog or Ctrl-C; the
 * run stops at max_steps cycles); the DRAM timing seed and waves are the
 * verilator backend's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ww_config.h"
#include "ww_scord_det.h"
#include "ww_hl_link.h"
#include "ww_rt_internal.h"

#define INFO_WORDS 10
#define STATUS_WORDS 8
#define TRAP_WORDS 9
#define MAGIC 0x4C485757u   /* "WWHL" */
#define VERSION 1u
#define LB WW_LINE_BYTES

typedef struct {
  ww_hl_t     *hl;
  char         err[400];
  unsigned     max_payload;
  uint64_t     max_cycles;
  int          scord;
  int          det;
  uint32_t     det_quantum;
  int          det_wser, det_lock, det_dwp;
  uint32_t     tx_watchdog;
  ww_trap_t    trap;
  uint64_t     cycles, warp_insns, thread_insns;   /* of the last launch */
  uint64_t     base_cycles, base_warp, base_thread;  /* of the launches before it (the
                                                      runtime subtracts stats at launch) */
  uint32_t     blocks;
  ww_stalls_t  stalls;
  int          stalls_valid;
  ww_tm_counters_t tm;
  int          tm_valid;
  uint32_t     det_cnt[WW_DETC_N];
  int          det_valid;
  int          races_valid;
  uint32_t     mem_held;     /* bytes of memory the device holds (INFO) */
} fb_t;

static uint32_t le32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put32(uint8_t *p, uint32_t v)
{
  for (unsigned i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

static int req(fb_t *b, uint8_t cmd, const void *pl, uint16_t len, void *rsp, uint16_t cap,
               uint16_t *got, unsigned extra_ms)
{
  return ww_hl_request(b->hl, cmd, pl, len, rsp, cap, got, extra_ms, b->err, sizeof b->err);
}

/* INFO: the device's configuration must be this runtime's */
static int check_info(fb_t *b, char *err, size_t n)
{
  uint8_t r[4 * INFO_WORDS];
  uint16_t got = 0;
  if (req(b, WW_HL_CMD_INFO, NULL, 0, r, sizeof r, &got, 0) != 0)
    return snprintf(err, n, "%s", b->err), -1;
  if (got != sizeof r || le32(r) != MAGIC)
    return snprintf(err, n, "the device answered INFO but is not a Warpwatch host link "
                    "(%u bytes, magic 0x%08x)", got, got >= 4 ? le32(r) : 0), -1;
  const uint32_t ver = le32(r + 4) & 0xFFFF, maxp = le32(r + 4) >> 16, g = le32(r + 8);
  if (ver != VERSION)
    return snprintf(err, n, "the device speaks host-link version %u, this runtime %u", ver,
                    VERSION), -1;
  const unsigned sm = g & 0xFF, part = g >> 8 & 0xFF, warps = g >> 16 & 0xFF, lanes = g >> 24;
  if (sm != WW_NUM_SM || part != WW_NUM_PART || warps != WW_WARPS_PER_SM || lanes != WW_LANES ||
      le32(r + 12) != WW_LINE_BYTES || le32(r + 16) != WW_IMEM_BYTES ||
      le32(r + 24) != WW_GMEM_BYTES || le32(r + 28) != WW_CODE_BASE)
    return snprintf(err, n, "the FPGA's GPU is configured differently: %u SMs, %u partitions, "
                    "%u warps, %u lanes, %u-byte lines, %u bytes of imem, global memory %u at "
                    "code 0x%x; this runtime: %u, %u, %u, %u, %u, %u, %u at 0x%x", sm, part, warps,
                    lanes, le32(r + 12), le32(r + 16), le32(r + 24), le32(r + 28), WW_NUM_SM,
                    WW_NUM_PART, WW_WARPS_PER_SM, WW_LANES, WW_LINE_BYTES, WW_IMEM_BYTES,
                    WW_GMEM_BYTES, WW_CODE_BASE), -1;
  if (le32(r + 20) < WW_GMEM_BYTES)
    return snprintf(err, n, "the FPGA holds %u bytes of memory, the runtime's memory map needs "
                    "%u (global memory with local memory at its top; docs/fpga.md sec. 4)",
                    le32(r + 20), WW_GMEM_BYTES), -1;
  if (maxp < 64 || maxp > WW_HL_MAX_PAYLOAD || maxp % 4)
    return snprintf(err, n, "the device's frames carry %u bytes: not a multiple of 4 in 64..%u",
                    maxp, WW_HL_MAX_PAYLOAD), -1;
  b->max_payload = maxp;
  b->mem_held = le32(r + 20);
  return 0;
}

static void *fb_open(const ww_dev_opts_t *o, char *err, size_t n)
{
  if (o->wave)
    return snprintf(err, n, "no waves on the fpga backend (use the verilator backend; the "
                    "simulator server writes one with --port 'sim --wave F.fst')"), NULL;
  if (o->seed)
    return snprintf(err, n, "the fpga backend runs the hardware's own timing: no --seed"), NULL;
  if (o->memcheck)
    return snprintf(err, n, "memcheck needs every retired instruction: the fpga backend "
                    "reports none over the link (use --backend cmodel or verilator)"), NULL;
  if (o->cosim != WW_COSIM_SYNC)
    return snprintf(err, n, "the fpga backend is not co-simulated: no --cosim"), NULL;
  if (o->tm_warps)
    return snprintf(err, n, "the KILO TM concurrency limit is built into the FPGA's GPU"), NULL;
  if (o->det_dwp && !o->det)
    return snprintf(err, n, "det_dwp needs det (GPUDet)"), NULL;
  fb_t *b = calloc(1, sizeof *b);
  if (!b)
    return snprintf(err, n, "out of host memory"), NULL;
  b->hl = ww_hl_open(o->port, NULL, err, n);
  if (!b->hl) {
    free(b);
    return NULL;
  }
  if (check_info(b, err, n) != 0) {
    ww_hl_close(b->hl);
    free(b);
    return NULL;
  }
  b->max_cycles = o->max_steps ? o->max_steps : WW_DEFAULT_MAX_STEPS;
  b->scord = o->scord;
  b->det = o->det;
  b->det_quantum = o->det_quantum ? o->det_quantum : WW_DET_QUANTUM;
  b->det_wser = o->det_wser;
  b->det_lock = o->det_lock;
  b->det_dwp = o->det_dwp;
  b->tx_watchdog = !o->tx_watchdog ? WW_TX_WATCHDOG
                   : o->tx_watchdog == UINT32_MAX ? 0 : o->tx_watchdog;
  return b;
}

static void fb_close(void *be)
{
  fb_t *b = be;
  const char *e = getenv("WW_FPGA_LINK_STATS");
  if (e && *e) {
    ww_hl_stats_t st;
    ww_hl_get_stats(b->hl, &st);
    fprintf(stderr, "fpga link: %" PRIu64 " requests, %" PRIu64 " retries, %" PRIu64
            " bytes out, %" PRIu64 " in, %.3f s in requests\n", st.requests, st.retries,
            st.bytes_out, st.bytes_in, st.seconds);
  }
  ww_hl_close(b->hl);
  free(b);
}

/* aligned words: [addr, addr + n), n a multiple of 4 */
static int write_words(fb_t *b, uint32_t addr, const uint8_t *src, size_t n)
{
  uint8_t pl[WW_HL_MAX_PAYLOAD];
  const size_t chunk = b->max_payload - 4;
  while (n) {
    size_t k = n < chunk ? n : chunk;
    put32(pl, addr);
    memcpy(pl + 4, src, k);
    if (req(b, WW_HL_CMD_MEM_WRITE, pl, (uint16_t)(k + 4), NULL, 0, NULL, 0) != 0)
      return -1;
    addr += (uint32_t)k;
    src += k;
    n -= k;
  }
  return 0;
}

static int read_words(fb_t *b, uint32_t addr, uint8_t *dst, size_t n)
{
  uint8_t pl[8];
  while (n) {
    size_t k = n < b->max_payload ? n : b->max_payload;
    uint16_t got = 0;
    put32(pl, addr);
    put32(pl + 4, (uint32_t)k);
    if (req(b, WW_HL_CMD_MEM_READ, pl, 8, dst, (uint16_t)k, &got, 0) != 0)
      return -1;
    if (got != k) {
      snprintf(b->err, sizeof b->err, "MEM_READ of %zu bytes at 0x%08x answered %u", k, addr, got);
      return -1;
    }
    addr += (uint32_t)k;
    dst += k;
    n -= k;
  }
  return 0;
}

static int fb_read(void *be, uint32_t addr, void *dst, size_t n)
{
  fb_t *b = be;
  uint8_t *d = dst;
  uint32_t a0 = addr & ~3u;
  uint64_t end = (uint64_t)addr + n, a1 = (end + 3) & ~3ull;
  if (addr == a0 && end == a1)
    return read_words(b, addr, d, n);
  /* unaligned ends: read the words around them */
  uint8_t w[4];
  while (n && (addr & 3)) {
    if (read_words(b, addr & ~3u, w, 4))
      return -1;
    *d++ = w[addr & 3];
    addr++;
    n--;
  }
  size_t mid = n & ~(size_t)3;
  if (mid && read_words(b, addr, d, mid))
    return -1;
  addr += (uint32_t)mid;
  d += mid;
  n -= mid;
  if (n) {
    if (read_words(b, addr, w, 4))
      return -1;
    memcpy(d, w, n);
  }
  return 0;
}

static int fb_write(void *be, uint32_t addr, const void *src, size_t n)
{
  fb_t *b = be;
  const uint8_t *s = src;
  uint8_t w[4];
  /* unaligned ends: read-modify-write their words */
  while (n && (addr & 3)) {
    uint32_t wa = addr & ~3u;
    if (read_words(b, wa, w, 4))
      return -1;
    while (n && (addr & 3)) {
      w[addr & 3] = *s++;
      addr++;
      n--;
    }
    if (write_words(b, wa, w, 4))
      return -1;
  }
  size_t mid = n & ~(size_t)3;
  if (mid && write_words(b, addr, s, mid))
    return -1;
  addr += (uint32_t)mid;
  s += mid;
  n -= mid;
  if (n) {
    if (read_words(b, addr, w, 4))
      return -1;
    memcpy(w, s, n);
    if (write_words(b, addr, w, 4))
      return -1;
  }
  return 0;
}

static int fill(fb_t *b, uint64_t addr, uint64_t bytes, uint32_t even, uint32_t odd)
{
  uint8_t pl[16];
  put32(pl, (uint32_t)addr);
  put32(pl + 4, (uint32_t)bytes);
  put32(pl + 8, even);
  put32(pl + 12, odd);
  /* the device answers when the fill is done: a line per cycle or two */
  return req(b, WW_HL_CMD_MEM_FILL, pl, 16, NULL, 0, NULL, (unsigned)(bytes / LB / 50));
}

/* ScoRD regions (docs/scord.md sec. 3, as sw/sim/ww_vgpu.cpp lays them out) */
#define MD_BASE   ((uint64_t)WW_GMEM_BYTES)
#define LOG_BASE  (3ull * WW_GMEM_BYTES)
#define LOG_BYTES WW_SCORD_LOG_BYTES

static int fb_launch(void *be, const ww_launch_t *l, char *err, size_t n)
{
  fb_t *b = be;
  memset(&b->trap, 0, sizeof b->trap);
  b->stalls_valid = b->tm_valid = b->det_valid = b->races_valid = 0;
  b->base_cycles += b->cycles;
  b->base_warp += b->warp_insns;
  b->base_thread += b->thread_insns;
  b->cycles = b->warp_insns = b->thread_insns = 0;
  if (b->scord && b->mem_held < LOG_BASE + LOG_BYTES)
    return snprintf(err, n, "ScoRD needs its metadata and race log above global memory, "
                    "%llu bytes in all; the FPGA holds %u (docs/fpga.md sec. 4)",
                    (unsigned long long)(LOG_BASE + LOG_BYTES), b->mem_held), -1;
  if (b->scord) {
    /* metadata: every 8-byte entry INIT {M, BS, DS} (docs/scord.md sec. 2); log: zero */
    if (fill(b, MD_BASE, LOG_BASE - MD_BASE, 0x00380000u, 0) ||
        fill(b, LOG_BASE, LOG_BYTES, 0, 0))
      return snprintf(err, n, "%s", b->err), -1;
  }
  uint32_t flags = 1u << WW_HL_LF_IMEM_LSB;
  if (b->scord != WW_SCORD_OFF)
    flags |= 1u << WW_HL_LF_SCORD_EN_LSB;
  if (b->scord == WW_SCORD_CACHED)
    flags |= 1u << WW_HL_LF_SCORD_CACHED_LSB;
  if (b->det)
    flags |= 1u << WW_HL_LF_DET_EN_LSB;
  if (b->det_wser)
    flags |= 1u << WW_HL_LF_DET_WSER_LSB;
  if (b->det_lock)
    flags |= 1u << WW_HL_LF_DET_LOCK_LSB;
  if (b->det_dwp)
    flags |= 1u << WW_HL_LF_DET_DWP_LSB;
  uint8_t pl[28];
  put32(pl, l->entry_pc);
  put32(pl + 4, l->grid);
  put32(pl + 8, l->block);
  put32(pl + 12, l->kargs);
  put32(pl + 16, flags);
  put32(pl + 20, b->tx_watchdog);
  put32(pl + 24, b->det_quantum);
  if (req(b, WW_HL_CMD_LAUNCH, pl, sizeof pl, NULL, 0, NULL, 0) != 0)
    return snprintf(err, n, "%s", b->err), -1;
  return 0;
}

/* COUNTERS: count words of a bank from first */
static int counters(fb_t *b, unsigned bank, unsigned sel, unsigned count, uint32_t *out)
{
  uint8_t pl[4] = { (uint8_t)bank, (uint8_t)sel, 0, (uint8_t)count }, r[4 * 64];
  uint16_t got = 0;
  if (count > 64 || req(b, WW_HL_CMD_COUNTERS, pl, 4, r, sizeof r, &got, 0) != 0)
    return -1;
  for (unsigned i = 0; i < count; i++)
    out[i] = le32(r + 4 * i);
  return 0;
}

static int read_reports(fb_t *b)
{
  b->stalls.cycles = b->cycles;
  b->stalls.n_sm = WW_NUM_SM;
  for (unsigned s = 0; s < WW_NUM_SM; s++) {
    uint32_t c[WW_GSI_CNT_N];
    if (counters(b, WW_HL_BANK_GSI, s, WW_GSI_CNT_N, c))
      return -1;
    for (unsigned i = 0; i < WW_GSI_CNT_N; i++)
      b->stalls.cnt[s][i] = c[i];
  }
  b->stalls_valid = 1;
  b->tm.n_part = WW_NUM_PART;
  for (unsigned p = 0; p < WW_NUM_PART; p++) {
    uint32_t c[WW_TM_CNT_N];
    if (counters(b, WW_HL_BANK_TM, p, WW_TM_CNT_N, c))
      return -1;
    for (unsigned i = 0; i < WW_TM_CNT_N; i++)
      b->tm.cnt[p][i] = c[i];
  }
  b->tm_valid = 1;
  if (b->det) {
    if (counters(b, WW_HL_BANK_DET, 0, WW_DETC_N, b->det_cnt))
      return -1;
    b->det_valid = 1;
  }
  return 0;
}

static ww_run_t link_failed(fb_t *b)
{
  memset(&b->trap, 0, sizeof b->trap);
  b->trap.kind = WW_TRAP_STEP_LIMIT;
  b->trap.lane = -1;
  snprintf(b->trap.detail, sizeof b->trap.detail, "%.159s", b->err);
  return WW_RUN_TRAP;
}

static ww_run_t fb_run(void *be)
{
  fb_t *b = be;
  const int sim = ww_hl_is_sim(b->hl);
  for (;;) {
    uint8_t r[4 * TRAP_WORDS];
    uint16_t got = 0;
    if (req(b, WW_HL_CMD_STATUS, NULL, 0, r, sizeof r, &got, 0) != 0 || got != 4 * STATUS_WORDS)
      return link_failed(b);
    const uint32_t w0 = le32(r);
    const unsigned state = w0 & 0xFF;
    b->cycles = le32(r + 4) | (uint64_t)le32(r + 8) << 32;
    b->warp_insns = le32(r + 12) | (uint64_t)le32(r + 16) << 32;
    b->thread_insns = le32(r + 20) | (uint64_t)le32(r + 24) << 32;
    b->blocks = le32(r + 28);
    if (w0 >> 9 & 1) {
      snprintf(b->err, sizeof b->err, "the FPGA's memory saw a line beyond its size (it holds "
               "less than the kernel's addresses need; docs/fpga.md sec. 4)");
      return link_failed(b);
    }
    if (state == WW_HL_STATE_DONE) {
      if (read_reports(b))
        return link_failed(b);
      if (b->det && (w0 >> 8 & 1)) {
        snprintf(b->err, sizeof b->err, "a Z-buffer unit's Z-cache was too small for a "
                 "quantum's lines (DET_ZLINES): the commit is not deterministic");
        return link_failed(b);
      }
      b->races_valid = b->scord != WW_SCORD_OFF;
      return WW_RUN_DONE;
    }
    if (state == WW_HL_STATE_TRAP) {
      if (req(b, WW_HL_CMD_TRAP, NULL, 0, r, sizeof r, &got, 0) != 0 || got != sizeof r)
        return link_failed(b);
      ww_trap_t *t = &b->trap;
      memset(t, 0, sizeof *t);
      t->kind = (ww_trap_kind_t)le32(r);
      t->sm = le32(r + 4);
      t->warp = le32(r + 8);
      t->block = le32(r + 12);
      t->mask = le32(r + 16);
      t->pc = le32(r + 20);
      t->insn = le32(r + 24);
      t->lane = le32(r + 28) == 63 ? -1 : (int)le32(r + 28);
      t->addr = le32(r + 32);
      snprintf(t->detail, sizeof t->detail, "FPGA trap at kernel cycle %" PRIu64, b->cycles);
      return WW_RUN_TRAP;
    }
    if (state != WW_HL_STATE_BUSY) {
      snprintf(b->err, sizeof b->err, "the FPGA is idle: its kernel was aborted or never "
               "started (state %u)", state);
      return link_failed(b);
    }
    if (b->cycles >= b->max_cycles) {
      req(b, WW_HL_CMD_ABORT, NULL, 0, NULL, 0, NULL, 0);
      memset(&b->trap, 0, sizeof b->trap);
      b->trap.kind = WW_TRAP_STEP_LIMIT;
      b->trap.lane = -1;
      snprintf(b->trap.detail, sizeof b->trap.detail,
               "the grid did not finish within %" PRIu64 " cycles (stopped at %" PRIu64 ")",
               b->max_cycles, b->cycles);
      return WW_RUN_TRAP;
    }
    if (!sim) {   /* a board: poll every 5 ms (the simulator runs while we talk) */
      struct timespec ts = { 0, 5000000 };
      nanosleep(&ts, NULL);
    }
  }
}

static const ww_trap_t *fb_trap(void *be) { return &((fb_t *)be)->trap; }

static void fb_stats(void *be, ww_gpu_stats_t *st)
{
  fb_t *b = be;
  memset(st, 0, sizeof *st);
  st->steps = b->base_cycles + b->cycles;   /* a step is a clock cycle, as on verilator */
  st->warp_insns = b->base_warp + b->warp_insns;
  st->thread_insns = b->base_thread + b->thread_insns;
  if (b->det_valid) {
    const uint32_t *c = b->det_cnt;
    st->det_quanta = c[WW_DETC_QUANTA];
    st->det_end_count = c[WW_DETC_END_COUNT];
    st->det_end_atomic = c[WW_DETC_END_ATOMIC];
    st->det_end_fence = c[WW_DETC_END_FENCE];
    st->det_end_barrier = c[WW_DETC_END_BARRIER];
    st->det_end_exit = c[WW_DETC_END_EXIT];
    st->det_end_full = c[WW_DETC_END_FULL];
    st->det_cycles_dist = c[WW_DETC_DIST_CYCLES];
    st->det_cycles_par = c[WW_DETC_PAR_CYCLES];
    st->det_cycles_commit = c[WW_DETC_CMT_CYCLES];
    st->det_cycles_serial = c[WW_DETC_SER_CYCLES];
  }
}

/* no retire records cross the link */
static void fb_set_retire_hook(void *be, ww_retire_fn fn, void *ctx)
{
  (void)be;
  (void)fn;
  (void)ctx;
}

static uint32_t fb_mem_bytes(void *be)
{
  (void)be;
  return WW_GMEM_BYTES;
}

static int fb_stalls(void *be, ww_stalls_t *out)
{
  fb_t *b = be;
  if (!b->stalls_valid)
    return -1;
  *out = b->stalls;
  return 0;
}

static int fb_tm_counters(void *be, ww_tm_counters_t *out)
{
  fb_t *b = be;
  if (!b->tm_valid)
    return -1;
  *out = b->tm;
  return 0;
}

/* a log line over the link (the race log's reader) */
static int fb_log_line(void *ctx, uint64_t addr, uint8_t *line)
{
  return read_words(ctx, (uint32_t)addr, line, LB);
}

/* The race log read over the link (ww_racelog_read, as the verilator backend). */
static int fb_races(void *be, ww_race_t *out, size_t max, size_t *n, ww_scord_stats_t *st)
{
  fb_t *b = be;
  if (!b->races_valid)
    return -1;
  return ww_racelog_read(fb_log_line, b, LOG_BASE, out, max, n, st);
}

const ww_backend_t ww_backend_fpga = {
  .name = "fpga",
  .open = fb_open,
  .close = fb_close,
  .write = fb_write,
  .read = fb_read,
  .launch = fb_launch,
  .run = fb_run,
  .trap = fb_trap,
  .stats = fb_stats,
  .set_retire_hook = fb_set_retire_hook,
  .mem_bytes = fb_mem_bytes,
  .stalls = fb_stalls,
  .races = fb_races,
  .tm_counters = fb_tm_counters,
};
