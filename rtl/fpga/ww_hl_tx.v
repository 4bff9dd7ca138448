// SPDX-License-Identifier: Apache-2.0
//
// ww_hl_tx -- the host link's response framer (docs/fpga.md sec. 1
// "Frames"): on start_i it sends the response sync byte
// (`WW_HL_SYNC_RSP), SEQ, STATUS, LEN (little-endian), LEN / 4 payload words
// taken from word_i (word_valid_i && word_ready_o, bytes LSB first), then
// the CRC-32 (ww_crc32) of SEQ..payload, little-endian. idle_o is high
// when no response is being sent; start_i is taken only then. Bytes go
// to the UART transmitter (tx_valid_o && tx_ready_i).

`default_nettype none
`include "ww_proto.vh"
module ww_hl_tx (
  input  wire        clk_i,
  input  wire        rst_ni,
  // a response
  input  wire        start_i,
  input  wire [7:0]  seq_i,
  input  wire [7:0]  status_i,
  input  wire [15:0] len_i,        // a multiple of 4
  output wire        idle_o,
  // its payload words
  input  wire        word_valid_i,
  input  wire [31:0] word_i,
  output wire        word_ready_o,
  // bytes to the UART
  output wire        tx_valid_o,
  output wire [7:0]  tx_data_o,
  input  wire        tx_ready_i
);

  localparam [2:0] ST_IDLE = 3'd0;
  localparam [2:0] ST_HDR  = 3'd1;   // sync, seq, status, len: 5 bytes
  localparam [2:0] ST_WORD = 3'd2;   // wait for a payload word
  localparam [2:0] ST_PAY  = 3'd3;   // its 4 bytes
  localparam [2:0] ST_CRCL = 3'd4;   // load the CRC (final after the last byte)
  localparam [2:0] ST_CRC  = 3'd5;   // its 4 bytes

  reg [2:0]  state_q;
  reg [2:0]  idx_q;                  // byte within the header, word or CRC
  reg [7:0]  seq_q, status_q;
  reg [15:0] len_q;                  // payload bytes still to send
  reg [31:0] word_q;                 // the word (or CRC) being sent, LSB next

  wire [31:0] crc;
  reg  [7:0]  byte_d;
  always @(*) begin
    case (idx_q)
      3'd0:    byte_d = `WW_HL_SYNC_RSP;
      3'd1:    byte_d = seq_q;
      3'd2:    byte_d = status_q;
      3'd3:    byte_d = len_q[7:0];
      default: byte_d = len_q[15:8];
    endcase
  end

  wire       sending = state_q == ST_HDR || state_q == ST_PAY || state_q == ST_CRC;
  wire [7:0] out     = (state_q == ST_HDR) ? byte_d : word_q[7:0];
  wire       fire    = sending && tx_ready_i;
  // the CRC covers every byte after the sync byte up to the payload's last
  wire       crc_in  = fire && (state_q == ST_PAY || (state_q == ST_HDR && idx_q != 3'd0));

  ww_crc32 u_crc (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .clear_i (start_i && state_q == ST_IDLE),
    .valid_i (crc_in),
    .data_i  (out),
    .crc_o   (crc)
  );

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      idx_q   <= 3'd0;
      len_q   <= 16'd0;
    end else begin
      case (state_q)
        ST_IDLE: begin
          if (start_i) begin
            state_q  <= ST_HDR;
            idx_q    <= 3'd0;
            seq_q    <= seq_i;
            status_q <= status_i;
            len_q    <= len_i;
          end
        end
        ST_HDR: begin
          if (fire) begin
            idx_q <= idx_q + 3'd1;
            if (idx_q == 3'd4) begin
              state_q <= (len_q == 16'd0) ? ST_CRCL : ST_WORD;
              idx_q   <= 3'd0;
            end
          end
        end
        ST_WORD: begin
          if (word_valid_i) begin
            word_q  <= word_i;
            state_q <= ST_PAY;
            idx_q   <= 3'd0;
          end
        end
        ST_PAY: begin
          if (fire) begin
            word_q <= {8'd0, word_q[31:8]};
            idx_q  <= idx_q + 3'd1;
            if (idx_q == 3'd3) begin
              len_q   <= len_q - 16'd4;
              idx_q   <= 3'd0;
              state_q <= (len_q == 16'd4) ? ST_CRCL : ST_WORD;
            end
          end
        end
        ST_CRCL: begin
          word_q  <= crc;
          idx_q   <= 3'd0;
          state_q <= ST_CRC;
        end
        default: begin  // ST_CRC
          if (fire) begin
            word_q <= {8'd0, word_q[31:8]};
            idx_q  <= idx_q + 3'd1;
            if (idx_q == 3'd3) begin
              state_q <= ST_IDLE;
            end
          end
        end
      endcase
    end
  end

  assign idle_o       = state_q == ST_IDLE;
  assign word_ready_o = state_q == ST_WORD;
  assign tx_valid_o   = sending;
  assign tx_data_o    = out;

endmodule  // ww_hl_tx
`default_nettype wire
