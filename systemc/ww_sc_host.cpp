// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_host -- the SystemC host driver (see ww_sc_host.h).
#include "ww_sc_host.h"

#include <cstdio>
#include <cstring>

namespace ww_sc {

namespace {
// write v into a signal of any of Verilator's port types
template <typename S> void put(S &sig, uint32_t v)
{
  typename std::decay<decltype(sig.read())>::type x{};
  set_bits(x, 0, 32, v);
  sig.write(x);
}
}  // namespace

host::host(sc_core::sc_module_name name, signals &s, const ww_sc_job_t &job, uint64_t max_cycles,
           ww_sc_run_t &run)
    : sc_core::sc_module(name), clk_i("clk_i"), mem("mem"), s_(s), job_(job),
      max_cycles_(max_cycles), run_(run)
{
  SC_HAS_PROCESS(host);
  SC_THREAD(main);
}

bool host::dbg(bool write, uint64_t addr, void *buf, unsigned n)
{
  tlm::tlm_generic_payload p;
  p.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
  p.set_address(addr);
  p.set_data_ptr(static_cast<unsigned char *>(buf));
  p.set_data_length(n);
  p.set_streaming_width(n);
  if (mem->transport_dbg(p) == n)
    return true;
  std::snprintf(run_.message, sizeof run_.message,
                "memory target refused a debug %s of %u bytes at 0x%08llx (%s)",
                write ? "write" : "read", n, static_cast<unsigned long long>(addr),
                p.get_response_string().c_str());
  return false;
}

void host::clock(unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    wait(clk_i.posedge_event());
}

void host::settle()
{
  // write in delta d, the GPU evaluates in d + 1, its outputs read in d + 2
  wait(sc_core::SC_ZERO_TIME);
  wait(sc_core::SC_ZERO_TIME);
}

void host::finish(int status)
{
  run_.status = status;
  sc_core::sc_stop();
}

void host::fill_trap(uint32_t rise)
{
  unsigned sm = 0;
  while (!(rise >> sm & 1))
    sm++;
  ww_trap_t t;
  std::memset(&t, 0, sizeof t);
  t.kind = static_cast<ww_trap_kind_t>(bits(s_.trap_kind_o.read(), sm * WW_TRAP_W, WW_TRAP_W));
  t.sm = sm;
  t.warp = bits(s_.trap_warp_o.read(), sm * WID_W, WID_W);
  t.block = bits(s_.trap_block_o.read(), sm * 32, 32);
  t.mask = bits(s_.trap_mask_o.read(), sm * LANES, LANES);
  t.pc = bits(s_.trap_pc_o.read(), sm * 32, 32);
  t.insn = bits(s_.trap_insn_o.read(), sm * 32, 32);
  uint32_t lane = bits(s_.trap_lane_o.read(), sm * 6, 6);
  t.lane = lane == 63 ? -1 : static_cast<int>(lane);
  t.addr = bits(s_.trap_addr_o.read(), sm * 32, 32);
  std::snprintf(t.detail, sizeof t.detail, "RTL trap at kernel cycle %llu (SystemC)",
                static_cast<unsigned long long>(run_.kernel_cycles - 1));
  ww_sc_trap_report(&job_, &t, run_.message, sizeof run_.message);
}

void host::read_counters()
{
  for (unsigned sm = 0; sm < NUM_SM; sm++) {
    put(s_.gsi_rd_sm_i, sm);
    for (unsigned i = 0; i < WW_GSI_CNT_N; i++) {
      put(s_.gsi_rd_idx_i, i);
      settle();
      run_.gsi[sm][i] = bits(s_.gsi_rd_data_o.read(), 0, 32);
    }
  }
  for (unsigned p = 0; p < NUM_PART; p++) {
    put(s_.tm_rd_part_i, p);
    for (unsigned i = 0; i < WW_TM_CNT_N; i++) {
      put(s_.tm_rd_idx_i, i);
      settle();
      run_.tm[p][i] = bits(s_.tm_rd_data_o.read(), 0, 32);
    }
  }
  for (unsigned i = 0; i < WW_DETC_N; i++) {
    put(s_.det_rd_idx_i, i);
    settle();
    run_.det[i] = bits(s_.det_rd_data_o.read(), 0, 32);
  }
  run_.det_ovf = s_.det_ovf_o.read();
}

void host::main()
{
  const ww_sc_job_t &j = job_;
  // 1. the device image (debug transport, in pieces of at most 64 KiB)
  std::vector<uint8_t> img(j.img, j.img + (j.img_hi - j.img_lo));
  for (uint32_t off = 0; off < img.size(); off += 65536) {
    unsigned n = static_cast<unsigned>(img.size() - off < 65536 ? img.size() - off : 65536);
    if (!dbg(true, j.img_lo + off, &img[off], n))
      return finish(WW_SC_ERROR);
  }
  // the launch inputs and the defaults of ww_vgpu (ScoRD and GPUDet off)
  put(s_.entry_pc_i, j.launch.entry_pc);
  put(s_.grid_i, j.launch.grid);
  put(s_.block_i, j.launch.block);
  put(s_.kargs_i, j.launch.kargs);
  put(s_.tx_watchdog_i, WW_TX_WATCHDOG);
  put(s_.det_quantum_i, WW_DET_QUANTUM);
  // 2. reset, then the L2 slices clear one set per cycle
  put(s_.rst_ni, 0);
  clock(RESET_CYCLES);
  put(s_.rst_ni, 1);
  clock(WW_L2_SETS + 2);
  // 3. the instruction memories: [CODE_BASE, +IMEM_BYTES), zeros beyond global memory
  std::vector<uint32_t> code(IMEM_WORDS, 0);
  uint64_t code_end = static_cast<uint64_t>(WW_CODE_BASE) + WW_IMEM_BYTES;
  if (code_end > WW_GMEM_BYTES)
    code_end = WW_GMEM_BYTES;
  if (code_end > WW_CODE_BASE &&
      !dbg(false, WW_CODE_BASE, code.data(), static_cast<unsigned>(code_end - WW_CODE_BASE)))
    return finish(WW_SC_ERROR);
  put(s_.imem_we_i, 1);
  for (unsigned i = 0; i < IMEM_WORDS; i++) {
    put(s_.imem_waddr_i, i);
    put(s_.imem_wdata_i, code[i]);   // the host is little-endian, as the GPU
    clock(1);
  }
  put(s_.imem_we_i, 0);
  // 4. the start pulse: kernel cycle 0
  put(s_.start_i, 1);
  clock(1);
  put(s_.start_i, 0);
  // 5. each edge ends a cycle: its outputs are still on the signals
  uint32_t trap_prev = 0;
  for (;;) {
    run_.kernel_cycles++;
    const bool busy = s_.busy_o.read(), done = s_.done_o.read();
    if (busy || done)
      run_.cycles++;
    const uint32_t rv = bits(s_.ret_valid_o.read(), 0, NUM_SM);
    for (unsigned sm = 0; sm < NUM_SM; sm++)
      if (rv >> sm & 1) {
        run_.warp_insns++;
        run_.thread_insns +=
            static_cast<uint64_t>(__builtin_popcount(bits(s_.ret_mask_o.read(), sm * LANES, LANES)));
      }
    if (s_.launch_valid_o.read())
      run_.blocks++;
    if (done)
      break;
    const uint32_t tv = bits(s_.trap_valid_o.read(), 0, NUM_SM), rise = tv & ~trap_prev;
    trap_prev = tv;
    if (rise) {
      fill_trap(rise);
      read_counters();
      return finish(WW_SC_TRAP);
    }
    if (run_.kernel_cycles >= max_cycles_) {
      std::snprintf(run_.message, sizeof run_.message,
                    "timeout: the grid of %u blocks was not done after %llu cycles (the limit, "
                    "--max-cycles; %llu blocks placed, %llu warp instructions retired, busy_o %u)",
                    j.launch.grid, static_cast<unsigned long long>(run_.kernel_cycles),
                    static_cast<unsigned long long>(run_.blocks),
                    static_cast<unsigned long long>(run_.warp_insns), static_cast<unsigned>(busy));
      return finish(WW_SC_TIMEOUT);
    }
    clock(1);
  }
  // 6. the reports and the results
  read_counters();
  for (unsigned i = 0; i < j.n_out; i++) {
    got_.emplace_back(j.out[i].bytes / 4);
    run_.got[i] = got_.back().data();
    if (!dbg(false, j.out[i].addr, run_.got[i], j.out[i].bytes))
      return finish(WW_SC_ERROR);
  }
  finish(WW_SC_DONE);
}

}  // namespace ww_sc
