// SPDX-License-Identifier: Apache-2.0
//
// ww_l1_dcache -- the SM's non-coherent L1 data cache (docs/isa.md "Memory",
// docs/l1_dcache.md): SETS x WAYS lines, true LRU, write-through with
// write-evict, non-blocking loads with MSHRS merging miss entries, block
// atomics on the L1 copy, flash invalidate (device fence), strong loads.
//
// Codes (op, amo op, kind, stall): WW_L1_*, WW_AMO_*, WW_L1_KIND_*,
// WW_L1_STALL_* of rtl/include/ww_proto.vh; the numbers here are their values.
// Core side: a request moves in when req_valid_i && req_ready_o. req_op_i:
// 0 LOAD (line; response = line), 1 STORE (be/wdata to memory, own copy
// dropped; acknowledged on wack_* when memory acks), 2 ATOMIC (word
// req_amo_word_i, op req_amo_op_i 0 add 1 exch 2 min 3 max 4 minu 5 maxu
// 6 and 7 or 8 xor 9 cas; operand a, CAS: compare a / swap b; response =
// old value in word 0; a performed write is acknowledged on wack_*),
// 3 INVAL (flash-invalidate; no response; in-flight fills are then not
// installed), 4 LOAD_STRONG (reads memory, L1 untouched). 5..7 = LOAD.
// Responses (rsp_valid_o, no back-pressure) carry the tag and the GSI kind:
// 0 hit, 1 MSHR merge, 2 miss, 3 bypass. req_stall_o says why req_ready_o is
// low: 0 none, 1 busy (lookup/fill), 2 MSHR full, 3 write slots full,
// 4 atomic pending. wr_pending_o counts writes not yet acknowledged.
// Memory side: one registered request (mem_req_*; id = {write, index}:
// MSHR index for reads, write slot for writes), sent in the order the
// controller made them; responses (mem_rsp_*) in any order, read responses
// taken when mem_rsp_ready_o (write acks always are). Memory must keep
// accepting requests while read responses wait.
// Latency: one request at a time through a 5-state FSM; a load hit is
// answered 2 cycles after acceptance and the next request can be accepted in
// that cycle; a miss responds when its fill returns (one waiter per cycle).
// Coverage: cov_o pulses the (line state, event) transitions of the cycle
// (WW_L1ST_* x WW_L1EV_*, docs/drf.md sec. 3): a request when it leaves
// ST_TAG (state of its line: V hit, IV installable MSHR, IVn only
// no-install MSHRs, else I); INVAL for every state some line is in (I
// always); FILL when a fill's last waiter is answered; REPL when a fill
// evicts a valid line.
// Parameters: SETS power of two >= 2, WAYS 1..16, LINE_BYTES power of two
// 4..128, MSHRS 1..8 and WQ 1..8 (ids {write, index} of up to 4 bits: the
// L1 field of WW_REQID), MERGE 1..16, TAG_W >= 1.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_l1_dcache #(
  parameter SETS       = `WW_L1_SETS,
  parameter WAYS       = `WW_L1_WAYS,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter MSHRS      = `WW_L1_MSHRS,
  parameter MERGE      = `WW_WARPS_PER_SM,
  parameter WQ         = `WW_L1_WQ,
  parameter TAG_W      = 8,
  // derived, do not override
  parameter OFF_W      = $clog2(LINE_BYTES),
  parameter LINE_W     = 32 - OFF_W,
  parameter LB_W       = LINE_BYTES * 8,
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1,
  parameter IDX_W      = (MSHRS > WQ) ? ((MSHRS > 1) ? $clog2(MSHRS) : 1)
                                      : ((WQ > 1) ? $clog2(WQ) : 1),
  parameter ID_W       = IDX_W + 1,
  parameter NP_W       = $clog2(WQ + 1)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // core requests
  input  wire                  req_valid_i,
  input  wire [`WW_L1_W-1:0]   req_op_i,
  input  wire [LINE_W-1:0]     req_line_i,
  input  wire [TAG_W-1:0]      req_tag_i,
  input  wire [LINE_BYTES-1:0] req_be_i,
  input  wire [LB_W-1:0]       req_wdata_i,
  input  wire [`WW_AMO_W-1:0]  req_amo_op_i,
  input  wire [WORD_W-1:0]     req_amo_word_i,
  input  wire [31:0]           req_amo_a_i,
  input  wire [31:0]           req_amo_b_i,
  // memory side inputs
  input  wire                  mem_req_ready_i,
  input  wire                  mem_rsp_valid_i,
  input  wire [ID_W-1:0]       mem_rsp_id_i,
  input  wire [LB_W-1:0]       mem_rsp_data_i,
  // core request handshake and GSI stall reason
  output wire                  req_ready_o,
  output wire [`WW_L1_STALL_W-1:0] req_stall_o,
  // core responses (loads, atomics)
  output reg                   rsp_valid_o,
  output reg  [TAG_W-1:0]      rsp_tag_o,
  output reg  [`WW_L1_KIND_W-1:0] rsp_kind_o,
  output reg  [LB_W-1:0]       rsp_data_o,
  // write acknowledgements
  output wire                  wack_valid_o,
  output wire [TAG_W-1:0]      wack_tag_o,
  output wire [NP_W-1:0]       wr_pending_o,
  // memory requests
  output wire                  mem_req_valid_o,
  output wire                  mem_req_we_o,
  output wire [LINE_W-1:0]     mem_req_line_o,
  output wire [LINE_BYTES-1:0] mem_req_be_o,
  output wire [LB_W-1:0]       mem_req_data_o,
  output wire [ID_W-1:0]       mem_req_id_o,
  output wire                  mem_rsp_ready_o,
  // transition coverage: bit WW_L1EV_N * state + event (docs/drf.md sec. 3)
  output reg  [`WW_L1ST_N*`WW_L1EV_N-1:0] cov_o
);

  localparam SET_W  = $clog2(SETS);
  localparam TAGB_W = LINE_W - SET_W;
  localparam WAY_W  = (WAYS > 1) ? $clog2(WAYS) : 1;
  localparam LINES  = SETS << WAY_W;               // entries {set, way} (WAYS a power of two)
  localparam DA_W   = SET_W + WAY_W;               // data array address {set, way}
  localparam integer AGE_MAX_I = WAYS - 1;
  localparam [WAY_W-1:0] AGE_MAX = AGE_MAX_I[WAY_W-1:0];     // age of the least recently used way
  localparam [CNT_W-1:0] MERGE_N = MERGE;
  localparam CNT_W  = $clog2(MERGE + 1);
  localparam DI_W   = (MERGE > 1) ? $clog2(MERGE) : 1;
  localparam WPS    = 1 << WAY_W;                  // way slots per set in valid_q / age_q
  localparam WORDS  = LINE_BYTES / 4;


  localparam [2:0] ST_IDLE  = 3'd0;  // free: take a fill or a request
  localparam [2:0] ST_TAG   = 3'd1;  // tags read: hit / merge / allocate / write
  localparam [2:0] ST_HIT   = 3'd2;  // load hit: answer from the data array; free
  localparam [2:0] ST_AMO   = 3'd3;  // atomic hit: compute, write through, answer
  localparam [2:0] ST_DRAIN = 3'd4;  // fill: answer one waiter per cycle, install


  ////////////////////////////////////////////////////////////////////////////////
  // State //
  ////////////////////////////////////////////////////////////////////////////////
  reg  [2:0]              state_q, state_d;
  reg                     amo_pend_q, amo_pend_d;
  reg  [LINES-1:0]        valid_q, valid_d;
  reg  [LINES*WAY_W-1:0]  age_q, age_d;            // 0 = most recently used
  reg  [WAY_W-1:0]        hit_way_q, hit_way_d;
  // current request
  reg  [`WW_L1_W-1:0]     cur_op_q;
  reg  [LINE_W-1:0]       cur_line_q;
  reg  [TAG_W-1:0]        cur_tag_q;
  reg  [LINE_BYTES-1:0]   cur_be_q;
  reg  [LB_W-1:0]         cur_wdata_q;
  reg  [`WW_AMO_W-1:0]    cur_amo_op_q;
  reg  [WORD_W-1:0]       cur_amo_word_q;
  reg  [31:0]             cur_amo_a_q, cur_amo_b_q;
  // fill being drained
  reg  [LB_W-1:0]         fill_q, fill_d;
  reg  [IDX_W-1:0]        fill_m_q, fill_m_d;
  reg  [DI_W-1:0]         di_q, di_d;
  // MSHRs
  reg  [MSHRS-1:0]        m_v_q, m_v_d, m_noinst_q, m_noinst_d, m_byp_q, m_byp_d;
  reg  [MSHRS*LINE_W-1:0] m_line_q, m_line_d;
  reg  [MSHRS*CNT_W-1:0]  m_n_q, m_n_d;
  reg  [MSHRS*MERGE*TAG_W-1:0] m_tag_q, m_tag_d;
  reg  [MSHRS*MERGE-1:0]  m_amo_q, m_amo_d;
  // write slots (writes sent or to be sent, not yet acknowledged)
  reg  [WQ-1:0]           wv_q, wv_d;
  reg  [WQ*TAG_W-1:0]     wtag_q, wtag_d;
  // memory request register
  reg                     ov_q, ov_d, owe_q, owe_d;
  reg  [LINE_W-1:0]       oline_q, oline_d;
  reg  [LINE_BYTES-1:0]   obe_q, obe_d;
  reg  [LB_W-1:0]         odata_q, odata_d;
  reg  [ID_W-1:0]         oid_q, oid_d;

  ////////////////////////////////////////////////////////////////////////////////
  // Injectable protocol bugs (docs/drf.md sec. 5): each on with its define,
  // or in a WW_BUGS_PLUSARGS simulation build with the plusarg of its name.
  ////////////////////////////////////////////////////////////////////////////////
  // INVAL keeps the lines: a device-scope acquire does not invalidate L1
`ifdef WW_BUG_L1_INVAL_KEEPS_LINES
  wire bug_inval_keeps = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_inval_keeps;
  initial bug_inval_keeps = $test$plusargs("WW_BUG_L1_INVAL_KEEPS_LINES");
`else
  wire bug_inval_keeps = 1'b0;
`endif
  // wr_pending_o counts only the write not yet sent: a release waits for
  // the write to leave, not for its acknowledgement
`ifdef WW_BUG_L1_WACK_ON_SEND
  wire bug_wack_on_send = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_wack_on_send;
  initial bug_wack_on_send = $test$plusargs("WW_BUG_L1_WACK_ON_SEND");
`else
  wire bug_wack_on_send = 1'b0;
`endif
  // a merged waiter's answer is the line rotated by one word
`ifdef WW_BUG_L1_MERGE_WRONG_WORD
  wire bug_merge_word = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_merge_word;
  initial bug_merge_word = $test$plusargs("WW_BUG_L1_MERGE_WRONG_WORD");
`else
  wire bug_merge_word = 1'b0;
`endif
  // a store does not stop an in-flight fill of its line from installing
  // (the write-evict races the fill)
`ifdef WW_BUG_L1_FILL_AFTER_STORE
  wire bug_fill_after_store = 1'b1;
`elsif WW_BUGS_PLUSARGS
  reg  bug_fill_after_store;
  initial bug_fill_after_store = $test$plusargs("WW_BUG_L1_FILL_AFTER_STORE");
`else
  wire bug_fill_after_store = 1'b0;
`endif

  ////////////////////////////////////////////////////////////////////////////////
  // Arrays: tags (one 1R1W per way) and data (one 1R1W, line per entry) //
  ////////////////////////////////////////////////////////////////////////////////
  wire               free_st  = (state_q == ST_IDLE) || (state_q == ST_HIT);
  wire [SET_W-1:0]   req_set  = req_line_i[SET_W-1:0];
  wire [SET_W-1:0]   cur_set  = cur_line_q[SET_W-1:0];
  wire [TAGB_W-1:0]  cur_tagb = cur_line_q[LINE_W-1:SET_W];
  wire [SET_W-1:0]   tag_raddr = free_st ? req_set : cur_set;
  wire [WAYS*TAGB_W-1:0] tag_rdata;

  reg                tag_we;
  reg  [WAY_W-1:0]   inst_way;
  reg  [SET_W-1:0]   inst_set;
  reg  [TAGB_W-1:0]  inst_tagb;
  reg                data_we;
  reg  [DA_W-1:0]    data_waddr;
  reg  [LB_W-1:0]    data_wdata;
  reg  [WAY_W-1:0]   hway;
  wire [DA_W-1:0]    data_raddr = {cur_set, ((state_q == ST_TAG) ? hway : hit_way_q)};
  wire [LB_W-1:0]    data_rdata;

  genvar gw, gs;
  // LRU reset: way w of every set has age w (the C model's order)
  wire [LINES*WAY_W-1:0] age_init;
  for (gs = 0; gs < SETS; gs = gs + 1) begin : g_age_set
    for (gw = 0; gw < (1 << WAY_W); gw = gw + 1) begin : g_age_way
      localparam [WAY_W-1:0] WAY = gw;
      assign age_init[(gs*(1 << WAY_W) + gw)*WAY_W +: WAY_W] = WAY;
    end
  end
  for (gw = 0; gw < WAYS; gw = gw + 1) begin : g_tag
    localparam [WAY_W-1:0] WAY = gw;
    ww_sram_1r1w #(
      .WIDTH (TAGB_W),
      .DEPTH (SETS)
    ) u_tag (
      .clk_i   (clk_i),
      .raddr_i (tag_raddr),
      .rdata_o (tag_rdata[gw*TAGB_W +: TAGB_W]),
      .we_i    (tag_we && (inst_way == WAY)),
      .waddr_i (inst_set),
      .wdata_i (inst_tagb)
    );
  end

  ww_sram_1r1w #(
    .WIDTH (LB_W),
    .DEPTH (LINES)
  ) u_data (
    .clk_i   (clk_i),
    .raddr_i (data_raddr),
    .rdata_o (data_rdata),
    .we_i    (data_we),
    .waddr_i (data_waddr),
    .wdata_i (data_wdata)
  );

  ////////////////////////////////////////////////////////////////////////////////
  // Selections by a run-time index //
  ////////////////////////////////////////////////////////////////////////////////
  // Every read or write of a packed array at a run-time index is a loop over
  // the constant indices with an equality compare (no index * width
  // multipliers); the indices are always in range.
  integer i, k, s, w;

  // the fill being drained: its MSHR (fill_m_q) and its waiter di_q
  reg [LINE_W-1:0] fm_line;
  reg [CNT_W-1:0]  fm_n;
  reg              fm_noinst, fm_byp, fm_amo;
  reg [TAG_W-1:0]  fm_tag;
  reg [MERGE*TAG_W-1:0] fm_tags;
  reg [MERGE-1:0]  fm_amos;
  always @(*) begin
    fm_line   = {LINE_W{1'b0}};
    fm_n      = {CNT_W{1'b0}};
    fm_noinst = 1'b0;
    fm_byp    = 1'b0;
    fm_tags   = {MERGE*TAG_W{1'b0}};
    fm_amos   = {MERGE{1'b0}};
    for (i = 0; i < MSHRS; i = i + 1) begin
      if (fill_m_q == i[IDX_W-1:0]) begin
        fm_line   = m_line_q[i*LINE_W +: LINE_W];
        fm_n      = m_n_q[i*CNT_W +: CNT_W];
        fm_noinst = m_noinst_q[i];
        fm_byp    = m_byp_q[i];
        fm_tags   = m_tag_q[i*MERGE*TAG_W +: MERGE*TAG_W];
        fm_amos   = m_amo_q[i*MERGE +: MERGE];
      end
    end
    fm_tag = {TAG_W{1'b0}};
    fm_amo = 1'b0;
    for (k = 0; k < MERGE; k = k + 1) begin
      if (di_q == k[DI_W-1:0]) begin
        fm_tag = fm_tags[k*TAG_W +: TAG_W];
        fm_amo = fm_amos[k];
      end
    end
  end
  wire [SET_W-1:0] fm_set = fm_line[SET_W-1:0];

  // The set the FSM works on: the request's in ST_TAG (hit, write-evict,
  // LRU touch), the fill's in ST_DRAIN (victim choice, install, LRU touch).
  // Its valid bits and ages:
  wire [SET_W-1:0]       lru_set = (state_q == ST_TAG) ? cur_set : fm_set;
  reg  [WPS-1:0]         set_valid;
  reg  [WPS*WAY_W-1:0]   set_age;
  always @(*) begin
    set_valid = {WPS{1'b0}};
    set_age   = {WPS*WAY_W{1'b0}};
    for (s = 0; s < SETS; s = s + 1) begin
      if (lru_set == s[SET_W-1:0]) begin
        set_valid = valid_q[s*WPS +: WPS];
        set_age   = age_q[s*WPS*WAY_W +: WPS*WAY_W];
      end
    end
  end

  ////////////////////////////////////////////////////////////////////////////////
  // Atomic unit //
  ////////////////////////////////////////////////////////////////////////////////
  // line the atomic (hit, or the drained waiter) acts on
  wire [LB_W-1:0] amo_line = (state_q == ST_AMO) ? data_rdata : fill_q;
  reg  [31:0]     amo_old;
  wire [31:0]     amo_new;
  reg             amo_wr;
  always @(*) begin
    amo_old = 32'd0;
    for (k = 0; k < WORDS; k = k + 1) begin
      if (cur_amo_word_q == k[WORD_W-1:0]) begin
        amo_old = amo_line[k*32 +: 32];
      end
    end
  end
  // Reserved ops (10-15) write the old value back here, as they always have.
  wire amo_alu_wr;
  ww_amo_alu u_amo (
    .op_i    (cur_amo_op_q),
    .old_i   (amo_old),
    .a_i     (cur_amo_a_q),
    .b_i     (cur_amo_b_q),
    .new_o   (amo_new),
    .write_o (amo_alu_wr)
  );
  always @(*) begin
    amo_wr = amo_alu_wr || (cur_amo_op_q > `WW_AMO_CAS);   // the reserved ops above CAS
  end

  ////////////////////////////////////////////////////////////////////////////////
  // Request side: resources, ready, stall reason //
  ////////////////////////////////////////////////////////////////////////////////
  wire [`WW_L1_W-1:0] op = (req_op_i > `WW_L1_LOAD_STRONG) ? `WW_L1_LOAD : req_op_i;
  wire       rsp_wr  = mem_rsp_id_i[ID_W-1];
  wire       rd_rsp  = mem_rsp_valid_i && !rsp_wr;
  wire       out_free = !ov_q || mem_req_ready_i;
  wire [IDX_W-1:0] rsp_idx = mem_rsp_id_i[IDX_W-1:0];

  reg              match_v, free_v, cmatch_v, wfree_v;
  reg [IDX_W-1:0]  match_i, free_i, cmatch_i, wfree_i;
  always @(*) begin
    match_v = 1'b0; match_i = {IDX_W{1'b0}};
    free_v = 1'b0; free_i = {IDX_W{1'b0}};
    cmatch_v = 1'b0; cmatch_i = {IDX_W{1'b0}};
    wfree_v = 1'b0; wfree_i = {IDX_W{1'b0}};
    for (i = MSHRS - 1; i >= 0; i = i - 1) begin
      if (m_v_q[i] && !m_noinst_q[i] && m_line_q[i*LINE_W +: LINE_W] == req_line_i) begin
        match_v = 1'b1; match_i = i[IDX_W-1:0];
      end
      if (m_v_q[i] && !m_noinst_q[i] && m_line_q[i*LINE_W +: LINE_W] == cur_line_q) begin
        cmatch_v = 1'b1; cmatch_i = i[IDX_W-1:0];
      end
      if (!m_v_q[i]) begin
        free_v = 1'b1; free_i = i[IDX_W-1:0];
      end
    end
`ifdef WW_MUTANT_L1_MERGE_NOINST
    // MUTANT: a load may merge into a fill that will not be installed
    for (i = MSHRS - 1; i >= 0; i = i - 1) begin
      if (!match_v && m_v_q[i] && m_line_q[i*LINE_W +: LINE_W] == req_line_i) begin
        match_v = 1'b1; match_i = i[IDX_W-1:0];
      end
    end
    for (i = MSHRS - 1; i >= 0; i = i - 1) begin
      if (!cmatch_v && m_v_q[i] && m_line_q[i*LINE_W +: LINE_W] == cur_line_q) begin
        cmatch_v = 1'b1; cmatch_i = i[IDX_W-1:0];
      end
    end
`endif
    for (i = WQ - 1; i >= 0; i = i - 1) begin
      if (!wv_q[i]) begin
        wfree_v = 1'b1; wfree_i = i[IDX_W-1:0];
      end
    end
  end

  // merge counts of the matching MSHRs; tag of the acknowledged write
  reg [CNT_W-1:0] match_n, cmatch_n;
  reg [TAG_W-1:0] wack_tag;
  always @(*) begin
    match_n  = {CNT_W{1'b0}};
    cmatch_n = {CNT_W{1'b0}};
    for (i = 0; i < MSHRS; i = i + 1) begin
      if (match_i == i[IDX_W-1:0]) begin
        match_n = m_n_q[i*CNT_W +: CNT_W];
      end
      if (cmatch_i == i[IDX_W-1:0]) begin
        cmatch_n = m_n_q[i*CNT_W +: CNT_W];
      end
    end
    wack_tag = {TAG_W{1'b0}};
    for (i = 0; i < WQ; i = i + 1) begin
      if (rsp_idx == i[IDX_W-1:0]) begin
        wack_tag = wtag_q[i*TAG_W +: TAG_W];
      end
    end
  end
  wire mshr_ok = match_v ? (match_n < MERGE_N) : free_v;

  reg [`WW_L1_STALL_W-1:0] stall;
  always @(*) begin
    stall = `WW_L1_STALL_NONE;
    if (!free_st || rd_rsp) begin
      stall = `WW_L1_STALL_BUSY;
    end else if (!out_free && op != `WW_L1_INVAL) begin
      // the memory request register is not free: a request taken now could
      // wait in TAG, where fills and read answers are refused, while memory
      // waits for those answers to take the register's request (deadlock)
      stall = `WW_L1_STALL_BUSY;
    end else if (amo_pend_q) begin
      stall = `WW_L1_STALL_ATOMIC;
    end else if ((op == `WW_L1_LOAD || op == `WW_L1_ATOMIC) && !mshr_ok) begin
      stall = `WW_L1_STALL_MSHR;
    end else if (op == `WW_L1_LOAD_STRONG && !free_v) begin
      stall = `WW_L1_STALL_MSHR;
    end else if ((op == `WW_L1_ATOMIC || op == `WW_L1_STORE) && !wfree_v) begin
      stall = `WW_L1_STALL_WQ;
    end
  end
  assign req_stall_o = stall;
  assign req_ready_o = (stall == `WW_L1_STALL_NONE);
  wire accept = req_ready_o && req_valid_i;
  wire take_fill = free_st && rd_rsp;

  assign mem_rsp_ready_o = rsp_wr || free_st;
  assign wack_valid_o    = mem_rsp_valid_i && rsp_wr;
  assign wack_tag_o      = wack_tag;

  reg [NP_W-1:0] npend;
  always @(*) begin
    npend = {NP_W{1'b0}};
    for (i = 0; i < WQ; i = i + 1) begin
      npend = npend + {{(NP_W-1){1'b0}}, wv_q[i]};
    end
  end
  assign wr_pending_o = bug_wack_on_send ? {{(NP_W-1){1'b0}}, ov_q && owe_q} : npend;

  assign mem_req_valid_o = ov_q;
  assign mem_req_we_o    = owe_q;
  assign mem_req_line_o  = oline_q;
  assign mem_req_be_o    = obe_q;
  assign mem_req_data_o  = odata_q;
  assign mem_req_id_o    = oid_q;

  // tag compare of the current request (valid in ST_TAG)
  reg hit;
  always @(*) begin
    hit = 1'b0;
    hway = {WAY_W{1'b0}};
    for (w = WAYS - 1; w >= 0; w = w - 1) begin
      if (set_valid[w] && tag_rdata[w*TAGB_W +: TAGB_W] == cur_tagb) begin
        hit = 1'b1;
        hway = w[WAY_W-1:0];
      end
    end
  end

  ////////////////////////////////////////////////////////////////////////////////
  // Next state //
  ////////////////////////////////////////////////////////////////////////////////
  reg             emit, emit_we, done, is_amo, found;
  reg [IDX_W-1:0] emit_idx;       // memory request id = {emit_we, emit_idx}
  reg [LINE_BYTES-1:0] emit_be;
  reg [LB_W-1:0]  emit_data, line_d;
  reg             touch;          // LRU: make way touch_way of lru_set the most recently used
  reg [WAY_W-1:0] touch_way, touch_age;
  reg             vclr, vset;     // valid bit of way hway / inst_way of lru_set: clear / set
  reg [WPS*WAY_W-1:0] age_row;

  always @(*) begin
    i = 0;   // loop variables, set on every path (else Yosys infers latches)
    k = 0;
    s = 0;
    w = 0;
    state_d    = state_q;
    amo_pend_d = amo_pend_q;
    valid_d    = valid_q;
    age_d      = age_q;
    hit_way_d  = hit_way_q;
    fill_d     = fill_q;
    fill_m_d   = fill_m_q;
    di_d       = di_q;
    m_v_d      = m_v_q;
    m_noinst_d = m_noinst_q;
    m_byp_d    = m_byp_q;
    m_line_d   = m_line_q;
    m_n_d      = m_n_q;
    m_tag_d    = m_tag_q;
    m_amo_d    = m_amo_q;
    wv_d       = wv_q;
    wtag_d     = wtag_q;
    ov_d       = ov_q;
    owe_d      = owe_q;
    oline_d    = oline_q;
    obe_d      = obe_q;
    odata_d    = odata_q;
    oid_d      = oid_q;
    rsp_valid_o = 1'b0;
    rsp_tag_o   = {TAG_W{1'b0}};
    rsp_kind_o  = `WW_L1_KIND_HIT;
    rsp_data_o  = {LB_W{1'b0}};
    tag_we     = 1'b0;
    inst_way   = {WAY_W{1'b0}};
    inst_set   = fm_set;
    inst_tagb  = fm_line[LINE_W-1:SET_W];
    data_we    = 1'b0;
    data_waddr = {DA_W{1'b0}};
    data_wdata = {LB_W{1'b0}};
    emit       = 1'b0;
    emit_we    = 1'b0;
    emit_idx   = {IDX_W{1'b0}};
    emit_be    = {LINE_BYTES{1'b0}};
    emit_data  = {LB_W{1'b0}};
    done       = 1'b0;
    is_amo     = 1'b0;
    found      = 1'b0;
    line_d     = amo_line;
    touch      = 1'b0;
    touch_way  = {WAY_W{1'b0}};
    touch_age  = {WAY_W{1'b0}};
    vclr       = 1'b0;
    vset       = 1'b0;
    age_row    = set_age;

    // write acknowledgement frees its slot
    if (mem_rsp_valid_i && rsp_wr) begin
      for (i = 0; i < WQ; i = i + 1) begin
        if (rsp_idx == i[IDX_W-1:0]) begin
          wv_d[i] = 1'b0;
        end
      end
    end

    if (free_st) begin
      if (state_q == ST_HIT) begin
        rsp_valid_o = 1'b1;
        rsp_tag_o   = cur_tag_q;
        rsp_kind_o  = `WW_L1_KIND_HIT;
        rsp_data_o  = data_rdata;
      end
      state_d = ST_IDLE;
      if (take_fill) begin
        fill_d   = mem_rsp_data_i;
        fill_m_d = rsp_idx;
        di_d     = {DI_W{1'b0}};
        state_d  = ST_DRAIN;
      end else if (accept) begin
        if (op == `WW_L1_INVAL) begin
          valid_d    = bug_inval_keeps ? valid_q : {LINES{1'b0}};
          m_noinst_d = {MSHRS{1'b1}};
        end else begin
          state_d = ST_TAG;
        end
      end
    end else if (state_q == ST_TAG) begin
      if ((cur_op_q == `WW_L1_LOAD || cur_op_q == `WW_L1_ATOMIC) && hit) begin
        touch     = 1'b1;
        touch_way = hway;
        hit_way_d = hway;
        state_d   = (cur_op_q == `WW_L1_LOAD) ? ST_HIT : ST_AMO;
      end else if ((cur_op_q == `WW_L1_LOAD || cur_op_q == `WW_L1_ATOMIC) && cmatch_v) begin
        // join MSHR cmatch_i as its waiter cmatch_n
        for (i = 0; i < MSHRS; i = i + 1) begin
          if (cmatch_i == i[IDX_W-1:0]) begin
            for (k = 0; k < MERGE; k = k + 1) begin
              if (cmatch_n == k[CNT_W-1:0]) begin
                m_tag_d[(i*MERGE + k)*TAG_W +: TAG_W] = cur_tag_q;
                m_amo_d[i*MERGE + k]                  = (cur_op_q == `WW_L1_ATOMIC);
              end
            end
            m_n_d[i*CNT_W +: CNT_W] = cmatch_n + 1'b1;
          end
        end
        amo_pend_d = (cur_op_q == `WW_L1_ATOMIC);
        state_d    = ST_IDLE;
      end else if (out_free && (cur_op_q != `WW_L1_STORE || wfree_v)) begin
        if (cur_op_q == `WW_L1_STORE) begin
`ifndef WW_MUTANT_L1_NO_WRITE_EVICT
          vclr = hit;
`endif
          for (i = 0; i < MSHRS; i = i + 1) begin
            if (m_v_q[i] && m_line_q[i*LINE_W +: LINE_W] == cur_line_q && !bug_fill_after_store) begin
              m_noinst_d[i] = 1'b1;
            end
          end
          emit_we   = 1'b1;
          emit_idx  = wfree_i;
          emit_be   = cur_be_q;
          emit_data = cur_wdata_q;
        end else begin
          for (i = 0; i < MSHRS; i = i + 1) begin
            if (free_i == i[IDX_W-1:0]) begin
              m_v_d[i]                           = 1'b1;
              m_line_d[i*LINE_W +: LINE_W]       = cur_line_q;
              m_noinst_d[i]                      = (cur_op_q == `WW_L1_LOAD_STRONG);
              m_byp_d[i]                         = (cur_op_q == `WW_L1_LOAD_STRONG);
              m_n_d[i*CNT_W +: CNT_W]            = {{(CNT_W-1){1'b0}}, 1'b1};
              m_tag_d[i*MERGE*TAG_W +: TAG_W]    = cur_tag_q;
              m_amo_d[i*MERGE]                   = (cur_op_q == `WW_L1_ATOMIC);
            end
          end
          amo_pend_d = (cur_op_q == `WW_L1_ATOMIC);
          emit_idx   = free_i;
        end
        emit    = 1'b1;
        state_d = ST_IDLE;
      end
    end else if (state_q == ST_AMO || state_q == ST_DRAIN) begin
      is_amo = (state_q == ST_AMO) || fm_amo;
      done   = 1'b1;
      if (is_amo && amo_wr) begin
        if (!out_free || !wfree_v) begin
          done = 1'b0;
        end else begin
          for (k = 0; k < WORDS; k = k + 1) begin
            if (cur_amo_word_q == k[WORD_W-1:0]) begin
              line_d[k*32 +: 32] = amo_new;
            end
          end
        end
      end
      if (done) begin
        rsp_valid_o = 1'b1;
        if (state_q == ST_AMO) begin
          rsp_tag_o  = cur_tag_q;
          rsp_kind_o = `WW_L1_KIND_HIT;
        end else begin
          rsp_tag_o  = fm_tag;
          rsp_kind_o = fm_byp ? `WW_L1_KIND_BYPASS :
                       ((di_q != {DI_W{1'b0}}) ? `WW_L1_KIND_MERGE : `WW_L1_KIND_MISS);
        end
        if (is_amo) begin
          rsp_data_o[31:0] = amo_old;
          amo_pend_d = 1'b0;
        end else if (bug_merge_word && state_q == ST_DRAIN && di_q != {DI_W{1'b0}}) begin
          rsp_data_o = {line_d[31:0], line_d[LB_W-1:32]};
        end else begin
          rsp_data_o = line_d;
        end
        if (is_amo && amo_wr) begin
          emit      = 1'b1;
          emit_we   = 1'b1;
          emit_idx  = wfree_i;
          for (k = 0; k < WORDS; k = k + 1) begin
            if (cur_amo_word_q == k[WORD_W-1:0]) begin
              emit_be[k*4 +: 4] = 4'hF;
            end
          end
          emit_data = line_d;
        end
        if (state_q == ST_AMO) begin
          if (amo_wr) begin
            data_we    = 1'b1;
            data_waddr = {cur_set, hit_way_q};
            data_wdata = line_d;
          end
          state_d = ST_IDLE;
        end else begin
          fill_d = line_d;
          if ({{(32-DI_W){1'b0}}, di_q} + 32'd1 == {{(32-CNT_W){1'b0}}, fm_n}) begin
            if (!fm_noinst) begin
              for (w = WAYS - 1; w >= 0; w = w - 1) begin
                if (!set_valid[w]) begin
                  found    = 1'b1;
                  inst_way = w[WAY_W-1:0];
                end
              end
              if (!found) begin
                for (w = WAYS - 1; w >= 0; w = w - 1) begin
                  if (set_age[w*WAY_W +: WAY_W] == AGE_MAX) begin
                    inst_way = w[WAY_W-1:0];
                  end
                end
              end
              vset       = 1'b1;
              tag_we     = 1'b1;
              data_we    = 1'b1;
              data_waddr = {fm_set, inst_way};
              data_wdata = line_d;
              touch      = 1'b1;
              touch_way  = inst_way;
            end
            for (i = 0; i < MSHRS; i = i + 1) begin
              if (fill_m_q == i[IDX_W-1:0]) begin
                m_v_d[i] = 1'b0;
              end
            end
            state_d = ST_IDLE;
          end else begin
            di_d = di_q + 1'b1;
          end
        end
      end
    end

    // a write request takes write slot wfree_i
    if (emit && emit_we) begin
      for (i = 0; i < WQ; i = i + 1) begin
        if (wfree_i == i[IDX_W-1:0]) begin
          wv_d[i]                  = 1'b1;
          wtag_d[i*TAG_W +: TAG_W] = cur_tag_q;
        end
      end
    end

    // valid bit of a way of lru_set: write-evict (hway) or install (inst_way)
    if (vclr || vset) begin
      for (s = 0; s < SETS; s = s + 1) begin
        for (w = 0; w < WPS; w = w + 1) begin
          if (lru_set == s[SET_W-1:0] && (vclr ? hway : inst_way) == w[WAY_W-1:0]) begin
            valid_d[s*WPS + w] = vset;
          end
        end
      end
    end

    // LRU touch: ways of lru_set younger than touch_way age by one, it becomes 0
    if (touch) begin
      for (w = 0; w < WPS; w = w + 1) begin
        if (touch_way == w[WAY_W-1:0]) begin
          touch_age = set_age[w*WAY_W +: WAY_W];
        end
      end
      for (w = 0; w < WPS; w = w + 1) begin
        if (touch_way == w[WAY_W-1:0]) begin
          age_row[w*WAY_W +: WAY_W] = {WAY_W{1'b0}};
        end else if (w < WAYS && set_age[w*WAY_W +: WAY_W] < touch_age) begin
          age_row[w*WAY_W +: WAY_W] = set_age[w*WAY_W +: WAY_W] + 1'b1;
        end
      end
      for (s = 0; s < SETS; s = s + 1) begin
        if (lru_set == s[SET_W-1:0]) begin
          age_d[s*WPS*WAY_W +: WPS*WAY_W] = age_row;
        end
      end
    end

    if (emit) begin
      ov_d    = 1'b1;
      owe_d   = emit_we;
      oline_d = cur_line_q;
      oid_d   = {emit_we, emit_idx};
      obe_d   = emit_be;
      odata_d = emit_data;
    end else if (mem_req_ready_i) begin
      ov_d = 1'b0;
    end
  end

  ////////////////////////////////////////////////////////////////////////////////
  // Transition coverage (docs/drf.md sec. 3) //
  ////////////////////////////////////////////////////////////////////////////////
  reg              nmatch_v;       // a no-install MSHR holds the request's line
  reg              any_valid, any_iv, any_ivn;
  reg [`WW_L1ST_W-1:0] tag_st;
  reg [`WW_L1EV_W-1:0] tag_ev;
  reg [`WW_L1ST_W-1:0] fill_st;
  always @(*) begin
    nmatch_v = 1'b0;
    any_iv   = 1'b0;
    any_ivn  = 1'b0;
    for (i = 0; i < MSHRS; i = i + 1) begin
      if (m_v_q[i] && m_noinst_q[i] && m_line_q[i*LINE_W +: LINE_W] == cur_line_q) begin
        nmatch_v = 1'b1;
      end
      any_iv  = any_iv  || (m_v_q[i] && !m_noinst_q[i]);
      any_ivn = any_ivn || (m_v_q[i] && m_noinst_q[i]);
    end
    any_valid = |valid_q;
    tag_st = hit ? `WW_L1ST_V : cmatch_v ? `WW_L1ST_IV : nmatch_v ? `WW_L1ST_IVN : `WW_L1ST_I;
    fill_st = fm_noinst ? `WW_L1ST_IVN : `WW_L1ST_IV;
    case (cur_op_q)
      `WW_L1_STORE:       tag_ev = `WW_L1EV_STORE;
      `WW_L1_ATOMIC:      tag_ev = `WW_L1EV_ATOMIC;
      `WW_L1_LOAD_STRONG: tag_ev = `WW_L1EV_LOAD_STRONG;
      default:            tag_ev = `WW_L1EV_LOAD;
    endcase
    cov_o = {`WW_L1ST_N*`WW_L1EV_N{1'b0}};
    if (state_q == ST_TAG && state_d != ST_TAG) begin
      cov_o[tag_st * `WW_L1EV_N + tag_ev] = 1'b1;
    end
    if (free_st && !take_fill && accept && op == `WW_L1_INVAL) begin
      cov_o[`WW_L1ST_I   * `WW_L1EV_N + `WW_L1EV_INVAL] = 1'b1;
      cov_o[`WW_L1ST_V   * `WW_L1EV_N + `WW_L1EV_INVAL] = any_valid;
      cov_o[`WW_L1ST_IV  * `WW_L1EV_N + `WW_L1EV_INVAL] = any_iv;
      cov_o[`WW_L1ST_IVN * `WW_L1EV_N + `WW_L1EV_INVAL] = any_ivn;
    end
    if (state_q == ST_DRAIN && done &&
        {{(32-DI_W){1'b0}}, di_q} + 32'd1 == {{(32-CNT_W){1'b0}}, fm_n}) begin
      cov_o[fill_st * `WW_L1EV_N + `WW_L1EV_FILL] = 1'b1;
      cov_o[`WW_L1ST_V * `WW_L1EV_N + `WW_L1EV_REPL] = !fm_noinst && !found;
    end
  end

  ////////////////////////////////////////////////////////////////////////////////
  // Registers //
  ////////////////////////////////////////////////////////////////////////////////
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q    <= ST_IDLE;
      amo_pend_q <= 1'b0;
      valid_q    <= {LINES{1'b0}};
      m_v_q      <= {MSHRS{1'b0}};
      wv_q       <= {WQ{1'b0}};
      ov_q       <= 1'b0;
      age_q      <= age_init;
    end else begin
      state_q    <= state_d;
      amo_pend_q <= amo_pend_d;
      valid_q    <= valid_d;
      m_v_q      <= m_v_d;
      wv_q       <= wv_d;
      ov_q       <= ov_d;
      age_q      <= age_d;
    end
  end

  // Datapath and per-entry fields: not reset (qualified by the valid bits).
  always @(posedge clk_i) begin
    hit_way_q  <= hit_way_d;
    fill_q     <= fill_d;
    fill_m_q   <= fill_m_d;
    di_q       <= di_d;
    m_noinst_q <= m_noinst_d;
    m_byp_q    <= m_byp_d;
    m_line_q   <= m_line_d;
    m_n_q      <= m_n_d;
    m_tag_q    <= m_tag_d;
    m_amo_q    <= m_amo_d;
    wtag_q     <= wtag_d;
    owe_q      <= owe_d;
    oline_q    <= oline_d;
    obe_q      <= obe_d;
    odata_q    <= odata_d;
    oid_q      <= oid_d;
    if (free_st && accept) begin
      cur_op_q       <= op;
      cur_line_q     <= req_line_i;
      cur_tag_q      <= req_tag_i;
      cur_be_q       <= req_be_i;
      cur_wdata_q    <= req_wdata_i;
      cur_amo_op_q   <= req_amo_op_i;
      cur_amo_word_q <= req_amo_word_i;
      cur_amo_a_q    <= req_amo_a_i;
      cur_amo_b_q    <= req_amo_b_i;
    end
  end

endmodule  // ww_l1_dcache
`default_nettype wire
