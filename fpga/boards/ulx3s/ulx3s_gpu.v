// SPDX-License-Identifier: Apache-2.0
//
// ulx3s_gpu -- the GPU on the ULX3S behind the UART host link
// (docs/fpga_flow.md "The GPU on the board", docs/fpga.md): ww_fpga_top
// (ww_gpu, its global memory in block RAM, the host link's UART, frame
// parser, executor and run control) on the 25 MHz oscillator and the FTDI
// UART at 115 200 baud. The PWR button resets. LEDs: 0 busy, 1 done,
// 2 trapped (the last launch), 7 the reset released.
// The UART's bit time and the memory's lines are ww_fpga_top's defaults
// (`WW_FPGA_CLKS_PER_BIT = 217: 25 MHz / 115 200 baud; `WW_FPGA_MEM_LINES),
// the GPU's sizes ww_config.vh's (`make fpga` sets the board configuration,
// FPGA_DEFS.gpu, with -D). It places on the LFE5U-85F but misses 25 MHz,
// and `warpwatch --backend fpga` wants the 16 MiB memory map, more than
// the block RAM holds (docs/fpga_flow.md sec. 3).

`default_nettype none
module ulx3s_gpu (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n,
  input  wire       ftdi_txd,
  output wire       ftdi_rxd,
  output wire [7:0] led
);

  wire clk = clk_25mhz;

  // reset: 16 cycles after configuration, and while PWR is pressed
  wire rst_n;
  ww_board_reset #(
    .POR_W (4)
  ) u_rst (
    .clk_i  (clk),
    .btn_ni (btn_pwr_n),
    .rst_no (rst_n)
  );

  wire busy, done, trap;
  ww_fpga_top #(
    .GATE_GPU_CLK (0)
  ) u_top (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .uart_rx_i  (ftdi_txd),   // ww_uart_rx synchronizes it
    .uart_tx_o  (ftdi_rxd),
    .led_busy_o (busy),
    .led_done_o (done),
    .led_trap_o (trap)
  );

  assign led = {rst_n, 4'b0000, trap, done, busy};

endmodule  // ulx3s_gpu
`default_nettype wire
