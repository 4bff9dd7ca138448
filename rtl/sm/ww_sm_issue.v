// SPDX-License-Identifier: Apache-2.0
//
// ww_sm_issue -- the SM's issue stage (docs/gpu_rtl.md "SM", the issue row
// of its cycle table): which warp issues this cycle, the per-warp in-flight
// bits, the mul/div unit's credits and the late-completion wait.
//
// Per warp w (bit w of each vector), a warp may issue (unit_ready for
// ww_warp_sched) when
//   * issue is not blocked: the SM is not halted, the execute stage does not
//     need the next cycle (exec_hold_i: a split/join waiting for the stack's
//     answer, or a CAS reading rs3), and no late completion is due (below);
//   * it has nothing in flight, or its instruction completes now (c_valid_i,
//     c_wid_i) and is not a ww.bar (c_bar_i: the barrier shows the warp
//     waiting only a cycle later). A warp has at most one instruction in
//     flight, so the register the completion writes is its only pending one:
//     the scoreboard's ready/mem view is overridden for it (same-cycle
//     reissue, the register file is write-first);
//   * a memory instruction (bv_mem_i) only when the LSU is ready and is not
//     being offered one (lsu_ready_i, lsu_offer_i: the LSU takes one per
//     offer, the next cycle);
//   * a mul/div instruction (bv_md_i) only when the unit has room: a
//     division (bv_div_i, funct3[2]) while no division is in flight, a
//     multiply while fewer than two are (the unit's two-stage pipeline).
// ww_warp_sched (u_sched) picks among the warps that may issue (loose round
// robin, GSI stall classes, GPUDet serial mode): issue_valid_o, issue_wid_o
// and stall_o are its outputs.
// Late completions: an LSU or mul/div completion offered but not taken
// (done_valid && !take) has lost the register-file write port to an
// earlier completion in the same cycle. It waits for a cycle without one
// (a memory or mul/div instruction in execute leaves one); after LATE_WAIT
// consecutive lost cycles issue stops for one cycle, so that it completes.
// State: in-flight bit per warp (set at issue, cleared at completion unless
// the warp issues again that cycle; inflight_o), multiplies in flight (0..2)
// and a division in flight (+1 at issue, -1 at completion, md_done_i /
// md_done_div_i), the late-wait counter; all reset to zero.
// Timing: every output is combinational from the registers and the inputs;
// the state changes at the clock edge. Parameters: WARPS >= 1,
// LATE_WAIT >= 1.
// C model cmodel/sm/ww_sm_issue.c, lockstep tb/sm/lockstep/sm_issue.c.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_sm_issue #(
  parameter WARPS     = `WW_WARPS_PER_SM,
  parameter LATE_WAIT = `WW_LATE_WAIT,  // cycles a late completion may wait for the write port
  parameter WID_W     = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter LATE_W    = $clog2(LATE_WAIT + 1)
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  // SM state
  input  wire                         halted_i,     // a trap stopped the SM
  input  wire [WARPS-1:0]             active_i,     // launched, not exited
  input  wire [WARPS-1:0]             bar_wait_i,   // waits at a ww.bar (ww_barrier)
  // the issue view of each warp's next instruction (ww_fetch bv_*_o)
  input  wire [WARPS-1:0]             bv_valid_i,
  input  wire [WARPS-1:0]             bv_mem_i,     // goes to the LSU
  input  wire [WARPS-1:0]             bv_md_i,      // goes to the mul/div unit
  input  wire [WARPS-1:0]             bv_div_i,     // a division (instruction bit 14)
  // scoreboard (ww_scoreboard ready_o, mem_o)
  input  wire [WARPS-1:0]             sb_ready_i,
  input  wire [WARPS-1:0]             sb_mem_i,
  // execute stage
  input  wire                         exec_hold_i,  // it needs the next cycle
  input  wire                         lsu_offer_i,  // it offers the LSU an instruction
  input  wire                         lsu_ready_i,  // the LSU can take one
  // completion (one per cycle)
  input  wire                         c_valid_i,
  input  wire [WID_W-1:0]             c_wid_i,
  input  wire                         c_bar_i,      // it is a ww.bar
  input  wire                         md_done_i,    // it is the mul/div unit's
  input  wire                         md_done_div_i,//   and a division
  // late completions offered and whether they won the write port
  input  wire                         lsu_done_valid_i,
  input  wire                         lsu_take_i,
  input  wire                         md_out_valid_i,
  input  wire                         md_take_i,
  // GPUDet scheduler mode
  input  wire [`WW_SCHED_W-1:0]       mode_i,
  input  wire [WID_W-1:0]             serial_wid_i,
  // issue
  output wire                         issue_valid_o,
  output wire [WID_W-1:0]             issue_wid_o,
  output wire [WARPS*`WW_GSI_W-1:0]   stall_o,
  output wire [WARPS-1:0]             inflight_o
);

  integer w;

  ////////////////////
  // Late wait      //
  ////////////////////

  reg  [LATE_W-1:0] late_wait_q, late_wait_d;
  wire              late_lost = (lsu_done_valid_i && !lsu_take_i) ||
                                (md_out_valid_i && !md_take_i);
`ifdef WW_MUTANT_SM_ISSUE_LATE_WAIT_SHORT
  wire              late_due  = late_lost &&
                                late_wait_q == LATE_WAIT[LATE_W-1:0] - {{(LATE_W-1){1'b0}}, 1'b1};
`else
  wire              late_due  = late_lost && late_wait_q == LATE_WAIT[LATE_W-1:0];
`endif

  always @(*) begin
    late_wait_d = late_wait_q;
    if (!late_lost) begin
      late_wait_d = {LATE_W{1'b0}};
    end else if (!late_due) begin
      late_wait_d = late_wait_q + {{(LATE_W-1){1'b0}}, 1'b1};
    end
  end

  ////////////////////
  // Unit ready     //
  ////////////////////

  reg  [WARPS-1:0] inflight_q, inflight_d;
  reg  [1:0]       md_muls_q, md_muls_d;   // multiplies in flight
  reg              md_div_q, md_div_d;     // a division in flight

  // no issue while the execute stage needs the next cycle or a late
  // completion is due
  wire issue_block = halted_i || exec_hold_i || late_due;

  reg [WARPS-1:0] c_here, sb_ready_c, sb_mem_c, unit_ready_c;
  always @(*) begin
    for (w = 0; w < WARPS; w = w + 1) begin
`ifdef WW_MUTANT_SM_ISSUE_REISSUE_AFTER_BAR
      c_here[w]       = c_valid_i && c_wid_i == w[WID_W-1:0];
`else
      c_here[w]       = c_valid_i && c_wid_i == w[WID_W-1:0] && !c_bar_i;
`endif
      sb_ready_c[w]   = sb_ready_i[w] || c_here[w];
      sb_mem_c[w]     = sb_mem_i[w] && !c_here[w];
      unit_ready_c[w] = !issue_block && (!inflight_q[w] || c_here[w]) &&
                        !(bv_mem_i[w] && (lsu_offer_i || !lsu_ready_i)) &&
                        !(bv_md_i[w] && (bv_div_i[w] ? md_div_q : md_muls_q == 2'd2));
    end
  end

  ww_warp_sched #(.WARPS(WARPS)) u_sched (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .active_i      (active_i),
    .ibuf_valid_i  (bv_valid_i),
    .bar_wait_i    (bar_wait_i),
    .sb_ready_i    (sb_ready_c),
    .sb_mem_i      (sb_mem_c),
    .is_mem_i      (bv_mem_i),
    .unit_ready_i  (unit_ready_c),
    .mode_i        (mode_i),
    .serial_wid_i  (serial_wid_i),
    .issue_valid_o (issue_valid_o),
    .issue_wid_o   (issue_wid_o),
    .stall_o       (stall_o)
  );

  ////////////////////
  // In flight      //
  ////////////////////

  wire iss_md  = issue_valid_o && bv_md_i[issue_wid_o];
  wire iss_div = bv_div_i[issue_wid_o];

  always @(*) begin
    inflight_d = inflight_q;
    if (issue_valid_o) begin
      inflight_d[issue_wid_o] = 1'b1;
    end
    if (c_valid_i && !(issue_valid_o && issue_wid_o == c_wid_i)) begin
      inflight_d[c_wid_i] = 1'b0;
    end
    // mul/div credits: +1 at issue, -1 at completion (both may happen)
    md_muls_d = md_muls_q + {1'b0, iss_md && !iss_div} - {1'b0, md_done_i && !md_done_div_i};
    md_div_d  = md_div_q;
    if (iss_md && iss_div) begin
      md_div_d = 1'b1;
    end else if (md_done_i && md_done_div_i) begin
      md_div_d = 1'b0;
    end
  end

  assign inflight_o = inflight_q;

  ////////////////////
  // Sequential     //
  ////////////////////

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      late_wait_q <= {LATE_W{1'b0}};
      inflight_q  <= {WARPS{1'b0}};
      md_muls_q   <= 2'd0;
      md_div_q    <= 1'b0;
    end else begin
      late_wait_q <= late_wait_d;
      inflight_q  <= inflight_d;
      md_muls_q   <= md_muls_d;
      md_div_q    <= md_div_d;
    end
  end

endmodule  // ww_sm_issue
`default_nettype wire
