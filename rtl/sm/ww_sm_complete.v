// SPDX-License-Identifier: Apache-2.0
//
// ww_sm_complete -- the SM's completion stage (docs/gpu_rtl.md "SM", the
// complete row of its cycle table and "Registers are zero at launch"): one
// completion per cycle, the register file's write port, and the zeroing of
// a launched warp's registers.
//
// Completion, one per cycle, in priority order: the execute stage
// (e_done_i), the SIMT stack's answer (sk_done_i), the LSU (lsu_valid_i),
// the mul/div unit (md_valid_i). The LSU and the mul/div unit hold their
// result until taken (lsu_take_o, md_take_o: not halted and nothing ahead
// of them). The completion (c_*_o) names its warp, the register it writes
// (the execute stage's rd; none for a stack answer; the in-flight
// instruction's rd, if_rd_i, for the LSU and mul/div) and the data
// (execute result, LSU or mul/div lanes). c_retire_o: it retires (a ww.bar
// arrival that deadlocks does not, the golden model's rule).
// A completing control instruction (e_ctrl_i: branch, jump; not exit) or
// stack answer fetches its successor at once (cmp_*_o, ww_fetch).
// Register zeroing (docs/isa.md: registers are zero at launch): a warp
// launched (launch_i) has x1..x31 written with zeros, one register per
// cycle in which nothing completes, lowest zeroing warp first; it is
// zeroing (zeroing_o: it does not fetch) until x31 is written. The write of
// x1 also empties its ScoRD lock table (zero_clear_o, zero_wid_o).
// Write port (ww_regfile wr_*): the zeroing write, or the completion's
// register (not x0) under the warp's mask (mask_i).
// State: per warp the zeroing flag and the next register to zero (reset:
// not zeroing, x1).
// Timing: every output is combinational from the registers and the inputs.
// Parameters: WARPS >= 1, LANES >= 1.
// C model cmodel/sm/ww_sm_complete.c, lockstep tb/sm/lockstep/sm_complete.c.

`default_nettype none
`include "ww_config.vh"
module ww_sm_complete #(
  parameter WARPS = `WW_WARPS_PER_SM,
  parameter LANES = `WW_LANES,
  parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  halted_i,     // a trap stopped the SM
  // launch and the warps' state
  input  wire [WARPS-1:0]      launch_i,     // warps launched this cycle
  input  wire [WARPS*LANES-1:0] mask_i,      // active lanes of warp w at [LANES*w +: LANES]
  input  wire [WARPS*5-1:0]    if_rd_i,      // rd of warp w's instruction in flight
  // the execute stage
  input  wire                  e_done_i,     // completes an instruction
  input  wire [WID_W-1:0]      e_wid_i,
  input  wire [4:0]            e_rd_i,
  input  wire [LANES*32-1:0]   e_res_i,
  input  wire                  e_ctrl_i,     // a branch or jump
  input  wire [31:0]           e_npc_i,
  input  wire                  e_bar_i,      // a ww.bar arrival
  input  wire                  deadlock_i,   // the barrier unit finds a deadlock
  // the SIMT stack's answer
  input  wire                  sk_done_i,
  input  wire [WID_W-1:0]      sk_wid_i,
  input  wire [31:0]           sk_pc_i,
  // the LSU's completion
  input  wire                  lsu_valid_i,
  output wire                  lsu_take_o,
  input  wire [WID_W-1:0]      lsu_wid_i,
  input  wire [LANES*32-1:0]   lsu_data_i,
  // the mul/div unit's result
  input  wire                  md_valid_i,
  output wire                  md_take_o,
  input  wire [WID_W-1:0]      md_wid_i,
  input  wire [LANES*32-1:0]   md_data_i,
  // the completion
  output wire                  c_valid_o,
  output wire [WID_W-1:0]      c_wid_o,
  output wire [4:0]            c_rd_o,
  output wire [LANES*32-1:0]   c_data_o,
  output wire                  c_lsu_o,      // it is the LSU's
  output wire                  c_md_o,       // it is the mul/div unit's
  output wire                  c_retire_o,
  // successor fetch (ww_fetch cmp_*_i)
  output wire                  cmp_fetch_o,
  output wire [WID_W-1:0]      cmp_wid_o,
  output wire [31:0]           cmp_npc_o,
  // register file write port (ww_regfile wr_*_i)
  output wire                  rf_wr_valid_o,
  output wire [WID_W-1:0]      rf_wr_wid_o,
  output wire [4:0]            rf_wr_rd_o,
  output wire [LANES-1:0]      rf_wr_mask_o,
  output wire [LANES*32-1:0]   rf_wr_data_o,
  // register zeroing
  output wire [WARPS-1:0]      zeroing_o,
  output wire                  zero_clear_o, // x1 of warp zero_wid_o is written
  output wire [WID_W-1:0]      zero_wid_o
);

  integer w;

  // warp c_wid_o's in-flight rd and mask, selected over constant indices (a
  // run-time part-select would become a multiplier, docs/sm_blocks.md)
  reg [4:0]       c_if_rd;
  reg [LANES-1:0] c_mask;
  always @(*) begin
    c_if_rd = 5'd0;
    c_mask  = {LANES{1'b0}};
    for (w = 0; w < WARPS; w = w + 1) begin
      if (c_wid_o == w[WID_W-1:0]) begin
        c_if_rd = if_rd_i[5*w +: 5];
        c_mask  = mask_i[LANES*w +: LANES];
      end
    end
  end

  ////////////////////
  // Arbitration    //
  ////////////////////

  // one completion per cycle: execute > stack answer > LSU > mul/div
  assign lsu_take_o = !halted_i && !e_done_i && !sk_done_i;
`ifdef WW_MUTANT_SM_COMPLETE_MD_BEATS_LSU
  assign md_take_o  = !halted_i && !e_done_i && !sk_done_i;
`else
  assign md_take_o  = !halted_i && !e_done_i && !sk_done_i && !lsu_valid_i;
`endif
  assign c_lsu_o    = lsu_valid_i && lsu_take_o;
  assign c_md_o     = md_valid_i && md_take_o;
  assign c_valid_o  = e_done_i || sk_done_i || c_lsu_o || c_md_o;
  assign c_wid_o    = e_done_i ? e_wid_i : sk_done_i ? sk_wid_i : c_lsu_o ? lsu_wid_i : md_wid_i;
  assign c_rd_o     = e_done_i ? e_rd_i : sk_done_i ? 5'd0 : c_if_rd;
  assign c_data_o   = e_done_i ? e_res_i : c_lsu_o ? lsu_data_i : md_data_i;
  // a barrier arrival that deadlocks does not retire (the golden model's rule)
  assign c_retire_o = c_valid_o && !(e_bar_i && deadlock_i);

  // control completions fetch their successor at once
  assign cmp_fetch_o = ((e_done_i && e_ctrl_i) || sk_done_i) && !halted_i;
  assign cmp_wid_o   = e_done_i ? e_wid_i : sk_wid_i;
  assign cmp_npc_o   = e_done_i ? e_npc_i : sk_pc_i;

  ////////////////////
  // Zeroing        //
  ////////////////////

  reg [WARPS-1:0] zeroing_q, zeroing_d;
  reg [WARPS*5-1:0] zero_reg_q, zero_reg_d;   // warp w's next register to zero

  reg             zero_go;
  reg [WID_W-1:0] zero_wid;
  reg [4:0]       zero_rd;
  always @(*) begin
    zero_go  = 1'b0;
    zero_wid = {WID_W{1'b0}};
    zero_rd  = 5'd1;
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
      if (zeroing_q[w]) begin
        zero_go  = !c_valid_o;
        zero_wid = w[WID_W-1:0];
        zero_rd  = zero_reg_q[5*w +: 5];
      end
    end
  end

  always @(*) begin
    zeroing_d  = zeroing_q;
    zero_reg_d = zero_reg_q;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (launch_i[w]) begin
        zeroing_d[w]       = 1'b1;
        zero_reg_d[5*w +: 5] = 5'd1;
      end
      if (zero_go && zero_wid == w[WID_W-1:0]) begin
        zero_reg_d[5*w +: 5] = zero_rd + 5'd1;
`ifdef WW_MUTANT_SM_COMPLETE_ZERO_STOPS_AT_X30
        if (zero_rd == 5'd30) begin
`else
        if (zero_rd == 5'd31) begin
`endif
          zeroing_d[w] = 1'b0;
        end
      end
    end
  end

  assign zeroing_o    = zeroing_q;
  assign zero_clear_o = zero_go && zero_rd == 5'd1;
  assign zero_wid_o   = zero_wid;

  ////////////////////
  // Write port     //
  ////////////////////

  assign rf_wr_valid_o = (c_valid_o && c_rd_o != 5'd0) || zero_go;
  assign rf_wr_wid_o   = zero_go ? zero_wid : c_wid_o;
  assign rf_wr_rd_o    = zero_go ? zero_rd : c_rd_o;
  assign rf_wr_mask_o  = zero_go ? {LANES{1'b1}} : c_mask;
  assign rf_wr_data_o  = zero_go ? {LANES*32{1'b0}} : c_data_o;

  ////////////////////
  // Sequential     //
  ////////////////////

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      zeroing_q  <= {WARPS{1'b0}};
      zero_reg_q <= {WARPS{5'd1}};
    end else begin
      zeroing_q  <= zeroing_d;
      zero_reg_q <= zero_reg_d;
    end
  end

endmodule  // ww_sm_complete
`default_nettype wire
