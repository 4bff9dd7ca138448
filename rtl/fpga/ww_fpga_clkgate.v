// SPDX-License-Identifier: Apache-2.0
//
// ww_fpga_clkgate -- the GPU's clock in the FPGA top (docs/fpga.md sec. 2
// "Clock"): with GATE = 0 (the board build) clk_o is clk_i and en_o is 1;
// with GATE = 1 (the Verilated simulator server) clk_o pulses only in the
// cycles whose en_i is high, so the simulator does not evaluate an idle
// GPU while the host link moves bytes (a simulation speed-up: the GPU's
// state is not used between a kernel's end and the next launch, which
// resets it). en_i is sampled on the falling edge, so clk_o has no
// glitch: clk_o = clk_i & en_o. en_o tells the rest of the top whether
// the GPU takes this cycle's edge.
// Parameters: GATE (0 or 1).

`default_nettype none
module ww_fpga_clkgate #(
  parameter GATE = 0
) (
  input  wire clk_i,
  input  wire en_i,
  output wire clk_o,
  output wire en_o
);

  generate
    if (GATE != 0) begin : g_gate
      reg en_n_q;
      always @(negedge clk_i) begin
        en_n_q <= en_i;
      end
      assign clk_o = clk_i & en_n_q;
      assign en_o  = en_n_q;
    end else begin : g_free
      wire unused_en = en_i;
      assign clk_o = clk_i;
      assign en_o  = 1'b1;
    end
  endgenerate

endmodule  // ww_fpga_clkgate
`default_nettype wire
