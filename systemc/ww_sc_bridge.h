// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_bridge -- the GPU's DRAM ports (ww_gpu dram_req_* / dram_rsp_*, one
// line-wide channel per partition; the protocol of rtl/mem/ww_l2_slice.v
// that sw/sim/ww_dram.h spells out) turned into TLM-2.0 transactions, one
// initiator socket per partition (docs/systemc.md "Bridge").
//
// At every rising clock edge, per partition p, with the values of the cycle
// that ends there:
//   rst_ni low     every outstanding read is dropped (the memory keeps its
//                  contents); the channel is ready again in the next cycle
//   req_valid && req_ready   the request is accepted: one b_transport of a
//                  whole line (address line * LINE_BYTES), performed now, so
//                  requests act in acceptance order; a write is posted
//                  (its delay is not waited for); a read's line goes into a
//                  payload event queue (tlm_utils::peq_with_get) to come out
//                  after the annotated delay, counted from the start of the
//                  request's cycle (the edge that accepts it ends that cycle)
//   then it drives the next cycle's outputs: req_ready once the channel's
//                  last transfer is over (xfer(LINE_BYTES) cycles after the
//                  last acceptance: the bandwidth), rsp_valid with the line
//                  for the one cycle a read comes out of the queue.
// A read accepted in cycle c is answered in cycle c + latency + xfer, the
// channel takes one request every xfer cycles: ww_dram's protocol with
// latency + xfer and interval xfer. A refused access (beyond the DRAM)
// answers zeros, as ww_dram does, and is counted.
#ifndef WW_SC_BRIDGE_H
#define WW_SC_BRIDGE_H

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_initiator_socket.h>

#include "ww_sc_gpu.h"
#include "ww_sc_timing.h"

namespace ww_sc {

class bridge : public sc_core::sc_module {
public:
  sc_core::sc_in<bool> clk_i;
  sc_core::sc_in<data_t<decltype(Vww_gpu::rst_ni)>> rst_ni;
  sc_core::sc_in<data_t<decltype(Vww_gpu::dram_req_valid_o)>> req_valid;
  sc_core::sc_in<data_t<decltype(Vww_gpu::dram_req_we_o)>> req_we;
  sc_core::sc_in<data_t<decltype(Vww_gpu::dram_req_line_o)>> req_line;
  sc_core::sc_in<data_t<decltype(Vww_gpu::dram_req_data_o)>> req_data;
  sc_core::sc_out<data_t<decltype(Vww_gpu::dram_req_ready_i)>> req_ready;
  sc_core::sc_out<data_t<decltype(Vww_gpu::dram_rsp_valid_i)>> rsp_valid;
  sc_core::sc_out<data_t<decltype(Vww_gpu::dram_rsp_data_i)>> rsp_data;

  using socket_t = tlm_utils::simple_initiator_socket<bridge>;
  std::vector<std::unique_ptr<socket_t>> dram;   // one per partition

  struct stats_t {
    uint64_t reads = 0, writes = 0, refused = 0, dropped = 0;
    uint64_t busy_cycles = 0;      // cycles a request waited for a busy channel
  };

  bridge(sc_core::sc_module_name name, const timing &t);
  const stats_t &stats() const { return st_; }

private:
  struct read_t {                  // an outstanding read
    tlm::tlm_generic_payload p;
    std::array<uint8_t, LB> line;
  };
  struct chan_t {
    std::unique_ptr<tlm_utils::peq_with_get<tlm::tlm_generic_payload>> peq;
    std::deque<std::unique_ptr<read_t>> out;     // outstanding reads, oldest first
    uint64_t ready_at = 0;                       // first cycle it accepts again
    bool ready = true;                           // req_ready this cycle
  };
  timing t_;
  std::vector<chan_t> ch_;
  uint64_t cycle_ = 0;             // the cycle that ends at the next edge
  stats_t st_;

  void edge();
  void accept(unsigned p, bool we, uint64_t line, const data_t<decltype(Vww_gpu::dram_req_data_o)> &d);
};

}  // namespace ww_sc

#endif  // WW_SC_BRIDGE_H
