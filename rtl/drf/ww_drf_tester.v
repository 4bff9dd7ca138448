// SPDX-License-Identifier: Apache-2.0
//
// ww_drf_tester -- the autonomous data-race-free memory tester's generator
// and checker (the autonomous DRF GPU testing paper, sec. III; docs/drf.md).
// It takes the SMs' place on their L1 core ports and device-atomic ports
// (ww_drf_top) and drives NUM_SM x WF wavefronts of LANES lanes each.
//
// A wavefront runs `episodes_i` episodes: an acquire atomic, `epi_len_i`
// actions (every lane loads, or every lane stores, one variable each; the
// lanes of an action issue one after the other and the wavefront waits for
// every load answer before the next action), a release atomic. An episode is
// device scope or block scope (a random bit):
//   device  variables of the device pool (shared by every SM); acquire =
//           device atomic (ADD 1 at L2) then L1 INVAL; release = wait until
//           the SM's L1 has no write unacknowledged, then a device atomic.
//   block   variables of the SM's own pool; acquire and release = block
//           atomics at the SM's L1 (ADD 1).
// Variables: v = {pool, idx} (pool 0 device, 1 + s the block pool of SM s),
// idx < NSYNC are sync variables (only the acquire/release atomics touch
// them), the rest normal. Lane l uses normal variables with idx mod LANES ==
// l (two lanes of a wavefront never share one). Address: word
// (v * MUL + ADD) mod 2^RANGE_W of the window at BASE, MUL odd and ADD from
// the seed: a random bijection, so variables of every pool share lines
// (false sharing; a window of 2^VAR_W words packs every line full). The
// window is 2^range_i words (run time, VAR_W..RANGE_W).
// DRF rules (paper sec. III-A), checked when a lane picks its variable: a
// load needs no other active episode storing it, a store needs no other
// active episode loading or storing it; a lane whose pick breaks a rule
// skips the action (the paper picks again; docs/drf.md). An episode's claims
// are dropped when it retires. The paper generates an episode's accesses
// when it starts, so a variable's last writer has retired before the
// episode acquired; picking per action, the tester asks for that
// happens-before order explicitly: another wavefront's last store to the
// variable must be from an episode that retired before this one acquired
// (rseq_q, start_q, ret_q).
// Checks: a load's word equals the reference memory (updated by each store
// as it is issued: the rules keep every other episode off the variable until
// this one retires); an atomic's old value is unique per sync variable
// (bitmap of 2^SEEN_W values; a larger value is only checked against the
// number of atomics issued to the variable) and below that number; a
// wavefront waiting longer than watchdog_i cycles for an answer or a port
// fails (forward progress). The first failure stops the generator and is
// latched with the variable's event log (last writer and last reader:
// wavefront, lane, episode, cycle, value; the paper's Table V), read with
// rd_idx_i (WW_DRF_* of ww_proto.vh).
//
// Ports: one request a cycle in all, from the wavefront picked round-robin
// among those that can go; it enters its SM's request register (L1: l1*_q,
// device atomic: b*_q; reset, cleared at start), which holds it until the
// port takes it (after a failure too). A device release also waits until
// its SM's L1 register is empty (a store there is not yet in the L1's
// wr_pending_o). L1 tags: {atomic, wavefront, lane} (lane 0 for atomics).
// Device atomics carry the wavefront in their answer id (byp_rsp_wf_i). byp_rsp_ready_o:
// one device-atomic answer a cycle in all (the lowest SM without an L1
// answer that cycle), so two answers of one sync variable are never checked
// in the same cycle.
// Parameters: WF, LANES powers of two >= 2; NSYNC <= 2^IDX_W; IDX_W > log2
// LANES; RANGE_W >= VAR_W; TAG_W >= 1 + log2 WF + log2 LANES.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_drf_tester #(
  parameter NUM_SM     = `WW_NUM_SM,
  parameter WF         = `WW_DRFT_WF,
  parameter LANES      = `WW_DRFT_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter IDX_W      = `WW_DRFT_IDX_W,
  parameter NSYNC      = `WW_DRFT_NSYNC,
  parameter RANGE_W    = `WW_DRFT_RANGE_W,
  parameter [31:0] BASE = 32'h0001_0000,
  parameter SEEN_W     = `WW_DRFT_SEEN_W,
  parameter TAG_W      = 8,
  parameter NP_W       = $clog2(`WW_L1_WQ + 1),
  // derived, do not override
  parameter SM_W       = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter WF_W       = (WF > 1) ? $clog2(WF) : 1,
  parameter LANE_W     = (LANES > 1) ? $clog2(LANES) : 1,
  parameter NWF        = NUM_SM * WF,
  parameter G_W        = (NWF > 1) ? $clog2(NWF) : 1,
  parameter POOL_W     = $clog2(NUM_SM + 1),
  parameter VAR_W      = POOL_W + IDX_W,
  parameter OFF_W      = $clog2(LINE_BYTES),
  parameter LINE_W     = 32 - OFF_W,
  parameter LB         = LINE_BYTES * 8,
  parameter WORD_W     = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1
) (
  input  wire                      clk_i,
  input  wire                      rst_ni,
  // run control: start_i pulses with the run's settings
  input  wire                      start_i,
  input  wire [31:0]               seed_i,
  input  wire [15:0]               episodes_i,    // per wavefront, >= 1
  input  wire [15:0]               epi_len_i,     // actions per episode, >= 1
  input  wire [31:0]               watchdog_i,
  input  wire [4:0]                range_i,       // window: 2^range_i words, VAR_W..RANGE_W
  output wire                      busy_o,
  output wire                      done_o,        // finished (passed, or failed)
  output wire                      fail_o,
  // L1 core ports (ww_l1_dcache): SM s valid at [s]; fields from l1_q of s
  output wire [NUM_SM-1:0]             l1_req_valid_o,
  input  wire [NUM_SM-1:0]             l1_req_ready_i,
  output wire [NUM_SM*`WW_L1_W-1:0]    l1_req_op_o,
  output wire [NUM_SM*LINE_W-1:0]      l1_req_line_o,
  output wire [NUM_SM*TAG_W-1:0]       l1_req_tag_o,
  output wire [NUM_SM*LINE_BYTES-1:0]  l1_req_be_o,
  output wire [NUM_SM*LB-1:0]          l1_req_wdata_o,
  output wire [NUM_SM*WORD_W-1:0]      l1_req_amo_word_o,
  input  wire [NUM_SM-1:0]             l1_rsp_valid_i,
  input  wire [NUM_SM*TAG_W-1:0]       l1_rsp_tag_i,
  input  wire [NUM_SM*LB-1:0]          l1_rsp_data_i,
  input  wire [NUM_SM*NP_W-1:0]        l1_wr_pending_i,
  // device atomics (ADD 1 at L2): SM s valid at [s]
  output wire [NUM_SM-1:0]             byp_valid_o,
  input  wire [NUM_SM-1:0]             byp_ready_i,
  output wire [NUM_SM*LINE_W-1:0]      byp_line_o,
  output wire [NUM_SM*WORD_W-1:0]      byp_word_o,
  output wire [NUM_SM*WF_W-1:0]        byp_wf_o,
  input  wire [NUM_SM-1:0]             byp_rsp_valid_i,
  output reg  [NUM_SM-1:0]             byp_rsp_ready_o,
  input  wire [NUM_SM*WF_W-1:0]        byp_rsp_wf_i,
  input  wire [NUM_SM*32-1:0]          byp_rsp_old_i,
  // status words (WW_DRF_*), combinational read
  input  wire [5:0]                    rd_idx_i,
  input  wire [VAR_W-1:0]              rd_var_i,      // variable of the REF words
  output reg  [31:0]                   rd_data_o
);

  localparam NVAR   = 1 << VAR_W;
  localparam NS_W   = (NSYNC > 1) ? $clog2(NSYNC) : 1;
  localparam NSV    = 1 << (POOL_W + NS_W);       // sync variable slots {pool, sync idx}
  localparam SV_W   = POOL_W + NS_W;
  localparam NSEEN  = NSV << SEEN_W;
  localparam SEL_W  = IDX_W - LANE_W;             // random bits of a lane's pick
  localparam WORDS  = LINE_BYTES / 4;
  localparam NG     = NWF * LANES;                // lane slots

  // wavefront states
  localparam [3:0] W_IDLE = 4'd0;   // not started / done
  localparam [3:0] W_EPI  = 4'd1;   // start an episode: scope, sync variable
  localparam [3:0] W_ACQ  = 4'd2;   // issue the acquire atomic
  localparam [3:0] W_ACQW = 4'd3;   // wait for its answer
  localparam [3:0] W_INV  = 4'd4;   // device acquire: issue L1 INVAL
  localparam [3:0] W_ACT  = 4'd5;   // start an action: load or store
  localparam [3:0] W_LANE = 4'd6;   // lane cur_q picks its variable, issues
  localparam [3:0] W_WAIT = 4'd7;   // wait for the action's load answers
  localparam [3:0] W_REL  = 4'd8;   // issue the release atomic (device: writes acked first)
  localparam [3:0] W_RELW = 4'd9;   // wait for its answer, then retire

  ////////////////////
  // Run state      //
  ////////////////////
  reg              run_q, done_q, fail_q;
  reg [31:0]       rnd_q, cyc_q, wd_lim_q;
  reg [RANGE_W-1:0] mul_q, add_q, mask_q;
  reg [15:0]       neps_q, nact_q;
  reg [G_W-1:0]    rr_q;
  // per wavefront g = s * WF + w
  reg [3:0]        st_q   [0:NWF-1];
  reg              dev_q  [0:NWF-1];               // episode scope: device
  reg              ld_q   [0:NWF-1];               // action: load (else store)
  reg              strong_q [0:NWF-1];             // loads of the action are strong
  reg [NS_W-1:0]   sync_q [0:NWF-1];
  reg [15:0]       ep_q   [0:NWF-1];
  reg [15:0]       act_q  [0:NWF-1];
  reg [LANE_W:0]   cur_q  [0:NWF-1];
  reg [LANES-1:0]  pend_q [0:NWF-1];               // load answers outstanding
  reg [31:0]       wd_q   [0:NWF-1];
  // retire sequence: rseq_q counts cycles with a retirement; start_q[g] is
  // its value when g's episode acquired (happens-before: an episode that
  // retired earlier is ordered before this one), ret_q[g] its value after
  // g's last retirement
  reg [31:0]       rseq_q;
  reg [31:0]       start_q [0:NWF-1];
  reg [31:0]       ret_q  [0:NWF-1];
  // per lane slot g * LANES + l: the variable of its outstanding load
  reg [VAR_W-1:0]  lvar_q [0:NG-1];
  reg [WORD_W-1:0] lwo_q  [0:NG-1];
  // DRF claims of active episodes: variable v, wavefront g at [v*NWF + g]
  reg [NVAR*NWF-1:0] rd_claim_q, wr_claim_q;
  // reference memory and event log, per variable
  reg [31:0]       ref_q  [0:NVAR-1];
  reg [NVAR-1:0]   lwv_q, lrv_q;                  // written / read yet
  reg [G_W-1:0]    lwg_q  [0:NVAR-1];
  reg [LANE_W-1:0] lwl_q  [0:NVAR-1];
  reg [15:0]       lwe_q  [0:NVAR-1];
  reg [31:0]       lwc_q  [0:NVAR-1];
  reg [G_W-1:0]    lrg_q  [0:NVAR-1];
  reg [LANE_W-1:0] lrl_q  [0:NVAR-1];
  reg [15:0]       lre_q  [0:NVAR-1];
  reg [31:0]       lrc_q  [0:NVAR-1];
  reg [31:0]       lrval_q [0:NVAR-1];
  // sync variables: atomics issued, values returned
  reg [31:0]       sissued_q [0:NSV-1];
  reg [NSEEN-1:0]  seen_q;
  // counters and the latched failure
  reg [31:0]       n_ld_q, n_st_q, n_amo_q, n_ep_q, n_skip_q, n_unchk_q, store_val_q;
  reg [`WW_DRF_FAIL_W-1:0] f_kind_q;
  reg [31:0]       f_cyc_q, f_exp_q, f_got_q;
  reg [G_W-1:0]    f_g_q;
  reg [LANE_W-1:0] f_lane_q;
  reg [15:0]       f_ep_q;
  reg [VAR_W-1:0]  f_var_q;
  reg [3:0]        f_st_q;

  ////////////////////
  // Helpers        //
  ////////////////////
  // the word address of variable v: word (v * mul + add) mod 2^RANGE_W of
  // the window (a bijection: mul is odd)
  function [29:0] waddr_of(input [VAR_W-1:0] v, input [RANGE_W-1:0] mul, input [RANGE_W-1:0] add,
                           input [RANGE_W-1:0] mask);
    reg [RANGE_W-1:0] w;
    begin
      w = ({{(RANGE_W-VAR_W){1'b0}}, v} * mul + add) & mask;
      waddr_of = BASE[31:2] + {{(30-RANGE_W){1'b0}}, w};
    end
  endfunction

  integer g, s, k;
  // the window's mask: range_i clipped to VAR_W..RANGE_W
  reg [RANGE_W-1:0] range_mask;
  always @(*) begin
    range_mask = {RANGE_W{1'b0}};
    for (k = 0; k < RANGE_W; k = k + 1) begin
      range_mask[k] = (k < VAR_W) || (k < range_i);
    end
  end
  wire [31:0] seed_w = seed_i * 32'h9E37_79B1;   // spread the seed's bits
  wire        unused_t = &{1'b0, seed_w, p_t, p_sync};    // parts of the temporaries

  ////////////////////
  // Pick           //
  ////////////////////
  // what wavefront g would issue now, and whether it can
  reg [NWF-1:0]    can;
  (* mem2reg *) reg              wr_idle [0:NUM_SM-1];
  reg [NUM_SM-1:0] l1_free, byp_free;
  always @(*) begin
    for (s = 0; s < NUM_SM; s = s + 1) begin
      wr_idle[s] = (l1_wr_pending_i[s*NP_W +: NP_W] == {NP_W{1'b0}});
    end
    for (g = 0; g < NWF; g = g + 1) begin
      case (st_q[g])
        W_EPI, W_ACT: can[g] = 1'b1;
        W_ACQ:  can[g] = dev_q[g] ? byp_free[g / WF] : l1_free[g / WF];
        W_INV, W_LANE: can[g] = l1_free[g / WF];
        // a device release: the SM's L1 request register empty too (a store
        // there is not yet counted by the L1's wr_pending_o)
        W_REL:  can[g] = dev_q[g] ? (byp_free[g / WF] && wr_idle[g / WF] && !l1v_q[g / WF])
                                  : l1_free[g / WF];
        default: can[g] = 1'b0;
      endcase
      can[g] = can[g] && run_q && !fail_q;
    end
  end

  // round-robin: the first wavefront at or after rr_q that can go
  reg            pick_v;
  reg [G_W-1:0]  pick;
  always @(*) begin
    pick_v = 1'b0;
    pick   = {G_W{1'b0}};
    for (k = 2 * NWF - 1; k >= 0; k = k - 1) begin
      if (k >= {{(32-G_W){1'b0}}, rr_q} && k < {{(32-G_W){1'b0}}, rr_q} + NWF && can[k % NWF]) begin
        pick_v = 1'b1;
        pick   = k[G_W-1:0] - ((k >= NWF) ? NWF[G_W-1:0] : {G_W{1'b0}});
      end
    end
  end

  // the picked wavefront's state and its lane's variable
  reg  [SM_W-1:0]   p_sm;
  reg  [WF_W-1:0]   p_wf;
  reg  [31:0]       p_t;
  always @(*) begin
    p_sm = {SM_W{1'b0}};
    p_wf = {WF_W{1'b0}};
    p_t  = 32'd0;
    for (g = 0; g < NWF; g = g + 1) begin
      if (pick == g[G_W-1:0]) begin
        p_t  = g / WF;
        p_sm = p_t[SM_W-1:0];
        p_t  = g % WF;
        p_wf = p_t[WF_W-1:0];
      end
    end
  end
  wire [3:0]        p_st   = st_q[pick];
  wire              p_dev  = dev_q[pick];
  wire [LANE_W-1:0] p_lane = cur_q[pick][LANE_W-1:0];
  wire [POOL_W-1:0] p_pool = p_dev ? {POOL_W{1'b0}} : ({{(POOL_W-SM_W){1'b0}}, p_sm} + 1'b1);
  wire [IDX_W-1:0]  p_idx  = {rnd_q[8 +: SEL_W], p_lane};
  wire [VAR_W-1:0]  p_var  = {p_pool, p_idx};
  wire [VAR_W-1:0]  p_svar = {p_pool, {(IDX_W-NS_W){1'b0}}, sync_q[pick]};
  wire [31:0]       p_sync = {{(32-NS_W){1'b0}}, rnd_q[1 +: NS_W]} % NSYNC;   // a new episode's
  wire [SV_W-1:0]   p_sv   = {p_pool, sync_q[pick]};
  wire              p_normal = ({{(32-IDX_W){1'b0}}, p_idx} >= NSYNC);
  reg  [NWF-1:0]    p_rd, p_wr;                 // claims on p_var
  always @(*) begin
    p_rd = {NWF{1'b0}};
    p_wr = {NWF{1'b0}};
    for (k = 0; k < NVAR; k = k + 1) begin
      if (p_var == k[VAR_W-1:0]) begin
        p_rd = rd_claim_q[k*NWF +: NWF];
        p_wr = wr_claim_q[k*NWF +: NWF];
      end
    end
  end
  wire [NWF-1:0] p_me  = {{(NWF-1){1'b0}}, 1'b1} << pick;
  // the variable's last writer, if another wavefront, retired that episode
  // before this one acquired (ret_q is its latest retirement: conservative)
  wire [G_W-1:0] p_lw    = lwg_q[p_var];
`ifdef WW_MUTANT_DRF_HB_STRICT
  wire           p_hb    = !lwv_q[p_var] || p_lw == pick || ret_q[p_lw] < start_q[pick];   // MUTANT
`else
  wire           p_hb    = !lwv_q[p_var] || p_lw == pick || ret_q[p_lw] <= start_q[pick];
`endif
  wire           p_ok  = p_normal && p_hb && ((p_wr & ~p_me) == {NWF{1'b0}}) &&
                         (ld_q[pick] || ((p_rd & ~p_me) == {NWF{1'b0}}));
  wire           go    = pick_v;
  wire           issue_lane = go && p_st == W_LANE && p_ok;

  ////////////////////
  // Request regs   //
  ////////////////////
  reg [NUM_SM-1:0]        l1v_q, bypv_q;
  reg [`WW_L1_W-1:0]      l1op_q   [0:NUM_SM-1];
  reg [LINE_W-1:0]        l1line_q [0:NUM_SM-1];
  reg [TAG_W-1:0]         l1tag_q  [0:NUM_SM-1];
  reg [WORD_W-1:0]        l1word_q [0:NUM_SM-1];
  reg [31:0]              l1data_q [0:NUM_SM-1];
  reg [LINE_W-1:0]        bline_q  [0:NUM_SM-1];
  reg [WORD_W-1:0]        bword_q  [0:NUM_SM-1];
  reg [WF_W-1:0]          bwf_q    [0:NUM_SM-1];
  always @(*) begin
    l1_free  = ~l1v_q | l1_req_ready_i;
    byp_free = ~bypv_q | byp_ready_i;
  end
  genvar gs;
  for (gs = 0; gs < NUM_SM; gs = gs + 1) begin : g_port
    assign l1_req_op_o[gs*`WW_L1_W +: `WW_L1_W] = l1op_q[gs];
    assign l1_req_line_o[gs*LINE_W +: LINE_W]   = l1line_q[gs];
    assign l1_req_tag_o[gs*TAG_W +: TAG_W]      = l1tag_q[gs];
    assign l1_req_amo_word_o[gs*WORD_W +: WORD_W] = l1word_q[gs];
    assign l1_req_wdata_o[gs*LB +: LB]          = {WORDS{l1data_q[gs]}};
    assign l1_req_be_o[gs*LINE_BYTES +: LINE_BYTES] =
      {{(LINE_BYTES-4){1'b0}}, 4'hF} << {l1word_q[gs], 2'b00};
    assign byp_line_o[gs*LINE_W +: LINE_W] = bline_q[gs];
    assign byp_word_o[gs*WORD_W +: WORD_W] = bword_q[gs];
    assign byp_wf_o[gs*WF_W +: WF_W]       = bwf_q[gs];
  end
  assign l1_req_valid_o = l1v_q;
  assign byp_valid_o    = bypv_q;

  // the request the pick makes: its address
  wire [29:0]       p_wa    = waddr_of((p_st == W_LANE) ? p_var : p_svar, mul_q, add_q, mask_q);
  wire [TAG_W-1:0]  p_tag   = {{(TAG_W-1-WF_W-LANE_W){1'b0}}, (p_st != W_LANE), p_wf,
                               (p_st == W_LANE) ? p_lane : {LANE_W{1'b0}}};

  ////////////////////
  // Answers        //
  ////////////////////
  // L1 answers: loads (tag bit 1+WF_W+LANE_W-1 clear) and block atomics;
  // device atomics: one a cycle, the lowest SM
  always @(*) begin
    byp_rsp_ready_o = {NUM_SM{1'b0}};
    for (s = NUM_SM - 1; s >= 0; s = s - 1) begin
      if (byp_rsp_valid_i[s] && !l1_rsp_valid_i[s]) begin
        byp_rsp_ready_o = {{(NUM_SM-1){1'b0}}, 1'b1} << s;
      end
    end
  end

  ////////////////////
  // Sequencing     //
  ////////////////////
  reg  all_idle;
  always @(*) begin
    all_idle = 1'b1;
    for (g = 0; g < NWF; g = g + 1) begin
      all_idle = all_idle && (st_q[g] == W_IDLE);
    end
    for (s = 0; s < NUM_SM; s = s + 1) begin
      all_idle = all_idle && wr_idle[s];
    end
    all_idle = all_idle && (l1v_q == {NUM_SM{1'b0}}) && (bypv_q == {NUM_SM{1'b0}});
  end

  // Answers of the cycle, per SM: an L1 answer (a load's line, or a block
  // atomic's old word) or the device atomic taken; what they check.
  reg [NUM_SM-1:0]  a_ld, a_amo, a_bad;
  (* mem2reg *) reg [G_W-1:0]     a_g   [0:NUM_SM-1];
  (* mem2reg *) reg [LANE_W-1:0]  a_l   [0:NUM_SM-1];
  (* mem2reg *) reg [VAR_W-1:0]   a_v   [0:NUM_SM-1];
  (* mem2reg *) reg [SV_W-1:0]    a_sv  [0:NUM_SM-1];
  (* mem2reg *) reg [31:0]        a_val [0:NUM_SM-1];     // the word loaded, or the atomic's old value
  (* mem2reg *) reg [31:0]        a_exp [0:NUM_SM-1];
  (* mem2reg *) reg [`WW_DRF_FAIL_W-1:0] a_kind [0:NUM_SM-1];
  reg [NUM_SM-1:0]  a_seen_set, a_unchk;
  reg [WF_W-1:0]    a_wf;
  reg [WORD_W-1:0]  a_wo;
  reg [SM_W-1:0]    a_sm;
  always @(*) begin
    for (s = 0; s < NUM_SM; s = s + 1) begin
      a_sm = s[SM_W-1:0];
      a_v[s]   = {VAR_W{1'b0}};
      a_wo     = {WORD_W{1'b0}};
      a_ld[s]  = 1'b0;
      a_amo[s] = 1'b0;
      a_wf     = l1_rsp_tag_i[s*TAG_W + LANE_W +: WF_W];
      a_l[s]   = l1_rsp_tag_i[s*TAG_W +: LANE_W];
      a_val[s] = l1_rsp_data_i[s*LB +: 32];
      if (l1_rsp_valid_i[s]) begin
        a_ld[s]  = !l1_rsp_tag_i[s*TAG_W + LANE_W + WF_W];
        a_amo[s] = l1_rsp_tag_i[s*TAG_W + LANE_W + WF_W];
      end else if (byp_rsp_valid_i[s] && byp_rsp_ready_o[s]) begin
        a_amo[s] = 1'b1;
        a_wf     = byp_rsp_wf_i[s*WF_W +: WF_W];
        a_l[s]   = {LANE_W{1'b0}};
        a_val[s] = byp_rsp_old_i[s*32 +: 32];
      end
      a_g[s] = {{(G_W-SM_W){1'b0}}, a_sm} * WF[G_W-1:0] + {{(G_W-WF_W){1'b0}}, a_wf};
      if (a_ld[s]) begin
        a_v[s]  = lvar_q[{a_g[s], a_l[s]}];
        a_wo    = lwo_q[{a_g[s], a_l[s]}];
        for (k = 0; k < WORDS; k = k + 1) begin
          if (a_wo == k[WORD_W-1:0]) a_val[s] = l1_rsp_data_i[s*LB + k*32 +: 32];
        end
      end
      // the atomic's sync variable: its wavefront's episode's
      a_sv[s] = {(dev_q[a_g[s]] ? {POOL_W{1'b0}} : ({{(POOL_W-SM_W){1'b0}}, a_sm} + 1'b1)),
                 sync_q[a_g[s]]};
      if (a_amo[s]) begin
        a_v[s] = {a_sv[s][SV_W-1:NS_W], {(IDX_W-NS_W){1'b0}}, a_sv[s][NS_W-1:0]};
      end
      a_kind[s]     = `WW_DRF_FAIL_NONE;
      a_exp[s]      = lwv_q[a_v[s]] ? ref_q[a_v[s]] : 32'd0;
      a_seen_set[s] = 1'b0;
      a_unchk[s]    = 1'b0;
      if (a_ld[s] && a_val[s] != a_exp[s]) begin
        a_kind[s] = `WW_DRF_FAIL_LOAD;
      end else if (a_amo[s]) begin
        a_exp[s] = sissued_q[a_sv[s]];
        if (a_val[s] >= sissued_q[a_sv[s]]) begin
          a_kind[s] = `WW_DRF_FAIL_ATOMIC_HI;
        end else if (a_val[s] >= (32'd1 << SEEN_W)) begin
          a_unchk[s] = 1'b1;
        end else if (seen_q[{a_sv[s], a_val[s][SEEN_W-1:0]}]) begin
          a_kind[s] = `WW_DRF_FAIL_ATOMIC;
        end else begin
          a_seen_set[s] = 1'b1;
        end
      end
      a_bad[s] = (a_kind[s] != `WW_DRF_FAIL_NONE);
    end
  end

  // the failure latched this cycle: the lowest SM's answer, else the
  // watchdog of the lowest wavefront
  reg              fl_v;
  reg [`WW_DRF_FAIL_W-1:0] fl_kind;
  reg [G_W-1:0]    fl_g;
  reg [LANE_W-1:0] fl_lane;
  reg [VAR_W-1:0]  fl_var;
  reg [31:0]       fl_exp, fl_got;
  always @(*) begin
    fl_v = 1'b0;
    fl_kind = `WW_DRF_FAIL_NONE;
    fl_g = {G_W{1'b0}}; fl_lane = {LANE_W{1'b0}}; fl_var = {VAR_W{1'b0}};
    fl_exp = 32'd0; fl_got = 32'd0;
    for (g = NWF - 1; g >= 0; g = g - 1) begin
      if (st_q[g] != W_IDLE && wd_q[g] > wd_lim_q) begin
        fl_v = 1'b1; fl_kind = `WW_DRF_FAIL_HANG;
        fl_g = g[G_W-1:0]; fl_lane = {LANE_W{1'b0}}; fl_var = {VAR_W{1'b0}};
        fl_exp = wd_lim_q; fl_got = wd_q[g];
      end
    end
`ifdef WW_MUTANT_DRF_FAIL_HIGH_SM_FIRST
    for (s = 0; s < NUM_SM; s = s + 1) begin   // MUTANT: the highest SM's failure wins
`else
    for (s = NUM_SM - 1; s >= 0; s = s - 1) begin
`endif
      if (a_bad[s]) begin
        fl_v = 1'b1; fl_kind = a_kind[s];
        fl_g = a_g[s]; fl_lane = a_l[s]; fl_var = a_v[s];
        fl_exp = a_exp[s]; fl_got = a_val[s];
      end
    end
    fl_v = fl_v && run_q;
  end

  // DRF claims: the picked lane's bit (variable p_var, wavefront pick), and
  // the columns of the wavefronts whose release is answered (they retire)
  reg [NWF-1:0]      retire;
  reg [NVAR*NWF-1:0] claim_set, claim_clr;
  reg [31:0]         cnt_ld, cnt_amo, cnt_unchk, cnt_ret;   // this cycle's, for the counters
  always @(*) begin
    retire = {NWF{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      for (g = 0; g < NWF; g = g + 1) begin
        if (a_amo[s] && a_g[s] == g[G_W-1:0] && st_q[g] == W_RELW) retire[g] = 1'b1;
      end
    end
    cnt_ld = 32'd0; cnt_amo = 32'd0; cnt_unchk = 32'd0; cnt_ret = 32'd0;
    for (s = 0; s < NUM_SM; s = s + 1) begin
      cnt_ld    = cnt_ld    + {31'd0, a_ld[s]};
      cnt_amo   = cnt_amo   + {31'd0, a_amo[s]};
      cnt_unchk = cnt_unchk + {31'd0, a_unchk[s]};
    end
    for (g = 0; g < NWF; g = g + 1) begin
      cnt_ret = cnt_ret + {31'd0, retire[g]};
    end
    for (k = 0; k < NVAR; k = k + 1) begin
      claim_set[k*NWF +: NWF] = (p_var == k[VAR_W-1:0]) ? p_me : {NWF{1'b0}};
      claim_clr[k*NWF +: NWF] = retire;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q  <= 1'b0;
      done_q <= 1'b0;
      fail_q <= 1'b0;
      rr_q   <= {G_W{1'b0}};
      l1v_q  <= {NUM_SM{1'b0}};
      bypv_q <= {NUM_SM{1'b0}};
      cyc_q  <= 32'd0;
      f_kind_q <= `WW_DRF_FAIL_NONE;
      for (g = 0; g < NWF; g = g + 1) begin
        st_q[g] <= W_IDLE;
      end
      for (s = 0; s < NUM_SM; s = s + 1) begin
        l1op_q[s]   <= `WW_L1_LOAD;
        l1line_q[s] <= {LINE_W{1'b0}};
        l1tag_q[s]  <= {TAG_W{1'b0}};
        l1word_q[s] <= {WORD_W{1'b0}};
        l1data_q[s] <= 32'd0;
        bline_q[s]  <= {LINE_W{1'b0}};
        bword_q[s]  <= {WORD_W{1'b0}};
        bwf_q[s]    <= {WF_W{1'b0}};
      end
    end else if (start_i && !run_q) begin
      // a run: clear the tables, seed the generator
      run_q       <= 1'b1;
      l1v_q       <= {NUM_SM{1'b0}};
      bypv_q      <= {NUM_SM{1'b0}};
      done_q      <= 1'b0;
      fail_q      <= 1'b0;
      f_kind_q    <= `WW_DRF_FAIL_NONE;
      rnd_q       <= (seed_i == 32'd0) ? 32'h2545_F491 : seed_i;
      mul_q       <= {seed_w[RANGE_W-1:1], 1'b1};   // odd
      add_q       <= seed_w[31 -: RANGE_W];
      mask_q      <= range_mask;
      neps_q      <= episodes_i;
      nact_q      <= epi_len_i;
      wd_lim_q    <= watchdog_i;
      cyc_q       <= 32'd0;
      store_val_q <= 32'd0;
      n_ld_q <= 32'd0; n_st_q <= 32'd0; n_amo_q <= 32'd0;
      n_ep_q <= 32'd0; n_skip_q <= 32'd0; n_unchk_q <= 32'd0;
      rd_claim_q  <= {NVAR*NWF{1'b0}};
      wr_claim_q  <= {NVAR*NWF{1'b0}};
      lwv_q       <= {NVAR{1'b0}};
      lrv_q       <= {NVAR{1'b0}};
      for (k = 0; k < NSV; k = k + 1) begin
        sissued_q[k] <= 32'd0;
      end
      seen_q      <= {NSEEN{1'b0}};
      rseq_q      <= 32'd0;
      for (g = 0; g < NWF; g = g + 1) begin
        st_q[g]   <= W_EPI;
        ret_q[g]  <= 32'd0;
        ep_q[g]   <= 16'd0;
        pend_q[g] <= {LANES{1'b0}};
        wd_q[g]   <= 32'd0;
      end
    end else begin
      // request registers drain (after a failure too)
      for (s = 0; s < NUM_SM; s = s + 1) begin
        if (l1v_q[s] && l1_req_ready_i[s]) l1v_q[s] <= 1'b0;
        if (bypv_q[s] && byp_ready_i[s])   bypv_q[s] <= 1'b0;
      end
      if (run_q) begin
        cyc_q <= cyc_q + 32'd1;
        // xorshift32
        rnd_q <= (rnd_q ^ (rnd_q << 13)) ^ ((rnd_q ^ (rnd_q << 13)) >> 17) ^
                 (((rnd_q ^ (rnd_q << 13)) ^ ((rnd_q ^ (rnd_q << 13)) >> 17)) << 5);


        // the picked wavefront
        if (go) begin
          rr_q <= (pick == NWF[G_W-1:0] - 1'b1) ? {G_W{1'b0}} : pick + 1'b1;
          wd_q[pick] <= 32'd0;
          case (p_st)
            W_EPI: begin
              dev_q[pick]  <= rnd_q[0];
              sync_q[pick] <= p_sync[NS_W-1:0];
              st_q[pick]   <= W_ACQ;
            end
            W_ACQ, W_REL: begin
              if (p_dev) begin
                bypv_q[p_sm]   <= 1'b1;
                bline_q[p_sm]  <= p_wa[29:OFF_W-2];
                bword_q[p_sm]  <= p_wa[OFF_W-3:0];
                bwf_q[p_sm]    <= p_wf;
              end else begin
                l1v_q[p_sm]    <= 1'b1;
                l1op_q[p_sm]   <= `WW_L1_ATOMIC;
                l1line_q[p_sm] <= p_wa[29:OFF_W-2];
                l1word_q[p_sm] <= p_wa[OFF_W-3:0];
                l1tag_q[p_sm]  <= p_tag;
              end
              sissued_q[p_sv] <= sissued_q[p_sv] + 32'd1;
              st_q[pick] <= (p_st == W_ACQ) ? W_ACQW : W_RELW;
            end
            W_INV: begin
              start_q[pick] <= rseq_q;
              l1v_q[p_sm]  <= 1'b1;
              l1op_q[p_sm] <= `WW_L1_INVAL;
              st_q[pick]   <= W_ACT;
            end
            W_ACT: begin
              ld_q[pick]     <= rnd_q[0];
              strong_q[pick] <= (rnd_q[3:1] == 3'd0);
              cur_q[pick]    <= {(LANE_W+1){1'b0}};
              st_q[pick]     <= W_LANE;
            end
            W_LANE: begin
              if (issue_lane) begin
                l1v_q[p_sm]    <= 1'b1;
                l1line_q[p_sm] <= p_wa[29:OFF_W-2];
                l1word_q[p_sm] <= p_wa[OFF_W-3:0];
                l1tag_q[p_sm]  <= p_tag;
                if (ld_q[pick]) begin
                  l1op_q[p_sm] <= strong_q[pick] ? `WW_L1_LOAD_STRONG : `WW_L1_LOAD;
                  pend_q[pick][p_lane] <= 1'b1;
                  lvar_q[pick*LANES + p_lane] <= p_var;
                  lwo_q[pick*LANES + p_lane]  <= p_wa[OFF_W-3:0];
                end else begin
                  l1op_q[p_sm]   <= `WW_L1_STORE;
                  l1data_q[p_sm] <= store_val_q + 32'd1;
                  store_val_q    <= store_val_q + 32'd1;
                  ref_q[p_var]   <= store_val_q + 32'd1;
                  lwv_q[p_var]   <= 1'b1;
                  lwg_q[p_var]   <= pick;
                  lwl_q[p_var]   <= p_lane;
                  lwe_q[p_var]   <= ep_q[pick];
                  lwc_q[p_var]   <= cyc_q;
                  n_st_q         <= n_st_q + 32'd1;
                end
              end else begin
                n_skip_q <= n_skip_q + 32'd1;
              end
              cur_q[pick] <= cur_q[pick] + 1'b1;
              if (cur_q[pick] == LANES - 1) begin
                st_q[pick] <= W_WAIT;
              end
            end
            default: begin
            end
          endcase
        end

        // wavefronts that wait: an action's loads answered
        for (g = 0; g < NWF; g = g + 1) begin
          if (st_q[g] == W_WAIT && pend_q[g] == {LANES{1'b0}}) begin
            wd_q[g]  <= 32'd0;
            act_q[g] <= act_q[g] + 16'd1;
            st_q[g]  <= (act_q[g] + 16'd1 >= nact_q) ? W_REL : W_ACT;
          end else if (st_q[g] != W_IDLE && !(go && pick == g[G_W-1:0])) begin
            wd_q[g] <= wd_q[g] + 32'd1;
          end
        end

        if (retire != {NWF{1'b0}}) rseq_q <= rseq_q + 32'd1;
        n_ld_q    <= n_ld_q + cnt_ld;
        n_amo_q   <= n_amo_q + cnt_amo;
        n_unchk_q <= n_unchk_q + cnt_unchk;
        n_ep_q    <= n_ep_q + cnt_ret;
        rd_claim_q <= (rd_claim_q & ~claim_clr) | (issue_lane && ld_q[pick] ? claim_set : {NVAR*NWF{1'b0}});
        wr_claim_q <= (wr_claim_q & ~claim_clr) | (issue_lane && !ld_q[pick] ? claim_set : {NVAR*NWF{1'b0}});

        // answers
        for (s = 0; s < NUM_SM; s = s + 1) begin
          if (a_ld[s]) begin
            pend_q[a_g[s]][a_l[s]] <= 1'b0;
          end
          if (a_amo[s]) begin
            wd_q[a_g[s]] <= 32'd0;
`ifdef WW_MUTANT_DRF_SEEN_NOT_SET
            if (a_seen_set[s] && 1'b0) seen_q[{a_sv[s], a_val[s][SEEN_W-1:0]}] <= 1'b1;   // MUTANT
`else
            if (a_seen_set[s]) seen_q[{a_sv[s], a_val[s][SEEN_W-1:0]}] <= 1'b1;
`endif
            if (st_q[a_g[s]] == W_ACQW) begin
              st_q[a_g[s]]    <= dev_q[a_g[s]] ? W_INV : W_ACT;
              act_q[a_g[s]]   <= 16'd0;
              start_q[a_g[s]] <= rseq_q;
            end else begin
              ret_q[a_g[s]] <= rseq_q + 32'd1;
              // release answered: the episode retires, its claims go
              ep_q[a_g[s]] <= ep_q[a_g[s]] + 16'd1;
              st_q[a_g[s]] <= (ep_q[a_g[s]] + 16'd1 >= neps_q) ? W_IDLE : W_EPI;
            end
          end
          // the event log: last reader (not a failing access, so the log
          // shows the reader before it)
          if ((a_ld[s] || a_amo[s]) && !a_bad[s]) begin
            lrv_q[a_v[s]]   <= 1'b1;
            lrg_q[a_v[s]]   <= a_g[s];
            lrl_q[a_v[s]]   <= a_l[s];
            lre_q[a_v[s]]   <= ep_q[a_g[s]];
            lrc_q[a_v[s]]   <= cyc_q;
            lrval_q[a_v[s]] <= a_val[s];
          end
        end

        if (fl_v && !fail_q) begin
          fail_q   <= 1'b1;
          done_q   <= 1'b1;
          run_q    <= 1'b0;
          f_kind_q <= fl_kind;
          f_cyc_q  <= cyc_q;
          f_g_q    <= fl_g;
          f_lane_q <= fl_lane;
          f_ep_q   <= ep_q[fl_g];
          f_var_q  <= fl_var;
          f_exp_q  <= fl_exp;
          f_got_q  <= fl_got;
          f_st_q   <= st_q[fl_g];
        end else if (all_idle) begin
          done_q <= 1'b1;
          run_q  <= 1'b0;
        end
      end
    end
  end

  assign busy_o = run_q;
  assign done_o = done_q;
  assign fail_o = fail_q;

  ////////////////////
  // Status read    //
  ////////////////////
  // a sync variable's final value is the number of atomics issued to it
  wire [IDX_W-1:0] rd_idx_v = rd_var_i[IDX_W-1:0];
  wire             rd_sync  = ({{(32-IDX_W){1'b0}}, rd_idx_v} < NSYNC);
  wire [SV_W-1:0]  rd_sv    = {rd_var_i[VAR_W-1:IDX_W], rd_idx_v[NS_W-1:0]};
  always @(*) begin
    case (rd_idx_i)
      `WW_DRF_KIND:       rd_data_o = {{(32-`WW_DRF_FAIL_W){1'b0}}, f_kind_q};
      `WW_DRF_CYCLE:      rd_data_o = f_cyc_q;
      `WW_DRF_WF:         rd_data_o = {{(32-G_W){1'b0}}, f_g_q};
      `WW_DRF_LANE:       rd_data_o = {{(32-LANE_W){1'b0}}, f_lane_q};
      `WW_DRF_EPISODE:    rd_data_o = {16'd0, f_ep_q};
      `WW_DRF_VAR:        rd_data_o = {{(32-VAR_W){1'b0}}, f_var_q};
      `WW_DRF_ADDR:       rd_data_o = {waddr_of(f_var_q, mul_q, add_q, mask_q), 2'b00};
      `WW_DRF_EXPECT:     rd_data_o = f_exp_q;
      `WW_DRF_GOT:        rd_data_o = f_got_q;
      `WW_DRF_STATE:      rd_data_o = {28'd0, f_st_q};
      `WW_DRF_LW_VALID:   rd_data_o = {31'd0, lwv_q[f_var_q]};
      `WW_DRF_LW_WF:      rd_data_o = {{(32-G_W){1'b0}}, lwg_q[f_var_q]};
      `WW_DRF_LW_LANE:    rd_data_o = {{(32-LANE_W){1'b0}}, lwl_q[f_var_q]};
      `WW_DRF_LW_EPISODE: rd_data_o = {16'd0, lwe_q[f_var_q]};
      `WW_DRF_LW_CYCLE:   rd_data_o = lwc_q[f_var_q];
      `WW_DRF_LW_VALUE:   rd_data_o = lwv_q[f_var_q] ? ref_q[f_var_q] : 32'd0;
      `WW_DRF_LR_VALID:   rd_data_o = {31'd0, lrv_q[f_var_q]};
      `WW_DRF_LR_WF:      rd_data_o = {{(32-G_W){1'b0}}, lrg_q[f_var_q]};
      `WW_DRF_LR_LANE:    rd_data_o = {{(32-LANE_W){1'b0}}, lrl_q[f_var_q]};
      `WW_DRF_LR_EPISODE: rd_data_o = {16'd0, lre_q[f_var_q]};
      `WW_DRF_LR_CYCLE:   rd_data_o = lrc_q[f_var_q];
      `WW_DRF_LR_VALUE:   rd_data_o = lrval_q[f_var_q];
      `WW_DRF_CYCLES:     rd_data_o = cyc_q;
      `WW_DRF_LOADS:      rd_data_o = n_ld_q;
      `WW_DRF_STORES:     rd_data_o = n_st_q;
      `WW_DRF_ATOMICS:    rd_data_o = n_amo_q;
      `WW_DRF_EPISODES:   rd_data_o = n_ep_q;
      `WW_DRF_SKIPPED:    rd_data_o = n_skip_q;
      `WW_DRF_UNCHECKED:  rd_data_o = n_unchk_q;
      `WW_DRF_REF_ADDR:   rd_data_o = {waddr_of(rd_var_i, mul_q, add_q, mask_q), 2'b00};
      `WW_DRF_REF_VALUE:  rd_data_o = rd_sync ? sissued_q[rd_sv] : (lwv_q[rd_var_i] ? ref_q[rd_var_i] : 32'd0);
      `WW_DRF_REF_VALID:  rd_data_o = {31'd0, rd_sync || lwv_q[rd_var_i]};
      default:            rd_data_o = 32'd0;
    endcase
  end

endmodule  // ww_drf_tester
`default_nettype wire
