// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_host -- the SystemC host driver (docs/systemc.md "Host driver"): one
// thread that does what the verilator backend's launch does (sw/sim/
// ww_vgpu.cpp), through SystemC signals and TLM debug transport:
//   1. copies the prepared device image (ww_sc_job.h: the kernel ELF placed
//      by the runtime, the inputs, the argument block) into the memory
//      target with transport_dbg;
//   2. holds rst_ni low for RESET_CYCLES cycles, then L2_SETS + 2 cycles for
//      the L2 slices to clear their tags;
//   3. loads every SM's instruction memory through imem_we/waddr/wdata, one
//      word per cycle, from [CODE_BASE, CODE_BASE + IMEM_BYTES) of memory;
//   4. drives start_i for one cycle with entry pc, grid, block and kargs:
//      kernel cycle 0;
//   5. waits for done_o (or a trap, or the cycle limit), counting cycles,
//      retired instructions and placed blocks from the ports;
//   6. reads the GSI, KILO TM and GPUDet counters through their
//      combinational read ports (no clock edge: delta cycles at the done
//      edge) and the result buffers with transport_dbg; then sc_stop().
// Signals change right after a rising edge, so the GPU samples them at the
// next one: the clocking of ww_vgpu (inputs set while the clock is low).
#ifndef WW_SC_HOST_H
#define WW_SC_HOST_H

#include <cstdint>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "ww_sc_gpu.h"

extern "C" {
#include "ww_sc_job.h"
}

namespace ww_sc {

class host : public sc_core::sc_module {
public:
  sc_core::sc_in<bool> clk_i;
  tlm_utils::simple_initiator_socket<host> mem;   // debug transport to the memory target

  // s: the GPU's signals (this testbench process drives and reads them)
  host(sc_core::sc_module_name name, signals &s, const ww_sc_job_t &job, uint64_t max_cycles,
       ww_sc_run_t &run);

private:
  signals &s_;
  const ww_sc_job_t &job_;
  uint64_t max_cycles_;
  ww_sc_run_t &run_;
  std::vector<std::vector<uint32_t>> got_;

  void main();
  // transport_dbg of n bytes at addr; false (and run_ says why) if short
  bool dbg(bool write, uint64_t addr, void *buf, unsigned n);
  void clock(unsigned n);   // n rising edges
  void settle();            // delta cycles: the GPU's combinational outputs follow its inputs
  void fill_trap(uint32_t rise);
  void read_counters();
  void finish(int status);
};

}  // namespace ww_sc

#endif  // WW_SC_HOST_H
