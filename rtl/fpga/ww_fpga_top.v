// SPDX-License-Identifier: Apache-2.0
//
// ww_fpga_top -- the GPU on an FPGA behind a UART host link (docs/fpga.md
// sec. 2): ww_gpu, its global memory in block RAM (ww_fpga_mem on the
// partitions' DRAM ports), the UART (ww_uart_rx, ww_uart_tx), the frame
// parser and framer (ww_hl_rx, ww_hl_tx), the command executor
// (ww_hostlink) and the run control (ww_hl_run), and three LEDs: busy,
// done, trapped (the state of the last launch).
// The board top (fpga/boards/<board>/: clock, reset, pins) drives clk_i, a
// synchronous active-low rst_ni and the FTDI UART's lines. The global
// memory is block RAM (ww_fpga_mem, MEM_LINES lines) or, with MEM_SDRAM = 1,
// an SDR SDRAM on the sd_* pins (ww_fpga_sdram: 2^(SD_BANK_W + SD_ROW_W +
// SD_COL_W) 16-bit words; its clock is the inverted clk_i, the board top's
// to drive; docs/fpga.md sec. 4); without it the sd_* outputs are idle.
// The Verilated simulator server (sw/fpga/) builds it with a small
// CLKS_PER_BIT and the whole memory map (MEM_LINES), or with the SDRAM and
// a model of it (ww-fpga-sim-sdram).
// Parameters: CLKS_PER_BIT (217: 25 MHz / 115200 baud; the default from
// `WW_FPGA_CLKS_PER_BIT), GATE_GPU_CLK (ww_fpga_clkgate: 0 on the board, 1
// in the simulator server; `WW_FPGA_GATE_GPU_CLK), MEM_LINES (`WW_FPGA_MEM_LINES) and
// MEM_LATENCY (ww_fpga_mem), MEM_SDRAM and the SDRAM's SD_* geometry and
// timing in cycles (ww_sdram_ctrl), MAX_PAYLOAD (ww_hl_rx), RX_TIMEOUT
// (cycles without a byte that drop a frame), the GPU's sizes from ww_config.vh.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
// a build sets these with -D (as the GPU's sizes are set, ww_config.vh)
`ifndef WW_FPGA_CLKS_PER_BIT
`define WW_FPGA_CLKS_PER_BIT 217
`endif
`ifndef WW_FPGA_MEM_LINES
`define WW_FPGA_MEM_LINES 4096
`endif
`ifndef WW_FPGA_GATE_GPU_CLK
`define WW_FPGA_GATE_GPU_CLK 0
`endif
module ww_fpga_top #(
  parameter CLKS_PER_BIT = `WW_FPGA_CLKS_PER_BIT,
  parameter MEM_LINES    = `WW_FPGA_MEM_LINES,
  parameter GATE_GPU_CLK = `WW_FPGA_GATE_GPU_CLK,
  parameter MEM_LATENCY  = 2,
  parameter MEM_SDRAM    = 0,
  parameter SD_BANK_W    = 2,
  parameter SD_ROW_W     = 13,
  parameter SD_COL_W     = 9,
  parameter SD_T_INIT    = 2600,
  parameter SD_T_REFI    = 90,
  parameter MAX_PAYLOAD  = 256,
  parameter RX_TIMEOUT   = CLKS_PER_BIT * 10 * 32,
  parameter NUM_SM       = `WW_NUM_SM,
  parameter NUM_PART     = `WW_NUM_PART,
  parameter WARPS        = `WW_WARPS_PER_SM,
  parameter LANES        = `WW_LANES,
  parameter LINE_BYTES   = `WW_LINE_BYTES,
  parameter IMEM_BYTES   = `WW_IMEM_BYTES
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire uart_rx_i,
  output wire uart_tx_o,
  output wire led_busy_o,
  output wire led_done_o,
  output wire led_trap_o,
  // the SDRAM (MEM_SDRAM = 1)
  output wire                 sd_cke_o,
  output wire                 sd_cs_no,
  output wire                 sd_ras_no,
  output wire                 sd_cas_no,
  output wire                 sd_we_no,
  output wire [SD_BANK_W-1:0] sd_ba_o,
  output wire [SD_ROW_W-1:0]  sd_a_o,
  output wire [1:0]           sd_dqm_o,
  output wire [15:0]          sd_dq_o,
  output wire                 sd_dq_oe_o,
  input  wire [15:0]          sd_dq_i
);

  localparam LB      = LINE_BYTES * 8;
  localparam WORDS   = LINE_BYTES / 4;
  localparam LINE_W  = 32 - $clog2(LINE_BYTES);
  localparam SM_W    = (NUM_SM > 1) ? $clog2(NUM_SM) : 1;
  localparam PART_W  = (NUM_PART > 1) ? $clog2(NUM_PART) : 1;
  localparam WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam IMEM_AW = $clog2(IMEM_BYTES / 4);
  localparam TMC_W   = $clog2(`WW_TM_CNT_N);
  localparam BUF_AW  = $clog2(MAX_PAYLOAD / 4);
  // the lines the memory holds (INFO tells the host)
  localparam SD_LINES   = (1 << (SD_BANK_W + SD_ROW_W + SD_COL_W)) * 2 / LINE_BYTES;
  localparam HELD_LINES = MEM_SDRAM ? SD_LINES : MEM_LINES;

  // ---- UART and frames ----------------------------------------------------------
  wire       rx_valid, rx_err;
  wire [7:0] rx_data;
  wire       tx_valid, tx_ready;
  wire [7:0] tx_data;

  ww_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_uart_rx (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .rx_i        (uart_rx_i),
    .valid_o     (rx_valid),
    .data_o      (rx_data),
    .frame_err_o (rx_err)
  );

  ww_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_uart_tx (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (tx_valid),
    .data_i  (tx_data),
    .ready_o (tx_ready),
    .tx_o    (uart_tx_o)
  );

  wire              f_valid, f_crc_ok, f_len_ok, f_ready;
  wire [7:0]        f_seq, f_cmd;
  wire [15:0]       f_len;
  wire [BUF_AW-1:0] buf_raddr;
  wire [31:0]       buf_rdata;

  ww_hl_rx #(.MAX_PAYLOAD(MAX_PAYLOAD), .TIMEOUT(RX_TIMEOUT)) u_hl_rx (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .rx_valid_i    (rx_valid),
    .rx_data_i     (rx_data),
    .ready_i       (f_ready),
    .frame_valid_o (f_valid),
    .seq_o         (f_seq),
    .cmd_o         (f_cmd),
    .len_o         (f_len),
    .crc_ok_o      (f_crc_ok),
    .len_ok_o      (f_len_ok),
    .buf_raddr_i   (buf_raddr),
    .buf_rdata_o   (buf_rdata)
  );

  wire        r_start, r_idle, r_wvalid, r_wready;
  wire [7:0]  r_seq, r_status;
  wire [15:0] r_len;
  wire [31:0] r_word;

  ww_hl_tx u_hl_tx (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .start_i      (r_start),
    .seq_i        (r_seq),
    .status_i     (r_status),
    .len_i        (r_len),
    .idle_o       (r_idle),
    .word_valid_i (r_wvalid),
    .word_i       (r_word),
    .word_ready_o (r_wready),
    .tx_valid_o   (tx_valid),
    .tx_data_o    (tx_data),
    .tx_ready_i   (tx_ready)
  );

  // ---- the executor -------------------------------------------------------------
  wire                        m_valid, m_ready, m_we, m_rsp_valid, mem_oor;
  wire [WORDS-1:0]            m_wmask;
  wire [LINE_W-1:0]           m_line;
  wire [LB-1:0]               m_data, m_rsp_data;
  wire                        imem_we;
  wire [IMEM_AW-1:0]          imem_waddr;
  wire [31:0]                 imem_wdata;
  wire [31:0]                 entry_pc, grid, block, kargs, tx_watchdog;
  wire [`WW_HL_LF_W-1:0]      flags;
  wire [`WW_DET_QCNT_W-1:0]   det_quantum;
  wire                        hold, gpu_busy, start, abort;
  wire [`WW_HL_STATE_W-1:0]   state;
  wire [4:0]                  run_idx;
  wire [31:0]                 run_word;
  wire [SM_W-1:0]             gsi_rd_sm;
  wire [4:0]                  gsi_rd_idx;
  wire [31:0]                 gsi_rd_data, tm_rd_data, det_rd_data;
  wire [PART_W-1:0]           tm_rd_part;
  wire [TMC_W-1:0]            tm_rd_idx;
  wire [`WW_DETC_W-1:0]       det_rd_idx;

  ww_hostlink #(
    .NUM_SM       (NUM_SM),
    .NUM_PART     (NUM_PART),
    .WARPS        (WARPS),
    .LANES        (LANES),
    .LINE_BYTES   (LINE_BYTES),
    .IMEM_BYTES   (IMEM_BYTES),
    .MEM_LINES    (HELD_LINES),
    .MAX_PAYLOAD  (MAX_PAYLOAD),
    .CLKS_PER_BIT (CLKS_PER_BIT)
  ) u_hostlink (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .frame_valid_i    (f_valid),
    .seq_i            (f_seq),
    .cmd_i            (f_cmd),
    .len_i            (f_len),
    .crc_ok_i         (f_crc_ok),
    .len_ok_i         (f_len_ok),
    .frame_ready_o    (f_ready),
    .buf_raddr_o      (buf_raddr),
    .buf_rdata_i      (buf_rdata),
    .rsp_start_o      (r_start),
    .rsp_seq_o        (r_seq),
    .rsp_status_o     (r_status),
    .rsp_len_o        (r_len),
    .rsp_idle_i       (r_idle),
    .rsp_word_valid_o (r_wvalid),
    .rsp_word_o       (r_word),
    .rsp_word_ready_i (r_wready),
    .m_req_valid_o    (m_valid),
    .m_req_ready_i    (m_ready),
    .m_req_we_o       (m_we),
    .m_req_wmask_o    (m_wmask),
    .m_req_line_o     (m_line),
    .m_req_data_o     (m_data),
    .m_rsp_valid_i    (m_rsp_valid),
    .m_rsp_data_i     (m_rsp_data),
    .imem_we_o        (imem_we),
    .imem_waddr_o     (imem_waddr),
    .imem_wdata_o     (imem_wdata),
    .entry_pc_o       (entry_pc),
    .grid_o           (grid),
    .block_o          (block),
    .kargs_o          (kargs),
    .flags_o          (flags),
    .tx_watchdog_o    (tx_watchdog),
    .det_quantum_o    (det_quantum),
    .hold_o           (hold),
    .gpu_busy_o       (gpu_busy),
    .start_o          (start),
    .abort_o          (abort),
    .state_i          (state),
    .run_idx_o        (run_idx),
    .run_word_i       (run_word),
    .gsi_rd_sm_o      (gsi_rd_sm),
    .gsi_rd_idx_o     (gsi_rd_idx),
    .gsi_rd_data_i    (gsi_rd_data),
    .tm_rd_part_o     (tm_rd_part),
    .tm_rd_idx_o      (tm_rd_idx),
    .tm_rd_data_i     (tm_rd_data),
    .det_rd_idx_o     (det_rd_idx),
    .det_rd_data_i    (det_rd_data)
  );

  // ---- the GPU ---------------------------------------------------------------------
  // its clock runs while the host link launches a kernel or writes the
  // instruction memory, and while the kernel runs
  wire gpu_clk, gpu_en;
  ww_fpga_clkgate #(.GATE(GATE_GPU_CLK)) u_clkgate (
    .clk_i (clk_i),
    .en_i  (gpu_busy || state == `WW_HL_STATE_BUSY),
    .clk_o (gpu_clk),
    .en_o  (gpu_en)
  );

  wire                              gpu_rst_n, busy, done, det_ovf, launch_valid;
  wire [NUM_PART-1:0]               d_req_valid, d_req_ready, d_req_we, d_rsp_valid;
  wire [NUM_PART*LINE_W-1:0]        d_req_line;
  wire [NUM_PART*LB-1:0]            d_req_data, d_rsp_data;
  wire [NUM_SM-1:0]                 ret_valid, trap_valid;
  wire [NUM_SM*LANES-1:0]           ret_mask, trap_mask;
  wire [NUM_SM*`WW_TRAP_W-1:0]      trap_kind;
  wire [NUM_SM*WID_W-1:0]           trap_warp;
  wire [NUM_SM*32-1:0]              trap_block, trap_pc, trap_insn, trap_addr;
  wire [NUM_SM*6-1:0]               trap_lane;

  // the co-simulation and observation ports the host link does not use are
  // left open on purpose
  /* verilator lint_off PINCONNECTEMPTY */
  ww_gpu #(
    .NUM_SM     (NUM_SM),
    .NUM_PART   (NUM_PART),
    .WARPS      (WARPS),
    .LANES      (LANES),
    .LINE_BYTES (LINE_BYTES),
    .IMEM_BYTES (IMEM_BYTES)
  ) u_gpu (
    .clk_i            (gpu_clk),
    .rst_ni           (gpu_rst_n),
    .start_i          (start),
    .entry_pc_i       (entry_pc),
    .grid_i           (grid),
    .block_i          (block),
    .kargs_i          (kargs),
    .scord_en_i       (flags[`WW_HL_LF_SCORD_EN_LSB]),
    .scord_cached_i   (flags[`WW_HL_LF_SCORD_CACHED_LSB]),
    .tx_watchdog_i    (tx_watchdog),
    .det_en_i         (flags[`WW_HL_LF_DET_EN_LSB]),
    .det_quantum_i    (det_quantum),
    .det_wser_i       (flags[`WW_HL_LF_DET_WSER_LSB]),
    .det_lock_i       (flags[`WW_HL_LF_DET_LOCK_LSB]),
    .det_dwp_i        (flags[`WW_HL_LF_DET_DWP_LSB]),
    .busy_o           (busy),
    .done_o           (done),
    .imem_we_i        (imem_we),
    .imem_waddr_i     (imem_waddr),
    .imem_wdata_i     (imem_wdata),
    .launch_valid_o   (launch_valid),
    .launch_sm_o      (),
    .launch_ctaid_o   (),
    .dram_req_valid_o (d_req_valid),
    .dram_req_ready_i (d_req_ready),
    .dram_req_we_o    (d_req_we),
    .dram_req_line_o  (d_req_line),
    .dram_req_data_o  (d_req_data),
    .dram_rsp_valid_i (d_rsp_valid),
    .dram_rsp_data_i  (d_rsp_data),
    .ret_valid_o      (ret_valid),
    .ret_warp_o       (),
    .ret_block_o      (),
    .ret_pc_o         (),
    .ret_insn_o       (),
    .ret_mask_o       (ret_mask),
    .ret_rd_o         (),
    .ret_mem_o        (),
    .ret_mem_bytes_o  (),
    .ret_rd_val_o     (),
    .ret_addr_o       (),
    .ret_wdata_o      (),
    .trap_valid_o     (trap_valid),
    .trap_kind_o      (trap_kind),
    .trap_warp_o      (trap_warp),
    .trap_block_o     (trap_block),
    .trap_mask_o      (trap_mask),
    .trap_pc_o        (trap_pc),
    .trap_insn_o      (trap_insn),
    .trap_lane_o      (trap_lane),
    .trap_addr_o      (trap_addr),
    .stall_o          (),
    .gsi_rd_sm_i      (gsi_rd_sm),
    .gsi_rd_idx_i     (gsi_rd_idx),
    .gsi_rd_data_o    (gsi_rd_data),
    .part_req_valid_o (),
    .part_req_src_o   (),
    .part_req_sb_o    (),
    .sched_mode_i     (`WW_SCHED_NORMAL),
    .serial_wid_i     ({WID_W{1'b0}}),
    .tm_fin_valid_o   (),
    .tm_fin_wid_o     (),
    .tm_fin_lane_o    (),
    .tm_fin_cid_o     (),
    .tm_fin_pass_o    (),
    .tm_fin_wd_o      (),
    .tm_wd_valid_o    (),
    .tm_wd_wid_o      (),
    .tm_wd_abort_o    (),
    .tm_pkt_o         (),
    .tm_rd_part_i     (tm_rd_part),
    .tm_rd_idx_i      (tm_rd_idx),
    .tm_rd_data_o     (tm_rd_data),
    .det_rd_idx_i     (det_rd_idx),
    .det_rd_data_o    (det_rd_data),
    .det_ovf_o        (det_ovf),
    .l1_cov_o         (),
    .l2_cov_o         ()
  );
  /* verilator lint_on PINCONNECTEMPTY */

  ww_hl_run #(
    .NUM_SM (NUM_SM),
    .WARPS  (WARPS),
    .LANES  (LANES)
  ) u_run (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .hold_i         (hold),
    .start_i        (start),
    .abort_i        (abort),
    .gpu_rst_no     (gpu_rst_n),
    .busy_i         (busy),
    .done_i         (done),
    .det_ovf_i      (det_ovf),
    .mem_oor_i      (mem_oor),
    .ret_valid_i    (ret_valid),
    .ret_mask_i     (ret_mask),
    .launch_valid_i (launch_valid),
    .trap_valid_i   (trap_valid),
    .trap_kind_i    (trap_kind),
    .trap_warp_i    (trap_warp),
    .trap_block_i   (trap_block),
    .trap_mask_i    (trap_mask),
    .trap_pc_i      (trap_pc),
    .trap_insn_i    (trap_insn),
    .trap_lane_i    (trap_lane),
    .trap_addr_i    (trap_addr),
    .state_o        (state),
    .word_idx_i     (run_idx),
    .word_o         (run_word)
  );

  generate
    if (MEM_SDRAM) begin : g_sdram
      ww_fpga_sdram #(
        .NUM_PART   (NUM_PART),
        .LINE_BYTES (LINE_BYTES),
        .BANK_W     (SD_BANK_W),
        .ROW_W      (SD_ROW_W),
        .COL_W      (SD_COL_W),
        .T_INIT     (SD_T_INIT),
        .T_REFI     (SD_T_REFI)
      ) u_mem (
        .clk_i         (clk_i),
        .rst_ni        (rst_ni),
        .req_valid_i   (d_req_valid & {NUM_PART{gpu_en}}),   // a stopped GPU asks nothing
        .req_ready_o   (d_req_ready),
        .req_we_i      (d_req_we),
        .req_line_i    (d_req_line),
        .req_data_i    (d_req_data),
        .rsp_valid_o   (d_rsp_valid),
        .rsp_data_o    (d_rsp_data),
        .h_req_valid_i (m_valid),
        .h_req_ready_o (m_ready),
        .h_req_we_i    (m_we),
        .h_req_wmask_i (m_wmask),
        .h_req_line_i  (m_line),
        .h_req_data_i  (m_data),
        .h_rsp_valid_o (m_rsp_valid),
        .h_rsp_data_o  (m_rsp_data),
        .oor_o         (mem_oor),
        .sd_cke_o      (sd_cke_o),
        .sd_cs_no      (sd_cs_no),
        .sd_ras_no     (sd_ras_no),
        .sd_cas_no     (sd_cas_no),
        .sd_we_no      (sd_we_no),
        .sd_ba_o       (sd_ba_o),
        .sd_a_o        (sd_a_o),
        .sd_dqm_o      (sd_dqm_o),
        .sd_dq_o       (sd_dq_o),
        .sd_dq_oe_o    (sd_dq_oe_o),
        .sd_dq_i       (sd_dq_i)
      );
    end else begin : g_bram
      ww_fpga_mem #(
        .NUM_PART   (NUM_PART),
        .LINE_BYTES (LINE_BYTES),
        .MEM_LINES  (MEM_LINES),
        .LATENCY    (MEM_LATENCY)
      ) u_mem (
        .clk_i         (clk_i),
        .rst_ni        (rst_ni),
        .req_valid_i   (d_req_valid & {NUM_PART{gpu_en}}),   // a stopped GPU asks nothing
        .req_ready_o   (d_req_ready),
        .req_we_i      (d_req_we),
        .req_line_i    (d_req_line),
        .req_data_i    (d_req_data),
        .rsp_valid_o   (d_rsp_valid),
        .rsp_data_o    (d_rsp_data),
        .h_req_valid_i (m_valid),
        .h_req_ready_o (m_ready),
        .h_req_we_i    (m_we),
        .h_req_wmask_i (m_wmask),
        .h_req_line_i  (m_line),
        .h_req_data_i  (m_data),
        .h_rsp_valid_o (m_rsp_valid),
        .h_rsp_data_o  (m_rsp_data),
        .oor_o         (mem_oor)
      );
      // no SDRAM: its pins idle (deselected, clock enable low, bus released)
      assign sd_cke_o   = 1'b0;
      assign sd_cs_no   = 1'b1;
      assign sd_ras_no  = 1'b1;
      assign sd_cas_no  = 1'b1;
      assign sd_we_no   = 1'b1;
      assign sd_ba_o    = {SD_BANK_W{1'b0}};
      assign sd_a_o     = {SD_ROW_W{1'b0}};
      assign sd_dqm_o   = 2'b11;
      assign sd_dq_o    = 16'd0;
      assign sd_dq_oe_o = 1'b0;
      wire unused_sd_dq = &{1'b0, sd_dq_i};
    end
  endgenerate

  // a framing error drops the byte; the frame's CRC or timeout handles it
  wire unused_rx_err = rx_err;
  wire unused_flags  = flags[`WW_HL_LF_IMEM_LSB];

  assign led_busy_o = state == `WW_HL_STATE_BUSY;
  assign led_done_o = state == `WW_HL_STATE_DONE;
  assign led_trap_o = state == `WW_HL_STATE_TRAP;

endmodule  // ww_fpga_top
`default_nettype wire
