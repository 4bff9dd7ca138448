// SPDX-License-Identifier: Apache-2.0
//
// ww_scord_locktab -- ScoRD lock tables of one SM (docs/scord.md §1 "Lock
// inference", §2, §3; ScoRD §IV-A, §IV-C). Per warp, ENTRIES entries
// {hash h (HASH_W), scope (1 = block), valid, active} used as a circular
// queue with a write pointer.
//
// Hash of a lane's lock word (op_addr_i is its byte address):
//   fold(a)  = XOR over c of a[c*HASH_W +: HASH_W], a = op_addr_i[31:2]
//              (30 bits; the last chunk is zero-padded), i.e. bit j of the
//              fold is the XOR of the word-address bits a[i] with
//              i mod HASH_W == j. HASH_W = 6: a[5:0]^a[11:6]^...^a[29:24].
//   h        = fold(a) ^ (op_scope_blk_i ? (op_ctaid_i + 1)[HASH_W-1:0] : 0)
//              so two blocks locking one word with block scope hold different
//              locks (docs/scord.md §1 [A]).
// Operations, one per cycle (op_valid_i, op_i = WW_SCORD_LOCK_OP_* of
// ww_proto.vh), on warp op_wid_i's table:
//   CAS          (ww.cas.blk/.dev lane) unless a valid entry with the same
//                (h, scope) exists: the lowest free (invalid) entry, or if
//                none is free entry[wp] (round robin over a full table,
//                wp := wp + 1 mod ENTRIES), := {h, scope, valid 1, active 0}.
//                A held lock is evicted only when ENTRIES are held (as the
//                authors' simulator: docs/scord.md §1).
//   EXCH         (ww.amoexch.blk/.dev lane) valid := 0 on the valid entry
//                with the same (h, scope), if any.
//   FENCE_BLK    (ww.fence.blk completed) active := 1 on every valid
//                block-scope entry ("matching or lesser scope").
//   FENCE_DEV    (ww.fence.dev / fence completed) active := 1 on every valid
//                entry.
//   op_addr_i, op_ctaid_i and op_scope_blk_i matter only for CAS and EXCH.
//   clear_valid_i (warp launch) empties warp clear_wid_i's table (valid and
//   active := 0, wp := 0); it overrides an op on the same warp in that cycle.
// Read (combinational, state before this cycle's op and clear):
//   rd_bloom_o = OR over warp rd_wid_i's entries with valid && active of
//     bloom(h) = onehot(hi) << HALF | onehot(lo),   HALF = BLOOM_W/2,
//     lo = fold_K(h[HLO-1:0]), hi = fold_K(h[HASH_W-1:HLO]),
//     HLO = HASH_W - HASH_W/2, K = log2(HALF), fold_K = XOR of K-bit chunks
//     (zero-padded). Defaults (HASH_W 6, BLOOM_W 16): lo = h[2:0],
//     hi = h[5:3], bloom(h) = onehot(h[5:3]) << 8 | onehot(h[2:0]): each lock
//     sets exactly one bit in each half.
// Indices >= WARPS (not a power of two) are ignored and read as 0.
// Reset empties every table. The hash and scope fields are not reset: they
// are read only where valid is 1, and valid is set only by a CAS that writes
// them.
// Parameters: WARPS >= 1, ENTRIES >= 1, 2 <= HASH_W <= 30, BLOOM_W = 2*HALF
// with HALF a power of two, 4 <= BLOOM_W <= 64.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_scord_locktab #(
  parameter WARPS   = `WW_WARPS_PER_SM,
  parameter ENTRIES = `WW_SCORD_LOCK_ENTRIES,
  parameter HASH_W  = `WW_SCORD_LOCK_HASH_W,
  parameter BLOOM_W = `WW_SCORD_BLOOM_W
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  // warp launch: empty the warp's table
  input  wire               clear_valid_i,
  input  wire [WID_W-1:0]   clear_wid_i,
  // one lock-table operation per cycle
  input  wire               op_valid_i,
  input  wire [`WW_SCORD_LOCK_OP_W-1:0] op_i,
  input  wire [WID_W-1:0]   op_wid_i,
  input  wire [31:0]        op_addr_i,
  input  wire [31:0]        op_ctaid_i,
  input  wire               op_scope_blk_i,
  // lock Bloom of a warp
  input  wire [WID_W-1:0]   rd_wid_i,
  output wire [BLOOM_W-1:0] rd_bloom_o
);

  localparam WID_W = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam PTR_W = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;
  localparam HALF  = BLOOM_W / 2;
  localparam K     = $clog2(HALF);
  localparam HLO   = HASH_W - HASH_W / 2;
  localparam HHI   = HASH_W / 2;
  localparam E     = WARPS * ENTRIES;
  localparam [PTR_W-1:0] PTR_ONE = 1;


`ifndef SYNTHESIS
  initial begin
    if (HASH_W < 2 || HASH_W > 30 || BLOOM_W < 4 || BLOOM_W > 64 || (1 << K) != HALF ||
        2 * HALF != BLOOM_W) begin
      $display("ww_scord_locktab: illegal HASH_W=%0d BLOOM_W=%0d", HASH_W, BLOOM_W);
      $fatal(1);
    end
  end
`endif

  ////////////////////
  // Hash           //
  ////////////////////

  localparam [HASH_W-1:0] H_ONE = 1;
  wire [29:0]       word = op_addr_i[31:2];
  // (ctaid + 1)[HASH_W-1:0] depends only on ctaid[HASH_W-1:0]
  wire [HASH_W-1:0] cta1 = op_ctaid_i[HASH_W-1:0] + H_ONE;
  wire unused_op_bits = ^{op_addr_i[1:0], op_ctaid_i[31:HASH_W]};  // byte offset; see cta1
  reg  [HASH_W-1:0] fold_a;
  integer i;
  always @(*) begin
    fold_a = {HASH_W{1'b0}};
    for (i = 0; i < 30; i = i + 1) begin
      fold_a[i % HASH_W] = fold_a[i % HASH_W] ^ word[i];
    end
  end
  wire [HASH_W-1:0] op_h = fold_a ^ (op_scope_blk_i ? cta1 : {HASH_W{1'b0}});

  // bloom(h): one bit in each half
  function [BLOOM_W-1:0] bloom_of;
    input [HASH_W-1:0] h;
    reg   [K-1:0] lo, hi;
    integer j;
    begin
      lo = {K{1'b0}};
      hi = {K{1'b0}};
      for (j = 0; j < HLO; j = j + 1) begin
        lo[j % K] = lo[j % K] ^ h[j];
      end
      for (j = 0; j < HHI; j = j + 1) begin
        hi[j % K] = hi[j % K] ^ h[HLO + j];
      end
      bloom_of = {BLOOM_W{1'b0}};
      for (j = 0; j < HALF; j = j + 1) begin
        bloom_of[j]        = (lo == j[K-1:0]);
        bloom_of[HALF + j] = (hi == j[K-1:0]);
      end
    end
  endfunction

  ////////////////////
  // State          //
  ////////////////////

  // entry e of warp w at index w*ENTRIES + e
  reg [E-1:0]        valid_q, valid_d;
  reg [E-1:0]        active_q, active_d;
  reg [E-1:0]        scope_q, scope_d;
  reg [E*HASH_W-1:0] hash_q, hash_d;
  reg [WARPS*PTR_W-1:0] wp_q, wp_d;

  reg [ENTRIES-1:0] match, freev;
  reg [PTR_W-1:0]   wp, wp_nx, slot;
  reg               full;
  integer w, e, x;
  always @(*) begin
    e = 0;   // loop variable, set on every path (else Yosys infers a latch)
    valid_d  = valid_q;
    active_d = active_q;
    scope_d  = scope_q;
    hash_d   = hash_q;
    wp_d     = wp_q;
    match    = {ENTRIES{1'b0}};
    freev    = {ENTRIES{1'b0}};
    slot     = {PTR_W{1'b0}};
    full     = 1'b1;
    wp       = {PTR_W{1'b0}};
    wp_nx    = {PTR_W{1'b0}};
    x        = 0;
    for (w = 0; w < WARPS; w = w + 1) begin
      if (op_valid_i && op_wid_i == w[WID_W-1:0]) begin
        wp    = wp_q[w*PTR_W +: PTR_W];
        wp_nx = ({{(32-PTR_W){1'b0}}, wp} == ENTRIES - 1) ? {PTR_W{1'b0}} : wp + PTR_ONE;
        for (e = 0; e < ENTRIES; e = e + 1) begin
          x = w * ENTRIES + e;
          match[e] = valid_q[x] && scope_q[x] == op_scope_blk_i &&
                     hash_q[x*HASH_W +: HASH_W] == op_h;
          freev[e] = !valid_q[x];
        end
        // the slot a CAS takes: the lowest free entry, else the round-robin one
        slot = wp;
        full = (freev == {ENTRIES{1'b0}});
        for (e = ENTRIES - 1; e >= 0; e = e - 1)
          if (freev[e]) slot = e[PTR_W-1:0];
        for (e = 0; e < ENTRIES; e = e + 1) begin
          x = w * ENTRIES + e;
          case (op_i)
            `WW_SCORD_LOCK_OP_CAS: begin
`ifdef WW_MUTANT_SCORD_LOCK_NO_DEDUP
              if (slot == e[PTR_W-1:0]) begin
`else
              if (match == {ENTRIES{1'b0}} && slot == e[PTR_W-1:0]) begin
`endif
                valid_d[x]                  = 1'b1;
                active_d[x]                 = 1'b0;
                scope_d[x]                  = op_scope_blk_i;
                hash_d[x*HASH_W +: HASH_W]  = op_h;
                if (full)
                  wp_d[w*PTR_W +: PTR_W]    = wp_nx;
              end
            end
            `WW_SCORD_LOCK_OP_EXCH: begin
              if (match[e]) begin
                valid_d[x] = 1'b0;
              end
            end
            `WW_SCORD_LOCK_OP_FENCE_BLK: begin
`ifdef WW_MUTANT_SCORD_FENCE_BLK_ACTIVATES_DEV
              active_d[x] = active_q[x] | valid_q[x];
`else
              active_d[x] = active_q[x] | (valid_q[x] & scope_q[x]);
`endif
            end
            `WW_SCORD_LOCK_OP_FENCE_DEV: begin
              active_d[x] = active_q[x] | valid_q[x];
            end
          endcase
        end
      end
      if (clear_valid_i && clear_wid_i == w[WID_W-1:0]) begin
        valid_d[w*ENTRIES +: ENTRIES]  = {ENTRIES{1'b0}};
        active_d[w*ENTRIES +: ENTRIES] = {ENTRIES{1'b0}};
        wp_d[w*PTR_W +: PTR_W]         = {PTR_W{1'b0}};
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= {E{1'b0}};
      active_q <= {E{1'b0}};
      wp_q     <= {WARPS*PTR_W{1'b0}};
    end else begin
      valid_q  <= valid_d;
      active_q <= active_d;
      wp_q     <= wp_d;
    end
  end

  // datapath fields: written only together with valid, not reset
  always @(posedge clk_i) begin
    scope_q <= scope_d;
    hash_q  <= hash_d;
  end

  ////////////////////
  // Bloom read     //
  ////////////////////

  reg [ENTRIES-1:0]        rd_live;
  reg [ENTRIES*HASH_W-1:0] rd_hash;
  reg [BLOOM_W-1:0]        rd_bloom;
  integer rw, re;
  always @(*) begin
    rd_live  = {ENTRIES{1'b0}};
    rd_hash  = {ENTRIES*HASH_W{1'b0}};
    rd_bloom = {BLOOM_W{1'b0}};
    for (rw = 0; rw < WARPS; rw = rw + 1) begin
      if (rd_wid_i == rw[WID_W-1:0]) begin
        rd_live = valid_q[rw*ENTRIES +: ENTRIES] & active_q[rw*ENTRIES +: ENTRIES];
        rd_hash = hash_q[rw*ENTRIES*HASH_W +: ENTRIES*HASH_W];
      end
    end
    for (re = 0; re < ENTRIES; re = re + 1) begin
      if (rd_live[re]) begin
        rd_bloom = rd_bloom | bloom_of(rd_hash[re*HASH_W +: HASH_W]);
      end
    end
  end

  assign rd_bloom_o = rd_bloom;

endmodule  // ww_scord_locktab
`default_nettype wire
