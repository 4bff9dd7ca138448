// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_mem -- the DRAM as a TLM-2.0 target (see ww_sc_mem.h).
#include "ww_sc_mem.h"

#include <cstring>
#include <string>

namespace ww_sc {

mem::mem(sc_core::sc_module_name name, uint64_t bytes, unsigned channels, const timing &t)
    : sc_core::sc_module(name), host("host"), bytes_(bytes, 0), t_(t),
      busy_until_(channels, sc_core::SC_ZERO_TIME)
{
  for (unsigned c = 0; c < channels; c++) {
    chan.emplace_back(new chan_socket(("chan" + std::to_string(c)).c_str()));
    chan[c]->register_b_transport(this, &mem::b_transport, static_cast<int>(c));
    chan[c]->register_transport_dbg(this, &mem::chan_dbg, static_cast<int>(c));
  }
  host.register_transport_dbg(this, &mem::host_dbg);
}

bool mem::access(tlm::tlm_generic_payload &p)
{
  const uint64_t a = p.get_address();
  const unsigned n = p.get_data_length();
  if (p.get_byte_enable_ptr()) {
    p.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
    return false;
  }
  if (p.get_streaming_width() && p.get_streaming_width() < n) {
    p.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return false;
  }
  if (a > bytes_.size() || n > bytes_.size() - a) {
    st_.out_of_range++;
    p.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return false;
  }
  if (p.is_read())
    std::memcpy(p.get_data_ptr(), &bytes_[a], n);
  else if (p.is_write())
    std::memcpy(&bytes_[a], p.get_data_ptr(), n);
  else {
    p.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return false;
  }
  p.set_response_status(tlm::TLM_OK_RESPONSE);
  return true;
}

void mem::b_transport(int ch, tlm::tlm_generic_payload &p, sc_core::sc_time &delay)
{
  if (!access(p))
    return;
  const unsigned n = p.get_data_length();
  (p.is_read() ? st_.reads : st_.writes)++;
  st_.bytes += n;
  // the transfer starts when the initiator's local time has come and the
  // channel is free; the access latency follows the transfer
  const sc_core::sc_time now = sc_core::sc_time_stamp();
  sc_core::sc_time start = now + delay;
  sc_core::sc_time &busy = busy_until_[static_cast<unsigned>(ch)];
  if (start < busy) {
    st_.queued++;
    start = busy;
  }
  const sc_core::sc_time xfer = t_.period * static_cast<double>(t_.xfer(n));
  busy = start + xfer;
  delay = (start - now) + xfer + t_.period * static_cast<double>(t_.latency);
}

unsigned mem::chan_dbg(int, tlm::tlm_generic_payload &p) { return host_dbg(p); }

unsigned mem::host_dbg(tlm::tlm_generic_payload &p)
{
  if (!access(p))
    return 0;
  st_.dbg_bytes += p.get_data_length();
  return p.get_data_length();
}

}  // namespace ww_sc
