// SPDX-License-Identifier: Apache-2.0
//
// ww_sc_main -- sc_main of build/systemc/ww_sc (docs/systemc.md): the
// command line and the checks are C (ww_sc_job.c); this file builds the
// model and runs it:
//
//   sc_clock clk --> Vww_gpu gpu (rtl/top/ww_gpu.v, verilated --sc)
//                      | dram_req_* / dram_rsp_* (every partition)
//                    ww_sc::bridge --dram[p]: TLM initiator sockets--+
//                                                                   v
//   ww_sc::host --mem: debug transport--> ww_sc::mem (chan[p], host sockets)
//      | rst/start/imem/launch inputs, done/trap/retire outputs, counter reads
//      +----------------------------------> gpu
//
// then runs the same launch on the golden model and compares the results.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <systemc>

#include "ww_sc_bridge.h"
#include "ww_sc_gpu.h"
#include "ww_sc_host.h"
#include "ww_sc_mem.h"

extern "C" {
#include "ww_sc_job.h"
}

namespace {

enum { EXIT_OK = 0, EXIT_MISMATCH = 1, EXIT_SETUP = 2, EXIT_LIMIT = 3, EXIT_TRAP = 4 };

int run_model(const ww_sc_opts_t &o, ww_sc_job_t &job)
{
  using namespace ww_sc;
  timing t;
  t.latency = o.latency;
  t.bytes_per_cycle = o.bytes_per_cycle;
  ww_sc_run_t run;
  std::memset(&run, 0, sizeof run);
  run.latency = t.latency;
  run.bytes_per_cycle = t.bytes_per_cycle;
  run.xfer = t.xfer(LB);

  // Verilator's initial values: random (x-initial unique), as the verilator
  // backend's, from a fixed seed; reset must make them irrelevant
  Verilated::defaultContextp()->randReset(2);
  Verilated::defaultContextp()->randSeed(1);

  sc_core::sc_clock clk("clk", t.period);
  Vww_gpu gpu("gpu");
  signals sig;
  gpu.clk_i(clk);
  sig.bind(gpu);

  mem dram("dram", DRAM_BYTES, NUM_PART, t);
  bridge br("bridge", t);
  br.clk_i(clk);
  br.rst_ni(sig.rst_ni);
  br.req_valid(sig.dram_req_valid_o);
  br.req_we(sig.dram_req_we_o);
  br.req_line(sig.dram_req_line_o);
  br.req_data(sig.dram_req_data_o);
  br.req_ready(sig.dram_req_ready_i);
  br.rsp_valid(sig.dram_rsp_valid_i);
  br.rsp_data(sig.dram_rsp_data_i);
  for (unsigned p = 0; p < NUM_PART; p++)
    br.dram[p]->bind(*dram.chan[p]);

  host drv("host", sig, job, o.max_cycles, run);
  drv.clk_i(clk);
  drv.mem.bind(dram.host);

  sc_core::sc_trace_file *tf = nullptr;
  if (o.vcd) {
    std::string base = o.vcd;   // SystemC appends .vcd
    if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0)
      base.resize(base.size() - 4);
    tf = sc_core::sc_create_vcd_trace_file(base.c_str());
    tf->set_time_unit(100, sc_core::SC_PS);   // both clock edges (period 1 ns)
    sc_core::sc_trace(tf, clk, "clk_i");
    sig.trace(tf);
  }

  auto t0 = std::chrono::steady_clock::now();
  sc_core::sc_start();
  run.sim_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  gpu.final();
  if (tf)
    sc_core::sc_close_vcd_trace_file(tf);

  const mem::stats_t &ms = dram.stats();
  const bridge::stats_t &bs = br.stats();
  run.dram_reads = ms.reads;
  run.dram_writes = ms.writes;
  run.dram_bytes = ms.bytes;
  run.dram_queued = ms.queued;
  run.dram_refused = bs.refused;
  run.dram_busy_cycles = bs.busy_cycles;

  char err[600];
  FILE *out = stdout;
  int counters_ok = ww_sc_report(out, &job, &run, o.quiet) == 0;
  if (run.status == WW_SC_ERROR || run.status == WW_SC_TIMEOUT || run.status == WW_SC_TRAP) {
    std::fprintf(stderr, "ww_sc: %s: %s\n", job.kernel, run.message);
    return run.status == WW_SC_ERROR ? EXIT_SETUP : run.status == WW_SC_TIMEOUT ? EXIT_LIMIT
                                                                                : EXIT_TRAP;
  }
  if (ww_sc_job_wait(&job, err, sizeof err) != 0) {
    std::fprintf(stderr, "ww_sc: %s: %s\n", job.kernel, err);
    return EXIT_SETUP;
  }
  size_t bad = 0, words = 0;
  for (unsigned i = 0; i < job.n_out; i++) {
    bad += ww_sc_job_check(&job, i, run.got[i], stderr);
    words += job.out[i].bytes / 4;
  }
  const bool ok = !bad && counters_ok && !run.dram_refused;
  if (run.dram_refused)
    std::fprintf(stderr, "ww_sc: %llu DRAM accesses beyond the memory (a bug)\n",
                 static_cast<unsigned long long>(run.dram_refused));
  std::printf("systemc %s: %s (%s): %llu cycles; %zu result words %s the host reference and "
              "the golden model (%llu steps)\n",
              job.kernel, ok ? "PASS" : "FAIL", job.what, static_cast<unsigned long long>(run.cycles),
              words, bad ? "differ from" : "match", static_cast<unsigned long long>(job.dev_steps));
  if (bad)
    std::printf("  %zu words differ\n", bad);
  return ok ? EXIT_OK : EXIT_MISMATCH;
}

}  // namespace

int sc_main(int argc, char **argv)
{
  // quiet: no SystemC infos ("Simulation stopped by user": the host driver's sc_stop
  // ends every run; the trace file's time unit); the banner goes with
  // SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 in the environment
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  ww_sc_opts_t o;
  char err[600];
  int r = ww_sc_opts_parse(argc, argv, &o, err, sizeof err);
  if (r != 0) {
    if (r < 0)
      std::fprintf(stderr, "ww_sc: %s\n", err);
    return r > 0 ? EXIT_OK : EXIT_SETUP;
  }
  ww_sc_job_t job;
  if (ww_sc_job_prepare(&job, "cmodel", o.kernel, o.elf, o.n, o.block, o.grid, err, sizeof err) != 0) {
    std::fprintf(stderr, "ww_sc: %s\n", err);
    ww_sc_job_free(&job);
    return EXIT_SETUP;
  }
  r = run_model(o, job);
  ww_sc_job_free(&job);
  return r;
}
