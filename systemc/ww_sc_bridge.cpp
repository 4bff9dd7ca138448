// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_bridge -- DRAM ports to TLM-2.0 (see ww_sc_bridge.h).
#include "ww_sc_bridge.h"

#include <cstring>
#include <string>

namespace ww_sc {

bridge::bridge(sc_core::sc_module_name name, const timing &t)
    : sc_core::sc_module(name), clk_i("clk_i"), rst_ni("rst_ni"), req_valid("req_valid"),
      req_we("req_we"), req_line("req_line"), req_data("req_data"), req_ready("req_ready"),
      rsp_valid("rsp_valid"), rsp_data("rsp_data"), t_(t), ch_(NUM_PART)
{
  for (unsigned p = 0; p < NUM_PART; p++) {
    dram.emplace_back(new socket_t(("dram" + std::to_string(p)).c_str()));
    ch_[p].peq.reset(new tlm_utils::peq_with_get<tlm::tlm_generic_payload>(
        ("rsp_peq" + std::to_string(p)).c_str()));
  }
  SC_HAS_PROCESS(bridge);
  SC_METHOD(edge);
  sensitive << clk_i.pos();
  dont_initialize();
}

void bridge::accept(unsigned p, bool we, uint64_t line,
                    const data_t<decltype(Vww_gpu::dram_req_data_o)> &d)
{
  std::unique_ptr<read_t> r(new read_t);
  for (unsigned b = 0; b < LB; b += 4) {   // word i of the line: bytes 4i..4i+3, little-endian
    uint32_t w = we ? bits(d, p * LB * 8 + 8 * b, 32) : 0;
    for (unsigned k = 0; k < 4; k++)
      r->line[b + k] = static_cast<uint8_t>(w >> (8 * k));
  }
  tlm::tlm_generic_payload &gp = r->p;
  gp.set_command(we ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  gp.set_address(line * LB);
  gp.set_data_ptr(r->line.data());
  gp.set_data_length(LB);
  gp.set_streaming_width(LB);
  gp.set_byte_enable_ptr(nullptr);
  gp.set_dmi_allowed(false);
  gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  (*dram[p])->b_transport(gp, delay);
  if (gp.is_response_error()) {
    st_.refused++;
    r->line.fill(0);   // a read beyond the DRAM answers zeros (ww_dram)
  }
  chan_t &c = ch_[p];
  c.ready_at = cycle_ + t_.xfer(LB);
  if (we) {
    st_.writes++;
    return;            // posted
  }
  st_.reads++;
  // the delay counts from the start of the request's cycle, one period ago
  if (delay < t_.period)
    SC_REPORT_FATAL("ww_sc/bridge", "the memory answered a read in less than one clock cycle");
  c.peq->notify(gp, delay - t_.period);
  c.out.push_back(std::move(r));
}

void bridge::edge()
{
  const bool rst = !rst_ni.read();
  const auto valid = req_valid.read(), we = req_we.read();
  const auto line = req_line.read();
  auto ready = req_ready.read();
  auto rv = rsp_valid.read();
  auto rd = rsp_data.read();
  for (unsigned p = 0; p < NUM_PART; p++) {
    chan_t &c = ch_[p];
    if (rst) {
      st_.dropped += c.out.size();
      c.peq->cancel_all();
      c.out.clear();
      c.ready_at = cycle_ + 1;
    } else if (bits(valid, p, 1)) {
      if (c.ready)
        accept(p, bits(we, p, 1), bits(line, p * LINE_W, LINE_W), req_data.read());
      else
        st_.busy_cycles++;
    }
    // the next cycle's outputs
    c.ready = cycle_ + 1 >= c.ready_at;
    set_bits(ready, p, 1, c.ready);
    tlm::tlm_generic_payload *gp = c.peq->get_next_transaction();
    set_bits(rv, p, 1, gp != nullptr);
    if (gp) {
      if (c.out.empty() || &c.out.front()->p != gp || c.peq->get_next_transaction())
        SC_REPORT_FATAL("ww_sc/bridge", "DRAM reads came out of order or two in one cycle");
      const uint8_t *b = c.out.front()->line.data();
      for (unsigned i = 0; i < LB; i += 4)
        set_bits(rd, p * LB * 8 + 8 * i, 32,
                 static_cast<uint32_t>(b[i]) | static_cast<uint32_t>(b[i + 1]) << 8 |
                     static_cast<uint32_t>(b[i + 2]) << 16 | static_cast<uint32_t>(b[i + 3]) << 24);
      c.out.pop_front();
    } else {
      for (unsigned i = 0; i < LB; i += 4)   // no answer: the line reads 0 (ww_dram)
        set_bits(rd, p * LB * 8 + 8 * i, 32, 0);
    }
  }
  req_ready.write(ready);
  rsp_valid.write(rv);
  rsp_data.write(rd);
  cycle_++;
}

}  // namespace ww_sc
