// SPDX-License-Identifier: Apache-2.0
//
// ww_sdram_model -- simulation-only behavioural model of a single-data-rate
// SDRAM (like the ULX3S's AS4C16M16SA) that also checks the JEDEC SDR
// command protocol and timing, for the SDRAM simulator server
// (ww-fpga-sim-sdram, sw/fpga/ww_fpga_sim_sdram.v) and the test bench
// tb/fpga/tb_fpga_sdram.v. Everything is sampled on the rising edge of clk_i. Burst length 1 only: a WRITE
// takes dq_i (lanes whose DQM bit is low) in the command's own cycle; a
// READ's word (lanes whose DQM bit, sampled with the READ, is high read as
// 0) is driven on dq_o with dq_drive_o high CL cycles after the command
// (a CL-deep register pipeline; stage 1 loads at the READ's edge). The
// memory starts all zero; bd_addr_i = {bank,row,col} reads it directly.
// Checks (on the first violation error_o goes high, error_code_o keeps the
// code and a line is $displayed with the cycle count since reset; the
// model then goes on best-effort and never stops the simulation):
//   0x01 cke_i low after reset
//   0x02 a command other than NOP within T_INIT cycles of reset
//   0x03 init order: PRECHARGE ALL, >= 2 AUTO REFRESH, LOAD MODE, and
//        only then ACTIVE/READ/WRITE
//   0x04 unsupported command (BURST TERMINATE)
//   0x05 unsupported mode (A[2:0] != 0 (BL1), A3 != 0, A[6:4] != CL,
//        A[8:7] != 0)
//   0x06 a command other than NOP within T_RFC of AUTO REFRESH
//   0x07 a command other than NOP within T_MRD of LOAD MODE
//   0x08 ACTIVE to a bank that is already active
//   0x09 ACTIVE within T_RP of that bank's precharge (explicit, or auto:
//        READ+A10 starts it the next cycle, WRITE+A10 T_WR cycles later)
//   0x0a READ/WRITE to a bank that is not active
//   0x0b READ/WRITE within T_RCD of the bank's ACTIVE
//   0x0c AUTO REFRESH while a bank is active or precharging
//   0x0d LOAD MODE while a bank is active or precharging
//   0x0e more than T_REFI cycles between AUTO REFRESHes once initialized
//        (counted from the initializing LOAD MODE for the first)
//   0x0f bus conflict: dq_oe_i while the model drives dq
//   0x10 PRECHARGE of an active bank within T_WR of a WRITE to it
//   0x11 WRITE with a DQM lane enabled but dq_oe_i low (no write data)
// Parameters: DQ_W (a multiple of 8), BANK_W >= 1, ROW_W > 10 >= COL_W,
// CL >= 1, and the timings in cycles of clk_i (see the list below).

`default_nettype none
module ww_sdram_model #(
  parameter DQ_W     = 16,   // data bits (DQ_W/8 byte lanes, one DQM bit each)
  parameter BANK_W   = 2,
  parameter ROW_W    = 13,
  parameter COL_W    = 9,    // the address bus is ROW_W bits wide (ROW_W > 10 >= COL_W; A10 is the auto-precharge / all-banks bit)
  parameter CL       = 2,    // CAS latency the controller must program
  parameter T_RCD    = 2,    // cycles ACTIVE -> READ/WRITE same bank (minimum, in this clock)
  parameter T_RP     = 2,    // cycles PRECHARGE (or auto precharge start) -> ACTIVE same bank / REFRESH
  parameter T_RFC    = 8,    // cycles AUTO REFRESH -> any command but NOP
  parameter T_WR     = 2,    // cycles after the last write data before its auto precharge may start
  parameter T_MRD    = 2,    // cycles LOAD MODE -> any command but NOP
  parameter T_INIT   = 100,  // cycles of NOP required after reset before the first command
  parameter T_REFI   = 1000  // most cycles between two AUTO REFRESH commands once initialized
) (
  input  wire                 clk_i,      // the SDRAM's clock
  input  wire                 rst_ni,     // the test bench's reset (synchronous, active low): clears state and errors
  input  wire                 cke_i,
  input  wire                 cs_ni,
  input  wire                 ras_ni,
  input  wire                 cas_ni,
  input  wire                 we_ni,
  input  wire [BANK_W-1:0]    ba_i,
  input  wire [ROW_W-1:0]     a_i,
  input  wire [DQ_W/8-1:0]    dqm_i,
  input  wire [DQ_W-1:0]      dq_i,       // data the controller drives
  input  wire                 dq_oe_i,    // the controller drives dq
  output wire [DQ_W-1:0]      dq_o,       // data the SDRAM drives
  output wire                 dq_drive_o, // the SDRAM drives dq this cycle
  output wire                 error_o,    // sticky: a protocol or timing rule was broken since reset
  output wire [7:0]           error_code_o, // the first broken rule's code (0 none), sticky
  output wire [31:0]          refreshes_o, // AUTO REFRESH commands seen since reset
  // back door for the test bench: read one DQ_W word at word address {bank,row,col}
  input  wire [BANK_W+ROW_W+COL_W-1:0] bd_addr_i,
  output wire [DQ_W-1:0]      bd_data_o
);

  localparam AW    = BANK_W + ROW_W + COL_W;
  localparam DEPTH = 1 << AW;
  localparam NB    = 1 << BANK_W;
  localparam LANES = DQ_W / 8;

  localparam [7:0] E_CKE = 8'h01, E_INIT_WAIT = 8'h02, E_INIT_ORDER = 8'h03,
                   E_UNSUP = 8'h04, E_MODE = 8'h05, E_RFC = 8'h06,
                   E_MRD = 8'h07, E_ACT_OPEN = 8'h08, E_RP = 8'h09,
                   E_IDLE = 8'h0a, E_RCD = 8'h0b, E_REF_BUSY = 8'h0c,
                   E_LMR_BUSY = 8'h0d, E_REFI = 8'h0e, E_BUS = 8'h0f,
                   E_WR = 8'h10, E_WDATA = 8'h11;

  // initialization progress
  localparam [2:0] I_PALL = 3'd0, I_REF0 = 3'd1, I_REF1 = 3'd2,
                   I_LMR = 3'd3, I_DONE = 3'd4;

  function [8*40-1:0] rule_name(input [7:0] c);
    case (c)
      E_CKE:        rule_name = "CKE low";
      E_INIT_WAIT:  rule_name = "command within T_INIT of reset";
      E_INIT_ORDER: rule_name = "initialization order";
      E_UNSUP:      rule_name = "unsupported command";
      E_MODE:       rule_name = "unsupported mode register value";
      E_RFC:        rule_name = "command within T_RFC of AUTO REFRESH";
      E_MRD:        rule_name = "command within T_MRD of LOAD MODE";
      E_ACT_OPEN:   rule_name = "ACTIVE to an active bank";
      E_RP:         rule_name = "ACTIVE within T_RP of precharge";
      E_IDLE:       rule_name = "READ/WRITE to a bank not active";
      E_RCD:        rule_name = "READ/WRITE within T_RCD of ACTIVE";
      E_REF_BUSY:   rule_name = "AUTO REFRESH with a bank not idle";
      E_LMR_BUSY:   rule_name = "LOAD MODE with a bank not idle";
      E_REFI:       rule_name = "more than T_REFI without AUTO REFRESH";
      E_BUS:        rule_name = "bus conflict on dq";
      E_WR:         rule_name = "PRECHARGE within T_WR of WRITE";
      E_WDATA:      rule_name = "WRITE without write data driven";
      default:      rule_name = "?";
    endcase
  endfunction

  // ---- command decode
  wire [2:0] cmd    = {ras_ni, cas_ni, we_ni};
  wire       cmd_v  = rst_ni && cke_i && !cs_ni && (cmd != 3'b111);
  wire       is_act = cmd_v && (cmd == 3'b011);
  wire       is_rd  = cmd_v && (cmd == 3'b101);
  wire       is_wr  = cmd_v && (cmd == 3'b100);
  wire       is_pre = cmd_v && (cmd == 3'b010);
  wire       is_ref = cmd_v && (cmd == 3'b001);
  wire       is_lmr = cmd_v && (cmd == 3'b000);
  wire       is_bst = cmd_v && (cmd == 3'b110);
  wire       a10    = a_i[10];
  wire [NB-1:0] bsel = {{(NB-1){1'b0}}, 1'b1} << ba_i;
  wire       mode_ok = (a_i[3:0] == 4'd0) && ({29'd0, a_i[6:4]} == CL) &&
                       (a_i[8:7] == 2'd0);

  // ---- global state
  reg [31:0] cyc_q;        // rising edges since reset
  reg [2:0]  init_q;
  reg [31:0] rfc_rdy_q;    // first cycle a command may follow the last AUTO REFRESH
  reg [31:0] mrd_rdy_q;    // ... the last LOAD MODE
  reg [31:0] last_ref_q;   // cycle of the last AUTO REFRESH (or initializing LOAD MODE)
  reg [31:0] refs_q;
  reg        err_q;
  reg [7:0]  code_q;

  // ---- per-bank state: open row and "ready at cycle" comparators
  wire [NB-1:0]       act_w;     // bank active (row open)
  wire [NB-1:0]       busy_w;    // active or still precharging
  wire [NB-1:0]       rp_ok_w;   // T_RP since the precharge began
  wire [NB-1:0]       rcd_ok_w;  // T_RCD since the ACTIVE
  wire [NB-1:0]       wr_ok_w;   // T_WR since the last WRITE
  wire [NB*ROW_W-1:0] row_w;

  genvar b;
  generate
    for (b = 0; b < NB; b = b + 1) begin : g_bank
      reg             act_q;
      reg [ROW_W-1:0] row_q;
      reg [31:0]      rcd_rdy_q, rp_rdy_q, wr_rdy_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          act_q     <= 1'b0;
          row_q     <= {ROW_W{1'b0}};
          rcd_rdy_q <= 32'd0;
          rp_rdy_q  <= 32'd0;
          wr_rdy_q  <= 32'd0;
        end else if (is_act && bsel[b]) begin
          act_q     <= 1'b1;
          row_q     <= a_i;
          rcd_rdy_q <= cyc_q + T_RCD;
        end else if (is_pre && (a10 || bsel[b]) && (act_q || init_q == I_PALL)) begin
          act_q    <= 1'b0;
          rp_rdy_q <= cyc_q + T_RP;
        end else if (is_rd && bsel[b] && a10 && act_q) begin
          act_q    <= 1'b0;
          rp_rdy_q <= cyc_q + 1 + T_RP;          // BL1: precharge starts next cycle
        end else if (is_wr && bsel[b]) begin
          wr_rdy_q <= cyc_q + T_WR;
          if (a10 && act_q) begin
            act_q    <= 1'b0;
            rp_rdy_q <= cyc_q + T_WR + T_RP;     // precharge starts T_WR later
          end
        end
      end
      assign act_w[b]    = act_q;
      assign rp_ok_w[b]  = cyc_q >= rp_rdy_q;
      assign busy_w[b]   = act_q || !rp_ok_w[b];
      assign rcd_ok_w[b] = cyc_q >= rcd_rdy_q;
      assign wr_ok_w[b]  = cyc_q >= wr_rdy_q;
      assign row_w[b*ROW_W +: ROW_W] = row_q;
    end
  endgenerate

  // ---- memory and data path
  reg  [DQ_W-1:0] mem_q [0:DEPTH-1];
  reg  [DQ_W-1:0] lane_w;                      // 1 = lane enabled (DQM low)
  wire [AW-1:0]   addr = {ba_i, row_w[ba_i*ROW_W +: ROW_W], a_i[COL_W-1:0]};
  wire [DQ_W-1:0] rd_word = mem_q[addr] & lane_w;
  integer l;
  always @* begin
    for (l = 0; l < LANES; l = l + 1) lane_w[8*l +: 8] = {8{~dqm_i[l]}};
  end

  // read pipeline: stage 1 is the low slice; the top slice of the shifted
  // vector is the last stage, what the model drives
  reg  [CL*DQ_W-1:0]     rd_d_q;
  reg  [CL-1:0]          rd_v_q;
  wire [(CL+1)*DQ_W-1:0] rd_d_sh = {rd_d_q, is_rd ? rd_word : {DQ_W{1'b0}}};
  wire [CL:0]            rd_v_sh = {rd_v_q, is_rd};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_v_q <= {CL{1'b0}};
      rd_d_q <= {CL*DQ_W{1'b0}};
    end else begin
      rd_v_q <= rd_v_sh[CL-1:0];
      rd_d_q <= rd_d_sh[CL*DQ_W-1:0];
    end
    if (rst_ni && is_wr && act_w[ba_i])
      mem_q[addr] <= (dq_i & lane_w) | (mem_q[addr] & ~lane_w);
  end

  integer i;
  initial begin
    for (i = 0; i < DEPTH; i = i + 1) mem_q[i[AW-1:0]] = {DQ_W{1'b0}};
  end

  // ---- protocol and timing checks: the first broken rule this cycle
  reg [7:0] viol;
  always @* begin
    viol = 8'd0;
    if (!rst_ni)                          viol = 8'd0;
    else if (!cke_i)                      viol = E_CKE;
    else if (dq_oe_i && dq_drive_o)       viol = E_BUS;
    else if (cmd_v) begin
      if (cyc_q < T_INIT)                 viol = E_INIT_WAIT;
      else if (is_bst)                    viol = E_UNSUP;
      else if ((init_q == I_PALL && !(is_pre && a10)) ||
               (init_q != I_DONE && (is_act || is_rd || is_wr)) ||
               (init_q < I_LMR && is_lmr))
                                          viol = E_INIT_ORDER;
      else if (cyc_q < rfc_rdy_q)         viol = E_RFC;
      else if (cyc_q < mrd_rdy_q)         viol = E_MRD;
      else if (is_act && act_w[ba_i])     viol = E_ACT_OPEN;
      else if (is_act && !rp_ok_w[ba_i])  viol = E_RP;
      else if ((is_rd || is_wr) && !act_w[ba_i])   viol = E_IDLE;
      else if ((is_rd || is_wr) && !rcd_ok_w[ba_i]) viol = E_RCD;
      else if (is_wr && !dq_oe_i && !(&dqm_i))     viol = E_WDATA;
      else if (is_pre && |(act_w & (a10 ? {NB{1'b1}} : bsel) & ~wr_ok_w))
                                          viol = E_WR;
      else if (is_ref && |busy_w)         viol = E_REF_BUSY;
      else if (is_lmr && |busy_w)         viol = E_LMR_BUSY;
      else if (is_lmr && !mode_ok)        viol = E_MODE;
    end
    if (viol == 8'd0 && rst_ni && init_q == I_DONE && cyc_q - last_ref_q > T_REFI)
      viol = E_REFI;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cyc_q      <= 32'd0;
      init_q     <= I_PALL;
      rfc_rdy_q  <= 32'd0;
      mrd_rdy_q  <= 32'd0;
      last_ref_q <= 32'd0;
      refs_q     <= 32'd0;
      err_q      <= 1'b0;
      code_q     <= 8'd0;
    end else begin
      cyc_q <= cyc_q + 32'd1;
      if (is_pre && a10 && init_q == I_PALL) init_q <= I_REF0;
      if (is_ref) begin
        refs_q     <= refs_q + 32'd1;
        rfc_rdy_q  <= cyc_q + T_RFC;
        last_ref_q <= cyc_q;
        if (init_q == I_REF0 || init_q == I_REF1) init_q <= init_q + 3'd1;
      end
      if (is_lmr) begin
        mrd_rdy_q <= cyc_q + T_MRD;
        if (init_q == I_LMR) begin
          init_q     <= I_DONE;
          last_ref_q <= cyc_q;
        end
      end
      if (viol != 8'd0 && !err_q) begin
        err_q  <= 1'b1;
        code_q <= viol;
        $display("%m: cycle %0d: SDRAM rule 0x%02h broken: %0s", cyc_q, viol,
                 rule_name(viol));
      end
    end
  end

  assign dq_o         = rd_d_sh[(CL+1)*DQ_W-1 -: DQ_W];
  assign dq_drive_o   = rd_v_sh[CL];
  assign error_o      = err_q;
  assign error_code_o = code_q;
  assign refreshes_o  = refs_q;
  assign bd_data_o    = mem_q[bd_addr_i];

endmodule  // ww_sdram_model
`default_nettype wire
