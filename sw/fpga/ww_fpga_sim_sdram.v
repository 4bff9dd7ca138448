// SPDX-License-Identifier: Apache-2.0
//
// ww_fpga_sim_sdram -- the FPGA top with its global memory in SDRAM
// (ww_fpga_top, MEM_SDRAM = 1) on a model of the SDRAM that checks JEDEC's
// rules (ww_sdram_model), clocked inverted as on the board: the top of the
// simulator server ww-fpga-sim-sdram (sw/fpga/fpga.mk; docs/fpga.md sec.
// 4). Simulation only. The model is 64 MB (the ULX3S's larger part: 13 row,
// 10 column and 2 bank bits), which holds the default configuration's whole
// memory map. sd_error_o / sd_code_o: the model saw a rule broken (its
// code), which the server reports and stops on.
// Parameters: CLKS_PER_BIT, GATE_GPU_CLK (ww_fpga_top's), T_INIT, T_REFI
// (the controller's power-up wait and refresh interval in cycles).

`default_nettype none
module ww_fpga_sim_sdram #(
  parameter CLKS_PER_BIT = 4,
  parameter GATE_GPU_CLK = 1,
  parameter T_INIT       = 200,
  parameter T_REFI       = 90
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       uart_rx_i,
  output wire       uart_tx_o,
  output wire       led_busy_o,
  output wire       led_done_o,
  output wire       led_trap_o,
  output wire       sd_error_o,
  output wire [7:0] sd_code_o
);

  localparam BANK_W = 2, ROW_W = 13, COL_W = 10;

  wire              cke, cs_n, ras_n, cas_n, we_n, dq_oe, dq_drive;
  wire [BANK_W-1:0] ba;
  wire [ROW_W-1:0]  a;
  wire [1:0]        dqm;
  wire [15:0]       dq_c2m, dq_m2c, bd_data;
  wire [31:0]       refreshes;

  ww_fpga_top #(
    .CLKS_PER_BIT (CLKS_PER_BIT),
    .GATE_GPU_CLK (GATE_GPU_CLK),
    .MEM_SDRAM    (1),
    .SD_BANK_W    (BANK_W),
    .SD_ROW_W     (ROW_W),
    .SD_COL_W     (COL_W),
    .SD_T_INIT    (T_INIT),
    .SD_T_REFI    (T_REFI)
  ) u_top (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .uart_rx_i  (uart_rx_i),
    .uart_tx_o  (uart_tx_o),
    .led_busy_o (led_busy_o),
    .led_done_o (led_done_o),
    .led_trap_o (led_trap_o),
    .sd_cke_o   (cke),
    .sd_cs_no   (cs_n),
    .sd_ras_no  (ras_n),
    .sd_cas_no  (cas_n),
    .sd_we_no   (we_n),
    .sd_ba_o    (ba),
    .sd_a_o     (a),
    .sd_dqm_o   (dqm),
    .sd_dq_o    (dq_c2m),
    .sd_dq_oe_o (dq_oe),
    .sd_dq_i    (dq_m2c)
  );

  // the board's SDRAM clock: the inverted clock
  wire sd_clk = ~clk_i;
  ww_sdram_model #(
    .DQ_W   (16),
    .BANK_W (BANK_W),
    .ROW_W  (ROW_W),
    .COL_W  (COL_W),
    .T_INIT (T_INIT - 2),
    .T_REFI (T_REFI + 48)        // the longest request delays a refresh
  ) u_sdram (
    .clk_i        (sd_clk),
    .rst_ni       (rst_ni),
    .cke_i        (cke),
    .cs_ni        (cs_n),
    .ras_ni       (ras_n),
    .cas_ni       (cas_n),
    .we_ni        (we_n),
    .ba_i         (ba),
    .a_i          (a),
    .dqm_i        (dqm),
    .dq_i         (dq_c2m),
    .dq_oe_i      (dq_oe),
    .dq_o         (dq_m2c),
    .dq_drive_o   (dq_drive),
    .error_o      (sd_error_o),
    .error_code_o (sd_code_o),
    .refreshes_o  (refreshes),
    .bd_addr_i    ({(BANK_W + ROW_W + COL_W){1'b0}}),
    .bd_data_o    (bd_data)
  );
  wire unused_model = &{1'b0, dq_drive, refreshes, bd_data};

endmodule  // ww_fpga_sim_sdram
`default_nettype wire
