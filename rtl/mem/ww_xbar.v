// SPDX-License-Identifier: Apache-2.0
//
// ww_xbar -- the SM <-> partition crossbar (docs/gpu_rtl.md "Memory system"):
// two ww_switch instances and the packing of their packets.
//
//   requests   SM s -> partition (line % NUM_PART); packet = every request
//              field of the SM (op, line, id, byte enables, data, atomic
//              op/word/operands) and its ScoRD sideband. At the partition
//              side part_req_src_o names the SM the request came from.
//   responses  partition p -> SM part_rsp_src_i; packet = {miss, id, data}.
//
// Both directions keep point-to-point ordering (per-source FIFOs, see
// ww_switch): two requests of one SM to one partition arrive in the order the
// SM sent them, and so do two responses of one partition to one SM. With
// REQ_VOQ = 1 the request switch has a queue per SM and partition (virtual
// output queues): an SM's request to a free partition may pass its earlier
// request to a busy one. req_hold_i holds request links this cycle
// (ww_switch hold_i; the DRF tester's harness; zero in the GPU).
// Interface: valid/ready on every side (ww_switch); SM s's fields are at
// [s*W +: W], partition p's at [p*W +: W]. req_idle_o is high when no
// request is queued in the crossbar, rsp_idle_o when no response is.
// Parameters: NUM_SM, NUM_PART >= 1; WARPS (only for the default sideband
// width SB_W: ww_proto.vh's WW_SB_W, as ww_sm's); LINE_BYTES power of two 4..128;
// FIFO_DEPTH power of two >= 2. With NUM_PART a power of two the partition
// is the low line bits, otherwise line % NUM_PART (a constant divisor).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_xbar #(
  parameter NUM_SM     = `WW_NUM_SM,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter WARPS      = `WW_WARPS_PER_SM,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
  parameter SB_W       = `WW_SB_W(WID_W, LINE_BYTES / 4, `WW_SCORD_BARID_W, `WW_SCORD_BLOOM_W),
  parameter FIFO_DEPTH = 4,
  parameter REQ_VOQ    = `WW_XBAR_VOQ,
  parameter ID_W       = `WW_REQID_W,
  parameter SM_W       = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  // requests from the SMs
  input  wire [NUM_SM-1:0]                 sm_req_valid_i,
  output wire [NUM_SM-1:0]                 sm_req_ready_o,
  input  wire [NUM_SM*OP_W-1:0]            sm_req_op_i,
  input  wire [NUM_SM*LINE_W-1:0]          sm_req_line_i,
  input  wire [NUM_SM*ID_W-1:0]            sm_req_id_i,
  input  wire [NUM_SM*LINE_BYTES-1:0]      sm_req_be_i,
  input  wire [NUM_SM*LINE_BYTES*8-1:0]    sm_req_data_i,
  input  wire [NUM_SM*AOP_W-1:0]           sm_req_amo_op_i,
  input  wire [NUM_SM*WORD_W-1:0]          sm_req_amo_word_i,
  input  wire [NUM_SM*32-1:0]              sm_req_amo_a_i,
  input  wire [NUM_SM*32-1:0]              sm_req_amo_b_i,
  input  wire [NUM_SM*SB_W-1:0]            sm_req_sb_i,
  // responses to the SMs
  output wire [NUM_SM-1:0]                 sm_rsp_valid_o,
  input  wire [NUM_SM-1:0]                 sm_rsp_ready_i,
  output wire [NUM_SM*ID_W-1:0]            sm_rsp_id_o,
  output wire [NUM_SM-1:0]                 sm_rsp_miss_o,
  output wire [NUM_SM*LINE_BYTES*8-1:0]    sm_rsp_data_o,
  // requests to the partitions
  output wire [NUM_PART-1:0]               part_req_valid_o,
  input  wire [NUM_PART-1:0]               part_req_ready_i,
  output wire [NUM_PART*SM_W-1:0]          part_req_src_o,
  output wire [NUM_PART*OP_W-1:0]          part_req_op_o,
  output wire [NUM_PART*LINE_W-1:0]        part_req_line_o,
  output wire [NUM_PART*ID_W-1:0]          part_req_id_o,
  output wire [NUM_PART*LINE_BYTES-1:0]    part_req_be_o,
  output wire [NUM_PART*LINE_BYTES*8-1:0]  part_req_data_o,
  output wire [NUM_PART*AOP_W-1:0]         part_req_amo_op_o,
  output wire [NUM_PART*WORD_W-1:0]        part_req_amo_word_o,
  output wire [NUM_PART*32-1:0]            part_req_amo_a_o,
  output wire [NUM_PART*32-1:0]            part_req_amo_b_o,
  output wire [NUM_PART*SB_W-1:0]          part_req_sb_o,
  input  wire [NUM_PART*NUM_SM-1:0]        req_hold_i,   // link SM s -> partition p held, at [p*NUM_SM + s]
  // responses from the partitions
  input  wire [NUM_PART-1:0]               part_rsp_valid_i,
  output wire [NUM_PART-1:0]               part_rsp_ready_o,
  input  wire [NUM_PART*SM_W-1:0]          part_rsp_src_i,
  input  wire [NUM_PART*ID_W-1:0]          part_rsp_id_i,
  input  wire [NUM_PART-1:0]               part_rsp_miss_i,
  input  wire [NUM_PART*LINE_BYTES*8-1:0]  part_rsp_data_i,
  // status
  output wire                              req_idle_o,
  output wire                              rsp_idle_o
);

  localparam LB     = LINE_BYTES * 8;
  localparam OP_W   = `WW_L2_W;           // request op
  localparam AOP_W  = `WW_AMO_W;          // atomic op
  // request packet, low to high: sb, amo_b, amo_a, amo_word, amo_op, data, be, id, line, op
  localparam O_SB   = 0;
  localparam O_B    = O_SB + SB_W;
  localparam O_A    = O_B + 32;
  localparam O_WORD = O_A + 32;
  localparam O_AOP  = O_WORD + WORD_W;
  localparam O_DATA = O_AOP + AOP_W;
  localparam O_BE   = O_DATA + LB;
  localparam O_ID   = O_BE + LINE_BYTES;
  localparam O_LINE = O_ID + ID_W;
  localparam O_OP   = O_LINE + LINE_W;
  localparam REQ_W  = O_OP + OP_W;
  // response packet, low to high: data, id, miss
  localparam RSP_W  = LB + ID_W + 1;
  // the partition is the low line bits when NUM_PART is a power of two
  localparam PART_POW2 = (NUM_PART & (NUM_PART - 1)) == 0;

  ////////////////////
  // Requests       //
  ////////////////////

  wire [NUM_SM*PART_W-1:0] req_dst;
  wire [NUM_SM*REQ_W-1:0]  req_pkt;
  wire [NUM_PART*REQ_W-1:0] req_out;

  genvar s, p;
  for (s = 0; s < NUM_SM; s = s + 1) begin : g_sm
    wire [LINE_W-1:0] line = sm_req_line_i[s*LINE_W +: LINE_W];
    if (NUM_PART == 1) begin : g_one
      assign req_dst[s*PART_W +: PART_W] = {PART_W{1'b0}};
      wire unused_line = ^line;
    end else if (PART_POW2) begin : g_pow2
      assign req_dst[s*PART_W +: PART_W] = line[PART_W-1:0];
      wire unused_line = ^line[LINE_W-1:PART_W];
    end else begin : g_mod
      // a constant divisor: no multiplier, a short subtract chain
      localparam [LINE_W-1:0] NP = NUM_PART;
      wire [LINE_W-1:0] rem = line % NP;
      assign req_dst[s*PART_W +: PART_W] = rem[PART_W-1:0];
      wire unused_rem = ^rem[LINE_W-1:PART_W];
    end
    assign req_pkt[s*REQ_W +: REQ_W] = {
      sm_req_op_i[s*OP_W +: OP_W],
      line,
      sm_req_id_i[s*ID_W +: ID_W],
      sm_req_be_i[s*LINE_BYTES +: LINE_BYTES],
      sm_req_data_i[s*LB +: LB],
      sm_req_amo_op_i[s*AOP_W +: AOP_W],
      sm_req_amo_word_i[s*WORD_W +: WORD_W],
      sm_req_amo_a_i[s*32 +: 32],
      sm_req_amo_b_i[s*32 +: 32],
      sm_req_sb_i[s*SB_W +: SB_W]
    };
  end

  ww_switch #(
    .N_IN       (NUM_SM),
    .N_OUT      (NUM_PART),
    .DATA_W     (REQ_W),
    .FIFO_DEPTH (FIFO_DEPTH),
    .VOQ        (REQ_VOQ)
  ) u_req (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (sm_req_valid_i),
    .in_ready_o  (sm_req_ready_o),
    .in_dst_i    (req_dst),
    .in_data_i   (req_pkt),
    .out_valid_o (part_req_valid_o),
    .out_ready_i (part_req_ready_i),
    .hold_i      (req_hold_i),
    .out_src_o   (part_req_src_o),
    .out_data_o  (req_out)
  );

  for (p = 0; p < NUM_PART; p = p + 1) begin : g_part_req
    wire [REQ_W-1:0] pkt = req_out[p*REQ_W +: REQ_W];
    assign part_req_op_o[p*OP_W +: OP_W]           = pkt[O_OP +: OP_W];
    assign part_req_line_o[p*LINE_W +: LINE_W]     = pkt[O_LINE +: LINE_W];
    assign part_req_id_o[p*ID_W +: ID_W]           = pkt[O_ID +: ID_W];
    assign part_req_be_o[p*LINE_BYTES +: LINE_BYTES] = pkt[O_BE +: LINE_BYTES];
    assign part_req_data_o[p*LB +: LB]             = pkt[O_DATA +: LB];
    assign part_req_amo_op_o[p*AOP_W +: AOP_W]     = pkt[O_AOP +: AOP_W];
    assign part_req_amo_word_o[p*WORD_W +: WORD_W] = pkt[O_WORD +: WORD_W];
    assign part_req_amo_a_o[p*32 +: 32]            = pkt[O_A +: 32];
    assign part_req_amo_b_o[p*32 +: 32]            = pkt[O_B +: 32];
    assign part_req_sb_o[p*SB_W +: SB_W]           = pkt[O_SB +: SB_W];
  end

  ////////////////////
  // Responses      //
  ////////////////////

  wire [NUM_PART*RSP_W-1:0] rsp_pkt;
  wire [NUM_SM*RSP_W-1:0]   rsp_out;
  wire [NUM_SM*PART_W-1:0]  rsp_src;   // the partition a response came from

  for (p = 0; p < NUM_PART; p = p + 1) begin : g_part_rsp
    assign rsp_pkt[p*RSP_W +: RSP_W] = {
      part_rsp_miss_i[p],
      part_rsp_id_i[p*ID_W +: ID_W],
      part_rsp_data_i[p*LB +: LB]
    };
  end

  ww_switch #(
    .N_IN       (NUM_PART),
    .N_OUT      (NUM_SM),
    .DATA_W     (RSP_W),
    .FIFO_DEPTH (FIFO_DEPTH),
    .VOQ        (0)
  ) u_rsp (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (part_rsp_valid_i),
    .in_ready_o  (part_rsp_ready_o),
    .in_dst_i    (part_rsp_src_i),
    .in_data_i   (rsp_pkt),
    .out_valid_o (sm_rsp_valid_o),
    .out_ready_i (sm_rsp_ready_i),
    .hold_i      ({NUM_SM*NUM_PART{1'b0}}),
    .out_src_o   (rsp_src),
    .out_data_o  (rsp_out)
  );

  for (s = 0; s < NUM_SM; s = s + 1) begin : g_sm_rsp
    assign sm_rsp_miss_o[s]              = rsp_out[s*RSP_W + LB + ID_W];
    assign sm_rsp_id_o[s*ID_W +: ID_W]   = rsp_out[s*RSP_W + LB +: ID_W];
    assign sm_rsp_data_o[s*LB +: LB]     = rsp_out[s*RSP_W +: LB];
  end
  wire unused_rsp_src = ^rsp_src;

  // Every queued packet is the head or behind the head of its source's FIFO,
  // and every head is valid at some destination: no valid output = empty.
  assign req_idle_o = !(|part_req_valid_o);
  assign rsp_idle_o = !(|sm_rsp_valid_o);

endmodule  // ww_xbar
`default_nettype wire
