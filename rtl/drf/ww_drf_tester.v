// SPDX-License-Identifier: Apache-2.0
//
// ww_drf_tester -- the autonomous data-race-free memory tester's generator
// and checker (the autonomous DRF GPU testing paper, sec. III; docs/drf.md).
// It takes the SMs' place on their L1 core ports and device-atomic ports
// (ww_drf_top) and drives NUM_SM x WF wavefronts of LANES lanes each. Its
// per-variable tables are block RAMs with one read and one write port
// (ww_sram_1r1w), so it fits an FPGA; they answer a read of the entry
// written in the same cycle with the old data (RW_OLD), as the tester's C
// model does (a status read or a check may meet a store's update).
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
// Variables: v = {pool, idx} (pool 0 device, 1 + s the block pool of SM s).
// idx < NSYNC: sync variables (only the acquire/release atomics touch
// them); the top LANES indices: line variables, idx = 2^IDX_W - LANES + l
// for lane l; the rest: word variables, lane l using those with idx mod
// LANES == l (two lanes of a wavefront never share one). A word variable is
// word (v * MUL + ADD) mod 2^RANGE_W of the window at BASE, MUL odd and ADD
// from the seed: a random bijection, so variables of every pool share lines
// (false sharing; a window of 2^VAR_W words packs every line full); the
// window is 2^range_i words (run time, VAR_W..RANGE_W). A line variable is
// a whole line of the line window after the word window (line {pool, l} of
// the window at BASE + 4 * 2^RANGE_W). An action is a word action, or one in
// eight a line action: every lane stores all words of its line variable
// (value + word index, every byte enabled: a whole-line write at L2) or
// loads the line and checks every word.
// DRF rules (paper sec. III-A), checked for a lane's variable: a load needs
// no other active episode storing it, a store needs no other active episode
// loading or storing it; a lane whose variable breaks a rule skips the
// action (the paper picks again; docs/drf.md). The paper generates an
// episode's accesses when it starts, so a variable's last writer has retired
// before the episode acquired; picking per action, the tester asks for that
// happens-before order explicitly: another wavefront's last store to the
// variable must be from an episode that retired before this one acquired
// (rseq_q, start_q, ret_q).
// Claims are kept per variable in the claim RAM as (wavefront, episode):
// one writer, and a reader entry per wavefront; an entry counts while its
// wavefront is still in that episode (ep_q), so retiring clears nothing.
// A lane's action takes two cycles: the pick reads the variable's claim row
// (W_LANE), the next cycle checks it and issues (the check stage c_*_q,
// its wavefront in W_CHK; the claim row written the cycle before is
// forwarded). While a check stage holds a lane of SM s, no other request of
// SM s is picked (its L1 request register is reserved).
// Checks: a load's words equal the reference memory (ref RAM, one copy per
// SM; updated by each store as it is issued: the rules keep every other
// episode off the variable until this one retires; 0 = never stored, memory
// starts zeroed); an atomic's old value is unique per sync variable (a
// bitmap of 2^SEEN_W values per sync variable, a seen RAM of 32-bit words
// per pool; a larger value is only checked against the number of atomics
// issued to the variable) and below that number; a wavefront waiting longer
// than watchdog_i cycles for an answer or a port fails (forward progress).
// Answers are registered (the answer stage a*_q) while the RAMs are read, and
// checked the cycle after they arrive. The first failure stops the generator
// and is latched with the variable and the failing word (its address is
// computed when read); the variable's event log
// (last writer: claim and lw RAMs, last reader: one lr RAM per SM, the later
// entry wins; wavefront, lane, episode, cycle, value: the paper's Table V)
// is read from the RAMs afterwards.
// Run start: start_i latches the settings and clears every RAM, one address
// a cycle (CLR_N cycles, busy_o high), then the wavefronts start.
// Status words (WW_DRF_* of ww_proto.vh): rd_data_o is registered, the word
// of rd_idx_i / rd_var_i one cycle later; the RAM words (LW_*, LR_*,
// REF_VALUE, REF_VALID) are right only while the tester is not busy.
//
// Ports: one request a cycle in all; it enters its SM's request register
// (L1: l1*_q, device atomic: b*_q; reset, cleared at start), which holds it
// until the port takes it (after a failure too). A device release also
// waits until its SM's L1 register is empty and not reserved (a store there
// is not yet in the L1's wr_pending_o). L1 tags: {atomic, wavefront, lane}
// (lane 0 for atomics). Device atomics carry the wavefront in their answer
// id (byp_rsp_wf_i). byp_rsp_ready_o: one device-atomic answer a cycle in
// all (the lowest SM without an L1 answer that cycle), so each seen RAM
// gets at most one answer a cycle.
// Parameters: BASE line-aligned; WF, LANES powers of two >= 2; NSYNC + LANES < 2^IDX_W; IDX_W >
// log2 LANES; RANGE_W >= VAR_W; SEEN_W >= 5; TAG_W >= 1 + log2 WF + log2
// LANES.

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
  // status words (WW_DRF_*), registered: the word of rd_idx_i / rd_var_i a cycle later
  input  wire [5:0]                    rd_idx_i,
  input  wire [VAR_W-1:0]              rd_var_i,      // variable of the REF words
  output wire [31:0]                   rd_data_o
);

  localparam NVAR   = 1 << VAR_W;
  localparam NS_W   = (NSYNC > 1) ? $clog2(NSYNC) : 1;
  localparam NSV    = 1 << (POOL_W + NS_W);       // sync variable slots {pool, sync idx}
  localparam SV_W   = POOL_W + NS_W;
  localparam NPOOL  = NUM_SM + 1;
  localparam SEL_W  = IDX_W - LANE_W;             // random bits of a lane's pick
  localparam WORDS  = LINE_BYTES / 4;
  localparam NG     = NWF * LANES;                // lane slots
  // RAMs
  localparam SA_W   = NS_W + SEEN_W - 5;          // seen RAM: 32-bit words per pool
  localparam SEEN_D = 1 << SA_W;
  localparam CLR_N  = (NVAR > SEEN_D) ? NVAR : SEEN_D;
  localparam CLR_W  = $clog2(CLR_N);
  // claim row: writer {valid, wavefront, episode}, last writer {valid,
  // wavefront}, per wavefront h a reader entry {valid, episode}
  localparam CL_WG  = 1;
  localparam CL_WE  = 1 + G_W;
  localparam CL_LV  = 17 + G_W;
  localparam CL_LG  = 18 + G_W;
  localparam CL_RD  = 18 + 2 * G_W;
  localparam CL_W   = CL_RD + 17 * NWF;
  localparam LW_W   = 48 + LANE_W;                // {cycle, episode, lane}
  localparam LR_W   = 81 + LANE_W + G_W;          // {value, cycle, episode, lane, wavefront, valid}
  localparam [29:0] LWIN = BASE[31:2] + (30'd1 << RANGE_W);   // line window (words)

  // wavefront states
  localparam [3:0] W_IDLE = 4'd0;   // not started / done
  localparam [3:0] W_EPI  = 4'd1;   // start an episode: scope, sync variable
  localparam [3:0] W_ACQ  = 4'd2;   // issue the acquire atomic
  localparam [3:0] W_ACQW = 4'd3;   // wait for its answer
  localparam [3:0] W_INV  = 4'd4;   // device acquire: issue L1 INVAL
  localparam [3:0] W_ACT  = 4'd5;   // start an action: load or store, word or line
  localparam [3:0] W_LANE = 4'd6;   // lane cur_q picks its variable (claim row read)
  localparam [3:0] W_WAIT = 4'd7;   // wait for the action's load answers
  localparam [3:0] W_REL  = 4'd8;   // issue the release atomic (device: writes acked first)
  localparam [3:0] W_RELW = 4'd9;   // wait for its answer, then retire
  localparam [3:0] W_CHK  = 4'd10;  // the check stage holds the lane: check the rules, issue

  ////////////////////
  // Run state      //
  ////////////////////
  reg              run_q, clr_q, done_q, fail_q;
  reg [CLR_W-1:0]  clr_idx_q;
  reg [31:0]       rnd_q, cyc_q, wd_lim_q;
  reg [RANGE_W-1:0] mul_q, add_q, mask_q;
  reg [15:0]       neps_q, nact_q;
  reg [G_W-1:0]    rr_q;
  // per wavefront g = s * WF + w
  reg [3:0]        st_q   [0:NWF-1];
  reg              dev_q  [0:NWF-1];               // episode scope: device
  reg              ld_q   [0:NWF-1];               // action: load (else store)
  reg              line_q [0:NWF-1];               // action: line variables
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
  // per lane slot g * LANES + l: its outstanding load
  reg [VAR_W-1:0]  lvar_q [0:NG-1];
  reg [WORD_W-1:0] lwo_q  [0:NG-1];
  reg              lline_q [0:NG-1];
  // sync variables: atomics issued
  reg [31:0]       sissued_q [0:NSV-1];
  // counters and the latched failure
  reg [31:0]       n_ld_q, n_st_q, n_amo_q, n_ep_q, n_skip_q, n_unchk_q, store_val_q;
  reg [`WW_DRF_FAIL_W-1:0] f_kind_q;
  reg [31:0]       f_cyc_q, f_exp_q, f_got_q;
  reg [WORD_W-1:0] f_word_q;                      // the failing word of a line variable
  reg [G_W-1:0]    f_g_q;
  reg [LANE_W-1:0] f_lane_q;
  reg [15:0]       f_ep_q;
  reg [VAR_W-1:0]  f_var_q;
  reg [3:0]        f_st_q;

  ////////////////////
  // Helpers        //
  ////////////////////
  // the word address of variable v: a line variable's line in the line
  // window, else word (v * mul + add) mod 2^RANGE_W of the window (a
  // bijection: mul is odd)
  function [29:0] waddr_of(input [VAR_W-1:0] v, input [RANGE_W-1:0] mul, input [RANGE_W-1:0] add,
                           input [RANGE_W-1:0] mask);
    reg [RANGE_W-1:0] w;
    begin
      w = ({{(RANGE_W-VAR_W){1'b0}}, v} * mul + add) & mask;
      if (&v[IDX_W-1:LANE_W]) begin
        waddr_of = LWIN + ({{(30-POOL_W-LANE_W){1'b0}}, v[VAR_W-1:IDX_W], v[LANE_W-1:0]} << WORD_W);
      end else begin
        waddr_of = BASE[31:2] + {{(30-RANGE_W){1'b0}}, w};
      end
    end
  endfunction

  integer g, s, k, h;
  integer aw;   // the answer stage's loops (set first there: a loop variable set on some paths only is a latch)
  // the window's mask: range_i clipped to VAR_W..RANGE_W
  reg [RANGE_W-1:0] range_mask;
  always @(*) begin
    range_mask = {RANGE_W{1'b0}};
    for (k = 0; k < RANGE_W; k = k + 1) begin
      range_mask[k] = (k < VAR_W) || (k < range_i);
    end
  end
  wire [31:0] seed_w = seed_i * 32'h9E37_79B1;   // spread the seed's bits

  ////////////////////
  // Check stage    //
  ////////////////////
  reg               c_v_q;                       // a lane waits for its check
  reg [G_W-1:0]     c_g_q;
  reg [SM_W-1:0]    c_sm_q;
  reg [WF_W-1:0]    c_wf_q;
  reg [LANE_W-1:0]  c_lane_q;
  reg [VAR_W-1:0]   c_var_q;
  reg [29:0]        c_wa_q;
  reg               c_normal_q;
  // the claim row written last cycle (forwarded to a read of the same row)
  reg               cw_v_q;
  reg [VAR_W-1:0]   cw_a_q;
  reg [CL_W-1:0]    cw_d_q;
  reg [NUM_SM-1:0]  resv;                        // SM's L1 register reserved by the check stage
  always @(*) begin
    resv = {NUM_SM{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      resv[s] = c_v_q && c_sm_q == s[SM_W-1:0];
    end
  end

  ////////////////////
  // Pick           //
  ////////////////////
  // what wavefront g would issue now, and whether it can
  reg [NWF-1:0]    can;
  (* mem2reg *) reg              wr_idle [0:NUM_SM-1];
  reg [NUM_SM-1:0] l1_free, byp_free;
  reg [NUM_SM-1:0] l1v_q, bypv_q;
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
        W_REL:  can[g] = dev_q[g] ? (byp_free[g / WF] && wr_idle[g / WF] && !l1v_q[g / WF] &&
                                     !resv[g / WF])
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
  wire [SEL_W-1:0]  p_sel  = line_q[pick] ? {SEL_W{1'b1}} : rnd_q[8 +: SEL_W];
  wire [IDX_W-1:0]  p_idx  = {p_sel, p_lane};
  wire [VAR_W-1:0]  p_var  = {p_pool, p_idx};
  wire [VAR_W-1:0]  p_svar = {p_pool, {(IDX_W-NS_W){1'b0}}, sync_q[pick]};
  wire [31:0]       p_sync = {{(32-NS_W){1'b0}}, rnd_q[1 +: NS_W]} % NSYNC;   // a new episode's
  wire [SV_W-1:0]   p_sv   = {p_pool, sync_q[pick]};
  // a word action's pick may land on a sync or a line variable: it skips
  wire              p_normal = line_q[pick] ||
                               (({{(32-IDX_W){1'b0}}, p_idx} >= NSYNC) && !(&p_sel));
  wire              go     = pick_v;
  wire [29:0]       p_wa   = waddr_of((p_st == W_LANE) ? p_var : p_svar, mul_q, add_q, mask_q);
  wire [TAG_W-1:0]  p_tag  = {{(TAG_W-1-WF_W-LANE_W){1'b0}}, 1'b1, p_wf, {LANE_W{1'b0}}};

  ////////////////////
  // Claim RAM      //
  ////////////////////
  wire [CL_W-1:0]  cl_rdata;
  reg  [VAR_W-1:0] cl_raddr;
  reg              cl_we;
  reg  [VAR_W-1:0] cl_waddr;
  reg  [CL_W-1:0]  cl_wdata;
  ww_sram_1r1w #(.WIDTH(CL_W), .DEPTH(NVAR), .RW_OLD(1)) u_claim (
    .clk_i (clk_i), .raddr_i (cl_raddr), .rdata_o (cl_rdata),
    .we_i (cl_we), .waddr_i (cl_waddr), .wdata_i (cl_wdata)
  );

  // the check: the lane's claim row (forwarded), the rules, the new row
  wire [CL_W-1:0]  c_row  = (cw_v_q && cw_a_q == c_var_q) ? cw_d_q : cl_rdata;
  wire [G_W-1:0]   c_wg   = c_row[CL_WG +: G_W];
  wire [G_W-1:0]   c_lwg  = c_row[CL_LG +: G_W];
  reg              c_oth_w, c_oth_r;
  reg  [CL_W-1:0]  c_new;
  always @(*) begin
    c_oth_w = c_row[0] && c_wg != c_g_q && ep_q[c_wg] == c_row[CL_WE +: 16];
    c_oth_r = 1'b0;
    for (h = 0; h < NWF; h = h + 1) begin
      if (h[G_W-1:0] != c_g_q && c_row[CL_RD + 17*h] && ep_q[h] == c_row[CL_RD + 17*h + 1 +: 16]) begin
        c_oth_r = 1'b1;
      end
    end
    c_new = c_row;
    for (h = 0; h < NWF; h = h + 1) begin
      if (ld_q[c_g_q] && h[G_W-1:0] == c_g_q) begin
        c_new[CL_RD + 17*h +: 17] = {ep_q[c_g_q], 1'b1};
      end
    end
    if (!ld_q[c_g_q]) begin
      c_new[0 +: CL_LV] = {ep_q[c_g_q], c_g_q, 1'b1};
      c_new[CL_LV +: 1 + G_W] = {c_g_q, 1'b1};
    end
  end
  // the last writer, if another wavefront, retired that episode before this
  // one acquired (ret_q is its latest retirement: conservative)
`ifdef WW_MUTANT_DRF_HB_STRICT
  wire c_hb = !c_row[CL_LV] || c_lwg == c_g_q || ret_q[c_lwg] < start_q[c_g_q];    // MUTANT
`else
  wire c_hb = !c_row[CL_LV] || c_lwg == c_g_q || ret_q[c_lwg] <= start_q[c_g_q];
`endif
  wire c_ok    = c_normal_q && c_hb && !c_oth_w && (ld_q[c_g_q] || !c_oth_r);
  wire c_issue = run_q && c_v_q && c_ok;
  wire c_store = c_issue && !ld_q[c_g_q];
  wire [31:0] c_val = store_val_q + 32'd1;       // a store's value

  ////////////////////
  // Request regs   //
  ////////////////////
  reg [`WW_L1_W-1:0]      l1op_q   [0:NUM_SM-1];
  reg [LINE_W-1:0]        l1line_q [0:NUM_SM-1];
  reg [TAG_W-1:0]         l1tag_q  [0:NUM_SM-1];
  reg [WORD_W-1:0]        l1word_q [0:NUM_SM-1];
  reg                     l1full_q [0:NUM_SM-1];   // a line store: every byte
  reg [31:0]              l1data_q [0:NUM_SM-1];
  reg [LINE_W-1:0]        bline_q  [0:NUM_SM-1];
  reg [WORD_W-1:0]        bword_q  [0:NUM_SM-1];
  reg [WF_W-1:0]          bwf_q    [0:NUM_SM-1];
  always @(*) begin
    l1_free  = (~l1v_q | l1_req_ready_i) & ~resv;
    byp_free = ~bypv_q | byp_ready_i;
  end
  genvar gs, gk;
  for (gs = 0; gs < NUM_SM; gs = gs + 1) begin : g_port
    assign l1_req_op_o[gs*`WW_L1_W +: `WW_L1_W] = l1op_q[gs];
    assign l1_req_line_o[gs*LINE_W +: LINE_W]   = l1line_q[gs];
    assign l1_req_tag_o[gs*TAG_W +: TAG_W]      = l1tag_q[gs];
    assign l1_req_amo_word_o[gs*WORD_W +: WORD_W] = l1word_q[gs];
    // a word store writes its value to every word (one enabled), a line
    // store value + k to word k
    for (gk = 0; gk < WORDS; gk = gk + 1) begin : g_word
      assign l1_req_wdata_o[gs*LB + gk*32 +: 32] = l1data_q[gs] + (l1full_q[gs] ? gk : 0);
    end
    assign l1_req_be_o[gs*LINE_BYTES +: LINE_BYTES] = l1full_q[gs] ? {LINE_BYTES{1'b1}} :
      ({{(LINE_BYTES-4){1'b0}}, 4'hF} << {l1word_q[gs], 2'b00});
    assign byp_line_o[gs*LINE_W +: LINE_W] = bline_q[gs];
    assign byp_word_o[gs*WORD_W +: WORD_W] = bword_q[gs];
    assign byp_wf_o[gs*WF_W +: WF_W]       = bwf_q[gs];
  end
  assign l1_req_valid_o = l1v_q;
  assign byp_valid_o    = bypv_q;

  ////////////////////
  // Answers        //
  ////////////////////
  // device atomics: one a cycle, the lowest SM without an L1 answer
  always @(*) begin
    byp_rsp_ready_o = {NUM_SM{1'b0}};
    for (s = NUM_SM - 1; s >= 0; s = s - 1) begin
      if (byp_rsp_valid_i[s] && !l1_rsp_valid_i[s]) begin
        byp_rsp_ready_o = {{(NUM_SM-1){1'b0}}, 1'b1} << s;
      end
    end
  end

  // the answers arriving, per SM: an L1 answer (a load's line, or a block
  // atomic's old word) or the device atomic taken; registered into the
  // answer stage while the ref and seen RAMs are read
  reg [NUM_SM-1:0]  n_ld, n_amo, n_byp;
  (* mem2reg *) reg [G_W-1:0]     n_g   [0:NUM_SM-1];
  (* mem2reg *) reg [LANE_W-1:0]  n_l   [0:NUM_SM-1];
  (* mem2reg *) reg [VAR_W-1:0]   n_v   [0:NUM_SM-1];
  (* mem2reg *) reg [SV_W-1:0]    n_sv  [0:NUM_SM-1];
  reg [WF_W-1:0]    n_wf;
  reg [SM_W-1:0]    n_sm;
  always @(*) begin
    n_byp = byp_rsp_valid_i & byp_rsp_ready_o;
    for (s = 0; s < NUM_SM; s = s + 1) begin
      n_sm     = s[SM_W-1:0];
      n_wf     = n_byp[s] ? byp_rsp_wf_i[s*WF_W +: WF_W] : l1_rsp_tag_i[s*TAG_W + LANE_W +: WF_W];
      n_l[s]   = n_byp[s] ? {LANE_W{1'b0}} : l1_rsp_tag_i[s*TAG_W +: LANE_W];
      n_ld[s]  = l1_rsp_valid_i[s] && !l1_rsp_tag_i[s*TAG_W + LANE_W + WF_W];
      n_amo[s] = (l1_rsp_valid_i[s] && l1_rsp_tag_i[s*TAG_W + LANE_W + WF_W]) || n_byp[s];
      n_g[s]   = {{(G_W-SM_W){1'b0}}, n_sm} * WF[G_W-1:0] + {{(G_W-WF_W){1'b0}}, n_wf};
      // the atomic's sync variable: its wavefront's episode's
      n_sv[s]  = {(n_byp[s] ? {POOL_W{1'b0}} : ({{(POOL_W-SM_W){1'b0}}, n_sm} + 1'b1)), sync_q[n_g[s]]};
      n_v[s]   = n_amo[s] ? {n_sv[s][SV_W-1:NS_W], {(IDX_W-NS_W){1'b0}}, n_sv[s][NS_W-1:0]}
                          : lvar_q[{n_g[s], n_l[s]}];
    end
  end

  // the answer stage
  reg [NUM_SM-1:0]  a_ld_q, a_amo_q, a_byp_q;
  (* mem2reg *) reg [G_W-1:0]     a_g_q    [0:NUM_SM-1];
  (* mem2reg *) reg [LANE_W-1:0]  a_l_q    [0:NUM_SM-1];
  (* mem2reg *) reg [VAR_W-1:0]   a_v_q    [0:NUM_SM-1];
  (* mem2reg *) reg [SV_W-1:0]    a_sv_q   [0:NUM_SM-1];
  (* mem2reg *) reg [WORD_W-1:0]  a_wo_q   [0:NUM_SM-1];
  (* mem2reg *) reg               a_line_q [0:NUM_SM-1];
  (* mem2reg *) reg [LB-1:0]      a_data_q [0:NUM_SM-1];   // the line loaded, or the old value in word 0
  wire [32*NUM_SM-1:0] ref_rdata;

  // seen RAMs, one per pool: pool 0 answers come from the device atomic
  // taken, pool 1 + s from SM s's block atomics
  reg  [SA_W*NPOOL-1:0]  sn_raddr;
  wire [32*NPOOL-1:0]    sn_rdata;
  reg  [NPOOL-1:0]       sn_we;
  reg  [SA_W*NPOOL-1:0]  sn_waddr;
  reg  [32*NPOOL-1:0]    sn_wdata;
  reg  [NPOOL-1:0]       sw_v_q;                 // last cycle's writes (forwarded)
  (* mem2reg *) reg  [SA_W-1:0]        sw_a_q  [0:NPOOL-1];
  (* mem2reg *) reg  [31:0]            sw_d_q  [0:NPOOL-1];
  (* mem2reg *) reg  [SA_W-1:0]        sr_a_q  [0:NPOOL-1];    // the address read last cycle
  wire [31:0]            n_old   [0:NUM_SM-1];
  for (gs = 0; gs < NUM_SM; gs = gs + 1) begin : g_old
    assign n_old[gs] = n_byp[gs] ? byp_rsp_old_i[gs*32 +: 32] : l1_rsp_data_i[gs*LB +: 32];
  end
  // the seen word of an answer: {sync idx, value} without the low 5 bits
  reg [NS_W+SEEN_W-1:0] n_sbit;
  always @(*) begin
    sn_raddr = {SA_W*NPOOL{1'b0}};
    n_sbit   = {(NS_W+SEEN_W){1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      n_sbit = {n_sv[s][NS_W-1:0], n_old[s][SEEN_W-1:0]};
      if (n_byp[s]) begin
        sn_raddr[0 +: SA_W] = n_sbit[NS_W+SEEN_W-1:5];
      end
      sn_raddr[(s+1)*SA_W +: SA_W] = n_sbit[NS_W+SEEN_W-1:5];
    end
  end

  // the checks of the answer stage
  reg [NUM_SM-1:0]  a_bad, a_unchk, a_seen_set;
  (* mem2reg *) reg [31:0]  a_val  [0:NUM_SM-1];    // the (first bad) word, or the atomic's old value
  (* mem2reg *) reg [31:0]  a_exp  [0:NUM_SM-1];
  (* mem2reg *) reg [WORD_W-1:0] a_word [0:NUM_SM-1];  // its word in a line variable (else 0)
  (* mem2reg *) reg [`WW_DRF_FAIL_W-1:0] a_kind [0:NUM_SM-1];
  (* mem2reg *) reg [31:0]  a_seen [0:NUM_SM-1];    // the atomic's seen word (forwarded)
  (* mem2reg *) reg [SA_W-1:0] a_sa [0:NUM_SM-1];
  reg [POOL_W-1:0]  a_pool;
  reg [31:0]        a_ref, a_w, a_e;
  reg               a_found;
  always @(*) begin
    aw  = 0;
    a_w = 32'd0;
    a_e = 32'd0;
    a_pool = {POOL_W{1'b0}};
    a_bad = {NUM_SM{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      a_pool    = a_byp_q[s] ? {POOL_W{1'b0}} : s[POOL_W-1:0] + 1'b1;
      a_sa[s]   = sr_a_q[a_pool];
      a_seen[s] = (sw_v_q[a_pool] && sw_a_q[a_pool] == a_sa[s]) ? sw_d_q[a_pool]
                                                                 : sn_rdata[a_pool*32 +: 32];
      a_ref     = ref_rdata[s*32 +: 32];
      a_kind[s] = `WW_DRF_FAIL_NONE;
      a_val[s]  = a_data_q[s][0 +: 32];
      a_exp[s]  = a_ref;
      a_word[s] = {WORD_W{1'b0}};
      a_seen_set[s] = 1'b0;
      a_unchk[s]    = 1'b0;
      a_found       = 1'b0;
      if (a_ld_q[s]) begin
        // word k of a line variable holds value + k (0: never stored)
        for (aw = 0; aw < WORDS; aw = aw + 1) begin
          a_w = a_data_q[s][aw*32 +: 32];
          a_e = (a_ref == 32'd0) ? 32'd0 : a_ref + aw;
          if (a_line_q[s] && !a_found && a_w != a_e) begin
            a_found  = 1'b1;
            a_val[s] = a_w;
            a_exp[s] = a_e;
            a_word[s] = aw[WORD_W-1:0];
          end
          if (!a_line_q[s] && a_wo_q[s] == aw[WORD_W-1:0]) begin
            a_val[s] = a_w;
            a_found  = (a_w != a_ref);
          end
        end
        if (a_found) a_kind[s] = `WW_DRF_FAIL_LOAD;
      end else if (a_amo_q[s]) begin
        a_exp[s] = sissued_q[a_sv_q[s]];
        if (a_val[s] >= sissued_q[a_sv_q[s]]) begin
          a_kind[s] = `WW_DRF_FAIL_ATOMIC_HI;
        end else if (a_val[s] >= (32'd1 << SEEN_W)) begin
          a_unchk[s] = 1'b1;
        end else if (a_seen[s][a_val[s][4:0]]) begin
          a_kind[s] = `WW_DRF_FAIL_ATOMIC;
        end else begin
          a_seen_set[s] = 1'b1;
        end
      end
      a_bad[s] = (a_kind[s] != `WW_DRF_FAIL_NONE);
    end
    // seen RAM writes: the bit of each new value
    sn_we    = {NPOOL{1'b0}};
    sn_waddr = {SA_W*NPOOL{1'b0}};
    sn_wdata = {32*NPOOL{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      a_pool = a_byp_q[s] ? {POOL_W{1'b0}} : s[POOL_W-1:0] + 1'b1;
`ifdef WW_MUTANT_DRF_SEEN_NOT_SET
      if (a_seen_set[s] && 1'b0) begin   // MUTANT
`else
      if (a_seen_set[s]) begin
`endif
        sn_we[a_pool] = 1'b1;
        sn_waddr[a_pool*SA_W +: SA_W] = a_sa[s];
        sn_wdata[a_pool*32 +: 32]     = a_seen[s] | (32'd1 << a_val[s][4:0]);
      end
    end
    if (clr_q) begin
      sn_we    = {NPOOL{1'b1}};
      for (aw = 0; aw < NPOOL; aw = aw + 1) begin
        sn_waddr[aw*SA_W +: SA_W] = clr_idx_q[SA_W-1:0];
      end
    end
  end

  for (gs = 0; gs < NPOOL; gs = gs + 1) begin : g_seen
    ww_sram_1r1w #(.WIDTH(32), .DEPTH(SEEN_D), .RW_OLD(1)) u_seen (
      .clk_i (clk_i), .raddr_i (sn_raddr[gs*SA_W +: SA_W]), .rdata_o (sn_rdata[gs*32 +: 32]),
      .we_i (sn_we[gs]), .waddr_i (sn_waddr[gs*SA_W +: SA_W]), .wdata_i (sn_wdata[gs*32 +: 32])
    );
  end

  ////////////////////
  // Status read    //
  ////////////////////
  // the RAMs' read ports serve the status words while the tester is not
  // running: the failing variable's log, or rd_var_i's reference value
  wire             st_ref  = (rd_idx_i == `WW_DRF_REF_VALUE) || (rd_idx_i == `WW_DRF_REF_VALID);
  wire [VAR_W-1:0] st_var  = st_ref ? rd_var_i : f_var_q;

  ////////////////////
  // Ref, log RAMs  //
  ////////////////////
  wire [CLR_W-1:0] clr_a = clr_idx_q;
  wire [LW_W-1:0]  lw_rdata;
  ww_sram_1r1w #(.WIDTH(LW_W), .DEPTH(NVAR), .RW_OLD(1)) u_lw (
    .clk_i (clk_i), .raddr_i (f_var_q), .rdata_o (lw_rdata),
    .we_i (c_store || clr_q), .waddr_i (clr_q ? clr_a[VAR_W-1:0] : c_var_q),
    .wdata_i (clr_q ? {LW_W{1'b0}} : {cyc_q, ep_q[c_g_q], c_lane_q})
  );
  wire [LR_W*NUM_SM-1:0] lr_rdata;
  for (gs = 0; gs < NUM_SM; gs = gs + 1) begin : g_sm_ram
    // the reference memory, one copy per SM (its answers read it)
    ww_sram_1r1w #(.WIDTH(32), .DEPTH(NVAR), .RW_OLD(1)) u_ref (
      .clk_i (clk_i), .raddr_i (run_q ? n_v[gs] : st_var), .rdata_o (ref_rdata[gs*32 +: 32]),
      .we_i (c_store || clr_q), .waddr_i (clr_q ? clr_a[VAR_W-1:0] : c_var_q),
      .wdata_i (clr_q ? 32'd0 : c_val)
    );
    // the last reader of SM gs's answers
    wire lr_we = run_q && (a_ld_q[gs] || a_amo_q[gs]) && !a_bad[gs];
    ww_sram_1r1w #(.WIDTH(LR_W), .DEPTH(NVAR), .RW_OLD(1)) u_lr (
      .clk_i (clk_i), .raddr_i (f_var_q), .rdata_o (lr_rdata[gs*LR_W +: LR_W]),
      .we_i (lr_we || clr_q), .waddr_i (clr_q ? clr_a[VAR_W-1:0] : a_v_q[gs]),
      .wdata_i (clr_q ? {LR_W{1'b0}} : {a_val[gs], cyc_q, ep_q[a_g_q[gs]], a_l_q[gs], a_g_q[gs], 1'b1})
    );
  end
  always @(*) begin
    cl_raddr = run_q ? p_var : st_var;
    cl_we    = clr_q || c_issue;
    cl_waddr = clr_q ? clr_a[VAR_W-1:0] : c_var_q;
    cl_wdata = clr_q ? {CL_W{1'b0}} : c_new;
  end

  ////////////////////
  // Sequencing     //
  ////////////////////
  reg  all_idle;
  always @(*) begin
    all_idle = !c_v_q && (a_ld_q == {NUM_SM{1'b0}}) && (a_amo_q == {NUM_SM{1'b0}});
    for (g = 0; g < NWF; g = g + 1) begin
      all_idle = all_idle && (st_q[g] == W_IDLE);
    end
    for (s = 0; s < NUM_SM; s = s + 1) begin
      all_idle = all_idle && wr_idle[s];
    end
    all_idle = all_idle && (l1v_q == {NUM_SM{1'b0}}) && (bypv_q == {NUM_SM{1'b0}});
  end

  // the failure latched this cycle: the lowest SM's answer, else the
  // watchdog of the lowest wavefront
  reg              fl_v;
  reg [`WW_DRF_FAIL_W-1:0] fl_kind;
  reg [G_W-1:0]    fl_g;
  reg [LANE_W-1:0] fl_lane;
  reg [VAR_W-1:0]  fl_var;
  reg [31:0]       fl_exp, fl_got;
  reg [WORD_W-1:0] fl_word;
  always @(*) begin
    fl_v = 1'b0;
    fl_kind = `WW_DRF_FAIL_NONE;
    fl_g = {G_W{1'b0}}; fl_lane = {LANE_W{1'b0}}; fl_var = {VAR_W{1'b0}};
    fl_exp = 32'd0; fl_got = 32'd0;
    fl_word = {WORD_W{1'b0}};
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
        fl_g = a_g_q[s]; fl_lane = a_l_q[s]; fl_var = a_v_q[s];
        fl_exp = a_exp[s]; fl_got = a_val[s]; fl_word = a_word[s];
      end
    end
    fl_v = fl_v && run_q;
  end

  // wavefronts whose release is answered retire; this cycle's counts
  reg [NWF-1:0]      retire;
  reg [31:0]         cnt_ld, cnt_amo, cnt_unchk, cnt_ret;
  always @(*) begin
    retire = {NWF{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      for (g = 0; g < NWF; g = g + 1) begin
        if (a_amo_q[s] && a_g_q[s] == g[G_W-1:0] && st_q[g] == W_RELW) retire[g] = 1'b1;
      end
    end
    cnt_ld = 32'd0; cnt_amo = 32'd0; cnt_unchk = 32'd0; cnt_ret = 32'd0;
    for (s = 0; s < NUM_SM; s = s + 1) begin
      cnt_ld    = cnt_ld    + {31'd0, a_ld_q[s]};
      cnt_amo   = cnt_amo   + {31'd0, a_amo_q[s]};
      cnt_unchk = cnt_unchk + {31'd0, a_unchk[s]};
    end
    for (g = 0; g < NWF; g = g + 1) begin
      cnt_ret = cnt_ret + {31'd0, retire[g]};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q  <= 1'b0;
      clr_q  <= 1'b0;
      done_q <= 1'b0;
      fail_q <= 1'b0;
      rr_q   <= {G_W{1'b0}};
      l1v_q  <= {NUM_SM{1'b0}};
      bypv_q <= {NUM_SM{1'b0}};
      c_v_q  <= 1'b0;
      cw_v_q <= 1'b0;
      sw_v_q <= {NPOOL{1'b0}};
      a_ld_q <= {NUM_SM{1'b0}};
      a_amo_q <= {NUM_SM{1'b0}};
      cyc_q  <= 32'd0;
      f_kind_q <= `WW_DRF_FAIL_NONE;
      f_cyc_q <= 32'd0; f_exp_q <= 32'd0; f_got_q <= 32'd0; f_word_q <= {WORD_W{1'b0}};
      f_g_q <= {G_W{1'b0}}; f_lane_q <= {LANE_W{1'b0}}; f_ep_q <= 16'd0;
      f_var_q <= {VAR_W{1'b0}}; f_st_q <= 4'd0;
      for (g = 0; g < NWF; g = g + 1) begin
        st_q[g] <= W_IDLE;
      end
      for (s = 0; s < NUM_SM; s = s + 1) begin
        l1op_q[s]   <= `WW_L1_LOAD;
        l1line_q[s] <= {LINE_W{1'b0}};
        l1tag_q[s]  <= {TAG_W{1'b0}};
        l1word_q[s] <= {WORD_W{1'b0}};
        l1full_q[s] <= 1'b0;
        l1data_q[s] <= 32'd0;
        bline_q[s]  <= {LINE_W{1'b0}};
        bword_q[s]  <= {WORD_W{1'b0}};
        bwf_q[s]    <= {WF_W{1'b0}};
      end
    end else if (start_i && !run_q && !clr_q) begin
      // a run: latch the settings, seed the generator, clear the RAMs
      clr_q       <= 1'b1;
      clr_idx_q   <= {CLR_W{1'b0}};
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
      for (k = 0; k < NSV; k = k + 1) begin
        sissued_q[k] <= 32'd0;
      end
      rseq_q      <= 32'd0;
      for (g = 0; g < NWF; g = g + 1) begin
        st_q[g]   <= W_IDLE;
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
      // the clear: one address of every RAM a cycle, then the wavefronts start
      if (clr_q) begin
        clr_idx_q <= clr_idx_q + 1'b1;
        if (clr_idx_q == CLR_N[CLR_W-1:0] - 1'b1 || CLR_N == 1) begin
          clr_q <= 1'b0;
          run_q <= 1'b1;
          for (g = 0; g < NWF; g = g + 1) begin
            st_q[g] <= W_EPI;
          end
        end
      end
      c_v_q   <= 1'b0;
      cw_v_q  <= cl_we && !clr_q;
      cw_a_q  <= cl_waddr;
      cw_d_q  <= cl_wdata;
      sw_v_q  <= clr_q ? {NPOOL{1'b0}} : sn_we;
      for (k = 0; k < NPOOL; k = k + 1) begin
        sw_a_q[k] <= sn_waddr[k*SA_W +: SA_W];
        sw_d_q[k] <= sn_wdata[k*32 +: 32];
        sr_a_q[k] <= sn_raddr[k*SA_W +: SA_W];
      end
      a_ld_q  <= run_q ? n_ld : {NUM_SM{1'b0}};
      a_amo_q <= run_q ? n_amo : {NUM_SM{1'b0}};
      a_byp_q <= n_byp;
      for (s = 0; s < NUM_SM; s = s + 1) begin
        a_g_q[s]    <= n_g[s];
        a_l_q[s]    <= n_l[s];
        a_v_q[s]    <= n_v[s];
        a_sv_q[s]   <= n_sv[s];
        a_wo_q[s]   <= lwo_q[{n_g[s], n_l[s]}];
        a_line_q[s] <= lline_q[{n_g[s], n_l[s]}];
        a_data_q[s] <= n_byp[s] ? {{(LB-32){1'b0}}, byp_rsp_old_i[s*32 +: 32]} : l1_rsp_data_i[s*LB +: LB];
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
                l1full_q[p_sm] <= 1'b0;
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
              line_q[pick]   <= (rnd_q[6:4] == 3'd7);
              cur_q[pick]    <= {(LANE_W+1){1'b0}};
              st_q[pick]     <= W_LANE;
            end
            W_LANE: begin
              // the claim row is read this cycle, checked in the next
              c_v_q      <= 1'b1;
              c_g_q      <= pick;
              c_sm_q     <= p_sm;
              c_wf_q     <= p_wf;
              c_lane_q   <= p_lane;
              c_var_q    <= p_var;
              c_wa_q     <= p_wa;
              c_normal_q <= p_normal;
              st_q[pick] <= W_CHK;
            end
            default: begin
            end
          endcase
        end

        // the check stage: the lane issues, or skips the action
        if (c_v_q) begin
          wd_q[c_g_q] <= 32'd0;
          if (c_ok) begin
            l1v_q[c_sm_q]    <= 1'b1;
            l1line_q[c_sm_q] <= c_wa_q[29:OFF_W-2];
            l1word_q[c_sm_q] <= c_wa_q[OFF_W-3:0];
            l1full_q[c_sm_q] <= !ld_q[c_g_q] && line_q[c_g_q];
            l1tag_q[c_sm_q]  <= {{(TAG_W-1-WF_W-LANE_W){1'b0}}, 1'b0, c_wf_q, c_lane_q};
            if (ld_q[c_g_q]) begin
              l1op_q[c_sm_q] <= strong_q[c_g_q] ? `WW_L1_LOAD_STRONG : `WW_L1_LOAD;
              pend_q[c_g_q][c_lane_q] <= 1'b1;
              lvar_q[{c_g_q, c_lane_q}]  <= c_var_q;
              lwo_q[{c_g_q, c_lane_q}]   <= c_wa_q[OFF_W-3:0];
              lline_q[{c_g_q, c_lane_q}] <= line_q[c_g_q];
            end else begin
              l1op_q[c_sm_q]   <= `WW_L1_STORE;
              l1data_q[c_sm_q] <= c_val;
              store_val_q      <= c_val;
              n_st_q           <= n_st_q + 32'd1;
            end
          end else begin
            n_skip_q <= n_skip_q + 32'd1;
          end
          cur_q[c_g_q] <= cur_q[c_g_q] + 1'b1;
          st_q[c_g_q]  <= (cur_q[c_g_q] == LANES - 1) ? W_WAIT : W_LANE;
        end

        // wavefronts that wait: an action's loads answered
        for (g = 0; g < NWF; g = g + 1) begin
          if (st_q[g] == W_WAIT && pend_q[g] == {LANES{1'b0}}) begin
            wd_q[g]  <= 32'd0;
            act_q[g] <= act_q[g] + 16'd1;
            st_q[g]  <= (act_q[g] + 16'd1 >= nact_q) ? W_REL : W_ACT;
          end else if (st_q[g] != W_IDLE && !(go && pick == g[G_W-1:0]) &&
                       !(c_v_q && c_g_q == g[G_W-1:0])) begin
            wd_q[g] <= wd_q[g] + 32'd1;
          end
        end

        if (retire != {NWF{1'b0}}) rseq_q <= rseq_q + 32'd1;
        n_ld_q    <= n_ld_q + cnt_ld;
        n_amo_q   <= n_amo_q + cnt_amo;
        n_unchk_q <= n_unchk_q + cnt_unchk;
        n_ep_q    <= n_ep_q + cnt_ret;

        // the answer stage
        for (s = 0; s < NUM_SM; s = s + 1) begin
          if (a_ld_q[s]) begin
            pend_q[a_g_q[s]][a_l_q[s]] <= 1'b0;
          end
          if (a_amo_q[s]) begin
            wd_q[a_g_q[s]] <= 32'd0;
            if (st_q[a_g_q[s]] == W_ACQW) begin
              st_q[a_g_q[s]]    <= dev_q[a_g_q[s]] ? W_INV : W_ACT;
              act_q[a_g_q[s]]   <= 16'd0;
              start_q[a_g_q[s]] <= rseq_q;
            end else begin
              // release answered: the episode retires, its claims go
              ret_q[a_g_q[s]] <= rseq_q + 32'd1;
              ep_q[a_g_q[s]]  <= ep_q[a_g_q[s]] + 16'd1;
              st_q[a_g_q[s]]  <= (ep_q[a_g_q[s]] + 16'd1 >= neps_q) ? W_IDLE : W_EPI;
            end
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
          f_word_q <= fl_word;
          f_st_q   <= st_q[fl_g];
        end else if (all_idle) begin
          done_q <= 1'b1;
          run_q  <= 1'b0;
        end
      end
    end
  end

  assign busy_o = run_q || clr_q;
  assign done_o = done_q;
  assign fail_o = fail_q;

  ////////////////////
  // Status read    //
  ////////////////////
  // a sync variable's final value is the number of atomics issued to it;
  // flip-flop words are registered here, RAM words come from the RAMs'
  // read registers (read at st_var / f_var_q the same cycle)
  wire [IDX_W-1:0] rd_idx_v = rd_var_i[IDX_W-1:0];
  wire             rd_sync  = ({{(32-IDX_W){1'b0}}, rd_idx_v} < NSYNC);
  wire [SV_W-1:0]  rd_sv    = {rd_var_i[VAR_W-1:IDX_W], rd_idx_v[NS_W-1:0]};
  reg  [31:0]      rd_ff_q;
  reg  [5:0]       rd_idx_q;
  reg              rd_sync_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_ff_q   <= 32'd0;
      rd_idx_q  <= 6'd0;
      rd_sync_q <= 1'b0;
    end else begin
      rd_idx_q  <= rd_idx_i;
      rd_sync_q <= rd_sync;
      case (rd_idx_i)
        `WW_DRF_KIND:       rd_ff_q <= {{(32-`WW_DRF_FAIL_W){1'b0}}, f_kind_q};
        `WW_DRF_CYCLE:      rd_ff_q <= f_cyc_q;
        `WW_DRF_WF:         rd_ff_q <= {{(32-G_W){1'b0}}, f_g_q};
        `WW_DRF_LANE:       rd_ff_q <= {{(32-LANE_W){1'b0}}, f_lane_q};
        `WW_DRF_EPISODE:    rd_ff_q <= {16'd0, f_ep_q};
        `WW_DRF_VAR:        rd_ff_q <= {{(32-VAR_W){1'b0}}, f_var_q};
        `WW_DRF_ADDR:       rd_ff_q <= {waddr_of(f_var_q, mul_q, add_q, mask_q) +
                                        {{(30-WORD_W){1'b0}}, f_word_q}, 2'b00};
        `WW_DRF_EXPECT:     rd_ff_q <= f_exp_q;
        `WW_DRF_GOT:        rd_ff_q <= f_got_q;
        `WW_DRF_STATE:      rd_ff_q <= {28'd0, f_st_q};
        `WW_DRF_CYCLES:     rd_ff_q <= cyc_q;
        `WW_DRF_LOADS:      rd_ff_q <= n_ld_q;
        `WW_DRF_STORES:     rd_ff_q <= n_st_q;
        `WW_DRF_ATOMICS:    rd_ff_q <= n_amo_q;
        `WW_DRF_EPISODES:   rd_ff_q <= n_ep_q;
        `WW_DRF_SKIPPED:    rd_ff_q <= n_skip_q;
        `WW_DRF_UNCHECKED:  rd_ff_q <= n_unchk_q;
        `WW_DRF_REF_ADDR:   rd_ff_q <= {waddr_of(rd_var_i, mul_q, add_q, mask_q), 2'b00};
        `WW_DRF_REF_VALUE:  rd_ff_q <= sissued_q[rd_sv];
        default:            rd_ff_q <= 32'd0;
      endcase
    end
  end
  // the last reader: the later of the SMs' entries (the higher SM on a tie)
  reg [LR_W-1:0] lr_sel;
  always @(*) begin
    lr_sel = lr_rdata[0 +: LR_W];
    for (s = 1; s < NUM_SM; s = s + 1) begin
      if (lr_rdata[s*LR_W] && (!lr_sel[0] || lr_rdata[s*LR_W + 1 + G_W + LANE_W + 16 +: 32] >=
                                              lr_sel[1 + G_W + LANE_W + 16 +: 32])) begin
        lr_sel = lr_rdata[s*LR_W +: LR_W];
      end
    end
  end
  reg [31:0] rd_data;
  always @(*) begin
    case (rd_idx_q)
      `WW_DRF_LW_VALID:   rd_data = {31'd0, cl_rdata[CL_LV]};
      `WW_DRF_LW_WF:      rd_data = {{(32-G_W){1'b0}}, cl_rdata[CL_LG +: G_W]};
      `WW_DRF_LW_LANE:    rd_data = {{(32-LANE_W){1'b0}}, lw_rdata[0 +: LANE_W]};
      `WW_DRF_LW_EPISODE: rd_data = {16'd0, lw_rdata[LANE_W +: 16]};
      `WW_DRF_LW_CYCLE:   rd_data = lw_rdata[LANE_W + 16 +: 32];
      `WW_DRF_LW_VALUE:   rd_data = ref_rdata[0 +: 32];
      `WW_DRF_LR_VALID:   rd_data = {31'd0, lr_sel[0]};
      `WW_DRF_LR_WF:      rd_data = {{(32-G_W){1'b0}}, lr_sel[1 +: G_W]};
      `WW_DRF_LR_LANE:    rd_data = {{(32-LANE_W){1'b0}}, lr_sel[1 + G_W +: LANE_W]};
      `WW_DRF_LR_EPISODE: rd_data = {16'd0, lr_sel[1 + G_W + LANE_W +: 16]};
      `WW_DRF_LR_CYCLE:   rd_data = lr_sel[1 + G_W + LANE_W + 16 +: 32];
      `WW_DRF_LR_VALUE:   rd_data = lr_sel[1 + G_W + LANE_W + 48 +: 32];
      `WW_DRF_REF_VALUE:  rd_data = rd_sync_q ? rd_ff_q : ref_rdata[0 +: 32];
      `WW_DRF_REF_VALID:  rd_data = {31'd0, rd_sync_q || cl_rdata[CL_LV]};
      default:            rd_data = rd_ff_q;
    endcase
  end
  assign rd_data_o = rd_data;

  wire unused_t = &{1'b0, seed_w, p_t, p_sync, n_sbit[4:0]};   // parts of the temporaries

endmodule  // ww_drf_tester
`default_nettype wire
