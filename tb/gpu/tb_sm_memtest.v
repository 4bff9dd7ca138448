// SPDX-License-Identifier: Apache-2.0
//
// tb_sm_memtest -- a TEST DOUBLE of ww_sm (same module name and ports, so
// ww_gpu instantiates it in place of the real SM) for the memory-system
// test gpu/rtl-memsys (tb/gpu/test_vgpu_memsys.c). Never synthesized, never
// linted with the RTL. It lets the GPU top, the crossbar, the L2 slices,
// the end-of-grid flush and the DRAM model run real traffic before the SM
// exists.
//
// It runs one block at a time. The instruction memory holds commands, one
// per word, executed from (entry_pc - CODE_BASE) / 4 on:
//   [31:28] 0 END    wait for every posted write's ack, block done
//           1 WRITE  store val to addr, posted (not waited for)
//           2 READ   load addr, wait for the data
//           3 ADD    device atomic add of 1 at addr, wait for the old value
//           4 TRAP   raise trap WW_TRAP_KERNEL_TRAP and stop
//           5 TINC   KILO TM increment of addr, retried until it commits:
//                    read the word (BYPASS READ), take one commit ID from
//                    the vendor, send RLOG {addr, old} and WLOG {addr,
//                    old + 1} to addr's partition and END to every
//                    partition (TM packets, docs/tm.md sec. 4), count the
//                    partitions' PASS/FAIL, report the final outcome on
//                    tm_fin_*, send FINAL to every partition, wait for every
//                    RETIRED; a failed attempt starts again from the read.
//                    A RESEND message traps (one-word logs never overflow).
//   [16]    1: addr = kargs + 4*w (shared by all blocks),
//           0: addr = kargs + 4*((ctaid+1)*256 + w) (the block's own 1 KiB)
//   [15:0]  w
//   val = 0x80000000 | ctaid[14:0] << 16 | w
// Every command but TRAP retires one record: warp 0, lane 0, the command as
// insn, addr and val (WRITE) or the loaded/old word (READ, ADD, TINC: the
// old word of the attempt that committed) in lane 0.
// Requests, ids, retire kinds, the sideband: the codes of
// rtl/include/ww_proto.vh (READ / WRITE through the L1 id class, ADD as a
// BYPASS device atomic); the sideband carries the command in its OP field,
// the pc and ctaid, record kind NONE.
// Private offsets w < 256; LANES >= 2.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
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
  parameter SLOT_W     = (BLOCKS > 1) ? $clog2(BLOCKS) : 1,
  parameter IMEM_AW    = $clog2(IMEM_BYTES / 4),
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter SB_W       = `WW_SB_W(WID_W, LINE_BYTES / 4, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W),
  parameter TRACE_ID   = 0,
  parameter CID_W      = `WW_CID_W,
  parameter TM_LIMIT   = `WW_TM_WARPS_PER_SM,  // ww_sm's; the double never runs a transaction
  parameter TX_WATCHDOG = `WW_TX_WATCHDOG,     // ww_sm's; the double has no watchdog
  parameter TCNT_W     = $clog2(LANES + 1)
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  input  wire [SM_W-1:0]           sm_id_i,
  input  wire [31:0]               entry_pc_i,
  input  wire [31:0]               grid_i,
  input  wire [31:0]               block_i,
  input  wire [31:0]               kargs_i,
  input  wire                      imem_we_i,
  input  wire [IMEM_AW-1:0]        imem_waddr_i,
  input  wire [31:0]               imem_wdata_i,
  input  wire                      launch_valid_i,
  input  wire [31:0]               launch_ctaid_i,
  input  wire                      launch_refill_i,
  output wire                      free_slot_o,
  output wire [WCNT_W-1:0]         free_warps_o,
  output wire [BLOCKS-1:0]         slots_used_o,
  output wire                      block_done_o,
  output wire [SLOT_W-1:0]         block_done_slot_o,
  output wire                      mreq_valid_o,
  input  wire                      mreq_ready_i,
  output wire [`WW_L2_W-1:0]       mreq_op_o,
  output wire [LINE_W-1:0]         mreq_line_o,
  output wire [`WW_REQID_W-1:0]    mreq_id_o,
  output reg  [LINE_BYTES-1:0]     mreq_be_o,
  output reg  [LINE_BYTES*8-1:0]   mreq_data_o,
  output wire [`WW_AMO_W-1:0]     mreq_amo_op_o,
  output wire [WORD_W-1:0]         mreq_amo_word_o,
  output wire [31:0]               mreq_amo_a_o,
  output wire [31:0]               mreq_amo_b_o,
  output wire [SB_W-1:0]           mreq_sb_o,
  input  wire                      mrsp_valid_i,
  output wire                      mrsp_ready_o,
  input  wire [`WW_REQID_W-1:0]    mrsp_id_i,
  input  wire                      mrsp_miss_i,
  input  wire [LINE_BYTES*8-1:0]   mrsp_data_i,
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
  output wire                      trap_valid_o,
  output wire [`WW_TRAP_W-1:0]    trap_kind_o,
  output wire [WID_W-1:0]          trap_warp_o,
  output wire [31:0]               trap_block_o,
  output wire [LANES-1:0]          trap_mask_o,
  output wire [31:0]               trap_pc_o,
  output wire [31:0]               trap_insn_o,
  output wire [5:0]                trap_lane_o,
  output wire [31:0]               trap_addr_o,
  output wire [WARPS*`WW_GSI_W-1:0] stall_o,
  input  wire                      scord_en_i,
  input  wire [NUM_PART-1:0]       scord_ack_i,
  input  wire                      gsi_clear_i,
  input  wire                      gsi_en_i,
  input  wire [4:0]                gsi_rd_idx_i,
  output wire [31:0]               gsi_rd_data_o,
  input  wire [`WW_SCHED_W-1:0]    sched_mode_i,
  input  wire [WID_W-1:0]          serial_wid_i,
  // GPUDet: the double never runs in deterministic mode; it reports every
  // mode over at once, so a controller left on would not hang
  input  wire [`WW_DETMODE_W-1:0]  det_mode_i,
  input  wire [`WW_DETPH_W-1:0]    det_phase_i,
  input  wire                      det_start_i,
  input  wire [`WW_DET_QCNT_W-1:0] det_quantum_i,
  input  wire                      det_cmt_start_i,
  input  wire                      det_inval_i,
  input  wire                      det_wser_i,
  input  wire                      det_one_i,
  input  wire                      det_lock_i,
  output wire                      det_par_done_o,
  output wire                      det_ser_done_o,
  output wire                      det_cmt_busy_o,
  output wire                      det_inval_busy_o,
  output wire [WARPS*`WW_DETEND_W-1:0] det_why_o,
  output wire                      tm_cid_req_o,   // KILO TM: TINC, one lane
  output wire [TCNT_W-1:0]         tm_cid_n_o,
  input  wire                      tm_cid_grant_i,
  input  wire [CID_W-1:0]          tm_cid_base_i,
  output wire                      tm_fin_valid_o,
  output wire [WID_W-1:0]          tm_fin_wid_o,
  output wire [4:0]                tm_fin_lane_o,
  output wire [CID_W-1:0]          tm_fin_cid_o,
  output wire                      tm_fin_pass_o,
  output wire                      tm_fin_wd_o,     // KILO TM watchdog: none in the double
  input  wire [31:0]               tx_watchdog_i,
  output wire                      tm_wd_valid_o,
  output wire [WID_W-1:0]          tm_wd_wid_o,
  output wire                      tm_wd_abort_o,
  output wire [`WW_L1ST_N*`WW_L1EV_N-1:0] l1_cov_o   // the double has no L1
);

  assign l1_cov_o = {`WW_L1ST_N*`WW_L1EV_N{1'b0}};
  localparam LB    = LINE_BYTES * 8;
  localparam OFF_W = $clog2(LINE_BYTES);
  localparam WORDS = LINE_BYTES / 4;
  localparam [31:0] CODE_BASE = `WW_CODE_BASE;
  localparam [WCNT_W-1:0] ALL_WARPS = WARPS;
  localparam [31:0] WMASK = WORDS - 1;
  localparam [31:0] NBLK  = BLOCKS;

  localparam [3:0] S_IDLE = 4'd0, S_CMD = 4'd1, S_REQ = 4'd2, S_WAIT = 4'd3,
                   S_DRAIN = 4'd4, S_HALT = 4'd5,
                   S_TCID = 4'd6,   // TINC: wait for the commit ID
                   S_TPKT = 4'd7,   // TINC: RLOG, WLOG, END to every partition
                   S_TOUT = 4'd8,   // TINC: wait for every partition's outcome
                   S_TFIN = 4'd9,   // TINC: FINAL to every partition
                   S_TRET = 4'd10;  // TINC: wait for every RETIRED
  // commands (bits [31:28] of an instruction-memory word)
  localparam [3:0] C_END = 4'd0, C_WRITE = 4'd1, C_READ = 4'd2, C_ADD = 4'd3, C_TRAP = 4'd4,
                   C_TINC = 4'd5;
  localparam PART_W = (NUM_PART > 1) ? $clog2(NUM_PART) : 1;
  localparam [7:0] NPKT = 2 + NUM_PART;   // RLOG, WLOG, END x NUM_PART
  localparam [7:0] NP8  = NUM_PART;

  reg [31:0] imem [0:(1 << IMEM_AW) - 1];
  always @(posedge clk_i) begin
    if (imem_we_i) begin
      imem[imem_waddr_i] <= imem_wdata_i;
    end
  end

  reg [3:0]         st_q;
  // TINC: commit ID, packets sent, outcomes / RETIREDs received, a FAIL seen
  reg [CID_W-1:0]   cid_q;
  reg [7:0]         tp_q, nout_q, nret_q;
  reg               tfail_q, fin_q;
  reg [31:0]        ctaid_q, pc_q, cmd_q, addr_q, rdata_q;
  reg [15:0]        wcnt_q;        // posted writes not yet acknowledged
  reg               ret_q, trap_q, done_q;

  wire [3:0]  cmd  = cmd_q[31:28];
  wire [15:0] w    = cmd_q[15:0];
  wire [31:0] val  = {1'b1, ctaid_q[14:0], w};
  wire [31:0] word_pc = (pc_q - CODE_BASE) >> 2;
  wire [31:0] cmd_addr = imem[word_pc[IMEM_AW-1:0]][16]
                         ? kargs_i + {14'd0, imem[word_pc[IMEM_AW-1:0]][15:0], 2'b00}
                         : kargs_i + (((ctaid_q + 32'd1) << 10) | {14'd0, imem[word_pc[IMEM_AW-1:0]][15:0], 2'b00});

  wire req_fire = (st_q == S_REQ) && mreq_ready_i;
  wire tm_rsp   = mrsp_valid_i && mrsp_id_i[`WW_REQID_TM_BIT];
  wire ack      = mrsp_valid_i && !mrsp_id_i[`WW_REQID_BYPASS_BIT] && !tm_rsp;
  wire data_rsp = mrsp_valid_i && mrsp_id_i[`WW_REQID_BYPASS_BIT];
  // a KILO TM message (TMMSG at bit 0 of the data)
  wire [`WW_TM_MSG_W-1:0] msg_kind =
      mrsp_data_i[`WW_TMMSG_KIND_LSB(CID_W, PART_W) +: `WW_TMMSG_KIND_W(CID_W, PART_W)];
  wire msg_out    = tm_rsp && (msg_kind == `WW_TM_MSG_PASS || msg_kind == `WW_TM_MSG_FAIL);
  wire msg_ret    = tm_rsp && msg_kind == `WW_TM_MSG_RETIRED;
  wire msg_resend = tm_rsp && (msg_kind == `WW_TM_MSG_RESEND_R || msg_kind == `WW_TM_MSG_RESEND_W);
  wire tm_send    = (st_q == S_TPKT) || (st_q == S_TFIN);
  wire [8:0] nout_next = {1'b0, nout_q} + {8'd0, msg_out};

  // the word of the line at addr_q
  reg [31:0] rsp_word;
  integer k;
  always @(*) begin
    rsp_word    = 32'd0;
    mreq_be_o   = {LINE_BYTES{1'b0}};
    mreq_data_o = {LB{1'b0}};
    for (k = 0; k < WORDS; k = k + 1) begin
      if (((addr_q >> 2) & WMASK) == k) begin
        rsp_word              = mrsp_data_i[k*32 +: 32];
        mreq_be_o[k*4 +: 4]   = 4'hF;
        mreq_data_o[k*32 +: 32] = val;
      end
    end
    if (tm_send) begin   // a TM packet: TMPKT {CID, KIND} at bit 0, no bytes
      mreq_be_o   = {LINE_BYTES{1'b0}};
      mreq_data_o = {LB{1'b0}};
      mreq_data_o[`WW_TMPKT_KIND_LSB(CID_W) +: `WW_TMPKT_KIND_W(CID_W)] =
          (st_q == S_TFIN) ? `WW_TM_PKT_FINAL : (tp_q == 8'd0) ? `WW_TM_PKT_RLOG :
          (tp_q == 8'd1) ? `WW_TM_PKT_WLOG : `WW_TM_PKT_END;
      mreq_data_o[`WW_TMPKT_CID_LSB(CID_W) +: `WW_TMPKT_CID_W(CID_W)] = cid_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q   <= S_IDLE;
      wcnt_q <= 16'd0;
      ret_q  <= 1'b0;
      trap_q <= 1'b0;
      done_q <= 1'b0;
      fin_q  <= 1'b0;
    end else begin
      ret_q  <= 1'b0;
      trap_q <= 1'b0;
      done_q <= 1'b0;
      fin_q  <= 1'b0;
      nout_q <= nout_next[7:0];
      nret_q <= nret_q + {7'd0, msg_ret};
      if (msg_out && msg_kind == `WW_TM_MSG_FAIL) begin
        tfail_q <= 1'b1;
      end
      wcnt_q <= wcnt_q + {15'd0, req_fire && cmd == C_WRITE} - {15'd0, ack};
      case (st_q)
        S_IDLE: begin
          if (launch_valid_i) begin
            ctaid_q <= launch_ctaid_i;
            pc_q    <= entry_pc_i;
            st_q    <= S_CMD;
          end
        end
        S_CMD: begin
          cmd_q  <= imem[word_pc[IMEM_AW-1:0]];
          addr_q <= cmd_addr;
          case (imem[word_pc[IMEM_AW-1:0]][31:28])
            C_END:   st_q <= S_DRAIN;
            C_TRAP:  begin st_q <= S_HALT; trap_q <= 1'b1; end
            default: st_q <= S_REQ;
          endcase
        end
        S_REQ: begin
          if (mreq_ready_i) begin
            if (cmd == C_WRITE) begin
              ret_q <= 1'b1;
              pc_q  <= pc_q + 32'd4;
              st_q  <= S_CMD;
            end else begin
              st_q <= S_WAIT;
            end
          end
        end
        S_WAIT: begin
          if (data_rsp) begin
            rdata_q <= rsp_word;
            if (cmd == C_TINC) begin
              st_q <= S_TCID;
            end else begin
              ret_q <= 1'b1;
              pc_q  <= pc_q + 32'd4;
              st_q  <= S_CMD;
            end
          end
        end
        S_TCID: begin
          if (tm_cid_grant_i) begin
            cid_q   <= tm_cid_base_i;
            tp_q    <= 8'd0;
            nout_q  <= 8'd0;
            nret_q  <= 8'd0;
            tfail_q <= 1'b0;
            st_q    <= S_TPKT;
          end
        end
        S_TPKT: begin
          if (mreq_ready_i) begin
            tp_q <= tp_q + 8'd1;
            if (tp_q == NPKT - 8'd1) begin
              st_q <= S_TOUT;
            end
          end
        end
        S_TOUT: begin
          if (nout_q == NP8) begin
            fin_q <= 1'b1;
            tp_q  <= 8'd0;
            st_q  <= S_TFIN;
          end
        end
        S_TFIN: begin
          if (mreq_ready_i) begin
            tp_q <= tp_q + 8'd1;
            if (tp_q == NP8 - 8'd1) begin
              st_q <= S_TRET;
            end
          end
        end
        S_TRET: begin
          if (nret_q == NP8) begin
            if (tfail_q) begin
              st_q <= S_REQ;      // again, from the read
            end else begin
              ret_q <= 1'b1;
              pc_q  <= pc_q + 32'd4;
              st_q  <= S_CMD;
            end
          end
        end
        S_DRAIN: begin
          if (wcnt_q == 16'd0) begin
            ret_q  <= 1'b1;
            done_q <= 1'b1;
            st_q   <= S_IDLE;
          end
        end
        default: begin  // S_HALT: a trap stops the SM
        end
      endcase
      if (msg_resend) begin
        st_q   <= S_HALT;
        trap_q <= 1'b1;
      end
    end
  end

  // the record of the command that completed last cycle (pc_q has moved on
  // unless it was END or TRAP)
  reg [31:0] ret_pc_q;
  always @(posedge clk_i) begin
    if (st_q == S_CMD) begin
      ret_pc_q <= pc_q;
    end
  end

  assign free_slot_o     = (st_q == S_IDLE);
  assign free_warps_o    = (st_q == S_IDLE) ? ALL_WARPS : {WCNT_W{1'b0}};
  assign block_done_o    = done_q;
  assign slots_used_o    = {{(BLOCKS-1){1'b0}}, st_q != S_IDLE};   // one block, in slot 0
  assign block_done_slot_o = {SLOT_W{1'b0}};

  // a TM packet's line: the word's line (RLOG, WLOG), else the partition
  wire [31:0] pkt_part = (st_q == S_TFIN) ? {24'd0, tp_q} : {24'd0, tp_q - 8'd2};
  assign mreq_valid_o    = (st_q == S_REQ) || tm_send;
  assign mreq_op_o       = tm_send ? `WW_L2_READ : (cmd == C_WRITE) ? `WW_L2_WRITE :
                           (cmd == C_ADD) ? `WW_L2_ATOMIC : `WW_L2_READ;
  assign mreq_line_o     = (tm_send && !(st_q == S_TPKT && tp_q < 8'd2)) ? pkt_part[LINE_W-1:0] :
                           addr_q[31:OFF_W];
  assign mreq_id_o       = tm_send ? `WW_REQID_TM :
                           (cmd != C_WRITE) ? `WW_REQID_BYPASS : `WW_REQID_L1;
  assign mreq_amo_op_o   = `WW_AMO_ADD;
  assign mreq_amo_word_o = (WORDS > 1) ? addr_q[2 +: WORD_W] : {WORD_W{1'b0}};
  assign mreq_amo_a_o    = tm_send ? addr_q : 32'd1;
  assign mreq_amo_b_o    = (st_q == S_TFIN) ? {31'd0, !tfail_q} :
                           (st_q == S_TPKT && tp_q == 8'd0) ? rdata_q :
                           (st_q == S_TPKT && tp_q == 8'd1) ? rdata_q + 32'd1 : 32'd0;
  reg [SB_W-1:0] sb_c;
  always @(*) begin
    sb_c = {SB_W{1'b0}};   // warp 0, record kind NONE
    sb_c[`WW_SB_OP_LSB(WID_W, WORDS, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W) +: 4] = cmd;
    sb_c[`WW_SB_CTA_LSB(WID_W, WORDS, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W) +: 32] = ctaid_q;
    sb_c[`WW_SB_PC_LSB(WID_W, WORDS, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W) +: 32] = ret_pc_q;
  end
  assign mreq_sb_o       = sb_c;
  assign mrsp_ready_o    = 1'b1;

  assign ret_valid_o     = ret_q;
  assign ret_warp_o      = {WID_W{1'b0}};
  assign ret_block_o     = ctaid_q;
  assign ret_pc_o        = ret_pc_q;
  assign ret_insn_o      = cmd_q;
  assign ret_mask_o      = {{(LANES-1){1'b0}}, 1'b1};
  assign ret_rd_o        = (cmd == C_READ || cmd == C_ADD || cmd == C_TINC) ? 5'd1 : 5'd0;
  assign ret_mem_o       = (cmd == C_WRITE) ? `WW_MEM_STORE : (cmd == C_READ) ? `WW_MEM_LOAD :
                           (cmd == C_ADD || cmd == C_TINC) ? `WW_MEM_ATOMIC_DEV : `WW_MEM_NONE;
  assign ret_mem_bytes_o = (cmd == C_END) ? 3'd0 : 3'd4;
  assign ret_rd_val_o    = {{(LANES*32-32){1'b0}}, rdata_q};
  assign ret_addr_o      = {{(LANES*32-32){1'b0}}, addr_q};
  assign ret_wdata_o     = {{(LANES*32-32){1'b0}}, (cmd == C_WRITE) ? val : 32'd0};

  assign trap_valid_o    = trap_q;
  assign trap_kind_o     = `WW_TRAP_KERNEL_TRAP;
  assign trap_warp_o     = {WID_W{1'b0}};
  assign trap_block_o    = ctaid_q;
  assign trap_mask_o     = {{(LANES-1){1'b0}}, 1'b1};
  assign trap_pc_o       = ret_pc_q;
  assign trap_insn_o     = cmd_q;
  assign trap_lane_o     = 6'd63;
  assign trap_addr_o     = 32'd0;

  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_stall
    // warp 0 runs the block: MEM_DATA while it waits for memory, else IDLE
    assign stall_o[g*`WW_GSI_W +: `WW_GSI_W] = (g == 0 && (st_q == S_WAIT || st_q == S_DRAIN)) ?
                                             `WW_GSI_MEM_DATA : `WW_GSI_IDLE;
  end

  assign gsi_rd_data_o = 32'd0;   // no stall counters in the double
  assign det_par_done_o   = 1'b1;
  assign det_ser_done_o   = 1'b1;
  assign det_cmt_busy_o   = 1'b0;
  assign det_inval_busy_o = 1'b0;
  assign det_why_o        = {(WARPS*`WW_DETEND_W){1'b0}};
  wire unused_det = ^{det_mode_i, det_phase_i, det_start_i, det_quantum_i, det_cmt_start_i, det_inval_i,
                      det_wser_i, det_one_i, det_lock_i, launch_refill_i};
  wire unused_in = ^{sm_id_i, grid_i, block_i, mrsp_miss_i, mrsp_id_i[`WW_REQID_BYPASS_BIT-1:0],
                     sched_mode_i, serial_wid_i, word_pc, NBLK[0], gsi_clear_i, gsi_en_i, gsi_rd_idx_i,
                     scord_en_i, scord_ack_i,
                     TRACE_ID[0], TM_LIMIT[0], TX_WATCHDOG[0], tx_watchdog_i};

  assign tm_cid_req_o   = (st_q == S_TCID);
  assign tm_cid_n_o     = {{(TCNT_W-1){1'b0}}, 1'b1};
  assign tm_fin_valid_o = fin_q;
  assign tm_fin_wid_o   = {WID_W{1'b0}};
  assign tm_fin_lane_o  = 5'd0;
  assign tm_fin_cid_o   = cid_q;
  assign tm_fin_pass_o  = !tfail_q;
  assign tm_fin_wd_o    = 1'b0;
  assign tm_wd_valid_o  = 1'b0;
  assign tm_wd_wid_o    = {WID_W{1'b0}};
  assign tm_wd_abort_o  = 1'b0;

endmodule  // ww_sm (test double)
`default_nettype wire
