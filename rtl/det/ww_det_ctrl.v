// SPDX-License-Identifier: Apache-2.0
//
// ww_det_ctrl -- GPUDet's mode controller, one per GPU (Jooybar et al.,
// "GPUDet: A Deterministic GPU Architecture", ASPLOS 2013, sec. 4, Fig. 2;
// docs/det.md sec. 1): the rounds of work distribution, parallel mode,
// commit and serial mode, separated by global barriers. C model:
// cmodel/det/ww_det_ctrl.c.
//
// Off (en_i low) every SM's mode is OFF and the distributor may place blocks
// at any time (dist_en_o). With en_i, from start_i (a launch) until the grid
// is done, a round is:
//   DIST   work distribution (sec. 4.2.2): the distributor may place blocks,
//          every warp held; over in the first cycle without a placement
//          (launch_i low: no SM has room, or no block is left). Then start_o
//          (every SM begins a quantum) and qid_o + 1.
//   PAR    parallel mode: until every SM's par_done (global barrier).
//   CMT    commit (sec. 4.4): cmt_start_o for one cycle, then until no SM's
//          walk is busy and every Z-buffer unit is idle; then every L1 is
//          invalidated (inval_o, then until no SM's invalidation is busy).
//   SER    serial mode (sec. 4.5, compute-unit level): SM 0, 1, ... in turn
//          in mode SER (the others HOLD), each until its ser_done; then
//          every L1 is invalidated again, and the next round.
// one_i (GPUDet with ScoRD, docs/det.md sec. 6): PAR and SER give the SMs
// their turns one at a time (SM 0, 1, ...; the others HOLD), and an SM's
// turn ends only once quiet_i too (the memory system drained: its ScoRD
// records reached their detectors), so the detectors see the records in an
// order that does not depend on timing (each SM runs one warp at a time,
// ww_det_sm).
// A round that begins with the grid done (grid_done_i, held by the top)
// ends the run: busy_o falls and the modes are OFF. busy_o is high from
// start_i until then. phase_o (WW_DETPH_*), for the stall inspector: OFF,
// QUANTUM in DIST and PAR, COMMIT in CMT and its invalidation, SERIAL in SER
// and its invalidation.
// Counters (cleared at start_i, 32 bits, wrapping): quanta_o (rounds that
// ran a parallel mode), cycles in each phase (DIST, PAR, CMT with the
// invalidation, SER with its invalidation), and the warps' end reasons
// tallied when each parallel mode ends (why_i: WW_DETEND_* of SM s warp w at
// [(s*WARPS+w)*DETEND_W +: DETEND_W]), read by index (rd_idx_i, WW_DETC_*).
// Parameters: NUM_SM, NUM_PART, WARPS >= 1; QID_W >= 1.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_det_ctrl #(
  parameter NUM_SM   = `WW_NUM_SM,
  parameter NUM_PART = `WW_NUM_PART,
  parameter WARPS    = `WW_WARPS_PER_SM,
  parameter QID_W    = `WW_DET_QID_W,
  parameter SM_W     = (NUM_SM > 1) ? $clog2(NUM_SM) : 1
) (
  input  wire                                 clk_i,
  input  wire                                 rst_ni,
  input  wire                                 en_i,
  input  wire                                 start_i,
  input  wire                                 grid_done_i,
  input  wire                                 launch_i,
  input  wire                                 one_i,
  input  wire                                 quiet_i,
  input  wire [NUM_SM-1:0]                    par_done_i,
  input  wire [NUM_SM-1:0]                    ser_done_i,
  input  wire [NUM_SM-1:0]                    cmt_busy_i,
  input  wire [NUM_SM-1:0]                    inval_busy_i,
  input  wire [NUM_PART-1:0]                  zb_idle_i,
  input  wire [NUM_SM*WARPS*`WW_DETEND_W-1:0] why_i,
  output reg  [NUM_SM*`WW_DETMODE_W-1:0]      mode_o,
  output wire                                 start_o,
  output wire                                 cmt_start_o,
  output wire                                 inval_o,
  output wire                                 dist_en_o,
  output wire [QID_W-1:0]                     qid_o,
  output wire                                 busy_o,
  output reg  [`WW_DETPH_W-1:0]               phase_o,
  input  wire [`WW_DETC_W-1:0]            rd_idx_i,
  output reg  [31:0]                          rd_data_o
);

  localparam MW = `WW_DETMODE_W;
  localparam EW = `WW_DETEND_W;
  localparam [2:0] S_OFF = 3'd0, S_DIST = 3'd1, S_PAR = 3'd2, S_CMT0 = 3'd3, S_CMT = 3'd4,
                   S_INV = 3'd5, S_SER = 3'd6;

  reg [2:0]       st_q;
  reg             after_ser_q;   // S_INV: the invalidation after serial mode
  reg             inv_sent_q;    // S_INV: inval_o went out last cycle
  reg [SM_W-1:0]  sm_q;          // S_SER: the SM whose turn it is
  reg [QID_W-1:0] qid_q;
  reg [`WW_DETC_N*32-1:0] cnt_q;   // counter i at [i*32 +: 32]

  wire last_sm = (sm_q == NUM_SM[SM_W-1:0] - {{(SM_W-1){1'b0}}, 1'b1}) || (NUM_SM == 1);
  wire dist_over = !launch_i;

  assign start_o     = (st_q == S_DIST) && dist_over && !grid_done_i;
  assign cmt_start_o = (st_q == S_CMT0);
  assign inval_o     = (st_q == S_INV) && !inv_sent_q;
  assign dist_en_o   = !en_i || (st_q == S_DIST);
  assign qid_o       = qid_q;
  assign busy_o      = (st_q != S_OFF);

  // the phase, for the stall inspector's classes of held warps
  always @* begin
    case (st_q)
      S_OFF:          phase_o = `WW_DETPH_OFF;
      S_DIST, S_PAR:  phase_o = `WW_DETPH_QUANTUM;
      S_SER:          phase_o = `WW_DETPH_SERIAL;
`ifdef WW_MUTANT_DET_CTRL_PHASE_INV_IS_COMMIT
      S_INV:          phase_o = `WW_DETPH_COMMIT;
`else
      S_INV:          phase_o = after_ser_q ? `WW_DETPH_SERIAL : `WW_DETPH_COMMIT;
`endif
      default:        phase_o = `WW_DETPH_COMMIT;
    endcase
  end

  integer s;
  always @* begin
    for (s = 0; s < NUM_SM; s = s + 1) begin
      case (st_q)
        S_OFF:   mode_o[s*MW +: MW] = `WW_DETMODE_OFF;
        S_PAR:   mode_o[s*MW +: MW] = (!one_i || sm_q == s[SM_W-1:0]) ? `WW_DETMODE_PAR
                                                                    : `WW_DETMODE_HOLD;
`ifdef WW_MUTANT_DET_CTRL_ALL_SERIAL_AT_ONCE
        S_SER:   mode_o[s*MW +: MW] = `WW_DETMODE_SER;
`else
        S_SER:   mode_o[s*MW +: MW] = (sm_q == s[SM_W-1:0]) ? `WW_DETMODE_SER : `WW_DETMODE_HOLD;
`endif
        default: mode_o[s*MW +: MW] = `WW_DETMODE_HOLD;
      endcase
    end
  end

  // the end reasons of this parallel mode, tallied as it ends
  reg [31:0] n_count, n_atomic, n_fence, n_exit, n_full, n_bar;
  integer k;
  always @* begin
    n_count = 32'd0; n_atomic = 32'd0; n_fence = 32'd0; n_exit = 32'd0; n_full = 32'd0;
    n_bar = 32'd0;
    for (k = 0; k < NUM_SM * WARPS; k = k + 1) begin
      case (why_i[k*EW +: EW])
        `WW_DETEND_COUNT:  n_count  = n_count + 32'd1;
        `WW_DETEND_ATOMIC: n_atomic = n_atomic + 32'd1;
        `WW_DETEND_FENCE:  n_fence  = n_fence + 32'd1;
        `WW_DETEND_EXIT:   n_exit   = n_exit + 32'd1;
        `WW_DETEND_FULL:   n_full   = n_full + 32'd1;
        `WW_DETEND_BARRIER: n_bar   = n_bar + 32'd1;
        default: ;
      endcase
    end
  end

  wire all_par   = &par_done_i;
  wire cmt_quiet = !(|cmt_busy_i) && (&zb_idle_i);
  wire inv_quiet = !(|inval_busy_i);
  // an SM's turn is over (one_i): parallel or serial mode, the memory drained
  wire turn_par  = par_done_i[sm_q] && quiet_i;
  wire turn_ser  = ser_done_i[sm_q] && (quiet_i || !one_i);
  wire par_end   = (st_q == S_PAR) && (one_i ? turn_par && last_sm : all_par);

  always @* begin
    rd_data_o = 32'd0;
    for (k = 0; k < `WW_DETC_N; k = k + 1)
      if (rd_idx_i == k[`WW_DETC_W-1:0]) rd_data_o = cnt_q[(k)*32 +: 32];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q        <= S_OFF;
      after_ser_q <= 1'b0;
      inv_sent_q  <= 1'b0;
      sm_q        <= {SM_W{1'b0}};
      qid_q       <= {QID_W{1'b0}};
      for (k = 0; k < `WW_DETC_N; k = k + 1)
        cnt_q[(k)*32 +: 32] <= 32'd0;
    end else begin
      // counters
      if (start_i && st_q == S_OFF) begin
        for (k = 0; k < `WW_DETC_N; k = k + 1)
          cnt_q[(k)*32 +: 32] <= 32'd0;
      end else begin
        case (st_q)
          S_DIST: cnt_q[(`WW_DETC_DIST_CYCLES)*32 +: 32] <= cnt_q[(`WW_DETC_DIST_CYCLES)*32 +: 32] + 32'd1;
          S_PAR:  cnt_q[(`WW_DETC_PAR_CYCLES)*32 +: 32]  <= cnt_q[(`WW_DETC_PAR_CYCLES)*32 +: 32] + 32'd1;
          S_CMT0, S_CMT: cnt_q[(`WW_DETC_CMT_CYCLES)*32 +: 32] <= cnt_q[(`WW_DETC_CMT_CYCLES)*32 +: 32] + 32'd1;
          S_INV:  if (after_ser_q) cnt_q[(`WW_DETC_SER_CYCLES)*32 +: 32] <= cnt_q[(`WW_DETC_SER_CYCLES)*32 +: 32] + 32'd1;
                  else             cnt_q[(`WW_DETC_CMT_CYCLES)*32 +: 32] <= cnt_q[(`WW_DETC_CMT_CYCLES)*32 +: 32] + 32'd1;
          S_SER:  cnt_q[(`WW_DETC_SER_CYCLES)*32 +: 32]  <= cnt_q[(`WW_DETC_SER_CYCLES)*32 +: 32] + 32'd1;
          default: ;
        endcase
        if (start_o) begin
          cnt_q[(`WW_DETC_QUANTA)*32 +: 32] <= cnt_q[(`WW_DETC_QUANTA)*32 +: 32] + 32'd1;
        end
        if (par_end) begin
          cnt_q[(`WW_DETC_END_COUNT)*32 +: 32]  <= cnt_q[(`WW_DETC_END_COUNT)*32 +: 32] + n_count;
          cnt_q[(`WW_DETC_END_ATOMIC)*32 +: 32] <= cnt_q[(`WW_DETC_END_ATOMIC)*32 +: 32] + n_atomic;
          cnt_q[(`WW_DETC_END_FENCE)*32 +: 32]  <= cnt_q[(`WW_DETC_END_FENCE)*32 +: 32] + n_fence;
          cnt_q[(`WW_DETC_END_EXIT)*32 +: 32]   <= cnt_q[(`WW_DETC_END_EXIT)*32 +: 32] + n_exit;
          cnt_q[(`WW_DETC_END_FULL)*32 +: 32]   <= cnt_q[(`WW_DETC_END_FULL)*32 +: 32] + n_full;
          cnt_q[(`WW_DETC_END_BARRIER)*32 +: 32] <= cnt_q[(`WW_DETC_END_BARRIER)*32 +: 32] + n_bar;
        end
      end
      // the rounds
      case (st_q)
        S_OFF: if (start_i && en_i) begin
          st_q <= S_DIST;
        end
        S_DIST: begin
          if (grid_done_i) begin
            st_q <= S_OFF;
          end else if (dist_over) begin
`ifdef WW_MUTANT_DET_CTRL_QID_STAYS
            qid_q <= qid_q;
`else
            qid_q <= qid_q + {{(QID_W-1){1'b0}}, 1'b1};
`endif
            sm_q  <= {SM_W{1'b0}};
            st_q  <= S_PAR;
          end
        end
        S_PAR: begin
          if (par_end) begin
            st_q <= S_CMT0;
          end else if (one_i && turn_par) begin
            sm_q <= sm_q + {{(SM_W-1){1'b0}}, 1'b1};
          end
        end
        S_CMT0: st_q <= S_CMT;
        S_CMT: if (cmt_quiet) begin
          after_ser_q <= 1'b0;
          inv_sent_q  <= 1'b0;
          st_q        <= S_INV;
        end
        S_INV: begin
          inv_sent_q <= 1'b1;
          if (inv_sent_q && inv_quiet) begin
            sm_q <= {SM_W{1'b0}};
            st_q <= after_ser_q ? S_DIST : S_SER;
          end
        end
        default: begin  // S_SER
`ifdef WW_MUTANT_DET_CTRL_TURN_SKIPS_QUIET
          if (ser_done_i[sm_q]) begin
`else
          if (turn_ser) begin
`endif
            if (last_sm) begin
              after_ser_q <= 1'b1;
              inv_sent_q  <= 1'b0;
              st_q        <= S_INV;
            end else begin
              sm_q <= sm_q + {{(SM_W-1){1'b0}}, 1'b1};
            end
          end
        end
      endcase
    end
  end

endmodule  // ww_det_ctrl
`default_nettype wire
