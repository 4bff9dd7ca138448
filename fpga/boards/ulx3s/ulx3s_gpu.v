// SPDX-License-Identifier: Apache-2.0
//
// ulx3s_gpu -- the GPU on the ULX3S behind the UART host link
// (docs/fpga_flow.md "The GPU on the board", docs/fpga.md): ww_fpga_top
// (ww_gpu, its global memory in block RAM, the host link's UART, frame
// parser, executor and run control) on the 25 MHz oscillator and the FTDI
// UART at 115 200 baud. The PWR button resets. LEDs: 0 busy, 1 done,
// 2 trapped (the last launch), 7 the reset released.
// `warpwatch --backend fpga --port /dev/ttyUSB0` drives it.
// Parameters: CLKS_PER_BIT (25 MHz / 115 200 baud = 217, from
// `WW_FPGA_CLKS_PER_BIT), MEM_LINES (global memory lines in block RAM,
// `WW_FPGA_MEM_LINES); the GPU's sizes come from ww_config.vh (a build
// sets them with -D, as the runtime's configuration does).

`default_nettype none
`include "ww_config.vh"
`ifndef WW_FPGA_CLKS_PER_BIT
`define WW_FPGA_CLKS_PER_BIT 217
`endif
`ifndef WW_FPGA_MEM_LINES
`define WW_FPGA_MEM_LINES 4096
`endif
module ulx3s_gpu #(
  parameter CLKS_PER_BIT = `WW_FPGA_CLKS_PER_BIT,
  parameter MEM_LINES    = `WW_FPGA_MEM_LINES
) (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n,
  input  wire       ftdi_txd,
  output wire       ftdi_rxd,
  output wire [7:0] led
);

  wire clk = clk_25mhz;

  // reset: 16 cycles after configuration, and while PWR is pressed
  reg [3:0] por_q = 4'd0;
  reg [1:0] btn_q = 2'b00;
  reg       rst_nq = 1'b0;
  always @(posedge clk) begin
    if (por_q != 4'hf) por_q <= por_q + 4'd1;
    btn_q  <= {btn_q[0], btn_pwr_n};
    rst_nq <= por_q == 4'hf && btn_q[1];
  end

  wire busy, done, trap;
  ww_fpga_top #(
    .CLKS_PER_BIT (CLKS_PER_BIT),
    .MEM_LINES    (MEM_LINES),
    .GATE_GPU_CLK (0)
  ) u_top (
    .clk_i      (clk),
    .rst_ni     (rst_nq),
    .uart_rx_i  (ftdi_txd),   // ww_uart_rx synchronizes it
    .uart_tx_o  (ftdi_rxd),
    .led_busy_o (busy),
    .led_done_o (done),
    .led_trap_o (trap)
  );

  assign led = {rst_nq, 4'b0000, trap, done, busy};

endmodule  // ulx3s_gpu
`default_nettype wire
