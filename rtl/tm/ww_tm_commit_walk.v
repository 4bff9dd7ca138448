// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_commit_walk -- the SM side of KILO TM's commit (Fung et al., MICRO
// 2011, sec. 4.4, 4.5.1, 4.5.3; docs/tm.md sec. 4.3). C model:
// cmodel/tm/ww_tm_commit_walk.c (cycle-exact; it is the spec).
//
// One warp's commit at a time: {warp, committing lanes, read- and write-log
// lengths} from the log unit (cmd_*), done_valid_o with the lanes that
// failed (they retry).
//   CID    one commit ID per lane from the vendor (cid_req_o, cid_n_o until
//          cid_grant_i); lane k of the mask in lane order gets base + k.
//   pass   a walk of one log (read log: RLOG packets, write log: WLOG) for a
//          set of lanes and of partitions: per entry and vector line with
//          such lanes, the address line (LREQ/LRSP) and, when one of them
//          has an entry for one of the partitions, the value line
//          (VREQ/VRSP); then one packet per such lane (EMIT) to the
//          partition of its address (line % NUM_PART); after the pass END
//          of each of its lanes' CIDs to each of its partitions (END). The
//          main passes: read log, then write log, every lane and partition.
//   WAIT   in this order: a lane that has every partition's local outcome
//          gets FINAL {pass = no FAIL} to every partition; a RESEND_R/W of
//          a lane from a partition walks that lane's read/write log for
//          that partition again; every CID retired everywhere: DONE.
// Messages (msg_*: kind, CID, partition) are taken in every cycle. fin_*
// reports each lane's final outcome as its first FINAL packet leaves.
// The log layout is the log unit's (ww_tm_txlog.v). Parameters: WARPS,
// LANES (<= 32), LINE_BYTES (LANES * 4 a multiple of it), LOG_WORDS,
// NUM_PART (<= 32), CID_W.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_tm_commit_walk #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter LOG_WORDS  = `WW_TX_LOG_WORDS,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter CID_W      = `WW_CID_W,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter ENT_W      = $clog2(LOG_WORDS + 1),
  parameter CNT_W      = $clog2(LANES + 1),
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter LID_W      = (LANES > 1) ? $clog2(LANES) : 1
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire [31:0]              log_base_i,
  input  wire                     cmd_valid_i,
  output wire                     cmd_ready_o,
  input  wire [WID_W-1:0]         cmd_wid_i,
  input  wire [LANES-1:0]         cmd_mask_i,
  input  wire [ENT_W-1:0]         cmd_rlen_i,
  input  wire [ENT_W-1:0]         cmd_wlen_i,
  // commit-ID vendor (ww_tm_cid)
  output wire                     cid_req_o,
  output wire [CNT_W-1:0]         cid_n_o,
  input  wire                     cid_grant_i,
  input  wire [CID_W-1:0]         cid_base_i,
  // L1 port: log line loads
  output reg                      req_valid_o,
  input  wire                     req_ready_i,
  output reg  [LINE_W-1:0]        req_line_o,
  input  wire                     rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0]  rsp_data_i,
  // packets to the commit units, messages from them
  output reg                      pkt_valid_o,
  input  wire                     pkt_ready_i,
  output reg  [PART_W-1:0]        pkt_part_o,
  output reg  [`WW_TM_PKT_W-1:0]  pkt_kind_o,
  output reg  [CID_W-1:0]         pkt_cid_o,
  output reg  [29:0]              pkt_addr_o,
  output reg  [31:0]              pkt_data_o,
  input  wire                     msg_valid_i,
  input  wire [PART_W-1:0]        msg_part_i,
  input  wire [`WW_TM_MSG_W-1:0]  msg_kind_i,
  input  wire [CID_W-1:0]         msg_cid_i,
  output wire                     done_valid_o,
  output wire [LANES-1:0]         done_fail_o,
  // a lane's final outcome, in the cycle its first FINAL packet leaves
  // (before any commit unit can write its write set; co-simulation)
  output wire                     fin_valid_o,
  output wire [LID_W-1:0]         fin_lane_o,
  output wire [CID_W-1:0]         fin_cid_o,
  output wire                     fin_pass_o
);

  localparam OFF_W = $clog2(LINE_BYTES);
  localparam LPL   = LINE_BYTES / 4;
  localparam VL    = LANES * 4 / LINE_BYTES;
  localparam VL_W  = (VL > 1) ? $clog2(VL) : 1;
  localparam L_W   = (LANES > 1) ? $clog2(LANES) : 1;
  localparam K_W   = (LPL > 1) ? $clog2(LPL) : 1;
  localparam [31:0] VB = LANES * 4;
  localparam [NUM_PART-1:0] PART_ALL = {NUM_PART{1'b1}};

`include "ww_tm_log.vh"

  localparam [3:0] S_IDLE = 4'd0, S_CID = 4'd1, S_LREQ = 4'd2, S_LRSP = 4'd3, S_VREQ = 4'd4,
                   S_VRSP = 4'd5, S_EMIT = 4'd6, S_END = 4'd7, S_WAIT = 4'd8, S_FINAL = 4'd9,
                   S_DONE = 4'd10;

  reg [3:0]              st_q;
  reg [WID_W-1:0]        wid_q;
  reg [LANES-1:0]        mask_q, plane_q, emit_q, el_q, failed_q, fsent_q;
  reg [ENT_W-1:0]        rlen_q, wlen_q, ent_q;
  reg [VL_W-1:0]         v_q;
  reg                    pw_q, pmain_q;
  reg [L_W-1:0]          fl_q;
  reg [NUM_PART-1:0]     ppart_q, epm_q, fpm_q;
  reg [LINE_BYTES*8-1:0] aline_q, vline_q;
  reg [LPL*PART_W-1:0]   apart_q;         // the partition of each address of aline_q
  reg [LANES*CID_W-1:0]  cid_q;           // each lane's commit ID
  // per lane, a partition mask at [NUM_PART*l +: NUM_PART]: local outcome
  // in, RESEND_R / RESEND_W to do, retired
  reg [LANES*NUM_PART-1:0] ans_q, rr_q, rw_q, ret_q;

  function [PART_W-1:0] lowest_part(input [NUM_PART-1:0] x);
    integer k;
    begin
      lowest_part = {PART_W{1'b0}};
      for (k = NUM_PART - 1; k >= 0; k = k - 1)
        if (x[k]) lowest_part = k[PART_W-1:0];
    end
  endfunction

  assign cmd_ready_o  = (st_q == S_IDLE);
  assign cid_req_o    = (st_q == S_CID);
  assign done_valid_o = (st_q == S_DONE);
  assign done_fail_o  = failed_q;
  assign fin_valid_o  = (st_q == S_FINAL) && pkt_ready_i && (fpm_q == PART_ALL);
  assign fin_lane_o   = fl_q;
  assign fin_cid_o    = pkt_cid_o;
  assign fin_pass_o   = pkt_data_o[0];

  integer i;
  reg [CNT_W-1:0] npop;
  always @* begin
    npop = {CNT_W{1'b0}};
    for (i = 0; i < LANES; i = i + 1)
      npop = npop + {{CNT_W-1{1'b0}}, mask_q[i]};
  end
  assign cid_n_o = npop;

  // the entry walked: warp wid_q's read (pw_q = 0) or write log, entry ent_q
  wire [31:0] ent_addr = log_base_i +
                         ((2 * {{32-WID_W{1'b0}}, wid_q} + {31'd0, pw_q}) * LOG_WORDS +
                          {{32-ENT_W{1'b0}}, ent_q}) * 2 * VB;
  wire [31:0] val_addr = ent_addr + VB;
  wire        off_unused = ^{ent_addr[OFF_W-1:0], val_addr[OFF_W-1:0], eaddr[1:0]};
  wire [LINE_W-1:0] v_ext = {{LINE_W-VL_W{1'b0}}, v_q};

  wire [LANES-1:0] vl_c = tm_vline_lanes(v_q);
  wire [L_W-1:0] elane = tm_lowest_lane(emit_q);
  wire [L_W-1:0] endl  = tm_lowest_lane(el_q);
  /* verilator lint_off WIDTH */
  wire [K_W-1:0] ek    = elane % LPL;
  /* verilator lint_on WIDTH */
  wire [31:0]    eaddr = aline_q[32*ek +: 32];

  always @* begin
    req_valid_o = 1'b0;
    req_line_o  = {LINE_W{1'b0}};
    pkt_valid_o = 1'b0;
    pkt_part_o  = {PART_W{1'b0}};
    pkt_kind_o  = `WW_TM_PKT_RLOG;
    pkt_cid_o   = {CID_W{1'b0}};
    pkt_addr_o  = 30'd0;
    pkt_data_o  = 32'd0;
    case (st_q)
      S_LREQ: begin
        req_valid_o = |(vl_c & plane_q);
        req_line_o  = ent_addr[31:OFF_W] + v_ext;
      end
      S_VREQ: begin
        req_valid_o = 1'b1;
        req_line_o  = val_addr[31:OFF_W] + v_ext;
      end
      S_EMIT: begin
        pkt_valid_o = 1'b1;
        pkt_part_o  = apart_q[PART_W*ek +: PART_W];
        pkt_kind_o  = pw_q ? `WW_TM_PKT_WLOG : `WW_TM_PKT_RLOG;
        pkt_cid_o   = cid_q[CID_W*elane +: CID_W];
        pkt_addr_o  = eaddr[31:2];
        pkt_data_o  = vline_q[32*ek +: 32];
      end
      S_END: begin
        pkt_valid_o = 1'b1;
        pkt_part_o  = lowest_part(epm_q);
        pkt_kind_o  = `WW_TM_PKT_END;
        pkt_cid_o   = cid_q[CID_W*endl +: CID_W];
      end
      S_FINAL: begin
        pkt_valid_o = 1'b1;
        pkt_part_o  = lowest_part(fpm_q);
        pkt_kind_o  = `WW_TM_PKT_FINAL;
        pkt_cid_o   = cid_q[CID_W*fl_q +: CID_W];
`ifdef WW_MUTANT_TM_CW_FINAL_IGNORES_FAIL
        pkt_data_o  = {31'd0, 1'b1 | failed_q[fl_q]};   // mutant: a failed CID commits
`else
        pkt_data_o  = {31'd0, !failed_q[fl_q]};
`endif
      end
      default: ;
    endcase
  end

  wire rfire = req_valid_o && req_ready_i;
  wire pfire = pkt_valid_o && pkt_ready_i;

  // the partition of each word address of the line answered: line % NUM_PART,
  // as ww_xbar routes (kept in apart_q for the packets)
  wire [LPL*PART_W-1:0] rpart;
  genvar g;
  for (g = 0; g < LPL; g = g + 1) begin : g_part
    wire [LINE_W-1:0] line = rsp_data_i[32*g+OFF_W +: LINE_W];
    if (NUM_PART == 1) begin : g_one
      assign rpart[g*PART_W +: PART_W] = {PART_W{1'b0}};
      wire unused_line = ^line;
    end else begin : g_mod
      localparam [LINE_W-1:0] NP = NUM_PART;
      wire [LINE_W-1:0] rem = line % NP;
      assign rpart[g*PART_W +: PART_W] = rem[PART_W-1:0];
      wire unused_rem = ^rem[LINE_W-1:PART_W];
    end
  end

  // lanes of the line just answered with an entry for one of the pass's partitions
  reg [LANES-1:0] emit_c;
  integer k;
  always @* begin
    for (k = 0; k < LANES; k = k + 1)
      emit_c[k] = vl_c[k] && plane_q[k] && (rsp_data_i[32*(k % LPL) +: 32] != `WW_TX_LOG_VOID) &&
                  ppart_q[rpart[PART_W*(k % LPL) +: PART_W]];
  end

  // commit IDs at the grant: base + the lane's rank in the mask
  reg [LANES*CID_W-1:0] cid_c;
  reg [CID_W-1:0]       rank;
  always @* begin
    rank = cid_base_i;
    for (k = 0; k < LANES; k = k + 1) begin
      cid_c[CID_W*k +: CID_W] = rank;
      rank = rank + {{CID_W-1{1'b0}}, mask_q[k]};
    end
  end

  // WAIT's choices
  reg [LANES-1:0] fin_c, rs_c, ws_c, live_c;
  always @* begin
    for (k = 0; k < LANES; k = k + 1) begin
      fin_c[k]  = mask_q[k] && (ans_q[NUM_PART*k +: NUM_PART] == PART_ALL) && !fsent_q[k];
      rs_c[k]   = mask_q[k] && (rr_q[NUM_PART*k +: NUM_PART] != {NUM_PART{1'b0}});
      ws_c[k]   = mask_q[k] && (rw_q[NUM_PART*k +: NUM_PART] != {NUM_PART{1'b0}});
      live_c[k] = mask_q[k] && (ret_q[NUM_PART*k +: NUM_PART] != PART_ALL);
    end
  end
  wire [L_W-1:0]      rsl    = tm_lowest_lane(|rs_c ? rs_c : ws_c);
  wire [NUM_PART-1:0] rsmask = |rs_c ? rr_q[NUM_PART*rsl +: NUM_PART] : rw_q[NUM_PART*rsl +: NUM_PART];
  wire [PART_W-1:0]   rsp_p  = lowest_part(rsmask);
  wire                start_resend = (st_q == S_WAIT) && !(|fin_c) && ((|rs_c) || (|ws_c));

  // this cycle's message: the lanes whose commit ID it names
  reg [LANES-1:0] mlanes;
  always @* begin
    for (k = 0; k < LANES; k = k + 1)
      mlanes[k] = msg_valid_i && (st_q != S_IDLE) && (st_q != S_CID) && mask_q[k] &&
                  (cid_q[CID_W*k +: CID_W] == msg_cid_i);
  end
  wire [NUM_PART-1:0] mpart = {{NUM_PART-1{1'b0}}, 1'b1} << msg_part_i;

  wire [ENT_W-1:0] plen   = pw_q ? wlen_q : rlen_q;
  wire             last_v = ({{32-VL_W{1'b0}}, v_q} == VL - 1);
`ifdef WW_MUTANT_TM_CW_SKIP_LAST_ENTRY
  wire             last_e = ({{32-ENT_W{1'b0}}, ent_q} + 32'd2 >= {{32-ENT_W{1'b0}}, plen});  // mutant
`else
  wire             last_e = ({{32-ENT_W{1'b0}}, ent_q} + 32'd1 >= {{32-ENT_W{1'b0}}, plen});
`endif

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q     <= S_IDLE;
      wid_q    <= {WID_W{1'b0}};
      mask_q   <= {LANES{1'b0}};
      plane_q  <= {LANES{1'b0}};
      emit_q   <= {LANES{1'b0}};
      el_q     <= {LANES{1'b0}};
      failed_q <= {LANES{1'b0}};
      fsent_q  <= {LANES{1'b0}};
      rlen_q   <= {ENT_W{1'b0}};
      wlen_q   <= {ENT_W{1'b0}};
      ent_q    <= {ENT_W{1'b0}};
      v_q      <= {VL_W{1'b0}};
      pw_q     <= 1'b0;
      pmain_q  <= 1'b0;
      fl_q     <= {L_W{1'b0}};
      ppart_q  <= {NUM_PART{1'b0}};
      epm_q    <= {NUM_PART{1'b0}};
      fpm_q    <= {NUM_PART{1'b0}};
      aline_q  <= {LINE_BYTES*8{1'b0}};
      apart_q  <= {LPL*PART_W{1'b0}};
      vline_q  <= {LINE_BYTES*8{1'b0}};
      cid_q    <= {LANES*CID_W{1'b0}};
      ans_q    <= {LANES*NUM_PART{1'b0}};
      rr_q     <= {LANES*NUM_PART{1'b0}};
      rw_q     <= {LANES*NUM_PART{1'b0}};
      ret_q    <= {LANES*NUM_PART{1'b0}};
    end else begin
      case (st_q)
        S_IDLE: if (cmd_valid_i) begin
          wid_q    <= cmd_wid_i;
          mask_q   <= cmd_mask_i;
          rlen_q   <= cmd_rlen_i;
          wlen_q   <= cmd_wlen_i;
          failed_q <= {LANES{1'b0}};
          fsent_q  <= {LANES{1'b0}};
          st_q     <= (|cmd_mask_i) ? S_CID : S_DONE;
        end
        S_CID: if (cid_grant_i) begin
          cid_q   <= cid_c;
          pw_q    <= 1'b0;
          pmain_q <= 1'b1;
          plane_q <= mask_q;
          ppart_q <= PART_ALL;
          start_pass(1'b0, 1'b1, mask_q, PART_ALL);
        end
        S_LREQ: begin
          if (!req_valid_o) line_done;
          else if (rfire) st_q <= S_LRSP;
        end
        S_LRSP: if (rsp_valid_i) begin
          aline_q <= rsp_data_i;
          apart_q <= rpart;
          emit_q  <= emit_c;
          if (|emit_c) st_q <= S_VREQ;
          else line_done;
        end
        S_VREQ: if (rfire) st_q <= S_VRSP;
        S_VRSP: if (rsp_valid_i) begin
          vline_q <= rsp_data_i;
          st_q    <= S_EMIT;
        end
        S_EMIT: if (pfire) begin
          emit_q <= emit_q & (emit_q - 1'b1);
          if ((emit_q & (emit_q - 1'b1)) == {LANES{1'b0}}) line_done;
        end
        S_END: if (pfire) begin
          if ((epm_q & (epm_q - 1'b1)) != {NUM_PART{1'b0}}) begin
            epm_q <= epm_q & (epm_q - 1'b1);
          end else begin
            epm_q <= ppart_q;
            el_q  <= el_q & (el_q - 1'b1);
            if ((el_q & (el_q - 1'b1)) == {LANES{1'b0}}) begin
              pmain_q <= 1'b0;
              st_q    <= S_WAIT;
            end
          end
        end
        S_WAIT: begin
          if (|fin_c) begin
            fl_q  <= tm_lowest_lane(fin_c);
            fpm_q <= PART_ALL;
            st_q  <= S_FINAL;
          end else if (start_resend) begin
            pw_q    <= !(|rs_c);
            pmain_q <= 1'b0;
            plane_q <= {{LANES-1{1'b0}}, 1'b1} << rsl;
            ppart_q <= {{NUM_PART-1{1'b0}}, 1'b1} << rsp_p;
            start_pass(!(|rs_c), 1'b0, {{LANES-1{1'b0}}, 1'b1} << rsl,
                       {{NUM_PART-1{1'b0}}, 1'b1} << rsp_p);
          end else if (!(|live_c)) begin
            st_q <= S_DONE;
          end
        end
        S_FINAL: if (pfire) begin
          fpm_q <= fpm_q & (fpm_q - 1'b1);
          if ((fpm_q & (fpm_q - 1'b1)) == {NUM_PART{1'b0}}) begin
            fsent_q[fl_q] <= 1'b1;
            st_q          <= S_WAIT;
          end
        end
        S_DONE: st_q <= S_IDLE;
        default: st_q <= S_IDLE;
      endcase
      // per-lane partition masks: cleared for a new commit, the resend pass
      // started, and this cycle's message
      for (i = 0; i < LANES; i = i + 1) begin
        if (st_q == S_IDLE && cmd_valid_i) begin
          ans_q[NUM_PART*i +: NUM_PART] <= {NUM_PART{1'b0}};
          rr_q[NUM_PART*i +: NUM_PART]  <= {NUM_PART{1'b0}};
          rw_q[NUM_PART*i +: NUM_PART]  <= {NUM_PART{1'b0}};
          ret_q[NUM_PART*i +: NUM_PART] <= {NUM_PART{1'b0}};
        end else begin
          ans_q[NUM_PART*i +: NUM_PART] <= ans_q[NUM_PART*i +: NUM_PART] | ((mlanes[i] && (msg_kind_i == `WW_TM_MSG_PASS ||
                                                  msg_kind_i == `WW_TM_MSG_FAIL)) ? mpart : {NUM_PART{1'b0}});
          rr_q[NUM_PART*i +: NUM_PART]  <= (rr_q[NUM_PART*i +: NUM_PART] & ~((start_resend && (|rs_c) && rsl == i[L_W-1:0]) ?
                                   ({{NUM_PART-1{1'b0}}, 1'b1} << rsp_p) : {NUM_PART{1'b0}})) |
                      ((mlanes[i] && msg_kind_i == `WW_TM_MSG_RESEND_R) ? mpart : {NUM_PART{1'b0}});
          rw_q[NUM_PART*i +: NUM_PART]  <= (rw_q[NUM_PART*i +: NUM_PART] & ~((start_resend && !(|rs_c) && rsl == i[L_W-1:0]) ?
                                   ({{NUM_PART-1{1'b0}}, 1'b1} << rsp_p) : {NUM_PART{1'b0}})) |
                      ((mlanes[i] && msg_kind_i == `WW_TM_MSG_RESEND_W) ? mpart : {NUM_PART{1'b0}});
          ret_q[NUM_PART*i +: NUM_PART] <= ret_q[NUM_PART*i +: NUM_PART] | ((mlanes[i] && msg_kind_i == `WW_TM_MSG_RETIRED) ? mpart :
                                  {NUM_PART{1'b0}});
          if (mlanes[i] && msg_kind_i == `WW_TM_MSG_FAIL) failed_q[i] <= 1'b1;
        end
      end
    end
  end

  // a pass over log pw (0 read, 1 write) for lanes ln and partitions pp; an
  // empty log goes straight to what follows the pass
  task start_pass(input pw, input pmain, input [LANES-1:0] ln, input [NUM_PART-1:0] pp);
    begin
      ent_q <= {ENT_W{1'b0}};
      v_q   <= {VL_W{1'b0}};
      if ((pw ? wlen_q : rlen_q) != {ENT_W{1'b0}}) begin
        st_q <= S_LREQ;
      end else if (pmain && !pw) begin   // empty read log: the write log
        pw_q <= 1'b1;
        if (wlen_q != {ENT_W{1'b0}}) begin
          st_q <= S_LREQ;
        end else begin
          el_q  <= ln;
          epm_q <= pp;
          st_q  <= S_END;
        end
      end else begin
        el_q  <= ln;
        epm_q <= pp;
        st_q  <= S_END;
      end
    end
  endtask

  // after a line: the next line, the next entry, or the end of the pass
  task line_done;
    begin
      if (!last_v) begin
        v_q  <= v_q + 1'b1;
        st_q <= S_LREQ;
      end else if (!last_e) begin
        ent_q <= ent_q + 1'b1;
        v_q   <= {VL_W{1'b0}};
        st_q  <= S_LREQ;
      end else if (pmain_q && !pw_q) begin   // the main read pass: the write log next
        pw_q <= 1'b1;
        start_pass(1'b1, 1'b0, plane_q, ppart_q);
      end else begin
        el_q  <= plane_q;
        epm_q <= ppart_q;
        st_q  <= S_END;
      end
    end
  endtask

endmodule
