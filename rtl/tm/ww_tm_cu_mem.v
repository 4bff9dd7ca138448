// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_cu_mem -- the KILO TM commit unit's memory adapter (docs/tm.md sec.
// 4.1 "Memory port"): the unit's word port (ww_tm_commit_unit mreq_*/mrsp_*)
// on one partition-port unit socket (ww_part_port u_req_*/u_rsp_valid,
// docs/gpu_rtl.md "Partition port").
//
// Request: a word request (mreq_valid_i, held until mreq_ready_o) becomes
//   one line request: READ of the word's line, or WRITE of it with the
//   word's 4 byte enables and the word replicated over the line's data.
//   Word addresses are byte address >> 2. mreq_ready_o = u_req_ready_i while
//   fewer than DEPTH requests are in flight; u_req_valid_o = mreq_valid_i
//   under the same condition (it does not depend on u_req_ready_i).
// Response: the slice answers one requester's requests in the order it
//   accepted them (ww_l2_slice: in order, WRITE acked with data 0), so the
//   adapter keeps {tag, word in line} of each accepted request in a FIFO of
//   DEPTH entries and pairs the next response with its head: in the cycle of
//   u_rsp_valid_i, mrsp_valid_o with that tag and the word of the line
//   (combinational; the unit takes it in any cycle, like the socket's
//   units). A write's ack carries its tag (bit TAG_W-1 set by the unit) and
//   the line's word (0 from the slice: the unit ignores it).
// idle_o: no request in flight.
// Latency: none added (request and response pass through in their cycle).
// Parameters: LINE_BYTES power of two >= 4; READS as the unit's (TAG_W =
// log2(READS) + 1); DEPTH power of two >= 2 (requests in flight; more than
// READS lets commit writes stream past the slice's latency).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_tm_cu_mem #(
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter READS      = `WW_TM_CU_READS,
  parameter DEPTH      = 2 * `WW_TM_CU_READS,
  parameter OP_W       = `WW_L2_W,
  parameter TAG_W      = $clog2(READS) + 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // the commit unit's word port
  input  wire                    mreq_valid_i,
  output wire                    mreq_ready_o,
  input  wire                    mreq_write_i,
  input  wire [29:0]             mreq_addr_i,
  input  wire [31:0]             mreq_data_i,
  input  wire [TAG_W-1:0]        mreq_tag_i,
  output wire                    mrsp_valid_o,
  output wire [TAG_W-1:0]        mrsp_tag_o,
  output wire [31:0]             mrsp_data_o,
  // the partition port's unit socket
  output wire                    u_req_valid_o,
  input  wire                    u_req_ready_i,
  output wire [OP_W-1:0]         u_req_op_o,
  output wire [LINE_W-1:0]       u_req_line_o,
  output wire [LINE_BYTES-1:0]   u_req_be_o,
  output wire [LINE_BYTES*8-1:0] u_req_data_o,
  input  wire                    u_rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0] u_rsp_data_i,
  // nothing in flight
  output wire                    idle_o
);

  localparam WORDS  = LINE_BYTES / 4;
  localparam WORD_W = (WORDS > 1) ? $clog2(WORDS) : 1;
  localparam PTR_W  = $clog2(DEPTH);
  localparam CNT_W  = $clog2(DEPTH + 1);

  ///////////////////////
  // Request           //
  ///////////////////////

  wire [31:0]       baddr = {mreq_addr_i, 2'b00};
  wire [WORD_W-1:0] word  = (WORDS > 1) ? baddr[2 +: WORD_W] : {WORD_W{1'b0}};
  wire unused_baddr = ^baddr[1:0];

  reg  [CNT_W-1:0] cnt_q, cnt_d;
  reg  [PTR_W-1:0] wr_q, rd_q;
  wire             room = cnt_q != DEPTH[CNT_W-1:0];
  wire             push = mreq_valid_i && room && u_req_ready_i;
  wire             pop  = u_rsp_valid_i;

  assign u_req_valid_o = mreq_valid_i && room;
  assign mreq_ready_o  = u_req_ready_i && room;
  assign u_req_op_o    = mreq_write_i ? `WW_L2_WRITE : `WW_L2_READ;
  assign u_req_line_o  = baddr[31 -: LINE_W];
  assign u_req_data_o  = {WORDS{mreq_data_i}};
  genvar g;
  for (g = 0; g < WORDS; g = g + 1) begin : g_be
    assign u_req_be_o[g*4 +: 4] = {4{mreq_write_i && word == g[WORD_W-1:0]}};
  end

  ///////////////////////
  // In-flight FIFO    //
  ///////////////////////

  reg [TAG_W-1:0]  tag_q  [0:DEPTH-1];
  reg [WORD_W-1:0] word_q [0:DEPTH-1];

  always @(posedge clk_i) begin
    if (push) begin
      tag_q[wr_q]  <= mreq_tag_i;
      word_q[wr_q] <= word;
    end
  end

  always @(*) begin
    cnt_d = cnt_q;
    if (push && !pop) begin
      cnt_d = cnt_q + {{(CNT_W-1){1'b0}}, 1'b1};
    end else if (pop && !push) begin
      cnt_d = cnt_q - {{(CNT_W-1){1'b0}}, 1'b1};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q <= {CNT_W{1'b0}};
      wr_q  <= {PTR_W{1'b0}};
      rd_q  <= {PTR_W{1'b0}};
    end else begin
      cnt_q <= cnt_d;
      if (push) begin
        wr_q <= wr_q + {{(PTR_W-1){1'b0}}, 1'b1};
      end
      if (pop) begin
        rd_q <= rd_q + {{(PTR_W-1){1'b0}}, 1'b1};
      end
    end
  end

  ///////////////////////
  // Response          //
  ///////////////////////

  wire [WORD_W-1:0] rsp_word = word_q[rd_q];
  assign mrsp_valid_o = u_rsp_valid_i;
  assign mrsp_tag_o   = tag_q[rd_q];
`ifdef WW_MUTANT_TM_CU_MEM_WORD0
  // MUTANT: every answer is the line's word 0
  assign mrsp_data_o  = u_rsp_data_i[31:0];
  wire unused_word = ^rsp_word;
`else
  assign mrsp_data_o  = u_rsp_data_i[rsp_word*32 +: 32];
`endif
  assign idle_o = cnt_q == {CNT_W{1'b0}};

  ////////////////
  // Assertions //
  ////////////////

  // every response answers a request in flight
  `WW_ASSERT(RspForRequest, !(rst_ni && u_rsp_valid_i && cnt_q == {CNT_W{1'b0}}))

endmodule  // ww_tm_cu_mem
`default_nettype wire
