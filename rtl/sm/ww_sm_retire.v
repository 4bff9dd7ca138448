// SPDX-License-Identifier: Apache-2.0
//
// ww_sm_retire -- what the SM reports (docs/gpu_rtl.md "SM"): the retire
// record of each completed instruction and the first trap, after which the
// SM is halted.
//
// Retire port: registered from the completion stage (ww_sm_complete) --
// ret_valid_o is c_retire_i of the cycle before (not once halted); the
// record's warp, rd and data are the completion's, its pc and instruction
// the execute stage's for an execute completion and else the warp's
// instruction in flight (inf_*_i), block index and mask the warp's, memory
// fields (kind, size, per-lane addresses and store data) the LSU's for an
// LSU completion. The record holds until the next completion.
// Traps, in priority order (one per cycle, none once halted):
//   1. execute stage (e_trap_i): a fetch fault names pc as the address and
//      no instruction; a misaligned branch target names the target; a
//      memory instruction names the LSU's lowest faulting lane and address;
//   2. stack answer with an error: stack overflow or join on an empty
//      stack, at the split/join's pc (kept here from its execute cycle);
//   3. barrier deadlock: the warp whose ww.bar or ww.exit caused it, else
//      (the barrier unit found it later) the lowest waiting warp of the
//      block at the pc of its last ww.bar (kept here per warp).
// trap_* pulse for one cycle and stay readable; halted_o is high from the
// cycle after the trap on. Trap codes: rtl/include/ww_proto.vh.
// Parameters: WARPS, LANES as in ww_config.vh.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_sm_retire #(
  parameter WARPS = `WW_WARPS_PER_SM,
  parameter LANES = `WW_LANES,
  parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  output wire                       halted_o,
  // per warp: its block index, active mask, instruction in flight
  input  wire [WARPS*32-1:0]        block_i,
  input  wire [WARPS*LANES-1:0]     mask_i,
  input  wire [WARPS*32-1:0]        inf_pc_i,
  input  wire [WARPS*32-1:0]        inf_insn_i,
  // execute stage
  input  wire                       e_valid_i,
  input  wire [WID_W-1:0]           e_wid_i,
  input  wire [31:0]                e_pc_i,
  input  wire [31:0]                e_insn_i,
  input  wire [`WW_TRAP_W-1:0]     e_trap_i,
  input  wire                       e_fetch_fault_i,
  input  wire                       e_mem_i,
  input  wire [31:0]                e_target_i,
  input  wire                       e_bar_i,      // a ww.bar completes
  input  wire                       e_exit_i,     // a ww.exit completes
  input  wire [4:0]                 lsu_fault_lane_i,
  input  wire [31:0]                lsu_fault_addr_i,
  // stack answer, barrier deadlock
  input  wire                       sk_valid_i,
  input  wire [`WW_STACK_ERR_W-1:0] sk_err_i,
  input  wire [WID_W-1:0]           sk_wid_i,
  input  wire                       deadlock_i,
  input  wire [WID_W-1:0]           deadlock_wid_i,
  // completion (ww_sm_complete) and the LSU's retire fields
  input  wire                       c_valid_i,
  input  wire                       c_retire_i,
  input  wire                       c_exec_i,     // the execute stage's completion
  input  wire                       c_lsu_i,
  input  wire [WID_W-1:0]           c_wid_i,
  input  wire [4:0]                 c_rd_i,
  input  wire [LANES*32-1:0]        c_data_i,
  input  wire [`WW_MEM_W-1:0]      lsu_mem_i,
  input  wire [2:0]                 lsu_bytes_i,
  input  wire [LANES*32-1:0]        lsu_addr_i,
  input  wire [LANES*32-1:0]        lsu_wdata_i,
  // retire port
  output reg                        ret_valid_o,
  output reg  [WID_W-1:0]           ret_warp_o,
  output reg  [31:0]                ret_block_o,
  output reg  [31:0]                ret_pc_o,
  output reg  [31:0]                ret_insn_o,
  output reg  [LANES-1:0]           ret_mask_o,
  output reg  [4:0]                 ret_rd_o,
  output reg  [`WW_MEM_W-1:0]      ret_mem_o,
  output reg  [2:0]                 ret_mem_bytes_o,
  output reg  [LANES*32-1:0]        ret_rd_val_o,
  output reg  [LANES*32-1:0]        ret_addr_o,
  output reg  [LANES*32-1:0]        ret_wdata_o,
  // trap
  output reg                        trap_valid_o,
  output reg  [`WW_TRAP_W-1:0]     trap_kind_o,
  output reg  [WID_W-1:0]           trap_warp_o,
  output reg  [31:0]                trap_block_o,
  output reg  [LANES-1:0]           trap_mask_o,
  output reg  [31:0]                trap_pc_o,
  output reg  [31:0]                trap_insn_o,
  output reg  [5:0]                 trap_lane_o,  // 63 = not a lane trap
  output reg  [31:0]                trap_addr_o
);

  localparam [5:0] NO_LANE = 6'd63;

  reg        halted_q;
  reg [31:0] bar_pc_q [0:WARPS-1];      // pc of each warp's last ww.bar
  integer w;

  assign halted_o = halted_q;

  ////////////////////
  // Trap select    //
  ////////////////////

  reg                   trap_c;
  reg [`WW_TRAP_W-1:0]  trap_kind_c;
  reg [WID_W-1:0]       trap_wid_c;
  reg [31:0]            trap_pc_c, trap_insn_c, trap_addr_c;
  reg [5:0]             trap_lane_c;
  wire                  barex = e_bar_i || e_exit_i;
  always @* begin
    trap_c      = 1'b0;
    trap_kind_c = `WW_TRAP_NONE;
    trap_wid_c  = e_wid_i;
    trap_pc_c   = e_pc_i;
    trap_insn_c = e_insn_i;
    trap_lane_c = NO_LANE;
    trap_addr_c = 32'd0;
`ifdef WW_MUTANT_SM_RETIRE_STACK_BEATS_EXEC
    if (e_valid_i && e_trap_i != `WW_TRAP_NONE && !(sk_valid_i && sk_err_i != `WW_STACK_ERR_OK)) begin
`else
    if (e_valid_i && e_trap_i != `WW_TRAP_NONE) begin
`endif
      trap_c      = 1'b1;
      trap_kind_c = e_trap_i;
      if (e_fetch_fault_i) begin
        trap_insn_c = 32'd0;
        trap_addr_c = e_pc_i;
      end else if (e_trap_i == `WW_TRAP_MISALIGNED && !e_mem_i) begin
        trap_addr_c = e_target_i;
      end else if (e_mem_i && e_trap_i != `WW_TRAP_TX_LOG_FULL) begin   // a full log: no lane
        trap_lane_c = {1'b0, lsu_fault_lane_i};
        trap_addr_c = lsu_fault_addr_i;
      end
    end else if (sk_valid_i && sk_err_i != `WW_STACK_ERR_OK) begin
      trap_c      = 1'b1;
      trap_kind_c = (sk_err_i == `WW_STACK_ERR_OVERFLOW) ? `WW_TRAP_STACK_OVERFLOW :
                    (sk_err_i == `WW_STACK_ERR_TX_NONE)  ? `WW_TRAP_TX_OUTSIDE
                                                         : `WW_TRAP_JOIN_EMPTY;
      trap_wid_c  = sk_wid_i;
      trap_pc_c   = inf_pc_i[32*sk_wid_i +: 32];   // the answered instruction's
      trap_insn_c = inf_insn_i[32*sk_wid_i +: 32];
    end else if (deadlock_i) begin
      trap_c      = 1'b1;
      trap_kind_c = `WW_TRAP_BAR_DEADLOCK;
      trap_wid_c  = barex ? e_wid_i : deadlock_wid_i;
      trap_pc_c   = barex ? e_pc_i : bar_pc_q[deadlock_wid_i];
      trap_insn_c = barex ? e_insn_i : 32'd0;
    end
    if (halted_q) trap_c = 1'b0;
  end

  ////////////////////
  // Sequential     //
  ////////////////////

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      halted_q        <= 1'b0;
      for (w = 0; w < WARPS; w = w + 1)
        bar_pc_q[w] <= 32'd0;
      ret_valid_o     <= 1'b0;
      ret_warp_o      <= {WID_W{1'b0}};
      ret_block_o     <= 32'd0;
      ret_pc_o        <= 32'd0;
      ret_insn_o      <= 32'd0;
      ret_mask_o      <= {LANES{1'b0}};
      ret_rd_o        <= 5'd0;
      ret_mem_o       <= `WW_MEM_NONE;
      ret_mem_bytes_o <= 3'd0;
      ret_rd_val_o    <= {LANES*32{1'b0}};
      ret_addr_o      <= {LANES*32{1'b0}};
      ret_wdata_o     <= {LANES*32{1'b0}};
      trap_valid_o    <= 1'b0;
      trap_kind_o     <= `WW_TRAP_NONE;
      trap_warp_o     <= {WID_W{1'b0}};
      trap_block_o    <= 32'd0;
      trap_mask_o     <= {LANES{1'b0}};
      trap_pc_o       <= 32'd0;
      trap_insn_o     <= 32'd0;
      trap_lane_o     <= NO_LANE;
      trap_addr_o     <= 32'd0;
    end else begin
      if (e_bar_i)   bar_pc_q[e_wid_i] <= e_pc_i;

      ret_valid_o <= c_retire_i && !halted_q;
      if (c_valid_i) begin
        ret_warp_o      <= c_wid_i;
        ret_block_o     <= block_i[32*c_wid_i +: 32];
`ifdef WW_MUTANT_SM_RETIRE_LATE_PC_FROM_EXEC
        ret_pc_o        <= e_pc_i;
`else
        ret_pc_o        <= c_exec_i ? e_pc_i : inf_pc_i[32*c_wid_i +: 32];
`endif
        ret_insn_o      <= c_exec_i ? e_insn_i : inf_insn_i[32*c_wid_i +: 32];
        ret_mask_o      <= mask_i[LANES*c_wid_i +: LANES];
        ret_rd_o        <= c_rd_i;
        ret_mem_o       <= c_lsu_i ? lsu_mem_i : `WW_MEM_NONE;
        ret_mem_bytes_o <= c_lsu_i ? lsu_bytes_i : 3'd0;
        ret_rd_val_o    <= c_data_i;
        ret_addr_o      <= lsu_addr_i;
        ret_wdata_o     <= lsu_wdata_i;
      end

      trap_valid_o <= trap_c;
      if (trap_c) begin
        halted_q     <= 1'b1;
        trap_kind_o  <= trap_kind_c;
        trap_warp_o  <= trap_wid_c;
        trap_block_o <= block_i[32*trap_wid_c +: 32];
        trap_mask_o  <= mask_i[LANES*trap_wid_c +: LANES];
        trap_pc_o    <= trap_pc_c;
        trap_insn_o  <= trap_insn_c;
        trap_lane_o  <= trap_lane_c;
        trap_addr_o  <= trap_addr_c;
      end
    end
  end

endmodule  // ww_sm_retire
`default_nettype wire
