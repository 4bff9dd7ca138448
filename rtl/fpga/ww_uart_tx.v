// SPDX-License-Identifier: Apache-2.0
//
// ww_uart_tx -- UART transmitter, 8N1 (start bit, 8 data bits LSB first,
// one stop bit), for the host link (docs/fpga.md sec. 2). A byte is taken
// when valid_i && ready_o; ready_o is high while the line is idle (tx_o
// high, the last stop bit sent). Each bit lasts CLKS_PER_BIT cycles.
// Parameters: CLKS_PER_BIT >= 1 (217 for 25 MHz / 115200 baud).

`default_nettype none
module ww_uart_tx #(
  parameter CLKS_PER_BIT = 217,
  parameter CNT_W        = $clog2(CLKS_PER_BIT + 1)
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       valid_i,
  input  wire [7:0] data_i,
  output wire       ready_o,
  output wire       tx_o
);

  localparam integer FULL_I = CLKS_PER_BIT - 1;   // 32 bits, then CNT_W
  localparam [CNT_W-1:0] FULL = FULL_I[CNT_W-1:0];

  reg             busy_q;
  reg [8:0]       shift_q;      // {data, start bit}, sent from bit 0; 1s shift in
  reg [3:0]       bits_q;       // bits left after the current one
  reg [CNT_W-1:0] cnt_q;
  reg             tx_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      tx_q   <= 1'b1;
      bits_q <= 4'd0;
      cnt_q  <= {CNT_W{1'b0}};
    end else if (!busy_q) begin
      if (valid_i) begin
        busy_q  <= 1'b1;
        tx_q    <= 1'b0;                 // start bit
        shift_q <= {1'b1, data_i};       // then the data, then the stop bit
        bits_q  <= 4'd9;
        cnt_q   <= FULL;
      end
    end else if (cnt_q != {CNT_W{1'b0}}) begin
      cnt_q <= cnt_q - 1'b1;
    end else if (bits_q != 4'd0) begin
      tx_q    <= shift_q[0];
      shift_q <= {1'b1, shift_q[8:1]};
      bits_q  <= bits_q - 1'b1;
      cnt_q   <= FULL;
    end else begin
      busy_q <= 1'b0;                    // the stop bit has lasted a full bit
    end
  end

  assign ready_o = !busy_q;
  assign tx_o    = tx_q;

endmodule  // ww_uart_tx
`default_nettype wire
