// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_txlog -- KILO TM's transaction log unit on the LSU socket (Fung et
// al., MICRO 2011, sec. 4.3 "lazy version management": per-thread read and
// write logs in local memory; docs/tm.md sec. 4.2). C model:
// cmodel/tm/ww_tm_txlog.c (cycle-exact; it is the spec).
//
// The LSU gives it a warp's transactional instruction (cmd_*: BEGIN, LOAD or
// STORE for the lanes of cmd_mask_i, byte addresses, 1/2/4 bytes, store
// data); it answers with done_valid_o and each lane's word as the
// transaction sees it. One command at a time on the L1 port (req_*:
// LOAD_STRONG of a log line or an L2 line, which leaves the L1 as it is, one
// at a time, answered on rsp_valid_i; STORE of a whole log line, all bytes
// enabled, posted: up to ACKS in flight, each acknowledged on wack_valid_i,
// in any order). quiet_o: no log store in flight (the commit walk reads the
// logs only then).
//   IDLE   takes a command. BEGIN empties the warp's logs and filter. A
//          command whose log is full answers at once with done_full_o
//          (bit 0 the read log, bit 1 the write log) and does nothing.
//   QUERY  a load, or a sub-word store (it reads its word first): every
//          lane at once asks the warp's write-set filter (an H3 function per
//          lane, 2^BLOOM_W bits per warp), one cycle.
//   WALK   the lanes that hit, newest write-log entry first: per vector line
//          holding such lanes, the entry's address line (W_AREQ, W_ARSP);
//          lanes whose address matches take their word from the value line
//          (W_VREQ, W_VRSP). Ends when all are found or the log is walked.
//   RD     the other lanes read L2 (LOAD_STRONG), one request per line: the
//          lowest pending lane's line and every pending lane in it.
//          A walk starts only when quiet (no log store in flight).
//   RA     the read-log entry, per vector line its address line then its
//          value line; lanes that did not read L2 log WW_TX_LOG_VOID and 0.
//   WA     a store's words (a sub-word store's merged into the word read)
//          as the write-log entry; with its last store every lane goes into
//          the filter. RA and WA stores are posted: a store a cycle while
//          fewer than ACKS are in flight; the command does not wait for them.
//   DONE   done_valid_o for one cycle.
// Log layout (ww_tm_txlog_entry() in the C model): warp w's read log
// (L = 0) or write log (L = 1) at log_base_i + (2w + L) * LOG_WORDS * 2 *
// LANES * 4; entry i = the lanes' word addresses, then their words.
// Parameters: WARPS, LANES, LINE_BYTES (LANES * 4 a multiple of LINE_BYTES),
// LOG_WORDS entries per log, BLOOM_W, SEED of the H3 function, ACKS >= 1
// log stores in flight at most.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_tm_txlog #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter LOG_WORDS  = `WW_TX_LOG_WORDS,
  parameter BLOOM_W    = `WW_TX_BLOOM_W,
  parameter SEED       = `WW_H3_SEED,
  parameter ACKS       = `WW_TX_LOG_ACKS,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter ENT_W      = $clog2(LOG_WORDS + 1)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire [31:0]             log_base_i,
  // command from the LSU
  input  wire                    cmd_valid_i,
  output wire                    cmd_ready_o,
  input  wire [`WW_TXL_W-1:0]    cmd_op_i,
  input  wire [WID_W-1:0]        cmd_wid_i,
  input  wire [LANES-1:0]        cmd_mask_i,
  input  wire [LANES*32-1:0]     cmd_addr_i,
  input  wire [2:0]              cmd_bytes_i,
  input  wire [LANES*32-1:0]     cmd_data_i,
  output wire                    done_valid_o,
  output wire [1:0]              done_full_o,
  output wire [LANES*32-1:0]     done_word_o,
  // each warp's log lengths (entries), warp w at [w*ENT_W +: ENT_W]
  output wire [WARPS*ENT_W-1:0]  rlen_o,
  output wire [WARPS*ENT_W-1:0]  wlen_o,
  output wire                    quiet_o,
  // L1 port
  output reg                     req_valid_o,
  input  wire                    req_ready_i,
  output reg  [`WW_L1_W-1:0]     req_op_o,
  output reg  [LINE_W-1:0]       req_line_o,
  output reg  [LINE_BYTES*8-1:0] req_wdata_o,
  input  wire                    rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0] rsp_data_i,
  input  wire                    wack_valid_i
);

  localparam OFF_W  = $clog2(LINE_BYTES);
  localparam LPL    = LINE_BYTES / 4;                  // lanes per vector line
  localparam VL     = LANES * 4 / LINE_BYTES;           // lines per vector
  localparam VL_W   = (VL > 1) ? $clog2(VL) : 1;
  localparam SIDX_W = VL_W + 1;                         // RA/WA store index
  localparam BITS   = 1 << BLOOM_W;
  localparam L_W    = (LANES > 1) ? $clog2(LANES) : 1;
  localparam [31:0] VB      = LANES * 4;                // bytes of a vector
  localparam [31:0] LOG_B   = LOG_WORDS * 2 * VB;       // bytes of a log

`include "ww_tm_log.vh"

  localparam [3:0] S_IDLE = 4'd0, S_QUERY = 4'd1, S_W_AREQ = 4'd2, S_W_ARSP = 4'd3,
                   S_W_VREQ = 4'd4, S_W_VRSP = 4'd5, S_RD_REQ = 4'd6, S_RD_RSP = 4'd7,
                   S_RA_REQ = 4'd8, S_WA_REQ = 4'd9, S_DONE = 4'd10;
  localparam       ACK_W = $clog2(ACKS + 1);
  integer i;

  reg [3:0]            st_q;
  reg [WID_W-1:0]      wid_q;
  reg [`WW_TXL_W-1:0]  op_q;
  reg [2:0]            bytes_q;
  reg [1:0]            full_q;
  reg [LANES-1:0]      mask_q, hpend_q, found_q, rdpend_q, froml2_q;
  reg [LANES-1:0]      fline_q, sline_q;
  reg [ENT_W-1:0]      ent_q;
  reg [VL_W-1:0]       v_q;
  reg [SIDX_W-1:0]     sidx_q;
  reg [LANES*32-1:0]   waddr_q, data_q, val_q;
  reg [LANES*2-1:0]    off_q;
  reg [ENT_W-1:0]      rlen_q [0:WARPS-1];
  reg [ENT_W-1:0]      wlen_q [0:WARPS-1];
  reg [BITS-1:0]       bloom_q [0:WARPS-1];
  reg [ACK_W-1:0]      acks_q;              // log stores in flight

  assign cmd_ready_o  = (st_q == S_IDLE);
  assign done_valid_o = (st_q == S_DONE);
  assign done_full_o  = full_q;
  assign done_word_o  = val_q;
  assign quiet_o      = (acks_q == {ACK_W{1'b0}});
  genvar gl;
  for (gl = 0; gl < WARPS; gl = gl + 1) begin : g_len
    assign rlen_o[gl*ENT_W +: ENT_W] = rlen_q[gl];
    assign wlen_o[gl*ENT_W +: ENT_W] = wlen_q[gl];
  end

  // the filter: an H3 function of each lane's word address (QUERY, and the
  // last write-log store)
  wire [LANES*BLOOM_W-1:0] fidx;
  genvar gh;
  for (gh = 0; gh < LANES; gh = gh + 1) begin : g_h3
    ww_h3_hash #(.KEY_W(30), .OUT_W(BLOOM_W), .SEED(SEED)) u_h3 (
      .key_i  (waddr_q[32*gh+2 +: 30]),
      .hash_o (fidx[gh*BLOOM_W +: BLOOM_W])
    );
  end
  wire [BITS-1:0] wbloom = bloom_q[wid_q];
  reg  [LANES-1:0] fhit;      // the lanes of the command the filter may hold
  reg  [BITS-1:0]  fset;      // the filter bits of the command's lanes
  always @* begin
    fset = {BITS{1'b0}};
    for (i = 0; i < LANES; i = i + 1) begin
`ifdef WW_MUTANT_TM_TXLOG_FILTER_MISS
      fhit[i] = 1'b0;                                 // mutant: read-own-write never looks
`else
      fhit[i] = mask_q[i] && wbloom[fidx[i*BLOOM_W +: BLOOM_W]];
`endif
      if (mask_q[i]) fset[fidx[i*BLOOM_W +: BLOOM_W]] = 1'b1;
    end
  end

  // L2 reads: the lowest pending lane's line and the pending lanes in it
  wire [L_W-1:0]    rlane = tm_lowest_lane(rdpend_q);
  wire [31:0]       raddr = waddr_q[32*rlane +: 32];
  reg  [LANES-1:0]  rd_lanes;
  always @* begin
    for (i = 0; i < LANES; i = i + 1)
      rd_lanes[i] = rdpend_q[i] && (waddr_q[32*i+OFF_W +: LINE_W] == raddr[31:OFF_W]);
  end

  // each lane's word in the line an L2 read answered
  localparam WIX_W = (OFF_W > 2) ? OFF_W - 2 : 1;
  reg [LANES*32-1:0] rd_word;
  integer k2;
  always @* begin
    rd_word = {LANES*32{1'b0}};
    for (i = 0; i < LANES; i = i + 1)
      for (k2 = 0; k2 < LPL; k2 = k2 + 1)
        if (LPL == 1 || waddr_q[32*i+2 +: WIX_W] == k2[WIX_W-1:0])
          rd_word[32*i +: 32] = rsp_data_i[32*k2 +: 32];
  end

  // log addresses: the walked write-log entry; the entry an RA/WA store writes
  wire [31:0] wlog_ent = log_base_i + (2 * {{32-WID_W{1'b0}}, wid_q} + 32'd1) * LOG_B +
                         {{32-ENT_W{1'b0}}, ent_q} * 2 * VB;
  wire [31:0] wlog_val = wlog_ent + VB;
  wire        st_wlog  = (st_q == S_WA_REQ);
  wire [ENT_W-1:0] st_len = st_wlog ? wlen_q[wid_q] : rlen_q[wid_q];
  wire [31:0] st_ent   = log_base_i + (2 * {{32-WID_W{1'b0}}, wid_q} + {31'd0, st_wlog}) * LOG_B +
                         {{32-ENT_W{1'b0}}, st_len} * 2 * VB;
  wire [VL_W-1:0] st_v = sidx_q[SIDX_W-1:1];
  wire [31:0] st_addr  = st_ent + (sidx_q[0] ? VB : 32'd0) + {{32-VL_W{1'b0}}, st_v} * LINE_BYTES;
  wire [LANES-1:0] logged = st_wlog ? mask_q : froml2_q;

  // line offsets of the addresses above are zero or unused
  wire off_unused = ^{raddr[OFF_W-1:0], wlog_val[OFF_W-1:0], st_addr[OFF_W-1:0]};

  wire [LANES-1:0] walk_lanes = tm_vline_lanes(v_q) & hpend_q;

  always @* begin
    i = 0;   // loop variable, set on every path (else Yosys infers a latch)
    req_valid_o = 1'b0;
    req_op_o    = `WW_L1_LOAD_STRONG;
    req_line_o  = {LINE_W{1'b0}};
    req_wdata_o = {LINE_BYTES*8{1'b0}};
    case (st_q)
      S_W_AREQ: begin
        req_valid_o = |walk_lanes;
        req_line_o  = wlog_ent[31:OFF_W] + {{LINE_W-VL_W{1'b0}}, v_q};
      end
      S_W_VREQ: begin
        req_valid_o = 1'b1;
        req_line_o  = wlog_val[31:OFF_W] + {{LINE_W-VL_W{1'b0}}, v_q};
      end
      S_RD_REQ: begin
        req_valid_o = 1'b1;
        req_op_o    = `WW_L1_LOAD_STRONG;
        req_line_o  = raddr[31:OFF_W];
      end
      S_RA_REQ, S_WA_REQ: begin
        req_valid_o = (acks_q != ACKS[ACK_W-1:0]);
        req_op_o    = `WW_L1_STORE;
        req_line_o  = st_addr[31:OFF_W];
        for (i = 0; i < LPL; i = i + 1)
          if (logged[st_v * LPL + i])
            req_wdata_o[32*i +: 32] = sidx_q[0] ? val_q[32*(st_v * LPL + i) +: 32]
                                                : waddr_q[32*(st_v * LPL + i) +: 32];
          else
            req_wdata_o[32*i +: 32] = sidx_q[0] ? 32'd0 : `WW_TX_LOG_VOID;
      end
      default: ;
    endcase
  end

  wire fire = req_valid_o && req_ready_i;

  // walk: matching lanes of the address line just answered
  reg [LANES-1:0] match;
  always @* begin
    for (i = 0; i < LANES; i = i + 1)
      match[i] = walk_lanes[i] &&
                 (rsp_data_i[32*(i % LPL) +: 32] == waddr_q[32*i +: 32]);
  end

  // a command's log is full (bit 0 read log, bit 1 write log)
  wire        c_store = (cmd_op_i == `WW_TXL_STORE);
  wire        c_reads = !c_store || (cmd_bytes_i != 3'd4);
  wire [1:0]  c_full  = {c_store && (wlen_q[cmd_wid_i] >= LOG_WORDS),
                         c_reads && (rlen_q[cmd_wid_i] >= LOG_WORDS)};
  wire        last_v  = ({{32-VL_W{1'b0}}, v_q} == VL - 1);
  wire        last_s  = ({{32-SIDX_W{1'b0}}, sidx_q} == 2 * VL - 1);

  integer w;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q     <= S_IDLE;
      wid_q    <= {WID_W{1'b0}};
      op_q     <= `WW_TXL_BEGIN;
      bytes_q  <= 3'd0;
      full_q   <= 2'd0;
      mask_q   <= {LANES{1'b0}};
      hpend_q  <= {LANES{1'b0}};
      found_q  <= {LANES{1'b0}};
      rdpend_q <= {LANES{1'b0}};
      froml2_q <= {LANES{1'b0}};
      fline_q  <= {LANES{1'b0}};
      sline_q  <= {LANES{1'b0}};
      ent_q    <= {ENT_W{1'b0}};
      v_q      <= {VL_W{1'b0}};
      sidx_q   <= {SIDX_W{1'b0}};
      waddr_q  <= {LANES*32{1'b0}};
      data_q   <= {LANES*32{1'b0}};
      val_q    <= {LANES*32{1'b0}};
      off_q    <= {LANES*2{1'b0}};
      acks_q   <= {ACK_W{1'b0}};
      for (w = 0; w < WARPS; w = w + 1) begin
        rlen_q[w]  <= {ENT_W{1'b0}};
        wlen_q[w]  <= {ENT_W{1'b0}};
        bloom_q[w] <= {BITS{1'b0}};
      end
    end else begin
      if ((st_q == S_RA_REQ || st_q == S_WA_REQ) && fire) begin
        if (!wack_valid_i) acks_q <= acks_q + 1'b1;
      end else if (wack_valid_i) begin
        acks_q <= acks_q - 1'b1;
      end
      case (st_q)
        S_IDLE: if (cmd_valid_i) begin
          wid_q    <= cmd_wid_i;
          op_q     <= cmd_op_i;
          mask_q   <= cmd_mask_i;
          bytes_q  <= cmd_bytes_i;
          found_q  <= {LANES{1'b0}};
          froml2_q <= {LANES{1'b0}};
          for (i = 0; i < LANES; i = i + 1) begin
            waddr_q[32*i +: 32] <= {cmd_addr_i[32*i+2 +: 30], 2'b00};
            off_q[2*i +: 2]     <= cmd_addr_i[32*i +: 2];
          end
          data_q <= cmd_data_i;
          val_q  <= {LANES*32{1'b0}};
          full_q <= 2'd0;
          if (cmd_op_i == `WW_TXL_BEGIN) begin
            rlen_q[cmd_wid_i]  <= {ENT_W{1'b0}};
            wlen_q[cmd_wid_i]  <= {ENT_W{1'b0}};
            bloom_q[cmd_wid_i] <= {BITS{1'b0}};
            st_q <= S_DONE;
          end else if ((|c_full) || !(|cmd_mask_i)) begin
            full_q <= c_full;
            st_q   <= S_DONE;
          end else if (c_reads) begin
            st_q    <= S_QUERY;
          end else begin
            val_q  <= cmd_data_i;
            sidx_q <= {SIDX_W{1'b0}};
            st_q   <= S_WA_REQ;
          end
        end
        S_QUERY: begin
          if ((|fhit) && (wlen_q[wid_q] != {ENT_W{1'b0}})) begin
`ifndef WW_MUTANT_TM_TXLOG_WALK_NOT_QUIET
            if (quiet_o) begin                      // the write log is in memory
`else
            begin                                   // mutant: walks over stores in flight
`endif
              hpend_q <= fhit;
              ent_q   <= wlen_q[wid_q] - 1'b1;
              v_q     <= {VL_W{1'b0}};
              st_q    <= S_W_AREQ;
            end
          end else begin
            rdpend_q <= mask_q;
            st_q     <= S_RD_REQ;
          end
        end
        S_W_AREQ: begin
          if (!req_valid_o) walk_advance(hpend_q, found_q);
          else if (fire) st_q <= S_W_ARSP;
        end
        S_W_ARSP: if (rsp_valid_i) begin
          fline_q <= match;
          if (|match) st_q <= S_W_VREQ;
          else walk_advance(hpend_q, found_q);
        end
        S_W_VREQ: if (fire) st_q <= S_W_VRSP;
        S_W_VRSP: if (rsp_valid_i) begin
          for (i = 0; i < LANES; i = i + 1)
            if (fline_q[i]) val_q[32*i +: 32] <= rsp_data_i[32*(i % LPL) +: 32];
          found_q <= found_q | fline_q;
          hpend_q <= hpend_q & ~fline_q;
          walk_advance(hpend_q & ~fline_q, found_q | fline_q);
        end
        S_RD_REQ: if (fire) begin
          sline_q <= rd_lanes;
          st_q    <= S_RD_RSP;
        end
        S_RD_RSP: if (rsp_valid_i) begin
          for (i = 0; i < LANES; i = i + 1)
            if (sline_q[i]) val_q[32*i +: 32] <= rd_word[32*i +: 32];
          froml2_q <= froml2_q | sline_q;
          rdpend_q <= rdpend_q & ~sline_q;
          sidx_q   <= {SIDX_W{1'b0}};
          st_q     <= ((rdpend_q & ~sline_q) != {LANES{1'b0}}) ? S_RD_REQ : S_RA_REQ;
        end
        S_RA_REQ: if (fire) begin
          if (!last_s) begin
            sidx_q <= sidx_q + 1'b1;
          end else begin
            rlen_q[wid_q] <= rlen_q[wid_q] + 1'b1;
            if (op_q == `WW_TXL_STORE) begin
              for (i = 0; i < LANES; i = i + 1)
                val_q[32*i +: 32] <= merge(val_q[32*i +: 32], data_q[32*i +: 32],
                                           off_q[2*i +: 2], bytes_q);
              sidx_q <= {SIDX_W{1'b0}};
              st_q   <= S_WA_REQ;
            end else begin
              st_q <= S_DONE;
            end
          end
        end
        S_WA_REQ: if (fire) begin
          if (!last_s) begin
            sidx_q <= sidx_q + 1'b1;
          end else begin
            wlen_q[wid_q]  <= wlen_q[wid_q] + 1'b1;
            bloom_q[wid_q] <= bloom_q[wid_q] | fset;
            st_q           <= S_DONE;
          end
        end
        S_DONE: st_q <= S_IDLE;
        default: st_q <= S_IDLE;
      endcase
    end
  end

  // after the walk's current line (hp, fd: the lanes still to find and the
  // lanes found, as they are after this cycle): the next line, the next
  // older entry, or the L2 reads
  task walk_advance(input [LANES-1:0] hp, input [LANES-1:0] fd);
    begin
      if (!last_v) begin
        v_q  <= v_q + 1'b1;
        st_q <= S_W_AREQ;
`ifdef WW_MUTANT_TM_TXLOG_WALK_ONE_ENTRY
      end else if (1'b1 || !(|hp)) begin               // mutant: only the newest entry
`else
      end else if ((ent_q == {ENT_W{1'b0}}) || !(|hp)) begin
`endif
        rdpend_q <= mask_q & ~fd;
        sidx_q   <= {SIDX_W{1'b0}};
        st_q     <= ((mask_q & ~fd) != {LANES{1'b0}}) ? S_RD_REQ : S_RA_REQ;
      end else begin
        ent_q <= ent_q - 1'b1;
        v_q   <= {VL_W{1'b0}};
        st_q  <= S_W_AREQ;
      end
    end
  endtask

  // a sub-word store's bytes merged into the word read
  function [31:0] merge(input [31:0] word, input [31:0] d, input [1:0] off, input [2:0] n);
    reg [31:0] bm;
    begin
      bm    = ((n == 3'd1) ? 32'h0000_00FF : 32'h0000_FFFF) << (8 * off);
      merge = (word & ~bm) | ((d << (8 * off)) & bm);
    end
  endfunction

endmodule
