// SPDX-License-Identifier: Apache-2.0
//
// ww_l2_slice -- the L2 slice of one memory partition with its device-scope
// atomic unit (docs/gpu_rtl.md "Memory system", docs/l2_slice.md). It is the
// single point of coherence: requests are performed in the order they are
// accepted. It is non-blocking: hits are pipelined (one per cycle), and up to
// MSHRS misses wait for DRAM while later requests pass the tag check.
//
//   cache      SETS x WAYS lines of LINE_BYTES, true LRU (an invalid way,
//              lowest index, first), write-back + write-allocate; a WRITE
//              of every byte of a line that misses allocates it without a
//              DRAM read (it needs none of the old bytes).
//              set = line[PART_W +: SET_W] ^ line[PART_W+SET_W +: SET_W]
//              (PART_W = log2 NUM_PART when NUM_PART is a power of two,
//              else 0: the crossbar interleaves lines over partitions, so
//              those bits are constant here). The XOR of the next SET_W
//              bits spreads power-of-two strides over the sets (the
//              per-thread stacks lie 2 KiB apart: without it they share
//              two sets; docs/l2_slice.md). The tag is the whole line address.
//   arrays     meta: one ww_sram_1r1w of SETS rows, a row per set holding per
//              way w at [w*MW +: MW] {age[WAY_W], dirty, valid, tag[LINE_W]};
//              data: one ww_sram_1r1w of SETS*WAYS lines, address {set, way}.
//
// Request (req_valid_i && req_ready_o; ops WW_L2_*, atomic ops WW_AMO_* of
// rtl/include/ww_proto.vh):
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
//   WRITE with a 4-byte mask. req_ready_o does not depend on the request.
// Response: rsp_valid_o holds until rsp_ready_i, with req id/src/op echoed,
//   in the order the requests were accepted; rsp_miss_o = the request needed
//   a DRAM read (GSI: "L2" vs "DRAM"). rsp_data_o is 0 for WRITE and FLUSH.
// DRAM: dram_req_* valid/ready (valid never waits for ready), we = 1 write
//   (whole line, no mask), we = 0 read (data 0); up to MSHRS reads
//   outstanding, each answered by one dram_rsp_valid_i pulse with the line
//   (always taken), in order. DRAM performs requests in order. DRAM must be
//   reset together with the slice (no stale read answers).
// Pipeline (run mode; a request moves on when the next stage is free):
//   accept  the meta row of the request's set is read.
//   TAG     hit / victim (the row, or the row written the cycle before: a
//           registered bypass); the meta row is written at once: the way is
//           allocated to the line (valid, tag), LRU ages updated, dirty set
//           for a WRITE or an ATOMIC with op <= CAS (a CAS that fails still
//           marks the line dirty: its write-back rewrites the same bytes); a
//           miss sends its DRAM read now. The request then enters the queue
//           (QUEUE entries). TAG waits while a miss of the same set is in the
//           queue or completion (so a line is never fetched twice, a victim
//           is written back before it can be fetched again, and two misses
//           never pick the same victim), while the queue is full, and for a
//           miss while MSHRS misses are in flight or DRAM does not take the
//           read.
//   C1      the queue head reads its line (a hit) or its victim (a miss)
//           from the data array.
//   C2      the line is the data read (or the line written the cycle before
//           at the same address: bypass) for a hit, the DRAM answer for a
//           miss (answers wait in a fill FIFO of MSHRS lines); a dirty
//           victim goes to DRAM now (before any later read of it: TAG waits
//           for this). The op is performed, the line written, and the
//           response registered (rsp_valid_o from the next cycle). C2 waits
//           for the response register, the fill, and DRAM to take the
//           write-back.
//   A hit: response valid 4 cycles after the accepting edge; one hit per
//   cycle in a stream without same-set misses. A FLUSH waits in TAG until
//   the queue, C2 and the response register are empty, then sweeps the sets
//   (FL_* states: read a row, write back each dirty way, clear its dirty
//   bit), then answers.
// Coverage: cov_o pulses the (line state, event) transitions of the cycle
//   (WW_L2ST_* x WW_L2EV_*, docs/drf.md sec. 3): a request when it leaves
//   TAG (I miss, V clean hit, D dirty hit), and its victim (REPL of a V or
//   D line); IV x request in every cycle TAG waits while a miss of the same
//   line is in the queue or C2; IV x FILL when a miss's DRAM answer is
//   used in C2; FLUSH in the sweep (I / V: a row read with an invalid / a
//   valid clean way, once per row; D: a dirty way is written back).
// Reset (sync, rst_ni): INIT clears one meta row per cycle (valid = dirty =
//   0, way w has age w) for SETS cycles; queue, fill FIFO and stages empty.
//   Data not reset.
// Parameters: SETS power of two >= 2, WAYS power of two >= 1; LINE_BYTES
//   power of two 4..128; MSHRS, QUEUE powers of two >= 2.

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
  parameter MSHRS      = `WW_L2_MSHRS,
  parameter QUEUE      = `WW_L2_QUEUE,
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
  input  wire [LINE_BYTES*8-1:0] dram_rsp_data_i,
  // transition coverage: bit WW_L2EV_N * state + event (docs/drf.md sec. 3)
  output reg  [`WW_L2ST_N*`WW_L2EV_N-1:0] cov_o
);

  localparam LB     = LINE_BYTES * 8;
  localparam WORDS  = LINE_BYTES / 4;
  localparam SET_W  = (SETS > 1) ? $clog2(SETS) : 1;
  localparam WAY_W  = (WAYS > 1) ? $clog2(WAYS) : 1;
  localparam PART_W = (NUM_PART > 1 && ((NUM_PART & (NUM_PART - 1)) == 0)) ? $clog2(NUM_PART) : 0;
  localparam MW     = LINE_W + 2 + WAY_W;      // meta bits per way
  localparam ROW_W  = WAYS * MW;
  localparam DA_W   = SET_W + WAY_W;           // data array address
  localparam Q_W    = (QUEUE > 1) ? $clog2(QUEUE) : 1;
  localparam QC_W   = $clog2(QUEUE + 1);
  localparam F_W    = (MSHRS > 1) ? $clog2(MSHRS) : 1;
  localparam FC_W   = $clog2(MSHRS + 1);
  localparam MC_W   = $clog2(MSHRS + 2);       // misses in flight (queue + C2)

  localparam [2:0] ST_INIT   = 3'd0;   // clear meta rows (after reset)
  localparam [2:0] ST_RUN    = 3'd1;   // the pipeline runs
  localparam [2:0] ST_FL_RD  = 3'd2;   // flush: read meta row of sweep_q
  localparam [2:0] ST_FL_LD  = 3'd3;   // flush: row -> meta_q
  localparam [2:0] ST_FL_CHK = 3'd4;   // flush: lowest dirty way, or next set
  localparam [2:0] ST_FL_WBL = 3'd5;   // flush: its line -> line_q
  localparam [2:0] ST_FL_WB  = 3'd6;   // flush: DRAM write, clear dirty

  reg  [2:0]        state_q, state_d;
  reg  [SET_W-1:0]  sweep_q, sweep_d;
  reg  [WAY_W-1:0]  way_q, way_d;          // flush: the way written back
  reg  [ROW_W-1:0]  meta_q, meta_d;        // flush: the row swept
  reg  [LB-1:0]     line_q, line_d;        // flush: the line written back
  wire last_set = ({{(32-SET_W){1'b0}}, sweep_q} == SETS - 1);

  // one request's fields as it moves through TAG, the queue and C2
  localparam RQ_W = `WW_L2_W + LINE_W + ID_W + SRC_W + LINE_BYTES + LB + 4 + WORD_W + 64;

  ////////////////////
  // Injected bugs  //
  ////////////////////
  // Injectable protocol bugs (docs/drf.md sec. 5): each on with its define,
  // or in a WW_BUGS_PLUSARGS simulation build with the plusarg of its name.
  // C2's WRITE merges into the array's line without the write of the cycle
  // before (two back-to-back writes to one line: the first is lost)
`ifdef WW_BUG_L2_WRITE_NO_FWD
  wire bug_write_no_fwd = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_write_no_fwd;
  initial bug_write_no_fwd = $test$plusargs("WW_BUG_L2_WRITE_NO_FWD");
`else
  wire bug_write_no_fwd = 1'b0;
`endif
  // the same for an ATOMIC: it reads a stale word (the value returned twice)
`ifdef WW_BUG_L2_AMO_NO_FWD
  wire bug_amo_no_fwd = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_amo_no_fwd;
  initial bug_amo_no_fwd = $test$plusargs("WW_BUG_L2_AMO_NO_FWD");
`else
  wire bug_amo_no_fwd = 1'b0;
`endif
  // TAG waits only for a pending miss of the same line, not of the set: a
  // miss may fetch a line whose dirty copy is still being written back
`ifdef WW_BUG_L2_REFETCH_BEFORE_WB
  wire bug_refetch = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_refetch;
  initial bug_refetch = $test$plusargs("WW_BUG_L2_REFETCH_BEFORE_WB");
`else
  wire bug_refetch = 1'b0;
`endif

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
  reg  [DA_W-1:0] data_waddr;
  reg  [LB-1:0]   data_wdata;
  // C2 forwards the line written the cycle before, so a collision's data is
  // never used -- except by the bugs that skip the forward: they read the
  // old line, as the C model's bugs do (RW_OLD where they can be injected)
`ifdef WW_BUGS_PLUSARGS
  localparam DATA_RW_OLD = 1;
`elsif WW_BUG_L2_WRITE_NO_FWD
  localparam DATA_RW_OLD = 1;
`elsif WW_BUG_L2_AMO_NO_FWD
  localparam DATA_RW_OLD = 1;
`else
  localparam DATA_RW_OLD = 0;
`endif
  ww_sram_1r1w #(.WIDTH(LB), .DEPTH(SETS * (1 << WAY_W)), .RW_OLD(DATA_RW_OLD)) u_data (
    .clk_i   (clk_i),
    .raddr_i (data_raddr),
    .rdata_o (data_rdata),
    .we_i    (data_we),
    .waddr_i (data_waddr),
    .wdata_i (data_wdata)
  );

  // the write of the cycle before (the arrays return old data for a read
  // and a write of the same address in one cycle)
  reg              mfwd_v_q;
  reg [SET_W-1:0]  mfwd_set_q;
  reg [ROW_W-1:0]  mfwd_row_q;
  reg              dfwd_v_q;
  reg [DA_W-1:0]   dfwd_addr_q;
  reg [LB-1:0]     dfwd_line_q;

  ////////////////////
  // TAG stage      //
  ////////////////////

  // the set of a line: its SET_W bits above the partition bits, XOR the next
  // SET_W bits (zeros above the line)
  function [SET_W-1:0] set_of(input [LINE_W-1:0] ln);
    integer i;
    begin
      for (i = 0; i < SET_W; i = i + 1)
        set_of[i] = ln[PART_W + i] ^
                    ((PART_W + SET_W + i < LINE_W) ? ln[(PART_W + SET_W + i) % LINE_W] : 1'b0);
    end
  endfunction

  reg               t_v_q;
  reg [RQ_W-1:0]    t_rq_q;
  wire [`WW_L2_W-1:0] t_op   = t_rq_q[0 +: `WW_L2_W];
  wire [LINE_W-1:0]   t_line = t_rq_q[`WW_L2_W +: LINE_W];
  wire [3:0]          t_amo  = t_rq_q[`WW_L2_W + LINE_W + ID_W + SRC_W + LINE_BYTES + LB +: 4];
  // a WRITE of every byte of its line: a miss needs no DRAM read
`ifdef WW_MUTANT_L2_FULL_WRITE_ANY_MASK
  wire                t_full = (t_op == `WW_L2_WRITE);   // MUTANT: any mask
`else
  wire                t_full = (t_op == `WW_L2_WRITE) &&
                               (&t_rq_q[`WW_L2_W + LINE_W + ID_W + SRC_W +: LINE_BYTES]);
`endif
  wire [SET_W-1:0]    t_set  = set_of(t_line);
  wire [ROW_W-1:0]    t_row  = (mfwd_v_q && mfwd_set_q == t_set) ? mfwd_row_q : meta_rdata;

  integer w, k;
  reg             hit;
  reg [WAY_W-1:0] hit_way, inv_way, lru_way, sel_way, age_sel;
  reg             any_inv, vic_valid, vic_dirty, sel_dirty;
  reg [LINE_W-1:0] vic_line;
  always @(*) begin
    hit     = 1'b0;
    hit_way = {WAY_W{1'b0}};
    any_inv = 1'b0;
    inv_way = {WAY_W{1'b0}};
    lru_way = {WAY_W{1'b0}};
    for (w = WAYS - 1; w >= 0; w = w - 1) begin
      if (t_row[w*MW + LINE_W] && t_row[w*MW +: LINE_W] == t_line) begin
        hit     = 1'b1;
        hit_way = w[WAY_W-1:0];
      end
      if (!t_row[w*MW + LINE_W]) begin
        any_inv = 1'b1;
        inv_way = w[WAY_W-1:0];
      end
      if ({{(32-WAY_W){1'b0}}, t_row[w*MW + LINE_W + 2 +: WAY_W]} == WAYS - 1) begin
        lru_way = w[WAY_W-1:0];
      end
    end
    sel_way   = hit ? hit_way : (any_inv ? inv_way : lru_way);
    vic_valid = 1'b0;
    sel_dirty = 1'b0;
    vic_line  = {LINE_W{1'b0}};
    age_sel   = {WAY_W{1'b0}};
    for (w = 0; w < WAYS; w = w + 1) begin
      if (sel_way == w[WAY_W-1:0]) begin
        vic_valid = t_row[w*MW + LINE_W];
        sel_dirty = t_row[w*MW + LINE_W + 1];
        vic_line  = t_row[w*MW +: LINE_W];
        age_sel   = t_row[w*MW + LINE_W + 2 +: WAY_W];
      end
    end
`ifdef WW_MUTANT_L2_LOSE_DIRTY_ON_EVICT
    vic_dirty = 1'b0 && !hit && vic_valid && sel_dirty;   // MUTANT: a dirty victim is dropped
`else
    vic_dirty = !hit && vic_valid && sel_dirty;
`endif
  end

  // the row TAG writes: the way holds the line, youngest; dirty if written
  wire t_writes = (t_op == `WW_L2_WRITE) ||
                  (t_op == `WW_L2_ATOMIC && t_amo <= `WW_AMO_CAS);
  reg [ROW_W-1:0] t_row_new;
  always @(*) begin
    t_row_new = t_row;
    for (w = 0; w < WAYS; w = w + 1) begin
      if (sel_way == w[WAY_W-1:0]) begin
        t_row_new[w*MW +: LINE_W]             = t_line;
        t_row_new[w*MW + LINE_W]              = 1'b1;
        t_row_new[w*MW + LINE_W + 1]          = (sel_dirty && hit) || t_writes;
        t_row_new[w*MW + LINE_W + 2 +: WAY_W] = {WAY_W{1'b0}};
      end else if (t_row[w*MW + LINE_W + 2 +: WAY_W] < age_sel) begin
        t_row_new[w*MW + LINE_W + 2 +: WAY_W] =
          t_row[w*MW + LINE_W + 2 +: WAY_W] + {{(WAY_W-1){1'b0}}, 1'b1};
      end
    end
  end

  ////////////////////
  // Queue, C1, C2  //
  ////////////////////

  // queue entry: the request, its way, whether it missed, its victim
  localparam QE_W = RQ_W + WAY_W + 2 + LINE_W;
  (* mem2reg *) reg [QE_W-1:0] q_mem [0:QUEUE-1];
  reg [Q_W-1:0]  q_head_q, q_tail_q;
  reg [QC_W-1:0] q_cnt_q;
  reg [QUEUE-1:0] q_miss_q;                   // per slot: a miss (for TAG's set check)
  (* mem2reg *) reg [SET_W-1:0] q_set_q [0:QUEUE-1];

  wire [QE_W-1:0] h_e = q_mem[q_head_q];       // C1: the queue head
  wire [WAY_W-1:0] h_way = h_e[RQ_W +: WAY_W];
  wire [SET_W-1:0] h_set = set_of(h_e[`WW_L2_W +: LINE_W]);

  reg              c2_v_q;
  reg [QE_W-1:0]   c2_e_q;
  wire [RQ_W-1:0]  c2_rq    = c2_e_q[0 +: RQ_W];
  wire [WAY_W-1:0] c2_way   = c2_e_q[RQ_W +: WAY_W];
  wire             c2_miss  = c2_e_q[RQ_W + WAY_W];
  wire             c2_vdirty = c2_e_q[RQ_W + WAY_W + 1];
  wire [LINE_W-1:0] c2_vline = c2_e_q[RQ_W + WAY_W + 2 +: LINE_W];
  wire [`WW_L2_W-1:0] c2_op  = c2_rq[0 +: `WW_L2_W];
  wire [ID_W-1:0]   c2_id    = c2_rq[`WW_L2_W + LINE_W +: ID_W];
  wire [SRC_W-1:0]  c2_src   = c2_rq[`WW_L2_W + LINE_W + ID_W +: SRC_W];
  wire [LINE_BYTES-1:0] c2_be = c2_rq[`WW_L2_W + LINE_W + ID_W + SRC_W +: LINE_BYTES];
  wire [LB-1:0]     c2_wdata = c2_rq[`WW_L2_W + LINE_W + ID_W + SRC_W + LINE_BYTES +: LB];
  localparam AMO_LSB = `WW_L2_W + LINE_W + ID_W + SRC_W + LINE_BYTES + LB;
  wire [3:0]        c2_amo_op   = c2_rq[AMO_LSB +: 4];
  wire [WORD_W-1:0] c2_amo_word = c2_rq[AMO_LSB + 4 +: WORD_W];
  wire [31:0]       c2_amo_a    = c2_rq[AMO_LSB + 4 + WORD_W +: 32];
  wire [31:0]       c2_amo_b    = c2_rq[AMO_LSB + 4 + WORD_W + 32 +: 32];
  wire [SET_W-1:0]  c2_set      = set_of(c2_rq[`WW_L2_W +: LINE_W]);
  // a miss waiting for a DRAM read (not a full miss, as in TAG)
`ifdef WW_MUTANT_L2_FULL_WRITE_ANY_MASK
  wire              c2_fill     = c2_miss && (c2_op != `WW_L2_WRITE);
`else
  wire              c2_fill     = c2_miss && !((c2_op == `WW_L2_WRITE) && (&c2_be));
`endif
  wire [DA_W-1:0]   c2_addr     = {c2_set, c2_way};
  wire unused_c2 = &{1'b0, c2_rq};   // C2 needs only the set of the line

  // fill FIFO: DRAM answers wait here for their miss to reach C2
  (* mem2reg *) reg [LB-1:0] f_mem [0:MSHRS-1];
  reg [F_W-1:0]  f_head_q, f_tail_q;
  reg [FC_W-1:0] f_cnt_q;
  reg [MC_W-1:0] misses_q;                   // misses in the queue and C2

  // the data read of C2: the array, or the line written the cycle before
  wire c2_nofwd = (bug_write_no_fwd && c2_op == `WW_L2_WRITE) ||
                  (bug_amo_no_fwd && c2_op == `WW_L2_ATOMIC);
  wire [LB-1:0] c2_rd = (dfwd_v_q && dfwd_addr_q == c2_addr && !c2_nofwd) ? dfwd_line_q : data_rdata;
  wire [LB-1:0] c2_old = c2_fill ? f_mem[f_head_q] : c2_rd;

  ////////////////////
  // Atomic unit    //
  ////////////////////

  reg  [31:0] aold;
  wire [31:0] anew;
  wire        awrite;
  always @(*) begin
    aold = 32'd0;
    for (k = 0; k < WORDS; k = k + 1) begin
      if (c2_amo_word == k[WORD_W-1:0]) begin
        aold = c2_old[k*32 +: 32];
      end
    end
  end

  ww_amo_alu u_amo (
    .op_i    (c2_amo_op),
    .old_i   (aold),
    .a_i     (c2_amo_a),
    .b_i     (c2_amo_b),
    .new_o   (anew),
    .write_o (awrite)
  );

  // the line after the operation
  reg [LB-1:0] new_line;
  always @(*) begin
    k = 0;   // loop variable, set on every path (else Yosys infers a latch)
    new_line = c2_old;
    if (c2_op == `WW_L2_WRITE) begin
      for (k = 0; k < LINE_BYTES; k = k + 1) begin
        if (c2_be[k]) begin
          new_line[k*8 +: 8] = c2_wdata[k*8 +: 8];
        end
      end
    end else if (c2_op == `WW_L2_ATOMIC) begin
      for (k = 0; k < WORDS; k = k + 1) begin
        if (c2_amo_word == k[WORD_W-1:0] && awrite) begin
          new_line[k*32 +: 32] = anew;
        end
      end
    end
  end

  // flush: the lowest dirty way of meta_q, and the line of way_q
  reg [WAY_W-1:0]  fl_way;
  reg              fl_any;
  reg [LINE_W-1:0] wb_line;
  always @(*) begin
    fl_any  = 1'b0;
    fl_way  = {WAY_W{1'b0}};
    wb_line = {LINE_W{1'b0}};
    for (w = WAYS - 1; w >= 0; w = w - 1) begin
      if (meta_q[w*MW + LINE_W + 1]) begin
        fl_any = 1'b1;
        fl_way = w[WAY_W-1:0];
      end
      if (way_q == w[WAY_W-1:0]) begin
        wb_line = meta_q[w*MW +: LINE_W];
      end
    end
  end

  ////////////////////
  // Control        //
  ////////////////////

  reg              rsp_v_q;
  wire             run    = (state_q == ST_RUN);
  wire             rsp_free = !rsp_v_q || rsp_ready_i;

  // C2: completes when the response register is free, its fill has come,
  // and DRAM takes its dirty victim
  wire c2_ready = run && c2_v_q && rsp_free && (!c2_fill || f_cnt_q != {FC_W{1'b0}});
  wire c2_wb    = c2_ready && c2_miss && c2_vdirty;     // its write-back has the DRAM port
  wire c2_go    = c2_ready && (!c2_wb || dram_req_ready_i);
  // C1 -> C2 when C2 is empty or leaves
  wire q_any    = (q_cnt_q != {QC_W{1'b0}});
  wire c1_go    = run && q_any && (!c2_v_q || c2_go);

  // a miss of TAG's line in the queue or C2 (coverage: state IV)
  reg line_pend;
  always @(*) begin
    line_pend = c2_v_q && c2_miss && c2_rq[`WW_L2_W +: LINE_W] == t_line;
    for (w = 0; w < QUEUE; w = w + 1) begin
      if (q_miss_q[w] && q_mem[w][`WW_L2_W +: LINE_W] == t_line) begin
        line_pend = 1'b1;
      end
    end
  end

  // TAG: a miss of its set in the queue or C2 holds it
  reg set_busy;
  always @(*) begin
    set_busy = c2_v_q && c2_miss && c2_set == t_set;
    for (w = 0; w < QUEUE; w = w + 1) begin
      if (q_miss_q[w] && q_set_q[w] == t_set) begin
        set_busy = 1'b1;
      end
    end
  end
`ifdef WW_MUTANT_L2_NO_SET_WAIT
  wire set_wait = 1'b0 && set_busy;   // MUTANT: TAG passes a waiting miss of its set
`else
  wire set_wait = bug_refetch ? line_pend : set_busy;
`endif
  wire t_flush  = t_v_q && t_op == `WW_L2_FLUSH;
  wire q_room   = ({{(32-QC_W){1'b0}}, q_cnt_q} < QUEUE) || c1_go;
  wire t_ok     = run && t_v_q && !t_flush && !set_wait && q_room &&
                  (hit || t_full || {{(32-MC_W){1'b0}}, misses_q} < MSHRS);
  wire t_rd     = t_ok && !hit && !t_full && !c2_wb;   // the DRAM read of a miss
  wire t_go     = t_ok && (hit || t_full || (!c2_wb && dram_req_ready_i));
  // a FLUSH starts when everything before it is answered
  wire fl_start = run && t_flush && !q_any && !c2_v_q && !rsp_v_q;
  wire fl_done  = (state_q == ST_FL_CHK) && !fl_any && last_set;

  assign req_ready_o = run && (!t_v_q || t_go);
  wire accept = req_valid_i && req_ready_o;

  always @(*) begin
    w = 0;   // loop variable, set on every path (else Yosys infers a latch)
    state_d    = state_q;
    sweep_d    = sweep_q;
    way_d      = way_q;
    meta_d     = meta_q;
    line_d     = line_q;
    meta_raddr = accept ? set_of(req_line_i) : t_set;
    meta_we    = 1'b0;
    meta_waddr = t_set;
    meta_wdata = t_row_new;
    data_raddr = (c2_v_q && !c2_go) ? c2_addr : {h_set, h_way};
    data_we    = 1'b0;
    data_waddr = c2_addr;
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
          state_d = ST_RUN;
          sweep_d = {SET_W{1'b0}};
        end
      end
      ST_RUN: begin
        meta_we = t_go;
        data_we = c2_go;
        if (fl_start) begin
          sweep_d = {SET_W{1'b0}};
          state_d = ST_FL_RD;
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
          state_d = ST_RUN;           // the FLUSH answers (below)
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
        state_d = ST_RUN;
      end
    endcase
  end

  ////////////////////
  // Registers      //
  ////////////////////

  reg [`WW_L2_W-1:0] rsp_op_q;
  reg [ID_W-1:0]     rsp_id_q;
  reg [SRC_W-1:0]    rsp_src_q;
  reg                rsp_miss_q;
  reg [LB-1:0]       rsp_data_q;
`ifdef WW_MUTANT_L2_AMO_RETURNS_NEW
  wire [31:0] a_ret = anew;     // MUTANT: atomics return the new value
`else
  wire [31:0] a_ret = aold;
`endif

  wire t_miss_go = t_go && !hit && !t_full;   // misses with a DRAM read
  wire c2_miss_go = c2_go && c2_fill;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q  <= ST_INIT;
      sweep_q  <= {SET_W{1'b0}};
      t_v_q    <= 1'b0;
      q_head_q <= {Q_W{1'b0}};
      q_tail_q <= {Q_W{1'b0}};
      q_cnt_q  <= {QC_W{1'b0}};
      q_miss_q <= {QUEUE{1'b0}};
      c2_v_q   <= 1'b0;
      f_head_q <= {F_W{1'b0}};
      f_tail_q <= {F_W{1'b0}};
      f_cnt_q  <= {FC_W{1'b0}};
      misses_q <= {MC_W{1'b0}};
      rsp_v_q  <= 1'b0;
      mfwd_v_q <= 1'b0;
      dfwd_v_q <= 1'b0;
    end else begin
      state_q <= state_d;
      sweep_q <= sweep_d;
      // TAG
      if (accept)                t_v_q <= 1'b1;
      else if (t_go || fl_done)  t_v_q <= 1'b0;
      // queue: the head leaves to C2, TAG's request enters
      if (c1_go) begin
        q_miss_q[q_head_q] <= 1'b0;
        q_head_q <= q_head_q + 1'b1;
      end
      if (t_go) begin
        q_miss_q[q_tail_q] <= !hit;
        q_tail_q <= q_tail_q + 1'b1;
      end
      q_cnt_q <= q_cnt_q + {{(QC_W-1){1'b0}}, t_go} - {{(QC_W-1){1'b0}}, c1_go};
      // C2
      if (c1_go)      c2_v_q <= 1'b1;
      else if (c2_go) c2_v_q <= 1'b0;
      // fill FIFO and misses in flight
      if (dram_rsp_valid_i) f_tail_q <= f_tail_q + 1'b1;
      if (c2_miss_go)       f_head_q <= f_head_q + 1'b1;
      f_cnt_q  <= f_cnt_q + {{(FC_W-1){1'b0}}, dram_rsp_valid_i} - {{(FC_W-1){1'b0}}, c2_miss_go};
      misses_q <= misses_q + {{(MC_W-1){1'b0}}, t_miss_go} - {{(MC_W-1){1'b0}}, c2_miss_go};
      // response register
      if (c2_go || fl_done) rsp_v_q <= 1'b1;
      else if (rsp_ready_i) rsp_v_q <= 1'b0;
      // the array writes of this cycle, for next cycle's reads
      mfwd_v_q <= meta_we;
      dfwd_v_q <= data_we;
    end
  end

  // Datapath registers: not reset.
  always @(posedge clk_i) begin
    way_q  <= way_d;
    meta_q <= meta_d;
    line_q <= line_d;
    mfwd_set_q  <= meta_waddr;
    mfwd_row_q  <= meta_wdata;
    dfwd_addr_q <= data_waddr;
    dfwd_line_q <= data_wdata;
    if (accept) begin
      t_rq_q <= {req_amo_b_i, req_amo_a_i, req_amo_word_i, req_amo_op_i, req_data_i, req_be_i,
                 req_src_i, req_id_i, req_line_i, req_op_i};
    end
    if (c1_go) begin
      c2_e_q <= h_e;
    end
    if (t_go) begin
      q_mem[q_tail_q]   <= {vic_line, vic_dirty, !hit, sel_way, t_rq_q};
      q_set_q[q_tail_q] <= t_set;
    end
    if (dram_rsp_valid_i) begin
      f_mem[f_tail_q] <= dram_rsp_data_i;
    end
    if (c2_go) begin
      rsp_op_q   <= c2_op;
      rsp_id_q   <= c2_id;
      rsp_src_q  <= c2_src;
      rsp_miss_q <= c2_fill;
      rsp_data_q <= (c2_op == `WW_L2_READ)   ? c2_old :
                    (c2_op == `WW_L2_ATOMIC) ? {{(LB-32){1'b0}}, a_ret} : {LB{1'b0}};
    end else if (fl_done) begin
      rsp_op_q   <= t_op;
      rsp_id_q   <= t_rq_q[`WW_L2_W + LINE_W +: ID_W];
      rsp_src_q  <= t_rq_q[`WW_L2_W + LINE_W + ID_W +: SRC_W];
      rsp_miss_q <= 1'b0;
      rsp_data_q <= {LB{1'b0}};
    end
  end

  ////////////////////
  // Outputs        //
  ////////////////////

  assign rsp_valid_o = rsp_v_q;
  assign rsp_op_o    = rsp_op_q;
  assign rsp_id_o    = rsp_id_q;
  assign rsp_src_o   = rsp_src_q;
  assign rsp_miss_o  = rsp_miss_q;
  assign rsp_data_o  = rsp_data_q;

  wire fl_wb = (state_q == ST_FL_WB);
  assign dram_req_valid_o = c2_wb || t_rd || fl_wb;
  assign dram_req_we_o    = c2_wb || fl_wb;
  assign dram_req_line_o  = c2_wb ? c2_vline : fl_wb ? wb_line : t_line;
  assign dram_req_data_o  = c2_wb ? c2_rd : fl_wb ? line_q : {LB{1'b0}};

  ////////////////////
  // Coverage       //
  ////////////////////

  reg                  row_inv, row_clean;
  reg [`WW_L2EV_W-1:0] t_ev;
  reg [`WW_L2ST_W-1:0] t_st, vic_st;
  always @(*) begin
    row_inv   = 1'b0;
    row_clean = 1'b0;
    for (w = 0; w < WAYS; w = w + 1) begin
      row_inv   = row_inv   || !meta_rdata[w*MW + LINE_W];
      row_clean = row_clean || (meta_rdata[w*MW + LINE_W] && !meta_rdata[w*MW + LINE_W + 1]);
    end
    case (t_op)
      `WW_L2_WRITE:  t_ev = t_full ? `WW_L2EV_WRITE_FULL : `WW_L2EV_WRITE;
      `WW_L2_ATOMIC: t_ev = `WW_L2EV_ATOMIC;
      default:       t_ev = `WW_L2EV_READ;
    endcase
    vic_st = sel_dirty ? `WW_L2ST_D : `WW_L2ST_V;
    t_st   = hit ? vic_st : `WW_L2ST_I;
    cov_o = {`WW_L2ST_N*`WW_L2EV_N{1'b0}};
    if (t_go) begin
      cov_o[t_st * `WW_L2EV_N + t_ev] = 1'b1;
      cov_o[vic_st * `WW_L2EV_N + `WW_L2EV_REPL] = !hit && vic_valid;
    end
    if (run && t_v_q && !t_flush && set_wait && line_pend) begin
      cov_o[`WW_L2ST_IV * `WW_L2EV_N + t_ev] = 1'b1;
    end
    if (c2_go && c2_fill) begin
      cov_o[`WW_L2ST_IV * `WW_L2EV_N + `WW_L2EV_FILL] = 1'b1;
    end
    if (state_q == ST_FL_LD) begin
      cov_o[`WW_L2ST_I * `WW_L2EV_N + `WW_L2EV_FLUSH] = row_inv;
      cov_o[`WW_L2ST_V * `WW_L2EV_N + `WW_L2EV_FLUSH] = row_clean;
    end
    if (fl_wb && dram_req_ready_i) begin
      cov_o[`WW_L2ST_D * `WW_L2EV_N + `WW_L2EV_FLUSH] = 1'b1;
    end
  end

`ifndef SYNTHESIS
  // the fill FIFO never overflows: each answer belongs to a miss in flight
  always @(posedge clk_i)
    if (rst_ni && dram_rsp_valid_i && {{(32-FC_W){1'b0}}, f_cnt_q} >= MSHRS) begin
      $display("ww_l2_slice: DRAM answer without a miss waiting for it");
      $stop;
    end
`endif

endmodule  // ww_l2_slice
`default_nettype wire
