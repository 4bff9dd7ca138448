// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_warp -- KILO TM's per-SM warp TM state (MICRO 2011, sec. 4.2 and
// 4.6; docs/tm.md sec. 2 and 3.1): for every warp of the SM, whether it is
// in a transaction, its nesting depth (nested transactions are flattened:
// only the outermost begin and commit count), whether the commit of its
// transaction is under way, and the watchdog for doomed transactions: the
// warp instructions of the current attempt are counted, and after WATCHDOG
// of them a flag asks the log unit for a validation pass (sec. 4.2). The
// concurrency limit of sec. 4.6 is a counter of the warps in a transaction:
// an outermost ww.tx.begin may execute only while fewer than LIMIT warps of
// the SM are in one (LIMIT = 0: no limit).
//
// Events, each at most once per cycle, at most one per warp per cycle, in
// a legal order per warp (the SM's job):
//   begin_valid_i/begin_wid_i    ww.tx.begin of warp wid wants to issue.
//     begin_ok_o (combinational): it may execute this cycle -- the warp is
//     already in a transaction, LIMIT == 0, or count_o < LIMIT.
//     begin_err_o (combinational): its depth is already 2^DEPTH_W - 1 (the
//     SM traps TX_NESTING; nothing changes). Executed (valid, ok, !err):
//     depth + 1; an outermost begin also starts the attempt (steps 0).
//   commit_valid_i/commit_wid_i  ww.tx.commit of warp wid executes.
//     commit_outer_o (comb.): depth == 1, the commit of the transaction
//     starts (committing 1, depth stays 1); commit_outside_o (comb.):
//     depth == 0 (the SM traps TX_OUTSIDE; nothing changes); depth > 1:
//     depth - 1. Both outputs are valid for commit_wid_i without commit_valid_i.
//   outcome_valid_i/_wid_i/_retry_i  the outer commit's result (for a
//     committing warp; ignored otherwise). retry: a new attempt (depth 1,
//     committing 0, steps 0, watchdog flag 0); else the warp leaves the
//     transaction (all 0) and its slot is free from the next cycle.
//   step_valid_i/step_wid_i      a warp instruction of warp wid retired;
//     counted while the warp is in a transaction, not committing and its
//     flag is low. The watchdog_i-th counted step of an attempt raises
//     wd_o[wid] (registered, sticky; counting stops). watchdog_i is the
//     run's limit (a GPU input, stable while a grid runs), at most WATCHDOG
//     (larger values count as WATCHDOG, which sizes the counter);
//     watchdog_i = 0 or WATCHDOG = 0: never.
//   wd_done_i/wd_wid_i/wd_abort_i  the watchdog's validation pass finished
//     (for a warp whose flag is up; ignored otherwise): pass -> steps 0 and
//     the flag low; abort -> a new attempt, as an outcome with retry.
// Outputs in_tx_o, committing_o, wd_o (bit w: warp w) and count_o (warps in
// a transaction) are registered. Synchronous active-low reset of all state.
// Parameters: WARPS >= 1, LIMIT >= 0, DEPTH_W >= 1, WATCHDOG >= 0.

`default_nettype none
`include "ww_config.vh"
`include "ww_assert.vh"
module ww_tm_warp #(
  parameter WARPS    = `WW_WARPS_PER_SM,
  parameter LIMIT    = `WW_TM_WARPS_PER_SM,
  parameter DEPTH_W  = `WW_TX_DEPTH_W,
  parameter WATCHDOG = `WW_TX_WATCHDOG,
  parameter WID_W    = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter CNT_W    = $clog2(WARPS + 1),
  parameter STEP_W   = (WATCHDOG > 1) ? $clog2(WATCHDOG) : 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [31:0]      watchdog_i,    // counted steps before the flag, 0 = off
  // ww.tx.begin
  input  wire             begin_valid_i,
  input  wire [WID_W-1:0] begin_wid_i,
  output wire             begin_ok_o,
  output wire             begin_err_o,
  // ww.tx.commit
  input  wire             commit_valid_i,
  input  wire [WID_W-1:0] commit_wid_i,
  output wire             commit_outer_o,
  output wire             commit_outside_o,
  // the outer commit's result
  input  wire             outcome_valid_i,
  input  wire [WID_W-1:0] outcome_wid_i,
  input  wire             outcome_retry_i,
  // retired warp instructions, for the watchdog
  input  wire             step_valid_i,
  input  wire [WID_W-1:0] step_wid_i,
  // the watchdog's validation pass
  input  wire             wd_done_i,
  input  wire [WID_W-1:0] wd_wid_i,
  input  wire             wd_abort_i,
  // state
  output wire [WARPS-1:0] in_tx_o,
  output wire [WARPS-1:0] committing_o,
  output wire [WARPS-1:0] wd_o,
  output wire [CNT_W-1:0] count_o
);

  localparam [DEPTH_W-1:0] D_ZERO = {DEPTH_W{1'b0}};
  localparam [DEPTH_W-1:0] D_ONE  = {{(DEPTH_W-1){1'b0}}, 1'b1};
  localparam [DEPTH_W-1:0] D_MAX  = {DEPTH_W{1'b1}};
  localparam [STEP_W-1:0]  S_ZERO = {STEP_W{1'b0}};
  localparam [STEP_W-1:0]  S_ONE  = {{(STEP_W-1){1'b0}}, 1'b1};
  // the step count at which the next counted step raises the flag
  localparam [31:0]        WD_MAX32 = WATCHDOG;
  wire [31:0]       wd_lim  = (watchdog_i > WD_MAX32) ? WD_MAX32 : watchdog_i;
  wire [31:0]       wd_l32  = wd_lim - 32'd1;
  wire [STEP_W-1:0] s_last  = wd_l32[STEP_W-1:0];
  wire              wd_on   = (WATCHDOG != 0) && (watchdog_i != 32'd0);
  wire              unused_wd = ^wd_l32;
  localparam [CNT_W-1:0]   C_ONE  = {{(CNT_W-1){1'b0}}, 1'b1};
  localparam [31:0]        LIMIT32 = LIMIT;
  localparam [WARPS-1:0]   W_ONE  = {{(WARPS-1){1'b0}}, 1'b1};

  reg  [CNT_W-1:0]       count_q;
  wire [WARPS*DEPTH_W-1:0] depth;      // warp w at [w*DEPTH_W +: DEPTH_W]
  wire [WARPS-1:0]       in_tx;
  wire [WARPS-1:0]       commit;
  wire [WARPS-1:0]       wd;

  // one-hot warp selects (a warp index >= WARPS selects none)
  wire [WARPS-1:0] b_sel = W_ONE << begin_wid_i;
  wire [WARPS-1:0] c_sel = W_ONE << commit_wid_i;
  wire [WARPS-1:0] o_sel = W_ONE << outcome_wid_i;
  wire [WARPS-1:0] s_sel = W_ONE << step_wid_i;
  wire [WARPS-1:0] w_sel = W_ONE << wd_wid_i;

  // depth of the warps named by begin_wid_i and commit_wid_i
  reg [DEPTH_W-1:0] b_depth, c_depth;
  integer i;
  always @(*) begin
    b_depth = D_ZERO;
    c_depth = D_ZERO;
    for (i = 0; i < WARPS; i = i + 1) begin
      if (b_sel[i]) b_depth = depth[i*DEPTH_W +: DEPTH_W];
      if (c_sel[i]) c_depth = depth[i*DEPTH_W +: DEPTH_W];
    end
  end

  // the concurrency limit (sec. 4.6) on the registered count
  wire unlimited = (LIMIT32 == 32'd0);
  wire below_limit;
  if (LIMIT == 0) begin : g_unlimited
    assign below_limit = 1'b1;
  end else begin : g_limit
    assign below_limit = ({{(32-CNT_W){1'b0}}, count_q} <
`ifdef WW_MUTANT_TM_WARP_LIMIT_PLUS_ONE
                          LIMIT32 + 32'd1);
`else
                          LIMIT32);
`endif
  end
  assign begin_ok_o       = (b_depth != D_ZERO) || unlimited || below_limit;
  assign begin_err_o      = (b_depth == D_MAX);
  assign commit_outer_o   = (c_depth == D_ONE);
  assign commit_outside_o = (c_depth == D_ZERO);

  wire begin_go = begin_valid_i && begin_ok_o && !begin_err_o;
  // the count changes by one warp entering and one leaving
  wire enter = begin_go && (b_depth == D_ZERO) && |b_sel;
  wire leave = outcome_valid_i && !outcome_retry_i && |(o_sel & commit);

  ////////////////////
  // Per warp       //
  ////////////////////

  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_warp
    reg [DEPTH_W-1:0] depth_q;
    reg [STEP_W-1:0]  steps_q;
    reg               commit_q;
    reg               wd_q;
    wire tx      = (depth_q != D_ZERO);
    wire bgn     = begin_go && b_sel[g];
    wire cmt     = commit_valid_i && c_sel[g];
    wire outc    = outcome_valid_i && o_sel[g] && commit_q;
    wire wdd     = wd_done_i && w_sel[g] && wd_q;
    wire restart = (outc && outcome_retry_i) || (wdd && wd_abort_i);
`ifdef WW_MUTANT_TM_WARP_WD_DURING_COMMIT
    wire stp     = step_valid_i && s_sel[g] && tx && !wd_q && wd_on;
`else
    wire stp     = step_valid_i && s_sel[g] && tx && !commit_q && !wd_q && wd_on;
`endif
    always @(posedge clk_i) begin
      if (!rst_ni) begin
        depth_q  <= D_ZERO;
        steps_q  <= S_ZERO;
        commit_q <= 1'b0;
        wd_q     <= 1'b0;
      end else if (outc || restart) begin   // leave, or a new attempt
        depth_q  <= restart ? D_ONE : D_ZERO;
        steps_q  <= S_ZERO;
        commit_q <= 1'b0;
        wd_q     <= 1'b0;
      end else if (wdd) begin               // validation passed
        steps_q  <= S_ZERO;
        wd_q     <= 1'b0;
      end else if (cmt) begin
        if (depth_q == D_ONE)
          commit_q <= 1'b1;
        else if (tx)
          depth_q <= depth_q - D_ONE;
      end else if (bgn) begin
        depth_q <= depth_q + D_ONE;
        if (!tx)
          steps_q <= S_ZERO;
      end else if (stp) begin
        if (steps_q >= s_last)
          wd_q <= 1'b1;
        else
          steps_q <= steps_q + S_ONE;
      end
    end
    assign depth[g*DEPTH_W +: DEPTH_W] = depth_q;
    assign in_tx[g]  = tx;
    assign commit[g] = commit_q;
    assign wd[g]     = wd_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni)
      count_q <= {CNT_W{1'b0}};
    else if (enter && !leave)
      count_q <= count_q + C_ONE;
    else if (leave && !enter)
      count_q <= count_q - C_ONE;
  end

  assign in_tx_o      = in_tx;
  assign committing_o = commit;
  assign wd_o         = wd;
  assign count_o      = count_q;

  ////////////////////
  // Assertions     //
  ////////////////////

`ifndef SYNTHESIS
  function automatic [CNT_W-1:0] popcount(input [WARPS-1:0] v);
    integer k;
    begin
      popcount = {CNT_W{1'b0}};
      for (k = 0; k < WARPS; k = k + 1)
        popcount = popcount + {{(CNT_W-1){1'b0}}, v[k]};
    end
  endfunction
`endif
  `WW_ASSERT(CountIsWarpsInTx, count_q == popcount(in_tx))
  `WW_ASSERT(CountWithinLimit, unlimited || ({{(32-CNT_W){1'b0}}, count_q} <= LIMIT32))

endmodule  // ww_tm_warp
`default_nettype wire
