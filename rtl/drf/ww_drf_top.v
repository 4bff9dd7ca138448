// SPDX-License-Identifier: Apache-2.0
//
// ww_drf_top -- the DRF tester on the GPU's memory system (the autonomous
// DRF GPU testing paper, sec. III: the tester replaces the compute units;
// docs/drf.md): ww_drf_tester in the SMs' place, each SM's L1
// (ww_l1_dcache) on its core port, the crossbar (ww_xbar), one L2 slice
// (ww_l2_slice) per partition and its DRAM queue, wired as in ww_gpu. The
// partition port's research units (ScoRD detector, KILO TM commit unit,
// Z-buffer unit) are not here: the tester checks the caches and the
// interconnect.
//
// Per SM the memory port carries the L1's requests (id class L1, first) and
// the tester's device atomics (id class BYPASS, ADD 1; the wavefront in the
// id's low bits), as ww_lsu does.
// Host side: start_i with the run's settings, busy_o / done_o / fail_o,
// the tester's status words on rd_idx_i / rd_data_o (WW_DRF_*), the
// caches' transition coverage pulses (cov_o of each L1 and L2 slice, SM s
// at [s*L1COV +: L1COV], partition p at [p*L2COV +: L2COV]); DRAM as on
// ww_gpu (one port per partition, played by sw/sim/ww_dram.c).
// xbar_hold_i[p*NUM_SM + s] holds the request link of SM s to partition p
// this cycle (ww_switch hold_i): the harness's network delays, which
// reorder an SM's packets to different partitions (docs/drf.md sec. 5).
// Parameters: as ww_drf_tester and ww_gpu; cache geometry for the paper's
// Table III configurations (small: L1_SETS 4 x L1_WAYS 2, L2_SETS 8 x
// L2_WAYS 4 of 32-byte lines).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_drf_top #(
  parameter NUM_SM     = `WW_NUM_SM,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter L1_SETS    = `WW_L1_SETS,
  parameter L1_WAYS    = `WW_L1_WAYS,
  parameter L2_SETS    = `WW_L2_SETS,
  parameter L2_WAYS    = `WW_L2_WAYS,
  parameter XBAR_DEPTH = 4,
  parameter XBAR_VOQ   = `WW_XBAR_VOQ,   // request crossbar with virtual output queues
  parameter WF         = `WW_DRFT_WF,
  parameter LANES      = `WW_DRFT_LANES,
  parameter IDX_W      = `WW_DRFT_IDX_W,
  parameter NSYNC      = `WW_DRFT_NSYNC,
  parameter RANGE_W    = `WW_DRFT_RANGE_W,
  parameter [31:0] BASE = 32'h0001_0000,
  // derived, do not override
  parameter POOL_W     = $clog2(NUM_SM + 1),
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter LB         = LINE_BYTES * 8,
  parameter L1COV      = `WW_L1ST_N * `WW_L1EV_N,
  parameter L2COV      = `WW_L2ST_N * `WW_L2EV_N
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  input  wire                              start_i,
  input  wire [31:0]                       seed_i,
  input  wire [15:0]                       episodes_i,
  input  wire [15:0]                       epi_len_i,
  input  wire [31:0]                       watchdog_i,
  input  wire [4:0]                        range_i,
  input  wire [NUM_PART*NUM_SM-1:0]        xbar_hold_i,   // request link SM s -> partition p held this cycle
  output wire                              busy_o,
  output wire                              done_o,
  output wire                              fail_o,
  input  wire [5:0]                        rd_idx_i,
  input  wire [POOL_W+IDX_W-1:0]           rd_var_i,
  output wire [31:0]                       rd_data_o,
  output wire [NUM_SM*L1COV-1:0]           l1_cov_o,
  output wire [NUM_PART*L2COV-1:0]         l2_cov_o,
  // DRAM, one port per partition
  output wire [NUM_PART-1:0]               dram_req_valid_o,
  input  wire [NUM_PART-1:0]               dram_req_ready_i,
  output wire [NUM_PART-1:0]               dram_req_we_o,
  output wire [NUM_PART*LINE_W-1:0]        dram_req_line_o,
  output wire [NUM_PART*LB-1:0]            dram_req_data_o,
  input  wire [NUM_PART-1:0]               dram_rsp_valid_i,
  input  wire [NUM_PART*LB-1:0]            dram_rsp_data_i
);

  localparam SM_W   = (NUM_SM > 1) ? $clog2(NUM_SM) : 1;
  localparam WF_W   = (WF > 1) ? $clog2(WF) : 1;
  localparam WORD_W = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1;
  localparam ID_W   = `WW_REQID_W;
  localparam OP_W   = `WW_L2_W;
  localparam AOP_W  = `WW_AMO_W;
  localparam TAG_W  = 8;
  localparam L1_IDX_W = (`WW_L1_MSHRS > `WW_L1_WQ) ? $clog2(`WW_L1_MSHRS) : $clog2(`WW_L1_WQ);
  localparam L1_ID_W  = L1_IDX_W + 1;
  localparam NP_W   = $clog2(`WW_L1_WQ + 1);
  localparam SB_W   = 1;                               // no ScoRD sideband here

  ////////////////////
  // Tester         //
  ////////////////////
  wire                          t_busy, t_done;
  wire [NUM_SM-1:0]             t_l1_valid, t_l1_ready, t_l1_rsp_valid;
  wire [NUM_SM*`WW_L1_W-1:0]    t_l1_op;
  wire [NUM_SM*LINE_W-1:0]      t_l1_line;
  wire [NUM_SM*TAG_W-1:0]       t_l1_tag, t_l1_rsp_tag;
  wire [NUM_SM*LINE_BYTES-1:0]  t_l1_be;
  wire [NUM_SM*LB-1:0]          t_l1_wdata, t_l1_rsp_data;
  wire [NUM_SM*WORD_W-1:0]      t_l1_word;
  wire [NUM_SM*NP_W-1:0]        t_l1_wr_pending;
  wire [NUM_SM-1:0]             t_byp_valid, t_byp_ready, t_byp_rsp_valid, t_byp_rsp_ready;
  wire [NUM_SM*LINE_W-1:0]      t_byp_line;
  wire [NUM_SM*WORD_W-1:0]      t_byp_word;
  wire [NUM_SM*WF_W-1:0]        t_byp_wf, t_byp_rsp_wf;
  wire [NUM_SM*32-1:0]          t_byp_rsp_old;

  ww_drf_tester #(
    .NUM_SM     (NUM_SM),
    .WF         (WF),
    .LANES      (LANES),
    .LINE_BYTES (LINE_BYTES),
    .IDX_W      (IDX_W),
    .NSYNC      (NSYNC),
    .RANGE_W    (RANGE_W),
    .BASE       (BASE),
    .TAG_W      (TAG_W),
    .NP_W       (NP_W)
  ) u_tester (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .start_i           (start_i),
    .seed_i            (seed_i),
    .episodes_i        (episodes_i),
    .epi_len_i         (epi_len_i),
    .watchdog_i        (watchdog_i),
    .range_i           (range_i),
    .busy_o            (t_busy),
    .done_o            (t_done),
    .fail_o            (fail_o),
    .l1_req_valid_o    (t_l1_valid),
    .l1_req_ready_i    (t_l1_ready),
    .l1_req_op_o       (t_l1_op),
    .l1_req_line_o     (t_l1_line),
    .l1_req_tag_o      (t_l1_tag),
    .l1_req_be_o       (t_l1_be),
    .l1_req_wdata_o    (t_l1_wdata),
    .l1_req_amo_word_o (t_l1_word),
    .l1_rsp_valid_i    (t_l1_rsp_valid),
    .l1_rsp_tag_i      (t_l1_rsp_tag),
    .l1_rsp_data_i     (t_l1_rsp_data),
    .l1_wr_pending_i   (t_l1_wr_pending),
    .byp_valid_o       (t_byp_valid),
    .byp_ready_i       (t_byp_ready),
    .byp_line_o        (t_byp_line),
    .byp_word_o        (t_byp_word),
    .byp_wf_o          (t_byp_wf),
    .byp_rsp_valid_i   (t_byp_rsp_valid),
    .byp_rsp_ready_o   (t_byp_rsp_ready),
    .byp_rsp_wf_i      (t_byp_rsp_wf),
    .byp_rsp_old_i     (t_byp_rsp_old),
    .rd_idx_i          (rd_idx_i),
    .rd_var_i          (rd_var_i),
    .rd_data_o         (rd_data_o)
  );

  ////////////////////
  // L1 per SM      //
  ////////////////////
  wire [NUM_SM-1:0]          mreq_valid, mreq_ready;
  wire [NUM_SM*OP_W-1:0]     mreq_op;
  wire [NUM_SM*LINE_W-1:0]   mreq_line;
  wire [NUM_SM*ID_W-1:0]     mreq_id;
  wire [NUM_SM*LINE_BYTES-1:0] mreq_be;
  wire [NUM_SM*LB-1:0]       mreq_data;
  wire [NUM_SM*AOP_W-1:0]    mreq_amo_op;
  wire [NUM_SM*WORD_W-1:0]   mreq_amo_word;
  wire [NUM_SM*32-1:0]       mreq_amo_a, mreq_amo_b;
  wire [NUM_SM-1:0]          mrsp_valid, mrsp_ready, mrsp_miss;
  wire [NUM_SM*ID_W-1:0]     mrsp_id;
  wire [NUM_SM*LB-1:0]       mrsp_data;

  genvar s, p;
  for (s = 0; s < NUM_SM; s = s + 1) begin : g_sm
    wire                  l1_mreq_valid, l1_mreq_we, l1_mrsp_ready;
    wire [LINE_W-1:0]     l1_mreq_line;
    wire [LINE_BYTES-1:0] l1_mreq_be;
    wire [LB-1:0]         l1_mreq_data;
    wire [L1_ID_W-1:0]    l1_mreq_id;
    wire [ID_W-1:0]       rid = mrsp_id[s*ID_W +: ID_W];
    wire                  byp_rsp = rid[`WW_REQID_BYPASS_BIT];
    wire                  unused_rid = ^rid;   // only the class bit and the low bits

    // unused outputs of this instance are left open on purpose
    /* verilator lint_off PINCONNECTEMPTY */
    ww_l1_dcache #(
      .SETS       (L1_SETS),
      .WAYS       (L1_WAYS),
      .LINE_BYTES (LINE_BYTES),
      .MERGE      (WF),
      .MSHRS      (`WW_L1_MSHRS),
      .WQ         (`WW_L1_WQ),
      .TAG_W      (TAG_W)
    ) u_l1 (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .req_valid_i     (t_l1_valid[s]),
      .req_op_i        (t_l1_op[s*`WW_L1_W +: `WW_L1_W]),
      .req_line_i      (t_l1_line[s*LINE_W +: LINE_W]),
      .req_tag_i       (t_l1_tag[s*TAG_W +: TAG_W]),
      .req_be_i        (t_l1_be[s*LINE_BYTES +: LINE_BYTES]),
      .req_wdata_i     (t_l1_wdata[s*LB +: LB]),
      .req_amo_op_i    (`WW_AMO_ADD),
      .req_amo_word_i  (t_l1_word[s*WORD_W +: WORD_W]),
      .req_amo_a_i     (32'd1),
      .req_amo_b_i     (32'd0),
      .mem_req_ready_i (mreq_ready[s]),
      .mem_rsp_valid_i (mrsp_valid[s] && !byp_rsp),
      .mem_rsp_id_i    (rid[L1_ID_W-1:0]),
      .mem_rsp_data_i  (mrsp_data[s*LB +: LB]),
      .req_ready_o     (t_l1_ready[s]),
      .req_stall_o     (),
      .rsp_valid_o     (t_l1_rsp_valid[s]),
      .rsp_tag_o       (t_l1_rsp_tag[s*TAG_W +: TAG_W]),
      .rsp_kind_o      (),
      .rsp_data_o      (t_l1_rsp_data[s*LB +: LB]),
      .wack_valid_o    (),
      .wack_tag_o      (),
      .wr_pending_o    (t_l1_wr_pending[s*NP_W +: NP_W]),
      .mem_req_valid_o (l1_mreq_valid),
      .mem_req_we_o    (l1_mreq_we),
      .mem_req_line_o  (l1_mreq_line),
      .mem_req_be_o    (l1_mreq_be),
      .mem_req_data_o  (l1_mreq_data),
      .mem_req_id_o    (l1_mreq_id),
      .mem_rsp_ready_o (l1_mrsp_ready),
      .cov_o           (l1_cov_o[s*L1COV +: L1COV])
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // the memory port: the L1's request first, else the device atomic
    assign mreq_valid[s]  = l1_mreq_valid || t_byp_valid[s];
`ifdef WW_MUTANT_DRF_TOP_ATOMIC_READY_IGNORES_L1
    assign t_byp_ready[s] = mreq_ready[s];  // MUTANT: the atomic is taken while the L1's request has the port
`else
    assign t_byp_ready[s] = mreq_ready[s] && !l1_mreq_valid;
`endif
    assign mreq_op[s*OP_W +: OP_W] = l1_mreq_valid ? (l1_mreq_we ? `WW_L2_WRITE : `WW_L2_READ)
                                                   : `WW_L2_ATOMIC;
    assign mreq_line[s*LINE_W +: LINE_W] = l1_mreq_valid ? l1_mreq_line : t_byp_line[s*LINE_W +: LINE_W];
    assign mreq_id[s*ID_W +: ID_W] = l1_mreq_valid ?
      (`WW_REQID_L1 | {{(ID_W-L1_ID_W){1'b0}}, l1_mreq_id}) :
      (`WW_REQID_BYPASS | {{(ID_W-WF_W){1'b0}}, t_byp_wf[s*WF_W +: WF_W]});
    assign mreq_be[s*LINE_BYTES +: LINE_BYTES] = l1_mreq_valid ? l1_mreq_be : {LINE_BYTES{1'b0}};
    assign mreq_data[s*LB +: LB]           = l1_mreq_valid ? l1_mreq_data : {LB{1'b0}};
    assign mreq_amo_op[s*AOP_W +: AOP_W]   = `WW_AMO_ADD;
    assign mreq_amo_word[s*WORD_W +: WORD_W] = t_byp_word[s*WORD_W +: WORD_W];
    assign mreq_amo_a[s*32 +: 32]          = 32'd1;
    assign mreq_amo_b[s*32 +: 32]          = 32'd0;
    // answers: device atomics to the tester, the rest to the L1
    assign t_byp_rsp_valid[s]            = mrsp_valid[s] && byp_rsp;
    assign t_byp_rsp_wf[s*WF_W +: WF_W]  = rid[WF_W-1:0];
    assign t_byp_rsp_old[s*32 +: 32]     = mrsp_data[s*LB +: 32];
    assign mrsp_ready[s] = byp_rsp ? t_byp_rsp_ready[s] : l1_mrsp_ready;
  end

  ////////////////////
  // Crossbar       //
  ////////////////////
  wire [NUM_PART-1:0]          x_req_valid, x_req_ready;
  wire [NUM_PART*SM_W-1:0]     x_req_src;
  wire [NUM_PART*OP_W-1:0]     x_req_op;
  wire [NUM_PART*LINE_W-1:0]   x_req_line;
  wire [NUM_PART*ID_W-1:0]     x_req_id;
  wire [NUM_PART*LINE_BYTES-1:0] x_req_be;
  wire [NUM_PART*LB-1:0]       x_req_data;
  wire [NUM_PART*AOP_W-1:0]    x_req_amo_op;
  wire [NUM_PART*WORD_W-1:0]   x_req_amo_word;
  wire [NUM_PART*32-1:0]       x_req_amo_a, x_req_amo_b;
  wire [NUM_PART*SB_W-1:0]     x_req_sb;
  wire [NUM_PART-1:0]          x_rsp_valid, x_rsp_ready, x_rsp_miss;
  wire [NUM_PART*SM_W-1:0]     x_rsp_src;
  wire [NUM_PART*ID_W-1:0]     x_rsp_id;
  wire [NUM_PART*LB-1:0]       x_rsp_data;
  wire [NUM_PART*OP_W-1:0]     x_rsp_op;
  wire                         req_idle, rsp_idle;

  /* verilator lint_off PINCONNECTEMPTY */
  ww_xbar #(
    .NUM_SM     (NUM_SM),
    .NUM_PART   (NUM_PART),
    .WARPS      (WF),
    .LINE_BYTES (LINE_BYTES),
    .SB_W       (SB_W),
    .FIFO_DEPTH (XBAR_DEPTH),
    .REQ_VOQ    (XBAR_VOQ),
    .ID_W       (ID_W)
  ) u_xbar (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .sm_req_valid_i      (mreq_valid),
    .sm_req_ready_o      (mreq_ready),
    .sm_req_op_i         (mreq_op),
    .sm_req_line_i       (mreq_line),
    .sm_req_id_i         (mreq_id),
    .sm_req_be_i         (mreq_be),
    .sm_req_data_i       (mreq_data),
    .sm_req_amo_op_i     (mreq_amo_op),
    .sm_req_amo_word_i   (mreq_amo_word),
    .sm_req_amo_a_i      (mreq_amo_a),
    .sm_req_amo_b_i      (mreq_amo_b),
    .sm_req_sb_i         ({NUM_SM*SB_W{1'b0}}),
    .sm_rsp_valid_o      (mrsp_valid),
    .sm_rsp_ready_i      (mrsp_ready),
    .sm_rsp_id_o         (mrsp_id),
    .sm_rsp_miss_o       (mrsp_miss),
    .sm_rsp_data_o       (mrsp_data),
    .part_req_valid_o    (x_req_valid),
    .part_req_ready_i    (x_req_ready),
    .part_req_src_o      (x_req_src),
    .part_req_op_o       (x_req_op),
    .part_req_line_o     (x_req_line),
    .part_req_id_o       (x_req_id),
    .part_req_be_o       (x_req_be),
    .part_req_data_o     (x_req_data),
    .part_req_amo_op_o   (x_req_amo_op),
    .part_req_amo_word_o (x_req_amo_word),
    .part_req_amo_a_o    (x_req_amo_a),
    .part_req_amo_b_o    (x_req_amo_b),
    .part_req_sb_o       (x_req_sb),
    .req_hold_i          (xbar_hold_i),
    .part_rsp_valid_i    (x_rsp_valid),
    .part_rsp_ready_o    (x_rsp_ready),
    .part_rsp_src_i      (x_rsp_src),
    .part_rsp_id_i       (x_rsp_id),
    .part_rsp_miss_i     (x_rsp_miss),
    .part_rsp_data_i     (x_rsp_data),
    .req_idle_o          (req_idle),
    .rsp_idle_o          (rsp_idle)
  );
  /* verilator lint_on PINCONNECTEMPTY */
  wire unused_x = ^{x_req_sb, x_rsp_op, mrsp_miss, req_idle, rsp_idle};

  ////////////////////
  // End flush      //
  ////////////////////
  // After a passing run every slice writes its dirty lines back (FLUSH, as
  // ww_gpu does at the end of a grid), so DRAM holds the final memory the
  // host compares with the tester's reference (docs/drf.md sec. 2).
  localparam [1:0] FL_IDLE = 2'd0, FL_RUN = 2'd1, FL_END = 2'd2;
  reg  [1:0]          fl_st_q;
  reg  [NUM_PART-1:0] fl_sent_q, fl_ack_q;
  wire [NUM_PART-1:0] l2_ready, l2_rsp_valid, fl_rsp;
  wire                t_pass_done = t_done && !fail_o;
  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      fl_st_q   <= FL_IDLE;
      fl_sent_q <= {NUM_PART{1'b0}};
      fl_ack_q  <= {NUM_PART{1'b0}};
    end else begin
      if (fl_st_q == FL_IDLE && t_pass_done) fl_st_q <= FL_RUN;
      if (fl_st_q == FL_RUN) begin
        fl_sent_q <= fl_sent_q | l2_ready;
        fl_ack_q  <= fl_ack_q | fl_rsp;
        if ((fl_ack_q | fl_rsp) == {NUM_PART{1'b1}}) fl_st_q <= FL_END;
      end
    end
  end
  wire flushing = (fl_st_q == FL_RUN);
  assign busy_o = t_busy || flushing;
  // done when the write-backs have also left the DRAM queues
  assign done_o = (t_done && fail_o) || (fl_st_q == FL_END && dram_req_valid_o == {NUM_PART{1'b0}});

  ////////////////////
  // L2 slices      //
  ////////////////////
  for (p = 0; p < NUM_PART; p = p + 1) begin : g_part
    wire                      dq_in_valid, dq_in_ready;
    wire [1 + LINE_W + LB - 1:0] dq_in_data;
    wire                      fl_req = flushing && !fl_sent_q[p];
    wire [OP_W-1:0]           l2_rsp_op;
    assign fl_rsp[p]      = l2_rsp_valid[p] && l2_rsp_op == `WW_L2_FLUSH;
    assign x_rsp_valid[p] = l2_rsp_valid[p] && !fl_rsp[p];
    assign x_rsp_op[p*OP_W +: OP_W] = l2_rsp_op;
    assign x_req_ready[p] = l2_ready[p] && !flushing;

    ww_l2_slice #(
      .SETS       (L2_SETS),
      .WAYS       (L2_WAYS),
      .LINE_BYTES (LINE_BYTES),
      .NUM_PART   (NUM_PART),
      .NUM_SM     (NUM_SM),
      .ID_W       (ID_W)
    ) u_l2 (
      .clk_i            (clk_i),
      .rst_ni           (rst_ni),
      .req_valid_i      (x_req_valid[p] || fl_req),
      .req_ready_o      (l2_ready[p]),
      .req_op_i         (fl_req ? `WW_L2_FLUSH : x_req_op[p*OP_W +: OP_W]),
      .req_line_i       (x_req_line[p*LINE_W +: LINE_W]),
      .req_id_i         (x_req_id[p*ID_W +: ID_W]),
      .req_src_i        (x_req_src[p*SM_W +: SM_W]),
      .req_be_i         (x_req_be[p*LINE_BYTES +: LINE_BYTES]),
      .req_data_i       (x_req_data[p*LB +: LB]),
      .req_amo_op_i     (x_req_amo_op[p*AOP_W +: AOP_W]),
      .req_amo_word_i   (x_req_amo_word[p*WORD_W +: WORD_W]),
      .req_amo_a_i      (x_req_amo_a[p*32 +: 32]),
      .req_amo_b_i      (x_req_amo_b[p*32 +: 32]),
      .rsp_valid_o      (l2_rsp_valid[p]),
      .rsp_ready_i      (x_rsp_ready[p] || fl_rsp[p]),
      .rsp_op_o         (l2_rsp_op),
      .rsp_id_o         (x_rsp_id[p*ID_W +: ID_W]),
      .rsp_src_o        (x_rsp_src[p*SM_W +: SM_W]),
      .rsp_miss_o       (x_rsp_miss[p]),
      .rsp_data_o       (x_rsp_data[p*LB +: LB]),
      .dram_req_valid_o (dq_in_valid),
      .dram_req_ready_i (dq_in_ready),
      .dram_req_we_o    (dq_in_data[LINE_W + LB]),
      .dram_req_line_o  (dq_in_data[LB +: LINE_W]),
      .dram_req_data_o  (dq_in_data[0 +: LB]),
      .dram_rsp_valid_i (dram_rsp_valid_i[p]),
      .dram_rsp_data_i  (dram_rsp_data_i[p*LB +: LB]),
      .cov_o            (l2_cov_o[p*L2COV +: L2COV])
    );

    // DRAM requests through a two-entry queue, as in ww_gpu
    ww_fifo #(
      .WIDTH (1 + LINE_W + LB),
      .DEPTH (2)
    ) u_dram_q (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .in_valid_i  (dq_in_valid),
      .in_ready_o  (dq_in_ready),
      .in_data_i   (dq_in_data),
      .out_valid_o (dram_req_valid_o[p]),
      .out_ready_i (dram_req_ready_i[p]),
      .out_data_o  ({dram_req_we_o[p], dram_req_line_o[p*LINE_W +: LINE_W],
                     dram_req_data_o[p*LB +: LB]})
    );
  end

endmodule  // ww_drf_top
`default_nettype wire
