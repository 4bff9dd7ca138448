// SPDX-License-Identifier: Apache-2.0
//
// ww_l2_slice -- the L2 slice of one memory partition with its device-scope
// atomic unit (docs/gpu_rtl.md "Memory system", docs/l2_slice.md). It is the
// single point of coherence: requests are performed one at a time, in the
// order they are accepted.
//
//   cache      SETS x WAYS lines of LINE_BYTES, true LRU (an invalid way,
//              lowest index, first), write-back + write-allocate.
//              set = line[PART_W +: SET_W] (PART_W = log2 NUM_PART when
//              NUM_PART is a power of two, else 0: the crossbar interleaves
//              lines over partitions, so those bits are constant here).
//              The tag is the whole line address.
//   arrays     meta: one ww_sram_1r1w of SETS rows, a row per set holding per
//              way w at [w*MW +: MW] {age[WAY_W], dirty, valid, tag[LINE_W]};
//              data: one ww_sram_1r1w of SETS*WAYS lines, address {set, way}.
//
// Request (req_valid_i && req_ready_o; ready only in IDLE; ops WW_L2_*, atomic
// ops WW_AMO_* of rtl/include/ww_proto.vh):
//   req_op_i 0 READ    line req_line_i            -> rsp_data_o = the line
//            1 WRITE   bytes of req_data_i where req_be_i is 1 -> ack
//            2 ATOMIC  word req_amo_word_i, op req_amo_op_i (0 add, 1 exch,
//                      2 min, 3 max, 4 minu, 5 maxu, 6 and, 7 or, 8 xor,
//                      9 cas: write b if old == a; 10..15 reserved: write
//                      nothing), operand req_amo_a_i
//                      -> rsp_data_o = old word in bits [31:0], rest 0
//            3 FLUSH   write every dirty line back to DRAM (lines stay valid,
//                      become clean) -> ack
//   Strong word accesses of the LSU are READ (the LSU picks the word) and
//   WRITE with a 4-byte mask.
// Response: rsp_valid_o holds until rsp_ready_i, with req id/src/op echoed;
//   rsp_miss_o = the request needed a DRAM read (GSI: "L2" vs "DRAM").
//   rsp_data_o is 0 for WRITE and FLUSH.
// DRAM: dram_req_* valid/ready, we = 1 write (whole line, no mask), we = 0
//   read (data 0); at most one read outstanding, answered by one dram_rsp_valid_i
//   pulse with the line (always taken). DRAM performs requests in order.
//   DRAM must be reset together with the slice (no stale read answers).
// Timing: hit: accept, TAG, LOAD, OP, RSP: the response is valid 4 cycles
//   after the accepting edge, the next request can be accepted the cycle
//   after the response is taken (5 cycles per hit). A miss adds the DRAM
//   read (FREQ, FWAIT) and, for a dirty victim, WBL + WB before it.
// Reset (sync, rst_ni): FSM to INIT, which clears one meta row per cycle
//   (valid = dirty = 0, way w has age w) for SETS cycles. Data not reset.
// Parameters: SETS power of two >= 2, WAYS power of two >= 1; LINE_BYTES power of two 4..128.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_l2_slice #(
  parameter SETS       = `WW_L2_SETS,
  parameter WAYS       = `WW_L2_WAYS,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter NUM_SM     = `WW_NUM_SM,
  parameter ID_W       = `WW_REQID_W,
  parameter SRC_W      = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // request (from the crossbar)
  input  wire                    req_valid_i,
  output wire                    req_ready_o,
  input  wire [`WW_L2_W-1:0]     req_op_i,
  input  wire [LINE_W-1:0]       req_line_i,
  input  wire [ID_W-1:0]         req_id_i,
  input  wire [SRC_W-1:0]        req_src_i,
  input  wire [LINE_BYTES-1:0]   req_be_i,
  input  wire [LINE_BYTES*8-1:0] req_data_i,
  input  wire [`WW_AMO_W-1:0]    req_amo_op_i,
  input  wire [WORD_W-1:0]       req_amo_word_i,
  input  wire [31:0]             req_amo_a_i,
  input  wire [31:0]             req_amo_b_i,
  // response (to the crossbar)
  output wire                    rsp_valid_o,
  input  wire                    rsp_ready_i,
  output wire [`WW_L2_W-1:0]     rsp_op_o,
  output wire [ID_W-1:0]         rsp_id_o,
  output wire [SRC_W-1:0]        rsp_src_o,
  output wire                    rsp_miss_o,
  output wire [LINE_BYTES*8-1:0] rsp_data_o,
  // DRAM
  output wire                    dram_req_valid_o,
  input  wire                    dram_req_ready_i,
  output wire                    dram_req_we_o,
  output wire [LINE_W-1:0]       dram_req_line_o,
  output wire [LINE_BYTES*8-1:0] dram_req_data_o,
  input  wire                    dram_rsp_valid_i,
  input  wire [LINE_BYTES*8-1:0] dram_rsp_data_i
);

  localparam LB     = LINE_BYTES * 8;
  localparam WORDS  = LINE_BYTES / 4;
  localparam SET_W  = (SETS > 1) ? $clog2(SETS) : 1;
  localparam WAY_W  = (WAYS > 1) ? $clog2(WAYS) : 1;
  localparam PART_W = (NUM_PART > 1 && ((NUM_PART & (NUM_PART - 1)) == 0)) ? $clog2(NUM_PART) : 0;
  localparam MW     = LINE_W + 2 + WAY_W;      // meta bits per way
  localparam ROW_W  = WAYS * MW;
  localparam DA_W   = SET_W + WAY_W;           // data array address


  localparam [3:0] ST_INIT   = 4'd0;   // clear meta rows (after reset)
  localparam [3:0] ST_IDLE   = 4'd1;   // accept; meta row read
  localparam [3:0] ST_TAG    = 4'd2;   // compare; data read of hit or victim
  localparam [3:0] ST_LOAD   = 4'd3;   // hit line -> line_q
  localparam [3:0] ST_WBL    = 4'd4;   // dirty victim line -> line_q
  localparam [3:0] ST_WB     = 4'd5;   // DRAM write of the victim
  localparam [3:0] ST_FREQ   = 4'd6;   // DRAM read of the line
  localparam [3:0] ST_FWAIT  = 4'd7;   // wait for the DRAM line -> line_q
  localparam [3:0] ST_OP     = 4'd8;   // perform: write data + meta
  localparam [3:0] ST_RSP    = 4'd9;   // response valid
  localparam [3:0] ST_FL_RD  = 4'd10;  // flush: read meta row of sweep_q
  localparam [3:0] ST_FL_LD  = 4'd11;  // flush: row -> meta_q
  localparam [3:0] ST_FL_CHK = 4'd12;  // flush: lowest dirty way, or next set
  localparam [3:0] ST_FL_WBL = 4'd13;  // flush: its line -> line_q
  localparam [3:0] ST_FL_WB  = 4'd14;  // flush: DRAM write, clear dirty

  reg  [3:0]        state_q, state_d;
  reg  [SET_W-1:0]  sweep_q, sweep_d;
  reg               miss_q, miss_d;
  reg  [WAY_W-1:0]  way_q, way_d;
  reg  [ROW_W-1:0]  meta_q, meta_d;
  reg  [LB-1:0]     line_q, line_d;
  // request registers
  reg  [1:0]        op_q;
  reg  [LINE_W-1:0] rline_q;
  reg  [ID_W-1:0]   id_q;
  reg  [SRC_W-1:0]  src_q;
  reg  [LINE_BYTES-1:0] be_q;
  reg  [LB-1:0]     wdata_q;
  reg  [3:0]        amo_op_q;
  reg  [WORD_W-1:0] amo_word_q;
  reg  [31:0]       amo_a_q, amo_b_q;

  wire accept = req_valid_i && (state_q == ST_IDLE);

  wire [SET_W-1:0] set_q   = rline_q[PART_W +: SET_W];
  wire [SET_W-1:0] set_req = req_line_i[PART_W +: SET_W];
  wire last_set = ({{(32-SET_W){1'b0}}, sweep_q} == SETS - 1);

  ////////////////////
  // Arrays         //
  ////////////////////

  reg  [SET_W-1:0] meta_raddr;
  wire [ROW_W-1:0] meta_rdata;
  reg              meta_we;
  reg  [SET_W-1:0] meta_waddr;
  reg  [ROW_W-1:0] meta_wdata;
  ww_sram_1r1w #(.WIDTH(ROW_W), .DEPTH(SETS)) u_meta (
    .clk_i   (clk_i),
    .raddr_i (meta_raddr),
    .rdata_o (meta_rdata),
    .we_i    (meta_we),
    .waddr_i (meta_waddr),
    .wdata_i (meta_wdata)
  );

  reg  [DA_W-1:0] data_raddr;
  wire [LB-1:0]   data_rdata;
  reg             data_we;
  reg  [LB-1:0]   data_wdata;
  ww_sram_1r1w #(.WIDTH(LB), .DEPTH(SETS * (1 << WAY_W))) u_data (
    .clk_i   (clk_i),
    .raddr_i (data_raddr),
    .rdata_o (data_rdata),
    .we_i    (data_we),
    .waddr_i ({set_q, way_q}),
    .wdata_i (data_wdata)
  );

  ////////////////////
  // Tag compare    //
  ////////////////////

  integer w, k;
  reg             hit;
  reg [WAY_W-1:0] hit_way, inv_way, lru_way, sel_way;
  reg             any_inv, vic_dirty;
  always @(*) begin
    hit     = 1'b0;
    hit_way = {WAY_W{1'b0}};
    any_inv = 1'b0;
    inv_way = {WAY_W{1'b0}};
    lru_way = {WAY_W{1'b0}};
    for (w = WAYS - 1; w >= 0; w = w - 1) begin
      if (meta_rdata[w*MW + LINE_W] && meta_rdata[w*MW +: LINE_W] == rline_q) begin
        hit     = 1'b1;
        hit_way = w[WAY_W-1:0];
      end
      if (!meta_rdata[w*MW + LINE_W]) begin
        any_inv = 1'b1;
        inv_way = w[WAY_W-1:0];
      end
      if ({{(32-WAY_W){1'b0}}, meta_rdata[w*MW + LINE_W + 2 +: WAY_W]} == WAYS - 1) begin
        lru_way = w[WAY_W-1:0];
      end
    end
    sel_way   = hit ? hit_way : (any_inv ? inv_way : lru_way);
    vic_dirty = 1'b0;
    for (w = 0; w < WAYS; w = w + 1) begin
      if (sel_way == w[WAY_W-1:0]) begin
        vic_dirty = meta_rdata[w*MW + LINE_W + 1];
      end
    end
  end

  // fields of way_q in meta_q; lowest dirty way of meta_q (flush)
  reg [LINE_W-1:0] wb_line;
  reg [WAY_W-1:0]  age_sel, fl_way;
  reg              fl_any;
  always @(*) begin
    wb_line = {LINE_W{1'b0}};
    age_sel = {WAY_W{1'b0}};
    fl_any  = 1'b0;
    fl_way  = {WAY_W{1'b0}};
    for (w = WAYS - 1; w >= 0; w = w - 1) begin
      if (way_q == w[WAY_W-1:0]) begin
        wb_line = meta_q[w*MW +: LINE_W];
        age_sel = meta_q[w*MW + LINE_W + 2 +: WAY_W];
      end
      if (meta_q[w*MW + LINE_W + 1]) begin
        fl_any = 1'b1;
        fl_way = w[WAY_W-1:0];
      end
    end
  end

  ////////////////////
  // Atomic unit    //
  ////////////////////

  reg  [31:0] aold;
  wire [31:0] anew;
  wire        awrite;
  always @(*) begin
    aold = 32'd0;
    for (k = 0; k < WORDS; k = k + 1) begin
      if (amo_word_q == k[WORD_W-1:0]) begin
        aold = line_q[k*32 +: 32];
      end
    end
  end

  ww_amo_alu u_amo (
    .op_i    (amo_op_q),
    .old_i   (aold),
    .a_i     (amo_a_q),
    .b_i     (amo_b_q),
    .new_o   (anew),
    .write_o (awrite)
  );

  // the line after the operation, and whether it was written
  reg [LB-1:0] new_line;
  reg          wrote;
  always @(*) begin
    new_line = line_q;
    wrote    = 1'b0;
    if (op_q == `WW_L2_WRITE) begin
      wrote = 1'b1;
      for (k = 0; k < LINE_BYTES; k = k + 1) begin
        if (be_q[k]) begin
          new_line[k*8 +: 8] = wdata_q[k*8 +: 8];
        end
      end
    end else if (op_q == `WW_L2_ATOMIC) begin
      wrote = awrite;
      for (k = 0; k < WORDS; k = k + 1) begin
        if (amo_word_q == k[WORD_W-1:0] && awrite) begin
          new_line[k*32 +: 32] = anew;
        end
      end
    end
  end

  ////////////////////
  // Control        //
  ////////////////////

  assign req_ready_o = (state_q == ST_IDLE);

  always @(*) begin
    state_d    = state_q;
    sweep_d    = sweep_q;
    miss_d     = miss_q;
    way_d      = way_q;
    meta_d     = meta_q;
    line_d     = line_q;
    meta_raddr = set_req;
    meta_we    = 1'b0;
    meta_waddr = set_q;
    meta_wdata = meta_q;
    data_raddr = {set_q, way_q};
    data_we    = 1'b0;
    data_wdata = new_line;
    case (state_q)
      ST_INIT: begin
        meta_we    = 1'b1;
        meta_waddr = sweep_q;
        for (w = 0; w < WAYS; w = w + 1) begin
          meta_wdata[w*MW +: MW] = {w[WAY_W-1:0], 2'b00, {LINE_W{1'b0}}};
        end
        sweep_d = sweep_q + {{(SET_W-1){1'b0}}, 1'b1};
        if (last_set) begin
          state_d = ST_IDLE;
          sweep_d = {SET_W{1'b0}};
        end
      end
      ST_IDLE: begin
        if (accept) begin
          miss_d  = 1'b0;
          sweep_d = {SET_W{1'b0}};
          state_d = (req_op_i == `WW_L2_FLUSH) ? ST_FL_RD : ST_TAG;
        end
      end
      ST_TAG: begin
        meta_d     = meta_rdata;
        way_d      = sel_way;
        miss_d     = !hit;
        data_raddr = {set_q, sel_way};
        if (hit) begin
          state_d = ST_LOAD;
`ifdef WW_MUTANT_L2_LOSE_DIRTY_ON_EVICT
        end else if (1'b0 && vic_dirty) begin  // MUTANT: a dirty victim is dropped
`else
        end else if (vic_dirty) begin
`endif
          state_d = ST_WBL;
        end else begin
          state_d = ST_FREQ;
        end
      end
      ST_LOAD: begin
        line_d  = data_rdata;
        state_d = ST_OP;
      end
      ST_WBL: begin
        line_d  = data_rdata;
        state_d = ST_WB;
      end
      ST_WB: begin
        if (dram_req_ready_i) begin
          state_d = ST_FREQ;
        end
      end
      ST_FREQ: begin
        if (dram_req_ready_i) begin
          state_d = ST_FWAIT;
        end
      end
      ST_FWAIT: begin
        if (dram_rsp_valid_i) begin
          line_d  = dram_rsp_data_i;
          state_d = ST_OP;
        end
      end
      ST_OP: begin
        data_we = 1'b1;
        meta_we = 1'b1;
        for (w = 0; w < WAYS; w = w + 1) begin
          if (way_q == w[WAY_W-1:0]) begin
            meta_wdata[w*MW +: LINE_W]            = rline_q;
            meta_wdata[w*MW + LINE_W]             = 1'b1;
            meta_wdata[w*MW + LINE_W + 1]         = (meta_q[w*MW + LINE_W + 1] && !miss_q) || wrote;
            meta_wdata[w*MW + LINE_W + 2 +: WAY_W] = {WAY_W{1'b0}};
          end else if (meta_q[w*MW + LINE_W + 2 +: WAY_W] < age_sel) begin
            meta_wdata[w*MW + LINE_W + 2 +: WAY_W] =
              meta_q[w*MW + LINE_W + 2 +: WAY_W] + {{(WAY_W-1){1'b0}}, 1'b1};
          end
        end
        state_d = ST_RSP;
      end
      ST_RSP: begin
        if (rsp_ready_i) begin
          state_d = ST_IDLE;
        end
      end
      ST_FL_RD: begin
        meta_raddr = sweep_q;
        state_d    = ST_FL_LD;
      end
      ST_FL_LD: begin
        meta_d  = meta_rdata;
        state_d = ST_FL_CHK;
      end
      ST_FL_CHK: begin
        way_d      = fl_way;
        data_raddr = {sweep_q, fl_way};
        if (fl_any) begin
          state_d = ST_FL_WBL;
        end else if (last_set) begin
          state_d = ST_RSP;
        end else begin
          sweep_d = sweep_q + {{(SET_W-1){1'b0}}, 1'b1};
          state_d = ST_FL_RD;
        end
      end
      ST_FL_WBL: begin
        line_d  = data_rdata;
        state_d = ST_FL_WB;
      end
      ST_FL_WB: begin
        if (dram_req_ready_i) begin
          for (w = 0; w < WAYS; w = w + 1) begin
            if (way_q == w[WAY_W-1:0]) begin
              meta_d[w*MW + LINE_W + 1] = 1'b0;
            end
          end
          meta_we    = 1'b1;
          meta_waddr = sweep_q;
          meta_wdata = meta_d;
          state_d    = ST_FL_CHK;
        end
      end
      default: begin
        state_d = ST_IDLE;
      end
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= ST_INIT;
      sweep_q <= {SET_W{1'b0}};
    end else begin
      state_q <= state_d;
      sweep_q <= sweep_d;
    end
  end

  // Datapath registers: not reset.
  always @(posedge clk_i) begin
    miss_q <= miss_d;
    way_q  <= way_d;
    meta_q <= meta_d;
    line_q <= line_d;
    if (accept) begin
      op_q       <= req_op_i;
      rline_q    <= req_line_i;
      id_q       <= req_id_i;
      src_q      <= req_src_i;
      be_q       <= req_be_i;
      wdata_q    <= req_data_i;
      amo_op_q   <= req_amo_op_i;
      amo_word_q <= req_amo_word_i;
      amo_a_q    <= req_amo_a_i;
      amo_b_q    <= req_amo_b_i;
    end
  end

  ////////////////////
  // Outputs        //
  ////////////////////

  assign rsp_valid_o = (state_q == ST_RSP);
  assign rsp_op_o    = op_q;
  assign rsp_id_o    = id_q;
  assign rsp_src_o   = src_q;
  assign rsp_miss_o  = miss_q;
`ifdef WW_MUTANT_L2_AMO_RETURNS_NEW
  assign rsp_data_o  = (op_q == `WW_L2_READ) ? line_q :   // MUTANT: atomics return the new value
                       (op_q == `WW_L2_ATOMIC)  ? {{(LB-32){1'b0}}, anew} : {LB{1'b0}};
`else
  assign rsp_data_o  = (op_q == `WW_L2_READ) ? line_q :
                       (op_q == `WW_L2_ATOMIC)  ? {{(LB-32){1'b0}}, aold} : {LB{1'b0}};
`endif

  assign dram_req_valid_o = (state_q == ST_WB) || (state_q == ST_FREQ) || (state_q == ST_FL_WB);
  assign dram_req_we_o    = (state_q != ST_FREQ);
  assign dram_req_line_o  = (state_q == ST_FREQ) ? rline_q : wb_line;
  assign dram_req_data_o  = line_q & {LB{dram_req_we_o}};   // reads: 0

endmodule  // ww_l2_slice
`default_nettype wire
