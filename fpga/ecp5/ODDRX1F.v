// SPDX-License-Identifier: Apache-2.0
//
// ODDRX1F -- a stand-in for the ECP5's output DDR register, for lint only
// (`make lint`; the FPGA flow's synth_ecp5 has the real one and never reads
// this file). Q is D0 while SCLK is high and D1 while it is low: a board
// top forwards a clock with it (D0 = 1, D1 = 0: the clock; 0, 1: the
// inverted clock). Not a model of its timing.

`default_nettype none
module ODDRX1F (
  input  wire D0,
  input  wire D1,
  input  wire SCLK,
  input  wire RST,
  output wire Q
);

  wire unused_rst = RST;
  assign Q = SCLK ? D0 : D1;

endmodule  // ODDRX1F
`default_nettype wire
