// SPDX-License-Identifier: Apache-2.0
//
// ulx3s_drf -- the DRF tester on the ULX3S (docs/fpga_flow.md "The DRF
// tester on the board"): ww_drf_top (the tester, an L1 per SM, the
// crossbar, the L2 slices) on a global memory in block RAM (ww_fpga_mem),
// run after run by ww_drf_fpga_run from seed 1, each run's report line
// ("P|F seed kind cycles episodes wf lane episode addr expect got", hex)
// sent on the FTDI UART at 115 200 baud (8N1). LEDs: 0 running, 1 a run
// failed, 2 memory out of range, 7..3 the passed runs' count bits 14..10.
// The PWR button resets. The tester's window starts at address 0
// (BASE = 0) and is 2^RANGE_W words, its line window after it.
// Parameters: CLKS_PER_BIT (25 MHz / 115 200 baud = 217, the default from
// `WW_FPGA_CLKS_PER_BIT; the Verilated simulation defines a few), RUNS
// (0 = run until a failure), the run settings.

`default_nettype none
`include "ww_config.vh"
`ifndef WW_FPGA_CLKS_PER_BIT
`define WW_FPGA_CLKS_PER_BIT 217
`endif
module ulx3s_drf #(
  parameter CLKS_PER_BIT = `WW_FPGA_CLKS_PER_BIT,
  parameter [31:0] RUNS     = 32'd0,
  parameter [15:0] EPISODES = 16'd16,
  parameter [15:0] EPI_LEN  = 16'd16,
  parameter [4:0]  RANGE    = 5'd10,
  parameter [31:0] WATCHDOG = 32'd20000,
  parameter RANGE_W   = 12,
  parameter MEM_LINES = 1024
) (
  input  wire       clk_25mhz,
  input  wire       btn_pwr_n,
  output wire       ftdi_rxd,
  output wire [7:0] led
);

  localparam NUM_SM     = `WW_NUM_SM;
  localparam NUM_PART   = `WW_NUM_PART;
  localparam LINE_BYTES = `WW_LINE_BYTES;
  localparam LANES      = `WW_DRFT_LANES;
  localparam LINE_W     = 32 - $clog2(LINE_BYTES);
  localparam LB         = LINE_BYTES * 8;
  localparam POOL_W     = $clog2(NUM_SM + 1);
  localparam IDX_W      = `WW_DRFT_IDX_W;
  // the word window and the line window: every line a run may touch
  localparam [LINE_W-1:0] CLEAR_LINES = ((1 << RANGE_W) * 4 + (NUM_SM + 1) * LANES * LINE_BYTES)
                                        / LINE_BYTES;

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

  // the tester on the memory system
  wire              t_rst_n, t_start, t_busy, t_done, t_fail;
  wire [31:0]       t_seed, t_watchdog, t_rd_data;
  wire [15:0]       t_episodes, t_epi_len;
  wire [4:0]        t_range;
  wire [5:0]        t_rd_idx;
  wire [NUM_PART-1:0]        d_req_valid, d_req_ready, d_req_we, d_rsp_valid;
  wire [NUM_PART*LINE_W-1:0] d_req_line;
  wire [NUM_PART*LB-1:0]     d_req_data, d_rsp_data;

  /* verilator lint_off PINCONNECTEMPTY */
  ww_drf_top #(
    .RANGE_W (RANGE_W),
    .BASE    (32'h0)
  ) u_drf (
    .clk_i            (clk),
    .rst_ni           (t_rst_n),
    .start_i          (t_start),
    .seed_i           (t_seed),
    .episodes_i       (t_episodes),
    .epi_len_i        (t_epi_len),
    .watchdog_i       (t_watchdog),
    .range_i          (t_range),
    .xbar_hold_i      ({NUM_PART*NUM_SM{1'b0}}),
    .busy_o           (t_busy),
    .done_o           (t_done),
    .fail_o           (t_fail),
    .rd_idx_i         (t_rd_idx),
    .rd_var_i         ({(POOL_W+IDX_W){1'b0}}),
    .rd_data_o        (t_rd_data),
    .l1_cov_o         (),
    .l2_cov_o         (),
    .dram_req_valid_o (d_req_valid),
    .dram_req_ready_i (d_req_ready),
    .dram_req_we_o    (d_req_we),
    .dram_req_line_o  (d_req_line),
    .dram_req_data_o  (d_req_data),
    .dram_rsp_valid_i (d_rsp_valid),
    .dram_rsp_data_i  (d_rsp_data)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // global memory in block RAM; the run controller zeroes it between runs
  wire              h_valid, h_ready, oor;
  wire [LINE_W-1:0] h_line;
  /* verilator lint_off PINCONNECTEMPTY */
  ww_fpga_mem #(
    .NUM_PART   (NUM_PART),
    .LINE_BYTES (LINE_BYTES),
    .MEM_LINES  (MEM_LINES)
  ) u_mem (
    .clk_i         (clk),
    .rst_ni        (rst_n),
    .req_valid_i   (d_req_valid),
    .req_ready_o   (d_req_ready),
    .req_we_i      (d_req_we),
    .req_line_i    (d_req_line),
    .req_data_i    (d_req_data),
    .rsp_valid_o   (d_rsp_valid),
    .rsp_data_o    (d_rsp_data),
    .h_req_valid_i (h_valid),
    .h_req_ready_o (h_ready),
    .h_req_we_i    (1'b1),
    .h_req_wmask_i ({(LINE_BYTES/4){1'b1}}),
    .h_req_line_i  (h_line),
    .h_req_data_i  ({LB{1'b0}}),
    .h_rsp_valid_o (),
    .h_rsp_data_o  (),
    .oor_o         (oor)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // run after run, a report line each
  wire        rep_start, rep_busy, running, failed;
  wire [7:0]  rep_tag;
  wire [3:0]  rep_n, rep_idx;
  wire [31:0] rep_word, runs;
  ww_drf_fpga_run #(
    .LINE_W      (LINE_W),
    .EPISODES    (EPISODES),
    .EPI_LEN     (EPI_LEN),
    .RANGE       (RANGE),
    .WATCHDOG    (WATCHDOG),
    .RUNS        (RUNS),
    .CLEAR_LINE  ({LINE_W{1'b0}}),
    .CLEAR_LINES (CLEAR_LINES)
  ) u_run (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .t_rst_no    (t_rst_n),
    .start_o     (t_start),
    .seed_o      (t_seed),
    .episodes_o  (t_episodes),
    .epi_len_o   (t_epi_len),
    .watchdog_o  (t_watchdog),
    .range_o     (t_range),
    .done_i      (t_done),
    .fail_i      (t_fail),
    .rd_idx_o    (t_rd_idx),
    .rd_data_i   (t_rd_data),
    .mem_valid_o (h_valid),
    .mem_ready_i (h_ready),
    .mem_line_o  (h_line),
    .rep_start_o (rep_start),
    .rep_tag_o   (rep_tag),
    .rep_n_o     (rep_n),
    .rep_idx_i   (rep_idx),
    .rep_word_o  (rep_word),
    .rep_busy_i  (rep_busy),
    .running_o   (running),
    .failed_o    (failed),
    .runs_o      (runs)
  );

  wire       b_valid, b_ready;
  wire [7:0] b_data;
  ww_hex_line #(
    .N_MAX (10)
  ) u_line (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .start_i     (rep_start),
    .tag_i       (rep_tag),
    .n_i         (rep_n),
    .busy_o      (rep_busy),
    .word_idx_o  (rep_idx),
    .word_i      (rep_word),
    .out_valid_o (b_valid),
    .out_data_o  (b_data),
    .out_ready_i (b_ready)
  );

  ww_uart_tx #(
    .CLKS_PER_BIT (CLKS_PER_BIT)
  ) u_tx (
    .clk_i   (clk),
    .rst_ni  (rst_n),
    .valid_i (b_valid),
    .data_i  (b_data),
    .ready_o (b_ready),
    .tx_o    (ftdi_rxd)
  );

  assign led = {runs[14:10], oor, failed, running};

  // t_busy is the tester's (the run controller waits on done); the LEDs
  // show bits 14..10 of the count
  wire unused = &{1'b0, t_busy, runs[31:15], runs[9:0]};

endmodule  // ulx3s_drf
`default_nettype wire
