// SPDX-License-Identifier: Apache-2.0
//
// ww_fpga_ram -- one word bank of the FPGA top's global memory (ww_fpga_mem):
// a single-port RAM, one read or write per cycle, written so Yosys maps it
// onto block RAM (ECP5 DP16KD). Read data appears the cycle after addr_i
// (the old word when the same cycle writes it). Contents start zeroed
// (an initial block: the power-up state of block RAM, and what the
// runtime's other backends start from).
// Parameters: WIDTH >= 1, DEPTH >= 2.

`default_nettype none
module ww_fpga_ram #(
  parameter WIDTH  = 32,
  parameter DEPTH  = 4096,
  parameter ADDR_W = $clog2(DEPTH)
) (
  input  wire              clk_i,
  input  wire [ADDR_W-1:0] addr_i,
  input  wire              we_i,
  input  wire [WIDTH-1:0]  wdata_i,
  output wire [WIDTH-1:0]  rdata_o
);

  reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [WIDTH-1:0] rdata_q;

  integer i;
  initial begin
    for (i = 0; i < DEPTH; i = i + 1) begin
      mem[i] = {WIDTH{1'b0}};
    end
  end

  always @(posedge clk_i) begin
    if (we_i) begin
      mem[addr_i] <= wdata_i;
    end
    rdata_q <= mem[addr_i];
  end

  assign rdata_o = rdata_q;

endmodule  // ww_fpga_ram
`default_nettype wire
