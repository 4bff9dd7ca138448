// SPDX-License-Identifier: Apache-2.0
//
// ww_det_sbuf -- GPUDet's per-warp store buffers of one SM and their commit
// walk (Jooybar et al., "GPUDet: A Deterministic GPU Architecture", ASPLOS
// 2013, sec. 4.3 and 4.4.2; docs/det.md sec. 2). C model:
// cmodel/det/ww_det_sbuf.c.
//
// In parallel mode the LSU hands this unit a warp's buffered lanes (global,
// below local memory) on the socket KILO TM's log unit uses (acc_*: LOAD or
// STORE, lanes, byte addresses, 1/2/4 bytes, store data); one command at a
// time, answered by acc_done_o with each lane's word (loads).
//   STORE  per line of the lanes (the lowest pending lane's line and every
//          pending lane in it; lanes in lane order, the later lane winning a
//          byte, as ww_lsu_bytes): find the warp's entry of the line, or a
//          free one (a new entry: used + 1, {warp, line} into the Bloom
//          filter), and merge the bytes into it.
//   LOAD   per line: find the warp's entry of the line (S_PROBE); then
//          read the line through the L1 (one request at a time, l1_req_* /
//          l1_rsp_*) and give each lane the word of the line with the
//          entry's bytes over it. Memory does not change in parallel mode
//          (stores are buffered, atomics wait for serial mode), so the L1
//          holds memory as the last commit left it.
// The Bloom filter (sec. 4.3: a load queries it, only a hit searches the
// buffer): per warp BLOOM_BITS bits in BLOOM_K sub-arrays, keyed by the
// line (the paper's per-warp filters), built as one banked filter (a bank
// per warp id) with one set of hash units; a query of the lanes reads its
// warp's bank once for all of them. It holds
// every line that has an entry. The LSU asks it for every lane of the
// instruction it is offered (qry_wid_i, qry_addr_i; combinational,
// qry_hit_o[l]: lane l's {warp, line} may have an entry) and sends only a
// load's hitting lanes here; the others read memory on the LSU's own path,
// which gives the same word (no entry: nothing buffered over memory).
// Entries: a table in block RAM, SB_LINES per warp (warp w's at w * SB_LINES),
// {valid, line, byte mask, data}, open addressing within the warp's part
// (H3 hash of the line, linear probing; a probe of all SB_LINES ends it).
// room_o[w]: the warp has LANES entries free (a store writes at most a line
// per lane); ww_det_warp ends its quantum before a store otherwise, so a
// store always finds its entries.
// Commit (cmt_start_i, commit mode): the walk reads every warp's entries in
// slot order, going from one to the next (a bit per slot says it holds one),
// sends each valid entry as a commit request to its
// line's partition (pkt_*: line % NUM_PART, the warp, line, bytes, data;
// held until pkt_ready_i) and frees it; then every filter is cleared and
// every count is 0. cmt_busy_o stays high until the walk is over and every
// request was acknowledged (ack_i, one per request, from the Z-buffer
// units). A command is not taken during a commit, nor a commit during a
// command. locked_i (a launch setting): the lock-based commit the paper
// measures the Z-buffer unit against (sec. 5.3, CoreDet's): each entry is a
// critical section, its request sent only once every earlier one was
// acknowledged (docs/det.md sec. 8).
// After reset the table is cleared (WARPS * SB_LINES cycles, acc_ready_o
// low). idle_o: no command, no walk, no request unacknowledged.
// Deviation (docs/det.md sec. 2): the paper's store buffer is a linear log
// in local memory; here it is on-chip, one entry per line (a later store to
// a line merges into its entry), so the walk sends each line once.
// Parameters: WARPS >= 1, LANES >= 1, LINE_BYTES power of two >= 4, SB_LINES
// power of two >= LANES, BLOOM_BITS / BLOOM_K power of two >= 2, NUM_PART
// >= 1, OUT_W > log2(WARPS * SB_LINES).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_det_sbuf #(
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter SB_LINES   = `WW_DET_SB_LINES,
  parameter BLOOM_BITS = `WW_DET_BLOOM_BITS,
  parameter BLOOM_K    = `WW_DET_BLOOM_K,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter SEED       = `WW_H3_SEED,
  parameter OUT_W      = 16,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // buffered accesses from the LSU
  input  wire                    acc_valid_i,
  output wire                    acc_ready_o,
  input  wire [`WW_TXL_W-1:0]    acc_op_i,
  input  wire [WID_W-1:0]        acc_wid_i,
  input  wire [LANES-1:0]        acc_mask_i,
  input  wire [LANES*32-1:0]     acc_addr_i,
  input  wire [2:0]              acc_bytes_i,
  input  wire [LANES*32-1:0]     acc_data_i,
  output wire                    acc_done_o,
  output wire [LANES*32-1:0]     acc_word_o,
  output wire [WARPS-1:0]        room_o,
  // the filter's lane queries (the LSU's offered instruction)
  input  wire [WID_W-1:0]        qry_wid_i,
  input  wire [LANES*32-1:0]     qry_addr_i,
  output wire [LANES-1:0]        qry_hit_o,
  // L1 port: line loads
  output wire                    l1_req_valid_o,
  input  wire                    l1_req_ready_i,
  output wire [LINE_W-1:0]       l1_req_line_o,
  input  wire                    l1_rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0] l1_rsp_data_i,
  // commit
  input  wire                    cmt_start_i,
  input  wire                    locked_i,
  output wire                    cmt_busy_o,
  output wire                    pkt_valid_o,
  input  wire                    pkt_ready_i,
  output wire [PART_W-1:0]       pkt_part_o,
  output wire [WID_W-1:0]        pkt_wid_o,
  output wire [LINE_W-1:0]       pkt_line_o,
  output wire [LINE_BYTES-1:0]   pkt_be_o,
  output wire [LINE_BYTES*8-1:0] pkt_data_o,
  input  wire                    ack_i,
  output wire                    idle_o
);

  localparam LB     = LINE_BYTES;
  localparam OFF_W  = $clog2(LINE_BYTES);
  localparam WRD_W  = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1;
  localparam SB_W   = $clog2(SB_LINES);
  localparam IDX_W  = WID_W + SB_W;
  localparam DEPTH  = WARPS * SB_LINES;
  localparam ENT_W  = 1 + LINE_W + LB + LB * 8;
  localparam U_W    = $clog2(SB_LINES + 1);
  localparam L_W    = (LANES > 1) ? $clog2(LANES) : 1;
  // entry fields, from bit 0 up: data, byte mask, line, valid
  localparam E_BE   = LB * 8;
  localparam E_LINE = E_BE + LB;
  localparam E_V    = E_LINE + LINE_W;

  localparam [3:0] S_INIT = 4'd0, S_IDLE = 4'd1, S_LINE = 4'd2, S_PROBE = 4'd3,
                   S_LREQ = 4'd4, S_LRSP = 4'd5, S_DONE = 4'd6, S_WALK = 4'd7,
                   S_WENT = 4'd8, S_WACK = 4'd9;

  integer k;

  reg [3:0]            st_q;
  reg                  store_q;
  reg [WID_W-1:0]      wid_q;
  reg [LANES-1:0]      pend_q, lanes_q;
  reg [LANES*32-1:0]   addr_q, data_q, word_q;
  reg [2:0]            bytes_q;
  reg [LINE_W-1:0]     line_q;
  reg [LB-1:0]         be_q;        // a store line's bytes, or a load's overlay
  reg [LB*8-1:0]       bdata_q;
  reg [SB_W-1:0]       slot_q;
  reg [SB_W:0]         probes_q;
  reg [IDX_W-1:0]      sweep_q;     // S_INIT index
  reg [WID_W-1:0]      ww_q;        // the walk's warp
  reg [U_W-1:0]        left_q;      // its entries not yet found
  reg [U_W-1:0]        used_q [0:WARPS-1];
  reg [OUT_W-1:0]      out_q;       // commit requests not yet acknowledged

  // ---- the current line: the lowest pending lane's, and its lanes ----
  reg [L_W-1:0]  low;
  always @* begin
    low = {L_W{1'b0}};
    for (k = LANES - 1; k >= 0; k = k - 1)
      if (pend_q[k]) low = k[L_W-1:0];
  end
  wire [31:0]       low_addr = addr_q[32*low +: 32];
  wire [LINE_W-1:0] cur_line = low_addr[31:OFF_W];
  reg  [LANES-1:0]  cur_lanes;
  always @* begin
    for (k = 0; k < LANES; k = k + 1)
      cur_lanes[k] = pend_q[k] && (addr_q[32*k+OFF_W +: LINE_W] == cur_line);
  end
  wire [LB-1:0]   st_be;
  wire [LB*8-1:0] st_data;
  ww_lsu_bytes #(.LANES(LANES), .LINE_BYTES(LINE_BYTES)) u_bytes (
    .clk_i   (clk_i),
    .lanes_i (cur_lanes),
    .addr_i  (addr_q),
    .data_i  (data_q),
    .bytes_i (bytes_q),
    .be_o    (st_be),
    .data_o  (st_data)
  );

  // ---- the Bloom filter: a bank per warp id, keyed by the line ----
  localparam FBANKS = 1 << WID_W;
  reg  [LANES*LINE_W-1:0] qry_lines;
  always @* begin
    for (k = 0; k < LANES; k = k + 1)
      qry_lines[k*LINE_W +: LINE_W] = qry_addr_i[32*k+OFF_W +: LINE_W];
  end
`ifdef WW_MUTANT_DET_SBUF_QRY_IGNORES_WARP
  wire [WID_W-1:0] qry_bank = {WID_W{1'b0}};   // MUTANT: the lanes ask warp 0's filter
  wire unused_qwid = ^qry_wid_i;
`else
  wire [WID_W-1:0] qry_bank = qry_wid_i;
`endif
  // the walk's last warp (the filter is cleared when its entries are out)
  wire             walk_last_warp = (ww_q == WARPS[WID_W-1:0] - {{(WID_W-1){1'b0}}, 1'b1});
  wire             f_clear = (st_q == S_WALK) && walk_last_warp && (left_q == {U_W{1'b0}});
  wire             f_ins   = (st_q == S_PROBE) && store_q && !ent[E_V];
  genvar g;
  ww_bloom_filter #(.BITS(FBANKS * BLOOM_BITS), .K(BLOOM_K), .KEY_W(LINE_W), .SEED(SEED),
                    .QRY_N(LANES), .BANKS(FBANKS)) u_f (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .clear_i    (f_clear),
    .ins_valid_i(f_ins),
    .ins_bank_i (wid_q),
    .ins_key_i  (line_q),
    .qry_bank_i (qry_bank),
    .qry_key_i  (qry_lines),
    .qry_hit_o  (qry_hit_o)
  );

  // ---- the entry table ----
  wire [SB_W-1:0]  home;
  ww_h3_hash #(.KEY_W(LINE_W), .OUT_W(SB_W), .SEED(SEED)) u_hash (
    .key_i (cur_line),
    .hash_o(home)
  );
  wire [SB_W-1:0]  next_slot = slot_q + {{(SB_W-1){1'b0}}, 1'b1};

  // the walk's warp's entries (vmap_q: a bit per slot that holds one, the
  // table's valid bits), so the walk goes from entry to entry: its lowest
  // (first_c) and the lowest above slot_q (after_c; 0 if none)
  reg  [SB_LINES-1:0] vmap_q [0:WARPS-1];
  wire [SB_LINES-1:0] wmap = vmap_q[ww_q];
  reg  [SB_W-1:0]     first_c, after_c;
  always @* begin
    first_c = {SB_W{1'b0}};
    after_c = {SB_W{1'b0}};
    for (k = SB_LINES - 1; k >= 0; k = k - 1) begin
      if (wmap[k]) first_c = k[SB_W-1:0];
`ifdef WW_MUTANT_DET_SBUF_WALK_SKIPS_NEXT
      if (wmap[k] && {1'b0, k[SB_W-1:0]} > {1'b0, slot_q} + {{SB_W{1'b0}}, 1'b1}) after_c = k[SB_W-1:0];   // MUTANT: skips the next slot
`else
      if (wmap[k] && k[SB_W-1:0] > slot_q) after_c = k[SB_W-1:0];
`endif
    end
  end
  reg  [IDX_W-1:0] t_raddr;
  wire [ENT_W-1:0] ent;
  reg              t_we;
  reg  [IDX_W-1:0] t_waddr;
  reg  [ENT_W-1:0] t_wdata;
  ww_sram_1r1w #(.WIDTH(ENT_W), .DEPTH(DEPTH), .ADDR_W(IDX_W)) u_table (
    .clk_i  (clk_i),
    .raddr_i(t_raddr),
    .rdata_o(ent),
    .we_i   (t_we),
    .waddr_i(t_waddr),
    .wdata_i(t_wdata)
  );
  wire ent_hit  = ent[E_V] && (ent[E_LINE +: LINE_W] == line_q);
  wire ent_free = !ent[E_V];
  wire last_probe = probes_q == SB_LINES[SB_W:0] - {{SB_W{1'b0}}, 1'b1};

  // the store's bytes merged into the entry found
  reg [ENT_W-1:0] merged;
  always @* begin
    merged = {ENT_W{1'b0}};
    merged[E_V] = 1'b1;
    merged[E_LINE +: LINE_W] = line_q;
    for (k = 0; k < LB; k = k + 1) begin
      merged[E_BE + k] = be_q[k] || (ent_hit && ent[E_BE + k]);
`ifdef WW_MUTANT_DET_SBUF_OLD_BYTES_WIN
      merged[8*k +: 8] = (ent_hit && ent[E_BE + k]) ? ent[8*k +: 8] : bdata_q[8*k +: 8];
`else
      merged[8*k +: 8] = be_q[k] ? bdata_q[8*k +: 8] : ent_hit ? ent[8*k +: 8] : 8'd0;
`endif
    end
  end

  // the walk: the next warp with entries, from ww_q + 1
  wire [WID_W-1:0] ww_next = ww_q + {{(WID_W-1){1'b0}}, 1'b1};

  // a commit request leaves this cycle
  wire pkt_go = pkt_valid_o && pkt_ready_i;
  always @* begin
    t_raddr = {wid_q, home};
    t_we    = 1'b0;
    t_waddr = {wid_q, slot_q};
    t_wdata = merged;
    case (st_q)
      S_INIT: begin
        t_we    = 1'b1;
        t_waddr = sweep_q;
        t_wdata = {ENT_W{1'b0}};
      end
      S_PROBE: begin
        t_raddr = {wid_q, next_slot};
        t_we    = store_q && (ent_hit || ent_free);
      end
      S_WALK: t_raddr = {ww_q, first_c};
      S_WENT: begin
        t_raddr = {ww_q, (!ent[E_V] || pkt_go) ? after_c : slot_q};
        t_waddr = {ww_q, slot_q};
        t_wdata = {ENT_W{1'b0}};
        t_we    = ent[E_V] && pkt_go;
      end
      default: ;
    endcase
  end

  // ---- outputs ----
  assign acc_ready_o    = (st_q == S_IDLE) && !cmt_start_i;
  assign acc_done_o     = (st_q == S_DONE);
  assign acc_word_o     = word_q;
  assign l1_req_valid_o = (st_q == S_LREQ);
  assign l1_req_line_o  = line_q;
`ifdef WW_MUTANT_DET_SBUF_LOCKED_OVERLAPS
  assign pkt_valid_o    = (st_q == S_WENT) && ent[E_V];
`else
  assign pkt_valid_o    = (st_q == S_WENT) && ent[E_V] && (!locked_i || out_q == {OUT_W{1'b0}});
`endif
  assign pkt_wid_o      = ww_q;
  assign pkt_line_o     = ent[E_LINE +: LINE_W];
  assign pkt_be_o       = ent[E_BE +: LB];
  assign pkt_data_o     = ent[LB*8-1:0];
  generate
    if (NUM_PART == 1) begin : g_p1
      assign pkt_part_o = {PART_W{1'b0}};
    end else if ((NUM_PART & (NUM_PART - 1)) == 0) begin : g_p2
      assign pkt_part_o = ent[E_LINE +: PART_W];
    end else begin : g_pn
      wire [LINE_W-1:0] rem = ent[E_LINE +: LINE_W] % NUM_PART;
      wire              unused_rem = ^rem[LINE_W-1:PART_W];
      assign pkt_part_o = rem[PART_W-1:0];
    end
  endgenerate
  assign cmt_busy_o = (st_q == S_WALK) || (st_q == S_WENT) || (st_q == S_WACK);
  assign idle_o     = (st_q == S_IDLE) && (out_q == {OUT_W{1'b0}});
  for (g = 0; g < WARPS; g = g + 1) begin : g_room
    localparam [U_W:0] LIM = SB_LINES - LANES;
    assign room_o[g] = {1'b0, used_q[g]} <= LIM;
  end

  // the load's merged line and each lane's word in it
  wire [LB*8-1:0] lmerged;
  for (g = 0; g < LB; g = g + 1) begin : g_lm
    assign lmerged[8*g +: 8] = be_q[g] ? bdata_q[8*g +: 8] : l1_rsp_data_i[8*g +: 8];
  end
  localparam WORDS = LINE_BYTES / 4;
  reg [LANES*32-1:0] lwords;
  integer k2;
  always @* begin
    lwords = {LANES*32{1'b0}};
    for (k = 0; k < LANES; k = k + 1)
      for (k2 = 0; k2 < WORDS; k2 = k2 + 1)
        if (WORDS == 1 || addr_q[32*k+2 +: WRD_W] == k2[WRD_W-1:0])
          lwords[32*k +: 32] = lmerged[32*k2 +: 32];
  end
  wire unused_bits = ^{low_addr[OFF_W-1:0], addr_q, qry_addr_i};

  wire pkt_fire = pkt_go;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q     <= S_INIT;
      sweep_q  <= {IDX_W{1'b0}};
      out_q    <= {OUT_W{1'b0}};
      pend_q   <= {LANES{1'b0}};
      for (k = 0; k < WARPS; k = k + 1) begin
        used_q[k] <= {U_W{1'b0}};
        vmap_q[k] <= {SB_LINES{1'b0}};
      end
    end else begin
      if (st_q == S_PROBE && store_q && ent_free)
        vmap_q[wid_q][slot_q] <= 1'b1;
      if (st_q == S_WENT && ent[E_V] && pkt_go)
        vmap_q[ww_q][slot_q] <= 1'b0;
      out_q <= out_q + {{(OUT_W-1){1'b0}}, pkt_fire} - {{(OUT_W-1){1'b0}}, ack_i};
      case (st_q)
        S_INIT: begin
          sweep_q <= sweep_q + {{(IDX_W-1){1'b0}}, 1'b1};
          if (sweep_q == DEPTH[IDX_W-1:0] - {{(IDX_W-1){1'b0}}, 1'b1}) begin
            st_q <= S_IDLE;
          end
        end
        S_IDLE: begin
          if (cmt_start_i) begin
            ww_q   <= {WID_W{1'b0}};
            slot_q <= {SB_W{1'b0}};
            left_q <= used_q[0];
            st_q   <= S_WALK;
          end else if (acc_valid_i) begin
            store_q <= (acc_op_i == `WW_TXL_STORE);
            wid_q   <= acc_wid_i;
            pend_q  <= acc_mask_i;
            addr_q  <= acc_addr_i;
            data_q  <= acc_data_i;
            bytes_q <= acc_bytes_i;
            word_q  <= {(LANES*32){1'b0}};
            st_q    <= (acc_mask_i == {LANES{1'b0}}) ? S_DONE : S_LINE;
          end
        end
        S_LINE: begin
          line_q   <= cur_line;
          lanes_q  <= cur_lanes;
          slot_q   <= home;
          probes_q <= {(SB_W+1){1'b0}};
          be_q     <= store_q ? st_be : {LB{1'b0}};
          bdata_q  <= st_data;
`ifdef WW_MUTANT_DET_SBUF_LOAD_SKIPS_BUFFER
          st_q     <= store_q ? S_PROBE : S_LREQ;
`else
          st_q     <= S_PROBE;
`endif
        end
        S_PROBE: begin
          if (ent_hit || ent_free || last_probe) begin
            if (store_q) begin
              if (ent_free) begin
                used_q[wid_q] <= used_q[wid_q] + {{(U_W-1){1'b0}}, 1'b1};
              end
              pend_q <= pend_q & ~lanes_q;
              st_q   <= ((pend_q & ~lanes_q) == {LANES{1'b0}}) ? S_DONE : S_LINE;
            end else begin
              be_q    <= ent_hit ? ent[E_BE +: LB] : {LB{1'b0}};
              bdata_q <= ent[LB*8-1:0];
              st_q    <= S_LREQ;
            end
          end else begin
            slot_q   <= next_slot;
            probes_q <= probes_q + {{SB_W{1'b0}}, 1'b1};
          end
        end
        S_LREQ: begin
          if (l1_req_ready_i) begin
            st_q <= S_LRSP;
          end
        end
        S_LRSP: begin
          if (l1_rsp_valid_i) begin
            for (k = 0; k < LANES; k = k + 1)
              if (lanes_q[k]) word_q[32*k +: 32] <= lwords[32*k +: 32];
            pend_q <= pend_q & ~lanes_q;
            st_q   <= ((pend_q & ~lanes_q) == {LANES{1'b0}}) ? S_DONE : S_LINE;
          end
        end
        S_DONE: st_q <= S_IDLE;
        S_WALK: begin
          // the walk's warp has no entry left: the next warp, or the end
          if (left_q == {U_W{1'b0}}) begin
            slot_q <= {SB_W{1'b0}};
            if (walk_last_warp) begin
              for (k = 0; k < WARPS; k = k + 1)
                used_q[k] <= {U_W{1'b0}};
              st_q <= S_WACK;
            end else begin
              ww_q   <= ww_next;
              left_q <= used_q[ww_next];
            end
          end else begin
            slot_q <= first_c;
            st_q   <= S_WENT;
          end
        end
        S_WENT: begin
          if (!ent[E_V] || pkt_go) begin
            slot_q <= after_c;
`ifdef WW_MUTANT_DET_SBUF_WALK_STOPS_EARLY
            left_q <= ent[E_V] ? {U_W{1'b0}} : left_q;
`else
            left_q <= ent[E_V] ? left_q - {{(U_W-1){1'b0}}, 1'b1} : left_q;
`endif
            st_q   <= (ent[E_V] && left_q == {{(U_W-1){1'b0}}, 1'b1}) ? S_WALK : S_WENT;
          end
        end
        S_WACK: begin
          if (out_q == {OUT_W{1'b0}}) begin
            st_q <= S_IDLE;
          end
        end
        default: st_q <= S_IDLE;
      endcase
    end
  end

  `WW_ASSERT(StoreFindsItsEntry, !(st_q == S_PROBE && store_q && last_probe && !ent_hit && !ent_free))

endmodule  // ww_det_sbuf
`default_nettype wire
