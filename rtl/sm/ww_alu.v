// SPDX-License-Identifier: Apache-2.0
//
// ww_alu -- one lane's RV32I integer ALU (docs/isa.md), purely
// combinational: result_o and the branch compares follow a_i, b_i, op_i in
// the same cycle (the SM registers them in its execute stage).
//
// op_i = {funct7[5], funct3} of the instruction (immediates, lui and auipc
// are resolved by the caller: b_i is the immediate, lui = 0 + imm and
// auipc = pc + imm use ADD). funct3 selects the operation; op_i[3] only
// matters for funct3 0 (SUB instead of ADD) and 5 (SRA instead of SRL), and
// is ignored otherwise, so every code is defined:
//   4'b0000 ADD   a + b            4'b1000 SUB   a - b
//   4'bx001 SLL   a << b[4:0]      4'b0101 SRL   a >> b[4:0] (logical)
//   4'bx010 SLT   a <s b ? 1 : 0   4'b1101 SRA   a >>> b[4:0] (arithmetic)
//   4'bx011 SLTU  a <u b ? 1 : 0   4'bx110 OR    a | b
//   4'bx100 XOR   a ^ b            4'bx111 AND   a & b
// The decoder sets op_i[3] = 0 for I-type ALU ops except SRAI (whose
// instruction bit 30 is set), exactly as for the R-type funct7[5].
// Branch compares, always valid, independent of op_i:
//   eq_o = (a == b), lt_o = (a <s b), ltu_o = (a <u b);
//   beq/bne use eq_o, blt/bge lt_o, bltu/bgeu ltu_o (negated for the ge forms).
// clk_i is not used (the block has no state); it exists so the lockstep
// adapter, which drives clk_i on every top, can check ww_alu by itself.
// Parameters: none.

`default_nettype none
module ww_alu (
  input  wire        clk_i,       // unused, see above
  // operation
  input  wire [3:0]  op_i,
  input  wire [31:0] a_i,
  input  wire [31:0] b_i,
  // results
  output reg  [31:0] result_o,
  output wire        eq_o,
  output wire        lt_o,
  output wire        ltu_o
);

  localparam [2:0] F3_ADD  = 3'd0;
  localparam [2:0] F3_SLL  = 3'd1;
  localparam [2:0] F3_SLT  = 3'd2;
  localparam [2:0] F3_SLTU = 3'd3;
  localparam [2:0] F3_XOR  = 3'd4;
  localparam [2:0] F3_SRL  = 3'd5;
  localparam [2:0] F3_OR   = 3'd6;
  localparam [2:0] F3_AND  = 3'd7;

  wire unused_clk = clk_i;

  ////////////////////
  // Datapath       //
  ////////////////////

  wire [31:0] sum    = op_i[3] ? (a_i - b_i) : (a_i + b_i);
  wire        ltu    = (a_i < b_i);
  // signed compare from the unsigned one: differing signs decide by a's sign
  wire        lt     = (a_i[31] != b_i[31]) ? a_i[31] : ltu;
  wire [4:0]  shamt  = b_i[4:0];
`ifdef WW_MUTANT_ALU_SRA_LOGICAL
  wire        fill   = 1'b0;  // MUTANT: sra shifts in zeros
`else
  wire        fill   = op_i[3] & a_i[31];
`endif
  // right shift: logical shift, then the vacated top bits filled with `fill`
  wire [31:0] shr    = (a_i >> shamt) | ({32{fill}} & ~(32'hFFFFFFFF >> shamt));

  always @(*) begin
    case (op_i[2:0])
      F3_ADD:  result_o = sum;
      F3_SLL:  result_o = a_i << shamt;
      F3_SLT:  result_o = {31'd0, lt};
      F3_SLTU: result_o = {31'd0, ltu};
      F3_XOR:  result_o = a_i ^ b_i;
      F3_SRL:  result_o = shr;
      F3_OR:   result_o = a_i | b_i;
      F3_AND:  result_o = a_i & b_i;
      default: result_o = sum;
    endcase
  end

  assign eq_o  = (a_i == b_i);
  assign lt_o  = lt;
  assign ltu_o = ltu;

endmodule  // ww_alu
`default_nettype wire
