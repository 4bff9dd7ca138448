// SPDX-License-Identifier: Apache-2.0
//
// ww_sram_1r1w -- simple dual-port memory, one synchronous read port and one
// write port, written so Yosys maps it onto block RAM (ECP5 DP16KD) or
// LUT RAM. Read data appears the cycle after raddr_i. A read of the
// address written in the same cycle (a collision):
//   RW_OLD = 1  returns the old data; Yosys builds that from bypass
//               flip-flops beside the block RAM (520 FF and 267 LUT4 on a
//               256-bit ECP5 memory)
//   RW_OLD = 0  returns unknown data, as a block RAM's second port does:
//               synthesis is told so (no_rw_check, no bypass), and the
//               simulation returns the old data inverted, so a caller that
//               used such a read fails its co-simulation and lockstep tests
//               instead of only on the board.
// Contents are not reset; with ZERO_INIT = 1 they start zeroed (an initial
// block: block RAM's power-up state on an FPGA, the FPGA top's global
// memory, ww_fpga_mem).
// Parameters: WIDTH >= 1, DEPTH >= 2, ZERO_INIT 0 or 1, RW_OLD 0 or 1.

`default_nettype none
module ww_sram_1r1w #(
  parameter WIDTH = 32,
  parameter DEPTH = 256,
  parameter ADDR_W = $clog2(DEPTH),
  parameter ZERO_INIT = 0,
  parameter RW_OLD = 0
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

  reg [WIDTH-1:0] rdata_q;

  generate
    if (RW_OLD != 0) begin : g_old
      reg [WIDTH-1:0] mem [0:DEPTH-1];
      if (ZERO_INIT != 0) begin : g_zero
        integer i;
        initial for (i = 0; i < DEPTH; i = i + 1) mem[i] = {WIDTH{1'b0}};
      end
      always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        rdata_q <= mem[raddr_i];
      end
    end else begin : g_any
      (* no_rw_check *) reg [WIDTH-1:0] mem [0:DEPTH-1];
      if (ZERO_INIT != 0) begin : g_zero
        integer i;
        initial for (i = 0; i < DEPTH; i = i + 1) mem[i] = {WIDTH{1'b0}};
      end
      always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
`ifdef SYNTHESIS
        rdata_q <= mem[raddr_i];
`else
        rdata_q <= (we_i && waddr_i == raddr_i) ? ~mem[raddr_i] : mem[raddr_i];
`endif
      end
    end
  endgenerate

  assign rdata_o = rdata_q;

endmodule  // ww_sram_1r1w
`default_nettype wire
