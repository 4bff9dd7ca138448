// SPDX-License-Identifier: Apache-2.0
//
// ww_sdram_ctrl -- line reads and writes on a single-data-rate SDRAM (the
// ULX3S's 32 MB, 16 bits wide), for the board's global memory in place of
// block RAM (docs/fpga.md sec. 4, docs/fpga_flow.md sec. 3; the command
// set and timing rules are JEDEC's SDR SDRAM, JESD21-C, as in the
// AS4C16M16SA data sheet).
//
// One request at a time on a ready/valid port like ww_fpga_mem's: a line
// (LINE_BYTES) read, answered by rsp_valid_o for one cycle with the line, or
// written under a word mask (no answer). ready_o is a register. A line is
// BEATS = LINE_BYTES * 8 / DQ_W consecutive columns of one row: word
// address {line, beat} = {row, bank, column}. Closed page: each request
// opens its row (ACTIVE), sends a READ or WRITE per beat on consecutive
// cycles (burst length 1: the mode register's), the last with auto
// precharge, then waits until the bank is idle again (write: T_WR + T_RP
// after the last beat; read: until the last beat is in, and T_RP).
// A line beyond the SDRAM (a line index of CAP_W bits or more) is not
// sent: a read answers zeros, a write is dropped, and oor_o stays high
// until reset (as ww_fpga_mem).
// Power-up (JEDEC): T_INIT cycles of NOP, PRECHARGE ALL, two AUTO REFRESH,
// LOAD MODE (burst length 1, sequential, CAS latency CL); then an AUTO
// REFRESH whenever T_REFI cycles have passed since the last one, before
// the next request. All SDRAM outputs are registers; the board gives the
// SDRAM the inverted clock, so it samples them half a cycle after they
// change and its read data, valid CL of its cycles after the READ, is
// sampled here RD_DELAY = CL edges after the READ left.
// The line is one shift register: a write sends its lowest DQ_W bits each
// beat and shifts right; a read's beats shift in at the top, so the line is
// in place after the last (no beat-indexed muxes over the line).
// Parameters: LINE_BYTES (power of two, >= DQ_W / 8 * 2), DQ_W (8, 16 or 32),
// BANK_W, ROW_W (> 10), COL_W (> log2 BEATS, <= 10), CL (2 or 3),
// RD_DELAY (>= 2), and the timing in cycles of this clock: T_RCD, T_RP,
// T_RFC, T_WR, T_MRD (each >= 1), T_INIT, T_REFI (< 2^16).

`default_nettype none
`include "ww_config.vh"
module ww_sdram_ctrl #(
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter DQ_W       = 16,
  parameter BANK_W     = 2,
  parameter ROW_W      = 13,
  parameter COL_W      = 9,
  parameter CL         = 2,
  parameter RD_DELAY   = CL,
  parameter T_RCD      = 2,
  parameter T_RP       = 2,
  parameter T_RFC      = 8,
  parameter T_WR       = 2,
  parameter T_MRD      = 2,
  parameter T_INIT     = 2600,     // 200 us at 12.5 MHz, and margin
  parameter T_REFI     = 90,       // 7.8 us at 12.5 MHz, less the longest request
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORDS      = LINE_BYTES / 4
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  // the line port
  input  wire                     req_valid_i,
  output wire                     req_ready_o,
  input  wire                     req_we_i,
  input  wire [WORDS-1:0]         req_wmask_i,
  input  wire [LINE_W-1:0]        req_line_i,
  input  wire [LINE_BYTES*8-1:0]  req_data_i,
  output wire                     rsp_valid_o,
  output wire [LINE_BYTES*8-1:0]  rsp_data_o,
  output wire                     oor_o,
  // the SDRAM (its clock is the board's: the inverted clk_i)
  output wire                     sd_cke_o,
  output wire                     sd_cs_no,
  output wire                     sd_ras_no,
  output wire                     sd_cas_no,
  output wire                     sd_we_no,
  output wire [BANK_W-1:0]        sd_ba_o,
  output wire [ROW_W-1:0]         sd_a_o,
  output wire [DQ_W/8-1:0]        sd_dqm_o,
  output wire [DQ_W-1:0]          sd_dq_o,
  output wire                     sd_dq_oe_o,
  input  wire [DQ_W-1:0]          sd_dq_i
);

  localparam LB      = LINE_BYTES * 8;
  localparam BEATS   = LB / DQ_W;
  localparam BEAT_W  = $clog2(BEATS);
  localparam WBEATS  = 32 / DQ_W;                        // beats of a 32-bit word
  localparam CAP_W   = ROW_W + BANK_W + COL_W - BEAT_W;  // line index bits the SDRAM holds
  localparam CNT_W   = 16;                               // the wait and refresh counters
  // the counters' values (32-bit integers first: a parameter may be an expression)
  localparam integer INIT_I  = T_INIT;
  localparam integer REFI_I  = T_REFI;
  localparam integer RCD_I   = T_RCD - 1;                // NOPs between ACTIVE and the first beat
  localparam integer RP_I    = T_RP - 1;
  localparam integer RFC_I   = T_RFC - 1;
  localparam integer MRD_I   = T_MRD - 1;
  localparam integer WRD_I   = T_WR + T_RP - 1;          // NOPs after the last write beat
  localparam integer RDD_I   = ((RD_DELAY > T_RP) ? RD_DELAY : T_RP) + 1;
  localparam [CNT_W-1:0] INIT_WAIT = INIT_I[CNT_W-1:0];
  localparam [CNT_W-1:0] REFI      = REFI_I[CNT_W-1:0];
`ifdef WW_MUTANT_SDRAM_RCD_SHORT
  localparam integer     RCD_M     = RCD_I - 1;          // MUTANT: the first beat a cycle early
  localparam [CNT_W-1:0] RCD_WAIT  = RCD_M[CNT_W-1:0];
`else
  localparam [CNT_W-1:0] RCD_WAIT  = RCD_I[CNT_W-1:0];
`endif
  localparam [CNT_W-1:0] RP_WAIT   = RP_I[CNT_W-1:0];
  localparam [CNT_W-1:0] RFC_WAIT  = RFC_I[CNT_W-1:0];
  localparam [CNT_W-1:0] MRD_WAIT  = MRD_I[CNT_W-1:0];
  localparam [CNT_W-1:0] WR_DONE   = WRD_I[CNT_W-1:0];
  localparam [CNT_W-1:0] RD_DONE   = RDD_I[CNT_W-1:0];
  localparam integer      LAST_I    = BEATS - 1;
  localparam [BEAT_W-1:0] LAST_BEAT = LAST_I[BEAT_W-1:0];
  localparam              WB_W      = $clog2(WBEATS);     // beat -> word: a shift

  // commands {ras_n, cas_n, we_n}
  localparam [2:0] C_NOP = 3'b111, C_ACT = 3'b011, C_READ = 3'b101, C_WRITE = 3'b100,
                   C_PRE = 3'b010, C_REF = 3'b001, C_MRS = 3'b000;
  // the mode register: burst length 1, sequential, CAS latency CL, bursts for writes too
  localparam [2:0]       CL3  = CL;
  localparam [ROW_W-1:0] MODE = {{(ROW_W-7){1'b0}}, CL3, 4'b0000};

  localparam [3:0] S_INIT = 4'd0, S_IPRE = 4'd1, S_IREF1 = 4'd2, S_IREF2 = 4'd3, S_IMRS = 4'd4,
                   S_IDLE = 4'd5, S_REF = 4'd6, S_ACT = 4'd7, S_BEAT = 4'd8, S_DONE = 4'd9;

  reg [3:0]       state_q;
  reg [CNT_W-1:0] wait_q;        // NOP cycles left before the state acts
  reg [CNT_W-1:0] refi_q;        // cycles since the last refresh
  reg             ready_q, oor_q;
  // the request in work
  reg             we_q;
  reg [WORDS-1:0] wmask_q;
  reg [LINE_W-1:0] line_q;
  reg [LB-1:0]    data_q;        // write data, shifted out; read data, shifted in
  reg [BEAT_W-1:0] beat_q;       // the next beat to send
  reg [RD_DELAY-1:0] rd_pipe_q;  // a READ left RD_DELAY - i edges ago at bit i
  reg             rsp_q;
  // the SDRAM's outputs
  reg [2:0]       cmd_q;
  reg [BANK_W-1:0] ba_q;
  reg [ROW_W-1:0] a_q;
  reg [DQ_W/8-1:0] dqm_q;
  reg [DQ_W-1:0]  dq_q;
  reg             dq_oe_q, cke_q;

  // the line's place: word address {line, beat} = {row, bank, column}
  wire [CAP_W-1:0]  cap_line = line_q[CAP_W-1:0];
  wire              in_range = (LINE_W > CAP_W) ? (line_q >> CAP_W) == {LINE_W{1'b0}} : 1'b1;
  wire [COL_W-1:0]  col_base = {cap_line[COL_W-BEAT_W-1:0], {BEAT_W{1'b0}}};
  wire [BANK_W-1:0] bank     = cap_line[COL_W-BEAT_W +: BANK_W];
  wire [ROW_W-1:0]  row      = cap_line[COL_W-BEAT_W+BANK_W +: ROW_W];
  wire [ROW_W-1:0]  col_addr = {{(ROW_W-COL_W){1'b0}}, col_base | {{(COL_W-BEAT_W){1'b0}}, beat_q}};
  wire              last     = beat_q == LAST_BEAT;
  // A10: auto precharge on the last beat
  wire [ROW_W-1:0]  ap_bit   = {{(ROW_W-11){1'b0}}, last, 10'd0};
  wire [BEAT_W-WB_W-1:0] beat_word = beat_q[BEAT_W-1:WB_W];   // the beat's 32-bit word
  wire              beat_on  = wmask_q[beat_word];
`ifdef WW_MUTANT_SDRAM_NO_REFRESH
  wire              refresh_due = 1'b0;                  // MUTANT: never refreshes
  wire              unused_refi = &{1'b0, refi_q};
`else
  wire              refresh_due = refi_q >= REFI;
`endif

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q   <= S_INIT;
      wait_q    <= INIT_WAIT;
      refi_q    <= {CNT_W{1'b0}};
      ready_q   <= 1'b0;
      oor_q     <= 1'b0;
      rsp_q     <= 1'b0;
      beat_q    <= {BEAT_W{1'b0}};
      rd_pipe_q <= {RD_DELAY{1'b0}};
      cmd_q     <= C_NOP;
      dq_oe_q   <= 1'b0;
      dqm_q     <= {(DQ_W/8){1'b1}};
      cke_q     <= 1'b1;
    end else begin
      // defaults: NOP, the bus released, a READ pipeline step
      cmd_q     <= C_NOP;
      dq_oe_q   <= 1'b0;
      dqm_q     <= {(DQ_W/8){1'b1}};
      rsp_q     <= 1'b0;
      rd_pipe_q <= {rd_pipe_q[RD_DELAY-2:0], 1'b0};
`ifdef WW_MUTANT_SDRAM_EARLY_CAPTURE
      if (rd_pipe_q[RD_DELAY-2]) begin                   // MUTANT: a cycle before the data
`else
      if (rd_pipe_q[RD_DELAY-1]) begin
`endif
        data_q <= {sd_dq_i, data_q[LB-1:DQ_W]};
      end
      if (state_q >= S_IDLE) refi_q <= refi_q + {{(CNT_W-1){1'b0}}, 1'b1};
      if (wait_q != {CNT_W{1'b0}}) begin
        wait_q <= wait_q - {{(CNT_W-1){1'b0}}, 1'b1};
      end else begin
        case (state_q)
          S_INIT: begin                          // power-up wait over: precharge all
            cmd_q   <= C_PRE;
            a_q     <= {{(ROW_W-11){1'b0}}, 1'b1, 10'd0};
            wait_q  <= RP_WAIT;
            state_q <= S_IPRE;
          end
          S_IPRE: begin
            cmd_q   <= C_REF;
            wait_q  <= RFC_WAIT;
            state_q <= S_IREF1;
          end
          S_IREF1: begin
            cmd_q   <= C_REF;
            wait_q  <= RFC_WAIT;
            state_q <= S_IREF2;
          end
          S_IREF2: begin
            cmd_q   <= C_MRS;
            ba_q    <= {BANK_W{1'b0}};
            a_q     <= MODE;
            wait_q  <= MRD_WAIT;
            state_q <= S_IMRS;
          end
          S_IMRS: begin
            refi_q  <= {CNT_W{1'b0}};
            ready_q <= 1'b1;
            state_q <= S_IDLE;
          end
          S_IDLE: begin
            if (ready_q && req_valid_i) begin    // take the request
              ready_q <= 1'b0;
              we_q    <= req_we_i;
              wmask_q <= req_wmask_i;
              line_q  <= req_line_i;
              data_q  <= req_data_i;
              state_q <= S_ACT;
            end else if (refresh_due) begin      // every bank is idle here
              cmd_q   <= C_REF;
              refi_q  <= {CNT_W{1'b0}};
              ready_q <= 1'b0;
              wait_q  <= RFC_WAIT;
              state_q <= S_REF;
            end
          end
          S_REF: begin
            ready_q <= 1'b1;
            state_q <= S_IDLE;
          end
          S_ACT: begin
            if (!in_range) begin                 // not sent: a read answers zeros
              oor_q   <= 1'b1;
              data_q  <= {LB{1'b0}};
              state_q <= S_DONE;
            end else begin
              cmd_q   <= C_ACT;
              ba_q    <= bank;
              a_q     <= row;
              beat_q  <= {BEAT_W{1'b0}};
              wait_q  <= RCD_WAIT;
              state_q <= S_BEAT;
            end
          end
          S_BEAT: begin                          // a READ or WRITE per cycle
            cmd_q <= we_q ? C_WRITE : C_READ;
            a_q   <= col_addr | ap_bit;
            if (we_q) begin
              dq_q    <= data_q[DQ_W-1:0];
              data_q  <= {{DQ_W{1'b0}}, data_q[LB-1:DQ_W]};
              dq_oe_q <= 1'b1;
`ifdef WW_MUTANT_SDRAM_DQM_INVERTED
              dqm_q   <= {(DQ_W/8){beat_on}};            // MUTANT: writes the masked words
`else
              dqm_q   <= {(DQ_W/8){!beat_on}};
`endif
            end else begin
              dqm_q   <= {(DQ_W/8){1'b0}};
              rd_pipe_q[0] <= 1'b1;
            end
            beat_q <= beat_q + {{(BEAT_W-1){1'b0}}, 1'b1};
            if (last) begin
              wait_q  <= we_q ? WR_DONE : RD_DONE;
              state_q <= S_DONE;
            end
          end
          S_DONE: begin                          // the bank is idle, the line in
            rsp_q   <= !we_q;
            ready_q <= !refresh_due;             // a due refresh goes first
            state_q <= S_IDLE;
          end
          default: state_q <= S_INIT;
        endcase
      end
    end
  end

  assign req_ready_o = ready_q;
  assign rsp_valid_o = rsp_q;
  assign rsp_data_o  = data_q;
  assign oor_o       = oor_q;
  assign sd_cke_o    = cke_q;
  assign sd_cs_no    = 1'b0;
  assign sd_ras_no   = cmd_q[2];
  assign sd_cas_no   = cmd_q[1];
  assign sd_we_no    = cmd_q[0];
  assign sd_ba_o     = ba_q;
  assign sd_a_o      = a_q;
  assign sd_dqm_o    = dqm_q;
  assign sd_dq_o     = dq_q;
  assign sd_dq_oe_o  = dq_oe_q;

endmodule  // ww_sdram_ctrl
`default_nettype wire
