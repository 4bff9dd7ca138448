// SPDX-License-Identifier: Apache-2.0
//
// tb_hl_link_glue -- thin C++ glue between the Verilated tb_hl_link and the
// C harness test_hl_link.c: one call is one clock cycle (inputs while the
// clock is low, then the rising edge; the outputs after it).

#include <verilated.h>

#include "Vtb_hl_link.h"

extern "C" {
#include "tb_hl_link_glue.h"
}

struct tbhl {
  VerilatedContext ctx;
  Vtb_hl_link     *top = nullptr;
};

extern "C" tbhl_t *tbhl_new(uint64_t seed)
{
  tbhl *t = new tbhl;
  t->ctx.randReset(2);
  t->ctx.randSeed(static_cast<int>(seed & 0x7FFFFFFF));
  t->top = new Vtb_hl_link(&t->ctx, "TOP");
  return t;
}

extern "C" void tbhl_free(tbhl_t *t)
{
  t->top->final();
  delete t->top;
  delete t;
}

extern "C" void tbhl_cycle(tbhl_t *t, const tbhl_in_t *in, tbhl_out_t *out)
{
  Vtb_hl_link *m = t->top;
  m->clk_i = 0;
  m->rst_ni = static_cast<uint8_t>(in->rst_n != 0);
  m->uart_rx_i = static_cast<uint8_t>(in->rx != 0);
  m->busy_i = static_cast<uint8_t>(in->busy != 0);
  m->done_i = static_cast<uint8_t>(in->done != 0);
  m->ret_valid_i = static_cast<uint8_t>(in->ret_valid);
  m->ret_mask_i = static_cast<uint16_t>(in->ret_mask);
  m->launch_valid_i = static_cast<uint8_t>(in->launch_valid != 0);
  m->det_ovf_i = static_cast<uint8_t>(in->det_ovf != 0);
  m->trap_valid_i = static_cast<uint8_t>(in->trap_valid);
  m->trap_seed_i = in->trap_seed;
  m->eval();
  m->clk_i = 1;
  m->eval();
  out->tx = m->uart_tx_o;
  out->gpu_rst_n = m->gpu_rst_no;
  out->start = m->start_o;
  out->imem_we = m->imem_we_o;
  out->imem_addr = m->imem_waddr_o;
  out->imem_data = m->imem_wdata_o;
  out->entry = m->entry_pc_o;
  out->grid = m->grid_o;
  out->block = m->block_o;
  out->kargs = m->kargs_o;
  out->flags = m->flags_o;
  out->txwd = m->tx_watchdog_o;
  out->quantum = m->det_quantum_o;
  out->state = m->state_o;
}
