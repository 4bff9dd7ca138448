// SPDX-License-Identifier: Apache-2.0
//
// ww_sm -- one streaming multiprocessor (docs/gpu_rtl.md "SM"): fetch from
// the per-SM instruction memory, decode, loose round-robin issue, register
// file, ALU / mul-div lanes, SIMT stack, barrier unit, LSU with coalescer,
// L1 data cache and shared memory, retire port.
//
// Pipeline (one warp instruction issued per cycle, in order per warp, at most
// one instruction of a warp in flight -- docs/isa.md: every instruction is
// complete before the warp's next one; a warp can issue back to back):
//   fetch     one warp per cycle reads the instruction memory (block RAM,
//             loaded by the host; a PC outside it gives a fetch fault that
//             traps only if the instruction issues). Priority: the PC of a
//             control instruction completing now, then PC+4 of a
//             non-control instruction issuing now (fetch-ahead), then any
//             warp waiting for a fetch (round robin).
//   decode    ww_decode into the warp's instruction buffer (one entry);
//             issue sees the decoder output in the same cycle (bypass).
//   issue     ww_sm_issue: ww_warp_sched (loose round robin, GSI stall
//             classes) over the warps whose buffer (or decoder output) is
//             full, scoreboard ready, not in flight (or completing now: its
//             one pending register is written, the register file is
//             write-first; not after a ww.bar) and unit free; the in-flight
//             bits, mul/div credits and the late-completion wait live there.
//             Reads rs1/rs2 from ww_regfile.
//   execute   ww_sm_exec: ALU lanes, branch/jump resolution and the
//             uniformity check, CSRs, votes, the execute-stage trap;
//             ww.bar/ww.exit (ww_barrier), fence.blk: complete here.
//             split/join go to ww_simt_stack (answer next cycle),
//             mul/div to ww_muldiv (multiplies pipelined: issued while
//             fewer than two are in flight; one division), memory
//             instructions and fences to ww_lsu; CAS reads rs3 in a second
//             register-file cycle.
//   complete  ww_sm_complete: one instruction per cycle, execute first,
//             then the stack answer, the LSU, the mul/div unit; the register
//             file's write port, which also zeroes a launched warp's
//             registers. It clears the scoreboard; the retire port is
//             registered here from the completion. A late completion (LSU,
//             mul/div) that loses waits for a cycle without an execute
//             completion; after LATE_WAIT cycles issue stops for one cycle
//             so that it completes (ww_sm_issue).
//   retire    ww_sm_retire: the retire record (registered: the retire port
//             shows it one cycle later) and the trap of the cycle (priority:
//             execute, stack answer, deadlock); a trap halts the SM: trap_*
//             pulse once, nothing issues afterwards.
// Protocol codes (trap causes, memory kinds, GSI codes) and the sideband
// width: rtl/include/ww_proto.vh; CSR numbers: ww_isa.vh (WW_CSR_*).
// Requires LANES, WARPS, LOCAL_BYTES powers of two; TM_LIMIT >= 0 (KILO TM
// concurrency limit, sec. 4.6: an outermost ww.tx.begin waits while TM_LIMIT
// warps of the SM are in a transaction; 0 = unlimited); TX_WATCHDOG >= 0
// (KILO TM's watchdog, sec. 4.2: the most warp instructions of one attempt
// before a validation; it sizes the counter, tx_watchdog_i is the run's
// value, 0 = off).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_sm #(
  parameter NUM_SM     = `WW_NUM_SM,
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter BLOCKS     = `WW_BLOCKS_PER_SM,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter IMEM_BYTES = `WW_IMEM_BYTES,
  parameter SM_W       = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter WCNT_W     = $clog2(WARPS + 1),
  parameter IMEM_AW    = $clog2(IMEM_BYTES / 4),
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter SB_W       = `WW_SB_W(WID_W, LINE_BYTES / 4, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W),
  parameter LATE_WAIT  = `WW_LATE_WAIT,  // cycles a late completion may wait for the write port
  parameter CID_W      = `WW_CID_W,
  parameter TCNT_W     = $clog2(LANES + 1),
  parameter TM_LIMIT   = `WW_TM_WARPS_PER_SM,  // transactional warps at once, 0 = unlimited
  parameter TX_WATCHDOG = `WW_TX_WATCHDOG,    // most instructions of an attempt before a validation
  parameter TRACE_ID   = 0            // names this SM's GSI trace file (WW_GSI_TRACE)
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  input  wire [SM_W-1:0]           sm_id_i,
  // kernel launch parameters, stable while the grid runs
  input  wire [31:0]               entry_pc_i,
  input  wire [31:0]               grid_i,
  input  wire [31:0]               block_i,
  input  wire [31:0]               kargs_i,
  // instruction memory load (host, while idle); word address from CODE_BASE
  input  wire                      imem_we_i,
  input  wire [IMEM_AW-1:0]        imem_waddr_i,
  input  wire [31:0]               imem_wdata_i,
  // block distributor
  input  wire                      launch_valid_i,
  input  wire [31:0]               launch_ctaid_i,
  input  wire                      launch_refill_i,   // DWP: into the slot finishing now
  output wire                      free_slot_o,
  output wire [WCNT_W-1:0]         free_warps_o,
  output wire [BLOCKS-1:0]         slots_used_o,
  output wire                      block_done_o,
  output wire [SLOT_W-1:0]         block_done_slot_o,
  // memory requests toward the crossbar (ww_l2_slice request fields)
  output wire                      mreq_valid_o,
  input  wire                      mreq_ready_i,
  output wire [`WW_L2_W-1:0]       mreq_op_o,
  output wire [LINE_W-1:0]         mreq_line_o,
  output wire [`WW_REQID_W-1:0]    mreq_id_o,
  output wire [LINE_BYTES-1:0]     mreq_be_o,
  output wire [LINE_BYTES*8-1:0]   mreq_data_o,
  output wire [`WW_AMO_W-1:0]     mreq_amo_op_o,
  output wire [WORD_W-1:0]         mreq_amo_word_o,
  output wire [31:0]               mreq_amo_a_o,
  output wire [31:0]               mreq_amo_b_o,
  output wire [SB_W-1:0]           mreq_sb_o,     // ScoRD sideband (ww_lsu, docs/scord.md §3)
  // memory responses from the crossbar
  input  wire                      mrsp_valid_i,
  output wire                      mrsp_ready_o,
  input  wire [`WW_REQID_W-1:0]    mrsp_id_i,
  input  wire                      mrsp_miss_i,
  input  wire [LINE_BYTES*8-1:0]   mrsp_data_i,
  // retire port: one retired warp instruction per cycle (ww_retire_t)
  output wire                      ret_valid_o,
  output wire [WID_W-1:0]          ret_warp_o,
  output wire [31:0]               ret_block_o,
  output wire [31:0]               ret_pc_o,
  output wire [31:0]               ret_insn_o,
  output wire [LANES-1:0]          ret_mask_o,
  output wire [4:0]                ret_rd_o,
  output wire [`WW_MEM_W-1:0]     ret_mem_o,
  output wire [2:0]                ret_mem_bytes_o,
  output wire [LANES*32-1:0]       ret_rd_val_o,
  output wire [LANES*32-1:0]       ret_addr_o,
  output wire [LANES*32-1:0]       ret_wdata_o,
  // trap (ww_trap_kind_t numbering): trap_valid_o is high for one cycle, then
  // the SM stops issuing
  output wire                      trap_valid_o,
  output wire [`WW_TRAP_W-1:0]    trap_kind_o,
  output wire [WID_W-1:0]          trap_warp_o,
  output wire [31:0]               trap_block_o,  // block index of that warp
  output wire [LANES-1:0]          trap_mask_o,   // its active lanes
  output wire [31:0]               trap_pc_o,
  output wire [31:0]               trap_insn_o,
  output wire [5:0]                trap_lane_o,   // 63 = not a lane trap
  output wire [31:0]               trap_addr_o,
  // hooks: GSI stall classes per warp, GPUDet scheduler mode
  output wire [WARPS*`WW_GSI_W-1:0] stall_o,
  // ScoRD (docs/scord.md §3): on for this launch; the detectors' fence acks
  input  wire                      scord_en_i,
  input  wire [NUM_PART-1:0]       scord_ack_i,
  // GSI counters (ww_gsi): cleared at launch, counting while gsi_en_i
  input  wire                      gsi_clear_i,
  input  wire                      gsi_en_i,
  input  wire [4:0]                gsi_rd_idx_i,
  output wire [31:0]               gsi_rd_data_o,
  input  wire [`WW_SCHED_W-1:0]    sched_mode_i,
  input  wire [WID_W-1:0]          serial_wid_i,
  // GPUDet (docs/det.md): the mode controller's port (ww_det_sm)
  input  wire [`WW_DETMODE_W-1:0]  det_mode_i,
  input  wire [`WW_DETPH_W-1:0]    det_phase_i,    // the GPU's phase (GSI classes)
  input  wire                      det_start_i,
  input  wire [`WW_DET_QCNT_W-1:0] det_quantum_i,
  input  wire                      det_cmt_start_i,
  input  wire                      det_inval_i,
  input  wire                      det_wser_i,
  input  wire                      det_one_i,      // ScoRD with GPUDet: one warp at a time
  input  wire                      det_lock_i,     // lock-based commit (the baseline)
  output wire                      det_par_done_o,
  output wire                      det_ser_done_o,
  output wire                      det_cmt_busy_o,
  output wire                      det_inval_busy_o,
  output wire [WARPS*`WW_DETEND_W-1:0] det_why_o,
  // KILO TM (docs/tm.md sec. 4.3): commit IDs from the central vendor
  // (ww_tm_cid: n consecutive IDs from base in the cycle of the grant), and
  // every final outcome in the cycle the commit walk decides it (one CID a
  // cycle; co-simulation applies them in CID order)
  output wire                      tm_cid_req_o,
  output wire [TCNT_W-1:0]         tm_cid_n_o,
  input  wire                      tm_cid_grant_i,
  input  wire [CID_W-1:0]          tm_cid_base_i,
  output wire                      tm_fin_valid_o,
  output wire [WID_W-1:0]          tm_fin_wid_o,
  output wire [4:0]                tm_fin_lane_o,
  output wire [CID_W-1:0]          tm_fin_cid_o,
  output wire                      tm_fin_pass_o,
  output wire                      tm_fin_wd_o,     // the CID is a watchdog validation's
  // the watchdog (docs/tm.md sec. 4.3 step 7): its run-time limit, and a
  // validation's end {warp, aborted} in the cycle the SM acts on it
  input  wire [31:0]               tx_watchdog_i,
  output wire                      tm_wd_valid_o,
  output wire [WID_W-1:0]          tm_wd_wid_o,
  output wire                      tm_wd_abort_o,
  // the L1's transition coverage (ww_l1_dcache cov_o, docs/drf.md sec. 3)
  output wire [`WW_L1ST_N*`WW_L1EV_N-1:0] l1_cov_o
);

  // ISA constants: this module uses the WW_OP_* codes only.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam LG_LANES  = $clog2(LANES);
  localparam SLOT_W    = (BLOCKS > 1) ? $clog2(BLOCKS) : 1;

  integer w;

  ////////////////////
  // Warp state     //
  ////////////////////

  reg [WARPS-1:0]   used_q;      // slot belongs to a resident block
  reg [WARPS-1:0]   active_q;    // launched and not exited
  wire [WARPS-1:0]  iss_inflight;  // an issued instruction has not completed (ww_sm_issue)
  wire [WARPS-1:0]  zeroing;     // launched, registers x1..x31 still being zeroed (ww_sm_complete)
  reg [LANES-1:0]   mask_q   [0:WARPS-1];
  (* mem2reg *) reg [LANES-1:0]  live_q [0:WARPS-1];   // registers: read by every warp at once
  (* mem2reg *) reg [SLOT_W-1:0] slot_q [0:WARPS-1];
  (* mem2reg *) reg [WID_W-1:0]  wib_q  [0:WARPS-1];   // warp index in its block
  // the instruction in flight (for the retire record of late completions)
  reg [31:0]        if_pc_q   [0:WARPS-1];
  reg [31:0]        if_insn_q [0:WARPS-1];
  reg [4:0]         if_rd_q   [0:WARPS-1];
  // block slots
  reg [BLOCKS-1:0]  bslot_used_q;
  reg [31:0]        ctaid_q  [0:BLOCKS-1];
  wire              halted;      // a trap stopped the SM (ww_sm_retire)
  wire [WARPS-1:0]  det_hold;    // GPUDet: warps that may not issue (ww_det_sm)

  ////////////////////
  // Launch         //
  ////////////////////

  wire [31:0] nwarps_c   = (block_i + LANES - 1) >> LG_LANES;
  wire [LG_LANES:0] last_lanes_c = (block_i[LG_LANES-1:0] == 0) ? LANES[LG_LANES:0]
                                   : {1'b0, block_i[LG_LANES-1:0]};
  wire [LANES-1:0] last_live_c = ~({LANES{1'b1}} << last_lanes_c);

  // a finished block (all its warps exited): the lowest such slot is freed
  // this cycle, with its warps
  wire [BLOCKS-1:0] bslot_free;      // ww_barrier: the slot's warps all exited
  reg               bdone_c;
  reg [SLOT_W-1:0]  bdone_slot_c;
  reg [WARPS-1:0]   bdone_warps_c;
  always @* begin
    bdone_c = 1'b0;
    bdone_slot_c = {SLOT_W{1'b0}};
    for (w = BLOCKS - 1; w >= 0; w = w - 1)
      if (bslot_used_q[w] && bslot_free[w]) begin
        bdone_c = 1'b1;
        bdone_slot_c = w[SLOT_W-1:0];
      end
    for (w = 0; w < WARPS; w = w + 1)
      bdone_warps_c[w] = bdone_c && used_q[w] && !active_q[w] && slot_q[w] == bdone_slot_c;
  end
  assign block_done_o      = bdone_c;
  assign block_done_slot_o = bdone_slot_c;
  assign slots_used_o      = bslot_used_q;
  `WW_ASSERT(RefillOnlyIntoFinishedSlot, !(launch_valid_i && launch_refill_i) || bdone_c)

  // a launch takes the lowest free block slot and the lowest free warp
  // slots; a refill (DWP, GPUDet sec. 4.2.2) takes the slot finishing now
  // and exactly its warps: a warp slot's id is its commit depth, and which
  // other warps are free in parallel mode depends on timing
  reg [SLOT_W-1:0] new_slot_c;
  reg [WARPS-1:0]  new_warps_c;      // slots the launching block takes
  reg [WARPS-1:0]  cand_c;
  (* mem2reg *) reg [WID_W-1:0] new_wib_c [0:WARPS-1];
  reg [31:0]       cnt;
  always @* begin
    new_slot_c = {SLOT_W{1'b0}};
    for (w = BLOCKS - 1; w >= 0; w = w - 1)
      if (!bslot_used_q[w]) new_slot_c = w[SLOT_W-1:0];
    cand_c = ~used_q;
    if (launch_refill_i) begin
      new_slot_c = bdone_slot_c;
      cand_c = bdone_warps_c;
    end
    new_warps_c = {WARPS{1'b0}};
    cnt = 32'd0;
    for (w = 0; w < WARPS; w = w + 1) begin
      new_wib_c[w] = cnt[WID_W-1:0];
      if (cand_c[w] && cnt < nwarps_c) begin
        new_warps_c[w] = 1'b1;
        cnt = cnt + 32'd1;
      end
    end
  end

  reg [WCNT_W-1:0] free_cnt_c;
  always @* begin
    free_cnt_c = {WCNT_W{1'b0}};
    for (w = 0; w < WARPS; w = w + 1)
      if (!used_q[w]) free_cnt_c = free_cnt_c + 1'b1;
  end
  assign free_slot_o  = ~&bslot_used_q;
  assign free_warps_o = free_cnt_c;

  ////////////////////
  // Fetch          //
  ////////////////////

  // completion (below) sends the successor of a control instruction
  wire             cmp_fetch;
  wire             wd_redirect;  // a watchdog abort's stack answer (below): its warp, retry pc
  wire [WID_W-1:0] wd_rd_wid;
  wire [31:0]      wd_rd_pc;
  wire [WID_W-1:0] cmp_wid;
  wire [31:0]      cmp_npc;
  wire             iss_valid, e_exit;
  wire [WID_W-1:0] iss_w;
  wire [WARPS-1:0] new_warps_go = launch_valid_i ? new_warps_c : {WARPS{1'b0}};

  // the issue view of each warp's next instruction (ww_fetch)
  wire [WARPS-1:0]    bv_valid, bv_mem, bv_md, bv_ctrl, ibuf_v;
  wire [WARPS*32-1:0] bv_pc, bv_insn, bv_imm, fpc;
  wire [WARPS*7-1:0]  bv_op;
  wire [WARPS*5-1:0]  bv_rd, bv_rs1, bv_rs2, bv_rs3;
  wire [WARPS*2-1:0]  bv_fault;

  ww_fetch #(.WARPS(WARPS), .IMEM_BYTES(IMEM_BYTES)) u_fetch (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .halted_i     (halted),
    .scord_en_i   (scord_en_i),
    .imem_we_i    (imem_we_i),
    .imem_waddr_i (imem_waddr_i),
    .imem_wdata_i (imem_wdata_i),
    .active_i     (active_q),
    .zeroing_i    (zeroing),
    .launch_i     (new_warps_go),
    .entry_pc_i   (entry_pc_i),
    .iss_valid_i  (iss_valid),
    .iss_wid_i    (iss_w),
    .cmp_fetch_i  (cmp_fetch || wd_redirect),   // a watchdog abort fetches its retry pc
    .cmp_wid_i    (wd_redirect ? wd_rd_wid : cmp_wid),
    .cmp_npc_i    (wd_redirect ? wd_rd_pc : cmp_npc),
    .exit_i       (e_exit),
    .exit_wid_i   (e_wid_q),
    .bv_valid_o   (bv_valid),
    .bv_mem_o     (bv_mem),
    .bv_md_o      (bv_md),
    .bv_ctrl_o    (bv_ctrl),
    .bv_pc_o      (bv_pc),
    .bv_insn_o    (bv_insn),
    .bv_imm_o     (bv_imm),
    .bv_op_o      (bv_op),
    .bv_rd_o      (bv_rd),
    .bv_rs1_o     (bv_rs1),
    .bv_rs2_o     (bv_rs2),
    .bv_rs3_o     (bv_rs3),
    .bv_fault_o   (bv_fault),
    .ibuf_valid_o (ibuf_v),
    .fpc_o        (fpc)
  );

  ////////////////////
  // Issue          //
  ////////////////////

  wire [WARPS*5-1:0] q_rs1, q_rs2, q_rd;
  wire [WARPS-1:0]   sb_ready, sb_mem, bar_waiting, bv_div;

  genvar gw;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_q
      assign q_rs1[5*gw +: 5] = bv_rs1[5*gw +: 5];
      assign q_rs2[5*gw +: 5] = bv_rs2[5*gw +: 5];
      assign q_rd[5*gw +: 5]  = bv_rd[5*gw +: 5];
      assign bv_div[gw]       = bv_insn[32*gw + 14];   // funct3[2] of a mul/div: a division
    end
  endgenerate

  wire             sb_set, sb_clr;
  wire [4:0]       sb_clr_rd;
  wire [WID_W-1:0] sb_clr_wid;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_scoreboard #(.WARPS(WARPS)) u_sb (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .set_valid_i (sb_set),
    .set_wid_i   (iss_w),
    .set_rd_i    (bv_rd[5*iss_w +: 5]),
    .set_mem_i   (bv_mem[iss_w]),
    .clr_valid_i (sb_clr),
    .clr_wid_i   (sb_clr_wid),
    .clr_rd_i    (sb_clr_rd),
    .q_rs1_i     (q_rs1),
    .q_rs2_i     (q_rs2),
    .q_rd_i      (q_rd),
    .ready_o     (sb_ready),
    .mem_o       (sb_mem),
    .busy_o      ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // execute-stage registers
  reg              e_valid_q;
  reg [WID_W-1:0]  e_wid_q;
  reg [31:0]       e_pc_q, e_insn_q, e_imm_q;
  reg [6:0]        e_op_q;
  reg [4:0]        e_rd_q, e_rs1_q, e_rs3_q;
  reg [LANES-1:0]  e_mask_q;
  reg [1:0]        e_fault_q;
  reg              e_mem_q, e_md_q;

  // KILO TM (docs/tm.md sec. 3): an outermost ww.tx.begin pushes the TX
  // entry (a stack request like split/join); an outermost ww.tx.commit goes
  // to ww_tm_sm, whose outcome later makes the stack's TX_COMMIT request
  wire [WARPS-1:0] tx_in;          // warps in a transaction (ww_tm_warp)
  wire e_txb   = e_valid_q && e_op_q == WW_OP_TX_BEGIN;
  wire e_txc   = e_valid_q && e_op_q == WW_OP_TX_COMMIT;
  wire tw_commit_outer, tw_commit_outside, tw_begin_err;
  wire e_stack = e_valid_q && (e_op_q == WW_OP_SPLIT || e_op_q == WW_OP_JOIN ||
                               (e_txb && !tx_in[e_wid_q]));
  wire e_tmc   = e_txc && tw_commit_outer;   // to ww_tm_sm
  wire tmc_stack;                  // ww_tm_sm's outcome goes to the stack now
  wire wd_stack;                   // a watchdog abort goes to the stack now (TX_ABORT)
  wire wd_pass;                    // a watchdog validation passed (taken now)
  reg [LANES-1:0] tx_att_q [0:WARPS-1];   // the lanes of each warp's attempt
  wire [WID_W-1:0] tmc_wid;        // its warp and failed lanes
  wire [LANES-1:0] tmc_fail;
  wire [WARPS-1:0] tm_wait;        // a warp's next ww.tx.begin / ww.tx.commit waits
  wire [`WW_TRAP_W-1:0] e_tx_trap; // the transaction rule the execute stage breaks
  wire lsu_is_cas;   // the LSU decodes CAS (its third operand is read next cycle)
  wire e_cas   = e_valid_q && e_mem_q && lsu_is_cas;
  wire lsu_done_valid;
  wire md_out_valid;
  wire lsu_take, md_take;   // a late completion wins the write port (Complete)
  wire             c_valid, c_md, e_bar;
  wire [WID_W-1:0] c_wid;
  wire             c_lsu;
  wire             lsu_ready;

  // issue selection, in-flight bits, mul/div credits, the late-completion
  // wait (ww_sm_issue); the execute stage holds issue for a stack answer or
  // a CAS's rs3 read
  ww_sm_issue #(.WARPS(WARPS), .LATE_WAIT(LATE_WAIT)) u_issue (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .halted_i         (halted),
    .active_i         (active_q),
    .bar_wait_i       (bar_waiting | tm_wait | det_hold),
    .bv_valid_i       (bv_valid),
    .bv_mem_i         (bv_mem),
    .bv_md_i          (bv_md),
    .bv_div_i         (bv_div),
    .sb_ready_i       (sb_ready),
    .sb_mem_i         (sb_mem),
    .exec_hold_i      (e_stack || e_cas || tmc_stack || wd_stack),
    .lsu_offer_i      (e_valid_q && e_mem_q),
    .lsu_ready_i      (lsu_ready),
    .c_valid_i        (c_valid),
    .c_wid_i          (c_wid),
    .c_bar_i          (e_bar),
    .md_done_i        (c_md),
    .md_done_div_i    (if_insn_q[c_wid][14]),
    .lsu_done_valid_i (lsu_done_valid),
    .lsu_take_i       (lsu_take),
    .md_out_valid_i   (md_out_valid),
    .md_take_i        (md_take),
    .mode_i           (sched_mode_i),
    .serial_wid_i     (serial_wid_i),
    .issue_valid_o    (iss_valid),
    .issue_wid_o      (iss_w),
    .stall_o          (stall_o),
    .inflight_o       (iss_inflight)
  );

  ////////////////////
  // Register file  //
  ////////////////////

  wire                rf_wr_valid;
  wire [WID_W-1:0]    rf_wr_wid;
  wire [4:0]          rf_wr_rd;
  wire [LANES-1:0]    rf_wr_mask;
  wire [LANES*32-1:0] rf_wr_data;
  wire [LANES*32-1:0] rs1_data, rs2_data;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_regfile #(.WARPS(WARPS), .LANES(LANES)) u_rf (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .rd_valid_i    (iss_valid || e_cas),
    .rd_wid_i      (e_cas ? e_wid_q : iss_w),
    .rd_rs1_i      (e_cas ? e_rs3_q : bv_rs1[5*iss_w +: 5]),
    .rd_rs2_i      (e_cas ? 5'd0 : bv_rs2[5*iss_w +: 5]),
    .rd_valid_o    (),
    .rd_rs1_data_o (rs1_data),
    .rd_rs2_data_o (rs2_data),
    .wr_valid_i    (rf_wr_valid),
    .wr_wid_i      (rf_wr_wid),
    .wr_rd_i       (rf_wr_rd),
    .wr_mask_i     (rf_wr_mask),
    .wr_data_i     (rf_wr_data)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  ////////////////////
  // Execute        //
  ////////////////////

  // the slot of the warp in execute, its block
  wire [SLOT_W-1:0] e_slot  = slot_q[e_wid_q];

  // LSU (offers its address fault in the execute cycle)
  wire       lsu_fault;
  wire [`WW_TRAP_W-1:0] lsu_fault_kind;
  wire [4:0] lsu_fault_lane;
  wire [31:0] lsu_fault_addr;
  wire [WARPS-1:0] stack_empty;

  // operands, ALU lanes, branch resolution, CSRs, votes, the execute-stage
  // trap (ww_sm_exec)
  wire [LANES*32-1:0] e_res_c;
  wire [LANES-1:0]    pred_c;
  wire [31:0]         e_target, e_npc;
  wire [`WW_TRAP_W-1:0] e_trap_c;
  ww_sm_exec #(.NUM_SM(NUM_SM), .WARPS(WARPS), .LANES(LANES)) u_exec (
    .clk_i            (clk_i),
    .sm_id_i          (sm_id_i),
    .grid_i           (grid_i),
    .block_i          (block_i),
    .kargs_i          (kargs_i),
    .nwarps_i         (nwarps_c),
    .valid_i          (e_valid_q),
    .wid_i            (e_wid_q),
    .pc_i             (e_pc_q),
    .funct3_i         (e_insn_q[14:12]),
    .alt_i            (e_insn_q[30]),
    .imm_i            (e_imm_q),
    .op_i             (e_op_q),
    .rs1_i            (e_rs1_q),
    .mask_i           (e_mask_q),
    .fault_i          (e_fault_q),
    .mem_i            (e_mem_q),
    .wib_i            (wib_q[e_wid_q]),
    .ctaid_i          (ctaid_q[e_slot]),
    .live_i           (live_q[e_wid_q]),
    .stack_empty_i    (stack_empty[e_wid_q]),
    .rs1_data_i       (rs1_data),
    .rs2_data_i       (rs2_data),
    .lsu_fault_i      (lsu_fault),
    .lsu_fault_kind_i (lsu_fault_kind),
    .tx_trap_i        (e_tx_trap),
    .res_o            (e_res_c),
    .pred_o           (pred_c),
    .target_o         (e_target),
    .npc_o            (e_npc),
    .trap_o           (e_trap_c)
  );

  wire e_ok     = e_valid_q && e_trap_c == `WW_TRAP_NONE && !halted;
  wire e_simple = !e_mem_q && !e_md_q && !e_stack && !e_tmc;
  wire e_done   = e_ok && e_simple;
  assign e_bar  = e_done && e_op_q == WW_OP_BAR;
  assign e_exit = e_done && e_op_q == WW_OP_EXIT;

  ////////////////////
  // SIMT stack     //
  ////////////////////

  wire             sk_valid, sk_ready;
  wire [WID_W-1:0] sk_wid;
  wire [LANES-1:0] sk_mask;
  wire [31:0]      sk_pc;
  wire [`WW_STACK_ERR_W-1:0] sk_err;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_simt_stack #(.WARPS(WARPS), .LANES(LANES)) u_stack (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_valid_i    ((e_ok && e_stack) || tmc_stack || wd_stack),
    .req_ready_o    (sk_ready),
    .req_op_i       (wd_stack ? `WW_STACK_TX_ABORT :
                     tmc_stack ? `WW_STACK_TX_COMMIT :
                     e_op_q == WW_OP_JOIN ? `WW_STACK_JOIN :
                     e_op_q == WW_OP_SPLIT ? `WW_STACK_SPLIT : `WW_STACK_TX_BEGIN),
    .req_wid_i      ((tmc_stack || wd_stack) ? tmc_wid : e_wid_q),
    .req_tmask_i    (wd_stack ? tx_att_q[tmc_wid] : tmc_stack ? mask_q[tmc_wid] : e_mask_q),
    .req_pred_i     (wd_stack ? {LANES{1'b1}} : tmc_stack ? tmc_fail : pred_c),
    .req_pc_i       ((tmc_stack || wd_stack) ? if_pc_q[tmc_wid] : e_pc_q),
    .rsp_valid_o    (sk_valid),
    .rsp_wid_o      (sk_wid),
    .rsp_tmask_o    (sk_mask),
    .rsp_pc_o       (sk_pc),
    .rsp_diverged_o (),
    .rsp_err_o      (sk_err),
    .empty_o        (stack_empty)
  );
  /* verilator lint_on PINCONNECTEMPTY */
  // the answer to a watchdog's TX_ABORT (wd_ans_q) completes no
  // instruction: it only sets the warp's mask and fetches its retry pc
  reg  wd_ans_q;
  wire sk_ok   = sk_valid && sk_err == `WW_STACK_ERR_OK && !halted;
  wire sk_done = sk_ok && !wd_ans_q;
  assign wd_redirect = sk_ok && wd_ans_q;
  assign wd_rd_wid   = sk_wid;
  assign wd_rd_pc    = sk_pc;
  wire unused_sk = &{1'b0, sk_ready};

  ////////////////////
  // Barrier        //
  ////////////////////

  wire              deadlock;
  wire [WID_W-1:0]  deadlock_wid;
  wire              launch = launch_valid_i;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  wire [WARPS-1:0] bar_release;
  ww_barrier #(.WARPS(WARPS), .BLOCKS(BLOCKS)) u_bar (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .launch_valid_i (launch),
    .launch_slot_i  (new_slot_c),
    .launch_wmask_i (new_warps_c),
    .arrive_valid_i (e_bar),
    .arrive_wid_i   (e_wid_q),
    .exit_valid_i   (e_exit),
    .exit_wid_i     (e_wid_q),
    .release_o      (bar_release),
    .waiting_o      (bar_waiting),
    .free_o         (bslot_free),
    .deadlock_o     (deadlock),
    .deadlock_wid_o (deadlock_wid)
  );
  /* verilator lint_on PINCONNECTEMPTY */


  ////////////////////
  // Mul / div      //
  ////////////////////

  wire [LANES*32-1:0] md_data;
  wire [WID_W-1:0]    md_wid;
  wire                md_ready;

  ww_muldiv #(.LANES(LANES), .TAG_W(WID_W)) u_md (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (e_ok && e_md_q),
    .in_ready_o  (md_ready),
    .in_op_i     (e_insn_q[14:12]),
    .in_a_i      (rs1_data),
    .in_b_i      (rs2_data),
    .in_tag_i    (e_wid_q),
    .out_valid_o (md_out_valid),
    .out_ready_i (md_take),
    .out_data_o  (md_data),
    .out_tag_o   (md_wid)
  );
`ifndef SYNTHESIS
  // the credits above guarantee that the unit accepts what the execute stage offers
  always @(posedge clk_i)
    if (rst_ni && e_ok && e_md_q && !md_ready) begin
      $display("ww_sm: mul/div unit refused an instruction (credit error)");
      $stop;
    end
`endif
  wire unused_md = &{1'b0, md_ready};

  ////////////////////
  // LSU            //
  ////////////////////

  wire [WID_W-1:0]    lsu_wid;
  wire [LANES*32-1:0] lsu_rd, lsu_addr, lsu_wdata;
  wire [`WW_MEM_W-1:0] lsu_mem;
  wire [2:0]          lsu_bytes;

  wire [`WW_GSI_WHY_W-1:0] lsu_why;

  // the LSU's KILO TM ports (ww_tm_sm, below)
  wire [1:0]               tx_full_c;
  wire                     tm_acc_valid, tm_acc_ready, tm_acc_done;
  wire [`WW_TXL_W-1:0]     tm_acc_op;
  wire [WID_W-1:0]         tm_acc_wid;
  wire [LANES-1:0]         tm_acc_mask;
  wire [LANES*32-1:0]      tm_acc_addr, tm_acc_data, tm_acc_word;
  wire [LANES*32-1:0]      det_qry_addr;   // GPUDet: the offered lanes' addresses,
  wire [LANES-1:0]         det_qry_hit;    // and the store buffers' filter answers
  wire [2:0]               tm_acc_bytes;
  wire                     tm_l1_req_valid, tm_l1_req_ready, tm_l1_req_src;
  wire [`WW_L1_W-1:0]      tm_l1_req_op;
  wire [LINE_W-1:0]        tm_l1_req_line;
  wire [LINE_BYTES*8-1:0]  tm_l1_req_wdata, tm_l1_rsp_data;
  wire                     tm_l1_rsp_valid, tm_l1_rsp_src, tm_l1_wack;
  localparam TPART_W = (NUM_PART > 1) ? $clog2(NUM_PART) : 1;
  wire                     tm_pkt_valid, tm_pkt_ready, tm_msg_valid;
  wire [TPART_W-1:0]       tm_pkt_part, tm_msg_part;
  wire [`WW_TM_PKT_W-1:0]  tm_pkt_kind;
  wire [`WW_TM_MSG_W-1:0]  tm_msg_kind;
  wire [CID_W-1:0]         tm_pkt_cid, tm_msg_cid;
  wire [29:0]              tm_pkt_addr;
  wire [31:0]              tm_pkt_data;
  wire                     lsu_ld_start, lsu_ld_done;
  // the LSU's side of the socket, L1 port and messages: ww_tm_sm's, or in
  // deterministic mode GPUDet's (ww_det_sm, below)
  wire                     lsu_acc_valid, lsu_acc_ready, lsu_acc_done;
  wire [LANES*32-1:0]      lsu_acc_word;
  wire                     lsu_l1_req_valid, lsu_l1_req_ready, lsu_l1_req_src, lsu_l1_rsp_valid;
  wire [`WW_L1_W-1:0]      lsu_l1_req_op;
  wire [LINE_W-1:0]        lsu_l1_req_line;
  wire                     lsu_msg_valid;
  wire                     lsu_mreq_valid, lsu_mreq_ready;
  wire [`WW_L2_W-1:0]      lsu_mreq_op;
  wire [LINE_W-1:0]        lsu_mreq_line;
  wire [`WW_REQID_W-1:0]   lsu_mreq_id;
  wire [LINE_BYTES-1:0]    lsu_mreq_be;
  wire [LINE_BYTES*8-1:0]  lsu_mreq_data;
  wire [`WW_AMO_W-1:0]     lsu_mreq_amo_op;
  wire [WORD_W-1:0]        lsu_mreq_amo_word;
  wire [31:0]              lsu_mreq_amo_a, lsu_mreq_amo_b;
  wire [SB_W-1:0]          lsu_mreq_sb;
  wire [`WW_GSI_SRC_W-1:0] lsu_ld_src;

  ////////////////////
  // ScoRD tables   //
  ////////////////////

  // barrier id per block slot: reset at launch, counted at release (the
  // released warps are one block's: the lowest one names the slot)
  reg [SLOT_W-1:0] rel_slot_c;
  always @* begin
    rel_slot_c = {SLOT_W{1'b0}};
    for (w = WARPS - 1; w >= 0; w = w - 1)
      if (bar_release[w]) rel_slot_c = slot_q[w];
  end
  wire [`WW_SCORD_BARID_W-1:0] scord_bar;
  ww_scord_bartab #(.BLOCKS(BLOCKS)) u_bartab (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .launch_valid_i  (launch),
    .launch_slot_i   (new_slot_c),
    .release_valid_i (|bar_release),
    .release_slot_i  (rel_slot_c),
    .rd_slot_i       (e_slot),
    .rd_bar_o        (scord_bar)
  );

  wire                          lk_valid, lk_scope_blk;
  wire [`WW_SCORD_LOCK_OP_W-1:0] lk_op;
  wire [WID_W-1:0]              lk_wid;
  wire [31:0]                   lk_addr, lk_ctaid;
  wire [`WW_SCORD_BLOOM_W-1:0]  scord_lk;

  ww_lsu #(.WARPS(WARPS), .LANES(LANES), .BLOCKS(BLOCKS), .LINE_BYTES(LINE_BYTES),
           .NUM_SM(NUM_SM), .NUM_PART(NUM_PART), .SB_W(SB_W), .CID_W(CID_W)) u_lsu (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .in_valid_i     (e_ok && e_mem_q),
    .in_ready_o     (lsu_ready),
    .in_wid_i       (e_wid_q),
    .in_op_i        (e_op_q),
    .in_pc_i        (e_pc_q),
    .in_ctaid_i     (ctaid_q[e_slot]),
    .in_slot_i      (e_slot),
    .in_mask_i      (e_mask_q),
    .in_base_i      (rs1_data),
    .in_data_i      (rs2_data),
    .in_imm_i       (e_imm_q),
    .in_swap_i      (rs1_data),
    .in_is_cas_o    (lsu_is_cas),
    .fault_o        (lsu_fault),
    .fault_kind_o   (lsu_fault_kind),
    .fault_lane_o   (lsu_fault_lane),
    .fault_addr_o   (lsu_fault_addr),
    .done_valid_o   (lsu_done_valid),
    .done_ready_i   (lsu_take),
    .done_wid_o     (lsu_wid),
    .done_rd_o      (lsu_rd),
    .done_addr_o    (lsu_addr),
    .done_wdata_o   (lsu_wdata),
    .done_mem_o     (lsu_mem),
    .done_bytes_o   (lsu_bytes),
    .mreq_valid_o   (lsu_mreq_valid),
    .mreq_ready_i   (lsu_mreq_ready),
    .mreq_op_o      (lsu_mreq_op),
    .mreq_line_o    (lsu_mreq_line),
    .mreq_id_o      (lsu_mreq_id),
    .mreq_be_o      (lsu_mreq_be),
    .mreq_data_o    (lsu_mreq_data),
    .mreq_amo_op_o  (lsu_mreq_amo_op),
    .mreq_amo_word_o(lsu_mreq_amo_word),
    .mreq_amo_a_o   (lsu_mreq_amo_a),
    .mreq_amo_b_o   (lsu_mreq_amo_b),
    .mreq_sb_o      (lsu_mreq_sb),
    .mrsp_valid_i   (mrsp_valid_i),
    .mrsp_ready_o   (mrsp_ready_o),
    .mrsp_id_i      (mrsp_id_i),
    .mrsp_miss_i    (mrsp_miss_i),
    .mrsp_data_i    (mrsp_data_i),
    .scord_en_i     (scord_en_i),
    .scord_bar_i    (scord_bar),
    .scord_lk_i     (scord_lk),
    .scord_ack_i    (scord_ack_i),
    .lk_valid_o     (lk_valid),
    .lk_op_o        (lk_op),
    .lk_wid_o       (lk_wid),
    .lk_addr_o      (lk_addr),
    .lk_ctaid_o     (lk_ctaid),
    .lk_scope_blk_o (lk_scope_blk),
    .why_o          (lsu_why),
    .ld_start_o     (lsu_ld_start),
    .ld_done_o      (lsu_ld_done),
    .ld_src_o       (lsu_ld_src),
    .in_tx_i        (tx_in[e_wid_q]),
    .in_tx_full_i   (tx_full_c),
    .in_det_i       (det_mode_i == `WW_DETMODE_PAR),
    .det_qry_addr_o (det_qry_addr),
    .det_hit_i      (det_qry_hit),
    .tm_acc_valid_o (lsu_acc_valid),
    .tm_acc_ready_i (lsu_acc_ready),
    .tm_acc_op_o    (tm_acc_op),
    .tm_acc_wid_o   (tm_acc_wid),
    .tm_acc_mask_o  (tm_acc_mask),
    .tm_acc_addr_o  (tm_acc_addr),
    .tm_acc_bytes_o (tm_acc_bytes),
    .tm_acc_data_o  (tm_acc_data),
    .tm_acc_done_i  (lsu_acc_done),
    .tm_acc_word_i  (lsu_acc_word),
    .tm_l1_req_valid_i (lsu_l1_req_valid),
    .tm_l1_req_ready_o (lsu_l1_req_ready),
    .tm_l1_req_src_i   (lsu_l1_req_src),
    .tm_l1_req_op_i    (lsu_l1_req_op),
    .tm_l1_req_line_i  (lsu_l1_req_line),
    .tm_l1_req_wdata_i (tm_l1_req_wdata),
    .tm_l1_rsp_valid_o (lsu_l1_rsp_valid),
    .tm_l1_rsp_src_o   (tm_l1_rsp_src),
    .tm_l1_rsp_data_o  (tm_l1_rsp_data),
    .tm_l1_wack_o      (tm_l1_wack),
    .tm_pkt_valid_i (tm_pkt_valid),
    .tm_pkt_ready_o (tm_pkt_ready),
    .tm_pkt_part_i  (tm_pkt_part),
    .tm_pkt_kind_i  (tm_pkt_kind),
    .tm_pkt_cid_i   (tm_pkt_cid),
    .tm_pkt_addr_i  (tm_pkt_addr),
    .tm_pkt_data_i  (tm_pkt_data),
    .tm_msg_valid_o (lsu_msg_valid),
    .tm_msg_part_o  (tm_msg_part),
    .tm_msg_kind_o  (tm_msg_kind),
    .tm_msg_cid_o   (tm_msg_cid),
    .l1_cov_o       (l1_cov_o)
  );

  ////////////////////
  // GPUDet         //
  ////////////////////

  // The SM's GPUDet port (docs/det.md sec. 1, 2): quantum formation, store
  // buffers, commit walk, L1 invalidation. In deterministic mode (any mode
  // but OFF: a launch with --det) it takes the LSU's socket, the L1 port and
  // the TM-class responses, which KILO TM uses otherwise (transactions trap
  // in deterministic mode); its commit packets share the memory port, after
  // the LSU's requests. Its Bloom filter answers for the lanes of the
  // instruction offered to the LSU (det_qry_*): only a load's lanes that hit
  // go to the store buffers (docs/det.md sec. 2).
  wire                     det_on = (det_mode_i != `WW_DETMODE_OFF);
  wire                     det_acc_ready, det_acc_done;
  wire [LANES*32-1:0]      det_acc_word;
  wire                     det_l1_valid;
  wire [`WW_L1_W-1:0]      det_l1_op;
  wire [LINE_W-1:0]        det_l1_line;
  wire                     det_pkt_valid;
  wire [WID_W-1:0]         det_pkt_wid;
  wire [LINE_W-1:0]        det_pkt_line;
  wire [LINE_BYTES-1:0]    det_pkt_be;
  wire [LINE_BYTES*8-1:0]  det_pkt_data;
  ww_det_sm #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .NUM_PART(NUM_PART)) u_det (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .mode_i         (det_mode_i),
    .start_i        (det_start_i),
    .quantum_i      (det_quantum_i),
    .launch_i       (new_warps_go),
    .cmt_start_i    (det_cmt_start_i),
    .inval_i        (det_inval_i),
    .wser_i         (det_wser_i),
    .one_i          (det_one_i),
    .lock_i         (det_lock_i),
    .par_done_o     (det_par_done_o),
    .ser_done_o     (det_ser_done_o),
    .cmt_busy_o     (det_cmt_busy_o),
    .inval_busy_o   (det_inval_busy_o),
    .why_o          (det_why_o),
    .active_i       (active_q),
    .bar_wait_i     (bar_waiting),
    .inflight_i     (iss_inflight),
    .bv_valid_i     (bv_valid),
    .bv_op_i        (bv_op),
    .issue_valid_i  (iss_valid),
    .issue_wid_i    (iss_w),
    .hold_o         (det_hold),
    .acc_valid_i    (lsu_acc_valid && det_on),
    .acc_ready_o    (det_acc_ready),
    .acc_op_i       (tm_acc_op),
    .acc_wid_i      (tm_acc_wid),
    .acc_mask_i     (tm_acc_mask),
    .acc_addr_i     (tm_acc_addr),
    .acc_bytes_i    (tm_acc_bytes),
    .acc_data_i     (tm_acc_data),
    .acc_done_o     (det_acc_done),
    .acc_word_o     (det_acc_word),
`ifdef WW_MUTANT_DET_SM_QRY_OTHER_WARP
    .qry_wid_i      (e_wid_q + {{(WID_W-1){1'b0}}, 1'b1}),   // MUTANT: the next warp's filter
`else
    .qry_wid_i      (e_wid_q),
`endif
    .qry_addr_i     (det_qry_addr),
    .qry_hit_o      (det_qry_hit),
    .l1_req_valid_o (det_l1_valid),
    .l1_req_ready_i (lsu_l1_req_ready && det_on),
    .l1_req_op_o    (det_l1_op),
    .l1_req_line_o  (det_l1_line),
    .l1_rsp_valid_i (lsu_l1_rsp_valid && det_on),
    .l1_rsp_data_i  (tm_l1_rsp_data),
    .pkt_valid_o    (det_pkt_valid),
    .pkt_ready_i    (mreq_ready_i && !lsu_mreq_valid),
    .pkt_wid_o      (det_pkt_wid),
    .pkt_line_o     (det_pkt_line),
    .pkt_be_o       (det_pkt_be),
    .pkt_data_o     (det_pkt_data),
    .ack_i          (lsu_msg_valid && det_on)
  );

  // the socket, the L1 port and the TM-class responses: KILO TM's or GPUDet's
  assign tm_acc_valid     = lsu_acc_valid && !det_on;
  assign lsu_acc_ready    = det_on ? det_acc_ready : tm_acc_ready;
  assign lsu_acc_done     = det_on ? det_acc_done : tm_acc_done;
  assign lsu_acc_word     = det_on ? det_acc_word : tm_acc_word;
  assign lsu_l1_req_valid = det_on ? det_l1_valid : tm_l1_req_valid;
  assign lsu_l1_req_src   = det_on ? 1'b0 : tm_l1_req_src;
  assign lsu_l1_req_op    = det_on ? det_l1_op : tm_l1_req_op;
  assign lsu_l1_req_line  = det_on ? det_l1_line : tm_l1_req_line;
  assign tm_l1_req_ready  = lsu_l1_req_ready && !det_on;
  assign tm_l1_rsp_valid  = lsu_l1_rsp_valid && !det_on;
  assign tm_msg_valid     = lsu_msg_valid && !det_on;
  // the memory port: the LSU's requests, else a commit packet (id class TM,
  // WRITE of the line's bytes, the warp in amo_a; the partition's Z-buffer
  // unit takes it)
  assign lsu_mreq_ready   = mreq_ready_i;
  wire   det_go           = det_pkt_valid && !lsu_mreq_valid;
  assign mreq_valid_o     = lsu_mreq_valid || det_pkt_valid;
  assign mreq_op_o        = det_go ? `WW_L2_WRITE : lsu_mreq_op;
  assign mreq_line_o      = det_go ? det_pkt_line : lsu_mreq_line;
  assign mreq_id_o        = det_go ? `WW_REQID_TM : lsu_mreq_id;
  assign mreq_be_o        = det_go ? det_pkt_be : lsu_mreq_be;
  assign mreq_data_o      = det_go ? det_pkt_data : lsu_mreq_data;
  assign mreq_amo_op_o    = lsu_mreq_amo_op;
  assign mreq_amo_word_o  = lsu_mreq_amo_word;
  assign mreq_amo_a_o     = det_go ? {{(32-WID_W){1'b0}}, det_pkt_wid} : lsu_mreq_amo_a;
  assign mreq_amo_b_o     = lsu_mreq_amo_b;
  assign mreq_sb_o        = lsu_mreq_sb;

`ifndef SYNTHESIS
  // issue checks lsu_ready, so the LSU is ready when the execute stage offers
  always @(posedge clk_i)
    if (rst_ni && e_ok && e_mem_q && !lsu_ready) begin
      $display("ww_sm: the LSU refused an instruction (busy flag error)");
      $stop;
    end
`endif

  ////////////////////
  // KILO TM        //
  ////////////////////

  // Per warp: in a transaction, nesting depth, the SM's count of
  // transactional warps and its limit, the watchdog's count of the
  // attempt's instructions and its flag (docs/tm.md sec. 3.1).
  localparam TCW_W = $clog2(WARPS + 1);
  wire [TCW_W-1:0] tw_count;
  wire [WARPS-1:0] tw_wd;           // the watchdog's flag (an attempt ran TX_WATCHDOG steps)
  wire [WARPS-1:0] tw_committing;   // to GSI (sub-class sy_tx_commit)
  wire             tw_begin_ok;
  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_tm_warp #(.WARPS(WARPS), .LIMIT(TM_LIMIT), .WATCHDOG(TX_WATCHDOG)) u_tm_warp (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .watchdog_i       (tx_watchdog_i),
    .begin_valid_i    (e_ok && e_txb),
    .begin_wid_i      (e_wid_q),
    .begin_ok_o       (tw_begin_ok),
    .begin_err_o      (tw_begin_err),
    .commit_valid_i   (e_ok && e_txc),
    .commit_wid_i     (e_wid_q),
    .commit_outer_o   (tw_commit_outer),
    .commit_outside_o (tw_commit_outside),
    .outcome_valid_i  (tmc_stack),
    .outcome_wid_i    (tmc_wid),
    .outcome_retry_i  (|tmc_fail),
    .step_valid_i     (c_valid),
    .step_wid_i       (c_wid),
    .wd_done_i        (wd_stack || wd_pass),
    .wd_wid_i         (tmc_wid),
    .wd_abort_i       (wd_stack),
    .in_tx_o          (tx_in),
    .committing_o     (tw_committing),
    .wd_o             (tw_wd),
    .count_o          (tw_count)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // the rules (docs/isa.md "Transactions"): no transaction in GPUDet's
  // deterministic mode (docs/det.md; the golden model traps alike), nesting
  // too deep, a commit outside a transaction, ww.bar / ww.exit inside one
  assign e_tx_trap = ((e_txb || e_txc) && det_mode_i != `WW_DETMODE_OFF) ? `WW_TRAP_TX_UNIMPL :
                     (e_txb && tw_begin_err) ? `WW_TRAP_TX_NESTING :
                     (e_txc && tw_commit_outside) ? `WW_TRAP_TX_OUTSIDE :
                     ((e_op_q == WW_OP_BAR || e_op_q == WW_OP_EXIT) && tx_in[e_wid_q]) ?
                                                    `WW_TRAP_TX_BARRIER : `WW_TRAP_NONE;

  // The watchdog (KILO TM sec. 4.2; docs/tm.md sec. 4.3 step 7). A warp
  // whose flag is up (and that does not commit: a commit's outcome clears
  // the flag) issues nothing more; once its instruction in flight is done
  // and ww_tm_sm is free (no ww.tx.commit in execute), ww_tm_sm validates
  // the attempt's lanes (tx_att_q) as a read-only commit. Its answer: no
  // lane failed -> the flag and count restart, the warp goes on; else the
  // attempt aborts -> the stack's TX_ABORT (pop above the TX entry, the
  // attempt's lanes at the retry pc; ww_tm_sm has emptied the logs) and
  // ww_tm_warp's new attempt; the warp stays held until the retry pc's
  // fetch has reached the issue view (the answer cycle and one more).
  reg             wd_flush_q;             // the cycle after an abort's answer
  reg [WID_W-1:0] wd_wid_q;               // the aborted warp
  reg             wd_start_c;
  reg [WID_W-1:0] wd_start_w;
  always @* begin
    wd_start_c = 1'b0;
    wd_start_w = {WID_W{1'b0}};
    for (w = WARPS - 1; w >= 0; w = w - 1)
      if (tw_wd[w] && !tw_committing[w] && !iss_inflight[w]) begin
        wd_start_c = 1'b1;
        wd_start_w = w[WID_W-1:0];
      end
  end
  wire cmt_ready;
  wire wd_start = wd_start_c && cmt_ready && !e_txc && !halted;
  reg [WARPS-1:0] wd_hold_c;              // held by the watchdog
  always @* begin
    for (w = 0; w < WARPS; w = w + 1)
      wd_hold_c[w] = (tw_wd[w] && !tw_committing[w]) ||
                     ((wd_ans_q || wd_flush_q) && wd_wid_q == w[WID_W-1:0]);
  end

  // issue: an outermost ww.tx.begin waits while the SM's limit of
  // transactional warps is reached (counting one in execute); a
  // ww.tx.commit while ww_tm_sm works on a commit, one is in execute or
  // a validation starts
  wire e_txb_new = e_txb && !tx_in[e_wid_q];
  wire tm_full   = TM_LIMIT != 0 &&
                   ({{(32-TCW_W){1'b0}}, tw_count} + {31'd0, e_txb_new} >= TM_LIMIT);
  // (split by cause for GSI's sub-classes sy_tx_begin / sy_tx_commit)
  reg [WARPS-1:0] tm_wait_begin_c, tm_wait_commit_c;
  always @* begin
    for (w = 0; w < WARPS; w = w + 1) begin
      tm_wait_begin_c[w]  = bv_valid[w] && bv_op[7*w +: 7] == WW_OP_TX_BEGIN && !tx_in[w] &&
                            tm_full;
      tm_wait_commit_c[w] = bv_valid[w] && bv_op[7*w +: 7] == WW_OP_TX_COMMIT &&
                            (!cmt_ready || e_txc || wd_start);
    end
  end
  assign tm_wait = tm_wait_begin_c | tm_wait_commit_c | wd_hold_c;

  // the offered warp's logs are full (the LSU's fault)
  localparam TX_ENT_W = $clog2(`WW_TX_LOG_WORDS + 1);
  wire [WARPS*TX_ENT_W-1:0] tx_rlen, tx_wlen;
  assign tx_full_c = {tx_wlen[e_wid_q*TX_ENT_W +: TX_ENT_W] >= `WW_TX_LOG_WORDS,
                      tx_rlen[e_wid_q*TX_ENT_W +: TX_ENT_W] >= `WW_TX_LOG_WORDS};

  // the SM's log region (docs/tm.md sec. 5)
  localparam [31:0] LOCAL_BASE0 = `WW_GMEM_BYTES - NUM_SM * WARPS * LANES * `WW_LOCAL_BYTES;
  localparam [31:0] TX_SM_LOG   = WARPS * 2 * `WW_TX_LOG_WORDS * 2 * LANES * 4;
  localparam [31:0] TX_LOG_BASE = LOCAL_BASE0 - NUM_SM * TX_SM_LOG;
  wire [31:0] tx_log_base = TX_LOG_BASE + {{(32-SM_W){1'b0}}, sm_id_i} * TX_SM_LOG;

  wire             cmt_done_valid, cmt_done_wd;
  wire [LANES-1:0] cmt_done_fail;
  wire [$clog2(LANES > 1 ? LANES : 2)-1:0] fin_lane;
  ww_tm_sm #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .NUM_PART(NUM_PART),
             .CID_W(CID_W)) u_tm (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .log_base_i       (tx_log_base),
    .acc_valid_i      (tm_acc_valid),
    .acc_ready_o      (tm_acc_ready),
    .acc_op_i         (tm_acc_op),
    .acc_wid_i        (tm_acc_wid),
    .acc_mask_i       (tm_acc_mask),
    .acc_addr_i       (tm_acc_addr),
    .acc_bytes_i      (tm_acc_bytes),
    .acc_data_i       (tm_acc_data),
    .acc_done_o       (tm_acc_done),
    .acc_word_o       (tm_acc_word),
    .rlen_o           (tx_rlen),
    .wlen_o           (tx_wlen),
    .cmt_valid_i      ((e_ok && e_tmc) || wd_start),
    .cmt_ready_o      (cmt_ready),
    .cmt_wid_i        (wd_start ? wd_start_w : e_wid_q),
    .cmt_mask_i       (wd_start ? tx_att_q[wd_start_w] : e_mask_q),
    .cmt_wd_i         (wd_start),
    .cmt_done_valid_o (cmt_done_valid),
    .cmt_done_ready_i (tmc_stack || wd_stack || wd_pass),
    .cmt_done_wid_o   (tmc_wid),
    .cmt_done_fail_o  (cmt_done_fail),
    .cmt_done_wd_o    (cmt_done_wd),
    .cid_req_o        (tm_cid_req_o),
    .cid_n_o          (tm_cid_n_o),
    .cid_grant_i      (tm_cid_grant_i),
    .cid_base_i       (tm_cid_base_i),
    .fin_valid_o      (tm_fin_valid_o),
    .fin_wid_o        (tm_fin_wid_o),
    .fin_lane_o       (fin_lane),
    .fin_cid_o        (tm_fin_cid_o),
    .fin_pass_o       (tm_fin_pass_o),
    .fin_wd_o         (tm_fin_wd_o),
    .l1_req_valid_o   (tm_l1_req_valid),
    .l1_req_ready_i   (tm_l1_req_ready),
    .l1_req_src_o     (tm_l1_req_src),
    .l1_req_op_o      (tm_l1_req_op),
    .l1_req_line_o    (tm_l1_req_line),
    .l1_req_wdata_o   (tm_l1_req_wdata),
    .l1_rsp_valid_i   (tm_l1_rsp_valid),
    .l1_rsp_src_i     (tm_l1_rsp_src),
    .l1_rsp_data_i    (tm_l1_rsp_data),
    .l1_wack_i        (tm_l1_wack),
    .pkt_valid_o      (tm_pkt_valid),
    .pkt_ready_i      (tm_pkt_ready),
    .pkt_part_o       (tm_pkt_part),
    .pkt_kind_o       (tm_pkt_kind),
    .pkt_cid_o        (tm_pkt_cid),
    .pkt_addr_o       (tm_pkt_addr),
    .pkt_data_o       (tm_pkt_data),
    .msg_valid_i      (tm_msg_valid),
    .msg_part_i       (tm_msg_part),
    .msg_kind_i       (tm_msg_kind),
    .msg_cid_i        (tm_msg_cid)
  );
  assign tm_fin_lane_o = {{(5-$bits(fin_lane)){1'b0}}, fin_lane};
  // the outcome goes to the stack (TX_COMMIT: retry the failed lanes, or
  // pop) when the execute stage does not use it; issue is held in that
  // cycle, so the answer completes alone
  wire   sk_free   = !(e_valid_q && e_stack) && sk_ready && !halted;
  assign tmc_stack = cmt_done_valid && !cmt_done_wd && sk_free;
  assign tmc_fail  = cmt_done_fail;
  // a validation's answer: passed (taken at once), or an abort (the stack's
  // TX_ABORT, when the execute stage does not use the stack; issue is held
  // in that cycle as for a commit's TX_COMMIT)
  wire   wd_fail   = |cmt_done_fail;
  assign wd_pass   = cmt_done_valid && cmt_done_wd && !wd_fail && !halted;
  assign wd_stack  = cmt_done_valid && cmt_done_wd && wd_fail && sk_free;
  assign tm_wd_valid_o = wd_pass || wd_stack;
  assign tm_wd_wid_o   = tmc_wid;
  assign tm_wd_abort_o = wd_stack;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wd_ans_q   <= 1'b0;
      wd_flush_q <= 1'b0;
      wd_wid_q   <= {WID_W{1'b0}};
      for (w = 0; w < WARPS; w = w + 1)
        tx_att_q[w] <= {LANES{1'b0}};
    end else begin
      wd_ans_q   <= wd_stack && sk_ready;
      wd_flush_q <= wd_ans_q;
      if (wd_stack) wd_wid_q <= tmc_wid;
      // the attempt's lanes: an outermost ww.tx.begin's, a retry's
      if (e_ok && e_txb && !tx_in[e_wid_q]) tx_att_q[e_wid_q] <= e_mask_q;
      if (tmc_stack && |tmc_fail)           tx_att_q[tmc_wid] <= tmc_fail;
    end
  end
  wire unused_tm   = &{1'b0, tw_begin_ok};

  ////////////////////
  // GSI            //
  ////////////////////

  // In-flight kind per warp (ww_gsi infl_kind_i, WW_GSI_KIND_*): compute,
  // load, store, synchronization (fence, atomic, or KILO TM's ww.tx.commit,
  // which validates and commits). Set at issue, read while the warp is in
  // flight (ww_sm_issue inflight_o).
  localparam KIND_W = `WW_GSI_KIND_W;
  function [KIND_W-1:0] infl_kind(input [6:0] op, input mem);
    begin
      if (op == WW_OP_TX_COMMIT)
        infl_kind = `WW_GSI_KIND_SYNC;
      else if (!mem)
        infl_kind = `WW_GSI_KIND_COMP;
      else if ((op >= WW_OP_LB && op <= WW_OP_LHU) || op == WW_OP_LW_STRONG)
        infl_kind = `WW_GSI_KIND_LOAD;
      else if ((op >= WW_OP_SB && op <= WW_OP_SW) || op == WW_OP_SW_STRONG)
        infl_kind = `WW_GSI_KIND_STORE;
      else
        infl_kind = `WW_GSI_KIND_SYNC;
    end
  endfunction

  reg [WARPS*KIND_W-1:0] infl_kind_q;
  always @(posedge clk_i) begin
    if (!rst_ni)
      infl_kind_q <= {WARPS{`WW_GSI_KIND_COMP}};
    else if (iss_valid)
      infl_kind_q[KIND_W*iss_w +: KIND_W] <= infl_kind(bv_op[7*iss_w +: 7], bv_mem[iss_w]);
  end

  // KILO TM's SYNC sub-classes: a ww.tx.commit validating/committing
  // (ww_tm_warp committing_o), or waiting for ww_tm_sm at issue, is
  // sy_tx_commit; an outermost ww.tx.begin held by the SM's limit of
  // transactional warps is sy_tx_begin
  // (the watchdog's validation and abort count as sy_tx_commit too)
  wire [WARPS-1:0] gsi_tx_commit = tw_committing | tm_wait_commit_c | wd_hold_c;
  wire [WARPS-1:0] gsi_tx_begin  = tm_wait_begin_c;

  // unused outputs of this instance are left open on purpose (waves show them)
  /* verilator lint_off PINCONNECTEMPTY */
  ww_gsi #(.WARPS(WARPS), .TRACE_ID(TRACE_ID)) u_gsi (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .clear_i        (gsi_clear_i),
    .clear_val_i    ({`WW_GSI_CNT_W{1'b0}}),   // a launch starts the counters from 0
    .en_i           (gsi_en_i),
    .cls_i          (stall_o),
    .infl_i         (iss_inflight),
    .infl_kind_i    (infl_kind_q),
    .tx_begin_i     (gsi_tx_begin),
    .tx_commit_i    (gsi_tx_commit),
    .det_hold_i     (det_hold),
    .det_phase_i    (det_phase_i),
    .lsu_why_i      (lsu_why),
    .ld_start_i     (lsu_ld_start),
    .ld_start_wid_i (e_wid_q),
    .ld_done_i      (lsu_ld_done),
    .ld_done_wid_i  (lsu_wid),
    .ld_done_src_i  (lsu_ld_src),
    .rd_idx_i       (gsi_rd_idx_i),
    .cls_o          (),
    .wid_o          (),
    .sub_o          (),
    .rd_data_o      (gsi_rd_data_o)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  ////////////////////
  // Complete       //
  ////////////////////

  // one completion per cycle, the register file's write port, the zeroing of
  // a launched warp's registers (ww_sm_complete)
  wire [4:0]          c_rd;
  wire [LANES*32-1:0] c_data;
  wire                c_retire;
  wire                zero_clear;
  wire [WID_W-1:0]    zero_wid;
  wire [WARPS*LANES-1:0] mask_flat;
  wire [WARPS*5-1:0]  if_rd_flat;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_flat
      assign mask_flat[LANES*gw +: LANES] = mask_q[gw];
      assign if_rd_flat[5*gw +: 5]        = if_rd_q[gw];
    end
  endgenerate
  // control instructions (not exit) fetch their successor at completion
  wire e_ctrl = e_op_q != WW_OP_EXIT && (e_op_q >= WW_OP_JAL && e_op_q <= WW_OP_BGEU);

  ww_sm_complete #(.WARPS(WARPS), .LANES(LANES)) u_complete (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .halted_i      (halted),
    .launch_i      (new_warps_go),
    .mask_i        (mask_flat),
    .if_rd_i       (if_rd_flat),
    .e_done_i      (e_done),
    .e_wid_i       (e_wid_q),
    .e_rd_i        (e_rd_q),
    .e_res_i       (e_res_c),
    .e_ctrl_i      (e_ctrl),
    .e_npc_i       (e_npc),
    .e_bar_i       (e_bar),
    .deadlock_i    (deadlock),
    .sk_done_i     (sk_done),
    .sk_wid_i      (sk_wid),
    .sk_pc_i       (sk_pc),
    .lsu_valid_i   (lsu_done_valid),
    .lsu_take_o    (lsu_take),
    .lsu_wid_i     (lsu_wid),
    .lsu_data_i    (lsu_rd),
    .md_valid_i    (md_out_valid),
    .md_take_o     (md_take),
    .md_wid_i      (md_wid),
    .md_data_i     (md_data),
    .c_valid_o     (c_valid),
    .c_wid_o       (c_wid),
    .c_rd_o        (c_rd),
    .c_data_o      (c_data),
    .c_lsu_o       (c_lsu),
    .c_md_o        (c_md),
    .c_retire_o    (c_retire),
    .cmp_fetch_o   (cmp_fetch),
    .cmp_wid_o     (cmp_wid),
    .cmp_npc_o     (cmp_npc),
    .rf_wr_valid_o (rf_wr_valid),
    .rf_wr_wid_o   (rf_wr_wid),
    .rf_wr_rd_o    (rf_wr_rd),
    .rf_wr_mask_o  (rf_wr_mask),
    .rf_wr_data_o  (rf_wr_data),
    .zeroing_o     (zeroing),
    .zero_clear_o  (zero_clear),
    .zero_wid_o    (zero_wid)
  );

  // lock table per warp: emptied while the launched warp's registers are
  // zeroed (before it fetches), fed by the LSU
  ww_scord_locktab #(.WARPS(WARPS)) u_locktab (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .clear_valid_i  (zero_clear),
    .clear_wid_i    (zero_wid),
    .op_valid_i     (lk_valid),
    .op_i           (lk_op),
    .op_wid_i       (lk_wid),
    .op_addr_i      (lk_addr),
    .op_ctaid_i     (lk_ctaid),
    .op_scope_blk_i (lk_scope_blk),
    .rd_wid_i       (e_wid_q),
    .rd_bloom_o     (scord_lk)
  );

  assign sb_set      = iss_valid;
  assign sb_clr      = c_valid;
  assign sb_clr_wid  = c_wid;
  assign sb_clr_rd   = c_rd;

  ////////////////////
  // Retire, traps  //
  ////////////////////

  // per warp: its block index and its instruction in flight
  wire [WARPS*32-1:0] block_flat, if_pc_flat, if_insn_flat;
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_flat_ret
      assign block_flat[32*gw +: 32]   = ctaid_q[slot_q[gw]];
      assign if_pc_flat[32*gw +: 32]   = if_pc_q[gw];
      assign if_insn_flat[32*gw +: 32] = if_insn_q[gw];
    end
  endgenerate

  ww_sm_retire #(.WARPS(WARPS), .LANES(LANES)) u_retire (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .halted_o         (halted),
    .block_i          (block_flat),
    .mask_i           (mask_flat),
    .inf_pc_i         (if_pc_flat),
    .inf_insn_i       (if_insn_flat),
    .e_valid_i        (e_valid_q),
    .e_wid_i          (e_wid_q),
    .e_pc_i           (e_pc_q),
    .e_insn_i         (e_insn_q),
    .e_trap_i         (e_trap_c),
    .e_fetch_fault_i  (e_fault_q != 2'd0),
    .e_mem_i          (e_mem_q),
    .e_target_i       (e_target),
    .e_bar_i          (e_bar),
    .e_exit_i         (e_exit),
    .lsu_fault_lane_i (lsu_fault_lane),
    .lsu_fault_addr_i (lsu_fault_addr),
    .sk_valid_i       (sk_valid),
    .sk_err_i         (sk_err),
    .sk_wid_i         (sk_wid),
    .deadlock_i       (deadlock),
    .deadlock_wid_i   (deadlock_wid),
    .c_valid_i        (c_valid),
    .c_retire_i       (c_retire),
    .c_exec_i         (e_done),
    .c_lsu_i          (c_lsu),
    .c_wid_i          (c_wid),
    .c_rd_i           (c_rd),
    .c_data_i         (c_data),
    .lsu_mem_i        (lsu_mem),
    .lsu_bytes_i      (lsu_bytes),
    .lsu_addr_i       (lsu_addr),
    .lsu_wdata_i      (lsu_wdata),
    .ret_valid_o      (ret_valid_o),
    .ret_warp_o       (ret_warp_o),
    .ret_block_o      (ret_block_o),
    .ret_pc_o         (ret_pc_o),
    .ret_insn_o       (ret_insn_o),
    .ret_mask_o       (ret_mask_o),
    .ret_rd_o         (ret_rd_o),
    .ret_mem_o        (ret_mem_o),
    .ret_mem_bytes_o  (ret_mem_bytes_o),
    .ret_rd_val_o     (ret_rd_val_o),
    .ret_addr_o       (ret_addr_o),
    .ret_wdata_o      (ret_wdata_o),
    .trap_valid_o     (trap_valid_o),
    .trap_kind_o      (trap_kind_o),
    .trap_warp_o      (trap_warp_o),
    .trap_block_o     (trap_block_o),
    .trap_mask_o      (trap_mask_o),
    .trap_pc_o        (trap_pc_o),
    .trap_insn_o      (trap_insn_o),
    .trap_lane_o      (trap_lane_o),
    .trap_addr_o      (trap_addr_o)
  );
  ////////////////////
  // Sequential     //
  ////////////////////

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      used_q       <= {WARPS{1'b0}};
      active_q     <= {WARPS{1'b0}};
      for (w = 0; w < WARPS; w = w + 1) begin
        mask_q[w]     <= {LANES{1'b0}};
        live_q[w]     <= {LANES{1'b0}};
        slot_q[w]     <= {SLOT_W{1'b0}};
        wib_q[w]      <= {WID_W{1'b0}};
        if_pc_q[w]    <= 32'd0;
        if_insn_q[w]  <= 32'd0;
        if_rd_q[w]    <= 5'd0;
      end
      bslot_used_q <= {BLOCKS{1'b0}};
      for (w = 0; w < BLOCKS; w = w + 1)
        ctaid_q[w] <= 32'd0;
      e_valid_q    <= 1'b0;
      e_wid_q      <= {WID_W{1'b0}};
      e_pc_q       <= 32'd0;
      e_insn_q     <= 32'd0;
      e_imm_q      <= 32'd0;
      e_op_q       <= 7'd0;
      e_rd_q       <= 5'd0;
      e_rs1_q      <= 5'd0;
      e_rs3_q      <= 5'd0;
      e_mask_q     <= {LANES{1'b0}};
      e_fault_q    <= 2'd0;
      e_mem_q      <= 1'b0;
      e_md_q       <= 1'b0;
    end else begin
      // ---- block finished: free its slot and warps (before a launch) ----
      if (bdone_c) begin
        bslot_used_q[bdone_slot_c] <= 1'b0;
        for (w = 0; w < WARPS; w = w + 1)
          if (bdone_warps_c[w])
            used_q[w] <= 1'b0;
      end
      // ---- launch: new_slot_c, new_warps_c (a refill after the free) ----
      if (launch) begin
        bslot_used_q[new_slot_c] <= 1'b1;
        ctaid_q[new_slot_c]      <= launch_ctaid_i;
        for (w = 0; w < WARPS; w = w + 1)
          if (new_warps_c[w]) begin
            used_q[w]   <= 1'b1;
            active_q[w] <= 1'b1;
            slot_q[w]   <= new_slot_c;
            wib_q[w]    <= new_wib_c[w];
            live_q[w]   <= ({{(32-WID_W){1'b0}}, new_wib_c[w]} == nwarps_c - 32'd1) ? last_live_c
                                                                      : {LANES{1'b1}};
            mask_q[w]   <= ({{(32-WID_W){1'b0}}, new_wib_c[w]} == nwarps_c - 32'd1) ? last_live_c
                                                                      : {LANES{1'b1}};
          end
      end

      // ---- issue ----
      e_valid_q <= iss_valid;
      if (iss_valid) begin
        if_pc_q[iss_w]   <= bv_pc[32*iss_w +: 32];
        if_insn_q[iss_w] <= bv_insn[32*iss_w +: 32];
        if_rd_q[iss_w]   <= bv_rd[5*iss_w +: 5];
        e_wid_q   <= iss_w;
        e_pc_q    <= bv_pc[32*iss_w +: 32];
        e_insn_q  <= bv_insn[32*iss_w +: 32];
        e_imm_q   <= bv_imm[32*iss_w +: 32];
        e_op_q    <= bv_op[7*iss_w +: 7];
        e_rd_q    <= bv_rd[5*iss_w +: 5];
        e_rs1_q   <= bv_rs1[5*iss_w +: 5];
        e_rs3_q   <= bv_rs3[5*iss_w +: 5];
        e_mask_q  <= mask_q[iss_w];
        e_fault_q <= bv_fault[2*iss_w +: 2];
        e_mem_q   <= bv_mem[iss_w];
        e_md_q    <= bv_md[iss_w];
      end

      // ---- complete ----
      if (wd_redirect) mask_q[sk_wid] <= sk_mask;   // a watchdog abort's retry lanes
      if (c_valid) begin
        if (sk_done) mask_q[c_wid] <= sk_mask;
        if (e_exit) begin
          active_q[e_wid_q] <= 1'b0;
        end
      end
    end
  end

`ifndef SYNTHESIS
  // Per-warp views for the saved GTKWave view (sw/sim/ww_vgpu.cpp): the PC
  // of the warp's current instruction (in flight, buffered, or to fetch), its
  // active mask, whether the slot holds a live warp, whether its next
  // instruction is buffered, whether it issued this cycle, whether an
  // instruction of it is in flight. Read by nothing.
  generate
    for (gw = 0; gw < WARPS; gw = gw + 1) begin : g_dbg
      /* verilator lint_off UNUSEDSIGNAL */
      wire [31:0]      pc       = iss_inflight[gw] ? if_pc_q[gw] : ibuf_v[gw] ? bv_pc[32*gw +: 32] :
                                    fpc[32*gw +: 32];
      wire [LANES-1:0] mask     = mask_q[gw];
      wire             active   = active_q[gw];
      wire             valid    = ibuf_v[gw];
      wire             issue    = iss_valid && (iss_w == gw[WID_W-1:0]);
      wire             inflight = iss_inflight[gw];
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
`endif

  wire unused_ok = &{1'b0, if_pc_q[0], bv_ctrl,
                     unused_sk, unused_md};

endmodule  // ww_sm
`default_nettype wire
