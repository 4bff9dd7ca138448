// SPDX-License-Identifier: Apache-2.0
//
// ww_lutram -- distributed (LUT) RAM: DEPTH words of WIDTH bits, one write
// port acting at the clock edge and NR asynchronous (combinational) read
// ports. FPGA LUT RAM has a single read port per array, so each read port
// reads its own copy of the array and every copy is written alike. Yosys
// maps each copy onto LUT RAM (ECP5: WIDTH/4 TRELLIS_DPR16X4 per 16 words;
// docs/bloom_filter.md, "FPGA structure"). A read of the address being
// written in the same cycle returns the old word. Contents are not reset
// (undefined until written): the user keeps its own valid flags.
// Used by ww_bloom_filter. Parameters: WIDTH >= 1, DEPTH >= 2, NR >= 1.

`default_nettype none
module ww_lutram #(
  parameter WIDTH  = 4,
  parameter DEPTH  = 16,
  parameter NR     = 1,
  parameter ADDR_W = $clog2(DEPTH)
) (
  input  wire                 clk_i,
  // write port
  input  wire                 we_i,
  input  wire [ADDR_W-1:0]    waddr_i,
  input  wire [WIDTH-1:0]     wdata_i,
  // read ports: port r's address at [r*ADDR_W +: ADDR_W], word at [r*WIDTH +: WIDTH]
  input  wire [NR*ADDR_W-1:0] raddr_i,
  output wire [NR*WIDTH-1:0]  rdata_o
);

  genvar r;
  for (r = 0; r < NR; r = r + 1) begin : g_copy
    reg [WIDTH-1:0] mem [0:DEPTH-1];

    always @(posedge clk_i) begin
      if (we_i) begin
        mem[waddr_i] <= wdata_i;
      end
    end

    assign rdata_o[r*WIDTH +: WIDTH] = mem[raddr_i[r*ADDR_W +: ADDR_W]];
  end

endmodule  // ww_lutram
`default_nettype wire
