// SPDX-License-Identifier: Apache-2.0
//
// ww_scoreboard -- per-warp pending-write bits of one SM (docs/gpu_rtl.md).
//
// One bit per warp per register x1..x31 (x0 is never pending), plus per
// pending register whether its writer is a memory instruction (load or
// atomic), so the scheduler can tell GSI memory-data from compute-data
// stalls (GSI, ISPASS 2016, Algorithm 1).
//
//   set  (issue)     set_valid_i: register set_rd_i of warp set_wid_i becomes
//                    pending; set_mem_i marks its writer a memory instruction.
//                    set_rd_i = 0 sets nothing.
//   clr  (writeback) clr_valid_i: register clr_rd_i of warp clr_wid_i is free.
//                    A set and a clear of the same register in one cycle
//                    leave it pending (the set is the newer writer).
//   query            per warp w the decoded instruction of its buffer gives
//                    q_rs1_i/q_rs2_i/q_rd_i[w*5 +: 5]; a field the
//                    instruction does not use must be given as x0.
//                    ready_o[w] = none of the three is pending (RAW on rs1/rs2,
//                    WAW on rd); mem_o[w] = one of them is pending with a
//                    memory writer (so mem_o implies !ready_o); busy_o[w] =
//                    any register of warp w is pending (drain before exit or
//                    a fence).
// Timing: the outputs are combinational from the state and the query inputs
// only. A set or clear in cycle t shows from cycle t+1 (no same-cycle bypass).
// Parameters: WARPS >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_scoreboard #(
  parameter WARPS = `WW_WARPS_PER_SM
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // issue: mark rd pending
  input  wire                 set_valid_i,
  input  wire [WID_W-1:0]     set_wid_i,
  input  wire [4:0]           set_rd_i,
  input  wire                 set_mem_i,
  // writeback: rd written
  input  wire                 clr_valid_i,
  input  wire [WID_W-1:0]     clr_wid_i,
  input  wire [4:0]           clr_rd_i,
  // per-warp query (warp w at [w*5 +: 5])
  input  wire [WARPS*5-1:0]   q_rs1_i,
  input  wire [WARPS*5-1:0]   q_rs2_i,
  input  wire [WARPS*5-1:0]   q_rd_i,
  output wire [WARPS-1:0]     ready_o,
  output wire [WARPS-1:0]     mem_o,
  output wire [WARPS-1:0]     busy_o
);

  localparam WID_W = (WARPS > 1) ? $clog2(WARPS) : 1;

  ////////////////////
  // State          //
  ////////////////////

  // Warp w's register r at bit w*32 + r. Bit 0 of each warp stays 0.
  reg [WARPS*32-1:0] pend_q, pend_d;
  reg [WARPS*32-1:0] mem_q, mem_d;     // meaningful only where pend_q is 1: not reset

  // one-hot register decodes; x0 never becomes pending
  wire [31:0] set_oh = {31'd0, set_rd_i != 5'd0} << set_rd_i;
  wire [31:0] clr_oh = {31'd0, 1'b1} << clr_rd_i;

  integer w;
  always @(*) begin
    pend_d = pend_q;
    mem_d  = mem_q;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (clr_valid_i && clr_wid_i == w[WID_W-1:0]) begin
        pend_d[w*32 +: 32] = pend_d[w*32 +: 32] & ~clr_oh;
      end
      if (set_valid_i && set_wid_i == w[WID_W-1:0]) begin
        pend_d[w*32 +: 32] = pend_d[w*32 +: 32] | set_oh;
        mem_d[w*32 +: 32]  = set_mem_i ? (mem_q[w*32 +: 32] | set_oh)
                                       : (mem_q[w*32 +: 32] & ~set_oh);
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q <= {WARPS*32{1'b0}};
    end else begin
      pend_q <= pend_d;
    end
    mem_q <= mem_d;
  end

  ////////////////////
  // Query          //
  ////////////////////

  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_warp
    wire [31:0] pend = pend_q[g*32 +: 32];
    wire [31:0] memw = pend_q[g*32 +: 32] & mem_q[g*32 +: 32];
    wire [4:0]  rs1  = q_rs1_i[g*5 +: 5];
    wire [4:0]  rs2  = q_rs2_i[g*5 +: 5];
    wire [4:0]  rd   = q_rd_i[g*5 +: 5];
`ifdef WW_MUTANT_SB_IGNORE_RS2
    wire        hz   = pend[rs1] | pend[rd];
`else
    wire        hz   = pend[rs1] | pend[rs2] | pend[rd];
`endif
    assign ready_o[g] = !hz;
    assign mem_o[g]   = memw[rs1] | memw[rs2] | memw[rd];
    assign busy_o[g]  = |pend;
  end

endmodule  // ww_scoreboard
`default_nettype wire
