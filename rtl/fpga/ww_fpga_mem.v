// SPDX-License-Identifier: Apache-2.0
//
// ww_fpga_mem -- global memory in block RAM for the FPGA top (docs/fpga.md
// sec. 2 "Memory"): it serves ww_gpu's per-partition DRAM ports with the
// protocol of rtl/mem/ww_l2_slice.v and sw/sim/ww_dram.h, and the host
// link's port between kernels.
//   request   req_valid && req_ready in a cycle = accepted at its clock
//             edge; a write stores the whole line (the host port: the words
//             of wmask), a read takes the line then.
//   response  a read accepted in cycle c is answered by rsp_valid for the
//             one cycle c + LATENCY with the line (always taken). Reads are
//             pipelined and answered in order.
//   ready     one request per cycle over all ports: ready_o is a register
//             (a Moore output, as the DRAM model's), the grant of one port
//             at a time; it passes round-robin to the next port with a
//             request (the partitions' valid is their request queue's, and
//             the host port's is the host link's register).
// Lines are numbered as on the port (byte address / LINE_BYTES); line L
// is held at index L (MEM_LINES of them). A line at or beyond MEM_LINES is
// out of range: a write is dropped, a read returns zeros, and oor_o goes
// high until reset (the SMs trap such addresses before they leave, so it
// flags a memory too small for the kernel's addresses: docs/fpga.md).
// The storage is LINE_BYTES / 4 word banks (ww_sram_1r1w with ZERO_INIT:
// one read or write per cycle each, zeroed at power-up).
// Parameters: NUM_PART >= 1 ports of the GPU, LINE_BYTES (>= 8, a power of
// two), MEM_LINES >= 2, LATENCY >= 1 cycles.

`default_nettype none
`include "ww_config.vh"
module ww_fpga_mem #(
  parameter NUM_PART   = `WW_NUM_PART,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter MEM_LINES  = 4096,
  parameter LATENCY    = 2,
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
  // an out-of-range line was accessed since reset
  output wire                              oor_o
);

  localparam LB     = LINE_BYTES * 8;
  localparam PORTS  = NUM_PART + 1;                 // the host is port NUM_PART
  localparam P_W    = $clog2(PORTS);
  localparam IDX_W  = (MEM_LINES > 1) ? $clog2(MEM_LINES) : 1;
  localparam [P_W-1:0] HOST = NUM_PART;
  localparam [LINE_W:0] LINES = MEM_LINES;

  // ---- the request of every port, the host's last ------------------------
  wire [PORTS-1:0]        valid_all = {h_req_valid_i, req_valid_i};
  wire [PORTS-1:0]        we_all    = {h_req_we_i, req_we_i};
  wire [P_W-1:0]          grant_q;
  ww_mem_arb #(.PORTS(PORTS)) u_arb (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_all),
    .hold_i  (1'b0),          // a request every cycle: the grant moves on
    .grant_o (grant_q)
  );

  genvar p, w;
  generate
    for (p = 0; p < NUM_PART; p = p + 1) begin : g_ready
      localparam [P_W-1:0] PN = p;
      assign req_ready_o[p] = grant_q == PN;
    end
  endgenerate
  assign h_req_ready_o = grant_q == HOST;

  // the accepted request (one per cycle at most)
  wire                 acc       = valid_all[grant_q];
  wire                 host      = grant_q == HOST;
  wire [LINE_W-1:0]    acc_line  = host ? h_req_line_i : req_line_i[grant_q * LINE_W +: LINE_W];
  wire                 acc_we    = we_all[grant_q];
  wire [LB-1:0]        acc_data  = host ? h_req_data_i : req_data_i[grant_q * LB +: LB];
  wire [WORDS-1:0]     acc_wmask = host ? h_req_wmask_i : {WORDS{1'b1}};
  wire                 in_range  = {1'b0, acc_line} < LINES;
  wire [IDX_W-1:0]     idx       = acc_line[IDX_W-1:0];

  reg oor_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      oor_q <= 1'b0;
    end else if (acc && !in_range) begin
      oor_q <= 1'b1;
    end
  end

  // ---- storage: a bank per word --------------------------------------------
  wire [LB-1:0] rdata;
  generate
    for (w = 0; w < WORDS; w = w + 1) begin : g_bank
      ww_sram_1r1w #(.WIDTH(32), .DEPTH(MEM_LINES), .ZERO_INIT(1)) u_bank (
        .clk_i   (clk_i),
        .raddr_i (idx),
        .rdata_o (rdata[w * 32 +: 32]),
        .we_i    (acc && acc_we && in_range && acc_wmask[w]),
        .waddr_i (idx),
        .wdata_i (acc_data[w * 32 +: 32])
      );
    end
  endgenerate

  // ---- responses: LATENCY stages of {valid, port, in range} and the line --
  // stage 0: the cycle after acceptance (the bank's registered read); each
  // further stage a register; chain stage i at [i*W +: W]
  localparam CW = P_W + 2;                      // {in range, port, valid}
  reg  [CW-1:0]          c0_q;
  wire [LATENCY*CW-1:0]  cchain;
  wire [LATENCY*LB-1:0]  dchain;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      c0_q <= {CW{1'b0}};
    end else begin
      c0_q <= {in_range, grant_q, acc && !acc_we};
    end
  end
  assign cchain[0 +: CW] = c0_q;
  assign dchain[0 +: LB] = c0_q[CW-1] ? rdata : {LB{1'b0}};
  generate
    for (w = 1; w < LATENCY; w = w + 1) begin : g_stage
      reg [CW-1:0] c_q;
      reg [LB-1:0] d_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          c_q <= {CW{1'b0}};
        end else begin
          c_q <= cchain[(w - 1) * CW +: CW];
        end
        d_q <= dchain[(w - 1) * LB +: LB];
      end
      assign cchain[w * CW +: CW] = c_q;
      assign dchain[w * LB +: LB] = d_q;
    end
  endgenerate
  wire [CW-1:0] last     = cchain[(LATENCY - 1) * CW +: CW];
  wire [LB-1:0] rsp_data = dchain[(LATENCY - 1) * LB +: LB];

  wire [P_W-1:0] rsp_port = last[P_W:1];
  wire           rsp_v    = last[0];
  wire           unused_last_in = last[CW-1];   // used at stage 0 (the data is zeroed there)
  generate
    for (p = 0; p < NUM_PART; p = p + 1) begin : g_rsp
      localparam [P_W-1:0] PN = p;
      assign rsp_valid_o[p] = rsp_v && rsp_port == PN;
      assign rsp_data_o[p * LB +: LB] = rsp_data;   // the same line to all; valid picks
    end
  endgenerate
  assign h_rsp_valid_o = rsp_v && rsp_port == HOST;
  assign h_rsp_data_o  = rsp_data;
  assign oor_o         = oor_q;

endmodule  // ww_fpga_mem
`default_nettype wire
