// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_timing -- the DRAM timing of the SystemC model (docs/systemc.md
// "Timing"), one value shared by the memory target (ww_sc_mem: the delay it
// annotates) and the bridge (ww_sc_bridge: how often a channel takes a
// request):
//   latency          access latency in clock cycles
//   bytes_per_cycle  bandwidth of one channel (one partition's DRAM port)
// A request of n bytes occupies its channel for xfer(n) = ceil(n /
// bytes_per_cycle) cycles; b_transport annotates latency + xfer(n) cycles.
// The same reads as ww_dram (sw/sim/ww_dram.h) with latency L + xfer(line)
// and interval xfer(line).
#ifndef WW_SC_TIMING_H
#define WW_SC_TIMING_H

#include <systemc>

namespace ww_sc {

// (ww_sc_opts_t of ww_sc_job.h has the defaults: the verilator backend's DRAM)
struct timing {
  unsigned latency = 0;
  unsigned bytes_per_cycle = 1;
  sc_core::sc_time period{ 1, sc_core::SC_NS };   // the GPU clock
  unsigned xfer(unsigned bytes) const { return (bytes + bytes_per_cycle - 1) / bytes_per_cycle; }
};

}  // namespace ww_sc

#endif  // WW_SC_TIMING_H
