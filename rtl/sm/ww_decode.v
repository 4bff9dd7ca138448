// SPDX-License-Identifier: Apache-2.0
//
// ww_decode -- the SM's instruction decoder (docs/isa.md), purely
// combinational: every output follows insn_i in the same cycle.
//
// The whole instruction table comes from the generated rtl/include/ww_isa.vh
// (cmodel/tools/ww_gen_isa.c from cmodel/include/ww_isa.def): one comparator
// (insn & WW_MASK) == WW_MATCH per entry of the packed WW_ISA_MATCH/MASK
// vectors, so a new WW_INSN line reaches this decoder with `make gen` and no
// edit here (unless it brings a new format). The table's encodings are
// disjoint (scripts/check_isa.sh), so at most one comparator hits and the op
// index, format and class are ORed from the hitting entry.
//   op_o      ww_op_t: the entry's position in ww_isa.def; WW_OP_ILLEGAL
//             (= number of entries) and illegal_o = 1 when nothing matches
//   fmt_o     ww_fmt_t of the entry (WW_FMT_NONE when illegal)
//   cls_o     ww_cls_t of the entry (WW_CLS_SYS when illegal), and one
//             is_*_o flag per class (all 0 when illegal)
//   rd/rs1/rs2/rs3_o  the register fields the format uses, else 0 (x0), so
//             they can go straight to the scoreboard; uses_*_o say which
//             fields the format uses (independent of their value)
//   imm_o     sign-extended I/S/B/U/J immediate, shift amount (SHIFT), CSR
//             address (CSR, zero-extended); 0 for the other formats
// Exactly the fields of cmodel/isa/ww_isa.c's ww_decode().
// clk_i is not used (no state); it exists for the lockstep adapter.
// Parameters: OP_W >= WW_OP_W of ww_isa.vh (checked at elaboration).

`default_nettype none
module ww_decode #(
  parameter integer OP_W = 7                 // width of op_o (ww_op_t)
) (
  input  wire            clk_i,              // unused, see above
  input  wire [31:0]     insn_i,
  // what the instruction is
  output wire [OP_W-1:0] op_o,
  output wire            illegal_o,
  output wire [3:0]      fmt_o,
  output wire [3:0]      cls_o,
  output wire            is_alu_o,
  output wire            is_mul_o,
  output wire            is_div_o,
  output wire            is_branch_o,
  output wire            is_jump_o,
  output wire            is_load_o,
  output wire            is_store_o,
  output wire            is_atomic_o,
  output wire            is_fence_o,
  output wire            is_sys_o,
  output wire            is_csr_o,
  output wire            is_simt_o,
  output wire            is_tx_o,
  // operands
  output wire [4:0]      rd_o,
  output wire [4:0]      rs1_o,
  output wire [4:0]      rs2_o,
  output wire [4:0]      rs3_o,
  output wire            uses_rd_o,
  output wire            uses_rs1_o,
  output wire            uses_rs2_o,
  output wire            uses_rs3_o,
  output wire [31:0]     imm_o
);

  // Everything of ww_isa.vh is declared; this module reads the table vectors,
  // the format/class codes and WW_OP_ILLEGAL. The rest (per-name MATCH/MASK
  // pairs, WW_OP_<NAME>, CSR addresses) is for other users of the header.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam integer N = WW_NUM_INSN;

  wire unused_clk = clk_i;

  // OP_W must hold 0..WW_NUM_INSN: a missing module stops elaboration if not.
  if (OP_W < WW_OP_W) begin : g_op_w_too_small
    ww_decode_op_w_too_small_for_ww_isa_vh u_fail ();
  end

  ////////////////////
  // Table match    //
  ////////////////////

  wire [N-1:0]           hit;
  // entry i's op index, format and class where it hits, else 0, at [i*W +: W]
  wire [N*OP_W-1:0]      op_terms;
  wire [N*WW_FMT_W-1:0]  fmt_terms;
  wire [N*WW_CLS_W-1:0]  cls_terms;

  genvar i;
  for (i = 0; i < N; i = i + 1) begin : g_entry
    localparam [OP_W-1:0] IDX = i;
    assign hit[i] = ((insn_i & WW_ISA_MASK[i*32 +: 32]) == WW_ISA_MATCH[i*32 +: 32]);
    assign op_terms[i*OP_W +: OP_W]          = {OP_W{hit[i]}} & IDX;
    assign fmt_terms[i*WW_FMT_W +: WW_FMT_W] = {WW_FMT_W{hit[i]}} &
                                               WW_ISA_FMT[i*WW_FMT_W +: WW_FMT_W];
    assign cls_terms[i*WW_CLS_W +: WW_CLS_W] = {WW_CLS_W{hit[i]}} &
                                               WW_ISA_CLS[i*WW_CLS_W +: WW_CLS_W];
  end

  reg [OP_W-1:0]     op_or;
  reg [WW_FMT_W-1:0] fmt_or;
  reg [WW_CLS_W-1:0] cls_or;
  integer k;
  always @(*) begin
    op_or  = {OP_W{1'b0}};
    fmt_or = {WW_FMT_W{1'b0}};
    cls_or = {WW_CLS_W{1'b0}};
    for (k = 0; k < N; k = k + 1) begin
      op_or  = op_or  | op_terms[k*OP_W +: OP_W];
      fmt_or = fmt_or | fmt_terms[k*WW_FMT_W +: WW_FMT_W];
      cls_or = cls_or | cls_terms[k*WW_CLS_W +: WW_CLS_W];
    end
  end

  wire            legal = |hit;
  wire [3:0]      fmt   = legal ? fmt_or : WW_FMT_NONE;
  wire [3:0]      cls   = legal ? cls_or : WW_CLS_SYS;
  localparam [OP_W-1:0] OP_ILLEGAL = WW_OP_ILLEGAL;

  assign op_o      = legal ? op_or : OP_ILLEGAL;
  assign illegal_o = ~legal;
  assign fmt_o     = fmt;
  assign cls_o     = cls;

  assign is_alu_o    = legal & (cls == WW_CLS_ALU);
  assign is_mul_o    = legal & (cls == WW_CLS_MUL);
  assign is_div_o    = legal & (cls == WW_CLS_DIV);
  assign is_branch_o = legal & (cls == WW_CLS_BRANCH);
  assign is_jump_o   = legal & (cls == WW_CLS_JUMP);
  assign is_load_o   = legal & (cls == WW_CLS_LOAD);
  assign is_store_o  = legal & (cls == WW_CLS_STORE);
  assign is_atomic_o = legal & (cls == WW_CLS_ATOMIC);
  assign is_fence_o  = legal & (cls == WW_CLS_FENCE);
  assign is_sys_o    = legal & (cls == WW_CLS_SYS);
  assign is_csr_o    = legal & (cls == WW_CLS_CSR);
  assign is_simt_o   = legal & (cls == WW_CLS_SIMT);
  assign is_tx_o     = legal & (cls == WW_CLS_TX);

  ////////////////////
  // Operands       //
  ////////////////////

  // fmt is WW_FMT_NONE when illegal, so the format tests below need no gate.
  wire f_r     = (fmt == WW_FMT_R) | (fmt == WW_FMT_AMO);
  wire f_r4    = (fmt == WW_FMT_R4);
  wire f_i     = (fmt == WW_FMT_I) | (fmt == WW_FMT_LOAD);
  wire f_shift = (fmt == WW_FMT_SHIFT);
  wire f_s     = (fmt == WW_FMT_S);
  wire f_b     = (fmt == WW_FMT_B);
  wire f_u     = (fmt == WW_FMT_U);
  wire f_j     = (fmt == WW_FMT_J);
  wire f_csr   = (fmt == WW_FMT_CSR);
  wire f_rs1   = (fmt == WW_FMT_RS1);
  wire f_rd1   = (fmt == WW_FMT_RD_RS1);

  wire use_rd  = f_r | f_r4 | f_i | f_shift | f_u | f_j | f_csr | f_rd1;
  wire use_rs1 = f_r | f_r4 | f_i | f_shift | f_s | f_b | f_csr | f_rs1 | f_rd1;
  wire use_rs2 = f_r | f_r4 | f_s | f_b;

  assign uses_rd_o  = use_rd;
  assign uses_rs1_o = use_rs1;
  assign uses_rs2_o = use_rs2;
  assign uses_rs3_o = f_r4;
  assign rd_o  = use_rd  ? insn_i[11:7]  : 5'd0;
  assign rs1_o = use_rs1 ? insn_i[19:15] : 5'd0;
  assign rs2_o = use_rs2 ? insn_i[24:20] : 5'd0;
  assign rs3_o = f_r4    ? insn_i[31:27] : 5'd0;

  wire [31:0] imm_i = {{20{insn_i[31]}}, insn_i[31:20]};
  wire [31:0] imm_s = {{20{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
`ifdef WW_MUTANT_DECODE_BRANCH_IMM_BIT
  wire [31:0] imm_b = {{20{insn_i[31]}}, insn_i[31], insn_i[30:25], insn_i[11:8], 1'b0};
`else
  wire [31:0] imm_b = {{20{insn_i[31]}}, insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
`endif
  wire [31:0] imm_u = {insn_i[31:12], 12'd0};
  wire [31:0] imm_j = {{12{insn_i[31]}}, insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};

  assign imm_o = ({32{f_i}}     & imm_i)
               | ({32{f_s}}     & imm_s)
               | ({32{f_b}}     & imm_b)
               | ({32{f_u}}     & imm_u)
               | ({32{f_j}}     & imm_j)
               | ({32{f_shift}} & {27'd0, insn_i[24:20]})
               | ({32{f_csr}}   & {20'd0, insn_i[31:20]});

endmodule
`default_nettype wire
