// SPDX-License-Identifier: Apache-2.0
//
// ww_lwh -- KILO TM last-writer history (MICRO 2011, sec. 4.5.2, sizes of sec.
// 6.3.2): for a word address, the commit ID (CID) of the youngest committing
// transaction that may write it. One per commit unit.
//
//   lookup table   ENTRIES words in WAYS ways: address -> youngest CID.
//                  A write updates the CID on a hit, else allocates a way and
//                  evicts the victim into the recency Bloom filter. A new
//                  entry takes the younger of its writer and the filter's
//                  answer for the address, so writes need not come in CID
//                  order (docs/lwh.md).
//   recency Bloom  SUBARRAYS sub-arrays of BUCKETS/SUBARRAYS CID buckets, each
//                  indexed by its own H3 hash. An eviction raises the bucket
//                  of every sub-array to the younger of (bucket, victim); a
//                  query that misses the table returns the oldest CID read
//                  from the sub-arrays (the least aliased).
//
// Retirement is implicit: the commit unit supplies its live window
// [oldest_cid_i, next_cid_i); a stored CID outside it has retired and reads as
// "no writer". CIDs wrap around: a scrubber walks all entries in the idle
// slots (and at least once every SCRUB_EVERY operations) invalidating retired
// ones, and cid_hold_o tells the CID vendor to stop issuing before a stale CID
// could alias a live one (see docs/lwh.md for the argument).
//
// Guarantee: a query never answers with a CID older than the youngest live
// writer of that address (it may answer a younger false writer).
//
// Protocol: a request moves when req_valid_i && req_ready_o. req_write_i=1
// records req_cid_i as a writer of req_addr_i (ignored if that CID is not
// live); req_write_i=0 queries req_addr_i and answers two cycles later with
// one rsp_valid_o pulse (rsp_filter_o: the writer found is the recency
// filter's answer, the table having missed the address -- possibly a false
// writer). Latency: query 2 cycles, write 2 or 3 cycles, one
// request at a time. After reset the unit clears its arrays for
// max(ENTRIES/WAYS, BUCKETS/SUBARRAYS) cycles with req_ready_o low.
// Parameters: ENTRIES/WAYS and BUCKETS/SUBARRAYS powers of two >= 2;
// ADDR_W > log2(ENTRIES/WAYS); 2 <= CID_W <= 30; 0 < CID_SLACK < 2^CID_W.

`default_nettype none
`include "ww_config.vh"
module ww_lwh #(
  parameter ENTRIES     = `WW_LWH_ENTRIES,
  parameter WAYS        = `WW_LWH_WAYS,
  parameter BUCKETS     = `WW_LWH_BUCKETS,
  parameter SUBARRAYS   = `WW_LWH_SUBARRAYS,
  parameter ADDR_W      = `WW_LWH_ADDR_W,
  parameter CID_W       = `WW_CID_W,
  parameter CID_SLACK   = `WW_CID_SLACK,
  parameter SCRUB_EVERY = `WW_LWH_SCRUB_EVERY,
  parameter SEED        = `WW_H3_SEED
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // live CID window of the commit unit
  input  wire [CID_W-1:0]  oldest_cid_i,
  input  wire [CID_W-1:0]  next_cid_i,
  output wire              cid_hold_o,
  // requests
  input  wire              req_valid_i,
  output wire              req_ready_o,
  input  wire              req_write_i,
  input  wire [ADDR_W-1:0] req_addr_i,
  input  wire [CID_W-1:0]  req_cid_i,
  // query responses
  output wire              rsp_valid_o,
  output wire              rsp_found_o,
  output wire [CID_W-1:0]  rsp_cid_o,
  output wire              rsp_filter_o    // the writer found came from the filter (a table miss)
);

  localparam SETS    = ENTRIES / WAYS;
  localparam SET_W   = $clog2(SETS);
  localparam TAG_W   = ADDR_W - SET_W;
  localparam SUB     = BUCKETS / SUBARRAYS;
  localparam BIDX_W  = $clog2(SUB);
  localparam SWEEP   = (SETS > SUB) ? SETS : SUB;
  localparam SWEEP_W = $clog2(SWEEP);
  localparam ENT_W   = 1 + TAG_W + CID_W;          // table entry {valid, tag, cid}
  localparam BKT_W   = 1 + CID_W;                  // bucket {valid, cid}
  localparam OPS_W   = $clog2(SCRUB_EVERY + 1);
  localparam WAY_W   = (WAYS > 1) ? $clog2(WAYS) : 1;

  localparam [OPS_W-1:0]   OPS_FORCE   = SCRUB_EVERY;
  localparam integer       HOLD_LIMIT  = (1 << CID_W) - CID_SLACK;

  localparam [2:0] ST_INIT  = 3'd0;  // clearing every entry after reset
  localparam [2:0] ST_IDLE  = 3'd1;  // accept a request, or start a scrub step
  localparam [2:0] ST_LOOK  = 3'd2;  // set and buckets read: answer, or update table
  localparam [2:0] ST_EVICT = 3'd3;  // victim's buckets read: raise them to its CID
  localparam [2:0] ST_SCRUB = 3'd4;  // swept entries read: invalidate retired ones

  ////////////////////
  // State          //
  ////////////////////

  reg [2:0]              state_q, state_d;
  reg [SWEEP_W-1:0]      sweep_q, sweep_d;       // init / scrub index
  reg [OPS_W-1:0]        ops_q, ops_d;           // requests since the last scrub step
  reg [CID_W-1:0]        mark_prev_q, mark_prev_d;  // next_cid_i when the previous sweep began
  reg [CID_W-1:0]        mark_cur_q, mark_cur_d;    // next_cid_i when this sweep began
  reg                    req_write_q;
  reg [ADDR_W-1:0]       req_addr_q;
  reg [CID_W-1:0]        req_cid_q;
  reg [CID_W-1:0]        vic_cid_q;
  reg [SUBARRAYS*BIDX_W-1:0] vic_idx_q;
  reg                    rsp_valid_q, rsp_valid_d;
  reg                    rsp_found_q, rsp_found_d;
  reg                    rsp_filter_q, rsp_filter_d;
  reg [CID_W-1:0]        rsp_cid_q, rsp_cid_d;

  ////////////////////
  // Ages           //
  ////////////////////

  // A CID is live when it lies in [oldest, next); among live CIDs a smaller
  // distance from oldest is older.
  wire [CID_W-1:0] window = next_cid_i - oldest_cid_i;
  wire [CID_W-1:0] req_age = req_cid_q - oldest_cid_i;
  wire             req_live = req_age < window;
  wire [CID_W-1:0] vic_age_q = vic_cid_q - oldest_cid_i;
  wire             vic_live_q = vic_age_q < window;

  wire [CID_W-1:0] issued_since = next_cid_i - mark_prev_q;
  assign cid_hold_o = {{(32-CID_W){1'b0}}, issued_since} >= HOLD_LIMIT;

  ////////////////////
  // Handshake      //
  ////////////////////

  wire force_scrub = (ops_q == OPS_FORCE);
  assign req_ready_o = (state_q == ST_IDLE) && !force_scrub;
  wire accept = req_ready_o && req_valid_i;

  wire [SET_W-1:0] req_set_in = req_addr_i[SET_W-1:0];
  wire [SET_W-1:0] req_set_q  = req_addr_q[SET_W-1:0];
  wire [TAG_W-1:0] req_tag_q  = req_addr_q[ADDR_W-1:SET_W];

  // Sizes are powers of two: the sweep index is in range of the table (of
  // the buckets) when its bits above SET_W (above BIDX_W) are zero.
  wire             sweep_sets = (sweep_q >> SET_W) == {SWEEP_W{1'b0}};
  wire             sweep_bkts = (sweep_q >> BIDX_W) == {SWEEP_W{1'b0}};
  wire             sweep_last = &sweep_q;

  ////////////////////
  // Lookup table   //
  ////////////////////

  wire [WAYS*ENT_W-1:0] t_rdata;
  reg  [WAYS-1:0]       t_we;
  reg  [SET_W-1:0]      t_waddr;
  reg  [ENT_W-1:0]      t_wdata;

  wire [SET_W-1:0] t_raddr = accept ? req_set_in : sweep_q[SET_W-1:0];

  wire [WAYS-1:0]       t_valid;
  wire [WAYS-1:0]       t_live;
  wire [WAYS-1:0]       t_hit;
  wire [WAYS*TAG_W-1:0] t_tag;
  wire [WAYS*CID_W-1:0] t_cid;
  wire [WAYS*CID_W-1:0] t_age;

  genvar w;
  for (w = 0; w < WAYS; w = w + 1) begin : g_way
    ww_sram_1r1w #(
      .WIDTH (ENT_W),
      .DEPTH (SETS)
    ) u_way (
      .clk_i   (clk_i),
      .raddr_i (t_raddr),
      .rdata_o (t_rdata[w*ENT_W +: ENT_W]),
      .we_i    (t_we[w]),
      .waddr_i (t_waddr),
      .wdata_i (t_wdata)
    );
    assign t_valid[w]             = t_rdata[w*ENT_W + ENT_W - 1];
    assign t_tag[w*TAG_W +: TAG_W] = t_rdata[w*ENT_W + CID_W +: TAG_W];
    assign t_cid[w*CID_W +: CID_W] = t_rdata[w*ENT_W +: CID_W];
    assign t_age[w*CID_W +: CID_W] = t_cid[w*CID_W +: CID_W] - oldest_cid_i;
`ifdef WW_MUTANT_LWH_LIVE_HALF_SPACE
    // MUTANT: "not older than oldest" as a signed difference, without next:
    // an unscrubbed entry retired more than half the ID space ago is live
    assign t_live[w]              = t_valid[w] && !t_age[w*CID_W + CID_W - 1];
`else
    assign t_live[w]              = t_valid[w] && (t_age[w*CID_W +: CID_W] < window);
`endif
    assign t_hit[w]               = t_valid[w] && (t_tag[w*TAG_W +: TAG_W] == req_tag_q);
  end

  // First hitting way; victim = first way not live, else the oldest live way.
  reg [WAY_W-1:0] hit_way;
  reg [WAY_W-1:0] vic_way;
  reg             vic_found;
  reg [CID_W-1:0] vic_best;
  integer         i;
  always @(*) begin
    hit_way   = {WAY_W{1'b0}};
    vic_way   = {WAY_W{1'b0}};
    vic_found = 1'b0;
    vic_best  = t_age[CID_W-1:0];
    for (i = WAYS - 1; i >= 0; i = i - 1) begin
      if (t_hit[i]) begin
        hit_way = i[WAY_W-1:0];
      end
    end
    for (i = 0; i < WAYS; i = i + 1) begin
      if (!vic_found && !t_live[i]) begin
        vic_way   = i[WAY_W-1:0];
        vic_found = 1'b1;
      end
    end
    if (!vic_found) begin
      for (i = 1; i < WAYS; i = i + 1) begin
        if (t_age[i*CID_W +: CID_W] < vic_best) begin
          vic_way  = i[WAY_W-1:0];
          vic_best = t_age[i*CID_W +: CID_W];
        end
      end
    end
  end

  wire             hit_any  = |t_hit;
  wire             hit_live = t_live[hit_way];
  wire [CID_W-1:0] hit_cid  = t_cid[hit_way*CID_W +: CID_W];
  wire [CID_W-1:0] hit_age  = t_age[hit_way*CID_W +: CID_W];
  wire             vic_live = t_live[vic_way];
  wire [TAG_W-1:0] vic_tag  = t_tag[vic_way*TAG_W +: TAG_W];
  wire [CID_W-1:0] vic_cid  = t_cid[vic_way*CID_W +: CID_W];
  wire [ADDR_W-1:0] vic_addr = {vic_tag, req_set_q};

  ////////////////////
  // Recency Bloom  //
  ////////////////////

  wire [SUBARRAYS*BKT_W-1:0]  b_rdata;
  wire [SUBARRAYS-1:0]        b_live;
  wire [SUBARRAYS*CID_W-1:0]  b_cid;
  wire [SUBARRAYS*CID_W-1:0]  b_age;
  wire [SUBARRAYS*BIDX_W-1:0] b_req_idx;   // H3 of the request address
  wire [SUBARRAYS*BIDX_W-1:0] b_vic_idx;   // H3 of the victim address
  reg  [SUBARRAYS-1:0]        b_we;
  reg  [SUBARRAYS*BIDX_W-1:0] b_waddr;
  reg  [BKT_W-1:0]            b_wdata_init;
  wire [SUBARRAYS-1:0]        b_valid;
  wire [SUBARRAYS-1:0]        b_raise;     // eviction makes this bucket younger

  genvar k;
  for (k = 0; k < SUBARRAYS; k = k + 1) begin : g_sub
    wire [BIDX_W-1:0] raddr;

    ww_h3_hash #(
      .KEY_W (ADDR_W),
      .OUT_W (BIDX_W),
      .SEED  (SEED + k)
    ) u_req_hash (
      .key_i  (req_addr_i),
      .hash_o (b_req_idx[k*BIDX_W +: BIDX_W])
    );

    ww_h3_hash #(
      .KEY_W (ADDR_W),
      .OUT_W (BIDX_W),
      .SEED  (SEED + k)
    ) u_vic_hash (
      .key_i  (vic_addr),
      .hash_o (b_vic_idx[k*BIDX_W +: BIDX_W])
    );

    assign raddr = (state_q == ST_LOOK) ? b_vic_idx[k*BIDX_W +: BIDX_W] :
                   accept               ? b_req_idx[k*BIDX_W +: BIDX_W] :
                                          sweep_q[BIDX_W-1:0];

    ww_sram_1r1w #(
      .WIDTH (BKT_W),
      .DEPTH (SUB)
    ) u_bkt (
      .clk_i   (clk_i),
      .raddr_i (raddr),
      .rdata_o (b_rdata[k*BKT_W +: BKT_W]),
      .we_i    (b_we[k]),
      .waddr_i (b_waddr[k*BIDX_W +: BIDX_W]),
      .wdata_i (state_q == ST_EVICT ? {1'b1, vic_cid_q} : b_wdata_init)
    );

    assign b_valid[k]              = b_rdata[k*BKT_W + CID_W];
    assign b_cid[k*CID_W +: CID_W] = b_rdata[k*BKT_W +: CID_W];
    assign b_age[k*CID_W +: CID_W] = b_cid[k*CID_W +: CID_W] - oldest_cid_i;
    assign b_live[k]               = b_valid[k] && (b_age[k*CID_W +: CID_W] < window);
`ifdef WW_MUTANT_LWH_BUCKET_OVERWRITE
    assign b_raise[k] = vic_live_q;  // MUTANT: overwrite even a younger bucket
`else
    assign b_raise[k] = vic_live_q && (!b_live[k] || vic_age_q > b_age[k*CID_W +: CID_W]);
`endif
  end

  // Table miss: the oldest of the sub-arrays' CIDs, found only if all are live.
  reg [CID_W-1:0] bf_cid;
  reg [CID_W-1:0] bf_age;
  always @(*) begin
    bf_cid = b_cid[CID_W-1:0];
    bf_age = b_age[CID_W-1:0];
    for (i = 1; i < SUBARRAYS; i = i + 1) begin
      if (b_age[i*CID_W +: CID_W] < bf_age) begin
        bf_cid = b_cid[i*CID_W +: CID_W];
        bf_age = b_age[i*CID_W +: CID_W];
      end
    end
  end
  wire bf_found = &b_live;
`ifdef WW_MUTANT_LWH_ALLOC_IGNORES_FILTER
  wire [CID_W-1:0] alloc_cid = req_cid_q;  // MUTANT: allocation forgets evicted writers
`else
  wire [CID_W-1:0] alloc_cid = (bf_found && bf_age > req_age) ? bf_cid : req_cid_q;
`endif

  ////////////////////
  // Control        //
  ////////////////////

  always @(*) begin
    i = 0;   // loop variable, set on every path (else Yosys infers a latch)
    state_d      = state_q;
    sweep_d      = sweep_q;
    ops_d        = ops_q;
    mark_prev_d  = mark_prev_q;
    mark_cur_d   = mark_cur_q;
    rsp_valid_d  = 1'b0;
    rsp_found_d  = rsp_found_q;
    rsp_filter_d = rsp_filter_q;
    rsp_cid_d    = rsp_cid_q;
    t_we         = {WAYS{1'b0}};
    t_waddr      = sweep_q[SET_W-1:0];
    t_wdata      = {ENT_W{1'b0}};
    b_we         = {SUBARRAYS{1'b0}};
    b_waddr      = {SUBARRAYS{sweep_q[BIDX_W-1:0]}};
    b_wdata_init = {BKT_W{1'b0}};

    case (state_q)
      ST_INIT: begin
        t_we    = {WAYS{sweep_sets}};
        b_we    = {SUBARRAYS{sweep_bkts}};
        sweep_d = sweep_q + {{(SWEEP_W-1){1'b0}}, 1'b1};
        if (sweep_last) begin
          state_d     = ST_IDLE;
          mark_prev_d = mark_cur_q;
          mark_cur_d  = next_cid_i;
        end
      end
      ST_IDLE: begin
        if (accept) begin
          state_d = ST_LOOK;
          ops_d   = ops_q + {{(OPS_W-1){1'b0}}, 1'b1};
        end else begin
          state_d = ST_SCRUB;
          ops_d   = {OPS_W{1'b0}};
        end
      end
      ST_LOOK: begin
        state_d = ST_IDLE;
        if (!req_write_q) begin
          rsp_valid_d = 1'b1;
          rsp_found_d = hit_any ? hit_live : bf_found;
          rsp_filter_d = !hit_any && bf_found;
          rsp_cid_d   = !(hit_any ? hit_live : bf_found) ? {CID_W{1'b0}} :
                        hit_any ? hit_cid : bf_cid;
        end else if (req_live) begin
          // A new entry must also cover older evictions of its address: it
          // takes the younger of the writer and the filter's answer.
          t_waddr = req_set_q;
          t_wdata = {1'b1, req_tag_q, hit_any ? req_cid_q : alloc_cid};
          if (hit_any) begin
            // keep the younger of the stored and the new writer
            t_we[hit_way] = !hit_live || (req_age > hit_age);
          end else begin
            t_we[vic_way] = 1'b1;
            if (vic_live) begin
              state_d = ST_EVICT;
            end
          end
        end
      end
      ST_EVICT: begin
        state_d = ST_IDLE;
        b_we    = b_raise;
        b_waddr = vic_idx_q;
      end
      ST_SCRUB: begin
        state_d = ST_IDLE;
        t_waddr = sweep_q[SET_W-1:0];
        for (i = 0; i < WAYS; i = i + 1) begin
          t_we[i] = sweep_sets && t_valid[i] && !t_live[i];
        end
        for (i = 0; i < SUBARRAYS; i = i + 1) begin
          b_we[i] = sweep_bkts && b_valid[i] && !b_live[i];
        end
        sweep_d = sweep_q + {{(SWEEP_W-1){1'b0}}, 1'b1};
        if (sweep_last) begin
          mark_prev_d = mark_cur_q;
          mark_cur_d  = next_cid_i;
        end
      end
      default: begin
        state_d = ST_INIT;
      end
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q     <= ST_INIT;
      sweep_q     <= {SWEEP_W{1'b0}};
      ops_q       <= {OPS_W{1'b0}};
      mark_prev_q <= next_cid_i;
      mark_cur_q  <= next_cid_i;
      rsp_valid_q <= 1'b0;
    end else begin
      state_q     <= state_d;
      sweep_q     <= sweep_d;
      ops_q       <= ops_d;
      mark_prev_q <= mark_prev_d;
      mark_cur_q  <= mark_cur_d;
      rsp_valid_q <= rsp_valid_d;
    end
  end

  // Datapath registers: not reset, only read when their state says so.
  always @(posedge clk_i) begin
    rsp_found_q <= rsp_found_d;
    rsp_filter_q <= rsp_filter_d;
    rsp_cid_q   <= rsp_cid_d;
    if (accept) begin
      req_write_q <= req_write_i;
      req_addr_q  <= req_addr_i;
      req_cid_q   <= req_cid_i;
    end
    if (state_q == ST_LOOK) begin
      vic_cid_q <= vic_cid;
      vic_idx_q <= b_vic_idx;
    end
  end

  assign rsp_valid_o = rsp_valid_q;
  assign rsp_found_o = rsp_found_q;
  assign rsp_filter_o = rsp_filter_q;
  assign rsp_cid_o   = rsp_cid_q;

endmodule  // ww_lwh
`default_nettype wire
