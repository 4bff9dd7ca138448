// SPDX-License-Identifier: Apache-2.0
//
// ww_bloom_filter -- parallel Bloom filter (Sanchez et al., as used by
// GPUDet, ASPLOS 2013, sec. 5 for its store buffer and by KILO TM, MICRO
// 2011, sec. 4.4 for the TM read-own-write filter): K sub-arrays of BITS/K
// bits, each indexed by its own H3 hash of the key. A key is a member when
// its bit is set in every sub-array, so a key once inserted always hits
// until the next clear.
// Banks (BANKS > 1): every sub-array is BANKS slices; a key's bank (its own
// input, not hashed) picks the slice and the hash the bit in it -- BANKS
// independent filters of BITS/BANKS bits (GPUDet's per-warp filters, the
// bank a warp), sharing the hash units.
//
// Interface: insert (ins_valid_i, ins_bank_i, ins_key_i) and clear
// (clear_i) act at the clock edge; with both, the filter ends holding only
// the inserted key. The queries are combinational: QRY_N keys at once in one
// bank (qry_bank_i; qry_key_i, key q at [q*KEY_W +: KEY_W]; GPUDet asks for
// every lane of a warp's load), qry_hit_o[q] answers for key q against the
// contents before this cycle's insert or clear. The bank inputs are unused
// when BANKS = 1. Reset empties the filter.
// Parameters: BITS/K/BANKS a power of two >= 2; BANKS a power of two;
// 1 <= KEY_W <= 64; QRY_N >= 1 (QRY_N * KEY_W <= 64 for the C model's cycle
// step, which packs the keys into one port word; the store buffers' C model
// queries it per key).

`default_nettype none
`include "ww_config.vh"
module ww_bloom_filter #(
  parameter BITS  = `WW_BLOOM_BITS,
  parameter K     = `WW_BLOOM_K,
  parameter KEY_W = `WW_BLOOM_KEY_W,
  parameter SEED  = `WW_H3_SEED,
  parameter QRY_N = `WW_BLOOM_QRY_N,
  parameter BANKS = `WW_BLOOM_BANKS,
  parameter BANK_W = (BANKS > 1) ? $clog2(BANKS) : 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // control
  input  wire             clear_i,
  // insert port
  input  wire              ins_valid_i,
  input  wire [BANK_W-1:0] ins_bank_i,
  input  wire [KEY_W-1:0]  ins_key_i,
  // query ports
  input  wire [BANK_W-1:0]      qry_bank_i,
  input  wire [QRY_N*KEY_W-1:0] qry_key_i,
  output wire [QRY_N-1:0]       qry_hit_o
);

  localparam SUB_BITS = BITS / K;
  localparam SLICE    = SUB_BITS / BANKS;     // one bank's bits of a sub-array
  localparam IDX_W    = $clog2(SLICE);

  // sub_hit[q*K + k]: key q's bit in sub-array k
  wire [QRY_N*K-1:0] sub_hit;

  genvar k, q;
  for (k = 0; k < K; k = k + 1) begin : g_sub
    wire [IDX_W-1:0]    ins_idx;
    reg  [SUB_BITS-1:0] bits_q;
    // the queried bank's slice, shared by the queries; the insert's bit
    wire [SLICE-1:0]    qslice;
    wire [$clog2(SUB_BITS)-1:0] ins_pos;
    if (BANKS > 1) begin : g_bank
      assign qslice  = bits_q[qry_bank_i * SLICE +: SLICE];
      assign ins_pos = {ins_bank_i, ins_idx};
    end else begin : g_one
      wire unused_banks = ^{ins_bank_i, qry_bank_i};
      assign qslice  = bits_q;
      assign ins_pos = ins_idx;
    end

    ww_h3_hash #(
      .KEY_W (KEY_W),
      .OUT_W (IDX_W),
      .SEED  (SEED + k)
    ) u_ins_hash (
      .key_i  (ins_key_i),
      .hash_o (ins_idx)
    );

    for (q = 0; q < QRY_N; q = q + 1) begin : g_qry
`ifdef WW_MUTANT_BLOOM_QRY_SKIPS_LAST
      // MUTANT: the last query of several hashes the first one's key
      localparam QK = (QRY_N > 1 && q == QRY_N - 1) ? 0 : q;
`else
      localparam QK = q;
`endif
      wire [IDX_W-1:0] qry_idx;
      ww_h3_hash #(
        .KEY_W (KEY_W),
        .OUT_W (IDX_W),
        .SEED  (SEED + k)
      ) u_qry_hash (
        .key_i  (qry_key_i[QK*KEY_W +: KEY_W]),
        .hash_o (qry_idx)
      );
      assign sub_hit[q*K + k] = qslice[qry_idx];
    end

    // clear, then the insert (with both, only the inserted key is left);
    // no combinational copy of the array (cheaper to simulate)
    always @(posedge clk_i) begin
      if (!rst_ni) begin
        bits_q <= {SUB_BITS{1'b0}};
      end else begin
        if (clear_i) begin
          bits_q <= {SUB_BITS{1'b0}};
        end
        if (ins_valid_i) begin
          bits_q[ins_pos] <= 1'b1;
        end
      end
    end

  end

  for (q = 0; q < QRY_N; q = q + 1) begin : g_hit
`ifdef WW_MUTANT_BLOOM_OR_HIT
    assign qry_hit_o[q] = |sub_hit[q*K +: K];  // MUTANT: any sub-array instead of all
`else
    assign qry_hit_o[q] = &sub_hit[q*K +: K];
`endif
  end

endmodule  // ww_bloom_filter
`default_nettype wire
