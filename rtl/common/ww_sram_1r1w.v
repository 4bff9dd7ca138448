// SPDX-License-Identifier: Apache-2.0
//
// ww_sram_1r1w -- simple dual-port memory, one synchronous read port and one
// write port, written so Yosys maps it onto block RAM (ECP5 DP16KD) or
// LUT RAM. Read data appears the cycle after raddr_i. A read and a write of
// the same address in one cycle returns the old data (callers in this
// project never do both). Contents are not reset; with ZERO_INIT = 1 they
// start zeroed (an initial block: block RAM's power-up state on an FPGA,
// the FPGA top's global memory, ww_fpga_mem).
// Parameters: WIDTH >= 1, DEPTH >= 2, ZERO_INIT 0 or 1.

`default_nettype none
module ww_sram_1r1w #(
  parameter WIDTH = 32,
  parameter DEPTH = 256,
  parameter ADDR_W = $clog2(DEPTH),
  parameter ZERO_INIT = 0
) (
  input  wire              clk_i,
  // read port
  input  wire [ADDR_W-1:0] raddr_i,
  output wire [WIDTH-1:0]  rdata_o,
  // write port
  input  wire              we_i,
  input  wire [ADDR_W-1:0] waddr_i,
  input  wire [WIDTH-1:0]  wdata_i
);

  reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [WIDTH-1:0] rdata_q;

  generate
    if (ZERO_INIT != 0) begin : g_zero
      integer i;
      initial begin
        for (i = 0; i < DEPTH; i = i + 1) begin
          mem[i] = {WIDTH{1'b0}};
        end
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (we_i) begin
      mem[waddr_i] <= wdata_i;
    end
    rdata_q <= mem[raddr_i];
  end

  assign rdata_o = rdata_q;

endmodule  // ww_sram_1r1w
`default_nettype wire
