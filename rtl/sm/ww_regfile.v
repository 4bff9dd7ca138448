// SPDX-License-Identifier: Apache-2.0
//
// ww_regfile -- the SM's vector register file: WARPS x 32 registers x
// LANES lanes x 32 bits, two warp-wide reads (rs1, rs2) and one warp-wide
// write with a lane mask per cycle.
//
// Storage: block RAM. Each lane has two copies of a 1R1W memory of
// WARPS*32 words (ww_sram_1r1w, addressed by {wid, reg}); a write goes to
// both copies of every lane in wr_mask_i, copy 1 serves rs1 and copy 2 rs2.
// Only a few control flops and one write-data register are kept in logic.
//
// Read: rd_valid_i with rd_wid_i, rd_rs1_i, rd_rs2_i in cycle t gives
// rd_valid_o and rd_rs1_data_o / rd_rs2_data_o (lane l at [32*l +: 32]) in
// cycle t+1; the data holds no meaning while rd_valid_o is 0.
// Write: wr_valid_i with wr_wid_i, wr_rd_i, wr_mask_i and wr_data_i in
// cycle t writes at the clock edge ending cycle t. Writes to x0 are
// ignored, and x0 always reads 0 in every lane.
// Read during write (a read in cycle t of the register written in cycle t,
// same warp): write-first. Lanes in wr_mask_i read the new value, the other
// lanes the old one -- the value the register holds from cycle t+1 on. So
// writeback and operand read of a dependent instruction may share a cycle.
// (The memories themselves return old data; a registered bypass of the
// write data gives the new lanes.)
// Reset: rst_ni clears rd_valid_o only; register contents are not reset
// (block RAM). A register reads an undefined value until first written.
// Parameters: WARPS >= 1, LANES >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_regfile #(
  parameter WARPS = `WW_WARPS_PER_SM,
  parameter LANES = `WW_LANES
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // read ports (rs1, rs2 of one warp)
  input  wire                  rd_valid_i,
  input  wire [WID_W-1:0]      rd_wid_i,
  input  wire [4:0]            rd_rs1_i,
  input  wire [4:0]            rd_rs2_i,
  output wire                  rd_valid_o,
  output wire [LANES*32-1:0]   rd_rs1_data_o,
  output wire [LANES*32-1:0]   rd_rs2_data_o,
  // write port (one warp, lanes in wr_mask_i)
  input  wire                  wr_valid_i,
  input  wire [WID_W-1:0]      wr_wid_i,
  input  wire [4:0]            wr_rd_i,
  input  wire [LANES-1:0]      wr_mask_i,
  input  wire [LANES*32-1:0]   wr_data_i
);

  localparam WID_W  = (WARPS > 1) ? $clog2(WARPS) : 1;

  ////////////////////
  // Control        //
  ////////////////////

  wire we     = wr_valid_i && (wr_rd_i != 5'd0);
  wire hit1   = we && (wr_wid_i == rd_wid_i) && (wr_rd_i == rd_rs1_i);
  wire hit2   = we && (wr_wid_i == rd_wid_i) && (wr_rd_i == rd_rs2_i);

  reg                 rd_valid_q;
  reg                 zero1_q, zero2_q;      // the read was of x0
  reg  [LANES-1:0]    byp1_q, byp2_q;        // lanes that take the bypassed write data
  reg  [LANES*32-1:0] wdata_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_valid_q <= 1'b0;
    end else begin
      rd_valid_q <= rd_valid_i;
    end
  end

  // datapath registers, not reset
  always @(posedge clk_i) begin
    zero1_q <= (rd_rs1_i == 5'd0);
    zero2_q <= (rd_rs2_i == 5'd0);
    byp1_q  <= {LANES{hit1}} & wr_mask_i;
    byp2_q  <= {LANES{hit2}} & wr_mask_i;
    wdata_q <= wr_data_i;
  end

  ////////////////////
  // Memories       //
  ////////////////////

  genvar l;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_lane
      wire [31:0] q1, q2;
`ifdef WW_MUTANT_REGFILE_RS2_IGNORES_MASK
      wire        we2 = we;  // MUTANT: the rs2 copy is written in every lane
`else
      wire        we2 = we && wr_mask_i[l];
`endif

      ww_sram_1r1w #(
        .WIDTH (32),
        .DEPTH ((1 << WID_W) * 32)
      ) u_copy1 (
        .clk_i   (clk_i),
        .raddr_i ({rd_wid_i, rd_rs1_i}),
        .rdata_o (q1),
        .we_i    (we && wr_mask_i[l]),
        .waddr_i ({wr_wid_i, wr_rd_i}),
        .wdata_i (wr_data_i[32*l +: 32])
      );

      ww_sram_1r1w #(
        .WIDTH (32),
        .DEPTH ((1 << WID_W) * 32)
      ) u_copy2 (
        .clk_i   (clk_i),
        .raddr_i ({rd_wid_i, rd_rs2_i}),
        .rdata_o (q2),
        .we_i    (we2),
        .waddr_i ({wr_wid_i, wr_rd_i}),
        .wdata_i (wr_data_i[32*l +: 32])
      );

      assign rd_rs1_data_o[32*l +: 32] = zero1_q   ? 32'd0 :
                                         byp1_q[l] ? wdata_q[32*l +: 32] : q1;
      assign rd_rs2_data_o[32*l +: 32] = zero2_q   ? 32'd0 :
                                         byp2_q[l] ? wdata_q[32*l +: 32] : q2;
    end
  endgenerate

  assign rd_valid_o = rd_valid_q;

endmodule  // ww_regfile
`default_nettype wire
