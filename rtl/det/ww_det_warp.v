// SPDX-License-Identifier: Apache-2.0
//
// ww_det_warp -- GPUDet's per-SM quantum formation (Jooybar et al., "GPUDet:
// A Deterministic GPU Architecture", ASPLOS 2013, sec. 4.2 and 4.5;
// docs/det.md sec. 1): for every warp of the SM, its instruction count in
// this quantum, whether its parallel mode ended and why, and in serial mode
// which warp issues its atomic next. C model: cmodel/det/ww_det_warp.c.
//
// mode_i (WW_DETMODE_*, from the GPU's mode controller):
//   OFF   hold_o = 0: warps issue as without GPUDet; nothing changes.
//   PAR   parallel mode. A warp is held (hold_o) once its mode ended, and in
//         the cycle its next instruction (bv_valid_i, bv_op_i: ww_fetch's
//         issue view) is an atomic, or a store while its store buffer has
//         fewer than LANES entries free (room_i low): the mode then ends
//         there, before the instruction (why ATOMIC / FULL), so the
//         decision uses only the op and the buffer's count. An issued
//         instruction (issue_valid_i, issue_wid_i; its op is bv_op_i of that
//         warp) is counted; the mode ends after it at ww.exit (EXIT), at a
//         fence of any scope (FENCE), at ww.bar (BARRIER), or when it is the
//         quantum_i-th (COUNT).
//   SER   serial mode, this SM's turn (sec. 4.5, compute-unit level): only
//         the lowest warp whose mode ended before an atomic and that has not
//         issued since may issue (hold_o low for it alone); its issue marks
//         it served. ser_left_o: such a warp is left.
//   HOLD  every warp is held (commit, work distribution, another SM's turn).
// start_i (any mode) begins a quantum: counts 0, every warp running, none
// served; it takes precedence over the cycle's other events. launch_i (a
// warp mask) does the same for the warps of a block launched into them:
// with DWP (sec. 4.2.2) a block can start in parallel mode, on the warp
// slots of one that just exited, and its warps run in this quantum.
// A ww.bar ends the warp's quantum like a fence: the barrier orders the
// block's global accesses, and only a commit makes one warp's buffered
// stores visible to another (GPUdet-base; no barrier termination avoidance,
// docs/det.md sec. 7). Holding a warp that still waits at a barrier when a
// quantum starts is ww_det_sm's.
// Outputs: hold_o combinational; ended_o, why_o (WW_DETEND_* per warp, at
// [w*DETEND_W +: DETEND_W]) registered; ser_left_o from registers.
// Parameters: WARPS >= 1, CNT_W >= 1 (quantum_i in 1 .. 2^CNT_W - 1).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_det_warp #(
  parameter WARPS = `WW_WARPS_PER_SM,
  parameter CNT_W = `WW_DET_QCNT_W,
  parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire [`WW_DETMODE_W-1:0]      mode_i,
  input  wire                          start_i,
  input  wire [CNT_W-1:0]              quantum_i,
  input  wire [WARPS-1:0]              launch_i,
  // each warp's next instruction and store-buffer room
  input  wire [WARPS-1:0]              bv_valid_i,
  input  wire [WARPS*7-1:0]            bv_op_i,
  input  wire [WARPS-1:0]              room_i,
  // the issued instruction
  input  wire                          issue_valid_i,
  input  wire [WID_W-1:0]              issue_wid_i,
  // state
  output reg  [WARPS-1:0]              hold_o,
  output wire [WARPS-1:0]              ended_o,
  output wire [WARPS*`WW_DETEND_W-1:0] why_o,
  output wire                          ser_left_o
);

  // ISA constants: this module uses the op codes and the class table only.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam EW = `WW_DETEND_W;
  localparam [CNT_W-1:0] C_ONE = {{(CNT_W-1){1'b0}}, 1'b1};

  wire par = (mode_i == `WW_DETMODE_PAR);
  wire ser = (mode_i == `WW_DETMODE_SER);

  function [WW_CLS_W-1:0] cls_of(input [6:0] op);
    begin
      cls_of = WW_ISA_CLS[op*WW_CLS_W +: WW_CLS_W];
    end
  endfunction

  reg  [CNT_W-1:0] cnt_q  [0:WARPS-1];
  reg  [EW-1:0]    why_q  [0:WARPS-1];
  reg  [WARPS-1:0] served_q;

  // per warp: its next instruction ends its parallel mode before it issues
  reg  [WARPS-1:0] stop_now;
  reg  [WARPS*EW-1:0] stop_why;   // warp w at [w*EW +: EW]
  reg  [WARPS-1:0] ended, wants_ser;
  reg  [WID_W-1:0] turn;
  reg              turn_any;
  integer w;
  always @* begin
    turn = {WID_W{1'b0}};
    turn_any = 1'b0;
    for (w = 0; w < WARPS; w = w + 1) begin
      ended[w] = why_q[w] != `WW_DETEND_RUN;
      wants_ser[w] = (why_q[w] == `WW_DETEND_ATOMIC) && !served_q[w];
      stop_why[w*EW +: EW] = (cls_of(bv_op_i[7*w +: 7]) == WW_CLS_ATOMIC) ? `WW_DETEND_ATOMIC
                                                                : `WW_DETEND_FULL;
`ifdef WW_MUTANT_DET_WARP_ATOMIC_RUNS
      stop_now[w] = par && !ended[w] && bv_valid_i[w] &&
                    (cls_of(bv_op_i[7*w +: 7]) == WW_CLS_STORE) && !room_i[w];
`else
      stop_now[w] = par && !ended[w] && bv_valid_i[w] &&
                    ((cls_of(bv_op_i[7*w +: 7]) == WW_CLS_ATOMIC) ||
                     ((cls_of(bv_op_i[7*w +: 7]) == WW_CLS_STORE) && !room_i[w]));
`endif
    end
`ifdef WW_MUTANT_DET_WARP_SERIAL_HIGH_FIRST
    for (w = 0; w < WARPS; w = w + 1) begin
`else
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
`endif
      if (wants_ser[w]) begin
        turn = w[WID_W-1:0];
        turn_any = 1'b1;
      end
    end
    for (w = 0; w < WARPS; w = w + 1) begin
      case (mode_i)
        `WW_DETMODE_PAR:  hold_o[w] = ended[w] || stop_now[w];
        `WW_DETMODE_SER:  hold_o[w] = !(turn_any && turn == w[WID_W-1:0]);
        `WW_DETMODE_HOLD: hold_o[w] = 1'b1;
        default:          hold_o[w] = 1'b0;
      endcase
    end
  end

  assign ended_o    = ended;
  assign ser_left_o = |wants_ser;
  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_why
    assign why_o[g*EW +: EW] = why_q[g];
  end

  // the issued instruction's op and what it does to its warp's mode
  wire [6:0]       iop   = bv_op_i[7*issue_wid_i +: 7];
  wire             i_par = issue_valid_i && par;
  wire [CNT_W-1:0] i_cnt = cnt_q[issue_wid_i] + C_ONE;
  wire             i_fence = (iop == WW_OP_FENCE) || (iop == WW_OP_FENCE_BLK) ||
                             (iop == WW_OP_FENCE_DEV);
`ifdef WW_MUTANT_DET_WARP_QUANTUM_PLUS_ONE
  wire             i_last  = (i_cnt == quantum_i + C_ONE);
`else
  wire             i_last  = (i_cnt == quantum_i);
`endif
`ifdef WW_MUTANT_DET_WARP_BAR_RUNS_ON
  wire             i_bar   = 1'b0;
`else
  wire             i_bar   = (iop == WW_OP_BAR);
`endif
  wire [EW-1:0]    i_why   = (iop == WW_OP_EXIT) ? `WW_DETEND_EXIT :
                             i_fence            ? `WW_DETEND_FENCE :
                             i_bar              ? `WW_DETEND_BARRIER :
                             i_last             ? `WW_DETEND_COUNT : `WW_DETEND_RUN;

  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      for (w = 0; w < WARPS; w = w + 1) begin
        cnt_q[w] <= {CNT_W{1'b0}};
        why_q[w] <= `WW_DETEND_RUN;
      end
      served_q <= {WARPS{1'b0}};
    end else begin
      for (w = 0; w < WARPS; w = w + 1) begin
        if (stop_now[w]) begin
          why_q[w] <= stop_why[w*EW +: EW];
        end
      end
      if (i_par) begin
        cnt_q[issue_wid_i] <= i_cnt;
        why_q[issue_wid_i] <= i_why;
      end
      if (issue_valid_i && ser) begin
        served_q[issue_wid_i] <= 1'b1;
      end
      for (w = 0; w < WARPS; w = w + 1) begin
`ifndef WW_MUTANT_DET_WARP_LAUNCH_KEEPS_END
        if (launch_i[w]) begin
          cnt_q[w]    <= {CNT_W{1'b0}};
          why_q[w]    <= `WW_DETEND_RUN;
          served_q[w] <= 1'b0;
        end
`endif
      end
    end
  end

  `WW_ASSERT(HeldWarpDoesNotIssue, !issue_valid_i || !hold_o[issue_wid_i])

endmodule  // ww_det_warp
`default_nettype wire
