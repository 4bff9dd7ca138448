// SPDX-License-Identifier: Apache-2.0
//
// ulx3s_drf_sim -- the DRF tester's board top (fpga/boards/ulx3s/ulx3s_drf.v)
// Verilated, its UART line decoded: prints the report lines the board
// would send to the host and stops after --runs lines, at the first 'F'
// line, or after --max-cycles. Thin glue: the board top has no other input
// than the clock and the PWR button (held released).
// Usage: ulx3s_drf_sim [--runs N] [--max-cycles C] [+WW_BUG_<NAME>]
// Exit: 0 the lines came (passes, or the first failure), 1 the cycle limit
// came first, 2 usage.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <verilated.h>

#include "Vulx3s_drf.h"

#ifndef CLKS_PER_BIT
#error "CLKS_PER_BIT: the board top's UART bit time this build was verilated with"
#endif

int main(int argc, char **argv)
{
  unsigned long runs = 4, max_cycles = 50000000;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::strtoul(argv[++i], nullptr, 0);
    } else if (!std::strcmp(argv[i], "--max-cycles") && i + 1 < argc) {
      max_cycles = std::strtoul(argv[++i], nullptr, 0);
    } else if (argv[i][0] != '+') {
      std::fprintf(stderr, "usage: %s [--runs N] [--max-cycles C] [+WW_BUG_<NAME>]\n", argv[0]);
      return 2;
    }
  }
  VerilatedContext ctx;
  ctx.commandArgs(argc, argv);
  Vulx3s_drf top(&ctx);
  top.btn_pwr_n = 1;
  top.clk_25mhz = 0;
  top.eval();

  // UART receiver: a falling edge starts a byte; bits sampled mid-bit
  std::string line;
  unsigned long lines = 0;
  int prev = 1;
  long until = -1;          // cycles to the next sample point
  int bit = -1;             // -1 start bit, 0..7 data, 8 stop
  unsigned byte = 0;
  for (unsigned long c = 0; c < max_cycles; c++) {
    top.clk_25mhz = 1;
    top.eval();
    top.clk_25mhz = 0;
    top.eval();
    const int rx = top.ftdi_rxd;
    if (until < 0) {
      if (prev && !rx) {    // a start bit
        until = CLKS_PER_BIT / 2;
        bit = -1;
        byte = 0;
      }
    } else if (until-- == 0) {
      if (bit >= 0 && bit < 8)
        byte |= static_cast<unsigned>(rx) << bit;
      if (bit == 8) {
        until = -1;
        if (!rx) {
          std::fprintf(stderr, "ulx3s_drf_sim: cycle %lu: framing error (no stop bit)\n", c);
          return 1;
        }
        if (byte == '\n') {
          std::printf("%s\n", line.c_str());
          std::fflush(stdout);
          lines++;
          if ((!line.empty() && line[0] == 'F') || lines == runs) {
            std::printf("cycles %lu, leds 0x%02x\n", c + 1, static_cast<unsigned>(top.led));
            return 0;
          }
          line.clear();
        } else if (byte != '\r') {
          line.push_back(static_cast<char>(byte));
        }
      } else {
        until = CLKS_PER_BIT - 1;
        bit++;
      }
    }
    prev = rx;
  }
  std::fprintf(stderr, "ulx3s_drf_sim: %lu cycles and only %lu of %lu report lines\n", max_cycles,
               lines, runs);
  return 1;
}
