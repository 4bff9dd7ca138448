// SPDX-License-Identifier: Apache-2.0
//
// ww_uart_rx -- UART receiver, 8 data bits LSB first, no parity, one stop
// bit (8N1), for the host link (docs/fpga.md sec. 2). The line rx_i is
// asynchronous: two flip-flops synchronize it. A start bit is a low level
// still low half a bit after the falling edge; each data bit is sampled in
// its middle, CLKS_PER_BIT cycles apart; then the stop bit is sampled.
// valid_o pulses for one cycle with data_o when the stop bit is high; a low
// stop bit (a framing error: noise or a break) drops the byte and pulses
// frame_err_o instead.
// Parameters: CLKS_PER_BIT >= 4, the clock cycles of one bit (25 MHz /
// 115200 baud = 217 on the ULX3S; 4..8 in simulation).

`default_nettype none
module ww_uart_rx #(
  parameter CLKS_PER_BIT = 217,
  parameter CNT_W        = $clog2(CLKS_PER_BIT + 1)
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       rx_i,
  output wire       valid_o,
  output wire [7:0] data_o,
  output wire       frame_err_o
);

  localparam [1:0] ST_IDLE  = 2'd0;  // wait for a falling edge
  localparam [1:0] ST_START = 2'd1;  // half a bit: still low?
  localparam [1:0] ST_DATA  = 2'd2;  // eight data bits
  localparam [1:0] ST_STOP  = 2'd3;  // the stop bit
  localparam integer HALF_I = CLKS_PER_BIT / 2 - 1;   // 32 bits, then CNT_W
  localparam [CNT_W-1:0] HALF = HALF_I[CNT_W-1:0];
  localparam integer FULL_I = CLKS_PER_BIT - 1;   // 32 bits, then CNT_W
  localparam [CNT_W-1:0] FULL = FULL_I[CNT_W-1:0];

  reg [1:0]       sync_q;       // synchronizer, sync_q[1] is the line
  reg [1:0]       state_q;
  reg [CNT_W-1:0] cnt_q;        // cycles left in this (half) bit
  reg [2:0]       bit_q;        // data bit being received
  reg [7:0]       shift_q;
  reg             valid_q, err_q;

  wire line = sync_q[1];

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sync_q  <= 2'b11;
      state_q <= ST_IDLE;
      cnt_q   <= {CNT_W{1'b0}};
      bit_q   <= 3'd0;
      valid_q <= 1'b0;
      err_q   <= 1'b0;
    end else begin
      sync_q  <= {sync_q[0], rx_i};
      valid_q <= 1'b0;
      err_q   <= 1'b0;
      case (state_q)
        ST_IDLE: begin
          if (!line) begin
            state_q <= ST_START;
            cnt_q   <= HALF;
          end
        end
        ST_START: begin
          if (cnt_q != {CNT_W{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
          end else if (line) begin
            state_q <= ST_IDLE;          // a glitch, not a start bit
          end else begin
            state_q <= ST_DATA;
            cnt_q   <= FULL;
            bit_q   <= 3'd0;
          end
        end
        ST_DATA: begin
          if (cnt_q != {CNT_W{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
          end else begin
            shift_q <= {line, shift_q[7:1]};
            cnt_q   <= FULL;
            bit_q   <= bit_q + 1'b1;
            if (bit_q == 3'd7) begin
              state_q <= ST_STOP;
            end
          end
        end
        default: begin  // ST_STOP
          if (cnt_q != {CNT_W{1'b0}}) begin
            cnt_q <= cnt_q - 1'b1;
          end else begin
            valid_q <= line;
            err_q   <= !line;
            state_q <= ST_IDLE;
          end
        end
      endcase
    end
  end

  assign valid_o     = valid_q;
  assign data_o      = shift_q;
  assign frame_err_o = err_q;

endmodule  // ww_uart_rx
`default_nettype wire
