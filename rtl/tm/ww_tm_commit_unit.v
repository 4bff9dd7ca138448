// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_commit_unit -- KILO TM's commit unit, one per memory partition
// (Fung et al., MICRO 2011, sec. 4.5, Fig. 4-5; docs/tm.md sec. 4.1).
// C model: cmodel/tm/ww_tm_commit_unit.c (cycle-exact; it is the spec).
//
// A ring of ENTRIES entries indexed by commit ID (CID mod ENTRIES). An
// entry is allocated by the first packet of its CID and holds {SM, RCID (the
// ring head as that cycle began), read/write-set buffer pointers into a
// shared pool of POOL buffers of BUF_WORDS {address, value} words, word
// counts, overflow flags, validation reads pending, fail, hazard + YCID,
// revalidation state, local outcome sent, final outcome}.
//   log transfer + speculative validation: RLOG words are stored (while the
//       buffer has room) and read from L2 at once (a different value fails
//       the entry); WLOG words are stored; END closes the transfer.
//   hazard detection (in CID order, one entry at a time): the read set is
//       queried in the last-writer history (ww_lwh, instantiated), whose live
//       window starts at or below the oldest RCID of the entries still to be
//       checked (the head when there are none; else it moves up one CID a
//       cycle until one of them has that RCID); a live writer sets YCID (the
//       youngest below the entry's CID); then the write set is written into
//       the LWH with the entry's CID.
//   revalidation: once YCID has retired, the read set is read again (a first
//       cycle reads the entry's read set, then one word a cycle); an entry
//       that failed already has nothing to revalidate and is done then.
//   local outcome PASS/FAIL to the SM; FINAL from the SM.
//   commit (at the ring head, in CID order): a passed entry writes its write
//       set, one word per request, waits for the acks; then RETIRED and the
//       head advances; its buffers are free from the next cycle. Overflowed
//       sets are streamed again after RESEND_R/W.
// Every output comes from state. At the clock edge the engines act in this
// fixed order, each at most once, each seeing what the earlier ones did:
//   1. word-port answer; 2. word-port request taken (the head's commit write
//   before the lowest queued validation read); 3. hazard detection;
//   4. commit and retire at the head; 5. revalidation start/step of the
//   oldest entry whose YCID retired; 6. the local outcome of the oldest entry
//   that has one; 7. the packet taken; 8. the message taken by the SM.
// Engines 5 and 6 choose from the entries as the cycle began (what 1-4 change
// they see the next cycle). Messages: a 4-entry queue, one push per cycle,
// priority hazard detection > commit > revalidation > outcome (engine
// order). Read slots: READS, one push per cycle, the packet first
// (pkt_ready_o promises it a free slot and room in the two 2-word stream
// FIFOs), else the revalidation.
//
// Storage (the C model keeps whole entries; this keeps each field where its
// readers need it):
//   flops per entry: valid, hazard detection done, waiting for or in
//       revalidation, local outcome sent, fail, reads pending, YCID retired,
//       YCID mod ENTRIES, RCID mod ENTRIES -- what is looked at in every
//       entry at once (LWH window, revalidation and outcome choices);
//   LUT RAM (asynchronous reads, written by the packet engine only, which
//       rewrites an entry when it allocates it): read/write-set descriptors
//       {has buffer, buffer, words, overflow}, END seen, final outcome
//       {known, pass}, SM; also the read slots' values and addresses and
//       the message queue;
//   the pool: three block RAMs with one synchronous read each (commit, hazard
//       detection addresses, revalidation), addressed a cycle ahead with the
//       engine's next buffer and word;
//   the hazard detection engine keeps its entry's hazard flag and YCID in
//       its own registers until the entry is checked; the entry in
//       revalidation is one-hot in the engine; the resend streams are one
//       flag per engine (hazard detection, commit, revalidation).
// The CID is not stored: a live entry's CID is the one in [head, head +
// ENTRIES) with its index. This, the narrow RCID and YCID, and the pool's
// synchronous reads rely on the protocol (docs/tm.md sec. 4), checked by
// assertions: at most ENTRIES CIDs in flight (next_cid_i - head <= ENTRIES);
// packets only for live CIDs, none for an entry that retires or starts or
// ends a resend stream in that cycle; no log word for a CID after its END
// except in a stream the unit asked for.
//
// Tags on the word port (TAG_W = log2(READS) + 1 bits): bit TAG_W-1 set for
// a commit write (its ack carries the same tag), else the validation read's
// slot number in the low bits. Word addresses are byte address >> 2.
// At most 255 commit writes are unacknowledged (the next waits for an ack).
// Event counters (`WW_TM_CNT_*, docs/tm.md sec. 4.1 "Counters"; observation
// only): st_rd_idx_i -> st_rd_data_o, a combinational read (0 past the
// last); 32 bits, saturating, reset with rst_ni. Per stage the entry-cycles
// (each valid entry once a cycle, in the stage its flags were in as the
// cycle began), then passes, fails, hazards, hazards whose YCID came from
// the LWH's recency filter (rsp_filter_o), revalidations, RESEND_R, RESEND_W.
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
  parameter TAG_W           = $clog2(READS) + 1,
  parameter ST_W            = $clog2(`WW_TM_CNT_N)
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
  input  wire [31:0]             mrsp_data_i,
  // event counters (`WW_TM_CNT_*): combinational read, 0 past the last
  input  wire [ST_W-1:0]         st_rd_idx_i,
  output reg  [31:0]             st_rd_data_o
);

  localparam EI_W   = $clog2(ENTRIES);
  localparam SL_W   = TAG_W - 1;                            // slot number
  localparam BI_W   = (POOL > 1) ? $clog2(POOL) : 1;        // buffer number
  localparam WI_W   = (BUF_WORDS > 1) ? $clog2(BUF_WORDS) : 1;  // word in a buffer
  localparam N_W    = $clog2(BUF_WORDS + 1);                // words stored
  localparam PA_W   = BI_W + WI_W;                          // pool address {buffer, word}
  localparam PD     = POOL * (1 << WI_W);                   // pool depth
  localparam PR_W   = (EI_W > BI_W) ? EI_W : BI_W;          // priority encoder: index bits
  localparam PR_N   = 1 << PR_W;                            //   and inputs
  localparam CMP_W  = 8;
  localparam MSGQ   = 4;                                   // message queue (a power of two)
  localparam MQ_W   = `WW_TM_MSG_W + CID_W + SM_W;         // {kind, CID, SM}
  localparam MK_W   = `WW_TM_MSG_W;
  localparam PK_W   = `WW_TM_PKT_W;

  // set descriptor {overflowed, words stored, buffer, has a buffer}
  localparam D_H = 0;
  localparam D_B = 1;
  localparam D_N = D_B + BI_W;
  localparam D_O = D_N + N_W;
  localparam D_W = D_O + 1;

  localparam [1:0] HD_IDLE = 2'd0, HD_QUERY = 2'd1, HD_WRITE = 2'd2;
  localparam [1:0] SLOT_FREE = 2'd0, SLOT_QUEUED = 2'd1, SLOT_ISSUED = 2'd2;

  localparam [CID_W-1:0]  CID_ONE = {{(CID_W-1){1'b0}}, 1'b1};
  localparam [CID_W-EI_W-1:0] CHI_ONE = {{(CID_W-EI_W-1){1'b0}}, 1'b1};
  localparam [N_W-1:0]    N_ONE   = {{(N_W-1){1'b0}}, 1'b1};
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
  reg [ENTRIES-1:0]      exf_q, exf_d;    // END of the log transfer seen
  reg [ENTRIES-1:0]      ehd_q, ehd_d;    // hazard detection done
  reg [ENTRIES-1:0]      ewt_q, ewt_d;    // waiting for or in revalidation
  reg [ENTRIES-1:0]      els_q, els_d;    // local outcome sent
  reg [ENTRIES-1:0]      efl_q, efl_d;    // a validation read differed
  reg [ENTRIES-1:0]      epn_q, epn_d;    // validation reads queued or in flight
  reg [EI_W*ENTRIES-1:0] erc_q, erc_d;    // RCID mod ENTRIES
  reg [EI_W*ENTRIES-1:0] eyx_q, eyx_d;    // YCID mod ENTRIES (checked, with a hazard)
  reg [ENTRIES-1:0]      eyr_q, eyr_d;    // YCID retired (checked, with a hazard)
  // per entry, in LUT RAM: written by the packet engine only
  reg [D_W-1:0]           rs_mem [0:ENTRIES-1];   // read-set descriptor
  reg [D_W-1:0]           ws_mem [0:ENTRIES-1];   // write-set descriptor
  reg [1:0]               fo_mem [0:ENTRIES-1];   // final outcome {known, pass}
  reg [SM_W-1:0]          sm_mem [0:ENTRIES-1];   // SM
  reg                     rs_we, ws_we, xf_we, fo_we;
  reg [D_W-1:0]           rs_wd, ws_wd;
  reg [0:0]               xf_wd;
  reg [1:0]               fo_wd;
  reg                     sm_we;
  reg [POOL-1:0]          pu_q, pu_d;            // pool buffers in use
  // read slots: state and entry in flops, logged value and address in LUT RAM
  reg [READS*2-1:0]       sl_st_q, sl_st_d;
  reg [READS*EI_W-1:0]    sl_ix_q, sl_ix_d;
  reg [31:0]              sl_val_mem [0:READS-1];
  reg [29:0]              sl_ad_mem [0:READS-1];
  reg                     sl_we;
  reg [SL_W-1:0]          sl_wa;
  reg [EI_W-1:0]          sl_wix;                // the read's entry
  reg [31:0]              sl_val_wd;
  reg [29:0]              sl_ad_wd;
  reg [CID_W-1:0]         head_q, head_d;        // ring head (oldest CID)
  reg [CID_W-1:0]         hd_q, hd_d;            // next CID for hazard detection
  reg [CID_W-1:0]         lwh_lo_q, lwh_lo_d;    // start of the LWH's live window
  // hazard detection engine
  reg [1:0]               hd_ph_q, hd_ph_d;
  reg                     hd_wait_q, hd_wait_d;  // a query's answer due
  reg                     hd_rsnd_q, hd_rsnd_d;  // a resend to ask for
  reg                     hd_end_q, hd_end_d;
  reg                     hd_strm_q, hd_strm_d;  // resent log packets of hd_q feed it
  reg                     hd_haz_q, hd_haz_d;    // the entry's hazard flag and YCID
  reg [CID_W-1:0]         hd_yc_q, hd_yc_d;
  reg                     hd_ycf_q, hd_ycf_d;    // that YCID is the LWH filter's answer
  reg [N_W-1:0]           hd_idx_q, hd_idx_d;
  reg [1:0]               hf_n_q, hf_n_d;        // stream FIFO {kind, address} x 2
  reg                     hf_rp_q, hf_rp_d;      // its older word
  reg [2*PK_W-1:0]        hf_kind_q, hf_kind_d;
  reg [2*30-1:0]          hf_addr_q, hf_addr_d;
  // revalidation engine
  reg                     rv_busy_q, rv_busy_d;
  reg                     rv_first_q, rv_first_d;  // its first cycle on the entry
  reg                     rv_rsnd_q, rv_rsnd_d;
  reg                     rv_end_q, rv_end_d;
  reg                     rv_strm_q, rv_strm_d;  // resent log packets of rv_ix_q feed it
  reg [EI_W-1:0]          rv_ix_q, rv_ix_d;      // its entry
  reg [ENTRIES-1:0]       rv_oh_q, rv_oh_d;      // the same, one-hot
  reg [N_W-1:0]           rv_idx_q, rv_idx_d;
  // commit engine
  reg                     cm_busy_q, cm_busy_d;
  reg                     cm_rsnd_q, cm_rsnd_d;
  reg                     cm_end_q, cm_end_d;
  reg                     cm_strm_q, cm_strm_d;  // resent log packets of head_q feed it
  reg [N_W-1:0]           cm_idx_q, cm_idx_d;
  reg [CMP_W-1:0]         cm_pend_q, cm_pend_d;  // commit writes not acked
  reg [1:0]               cf_n_q, cf_n_d;        // stream FIFO {kind, address, value} x 2
  reg                     cf_rp_q, cf_rp_d;      // its older word
  reg [2*PK_W-1:0]        cf_kind_q, cf_kind_d;
  reg [2*30-1:0]          cf_addr_q, cf_addr_d;
  reg [2*32-1:0]          cf_val_q, cf_val_d;
  // message queue: a ring in LUT RAM
  reg [MQ_W-1:0]          mq_mem [0:MSGQ-1];
  reg [2:0]               mq_n_q, mq_n_d;
  reg [1:0]               mq_rp_q, mq_rp_d;
  reg [1:0]               mq_wp_q, mq_wp_d;
  reg                     mq_we;
  reg [MQ_W-1:0]          mq_wd;

  ////////////////////
  // Entry reads    //
  ////////////////////

  wire [EI_W-1:0] head_ix = head_q[EI_W-1:0];
  wire [EI_W-1:0] hd_ix   = hd_q[EI_W-1:0];
  wire [EI_W-1:0] rv_ix   = rv_ix_q;
  wire [EI_W-1:0] pk_ix   = pkt_cid_i[EI_W-1:0];
  wire [D_W-1:0]  rs_hd   = rs_mem[hd_ix];      // hazard detection's entry
  wire [D_W-1:0]  ws_hd   = ws_mem[hd_ix];
  wire            xf_hd   = exf_q[hd_ix];
  wire [D_W-1:0]  rs_hq   = rs_mem[head_ix];    // the head
  wire [D_W-1:0]  ws_hq   = ws_mem[head_ix];
  wire [1:0]      fo_hq   = fo_mem[head_ix];
  wire [D_W-1:0]  rs_rv   = rs_mem[rv_ix];      // revalidation's
  wire [D_W-1:0]  rs_pk   = rs_mem[pk_ix];      // the packet's
  wire [D_W-1:0]  ws_pk   = ws_mem[pk_ix];
  wire            hd_rd   = (hd_ph_q == HD_QUERY);
  wire [PK_W-1:0] hf_kind0 = hf_rp_q ? hf_kind_q[PK_W +: PK_W] : hf_kind_q[0 +: PK_W];
  wire [29:0]     hf_addr0 = hf_rp_q ? hf_addr_q[30 +: 30] : hf_addr_q[0 +: 30];
  wire [PK_W-1:0] cf_kind0 = cf_rp_q ? cf_kind_q[PK_W +: PK_W] : cf_kind_q[0 +: PK_W];
  wire [29:0]     cf_addr0 = cf_rp_q ? cf_addr_q[30 +: 30] : cf_addr_q[0 +: 30];
  wire [31:0]     cf_val0  = cf_rp_q ? cf_val_q[32 +: 32] : cf_val_q[0 +: 32];
  wire            rs_hq_unused = ^rs_hq[D_W-1:D_N];   // the head needs its read set's buffer only

  ////////////////////
  // Pool           //
  ////////////////////

  // Three copies in block RAM, each with one synchronous read port addressed
  // a cycle ahead with its engine's next buffer and word. The engines only
  // read words stored before their entry's END, never one written in the
  // cycle before, so a read and a write of one address in one cycle need no
  // defined result (no_rw_check; checked in simulation below).
  reg             pw_en;
  reg [PA_W-1:0]  pw_addr;
  reg [61:0]      pw_data;                       // {address, value}
  reg [PA_W-1:0]  cm_ra, hd_ra, rv_ra;
  (* no_rw_check *)
  reg [61:0]      pool_cm [0:PD-1];
  (* no_rw_check *)
  reg [29:0]      pool_hd [0:PD-1];              // hazard detection needs addresses only
  (* no_rw_check *)
  reg [61:0]      pool_rv [0:PD-1];
  reg [61:0]      cm_w, rv_w;
  reg [29:0]      hd_w;

  always @(posedge clk_i) begin
    if (rst_ni && pw_en) begin
      pool_cm[pw_addr] <= pw_data;
      pool_hd[pw_addr] <= pw_data[61:32];
      pool_rv[pw_addr] <= pw_data;
    end
    cm_w <= pool_cm[cm_ra];
    hd_w <= pool_hd[hd_ra];
    rv_w <= pool_rv[rv_ra];
  end

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
      end else if (ws_hq[D_O] && cf_n_q != 2'd0 && cf_kind0 == `WW_TM_PKT_WLOG) begin
        cm_word = 1'b1;
        cm_addr = cf_addr0;
        cm_val  = cf_val0;
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
  wire [MQ_W-1:0] mq_out = mq_mem[mq_rp_q];
  assign msg_valid_o  = mq_n_q != 3'd0;
  assign msg_kind_o   = mq_out[CID_W+SM_W +: MK_W];
  assign msg_cid_o    = mq_out[SM_W +: CID_W];
  assign msg_sm_o     = mq_out[0 +: SM_W];

  ////////////////////
  // Last-writer history
  ////////////////////

  // The LWH's live window starts at lwh_lo_q, at or below the oldest RCID of
  // the entries still to be checked: the head when there are none, else it
  // stays while one of them has RCID lwh_lo_q and moves up one CID a cycle
  // otherwise. It is less than ENTRIES below the head, as those RCIDs are,
  // so low bits compare.
  reg             lwh_any, lwh_match;
  integer         li;
  wire [ENTRIES-1:0] e_unchk = ev_q & ~ehd_q;     // valid, hazard detection to do
  wire [ENTRIES-1:0] e_sent  = ev_q & els_q;      // valid, local outcome sent
  always @(*) begin
    lwh_any   = |e_unchk;
    lwh_match = 1'b0;
    for (li = 0; li < ENTRIES; li = li + 1)
      if (e_unchk[li] && erc_q[li*EI_W +: EI_W] == lwh_lo_q[EI_W-1:0])
        lwh_match = 1'b1;
  end
`ifdef WW_MUTANT_TM_CU_LWH_AT_HEAD
  wire [CID_W-1:0] lwh_oldest = head_q;   // MUTANT: the window starts at the head
  wire             lwh_lo_unused = ^lwh_lo_q;
`else
  wire [CID_W-1:0] lwh_oldest = lwh_lo_q;
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
      end else if (rs_hd[D_O] && hf_n_q != 2'd0 && hf_kind0 == `WW_TM_PKT_RLOG) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hf_addr0;
        lwh_fifo   = 1'b1;
      end
    end else if (hd_ph_q == HD_WRITE) begin
      lwh_write = 1'b1;
      lwh_cid   = hd_q;
      if (!ws_hd[D_O] && hd_idx_q < ws_hd[D_N +: N_W]) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hd_w;
      end else if (ws_hd[D_O] && hf_n_q != 2'd0 && hf_kind0 == `WW_TM_PKT_WLOG) begin
        lwh_valid  = 1'b1;
        lwh_addr30 = hf_addr0;
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

  wire             lwh_ready, lwh_rsp_valid, lwh_rsp_found, lwh_rsp_filter;
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
    .rsp_cid_o    (lwh_rsp_cid),
    .rsp_filter_o (lwh_rsp_filter)
  );
  wire lwh_acc = lwh_valid && lwh_ready;

  ////////////////////
  // Clock edge     //
  ////////////////////

  // {any bit set, the lowest set bit's index} of v, by a tree of PR_W
  // levels (node j of a level merges nodes 2j and 2j+1 of the one below)
  function automatic [PR_W:0] first_set(input [PR_N-1:0] v);
    integer l, j;
    reg [PR_N-1:0]      a;        // node: a bit set
    reg [PR_N*PR_W-1:0] x;        // node: the lowest one's index in it
    begin
      a = v;
      x = {(PR_N*PR_W){1'b0}};
      for (l = 0; l < PR_W; l = l + 1)
        for (j = 0; j < (PR_N >> (l + 1)); j = j + 1) begin
          if (a[2*j]) begin
            x[j*PR_W +: PR_W] = x[2*j*PR_W +: PR_W];
          end else begin
            x[j*PR_W +: PR_W] = x[(2*j+1)*PR_W +: PR_W];
            x[j*PR_W + l]     = 1'b1;
          end
          a[j] = a[2*j] | a[2*j+1];
        end
      first_set = {a[0], x[PR_W-1:0]};
    end
  endfunction

  reg [CID_W-1:0]   t1, t2, win;
  reg               taken;        // a message was pushed this cycle
  reg               push;
  reg [MK_W-1:0]    push_kind;
  reg [EI_W-1:0]    push_ix;      // the entry the message is about
  reg [SL_W-1:0]    rsp_slot;
  reg               rsp_hit, rsp_bad, rsp_more;
  reg [EI_W-1:0]    rsp_ix;
  reg               fs_any;
  reg [SL_W-1:0]    fs;           // lowest free slot
  reg               hd_all, hd_ovf, hd_fin, cm_all, retire, rv_push, slot_used;
  reg               hd_endn, cm_endn, cm_ack1;
  reg [ENTRIES-1:0] ge_h;         // at or after the head's index
  reg [ENTRIES-1:0] rv_elig, rv_ok, rv_hi, oc_elig, oc_hi;
  reg [PR_W:0]      rv_fh, rv_fa, oc_fh, oc_fa, ba_f;
  reg [EI_W-1:0]    rv_sel, oc_sel;
  reg [D_W-1:0]     rs_x, ws_x;   // the packet's entry's sets
  reg               alloc, s_hd, s_cm, s_rv;
  reg               ba_any, sx_ok;
  reg [D_W-1:0]     sx;           // the set a log word goes to
  reg [BI_W-1:0]    sx_b;         // its buffer
  reg [BI_W-1:0]    ba;           // lowest free buffer
  reg               st_w;         // store: write set
  reg               pk_store;
  integer           ni;

  always @(*) begin
    ev_d = ev_q;  exf_d = exf_q;  ehd_d = ehd_q;  ewt_d = ewt_q;  els_d = els_q;  efl_d = efl_q;  epn_d = epn_q;
    erc_d = erc_q;  eyx_d = eyx_q;  eyr_d = eyr_q;
    rs_we = 1'b0;  ws_we = 1'b0;  xf_we = 1'b0;  fo_we = 1'b0;  sm_we = 1'b0;
    rs_wd = {D_W{1'b0}};  ws_wd = {D_W{1'b0}};  xf_wd = 1'b0;  fo_wd = 2'b00;
    pu_d = pu_q;
    sl_st_d = sl_st_q;  sl_ix_d = sl_ix_q;  sl_we = 1'b0;  sl_wa = {SL_W{1'b0}};  sl_wix = {EI_W{1'b0}};
    sl_val_wd = 32'd0;  sl_ad_wd = 30'd0;
    head_d = head_q;  hd_d = hd_q;  lwh_lo_d = lwh_lo_q;
    hd_ph_d = hd_ph_q;  hd_wait_d = hd_wait_q;  hd_rsnd_d = hd_rsnd_q;  hd_end_d = hd_end_q;
    hd_strm_d = hd_strm_q;  hd_haz_d = hd_haz_q;  hd_yc_d = hd_yc_q;  hd_ycf_d = hd_ycf_q;
    hd_idx_d = hd_idx_q;
    hf_n_d = hf_n_q;  hf_rp_d = hf_rp_q;  hf_kind_d = hf_kind_q;  hf_addr_d = hf_addr_q;
    rv_busy_d = rv_busy_q;  rv_first_d = rv_first_q;  rv_rsnd_d = rv_rsnd_q;  rv_end_d = rv_end_q;  rv_strm_d = rv_strm_q;
    rv_ix_d = rv_ix_q;  rv_oh_d = rv_oh_q;  rv_idx_d = rv_idx_q;
    cm_busy_d = cm_busy_q;  cm_rsnd_d = cm_rsnd_q;  cm_end_d = cm_end_q;  cm_strm_d = cm_strm_q;
    cm_idx_d = cm_idx_q;  cm_pend_d = cm_pend_q;
    cf_n_d = cf_n_q;  cf_rp_d = cf_rp_q;  cf_kind_d = cf_kind_q;  cf_addr_d = cf_addr_q;
    cf_val_d = cf_val_q;
    mq_n_d = mq_n_q;  mq_rp_d = mq_rp_q;  mq_wp_d = mq_wp_q;  mq_we = 1'b0;  mq_wd = {MQ_W{1'b0}};
    pw_en = 1'b0;  pw_addr = {PA_W{1'b0}};  pw_data = 62'd0;
    taken = 1'b0;  push = 1'b0;  push_kind = {MK_W{1'b0}};  push_ix = {EI_W{1'b0}};
    t1 = {CID_W{1'b0}};  t2 = {CID_W{1'b0}};  win = {CID_W{1'b0}};
    hd_all = 1'b0;  hd_ovf = 1'b0;  hd_fin = 1'b0;  cm_all = 1'b0;  retire = 1'b0;
    hd_endn = 1'b0;  cm_endn = 1'b0;  cm_ack1 = 1'b0;
    rv_push = 1'b0;  slot_used = 1'b0;
    rv_elig = {ENTRIES{1'b0}};  oc_elig = {ENTRIES{1'b0}};
    alloc = 1'b0;  s_hd = 1'b0;  s_cm = 1'b0;  s_rv = 1'b0;
    rs_x = {D_W{1'b0}};  ws_x = {D_W{1'b0}};
    ba_any = 1'b0;  ba_f = {(PR_W+1){1'b0}};  ba = {BI_W{1'b0}};
    sx_ok = 1'b0;  sx = {D_W{1'b0}};  sx_b = {BI_W{1'b0}};  st_w = 1'b0;  pk_store = 1'b0;

    // ---- 1. word-port answer ----
    rsp_slot = mrsp_tag_i[SL_W-1:0];
    rsp_bad  = mrsp_data_i != sl_val_mem[rsp_slot];
    rsp_hit  = 1'b0;
    rsp_ix   = {EI_W{1'b0}};
    for (ni = 0; ni < READS; ni = ni + 1)
      if (rsp_slot == ni[SL_W-1:0]) begin
        rsp_hit = sl_st_q[ni*2 +: 2] == SLOT_ISSUED;
        rsp_ix  = sl_ix_q[ni*EI_W +: EI_W];
      end
    rsp_more = 1'b0;             // another read of the entry queued or in flight
    for (ni = 0; ni < READS; ni = ni + 1)
      if (rsp_slot != ni[SL_W-1:0] && sl_st_q[ni*2 +: 2] != SLOT_FREE &&
          sl_ix_q[ni*EI_W +: EI_W] == rsp_ix)
        rsp_more = 1'b1;
    if (mrsp_valid_i) begin
      if (mrsp_tag_i[TAG_W-1]) begin
        if (cm_pend_d != {CMP_W{1'b0}})
          cm_pend_d = cm_pend_d - CMP_ONE;
      end else if (rsp_hit) begin
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          if (rsp_ix == ni[EI_W-1:0]) begin
            if (rsp_bad)
              efl_d[ni] = 1'b1;
            if (!rsp_more)
              epn_d[ni] = 1'b0;
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
          cf_rp_d = !cf_rp_d;
          cf_n_d  = cf_n_d - 2'd1;
        end
      end else begin
        for (ni = 0; ni < READS; ni = ni + 1)
          if (rd_slot == ni[SL_W-1:0])
            sl_st_d[ni*2 +: 2] = SLOT_ISSUED;
      end
    end

    // the lowest free read slot now (only the packet and the revalidation
    // add; an issue does not free one, an answer does)
    fs_any = 1'b0;
    fs     = {SL_W{1'b0}};
    for (ni = READS - 1; ni >= 0; ni = ni - 1)
      if (sl_st_q[ni*2 +: 2] == SLOT_FREE ||
          (mrsp_valid_i && !mrsp_tag_i[TAG_W-1] && rsp_hit && rsp_slot == ni[SL_W-1:0])) begin
        fs_any = 1'b1;
        fs     = ni[SL_W-1:0];
      end

    // ---- 3. hazard detection, in CID order ----
    // The entry's hazard flag and YCID live in hd_haz/hd_yc until it is
    // checked; then the entry keeps YCID's index and whether it has retired.
    if (lwh_rsp_valid && hd_wait_d) begin
      hd_wait_d = 1'b0;
      if (lwh_rsp_found) begin
        t1 = hd_q - lwh_rsp_cid;
        t2 = hd_q - hd_yc_q;
        if (!hd_haz_q || t1 < t2) begin
          hd_yc_d  = lwh_rsp_cid;
          hd_ycf_d = lwh_rsp_filter;
        end
`ifndef WW_MUTANT_TM_CU_NO_HAZARD
        hd_haz_d = 1'b1;
`endif
      end
    end
    if (lwh_acc) begin
      if (!lwh_write)
        hd_wait_d = 1'b1;
      if (lwh_fifo) begin
        hf_rp_d = !hf_rp_d;
        hf_n_d  = hf_n_d - 2'd1;
      end else begin
        hd_idx_d = hd_idx_d + N_ONE;
      end
    end
    if (hd_ph_q == HD_IDLE) begin
      // (a valid entry at hd's index not yet checked is CID hd, a live one)
      if (e_unchk[hd_ix] && xf_hd) begin
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
          push_ix   = hd_ix;
          hd_rsnd_d = 1'b0;
          hd_strm_d = 1'b1;
        end
      end else begin
        if (hd_ovf && hf_n_d != 2'd0 &&
            (hf_rp_d ? hf_kind_q[PK_W +: PK_W] : hf_kind_q[0 +: PK_W]) == `WW_TM_PKT_END) begin
          hf_rp_d  = !hf_rp_d;
          hf_n_d   = hf_n_d - 2'd1;
          hd_end_d = 1'b1;
        end
        // all done (counted only when no LWH request is taken now: then the
        // word index and the stream FIFO are as the cycle began, but for an
        // END taken now, and only an answer can end the wait)
        hd_endn = hd_ovf && hf_n_q != 2'd0 && hf_kind0 == `WW_TM_PKT_END;
        hd_all  = hd_ovf ? ((hd_end_q || hd_endn) && hf_n_q == {1'b0, hd_endn})
                         : (hd_idx_q >= (hd_rd ? rs_hd[D_N +: N_W] : ws_hd[D_N +: N_W]));
        if (hd_all && !(hd_wait_q && !lwh_rsp_valid) && !lwh_acc) begin
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
          ewt_d[ni] = hd_haz_q;                // (no LWH answer comes when done)
        end

    // ---- 4. commit and retire at the head ----
    if (!cm_busy_q) begin
      if (e_sent[head_ix] && fo_hq[1]) begin
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
        push_ix   = head_ix;
        cm_rsnd_d = 1'b0;
        cm_strm_d = 1'b1;
      end
    end else begin
      if (ws_hq[D_O] && cf_n_d != 2'd0 &&
          (cf_rp_d ? cf_kind_q[PK_W +: PK_W] : cf_kind_q[0 +: PK_W]) == `WW_TM_PKT_END) begin
        cf_rp_d  = !cf_rp_d;
        cf_n_d   = cf_n_d - 2'd1;
        cm_end_d = 1'b1;
      end
      // all written and acked (counted only when no write is taken now: then
      // the word index and the stream FIFO are as the cycle began, but for
      // an END taken now, and one ack may come)
      cm_endn = ws_hq[D_O] && cf_n_q != 2'd0 && cf_kind0 == `WW_TM_PKT_END;
      cm_all  = !fo_hq[0] || (ws_hq[D_O] ? ((cm_end_q || cm_endn) && cf_n_q == {1'b0, cm_endn})
                                         : (cm_idx_q >= ws_hq[D_N +: N_W]));
      cm_ack1 = mrsp_valid_i && mrsp_tag_i[TAG_W-1] && cm_pend_q == CMP_ONE;
      if (cm_all && (cm_pend_q == {CMP_W{1'b0}} || cm_ack1) && !(cm_word && mreq_ready_i) &&
          !taken && mq_n_q != MSGQ) begin
        taken     = 1'b1;
        push      = 1'b1;
        push_kind = `WW_TM_MSG_RETIRED;
        push_ix   = head_ix;
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
        if (head_ix == ni[EI_W-1:0])
          ev_d[ni] = 1'b0;                     // (its other flags are cleared at allocation)
    // YCID retired: the entries whose YCID retires now; the one checked now
    // keeps whether its YCID has retired by now (no LWH answer comes then)
    if (retire)
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (eyx_q[ni*EI_W +: EI_W] == head_ix)
          eyr_d[ni] = 1'b1;
    t2  = hd_yc_q - head_q;
    win = next_cid_i - head_q;
    if (hd_fin)
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (hd_ix == ni[EI_W-1:0]) begin
          eyx_d[ni*EI_W +: EI_W] = hd_yc_q[EI_W-1:0];
          eyr_d[ni] = !(t2 < win) || (retire && hd_yc_q[EI_W-1:0] == head_ix);
        end

    // The revalidation and outcome engines decide on the entries as the cycle
    // began (what the engines above change now they see the next cycle),
    // the oldest first: going round the ring from the head; every valid
    // entry is live (packets come only for live CIDs).
    for (ni = 0; ni < ENTRIES; ni = ni + 1)
      ge_h[ni] = ni[EI_W-1:0] >= head_ix;

    // ---- 5. revalidation of the oldest entry whose YCID has retired ----
    // (the entry in revalidation is rv_oh_q while rv_busy_q, still with its
    // ewt flag; one that failed has nothing to revalidate and is done at once)
    for (ni = 0; ni < ENTRIES; ni = ni + 1)
      rv_elig[ni] = ev_q[ni] && ewt_q[ni] && !(rv_busy_q && rv_oh_q[ni]) && !epn_q[ni] && eyr_q[ni];
    rv_ok    = rv_elig & ~efl_q;
    rv_hi    = rv_ok & ge_h;
    rv_fh    = first_set({{(PR_N-ENTRIES){1'b0}}, rv_hi});
    rv_fa    = first_set({{(PR_N-ENTRIES){1'b0}}, rv_ok});
    rv_sel   = rv_fh[PR_W] ? rv_fh[EI_W-1:0] : rv_fa[EI_W-1:0];
    ewt_d    = ewt_d & ~(rv_elig & efl_q);
    if (!rv_busy_q) begin
      if (rv_fa[PR_W]) begin
        rv_busy_d = 1'b1;
        rv_ix_d   = rv_sel;
        for (ni = 0; ni < ENTRIES; ni = ni + 1)
          rv_oh_d[ni] = rv_sel == ni[EI_W-1:0];
        rv_idx_d  = {N_W{1'b0}};
        rv_end_d  = 1'b0;
        rv_first_d = 1'b1;
      end
    end else begin
      if (rv_first_q) begin          // a cycle to read the entry's read set
        rv_first_d = 1'b0;
        rv_rsnd_d  = rs_rv[D_O];
      end else if (rv_rsnd_q) begin
        if (!taken && mq_n_q != MSGQ) begin
          taken     = 1'b1;
          push      = 1'b1;
          push_kind = `WW_TM_MSG_RESEND_R;
          push_ix   = rv_ix;
          rv_rsnd_d = 1'b0;
          rv_strm_d = 1'b1;
        end
      end else if (!rs_rv[D_O]) begin
        if (rv_idx_q < rs_rv[D_N +: N_W]) begin
          rv_push = 1'b1;             // after the packet, if a slot is left
        end else begin
          rv_busy_d = 1'b0;           // done
          ewt_d     = ewt_d & ~rv_oh_q;
        end
      end else if (rv_end_q) begin
        rv_strm_d = 1'b0;
        rv_busy_d = 1'b0;
        ewt_d     = ewt_d & ~rv_oh_q;
      end
    end

    // ---- 6. the local outcome of the oldest entry that has one ----
    // (checked, reads back, and not waiting for or in revalidation; as no
    // read of it is pending, its fail flag is final)
    for (ni = 0; ni < ENTRIES; ni = ni + 1)
      oc_elig[ni] = ev_q[ni] && ehd_q[ni] && !epn_q[ni] && !els_q[ni] && !ewt_q[ni];
    oc_hi  = oc_elig & ge_h;
    oc_fh  = first_set({{(PR_N-ENTRIES){1'b0}}, oc_hi});
    oc_fa  = first_set({{(PR_N-ENTRIES){1'b0}}, oc_elig});
    oc_sel = oc_fh[PR_W] ? oc_fh[EI_W-1:0] : oc_fa[EI_W-1:0];
    if (oc_fa[PR_W] && !taken && mq_n_q != MSGQ) begin
      taken     = 1'b1;
      push      = 1'b1;
      push_kind = efl_q[oc_sel] ? `WW_TM_MSG_FAIL : `WW_TM_MSG_PASS;
      push_ix   = oc_sel;
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (oc_sel == ni[EI_W-1:0])
          els_d[ni] = 1'b1;
    end

    // ---- 7. the packet ----
    if (pkt_valid_i && pkt_ready_o) begin
      // (from the entries as the cycle began: no packet comes for an entry
      // that retires or starts or ends a resend stream in the same cycle)
      alloc = !ev_q[pk_ix];
      rs_x  = alloc ? {D_W{1'b0}} : rs_pk;
      ws_x  = alloc ? {D_W{1'b0}} : ws_pk;
      s_hd  = hd_strm_q && pk_ix == hd_ix;     // what resent log packets feed (valid entries)
      s_cm  = cm_strm_q && pk_ix == head_ix;
      s_rv  = rv_strm_q && pk_ix == rv_ix;
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (pk_ix == ni[EI_W-1:0] && !ev_q[ni]) begin
          ev_d[ni]  = 1'b1;
          ehd_d[ni] = 1'b0;
          ewt_d[ni] = 1'b0;
          els_d[ni] = 1'b0;
          efl_d[ni] = 1'b0;
          epn_d[ni] = 1'b0;
          erc_d[ni*EI_W +: EI_W] = head_ix;
        end
      if (alloc) begin
        sm_we = 1'b1;
        rs_we = 1'b1;
        ws_we = 1'b1;
        xf_we = 1'b1;
        fo_we = 1'b1;
      end
      if (pkt_kind_i == `WW_TM_PKT_FINAL) begin
        fo_we = 1'b1;
        fo_wd = {1'b1, pkt_data_i[0]};
      end else if (s_hd) begin      // (the FIFO has room: pkt_ready_o)
        if (hf_rp_d ^ hf_n_d[0]) begin
          hf_kind_d[PK_W +: PK_W] = pkt_kind_i;
          hf_addr_d[30 +: 30]     = pkt_addr_i;
        end else begin
          hf_kind_d[0 +: PK_W] = pkt_kind_i;
          hf_addr_d[0 +: 30]   = pkt_addr_i;
        end
        hf_n_d = hf_n_d + 2'd1;
      end else if (s_cm) begin
        if (cf_rp_d ^ cf_n_d[0]) begin
          cf_kind_d[PK_W +: PK_W] = pkt_kind_i;
          cf_addr_d[30 +: 30]     = pkt_addr_i;
          cf_val_d[32 +: 32]      = pkt_data_i;
        end else begin
          cf_kind_d[0 +: PK_W] = pkt_kind_i;
          cf_addr_d[0 +: 30]   = pkt_addr_i;
          cf_val_d[0 +: 32]    = pkt_data_i;
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
      // store a log word in the read or write set (the set as it was, or
      // empty for a new entry): its buffer, from the pool's lowest free one
      // as the cycle began if it has none; overflow when the buffer is full
      // or the pool empty
      ba_f   = first_set({{(PR_N-POOL){1'b0}}, ~pu_q});
      ba_any = ba_f[PR_W];
      ba     = ba_f[BI_W-1:0];
      sx     = st_w ? ws_x : rs_x;
      sx_b   = sx[D_H] ? sx[D_B +: BI_W] : ba;
      sx_ok  = (sx[D_H] || ba_any) && sx[D_N +: N_W] != N_FULL;   // the word fits
      if (pk_store && !sx[D_O]) begin
        if (!sx[D_H] && ba_any)
          for (ni = 0; ni < POOL; ni = ni + 1)
            if (ba == ni[BI_W-1:0])
              pu_d[ni] = 1'b1;
        sx[D_H]           = sx[D_H] || ba_any;
        sx[D_B +: BI_W]   = sx_b;
        if (sx_ok) begin
          pw_en   = 1'b1;
          pw_addr = {sx_b, sx[D_N +: WI_W]};
          sx[D_N +: N_W] = sx[D_N +: N_W] + N_ONE;
        end else begin
          sx[D_O] = 1'b1;
        end
        if (st_w) begin
          ws_x  = sx;
          ws_we = 1'b1;
        end else begin
          rs_x  = sx;
          rs_we = 1'b1;
        end
        pw_data = {pkt_addr_i, pkt_data_i};
      end
      rs_wd = rs_x;
      ws_wd = ws_x;
      if (slot_used) begin     // a validation read of the packet's word
        sl_we     = 1'b1;
        sl_wix    = pk_ix;
        sl_val_wd = pkt_data_i;
        sl_ad_wd  = pkt_addr_i;
      end
    end
    if (rv_push && !slot_used && fs_any) begin   // a revalidation read
      sl_we     = 1'b1;
      sl_wix    = rv_ix;
      sl_val_wd = rv_w[31:0];
      sl_ad_wd  = rv_w[61:32];
      rv_idx_d  = rv_idx_q + N_ONE;
    end
    if (sl_we) begin           // into the lowest free slot
      sl_wa = fs;
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (slot_used ? pk_ix == ni[EI_W-1:0] : rv_oh_q[ni])
          epn_d[ni] = 1'b1;
      for (ni = 0; ni < READS; ni = ni + 1)
        if (fs == ni[SL_W-1:0]) begin
          sl_st_d[ni*2 +: 2]       = SLOT_QUEUED;
          sl_ix_d[ni*EI_W +: EI_W] = sl_wix;
        end
    end

    // ---- 8. the message: push, then pop ----
    // (every message is about a live entry, whose CID is the one in
    // [head, head + ENTRIES) with its index; its SM as the entry has it)
    if (push) begin
      mq_we   = 1'b1;
      mq_wd   = {push_kind, cid_at(push_ix, head_q), sm_mem[push_ix]};
      mq_wp_d = mq_wp_q + 2'd1;
      mq_n_d  = mq_n_q + 3'd1;
    end
    if (msg_valid_o && msg_ready_i) begin
      mq_rp_d = mq_rp_q + 2'd1;
      mq_n_d  = mq_n_d - 3'd1;
    end

    if (xf_we)
      for (ni = 0; ni < ENTRIES; ni = ni + 1)
        if (pk_ix == ni[EI_W-1:0])
          exf_d[ni] = xf_wd[0];

    // ---- the pool words of the next cycle ----
    cm_ra = {ws_hq[D_B +: BI_W], cm_idx_d[WI_W-1:0]};
    hd_ra = {(hd_ph_d == HD_QUERY) ? rs_hd[D_B +: BI_W] : ws_hd[D_B +: BI_W], hd_idx_d[WI_W-1:0]};
    rv_ra = {rs_rv[D_B +: BI_W], rv_idx_d[WI_W-1:0]};

    // ---- the LWH window's start (from the entries as the cycle began) ----
    lwh_lo_d = !lwh_any ? head_q : lwh_match ? lwh_lo_q : lwh_lo_q + CID_ONE;
  end
  wire set_h_unused = rs_hd[D_H] ^ ws_hd[D_H] ^ rs_rv[D_H];   // the buffer is there when words are

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ev_q      <= {ENTRIES{1'b0}};
      ehd_q     <= {ENTRIES{1'b0}};
      ewt_q     <= {ENTRIES{1'b0}};
      els_q     <= {ENTRIES{1'b0}};
      efl_q     <= {ENTRIES{1'b0}};
      epn_q     <= {ENTRIES{1'b0}};
      pu_q      <= {POOL{1'b0}};
      sl_st_q   <= {(READS*2){1'b0}};
      head_q    <= next_cid_i;
      hd_q      <= next_cid_i;
      lwh_lo_q  <= next_cid_i;
      hd_ph_q   <= HD_IDLE;
      hd_wait_q <= 1'b0;
      hd_rsnd_q <= 1'b0;
      hd_end_q  <= 1'b0;
      hd_strm_q <= 1'b0;
      hd_haz_q  <= 1'b0;
      hd_idx_q  <= {N_W{1'b0}};
      hf_n_q    <= 2'd0;
      hf_rp_q   <= 1'b0;
      rv_busy_q <= 1'b0;
      rv_first_q <= 1'b0;
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
      cf_rp_q   <= 1'b0;
      mq_n_q    <= 3'd0;
      mq_rp_q   <= 2'd0;
      mq_wp_q   <= 2'd0;
    end else begin
      ev_q      <= ev_d;
      ehd_q     <= ehd_d;
      ewt_q     <= ewt_d;
      els_q     <= els_d;
      efl_q     <= efl_d;
      epn_q     <= epn_d;
      pu_q      <= pu_d;
      sl_st_q   <= sl_st_d;
      head_q    <= head_d;
      hd_q      <= hd_d;
      lwh_lo_q  <= lwh_lo_d;
      hd_ph_q   <= hd_ph_d;
      hd_wait_q <= hd_wait_d;
      hd_rsnd_q <= hd_rsnd_d;
      hd_end_q  <= hd_end_d;
      hd_strm_q <= hd_strm_d;
      hd_haz_q  <= hd_haz_d;
      hd_idx_q  <= hd_idx_d;
      hf_n_q    <= hf_n_d;
      hf_rp_q   <= hf_rp_d;
      rv_busy_q <= rv_busy_d;
      rv_first_q <= rv_first_d;
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
      cf_rp_q   <= cf_rp_d;
      mq_n_q    <= mq_n_d;
      mq_rp_q   <= mq_rp_d;
      mq_wp_q   <= mq_wp_d;
    end
    // datapath: no reset
    exf_q     <= exf_d;                    // (read with ev_q, written at allocation)
    hd_ycf_q  <= hd_ycf_d;
    sl_ix_q   <= sl_ix_d;
    erc_q     <= erc_d;
    eyx_q     <= eyx_d;
    eyr_q     <= eyr_d;
    hd_yc_q   <= hd_yc_d;
    hf_kind_q <= hf_kind_d;
    hf_addr_q <= hf_addr_d;
    rv_ix_q   <= rv_ix_d;
    rv_oh_q   <= rv_oh_d;
    cf_kind_q <= cf_kind_d;
    cf_addr_q <= cf_addr_d;
    cf_val_q  <= cf_val_d;
  end

  // LUT RAMs (not reset: an entry's sets and flags are written when it is
  // allocated, a slot's when it is queued)
  always @(posedge clk_i) begin
    if (rst_ni && rs_we)
      rs_mem[pk_ix] <= rs_wd;
    if (rst_ni && ws_we)
      ws_mem[pk_ix] <= ws_wd;
    if (rst_ni && fo_we)
      fo_mem[pk_ix] <= fo_wd;
    if (rst_ni && sm_we)
      sm_mem[pk_ix] <= pkt_sm_i;
    if (rst_ni && sl_we) begin
      sl_val_mem[sl_wa] <= sl_val_wd;
      sl_ad_mem[sl_wa] <= sl_ad_wd;
    end
    if (rst_ni && mq_we)
      mq_mem[mq_wp_q] <= mq_wd;
  end

  ////////////////////
  // Counters       //
  ////////////////////

  // Event counters (`WW_TM_CNT_*, docs/tm.md sec. 4.1), observation only:
  // nothing above reads them. STAGE: each live entry adds one a cycle to
  // the stage its flags were in as the cycle began (disjoint, covering every
  // valid entry); EVENT: messages pushed (PASS, FAIL, RESEND_R/W), entries
  // checked with a hazard (and of those, YCID from the LWH's filter),
  // revalidations started. 32 bits each, saturating.
  localparam CN = `WW_TM_CNT_N;
  localparam [ENTRIES-1:0] E_ONE = {{(ENTRIES-1){1'b0}}, 1'b1};

  function automatic [EI_W:0] popcnt(input [ENTRIES-1:0] v);
    integer k;
    begin
      popcnt = {(EI_W+1){1'b0}};
      for (k = 0; k < ENTRIES; k = k + 1)
        popcnt = popcnt + {{EI_W{1'b0}}, v[k]};
    end
  endfunction

  function automatic [31:0] sat_add(input [31:0] a, input [EI_W:0] b);
    reg [32:0] t;
    begin
      t = {1'b0, a} + {{(32-EI_W){1'b0}}, b};
      sat_add = t[32] ? 32'hffff_ffff : t[31:0];
    end
  endfunction

  wire [ENTRIES-1:0] sg_cm  = (cm_busy_q ? (E_ONE << head_ix) : {ENTRIES{1'b0}}) & ev_q;
  wire [ENTRIES-1:0] sg_xf  = ev_q & ~exf_q;
  wire [ENTRIES-1:0] sg_hz  = ev_q & exf_q & ~ehd_q;
  wire [ENTRIES-1:0] sg_rv  = ev_q & ehd_q & ewt_q;
  wire [ENTRIES-1:0] sg_va  = ev_q & ehd_q & ~ewt_q & ~els_q;
  wire [ENTRIES-1:0] sg_fi  = ev_q & els_q & ~sg_cm;
  wire               haz_fin = hd_fin && hd_haz_q;   // an entry checked with a hazard
  wire               rv_go   = !rv_busy_q && rv_fa[PR_W];

  reg [CN*32-1:0] cnt_q, cnt_d;
  reg [EI_W:0]    cnt_inc;
  integer         ci, ri;
  always @(*) begin
    cnt_d = cnt_q;
    for (ci = 0; ci < CN; ci = ci + 1) begin
      cnt_inc = {(EI_W+1){1'b0}};
      case (ci)
        `WW_TM_CNT_XFER:           cnt_inc = popcnt(sg_xf);
        `WW_TM_CNT_HAZARD:         cnt_inc = popcnt(sg_hz);
        `WW_TM_CNT_VALIDATE:       cnt_inc = popcnt(sg_va);
        `WW_TM_CNT_REVALIDATE:     cnt_inc = popcnt(sg_rv);
        `WW_TM_CNT_FINAL:          cnt_inc = popcnt(sg_fi);
        `WW_TM_CNT_COMMIT:         cnt_inc = popcnt(sg_cm);
        `WW_TM_CNT_PASSES:         cnt_inc[0] = push && push_kind == `WW_TM_MSG_PASS;
        `WW_TM_CNT_FAILS:          cnt_inc[0] = push && push_kind == `WW_TM_MSG_FAIL;
`ifdef WW_MUTANT_TM_CU_STATS_HAZARD_TWICE
        `WW_TM_CNT_HAZARDS:        cnt_inc[1] = haz_fin;   // MUTANT: a hazard counted twice
`else
        `WW_TM_CNT_HAZARDS:        cnt_inc[0] = haz_fin;
`endif
        `WW_TM_CNT_FILTER_HAZARDS: cnt_inc[0] = haz_fin && hd_ycf_q;
        `WW_TM_CNT_REVALIDATIONS:  cnt_inc[0] = rv_go;
        `WW_TM_CNT_RESENDS_R:      cnt_inc[0] = push && push_kind == `WW_TM_MSG_RESEND_R;
        `WW_TM_CNT_RESENDS_W:      cnt_inc[0] = push && push_kind == `WW_TM_MSG_RESEND_W;
        default:                   cnt_inc = {(EI_W+1){1'b0}};
      endcase
      cnt_d[ci*32 +: 32] = sat_add(cnt_q[ci*32 +: 32], cnt_inc);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni)
      cnt_q <= {(CN*32){1'b0}};
    else
      cnt_q <= cnt_d;
  end

  always @(*) begin
    st_rd_data_o = 32'd0;
    for (ri = 0; ri < CN; ri = ri + 1)
      if (st_rd_idx_i == ri[ST_W-1:0])
        st_rd_data_o = cnt_q[ri*32 +: 32];
  end

  ////////////////////
  // Assertions     //
  ////////////////////

  // what the narrow fields and the synchronous pool reads rely on
  `WW_ASSERT(AtMostEntriesInFlight, (next_cid_i - head_q) <= WIN_MAX)
  `WW_ASSERT(LwhWindowNearHead, (head_q - lwh_lo_q) < WIN_MAX)
  `WW_ASSERT(PacketForLiveCid, !(pkt_valid_i && pkt_ready_o) ||
                               (pkt_cid_i - head_q) < (next_cid_i - head_q))
`ifndef SYNTHESIS
  // a pool word an engine uses was not written in the cycle it was addressed
  reg cm_coll_q, hd_coll_q, rv_coll_q;
  always @(posedge clk_i) begin
    cm_coll_q <= rst_ni && pw_en && pw_addr == cm_ra;
    hd_coll_q <= rst_ni && pw_en && pw_addr == hd_ra;
    rv_coll_q <= rst_ni && pw_en && pw_addr == rv_ra;
  end
  `WW_ASSERT(PoolWordNotJustWritten, !(cm_coll_q && cm_word && !ws_hq[D_O]) &&
                                     !(hd_coll_q && lwh_valid && !lwh_fifo) &&
                                     !(rv_coll_q && sl_we && !slot_used))
  `WW_ASSERT(PacketSeesSettledEntry, !(pkt_valid_i && pkt_ready_o) ||
                                     (!(retire && pk_ix == head_ix) &&
                                      !(hd_strm_d != hd_strm_q && pk_ix == hd_ix) &&
                                      !(cm_strm_d != cm_strm_q && pk_ix == head_ix) &&
                                      !(rv_strm_d != rv_strm_q && pk_ix == rv_ix)))
  wire xf_pk = exf_q[pk_ix];
  `WW_ASSERT(NoLogWordAfterEnd, !(pkt_valid_i && pkt_ready_o && !alloc && xf_pk &&
                                  !s_hd && !s_cm && !s_rv &&
                                  (pkt_kind_i == `WW_TM_PKT_RLOG ||
                                   pkt_kind_i == `WW_TM_PKT_WLOG)))
`endif

endmodule  // ww_tm_commit_unit
`default_nettype wire
