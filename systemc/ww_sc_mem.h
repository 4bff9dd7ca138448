// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_mem -- the GPU's DRAM as a TLM-2.0 target (docs/systemc.md
// "Memory target"): a byte array of the whole DRAM image (ww_sc::DRAM_BYTES:
// global memory, then the ScoRD metadata and race log, as ww_vgpu_info()
// reports), one target socket per DRAM channel (partition) and one for the
// host.
//   chan[c]  b_transport: reads/writes performed at the call, in call order
//            (as ww_dram does at acceptance); the annotated delay grows by
//            the wait for the channel (a transfer still under way on it), the
//            transfer (ceil(length / bytes_per_cycle) cycles) and the access
//            latency (ww_sc_timing.h). transport_dbg: untimed access.
//   host     transport_dbg only (the host's backdoor loads and reads).
// An access beyond the DRAM gets TLM_ADDRESS_ERROR_RESPONSE and is counted;
// byte enables and streaming are refused (TLM_BYTE_ENABLE_ERROR_RESPONSE,
// TLM_BURST_ERROR_RESPONSE). No DMI.
#ifndef WW_SC_MEM_H
#define WW_SC_MEM_H

#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "ww_sc_timing.h"

namespace ww_sc {

class mem : public sc_core::sc_module {
public:
  using chan_socket = tlm_utils::simple_target_socket_tagged<mem>;
  std::vector<std::unique_ptr<chan_socket>> chan;   // one per DRAM channel
  tlm_utils::simple_target_socket<mem> host;        // debug transport only

  struct stats_t {
    uint64_t reads = 0, writes = 0, bytes = 0;      // timed accesses
    uint64_t out_of_range = 0;                      // refused: beyond the DRAM (a bug if > 0)
    uint64_t queued = 0;                            // accesses that waited for their channel
    uint64_t dbg_bytes = 0;                         // debug transport
  };

  mem(sc_core::sc_module_name name, uint64_t bytes, unsigned channels, const timing &t);
  uint64_t size() const { return bytes_.size(); }
  const stats_t &stats() const { return st_; }

private:
  std::vector<uint8_t> bytes_;
  timing t_;
  std::vector<sc_core::sc_time> busy_until_;        // per channel: end of its last transfer
  stats_t st_;

  // checks and performs the access; false (with the response status set) if refused
  bool access(tlm::tlm_generic_payload &p);
  void b_transport(int ch, tlm::tlm_generic_payload &p, sc_core::sc_time &delay);
  unsigned chan_dbg(int ch, tlm::tlm_generic_payload &p);
  unsigned host_dbg(tlm::tlm_generic_payload &p);
};

}  // namespace ww_sc

#endif  // WW_SC_MEM_H
