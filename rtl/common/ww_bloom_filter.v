// SPDX-License-Identifier: Apache-2.0
//
// ww_bloom_filter -- parallel Bloom filter (Sanchez et al., as used by
// GPUDet, ASPLOS 2013, sec. 4.3 and 5 for its store buffer and by KILO TM, MICRO
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
// FPGA structure (docs/bloom_filter.md, "FPGA structure"): a sub-array is
// not a flop per bit read through a BITS/K:1 multiplexer per query but
// distributed RAM of 16 words of SUB_BITS/16 bits (ww_lutram, asynchronous
// read, written at the edge; on ECP5 TRELLIS_DPR16X4), a bit's word picked
// by the low 4 bits of its position {hash, bank} and its bit in the word by
// the rest. LUT RAM has one read port, so each sub-array keeps QRY_N + 1
// identical copies: one per query, one for the insert to read the word it
// sets a bit in. The one-cycle clear is a valid flag per word (16 flops per
// sub-array): clear drops them all, a query's bit counts only when its
// word's flag is set, and an insert writes back the old word (zeros if its
// flag is clear or clear_i is high) with its bit set and raises the flag.
// Sub-arrays of at most 16 bits are the flags alone.
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
  // where a bit of a sub-array is kept: position {hash, bank} (the bank in
  // the low bits), its word the low WA_W bits, its bit in the word the rest;
  // POS_W <= 4: no RAM, the flags alone
  localparam POS_W    = $clog2(SUB_BITS);
  localparam WA_W     = (POS_W > 4) ? 4 : POS_W;
  localparam WORDS    = 1 << WA_W;
  localparam BS_W     = (POS_W > 4) ? POS_W - 4 : 1;
  localparam WORD_W   = 1 << BS_W;
  // the bank's bits in the word address (LB_W): the flags of the queried
  // bank are picked once for all the queries
  localparam LB_W     = (BANKS == 1) ? 0 : (BANK_W < WA_W) ? BANK_W : WA_W;
  localparam VB       = 1 << (WA_W - LB_W);   // words of a bank (of its flags)
  localparam [WA_W-1:0] LB_MASK = (1 << LB_W) - 1;

  // sub_hit[q*K + k]: key q's bit in sub-array k
  wire [QRY_N*K-1:0] sub_hit;

  // the queried bank's low LB_W bits, as a word address
  wire [BANK_W+WA_W-1:0] qbank_ext = {{WA_W{1'b0}}, qry_bank_i};
  wire [WA_W-1:0]        qbank_lo  = qbank_ext[WA_W-1:0] & LB_MASK;
  wire                   unused_qbank = ^qbank_ext;   // the bits above WA_W

  genvar k, q, j;
  for (k = 0; k < K; k = k + 1) begin : g_sub
    wire [IDX_W-1:0] ins_idx;
    wire [POS_W-1:0] ins_pos;
    // qry_pos[q*POS_W +: POS_W]: key q's bit in the queried bank
    wire [QRY_N*POS_W-1:0] qry_pos;
    reg  [WORDS-1:0] vld_q;                   // a flag per word: holds bits since the clear
    // vld_b[i]: the flag of the queried bank's word i (i < VB; 0 above)
    wire [WORDS-1:0] vld_b;

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
      if (BANKS > 1) begin : g_bank
        assign qry_pos[q*POS_W +: POS_W] = {qry_idx, qry_bank_i};
      end else begin : g_one
        assign qry_pos[q*POS_W +: POS_W] = qry_idx;
      end
    end

    if (BANKS > 1) begin : g_bank
      assign ins_pos = {ins_idx, ins_bank_i};
    end else begin : g_one
      wire unused_banks = ^ins_bank_i;
      assign ins_pos = ins_idx;
    end

    wire [WA_W-1:0] ins_wa = ins_pos[WA_W-1:0];

    // clear, then the insert (with both, only the inserted key is left)
    wire [WORDS-1:0] vld_set;                 // the insert's word
    always @(posedge clk_i) begin
      if (!rst_ni) begin
        vld_q <= {WORDS{1'b0}};
      end else begin
        vld_q <= (clear_i ? {WORDS{1'b0}} : vld_q) | vld_set;
      end
    end

    for (j = 0; j < WORDS; j = j + 1) begin : g_vb
      assign vld_set[j] = ins_valid_i && (ins_wa == j[WA_W-1:0]);
      if (j < VB) begin : g_word
        localparam [WA_W-1:0] JW = j << LB_W;
        assign vld_b[j] = vld_q[JW | qbank_lo];
      end else begin : g_none
        assign vld_b[j] = 1'b0;
      end
    end

    if (POS_W > 4) begin : g_ram
      // read ports 0 .. QRY_N-1: the queries; port QRY_N: the insert's word
      wire [(QRY_N+1)*WA_W-1:0]   raddr;
      wire [(QRY_N+1)*WORD_W-1:0] rdata;
      wire [BS_W-1:0]   ins_bs = ins_pos[POS_W-1:WA_W];
      // the insert's word: its old bits unless cleared (flag low, or clear_i)
      wire              keep   = vld_q[ins_wa] && !clear_i;
      wire [WORD_W-1:0] old    = rdata[QRY_N*WORD_W +: WORD_W];
      wire [WORD_W-1:0] wdata;
      for (j = 0; j < WORD_W; j = j + 1) begin : g_wd
        assign wdata[j] = (keep && old[j]) || (ins_bs == j[BS_W-1:0]);
      end
      assign raddr[QRY_N*WA_W +: WA_W] = ins_wa;

      ww_lutram #(
        .WIDTH (WORD_W),
        .DEPTH (WORDS),
        .NR    (QRY_N + 1)
      ) u_ram (
        .clk_i   (clk_i),
        .we_i    (ins_valid_i && rst_ni),
        .waddr_i (ins_wa),
        .wdata_i (wdata),
        .raddr_i (raddr),
        .rdata_o (rdata)
      );

      for (q = 0; q < QRY_N; q = q + 1) begin : g_rd
        wire [WA_W-1:0]   wa   = qry_pos[q*POS_W +: WA_W];
        wire [BS_W-1:0]   bs   = qry_pos[q*POS_W + WA_W +: BS_W];
        wire [WORD_W-1:0] word = rdata[q*WORD_W +: WORD_W];
        assign raddr[q*WA_W +: WA_W] = wa;
        assign sub_hit[q*K + k] = vld_b[wa >> LB_W] & word[bs];
      end
    end else begin : g_flags
      // a sub-array of at most 16 bits: a word per bit, its flag the bit
      for (q = 0; q < QRY_N; q = q + 1) begin : g_rd
        wire [WA_W-1:0] wa = qry_pos[q*POS_W +: WA_W];
        assign sub_hit[q*K + k] = vld_b[wa >> LB_W];
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
