// SPDX-License-Identifier: Apache-2.0
//
// ww_vdrf -- thin C++ glue between the Verilated DRF tester top
// (Vww_drf_top) and the C API of ww_vdrf.h: clocks it, plays the DRAM
// (sw/sim/ww_dram.c), sums the coverage pulses, reads the status words.
// No tester logic here. Built with the configuration's defines of
// sw/drf/drf.mk (ww_config.def names), which Verilator gets too, so the RTL's
// parameters and the glue agree.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <verilated.h>
#if VM_TRACE
#include <verilated_fst_c.h>
#endif

#include "Vww_drf_top.h"
#include "ww_vport.h"

extern "C" {
#include "ww_config.h"
#include "ww_dram.h"
#include "ww_vdrf.h"
}

#ifndef DRF_CONFIG
#define DRF_CONFIG "default"
#endif

namespace {

constexpr unsigned clog2(unsigned n) { return n <= 1 ? 0 : 1 + clog2((n + 1) / 2); }
constexpr unsigned NUM_SM   = WW_NUM_SM;
constexpr unsigned NUM_PART = WW_NUM_PART;
constexpr unsigned LB       = WW_LINE_BYTES;
constexpr unsigned LINE_W   = 32 - clog2(LB);
constexpr unsigned POOL_W   = clog2(NUM_SM + 1);
constexpr unsigned RESET_CYCLES = 4;
// the tester's parameters (ww_config.h, as the RTL's defaults)
constexpr unsigned TESTER_WF = WW_DRFT_WF, TESTER_LANES = WW_DRFT_LANES, TESTER_IDX_W = WW_DRFT_IDX_W,
                   TESTER_NSYNC = WW_DRFT_NSYNC, TESTER_RANGE_W = WW_DRFT_RANGE_W;

using ww_vport::bits;
using ww_vport::set_bits;
// line `part` of a port of NUM_PART lines
template <typename T> void set_line(T &p, unsigned part, const uint32_t *w)
{
  ww_vport::set_words(p, part * (LB / 4), w, LB / 4);
}

const ww_vdrf_info_t INFO = {
  DRF_CONFIG, NUM_SM, NUM_PART, TESTER_WF, TESTER_LANES, LB,
  WW_L1_SETS, WW_L1_WAYS, WW_L2_SETS, WW_L2_WAYS,
  TESTER_IDX_W, TESTER_NSYNC, POOL_W + TESTER_IDX_W, TESTER_RANGE_W,
#ifdef WW_BUGS_PLUSARGS
  1,
#else
  0,
#endif
};

}  // namespace

struct ww_vdrf {
  VerilatedContext ctx;
  Vww_drf_top     *top = nullptr;
#if VM_TRACE
  VerilatedFstC   *fst = nullptr;
#endif
  ww_dram_t       *dram = nullptr;
  unsigned         hold = 0;     // the options' link holds
  std::vector<std::string> args;
};

namespace {

struct host_in {
  bool rst_n, start;
};

void cycle(ww_vdrf *v, const host_in &h, ww_vdrf_result_t *res)
{
  Vww_drf_top *t = v->top;
  ww_dram_out_t dout[NUM_PART];
  t->clk_i = 0;
  t->rst_ni = h.rst_n;
  t->start_i = h.start;
  for (unsigned p = 0; p < NUM_PART; p++) {
    ww_dram_outputs(v->dram, p, &dout[p]);
    set_bits(t->dram_req_ready_i, p, 1, static_cast<uint32_t>(dout[p].req_ready));
    set_bits(t->dram_rsp_valid_i, p, 1, static_cast<uint32_t>(dout[p].rsp_valid));
    set_line(t->dram_rsp_data_i, p, dout[p].rsp_data);
  }
  t->eval();
#if VM_TRACE
  if (v->fst)
    v->fst->dump(v->ctx.time());
#endif
  v->ctx.timeInc(1);
  if (res && h.rst_n) {
    for (unsigned s = 0; s < NUM_SM; s++)
      for (unsigned i = 0; i < WW_VDRF_L1COV; i++)
        res->l1_cov[i] += bits(t->l1_cov_o, s * WW_VDRF_L1COV + i, 1);
    for (unsigned p = 0; p < NUM_PART; p++)
      for (unsigned i = 0; i < WW_VDRF_L2COV; i++)
        res->l2_cov[i] += bits(t->l2_cov_o, p * WW_VDRF_L2COV + i, 1);
  }
  for (unsigned p = 0; p < NUM_PART; p++) {
    ww_dram_in_t in;
    std::memset(&in, 0, sizeof in);
    in.rst_ni = h.rst_n;
    in.req_valid = bits(t->dram_req_valid_o, p, 1);
    in.req_we = bits(t->dram_req_we_o, p, 1);
    in.req_line = bits(t->dram_req_line_o, p * LINE_W, LINE_W);
    for (unsigned i = 0; i < LB / 4; i++)
      in.req_data[i] = bits(t->dram_req_data_o, p * LB * 8 + 32 * i, 32);
    ww_dram_step(v->dram, p, &in, &dout[p]);
  }
  t->clk_i = 1;
  t->eval();
#if VM_TRACE
  if (v->fst)
    v->fst->dump(v->ctx.time());
#endif
  v->ctx.timeInc(1);
}

}  // namespace

extern "C" const ww_vdrf_info_t *ww_vdrf_info(void) { return &INFO; }

extern "C" ww_vdrf_t *ww_vdrf_new(const ww_vdrf_opts_t *o, char *err, size_t err_len)
{
  ww_vdrf *v = new ww_vdrf;
  v->args.push_back("ww_vdrf");
  if (o->bugs && *o->bugs) {
#ifndef WW_BUGS_PLUSARGS
    std::snprintf(err, err_len, "this build (%s) cannot inject bugs: it was built without WW_BUGS_PLUSARGS",
                  INFO.config);
    delete v;
    return nullptr;
#else
    std::string b = o->bugs;
    size_t pos = 0;
    while (pos <= b.size()) {
      size_t c = b.find(',', pos);
      std::string name = b.substr(pos, c == std::string::npos ? std::string::npos : c - pos);
      if (!name.empty())
        v->args.push_back("+WW_BUG_" + name);
      if (c == std::string::npos)
        break;
      pos = c + 1;
    }
#endif
  }
  std::vector<const char *> argv;
  for (auto &a : v->args)
    argv.push_back(a.c_str());
  v->ctx.commandArgs(static_cast<int>(argv.size()), argv.data());
  v->hold = o->hold;
  v->dram = ww_vdrf_dram_new(o, err, err_len);
  if (!v->dram) {
    delete v;
    return nullptr;
  }
  v->top = new Vww_drf_top(&v->ctx);
#if VM_TRACE
  if (o->wave) {
    v->ctx.traceEverOn(true);
    v->fst = new VerilatedFstC;
    v->top->trace(v->fst, 99);
    v->fst->open(o->wave);
  }
#else
  if (o->wave) {
    std::snprintf(err, err_len, "this build has no wave tracing");
    ww_vdrf_free(v);
    return nullptr;
  }
#endif
  return v;
}

extern "C" void ww_vdrf_free(ww_vdrf_t *v)
{
  if (!v)
    return;
#if VM_TRACE
  if (v->fst) {
    v->fst->close();
    delete v->fst;
  }
#endif
  if (v->top) {
    v->top->final();
    delete v->top;
  }
  ww_dram_free(v->dram);
  delete v;
}

// A status word of the idle tester: rd_data_o is registered, so one clock
// after the index and variable are applied.
static uint32_t read_status(ww_vdrf *v, unsigned idx, uint32_t var)
{
  Vww_drf_top *t = v->top;
  t->rd_idx_i = static_cast<uint8_t>(idx);
  t->rd_var_i = static_cast<std::remove_reference<decltype(t->rd_var_i)>::type>(var);
  cycle(v, host_in{true, false}, nullptr);
  t->eval();
  return t->rd_data_o;
}

static uint32_t read_status_cb(void *ctx, unsigned idx, uint32_t var)
{
  return read_status(static_cast<ww_vdrf *>(ctx), idx, var);
}

extern "C" int ww_vdrf_run(ww_vdrf_t *v, const ww_vdrf_run_t *r, ww_vdrf_result_t *res,
                           void (*progress)(uint64_t, void *), void *ctx, char *err, size_t err_len)
{
  if (r->episodes < 1 || r->episodes > 65535 || r->epi_len < 1 || r->epi_len > 65535) {
    std::snprintf(err, err_len, "episodes (%u) and episode length (%u) must be 1..65535",
                  r->episodes, r->epi_len);
    return -1;
  }
  if (r->range < INFO.var_w || r->range > INFO.range_max) {
    std::snprintf(err, err_len, "address range 2^%u words: must be 2^%u..2^%u (the variables fill 2^%u)",
                  r->range, INFO.var_w, INFO.range_max, INFO.var_w);
    return -1;
  }
  std::memset(res, 0, sizeof *res);
  std::memset(ww_dram_mem(v->dram), 0, ww_dram_cfg(v->dram)->bytes);
  ww_dram_reset(v->dram);
  ww_dram_seed(v->dram, r->seed);   // the jitter replays by the run's seed
  Vww_drf_top *t = v->top;
  t->seed_i = r->seed;
  t->episodes_i = static_cast<uint16_t>(r->episodes);
  t->epi_len_i = static_cast<uint16_t>(r->epi_len);
  t->watchdog_i = r->watchdog;
  t->range_i = static_cast<uint8_t>(r->range);
  ww_vdrf_holds_t holds;
  ww_vdrf_holds_init(&holds, r->seed, NUM_PART * NUM_SM, v->hold);
  t->xbar_hold_i = 0;
  for (unsigned i = 0; i < RESET_CYCLES; i++)
    cycle(v, host_in{false, false}, nullptr);
  cycle(v, host_in{true, true}, res);
  uint64_t n = 1;
  while (!t->done_o && (r->max_cycles == 0 || n < r->max_cycles)) {
    using hold_t = std::remove_reference<decltype(t->xbar_hold_i)>::type;
    t->xbar_hold_i = static_cast<hold_t>(ww_vdrf_holds_next(&holds));
    cycle(v, host_in{true, false}, res);
    n++;
    if (progress && (n & 0xFFFF) == 0)
      progress(n, ctx);
  }
  res->cycles = n;
  res->done = t->done_o;
  res->fail = t->fail_o;
  for (unsigned i = 0; i < WW_DRF_N; i++)
    res->status[i] = read_status(v, i, 0);
  if (res->done && !res->fail)
    ww_vdrf_final_check(res, ww_dram_mem(v->dram), ww_dram_cfg(v->dram)->bytes, NUM_SM, INFO.idx_w,
                        INFO.lanes, INFO.line_bytes, read_status_cb, v);
  return 0;
}
