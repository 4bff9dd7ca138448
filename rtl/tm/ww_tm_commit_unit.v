// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_commit_unit -- KILO TM's commit unit, one per memory partition
// (Fung et al., MICRO 2011, sec. 4.5, Fig. 4-5; docs/tm.md sec. 4.1).
// C model: cmodel/tm/ww_tm_commit_unit.c (cycle-exact; it is the spec).
//
// A ring of ENTRIES entries indexed by commit ID (CID mod ENTRIES). An
// entry is allocated by the first packet of its CID and holds {CID, SM,
// RCID (the ring head then), read/write-set buffer pointers into a shared
// pool of POOL buffers of BUF_WORDS {address, value} words, word counts,
// overflow flags, validation reads pending, fail, hazard + YCID,
// revalidation state, local outcome sent, final outcome, resend stream}.
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
  localparam SL_W   = TAG_W - 1;                            // slot number
  localparam BI_W   = (POOL > 1) ? $clog2(POOL) : 1;        // buffer number
  localparam WI_W   = (BUF_WORDS > 1) ? $clog2(BUF_WORDS) : 1;  // word in a buffer
  localparam N_W    = $clog2(BUF_WORDS + 1);                // words stored
  localparam P_W    = $clog2(READS + 1);                    // reads pending
  localparam PA_W   = BI_W + WI_W;                          // pool address {buffer, word}
  localparam CMP_W  = 8;
  localparam MSGQ   = 4;
  localparam MK_W   = `WW_TM_MSG_W;
  localparam PK_W   = `WW_TM_PKT_W;

  // entry fields
  localparam F_VALID = 0;
  localparam F_CID   = F_VALID + 1;
  localparam F_SM    = F_CID + CID_W;
  localparam F_RCID  = F_SM + SM_W;
  localparam F_XFER  = F_RCID + CID_W;   // END of the log transfer seen
  localparam F_RSH   = F_XFER + 1;       // has a read-set buffer
  localparam F_RSB   = F_RSH + 1;
  localparam F_WSH   = F_RSB + BI_W;     // has a write-set buffer
  localparam F_WSB   = F_WSH + 1;
  localparam F_RSN   = F_WSB + BI_W;
  localparam F_WSN   = F_RSN + N_W;
  localparam F_RSO   = F_WSN + N_W;      // read set overflowed
  localparam F_WSO   = F_RSO + 1;
  localparam F_PEND  = F_WSO + 1;
  localparam F_FAIL  = F_PEND + P_W;
  localparam F_HDD   = F_FAIL + 1;       // hazard detection done
  localparam F_HAZ   = F_HDD + 1;
  localparam F_YCID  = F_HAZ + 1;
  localparam F_REVAL = F_YCID + CID_W;
  localparam F_LSENT = F_REVAL + 2;      // local outcome sent
  localparam F_FKNOWN = F_LSENT + 1;
  localparam F_FPASS = F_FKNOWN + 1;
  localparam F_STRM  = F_FPASS + 1;      // what resent log packets feed
  localparam ENT_W   = F_STRM + 2;

  localparam [1:0] STRM_NONE = 2'd0, STRM_HD = 2'd1, STRM_REVAL = 2'd2, STRM_COMMIT = 2'd3;
  localparam [1:0] RV_WAIT = 2'd1, RV_RUN = 2'd2, RV_DONE = 2'd3;   // 0: none
  localparam [1:0] HD_IDLE = 2'd0, HD_QUERY = 2'd1, HD_WRITE = 2'd2;
  localparam [1:0] SLOT_FREE = 2'd0, SLOT_QUEUED = 2'd1, SLOT_ISSUED = 2'd2;

  localparam [CID_W-1:0] CID_ONE = {{(CID_W-1){1'b0}}, 1'b1};
  localparam [N_W-1:0]   N_ONE   = {{(N_W-1){1'b0}}, 1'b1};
  localparam [P_W-1:0]   P_ONE   = {{(P_W-1){1'b0}}, 1'b1};
  localparam [CMP_W-1:0] CMP_ONE = {{(CMP_W-1){1'b0}}, 1'b1};
  localparam [CMP_W-1:0] CMP_MAX = {CMP_W{1'b1}};
  localparam [N_W-1:0]   N_FULL  = BUF_WORDS;

  // one entry of the flat ring vector, by a run-time index (constant slices)
  function automatic [ENT_W-1:0] ent_get(input [ENTRIES*ENT_W-1:0] v, input [EI_W-1:0] idx);
    integer j;
    begin
      ent_get = {ENT_W{1'b0}};
      for (j = 0; j < ENTRIES; j = j + 1)
        if (idx == j[EI_W-1:0])
          ent_get = v[j*ENT_W +: ENT_W];
    end
  endfunction

  function automatic [ENTRIES*ENT_W-1:0] ent_put(input [ENTRIES*ENT_W-1:0] v,
                                                 input [EI_W-1:0] idx, input [ENT_W-1:0] x);
    integer j;
    begin
      ent_put = v;
      for (j = 0; j < ENTRIES; j = j + 1)
        if (idx == j[EI_W-1:0])
          ent_put[j*ENT_W +: ENT_W] = x;
    end
  endfunction

  ////////////////////
  // State          //
  ////////////////////

  reg [ENTRIES*ENT_W-1:0] e_q, e_d;              // the ring
  reg [61:0]              pool_q [0:POOL*(1<<WI_W)-1];   // {address, value}
  reg [POOL-1:0]          pu_q, pu_d;            // pool buffers in use
  reg [READS*2-1:0]       sl_st_q, sl_st_d;      // read slots
  reg [READS*EI_W-1:0]    sl_ix_q, sl_ix_d;      // the read's entry
  reg [READS*30-1:0]      sl_addr_q, sl_addr_d;
  reg [READS*32-1:0]      sl_val_q, sl_val_d;
  reg [CID_W-1:0]         head_q, head_d;        // ring head (oldest CID)
  reg [CID_W-1:0]         hd_q, hd_d;            // next CID for hazard detection
  // hazard detection engine
  reg [1:0]               hd_ph_q, hd_ph_d;
  reg                     hd_wait_q, hd_wait_d;  // a query's answer due
  reg                     hd_rsnd_q, hd_rsnd_d;  // a resend to ask for
  reg                     hd_end_q, hd_end_d;
  reg [N_W-1:0]           hd_idx_q, hd_idx_d;
  reg [1:0]               hf_n_q, hf_n_d;        // stream FIFO {kind, address} x 2
  reg [2*PK_W-1:0]        hf_kind_q, hf_kind_d;
  reg [2*30-1:0]          hf_addr_q, hf_addr_d;
  // revalidation engine
  reg                     rv_busy_q, rv_busy_d;
  reg                     rv_rsnd_q, rv_rsnd_d;
  reg                     rv_end_q, rv_end_d;
  reg [CID_W-1:0]         rv_cid_q, rv_cid_d;
  reg [N_W-1:0]           rv_idx_q, rv_idx_d;
  // commit engine
  reg                     cm_busy_q, cm_busy_d;
  reg                     cm_rsnd_q, cm_rsnd_d;
  reg                     cm_end_q, cm_end_d;
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
  // pool write
  reg                     pw_en;
  reg [PA_W-1:0]          pw_addr;
  reg [61:0]              pw_data;

  ////////////////////
  // Pool reads     //
  ////////////////////

  wire [EI_W-1:0]  head_ix = head_q[EI_W-1:0];
  wire [EI_W-1:0]  hd_ix   = hd_q[EI_W-1:0];
  wire [ENT_W-1:0] h_e     = ent_get(e_q, head_ix);          // the head entry
  wire [ENT_W-1:0] d_e     = ent_get(e_q, hd_ix);            // hazard detection's
  wire             hd_rd   = (hd_ph_q == HD_QUERY);

  wire [PA_W-1:0] cm_pa = {h_e[F_WSB +: BI_W], cm_idx_q[WI_W-1:0]};
  wire [PA_W-1:0] hd_pa = {hd_rd ? d_e[F_RSB +: BI_W] : d_e[F_WSB +: BI_W], hd_idx_q[WI_W-1:0]};
  reg  [BI_W-1:0] rv_buf;         // the read-set buffer of revalidation's entry
  integer         ri;
  always @(*) begin
    rv_buf = {BI_W{1'b0}};
    for (ri = 0; ri < ENTRIES; ri = ri + 1)
      if (rv_cid_q[EI_W-1:0] == ri[EI_W-1:0])
        rv_buf = e_q[ri*ENT_W + F_RSB +: BI_W];
  end
  wire [PA_W-1:0] rv_pa = {rv_buf, rv_idx_q[WI_W-1:0]};
  wire [61:0]     cm_w  = pool_q[cm_pa];
  wire [61:0]     hd_w  = pool_q[hd_pa];
  wire [61:0]     rv_w  = pool_q[rv_pa];
  wire            hd_w_unused = ^hd_w[31:0];   // hazard detection needs addresses only

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
    if (cm_busy_q && h_e[F_FPASS] && !cm_rsnd_q && cm_pend_q != CMP_MAX) begin
`endif
      if (!h_e[F_WSO] && cm_idx_q < h_e[F_WSN +: N_W]) begin
        cm_word = 1'b1;
        cm_addr = cm_w[61:32];
        cm_val  = cm_w[31:0];
      end else if (h_e[F_WSO] && cf_n_q != 2'd0 && cf_kind_q[0 +: PK_W] == `WW_TM_PKT_WLOG) begin
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
      for (oi = 0; oi < READS; oi = oi + 1)
        if (rd_slot == oi[SL_W-1:0])
          mreq_addr_o = sl_addr_q[oi*30 +: 30];
      mreq_tag_o = {1'b0, rd_slot};
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
  // be checked (an RCID is a head, so it never moves back).
  reg [CID_W-1:0] lwh_dist, lwh_d_i;
  integer         li;
  always @(*) begin
    lwh_dist = {CID_W{1'b0}};
    for (li = 0; li < ENTRIES; li = li + 1) begin
      lwh_d_i = head_q - e_q[li*ENT_W + F_RCID +: CID_W];
      if (e_q[li*ENT_W + F_VALID] && !e_q[li*ENT_W + F_HDD] && lwh_d_i > lwh_dist)
        lwh_dist = lwh_d_i;
    end
  end
`ifdef WW_MUTANT_TM_CU_LWH_AT_HEAD
  wire [CID_W-1:0] lwh_oldest = head_q;   // MUTANT: the window starts at the head
`else
  wire [CID_W-1:0] lwh_oldest = head_q - lwh_dist;
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
      if (!d_e[F_RSO] && hd_idx_q < d_e[F_RSN +: N_W]) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hd_w[61:32];
      end else if (d_e[F_RSO] && hf_n_q != 2'd0 && hf_kind_q[0 +: PK_W] == `WW_TM_PKT_RLOG) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hf_addr_q[0 +: 30];
        lwh_fifo   = 1'b1;
      end
    end else if (hd_ph_q == HD_WRITE) begin
      lwh_write = 1'b1;
      lwh_cid   = hd_q;
      if (!d_e[F_WSO] && hd_idx_q < d_e[F_WSN +: N_W]) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hd_w[61:32];
      end else if (d_e[F_WSO] && hf_n_q != 2'd0 && hf_kind_q[0 +: PK_W] == `WW_TM_PKT_WLOG) begin
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

  reg [ENT_W-1:0]   x;            // the entry an engine works on
  reg [CID_W-1:0]   t1, t2, win;
  reg               taken;        // a message was pushed this cycle
  reg               push;
  reg [MK_W-1:0]    push_kind;
  reg [CID_W-1:0]   push_cid;
  reg [SM_W-1:0]    push_sm;
  reg               rsp_hit;
  reg [EI_W-1:0]    rsp_ix;
  reg [31:0]        rsp_val;
  reg [SL_W-1:0]    rsp_slot;
  reg               fs_any;
  reg [SL_W-1:0]    fs;           // lowest free slot
  reg               hd_all, hd_ovf, cm_all, rv_push, slot_used;
  reg [ENTRIES-1:0] elig;
  reg [ENTRIES*EI_W-1:0] kv;      // entry i's distance from the head
  reg [EI_W-1:0]    k_i, k_sel;
  reg               found;
  reg [EI_W-1:0]    sel;
  reg               ba_any;
  reg [BI_W-1:0]    ba;           // lowest free buffer
  reg               st_w;         // store: write set
  reg               pk_store;
  integer           ni;

  always @(*) begin
    e_d = e_q;       pu_d = pu_q;
    sl_st_d = sl_st_q;  sl_ix_d = sl_ix_q;  sl_addr_d = sl_addr_q;  sl_val_d = sl_val_q;
    head_d = head_q; hd_d = hd_q;
    hd_ph_d = hd_ph_q; hd_wait_d = hd_wait_q; hd_rsnd_d = hd_rsnd_q; hd_end_d = hd_end_q;
    hd_idx_d = hd_idx_q; hf_n_d = hf_n_q; hf_kind_d = hf_kind_q; hf_addr_d = hf_addr_q;
    rv_busy_d = rv_busy_q; rv_rsnd_d = rv_rsnd_q; rv_end_d = rv_end_q; rv_cid_d = rv_cid_q;
    rv_idx_d = rv_idx_q;
    cm_busy_d = cm_busy_q; cm_rsnd_d = cm_rsnd_q; cm_end_d = cm_end_q; cm_idx_d = cm_idx_q;
    cm_pend_d = cm_pend_q; cf_n_d = cf_n_q; cf_kind_d = cf_kind_q; cf_addr_d = cf_addr_q;
    cf_val_d = cf_val_q;
    mq_n_d = mq_n_q; mq_kind_d = mq_kind_q; mq_cid_d = mq_cid_q; mq_sm_d = mq_sm_q;
    pw_en = 1'b0; pw_addr = {PA_W{1'b0}}; pw_data = 62'd0;
    taken = 1'b0; push = 1'b0; push_kind = {MK_W{1'b0}}; push_cid = {CID_W{1'b0}};
    push_sm = {SM_W{1'b0}};
    x = {ENT_W{1'b0}}; t1 = {CID_W{1'b0}}; t2 = {CID_W{1'b0}}; win = {CID_W{1'b0}};
    hd_all = 1'b0; hd_ovf = 1'b0; cm_all = 1'b0; rv_push = 1'b0; slot_used = 1'b0;
    elig = {ENTRIES{1'b0}}; kv = {(ENTRIES*EI_W){1'b0}}; k_i = {EI_W{1'b0}};
    k_sel = {EI_W{1'b0}}; found = 1'b0; sel = {EI_W{1'b0}};
    ba_any = 1'b0; ba = {BI_W{1'b0}}; st_w = 1'b0; pk_store = 1'b0;

    // ---- 1. word-port answer ----
    rsp_slot = mrsp_tag_i[SL_W-1:0];
    rsp_hit = 1'b0; rsp_ix = {EI_W{1'b0}}; rsp_val = 32'd0;
    for (ni = 0; ni < READS; ni = ni + 1)
      if (rsp_slot == ni[SL_W-1:0] && sl_st_q[ni*2 +: 2] == SLOT_ISSUED) begin
        rsp_hit = 1'b1;
        rsp_ix = sl_ix_q[ni*EI_W +: EI_W];
        rsp_val = sl_val_q[ni*32 +: 32];
      end
    if (mrsp_valid_i) begin
      if (mrsp_tag_i[TAG_W-1]) begin
        if (cm_pend_d != {CMP_W{1'b0}})
          cm_pend_d = cm_pend_d - CMP_ONE;
      end else if (rsp_hit) begin
        x = ent_get(e_d, rsp_ix);
        if (mrsp_data_i != rsp_val)
          x[F_FAIL] = 1'b1;
        if (x[F_PEND +: P_W] != {P_W{1'b0}})
          x[F_PEND +: P_W] = x[F_PEND +: P_W] - P_ONE;
        e_d = ent_put(e_d, rsp_ix, x);
        for (ni = 0; ni < READS; ni = ni + 1)
          if (rsp_slot == ni[SL_W-1:0])
            sl_st_d[ni*2 +: 2] = SLOT_FREE;
      end
    end

    // ---- 2. word-port request taken ----
    if (mreq_valid_o && mreq_ready_i) begin
      if (cm_word) begin
        cm_pend_d = cm_pend_d + CMP_ONE;
        if (!h_e[F_WSO]) begin
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
    x = ent_get(e_d, hd_ix);
    if (lwh_rsp_valid && hd_wait_d) begin
      hd_wait_d = 1'b0;
      if (lwh_rsp_found) begin
        t1 = x[F_CID +: CID_W] - lwh_rsp_cid;
        t2 = x[F_CID +: CID_W] - x[F_YCID +: CID_W];
        if (!x[F_HAZ] || t1 < t2)
          x[F_YCID +: CID_W] = lwh_rsp_cid;
`ifndef WW_MUTANT_TM_CU_NO_HAZARD
        x[F_HAZ] = 1'b1;
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
      if (t1 < win && x[F_VALID] && x[F_CID +: CID_W] == hd_q && x[F_XFER]) begin
        hd_ph_d   = HD_QUERY;
        hd_idx_d  = {N_W{1'b0}};
        hd_rsnd_d = x[F_RSO];
        hd_end_d  = 1'b0;
      end
    end else begin
      hd_ovf = hd_rd ? x[F_RSO] : x[F_WSO];
      if (hd_rsnd_q) begin
        if (!taken && mq_n_q != MSGQ) begin
          taken     = 1'b1;
          push      = 1'b1;
          push_kind = hd_rd ? `WW_TM_MSG_RESEND_R : `WW_TM_MSG_RESEND_W;
          push_cid  = x[F_CID +: CID_W];
          push_sm   = x[F_SM +: SM_W];
          hd_rsnd_d = 1'b0;
          x[F_STRM +: 2] = STRM_HD;
        end
      end else begin
        if (hd_ovf && hf_n_d != 2'd0 && hf_kind_d[0 +: PK_W] == `WW_TM_PKT_END) begin
          hf_kind_d = {{PK_W{1'b0}}, hf_kind_d[2*PK_W-1:PK_W]};
          hf_addr_d = {30'd0, hf_addr_d[59:30]};
          hf_n_d    = hf_n_d - 2'd1;
          hd_end_d  = 1'b1;
        end
        hd_all = hd_ovf ? (hd_end_d && hf_n_d == 2'd0)
                        : (hd_idx_d >= (hd_rd ? x[F_RSN +: N_W] : x[F_WSN +: N_W]));
        if (hd_all && !hd_wait_d && !lwh_acc) begin
          if (hd_ovf)
            x[F_STRM +: 2] = STRM_NONE;
          if (hd_rd) begin
            hd_ph_d   = HD_WRITE;
            hd_idx_d  = {N_W{1'b0}};
            hd_rsnd_d = x[F_WSO];
            hd_end_d  = 1'b0;
          end else begin
            hd_ph_d  = HD_IDLE;
            x[F_HDD] = 1'b1;
            if (x[F_HAZ])
              x[F_REVAL +: 2] = RV_WAIT;
            hd_d = hd_q + CID_ONE;
          end
        end
      end
    end
    e_d = ent_put(e_d, hd_ix, x);

    // ---- 4. commit and retire at the head ----
    x = ent_get(e_d, head_ix);
    if (!cm_busy_q) begin
      if (x[F_VALID] && x[F_CID +: CID_W] == head_q && x[F_FKNOWN] && x[F_LSENT]) begin
        cm_busy_d = 1'b1;
        cm_idx_d  = {N_W{1'b0}};
        cm_end_d  = 1'b0;
        cm_rsnd_d = x[F_FPASS] && x[F_WSO];
      end
    end else if (cm_rsnd_q) begin
      if (!taken && mq_n_q != MSGQ) begin
        taken     = 1'b1;
        push      = 1'b1;
        push_kind = `WW_TM_MSG_RESEND_W;
        push_cid  = x[F_CID +: CID_W];
        push_sm   = x[F_SM +: SM_W];
        cm_rsnd_d = 1'b0;
        x[F_STRM +: 2] = STRM_COMMIT;
      end
    end else begin
      if (x[F_WSO] && cf_n_d != 2'd0 && cf_kind_d[0 +: PK_W] == `WW_TM_PKT_END) begin
        cf_kind_d = {{PK_W{1'b0}}, cf_kind_d[2*PK_W-1:PK_W]};
        cf_addr_d = {30'd0, cf_addr_d[59:30]};
        cf_val_d  = {32'd0, cf_val_d[63:32]};
        cf_n_d    = cf_n_d - 2'd1;
        cm_end_d  = 1'b1;
      end
      cm_all = !x[F_FPASS] || (x[F_WSO] ? (cm_end_d && cf_n_d == 2'd0)
                                        : (cm_idx_d >= x[F_WSN +: N_W]));
      if (cm_all && cm_pend_d == {CMP_W{1'b0}} && !(cm_word && mreq_ready_i) &&
          !taken && mq_n_q != MSGQ) begin
        taken     = 1'b1;
        push      = 1'b1;
        push_kind = `WW_TM_MSG_RETIRED;
        push_cid  = x[F_CID +: CID_W];
        push_sm   = x[F_SM +: SM_W];
        for (ni = 0; ni < POOL; ni = ni + 1) begin
          if (x[F_RSH] && x[F_RSB +: BI_W] == ni[BI_W-1:0])
            pu_d[ni] = 1'b0;
          if (x[F_WSH] && x[F_WSB +: BI_W] == ni[BI_W-1:0])
            pu_d[ni] = 1'b0;
        end
        x         = {ENT_W{1'b0}};
        cm_busy_d = 1'b0;
        head_d    = head_q + CID_ONE;
      end
    end
    e_d = ent_put(e_d, head_ix, x);

    // ---- 5. revalidation of the oldest entry whose YCID has retired ----
    win = next_cid_i - head_d;
    if (!rv_busy_q) begin
      for (ni = 0; ni < ENTRIES; ni = ni + 1) begin
        k_i = ni[EI_W-1:0] - head_d[EI_W-1:0];
        kv[ni*EI_W +: EI_W] = k_i;
        t1 = e_d[ni*ENT_W + F_YCID +: CID_W] - head_d;     // the YCID still live?
        elig[ni] = {{(CID_W-EI_W){1'b0}}, k_i} < win && e_d[ni*ENT_W + F_VALID] &&
                  e_d[ni*ENT_W + F_REVAL +: 2] == RV_WAIT &&
                  e_d[ni*ENT_W + F_PEND +: P_W] == {P_W{1'b0}} && !(t1 < win);
        if (elig[ni] && !e_d[ni*ENT_W + F_FAIL] && (!found || k_i < k_sel)) begin
          found = 1'b1;
          k_sel = k_i;
          sel   = ni[EI_W-1:0];
        end
      end
      for (ni = 0; ni < ENTRIES; ni = ni + 1)    // failed already: nothing to revalidate
        if (elig[ni] && e_d[ni*ENT_W + F_FAIL] && (!found || kv[ni*EI_W +: EI_W] < k_sel))
          e_d[ni*ENT_W + F_REVAL +: 2] = RV_DONE;
      if (found) begin
        x = ent_get(e_d, sel);
        rv_busy_d = 1'b1;
        rv_cid_d  = x[F_CID +: CID_W];
        rv_idx_d  = {N_W{1'b0}};
        rv_end_d  = 1'b0;
        rv_rsnd_d = x[F_RSO];
        x[F_REVAL +: 2] = RV_RUN;
        e_d = ent_put(e_d, sel, x);
      end
    end else begin
      x = ent_get(e_d, rv_cid_q[EI_W-1:0]);
      if (rv_rsnd_q) begin
        if (!taken && mq_n_q != MSGQ) begin
          taken     = 1'b1;
          push      = 1'b1;
          push_kind = `WW_TM_MSG_RESEND_R;
          push_cid  = x[F_CID +: CID_W];
          push_sm   = x[F_SM +: SM_W];
          rv_rsnd_d = 1'b0;
          x[F_STRM +: 2] = STRM_REVAL;
        end
      end else if (!x[F_RSO]) begin
        if (rv_idx_q < x[F_RSN +: N_W]) begin
          rv_push = 1'b1;             // after the packet, if a slot is left
        end else begin
          x[F_REVAL +: 2] = RV_DONE;
          rv_busy_d = 1'b0;
        end
      end else if (rv_end_q) begin
        x[F_REVAL +: 2] = RV_DONE;
        x[F_STRM +: 2]  = STRM_NONE;
        rv_busy_d = 1'b0;
      end
      e_d = ent_put(e_d, rv_cid_q[EI_W-1:0], x);
    end

    // ---- 6. the local outcome of the oldest entry that has one ----
    found = 1'b0;
    k_sel = {EI_W{1'b0}};
    sel   = {EI_W{1'b0}};
    for (ni = 0; ni < ENTRIES; ni = ni + 1) begin
      k_i = ni[EI_W-1:0] - head_d[EI_W-1:0];
      if ({{(CID_W-EI_W){1'b0}}, k_i} < win && e_d[ni*ENT_W + F_VALID] &&
          e_d[ni*ENT_W + F_XFER] && e_d[ni*ENT_W + F_HDD] &&
          e_d[ni*ENT_W + F_PEND +: P_W] == {P_W{1'b0}} && !e_d[ni*ENT_W + F_LSENT] &&
          (!e_d[ni*ENT_W + F_HAZ] || e_d[ni*ENT_W + F_REVAL +: 2] == RV_DONE) &&
          (!found || k_i < k_sel)) begin
        found = 1'b1;
        k_sel = k_i;
        sel   = ni[EI_W-1:0];
      end
    end
    if (found && !taken && mq_n_q != MSGQ) begin
      x = ent_get(e_d, sel);
      taken     = 1'b1;
      push      = 1'b1;
      push_kind = x[F_FAIL] ? `WW_TM_MSG_FAIL : `WW_TM_MSG_PASS;
      push_cid  = x[F_CID +: CID_W];
      push_sm   = x[F_SM +: SM_W];
      x[F_LSENT] = 1'b1;
      e_d = ent_put(e_d, sel, x);
    end

    // ---- 7. the packet ----
    if (pkt_valid_i && pkt_ready_o) begin
      x = ent_get(e_d, pkt_cid_i[EI_W-1:0]);
      if (!x[F_VALID]) begin
        x = {ENT_W{1'b0}};
        x[F_VALID]          = 1'b1;
        x[F_CID +: CID_W]   = pkt_cid_i;
        x[F_RCID +: CID_W]  = head_d;
        x[F_SM +: SM_W]     = pkt_sm_i;
      end
      if (pkt_kind_i == `WW_TM_PKT_FINAL) begin
        x[F_FKNOWN] = 1'b1;
        x[F_FPASS]  = pkt_data_i[0];
      end else if (x[F_STRM +: 2] == STRM_HD) begin
        if (hf_n_d == 2'd0) begin
          hf_kind_d[0 +: PK_W] = pkt_kind_i;
          hf_addr_d[0 +: 30]   = pkt_addr_i;
        end else begin
          hf_kind_d[PK_W +: PK_W] = pkt_kind_i;
          hf_addr_d[30 +: 30]     = pkt_addr_i;
        end
        hf_n_d = hf_n_d + 2'd1;
      end else if (x[F_STRM +: 2] == STRM_COMMIT) begin
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
      end else if (x[F_STRM +: 2] == STRM_REVAL) begin
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
        x[F_XFER] = 1'b1;
      end
      // store a log word in the read or write set; overflow when the
      // buffer is full or the pool empty
      if (pk_store && !(st_w ? x[F_WSO] : x[F_RSO])) begin
        for (ni = POOL - 1; ni >= 0; ni = ni - 1)
          if (!pu_d[ni]) begin
            ba_any = 1'b1;
            ba     = ni[BI_W-1:0];
          end
        if (!(st_w ? x[F_WSH] : x[F_RSH]) && ba_any) begin
          for (ni = 0; ni < POOL; ni = ni + 1)
            if (ba == ni[BI_W-1:0])
              pu_d[ni] = 1'b1;
          if (st_w) begin
            x[F_WSH] = 1'b1;
            x[F_WSB +: BI_W] = ba;
          end else begin
            x[F_RSH] = 1'b1;
            x[F_RSB +: BI_W] = ba;
          end
        end
        if (st_w) begin
          if (!x[F_WSH] || x[F_WSN +: N_W] == N_FULL) begin
            x[F_WSO] = 1'b1;
          end else begin
            pw_en   = 1'b1;
            pw_addr = {x[F_WSB +: BI_W], x[F_WSN + 0 +: WI_W]};
            x[F_WSN +: N_W] = x[F_WSN +: N_W] + N_ONE;
          end
        end else begin
          if (!x[F_RSH] || x[F_RSN +: N_W] == N_FULL) begin
            x[F_RSO] = 1'b1;
          end else begin
            pw_en   = 1'b1;
            pw_addr = {x[F_RSB +: BI_W], x[F_RSN + 0 +: WI_W]};
            x[F_RSN +: N_W] = x[F_RSN +: N_W] + N_ONE;
          end
        end
        pw_data = {pkt_addr_i, pkt_data_i};
      end
      if (slot_used) begin     // a validation read of the packet's word
        x[F_PEND +: P_W] = x[F_PEND +: P_W] + P_ONE;
        for (ni = 0; ni < READS; ni = ni + 1)
          if (fs == ni[SL_W-1:0]) begin
            sl_st_d[ni*2 +: 2]         = SLOT_QUEUED;
            sl_ix_d[ni*EI_W +: EI_W]   = pkt_cid_i[EI_W-1:0];
            sl_addr_d[ni*30 +: 30]     = pkt_addr_i;
            sl_val_d[ni*32 +: 32]      = pkt_data_i;
          end
      end
      e_d = ent_put(e_d, pkt_cid_i[EI_W-1:0], x);
    end
    if (rv_push && !slot_used && fs_any) begin   // a revalidation read
      x = ent_get(e_d, rv_cid_q[EI_W-1:0]);
      x[F_PEND +: P_W] = x[F_PEND +: P_W] + P_ONE;
      for (ni = 0; ni < READS; ni = ni + 1)
        if (fs == ni[SL_W-1:0]) begin
          sl_st_d[ni*2 +: 2]          = SLOT_QUEUED;
          sl_ix_d[ni*EI_W +: EI_W]   = rv_cid_q[EI_W-1:0];
          sl_addr_d[ni*30 +: 30]      = rv_w[61:32];
          sl_val_d[ni*32 +: 32]       = rv_w[31:0];
        end
      rv_idx_d = rv_idx_q + N_ONE;
      e_d = ent_put(e_d, rv_cid_q[EI_W-1:0], x);
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
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      e_q       <= {(ENTRIES*ENT_W){1'b0}};
      pu_q      <= {POOL{1'b0}};
      sl_st_q   <= {(READS*2){1'b0}};
      head_q    <= next_cid_i;
      hd_q      <= next_cid_i;
      hd_ph_q   <= HD_IDLE;
      hd_wait_q <= 1'b0;
      hd_rsnd_q <= 1'b0;
      hd_end_q  <= 1'b0;
      hd_idx_q  <= {N_W{1'b0}};
      hf_n_q    <= 2'd0;
      rv_busy_q <= 1'b0;
      rv_rsnd_q <= 1'b0;
      rv_end_q  <= 1'b0;
      rv_idx_q  <= {N_W{1'b0}};
      cm_busy_q <= 1'b0;
      cm_rsnd_q <= 1'b0;
      cm_end_q  <= 1'b0;
      cm_idx_q  <= {N_W{1'b0}};
      cm_pend_q <= {CMP_W{1'b0}};
      cf_n_q    <= 2'd0;
      mq_n_q    <= 3'd0;
    end else begin
      e_q       <= e_d;
      pu_q      <= pu_d;
      sl_st_q   <= sl_st_d;
      head_q    <= head_d;
      hd_q      <= hd_d;
      hd_ph_q   <= hd_ph_d;
      hd_wait_q <= hd_wait_d;
      hd_rsnd_q <= hd_rsnd_d;
      hd_end_q  <= hd_end_d;
      hd_idx_q  <= hd_idx_d;
      hf_n_q    <= hf_n_d;
      rv_busy_q <= rv_busy_d;
      rv_rsnd_q <= rv_rsnd_d;
      rv_end_q  <= rv_end_d;
      rv_idx_q  <= rv_idx_d;
      cm_busy_q <= cm_busy_d;
      cm_rsnd_q <= cm_rsnd_d;
      cm_end_q  <= cm_end_d;
      cm_idx_q  <= cm_idx_d;
      cm_pend_q <= cm_pend_d;
      cf_n_q    <= cf_n_d;
      mq_n_q    <= mq_n_d;
    end
    // datapath: no reset
    sl_ix_q   <= sl_ix_d;
    sl_addr_q <= sl_addr_d;
    sl_val_q  <= sl_val_d;
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

  always @(posedge clk_i)
    if (rst_ni && pw_en)
      pool_q[pw_addr] <= pw_data;

endmodule  // ww_tm_commit_unit
