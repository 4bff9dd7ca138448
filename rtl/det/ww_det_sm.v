// SPDX-License-Identifier: Apache-2.0
//
// ww_det_sm -- the SM's GPUDet port (Jooybar et al., "GPUDet: A
// Deterministic GPU Architecture", ASPLOS 2013, sec. 4; docs/det.md sec. 1,
// 2): the quantum formation (ww_det_warp), the store buffers and their
// commit walk (ww_det_sbuf), the L1 invalidation after commit and serial
// mode, and what the GPU's mode controller (ww_det_ctrl) needs to know.
//
// wser_i (a launch setting): serial mode at warp level (the paper's W-Ser
// baseline, sec. 5.2.3): a warp issues its atomic only once nothing of the
// SM is in flight; else at compute-unit level (the default): back to back.
// one_i (a launch setting, GPUDet with ScoRD: docs/det.md sec. 6): in
// parallel mode one warp at a time issues, the lowest warp slot that is
// live, has not ended its quantum and does not wait at a ww.bar, and only
// once no other warp has an instruction in flight; so the LSU, and the race
// detector behind it, see the SM's accesses in an order that does not
// depend on timing. The final memory is the same (a quantum's result does
// not depend on the order of its warps: sec. 4.4).
// lock_i (a launch setting): the store buffers commit lock-based, one
// acknowledged request at a time (ww_det_sbuf locked_i; docs/det.md sec. 8).
// The controller drives mode_i (WW_DETMODE_*), start_i (a quantum begins),
// quantum_i, cmt_start_i (the commit walk) and inval_i (invalidate the L1:
// every L1 after commit and after serial mode, sec. 4.4). It reads:
//   par_done_o  parallel mode is over on this SM: every warp slot is empty,
//               ended its quantum or waits at a ww.bar, and no instruction
//               is in flight (a barrier releases in the cycle its last warp
//               arrives, so a waiting warp that counts here cannot be
//               released later in this quantum)
//   ser_done_o  serial mode's turn is over: no warp is left to run its
//               atomic and no instruction is in flight
//   cmt_busy_o  the commit walk runs or a Z-buffer acknowledgement is due
//   inval_busy_o the L1 invalidation is not yet taken by the L1
//   why_o       each warp's end reason (WW_DETEND_*), for the statistics;
//               BARRIER also for a warp held since the quantum began at a
//               ww.bar (below)
// A warp that waits at a ww.bar when a quantum begins (start_i) is held for
// that whole quantum, even if the barrier releases during it: the warp that
// releases it ended its quantum at its ww.bar (ww_det_warp), and its stores
// become visible only at this quantum's commit. The next instruction of a
// warp waiting at a barrier, or held at one, is hidden from ww_det_warp: an
// atomic there must not end the quantum (why ATOMIC) of a warp that cannot
// issue it (serial mode would wait for it forever).
// Toward the SM: hold_o (warps that may not issue), the LSU socket (acc_*,
// as ww_tm_sm's), the Bloom filter's lane queries (qry_*), an L1 port
// (l1_req_*: LOAD of a line, or INVAL; l1_rsp_*), the commit packets
// (pkt_*: to the crossbar as requests of id class TM, WRITE with the line's
// bytes, the warp in amo_a), and ack_i (a Z-buffer unit's acknowledgement:
// a response of id class TM in deterministic mode).
// Parameters: as ww_det_warp and ww_det_sbuf.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_det_sm #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter SB_LINES   = `WW_DET_SB_LINES,
  parameter BLOOM_BITS = `WW_DET_BLOOM_BITS,
  parameter BLOOM_K    = `WW_DET_BLOOM_K,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter CNT_W      = `WW_DET_QCNT_W,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES)
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  // the mode controller
  input  wire [`WW_DETMODE_W-1:0]      mode_i,
  input  wire                          start_i,
  input  wire [CNT_W-1:0]              quantum_i,
  input  wire [WARPS-1:0]              launch_i,       // warps a block is launched into (DWP)
  input  wire                          cmt_start_i,
  input  wire                          inval_i,
  input  wire                          wser_i,
  input  wire                          one_i,
  input  wire                          lock_i,
  output wire                          par_done_o,
  output wire                          ser_done_o,
  output wire                          cmt_busy_o,
  output wire                          inval_busy_o,
  output wire [WARPS*`WW_DETEND_W-1:0] why_o,
  // the SM's warps
  input  wire [WARPS-1:0]              active_i,
  input  wire [WARPS-1:0]              bar_wait_i,
  input  wire [WARPS-1:0]              inflight_i,
  input  wire [WARPS-1:0]              bv_valid_i,
  input  wire [WARPS*7-1:0]            bv_op_i,
  input  wire                          issue_valid_i,
  input  wire [WID_W-1:0]              issue_wid_i,
  output wire [WARPS-1:0]              hold_o,
  // the LSU's socket
  input  wire                          acc_valid_i,
  output wire                          acc_ready_o,
  input  wire [`WW_TXL_W-1:0]          acc_op_i,
  input  wire [WID_W-1:0]              acc_wid_i,
  input  wire [LANES-1:0]              acc_mask_i,
  input  wire [LANES*32-1:0]           acc_addr_i,
  input  wire [2:0]                    acc_bytes_i,
  input  wire [LANES*32-1:0]           acc_data_i,
  output wire                          acc_done_o,
  output wire [LANES*32-1:0]           acc_word_o,
  // the store buffers' Bloom filter, asked for the lanes of the LSU's
  // offered instruction (ww_det_sbuf qry_*)
  input  wire [WID_W-1:0]              qry_wid_i,
  input  wire [LANES*32-1:0]           qry_addr_i,
  output wire [LANES-1:0]              qry_hit_o,
  // the L1 port
  output wire                          l1_req_valid_o,
  input  wire                          l1_req_ready_i,
  output wire [`WW_L1_W-1:0]           l1_req_op_o,
  output wire [LINE_W-1:0]             l1_req_line_o,
  input  wire                          l1_rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0]       l1_rsp_data_i,
  // commit packets and acknowledgements
  output wire                          pkt_valid_o,
  input  wire                          pkt_ready_i,
  output wire [WID_W-1:0]              pkt_wid_o,
  output wire [LINE_W-1:0]             pkt_line_o,
  output wire [LINE_BYTES-1:0]         pkt_be_o,
  output wire [LINE_BYTES*8-1:0]       pkt_data_o,
  input  wire                          ack_i
);

  localparam PART_W = (NUM_PART > 1) ? $clog2(NUM_PART) : 1;

  // warps waiting at a barrier when the quantum began
  reg  [WARPS-1:0] bw_hold_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bw_hold_q <= {WARPS{1'b0}};
    end else if (start_i) begin
`ifdef WW_MUTANT_DET_SM_RELEASED_WARP_RUNS
      bw_hold_q <= {WARPS{1'b0}};
`else
      bw_hold_q <= active_i & bar_wait_i;
`endif
    end
  end
  wire [WARPS-1:0] bw_hold = bw_hold_q & {WARPS{mode_i == `WW_DETMODE_PAR}};

  wire [WARPS-1:0] room, ended, warp_hold;
  wire [WARPS*`WW_DETEND_W-1:0] why;
  wire             ser_left;

  ww_det_warp #(.WARPS(WARPS), .CNT_W(CNT_W)) u_warp (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .mode_i        (mode_i),
    .start_i       (start_i),
    .quantum_i     (quantum_i),
    .launch_i      (launch_i),
    .bv_valid_i    (bv_valid_i & ~bar_wait_i & ~bw_hold_q),   // not a warp held at a barrier
    .bv_op_i       (bv_op_i),
    .room_i        (room),
    .issue_valid_i (issue_valid_i),
    .issue_wid_i   (issue_wid_i),
    .hold_o        (warp_hold),
    .ended_o       (ended),
    .why_o         (why),
    .ser_left_o    (ser_left)
  );

  wire             sb_l1_valid;
  wire [LINE_W-1:0] sb_l1_line;
  wire [PART_W-1:0] pkt_part;
  wire             sb_idle;
  reg              inval_q;
  // the invalidation waits for the store buffers' L1 port to be free
  wire             sb_l1_ready = l1_req_ready_i && !inval_q;

  ww_det_sbuf #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .SB_LINES(SB_LINES),
                .BLOOM_BITS(BLOOM_BITS), .BLOOM_K(BLOOM_K), .NUM_PART(NUM_PART)) u_sbuf (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .acc_valid_i    (acc_valid_i),
    .acc_ready_o    (acc_ready_o),
    .acc_op_i       (acc_op_i),
    .acc_wid_i      (acc_wid_i),
    .acc_mask_i     (acc_mask_i),
    .acc_addr_i     (acc_addr_i),
    .acc_bytes_i    (acc_bytes_i),
    .acc_data_i     (acc_data_i),
    .acc_done_o     (acc_done_o),
    .acc_word_o     (acc_word_o),
    .room_o         (room),
    .qry_wid_i      (qry_wid_i),
    .qry_addr_i     (qry_addr_i),
    .qry_hit_o      (qry_hit_o),
    .l1_req_valid_o (sb_l1_valid),
    .l1_req_ready_i (sb_l1_ready),
    .l1_req_line_o  (sb_l1_line),
    .l1_rsp_valid_i (l1_rsp_valid_i),
    .l1_rsp_data_i  (l1_rsp_data_i),
    .cmt_start_i    (cmt_start_i),
    .locked_i       (lock_i),
    .cmt_busy_o     (cmt_busy_o),
    .pkt_valid_o    (pkt_valid_o),
    .pkt_ready_i    (pkt_ready_i),
    .pkt_part_o     (pkt_part),
    .pkt_wid_o      (pkt_wid_o),
    .pkt_line_o     (pkt_line_o),
    .pkt_be_o       (pkt_be_o),
    .pkt_data_o     (pkt_data_o),
    .ack_i          (ack_i),
    .idle_o         (sb_idle)
  );
  // the crossbar routes a request by its line (line % NUM_PART)
  wire unused_part = ^{pkt_part, sb_idle};

  // the L1 port: the invalidation first (it is asked for only when no
  // store-buffer load is in flight: commit and serial mode issue none)
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      inval_q <= 1'b0;
    end else if (inval_i) begin
      inval_q <= 1'b1;
    end else if (l1_req_ready_i) begin
      inval_q <= 1'b0;
    end
  end
  assign l1_req_valid_o = inval_q || sb_l1_valid;
  assign l1_req_op_o    = inval_q ? `WW_L1_INVAL : `WW_L1_LOAD;
  assign l1_req_line_o  = sb_l1_line;
  assign inval_busy_o   = inval_q;

  // the SM's state for the controller; W-Ser holds the next atomic while
  // the SM has anything in flight
  wire no_inflight = (inflight_i == {WARPS{1'b0}});
  // one_i: the warp whose turn it is in parallel mode
  wire [WARPS-1:0] can_run = active_i & ~ended & ~bar_wait_i & ~bw_hold;
  wire [WARPS-1:0] turn    = can_run & (~can_run + {{(WARPS-1){1'b0}}, 1'b1});
  wire             others  = (inflight_i & ~turn) != {WARPS{1'b0}};
  wire [WARPS-1:0] one_hold = (one_i && mode_i == `WW_DETMODE_PAR) ? (~turn | {WARPS{others}})
                                                                    : {WARPS{1'b0}};
  assign hold_o = warp_hold | one_hold | bw_hold |
                  {WARPS{wser_i && (mode_i == `WW_DETMODE_SER) && !no_inflight}};
  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_why
    assign why_o[g*`WW_DETEND_W +: `WW_DETEND_W] =
        (active_i[g] && !ended[g] && (bar_wait_i[g] || bw_hold_q[g])) ? `WW_DETEND_BARRIER
                                                     : why[g*`WW_DETEND_W +: `WW_DETEND_W];
  end
  assign par_done_o = no_inflight && ((~active_i | ended | bar_wait_i | bw_hold) == {WARPS{1'b1}});
  assign ser_done_o = no_inflight && !ser_left;

endmodule  // ww_det_sm
`default_nettype wire
