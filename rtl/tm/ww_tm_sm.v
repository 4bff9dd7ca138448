// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_sm -- the SM's KILO TM port (Fung et al., MICRO 2011, sec. 4.3-4.5;
// docs/tm.md sec. 4.2, 4.3): the transaction log unit (ww_tm_txlog) and the
// commit walk (ww_tm_commit_walk) on one L1 port, and the sequence of an
// outermost ww.tx.commit. C model: cmodel/tm/ww_tm_sm.c.
//
//   acc_*   a transactional load or store from the LSU (txlog LOAD/STORE),
//           answered by acc_done_o with each lane's word; one at a time.
//   cmt_*   an outermost ww.tx.commit {warp, lanes} from the SM; one at a
//           time (cmt_ready_o). The sequence:
//             WALK   the commit walk with the warp's log lengths (CIDs,
//                    packets to the commit units, outcomes; every CID
//                    retired), once no log store is in flight (the log
//                    unit's stores are posted; the walk reads the logs)
//             CLEAR  txlog BEGIN of the warp: its logs and filter emptied
//                    for the next attempt or transaction
//             INVAL  an L1 INVAL, so the warp's later loads see its commit
//                    (the golden model clears the SM's L1 alike)
//             DONE   cmt_done_valid_o {warp, failed lanes} until taken.
//           cmt_wd_i: a watchdog validation of the warp instead (KILO TM
//           sec. 4.2; docs/tm.md sec. 4.3 step 7): a read-only commit --
//           the WALK with a write-log length of 0 (the lanes' read logs are
//           validated by the commit units with hazard detection, nothing is
//           written), then CLEAR only if a lane failed (the attempt aborts),
//           never an INVAL; DONE with cmt_done_wd_o set. The logs of a
//           validation that passed stay as they were.
// L1 port: one request of the log unit or of the commit side (walk, INVAL)
// at a time each, the log unit first; l1_req_src_o names the requester
// (0 log unit, 1 commit side) and the LSU returns it with the answer
// (l1_rsp_src_i); write acknowledgements are the log unit's (the commit
// side only loads). The txlog command port: the sequence's CLEAR first.
// Parameters: as ww_tm_txlog and ww_tm_commit_walk.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_tm_sm #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter LOG_WORDS  = `WW_TX_LOG_WORDS,
  parameter BLOOM_W    = `WW_TX_BLOOM_W,
  parameter SEED       = `WW_H3_SEED,
  parameter ACKS       = `WW_TX_LOG_ACKS,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter CID_W      = `WW_CID_W,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter ENT_W      = $clog2(LOG_WORDS + 1),
  parameter CNT_W      = $clog2(LANES + 1),
  parameter LID_W      = (LANES > 1) ? $clog2(LANES) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES)
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire [31:0]              log_base_i,
  // transactional accesses from the LSU
  input  wire                     acc_valid_i,
  output wire                     acc_ready_o,
  input  wire [`WW_TXL_W-1:0]     acc_op_i,
  input  wire [WID_W-1:0]         acc_wid_i,
  input  wire [LANES-1:0]         acc_mask_i,
  input  wire [LANES*32-1:0]      acc_addr_i,
  input  wire [2:0]               acc_bytes_i,
  input  wire [LANES*32-1:0]      acc_data_i,
  output wire                     acc_done_o,
  output wire [LANES*32-1:0]      acc_word_o,
  output wire [WARPS*ENT_W-1:0]   rlen_o,
  output wire [WARPS*ENT_W-1:0]   wlen_o,
  // outermost commits from the SM
  input  wire                     cmt_valid_i,
  output wire                     cmt_ready_o,
  input  wire [WID_W-1:0]         cmt_wid_i,
  input  wire [LANES-1:0]         cmt_mask_i,
  input  wire                     cmt_wd_i,
  output wire                     cmt_done_valid_o,
  input  wire                     cmt_done_ready_i,
  output wire [WID_W-1:0]         cmt_done_wid_o,
  output wire [LANES-1:0]         cmt_done_fail_o,
  output wire                     cmt_done_wd_o,
  // commit-ID vendor
  output wire                     cid_req_o,
  output wire [CNT_W-1:0]         cid_n_o,
  input  wire                     cid_grant_i,
  input  wire [CID_W-1:0]         cid_base_i,
  // final outcomes (co-simulation)
  output wire                     fin_valid_o,
  output wire [WID_W-1:0]         fin_wid_o,
  output wire [LID_W-1:0]         fin_lane_o,
  output wire [CID_W-1:0]         fin_cid_o,
  output wire                     fin_pass_o,
  output wire                     fin_wd_o,
  // L1 port
  output wire                     l1_req_valid_o,
  input  wire                     l1_req_ready_i,
  output wire                     l1_req_src_o,
  output wire [`WW_L1_W-1:0]      l1_req_op_o,
  output wire [LINE_W-1:0]        l1_req_line_o,
  output wire [LINE_BYTES*8-1:0]  l1_req_wdata_o,
  input  wire                     l1_rsp_valid_i,
  input  wire                     l1_rsp_src_i,
  input  wire [LINE_BYTES*8-1:0]  l1_rsp_data_i,
  input  wire                     l1_wack_i,
  // packets to the commit units, messages from them
  output wire                     pkt_valid_o,
  input  wire                     pkt_ready_i,
  output wire [PART_W-1:0]        pkt_part_o,
  output wire [`WW_TM_PKT_W-1:0]  pkt_kind_o,
  output wire [CID_W-1:0]         pkt_cid_o,
  output wire [29:0]              pkt_addr_o,
  output wire [31:0]              pkt_data_o,
  input  wire                     msg_valid_i,
  input  wire [PART_W-1:0]        msg_part_i,
  input  wire [`WW_TM_MSG_W-1:0]  msg_kind_i,
  input  wire [CID_W-1:0]         msg_cid_i
);

  localparam [2:0] C_IDLE = 3'd0, C_WALK = 3'd1, C_WAIT = 3'd2, C_CLEAR = 3'd3,
                   C_CLRW = 3'd4, C_INVAL = 3'd5, C_DONE = 3'd6;

  reg [2:0]        cst_q;
  reg [WID_W-1:0]  cwid_q;
  reg [LANES-1:0]  cmask_q, cfail_q;
  reg              cwd_q;           // the sequence is a watchdog validation

  ////////////////////
  // Log unit       //
  ////////////////////

  wire                    clear = (cst_q == C_CLEAR);
  wire                    tl_cmd_ready, tl_done, tl_quiet;
  wire                    tl_req_valid;
  wire [`WW_L1_W-1:0]     tl_req_op;
  wire [LINE_W-1:0]       tl_req_line;
  wire [LINE_BYTES*8-1:0] tl_req_wdata;
  wire                    tl_grant;
  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_tm_txlog #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .LOG_WORDS(LOG_WORDS),
                .BLOOM_W(BLOOM_W), .SEED(SEED), .ACKS(ACKS)) u_txlog (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .log_base_i   (log_base_i),
    .cmd_valid_i  (clear || acc_valid_i),
    .cmd_ready_o  (tl_cmd_ready),
    .cmd_op_i     (clear ? `WW_TXL_BEGIN : acc_op_i),
    .cmd_wid_i    (clear ? cwid_q : acc_wid_i),
    .cmd_mask_i   (acc_mask_i),
    .cmd_addr_i   (acc_addr_i),
    .cmd_bytes_i  (acc_bytes_i),
    .cmd_data_i   (acc_data_i),
    .done_valid_o (tl_done),
    .done_full_o  (),
    .done_word_o  (acc_word_o),
    .rlen_o       (rlen_o),
    .wlen_o       (wlen_o),
    .quiet_o      (tl_quiet),
    .req_valid_o  (tl_req_valid),
    .req_ready_i  (l1_req_ready_i && tl_grant),
    .req_op_o     (tl_req_op),
    .req_line_o   (tl_req_line),
    .req_wdata_o  (tl_req_wdata),
`ifdef WW_MUTANT_TM_SM_RSP_TO_LOG
    .rsp_valid_i  (l1_rsp_valid_i),                  // the walk's answers reach the log unit too
`else
    .rsp_valid_i  (l1_rsp_valid_i && !l1_rsp_src_i),
`endif
    .rsp_data_i   (l1_rsp_data_i),
    .wack_valid_i (l1_wack_i)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // the access in the log unit is the LSU's unless the sequence's CLEAR is
  reg acc_busy_q;     // the log unit works on an LSU access
  assign acc_ready_o = tl_cmd_ready && !clear;
  assign acc_done_o  = tl_done && acc_busy_q;

  ////////////////////
  // Commit walk    //
  ////////////////////

  reg [ENT_W-1:0] rlen_c, wlen_c;
  integer w;
  always @* begin
    rlen_c = {ENT_W{1'b0}};
    wlen_c = {ENT_W{1'b0}};
    for (w = 0; w < WARPS; w = w + 1)
      if (cwid_q == w[WID_W-1:0]) begin
        rlen_c = rlen_o[w*ENT_W +: ENT_W];
        wlen_c = wlen_o[w*ENT_W +: ENT_W];
      end
`ifndef WW_MUTANT_TM_SM_WD_WRITES
    if (cwd_q) wlen_c = {ENT_W{1'b0}};   // a validation: the read logs only
`endif
  end

  wire                cw_cmd_ready, cw_done;
`ifdef WW_MUTANT_TM_SM_WALK_NOT_QUIET
  wire                walk_go = (cst_q == C_WALK);      // mutant: reads logs still being written
`else
  wire                walk_go = (cst_q == C_WALK) && tl_quiet;
`endif
  wire [LANES-1:0]    cw_fail;
  wire                cw_req_valid;
  wire [LINE_W-1:0]   cw_req_line;
  ww_tm_commit_walk #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES),
                      .LOG_WORDS(LOG_WORDS), .NUM_PART(NUM_PART), .CID_W(CID_W)) u_walk (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .log_base_i   (log_base_i),
    .cmd_valid_i  (walk_go),
    .cmd_ready_o  (cw_cmd_ready),
    .cmd_wid_i    (cwid_q),
    .cmd_mask_i   (cmask_q),
    .cmd_rlen_i   (rlen_c),
    .cmd_wlen_i   (wlen_c),
    .cid_req_o    (cid_req_o),
    .cid_n_o      (cid_n_o),
    .cid_grant_i  (cid_grant_i),
    .cid_base_i   (cid_base_i),
    .req_valid_o  (cw_req_valid),
    .req_ready_i  (l1_req_ready_i && !tl_grant),
    .req_line_o   (cw_req_line),
    .rsp_valid_i  (l1_rsp_valid_i && l1_rsp_src_i),
    .rsp_data_i   (l1_rsp_data_i),
    .pkt_valid_o  (pkt_valid_o),
    .pkt_ready_i  (pkt_ready_i),
    .pkt_part_o   (pkt_part_o),
    .pkt_kind_o   (pkt_kind_o),
    .pkt_cid_o    (pkt_cid_o),
    .pkt_addr_o   (pkt_addr_o),
    .pkt_data_o   (pkt_data_o),
    .msg_valid_i  (msg_valid_i),
    .msg_part_i   (msg_part_i),
    .msg_kind_i   (msg_kind_i),
    .msg_cid_i    (msg_cid_i),
    .done_valid_o (cw_done),
    .done_fail_o  (cw_fail),
    .fin_valid_o  (fin_valid_o),
    .fin_lane_o   (fin_lane_o),
    .fin_cid_o    (fin_cid_o),
    .fin_pass_o   (fin_pass_o)
  );
  assign fin_wid_o = cwid_q;
  assign fin_wd_o  = cwd_q;

  ////////////////////
  // L1 arbiter     //
  ////////////////////

  // the log unit first; the commit side: the walk's loads, the INVAL
  wire cs_valid = cw_req_valid || (cst_q == C_INVAL);
  assign tl_grant       = tl_req_valid;
  assign l1_req_valid_o = tl_req_valid || cs_valid;
  assign l1_req_src_o   = !tl_grant;
  assign l1_req_op_o    = tl_grant ? tl_req_op :
                          (cst_q == C_INVAL) ? `WW_L1_INVAL : `WW_L1_LOAD_STRONG;
  assign l1_req_line_o  = tl_grant ? tl_req_line : cw_req_line;
  assign l1_req_wdata_o = tl_grant ? tl_req_wdata : {LINE_BYTES*8{1'b0}};
  wire   inval_fire     = (cst_q == C_INVAL) && !tl_grant && l1_req_ready_i;

  ////////////////////
  // Commit sequence //
  ////////////////////

  assign cmt_ready_o      = (cst_q == C_IDLE);
  assign cmt_done_valid_o = (cst_q == C_DONE);
  assign cmt_done_wid_o   = cwid_q;
  assign cmt_done_fail_o  = cfail_q;
  assign cmt_done_wd_o    = cwd_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cst_q      <= C_IDLE;
      cwid_q     <= {WID_W{1'b0}};
      cmask_q    <= {LANES{1'b0}};
      cfail_q    <= {LANES{1'b0}};
      cwd_q      <= 1'b0;
      acc_busy_q <= 1'b0;
    end else begin
      if (acc_valid_i && acc_ready_o) acc_busy_q <= 1'b1;
      else if (tl_done)               acc_busy_q <= 1'b0;
      case (cst_q)
        C_IDLE: if (cmt_valid_i) begin
          cwid_q  <= cmt_wid_i;
          cmask_q <= cmt_mask_i;
          cwd_q   <= cmt_wd_i;
          cst_q   <= C_WALK;
        end
        C_WALK:  if (walk_go && cw_cmd_ready) cst_q <= C_WAIT;
        C_WAIT:  if (cw_done) begin
          cfail_q <= cw_fail;
`ifdef WW_MUTANT_TM_SM_SKIP_CLEAR
          cst_q   <= C_INVAL;   // the logs stay: a retry sees the old entries
`elsif WW_MUTANT_TM_SM_WD_CLEARS_ON_PASS
          cst_q   <= C_CLEAR;   // a passed validation empties the logs too
`else
          // a validation that passed keeps the logs and goes on at once
          cst_q   <= (cwd_q && cw_fail == {LANES{1'b0}}) ? C_DONE : C_CLEAR;
`endif
        end
        C_CLEAR: if (tl_cmd_ready) cst_q <= C_CLRW;
        C_CLRW:  if (tl_done) cst_q <= cwd_q ? C_DONE : C_INVAL;   // an abort wrote nothing
        C_INVAL: if (inval_fire) cst_q <= C_DONE;
        C_DONE:  if (cmt_done_ready_i) cst_q <= C_IDLE;
        default: cst_q <= C_IDLE;
      endcase
    end
  end

endmodule  // ww_tm_sm
`default_nettype wire
