// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_gpu -- what the SystemC model's modules share about the Verilated
// GPU (Vww_gpu, rtl/top/ww_gpu.v with --sc): its parameters (those of
// cmodel/include/ww_config.h, as sw/sim/ww_vgpu.cpp has them), the DRAM
// size and layout of ww_vgpu_info() (global memory, the ScoRD metadata, the
// race log), one sc_signal per port (WW_SC_PORTS) and bit fields of port
// values of any type Verilator gives them (bool, uint32_t, uint64_t, sc_bv).
// Thin glue: no GPU logic here.
#ifndef WW_SC_GPU_H
#define WW_SC_GPU_H

#include <cstdint>
#include <type_traits>

#include <systemc>

#include "Vww_gpu.h"

extern "C" {
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_scord_det.h"
}

namespace ww_sc {

constexpr unsigned clog2(unsigned n) { return n <= 1 ? 0 : 1 + clog2((n + 1) / 2); }

constexpr unsigned NUM_SM   = WW_NUM_SM;
constexpr unsigned NUM_PART = WW_NUM_PART;
constexpr unsigned WARPS    = WW_WARPS_PER_SM;
constexpr unsigned LANES    = WW_LANES;
constexpr unsigned LB       = WW_LINE_BYTES;            // bytes per DRAM line
constexpr unsigned LINE_W   = 32 - clog2(LB);           // dram_req_line_o field per partition
constexpr unsigned WID_W    = WARPS > 1 ? clog2(WARPS) : 1;
constexpr unsigned SM_W     = NUM_SM > 1 ? clog2(NUM_SM) : 1;
constexpr unsigned IMEM_WORDS = WW_IMEM_BYTES / 4;
constexpr unsigned RESET_CYCLES = 4;                    // as ww_vgpu_reset
// the DRAM (docs/scord.md sec. 3): global memory, metadata [GMEM, 3 GMEM),
// then per partition a race-log header and LOG_ENTRIES entries
constexpr uint64_t DRAM_BYTES = 3ull * WW_GMEM_BYTES + WW_SCORD_LOG_BYTES;
static_assert(DRAM_BYTES < (1ull << 32), "the DRAM must stay below 4 GiB");

// The type of a port's value: Vww_gpu::p is a reference to sc_in<T>/sc_out<T>.
template <typename P> using data_t = typename std::remove_reference<P>::type::data_type;

// bits [lsb +: w] (w <= 32) of a value
inline uint32_t mask32(unsigned w) { return w >= 32 ? ~0u : (1u << w) - 1; }
inline uint32_t bits(bool v, unsigned lsb, unsigned w) { return lsb == 0 && w ? v : 0; }
inline uint32_t bits(uint32_t v, unsigned lsb, unsigned w) { return lsb < 32 ? (v >> lsb) & mask32(w) : 0; }
inline uint32_t bits(uint64_t v, unsigned lsb, unsigned w)
{
  return lsb < 64 ? static_cast<uint32_t>(v >> lsb) & mask32(w) : 0;
}
template <int N> uint32_t bits(const sc_dt::sc_bv<N> &v, unsigned lsb, unsigned w)
{
  return v.range(static_cast<int>(lsb + w - 1), static_cast<int>(lsb)).to_uint();
}
// set bits [lsb +: w] (w <= 32) of a value
inline void set_bits(bool &v, unsigned, unsigned, uint32_t x) { v = x & 1; }
inline void set_bits(uint32_t &v, unsigned lsb, unsigned w, uint32_t x)
{
  uint32_t m = mask32(w) << lsb;
  v = (v & ~m) | ((x << lsb) & m);
}
inline void set_bits(uint64_t &v, unsigned lsb, unsigned w, uint32_t x)
{
  uint64_t m = static_cast<uint64_t>(mask32(w)) << lsb;
  v = (v & ~m) | ((static_cast<uint64_t>(x) << lsb) & m);
}
template <int N> void set_bits(sc_dt::sc_bv<N> &v, unsigned lsb, unsigned w, uint32_t x)
{
  v.range(static_cast<int>(lsb + w - 1), static_cast<int>(lsb)) = x & mask32(w);
}

// Every port of Vww_gpu but clk_i (the clock): X(name).
#define WW_SC_PORTS(X)                                                                         \
  X(rst_ni) X(start_i) X(entry_pc_i) X(grid_i) X(block_i) X(kargs_i) X(scord_en_i)              \
  X(scord_cached_i) X(tx_watchdog_i) X(det_en_i) X(det_quantum_i) X(det_wser_i) X(det_lock_i)   \
  X(det_dwp_i) X(busy_o) X(done_o) X(imem_we_i) X(imem_waddr_i) X(imem_wdata_i)                  \
  X(launch_valid_o) X(launch_sm_o) X(launch_ctaid_o) X(dram_req_valid_o) X(dram_req_ready_i)    \
  X(dram_req_we_o) X(dram_req_line_o) X(dram_req_data_o) X(dram_rsp_valid_i) X(dram_rsp_data_i) \
  X(ret_valid_o) X(ret_warp_o) X(ret_block_o) X(ret_pc_o) X(ret_insn_o) X(ret_mask_o)           \
  X(ret_rd_o) X(ret_mem_o) X(ret_mem_bytes_o) X(ret_rd_val_o) X(ret_addr_o) X(ret_wdata_o)      \
  X(trap_valid_o) X(trap_kind_o) X(trap_warp_o) X(trap_block_o) X(trap_mask_o) X(trap_pc_o)     \
  X(trap_insn_o) X(trap_lane_o) X(trap_addr_o) X(stall_o) X(gsi_rd_sm_i) X(gsi_rd_idx_i)        \
  X(gsi_rd_data_o) X(part_req_valid_o) X(part_req_src_o) X(part_req_sb_o) X(sched_mode_i)       \
  X(serial_wid_i) X(tm_fin_valid_o) X(tm_fin_wid_o) X(tm_fin_lane_o) X(tm_fin_cid_o)            \
  X(tm_fin_pass_o) X(tm_fin_wd_o) X(tm_wd_valid_o) X(tm_wd_wid_o) X(tm_wd_abort_o) X(tm_pkt_o)  \
  X(tm_rd_part_i) X(tm_rd_idx_i) X(tm_rd_data_o) X(det_rd_idx_i) X(det_rd_data_o) X(det_ovf_o)  \
  X(l1_cov_o) X(l2_cov_o)

// One signal per port, named as the port.
struct signals {
#define WW_SC_SIG(p) sc_core::sc_signal<data_t<decltype(Vww_gpu::p)>> p{ #p };
  WW_SC_PORTS(WW_SC_SIG)
#undef WW_SC_SIG
  // binds every port of gpu (but clk_i) to its signal
  void bind(Vww_gpu &gpu)
  {
#define WW_SC_BIND(p) gpu.p(p);
    WW_SC_PORTS(WW_SC_BIND)
#undef WW_SC_BIND
  }
  // every signal into a SystemC trace file (VCD, sc_create_vcd_trace_file)
  void trace(sc_core::sc_trace_file *tf)
  {
#define WW_SC_TRACE(p) sc_core::sc_trace(tf, p, #p);
    WW_SC_PORTS(WW_SC_TRACE)
#undef WW_SC_TRACE
  }
};

}  // namespace ww_sc

#endif  // WW_SC_GPU_H
