// SPDX-License-Identifier: Apache-2.0
//
// ww_lsu -- the SM's memory stage (docs/gpu_rtl.md "Memory path",
// docs/isa.md "Memory", "Scoped atomics", "Strong accesses", "Fences"):
// address checks, the coalescer, the L1 data cache, the banked shared
// memory, and the SM's port toward the crossbar.
//
// The issue FSM takes one warp memory instruction at a time and sends its
// requests; a load or store is handed to the write-back table (ww_lsu_wb,
// CTX entries) in the cycle its last line is sent, and the FSM takes the
// next instruction (of another warp: a warp has one instruction in flight,
// so every instruction is architecturally complete before the warp's next
// one, docs/isa.md). Atomics and fences stay in the FSM until they finish.
// An instruction's requests, in this order:
//   1. lanes whose address is in the shared window: one request to ww_shmem;
//   2. the other (global) lanes through the coalescer, line by line:
//      load / strong load   L1 LOAD / LOAD_STRONG per line, one after the
//                           other without waiting (the L1 tag is {entry, the
//                           line's number in the instruction}); responses come
//                           back in any order and fill the entry's lanes; done
//                           when all are in
//      store / strong store L1 STORE with the line's byte mask (lanes in lane
//                           order, so the highest lane wins a shared byte), one
//                           per line without waiting; done when every line's
//                           write is acknowledged
//      block atomic         per lane in lane order: L1 ATOMIC; wait for the
//                           write's acknowledgement when it wrote
//      device atomic        drop the own L1 copy (STORE with no bytes), then
//                           per lane an ATOMIC straight to L2 (id class BYPASS),
//                           in lane order, one after the other without
//                           waiting (S_BYPREQ); the line's partition answers
//                           them in that order (point-to-point order, docs/
//                           isa.md), each answer the lowest lane not yet
//                           answered (in S_BYPREQ or S_BYPRSP)
//   3. fence.dev: wait until no handed-over entry is left to retire and no
//      write is pending, then L1 INVAL.
// Address checks (comb, in the cycle the SM offers the instruction) follow
// docs/isa.md decision 1: per lane null guard, then global/shared range,
// then alignment; the lowest faulting lane is reported and nothing is done.
// The FSM's combinational parts are blocks of their own (docs/sm_blocks.md),
// the FSM keeps the sequencing (states, counters, line table):
//   u_agen   ww_lsu_agen    per-lane address, shared window, the fault
//   u_bytes  ww_lsu_bytes   a store line's byte enables and data (L1 STORE)
//   u_rec    ww_scord_rec   ScoRD records (line, wmask) and the sideband
//                           mreq_sb_o of every request (rtl/scord/)
//   u_coal   ww_coalescer, u_l1 ww_l1_dcache, u_shmem ww_shmem,
//   u_wb     ww_lsu_wb      (write-back table: answers, retire)
// The retire fields (rd values, addresses, store data, memory kind) are
// returned with done_valid_o and held until done_ready_i.
// CAS needs a third operand: the SM reads rs3 the cycle after acceptance
// and gives it on in_swap_i then (state RS3).
// Protocol codes and the sideband layout: rtl/include/ww_proto.vh (generated
// from cmodel/include/ww_proto.def; no literals for them here).
// Memory port: L1 requests (op READ/WRITE, id class L1 with the L1's id) and
// device atomics (op ATOMIC, id class BYPASS) share mreq_*; responses are
// routed by the BYPASS id bit.
// GSI (GSI (ISPASS 2016) sec. IV-C/D): why_o says why in_ready_o is low
// (WW_GSI_WHY_*: ready, busy, L1 MSHRs full, L1 write slots full,
// shared-memory bank conflict, fence waiting for writes or acks, busy with an
// atomic: a synchronization operation, docs/gsi.md, ScoRD records not
// accepted: the race detector back-pressures); ld_start_o / ld_done_o mark a
// load entering and leaving, and ld_src_o says where its deepest line was
// served (WW_GSI_SRC_*: L1 hit or shared memory, L1 MSHR merge, L2, main
// memory: the L2 marks a response that missed).
// ScoRD (docs/scord.md §3; on when scord_en_i): after an instruction's
// global lines are done, one CHECK record per line with tracked lanes
// (addresses below the local-memory base) goes to the line's partition on
// the memory port (id class SCORD, sideband sk = CHECK, wmask = the words
// those lanes touch, the warp's barrier id and lock Bloom taken at
// acceptance); fence.blk, fence.dev and fence send a FENCE record (sk =
// FENCE) to every partition, and fence.dev / fence then wait for every
// partition's acknowledgement (scord_ack_i). GPUDet with ScoRD (docs/det.md
// sec. 6): the lanes buffered by the store buffers (in_det_i) get their
// CHECK records right after the socket answered (S_TXCHK: one per line of
// those lanes, the lowest lane's line first), so the race detector sees
// them in the instruction's place.
// Lock-table operations (lk_*): CAS and exchange lanes as they complete,
// fences at completion.
// Parameters: LANES, BLOCKS, LINE_BYTES as in ww_config.vh; WARPS for ids;
// the L1's MSHRS and WQ from WW_L1_MSHRS / WW_L1_WQ; NUM_SM and NUM_PART for
// the ScoRD records. The L1 tag {entry, line} must fit 8 bits with a spare
// one: CTX_W + LI_W <= 7 (the unused-bits tie-off selects l1_rsp_tag[7:CTX_W+LI_W]).
// C model cmodel/sm/ww_lsu.c (composed of the sub-blocks' models), lockstep
// tb/sm/lockstep/lsu.c.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_lsu #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter BLOCKS     = `WW_BLOCKS_PER_SM,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter SLOT_W     = (BLOCKS > 1) ? $clog2(BLOCKS) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1,
  parameter NUM_SM     = `WW_NUM_SM,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter BAR_W      = `WW_SCORD_BARID_W,
  parameter BLOOM_W    = `WW_SCORD_BLOOM_W,
  parameter SB_W       = `WW_SB_W(WID_W, LINE_BYTES / 4, BAR_W, BLOOM_W),
  parameter CTX        = `WW_LSU_CTX,
  parameter LOG_WORDS  = `WW_TX_LOG_WORDS,
  parameter CID_W      = `WW_CID_W,
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  // instruction from the execute stage
  input  wire                      in_valid_i,
  output wire                      in_ready_o,
  input  wire [WID_W-1:0]          in_wid_i,
  input  wire [6:0]                in_op_i,
  input  wire [31:0]               in_pc_i,
  input  wire [31:0]               in_ctaid_i,
  input  wire [SLOT_W-1:0]         in_slot_i,
  input  wire [LANES-1:0]          in_mask_i,
  input  wire [LANES*32-1:0]       in_base_i,     // rs1
  input  wire [LANES*32-1:0]       in_data_i,     // rs2
  input  wire [31:0]               in_imm_i,
  input  wire [LANES*32-1:0]       in_swap_i,     // rs3, the cycle after a CAS is accepted
  output wire                      in_is_cas_o,   // in_op_i is a CAS
  // address fault of the offered instruction (comb)
  output wire                      fault_o,
  output wire [`WW_TRAP_W-1:0]    fault_kind_o,
  output wire [4:0]                fault_lane_o,
  output wire [31:0]               fault_addr_o,
  // completion
  output wire                      done_valid_o,
  input  wire                      done_ready_i,
  output wire [WID_W-1:0]          done_wid_o,
  output wire [LANES*32-1:0]       done_rd_o,
  output wire [LANES*32-1:0]       done_addr_o,
  output wire [LANES*32-1:0]       done_wdata_o,
  output wire [`WW_MEM_W-1:0]     done_mem_o,
  output wire [2:0]                done_bytes_o,
  // ScoRD: on for this launch; the offered warp's barrier id and lock Bloom;
  // fence acknowledgements of the partitions' detectors; lock-table ops
  input  wire                      scord_en_i,
  input  wire [BAR_W-1:0]          scord_bar_i,
  input  wire [BLOOM_W-1:0]        scord_lk_i,
  input  wire [NUM_PART-1:0]       scord_ack_i,
  output wire                      lk_valid_o,
  output wire [`WW_SCORD_LOCK_OP_W-1:0] lk_op_o,  // WW_SCORD_LOCK_OP_*
  output wire [WID_W-1:0]          lk_wid_o,
  output wire [31:0]               lk_addr_o,
  output wire [31:0]               lk_ctaid_o,
  output wire                      lk_scope_blk_o,
  // GSI stall sub-classes
  output reg  [`WW_GSI_WHY_W-1:0]  why_o,
  output wire                      ld_start_o,
  output wire                      ld_done_o,
  output wire [`WW_GSI_SRC_W-1:0]  ld_src_o,
  // memory port (toward the crossbar)
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
  output wire [SB_W-1:0]           mreq_sb_o,
  input  wire                      mrsp_valid_i,
  output wire                      mrsp_ready_o,
  input  wire [`WW_REQID_W-1:0]    mrsp_id_i,
  input  wire                      mrsp_miss_i,   // served by main memory (L2 miss)
  input  wire [LINE_BYTES*8-1:0]   mrsp_data_i,
  // KILO TM (docs/tm.md sec. 4.2, 4.3): the offered warp is in a
  // transaction, its logs are full (bit 0 read, bit 1 write); its
  // transactional lanes go to ww_tm_sm (tm_acc_*), which answers each
  // lane's word
  input  wire                      in_tx_i,
  input  wire [1:0]                in_tx_full_i,
  // GPUDet (docs/det.md sec. 2): the SM is in parallel mode; the offered
  // store's lanes below local memory go to the store buffers (ww_det_sbuf)
  // on the same socket (tm_acc_*), and so do the offered load's lanes whose
  // line the warp's Bloom filter has (det_hit_i, the store buffers' answer
  // for the lanes' addresses det_qry_addr_o); its other lanes read memory
  // on the global path (no store of the warp is buffered over them)
  input  wire                      in_det_i,
  output wire [LANES*32-1:0]       det_qry_addr_o,
  input  wire [LANES-1:0]          det_hit_i,
  output wire                      tm_acc_valid_o,
  input  wire                      tm_acc_ready_i,
  output wire [`WW_TXL_W-1:0]      tm_acc_op_o,
  output wire [WID_W-1:0]          tm_acc_wid_o,
  output wire [LANES-1:0]          tm_acc_mask_o,
  output wire [LANES*32-1:0]       tm_acc_addr_o,
  output wire [2:0]                tm_acc_bytes_o,
  output wire [LANES*32-1:0]       tm_acc_data_o,
  input  wire                      tm_acc_done_i,
  input  wire [LANES*32-1:0]       tm_acc_word_i,
  // ww_tm_sm's L1 requests (in cycles the FSM leaves the L1 free; tag bit 7
  // marks them, bit 0 is tm_l1_req_src_i) and their answers
  input  wire                      tm_l1_req_valid_i,
  output wire                      tm_l1_req_ready_o,
  input  wire                      tm_l1_req_src_i,
  input  wire [`WW_L1_W-1:0]       tm_l1_req_op_i,
  input  wire [LINE_W-1:0]         tm_l1_req_line_i,
  input  wire [LINE_BYTES*8-1:0]   tm_l1_req_wdata_i,
  output wire                      tm_l1_rsp_valid_o,
  output wire                      tm_l1_rsp_src_o,
  output wire [LINE_BYTES*8-1:0]   tm_l1_rsp_data_o,
  output wire                      tm_l1_wack_o,
  // ww_tm_sm's packets to the commit units (requests of id class TM, the
  // lowest priority on the memory port) and their messages (responses)
  input  wire                      tm_pkt_valid_i,
  output wire                      tm_pkt_ready_o,
  input  wire [PART_W-1:0]         tm_pkt_part_i,
  input  wire [`WW_TM_PKT_W-1:0]   tm_pkt_kind_i,
  input  wire [CID_W-1:0]          tm_pkt_cid_i,
  input  wire [29:0]               tm_pkt_addr_i,
  input  wire [31:0]               tm_pkt_data_i,
  output wire                      tm_msg_valid_o,
  output wire [PART_W-1:0]         tm_msg_part_o,
  output wire [`WW_TM_MSG_W-1:0]   tm_msg_kind_o,
  output wire [CID_W-1:0]          tm_msg_cid_o,
  // the L1's transition coverage (ww_l1_dcache cov_o, docs/drf.md sec. 3)
  output wire [`WW_L1ST_N*`WW_L1EV_N-1:0] l1_cov_o
);

  // ISA constants: this module uses the WW_OP_* codes only.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam OFF_W   = $clog2(LINE_BYTES);
  localparam LB_W    = LINE_BYTES * 8;
  localparam SWORD_W = $clog2(`WW_SHMEM_BYTES / 4);
  localparam [31:0] NULL_GUARD = `WW_NULL_GUARD_BYTES;
  localparam [31:0] GMEM       = `WW_GMEM_BYTES;
  localparam [31:0] SH_BASE    = `WW_SHARED_BASE;
  localparam [31:0] SH_BYTES   = `WW_SHMEM_BYTES;

  localparam [4:0] S_IDLE = 5'd0, S_RS3 = 5'd1, S_SHREQ = 5'd2, S_SHWAIT = 5'd3,
                   S_GLOBAL = 5'd4, S_LINE = 5'd5, S_L1REQ = 5'd6, S_L1RSP = 5'd7,
                   S_WACK = 5'd8, S_BYPREQ = 5'd9, S_BYPRSP = 5'd10, S_FENCE = 5'd11,
                   S_DONE = 5'd12, S_CHECK = 5'd13, S_FPKT = 5'd14, S_FACK = 5'd15,
                   S_TXREQ = 5'd16, S_TXWAIT = 5'd17, S_TXCHK = 5'd18;
  localparam [31:0] LOCAL_BASE0 = GMEM - NUM_SM * WARPS * LANES * `WW_LOCAL_BYTES;
  // KILO TM's log region just below local memory (docs/tm.md sec. 5):
  // addresses below it are transactional
  localparam [31:0] TX_LOG_BASE = LOCAL_BASE0 - NUM_SM * WARPS * 2 * LOG_WORDS * 2 * LANES * 4;

  ////////////////////
  // Decode         //
  ////////////////////

  function [2:0] op_bytes(input [6:0] op);
    begin
      case (op)
        WW_OP_LB, WW_OP_LBU, WW_OP_SB: op_bytes = 3'd1;
        WW_OP_LH, WW_OP_LHU, WW_OP_SH: op_bytes = 3'd2;
        default:                       op_bytes = 3'd4;
      endcase
    end
  endfunction

  // fence.blk reaches the LSU only with ScoRD on (it sends FENCE records)
  wire in_fence  = (in_op_i == WW_OP_FENCE) || (in_op_i == WW_OP_FENCE_DEV) ||
                   (in_op_i == WW_OP_FENCE_BLK);
  assign in_is_cas_o = (in_op_i == WW_OP_CAS_BLK) || (in_op_i == WW_OP_CAS_DEV);
  wire [2:0] in_n = op_bytes(in_op_i);

  ////////////////////
  // Address checks //
  ////////////////////

  // ww_lsu_agen: per-lane address, shared window, fault (decision 1)
  wire [LANES*32-1:0]  addr_c;
  wire [LANES-1:0]     shared_c;
  wire                 fault_c;
  wire [`WW_TRAP_W-1:0] fkind_c;
  wire [4:0]           flane_c;
  wire [31:0]          faddr_c;
  ww_lsu_agen #(.LANES(LANES), .NULL_GUARD(NULL_GUARD), .GMEM_BYTES(GMEM),
                .SH_BASE(SH_BASE), .SH_BYTES(SH_BYTES)) u_agen (
    .clk_i        (clk_i),
    .mask_i       (in_mask_i),
    .base_i       (in_base_i),
    .imm_i        (in_imm_i),
    .bytes_i      (in_n),
    .fence_i      (in_fence),
    .addr_o       (addr_c),
    .shared_o     (shared_c),
    .fault_o      (fault_c),
    .fault_kind_o (fkind_c),
    .fault_lane_o (flane_c),
    .fault_addr_o (faddr_c)
  );

  // KILO TM: the transactional lanes of the offered instruction (a plain
  // load or store of a warp in a transaction: its global lanes below the log
  // region); a full log is the instruction's fault after the address checks
  wire in_plain_ld = (in_op_i >= WW_OP_LB && in_op_i <= WW_OP_LHU);
  wire in_plain_st = (in_op_i >= WW_OP_SB && in_op_i <= WW_OP_SW);
  wire in_st = in_plain_st || (in_op_i == WW_OP_SW_STRONG);
  wire in_ld = in_plain_ld || (in_op_i == WW_OP_LW_STRONG);
  // tm_c: KILO TM's lanes alone (the log-full fault does not wait for the
  // store buffers' filter); tx_c: every lane for the socket
  reg [LANES-1:0] tm_c, tx_c;
  integer t;
  always @* begin
    for (t = 0; t < LANES; t = t + 1) begin
      tm_c[t] = in_mask_i[t] && !shared_c[t] &&
                in_tx_i && (in_plain_ld || in_plain_st) && addr_c[32*t +: 32] < TX_LOG_BASE;
      tx_c[t] = tm_c[t] || (in_mask_i[t] && !shared_c[t] &&
`ifdef WW_MUTANT_LSU_DET_LOAD_IGNORES_FILTER
                 // MUTANT: every load lane bypasses the store buffers
                 (in_det_i && in_st && addr_c[32*t +: 32] < LOCAL_BASE0));
`else
                 (in_det_i && (in_st || (in_ld && det_hit_i[t])) && addr_c[32*t +: 32] < LOCAL_BASE0));
`endif
    end
  end
  assign det_qry_addr_o = addr_c;
  wire tx_reads = in_plain_ld || in_n != 3'd4;
  wire tx_full  = (|tm_c) && ((tx_reads && in_tx_full_i[0]) || (in_plain_st && in_tx_full_i[1]));

  assign fault_o      = fault_c || tx_full;
  assign fault_kind_o = (tx_full && !fault_c) ? `WW_TRAP_TX_LOG_FULL : fkind_c;
  assign fault_lane_o = fault_c ? flane_c : 5'd0;
  assign fault_addr_o = fault_c ? faddr_c : 32'd0;

  ////////////////////
  // State          //
  ////////////////////

  reg [4:0]           state_q;
  reg [WID_W-1:0]     wid_q;
  reg [6:0]           op_q;
  reg [31:0]          pc_q, ctaid_q;
  reg [SLOT_W-1:0]    slot_q;
  reg [LANES-1:0]     sh_mask_q, gl_mask_q, tx_mask_q;
  reg [LANES*32-1:0]  addr_q, data_q, swap_q;
  reg [2:0]           n_q;
  reg [LINE_W-1:0]    line_q;
  reg [LANES-1:0]     lanes_q;        // lanes of the current line still to do
  reg                 last_q;         // the current line is the coalescer's last
  reg                 dropped_q;      // device atomic: own copy of the line dropped
  // line n of the instruction in write-back entry cx_q has L1 tag {cx_q, n}
  // (ww_lsu_wb gathers the answers); ltab_q[n] its lanes (ScoRD records)
  localparam NL_W  = $clog2(LANES + 1);              // 0..LANES lines
  localparam LI_W  = (LANES > 1) ? $clog2(LANES) : 1; // line index
  localparam CTX_W = (CTX > 1) ? $clog2(CTX) : 1;     // write-back entry
  reg [CTX_W-1:0]     cx_q;           // the entry of the instruction in work
  reg [LANES-1:0]     ltab_q [0:LANES-1];
  reg [LINE_W-1:0]    lline_q [0:LANES-1];   // the line's number (ScoRD records)
  reg [NL_W-1:0]      nline_q;        // lines taken from the coalescer so far
  reg [LI_W-1:0]      cur_q;          // index of the current line
  reg [NL_W-1:0]      chk_q;          // ScoRD: next line to send a CHECK for
  reg [PART_W:0]      fp_q;           // ScoRD: next partition to send a FENCE to
  reg [NUM_PART-1:0]  ack_q;          // ScoRD: partitions that acknowledged
  reg [LANES-1:0]     track_q;        // ScoRD: lanes in tracked global memory
  reg [LANES-1:0]     txck_q;         // ScoRD with GPUDet: buffered lanes not yet checked
  reg [BAR_W-1:0]     bar_q;
  reg [BLOOM_W-1:0]   lk_q;
  reg                 fill_dram_q;    // the L1's last fill missed in L2

  wire is_load   = (op_q >= WW_OP_LB && op_q <= WW_OP_LHU) || (op_q == WW_OP_LW_STRONG);
  wire is_strong_ld = (op_q == WW_OP_LW_STRONG);
  wire is_store  = (op_q >= WW_OP_SB && op_q <= WW_OP_SW) || (op_q == WW_OP_SW_STRONG);
  wire is_dev    = (op_q >= WW_OP_AMOADD_DEV && op_q <= WW_OP_AMOXOR_DEV) ||
                   (op_q == WW_OP_CAS_DEV);
  wire is_cas    = (op_q == WW_OP_CAS_BLK) || (op_q == WW_OP_CAS_DEV);
  wire is_fence  = (op_q == WW_OP_FENCE) || (op_q == WW_OP_FENCE_DEV) || (op_q == WW_OP_FENCE_BLK);
  wire is_fblk   = (op_q == WW_OP_FENCE_BLK);
  wire is_exch   = (op_q == WW_OP_AMOEXCH_BLK) || (op_q == WW_OP_AMOEXCH_DEV);
  // atomic op code of ww_amo_alu (WW_AMO_*): ww_isa.def lists the AMOs of a
  // scope in WW_AMO_ADD .. WW_AMO_XOR order
  wire [6:0] amo_rel  = is_dev ? op_q - WW_OP_AMOADD_DEV : op_q - WW_OP_AMOADD_BLK;
  wire [`WW_AMO_W-1:0] amo_code = is_cas ? `WW_AMO_CAS : amo_rel[`WW_AMO_W-1:0];

  wire wb_free;
  wire [CTX_W-1:0] wb_free_ctx;
  assign in_ready_o = (state_q == S_IDLE) && wb_free;
  wire accept = in_valid_i && in_ready_o && !fault_o;

  ////////////////////
  // Lane helpers   //
  ////////////////////

  // lowest lane of lanes_q
  reg [4:0] cur_c;
  integer j;
  always @* begin
    cur_c = 5'd0;
    for (j = LANES - 1; j >= 0; j = j - 1)
      if (lanes_q[j]) cur_c = j[4:0];
  end

  // device atomics: the lowest lane whose request is not sent yet
  reg [LANES-1:0] rq_left_q;
  reg [4:0] rq_c;
  always @* begin
    rq_c = 5'd0;
    for (j = LANES - 1; j >= 0; j = j - 1)
      if (rq_left_q[j]) rq_c = j[4:0];
  end
  reg [WORD_W-1:0] rq_word;
  reg [31:0] rq_b, rq_swap;
  always @* begin
    rq_word = {WORD_W{1'b0}};
    rq_b    = 32'd0;
    rq_swap = 32'd0;
    for (j = 0; j < LANES; j = j + 1)
      if (rq_c == j[4:0]) begin
        rq_word = addr_q[32*j + 2 +: WORD_W];
        rq_b    = data_q[32*j +: 32];
        rq_swap = swap_q[32*j +: 32];
      end
  end

  // per-lane fields of the current lane (constant-index selection)
  reg [31:0] cur_addr, cur_b, cur_swap;
  always @* begin
    cur_addr = 32'd0;
    cur_b    = 32'd0;
    cur_swap = 32'd0;
    for (j = 0; j < LANES; j = j + 1)
      if (cur_c == j[4:0]) begin
        cur_addr = addr_q[32*j +: 32];
        cur_b    = data_q[32*j +: 32];
        cur_swap = swap_q[32*j +: 32];
      end
  end

  function [3:0] st_be(input [1:0] off, input [2:0] n);
    begin
      st_be = ((n == 3'd1) ? 4'b0001 : (n == 3'd2) ? 4'b0011 : 4'b1111) << off;
    end
  endfunction

  // ww_lsu_bytes: store bytes of the current line's lanes (lane order:
  // later lanes win)
  wire [LINE_BYTES-1:0] st_be_c;
  wire [LB_W-1:0]       st_data_c;
  ww_lsu_bytes #(.LANES(LANES), .LINE_BYTES(LINE_BYTES)) u_bytes (
    .clk_i   (clk_i),
    .lanes_i (lanes_q),
    .addr_i  (addr_q),
    .data_i  (data_q),
    .bytes_i (n_q),
    .be_o    (st_be_c),
    .data_o  (st_data_c)
  );

  ////////////////////
  // Shared memory  //
  ////////////////////

  reg [LANES*SWORD_W-1:0] sh_addr_c;
  reg [LANES*4-1:0]       sh_be_c;
  reg [LANES*32-1:0]      sh_wdata_c;
  always @* begin
    for (j = 0; j < LANES; j = j + 1) begin
      sh_addr_c[SWORD_W*j +: SWORD_W] = addr_q[32*j + 2 +: SWORD_W];  // SH_BASE is aligned
      sh_be_c[4*j +: 4]   = st_be(addr_q[32*j +: 2], n_q);
      sh_wdata_c[32*j +: 32] = is_store ? data_q[32*j +: 32] << {addr_q[32*j +: 2], 3'b000} :
                               is_cas   ? swap_q[32*j +: 32] : data_q[32*j +: 32];
    end
  end

  wire sh_ready, sh_rsp_valid, sh_conflict;
  wire [LANES*32-1:0] sh_rsp;
  // (never CLEAR: only loads, stores and atomics reach the shared memory)
  wire [`WW_SHM_W-1:0] sh_op = is_load ? `WW_SHM_LOAD : is_store ? `WW_SHM_STORE :
                               `WW_SHM_ADD + amo_code;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_shmem #(.LANES(LANES), .SLOTS(BLOCKS)) u_shmem (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_valid_i (state_q == S_SHREQ && sh_mask_q != {LANES{1'b0}}),
    .req_ready_o (sh_ready),
    .req_op_i    (sh_op),
    .req_slot_i  (slot_q),
    .req_mask_i  (sh_mask_q),
    .req_addr_i  (sh_addr_c),
    .req_be_i    (sh_be_c),
    .req_wdata_i (sh_wdata_c),
    .req_cmp_i   (data_q),
    .rsp_valid_o (sh_rsp_valid),
    .rsp_data_o  (sh_rsp),
    .conflict_o  (sh_conflict)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  ////////////////////
  // Coalescer, L1  //
  ////////////////////

  wire co_in_ready, co_valid, co_last;
  wire [LINE_W-1:0] co_line;
  wire [LANES-1:0]  co_lanes;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_coalescer #(.LANES(LANES), .LINE_BYTES(LINE_BYTES), .TAG_W(1)) u_coal (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (state_q == S_GLOBAL && gl_mask_q != {LANES{1'b0}} && !is_fence),
    .in_ready_o  (co_in_ready),
    .in_mask_i   (gl_mask_q),
    .in_addr_i   (addr_q),
    .in_tag_i    (1'b0),
    .out_valid_o (co_valid),
    .out_ready_i (state_q == S_LINE),
    .out_line_o  (co_line),
    .out_lanes_o (co_lanes),
    .out_last_o  (co_last),
    .out_tag_o   ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  reg [`WW_L1_W-1:0] l1_op_c;
  always @* begin
    if (is_fence)                   l1_op_c = `WW_L1_INVAL;
    else if (is_load)               l1_op_c = is_strong_ld ? `WW_L1_LOAD_STRONG : `WW_L1_LOAD;
    else if (is_store || is_dev)    l1_op_c = `WW_L1_STORE;   // device atomic: drop (no bytes)
    else                            l1_op_c = `WW_L1_ATOMIC;
  end

  wire                 l1_ready, l1_rsp_valid, l1_wack;
  wire [LB_W-1:0]      l1_rsp;
  wire [`WW_L1_STALL_W-1:0] l1_stall;
  wire [7:0]           l1_rsp_tag, l1_wack_tag;
  wire                 wb_waiting, wb_rsp_load;
  wire [`WW_L1_KIND_W-1:0] l1_rsp_kind;
  // the L1's memory id {write, index} and its count of pending writes
  localparam L1_IDX_W = (`WW_L1_MSHRS > `WW_L1_WQ) ? ((`WW_L1_MSHRS > 1) ? $clog2(`WW_L1_MSHRS) : 1)
                                                 : ((`WW_L1_WQ > 1) ? $clog2(`WW_L1_WQ) : 1);
  localparam L1_ID_W  = L1_IDX_W + 1;
  localparam L1_NP_W  = $clog2(`WW_L1_WQ + 1);
  wire [L1_NP_W-1:0]   l1_wr_pending;
  // fence.dev: the L1 is invalidated when no write is pending and no other
  // instruction handed over is still to retire (write-back WAIT or DONE)
`ifdef WW_MUTANT_LSU_FENCE_SKIPS_WB_WAIT
  // MUTANT: fence.dev invalidates without waiting for handed-over entries
  wire fence_go = (state_q == S_FENCE) && l1_wr_pending == {L1_NP_W{1'b0}};
`else
  wire fence_go = (state_q == S_FENCE) && l1_wr_pending == {L1_NP_W{1'b0}} && !wb_waiting;
`endif
  wire                 l1_mreq_valid, l1_mreq_we, l1_mrsp_ready;
  wire [LINE_W-1:0]    l1_mreq_line;
  wire [LINE_BYTES-1:0] l1_mreq_be;
  wire [LB_W-1:0]      l1_mreq_data;
  wire [L1_ID_W-1:0]  l1_mreq_id;
  wire                 byp_rsp = mrsp_valid_i && mrsp_id_i[`WW_REQID_BYPASS_BIT] && l1_mrsp_ready;
  // a device atomic's answer, for the lowest lane not yet answered
  wire                 byp_take = ((state_q == S_BYPREQ) || (state_q == S_BYPRSP)) && byp_rsp;
  wire                 tm_rsp  = mrsp_valid_i && mrsp_id_i[`WW_REQID_TM_BIT];

  // the L1's requester: the FSM, else ww_tm_sm (tag bit 7, bit 0 its source)
  wire                 fsm_l1  = (state_q == S_L1REQ) || fence_go;
  wire                 tm_l1   = !fsm_l1 && tm_l1_req_valid_i;
  wire [`WW_L1_W-1:0]  l1_req_op    = fsm_l1 ? l1_op_c : tm_l1_req_op_i;
  wire [LINE_W-1:0]    l1_req_line  = fsm_l1 ? line_q : tm_l1_req_line_i;
  wire [7:0]           l1_req_tag   = fsm_l1 ? {{(8-LI_W-CTX_W){1'b0}}, cx_q, cur_q}
                                             : {1'b1, 6'd0, tm_l1_req_src_i};
  wire [LINE_BYTES-1:0] l1_req_be   = fsm_l1 ? ((is_dev || is_fence) ? {LINE_BYTES{1'b0}} : st_be_c)
                                             : (tm_l1_req_op_i == `WW_L1_STORE) ? {LINE_BYTES{1'b1}}
                                                                                : {LINE_BYTES{1'b0}};
  wire [LB_W-1:0]      l1_req_wdata = fsm_l1 ? st_data_c : tm_l1_req_wdata_i;

  // unused outputs of this instance are left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_l1_dcache #(.LINE_BYTES(LINE_BYTES), .MERGE(WARPS), .MSHRS(`WW_L1_MSHRS),
                 .WQ(`WW_L1_WQ)) u_l1 (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .req_valid_i     (fsm_l1 || tm_l1),
    .req_op_i        (l1_req_op),
    .req_line_i      (l1_req_line),
    .req_tag_i       (l1_req_tag),
    .req_be_i        (l1_req_be),
    .req_wdata_i     (l1_req_wdata),
    .req_amo_op_i    (amo_code),
    .req_amo_word_i  (cur_addr[OFF_W-1:2]),
    .req_amo_a_i     (cur_b),
    .req_amo_b_i     (cur_swap),
    .mem_req_ready_i (mreq_ready_i),
    .mem_rsp_valid_i (mrsp_valid_i && !mrsp_id_i[`WW_REQID_BYPASS_BIT] && !tm_rsp),
    .mem_rsp_id_i    (mrsp_id_i[L1_ID_W-1:0]),
    .mem_rsp_data_i  (mrsp_data_i),
    .req_ready_o     (l1_ready),
    .req_stall_o     (l1_stall),
    .rsp_valid_o     (l1_rsp_valid),
    .rsp_tag_o       (l1_rsp_tag),
    .rsp_kind_o      (l1_rsp_kind),
    .rsp_data_o      (l1_rsp),
    .wack_valid_o    (l1_wack),
    .wack_tag_o      (l1_wack_tag),
    .wr_pending_o    (l1_wr_pending),
    .mem_req_valid_o (l1_mreq_valid),
    .mem_req_we_o    (l1_mreq_we),
    .mem_req_line_o  (l1_mreq_line),
    .mem_req_be_o    (l1_mreq_be),
    .mem_req_data_o  (l1_mreq_data),
    .mem_req_id_o    (l1_mreq_id),
    .mem_rsp_ready_o (l1_mrsp_ready),
    .cov_o           (l1_cov_o)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ww_tm_sm's L1 port: the L1's answers to tag bit 7
  assign tm_l1_req_ready_o = l1_ready && !fsm_l1;
  assign tm_l1_rsp_valid_o = l1_rsp_valid && l1_rsp_tag[7];
  assign tm_l1_rsp_src_o   = l1_rsp_tag[0];
  assign tm_l1_rsp_data_o  = l1_rsp;
  assign tm_l1_wack_o      = l1_wack && l1_wack_tag[7];
  // the FSM's and the write-back table's answers: tag bit 7 clear
  wire   l1_rsp_own        = l1_rsp_valid && !l1_rsp_tag[7];
  wire   l1_wack_own       = l1_wack && !l1_wack_tag[7];

  ////////////////////
  // Memory port    //
  ////////////////////

  wire byp_valid = (state_q == S_BYPREQ) && !l1_mreq_valid;
  // ScoRD records (consumed by the partition's detector, never reach L2):
  // the FSM says when (S_CHECK, S_FPKT), ww_scord_rec forms them and the
  // sideband of every request
  wire [LINE_W-1:0]   chk_line = lline_q[chk_q[LI_W-1:0]];
`ifdef WW_MUTANT_LSU_CHECK_UNTRACKED
  // MUTANT: CHECK records also name local-memory lanes (not tracked)
  wire [LANES-1:0]    chk_lanes = ltab_q[chk_q[LI_W-1:0]];
`else
  wire [LANES-1:0]    chk_lanes = ltab_q[chk_q[LI_W-1:0]] & track_q;
`endif
  // GPUDet: the line of the lowest buffered lane not yet checked, and its lanes
  reg [LINE_W-1:0]    txck_line;
  reg [LANES-1:0]     txck_lanes;
  integer tl;
  always @* begin
    txck_line = {LINE_W{1'b0}};
    for (tl = LANES - 1; tl >= 0; tl = tl - 1)
      if (txck_q[tl]) txck_line = addr_q[32*tl + OFF_W +: LINE_W];
    for (tl = 0; tl < LANES; tl = tl + 1)
      txck_lanes[tl] = txck_q[tl] && addr_q[32*tl + OFF_W +: LINE_W] == txck_line;
  end
  wire txck_send = (state_q == S_TXCHK);
  wire chk_send  = ((state_q == S_CHECK) && chk_q != nline_q && chk_lanes != {LANES{1'b0}}) ||
                   txck_send;
  wire fpkt_send = (state_q == S_FPKT) && fp_q != NUM_PART[PART_W:0];
  wire                rec_valid;
  wire [LINE_W-1:0]   rec_line;
  wire [SB_W-1:0]     sb_c;
  ww_scord_rec #(.LANES(LANES), .LINE_BYTES(LINE_BYTES), .WID_W(WID_W), .NUM_PART(NUM_PART),
                 .BAR_W(BAR_W), .BLOOM_W(BLOOM_W), .LINE_W(LINE_W), .PART_W(PART_W),
                 .SB_W(SB_W)) u_rec (
    .clk_i   (clk_i),
    .chk_i   (chk_send),
    .fence_i (fpkt_send),
    .l1_i    (l1_mreq_valid),
    .line_i  (txck_send ? txck_line : chk_line),
    .lanes_i (txck_send ? txck_lanes : chk_lanes),
    .addr_i  (addr_q),
    .part_i  (fp_q[PART_W-1:0]),
    .op_i    (op_q),
    .wid_i   (wid_q),
    .cta_i   (ctaid_q),
    .pc_i    (pc_q),
    .bar_i   (bar_q),
    .lk_i    (lk_q),
    .valid_o (rec_valid),
    .line_o  (rec_line),
    .sb_o    (sb_c)
  );
  // KILO TM packets (docs/tm.md sec. 4.3 step 6, ww_proto.def TMPKT): the
  // word's line (RLOG, WLOG) or the partition's index (END, FINAL) routes
  // it; amo_a the word's byte address, amo_b the word; kind and CID in data
  wire tm_go   = tm_pkt_valid_i && !l1_mreq_valid && !byp_valid && !rec_valid;
  wire tm_word = (tm_pkt_kind_i == `WW_TM_PKT_RLOG) || (tm_pkt_kind_i == `WW_TM_PKT_WLOG);
  wire [LINE_W-1:0] tm_line = tm_word ? tm_pkt_addr_i[29:OFF_W-2]
                                      : {{(LINE_W-PART_W){1'b0}}, tm_pkt_part_i};
  wire [`WW_TMPKT_W(CID_W)-1:0] tm_rec = {tm_pkt_cid_i, tm_pkt_kind_i};
  assign tm_pkt_ready_o = mreq_ready_i && !l1_mreq_valid && !byp_valid && !rec_valid;

  assign mreq_valid_o    = l1_mreq_valid || byp_valid || rec_valid || tm_go;
  assign mreq_op_o       = l1_mreq_valid ? (l1_mreq_we ? `WW_L2_WRITE : `WW_L2_READ) :
                           (rec_valid || tm_go) ? `WW_L2_READ : `WW_L2_ATOMIC;
  assign mreq_line_o     = l1_mreq_valid ? l1_mreq_line :
                           (chk_send || fpkt_send) ? rec_line : tm_go ? tm_line : line_q;
  assign mreq_id_o       = l1_mreq_valid ? (`WW_REQID_L1 | {{(`WW_REQID_W-L1_ID_W){1'b0}}, l1_mreq_id}) :
                           rec_valid ? `WW_REQID_SCORD : tm_go ? `WW_REQID_TM : `WW_REQID_BYPASS;
  assign mreq_be_o       = l1_mreq_valid ? l1_mreq_be : {LINE_BYTES{1'b0}};
  assign mreq_data_o     = l1_mreq_valid ? l1_mreq_data :
                           tm_go ? {{(LB_W-`WW_TMPKT_W(CID_W)){1'b0}}, tm_rec} : {LB_W{1'b0}};
  assign mreq_amo_op_o   = amo_code;
`ifdef WW_MUTANT_LSU_BYP_FIELDS_OF_ANSWER_LANE
  // MUTANT: a device atomic's request carries the lane awaiting its answer
  assign mreq_amo_word_o = cur_addr[OFF_W-1:2];
  assign mreq_amo_a_o    = tm_go ? {tm_pkt_addr_i, 2'b00} : cur_b;
  assign mreq_amo_b_o    = tm_go ? tm_pkt_data_i : cur_swap;
`else
  assign mreq_amo_word_o = rq_word;
  assign mreq_amo_a_o    = tm_go ? {tm_pkt_addr_i, 2'b00} : rq_b;
  assign mreq_amo_b_o    = tm_go ? tm_pkt_data_i : rq_swap;
`endif
  assign mreq_sb_o       = sb_c;
  // a commit unit's message: a response of id class TM (TMMSG in data)
  assign tm_msg_valid_o  = tm_rsp && l1_mrsp_ready;
  assign tm_msg_kind_o   = mrsp_data_i[`WW_TMMSG_KIND_LSB(CID_W, PART_W) +: `WW_TM_MSG_W];
  assign tm_msg_cid_o    = mrsp_data_i[`WW_TMMSG_CID_LSB(CID_W, PART_W) +: CID_W];
  assign tm_msg_part_o   = mrsp_data_i[`WW_TMMSG_PART_LSB(CID_W, PART_W) +: PART_W];
  // one ready for both kinds (not a function of the id: no combinational path
  // back into the crossbar's arbiter); a device atomic waits only on an L1
  // that is idle anyway
  assign mrsp_ready_o    = l1_mrsp_ready;
  // ids: the BYPASS bit, bits 2:0 the L1's; cur_addr: only the word index is sent
  wire unused_ok = &{1'b0,
                     mrsp_id_i[`WW_REQID_BYPASS_BIT-1:L1_ID_W], amo_rel[6:`WW_AMO_W],
                     cur_addr[31:OFF_W], cur_addr[1:0]};

  ////////////////////
  // Lines in flight //
  ////////////////////

  wire line_out  = (state_q == S_L1REQ) && l1_ready && (is_load || is_store);
  // the last line of a load or store is sent and no CHECK record follows:
  // the instruction is handed over in this cycle (no S_DONE)
  wire fin_fast;
  wire line_take = (state_q == S_LINE) && co_valid;         // a line enters the table
  // where the instruction ends: the CHECK records first when ScoRD is on
  wire [4:0] s_fin = (scord_en_i && nline_q != {NL_W{1'b0}}) ? S_CHECK : S_DONE;
  assign fin_fast = line_out && last_q && s_fin == S_DONE;
  // the front's own atomic: an L1 answer that is not a load entry's, a write
  // acknowledgement of its entry
  wire at_rsp  = l1_rsp_own && !wb_rsp_load;
  wire at_wack = l1_wack_own && l1_wack_tag[LI_W +: CTX_W] == cx_q;
  // a read fill the L1 takes (write acks are the other responses it sees)
  wire fill_in  = mrsp_valid_i && !mrsp_id_i[`WW_REQID_BYPASS_BIT] && !tm_rsp && l1_mrsp_ready &&
                  !l1_wack;

  // GSI level of an L1 answer: hit, merge, or the fill's origin
  wire [`WW_GSI_SRC_W-1:0] l1_lvl = (l1_rsp_kind == `WW_L1_KIND_HIT) ? `WW_GSI_SRC_L1 :
                                  (l1_rsp_kind == `WW_L1_KIND_MERGE) ? `WW_GSI_SRC_COALESCE :
                                  fill_dram_q ? `WW_GSI_SRC_DRAM : `WW_GSI_SRC_L2;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      nline_q     <= {NL_W{1'b0}};
      cur_q       <= {LI_W{1'b0}};
      fill_dram_q <= 1'b0;
    end else begin
      if (fill_in)
        fill_dram_q <= mrsp_miss_i;
      if (accept) begin
        nline_q <= {NL_W{1'b0}};
      end else if (line_take) begin
        nline_q <= nline_q + {{(NL_W-1){1'b0}}, 1'b1};
        cur_q   <= nline_q[LI_W-1:0];
      end
    end
  end

  // ScoRD: fence acknowledgements seen since the instruction was accepted
  always @(posedge clk_i) begin
    if (!rst_ni || accept)
      ack_q <= {NUM_PART{1'b0}};
    else
      ack_q <= ack_q | scord_ack_i;
  end

  // lock-table operations: CAS / exchange lanes as they complete, fences
  // when they complete
  wire lane_done = (state_q == S_L1RSP && at_rsp) || byp_take;
  wire fence_end = (state_q == S_DONE) && is_fence;
  assign lk_valid_o     = (lane_done && (is_cas || is_exch)) || fence_end;
  assign lk_op_o        = fence_end ? (is_fblk ? `WW_SCORD_LOCK_OP_FENCE_BLK
                                             : `WW_SCORD_LOCK_OP_FENCE_DEV) :
                          is_cas ? `WW_SCORD_LOCK_OP_CAS : `WW_SCORD_LOCK_OP_EXCH;
  assign lk_wid_o       = wid_q;
  assign lk_addr_o      = cur_addr;
  assign lk_ctaid_o     = ctaid_q;
  assign lk_scope_blk_o = !is_dev;

  // the lanes are reset (the sideband's word mask reads them even when an
  // instruction had no global line, e.g. GPUDet's buffered lanes only)
  integer lt;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      for (lt = 0; lt < LANES; lt = lt + 1)
        ltab_q[lt] <= {LANES{1'b0}};
    end else if (line_take) begin
      ltab_q[nline_q[LI_W-1:0]] <= co_lanes;
    end
    if (line_take) begin
      lline_q[nline_q[LI_W-1:0]] <= co_line;
    end
  end

  // why the LSU cannot take an instruction (GSI memory-structural sub-class)
  wire is_atomic = !is_load && !is_store && !is_fence;
  always @* begin
    case (state_q)
      // every write-back entry in use: busy
      S_IDLE:   why_o = wb_free ? `WW_GSI_WHY_READY : `WW_GSI_WHY_BUSY;
      // S_CHECK / S_FPKT: the detector back-pressures the records
      S_CHECK, S_TXCHK:
                why_o = (rec_valid && !mreq_ready_i) ? `WW_GSI_WHY_SCORD :
                        is_atomic ? `WW_GSI_WHY_SYNC : `WW_GSI_WHY_BUSY;
      S_FPKT:   why_o = (rec_valid && !mreq_ready_i) ? `WW_GSI_WHY_SCORD : `WW_GSI_WHY_FENCE;
      S_FENCE, S_FACK: why_o = `WW_GSI_WHY_FENCE;
      S_SHWAIT: why_o = sh_conflict ? `WW_GSI_WHY_BANK_CONFLICT :
                        is_atomic ? `WW_GSI_WHY_SYNC : `WW_GSI_WHY_BUSY;
      S_L1REQ:  why_o = (l1_stall == `WW_L1_STALL_MSHR) ? `WW_GSI_WHY_MSHR_FULL :
                        (l1_stall == `WW_L1_STALL_WQ) ? `WW_GSI_WHY_WQ_FULL :
                        is_atomic ? `WW_GSI_WHY_SYNC : `WW_GSI_WHY_BUSY;
      default:  why_o = is_atomic ? `WW_GSI_WHY_SYNC : `WW_GSI_WHY_BUSY;
    endcase
  end

  // loads only: a warp waiting for its atomic is a synchronization stall
  wire in_load = (in_op_i >= WW_OP_LB && in_op_i <= WW_OP_LHU) || (in_op_i == WW_OP_LW_STRONG);
  assign ld_start_o = accept && in_load;
  wire   done_load;
  assign ld_done_o  = done_valid_o && done_ready_i && done_load;

  // the transactional lanes to ww_tm_sm (S_TXREQ), answered in S_TXWAIT
  assign tm_acc_valid_o = (state_q == S_TXREQ);
  assign tm_acc_op_o    = is_load ? `WW_TXL_LOAD : `WW_TXL_STORE;
  assign tm_acc_wid_o   = wid_q;
  assign tm_acc_mask_o  = tx_mask_q;
  assign tm_acc_addr_o  = addr_q;
  assign tm_acc_bytes_o = n_q;
  assign tm_acc_data_o  = data_q;

  ////////////////////
  // FSM            //
  ////////////////////

  wire [LANES-1:0] cur_onehot = {{(LANES-1){1'b0}}, 1'b1} << cur_c;
  // an atomic's old value: word 0 of the answer (ww_l1_dcache, ww_l2_slice)
  wire [31:0] old_word = byp_take ? mrsp_data_i[31:0] : l1_rsp[31:0];
  wire [LANES-1:0] rq_onehot = {{(LANES-1){1'b0}}, 1'b1} << rq_c;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= S_IDLE;
      wid_q     <= {WID_W{1'b0}};
      op_q      <= 7'd0;
      pc_q      <= 32'd0;
      ctaid_q   <= 32'd0;
      slot_q    <= {SLOT_W{1'b0}};
      sh_mask_q <= {LANES{1'b0}};
      gl_mask_q <= {LANES{1'b0}};
      tx_mask_q <= {LANES{1'b0}};
      txck_q    <= {LANES{1'b0}};
      addr_q    <= {LANES*32{1'b0}};
      data_q    <= {LANES*32{1'b0}};
      swap_q    <= {LANES*32{1'b0}};
      n_q       <= 3'd4;
      cx_q      <= {CTX_W{1'b0}};
      line_q    <= {LINE_W{1'b0}};
      lanes_q   <= {LANES{1'b0}};
      rq_left_q <= {LANES{1'b0}};
      last_q    <= 1'b0;
      dropped_q <= 1'b0;
    end else begin
      case (state_q)
        S_IDLE: if (accept) begin
          wid_q     <= in_wid_i;
          op_q      <= in_op_i;
          pc_q      <= in_pc_i;
          ctaid_q   <= in_ctaid_i;
          slot_q    <= in_slot_i;
          sh_mask_q <= in_fence ? {LANES{1'b0}} : in_mask_i & shared_c;
          gl_mask_q <= in_fence ? {LANES{1'b0}} : in_mask_i & ~shared_c & ~tx_c;
          tx_mask_q <= tx_c;
          txck_q    <= (in_det_i && scord_en_i) ? tx_c : {LANES{1'b0}};
          addr_q    <= addr_c;
          data_q    <= in_data_i;
          n_q       <= in_n;
          cx_q      <= wb_free_ctx;
          // transactional lanes first (ww_tm_sm); no shared lane: straight
          // to the global lanes
          state_q   <= in_is_cas_o ? S_RS3 : (|tx_c) ? S_TXREQ :
                       ((in_mask_i & shared_c) == {LANES{1'b0}} || in_fence) ? S_GLOBAL : S_SHREQ;
          for (j = 0; j < LANES; j = j + 1)
            track_q[j] <= in_mask_i[j] && !shared_c[j] && addr_c[32*j +: 32] < LOCAL_BASE0;
          bar_q     <= scord_bar_i;
          lk_q      <= scord_lk_i;
          chk_q     <= {NL_W{1'b0}};
          fp_q      <= {(PART_W+1){1'b0}};
        end
        S_RS3: begin
          swap_q  <= in_swap_i;
          state_q <= S_SHREQ;
        end
        S_TXREQ: if (tm_acc_ready_i) begin
          state_q <= S_TXWAIT;
        end
        S_TXWAIT: if (tm_acc_done_i) begin   // a load's words go to write-back
          state_q <= (txck_q != {LANES{1'b0}}) ? S_TXCHK : S_SHREQ;
        end
        S_TXCHK: if (rec_valid && mreq_ready_i) begin   // GPUDet: a buffered line's CHECK
`ifdef WW_MUTANT_LSU_TXCHK_FIRST_LINE_ONLY
          // MUTANT: only the first line of the buffered lanes is checked
          txck_q  <= {LANES{1'b0}};
          state_q <= S_SHREQ;
`else
          txck_q  <= txck_q & ~txck_lanes;
          if ((txck_q & ~txck_lanes) == {LANES{1'b0}})
            state_q <= S_SHREQ;
`endif
        end
        S_SHREQ: begin
          if (sh_mask_q == {LANES{1'b0}})
            state_q <= S_GLOBAL;
          else if (sh_ready)
            state_q <= S_SHWAIT;
        end
        S_SHWAIT: if (sh_rsp_valid) begin   // the answer goes to write-back
          state_q <= S_GLOBAL;
        end
        S_GLOBAL: begin
          if (is_fence)
            state_q <= is_fblk ? S_FPKT : S_FENCE;
          else if (gl_mask_q == {LANES{1'b0}})
            state_q <= S_DONE;
          else if (co_in_ready)
            state_q <= S_LINE;
        end
        S_LINE: if (co_valid) begin
          line_q    <= co_line;
          lanes_q   <= co_lanes;
          rq_left_q <= co_lanes;
          last_q    <= co_last;
          dropped_q <= 1'b0;
`ifdef WW_MUTANT_LSU_DEV_ATOMIC_NO_DROP
          // MUTANT: a device atomic skips the drop of its own L1 copy
          state_q   <= is_dev ? S_BYPREQ : S_L1REQ;
`else
          state_q   <= S_L1REQ;
`endif
        end
        S_L1REQ: if (l1_ready) begin
          // loads and stores: the next line, or the end (the lines stay in
          // flight, ww_lsu_wb gathers their answers)
          if ((is_load || is_store) && !last_q)
            state_q <= S_LINE;
          else if (is_load || is_store)
            state_q <= fin_fast ? S_IDLE : s_fin;   // fin_fast: handed over now
          else
            state_q <= (is_dev && !dropped_q) ? S_WACK : S_L1RSP;
        end
        S_L1RSP: if (at_rsp) begin
          begin  // block atomic: old value of the current lane (to write-back)
            lanes_q <= lanes_q & ~cur_onehot;
            // a performed write is acknowledged; a failed CAS wrote nothing
            if (!is_cas || old_word == cur_b)
              state_q <= S_WACK;
            else
              state_q <= next_after_lane(lanes_q & ~cur_onehot, last_q, s_fin);
          end
        end
        S_WACK: if (at_wack) begin
          if (is_dev && !dropped_q) begin
            dropped_q <= 1'b1;
            state_q   <= S_BYPREQ;
          end else begin  // block atomic that wrote
            state_q <= next_after_lane(lanes_q, last_q, s_fin);
          end
        end
        S_BYPREQ: begin
          if (byp_take) begin
            lanes_q <= lanes_q & ~cur_onehot;
          end
          if (byp_valid && mreq_ready_i) begin
            rq_left_q <= rq_left_q & ~rq_onehot;
            if ((rq_left_q & ~rq_onehot) == {LANES{1'b0}})
              state_q <= S_BYPRSP;
          end
        end
        S_BYPRSP: if (byp_take) begin
          lanes_q <= lanes_q & ~cur_onehot;
          if ((lanes_q & ~cur_onehot) == {LANES{1'b0}})
            state_q <= last_q ? s_fin : S_LINE;
        end
        S_FENCE: if (fence_go && l1_ready) begin
          state_q <= scord_en_i ? S_FPKT : S_DONE;
        end
        S_CHECK: begin   // ScoRD: one CHECK record per line with tracked lanes
          if (chk_q == nline_q)
            state_q <= S_DONE;
          else if (chk_lanes == {LANES{1'b0}} || (rec_valid && mreq_ready_i))
            chk_q <= chk_q + {{(NL_W-1){1'b0}}, 1'b1};
        end
        S_FPKT: begin    // ScoRD: a FENCE record to every partition
          if (fp_q == NUM_PART[PART_W:0])
            state_q <= is_fblk ? S_DONE : S_FACK;
          else if (rec_valid && mreq_ready_i)
            fp_q <= fp_q + {{PART_W{1'b0}}, 1'b1};
        end
`ifdef WW_MUTANT_LSU_FACK_ANY_PARTITION
        // MUTANT: the fence ends at the first partition's acknowledgement
        S_FACK: if ((ack_q | scord_ack_i) != {NUM_PART{1'b0}}) begin
`else
        S_FACK: if ((ack_q | scord_ack_i) == {NUM_PART{1'b1}}) begin
`endif
          state_q <= S_DONE;             // every detector has the fence queued
        end
        S_DONE: begin                    // to write-back (fin), take the next
          state_q <= S_IDLE;
        end
        default: state_q <= S_IDLE;
      endcase
    end
  end

  // after a block atomic lane: the next lane of this line, the next line, or done
  function [4:0] next_after_lane(input [LANES-1:0] rest, input lst, input [4:0] fin);
    begin
      if (rest != {LANES{1'b0}}) next_after_lane = S_L1REQ;
      else if (lst)              next_after_lane = fin;
      else                       next_after_lane = S_LINE;
    end
  endfunction

  function [LANES-1:0] lowest(input [LANES-1:0] m);
    begin
      lowest = m & (~m + {{(LANES-1){1'b0}}, 1'b1});
    end
  endfunction

  function [`WW_MEM_W-1:0] mem_kind(input [6:0] op, input sh);
    begin
      if ((op >= WW_OP_LB && op <= WW_OP_LHU) || op == WW_OP_LW_STRONG)
        mem_kind = sh ? `WW_MEM_SHARED_LOAD : (op == WW_OP_LW_STRONG) ? `WW_MEM_LOAD_STRONG :
                   `WW_MEM_LOAD;
      else if ((op >= WW_OP_SB && op <= WW_OP_SW) || op == WW_OP_SW_STRONG)
        mem_kind = sh ? `WW_MEM_SHARED_STORE : (op == WW_OP_SW_STRONG) ? `WW_MEM_STORE_STRONG :
                   `WW_MEM_STORE;
      else
        mem_kind = sh ? `WW_MEM_SHARED_ATOMIC :
                   ((op >= WW_OP_AMOADD_DEV && op <= WW_OP_AMOXOR_DEV) || op == WW_OP_CAS_DEV) ?
                   `WW_MEM_ATOMIC_DEV : `WW_MEM_ATOMIC_BLK;
    end
  endfunction

  ////////////////////
  // Write-back     //
  ////////////////////

  // retire fields of the offered instruction: the region of the lowest
  // active lane (decision 4), the store value at its size
  reg [LANES*32-1:0] in_wdata_c;
  always @*
    for (j = 0; j < LANES; j = j + 1)
      in_wdata_c[32*j +: 32] = (in_n == 3'd1) ? {24'd0, in_data_i[32*j +: 8]} :
                               (in_n == 3'd2) ? {16'd0, in_data_i[32*j +: 16]} :
                                                in_data_i[32*j +: 32];
  wire in_store = (in_op_i >= WW_OP_SB && in_op_i <= WW_OP_SW) || (in_op_i == WW_OP_SW_STRONG);
  wire in_sgn   = (in_op_i == WW_OP_LB) || (in_op_i == WW_OP_LH);
  wire [`WW_MEM_W-1:0] in_mem = in_fence ? `WW_MEM_NONE :
                                mem_kind(in_op_i, |(in_mask_i & shared_c & lowest(in_mask_i)));

  // result words written by this FSM: shared-memory answers, atomics' old values
  wire wr_sh  = (state_q == S_SHWAIT) && sh_rsp_valid;
  wire wr_at  = (state_q == S_L1RSP && at_rsp) || byp_take;
  wire wr_tx  = (state_q == S_TXWAIT) && tm_acc_done_i && is_load;
  wire [LANES*32-1:0] wr_data = wr_sh ? sh_rsp : wr_tx ? tm_acc_word_i : {LANES{old_word}};

  ww_lsu_wb #(.CTX(CTX), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .WID_W(WID_W),
              .TAG_W(8)) u_wb (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .free_o         (wb_free),
    .free_ctx_o     (wb_free_ctx),
    .alloc_i        (accept),
    .alloc_wid_i    (in_wid_i),
    .alloc_load_i   (in_load),
    .alloc_signed_i (in_sgn),
    .alloc_store_i  (in_store),
    .alloc_bytes_i  (in_fence ? 3'd0 : in_n),
    .alloc_mem_i    (in_mem),
    .alloc_addr_i   (addr_c),
    .alloc_wdata_i  (in_wdata_c),
    .line_i         (line_take),
    .line_ctx_i     (cx_q),
    .line_idx_i     (nline_q[LI_W-1:0]),
    .line_lanes_i   (co_lanes),
    .out_i          (line_out),
    .out_ctx_i      (cx_q),
    .wr_i           (wr_sh || wr_at || wr_tx),
    .wr_ctx_i       (cx_q),
    .wr_mask_i      (wr_sh ? sh_mask_q : wr_tx ? tx_mask_q : cur_onehot),
    .wr_data_i      (wr_data),
    .rsp_valid_i    (l1_rsp_own),
    .rsp_tag_i      (l1_rsp_tag),
    .rsp_data_i     (l1_rsp),
    .rsp_lvl_i      (l1_lvl),
    .wack_valid_i   (l1_wack_own),
    .wack_tag_i     (l1_wack_tag),
    .fin_i          (state_q == S_DONE || fin_fast),
    .fin_ctx_i      (cx_q),
    .waiting_o      (wb_waiting),
    .rsp_load_o     (wb_rsp_load),
    .done_valid_o   (done_valid_o),
    .done_ready_i   (done_ready_i),
    .done_wid_o     (done_wid_o),
    .done_rd_o      (done_rd_o),
    .done_addr_o    (done_addr_o),
    .done_wdata_o   (done_wdata_o),
    .done_mem_o     (done_mem_o),
    .done_bytes_o   (done_bytes_o),
    .done_load_o    (done_load),
    .done_src_o     (ld_src_o)
  );

endmodule  // ww_lsu
`default_nettype wire
