// SPDX-License-Identifier: Apache-2.0
//
// ww_vfpga -- thin C++ glue between the Verilated FPGA top (Vww_fpga_top,
// or with -DWW_VFPGA_SDRAM Vww_fpga_sim_sdram: the top on a model of its
// SDRAM) and the C API of ww_vfpga.h: clocks it, sets its pins, writes the
// FST. No logic here; the UART's bit timing is the server's (ww_fpga_sim.c).
// Built with -DWW_VFPGA_CLKS_PER_BIT and -DWW_VFPGA_MEM_LINES, the values
// given to Verilator as the top's parameters (sw/fpga/fpga.mk).

#include <cstdio>

#include <verilated.h>
#include <verilated_fst_c.h>

#ifdef WW_VFPGA_SDRAM
#include "Vww_fpga_sim_sdram.h"
using Vtop = Vww_fpga_sim_sdram;
#else
#include "Vww_fpga_top.h"
using Vtop = Vww_fpga_top;
#endif

extern "C" {
#include "ww_config.h"
#include "ww_vfpga.h"
}

struct ww_vfpga {
  VerilatedContext ctx;
  Vtop            *top = nullptr;
  VerilatedFstC   *fst = nullptr;
};

namespace {
void edge(ww_vfpga *v, int clk)
{
  v->top->clk_i = static_cast<uint8_t>(clk);
  v->top->eval();
  if (v->fst)
    v->fst->dump(v->ctx.time());
  v->ctx.timeInc(1);
}
}  // namespace

extern "C" ww_vfpga_t *ww_vfpga_new(const char *wave, char *err, size_t err_len)
{
  ww_vfpga *v = new ww_vfpga;
  v->ctx.randReset(2);
  v->ctx.traceEverOn(wave != nullptr);
  v->top = new Vtop(&v->ctx, "TOP");
  if (wave) {
    v->fst = new VerilatedFstC;
    v->top->trace(v->fst, 99);
    v->fst->open(wave);
    if (!v->fst->isOpen()) {
      if (err && err_len)
        std::snprintf(err, err_len, "cannot write the wave %s", wave);
      ww_vfpga_free(v);
      return nullptr;
    }
  }
  v->top->uart_rx_i = 1;
  v->top->rst_ni = 0;
  return v;
}

extern "C" void ww_vfpga_free(ww_vfpga_t *v)
{
  if (!v)
    return;
  if (v->fst) {
    v->fst->close();
    delete v->fst;
  }
  v->top->final();
  delete v->top;
  delete v;
}

extern "C" void ww_vfpga_cycle(ww_vfpga_t *v, int rst_n, int rx, ww_vfpga_out_t *out)
{
  v->top->rst_ni = static_cast<uint8_t>(rst_n != 0);
  v->top->uart_rx_i = static_cast<uint8_t>(rx != 0);
  edge(v, 0);
  edge(v, 1);
  out->tx = v->top->uart_tx_o;
  out->busy = v->top->led_busy_o;
  out->done = v->top->led_done_o;
  out->trap = v->top->led_trap_o;
#ifdef WW_VFPGA_SDRAM
  out->mem_error = v->top->sd_error_o ? v->top->sd_code_o : 0;
#else
  out->mem_error = 0;
#endif
}

extern "C" unsigned ww_vfpga_clks_per_bit(void) { return WW_VFPGA_CLKS_PER_BIT; }
extern "C" uint64_t ww_vfpga_mem_bytes(void)
{
  return static_cast<uint64_t>(WW_VFPGA_MEM_LINES) * WW_LINE_BYTES;
}
