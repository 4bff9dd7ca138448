// SPDX-License-Identifier: Apache-2.0
//
// ww_part_port -- the partition port (docs/gpu_rtl.md "Partition port"): the
// arbiter in front of ONE L2 slice's request port, and the router of that
// slice's responses. It is the socket through which blocks on the partition
// side of the crossbar (the ScoRD detector, the KILO TM commit unit; a
// GPUDet Z-buffer unit later) reach memory: such a block is attached as an
// instance plus N_UNITS/UNIT_IDS, not as an edit of ww_gpu. Combinational
// but for one flop (the response arbiter's turn, msg_first_q).
//
// Requests onto the slice (l2_req_*), fixed priority:
//   1. the flush (flush_i high, the top's ST_FLUSH): FLUSH, valid while
//      flush_valid_i; nothing else is granted and nothing else is ready;
//   2. unit 0, unit 1, ..., unit N_UNITS-1 (u_req_*, unit k at slice k):
//      unit k is ready when the slice is and no unit below k is valid; its
//      request goes out with id UNIT_IDS[k] and source 0;
//   3. the crossbar's ordinary requests (x_req_*, sideband kind NONE, id not
//      of class TM): ready when the slice is and no unit is valid.
//   Payload fields follow the grant (units before the crossbar) also during
//   the flush; the atomic fields are always the crossbar's (units issue READ
//   and WRITE only; the slice ignores the atomic fields of those).
// Sideband records (x_req_sk_i != WW_SCORD_SK_NONE: ScoRD CHECK/FENCE) never
// reach the slice: they leave on the record port (rec_valid_o/rec_ready_i)
// to the one unit that consumes records (the detector), whose ready is the
// crossbar's ready for them; the record's payload is the crossbar's own
// (x_req_src/line/sb), wired to that unit outside. Not while flushing.
// KILO TM packets (x_req_id_i bit WW_REQID_TM_BIT set; sideband kind NONE)
// never reach the slice either: they leave on the TM packet port
// (tm_pkt_valid_o/tm_pkt_ready_i) to the partition's commit unit, whose
// ready is the crossbar's ready for them; the payload (TMPKT in the data,
// amo_a/amo_b, src) is the crossbar's own, decoded outside. Not while
// flushing.
// Responses (l2_rsp_*): while flushing every response is the FLUSH's ack,
// taken here (l2_rsp_ready_o high) and seen by the top on l2_rsp_valid;
// otherwise a response whose id equals UNIT_IDS[k] goes to unit k
// (u_rsp_valid_o[k]; units take a response in any cycle: no ready) and never
// to the crossbar; any other goes to the crossbar. The units' payload is the
// slice's (l2_rsp_data etc., wired to them outside).
// The crossbar's response port (x_rsp_*) carries either the slice's
// response (its src/id/miss/data) or a commit unit's message
// (tm_msg_valid_i/tm_msg_ready_o: src = tm_msg_sm_i, id = WW_REQID_TM,
// miss 0, data = tm_msg_data_i, TMMSG built outside). When both wait, they
// take turns: msg_first_q says who goes first, and after every transfer the
// other one does, so neither waits for more than one transfer of the other
// (a message alone or a slice response alone goes at once). No message
// while flushing. x_rsp_valid_o does not depend on x_rsp_ready_i.
// Parameters: N_UNITS >= 1; UNIT_IDS: unit k's request id at
// [k*ID_W +: ID_W], distinct, none of them an SM requester's class (L1,
// BYPASS), SCORD or TM; the default (up to 3 units) is DET, UNIT1, UNIT2 of
// ww_proto.vh. ID_W > WW_REQID_TM_BIT. NUM_SM, LINE_BYTES, ID_W, OP_W,
// AOP_W, SK_W size the ports.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_part_port #(
  parameter N_UNITS    = `WW_PART_UNITS,
  parameter NUM_SM     = `WW_NUM_SM,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter ID_W       = `WW_REQID_W,
  parameter OP_W       = `WW_L2_W,
  parameter AOP_W      = `WW_AMO_W,
  parameter SK_W       = `WW_SCORD_SK_W,
  parameter SM_W       = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1,
  // the default ids, unit k at [k*`WW_REQID_W +: `WW_REQID_W]
  parameter [3*`WW_REQID_W-1:0] DEF_IDS = {`WW_REQID_UNIT2, `WW_REQID_UNIT1, `WW_REQID_DET},
  parameter [N_UNITS*ID_W-1:0]  UNIT_IDS = DEF_IDS[N_UNITS*ID_W-1:0]
) (
  input  wire                          clk_i,     // assertions only
  input  wire                          rst_ni,    // assertions only
  // the top's flush
  input  wire                          flush_i,        // flushing: the port belongs to the flush
  input  wire                          flush_valid_i,  // FLUSH not yet accepted
  // the crossbar's requests for this partition
  input  wire                          x_req_valid_i,
  output wire                          x_req_ready_o,
  input  wire [SK_W-1:0]               x_req_sk_i,     // sideband record kind
  input  wire [OP_W-1:0]               x_req_op_i,
  input  wire [LINE_W-1:0]             x_req_line_i,
  input  wire [ID_W-1:0]               x_req_id_i,
  input  wire [SM_W-1:0]               x_req_src_i,
  input  wire [LINE_BYTES-1:0]         x_req_be_i,
  input  wire [LINE_BYTES*8-1:0]       x_req_data_i,
  input  wire [AOP_W-1:0]              x_req_amo_op_i,
  input  wire [WORD_W-1:0]             x_req_amo_word_i,
  input  wire [31:0]                   x_req_amo_a_i,
  input  wire [31:0]                   x_req_amo_b_i,
  // sideband records, to the record-consuming unit
  output wire                          rec_valid_o,
  input  wire                          rec_ready_i,
  // KILO TM packets, to the commit unit
  output wire                          tm_pkt_valid_o,
  input  wire                          tm_pkt_ready_i,
  // attached units' memory ports, unit k at [k*W +: W]
  input  wire [N_UNITS-1:0]            u_req_valid_i,
  output wire [N_UNITS-1:0]            u_req_ready_o,
  input  wire [N_UNITS*OP_W-1:0]       u_req_op_i,
  input  wire [N_UNITS*LINE_W-1:0]     u_req_line_i,
  input  wire [N_UNITS*LINE_BYTES-1:0] u_req_be_i,
  input  wire [N_UNITS*LINE_BYTES*8-1:0] u_req_data_i,
  output wire [N_UNITS-1:0]            u_rsp_valid_o,
  // the L2 slice's request port
  output wire                          l2_req_valid_o,
  input  wire                          l2_req_ready_i,
  output wire [OP_W-1:0]               l2_req_op_o,
  output wire [LINE_W-1:0]             l2_req_line_o,
  output wire [ID_W-1:0]               l2_req_id_o,
  output wire [SM_W-1:0]               l2_req_src_o,
  output wire [LINE_BYTES-1:0]         l2_req_be_o,
  output wire [LINE_BYTES*8-1:0]       l2_req_data_o,
  output wire [AOP_W-1:0]              l2_req_amo_op_o,
  output wire [WORD_W-1:0]             l2_req_amo_word_o,
  output wire [31:0]                   l2_req_amo_a_o,
  output wire [31:0]                   l2_req_amo_b_o,
  // the L2 slice's responses
  input  wire                          l2_rsp_valid_i,
  output wire                          l2_rsp_ready_o,
  input  wire [ID_W-1:0]               l2_rsp_id_i,
  input  wire [SM_W-1:0]               l2_rsp_src_i,
  input  wire                          l2_rsp_miss_i,
  input  wire [LINE_BYTES*8-1:0]       l2_rsp_data_i,
  // KILO TM messages from the commit unit, to SM tm_msg_sm_i
  input  wire                          tm_msg_valid_i,
  output wire                          tm_msg_ready_o,
  input  wire [SM_W-1:0]               tm_msg_sm_i,
  input  wire [LINE_BYTES*8-1:0]       tm_msg_data_i,
  // the crossbar's responses from this partition
  output wire                          x_rsp_valid_o,
  input  wire                          x_rsp_ready_i,
  output wire [SM_W-1:0]               x_rsp_src_o,
  output wire [ID_W-1:0]               x_rsp_id_o,
  output wire                          x_rsp_miss_o,
  output wire [LINE_BYTES*8-1:0]       x_rsp_data_o
);

  localparam LB = LINE_BYTES * 8;

  // a sideband record (ScoRD), never a request to the slice
  wire x_rec = x_req_sk_i != `WW_SCORD_SK_NONE;
  // a KILO TM packet, never a request to the slice
  wire x_tm  = x_req_id_i[`WW_REQID_TM_BIT];
  // either: the crossbar's request is not for the slice
  wire x_side = x_rec || x_tm;

  ///////////////////////
  // Request arbiter   //
  ///////////////////////

  // u_below[k]: a unit below k is valid; unit k is granted if it is valid
  // and none below is (fixed priority, unit 0 first).
  reg [N_UNITS-1:0]  u_below, u_grant;
  reg                u_any;
  reg [OP_W-1:0]     u_op;
  reg [LINE_W-1:0]   u_line;
  reg [ID_W-1:0]     u_id;
  reg [LINE_BYTES-1:0] u_be;
  reg [LB-1:0]       u_data;
  integer k;
  always @(*) begin
    u_any  = 1'b0;
    u_op   = {OP_W{1'b0}};
    u_line = {LINE_W{1'b0}};
    u_id   = {ID_W{1'b0}};
    u_be   = {LINE_BYTES{1'b0}};
    u_data = {LB{1'b0}};
    for (k = 0; k < N_UNITS; k = k + 1) begin
      u_below[k] = u_any;
      u_grant[k] = u_req_valid_i[k] && !u_any;
      if (u_grant[k]) begin
        u_op   = u_req_op_i[k*OP_W +: OP_W];
        u_line = u_req_line_i[k*LINE_W +: LINE_W];
        u_id   = UNIT_IDS[k*ID_W +: ID_W];
        u_be   = u_req_be_i[k*LINE_BYTES +: LINE_BYTES];
        u_data = u_req_data_i[k*LB +: LB];
      end
      u_any = u_any || u_req_valid_i[k];
    end
  end

`ifdef WW_MUTANT_PART_PORT_XBAR_BEATS_UNIT
  // MUTANT: the crossbar goes ahead of the units
  wire x_go  = x_req_valid_i && !x_side;
  wire u_sel = u_any && !x_go;
`elsif WW_MUTANT_PART_PORT_TM_LEAKS
  // MUTANT: a TM packet reaches the slice as an ordinary request
  wire x_go  = x_req_valid_i && !x_rec && !u_any;
  wire u_sel = u_any;
`else
  wire x_go  = x_req_valid_i && !x_side && !u_any;
  wire u_sel = u_any;
`endif

  assign l2_req_valid_o    = flush_i ? flush_valid_i : (u_any || x_go);
  assign l2_req_op_o       = flush_i ? `WW_L2_FLUSH : u_sel ? u_op : x_req_op_i;
  assign l2_req_line_o     = u_sel ? u_line : x_req_line_i;
  assign l2_req_id_o       = u_sel ? u_id : x_req_id_i;
  assign l2_req_src_o      = u_sel ? {SM_W{1'b0}} : x_req_src_i;
  assign l2_req_be_o       = u_sel ? u_be : x_req_be_i;
  assign l2_req_data_o     = u_sel ? u_data : x_req_data_i;
  assign l2_req_amo_op_o   = x_req_amo_op_i;
  assign l2_req_amo_word_o = x_req_amo_word_i;
  assign l2_req_amo_a_o    = x_req_amo_a_i;
  assign l2_req_amo_b_o    = x_req_amo_b_i;

  assign u_req_ready_o = {N_UNITS{l2_req_ready_i && !flush_i}} & ~u_below;
`ifdef WW_MUTANT_PART_PORT_TM_LEAKS
  assign x_req_ready_o = !flush_i && (x_rec ? rec_ready_i : l2_req_ready_i && !u_any);
  assign tm_pkt_valid_o = 1'b0;
`else
  assign x_req_ready_o = !flush_i && (x_rec ? rec_ready_i :
                                      x_tm  ? tm_pkt_ready_i : l2_req_ready_i && !u_any);
  assign tm_pkt_valid_o = x_req_valid_i && x_tm && !x_rec && !flush_i;
`endif
  assign rec_valid_o   = x_req_valid_i && x_rec && !flush_i;

  ///////////////////////
  // Response router   //
  ///////////////////////

  reg [N_UNITS-1:0] u_rsp;     // the response's id is unit k's
  always @(*) begin
    for (k = 0; k < N_UNITS; k = k + 1) begin
`ifdef WW_MUTANT_PART_PORT_RSP_LEAKS
      // MUTANT: the last unit's responses are not recognised (they leak to the crossbar)
      u_rsp[k] = l2_rsp_valid_i && l2_rsp_id_i == UNIT_IDS[k*ID_W +: ID_W] && k != N_UNITS - 1;
`else
      u_rsp[k] = l2_rsp_valid_i && l2_rsp_id_i == UNIT_IDS[k*ID_W +: ID_W];
`endif
    end
  end

  // the slice's response for the crossbar, and a message, take turns
  wire s_rsp = l2_rsp_valid_i && !flush_i && !(|u_rsp);
  wire m_rsp = tm_msg_valid_i && !flush_i;
  reg  msg_first_q;
`ifdef WW_MUTANT_PART_PORT_MSG_LAST
  // MUTANT: fixed priority, the slice's responses before messages
  wire m_sel = m_rsp && !s_rsp;
`else
  wire m_sel = m_rsp && (!s_rsp || msg_first_q);
`endif
  wire x_fire = (s_rsp || m_rsp) && x_rsp_ready_i;
  // after a transfer the other one goes first
  wire msg_first_d = x_fire ? !m_sel : msg_first_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      msg_first_q <= 1'b0;
    end else begin
      msg_first_q <= msg_first_d;
    end
  end

  assign u_rsp_valid_o  = u_rsp & {N_UNITS{!flush_i}};
  assign l2_rsp_ready_o = flush_i || (|u_rsp) || (x_rsp_ready_i && !m_sel);
  assign x_rsp_valid_o  = s_rsp || m_rsp;
  assign tm_msg_ready_o = m_sel && x_rsp_ready_i;
  assign x_rsp_src_o    = m_sel ? tm_msg_sm_i : l2_rsp_src_i;
  assign x_rsp_id_o     = m_sel ? `WW_REQID_TM : l2_rsp_id_i;
  assign x_rsp_miss_o   = !m_sel && l2_rsp_miss_i;
  assign x_rsp_data_o   = m_sel ? tm_msg_data_i : l2_rsp_data_i;

  ////////////////
  // Assertions //
  ////////////////

  // a TM packet is never also a ScoRD record
  `WW_ASSERT(TmPacketNotRecord, !(x_req_valid_i && x_rec && x_tm))

  genvar a, b;
  for (a = 0; a < N_UNITS; a = a + 1) begin : g_chk
    // a unit's id is none of the SM requesters' classes
    `WW_ASSERT(UnitIdNotSm, UNIT_IDS[a*ID_W +: ID_W] != `WW_REQID_L1 &&
                            UNIT_IDS[a*ID_W +: ID_W] != `WW_REQID_BYPASS &&
                            UNIT_IDS[a*ID_W +: ID_W] != `WW_REQID_SCORD &&
                            UNIT_IDS[a*ID_W +: ID_W] != `WW_REQID_TM)
    for (b = a + 1; b < N_UNITS; b = b + 1) begin : g_pair
      `WW_ASSERT(UnitIdsDistinct, UNIT_IDS[a*ID_W +: ID_W] != UNIT_IDS[b*ID_W +: ID_W])
    end
  end

endmodule  // ww_part_port
`default_nettype wire
