// SPDX-License-Identifier: Apache-2.0
//
// ww_bloom_filter -- parallel Bloom filter (Sanchez et al., as used by
// GPUDet, ASPLOS 2013, sec. 5 for its store buffer and by KILO TM, MICRO
// 2011, sec. 4.4 for the TM read-own-write filter): K sub-arrays of BITS/K
// bits, each indexed by its own H3 hash of the key. A key is a member when
// its bit is set in every sub-array, so a key once inserted always hits
// until the next clear.
//
// Interface: insert (ins_valid_i, ins_key_i) and clear (clear_i) act at the
// clock edge; with both, the filter ends holding only the inserted key.
// The queries are combinational: QRY_N keys at once (qry_key_i, key q at
// [q*KEY_W +: KEY_W]; GPUDet asks for every lane of a load), qry_hit_o[q]
// answers for key q against the contents before this cycle's insert or
// clear. Reset empties the filter.
// Parameters: BITS/K a power of two >= 2; 1 <= KEY_W <= 64; QRY_N >= 1
// (QRY_N * KEY_W <= 64 for the C model's cycle step, which packs the keys
// into one port word; the store buffers' C model queries it per key).

`default_nettype none
`include "ww_config.vh"
module ww_bloom_filter #(
  parameter BITS  = `WW_BLOOM_BITS,
  parameter K     = `WW_BLOOM_K,
  parameter KEY_W = `WW_BLOOM_KEY_W,
  parameter SEED  = `WW_H3_SEED,
  parameter QRY_N = `WW_BLOOM_QRY_N
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // control
  input  wire             clear_i,
  // insert port
  input  wire             ins_valid_i,
  input  wire [KEY_W-1:0] ins_key_i,
  // query ports
  input  wire [QRY_N*KEY_W-1:0] qry_key_i,
  output wire [QRY_N-1:0]       qry_hit_o
);

  localparam SUB_BITS = BITS / K;
  localparam IDX_W    = $clog2(SUB_BITS);

  // sub_hit[q*K + k]: key q's bit in sub-array k
  wire [QRY_N*K-1:0] sub_hit;

  genvar k, q;
  for (k = 0; k < K; k = k + 1) begin : g_sub
    wire [IDX_W-1:0]    ins_idx;
    reg  [SUB_BITS-1:0] bits_q;

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
      assign sub_hit[q*K + k] = bits_q[qry_idx];
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
          bits_q[ins_idx] <= 1'b1;
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
