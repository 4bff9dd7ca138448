// SPDX-License-Identifier: Apache-2.0
//
// ww_hostlink -- the host link's command executor (docs/fpga.md sec. 1
// "Commands", sec. 2): takes each request frame from ww_hl_rx, checks it
// (CRC, command, length, busy, range, arguments, in that order; the first
// failure is the response's status, `WW_HL_ST_*), executes it and answers
// through ww_hl_tx. One request at a time; the parser waits meanwhile.
//   INFO        the configuration words (below)
//   MEM_WRITE   addr, words...: through the memory's host port, word by word
//   MEM_READ    addr, bytes: the words, read one by one as the UART sends
//   MEM_FILL    addr, bytes (whole lines), even word, odd word: line writes
//   IMEM_WRITE  word index, words...: every SM's instruction memory (imem_*)
//   LAUNCH      entry pc, grid, block, kargs, flags (`WW_HL_LF_*), KILO TM
//               watchdog, GPUDet quantum: the GPU is held in reset
//               RESET_CYCLES cycles and given L2_SETS + 2 more to clear its
//               L2 tags (as sw/sim/ww_vgpu.cpp does), with `WW_HL_LF_IMEM
//               every SM's instruction memory is loaded from global memory
//               at CODE_BASE, then the start pulse; the answer follows it.
//               A LAUNCH whose SEQ is that of the last request executed is a
//               retry whose answer was lost: it is answered, not executed.
//   STATUS      ww_hl_run's words 0..7;  TRAP: its words 8..16
//   COUNTERS    bank (`WW_HL_BANK_*), SM or partition, first, count (one
//               byte each): the GPU's counters through gsi_rd_* / tm_rd_* /
//               det_rd_* (combinational reads)
//   ABORT       stops a running kernel (the GPU is held in reset)
// Memory, instruction memory and LAUNCH are refused (BUSY) while a kernel
// runs. INFO words: 0 "WWHL", 1 version | MAX_PAYLOAD << 16,
// 2 NUM_SM | NUM_PART << 8 | WARPS << 16 | LANES << 24, 3 LINE_BYTES,
// 4 IMEM_BYTES, 5 memory bytes (MEM_LINES * LINE_BYTES), 6 GMEM_BYTES,
// 7 CODE_BASE, 8 CLKS_PER_BIT, 9 GSI | TM << 8 | GPUDet << 16 counter counts.
// Parameters: as ww_gpu and ww_fpga_mem; MAX_PAYLOAD as ww_hl_rx, 64..1020.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_hostlink #(
  parameter NUM_SM       = `WW_NUM_SM,
  parameter NUM_PART     = `WW_NUM_PART,
  parameter WARPS        = `WW_WARPS_PER_SM,
  parameter LANES        = `WW_LANES,
  parameter LINE_BYTES   = `WW_LINE_BYTES,
  parameter IMEM_BYTES   = `WW_IMEM_BYTES,
  parameter CODE_BASE    = `WW_CODE_BASE,
  parameter GMEM_BYTES   = `WW_GMEM_BYTES,
  parameter L2_SETS      = `WW_L2_SETS,
  parameter MEM_LINES    = 4096,
  parameter MAX_PAYLOAD  = 256,
  parameter CLKS_PER_BIT = 217,
  parameter RESET_CYCLES = 4,
  parameter SM_W         = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter PART_W       = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter TMC_W        = $clog2(`WW_TM_CNT_N),
  parameter IMEM_AW      = $clog2(IMEM_BYTES / 4),
  parameter LINE_W       = 32 - $clog2(LINE_BYTES),
  parameter WORDS        = LINE_BYTES / 4,
  parameter BUF_AW       = $clog2(MAX_PAYLOAD / 4)
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  // request frames (ww_hl_rx)
  input  wire                         frame_valid_i,
  input  wire [7:0]                   seq_i,
  input  wire [7:0]                   cmd_i,
  input  wire [15:0]                  len_i,
  input  wire                         crc_ok_i,
  input  wire                         len_ok_i,
  output wire                         frame_ready_o,
  output reg  [BUF_AW-1:0]            buf_raddr_o,
  input  wire [31:0]                  buf_rdata_i,
  // responses (ww_hl_tx)
  output wire                         rsp_start_o,
  output wire [7:0]                   rsp_seq_o,
  output wire [7:0]                   rsp_status_o,
  output wire [15:0]                  rsp_len_o,
  input  wire                         rsp_idle_i,
  output wire                         rsp_word_valid_o,
  output reg  [31:0]                  rsp_word_o,
  input  wire                         rsp_word_ready_i,
  // the memory's host port (ww_fpga_mem)
  output wire                         m_req_valid_o,
  input  wire                         m_req_ready_i,
  output wire                         m_req_we_o,
  output wire [WORDS-1:0]             m_req_wmask_o,
  output wire [LINE_W-1:0]            m_req_line_o,
  output wire [LINE_BYTES*8-1:0]      m_req_data_o,
  input  wire                         m_rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0]      m_rsp_data_i,
  // instruction memory, the launch registers, run control (ww_hl_run)
  output wire                         imem_we_o,
  output wire [IMEM_AW-1:0]           imem_waddr_o,
  output wire [31:0]                  imem_wdata_o,
  output wire [31:0]                  entry_pc_o,
  output wire [31:0]                  grid_o,
  output wire [31:0]                  block_o,
  output wire [31:0]                  kargs_o,
  output wire [`WW_HL_LF_W-1:0]       flags_o,
  output wire [31:0]                  tx_watchdog_o,
  output wire [`WW_DET_QCNT_W-1:0]    det_quantum_o,
  output wire                         hold_o,
  output wire                         gpu_busy_o,     // launching or writing the imem: the GPU needs its clock
  output wire                         start_o,
  output wire                         abort_o,
  input  wire [`WW_HL_STATE_W-1:0]    state_i,
  output wire [4:0]                   run_idx_o,
  input  wire [31:0]                  run_word_i,
  // counters of the GPU
  output wire [SM_W-1:0]              gsi_rd_sm_o,
  output wire [4:0]                   gsi_rd_idx_o,
  input  wire [31:0]                  gsi_rd_data_i,
  output wire [PART_W-1:0]            tm_rd_part_o,
  output wire [TMC_W-1:0]             tm_rd_idx_o,
  input  wire [31:0]                  tm_rd_data_i,
  output wire [`WW_DETC_W-1:0]        det_rd_idx_o,
  input  wire [31:0]                  det_rd_data_i
);

  localparam LB         = LINE_BYTES * 8;
  localparam NARG       = 7;                       // argument words read first
  localparam WOFF_W     = (WORDS > 1) ? $clog2(WORDS) : 1;
  localparam [32:0] MEM_BYTES = MEM_LINES * LINE_BYTES;
  localparam [32:0] IMEM_WORDS = IMEM_BYTES / 4;
  localparam [31:0] MAX_BLOCK  = WARPS * LANES;
  localparam [31:0] IMEM_LINES = IMEM_BYTES / LINE_BYTES;
  localparam [31:0] CODE_LINE  = CODE_BASE / LINE_BYTES;
  localparam [31:0] CLEAR_CYC  = L2_SETS + 2;
  localparam [31:0] RST_CYC    = RESET_CYCLES;
  localparam [31:0] LBYTES     = LINE_BYTES;
  localparam [15:0] MAXP       = MAX_PAYLOAD;
  localparam SEL_W = (SM_W > PART_W) ? SM_W : PART_W;
  localparam [31:0] MAGIC      = 32'h4C485757;     // "WWHL", little-endian
  localparam [15:0] VERSION    = 16'd1;

  // executor states
  localparam [3:0] E_IDLE  = 4'd0;   // wait for a frame
  localparam [3:0] E_ARGS  = 4'd1;   // read the first NARG payload words
  localparam [3:0] E_CHECK = 4'd2;   // decide the status
  localparam [3:0] E_MWR   = 4'd3;   // MEM_WRITE: a word to memory
  localparam [3:0] E_FILL  = 4'd4;   // MEM_FILL: a line
  localparam [3:0] E_IWR   = 4'd5;   // IMEM_WRITE: a word
  localparam [3:0] E_RST   = 4'd6;   // LAUNCH: GPU in reset
  localparam [3:0] E_CLR   = 4'd7;   // LAUNCH: L2 tags clear
  localparam [3:0] E_ILD   = 4'd8;   // LAUNCH: read an instruction line
  localparam [3:0] E_IST   = 4'd9;   // LAUNCH: its words to the imem
  localparam [3:0] E_START = 4'd10;  // LAUNCH: the start pulse
  localparam [3:0] E_RSP   = 4'd11;  // start the response
  localparam [3:0] E_SEND  = 4'd12;  // its payload words
  localparam [3:0] E_DONE  = 4'd13;  // wait for the framer to finish
  // response word sources
  localparam [2:0] SRC_NONE = 3'd0, SRC_INFO = 3'd1, SRC_MEM = 3'd2, SRC_RUN = 3'd3,
                   SRC_CNT = 3'd4;

  reg [3:0]   st_q;
  reg [7:0]   seq_q, cmd_q, status_q;
  reg [15:0]  len_q;
  reg         crc_ok_q, len_ok_q;
  reg [31:0]  arg_q [0:NARG-1];
  reg [3:0]   ai_q;                  // argument words requested
  reg [15:0]  n_q;                   // loop counter (words, lines, cycles)
  reg [31:0]  ptr_q;                 // word address / line / imem index
  reg [15:0]  rlen_q;                // response payload bytes
  reg [2:0]   src_q;
  reg [7:0]   widx_q;                // response words sent
  reg         skip_q;                // the payload buffer's address just changed
  reg [31:0]  cyc_q;
  reg         pend_q;                // a memory request is waiting for ready
  reg         rdwait_q;              // a memory read is waiting for its answer
  reg         hold_valid_q;          // MEM_READ: the next word is in hold_q
  reg [31:0]  hold_q;
  reg [LB-1:0] line_q;               // LAUNCH: the instruction line
  reg [WOFF_W:0] lw_q;               // its word being written
  reg         last_seq_valid_q;
  reg [7:0]   last_seq_q;
  // the launch registers
  reg [31:0]  l_entry_q, l_grid_q, l_block_q, l_kargs_q, l_txwd_q;
  reg [`WW_HL_LF_W-1:0]    l_flags_q;
  reg [`WW_DET_QCNT_W-1:0] l_quantum_q;
  reg         start_q, abort_q;
  // memory request registers
  reg         m_we_q;
  reg [WORDS-1:0] m_wmask_q;
  reg [LINE_W-1:0] m_line_q;
  reg [LB-1:0] m_data_q;
  // imem write registers
  reg          iw_we_q;
  reg [IMEM_AW-1:0] iw_addr_q;
  reg [31:0]   iw_data_q;
  // counters read
  reg [7:0]    c_bank_q;
  reg [SEL_W-1:0] c_sel_q;
  reg [4:0]    c_first_q;

  // ---- checks (E_CHECK) ------------------------------------------------------
  wire [31:0] a0 = arg_q[0], a1 = arg_q[1];
  wire [15:0] nwords = len_q >> 2;
  wire        aligned = len_q[1:0] == 2'b00;
  reg         known, len_good, busy_refused;
  always @(*) begin
    known = 1'b1;
    len_good = 1'b0;
    case (cmd_q)
      `WW_HL_CMD_INFO:       len_good = len_q == 16'd0;
      `WW_HL_CMD_MEM_WRITE:  len_good = aligned && len_q >= 16'd8;
      `WW_HL_CMD_MEM_READ:   len_good = len_q == 16'd8;
      `WW_HL_CMD_MEM_FILL:   len_good = len_q == 16'd16;
      `WW_HL_CMD_IMEM_WRITE: len_good = aligned && len_q >= 16'd8;
      `WW_HL_CMD_LAUNCH:     len_good = len_q == 16'd28;
      `WW_HL_CMD_STATUS:     len_good = len_q == 16'd0;
      `WW_HL_CMD_TRAP:       len_good = len_q == 16'd0;
      `WW_HL_CMD_COUNTERS:   len_good = len_q == 16'd4;
      `WW_HL_CMD_ABORT:      len_good = len_q == 16'd0;
      default:               known = 1'b0;
    endcase
    busy_refused = state_i == `WW_HL_STATE_BUSY &&
                   (cmd_q == `WW_HL_CMD_MEM_WRITE || cmd_q == `WW_HL_CMD_MEM_READ ||
                    cmd_q == `WW_HL_CMD_MEM_FILL || cmd_q == `WW_HL_CMD_IMEM_WRITE ||
                    cmd_q == `WW_HL_CMD_LAUNCH);
  end

  // COUNTERS: the bank's size and its selector's range
  wire [7:0] c_bank = a0[7:0], c_sel = a0[15:8], c_first = a0[23:16], c_count = a0[31:24];
  reg  [8:0] c_n, c_sels;
  always @(*) begin
    case (c_bank)
      `WW_HL_BANK_GSI: begin c_n = `WW_GSI_CNT_N; c_sels = NUM_SM; end
      `WW_HL_BANK_TM:  begin c_n = `WW_TM_CNT_N;  c_sels = NUM_PART; end
      `WW_HL_BANK_DET: begin c_n = `WW_DETC_N;    c_sels = 9'd1; end
      default:         begin c_n = 9'd0;          c_sels = 9'd0; end
    endcase
  end

  // range and argument checks: ADDR_RANGE / BAD_ARG, or OK
  reg [7:0] arg_status;
  wire [32:0] wr_end   = {1'b0, a0} + {17'd0, len_q} - 33'd4;
  wire [32:0] rd_end   = {1'b0, a0} + {1'b0, a1};
  wire [32:0] iw_end   = {1'b0, a0} + {17'd0, nwords} - 33'd1;
  always @(*) begin
    arg_status = `WW_HL_ST_OK;
    case (cmd_q)
      `WW_HL_CMD_MEM_WRITE: begin
        if (a0[1:0] != 2'b00) arg_status = `WW_HL_ST_BAD_ARG;
        else if (wr_end > MEM_BYTES) arg_status = `WW_HL_ST_ADDR_RANGE;
      end
      `WW_HL_CMD_MEM_READ: begin
        if (a0[1:0] != 2'b00 || a1[1:0] != 2'b00 || a1 == 32'd0 || a1 > {16'd0, MAXP})
          arg_status = `WW_HL_ST_BAD_ARG;
        else if (rd_end > MEM_BYTES) arg_status = `WW_HL_ST_ADDR_RANGE;
      end
      `WW_HL_CMD_MEM_FILL: begin
        if ((a0 % LBYTES) != 32'd0 || (a1 % LBYTES) != 32'd0 || a1 == 32'd0)
          arg_status = `WW_HL_ST_BAD_ARG;
        else if (rd_end > MEM_BYTES) arg_status = `WW_HL_ST_ADDR_RANGE;
      end
      `WW_HL_CMD_IMEM_WRITE: begin
        if (iw_end > IMEM_WORDS) arg_status = `WW_HL_ST_ADDR_RANGE;
      end
      `WW_HL_CMD_LAUNCH: begin
        if (a0[1:0] != 2'b00 || a1 == 32'd0 || arg_q[2] == 32'd0 || arg_q[2] > MAX_BLOCK ||
            arg_q[6] == 32'd0 || arg_q[6] >= (32'd1 << `WW_DET_QCNT_W))
          arg_status = `WW_HL_ST_BAD_ARG;
      end
      `WW_HL_CMD_COUNTERS: begin
        if (c_n == 9'd0 || {1'b0, c_sel} >= c_sels || c_count == 8'd0 ||
            {1'b0, c_first} + {1'b0, c_count} > c_n || {6'd0, c_count, 2'b00} > MAXP)
          arg_status = `WW_HL_ST_BAD_ARG;
      end
      default: arg_status = `WW_HL_ST_OK;
    endcase
  end

  // ---- response words ---------------------------------------------------------
  reg [31:0] info_word;
  always @(*) begin
    case (widx_q)
      8'd0:    info_word = MAGIC;
      8'd1:    info_word = {MAXP, VERSION};
      8'd2:    info_word = NUM_SM | (NUM_PART << 8) | (WARPS << 16) | (LANES << 24);
      8'd3:    info_word = LINE_BYTES;
      8'd4:    info_word = IMEM_BYTES;
      8'd5:    info_word = MEM_BYTES[31:0];
      8'd6:    info_word = GMEM_BYTES;
      8'd7:    info_word = CODE_BASE;
      8'd8:    info_word = CLKS_PER_BIT;
      8'd9:    info_word = `WW_GSI_CNT_N | (`WW_TM_CNT_N << 8) | (`WW_DETC_N << 16);
      default: info_word = 32'd0;
    endcase
  end
  wire [4:0] c_idx = c_first_q + widx_q[4:0];
  always @(*) begin
    case (src_q)
      SRC_INFO: rsp_word_o = info_word;
      SRC_MEM:  rsp_word_o = hold_q;
      SRC_RUN:  rsp_word_o = run_word_i;
      SRC_CNT:  rsp_word_o = (c_bank_q == `WW_HL_BANK_GSI) ? gsi_rd_data_i
                           : (c_bank_q == `WW_HL_BANK_TM)  ? tm_rd_data_i : det_rd_data_i;
      default:  rsp_word_o = 32'd0;
    endcase
  end
  assign rsp_word_valid_o = st_q == E_SEND && (src_q != SRC_MEM || hold_valid_q);
  wire   word_taken       = rsp_word_valid_o && rsp_word_ready_i;
  wire   [7:0] rwords     = rlen_q[9:2];

  // ---- the executor ------------------------------------------------------------
  wire m_fire = pend_q && m_req_ready_i;
  integer i;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q             <= E_IDLE;
      pend_q           <= 1'b0;
      rdwait_q         <= 1'b0;
      hold_valid_q     <= 1'b0;
      iw_we_q          <= 1'b0;
      start_q          <= 1'b0;
      abort_q          <= 1'b0;
      last_seq_valid_q <= 1'b0;
      l_flags_q        <= {`WW_HL_LF_W{1'b0}};
      src_q            <= SRC_NONE;
    end else begin
      start_q <= 1'b0;
      abort_q <= 1'b0;
      iw_we_q <= 1'b0;
      if (m_fire) begin
        pend_q <= 1'b0;
        rdwait_q <= !m_we_q;
      end
      if (m_rsp_valid_i) begin
        rdwait_q <= 1'b0;
      end
      case (st_q)
        E_IDLE: begin
          if (frame_valid_i) begin
            seq_q       <= seq_i;
            cmd_q       <= cmd_i;
            len_q       <= len_i;
            crc_ok_q    <= crc_ok_i;
            len_ok_q    <= len_ok_i;
            ai_q        <= 4'd0;
            buf_raddr_o <= {BUF_AW{1'b0}};
            st_q        <= E_ARGS;
          end
        end
        E_ARGS: begin
          // word ai_q - 1 arrives while word ai_q is asked for
          if (ai_q != 4'd0) begin
            arg_q[ai_q[2:0] - 3'd1] <= buf_rdata_i;
          end
          ai_q        <= ai_q + 4'd1;
          buf_raddr_o <= buf_raddr_o + 1'b1;
          if (ai_q == NARG[3:0]) begin
            st_q <= E_CHECK;
          end
        end
        E_CHECK: begin
          rlen_q <= 16'd0;
          src_q  <= SRC_NONE;
          widx_q <= 8'd0;
          skip_q <= 1'b1;
          st_q   <= E_RSP;
          if (!crc_ok_q) begin
            status_q <= `WW_HL_ST_BAD_CRC;
          end else if (!known) begin
            status_q <= `WW_HL_ST_BAD_CMD;
          end else if (!len_ok_q || !len_good) begin
            status_q <= `WW_HL_ST_BAD_LEN;
          end else if (busy_refused) begin
            status_q <= `WW_HL_ST_BUSY;
          end else if (arg_status != `WW_HL_ST_OK) begin
            status_q <= arg_status;
          end else begin
            status_q <= `WW_HL_ST_OK;
            last_seq_valid_q <= 1'b1;
            last_seq_q       <= seq_q;
            case (cmd_q)
              `WW_HL_CMD_INFO: begin
                src_q  <= SRC_INFO;
                rlen_q <= 16'd40;
              end
              `WW_HL_CMD_MEM_WRITE: begin
                ptr_q       <= a0 >> 2;
                n_q         <= nwords - 16'd1;
                buf_raddr_o <= {{(BUF_AW - 1){1'b0}}, 1'b1};
                st_q        <= E_MWR;
              end
              `WW_HL_CMD_MEM_READ: begin
                src_q        <= SRC_MEM;
                rlen_q       <= a1[15:0];
                ptr_q        <= a0 >> 2;
                hold_valid_q <= 1'b0;
              end
              `WW_HL_CMD_MEM_FILL: begin
                ptr_q <= a0 / LBYTES;
                n_q   <= 16'd0;
                cyc_q <= a1 / LBYTES;
                st_q  <= E_FILL;
              end
              `WW_HL_CMD_IMEM_WRITE: begin
                ptr_q       <= a0;
                n_q         <= nwords - 16'd1;
                buf_raddr_o <= {{(BUF_AW - 1){1'b0}}, 1'b1};
                st_q        <= E_IWR;
              end
              `WW_HL_CMD_LAUNCH: begin
                if (!(last_seq_valid_q && last_seq_q == seq_q)) begin
                  l_entry_q   <= a0;
                  l_grid_q    <= a1;
                  l_block_q   <= arg_q[2];
                  l_kargs_q   <= arg_q[3];
                  l_flags_q   <= arg_q[4][`WW_HL_LF_W-1:0];
                  l_txwd_q    <= arg_q[5];
                  l_quantum_q <= arg_q[6][`WW_DET_QCNT_W-1:0];
                  cyc_q       <= RST_CYC;
                  st_q        <= E_RST;
                end
              end
              `WW_HL_CMD_STATUS: begin
                src_q  <= SRC_RUN;
                rlen_q <= 16'd32;
              end
              `WW_HL_CMD_TRAP: begin
                src_q  <= SRC_RUN;
                rlen_q <= 16'd36;
              end
              `WW_HL_CMD_COUNTERS: begin
                src_q     <= SRC_CNT;
                rlen_q    <= {6'd0, c_count, 2'b00};
                c_bank_q  <= c_bank;
                c_sel_q   <= c_sel[SEL_W-1:0];
                c_first_q <= c_first[4:0];
              end
              default: begin  // ABORT
                abort_q <= 1'b1;
              end
            endcase
          end
        end
        E_MWR: begin
          // a buffer word is on buf_rdata_i the second cycle after its address
          skip_q <= 1'b0;
          if (!pend_q && !m_fire && !skip_q) begin
            m_we_q    <= 1'b1;
            m_line_q  <= ptr_q[LINE_W-1+WOFF_W:WOFF_W];
            m_wmask_q <= {{(WORDS - 1){1'b0}}, 1'b1} << ptr_q[WOFF_W-1:0];
            m_data_q  <= {WORDS{buf_rdata_i}};
            pend_q    <= 1'b1;
          end else if (m_fire) begin
            ptr_q       <= ptr_q + 32'd1;
            n_q         <= n_q - 16'd1;
            buf_raddr_o <= buf_raddr_o + 1'b1;
            skip_q      <= 1'b1;
            if (n_q == 16'd1) begin
              st_q <= E_RSP;
            end
          end
        end
        E_FILL: begin
          if (!pend_q && !m_fire) begin
            m_we_q    <= 1'b1;
            m_line_q  <= ptr_q[LINE_W-1:0];
            m_wmask_q <= {WORDS{1'b1}};
            for (i = 0; i < WORDS; i = i + 1) begin
              m_data_q[i * 32 +: 32] <= (i % 2 == 0) ? arg_q[2] : arg_q[3];
            end
            pend_q <= 1'b1;
          end else if (m_fire) begin
            ptr_q <= ptr_q + 32'd1;
            cyc_q <= cyc_q - 32'd1;
            if (cyc_q == 32'd1) begin
              st_q <= E_RSP;
            end
          end
        end
        E_IWR: begin
          // one word per two cycles: its data comes the second cycle after its address
          skip_q <= 1'b0;
          if (!skip_q) begin
            iw_we_q     <= 1'b1;
            iw_addr_q   <= ptr_q[IMEM_AW-1:0];
            iw_data_q   <= buf_rdata_i;
            ptr_q       <= ptr_q + 32'd1;
            buf_raddr_o <= buf_raddr_o + 1'b1;
            skip_q      <= 1'b1;
            n_q         <= n_q - 16'd1;
            if (n_q == 16'd1) begin
              st_q <= E_RSP;
            end
          end
        end
        E_RST: begin
          cyc_q <= cyc_q - 32'd1;
          if (cyc_q == 32'd1) begin
            cyc_q <= CLEAR_CYC;
            st_q  <= E_CLR;
          end
        end
        E_CLR: begin
          cyc_q <= cyc_q - 32'd1;
          if (cyc_q == 32'd1) begin
            ptr_q <= CODE_LINE;
            n_q   <= IMEM_LINES[15:0];
            st_q  <= l_flags_q[`WW_HL_LF_IMEM_LSB] ? E_ILD : E_START;
          end
        end
        E_ILD: begin
          if (!pend_q && !rdwait_q && !m_fire) begin
            m_we_q    <= 1'b0;
            m_line_q  <= ptr_q[LINE_W-1:0];
            m_wmask_q <= {WORDS{1'b0}};
            pend_q    <= 1'b1;
          end else if (m_rsp_valid_i) begin
            line_q <= m_rsp_data_i;
            lw_q   <= {(WOFF_W + 1){1'b0}};
            st_q   <= E_IST;
          end
        end
        E_IST: begin
          iw_we_q   <= 1'b1;
          iw_addr_q <= ((ptr_q[IMEM_AW-1:0] - CODE_LINE[IMEM_AW-1:0]) << WOFF_W) |
                       {{(IMEM_AW - WOFF_W - 1){1'b0}}, lw_q};
          iw_data_q <= line_q[31:0];
          line_q    <= line_q >> 32;
          lw_q      <= lw_q + 1'b1;
          if ({{(31 - WOFF_W){1'b0}}, lw_q} == WORDS - 1) begin
            ptr_q <= ptr_q + 32'd1;
            n_q   <= n_q - 16'd1;
            st_q  <= (n_q == 16'd1) ? E_START : E_ILD;
          end
        end
        E_START: begin
          start_q <= 1'b1;
          st_q    <= E_RSP;
        end
        E_RSP: begin
          if (rsp_idle_i && !start_q) begin
            st_q <= E_SEND;
          end
        end
        E_SEND: begin
          if (src_q == SRC_MEM && !hold_valid_q && !pend_q && !rdwait_q && !m_fire &&
              widx_q != rwords) begin
            m_we_q    <= 1'b0;
            m_line_q  <= ptr_q[LINE_W-1+WOFF_W:WOFF_W];
            m_wmask_q <= {WORDS{1'b0}};
            pend_q    <= 1'b1;
          end
          if (src_q == SRC_MEM && m_rsp_valid_i) begin
            hold_q       <= m_rsp_data_i[ptr_q[WOFF_W-1:0] * 32 +: 32];
            hold_valid_q <= 1'b1;
          end
          if (word_taken) begin
            widx_q       <= widx_q + 8'd1;
            ptr_q        <= ptr_q + 32'd1;
            hold_valid_q <= 1'b0;
          end
          if (widx_q == rwords) begin
            st_q <= E_DONE;
          end
        end
        default: begin  // E_DONE
          if (rsp_idle_i) begin
            st_q <= E_IDLE;
          end
        end
      endcase
    end
  end

  assign frame_ready_o  = st_q == E_IDLE;
  assign rsp_start_o    = st_q == E_RSP && rsp_idle_i && !start_q;
  assign rsp_seq_o      = seq_q;
  assign rsp_status_o   = status_q;
  assign rsp_len_o      = rlen_q;
  assign m_req_valid_o  = pend_q;
  assign m_req_we_o     = m_we_q;
  assign m_req_wmask_o  = m_wmask_q;
  assign m_req_line_o   = m_line_q;
  assign m_req_data_o   = m_data_q;
  assign imem_we_o      = iw_we_q;
  assign imem_waddr_o   = iw_addr_q;
  assign imem_wdata_o   = iw_data_q;
  assign entry_pc_o     = l_entry_q;
  assign grid_o         = l_grid_q;
  assign block_o        = l_block_q;
  assign kargs_o        = l_kargs_q;
  assign flags_o        = l_flags_q;
  assign tx_watchdog_o  = l_txwd_q;
  assign det_quantum_o  = l_quantum_q;
  assign hold_o         = st_q == E_RST;
  assign gpu_busy_o     = st_q == E_RST || st_q == E_CLR || st_q == E_ILD || st_q == E_IST ||
                          st_q == E_START || st_q == E_IWR || start_q;
  assign start_o        = start_q;
  assign abort_o        = abort_q;
  assign run_idx_o      = (cmd_q == `WW_HL_CMD_TRAP) ? 5'd8 + widx_q[4:0] : widx_q[4:0];
  assign gsi_rd_sm_o    = c_sel_q[SM_W-1:0];
  assign gsi_rd_idx_o   = c_idx;
  assign tm_rd_part_o   = c_sel_q[PART_W-1:0];
  assign tm_rd_idx_o    = c_idx[TMC_W-1:0];
  assign det_rd_idx_o   = c_idx[`WW_DETC_W-1:0];

endmodule  // ww_hostlink
`default_nettype wire
