// SPDX-License-Identifier: Apache-2.0
//
// tb_hl_link -- the host link without the GPU, for its random-frame test
// (tb/fpga/test_hl_link.c, docs/fpga.md sec. 5): the UART pair, the parser,
// the executor, the framer, the run control and a small ww_fpga_mem, at
// test-sized parameters. The GPU's side is the harness's: it drives busy,
// done, the retire and trap ports and watches the launch registers, the
// start pulse, the GPU reset and the instruction-memory writes. The
// counter read ports answer a formula the harness knows:
// bank << 24 | SM or partition << 16 | index << 8 | 0xDE.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module tb_hl_link #(
  parameter CLKS_PER_BIT = 4,
  parameter MEM_LINES    = 512,
  parameter MAX_PAYLOAD  = 64,
  parameter RX_TIMEOUT   = 320,
  parameter IMEM_BYTES   = 1024,
  parameter CODE_BASE    = 4096,
  parameter NUM_SM       = 2,
  parameter NUM_PART     = 2,
  parameter LANES        = 8,
  parameter WARPS        = 4,
  parameter LINE_BYTES   = 32,
  parameter WID_W        = 2,
  parameter IMEM_AW      = $clog2(IMEM_BYTES / 4)
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire                         uart_rx_i,
  output wire                         uart_tx_o,
  // the GPU's side, driven by the harness
  input  wire                         busy_i,
  input  wire                         done_i,
  input  wire [NUM_SM-1:0]            ret_valid_i,
  input  wire [NUM_SM*LANES-1:0]      ret_mask_i,
  input  wire                         launch_valid_i,
  input  wire                         det_ovf_i,
  input  wire [NUM_SM-1:0]            trap_valid_i,
  input  wire [31:0]                  trap_seed_i,    // every trap field derives from it
  output wire                         gpu_rst_no,
  output wire                         start_o,
  output wire [31:0]                  entry_pc_o,
  output wire [31:0]                  grid_o,
  output wire [31:0]                  block_o,
  output wire [31:0]                  kargs_o,
  output wire [`WW_HL_LF_W-1:0]       flags_o,
  output wire [31:0]                  tx_watchdog_o,
  output wire [`WW_DET_QCNT_W-1:0]    det_quantum_o,
  output wire                         imem_we_o,
  output wire [IMEM_AW-1:0]           imem_waddr_o,
  output wire [31:0]                  imem_wdata_o,
  output wire [`WW_HL_STATE_W-1:0]    state_o
);

  localparam LB     = LINE_BYTES * 8;
  localparam WORDS  = LINE_BYTES / 4;
  localparam LINE_W = 32 - $clog2(LINE_BYTES);
  localparam BUF_AW = $clog2(MAX_PAYLOAD / 4);
  localparam SM_W   = (NUM_SM > 1) ? $clog2(NUM_SM) : 1;
  localparam PART_W = (NUM_PART > 1) ? $clog2(NUM_PART) : 1;
  localparam TMC_W  = $clog2(`WW_TM_CNT_N);

  wire       rx_valid, rx_err, tx_valid, tx_ready;
  wire [7:0] rx_data, tx_data;
  ww_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_uart_rx (
    .clk_i (clk_i), .rst_ni (rst_ni), .rx_i (uart_rx_i),
    .valid_o (rx_valid), .data_o (rx_data), .frame_err_o (rx_err));
  ww_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_uart_tx (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (tx_valid), .data_i (tx_data),
    .ready_o (tx_ready), .tx_o (uart_tx_o));

  wire              f_valid, f_crc_ok, f_len_ok, f_ready;
  wire [7:0]        f_seq, f_cmd;
  wire [15:0]       f_len;
  wire [BUF_AW-1:0] buf_raddr;
  wire [31:0]       buf_rdata;
  ww_hl_rx #(.MAX_PAYLOAD(MAX_PAYLOAD), .TIMEOUT(RX_TIMEOUT)) u_hl_rx (
    .clk_i (clk_i), .rst_ni (rst_ni), .rx_valid_i (rx_valid), .rx_data_i (rx_data),
    .ready_i (f_ready), .frame_valid_o (f_valid), .seq_o (f_seq), .cmd_o (f_cmd),
    .len_o (f_len), .crc_ok_o (f_crc_ok), .len_ok_o (f_len_ok),
    .buf_raddr_i (buf_raddr), .buf_rdata_o (buf_rdata));

  wire        r_start, r_idle, r_wvalid, r_wready;
  wire [7:0]  r_seq, r_status;
  wire [15:0] r_len;
  wire [31:0] r_word;
  ww_hl_tx u_hl_tx (
    .clk_i (clk_i), .rst_ni (rst_ni), .start_i (r_start), .seq_i (r_seq),
    .status_i (r_status), .len_i (r_len), .idle_o (r_idle), .word_valid_i (r_wvalid),
    .word_i (r_word), .word_ready_o (r_wready), .tx_valid_o (tx_valid),
    .tx_data_o (tx_data), .tx_ready_i (tx_ready));

  wire                  m_valid, m_ready, m_we, m_rsp_valid, mem_oor;
  wire [WORDS-1:0]      m_wmask;
  wire [LINE_W-1:0]     m_line;
  wire [LB-1:0]         m_data, m_rsp_data;
  wire                  hold, gpu_busy, abort;
  wire [4:0]            run_idx;
  wire [31:0]           run_word;
  wire [SM_W-1:0]       gsi_sm;
  wire [4:0]            gsi_idx;
  wire [PART_W-1:0]     tm_part;
  wire [TMC_W-1:0]      tm_idx;
  wire [`WW_DETC_W-1:0] det_idx;
  // bank << 24 | SM or partition << 16 | index << 8 | 0xDE
  wire [31:0] gsi_data = {8'd0, 4'd0, {(4 - SM_W){1'b0}}, gsi_sm, 3'd0, gsi_idx, 8'hDE};
  wire [31:0] tm_data  = {8'd1, 4'd0, {(4 - PART_W){1'b0}}, tm_part, 4'd0, tm_idx, 8'hDE};
  wire [31:0] det_data = {8'd2, 8'd0, 4'd0, det_idx, 8'hDE};

  ww_hostlink #(
    .NUM_SM (NUM_SM), .NUM_PART (NUM_PART), .WARPS (WARPS), .LANES (LANES),
    .LINE_BYTES (LINE_BYTES), .IMEM_BYTES (IMEM_BYTES), .CODE_BASE (CODE_BASE),
    .MEM_LINES (MEM_LINES), .MAX_PAYLOAD (MAX_PAYLOAD), .CLKS_PER_BIT (CLKS_PER_BIT)
  ) u_hostlink (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .frame_valid_i (f_valid), .seq_i (f_seq), .cmd_i (f_cmd), .len_i (f_len),
    .crc_ok_i (f_crc_ok), .len_ok_i (f_len_ok), .frame_ready_o (f_ready),
    .buf_raddr_o (buf_raddr), .buf_rdata_i (buf_rdata),
    .rsp_start_o (r_start), .rsp_seq_o (r_seq), .rsp_status_o (r_status), .rsp_len_o (r_len),
    .rsp_idle_i (r_idle), .rsp_word_valid_o (r_wvalid), .rsp_word_o (r_word),
    .rsp_word_ready_i (r_wready),
    .m_req_valid_o (m_valid), .m_req_ready_i (m_ready), .m_req_we_o (m_we),
    .m_req_wmask_o (m_wmask), .m_req_line_o (m_line), .m_req_data_o (m_data),
    .m_rsp_valid_i (m_rsp_valid), .m_rsp_data_i (m_rsp_data),
    .imem_we_o (imem_we_o), .imem_waddr_o (imem_waddr_o), .imem_wdata_o (imem_wdata_o),
    .entry_pc_o (entry_pc_o), .grid_o (grid_o), .block_o (block_o), .kargs_o (kargs_o),
    .flags_o (flags_o), .tx_watchdog_o (tx_watchdog_o), .det_quantum_o (det_quantum_o),
    .hold_o (hold), .gpu_busy_o (gpu_busy), .start_o (start_o), .abort_o (abort),
    .state_i (state_o), .run_idx_o (run_idx), .run_word_i (run_word),
    .gsi_rd_sm_o (gsi_sm), .gsi_rd_idx_o (gsi_idx), .gsi_rd_data_i (gsi_data),
    .tm_rd_part_o (tm_part), .tm_rd_idx_o (tm_idx), .tm_rd_data_i (tm_data),
    .det_rd_idx_o (det_idx), .det_rd_data_i (det_data)
  );

  // every trap field from the seed: SM s's kind, warp, ... differ per SM
  wire [NUM_SM*`WW_TRAP_W-1:0] t_kind;
  wire [NUM_SM*WID_W-1:0]      t_warp;
  wire [NUM_SM*32-1:0]         t_block, t_pc, t_insn, t_addr;
  wire [NUM_SM*LANES-1:0]      t_mask;
  wire [NUM_SM*6-1:0]          t_lane;
  genvar s;
  generate
    for (s = 0; s < NUM_SM; s = s + 1) begin : g_trap
      wire [31:0] v = trap_seed_i ^ (32'h9E3779B9 * (s + 1));
      assign t_kind[s*`WW_TRAP_W +: `WW_TRAP_W] = v[`WW_TRAP_W-1:0];
      assign t_warp[s*WID_W +: WID_W]           = v[8 +: WID_W];
      assign t_block[s*32 +: 32]                = v ^ 32'h0000B10C;
      assign t_mask[s*LANES +: LANES]           = v[16 +: LANES];
      assign t_pc[s*32 +: 32]                   = {v[31:2], 2'b00};
      assign t_insn[s*32 +: 32]                 = ~v;
      assign t_lane[s*6 +: 6]                   = v[29:24];
      assign t_addr[s*32 +: 32]                 = v + 32'd1;
    end
  endgenerate

  wire [`WW_HL_STATE_W-1:0] state;
  ww_hl_run #(.NUM_SM (NUM_SM), .WARPS (WARPS), .LANES (LANES)) u_run (
    .clk_i (clk_i), .rst_ni (rst_ni), .hold_i (hold), .start_i (start_o), .abort_i (abort),
    .gpu_rst_no (gpu_rst_no), .busy_i (busy_i), .done_i (done_i), .det_ovf_i (det_ovf_i),
    .mem_oor_i (mem_oor), .ret_valid_i (ret_valid_i), .ret_mask_i (ret_mask_i),
    .launch_valid_i (launch_valid_i), .trap_valid_i (trap_valid_i), .trap_kind_i (t_kind),
    .trap_warp_i (t_warp), .trap_block_i (t_block), .trap_mask_i (t_mask), .trap_pc_i (t_pc),
    .trap_insn_i (t_insn), .trap_lane_i (t_lane), .trap_addr_i (t_addr),
    .state_o (state), .word_idx_i (run_idx), .word_o (run_word));
  assign state_o = state;

  // the memory; the GPU's ports are idle in this bench
  /* verilator lint_off PINCONNECTEMPTY */
  ww_fpga_mem #(.NUM_PART (NUM_PART), .LINE_BYTES (LINE_BYTES), .MEM_LINES (MEM_LINES)) u_mem (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .req_valid_i ({NUM_PART{1'b0}}), .req_ready_o (), .req_we_i ({NUM_PART{1'b0}}),
    .req_line_i ({NUM_PART*LINE_W{1'b0}}), .req_data_i ({NUM_PART*LB{1'b0}}),
    .rsp_valid_o (), .rsp_data_o (),
    .h_req_valid_i (m_valid), .h_req_ready_o (m_ready), .h_req_we_i (m_we),
    .h_req_wmask_i (m_wmask), .h_req_line_i (m_line), .h_req_data_i (m_data),
    .h_rsp_valid_o (m_rsp_valid), .h_rsp_data_o (m_rsp_data), .oor_o (mem_oor));
  /* verilator lint_on PINCONNECTEMPTY */

  wire unused = ^{rx_err, gpu_busy};

endmodule  // tb_hl_link
`default_nettype wire
