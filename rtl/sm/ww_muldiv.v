// SPDX-License-Identifier: Apache-2.0
//
// ww_muldiv -- the SM's warp-wide RV32M unit: LANES multipliers and LANES
// dividers working on one warp instruction's lanes in parallel.
//
// in_op_i is funct3 of the instruction:
//   0 MUL  1 MULH  2 MULHSU  3 MULHU  4 DIV  5 DIVU  6 REM  7 REMU
// with the RISC-V results, including division by zero (quotient all ones,
// remainder the dividend) and INT_MIN / -1 (quotient INT_MIN, remainder 0).
// Operand and result lane l are bits [32*l +: 32]; every lane is computed
// (the caller writes back only its active lanes, e.g. with a mask carried in
// the tag). in_tag_i is returned unchanged with the result.
//
// Interface: an instruction moves in when in_valid_i && in_ready_o, and its
// result out when out_valid_o && out_ready_i. in_ready_o depends on in_op_i:
//   multiply (op 0-3): 2-cycle pipeline, accepted whenever the pipeline
//     moves or has room; result offered in cycle t+2 for acceptance in t,
//     one instruction per cycle while out_ready_i is held high.
//   divide (op 4-7): one iterative divider per lane (restoring, one
//     quotient bit per cycle), one instruction at a time: accepted while
//     the divider is idle; result offered in cycle t+33. A multiply may be
//     accepted and completed while a division runs.
// Results may leave out of order (a division's before an older multiply's):
// a finished division has the output first, the multiply pipeline stalls.
// Multipliers: per lane, the 33x33 signed product of the sign- or
// zero-extended operands from four partial products of at most 18x18 bits
// (one MULT18X18D each on ECP5), registered, then summed in stage 2.
// Parameters: LANES >= 1, TAG_W >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_muldiv #(
  parameter LANES = `WW_LANES,
  parameter TAG_W = 8
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // requests
  input  wire                in_valid_i,
  output wire                in_ready_o,
  input  wire [2:0]          in_op_i,
  input  wire [LANES*32-1:0] in_a_i,
  input  wire [LANES*32-1:0] in_b_i,
  input  wire [TAG_W-1:0]    in_tag_i,
  // results
  output wire                out_valid_o,
  input  wire                out_ready_i,
  output wire [LANES*32-1:0] out_data_o,
  output wire [TAG_W-1:0]    out_tag_o
);

  localparam [2:0] OP_MUL    = 3'd0;
  localparam [2:0] OP_MULH   = 3'd1;
  localparam [2:0] OP_MULHSU = 3'd2;
  localparam [2:0] OP_DIV    = 3'd4;
  localparam [2:0] OP_REM    = 3'd6;

  ////////////////////
  // Handshakes     //
  ////////////////////

  reg              m1_valid_q, m2_valid_q;     // multiply stages 1 and 2
  reg              div_busy_q, div_done_q;

  wire m2_adv     = !m2_valid_q || (out_ready_i && !div_done_q);
  wire m1_adv     = !m1_valid_q || m2_adv;
  wire is_div     = in_op_i[2];
  wire div_idle   = !div_busy_q && !div_done_q;
  wire accept_mul = in_valid_i && !is_div && m1_adv;
  wire accept_div = in_valid_i && is_div && div_idle;
  wire div_last;

  assign in_ready_o  = is_div ? div_idle : m1_adv;
  assign out_valid_o = div_done_q || m2_valid_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      m1_valid_q <= 1'b0;
      m2_valid_q <= 1'b0;
      div_busy_q <= 1'b0;
      div_done_q <= 1'b0;
    end else begin
      if (m1_adv) begin
        m1_valid_q <= accept_mul;
      end
      if (m2_adv) begin
        m2_valid_q <= m1_valid_q;
      end
      if (accept_div) begin
        div_busy_q <= 1'b1;
      end else if (div_busy_q && div_last) begin
        div_busy_q <= 1'b0;
        div_done_q <= 1'b1;
      end else if (div_done_q && out_ready_i) begin
        div_done_q <= 1'b0;
      end
    end
  end

  ////////////////////
  // Shared state   //
  ////////////////////

  reg  [TAG_W-1:0] m1_tag_q, m2_tag_q, div_tag_q;
  reg              m1_hi_q;                    // result is the high word
  reg  [4:0]       div_cnt_q;                  // iteration 0..31
  reg              div_rem_q;                  // result is the remainder

  assign div_last = (div_cnt_q == 5'd31);

  always @(posedge clk_i) begin
    if (accept_mul) begin
      m1_tag_q <= in_tag_i;
      m1_hi_q  <= (in_op_i != OP_MUL);
    end
    if (m1_valid_q && m2_adv) begin
      m2_tag_q <= m1_tag_q;
    end
    if (accept_div) begin
      div_tag_q    <= in_tag_i;
      div_rem_q    <= in_op_i[1];
      div_cnt_q    <= 5'd0;
    end else if (div_busy_q) begin
      div_cnt_q    <= div_cnt_q + 5'd1;
    end
  end

  wire a_signed = (in_op_i == OP_MULH) || (in_op_i == OP_MULHSU);
  wire b_signed = (in_op_i == OP_MULH);
  wire d_signed = (in_op_i == OP_DIV) || (in_op_i == OP_REM);   // signed division

  ////////////////////
  // Lanes          //
  ////////////////////

  genvar l;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_lane
      wire [31:0] a = in_a_i[32*l +: 32];
      wire [31:0] b = in_b_i[32*l +: 32];

      // ---- multiplier: a33 * b33 = (ah*2^17 + al) * (bh*2^17 + bl),
      // al, bl unsigned 17 bits, ah, bh signed 16 bits
      wire [16:0] al = a[16:0];
      wire [16:0] bl = b[16:0];
      wire [15:0] ah = {a_signed & a[31], a[31:17]};
      wire [15:0] bh = {b_signed & b[31], b[31:17]};
      wire [33:0] p_ll = {17'd0, al} * {17'd0, bl};
      wire [33:0] p_lh = $signed({{17{1'b0}}, al}) * $signed({{18{bh[15]}}, bh});
      wire [33:0] p_hl = $signed({{18{ah[15]}}, ah}) * $signed({{17{1'b0}}, bl});
      wire [31:0] p_hh = $signed({{16{ah[15]}}, ah}) * $signed({{16{bh[15]}}, bh});

      reg  [33:0] ll_q;
      reg  [34:0] mid_q;                       // p_lh + p_hl, signed
      reg  [31:0] hh_q;
      reg  [31:0] m2_data_q;

      wire [63:0] prod = {30'd0, ll_q}
                       + ({{29{mid_q[34]}}, mid_q} << 17)
                       + ({{32{hh_q[31]}}, hh_q} << 34);

      always @(posedge clk_i) begin
        if (accept_mul) begin
          ll_q  <= p_ll;
          mid_q <= {p_lh[33], p_lh} + {p_hl[33], p_hl};
          hh_q  <= p_hh;
        end
        if (m1_valid_q && m2_adv) begin
          m2_data_q <= m1_hi_q ? prod[63:32] : prod[31:0];
        end
      end

      // ---- divider: restoring, on magnitudes; signs fixed at the output
      reg  [31:0] r_q, q_q, d_q;
      reg         neg_q_q, neg_r_q, dz_q;

      wire [32:0] r_sh  = {r_q, q_q[31]};
      wire [32:0] r_sub = r_sh - {1'b0, d_q};
      wire        q_bit = !r_sub[32];

      always @(posedge clk_i) begin
        if (accept_div) begin
          r_q     <= 32'd0;
          q_q     <= (d_signed && a[31]) ? (32'd0 - a) : a;
          d_q     <= (d_signed && b[31]) ? (32'd0 - b) : b;
          neg_q_q <= d_signed && (a[31] != b[31]);
`ifdef WW_MUTANT_MULDIV_REM_SIGN
          neg_r_q <= d_signed && b[31];  // MUTANT: remainder takes the divisor's sign
`else
          neg_r_q <= d_signed && a[31];
`endif
          dz_q    <= (b == 32'd0);
        end else if (div_busy_q) begin
          r_q     <= q_bit ? r_sub[31:0] : r_sh[31:0];
          q_q     <= {q_q[30:0], q_bit};
        end
      end

      wire [31:0] quot = dz_q    ? 32'hFFFFFFFF : neg_q_q ? (32'd0 - q_q) : q_q;
      wire [31:0] rem  = neg_r_q ? (32'd0 - r_q) : r_q;

      assign out_data_o[32*l +: 32] = div_done_q ? (div_rem_q ? rem : quot) : m2_data_q;
    end
  endgenerate

  assign out_tag_o = div_done_q ? div_tag_q : m2_tag_q;

endmodule  // ww_muldiv
`default_nettype wire
