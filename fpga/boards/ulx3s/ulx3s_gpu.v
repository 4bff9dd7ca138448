// SPDX-License-Identifier: Apache-2.0
//
// ulx3s_gpu -- the GPU on the ULX3S behind the UART host link
// (docs/fpga_flow.md "The GPU on the board", docs/fpga.md): ww_fpga_top
// (ww_gpu, the host link's UART, frame parser, executor and run control)
// on a 12.5 MHz clock from the PLL (ww_ecp5_pll: the 25 MHz oscillator x
// CLKFB_DIV / CLKI_DIV; the GPU's board configuration is estimated at
// 14.5 MHz after placement, below the oscillator's 25), the FTDI UART at
// 115 200 baud (CLKS_PER_BIT from the clock), and its global memory in the
// board's SDRAM (ww_fpga_top's MEM_SDRAM: 32 MB, which holds the board
// configuration's whole memory map with WW_GMEM_BYTES 8 MiB; docs/fpga.md
// sec. 4), clocked by the inverted clock through an ODDRX1F, its data pins
// through BB buffers.
// The PWR button resets; so does the PLL until it locks.
// LEDs: 0 busy, 1 done, 2 trapped (the last launch), 7 the reset released.
// The GPU's sizes are ww_config.vh's (`make fpga` sets the board
// configuration, FPGA_DEFS.gpu, with -D).

`default_nettype none
module ulx3s_gpu (
  input  wire        clk_25mhz,
  input  wire        btn_pwr_n,
  input  wire        ftdi_txd,
  output wire        ftdi_rxd,
  output wire [7:0]  led,
  // the SDRAM: the global memory
  output wire        sdram_clk,
  output wire        sdram_cke,
  output wire        sdram_csn,
  output wire        sdram_rasn,
  output wire        sdram_casn,
  output wire        sdram_wen,
  output wire [1:0]  sdram_ba,
  output wire [12:0] sdram_a,
  output wire [1:0]  sdram_dqm,
  inout  wire [15:0] sdram_d
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
  // the SDRAM's power-up wait (200 us) and refresh interval (7.8 us, less
  // the longest request, 32 cycles), in cycles
  localparam SD_T_INIT = CLK_HZ / 5000 + 100;
  localparam SD_T_REFI = CLK_HZ / 128000 - 32;

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

  wire        busy, done, trap;
  wire        dq_oe;
  wire [15:0] dq_o;
  ww_fpga_top #(
    .CLKS_PER_BIT (CLKS_PER_BIT),
    .GATE_GPU_CLK (0),
    .MEM_SDRAM    (1),
    .SD_BANK_W    (2),
    .SD_ROW_W     (13),
    .SD_COL_W     (9),        // 32 MB (a 64 MB part: its lower half)
    .SD_T_INIT    (SD_T_INIT),
    .SD_T_REFI    (SD_T_REFI)
  ) u_top (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .uart_rx_i  (ftdi_txd),   // ww_uart_rx synchronizes it
    .uart_tx_o  (ftdi_rxd),
    .led_busy_o (busy),
    .led_done_o (done),
    .led_trap_o (trap),
    .sd_cke_o   (sdram_cke),
    .sd_cs_no   (sdram_csn),
    .sd_ras_no  (sdram_rasn),
    .sd_cas_no  (sdram_casn),
    .sd_we_no   (sdram_wen),
    .sd_ba_o    (sdram_ba),
    .sd_a_o     (sdram_a),
    .sd_dqm_o   (sdram_dqm),
    .sd_dq_o    (dq_o),
    .sd_dq_oe_o (dq_oe),
    .sd_dq_i    (dq_i)
  );
  // the data pins: a bidirectional buffer each (T high: released)
  wire [15:0] dq_i;
  genvar b;
  generate
    for (b = 0; b < 16; b = b + 1) begin : g_dq
      BB u_bb (
        .I (dq_o[b]),
        .T (!dq_oe),
        .O (dq_i[b]),
        .B (sdram_d[b])
      );
    end
  endgenerate

  // the SDRAM's clock: the inverted clock (it samples the commands half a
  // cycle after they change), forwarded by an output DDR register
  ODDRX1F u_sdram_clk (
    .D0   (1'b0),
    .D1   (1'b1),
    .SCLK (clk),
    .RST  (1'b0),
    .Q    (sdram_clk)
  );

  assign led = {rst_n, 4'b0000, trap, done, busy};

endmodule  // ulx3s_gpu
`default_nettype wire
