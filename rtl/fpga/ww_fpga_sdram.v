// SPDX-License-Identifier: Apache-2.0
//
// ww_fpga_sdram -- the board's global memory in SDRAM (docs/fpga.md sec.
// 4): the ports of ww_fpga_mem (the GPU's partitions and the host link)
// granted round-robin (ww_mem_arb, the grant held while the controller is
// busy, so each waiting port is served in turn) onto one ww_sdram_ctrl. A
// port's ready is its grant and the controller's ready (both registers); the controller
// serves one line at a time, so a read's answer goes to the port whose
// request it took last. The partitions write whole lines, the host under
// its word mask. oor_o: a line beyond the SDRAM was accessed since reset.
// Parameters: NUM_PART >= 1, LINE_BYTES, and the SDRAM's geometry and
// timing (ww_sdram_ctrl's).

`default_nettype none
`include "ww_config.vh"
module ww_fpga_sdram #(
  parameter NUM_PART   = `WW_NUM_PART,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter DQ_W       = 16,
  parameter BANK_W     = 2,
  parameter ROW_W      = 13,
  parameter COL_W      = 9,
  parameter CL         = 2,
  parameter T_RCD      = 2,
  parameter T_RP       = 2,
  parameter T_RFC      = 8,
  parameter T_WR       = 2,
  parameter T_MRD      = 2,
  parameter T_INIT     = 2600,
  parameter T_REFI     = 90,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORDS      = LINE_BYTES / 4
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  // the GPU's DRAM ports, partition p at [p*W +: W]
  input  wire [NUM_PART-1:0]               req_valid_i,
  output wire [NUM_PART-1:0]               req_ready_o,
  input  wire [NUM_PART-1:0]               req_we_i,
  input  wire [NUM_PART*LINE_W-1:0]        req_line_i,
  input  wire [NUM_PART*LINE_BYTES*8-1:0]  req_data_i,
  output wire [NUM_PART-1:0]               rsp_valid_o,
  output wire [NUM_PART*LINE_BYTES*8-1:0]  rsp_data_o,
  // the host link's port
  input  wire                              h_req_valid_i,
  output wire                              h_req_ready_o,
  input  wire                              h_req_we_i,
  input  wire [WORDS-1:0]                  h_req_wmask_i,
  input  wire [LINE_W-1:0]                 h_req_line_i,
  input  wire [LINE_BYTES*8-1:0]           h_req_data_i,
  output wire                              h_rsp_valid_o,
  output wire [LINE_BYTES*8-1:0]           h_rsp_data_o,
  output wire                              oor_o,
  // the SDRAM (its clock is the board's: the inverted clk_i)
  output wire                              sd_cke_o,
  output wire                              sd_cs_no,
  output wire                              sd_ras_no,
  output wire                              sd_cas_no,
  output wire                              sd_we_no,
  output wire [BANK_W-1:0]                 sd_ba_o,
  output wire [ROW_W-1:0]                  sd_a_o,
  output wire [DQ_W/8-1:0]                 sd_dqm_o,
  output wire [DQ_W-1:0]                   sd_dq_o,
  output wire                              sd_dq_oe_o,
  input  wire [DQ_W-1:0]                   sd_dq_i
);

  localparam LB    = LINE_BYTES * 8;
  localparam PORTS = NUM_PART + 1;                  // the host is port NUM_PART
  localparam P_W   = $clog2(PORTS);
  localparam [P_W-1:0] HOST = NUM_PART;

  wire [PORTS-1:0] valid_all = {h_req_valid_i, req_valid_i};
  wire [PORTS-1:0] we_all    = {h_req_we_i, req_we_i};
  wire [P_W-1:0]   grant;
  wire             c_ready;          // the controller takes a request
  ww_mem_arb #(.PORTS(PORTS)) u_arb (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_all),
    .hold_i  (!c_ready),
    .grant_o (grant)
  );

  // the granted port's request
  wire              host      = grant == HOST;
  wire              c_valid   = valid_all[grant];
  wire [LINE_W-1:0] c_line    = host ? h_req_line_i : req_line_i[grant * LINE_W +: LINE_W];
  wire [LB-1:0]     c_data    = host ? h_req_data_i : req_data_i[grant * LB +: LB];
  wire [WORDS-1:0]  c_wmask   = host ? h_req_wmask_i : {WORDS{1'b1}};
  wire              c_rsp_valid;
  wire [LB-1:0]     c_rsp_data;

  // the port of the request in work (the controller takes one at a time)
  reg [P_W-1:0] taken_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      taken_q <= {P_W{1'b0}};
    end else if (c_valid && c_ready) begin
      taken_q <= grant;
    end
  end
`ifdef WW_MUTANT_FPGA_SDRAM_RSP_TO_GRANT
  wire [P_W-1:0] port_q = grant;      // MUTANT: the answer to the port granted now
  wire unused_taken = &{1'b0, taken_q};
`else
  wire [P_W-1:0] port_q = taken_q;
`endif

  ww_sdram_ctrl #(
    .LINE_BYTES (LINE_BYTES), .DQ_W (DQ_W), .BANK_W (BANK_W), .ROW_W (ROW_W),
    .COL_W (COL_W), .CL (CL), .T_RCD (T_RCD), .T_RP (T_RP), .T_RFC (T_RFC),
    .T_WR (T_WR), .T_MRD (T_MRD), .T_INIT (T_INIT), .T_REFI (T_REFI)
  ) u_ctrl (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_valid_i (c_valid),
    .req_ready_o (c_ready),
    .req_we_i    (we_all[grant]),
    .req_wmask_i (c_wmask),
    .req_line_i  (c_line),
    .req_data_i  (c_data),
    .rsp_valid_o (c_rsp_valid),
    .rsp_data_o  (c_rsp_data),
    .oor_o       (oor_o),
    .sd_cke_o    (sd_cke_o),
    .sd_cs_no    (sd_cs_no),
    .sd_ras_no   (sd_ras_no),
    .sd_cas_no   (sd_cas_no),
    .sd_we_no    (sd_we_no),
    .sd_ba_o     (sd_ba_o),
    .sd_a_o      (sd_a_o),
    .sd_dqm_o    (sd_dqm_o),
    .sd_dq_o     (sd_dq_o),
    .sd_dq_oe_o  (sd_dq_oe_o),
    .sd_dq_i     (sd_dq_i)
  );

  genvar p;
  generate
    for (p = 0; p < NUM_PART; p = p + 1) begin : g_port
      localparam [P_W-1:0] PN = p;
      assign req_ready_o[p] = grant == PN && c_ready;
      assign rsp_valid_o[p] = c_rsp_valid && port_q == PN;
      assign rsp_data_o[p * LB +: LB] = c_rsp_data;   // the same line to all; valid picks
    end
  endgenerate
  assign h_req_ready_o = host && c_ready;
  assign h_rsp_valid_o = c_rsp_valid && port_q == HOST;
  assign h_rsp_data_o  = c_rsp_data;

endmodule  // ww_fpga_sdram
`default_nettype wire
