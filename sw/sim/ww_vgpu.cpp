// SPDX-License-Identifier: Apache-2.0
//
// ww_vgpu -- thin C++ glue between the Verilated GPU (Vww_gpu) and the C API
// of ww_vgpu.h: clocks it, plays the DRAM (ww_dram.c) on its DRAM ports,
// unpacks the per-SM retire/trap/stall ports into the golden model's record
// types, writes the FST and its saved GTKWave view. No GPU logic here.
//
// Built with the same WW_* defines as the RTL (tb/gpu/gpu_tb.mk), so the
// parameters below are the RTL's; the static_asserts check the port storage.
// Port codes and the sideband layout: ww_proto.h (via ww_gpu.h), the same
// names as the RTL's ww_proto.vh.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

#include <verilated.h>
#if VM_TRACE
#include <verilated_fst_c.h>
#endif
#if VM_COVERAGE
#include <unistd.h>
#include <verilated_cov.h>
#endif

#include "Vww_gpu.h"
#include "ww_vport.h"

extern "C" {
#include "ww_config.h"
#include "ww_scord_det.h"
#include "ww_dram.h"
#include "ww_vgpu.h"
#include "ww_wave_view.h"
}

namespace {

constexpr unsigned clog2(unsigned n) { return n <= 1 ? 0 : 1 + clog2((n + 1) / 2); }
constexpr unsigned IDX_W(unsigned n) { return n > 1 ? clog2(n) : 1; }

constexpr unsigned NUM_SM   = WW_NUM_SM;
constexpr unsigned NUM_PART = WW_NUM_PART;
constexpr unsigned WARPS    = WW_WARPS_PER_SM;
constexpr unsigned LANES    = WW_LANES;
constexpr unsigned LB       = WW_LINE_BYTES;
constexpr unsigned LINE_W   = 32 - clog2(LB);
constexpr unsigned SM_W     = IDX_W(NUM_SM);
constexpr unsigned WID_W    = IDX_W(WARPS);
constexpr unsigned SB_W     = WW_SB_W(WID_W, LB / 4, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W);
// ScoRD regions (docs/scord.md §3): metadata [GMEM, 3 GMEM), then the race
// log: per partition a header and LOG_ENTRIES entries, each
// WW_SCORD_LOG_LINES(LB) lines
constexpr uint64_t MD_BASE    = WW_GMEM_BYTES;
constexpr uint64_t LOG_BASE   = 3ull * WW_GMEM_BYTES;
constexpr uint64_t LOG_BYTES  = WW_SCORD_LOG_BYTES;
constexpr uint64_t DRAM_BYTES = LOG_BASE + LOG_BYTES;
static_assert(DRAM_BYTES < (1ull << 32), "the DRAM must stay below 4 GiB");
constexpr unsigned SB_SK      = WW_SB_SK_LSB(WID_W, LB / 4, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W);
constexpr unsigned SB_SK_W    = WW_SB_SK_W(WID_W, LB / 4, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W);
constexpr unsigned IMEM_AW  = clog2(WW_IMEM_BYTES / 4);
constexpr unsigned CID_W    = WW_CID_W;
constexpr unsigned RESET_CYCLES = 4;

static_assert(NUM_SM <= WW_VGPU_MAX_SM && NUM_PART <= WW_VGPU_MAX_PART, "too many SMs/partitions");
static_assert(WARPS <= WW_VGPU_MAX_WARPS && LANES <= WW_MAX_LANES, "too many warps/lanes");
static_assert(NUM_PART <= WW_DRAM_MAX_CH && LB <= WW_DRAM_MAX_LINE, "DRAM model limits");
static_assert(SB_W <= 32 * WW_VGPU_SB_WORDS, "sideband too wide");

// Verilator's storage for a port of `w` bits: C/S/I/QData or VlWide words.
constexpr size_t vl_bytes(unsigned w)
{
  return w <= 8 ? 1 : w <= 16 ? 2 : w <= 32 ? 4 : w <= 64 ? 8 : (w + 31) / 32 * 4;
}
#define WW_PORT_W(port, w) \
  static_assert(sizeof(Vww_gpu::port) == vl_bytes(w), #port ": RTL and glue parameters differ")
WW_PORT_W(imem_waddr_i, IMEM_AW);
WW_PORT_W(launch_sm_o, SM_W);
WW_PORT_W(dram_req_line_o, NUM_PART * LINE_W);
WW_PORT_W(dram_rsp_data_i, NUM_PART * LB * 8);
WW_PORT_W(ret_warp_o, NUM_SM * WID_W);
WW_PORT_W(ret_mask_o, NUM_SM * LANES);
WW_PORT_W(ret_rd_val_o, NUM_SM * LANES * 32);
WW_PORT_W(stall_o, NUM_SM * WARPS * WW_GSI_W);
WW_PORT_W(trap_kind_o, NUM_SM * WW_TRAP_W);
WW_PORT_W(ret_mem_o, NUM_SM * WW_MEM_W);
WW_PORT_W(part_req_sb_o, NUM_PART * SB_W);
WW_PORT_W(tm_fin_cid_o, NUM_SM * CID_W);
WW_PORT_W(tm_fin_wid_o, NUM_SM * WID_W);
WW_PORT_W(tm_wd_wid_o, NUM_SM * WID_W);
WW_PORT_W(tm_pkt_o, NUM_PART);
#undef WW_PORT_W

// ---- bit fields of a port of any width (ww_vport.h) ----------------------
using ww_vport::bits;
using ww_vport::get_words;
using ww_vport::set_bits;
using ww_vport::word_of;
// line `part` of a port of NUM_PART lines
template <typename T> void set_line(T &p, unsigned part, const uint32_t *w)
{
  ww_vport::set_words(p, part * (LB / 4), w, LB / 4);
}

}  // namespace

struct ww_vgpu {
  VerilatedContext  ctx;
  Vww_gpu          *top = nullptr;
#if VM_TRACE
  VerilatedFstC    *fst = nullptr;
#else
  void             *fst = nullptr;  // a quick build (sim.mk VGPU_QUICK) has no wave
#endif
  ww_dram_t        *dram = nullptr;
  ww_vgpu_info_t    info;
  uint64_t          total = 0;        // clock cycles since new
  uint64_t          l1cov[WW_VGPU_L1COV] = {}, l2cov[WW_VGPU_L2COV] = {};   // coverage pulses
  uint64_t          kcycle = 0;       // kernel cycles since the start pulse
  int               launched = 0;     // a launch happened (start pending or sent)
  int               start_pending = 0;
  ww_launch_t       launch;
  unsigned          sched_mode = 0, serial_wid = 0;
  unsigned          scord = 0;        // ScoRD of the next launch: 0 off, 1 cached, 2 full
  uint32_t          tx_watchdog = WW_TX_WATCHDOG;   // KILO TM watchdog limit, 0 = off
  unsigned          det = 0;                        // GPUDet on for the next launches
  uint32_t          det_quantum = WW_DET_QUANTUM;
  unsigned          det_wser = 0;                   // serial mode per warp (W-Ser)
  unsigned          det_lock = 0;                   // lock-based commit (the baseline)
  unsigned          det_dwp = 0;                    // workgroup partitioning (DWP, sec. 4.2.2)
  uint32_t          trap_prev = 0;    // trap_valid_o of the last cycle
  ww_vgpu_stats_t   st;
  // the wave: time ticks (ctx.timeprecision) per half clock cycle; the saved
  // view (rewritten at the first launch and at the end) and what it shows
  uint64_t          half = 1;
  std::string       fst_path, gtkw_path, disasm, elf;
  uint64_t          launch_cycle = 0;   // clock cycle of the current launch's start pulse
  int               view_launched = 0;  // the first launch happened
  uint64_t          view_start = 0, view_end = 0;  // its start pulse, its last cycle
  int               view_ended = 0;
};

namespace {

// Inputs for a cycle are set while the clock is low.
struct host_in {
  int rst_n = 1, start = 0, imem_we = 0;
  uint32_t imem_addr = 0, imem_data = 0;
};

// One clock cycle: inputs with clk low, eval, outputs are this cycle's,
// the DRAM takes its edge, then the rising edge. ev may be NULL.
void cycle(ww_vgpu *v, const host_in &h, ww_vgpu_events_t *ev);

void collect(ww_vgpu *v, ww_vgpu_events_t *ev);

// the cycle's coverage pulses (most cycles have none)
void count_cov(ww_vgpu *v)
{
  const Vww_gpu *t = v->top;
  for (unsigned w = 0; w < (NUM_SM * WW_VGPU_L1COV + 31) / 32; w++)
    if (word_of(t->l1_cov_o, w))
      for (unsigned b = 0; b < 32 && 32 * w + b < NUM_SM * WW_VGPU_L1COV; b++)
        v->l1cov[(32 * w + b) % WW_VGPU_L1COV] += bits(t->l1_cov_o, 32 * w + b, 1);
  for (unsigned w = 0; w < (NUM_PART * WW_VGPU_L2COV + 31) / 32; w++)
    if (word_of(t->l2_cov_o, w))
      for (unsigned b = 0; b < 32 && 32 * w + b < NUM_PART * WW_VGPU_L2COV; b++)
        v->l2cov[(32 * w + b) % WW_VGPU_L2COV] += bits(t->l2_cov_o, 32 * w + b, 1);
}

void fill_dram_inputs(ww_vgpu *v, ww_dram_out_t *dout)
{
  Vww_gpu *t = v->top;
  for (unsigned p = 0; p < NUM_PART; p++) {
    ww_dram_outputs(v->dram, p, &dout[p]);
    set_bits(t->dram_req_ready_i, p, 1, static_cast<uint32_t>(dout[p].req_ready));
    set_bits(t->dram_rsp_valid_i, p, 1, static_cast<uint32_t>(dout[p].rsp_valid));
    set_line(t->dram_rsp_data_i, p, dout[p].rsp_data);
  }
}

void dump_wave(ww_vgpu *v)
{
#if VM_TRACE
  if (v->fst)
    v->fst->dump(v->ctx.time());
#else
  (void)v;
#endif
}

void cycle(ww_vgpu *v, const host_in &h, ww_vgpu_events_t *ev)
{
  Vww_gpu *t = v->top;
  ww_dram_out_t dout[NUM_PART];
  t->clk_i = 0;
  t->rst_ni = static_cast<uint8_t>(h.rst_n);
  t->start_i = static_cast<uint8_t>(h.start);
  t->entry_pc_i = v->launch.entry_pc;
  t->grid_i = v->launch.grid;
  t->block_i = v->launch.block;
  t->kargs_i = v->launch.kargs;
  t->imem_we_i = static_cast<uint8_t>(h.imem_we);
  t->imem_waddr_i = static_cast<std::remove_reference<decltype(t->imem_waddr_i)>::type>(h.imem_addr);
  t->imem_wdata_i = h.imem_data;
  t->scord_en_i = static_cast<uint8_t>(v->scord != 0);
  t->scord_cached_i = static_cast<uint8_t>(v->scord == 1);
  t->tx_watchdog_i = v->tx_watchdog;
  t->det_en_i = static_cast<uint8_t>(v->det != 0);
  t->det_quantum_i = v->det_quantum;
  t->det_wser_i = static_cast<uint8_t>(v->det_wser != 0);
  t->det_lock_i = static_cast<uint8_t>(v->det_lock != 0);
  t->det_dwp_i = static_cast<uint8_t>(v->det_dwp != 0);
  t->sched_mode_i = static_cast<uint8_t>(v->sched_mode);
  t->serial_wid_i = static_cast<uint8_t>(v->serial_wid);
  fill_dram_inputs(v, dout);
  t->eval();
  dump_wave(v);
  v->ctx.timeInc(v->half);
  count_cov(v);

  if (ev)
    collect(v, ev);
  for (unsigned p = 0; p < NUM_PART; p++) {
    ww_dram_in_t in;
    std::memset(&in, 0, sizeof in);
    in.rst_ni = static_cast<uint64_t>(h.rst_n);
    in.req_valid = bits(t->dram_req_valid_o, p, 1);
    in.req_we = bits(t->dram_req_we_o, p, 1);
    in.req_line = bits(t->dram_req_line_o, p * LINE_W, LINE_W);
    get_words(t->dram_req_data_o, p * LB * 8, in.req_data, LB / 4);
    ww_dram_step(v->dram, p, &in, &dout[p]);
  }

  t->clk_i = 1;
  t->eval();
  dump_wave(v);
  v->ctx.timeInc(v->half);
  v->total++;
}

void collect(ww_vgpu *v, ww_vgpu_events_t *ev)
{
  const Vww_gpu *t = v->top;
  ev->cycle = v->kcycle;
  ev->busy = t->busy_o;
  ev->done = t->done_o;

  ev->n_retire = 0;
  for (unsigned s = 0; s < NUM_SM; s++) {
    if (!bits(t->ret_valid_o, s, 1))
      continue;
    ww_retire_t *r = &ev->retire[ev->n_retire++];
    std::memset(r, 0, sizeof *r);
    r->step = v->kcycle;
    r->sm = static_cast<uint16_t>(s);
    r->warp = static_cast<uint16_t>(bits(t->ret_warp_o, s * WID_W, WID_W));
    r->block = bits(t->ret_block_o, s * 32, 32);
    r->pc = bits(t->ret_pc_o, s * 32, 32);
    r->insn = bits(t->ret_insn_o, s * 32, 32);
    r->mask = bits(t->ret_mask_o, s * LANES, LANES);
    r->rd = static_cast<uint8_t>(bits(t->ret_rd_o, s * 5, 5));
    r->mem = static_cast<uint8_t>(bits(t->ret_mem_o, s * WW_MEM_W, WW_MEM_W));
    r->mem_bytes = static_cast<uint8_t>(bits(t->ret_mem_bytes_o, s * 3, 3));
    get_words(t->ret_rd_val_o, s * LANES * 32, r->rd_val, LANES);
    get_words(t->ret_addr_o, s * LANES * 32, r->addr, LANES);
    get_words(t->ret_wdata_o, s * LANES * 32, r->wdata, LANES);
    v->st.warp_insns++;
    v->st.thread_insns += static_cast<uint64_t>(__builtin_popcount(r->mask));
  }

  ev->launch_valid = t->launch_valid_o;
  ev->launch_sm = ev->launch_valid ? t->launch_sm_o : 0;
  ev->launch_ctaid = ev->launch_valid ? t->launch_ctaid_o : 0;
  if (ev->launch_valid)
    v->st.blocks_launched++;

  // a trap is reported in the first cycle its trap_valid_o is high
  uint32_t tv = bits(t->trap_valid_o, 0, NUM_SM);
  uint32_t rise = tv & ~v->trap_prev;
  v->trap_prev = tv;
  ev->trap_valid = rise != 0;
  std::memset(&ev->trap, 0, sizeof ev->trap);
  if (rise) {
    unsigned s = static_cast<unsigned>(__builtin_ctz(rise));
    ww_trap_t *tr = &ev->trap;
    tr->kind = static_cast<ww_trap_kind_t>(bits(t->trap_kind_o, s * WW_TRAP_W, WW_TRAP_W));
    tr->sm = s;
    tr->warp = bits(t->trap_warp_o, s * WID_W, WID_W);
    tr->block = bits(t->trap_block_o, s * 32, 32);
    tr->mask = bits(t->trap_mask_o, s * LANES, LANES);
    tr->pc = bits(t->trap_pc_o, s * 32, 32);
    tr->insn = bits(t->trap_insn_o, s * 32, 32);
    uint32_t lane = bits(t->trap_lane_o, s * 6, 6);
    tr->lane = lane == 63 ? -1 : static_cast<int>(lane);
    tr->addr = bits(t->trap_addr_o, s * 32, 32);
    std::snprintf(tr->detail, sizeof tr->detail, "RTL trap at kernel cycle %llu",
                  static_cast<unsigned long long>(v->kcycle));
  }

  ev->n_part_req = 0;
  for (unsigned p = 0; p < NUM_PART; p++) {
    if (!bits(t->part_req_valid_o, p, 1))
      continue;
    ww_vgpu_part_req_t *q = &ev->part_req[ev->n_part_req++];
    std::memset(q, 0, sizeof *q);
    q->part = p;
    q->sm = bits(t->part_req_src_o, p * SM_W, SM_W);
    for (unsigned b = 0; b < SB_W; b += 32) {
      unsigned w = SB_W - b < 32 ? SB_W - b : 32;
      q->sb[b / 32] = bits(t->part_req_sb_o, p * SB_W + b, w);
    }
    // sideband record kind (docs/scord.md §3): NONE, an ordinary request to L2
    if (bits(t->part_req_sb_o, p * SB_W + SB_SK, SB_SK_W) == WW_SCORD_SK_NONE)
      v->st.l2_requests++;
    else
      v->st.scord_records++;
  }

  // KILO TM: final outcomes (one per SM and cycle), packets the units took
  ev->n_tm_fin = 0;
  for (unsigned s = 0; s < NUM_SM; s++) {
    if (!bits(t->tm_fin_valid_o, s, 1))
      continue;
    ww_vgpu_tm_fin_t *f = &ev->tm_fin[ev->n_tm_fin++];
    f->sm = s;
    f->warp = bits(t->tm_fin_wid_o, s * WID_W, WID_W);
    f->lane = bits(t->tm_fin_lane_o, s * 5, 5);
    f->cid = bits(t->tm_fin_cid_o, s * CID_W, CID_W);
    f->pass = static_cast<int>(bits(t->tm_fin_pass_o, s, 1));
    f->wd = static_cast<int>(bits(t->tm_fin_wd_o, s, 1));
  }
  ev->n_tm_wd = 0;   // watchdog validations that end (one per SM and cycle)
  for (unsigned s = 0; s < NUM_SM; s++) {
    if (!bits(t->tm_wd_valid_o, s, 1))
      continue;
    ww_vgpu_tm_wd_t *d = &ev->tm_wd[ev->n_tm_wd++];
    d->sm = s;
    d->warp = bits(t->tm_wd_wid_o, s * WID_W, WID_W);
    d->abort = static_cast<int>(bits(t->tm_wd_abort_o, s, 1));
  }
  v->st.tm_packets += static_cast<uint64_t>(__builtin_popcount(bits(t->tm_pkt_o, 0, NUM_PART)));

  std::memset(ev->stall, 0, sizeof ev->stall);
  for (unsigned s = 0; s < NUM_SM; s++)
    for (unsigned w = 0; w < WARPS; w++)
      ev->stall[s][w] =
          static_cast<uint8_t>(bits(t->stall_o, (s * WARPS + w) * WW_GSI_W, WW_GSI_W));
}

void put_err(char *err, size_t n, const char *fmt, unsigned long long a = 0,
             unsigned long long b = 0, unsigned long long c = 0)
{
  if (err && n)
    std::snprintf(err, n, fmt, a, b, c);
}

// The saved view's parameters (ww_wave_view.h).
ww_wave_view_t view_params(const ww_vgpu *v)
{
  ww_wave_view_t p;
  std::memset(&p, 0, sizeof p);
  p.num_sm = NUM_SM;
  p.num_part = NUM_PART;
  p.warps = WARPS;
  p.lanes = LANES;
  p.sm_w = SM_W;
  p.wid_w = WID_W;
  p.line_w = LINE_W;
  p.time_precision = v->ctx.timeprecision();
  p.fst = v->fst_path.c_str();
  p.gtkw = v->gtkw_path.c_str();
  p.disasm = v->disasm.c_str();
  p.elf = v->elf.c_str();
  p.launched = v->view_launched;
  p.ended = v->view_ended;
  p.start = v->view_start;
  p.end = v->view_end;
  return p;
}

int write_view(const ww_vgpu *v)
{
  ww_wave_view_t p = view_params(v);
  return ww_wave_view_write(&p);
}

}  // namespace

extern "C" ww_vgpu_t *ww_vgpu_new(const ww_vgpu_opts_t *opts, char *err, size_t err_len)
{
  ww_vgpu_opts_t o;
  std::memset(&o, 0, sizeof o);
  if (opts)
    o = *opts;
  ww_dram_cfg_t dc = ww_dram_default_cfg();
  dc.bytes = DRAM_BYTES;   // global memory + ScoRD metadata + race log
  if (o.dram_latency)
    dc.latency = o.dram_latency;
  if (o.dram_interval)
    dc.interval = o.dram_interval;
  if (o.timing_seed) {
    dc.jitter = dc.latency;
    dc.seed = o.timing_seed;
  }
  ww_dram_t *dram = ww_dram_new(&dc, err, err_len);
  if (!dram)
    return nullptr;

  ww_vgpu *v = new ww_vgpu;
  v->dram = dram;
  std::memset(&v->st, 0, sizeof v->st);
  std::memset(&v->launch, 0, sizeof v->launch);
  v->info = ww_vgpu_info_t{ NUM_SM, NUM_PART, WARPS, LANES, WW_BLOCKS_PER_SM, LB, WW_IMEM_BYTES,
                            WW_L2_SETS, WW_L2_WAYS, WW_GMEM_BYTES, WW_CODE_BASE, SB_W,
                            DRAM_BYTES, WW_TM_WARPS_PER_SM, WW_LWH_ENTRIES, WW_LWH_WAYS,
                            WW_TX_WATCHDOG };
#if VM_COVERAGE
  // a coverage build starts from all-zero state: random initial values would
  // count as toggles and take state machines' default branches before reset
  v->ctx.randReset(0);
#else
  v->ctx.randReset(2);
#endif
  v->ctx.randSeed(static_cast<int>(o.seed & 0x7FFFFFFF));
  v->ctx.traceEverOn(o.wave != nullptr);
  // WW_GSI_TRACE=PREFIX: every SM's ww_gsi writes its ports, cycle by cycle,
  // to PREFIX.sm<N> (replayed against the C model by build/gsi/gsi_replay)
  // (the RTL asks for plusargs, so the arguments are always set)
  const char *gsi_trace = std::getenv("WW_GSI_TRACE");
  std::string arg = std::string("+gsi_trace=") + (gsi_trace ? gsi_trace : "");
  const char *argv[] = { "ww_vgpu", arg.c_str() };
  v->ctx.commandArgs(gsi_trace && *gsi_trace ? 2 : 1, argv);
  v->top = new Vww_gpu(&v->ctx, "TOP");
  // the wave's time: one clock cycle per ns (the model's precision is 1 ps)
  v->half = ww_wave_ticks_per_cycle(v->ctx.timeprecision()) / 2;
  if (!v->half) {
    put_err(err, err_len, "the model's time precision is coarser than 500 ps: no half cycles");
    ww_vgpu_free(v);
    return nullptr;
  }
#if !VM_TRACE
  if (o.wave) {
    put_err(err, err_len, "this GPU library was built without waves (a quick mutant build, "
                          "sw/sim/sim.mk VGPU_QUICK): no --wave");
    ww_vgpu_free(v);
    return nullptr;
  }
#else
  if (o.wave) {
    v->fst = new VerilatedFstC;
    v->top->trace(v->fst, 99);
    v->fst->open(o.wave);
    v->fst_path = o.wave;
    v->gtkw_path = v->fst_path;
    if (v->gtkw_path.size() > 4 && v->gtkw_path.compare(v->gtkw_path.size() - 4, 4, ".fst") == 0)
      v->gtkw_path.resize(v->gtkw_path.size() - 4);
    v->gtkw_path += ".gtkw";
    v->disasm = o.wave_disasm ? o.wave_disasm : "";
    v->elf = o.wave_elf ? o.wave_elf : "";
    ww_wave_view_t vp = view_params(v);
    if (!v->fst->isOpen() || ww_wave_filters_write(&vp) != 0 || ww_wave_view_write(&vp) != 0) {
      if (err && err_len)
        std::snprintf(err, err_len, "cannot write the wave %s or its view %s", o.wave,
                      v->gtkw_path.c_str());
      ww_vgpu_free(v);
      return nullptr;
    }
  }
#endif
  ww_vgpu_reset(v);
  return v;
}

extern "C" void ww_vgpu_free(ww_vgpu_t *v)
{
  if (!v)
    return;
#if VM_TRACE
  if (v->fst) {
    v->fst->close();
    delete v->fst;
    if (v->view_launched) {
      if (!v->view_ended) {   // the kernel did not finish: its last simulated cycle
        v->view_end = v->total - 1;
        v->view_ended = 1;
      }
      if (write_view(v) != 0)
        std::fprintf(stderr, "ww_vgpu: cannot rewrite the wave view %s\n", v->gtkw_path.c_str());
    }
  }
#endif
  v->top->final();
#if VM_COVERAGE
  // a coverage build (tb/coverage/coverage.mk): this instance's counts go to
  // $WW_COVERAGE_DIR/<pid>_<n>.dat, merged later by verilator_coverage
  static unsigned n_written = 0;
  const char *cov_dir = std::getenv("WW_COVERAGE_DIR");
  if (cov_dir && *cov_dir) {
    std::string f = std::string(cov_dir) + "/" + std::to_string(getpid()) + "_" +
                    std::to_string(n_written++) + ".dat";
    v->ctx.coveragep()->write(f.c_str());
  }
#endif
  delete v->top;
  ww_dram_free(v->dram);
  delete v;
}

extern "C" const ww_vgpu_info_t *ww_vgpu_info(const ww_vgpu_t *v) { return &v->info; }

extern "C" uint8_t *ww_vgpu_mem(ww_vgpu_t *v) { return ww_dram_mem(v->dram); }

extern "C" void ww_vgpu_cov(const ww_vgpu_t *v, uint64_t l1[WW_VGPU_L1COV], uint64_t l2[WW_VGPU_L2COV])
{
  std::memcpy(l1, v->l1cov, sizeof v->l1cov);
  std::memcpy(l2, v->l2cov, sizeof v->l2cov);
}

extern "C" void ww_vgpu_reset(ww_vgpu_t *v)
{
  host_in h;
  h.rst_n = 0;
  for (unsigned i = 0; i < RESET_CYCLES; i++)
    cycle(v, h, nullptr);
  h.rst_n = 1;
  for (unsigned i = 0; i < WW_L2_SETS + 2; i++)   // each slice clears one set per cycle
    cycle(v, h, nullptr);
  v->start_pending = 0;
  v->trap_prev = 0;
}

extern "C" int ww_vgpu_launch(ww_vgpu_t *v, const ww_launch_t *l, char *err, size_t err_len)
{
  if (!l)
    return put_err(err, err_len, "no launch parameters"), -1;
  if (!l->grid)
    return put_err(err, err_len, "grid of 0 blocks: must be >= 1"), -1;
  if (!l->block || l->block > WARPS * LANES)
    return put_err(err, err_len, "block of %llu threads: must be 1..%llu", l->block,
                   WARPS * LANES),
           -1;
  if (l->entry_pc & 3)
    return put_err(err, err_len, "entry pc 0x%08llx is not 4-byte aligned", l->entry_pc), -1;
  if (l->entry_pc >= WW_GMEM_BYTES)
    return put_err(err, err_len, "entry pc 0x%08llx is outside global memory 0..0x%08llx",
                   l->entry_pc, WW_GMEM_BYTES - 1ull),
           -1;
  v->launch = *l;
  ww_vgpu_reset(v);
  uint8_t *m = ww_dram_mem(v->dram);
  if (v->scord) {
    // metadata: every entry = INIT {M, BS, DS} (docs/scord.md §2); log: zero
    static const uint8_t init[8] = { 0x00, 0x00, 0x38, 0x00, 0x00, 0x00, 0x00, 0x00 };
    for (uint64_t a = MD_BASE; a < LOG_BASE; a += 8)
      std::memcpy(m + a, init, 8);
    std::memset(m + LOG_BASE, 0, LOG_BYTES);
  }
  host_in h;
  h.imem_we = 1;
  for (uint32_t i = 0; i < WW_IMEM_BYTES / 4; i++) {
    uint64_t a = static_cast<uint64_t>(WW_CODE_BASE) + 4ull * i;
    h.imem_addr = i;
    h.imem_data = 0;
    for (unsigned b = 0; b < 4; b++)
      if (a + b < WW_GMEM_BYTES)
        h.imem_data |= static_cast<uint32_t>(m[a + b]) << (8 * b);
    cycle(v, h, nullptr);
  }
  // the start pulse is the next clock cycle: kernel cycle 0
  v->launch_cycle = v->total;
  if (v->fst && !v->view_launched) {
    v->view_launched = 1;
    v->view_start = v->total;
    if (write_view(v) != 0)
      return put_err(err, err_len, "cannot rewrite the wave view"), -1;
  }
  v->kcycle = 0;
  v->st.cycles = 0;
  v->st.warp_insns = v->st.thread_insns = v->st.blocks_launched = 0;
  v->st.l2_requests = v->st.scord_records = v->st.tm_packets = 0;
  v->launched = 1;
  v->start_pending = 1;
  return 0;
}

extern "C" ww_vgpu_status_t ww_vgpu_tick(ww_vgpu_t *v, ww_vgpu_events_t *ev)
{
  static thread_local ww_vgpu_events_t scratch;
  ww_vgpu_events_t *e = ev ? ev : &scratch;
  host_in h;
  h.start = v->start_pending;
  v->start_pending = 0;
  cycle(v, h, e);
  v->kcycle++;
  if (e->busy || e->done)
    v->st.cycles++;
  if (v->view_launched && !v->view_ended && (e->done || e->trap_valid)) {
    v->view_end = v->total - 1;   // the cycle just simulated
    v->view_ended = 1;
  }
  if (e->done)
    return WW_VGPU_DONE;
  if (e->trap_valid)
    return WW_VGPU_TRAP;
  return WW_VGPU_RUNNING;
}

extern "C" ww_vgpu_status_t ww_vgpu_run(ww_vgpu_t *v, uint64_t max_cycles, ww_retire_fn fn,
                                        void *ctx, ww_trap_t *trap, char *err, size_t err_len)
{
  if (!v->launched) {
    put_err(err, err_len, "nothing launched: call ww_vgpu_launch first");
    return WW_VGPU_TIMEOUT;
  }
  static thread_local ww_vgpu_events_t ev;
  while (!max_cycles || v->kcycle < max_cycles) {
    ww_vgpu_status_t r = ww_vgpu_tick(v, &ev);
    if (fn)
      for (unsigned i = 0; i < ev.n_retire; i++)
        fn(ctx, &ev.retire[i]);
    if (r == WW_VGPU_TRAP && trap)
      *trap = ev.trap;
    if (r != WW_VGPU_RUNNING)
      return r;
  }
  if (err && err_len)
    std::snprintf(err, err_len,
                  "timeout: the grid of %u blocks was not done after %llu cycles "
                  "(%llu blocks placed, %llu warp instructions retired, busy_o %u)",
                  v->launch.grid, static_cast<unsigned long long>(v->kcycle),
                  static_cast<unsigned long long>(v->st.blocks_launched),
                  static_cast<unsigned long long>(v->st.warp_insns),
                  static_cast<unsigned>(v->top->busy_o));
  return WW_VGPU_TIMEOUT;
}

extern "C" uint64_t ww_vgpu_cycles(const ww_vgpu_t *v) { return v->kcycle; }

extern "C" void ww_vgpu_set_scord(ww_vgpu_t *v, unsigned mode) { v->scord = mode <= 2 ? mode : 0; }
extern "C" void ww_vgpu_set_tx_watchdog(ww_vgpu_t *v, uint32_t n) { v->tx_watchdog = n; }

extern "C" void ww_vgpu_gsi(ww_vgpu_t *v, unsigned sm, uint32_t cnt[WW_VGPU_GSI_COUNTERS])
{
  Vww_gpu *t = v->top;
  t->gsi_rd_sm_i = static_cast<uint8_t>(sm);
  for (unsigned i = 0; i < WW_VGPU_GSI_COUNTERS; i++) {
    t->gsi_rd_idx_i = static_cast<uint8_t>(i);
    t->eval();   // a combinational read: clk_i does not change
    cnt[i] = t->gsi_rd_data_o;
  }
}

extern "C" void ww_vgpu_tm(ww_vgpu_t *v, unsigned part, uint32_t cnt[WW_VGPU_TM_COUNTERS])
{
  Vww_gpu *t = v->top;
  t->tm_rd_part_i = static_cast<uint8_t>(part);
  for (unsigned i = 0; i < WW_VGPU_TM_COUNTERS; i++) {
    t->tm_rd_idx_i = static_cast<uint8_t>(i);
    t->eval();   // a combinational read: clk_i does not change
    cnt[i] = t->tm_rd_data_o;
  }
}

extern "C" void ww_vgpu_set_det(ww_vgpu_t *v, unsigned on, uint32_t quantum, unsigned wser,
                                unsigned lock, unsigned dwp)
{
  v->det = on != 0;
  v->det_quantum = quantum;
  v->det_wser = wser != 0;
  v->det_lock = lock != 0;
  v->det_dwp = dwp != 0;
}

extern "C" int ww_vgpu_det(ww_vgpu_t *v, uint32_t cnt[WW_VGPU_DET_COUNTERS])
{
  Vww_gpu *t = v->top;
  for (unsigned i = 0; i < WW_VGPU_DET_COUNTERS; i++) {
    t->det_rd_idx_i = static_cast<uint8_t>(i);
    t->eval();   // a combinational read: clk_i does not change
    cnt[i] = t->det_rd_data_o;
  }
  return t->det_ovf_o;
}

extern "C" int ww_vgpu_busy(const ww_vgpu_t *v) { return v->top->busy_o; }

extern "C" void ww_vgpu_stats(const ww_vgpu_t *v, ww_vgpu_stats_t *st)
{
  *st = v->st;
  st->total_cycles = v->total;
  st->launch_cycle = v->launch_cycle;
  ww_dram_stats_t d;
  ww_dram_stats(v->dram, -1, &d);
  st->dram_reads = d.reads;
  st->dram_writes = d.writes;
  st->dram_out_of_range = d.out_of_range;
}

extern "C" void ww_vgpu_set_sched_mode(ww_vgpu_t *v, unsigned mode, unsigned serial_wid)
{
  v->sched_mode = mode & ((1u << WW_SCHED_W) - 1);
  v->serial_wid = serial_wid & ((1u << WID_W) - 1);
}
