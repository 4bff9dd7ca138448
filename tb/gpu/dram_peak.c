/* SPDX-License-Identifier: Apache-2.0
 *
 * dram_peak -- measures the peak bandwidth of the DRAM model
 * (sw/sim/ww_dram.c) that the verilator backend puts behind the RTL GPU, for
 * `make bench` (scripts/bench_roofline.sh). Not a test: it prints one line.
 *
 * The configuration is the backend's: ww_dram_default_cfg() (channels =
 * WW_NUM_PART, line = WW_LINE_BYTES, latency = WW_DRAM_LATENCY, one
 * acceptance per channel every cycle), with WW_DRAM_LATENCY and
 * WW_DRAM_INTERVAL from the environment when set, as
 * sw/sim/ww_backend_verilator.c reads them.
 *
 * Every channel is offered a read of a new line in every cycle. After
 * latency + interval cycles the answers flow at the steady rate; from then
 * on the answers of WINDOW cycles are counted (each carries one line), so
 *   bytes_per_cycle = answers x line_bytes / WINDOW
 * is the most the model can deliver, to be compared with its configuration
 * (channels x line_bytes / interval). A write takes an acceptance slot just
 * as a read does, so the peak holds for any mix.
 *
 * Usage: dram_peak [WINDOW]   (cycles, default 4096; rounded up to a multiple of
 *        the interval)
 * Output: dram_peak: channels=C line_bytes=L latency=T interval=I window=W
 *         answers=A bytes=B bytes_per_cycle=X
 * Exit status 0, 1 when the DRAM model rejects the configuration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_dram.h"

static unsigned env_or(const char *name, unsigned dflt)
{
  const char *s = getenv(name);
  unsigned v = s && *s ? (unsigned)strtoul(s, NULL, 0) : 0;
  return v ? v : dflt;
}

int main(int argc, char **argv)
{
  unsigned long window = argc > 1 ? strtoul(argv[1], NULL, 0) : 4096ul;
  ww_dram_cfg_t cfg = ww_dram_default_cfg();
  cfg.latency = env_or("WW_DRAM_LATENCY", cfg.latency);
  cfg.interval = env_or("WW_DRAM_INTERVAL", cfg.interval);
  char err[160];
  ww_dram_t *d = ww_dram_new(&cfg, err, sizeof err);
  if (!d || window == 0) {
    fprintf(stderr, "dram_peak: %s\n", d ? "the window must be at least one cycle" : err);
    ww_dram_free(d);
    return 1;
  }
  /* a whole number of intervals: every channel accepts window / interval times */
  window = (window + cfg.interval - 1) / cfg.interval * cfg.interval;
  const uint64_t lines = cfg.bytes / cfg.line_bytes;
  const unsigned long warm = (unsigned long)cfg.latency + cfg.interval;
  uint64_t next_line[WW_DRAM_MAX_CH] = { 0 };
  unsigned long answers = 0;
  for (unsigned long cyc = 0; cyc < warm + window; cyc++) {
    for (unsigned ch = 0; ch < cfg.channels; ch++) {
      ww_dram_in_t in;
      ww_dram_out_t out;
      memset(&in, 0, sizeof in);
      in.rst_ni = 1;
      in.req_valid = 1;
      in.req_line = (next_line[ch] * cfg.channels + ch) % lines;   /* this channel's lines */
      ww_dram_step(d, ch, &in, &out);
      if (out.req_ready)
        next_line[ch]++;
      if (out.rsp_valid && cyc >= warm)
        answers++;
    }
  }
  const unsigned long long bytes = (unsigned long long)answers * cfg.line_bytes;
  printf("dram_peak: channels=%u line_bytes=%u latency=%u interval=%u window=%lu answers=%lu "
         "bytes=%llu bytes_per_cycle=%.3f\n", cfg.channels, cfg.line_bytes, cfg.latency,
         cfg.interval, window, answers, bytes, (double)bytes / (double)window);
  ww_dram_free(d);
  return 0;
}
