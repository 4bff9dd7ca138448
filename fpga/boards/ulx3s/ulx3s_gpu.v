// SPDX-License-Identifier: Apache-2.0
//
// ulx3s_gpu -- the GPU on the ULX3S behind the UART host link
// (docs/fpga_flow.md "The GPU on the board", docs/fpga.md): ww_fpga_top
// (ww_gpu, its global memory in block RAM, the host link's UART, frame
// parser, executor and run control) on a 12.5 MHz clock from the PLL
// (ww_ecp5_pll: the 25 MHz oscillator x CLKFB_DIV / CLKI_DIV; the GPU's
// board configuration is estimated at 14.5 MHz after placement, below the
// oscillator's 25) and the FTDI UART at 115 200 baud (CLKS_PER_BIT from
// the clock). The PWR button resets; so does the PLL until it locks.
// LEDs: 0 busy, 1 done, 2 trapped (the last launch), 7 the reset released.
// The memory's lines are ww_fpga_top's default (`WW_FPGA_MEM_LINES), the
// GPU's sizes ww_config.vh's (`make fpga` sets the board configuration,
// FPGA_DEFS.gpu, with -D). `warpwatch --backend fpga` wants the 16 MiB
// memory map, more than the block RAM holds (docs/fpga_flow.md sec. 3).

`default_nettype none
module ulx3s_gpu (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n,
  input  wire       ftdi_txd,
  output wire       ftdi_rxd,
  output wire [7:0] led
);

  // the clock: OSC_HZ * CLKFB_DIV / CLKI_DIV (VCO at CLK_HZ * CLKOP_DIV,
  // 600 MHz; yowasp-ecppll -i 25 -o 12.5)
  localparam OSC_HZ    = 25000000;
  localparam CLKI_DIV  = 2;
  localparam CLKFB_DIV = 1;
  localparam CLKOP_DIV = 48;
  localparam CLK_HZ    = OSC_HZ / CLKI_DIV * CLKFB_DIV;
  localparam BAUD      = 115200;
  localparam CLKS_PER_BIT = (CLK_HZ + BAUD / 2) / BAUD;   // 109: 0.5 % slow

  wire clk, pll_locked;
  ww_ecp5_pll #(
    .CLKI_DIV  (CLKI_DIV),
    .CLKFB_DIV (CLKFB_DIV),
    .CLKOP_DIV (CLKOP_DIV)
  ) u_pll (
    .clk_i    (clk_25mhz),
    .clk_o    (clk),
    .locked_o (pll_locked)
  );

  // reset: 16 cycles after configuration, while the PLL is unlocked and
  // while PWR is pressed (ww_board_reset synchronizes both)
  wire rst_n;
  ww_board_reset #(
    .POR_W (4)
  ) u_rst (
    .clk_i  (clk),
    .btn_ni (btn_pwr_n & pll_locked),
    .rst_no (rst_n)
  );

  wire busy, done, trap;
  ww_fpga_top #(
    .CLKS_PER_BIT (CLKS_PER_BIT),
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
