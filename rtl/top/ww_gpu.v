// SPDX-License-Identifier: Apache-2.0
//
// ww_gpu -- the Warpwatch GPU (docs/gpu_rtl.md "Top level"): NUM_SM SMs, the
// thread-block distributor, the SM <-> partition crossbar (ww_xbar) and
// NUM_PART L2 slices, each with its own DRAM port toward a memory model
// outside (sw/sim/ww_dram.c in the Verilator harness), its requests through
// a two-entry queue (ww_fifo) so that no logic inside waits on the model's
// ready within a cycle. Each slice sits behind
// a partition port (ww_part_port), the socket of the units on the partition
// side: the partition's ScoRD detector (ww_scord_det, unit 0) and KILO TM
// commit unit (ww_tm_commit_unit behind its memory adapter ww_tm_cu_mem,
// unit 1; docs/tm.md sec. 4). One central commit-ID vendor (ww_tm_cid)
// serves every SM.
//
// Host control:
//   start_i    one-cycle pulse while !busy_o (ignored while busy): the
//              next cycle latches entry_pc_i, grid_i (blocks, >= 1), block_i
//              (threads per block, 1 .. WARPS*LANES; the host checks) and
//              kargs_i, which the host holds until then.
//   busy_o     high from the cycle after start until done.
//   done_o     one-cycle pulse (busy_o already low) once every block has
//              finished and every L2 slice has written its dirty lines back:
//              when the distributor reports the grid done, the top waits for
//              the crossbar and the slices to drain, then sends FLUSH to all
//              slices at once, through the partition ports (which give the
//              flush the slice), and swallows each slice's acknowledgement.
//   imem_*     broadcast to every SM's instruction memory (host, while idle).
//   Memory is written and read by the host in the DRAM model between runs.
// Observation:
//   launch_*   the distributor's placements, one per cycle at most.
//   ret_*, trap_*, stall_o   every SM's retire/trap ports, SM s at [s*W +: W].
//   part_req_* a request that slice p accepts from the crossbar this cycle,
//              its source SM and ScoRD sideband (the race detector's hook);
//              ScoRD records count, KILO TM packets do not.
//   tm_fin_*   every SM's final transaction outcomes (ww_sm tm_fin_*, one
//              CID per SM and cycle), SM s at [s*W +: W], for co-simulation;
//              tm_fin_wd_o: the CID is a watchdog validation's (it commits
//              nothing; docs/tm.md sec. 4.3 step 7).
//   tm_wd_*    every SM's watchdog validations as they end (ww_sm
//              tm_wd_*): {warp, the attempt aborts}, SM s at [s*W +: W].
// tx_watchdog_i: KILO TM's watchdog, the warp instructions of one attempt
// before a validation (0 = off; at most TX_WATCHDOG, which sizes the
// counters); latched at start. sched_mode_i, serial_wid_i take effect a
// cycle after they change.
//   tm_pkt_o   the commit unit of partition p accepts a KILO TM packet.
//   tm_rd_*    a commit unit's event counters (`WW_TM_CNT_*), read by index.
// After reset each slice clears its tags for L2_SETS cycles before it takes
// requests (ww_l2_slice); the DRAM model is reset together with the GPU.
// Parameters: as ww_sm / ww_l2_slice / ww_xbar; every default from
// ww_config.vh. XBAR_DEPTH is the crossbar's per-source FIFO depth.
// TM_LIMIT (every SM's concurrency limit) and LWH_ENTRIES/LWH_WAYS (each
// commit unit's last-writer history) are KILO TM's swept sizes (`make
// bench-tm`); a co-simulating model needs the same TM_LIMIT
// (ww_gpu_cfg_t.tm_warps_per_sm; the glue reports WW_TM_WARPS_PER_SM).
// Protocol codes (trap causes, request ops and id classes, the sideband and
// its record kinds): rtl/include/ww_proto.vh.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_gpu #(
  parameter NUM_SM     = `WW_NUM_SM,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter BLOCKS     = `WW_BLOCKS_PER_SM,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter IMEM_BYTES = `WW_IMEM_BYTES,
  parameter L2_SETS    = `WW_L2_SETS,
  parameter L2_WAYS    = `WW_L2_WAYS,
  parameter XBAR_DEPTH = 4,
  parameter CID_W      = `WW_CID_W,
  parameter TM_LIMIT   = `WW_TM_WARPS_PER_SM,  // KILO TM: transactional warps per SM, 0 = unlimited
  parameter LWH_ENTRIES = `WW_LWH_ENTRIES,     // KILO TM: last-writer history of each commit unit
  parameter LWH_WAYS   = `WW_LWH_WAYS,
  parameter TX_WATCHDOG = `WW_TX_WATCHDOG,     // KILO TM: the watchdog's largest limit
  parameter SM_W       = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter TMC_W      = $clog2(`WW_TM_CNT_N),
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter IMEM_AW    = $clog2(IMEM_BYTES / 4),
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter SB_W       = `WW_SB_W(WID_W, LINE_BYTES / 4, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W)
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  // host control
  input  wire                              start_i,
  input  wire [31:0]                       entry_pc_i,
  input  wire [31:0]                       grid_i,
  input  wire [31:0]                       block_i,
  input  wire [31:0]                       kargs_i,
  input  wire                              scord_en_i,     // ScoRD on for this launch (latched at start)
  input  wire                              scord_cached_i, // ScoRD metadata cache mode (latched at start)
  input  wire [31:0]                       tx_watchdog_i,  // KILO TM watchdog limit, 0 = off
  input  wire                              det_en_i,       // GPUDet on for this launch (latched at start)
  input  wire [`WW_DET_QCNT_W-1:0]         det_quantum_i,  // GPUDet quantum, >= 1 (latched at start)
  input  wire                              det_wser_i,     // GPUDet serial mode per warp, not per SM (latched)
  input  wire                              det_lock_i,     // GPUDet lock-based commit, the baseline (latched)
  input  wire                              det_dwp_i,      // GPUDet workgroup partitioning, DWP (latched)
  output wire                              busy_o,
  output wire                              done_o,
  // instruction memory load, to every SM
  input  wire                              imem_we_i,
  input  wire [IMEM_AW-1:0]                imem_waddr_i,
  input  wire [31:0]                       imem_wdata_i,
  // block placements
  output wire                              launch_valid_o,
  output wire [SM_W-1:0]                   launch_sm_o,
  output wire [31:0]                       launch_ctaid_o,
  // DRAM, one port per partition
  output wire [NUM_PART-1:0]               dram_req_valid_o,
  input  wire [NUM_PART-1:0]               dram_req_ready_i,
  output wire [NUM_PART-1:0]               dram_req_we_o,
  output wire [NUM_PART*LINE_W-1:0]        dram_req_line_o,
  output wire [NUM_PART*LINE_BYTES*8-1:0]  dram_req_data_o,
  input  wire [NUM_PART-1:0]               dram_rsp_valid_i,
  input  wire [NUM_PART*LINE_BYTES*8-1:0]  dram_rsp_data_i,
  // retire ports, SM s at [s*W +: W]
  output wire [NUM_SM-1:0]                 ret_valid_o,
  output wire [NUM_SM*WID_W-1:0]           ret_warp_o,
  output wire [NUM_SM*32-1:0]              ret_block_o,
  output wire [NUM_SM*32-1:0]              ret_pc_o,
  output wire [NUM_SM*32-1:0]              ret_insn_o,
  output wire [NUM_SM*LANES-1:0]           ret_mask_o,
  output wire [NUM_SM*5-1:0]               ret_rd_o,
  output wire [NUM_SM*`WW_MEM_W-1:0]       ret_mem_o,
  output wire [NUM_SM*3-1:0]               ret_mem_bytes_o,
  output wire [NUM_SM*LANES*32-1:0]        ret_rd_val_o,
  output wire [NUM_SM*LANES*32-1:0]        ret_addr_o,
  output wire [NUM_SM*LANES*32-1:0]        ret_wdata_o,
  // trap ports
  output wire [NUM_SM-1:0]                 trap_valid_o,
  output wire [NUM_SM*`WW_TRAP_W-1:0]      trap_kind_o,
  output wire [NUM_SM*WID_W-1:0]           trap_warp_o,
  output wire [NUM_SM*32-1:0]              trap_block_o,
  output wire [NUM_SM*LANES-1:0]           trap_mask_o,
  output wire [NUM_SM*32-1:0]              trap_pc_o,
  output wire [NUM_SM*32-1:0]              trap_insn_o,
  output wire [NUM_SM*6-1:0]               trap_lane_o,
  output wire [NUM_SM*32-1:0]              trap_addr_o,
  // GSI stall classes (WW_GSI_*), SM s warp w at [(s*WARPS+w)*3 +: 3]
  output wire [NUM_SM*WARPS*`WW_GSI_W-1:0] stall_o,
  // GSI counters of SM gsi_rd_sm_i (ww_gsi indices; comb read). Cleared at
  // start, they count every cycle with busy_o or done_o: the launch's cycles.
  input  wire [SM_W-1:0]                   gsi_rd_sm_i,
  input  wire [4:0]                        gsi_rd_idx_i,
  output wire [31:0]                       gsi_rd_data_o,
  // requests accepted by the slices from the crossbar (ScoRD hook)
  output wire [NUM_PART-1:0]               part_req_valid_o,
  output wire [NUM_PART*SM_W-1:0]          part_req_src_o,
  output wire [NUM_PART*SB_W-1:0]          part_req_sb_o,
  // GPUDet scheduler mode, to every SM
  input  wire [`WW_SCHED_W-1:0]            sched_mode_i,
  input  wire [WID_W-1:0]                  serial_wid_i,
  // KILO TM: final outcomes, SM s at [s*W +: W]; packets accepted per partition
  output wire [NUM_SM-1:0]                 tm_fin_valid_o,
  output wire [NUM_SM*WID_W-1:0]           tm_fin_wid_o,
  output wire [NUM_SM*5-1:0]               tm_fin_lane_o,
  output wire [NUM_SM*CID_W-1:0]           tm_fin_cid_o,
  output wire [NUM_SM-1:0]                 tm_fin_pass_o,
  output wire [NUM_SM-1:0]                 tm_fin_wd_o,
  output wire [NUM_SM-1:0]                 tm_wd_valid_o,
  output wire [NUM_SM*WID_W-1:0]           tm_wd_wid_o,
  output wire [NUM_SM-1:0]                 tm_wd_abort_o,
  output wire [NUM_PART-1:0]               tm_pkt_o,
  // KILO TM: counter tm_rd_idx_i (`WW_TM_CNT_*, comb read) of partition
  // tm_rd_part_i's commit unit; reset with rst_ni, i.e. at every launch
  input  wire [PART_W-1:0]                 tm_rd_part_i,
  input  wire [TMC_W-1:0]                  tm_rd_idx_i,
  output wire [31:0]                       tm_rd_data_o,
  // GPUDet: the mode controller's counter det_rd_idx_i (`WW_DETC_*, comb
  // read; cleared at start); det_ovf_o: a Z-buffer unit found its Z-cache
  // too small (sticky until reset; the result is then not deterministic)
  input  wire [`WW_DETC_W-1:0]             det_rd_idx_i,
  output wire [31:0]                       det_rd_data_o,
  output wire                              det_ovf_o,
  // transition coverage (docs/drf.md sec. 3): SM s's L1 at [s*L1COV +: L1COV]
  // (ww_l1_dcache cov_o), partition p's L2 slice at [p*L2COV +: L2COV]
  output wire [NUM_SM*`WW_L1ST_N*`WW_L1EV_N-1:0]   l1_cov_o,
  output wire [NUM_PART*`WW_L2ST_N*`WW_L2EV_N-1:0] l2_cov_o
);

  localparam LB     = LINE_BYTES * 8;
  localparam L1COV  = `WW_L1ST_N * `WW_L1EV_N;     // transition coverage bits
  localparam L2COV  = `WW_L2ST_N * `WW_L2EV_N;
  localparam WCNT_W = $clog2(WARPS + 1);
  localparam WORD_W = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1;
  localparam ID_W   = `WW_REQID_W;
  localparam OP_W   = `WW_L2_W;
  localparam AOP_W  = `WW_AMO_W;
  localparam MEM_W  = `WW_MEM_W;
  localparam TRAP_W = `WW_TRAP_W;
  localparam CLS_W  = `WW_GSI_W;
  localparam TCNT_W = $clog2(LANES + 1);
  localparam MSG_W  = `WW_TMMSG_W(CID_W, PART_W);   // a KILO TM message's record
  localparam CU_READS = `WW_TM_CU_READS;             // commit unit: validation reads in flight
  localparam CU_TAG_W = $clog2(CU_READS) + 1;        //   and its word-port tag

  localparam [1:0] ST_IDLE  = 2'd0;   // wait for start
  localparam [1:0] ST_RUN   = 2'd1;   // the distributor runs the grid
  localparam [1:0] ST_DRAIN = 2'd2;   // grid done: wait for the memory system to empty
  localparam [1:0] ST_FLUSH = 2'd3;   // FLUSH sent to the slices; wait for every ack

  ////////////////////
  // Host control   //
  ////////////////////

  reg  [1:0]          state_q;
  reg                 done_q;
  reg  [NUM_PART-1:0] fl_send_q;    // FLUSH not yet accepted by slice p
  reg  [NUM_PART-1:0] fl_wait_q;    // FLUSH accepted, ack not yet taken
  wire [NUM_PART-1:0] dq_busy;      // slice p's DRAM queue holds or takes a request
  reg  [31:0]         entry_pc_q, grid_q, block_q, kargs_q;

  // start_i registered: the launch begins the cycle after the pulse (busy_o
  // already), so no logic inside depends on it within a cycle (a second
  // pulse right after the first is ignored like one while busy)
  reg  start_q;
  wire start_take = start_i && (state_q == ST_IDLE) && !start_q;   // the pulse, taken
  wire start      = start_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      start_q <= 1'b0;
    end else begin
      start_q <= start_take;
    end
  end
  wire flushing = (state_q == ST_FLUSH);

  // warps per block: ceil(block_i / LANES), block_i in 1 .. WARPS*LANES
  reg [WCNT_W-1:0] nwarps;
  integer k;
  always @(*) begin
    nwarps = {WCNT_W{1'b0}};
    for (k = 0; k < WARPS; k = k + 1) begin
      if (block_i > k * LANES) begin
        nwarps = k[WCNT_W-1:0] + {{(WCNT_W-1){1'b0}}, 1'b1};
      end
    end
  end

  wire                    dist_busy, dist_done;
  wire [NUM_SM-1:0]       sm_free_slot;
  wire [NUM_SM*WCNT_W-1:0] sm_free_warps;
  wire [NUM_SM-1:0]       sm_block_done;
  localparam SLOT_W = (BLOCKS > 1) ? $clog2(BLOCKS) : 1;
  wire [NUM_SM*SLOT_W-1:0] sm_block_done_slot;
  wire [NUM_SM*BLOCKS-1:0] sm_slots_used;
  wire                     dist_reserve;          // DWP (ww_block_dist)
  wire [NUM_SM-1:0]        dist_refill;
  wire [NUM_SM*32-1:0]     dist_refill_ctaid;
  wire                    launch_valid;
  wire [SM_W-1:0]         launch_sm;
  wire [31:0]             launch_ctaid;

  // GPUDet (docs/det.md sec. 1): the mode controller, the SMs' ports
  localparam MW = `WW_DETMODE_W;
  localparam EW = `WW_DETEND_W;
  reg                          det_en_q;
  reg  [`WW_DET_QCNT_W-1:0]    det_quantum_q;
  reg                          det_wser_q;
  reg                          det_one_q;       // ScoRD with GPUDet: SMs and warps in turn
  reg                          det_lock_q;      // lock-based commit (the baseline)
  wire                         det_quiet;       // the memory system drained (below)
  reg                          grid_done_q;     // the distributor said done in this launch
  wire                         det_dist_en, det_start, det_cmt_start, det_inval, det_busy;
  wire [NUM_SM*MW-1:0]         det_mode;
  wire [`WW_DETPH_W-1:0]       det_phase;   // for the SMs' stall inspectors
  wire [`WW_DET_QID_W-1:0]     det_qid;
  wire [NUM_SM-1:0]            det_par_done, det_ser_done, det_cmt_busy, det_inval_busy;
  wire [NUM_SM*WARPS*EW-1:0]   det_why;
  wire [NUM_PART-1:0]          zb_idle, zb_ovf;

  ww_block_dist #(
    .NUM_SM       (NUM_SM),
    .WARPS_PER_SM (WARPS),
    .BLOCKS       (BLOCKS)
  ) u_dist (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .start_i           (start),
    .grid_i            (grid_i),
    .nwarps_i          (nwarps),
    .dwp_i             (det_en_i && det_dwp_i),
    .dist_en_i         (det_dist_en),            // GPUDet: only in work distribution
    .busy_o            (dist_busy),
    .done_o            (dist_done),
    .sm_free_slot_i    (sm_free_slot),
    .sm_free_warps_i   (sm_free_warps),
    .sm_used_i         (sm_slots_used),
    .launch_valid_o    (launch_valid),
    .launch_sm_o       (launch_sm),
    .launch_ctaid_o    (launch_ctaid),
    .block_done_i      (sm_block_done),
    .block_done_slot_i (sm_block_done_slot),
    .reserve_o         (dist_reserve),
    .refill_o          (dist_refill),
    .refill_ctaid_o    (dist_refill_ctaid)
  );

  ////////////////////
  // SMs            //
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
  wire [NUM_SM*SB_W-1:0]     mreq_sb;
  wire [NUM_SM-1:0]          mrsp_valid, mrsp_ready, mrsp_miss;
  wire [NUM_SM*ID_W-1:0]     mrsp_id;
  wire [NUM_SM*LB-1:0]       mrsp_data;

  wire [NUM_SM*32-1:0] gsi_data;
  // KILO TM commit IDs: every SM's request to the central vendor
  wire [NUM_SM-1:0]        tm_cid_req, tm_cid_grant;
  wire [NUM_SM*TCNT_W-1:0] tm_cid_n;
  wire [CID_W-1:0]         tm_cid_base, tm_cid_next;
  wire [NUM_PART-1:0]      cu_hold;   // commit unit p: stop the vendor
  wire [NUM_PART-1:0]      cu_idle;   // commit unit p: nothing in flight

  ww_tm_cid #(
    .NUM_SM (NUM_SM),
    .LANES  (LANES),
    .CID_W  (CID_W)
  ) u_tm_cid (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .hold_i      (|cu_hold),
    .req_valid_i (tm_cid_req),
    .req_n_i     (tm_cid_n),
    .grant_o     (tm_cid_grant),
    .base_o      (tm_cid_base),
    .next_o      (tm_cid_next)
  );
  // ScoRD: launch settings, and fence acks of partition p to SM s at [s*NUM_PART + p]
  reg                       scord_en_q, scord_cached_q;
  // the run's settings, registered so that no logic inside depends on a
  // host input within a cycle: the watchdog limit latched at start, the
  // scheduler mode one cycle after the host sets it
  reg [31:0]                tx_watchdog_q;
  reg [`WW_SCHED_W-1:0]     sched_mode_q;
  reg [WID_W-1:0]           serial_wid_q;
  wire [NUM_SM*NUM_PART-1:0] scord_ack;
  wire [NUM_PART-1:0]       det_idle;
  wire gsi_en = (state_q != ST_IDLE) || start_q || done_q;
  // the GSI counters clear in the pulse's cycle (a flop input only), so the
  // start's cycle is counted like every cycle with busy_o
  wire gsi_clear = start_take;
  reg  [31:0] gsi_rd_c;
  integer gi;
  always @* begin
    gsi_rd_c = 32'd0;
    for (gi = 0; gi < NUM_SM; gi = gi + 1)
      if (gsi_rd_sm_i == gi[SM_W-1:0]) gsi_rd_c = gsi_data[gi*32 +: 32];
  end
  assign gsi_rd_data_o = gsi_rd_c;
  wire [NUM_PART*32-1:0] tm_st_data;   // commit unit p's counter tm_rd_idx_i
  reg  [31:0] tm_rd_c;
  integer ti;
  always @* begin
    tm_rd_c = 32'd0;
    for (ti = 0; ti < NUM_PART; ti = ti + 1)
      if (tm_rd_part_i == ti[PART_W-1:0]) tm_rd_c = tm_st_data[ti*32 +: 32];
  end
  assign tm_rd_data_o = tm_rd_c;

  ww_det_ctrl #(
    .NUM_SM   (NUM_SM),
    .NUM_PART (NUM_PART),
    .WARPS    (WARPS)
  ) u_det_ctrl (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .en_i         (start ? det_en_i : det_en_q),   // latched at start
    .start_i      (start),
    .grid_done_i  (grid_done_q || dist_done),
    .launch_i     (launch_valid || dist_reserve),   // DWP: reserving is distributing too
    .one_i        (start ? det_en_i && scord_en_i : det_one_q),
    .quiet_i      (det_quiet),
    .par_done_i   (det_par_done & ~dist_refill),    // DWP: a refilled SM runs on
    .ser_done_i   (det_ser_done),
    .cmt_busy_i   (det_cmt_busy),
    .inval_busy_i (det_inval_busy),
    .zb_idle_i    (zb_idle),
    .why_i        (det_why),
    .mode_o       (det_mode),
    .start_o      (det_start),
    .cmt_start_o  (det_cmt_start),
    .inval_o      (det_inval),
    .dist_en_o    (det_dist_en),
    .qid_o        (det_qid),
    .busy_o       (det_busy),
    .phase_o      (det_phase),
    .rd_idx_i     (det_rd_idx_i),
    .rd_data_o    (det_rd_data_o)
  );
  assign det_ovf_o = |zb_ovf;

  genvar s, p;
  for (s = 0; s < NUM_SM; s = s + 1) begin : g_sm
    ww_sm #(
      .NUM_SM     (NUM_SM),
      .WARPS      (WARPS),
      .LANES      (LANES),
      .BLOCKS     (BLOCKS),
      .LINE_BYTES (LINE_BYTES),
      .IMEM_BYTES (IMEM_BYTES),
      .NUM_PART   (NUM_PART),
      .SB_W       (SB_W),
      .CID_W      (CID_W),
      .TM_LIMIT   (TM_LIMIT),
      .TX_WATCHDOG (TX_WATCHDOG),
      .TRACE_ID   (s)
    ) u_sm (
      .clk_i           (clk_i),
      .rst_ni          (rst_ni),
      .sm_id_i         (s[SM_W-1:0]),
      .entry_pc_i      (entry_pc_q),
      .grid_i          (grid_q),
      .block_i         (block_q),
      .kargs_i         (kargs_q),
      .imem_we_i       (imem_we_i),
      .imem_waddr_i    (imem_waddr_i),
      .imem_wdata_i    (imem_wdata_i),
      .launch_valid_i  ((launch_valid && launch_sm == s[SM_W-1:0]) || dist_refill[s]),
      .launch_ctaid_i  (dist_refill[s] ? dist_refill_ctaid[s*32 +: 32] : launch_ctaid),
      .launch_refill_i (dist_refill[s]),
      .free_slot_o     (sm_free_slot[s]),
      .free_warps_o    (sm_free_warps[s*WCNT_W +: WCNT_W]),
      .slots_used_o    (sm_slots_used[s*BLOCKS +: BLOCKS]),
      .block_done_o    (sm_block_done[s]),
      .block_done_slot_o (sm_block_done_slot[s*SLOT_W +: SLOT_W]),
      .mreq_valid_o    (mreq_valid[s]),
      .mreq_ready_i    (mreq_ready[s]),
      .mreq_op_o       (mreq_op[s*OP_W +: OP_W]),
      .mreq_line_o     (mreq_line[s*LINE_W +: LINE_W]),
      .mreq_id_o       (mreq_id[s*ID_W +: ID_W]),
      .mreq_be_o       (mreq_be[s*LINE_BYTES +: LINE_BYTES]),
      .mreq_data_o     (mreq_data[s*LB +: LB]),
      .mreq_amo_op_o   (mreq_amo_op[s*AOP_W +: AOP_W]),
      .mreq_amo_word_o (mreq_amo_word[s*WORD_W +: WORD_W]),
      .mreq_amo_a_o    (mreq_amo_a[s*32 +: 32]),
      .mreq_amo_b_o    (mreq_amo_b[s*32 +: 32]),
      .mreq_sb_o       (mreq_sb[s*SB_W +: SB_W]),
      .mrsp_valid_i    (mrsp_valid[s]),
      .mrsp_ready_o    (mrsp_ready[s]),
      .mrsp_id_i       (mrsp_id[s*ID_W +: ID_W]),
      .mrsp_miss_i     (mrsp_miss[s]),
      .mrsp_data_i     (mrsp_data[s*LB +: LB]),
      .ret_valid_o     (ret_valid_o[s]),
      .ret_warp_o      (ret_warp_o[s*WID_W +: WID_W]),
      .ret_block_o     (ret_block_o[s*32 +: 32]),
      .ret_pc_o        (ret_pc_o[s*32 +: 32]),
      .ret_insn_o      (ret_insn_o[s*32 +: 32]),
      .ret_mask_o      (ret_mask_o[s*LANES +: LANES]),
      .ret_rd_o        (ret_rd_o[s*5 +: 5]),
      .ret_mem_o       (ret_mem_o[s*MEM_W +: MEM_W]),
      .ret_mem_bytes_o (ret_mem_bytes_o[s*3 +: 3]),
      .ret_rd_val_o    (ret_rd_val_o[s*LANES*32 +: LANES*32]),
      .ret_addr_o      (ret_addr_o[s*LANES*32 +: LANES*32]),
      .ret_wdata_o     (ret_wdata_o[s*LANES*32 +: LANES*32]),
      .trap_valid_o    (trap_valid_o[s]),
      .trap_kind_o     (trap_kind_o[s*TRAP_W +: TRAP_W]),
      .trap_warp_o     (trap_warp_o[s*WID_W +: WID_W]),
      .trap_block_o    (trap_block_o[s*32 +: 32]),
      .trap_mask_o     (trap_mask_o[s*LANES +: LANES]),
      .trap_pc_o       (trap_pc_o[s*32 +: 32]),
      .trap_insn_o     (trap_insn_o[s*32 +: 32]),
      .trap_lane_o     (trap_lane_o[s*6 +: 6]),
      .trap_addr_o     (trap_addr_o[s*32 +: 32]),
      .stall_o         (stall_o[s*WARPS*CLS_W +: WARPS*CLS_W]),
      .scord_en_i      (scord_en_q),
      .scord_ack_i     (scord_ack[s*NUM_PART +: NUM_PART]),
      .gsi_clear_i     (gsi_clear),
      .gsi_en_i        (gsi_en),
      .gsi_rd_idx_i    (gsi_rd_idx_i),
      .gsi_rd_data_o   (gsi_data[s*32 +: 32]),
      .sched_mode_i    (sched_mode_q),
      .serial_wid_i    (serial_wid_q),
      .det_mode_i      (det_mode[s*MW +: MW]),
      .det_phase_i     (det_phase),
      .det_start_i     (det_start),
      .det_quantum_i   (det_quantum_q),
      .det_cmt_start_i (det_cmt_start),
      .det_inval_i     (det_inval),
      .det_wser_i      (det_wser_q),
      .det_one_i       (det_one_q),
      .det_lock_i      (det_lock_q),
      .det_par_done_o  (det_par_done[s]),
      .det_ser_done_o  (det_ser_done[s]),
      .det_cmt_busy_o  (det_cmt_busy[s]),
      .det_inval_busy_o(det_inval_busy[s]),
      .det_why_o       (det_why[s*WARPS*EW +: WARPS*EW]),
      .tm_cid_req_o    (tm_cid_req[s]),
      .tm_cid_n_o      (tm_cid_n[s*TCNT_W +: TCNT_W]),
      .tm_cid_grant_i  (tm_cid_grant[s]),
      .tm_cid_base_i   (tm_cid_base),
      .tm_fin_valid_o  (tm_fin_valid_o[s]),
      .tm_fin_wid_o    (tm_fin_wid_o[s*WID_W +: WID_W]),
      .tm_fin_lane_o   (tm_fin_lane_o[s*5 +: 5]),
      .tm_fin_cid_o    (tm_fin_cid_o[s*CID_W +: CID_W]),
      .tm_fin_pass_o   (tm_fin_pass_o[s]),
      .tm_fin_wd_o     (tm_fin_wd_o[s]),
      .tx_watchdog_i   (tx_watchdog_q),
      .tm_wd_valid_o   (tm_wd_valid_o[s]),
      .tm_wd_wid_o     (tm_wd_wid_o[s*WID_W +: WID_W]),
      .tm_wd_abort_o   (tm_wd_abort_o[s]),
      .l1_cov_o        (l1_cov_o[s*L1COV +: L1COV])
    );
`ifndef SYNTHESIS
    // Per-warp views of the SM's ports, for the saved GTKWave view
    // (sw/sim/ww_vgpu.cpp); read by nothing.
    genvar w;
    for (w = 0; w < WARPS; w = w + 1) begin : g_warp
      /* verilator lint_off UNUSEDSIGNAL */
      wire [CLS_W-1:0] dbg_stall = stall_o[(s*WARPS+w)*CLS_W +: CLS_W];
      /* verilator lint_on UNUSEDSIGNAL */
    end
`endif
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
  wire                         req_idle, rsp_idle;

  // slice ports
  wire [NUM_PART-1:0]          l2_req_ready, l2_rsp_valid, l2_rsp_miss;
  wire [NUM_PART*OP_W-1:0]     l2_rsp_op;
  wire [NUM_PART*ID_W-1:0]     l2_rsp_id;
  wire [NUM_PART*SM_W-1:0]     l2_rsp_src;
  wire [NUM_PART*LB-1:0]       l2_rsp_data;

  ww_xbar #(
    .NUM_SM     (NUM_SM),
    .NUM_PART   (NUM_PART),
    .WARPS      (WARPS),
    .LINE_BYTES (LINE_BYTES),
    .SB_W       (SB_W),
    .FIFO_DEPTH (XBAR_DEPTH),
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
    .sm_req_sb_i         (mreq_sb),
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
    .req_hold_i          ({NUM_PART*NUM_SM{1'b0}}),
    .part_rsp_valid_i    (x_rsp_valid),
    .part_rsp_ready_o    (x_rsp_ready),
    .part_rsp_src_i      (x_rsp_src),
    .part_rsp_id_i       (x_rsp_id),
    .part_rsp_miss_i     (x_rsp_miss),
    .part_rsp_data_i     (x_rsp_data),
    .req_idle_o          (req_idle),
    .rsp_idle_o          (rsp_idle)
  );

  ////////////////////
  // L2 slices      //
  ////////////////////

  // the partition port's units: the ScoRD detector (unit 0, id DET), the
  // KILO TM commit unit (unit 1, id UNIT1). To attach another unit:
  // PP_UNITS + 1, its id appended to PP_IDS (bits [u*ID_W +: ID_W]), its
  // instance in g_part on the u_* vectors' slice u.
  localparam PP_UNITS = 3;
  localparam [PP_UNITS*ID_W-1:0] PP_IDS = {`WW_REQID_UNIT2, `WW_REQID_UNIT1, `WW_REQID_DET};
  // the sideband's record kind (docs/scord.md §3)
  localparam SK_LSB = `WW_SB_SK_LSB(WID_W, LINE_BYTES / 4, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W);
  localparam SK_W   = `WW_SB_SK_W(WID_W, LINE_BYTES / 4, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W);

  for (p = 0; p < NUM_PART; p = p + 1) begin : g_part
    // The partition's units (ww_part_port's socket, docs/gpu_rtl.md
    // "Partition port"), unit u at [u*W +: W]: unit 0 the ScoRD detector,
    // unit 1 the KILO TM commit unit, unit 2 GPUDet's Z-buffer unit.
    wire [PP_UNITS-1:0]            u_req_valid, u_req_ready, u_rsp_valid;
    wire [PP_UNITS*OP_W-1:0]       u_req_op;
    wire [PP_UNITS*LINE_W-1:0]     u_req_line;
    wire [PP_UNITS*LINE_BYTES-1:0] u_req_be;
    wire [PP_UNITS*LB-1:0]         u_req_data;
    // ScoRD sideband records go to the detector (the port's record port)
    wire rec_valid, det_in_ready, det_ack;
    wire [SM_W-1:0] det_ack_sm;

    // unused outputs of this instance are left open on purpose (the race
    // event port is for test benches: the host reads the log in memory)
    /* verilator lint_off PINCONNECTEMPTY */
    ww_scord_det #(
      .NUM_SM     (NUM_SM),
      .WARPS      (WARPS),
      .NUM_PART   (NUM_PART),
      .PART       (p),
      .LINE_BYTES (LINE_BYTES),
      .SB_W       (SB_W)
    ) u_det (
      .clk_i            (clk_i),
      .rst_ni           (rst_ni),
      .clear_i          (start),
      .en_i             (scord_en_q),
      .cached_i         (scord_cached_q),
      .in_valid_i       (rec_valid),
      .in_ready_o       (det_in_ready),
      .in_src_i         (x_req_src[p*SM_W +: SM_W]),
      .in_line_i        (x_req_line[p*LINE_W +: LINE_W]),
      .in_sb_i          (x_req_sb[p*SB_W +: SB_W]),
      .ack_valid_o      (det_ack),
      .ack_sm_o         (det_ack_sm),
      .mreq_valid_o     (u_req_valid[0]),
      .mreq_ready_i     (u_req_ready[0]),
      .mreq_op_o        (u_req_op[0 +: OP_W]),
      .mreq_line_o      (u_req_line[0 +: LINE_W]),
      .mreq_be_o        (u_req_be[0 +: LINE_BYTES]),
      .mreq_data_o      (u_req_data[0 +: LB]),
      .mrsp_valid_i     (u_rsp_valid[0]),
      .mrsp_data_i      (l2_rsp_data[p*LB +: LB]),
      .xbar_req_i       (x_req_valid[p] && (x_req_sb[p*SB_W + SK_LSB +: SK_W] == `WW_SCORD_SK_NONE) &&
                         !x_req_id[p*ID_W + `WW_REQID_TM_BIT]),
      .idle_o           (det_idle[p]),
      .race_valid_o     (),
      .race_pc_o        (),
      .race_addr_o      (),
      .race_type_o      (),
      .race_scope_blk_o (),
      .race_dup_o       ()
    );
    /* verilator lint_on PINCONNECTEMPTY */
    for (s = 0; s < NUM_SM; s = s + 1) begin : g_ack
      assign scord_ack[s*NUM_PART + p] = det_ack && det_ack_sm == s[SM_W-1:0];
    end

    // KILO TM commit unit (docs/tm.md sec. 4): packets from the port's TM
    // packet port, decoded from the crossbar request (TMPKT in the data,
    // amo_a the word's byte address, amo_b the word, the source SM);
    // messages back through the port (TMMSG in the response data); its word
    // port through the adapter on socket slice 1.
    wire                  tm_pkt_valid, tm_pkt_ready, cu_pkt_ready;
    wire                  tm_msg_valid, tm_msg_ready, cu_msg_valid;
    wire [SM_W-1:0]       cu_msg_sm;
    wire [`WW_TM_MSG_W-1:0] tm_msg_kind;
    wire [CID_W-1:0]      tm_msg_cid;
    wire [SM_W-1:0]       tm_msg_sm;
    wire [LB-1:0]         tm_msg_data;
    wire                  cu_mreq_valid, cu_mreq_ready, cu_mreq_write, cu_mrsp_valid;
    wire [29:0]           cu_mreq_addr;
    wire [31:0]           cu_mreq_data, cu_mrsp_data;
    wire [CU_TAG_W-1:0]   cu_mreq_tag, cu_mrsp_tag;
    wire [CID_W-1:0]      cu_oldest;
    wire                  cu_mem_idle;
    wire [LB-1:0]         pkt_word = x_req_data[p*LB +: LB];
    wire [31:0]           pkt_byte = x_req_amo_a[p*32 +: 32];

    ww_tm_commit_unit #(
      .READS       (CU_READS),
      .NUM_SM      (NUM_SM),
      .CID_W       (CID_W),
      .LWH_ENTRIES (LWH_ENTRIES),
      .LWH_WAYS    (LWH_WAYS)
    ) u_cu (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .next_cid_i   (tm_cid_next),
      .oldest_cid_o (cu_oldest),
      .cid_hold_o   (cu_hold[p]),
      .pkt_valid_i  (tm_pkt_valid && !det_en_q),
      .pkt_ready_o  (cu_pkt_ready),
      .pkt_kind_i   (pkt_word[`WW_TMPKT_KIND_LSB(CID_W) +: `WW_TMPKT_KIND_W(CID_W)]),
      .pkt_cid_i    (pkt_word[`WW_TMPKT_CID_LSB(CID_W) +: `WW_TMPKT_CID_W(CID_W)]),
      .pkt_sm_i     (x_req_src[p*SM_W +: SM_W]),
      .pkt_addr_i   (pkt_byte[31:2]),
      .pkt_data_i   (x_req_amo_b[p*32 +: 32]),
      .msg_valid_o  (cu_msg_valid),
      .msg_ready_i  (tm_msg_ready && !det_en_q),
      .msg_kind_o   (tm_msg_kind),
      .msg_cid_o    (tm_msg_cid),
      .msg_sm_o     (cu_msg_sm),
      .mreq_valid_o (cu_mreq_valid),
      .mreq_ready_i (cu_mreq_ready),
      .mreq_write_o (cu_mreq_write),
      .mreq_addr_o  (cu_mreq_addr),
      .mreq_data_o  (cu_mreq_data),
      .mreq_tag_o   (cu_mreq_tag),
      .mrsp_valid_i (cu_mrsp_valid),
      .mrsp_tag_i   (cu_mrsp_tag),
      .mrsp_data_i  (cu_mrsp_data),
      .st_rd_idx_i  (tm_rd_idx_i),
      .st_rd_data_o (tm_st_data[p*32 +: 32])
    );

    ww_tm_cu_mem #(
      .LINE_BYTES (LINE_BYTES),
      .READS      (CU_READS)
    ) u_cu_mem (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .mreq_valid_i  (cu_mreq_valid),
      .mreq_ready_o  (cu_mreq_ready),
      .mreq_write_i  (cu_mreq_write),
      .mreq_addr_i   (cu_mreq_addr),
      .mreq_data_i   (cu_mreq_data),
      .mreq_tag_i    (cu_mreq_tag),
      .mrsp_valid_o  (cu_mrsp_valid),
      .mrsp_tag_o    (cu_mrsp_tag),
      .mrsp_data_o   (cu_mrsp_data),
      .u_req_valid_o (u_req_valid[1]),
      .u_req_ready_i (u_req_ready[1]),
      .u_req_op_o    (u_req_op[OP_W +: OP_W]),
      .u_req_line_o  (u_req_line[LINE_W +: LINE_W]),
      .u_req_be_o    (u_req_be[LINE_BYTES +: LINE_BYTES]),
      .u_req_data_o  (u_req_data[LB +: LB]),
      .u_rsp_valid_i (u_rsp_valid[1]),
      .u_rsp_data_i  (l2_rsp_data[p*LB +: LB]),
      .idle_o        (cu_mem_idle)
    );

    // the message: TMMSG {PART, CID, KIND} at bit 0 of the response data
    wire [MSG_W-1:0] tm_msg_rec;
    assign tm_msg_rec[`WW_TMMSG_KIND_LSB(CID_W, PART_W) +: `WW_TMMSG_KIND_W(CID_W, PART_W)] = tm_msg_kind;
    assign tm_msg_rec[`WW_TMMSG_CID_LSB(CID_W, PART_W) +: `WW_TMMSG_CID_W(CID_W, PART_W)] = tm_msg_cid;
    assign tm_msg_rec[`WW_TMMSG_PART_LSB(CID_W, PART_W) +: `WW_TMMSG_PART_W(CID_W, PART_W)] =
        p[PART_W-1:0];
    // GPUDet's Z-buffer unit (docs/det.md sec. 3): in deterministic mode
    // the TM packet class carries the SMs' commit requests (WRITE of a
    // line's bytes, the warp in amo_a) and its acknowledgements go back as
    // TM-class messages; transactions trap in that mode, so the commit unit
    // sees none of it
    wire            zb_req_ready, zb_ack_valid;
    wire [SM_W-1:0] zb_ack_sm;
    wire [31:0]     zb_wid32 = x_req_amo_a[p*32 +: 32];
    ww_zbuf #(
      .NUM_SM     (NUM_SM),
      .WARPS      (WARPS),
      .LINE_BYTES (LINE_BYTES)
    ) u_zbuf (
      .clk_i         (clk_i),
      .rst_ni        (rst_ni),
      .qid_i         (det_qid),
      .req_valid_i   (tm_pkt_valid && det_en_q),
      .req_ready_o   (zb_req_ready),
      .req_sm_i      (x_req_src[p*SM_W +: SM_W]),
      .req_wid_i     (zb_wid32[WID_W-1:0]),
      .req_line_i    (x_req_line[p*LINE_W +: LINE_W]),
      .req_be_i      (x_req_be[p*LINE_BYTES +: LINE_BYTES]),
      .req_data_i    (x_req_data[p*LB +: LB]),
      .ack_valid_o   (zb_ack_valid),
      .ack_ready_i   (tm_msg_ready && det_en_q),
      .ack_sm_o      (zb_ack_sm),
      .u_req_valid_o (u_req_valid[2]),
      .u_req_ready_i (u_req_ready[2]),
      .u_req_op_o    (u_req_op[2*OP_W +: OP_W]),
      .u_req_line_o  (u_req_line[2*LINE_W +: LINE_W]),
      .u_req_be_o    (u_req_be[2*LINE_BYTES +: LINE_BYTES]),
      .u_req_data_o  (u_req_data[2*LB +: LB]),
      .u_rsp_valid_i (u_rsp_valid[2]),
      .idle_o        (zb_idle[p]),
      .ovf_o         (zb_ovf[p])
    );
    wire unused_zb = ^zb_wid32[31:WID_W];
    assign tm_pkt_ready = det_en_q ? zb_req_ready : cu_pkt_ready;
    assign tm_msg_valid = det_en_q ? zb_ack_valid : cu_msg_valid;
    assign tm_msg_sm    = det_en_q ? zb_ack_sm : cu_msg_sm;
    assign tm_msg_data = det_en_q ? {LB{1'b0}} : {{(LB - MSG_W){1'b0}}, tm_msg_rec};
    // idle: the ring empty, nothing in flight to the slice or the SMs
    assign cu_idle[p] = cu_mem_idle && !cu_mreq_valid && !cu_msg_valid && cu_oldest == tm_cid_next;
    assign tm_pkt_o[p] = tm_pkt_valid && tm_pkt_ready && !det_en_q;
    wire unused_pkt = &{1'b0, pkt_word[LB-1:`WW_TMPKT_W(CID_W)], pkt_byte[1:0]};

    // The slice's request port (priority: the flush, the units, the
    // crossbar) and the routing of its responses.
    wire                  req_valid, rsp_ready;
    wire [OP_W-1:0]       req_op;
    wire [LINE_W-1:0]     req_line;
    wire [ID_W-1:0]       req_id;
    wire [SM_W-1:0]       req_src;
    wire [LINE_BYTES-1:0] req_be;
    wire [LB-1:0]         req_data;
    wire [AOP_W-1:0]      req_amo_op;
    wire [WORD_W-1:0]     req_amo_word;
    wire [31:0]           req_amo_a, req_amo_b;
    // the slice's DRAM requests into their queue: {we, line, data}
    wire                  dq_in_valid, dq_in_ready;
    wire [LINE_W+LB:0]    dq_in_data;
    assign dq_busy[p] = dq_in_valid || dram_req_valid_o[p];

    ww_part_port #(
      .N_UNITS    (PP_UNITS),
      .NUM_SM     (NUM_SM),
      .LINE_BYTES (LINE_BYTES),
      .ID_W       (ID_W),
      .OP_W       (OP_W),
      .AOP_W      (AOP_W),
      .SK_W       (SK_W),
      .UNIT_IDS   (PP_IDS)
    ) u_port (
      .clk_i             (clk_i),
      .rst_ni            (rst_ni),
      .flush_i           (flushing),
      .flush_valid_i     (fl_send_q[p]),
      .x_req_valid_i     (x_req_valid[p]),
      .x_req_ready_o     (x_req_ready[p]),
      .x_req_sk_i        (x_req_sb[p*SB_W + SK_LSB +: SK_W]),
      .x_req_op_i        (x_req_op[p*OP_W +: OP_W]),
      .x_req_line_i      (x_req_line[p*LINE_W +: LINE_W]),
      .x_req_id_i        (x_req_id[p*ID_W +: ID_W]),
      .x_req_src_i       (x_req_src[p*SM_W +: SM_W]),
      .x_req_be_i        (x_req_be[p*LINE_BYTES +: LINE_BYTES]),
      .x_req_data_i      (x_req_data[p*LB +: LB]),
      .x_req_amo_op_i    (x_req_amo_op[p*AOP_W +: AOP_W]),
      .x_req_amo_word_i  (x_req_amo_word[p*WORD_W +: WORD_W]),
      .x_req_amo_a_i     (x_req_amo_a[p*32 +: 32]),
      .x_req_amo_b_i     (x_req_amo_b[p*32 +: 32]),
      .rec_valid_o       (rec_valid),
      .rec_ready_i       (det_in_ready),
      .tm_pkt_valid_o    (tm_pkt_valid),
      .tm_pkt_ready_i    (tm_pkt_ready),
      .u_req_valid_i     (u_req_valid),
      .u_req_ready_o     (u_req_ready),
      .u_req_op_i        (u_req_op),
      .u_req_line_i      (u_req_line),
      .u_req_be_i        (u_req_be),
      .u_req_data_i      (u_req_data),
      .u_rsp_valid_o     (u_rsp_valid),
      .l2_req_valid_o    (req_valid),
      .l2_req_ready_i    (l2_req_ready[p]),
      .l2_req_op_o       (req_op),
      .l2_req_line_o     (req_line),
      .l2_req_id_o       (req_id),
      .l2_req_src_o      (req_src),
      .l2_req_be_o       (req_be),
      .l2_req_data_o     (req_data),
      .l2_req_amo_op_o   (req_amo_op),
      .l2_req_amo_word_o (req_amo_word),
      .l2_req_amo_a_o    (req_amo_a),
      .l2_req_amo_b_o    (req_amo_b),
      .l2_rsp_valid_i    (l2_rsp_valid[p]),
      .l2_rsp_ready_o    (rsp_ready),
      .l2_rsp_id_i       (l2_rsp_id[p*ID_W +: ID_W]),
      .l2_rsp_src_i      (l2_rsp_src[p*SM_W +: SM_W]),
      .l2_rsp_miss_i     (l2_rsp_miss[p]),
      .l2_rsp_data_i     (l2_rsp_data[p*LB +: LB]),
      .tm_msg_valid_i    (tm_msg_valid),
      .tm_msg_ready_o    (tm_msg_ready),
      .tm_msg_sm_i       (tm_msg_sm),
      .tm_msg_data_i     (tm_msg_data),
      .x_rsp_valid_o     (x_rsp_valid[p]),
      .x_rsp_ready_i     (x_rsp_ready[p]),
      .x_rsp_src_o       (x_rsp_src[p*SM_W +: SM_W]),
      .x_rsp_id_o        (x_rsp_id[p*ID_W +: ID_W]),
      .x_rsp_miss_o      (x_rsp_miss[p]),
      .x_rsp_data_o      (x_rsp_data[p*LB +: LB])
    );


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
      .req_valid_i      (req_valid),
      .req_ready_o      (l2_req_ready[p]),
      .req_op_i         (req_op),
      .req_line_i       (req_line),
      .req_id_i         (req_id),
      .req_src_i        (req_src),
      .req_be_i         (req_be),
      .req_data_i       (req_data),
      .req_amo_op_i     (req_amo_op),
      .req_amo_word_i   (req_amo_word),
      .req_amo_a_i      (req_amo_a),
      .req_amo_b_i      (req_amo_b),
      .rsp_valid_o      (l2_rsp_valid[p]),
      .rsp_ready_i      (rsp_ready),
      .rsp_op_o         (l2_rsp_op[p*OP_W +: OP_W]),
      .rsp_id_o         (l2_rsp_id[p*ID_W +: ID_W]),
      .rsp_src_o        (l2_rsp_src[p*SM_W +: SM_W]),
      .rsp_miss_o       (l2_rsp_miss[p]),
      .rsp_data_o       (l2_rsp_data[p*LB +: LB]),
      .dram_req_valid_o (dq_in_valid),
      .dram_req_ready_i (dq_in_ready),
      .dram_req_we_o    (dq_in_data[LINE_W + LB]),
      .dram_req_line_o  (dq_in_data[LB +: LINE_W]),
      .dram_req_data_o  (dq_in_data[0 +: LB]),
      .dram_rsp_valid_i (dram_rsp_valid_i[p]),
      .dram_rsp_data_i  (dram_rsp_data_i[p*LB +: LB]),
      .cov_o            (l2_cov_o[p*L2COV +: L2COV])
    );

    // The slice's DRAM requests leave through a two-entry queue: its ready
    // is a register, so nothing in the GPU depends on dram_req_ready_i
    // within a cycle (the memory model outside decides it; one cycle more
    // to DRAM, the same throughput).
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
  wire unused_rsp_op = ^{l2_rsp_op, dist_busy};

  assign part_req_valid_o = x_req_valid & x_req_ready & ~tm_pkt_o;
  assign part_req_src_o   = x_req_src;
  assign part_req_sb_o    = x_req_sb;

  ////////////////////
  // Grid FSM       //
  ////////////////////

  // The memory system is empty: nothing queued in the crossbar, no SM
  // request pending, every slice idle (so no response pending either),
  // every commit unit's ring empty with nothing in flight.
  wire drained = req_idle && rsp_idle && !(|mreq_valid) && (&l2_req_ready) && (&det_idle) &&
                 (&cu_idle);
  assign det_quiet = drained;

  // FLUSH handshakes: a slice in IDLE takes its FLUSH; while flushing, a
  // slice's only response is that FLUSH's ack (rsp_ready is held high).
  wire [NUM_PART-1:0] fl_send_d = fl_send_q & ~l2_req_ready;
  wire [NUM_PART-1:0] fl_wait_d = (fl_wait_q | (fl_send_q & l2_req_ready)) & ~l2_rsp_valid;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= ST_IDLE;
      done_q    <= 1'b0;
      fl_send_q <= {NUM_PART{1'b0}};
      fl_wait_q <= {NUM_PART{1'b0}};
    end else begin
      done_q <= 1'b0;
      case (state_q)
        ST_IDLE: begin
          if (start) begin
            state_q <= ST_RUN;
          end
        end
        ST_RUN: begin
          // with GPUDet, after the last round's commit and serial mode
          if ((dist_done || grid_done_q) && !det_busy) begin
            state_q <= ST_DRAIN;
          end
        end
        ST_DRAIN: begin
          if (drained) begin
            state_q   <= ST_FLUSH;
            fl_send_q <= {NUM_PART{1'b1}};
          end
        end
        default: begin  // ST_FLUSH
          fl_send_q <= fl_send_d;
          fl_wait_q <= fl_wait_d;
          // done once every slice has flushed and its last write-back has
          // left the DRAM queue (the host then reads the DRAM model)
          if (!(|{fl_send_d, fl_wait_d, dq_busy})) begin
            state_q <= ST_IDLE;
            done_q  <= 1'b1;
          end
        end
      endcase
    end
  end

  // Launch parameters: stable while the grid runs. Not reset.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      scord_en_q     <= 1'b0;
      scord_cached_q <= 1'b0;
    end else if (start) begin
      scord_en_q     <= scord_en_i;
      scord_cached_q <= scord_cached_i;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      det_en_q      <= 1'b0;
      det_quantum_q <= {`WW_DET_QCNT_W{1'b0}};
      det_wser_q    <= 1'b0;
      det_one_q     <= 1'b0;
      det_lock_q    <= 1'b0;
      grid_done_q   <= 1'b0;
    end else begin
      if (start) begin
        det_en_q      <= det_en_i;
        det_quantum_q <= det_quantum_i;
        det_wser_q    <= det_wser_i;
        det_one_q     <= det_en_i && scord_en_i;
        det_lock_q    <= det_lock_i;
      end
      if (start) begin
        grid_done_q <= 1'b0;
      end else if (dist_done) begin
        grid_done_q <= 1'b1;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      tx_watchdog_q <= 32'd0;
      sched_mode_q  <= {`WW_SCHED_W{1'b0}};
      serial_wid_q  <= {WID_W{1'b0}};
    end else begin
      if (start) begin
        tx_watchdog_q <= tx_watchdog_i;
      end
      sched_mode_q <= sched_mode_i;
      serial_wid_q <= serial_wid_i;
    end
  end

  always @(posedge clk_i) begin
    if (start) begin
      entry_pc_q <= entry_pc_i;
      grid_q     <= grid_i;
      block_q    <= block_i;
      kargs_q    <= kargs_i;
    end
  end

  assign busy_o         = (state_q != ST_IDLE) || start_q;
  assign done_o         = done_q;
  assign launch_valid_o = launch_valid;
  assign launch_sm_o    = launch_sm;
  assign launch_ctaid_o = launch_ctaid;

endmodule  // ww_gpu
`default_nettype wire
