// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_commit_unit -- KILO TM's commit unit, one per memory partition
// (Fung et al., MICRO 2011, sec. 4.5, Fig. 4-5; docs/tm.md sec. 4.1).
// C model: cmodel/tm/ww_tm_commit_unit.c (cycle-exact; it is the spec).
//
// A ring of ENTRIES entries indexed by commit ID (CID mod ENTRIES). An
// entry is allocated by the first packet of its CID and holds {SM, RCID (the
// ring head then), read/write-set buffer pointers into a shared pool of POOL
// buffers of BUF_WORDS {address, value} words, word counts, overflow flags,
// validation reads pending, fail, hazard + YCID, revalidation state, local
// outcome sent, final outcome}.
//   log transfer + speculative validation: RLOG words are stored (while the
//       buffer has room) and read from L2 at once (a different value fails
//       the entry); WLOG words are stored; END closes the transfer.
//   hazard detection (in CID order, one entry at a time): the read set is
//       queried in the last-writer history (ww_lwh, instantiated), whose live
//       window starts at the oldest RCID of the entries still to be checked;
//       a live writer sets YCID (the youngest below the entry's CID); then
//       the write set is written into the LWH with the entry's CID.
//   revalidation: once YCID has retired, the read set is read again.
//   local outcome PASS/FAIL to the SM; FINAL from the SM.
//   commit (at the ring head, in CID order): a passed entry writes its write
//       set, one word per request, waits for the acks; then RETIRED and the
//       head advances. Overflowed sets are streamed again after RESEND_R/W.
// Every output comes from state. At the clock edge the engines act in this
// fixed order, each at most once, each seeing what the earlier ones did:
//   1. word-port answer; 2. word-port request taken (the head's commit write
//   before the lowest queued validation read); 3. hazard detection;
//   4. commit and retire at the head; 5. revalidation start/step of the
//   oldest entry whose YCID retired; 6. the local outcome of the oldest entry
//   that has one; 7. the packet taken; 8. the message taken by the SM.
// Messages: a 4-entry queue, one push per cycle, priority hazard detection >
// commit > revalidation > outcome (engine order). Read slots: READS, one push
// per cycle, the packet first (pkt_ready_o promises it a free slot and room
// in the two 2-word stream FIFOs), else the revalidation.
//
// Storage (the C model keeps whole entries; this keeps each field where its
// readers need it):
//   flops per entry: valid, hazard detection done, revalidation state, local
//       outcome sent, fail, reads pending, SM, RCID mod ENTRIES, YCID mod
//       2*ENTRIES -- what the scans (LWH window, revalidation, outcome) read
//       in every entry and several engines write;
//   LUT RAM (asynchronous reads, one write port: only the packet engine
//       writes, and it rewrites an entry when it allocates it): read/write-
//       set descriptors {has buffer, buffer, words, overflow}, END seen,
//       final outcome {known, pass};
//   the pool: three block RAMs with one synchronous read each (commit, hazard
//       detection addresses, revalidation), addressed a cycle ahead with the
//       engine's next buffer and word;
//   the hazard detection engine keeps its entry's hazard flag and YCID in
//       its own registers until the entry is checked; the resend streams are
//       one flag per engine (hazard detection, commit, revalidation).
// The CID is not stored: a live entry's CID is the one in [head, head +
// ENTRIES) with its index. This, the narrow RCID and YCID, and the pool's
// synchronous reads rely on the protocol (docs/tm.md sec. 4), checked by
// assertions: at most ENTRIES CIDs in flight (next_cid_i - head <= ENTRIES);
// packets only for live CIDs; no log word for a CID after its END except in
// a stream the unit asked for; an LWH writer found is less than ENTRIES below
// the entry being checked (it follows from the first two).
//
// Tags on the word port (TAG_W = log2(READS) + 1 bits): bit TAG_W-1 set for
// a commit write (its ack carries the same tag), else the validation read's
// slot number in the low bits. Word addresses are byte address >> 2.
// At most 255 commit writes are unacknowledged (the next waits for an ack).
// Parameters: ENTRIES a power of two, 2 <= ENTRIES <= 2^(CID_W-1); READS a
// power of two >= 2; BUF_WORDS, POOL, NUM_SM >= 1; the LWH's as in ww_lwh.v, its
// CID_W being the unit's.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
`include "ww_assert.vh"
module ww_tm_commit_unit #(
  parameter ENTRIES         = `WW_TM_CU_ENTRIES,
  parameter BUF_WORDS       = `WW_TM_CU_BUF_WORDS,
  parameter POOL            = `WW_TM_CU_POOL,
  parameter READS           = `WW_TM_CU_READS,
  parameter NUM_SM          = `WW_NUM_SM,
  parameter CID_W           = `WW_CID_W,
  parameter LWH_ENTRIES     = `WW_LWH_ENTRIES,
  parameter LWH_WAYS        = `WW_LWH_WAYS,
  parameter LWH_BUCKETS     = `WW_LWH_BUCKETS,
  parameter LWH_SUBARRAYS   = `WW_LWH_SUBARRAYS,
  parameter LWH_ADDR_W      = `WW_LWH_ADDR_W,
  parameter CID_SLACK       = `WW_CID_SLACK,
  parameter LWH_SCRUB_EVERY = `WW_LWH_SCRUB_EVERY,
  parameter SEED            = `WW_H3_SEED,
  parameter SM_W            = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter TAG_W           = $clog2(READS) + 1
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire [CID_W-1:0]        next_cid_i,
  output wire [CID_W-1:0]        oldest_cid_o,
  output wire                    cid_hold_o,
  // packets from the SMs' log units
  input  wire                    pkt_valid_i,
  output wire                    pkt_ready_o,
  input  wire [`WW_TM_PKT_W-1:0] pkt_kind_i,
  input  wire [CID_W-1:0]        pkt_cid_i,
  input  wire [SM_W-1:0]         pkt_sm_i,
  input  wire [29:0]             pkt_addr_i,
  input  wire [31:0]             pkt_data_i,
  // messages to the SMs
  output wire                    msg_valid_o,
  input  wire                    msg_ready_i,
  output wire [`WW_TM_MSG_W-1:0] msg_kind_o,
  output wire [CID_W-1:0]        msg_cid_o,
  output wire [SM_W-1:0]         msg_sm_o,
  // word port toward the L2 slice
  output reg                     mreq_valid_o,
  input  wire                    mreq_ready_i,
  output reg                     mreq_write_o,
  output reg  [29:0]             mreq_addr_o,
  output reg  [31:0]             mreq_data_o,
  output reg  [TAG_W-1:0]        mreq_tag_o,
  input  wire                    mrsp_valid_i,
  input  wire [TAG_W-1:0]        mrsp_tag_i,
  input  wire [31:0]             mrsp_data_i
);

  localparam EI_W   = $clog2(ENTRIES);
  localparam YC_W   = EI_W + 1;                             // YCID kept mod 2*ENTRIES
  localparam SL_W   = TAG_W - 1;                            // slot number
  localparam BI_W   = (POOL > 1) ? $clog2(POOL) : 1;        // buffer number
  localparam WI_W   = (BUF_WORDS > 1) ? $clog2(BUF_WORDS) : 1;  // word in a buffer
  localparam N_W    = $clog2(BUF_WORDS + 1);                // words stored
  localparam P_W    = $clog2(READS + 1);                    // reads pending
  localparam PA_W   = BI_W + WI_W;                          // pool address {buffer, word}
  localparam PD     = POOL * (1 << WI_W);                   // pool depth
  localparam CMP_W  = 8;
  localparam MSGQ   = 4;
  localparam MK_W   = `WW_TM_MSG_W;
  localparam PK_W   = `WW_TM_PKT_W;

  // set descriptor {overflowed, words stored, buffer, has a buffer}
  localparam D_H = 0;
  localparam D_B = 1;
  localparam D_N = D_B + BI_W;
  localparam D_O = D_N + N_W;
  localparam D_W = D_O + 1;

  localparam [1:0] RV_NONE = 2'd0, RV_WAIT = 2'd1, RV_RUN = 2'd2, RV_DONE = 2'd3;
  localparam [1:0] HD_IDLE = 2'd0, HD_QUERY = 2'd1, HD_WRITE = 2'd2;
  localparam [1:0] SLOT_FREE = 2'd0, SLOT_QUEUED = 2'd1, SLOT_ISSUED = 2'd2;

  localparam [CID_W-1:0]  CID_ONE = {{(CID_W-1){1'b0}}, 1'b1};
  localparam [CID_W-EI_W-1:0] CHI_ONE = {{(CID_W-EI_W-1){1'b0}}, 1'b1};
  localparam [N_W-1:0]    N_ONE   = {{(N_W-1){1'b0}}, 1'b1};
  localparam [P_W-1:0]    P_ONE   = {{(P_W-1){1'b0}}, 1'b1};
  localparam [CMP_W-1:0]  CMP_ONE = {{(CMP_W-1){1'b0}}, 1'b1};
  localparam [CMP_W-1:0]  CMP_MAX = {CMP_W{1'b1}};
  localparam [N_W-1:0]    N_FULL  = BUF_WORDS;
  localparam [CID_W-1:0]  WIN_MAX = ENTRIES;

  // The CID of ring index ix: the one in [h, h + ENTRIES).
  function automatic [CID_W-1:0] cid_at(input [EI_W-1:0] ix, input [CID_W-1:0] h);
    begin
      cid_at = {h[CID_W-1:EI_W] + ((ix < h[EI_W-1:0]) ? CHI_ONE : {(CID_W-EI_W){1'b0}}), ix};
    end
  endfunction

  ////////////////////
  // State          //
  ////////////////////

  // per entry, in flops: what the scans read and several engines write
  reg [ENTRIES-1:0]      ev_q,  ev_d;     // valid
  reg [ENTRIES-1:0]      ehd_q, ehd_d;    // hazard detection done
  reg [2*ENTRIES-1:0]    erv_q, erv_d;    // revalidation: RV_*
  reg [ENTRIES-1:0]      els_q, els_d;    // local outcome sent
  reg [ENTRIES-1:0]      efl_q, efl_d;    // a validation read differed
  reg [P_W*ENTRIES-1:0]  epd_q, epd_d;    // validation reads queued or in flight
  reg [SM_W*ENTRIES-1:0] esm_q, esm_d;    // SM
  reg [EI_W*ENTRIES-1:0] erc_q, erc_d;    // RCID mod ENTRIES
  reg [YC_W*ENTRIES-1:0] eyc_q, eyc_d;    // YCID mod 2*ENTRIES (once checked, with a hazard)
  // per entry, in LUT RAM: written by the packet engine only
  reg [D_W-1:0]           rs_mem [0:ENTRIES-1];   // read-set descriptor
  reg [D_W-1:0]           ws_mem [0:ENTRIES-1];   // write-set descriptor
  reg [0:0]               xf_mem [0:ENTRIES-1];   // END of the log transfer seen
  reg [1:0]               fo_mem [0:ENTRIES-1];   // final outcome {known, pass}
  reg                     rs_we, ws_we, xf_we, fo_we;
  reg [D_W-1:0]           rs_wd, ws_wd;
  reg [0:0]               xf_wd;
  reg [1:0]               fo_wd;
  reg [POOL-1:0]          pu_q, pu_d;            // pool buffers in use
  // read slots: state in flops, {entry, value} and address in LUT RAM
  reg [READS*2-1:0]       sl_st_q, sl_st_d;
  reg [EI_W+31:0]         sl_iv_mem [0:READS-1];
  reg [29:0]              sl_ad_mem [0:READS-1];
  reg                     sl_we;
  reg [SL_W-1:0]          sl_wa;
  reg [EI_W+31:0]         sl_iv_wd;
  reg [29:0]              sl_ad_wd;
  reg [CID_W-1:0]         head_q, head_d;        // ring head (oldest CID)
  reg [CID_W-1:0]         hd_q, hd_d;            // next CID for hazard detection
  // hazard detection engine
  reg [1:0]               hd_ph_q, hd_ph_d;
  reg                     hd_wait_q, hd_wait_d;  // a query's answer due
  reg                     hd_rsnd_q, hd_rsnd_d;  // a resend to ask for
  reg                     hd_end_q, hd_end_d;
  reg                     hd_strm_q, hd_strm_d;  // resent log packets of hd_q feed it
  reg                     hd_haz_q, hd_haz_d;    // the entry's hazard flag and YCID
  reg [CID_W-1:0]         hd_yc_q, hd_yc_d;
  reg [N_W-1:0]           hd_idx_q, hd_idx_d;
  reg [1:0]               hf_n_q, hf_n_d;        // stream FIFO {kind, address} x 2
  reg [2*PK_W-1:0]        hf_kind_q, hf_kind_d;
  reg [2*30-1:0]          hf_addr_q, hf_addr_d;
  // revalidation engine
  reg                     rv_busy_q, rv_busy_d;
  reg                     rv_rsnd_q, rv_rsnd_d;
  reg                     rv_end_q, rv_end_d;
  reg                     rv_strm_q, rv_strm_d;  // resent log packets of rv_cid_q feed it
  reg [CID_W-1:0]         rv_cid_q, rv_cid_d;
  reg [N_W-1:0]           rv_idx_q, rv_idx_d;
  // commit engine
  reg                     cm_busy_q, cm_busy_d;
  reg                     cm_rsnd_q, cm_rsnd_d;
  reg                     cm_end_q, cm_end_d;
  reg                     cm_strm_q, cm_strm_d;  // resent log packets of head_q feed it
  reg [N_W-1:0]           cm_idx_q, cm_idx_d;
  reg [CMP_W-1:0]         cm_pend_q, cm_pend_d;  // commit writes not acked
  reg [1:0]               cf_n_q, cf_n_d;        // stream FIFO {kind, address, value} x 2
  reg [2*PK_W-1:0]        cf_kind_q, cf_kind_d;
  reg [2*30-1:0]          cf_addr_q, cf_addr_d;
  reg [2*32-1:0]          cf_val_q, cf_val_d;
  // message queue
  reg [2:0]               mq_n_q, mq_n_d;
  reg [MSGQ*MK_W-1:0]     mq_kind_q, mq_kind_d;
  reg [MSGQ*CID_W-1:0]    mq_cid_q, mq_cid_d;
  reg [MSGQ*SM_W-1:0]     mq_sm_q, mq_sm_d;

  ////////////////////
  // Entry reads    //
  ////////////////////

  wire [EI_W-1:0] head_ix = head_q[EI_W-1:0];
  wire [EI_W-1:0] hd_ix   = hd_q[EI_W-1:0];
  wire [EI_W-1:0] rv_ix   = rv_cid_q[EI_W-1:0];
  wire [EI_W-1:0] pk_ix   = pkt_cid_i[EI_W-1:0];
  wire [D_W-1:0]  rs_hd   = rs_mem[hd_ix];      // hazard detection's entry
  wire [D_W-1:0]  ws_hd   = ws_mem[hd_ix];
  wire [0:0]      xf_hd   = xf_mem[hd_ix];
  wire [D_W-1:0]  rs_hq   = rs_mem[head_ix];    // the head
  wire [D_W-1:0]  ws_hq   = ws_mem[head_ix];
  wire [1:0]      fo_hq   = fo_mem[head_ix];
  wire [D_W-1:0]  rs_pk   = rs_mem[pk_ix];      // the packet's
  wire [D_W-1:0]  ws_pk   = ws_mem[pk_ix];
  wire            hd_rd   = (hd_ph_q == HD_QUERY);
  wire            rs_hq_unused = ^rs_hq[D_W-1:D_N];   // the head needs its read set's buffer only

  ////////////////////
  // Pool           //
  ////////////////////

  // Three synchronous read ports, each addressed a cycle ahead with its
  // engine's next buffer and word (the engines only read words stored
  // before their entry's END, so no write of that cycle can hit them).
  reg             pw_en;
  reg [PA_W-1:0]  pw_addr;
  reg [61:0]      pw_data;                       // {address, value}
  reg [PA_W-1:0]  cm_ra, hd_ra, rv_ra;
  wire [61:0]     cm_w, rv_w;
  wire [29:0]     hd_w;                          // hazard detection needs addresses only

  ww_sram_1r1w #(.WIDTH(62), .DEPTH(PD), .ADDR_W(PA_W)) u_pool_cm (
    .clk_i (clk_i), .raddr_i (cm_ra), .rdata_o (cm_w),
    .we_i (pw_en), .waddr_i (pw_addr), .wdata_i (pw_data)
  );
  ww_sram_1r1w #(.WIDTH(30), .DEPTH(PD), .ADDR_W(PA_W)) u_pool_hd (
    .clk_i (clk_i), .raddr_i (hd_ra), .rdata_o (hd_w),
    .we_i (pw_en), .waddr_i (pw_addr), .wdata_i (pw_data[61:32])
  );
  ww_sram_1r1w #(.WIDTH(62), .DEPTH(PD), .ADDR_W(PA_W)) u_pool_rv (
    .clk_i (clk_i), .raddr_i (rv_ra), .rdata_o (rv_w),
    .we_i (pw_en), .waddr_i (pw_addr), .wdata_i (pw_data)
  );

  ////////////////////
  // Outputs        //
  ////////////////////

  // the commit engine's word
  reg             cm_word;
  reg [29:0]      cm_addr;
  reg [31:0]      cm_val;
  reg [SL_W-1:0]  rd_slot;
  reg             rd_any;
  reg             slot_free;
  integer         oi;
  always @(*) begin
    cm_word = 1'b0;
    cm_addr = 30'd0;
    cm_val  = 32'd0;
`ifdef WW_MUTANT_TM_CU_COMMIT_FAILED
    if (cm_busy_q && !cm_rsnd_q && cm_pend_q != CMP_MAX) begin   // MUTANT: a failed entry's write set is committed
`else
    if (cm_busy_q && fo_hq[0] && !cm_rsnd_q && cm_pend_q != CMP_MAX) begin
`endif
      if (!ws_hq[D_O] && cm_idx_q < ws_hq[D_N +: N_W]) begin
        cm_word = 1'b1;
        cm_addr = cm_w[61:32];
        cm_val  = cm_w[31:0];
      end else if (ws_hq[D_O] && cf_n_q != 2'd0 && cf_kind_q[0 +: PK_W] == `WW_TM_PKT_WLOG) begin
        cm_word = 1'b1;
        cm_addr = cf_addr_q[0 +: 30];
        cm_val  = cf_val_q[0 +: 32];
      end
    end
    rd_any    = 1'b0;
    rd_slot   = {SL_W{1'b0}};
    slot_free = 1'b0;
    for (oi = READS - 1; oi >= 0; oi = oi - 1) begin
      if (sl_st_q[oi*2 +: 2] == SLOT_QUEUED) begin
        rd_any  = 1'b1;
        rd_slot = oi[SL_W-1:0];
      end
      if (sl_st_q[oi*2 +: 2] == SLOT_FREE)
        slot_free = 1'b1;
    end
    mreq_valid_o = 1'b0;
    mreq_write_o = 1'b0;
    mreq_addr_o  = 30'd0;
    mreq_data_o  = 32'd0;
    mreq_tag_o   = {TAG_W{1'b0}};
    if (cm_word) begin
      mreq_valid_o = 1'b1;
      mreq_write_o = 1'b1;
      mreq_addr_o  = cm_addr;
      mreq_data_o  = cm_val;
      mreq_tag_o   = {1'b1, {(TAG_W-1){1'b0}}};
    end else if (rd_any) begin
      mreq_valid_o = 1'b1;
      mreq_addr_o  = sl_ad_mem[rd_slot];
      mreq_tag_o   = {1'b0, rd_slot};
    end
  end

  assign oldest_cid_o = head_q;
  assign pkt_ready_o  = slot_free && hf_n_q != 2'd2 && cf_n_q != 2'd2;
  assign msg_valid_o  = mq_n_q != 3'd0;
  assign msg_kind_o   = mq_kind_q[0 +: MK_W];
  assign msg_cid_o    = mq_cid_q[0 +: CID_W];
  assign msg_sm_o     = mq_sm_q[0 +: SM_W];

  ////////////////////
  // Last-writer history
  ////////////////////

  // The LWH's live window starts at the oldest RCID of the entries still to
  // be checked (an RCID is a head, so it never moves back). Such an entry's
  // RCID is less than ENTRIES below the head, so its low bits give the
  // distance.
  reg [EI_W-1:0]  lwh_dist, lwh_d_i;
  integer         li;
  always @(*) begin
    lwh_dist = {EI_W{1'b0}};
    for (li = 0; li < ENTRIES; li = li + 1) begin
      lwh_d_i = head_ix - erc_q[li*EI_W +: EI_W];
      if (ev_q[li] && !ehd_q[li] && lwh_d_i > lwh_dist)
        lwh_dist = lwh_d_i;
    end
  end
`ifdef WW_MUTANT_TM_CU_LWH_AT_HEAD
  wire [CID_W-1:0] lwh_oldest = head_q;   // MUTANT: the window starts at the head
  wire             lwh_dist_unused = ^lwh_dist;
`else
  wire [CID_W-1:0] lwh_oldest = head_q - {{(CID_W-EI_W){1'b0}}, lwh_dist};
`endif

  reg         lwh_valid, lwh_write, lwh_fifo;
  reg  [29:0] lwh_addr30;
  reg  [CID_W-1:0] lwh_cid;
  always @(*) begin
    lwh_valid  = 1'b0;
    lwh_write  = 1'b0;
    lwh_fifo   = 1'b0;
    lwh_addr30 = 30'd0;
    lwh_cid    = {CID_W{1'b0}};
    if (hd_ph_q == HD_QUERY && !hd_wait_q) begin
      if (!rs_hd[D_O] && hd_idx_q < rs_hd[D_N +: N_W]) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hd_w;
      end else if (rs_hd[D_O] && hf_n_q != 2'd0 && hf_kind_q[0 +: PK_W] == `WW_TM_PKT_RLOG) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hf_addr_q[0 +: 30];
        lwh_fifo   = 1'b1;
      end
    end else if (hd_ph_q == HD_WRITE) begin
      lwh_write = 1'b1;
      lwh_cid   = hd_q;
      if (!ws_hd[D_O] && hd_idx_q < ws_hd[D_N +: N_W]) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hd_w;
      end else if (ws_hd[D_O] && hf_n_q != 2'd0 && hf_kind_q[0 +: PK_W] == `WW_TM_PKT_WLOG) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hf_addr_q[0 +: 30];
        lwh_fifo   = 1'b1;
      end
    end
  end

  wire [LWH_ADDR_W-1:0] lwh_addr;
  generate
    if (LWH_ADDR_W > 30) begin : g_addr_wide
      assign lwh_addr = {{(LWH_ADDR_W-30){1'b0}}, lwh_addr30};
    end else if (LWH_ADDR_W == 30) begin : g_addr_same
      assign lwh_addr = lwh_addr30;
    end else begin : g_addr_narrow
      assign lwh_addr = lwh_addr30[LWH_ADDR_W-1:0];
      wire addr_unused = ^lwh_addr30[29:LWH_ADDR_W];
    end
  endgenerate

  wire             lwh_ready, lwh_rsp_valid, lwh_rsp_found;
  wire [CID_W-1:0] lwh_rsp_cid;
  ww_lwh #(
    .ENTRIES     (LWH_ENTRIES),
    .WAYS        (LWH_WAYS),
    .BUCKETS     (LWH_BUCKETS),
    .SUBARRAYS   (LWH_SUBARRAYS),
    .ADDR_W      (LWH_ADDR_W),
    .CID_W       (CID_W),
    .CID_SLACK   (CID_SLACK),
    .SCRUB_EVERY (LWH_SCRUB_EVERY),
    .SEED        (SEED)
  ) u_lwh (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .oldest_cid_i (lwh_oldest),
    .next_cid_i   (next_cid_i),
    .cid_hold_o   (cid_hold_o),
    .req_valid_i  (lwh_valid),
    .req_ready_o  (lwh_ready),
    .req_write_i  (lwh_write),
    .req_addr_i   (lwh_addr),
    .req_cid_i    (lwh_cid),
    .rsp_valid_o  (lwh_rsp_valid),
    .rsp_found_o  (lwh_rsp_found),
    .rsp_cid_o    (lwh_rsp_cid)
  );
  wire lwh_acc = lwh_valid && lwh_ready;

  ////////////////////
  // Clock edge     //
  ////////////////////

  // the first set bit of v at or after position h, going round
  function automatic [EI_W-1:0] first_from(input [ENTRIES-1:0] v, input [EI_W-1:0] h);
    integer   j;
    reg       any_hi;
    reg [EI_W-1:0] lo_hi, lo_all;
    begin
      any_hi = 1'b0;
      lo_hi  = {EI_W{1'b0}};
      lo_all = {EI_W{1'b0}};
      for (j = ENTRIES - 1; j >= 0; j = j - 1) begin
        if (v[j])
          lo_all = j[EI_W-1:0];
        if (v[j] && j[EI_W-1:0] >= h) begin
          any_hi = 1'b1;
          lo_hi  = j[EI_W-1:0];
        end
      end
      first_from = any_hi ? lo_hi : lo_all;
    end
  endfunction

  function automatic [SM_W-1:0] sm_of(input [SM_W*ENTRIES-1:0] v, input [EI_W-1:0] ix);
    integer j;
    begin
      sm_of = {SM_W{1'b0}};
      for (j = 0; j < ENTRIES; j = j + 1)
        if (ix == j[EI_W-1:0])
          sm_of = v[j*SM_W +: SM_W];
    end
  endfunction

  reg [CID_W-1:0]   t1, t2, win;
  reg               taken;        // a message was pushed this cycle
  reg               push;
  reg [MK_W-1:0]    push_kind;
  reg [CID_W-1:0]   push_cid;
  reg [SM_W-1:0]    push_sm;
  reg [SL_W-1:0]    rsp_slot;
  reg               rsp_hit, rsp_bad;
  reg [EI_W+31:0]   rsp_iv;
  reg [EI_W-1:0]    rsp_ix;
  reg               fs_any;
  reg [SL_W-1:0]    fs;           // lowest free slot
  reg               hd_all, hd_ovf, hd_fin, cm_all, retire, rv_push, slot_used;
  reg [EI_W-1:0]    hx;           // index of the head after commit and retire
  reg               wfull, lt_n;
  reg [ENTRIES-1:0] live;         // in the window [head, next)
  reg [ENTRIES-1:0] ge_h;         // at or after the head's index
  reg [ENTRIES-1:0] rv_elig, rv_ok, oc_elig;
  reg               rv_found, oc_found, older;
  reg [EI_W-1:0]    rv_sel, oc_sel;
  reg [YC_W-1:0]    ydiff;
  reg [D_W-1:0]     rs_rv;        // the read set of revalidation's entry (or of rv_sel)
  reg [D_W-1:0]     rs_x, ws_x;   // the packet's entry's sets
  reg               alloc, s_hd, s_cm, s_rv;
  reg               ba_any;
  reg [BI_W-1:0]    ba;           // lowest free buffer
  reg               st_w;         // store: write set
  reg               pk_store;
  integer           ni;

  always @(*) begin
    ev_d = ev_q;  ehd_d = ehd_q;  erv_d = erv_q;  els_d = els_q;  efl_d = efl_q;  epd_d = epd_q;
    esm_d = esm_q;  erc_d = erc_q;  eyc_d = eyc_q;
    rs_we = 1'b0;  ws_we = 1'b0;  xf_we = 1'b0;  fo_we = 1'b0;
    rs_wd = {D_W{1'b0}};  ws_wd = {D_W{1'b0}};  xf_wd = 1'b0;  fo_wd = 2'b00;
    pu_d = pu_q;
    sl_st_d = sl_st_q;  sl_we = 1'b0;  sl_wa = {SL_W{1'b0}};
    sl_iv_wd = {(EI_W+32){1'b0}};  sl_ad_wd = 30'd0;
    head_d = head_q;  hd_d = hd_q;
    hd_ph_d = hd_ph_q;  hd_wait_d = hd_wait_q;  hd_rsnd_d = hd_rsnd_q;  hd_end_d = hd_end_q;
    hd_strm_d = hd_strm_q;  hd_haz_d = hd_haz_q;  hd_yc_d = hd_yc_q;  hd_idx_d = hd_idx_q;
    hf_n_d = hf_n_q;  hf_kind_d = hf_kind_q;  hf_addr_d = hf_addr_q;
    rv_busy_d = rv_busy_q;  rv_rsnd_d = rv_rsnd_q;  rv_end_d = rv_end_q;  rv_strm_d = rv_strm_q;
    rv_cid_d = rv_cid_q;  rv_idx_d = rv_idx_q;
    cm_busy_d = cm_busy_q;  cm_rsnd_d = cm_rsnd_q;  cm_end_d = cm_end_q;  cm_strm_d = cm_strm_q;
    cm_idx_d = cm_idx_q;  cm_pend_d = cm_pend_q;
    cf_n_d = cf_n_q;  cf_kind_d = cf_kind_q;  cf_addr_d = cf_addr_q;  cf_val_d = cf_val_q;
    mq_n_d = mq_n_q;  mq_kind_d = mq_kind_q;  mq_cid_d = mq_cid_q;  mq_sm_d = mq_sm_q;
    pw_en = 1'b0;  pw_addr = {PA_W{1'b0}};  pw_data = 62'd0;
    taken = 1'b0;  push = 1'b0;  push_kind = {MK_W{1'b0}};  push_cid = {CID_W{1'b0}};
    push_sm = {SM_W{1'b0}};
    t1 = {CID_W{1'b0}};  t2 = {CID_W{1'b0}};  win = {CID_W{1'b0}};
    hd_all = 1'b0;  hd_ovf = 1'b0;  hd_fin = 1'b0;  cm_all = 1'b0;  retire = 1'b0;
    rv_push = 1'b0;  slot_used = 1'b0;
    lt_n = 1'b0;  older = 1'b0;  ydiff = {YC_W{1'b0}};
    rv_elig = {ENTRIES{1'b0}};  oc_elig = {ENTRIES{1'b0}};
    alloc = 1'b0;  s_hd = 1'b0;  s_cm = 1'b0;  s_rv = 1'b0;
    rs_x = {D_W{1'b0}};  ws_x = {D_W{1'b0}};
    ba_any = 1'b0;  ba = {BI_W{1'b0}};  st_w = 1'b0;  pk_store = 1'b0;

    // ---- 1. word-port answer ----
    rsp_slot = mrsp_tag_i[SL_W-1:0];
    rsp_iv   = sl_iv_mem[rsp_slot];
    rsp_ix   = rsp_iv[32 +: EI_W];
    rsp_bad  = mrsp_data_i != rsp_iv[31:0];
    rsp_hit  = 1'b0;
    for (ni = 0; ni < READS; ni = ni + 1)
      if (rsp_slot == ni[SL_W-1:0] && sl_st_q[ni*2 +: 2] == SLOT_ISSUED)
        rsp_hit = 1'b1;
    if (mrsp_valid_i) begin
      if (mrsp_tag_i[TAG_W-1]) begin
        if (cm_pend_d != {CMP_W{1'b0}})
          cm_pend_d = cm_pend_d - CMP_ONE;
      end else if (rsp_hit) begin
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          if (rsp_ix == ni[EI_W-1:0]) begin
            if (rsp_bad)
              efl_d[ni] = 1'b1;
            if (epd_d[ni*P_W +: P_W] != {P_W{1'b0}})
              epd_d[ni*P_W +: P_W] = epd_d[ni*P_W +: P_W] - P_ONE;
          end
        for (ni = 0; ni < READS; ni = ni + 1)
          if (rsp_slot == ni[SL_W-1:0])
            sl_st_d[ni*2 +: 2] = SLOT_FREE;
      end
    end

    // ---- 2. word-port request taken ----
    if (mreq_valid_o && mreq_ready_i) begin
      if (cm_word) begin
        cm_pend_d = cm_pend_d + CMP_ONE;
        if (!ws_hq[D_O]) begin
          cm_idx_d = cm_idx_d + N_ONE;
        end else begin
          cf_kind_d = {{PK_W{1'b0}}, cf_kind_d[2*PK_W-1:PK_W]};
          cf_addr_d = {30'd0, cf_addr_d[59:30]};
          cf_val_d  = {32'd0, cf_val_d[63:32]};
          cf_n_d    = cf_n_d - 2'd1;
        end
      end else begin
        for (ni = 0; ni < READS; ni = ni + 1)
          if (rd_slot == ni[SL_W-1:0])
            sl_st_d[ni*2 +: 2] = SLOT_ISSUED;
      end
    end

    // the lowest free read slot now (only the packet and the revalidation add)
    fs_any = 1'b0;
    fs     = {SL_W{1'b0}};
    for (ni = READS - 1; ni >= 0; ni = ni - 1)
      if (sl_st_d[ni*2 +: 2] == SLOT_FREE) begin
        fs_any = 1'b1;
        fs     = ni[SL_W-1:0];
      end

    // ---- 3. hazard detection, in CID order ----
    // The entry's hazard flag and YCID live in hd_haz/hd_yc until it is
    // checked; then YCID's low bits go to the entry.
    if (lwh_rsp_valid && hd_wait_d) begin
      hd_wait_d = 1'b0;
      if (lwh_rsp_found) begin
        t1 = hd_q - lwh_rsp_cid;
        t2 = hd_q - hd_yc_q;
        if (!hd_haz_q || t1 < t2)
          hd_yc_d = lwh_rsp_cid;
`ifndef WW_MUTANT_TM_CU_NO_HAZARD
        hd_haz_d = 1'b1;
`endif
      end
    end
    if (lwh_acc) begin
      if (!lwh_write)
        hd_wait_d = 1'b1;
      if (lwh_fifo) begin
        hf_kind_d = {{PK_W{1'b0}}, hf_kind_d[2*PK_W-1:PK_W]};
        hf_addr_d = {30'd0, hf_addr_d[59:30]};
        hf_n_d    = hf_n_d - 2'd1;
      end else begin
        hd_idx_d = hd_idx_d + N_ONE;
      end
    end
    t1  = hd_q - head_q;
    win = next_cid_i - head_q;
    if (hd_ph_q == HD_IDLE) begin
      if (t1 < win && ev_q[hd_ix] && xf_hd[0]) begin
        hd_ph_d   = HD_QUERY;
        hd_idx_d  = {N_W{1'b0}};
        hd_rsnd_d = rs_hd[D_O];
        hd_end_d  = 1'b0;
        hd_haz_d  = 1'b0;
      end
    end else begin
      hd_ovf = hd_rd ? rs_hd[D_O] : ws_hd[D_O];
      if (hd_rsnd_q) begin
        if (!taken && mq_n_q != MSGQ) begin
          taken     = 1'b1;
          push      = 1'b1;
          push_kind = hd_rd ? `WW_TM_MSG_RESEND_R : `WW_TM_MSG_RESEND_W;
          push_cid  = hd_q;
          push_sm   = sm_of(esm_q, hd_ix);
          hd_rsnd_d = 1'b0;
          hd_strm_d = 1'b1;
        end
      end else begin
        if (hd_ovf && hf_n_d != 2'd0 && hf_kind_d[0 +: PK_W] == `WW_TM_PKT_END) begin
          hf_kind_d = {{PK_W{1'b0}}, hf_kind_d[2*PK_W-1:PK_W]};
          hf_addr_d = {30'd0, hf_addr_d[59:30]};
          hf_n_d    = hf_n_d - 2'd1;
          hd_end_d  = 1'b1;
        end
        hd_all = hd_ovf ? (hd_end_d && hf_n_d == 2'd0)
                        : (hd_idx_d >= (hd_rd ? rs_hd[D_N +: N_W] : ws_hd[D_N +: N_W]));
        if (hd_all && !hd_wait_d && !lwh_acc) begin
          if (hd_ovf)
            hd_strm_d = 1'b0;
          if (hd_rd) begin
            hd_ph_d   = HD_WRITE;
            hd_idx_d  = {N_W{1'b0}};
            hd_rsnd_d = ws_hd[D_O];
            hd_end_d  = 1'b0;
          end else begin
            hd_ph_d = HD_IDLE;
            hd_fin  = 1'b1;
            hd_d    = hd_q + CID_ONE;
          end
        end
      end
    end
    if (hd_fin)
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (hd_ix == ni[EI_W-1:0]) begin
          ehd_d[ni] = 1'b1;
          if (hd_haz_d)
            erv_d[ni*2 +: 2] = RV_WAIT;
          eyc_d[ni*YC_W +: YC_W] = hd_yc_d[YC_W-1:0];
        end

    // ---- 4. commit and retire at the head ----
    if (!cm_busy_q) begin
      if (ev_q[head_ix] && fo_hq[1] && els_q[head_ix]) begin
        cm_busy_d = 1'b1;
        cm_idx_d  = {N_W{1'b0}};
        cm_end_d  = 1'b0;
        cm_rsnd_d = fo_hq[0] && ws_hq[D_O];
      end
    end else if (cm_rsnd_q) begin
      if (!taken && mq_n_q != MSGQ) begin
        taken     = 1'b1;
        push      = 1'b1;
        push_kind = `WW_TM_MSG_RESEND_W;
        push_cid  = head_q;
        push_sm   = sm_of(esm_q, head_ix);
        cm_rsnd_d = 1'b0;
        cm_strm_d = 1'b1;
      end
    end else begin
      if (ws_hq[D_O] && cf_n_d != 2'd0 && cf_kind_d[0 +: PK_W] == `WW_TM_PKT_END) begin
        cf_kind_d = {{PK_W{1'b0}}, cf_kind_d[2*PK_W-1:PK_W]};
        cf_addr_d = {30'd0, cf_addr_d[59:30]};
        cf_val_d  = {32'd0, cf_val_d[63:32]};
        cf_n_d    = cf_n_d - 2'd1;
        cm_end_d  = 1'b1;
      end
      cm_all = !fo_hq[0] || (ws_hq[D_O] ? (cm_end_d && cf_n_d == 2'd0)
                                        : (cm_idx_d >= ws_hq[D_N +: N_W]));
      if (cm_all && cm_pend_d == {CMP_W{1'b0}} && !(cm_word && mreq_ready_i) &&
          !taken && mq_n_q != MSGQ) begin
        taken     = 1'b1;
        push      = 1'b1;
        push_kind = `WW_TM_MSG_RETIRED;
        push_cid  = head_q;
        push_sm   = sm_of(esm_q, head_ix);
        for (ni = 0; ni < POOL; ni = ni + 1) begin
          if (rs_hq[D_H] && rs_hq[D_B +: BI_W] == ni[BI_W-1:0])
            pu_d[ni] = 1'b0;
          if (ws_hq[D_H] && ws_hq[D_B +: BI_W] == ni[BI_W-1:0])
            pu_d[ni] = 1'b0;
        end
        retire    = 1'b1;
        cm_busy_d = 1'b0;
        cm_strm_d = 1'b0;
        head_d    = head_q + CID_ONE;
      end
    end
    if (retire)
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (head_ix == ni[EI_W-1:0]) begin
          ev_d[ni]  = 1'b0;
          ehd_d[ni] = 1'b0;
          erv_d[ni*2 +: 2] = RV_NONE;
          els_d[ni] = 1'b0;
          efl_d[ni] = 1'b0;
          epd_d[ni*P_W +: P_W] = {P_W{1'b0}};
        end

    // the live window [head, next) as a mask over the ring
    win   = next_cid_i - head_d;
    hx    = head_d[EI_W-1:0];
    wfull = !(win < WIN_MAX);
    for (ni = 0; ni < ENTRIES; ni = ni + 1) begin
      ge_h[ni] = ni[EI_W-1:0] >= hx;
      lt_n     = ni[EI_W-1:0] < next_cid_i[EI_W-1:0];
      live[ni] = wfull || ((hx <= next_cid_i[EI_W-1:0]) ? (ge_h[ni] && lt_n) : (ge_h[ni] || lt_n));
    end

    // ---- 5. revalidation of the oldest entry whose YCID has retired ----
    // (YCID retired: head - YCID > 0, which fits YC_W bits signed)
    for (ni = 0; ni < ENTRIES; ni = ni + 1) begin
      ydiff = head_d[YC_W-1:0] - eyc_d[ni*YC_W +: YC_W];
      rv_elig[ni] = live[ni] && ev_d[ni] && erv_d[ni*2 +: 2] == RV_WAIT &&
                    epd_d[ni*P_W +: P_W] == {P_W{1'b0}} &&
                    ydiff != {YC_W{1'b0}} && !ydiff[YC_W-1];
    end
    rv_ok    = rv_elig & ~efl_d;
    rv_found = |rv_ok;
    rv_sel   = first_from(rv_ok, hx);
    if (!rv_busy_q)
      for (ni = 0; ni < ENTRIES; ni = ni + 1) begin   // failed already: nothing to revalidate
        older = !rv_found || ((rv_sel >= hx) ? (ge_h[ni] && ni[EI_W-1:0] < rv_sel)
                                             : (ge_h[ni] || ni[EI_W-1:0] < rv_sel));
        if (rv_elig[ni] && efl_d[ni] && older)
          erv_d[ni*2 +: 2] = RV_DONE;
      end
    rs_rv = rs_mem[rv_busy_q ? rv_ix : rv_sel];
    if (!rv_busy_q) begin
      if (rv_found) begin
        rv_busy_d = 1'b1;
        rv_cid_d  = cid_at(rv_sel, head_d);
        rv_idx_d  = {N_W{1'b0}};
        rv_end_d  = 1'b0;
        rv_rsnd_d = rs_rv[D_O];
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          if (rv_sel == ni[EI_W-1:0])
            erv_d[ni*2 +: 2] = RV_RUN;
      end
    end else begin
      if (rv_rsnd_q) begin
        if (!taken && mq_n_q != MSGQ) begin
          taken     = 1'b1;
          push      = 1'b1;
          push_kind = `WW_TM_MSG_RESEND_R;
          push_cid  = rv_cid_q;
          push_sm   = sm_of(esm_q, rv_ix);
          rv_rsnd_d = 1'b0;
          rv_strm_d = 1'b1;
        end
      end else if (!rs_rv[D_O]) begin
        if (rv_idx_q < rs_rv[D_N +: N_W]) begin
          rv_push = 1'b1;             // after the packet, if a slot is left
        end else begin
          for (ni = 0; ni < ENTRIES; ni = ni + 1)
            if (rv_ix == ni[EI_W-1:0])
              erv_d[ni*2 +: 2] = RV_DONE;
          rv_busy_d = 1'b0;
        end
      end else if (rv_end_q) begin
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          if (rv_ix == ni[EI_W-1:0])
            erv_d[ni*2 +: 2] = RV_DONE;
        rv_strm_d = 1'b0;
        rv_busy_d = 1'b0;
      end
    end

    // ---- 6. the local outcome of the oldest entry that has one ----
    // (checked with a hazard: revalidation state not NONE)
    for (ni = 0; ni < ENTRIES; ni = ni + 1)
      oc_elig[ni] = live[ni] && ev_d[ni] && ehd_d[ni] && epd_d[ni*P_W +: P_W] == {P_W{1'b0}} &&
                    !els_d[ni] && (erv_d[ni*2 +: 2] == RV_NONE || erv_d[ni*2 +: 2] == RV_DONE);
    oc_found = |oc_elig;
    oc_sel   = first_from(oc_elig, hx);
    if (oc_found && !taken && mq_n_q != MSGQ) begin
      taken     = 1'b1;
      push      = 1'b1;
      push_kind = efl_d[oc_sel] ? `WW_TM_MSG_FAIL : `WW_TM_MSG_PASS;
      push_cid  = cid_at(oc_sel, head_d);
      push_sm   = sm_of(esm_q, oc_sel);
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (oc_sel == ni[EI_W-1:0])
          els_d[ni] = 1'b1;
    end

    // ---- 7. the packet ----
    if (pkt_valid_i && pkt_ready_o) begin
      alloc = !ev_d[pk_ix];
      rs_x  = alloc ? {D_W{1'b0}} : rs_pk;
      ws_x  = alloc ? {D_W{1'b0}} : ws_pk;
      s_hd  = !alloc && hd_strm_d && pk_ix == hd_ix;     // what resent log packets feed
      s_cm  = !alloc && cm_strm_d && pk_ix == head_ix;
      s_rv  = !alloc && rv_strm_d && pk_ix == rv_ix;
      if (alloc) begin
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          if (pk_ix == ni[EI_W-1:0]) begin
            ev_d[ni]  = 1'b1;
            ehd_d[ni] = 1'b0;
            erv_d[ni*2 +: 2] = RV_NONE;
            els_d[ni] = 1'b0;
            efl_d[ni] = 1'b0;
            epd_d[ni*P_W +: P_W]   = {P_W{1'b0}};
            erc_d[ni*EI_W +: EI_W] = hx;
            esm_d[ni*SM_W +: SM_W] = pkt_sm_i;
          end
        rs_we = 1'b1;
        ws_we = 1'b1;
        xf_we = 1'b1;
        fo_we = 1'b1;
      end
      if (pkt_kind_i == `WW_TM_PKT_FINAL) begin
        fo_we = 1'b1;
        fo_wd = {1'b1, pkt_data_i[0]};
      end else if (s_hd) begin
        if (hf_n_d == 2'd0) begin
          hf_kind_d[0 +: PK_W] = pkt_kind_i;
          hf_addr_d[0 +: 30]   = pkt_addr_i;
        end else begin
          hf_kind_d[PK_W +: PK_W] = pkt_kind_i;
          hf_addr_d[30 +: 30]     = pkt_addr_i;
        end
        hf_n_d = hf_n_d + 2'd1;
      end else if (s_cm) begin
        if (cf_n_d == 2'd0) begin
          cf_kind_d[0 +: PK_W] = pkt_kind_i;
          cf_addr_d[0 +: 30]   = pkt_addr_i;
          cf_val_d[0 +: 32]    = pkt_data_i;
        end else begin
          cf_kind_d[PK_W +: PK_W] = pkt_kind_i;
          cf_addr_d[30 +: 30]     = pkt_addr_i;
          cf_val_d[32 +: 32]      = pkt_data_i;
        end
        cf_n_d = cf_n_d + 2'd1;
      end else if (s_rv) begin
        if (pkt_kind_i == `WW_TM_PKT_RLOG)
          slot_used = 1'b1;
        else if (pkt_kind_i == `WW_TM_PKT_END)
          rv_end_d = 1'b1;
      end else if (pkt_kind_i == `WW_TM_PKT_RLOG) begin  // log transfer + speculative validation
        pk_store  = 1'b1;
        st_w      = 1'b0;
        slot_used = 1'b1;
      end else if (pkt_kind_i == `WW_TM_PKT_WLOG) begin
        pk_store = 1'b1;
        st_w     = 1'b1;
      end else if (pkt_kind_i == `WW_TM_PKT_END) begin
        xf_we = 1'b1;
        xf_wd = 1'b1;
      end
      // store a log word in the read or write set; overflow when the
      // buffer is full or the pool empty
      if (pk_store && !(st_w ? ws_x[D_O] : rs_x[D_O])) begin
        for (ni = POOL - 1; ni >= 0; ni = ni - 1)
          if (!pu_d[ni]) begin
            ba_any = 1'b1;
            ba     = ni[BI_W-1:0];
          end
        if (!(st_w ? ws_x[D_H] : rs_x[D_H]) && ba_any) begin
          for (ni = 0; ni < POOL; ni = ni + 1)
            if (ba == ni[BI_W-1:0])
              pu_d[ni] = 1'b1;
          if (st_w) begin
            ws_x[D_H] = 1'b1;
            ws_x[D_B +: BI_W] = ba;
          end else begin
            rs_x[D_H] = 1'b1;
            rs_x[D_B +: BI_W] = ba;
          end
        end
        if (st_w) begin
          if (!ws_x[D_H] || ws_x[D_N +: N_W] == N_FULL) begin
            ws_x[D_O] = 1'b1;
          end else begin
            pw_en   = 1'b1;
            pw_addr = {ws_x[D_B +: BI_W], ws_x[D_N +: WI_W]};
            ws_x[D_N +: N_W] = ws_x[D_N +: N_W] + N_ONE;
          end
          ws_we = 1'b1;
        end else begin
          if (!rs_x[D_H] || rs_x[D_N +: N_W] == N_FULL) begin
            rs_x[D_O] = 1'b1;
          end else begin
            pw_en   = 1'b1;
            pw_addr = {rs_x[D_B +: BI_W], rs_x[D_N +: WI_W]};
            rs_x[D_N +: N_W] = rs_x[D_N +: N_W] + N_ONE;
          end
          rs_we = 1'b1;
        end
        pw_data = {pkt_addr_i, pkt_data_i};
      end
      rs_wd = rs_x;
      ws_wd = ws_x;
      if (slot_used) begin     // a validation read of the packet's word
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          if (pk_ix == ni[EI_W-1:0])
            epd_d[ni*P_W +: P_W] = epd_d[ni*P_W +: P_W] + P_ONE;
        for (ni = 0; ni < READS; ni = ni + 1)
          if (fs == ni[SL_W-1:0])
            sl_st_d[ni*2 +: 2] = SLOT_QUEUED;
        sl_we    = 1'b1;
        sl_wa    = fs;
        sl_iv_wd = {pk_ix, pkt_data_i};
        sl_ad_wd = pkt_addr_i;
      end
    end
    if (rv_push && !slot_used && fs_any) begin   // a revalidation read
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (rv_ix == ni[EI_W-1:0])
          epd_d[ni*P_W +: P_W] = epd_d[ni*P_W +: P_W] + P_ONE;
      for (ni = 0; ni < READS; ni = ni + 1)
        if (fs == ni[SL_W-1:0])
          sl_st_d[ni*2 +: 2] = SLOT_QUEUED;
      sl_we    = 1'b1;
      sl_wa    = fs;
      sl_iv_wd = {rv_ix, rv_w[31:0]};
      sl_ad_wd = rv_w[61:32];
      rv_idx_d = rv_idx_q + N_ONE;
    end

    // ---- 8. the message: push, then pop ----
    if (push)
      for (ni = 0; ni < MSGQ; ni = ni + 1)
        if (mq_n_q == ni[2:0]) begin
          mq_kind_d[ni*MK_W +: MK_W]   = push_kind;
          mq_cid_d[ni*CID_W +: CID_W]  = push_cid;
          mq_sm_d[ni*SM_W +: SM_W]     = push_sm;
        end
    if (push)
      mq_n_d = mq_n_q + 3'd1;
    if (msg_valid_o && msg_ready_i) begin
      mq_kind_d = {{MK_W{1'b0}}, mq_kind_d[MSGQ*MK_W-1:MK_W]};
      mq_cid_d  = {{CID_W{1'b0}}, mq_cid_d[MSGQ*CID_W-1:CID_W]};
      mq_sm_d   = {{SM_W{1'b0}}, mq_sm_d[MSGQ*SM_W-1:SM_W]};
      mq_n_d    = mq_n_d - 3'd1;
    end

    // ---- the pool words of the next cycle ----
    cm_ra = {ws_hq[D_B +: BI_W], cm_idx_d[WI_W-1:0]};
    hd_ra = {(hd_ph_d == HD_QUERY) ? rs_hd[D_B +: BI_W] : ws_hd[D_B +: BI_W], hd_idx_d[WI_W-1:0]};
    rv_ra = {rs_rv[D_B +: BI_W], rv_idx_d[WI_W-1:0]};
  end
  wire set_h_unused = rs_hd[D_H] ^ ws_hd[D_H] ^ rs_rv[D_H];   // the buffer is there when words are

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ev_q      <= {ENTRIES{1'b0}};
      ehd_q     <= {ENTRIES{1'b0}};
      erv_q     <= {(2*ENTRIES){1'b0}};
      els_q     <= {ENTRIES{1'b0}};
      efl_q     <= {ENTRIES{1'b0}};
      epd_q     <= {(P_W*ENTRIES){1'b0}};
      pu_q      <= {POOL{1'b0}};
      sl_st_q   <= {(READS*2){1'b0}};
      head_q    <= next_cid_i;
      hd_q      <= next_cid_i;
      hd_ph_q   <= HD_IDLE;
      hd_wait_q <= 1'b0;
      hd_rsnd_q <= 1'b0;
      hd_end_q  <= 1'b0;
      hd_strm_q <= 1'b0;
      hd_haz_q  <= 1'b0;
      hd_idx_q  <= {N_W{1'b0}};
      hf_n_q    <= 2'd0;
      rv_busy_q <= 1'b0;
      rv_rsnd_q <= 1'b0;
      rv_end_q  <= 1'b0;
      rv_strm_q <= 1'b0;
      rv_idx_q  <= {N_W{1'b0}};
      cm_busy_q <= 1'b0;
      cm_rsnd_q <= 1'b0;
      cm_end_q  <= 1'b0;
      cm_strm_q <= 1'b0;
      cm_idx_q  <= {N_W{1'b0}};
      cm_pend_q <= {CMP_W{1'b0}};
      cf_n_q    <= 2'd0;
      mq_n_q    <= 3'd0;
    end else begin
      ev_q      <= ev_d;
      ehd_q     <= ehd_d;
      erv_q     <= erv_d;
      els_q     <= els_d;
      efl_q     <= efl_d;
      epd_q     <= epd_d;
      pu_q      <= pu_d;
      sl_st_q   <= sl_st_d;
      head_q    <= head_d;
      hd_q      <= hd_d;
      hd_ph_q   <= hd_ph_d;
      hd_wait_q <= hd_wait_d;
      hd_rsnd_q <= hd_rsnd_d;
      hd_end_q  <= hd_end_d;
      hd_strm_q <= hd_strm_d;
      hd_haz_q  <= hd_haz_d;
      hd_idx_q  <= hd_idx_d;
      hf_n_q    <= hf_n_d;
      rv_busy_q <= rv_busy_d;
      rv_rsnd_q <= rv_rsnd_d;
      rv_end_q  <= rv_end_d;
      rv_strm_q <= rv_strm_d;
      rv_idx_q  <= rv_idx_d;
      cm_busy_q <= cm_busy_d;
      cm_rsnd_q <= cm_rsnd_d;
      cm_end_q  <= cm_end_d;
      cm_strm_q <= cm_strm_d;
      cm_idx_q  <= cm_idx_d;
      cm_pend_q <= cm_pend_d;
      cf_n_q    <= cf_n_d;
      mq_n_q    <= mq_n_d;
    end
    // datapath: no reset
    esm_q     <= esm_d;
    erc_q     <= erc_d;
    eyc_q     <= eyc_d;
    hd_yc_q   <= hd_yc_d;
    hf_kind_q <= hf_kind_d;
    hf_addr_q <= hf_addr_d;
    rv_cid_q  <= rv_cid_d;
    cf_kind_q <= cf_kind_d;
    cf_addr_q <= cf_addr_d;
    cf_val_q  <= cf_val_d;
    mq_kind_q <= mq_kind_d;
    mq_cid_q  <= mq_cid_d;
    mq_sm_q   <= mq_sm_d;
  end

  // LUT RAMs (not reset: an entry's sets and flags are written when it is
  // allocated, a slot's when it is queued)
  always @(posedge clk_i) begin
    if (rst_ni && rs_we)
      rs_mem[pk_ix] <= rs_wd;
    if (rst_ni && ws_we)
      ws_mem[pk_ix] <= ws_wd;
    if (rst_ni && xf_we)
      xf_mem[pk_ix] <= xf_wd;
    if (rst_ni && fo_we)
      fo_mem[pk_ix] <= fo_wd;
    if (rst_ni && sl_we) begin
      sl_iv_mem[sl_wa] <= sl_iv_wd;
      sl_ad_mem[sl_wa] <= sl_ad_wd;
    end
  end

  ////////////////////
  // Assertions     //
  ////////////////////

  // what the narrow fields and the synchronous pool reads rely on
  `WW_ASSERT(AtMostEntriesInFlight, (next_cid_i - head_q) <= WIN_MAX)
  `WW_ASSERT(PacketForLiveCid, !(pkt_valid_i && pkt_ready_o) ||
                               (pkt_cid_i - head_q) < (next_cid_i - head_q))
  `WW_ASSERT(WriterNearBelow, !(lwh_rsp_valid && hd_wait_q && lwh_rsp_found) ||
                              ((hd_q - lwh_rsp_cid) != {CID_W{1'b0}} &&
                               (hd_q - lwh_rsp_cid) < WIN_MAX))
`ifndef SYNTHESIS
  wire [0:0] xf_pk = xf_mem[pk_ix];
  `WW_ASSERT(NoLogWordAfterEnd, !(pkt_valid_i && pkt_ready_o && !alloc && xf_pk[0] &&
                                  !s_hd && !s_cm && !s_rv &&
                                  (pkt_kind_i == `WW_TM_PKT_RLOG ||
                                   pkt_kind_i == `WW_TM_PKT_WLOG)))
`endif

endmodule  // ww_tm_commit_unit
`default_nettype wire
