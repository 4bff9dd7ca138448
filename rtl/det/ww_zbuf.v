// SPDX-License-Identifier: Apache-2.0
//
// ww_zbuf -- GPUDet's Z-buffer unit, one per memory partition (Jooybar et
// al., "GPUDet: A Deterministic GPU Architecture", ASPLOS 2013, sec. 4.4;
// docs/det.md sec. 3). C model: cmodel/det/ww_zbuf.c.
//
// In commit mode every warp sends its store buffer's entries here as commit
// requests (req_*): a line, its byte mask and data, and the warp's SM and
// slot. The unit writes a byte to L2 only if the request's depth wins over
// the depth stored for that byte, so the final memory does not depend on the
// order in which requests arrive (sec. 4.4.2):
//   depth = -(quantum_id * 2^m) + global warp slot, slot = sm * WARPS + wid;
//   a request of quantum qid_i wins a byte never written in quantum qid_i,
//   or written there by a slot >= its own (the lowest slot wins; a warp's
//   later entry of the same line wins over its earlier one, which reaches
//   this unit first: the crossbar keeps one source's order).
// Z-cache: ZLINES entries {valid, qid, line, per byte: written, slot} in
// block RAM, an open-addressed table (H3 hash of the line, linear probing).
// An entry of another quantum is free, so the table never needs a reset at a
// quantum boundary; it is cleared only when qid_i wraps (qid_i below the
// last value seen), as the paper resets the Z-buffer on quantum-id overflow,
// and after reset: ZLINES cycles (S_INIT) before requests are served.
//   S_IDLE   the request buffer's head (REQS entries, sec. 5.1): read the
//            entry at h(line)
//   S_PROBE  the entry read: this quantum's entry of the line (hit), or a
//            free one (allocate): compare per byte, write the entry back,
//            and offer the winning bytes as one L2 WRITE on the unit socket
//            in the same cycle (none if no byte won): taken, the request is
//            done (its acknowledgement queued) and the next one is read in
//            S_IDLE -- two cycles a request; not taken, S_OUT. An entry of
//            another line of this quantum: read the next one. A probe of
//            all ZLINES entries without a hit or a free one sets ovf_o
//            (sticky; the controller sizes ZLINES so it cannot happen) and
//            the request wins every byte it carries.
//   S_OUT    the winning bytes' L2 WRITE until the socket takes it; the
//            request's acknowledgement is queued.
// Acknowledgements (ack_*: the requester's SM) leave in request order, each
// once the L2 acknowledged its write (the socket answers a unit's requests
// in order, u_rsp_valid_i, any cycle); at most ACKS in the queue.
// Deviations (docs/det.md sec. 3): depths are per byte, not per 32-bit
// word, and the Z-cache holds a whole quantum's depths (no depth region in
// DRAM): each warp's store buffer is bounded, so a quantum writes at most
// NUM_SM * WARPS * DET_SB_LINES lines. No request overlaps another (the
// paper's lock-and-defer hides Z-cache misses, which this table does not
// have).
// idle_o: nothing buffered, in flight or to acknowledge, no clear pending.
// Parameters: NUM_SM, WARPS >= 1; LINE_BYTES power of two >= 4; ZLINES,
// REQS, ACKS powers of two >= 2; 1 <= QID_W <= 16.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_zbuf #(
  parameter NUM_SM     = `WW_NUM_SM,
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter ZLINES     = `WW_DET_ZLINES,
  parameter QID_W      = `WW_DET_QID_W,
  parameter REQS       = `WW_DET_ZREQS,
  parameter ACKS       = `WW_DET_ZACKS,
  parameter SEED       = `WW_H3_SEED,
  parameter OP_W       = `WW_L2_W,
  parameter SM_W       = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire [QID_W-1:0]        qid_i,
  // commit requests
  input  wire                    req_valid_i,
  output wire                    req_ready_o,
  input  wire [SM_W-1:0]         req_sm_i,
  input  wire [WID_W-1:0]        req_wid_i,
  input  wire [LINE_W-1:0]       req_line_i,
  input  wire [LINE_BYTES-1:0]   req_be_i,
  input  wire [LINE_BYTES*8-1:0] req_data_i,
  // acknowledgements, one per request
  output wire                    ack_valid_o,
  input  wire                    ack_ready_i,
  output wire [SM_W-1:0]         ack_sm_o,
  // the partition port's unit socket
  output wire                    u_req_valid_o,
  input  wire                    u_req_ready_i,
  output wire [OP_W-1:0]         u_req_op_o,
  output wire [LINE_W-1:0]       u_req_line_o,
  output wire [LINE_BYTES-1:0]   u_req_be_o,
  output wire [LINE_BYTES*8-1:0] u_req_data_o,
  input  wire                    u_rsp_valid_i,
  output wire                    idle_o,
  output wire                    ovf_o
);

  localparam LB     = LINE_BYTES;
  localparam SLOTS  = NUM_SM * WARPS;
  localparam SLOT_W = (SLOTS > 1) ? $clog2(SLOTS) : 1;
  localparam IDX_W  = $clog2(ZLINES);
  localparam ENT_W  = 1 + QID_W + LINE_W + LB + LB * SLOT_W;
  localparam REQ_W  = SM_W + WID_W + LINE_W + LB + LB * 8;
  localparam ACK_W  = $clog2(ACKS + 1);
  // entry fields, from bit 0 up: slots, written, line, qid, valid
  localparam E_WR   = LB * SLOT_W;
  localparam E_LINE = E_WR + LB;
  localparam E_QID  = E_LINE + LINE_W;
  localparam E_V    = E_QID + QID_W;

  localparam [1:0] S_INIT = 2'd0, S_IDLE = 2'd1, S_PROBE = 2'd2, S_OUT = 2'd3;

  integer b;

  reg [1:0]         st_q;
  reg [IDX_W-1:0]   idx_q;       // sweep index (S_INIT), probed entry (S_PROBE)
  reg [IDX_W:0]     probes_q;
  reg [LB-1:0]      win_q;
  reg               ovf_q;
  reg               wrap_q;
  reg [QID_W-1:0]   qid_seen_q;
  reg [ACK_W-1:0]   l2acks_q;    // L2 acknowledgements not yet paired

  // ---- request buffer ----
  wire             rq_valid;
  wire [REQ_W-1:0] rq_data;
  wire             out_done;
  wire             outing;       // the head's L2 write is offered (S_PROBE or S_OUT)
  wire             rq_pop = outing && out_done;
  ww_fifo #(.WIDTH(REQ_W), .DEPTH(REQS)) u_reqs (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (req_valid_i),
    .in_ready_o (req_ready_o),
    .in_data_i  ({req_sm_i, req_wid_i, req_line_i, req_be_i, req_data_i}),
    .out_valid_o(rq_valid),
    .out_ready_i(rq_pop),
    .out_data_o (rq_data)
  );
  wire [LB*8-1:0]   h_data = rq_data[LB*8-1:0];
  wire [LB-1:0]     h_be   = rq_data[LB*8 +: LB];
  wire [LINE_W-1:0] h_line = rq_data[LB*9 +: LINE_W];
  wire [WID_W-1:0]  h_wid  = rq_data[LB*9+LINE_W +: WID_W];
  wire [SM_W-1:0]   h_sm   = rq_data[LB*9+LINE_W+WID_W +: SM_W];
  wire [31:0]       h_slot32 = {{(32-SM_W){1'b0}}, h_sm} * WARPS + {{(32-WID_W){1'b0}}, h_wid};
  wire [SLOT_W-1:0] h_slot = h_slot32[SLOT_W-1:0];
  wire              slot_unused = ^h_slot32[31:SLOT_W];   // below SLOTS

  // ---- Z-cache ----
  wire [IDX_W-1:0] home;
  ww_h3_hash #(.KEY_W(LINE_W), .OUT_W(IDX_W), .SEED(SEED)) u_hash (
    .key_i (h_line),
    .hash_o(home)
  );
  wire [IDX_W-1:0] next_idx = idx_q + {{(IDX_W-1){1'b0}}, 1'b1};
  wire [ENT_W-1:0] ent;
  reg              z_we;
  reg [IDX_W-1:0]  z_waddr;
  reg [ENT_W-1:0]  z_wdata;
  wire [IDX_W-1:0] z_raddr = (st_q == S_PROBE) ? next_idx : home;
  ww_sram_1r1w #(.WIDTH(ENT_W), .DEPTH(ZLINES)) u_zcache (
    .clk_i  (clk_i),
    .raddr_i(z_raddr),
    .rdata_o(ent),
    .we_i   (z_we),
    .waddr_i(z_waddr),
    .wdata_i(z_wdata)
  );

  // the entry read, against the head request
  wire ent_cur  = ent[E_V] && (ent[E_QID +: QID_W] == qid_i);
  wire ent_hit  = ent_cur && (ent[E_LINE +: LINE_W] == h_line);
  wire ent_free = !ent_cur;
  wire last_probe = probes_q == ZLINES[IDX_W:0] - {{IDX_W{1'b0}}, 1'b1};
  reg [LB-1:0]        win;
  reg [ENT_W-1:0]     ent_new;
  always @(*) begin
    win = {LB{1'b0}};
    ent_new = {ENT_W{1'b0}};
    ent_new[E_V] = 1'b1;
    ent_new[E_QID +: QID_W] = qid_i;
    ent_new[E_LINE +: LINE_W] = h_line;
    for (b = 0; b < LB; b = b + 1) begin
      if (ent_hit && ent[E_WR + b]) begin
`ifdef WW_MUTANT_ZBUF_HIGH_SLOT_WINS
        win[b] = h_be[b] && (h_slot >= ent[b*SLOT_W +: SLOT_W]);
`elsif WW_MUTANT_ZBUF_FIRST_WRITER_WINS_TIE
        win[b] = h_be[b] && (h_slot < ent[b*SLOT_W +: SLOT_W]);
`else
        win[b] = h_be[b] && (h_slot <= ent[b*SLOT_W +: SLOT_W]);
`endif
        ent_new[E_WR + b] = 1'b1;
        ent_new[b*SLOT_W +: SLOT_W] = win[b] ? h_slot : ent[b*SLOT_W +: SLOT_W];
      end else begin
        win[b] = h_be[b];
        ent_new[E_WR + b] = h_be[b];
        ent_new[b*SLOT_W +: SLOT_W] = h_be[b] ? h_slot : {SLOT_W{1'b0}};
      end
    end
  end

  always @(*) begin
    z_we = 1'b0;
    z_waddr = idx_q;
    z_wdata = ent_new;
    if (st_q == S_INIT) begin
      z_we = 1'b1;
      z_wdata = {ENT_W{1'b0}};
    end else if (st_q == S_PROBE && (ent_hit || ent_free)) begin
      z_we = 1'b1;
    end
  end

  // the winning bytes offered: straight from the probe, or kept for S_OUT
  wire          probe_done = (st_q == S_PROBE) && (ent_hit || ent_free);
`ifdef WW_MUTANT_ZBUF_OUT_FROM_PROBE_STALE
  wire [LB-1:0] out_be     = win_q;   // MUTANT: the last request's bytes
`else
  wire [LB-1:0] out_be     = probe_done ? win : win_q;
`endif
  wire          out_any    = (out_be != {LB{1'b0}});
  assign outing = probe_done || (st_q == S_OUT);

  // ---- acknowledgements: {sm, waits for an L2 ack} in request order ----
  wire          aq_in_ready, aq_valid;
  wire [SM_W:0] aq_data;
  wire          aq_l2 = aq_data[0];
  assign ack_valid_o = aq_valid && (!aq_l2 || l2acks_q != {ACK_W{1'b0}});
  assign ack_sm_o = aq_data[SM_W:1];
  wire ack_fire = ack_valid_o && ack_ready_i;
  ww_fifo #(.WIDTH(SM_W + 1), .DEPTH(ACKS)) u_acks (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .in_valid_i (rq_pop),
    .in_ready_o (aq_in_ready),
    .in_data_i  ({h_sm, out_any}),
    .out_valid_o(aq_valid),
    .out_ready_i(ack_fire),
    .out_data_o (aq_data)
  );

  // ---- the L2 write of the winning bytes ----
  assign u_req_valid_o = outing && aq_in_ready && out_any;
  assign u_req_op_o    = `WW_L2_WRITE;
  assign u_req_line_o  = h_line;
  assign u_req_be_o    = out_be;
  assign u_req_data_o  = h_data;
  assign out_done      = aq_in_ready && (!out_any || u_req_ready_i);

  assign idle_o = (st_q == S_IDLE) && !rq_valid && !aq_valid && !wrap_q;
  assign ovf_o  = ovf_q;

  wire wrap_now = qid_i < qid_seen_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q       <= S_INIT;
      idx_q      <= {IDX_W{1'b0}};
      probes_q   <= {(IDX_W+1){1'b0}};
      win_q      <= {LB{1'b0}};
      ovf_q      <= 1'b0;
      wrap_q     <= 1'b0;
      qid_seen_q <= {QID_W{1'b0}};
      l2acks_q   <= {ACK_W{1'b0}};
    end else begin
      qid_seen_q <= qid_i;
`ifdef WW_MUTANT_ZBUF_NO_CLEAR_ON_WRAP
      wrap_q <= 1'b0;
`else
      if (wrap_now) begin
        wrap_q <= 1'b1;
      end
`endif
      l2acks_q <= l2acks_q + {{(ACK_W-1){1'b0}}, u_rsp_valid_i}
                           - {{(ACK_W-1){1'b0}}, ack_fire && aq_l2};
      case (st_q)
        S_INIT: begin
          idx_q <= next_idx;
          if (idx_q == ZLINES[IDX_W-1:0] - {{(IDX_W-1){1'b0}}, 1'b1}) begin
            st_q <= S_IDLE;
          end
        end
        S_IDLE: begin
          if (wrap_q) begin
            wrap_q <= wrap_now;
            idx_q  <= {IDX_W{1'b0}};
            st_q   <= S_INIT;
          end else if (rq_valid) begin
            idx_q    <= home;
            probes_q <= {(IDX_W+1){1'b0}};
            st_q     <= S_PROBE;
          end
        end
        S_PROBE: begin
          if (ent_hit || ent_free) begin
            win_q <= win;
            st_q  <= out_done ? S_IDLE : S_OUT;
          end else if (last_probe) begin
            ovf_q <= 1'b1;
            win_q <= h_be;
            st_q  <= S_OUT;
          end else begin
            idx_q    <= next_idx;
            probes_q <= probes_q + {{IDX_W{1'b0}}, 1'b1};
          end
        end
        default: begin  // S_OUT
          if (out_done) begin
            st_q <= S_IDLE;
          end
        end
      endcase
    end
  end

endmodule  // ww_zbuf
`default_nettype wire
