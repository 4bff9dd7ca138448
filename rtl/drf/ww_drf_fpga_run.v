// SPDX-License-Identifier: Apache-2.0
//
// ww_drf_fpga_run -- runs the DRF tester (ww_drf_top) on an FPGA without a
// host (docs/fpga_flow.md "The DRF tester on the board"): one run after
// another from seed SEED0 on, each on zeroed memory and freshly reset
// caches, until a run fails or RUNS runs passed (RUNS = 0: forever). The
// paper's tester (the autonomous DRF GPU testing paper, sec. III) on real
// hardware: a run per a few milliseconds at 25 MHz.
//   1. zero memory: CLEAR_LINES lines from CLEAR_LINE through the memory's
//      host port (mem_*: whole-line writes of zeros, one per accepted cycle);
//   2. reset the tester's top for 4 cycles (t_rst_no low): the caches and
//      the crossbar forget the last run;
//   3. start it (start_o, one cycle) with seed_o and the parameters' run
//      settings (EPISODES, EPI_LEN, RANGE, WATCHDOG), wait for done_i;
//   4. read the status words (rd_idx_o; the data one cycle later) and send
//      a report line through ww_hex_line (rep_*): tag 'P' (passed) or 'F'
//      (failed), then seed, KIND, CYCLES, EPISODES, WF, LANE, EPISODE, ADDR,
//      EXPECT, GOT (WW_DRF_* of ww_proto.vh; the failure fields are those
//      of the last failure, or of none);
//   5. a failed run halts (the line shows the seed that replays it with
//      drf_run), a passing one goes on with the next seed.
// running_o: not halted; failed_o: a run failed; runs_o: runs passed.
// Parameters: as above; LINE_W the memory's line number width.

`default_nettype none
`include "ww_proto.vh"
module ww_drf_fpga_run #(
  parameter LINE_W      = 27,
  parameter [31:0] SEED0    = 32'd1,
  parameter [15:0] EPISODES = 16'd16,
  parameter [15:0] EPI_LEN  = 16'd16,
  parameter [4:0]  RANGE    = 5'd10,
  parameter [31:0] WATCHDOG = 32'd20000,
  parameter [31:0] RUNS     = 32'd0,
  parameter [LINE_W-1:0] CLEAR_LINE = {LINE_W{1'b0}},
  parameter [LINE_W-1:0] CLEAR_LINES = 1
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // the tester's top
  output wire              t_rst_no,
  output wire              start_o,
  output wire [31:0]       seed_o,
  output wire [15:0]       episodes_o,
  output wire [15:0]       epi_len_o,
  output wire [31:0]       watchdog_o,
  output wire [4:0]        range_o,
  input  wire              done_i,
  input  wire              fail_i,
  output wire [5:0]        rd_idx_o,
  input  wire [31:0]       rd_data_i,
  // the memory's host port (writes of zero lines)
  output wire              mem_valid_o,
  input  wire              mem_ready_i,
  output wire [LINE_W-1:0] mem_line_o,
  // the report line (ww_hex_line)
  output wire              rep_start_o,
  output wire [7:0]        rep_tag_o,
  output wire [3:0]        rep_n_o,
  input  wire [3:0]        rep_idx_i,
  output wire [31:0]       rep_word_o,
  input  wire              rep_busy_i,
  // state
  output wire              running_o,
  output wire              failed_o,
  output wire [31:0]       runs_o
);

  localparam NW = 10;   // report words: the seed and 9 status words
  localparam [3:0] S_CLEAR = 4'd0, S_RST = 4'd1, S_START = 4'd2, S_RUN = 4'd3,
                   S_RDA = 4'd4, S_RDB = 4'd5, S_REP = 4'd6, S_REPW = 4'd7,
                   S_NEXT = 4'd8, S_HALT = 4'd9;

  reg [3:0]        st_q;
  reg [LINE_W-1:0] line_q;
  reg [2:0]        rcnt_q;
  reg [3:0]        k_q;            // report word being read (1..NW-1)
  reg [31:0]       seed_q, runs_q;
  reg              failed_q;
  reg [31:0]       rep_q [0:NW-1];

  // the status word index of report word k (word 0 is the seed)
  reg [5:0] idx;
  always @(*) begin
    case (k_q)
      4'd1:    idx = `WW_DRF_KIND;
      4'd2:    idx = `WW_DRF_CYCLES;
      4'd3:    idx = `WW_DRF_EPISODES;
      4'd4:    idx = `WW_DRF_WF;
      4'd5:    idx = `WW_DRF_LANE;
      4'd6:    idx = `WW_DRF_EPISODE;
      4'd7:    idx = `WW_DRF_ADDR;
      4'd8:    idx = `WW_DRF_EXPECT;
      default: idx = `WW_DRF_GOT;
    endcase
  end

  integer i;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q     <= S_CLEAR;
      line_q   <= {LINE_W{1'b0}};
      rcnt_q   <= 3'd0;
      k_q      <= 4'd1;
      seed_q   <= SEED0;
      runs_q   <= 32'd0;
      failed_q <= 1'b0;
      for (i = 0; i < NW; i = i + 1) begin
        rep_q[i] <= 32'd0;
      end
    end else begin
      case (st_q)
        S_CLEAR: if (mem_ready_i) begin
          line_q <= line_q + {{(LINE_W-1){1'b0}}, 1'b1};
          if (line_q == CLEAR_LINES - {{(LINE_W-1){1'b0}}, 1'b1}) begin
            st_q   <= S_RST;
            rcnt_q <= 3'd0;
          end
        end
        S_RST: begin
          rcnt_q <= rcnt_q + 3'd1;
          if (rcnt_q == 3'd3) st_q <= S_START;
        end
        S_START: st_q <= S_RUN;
        S_RUN: if (done_i) begin
          failed_q <= fail_i;
          rep_q[0] <= seed_q;
          k_q      <= 4'd1;
          st_q     <= S_RDA;
        end
        S_RDA: st_q <= S_RDB;               // rd_idx_o shows idx; the data next cycle
        S_RDB: begin
          rep_q[k_q] <= rd_data_i;
          k_q        <= k_q + 4'd1;
          st_q       <= (k_q == NW - 1) ? S_REP : S_RDA;
        end
        S_REP:  st_q <= S_REPW;             // rep_start_o; busy from the next cycle
        S_REPW: if (!rep_busy_i) st_q <= S_NEXT;
        S_NEXT: begin
          line_q <= {LINE_W{1'b0}};
          if (failed_q) begin
            st_q <= S_HALT;
          end else begin
            seed_q <= seed_q + 32'd1;
            runs_q <= runs_q + 32'd1;
            st_q   <= (RUNS != 32'd0 && runs_q + 32'd1 == RUNS) ? S_HALT : S_CLEAR;
          end
        end
        default: st_q <= S_HALT;
      endcase
    end
  end

  assign t_rst_no    = rst_ni && st_q != S_RST;
  assign start_o     = st_q == S_START;
  assign seed_o      = seed_q;
  assign episodes_o  = EPISODES;
  assign epi_len_o   = EPI_LEN;
  assign watchdog_o  = WATCHDOG;
  assign range_o     = RANGE;
  assign rd_idx_o    = idx;
  assign mem_valid_o = st_q == S_CLEAR;
  assign mem_line_o  = CLEAR_LINE + line_q;
  assign rep_start_o = st_q == S_REP;
  assign rep_tag_o   = failed_q ? 8'h46 : 8'h50;   // 'F', 'P'
  assign rep_n_o     = NW;
  assign rep_word_o  = (rep_idx_i < NW) ? rep_q[rep_idx_i] : 32'd0;
  assign running_o   = st_q != S_HALT;
  assign failed_o    = failed_q;
  assign runs_o      = runs_q;

endmodule  // ww_drf_fpga_run
`default_nettype wire
