// SPDX-License-Identifier: Apache-2.0
//
// ww_hl_rx -- the host link's request parser (docs/fpga.md sec. 1 "Frames"):
// hunts for the request sync byte (`WW_HL_SYNC_REQ), then takes SEQ, CMD,
// LEN (two bytes, little-endian), LEN payload bytes and four CRC bytes
// (CRC-32 of SEQ..payload, little-endian, ww_crc32). The payload is kept
// in a word buffer (byte 4i+k in bits 8k+7:8k of word i) that the executor
// reads through buf_raddr_i -> buf_rdata_o (one cycle later); bytes past
// MAX_PAYLOAD are counted and CRC'd but not stored.
// At the last CRC byte frame_valid_o pulses with the frame's fields and
// two verdicts: crc_ok_o (the CRC matches) and len_ok_o (LEN <=
// MAX_PAYLOAD). The parser then waits (bytes are dropped) until the
// executor raises ready_i again. A frame whose next byte does not come
// within TIMEOUT cycles is dropped (a byte lost on the link) and the
// parser hunts for a sync byte again.
// Parameters: MAX_PAYLOAD, bytes, a multiple of 4 and >= 32; TIMEOUT >= 1.

`default_nettype none
`include "ww_proto.vh"
module ww_hl_rx #(
  parameter MAX_PAYLOAD = 256,
  parameter TIMEOUT     = 2048,
  parameter BUF_AW      = $clog2(MAX_PAYLOAD / 4),
  parameter TMO_W       = $clog2(TIMEOUT + 1)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // bytes from the UART
  input  wire              rx_valid_i,
  input  wire [7:0]        rx_data_i,
  // the executor takes frames
  input  wire              ready_i,
  output wire              frame_valid_o,
  output wire [7:0]        seq_o,
  output wire [7:0]        cmd_o,
  output wire [15:0]       len_o,
  output wire              crc_ok_o,
  output wire              len_ok_o,
  // the payload buffer's read port
  input  wire [BUF_AW-1:0] buf_raddr_i,
  output wire [31:0]       buf_rdata_o
);

  localparam [2:0] ST_HUNT = 3'd0;   // wait for the sync byte
  localparam [2:0] ST_SEQ  = 3'd1;
  localparam [2:0] ST_CMD  = 3'd2;
  localparam [2:0] ST_LEN0 = 3'd3;
  localparam [2:0] ST_LEN1 = 3'd4;
  localparam [2:0] ST_PAY  = 3'd5;
  localparam [2:0] ST_CRC  = 3'd6;
  localparam [2:0] ST_WAIT = 3'd7;   // frame given to the executor
  localparam [15:0] MAX_LEN = MAX_PAYLOAD;

  reg [2:0]        state_q;
  reg [7:0]        seq_q, cmd_q;
  reg [15:0]       len_q;
  reg [15:0]       cnt_q;            // payload or CRC bytes received
  reg [23:0]       word_q;           // payload word being assembled (its first 3 bytes)
  reg [31:0]       rcrc_q;           // the received CRC
  reg [TMO_W-1:0]  tmo_q;            // cycles since the last byte (saturating)
  reg              valid_q;

  wire [31:0] tmo32   = {{(32 - TMO_W){1'b0}}, tmo_q};
  wire        expired = tmo32 >= TIMEOUT;
  wire [31:0] crc;
  wire        byte_in  = rx_valid_i && state_q != ST_WAIT;
  wire        crc_byte = byte_in && (state_q == ST_SEQ || state_q == ST_CMD ||
                                     state_q == ST_LEN0 || state_q == ST_LEN1 ||
                                     state_q == ST_PAY);
  wire        start    = byte_in && state_q == ST_HUNT && rx_data_i == `WW_HL_SYNC_REQ;

  ww_crc32 u_crc (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .clear_i (start),
    .valid_i (crc_byte),
    .data_i  (rx_data_i),
    .crc_o   (crc)
  );

  // payload words: written when their last byte (or the payload's) arrives
  wire [1:0]  lane     = cnt_q[1:0];
  wire [31:0] word_d   = (lane == 2'd0) ? {24'd0, rx_data_i}
                       : (lane == 2'd1) ? {16'd0, rx_data_i, word_q[7:0]}
                       : (lane == 2'd2) ? {8'd0, rx_data_i, word_q[15:0]}
                       :                  {rx_data_i, word_q[23:0]};
  wire        pay_byte = byte_in && state_q == ST_PAY;
  wire        buf_we   = pay_byte && cnt_q < MAX_LEN && (lane == 2'd3 || cnt_q + 16'd1 == len_q);

  ww_sram_1r1w #(.WIDTH(32), .DEPTH(MAX_PAYLOAD / 4)) u_buf (
    .clk_i   (clk_i),
    .raddr_i (buf_raddr_i),
    .rdata_o (buf_rdata_o),
    .we_i    (buf_we),
    .waddr_i (cnt_q[BUF_AW+1:2]),
    .wdata_i (word_d)
  );

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= ST_HUNT;
      valid_q <= 1'b0;
      tmo_q   <= {TMO_W{1'b0}};
      cnt_q   <= 16'd0;
      len_q   <= 16'd0;
    end else begin
      valid_q <= 1'b0;
      if (byte_in) begin
        tmo_q <= {TMO_W{1'b0}};
      end else if (!expired) begin
        tmo_q <= tmo_q + 1'b1;
      end
      case (state_q)
        ST_HUNT: begin
          if (start) begin
            state_q <= ST_SEQ;
          end
        end
        ST_WAIT: begin
          if (ready_i && !valid_q) begin   // the executor is done with it
            state_q <= ST_HUNT;
          end
        end
        default: begin
          if (!byte_in && expired) begin
            state_q <= ST_HUNT;           // a byte was lost: drop the frame
          end else if (byte_in) begin
            case (state_q)
              ST_SEQ:  begin seq_q <= rx_data_i; state_q <= ST_CMD; end
              ST_CMD:  begin cmd_q <= rx_data_i; state_q <= ST_LEN0; end
              ST_LEN0: begin len_q[7:0] <= rx_data_i; state_q <= ST_LEN1; end
              ST_LEN1: begin
                len_q[15:8] <= rx_data_i;
                cnt_q       <= 16'd0;
                state_q     <= ({rx_data_i, len_q[7:0]} == 16'd0) ? ST_CRC : ST_PAY;
              end
              ST_PAY: begin
                word_q <= word_d[23:0];
                cnt_q  <= cnt_q + 16'd1;
                if (cnt_q + 16'd1 == len_q) begin
                  cnt_q   <= 16'd0;
                  state_q <= ST_CRC;
                end
              end
              default: begin  // ST_CRC
                rcrc_q <= {rx_data_i, rcrc_q[31:8]};
                cnt_q  <= cnt_q + 16'd1;
                if (cnt_q == 16'd3) begin
                  state_q <= ST_WAIT;
                  valid_q <= 1'b1;
                end
              end
            endcase
          end
        end
      endcase
    end
  end

  assign frame_valid_o = valid_q;
  assign seq_o         = seq_q;
  assign cmd_o         = cmd_q;
  assign len_o         = len_q;
  assign crc_ok_o      = rcrc_q == crc;
  assign len_ok_o      = len_q <= MAX_LEN;

endmodule  // ww_hl_rx
`default_nettype wire
