/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sc_vcheck -- the cycle cross-check of the SystemC model (docs/systemc.md
 * "Cross-check"): the same job as build/systemc/ww_sc (same options, same
 * kernel, inputs and memory layout, ww_sc_job.h) on the runtime's
 * "verilator" backend (the Verilated GPU with the C DRAM model ww_dram,
 * co-simulation off), its DRAM timing set to what the SystemC memory does
 * with --latency L --bandwidth B: ww_dram latency L + xfer and interval xfer,
 * xfer = ceil(LINE_BYTES / B) (the backend reads WW_DRAM_LATENCY and
 * WW_DRAM_INTERVAL). Prints the cycles as ww_sc does; exit status 0 when the
 * results match the host reference, 1 when not, 2 on a setup error.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ww_config.h"
#include "ww_sc_job.h"

int main(int argc, char **argv)
{
  ww_sc_opts_t o;
  char err[600];
  int r = ww_sc_opts_parse(argc, argv, &o, err, sizeof err);
  if (r != 0) {
    if (r < 0)
      fprintf(stderr, "ww_sc_vcheck: %s\n", err);
    return r > 0 ? 0 : 2;
  }
  const unsigned xfer = (WW_LINE_BYTES + o.bytes_per_cycle - 1) / o.bytes_per_cycle;
  char lat[32], iv[32];
  snprintf(lat, sizeof lat, "%u", o.latency + xfer);
  snprintf(iv, sizeof iv, "%u", xfer);
  setenv("WW_DRAM_LATENCY", lat, 1);
  setenv("WW_DRAM_INTERVAL", iv, 1);
  ww_sc_job_t j;
  if (ww_sc_job_prepare(&j, "verilator", o.kernel, o.elf, o.n, o.block, o.grid, err, sizeof err) != 0 ||
      ww_sc_job_wait(&j, err, sizeof err) != 0) {
    fprintf(stderr, "ww_sc_vcheck: %s\n", err);
    ww_sc_job_free(&j);
    return 2;
  }
  size_t bad = 0;
  for (unsigned i = 0; i < j.n_out; i++)   /* the device's result against the host reference */
    bad += ww_sc_job_check(&j, i, j.out[i].golden, stderr);
  printf("verilator %s: %s (%s): %llu cycles (ww_dram latency %s, interval %s)\n", j.kernel,
         bad ? "FAIL" : "PASS", j.what, (unsigned long long)j.dev_steps, lat, iv);
  ww_sc_job_free(&j);
  return bad ? 1 : 0;
}
