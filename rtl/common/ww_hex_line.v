// SPDX-License-Identifier: Apache-2.0
//
// ww_hex_line -- sends one text line of 32-bit words in hexadecimal on a
// byte stream (a UART transmitter): the tag character, then " %08x" for
// each word, then "\r\n". The words are read by index (word_idx_o ->
// word_i, combinational in the caller) while the line goes out, so the
// caller holds them until busy_o falls. For the FPGA tops' reports (the DRF
// tester's run lines, docs/fpga_flow.md).
// Interface: start_i while !busy_o takes tag_i and n_i (0..N_MAX words);
// busy_o from the next cycle until the last byte is taken (out_valid_o &&
// out_ready_i). Digits are 0-9, a-f.
// Parameters: N_MAX >= 1.

`default_nettype none
module ww_hex_line #(
  parameter N_MAX = 8,
  parameter N_W   = $clog2(N_MAX + 1)
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire           start_i,
  input  wire [7:0]     tag_i,
  input  wire [N_W-1:0] n_i,
  output wire           busy_o,
  output wire [N_W-1:0] word_idx_o,
  input  wire [31:0]    word_i,
  output wire           out_valid_o,
  output wire [7:0]     out_data_o,
  input  wire           out_ready_i
);

  localparam [2:0] P_IDLE = 3'd0, P_TAG = 3'd1, P_SPACE = 3'd2, P_DIGIT = 3'd3,
                   P_CR = 3'd4, P_LF = 3'd5;

  reg [2:0]     phase_q;
  reg [7:0]     tag_q;
  reg [N_W-1:0] n_q, w_q;      // words, the current word
  reg [2:0]     d_q;           // digit of the word, most significant first

  wire [3:0] nib = word_i[(7 - d_q) * 4 +: 4];
  reg  [7:0] data;
  always @(*) begin
    case (phase_q)
      P_TAG:   data = tag_q;
      P_SPACE: data = 8'h20;
      P_DIGIT: data = (nib < 4'd10) ? 8'h30 + {4'd0, nib} : 8'h57 + {4'd0, nib};
      P_CR:    data = 8'h0d;
      P_LF:    data = 8'h0a;
      default: data = 8'h00;
    endcase
  end

  wire take = phase_q != P_IDLE && out_ready_i;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      phase_q <= P_IDLE;
      tag_q   <= 8'h00;
      n_q     <= {N_W{1'b0}};
      w_q     <= {N_W{1'b0}};
      d_q     <= 3'd0;
    end else if (phase_q == P_IDLE) begin
      if (start_i) begin
        phase_q <= P_TAG;
        tag_q   <= tag_i;
        n_q     <= n_i;
        w_q     <= {N_W{1'b0}};
      end
    end else if (take) begin
      case (phase_q)
        P_TAG:   phase_q <= (n_q != {N_W{1'b0}}) ? P_SPACE : P_CR;
        P_SPACE: begin phase_q <= P_DIGIT; d_q <= 3'd0; end
        P_DIGIT: begin
          d_q <= d_q + 3'd1;
          if (d_q == 3'd7) begin
            w_q     <= w_q + {{(N_W-1){1'b0}}, 1'b1};
            phase_q <= (w_q + {{(N_W-1){1'b0}}, 1'b1} == n_q) ? P_CR : P_SPACE;
          end
        end
        P_CR:    phase_q <= P_LF;
        default: phase_q <= P_IDLE;   // P_LF: the line is out
      endcase
    end
  end

  assign busy_o      = phase_q != P_IDLE;
  assign word_idx_o  = w_q;
  assign out_valid_o = phase_q != P_IDLE;
  assign out_data_o  = data;

endmodule  // ww_hex_line
`default_nettype wire
