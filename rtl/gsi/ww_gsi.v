// SPDX-License-Identifier: Apache-2.0
//
// ww_gsi -- GSI stall classifier and counters of one SM (ISPASS 2016, sec. IV:
// Algorithms 1 and 2, memory data sub-classes IV-C, memory structural
// sub-classes IV-D). C model: cmodel/gsi/ww_gsi.c. Every code below (class,
// LSU reason, load source, in-flight kind, sub-class) and the counter
// indices and names are in cmodel/include/ww_proto.def (WW_GSI_*,
// WW_GSI_WHY_*, WW_GSI_SRC_*, WW_GSI_KIND_*, WW_GSI_MS_*, WW_GSI_CNT_*);
// the numbers below are their values today.
//
// Inputs, per warp w:
//   cls_i[3w +: 3]        w's class from ww_warp_sched (Algorithm 1): 0 IDLE,
//                         1 CONTROL, 2 SYNC, 3 MEM_DATA, 4 MEM_STRUCT,
//                         5 COMP_DATA, 6 COMP_STRUCT, 7 NONE
//   infl_i[w]             w has an instruction in flight (one per warp, so
//                         its next instruction is held)
//   infl_kind_i[2w +: 2]  kind of it: 0 compute, 1 load (returns a value
//                         from memory), 2 store, 3 sync (a fence or an
//                         atomic: a synchronization operation)
//   tx_begin_i[w]         KILO TM: w's outermost ww.tx.begin waits for the
//                         SM's limit of transactional warps
//   tx_commit_i[w]        KILO TM: w's ww.tx.commit is validating or
//                         committing (or waits for the SM's commit unit)
//   det_hold_i[w]         GPUDet: w is held by deterministic execution
//   det_phase_i           GPUDet: the GPU's phase (WW_DETPH_*): 0 off, 1
//                         quantum (distribution or parallel mode), 2 commit,
//                         3 serial mode
//   lsu_why_i             why the LSU cannot take an instruction: 0 ready,
//                         1 busy, 2 MSHR full, 3 write slots full, 4 bank
//                         conflict, 5 fence waiting for writes, 6 busy with
//                         another warp's atomic, 7 blocked sending ScoRD
//                         records (the crossbar / race detector does not
//                         accept them: a detector queue is full)
// Refinement (Algorithm 1 for a one-in-flight-per-warp pipeline, and
// atomics as synchronization operations, sec. IV-A: on a GPU a lock's
// acquire and release are atomics). Warp w's class cls becomes, in order:
//   1. infl_i[w] and cls is MEM_STRUCT or COMP_STRUCT (its next
//      instruction is held by the one in flight):
//        kind 1 -> MEM_DATA (waits for its own pending load)
//        kind 2 -> MEM_STRUCT, with the "own store pending" flag
//        kind 3 -> SYNC (waits for its own pending fence or atomic)
//        kind 0 -> COMP_STRUCT
//      infl_i[w] and cls is MEM_DATA and kind 3 -> SYNC (a dependent
//      instruction can only wait on the warp's one in-flight instruction,
//      the synchronization operation)
//   2. the result is MEM_STRUCT without the own-store flag and lsu_why_i
//      is 6 -> SYNC (blocked behind another warp's pending atomic: the LSU
//      performs one warp memory instruction at a time)
// Cycle class cls_o (Algorithm 2): the first of NONE, MEM_STRUCT, MEM_DATA,
// SYNC, COMP_STRUCT, COMP_DATA, CONTROL, IDLE found among the refined
// classes. wid_o: the lowest warp whose refined class is cls_o.
// sub_o (MEM_STRUCT sub-class, 0 unless cls_o is MEM_STRUCT): 2 store if the
// attributed warp has its own store pending, else by lsu_why_i: 2 MSHR full
// -> 1, 3 write slots full -> 2, 4 bank conflict -> 3, 5 fence waiting for
// writes -> 4, 7 ScoRD records not accepted -> 5 ScoRD (race-detector
// back-pressure), otherwise (0 ready, 1 busy, 6) -> 0 LSU busy (6 reaches
// here only with an own store pending, which gives store).
// SYNC sub-class (internal, counted when cls_o is SYNC), of the attributed
// warp w: tx_commit_i[w] -> 2 TX_COMMIT, else tx_begin_i[w] -> 1 TX_BEGIN,
// else det_hold_i[w] by det_phase_i: 1 quantum -> 3 DET_QUANTUM, 2 commit
// -> 4 DET_COMMIT, 3 serial -> 5 DET_SERIAL; else 0 OTHER (barrier, fence
// or atomic).
//
// Counters (CNT_W bits, wrapping), read combinationally at rd_idx_i:
//   0..7   cycles of each class (by code)      8..11  MEM_DATA by source:
//   12     MEM_DATA cycles not yet attributed         L1/shmem, L1 coalescing
//          (sum of the per-warp accumulators)         (MSHR merge), L2, DRAM
//   13..18 MEM_STRUCT by sub-class (sub_o):    19..24 SYNC by sub-class:
//          LSU busy, MSHR full, store, bank           other, tx begin, tx
//          conflict, fence, ScoRD                     commit, det quantum,
//                                                     det commit, det serial
//   25     counted cycles                      26..31 read 0
// A cycle is counted when en_i. MEM_DATA sub-classes are deferred: a load's
// source (ld_done_src_i) is known only when it completes. Per warp: pend_q
// (ld_start .. ld_done), acc_q (cycles charged while pending), src_q (source
// of its last completed load). In a counted MEM_DATA cycle attributed to w:
// pend_q[w] ? acc_q[w] += 1 : counter[8 + src_q[w]] += 1. On ld_done of w
// with source s: counter[8 + s] += acc_q[w] (+1 if this cycle's increment
// went to acc_q[w]), acc_q[w] = 0, pend_q[w] = 0, src_q[w] = s. ld_start of
// w sets pend_q[w] (after a done of the same warp in the same cycle).
// The done-time transfer from the accumulator to counter 8 + s also happens
// when !en_i: it moves cycles counted earlier and keeps the invariants
//   sum(0..7) == [25], sum(8..12) == [3], sum(13..18) == [4],
//   sum(19..24) == [2]                                          (mod 2^CNT_W)
// from a reset or a clear to 0.
// Reset zeroes every counter and all per-warp state. clear_i (kernel launch)
// loads clear_val_i into every stored counter (0..11, 13..25) and every
// per-warp accumulator acc_q (so counter 12 reads WARPS * clear_val_i), and
// zeroes pend_q and src_q; it wins over everything else in its cycle, and
// reset wins over it. The GPU ties
// clear_val_i to 0 (rtl/sm/ww_sm.v), so a launch starts from zero. A
// nonzero value presets the counters so that a test reaches their upper
// bits, carries and wrap-around in a few cycles instead of 2^CNT_W (the
// lockstep stimulus clears to values just below a power of two). After a
// clear to V the invariants hold with constant offsets (mod 2^CNT_W):
//   sum(0..7) - [25] == 7V, sum(8..12) - [3] == (3 + WARPS)V,
//   sum(13..18) - [4] == 5V, sum(19..24) - [2] == 5V.
// A ld_start/ld_done warp index >= WARPS is ignored.
// Timing: all outputs are combinational from the inputs and the state.
// Trace (`ifdef WW_GSI_TRACE, simulation only): with +gsi_trace=PREFIX, the
// file PREFIX.sm<TRACE_ID> gets a header line and then, from the first
// clock edge after the first reset, one line per clock edge: the inputs and
// outputs of that cycle in hex (tb/gsi/gsi_replay.c reads it).
// Parameters: WARPS >= 1, CNT_W >= 2, TRACE_ID (trace file suffix).

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_gsi #(
  parameter WARPS    = `WW_WARPS_PER_SM,
  parameter CNT_W    = `WW_GSI_CNT_W,
  parameter TRACE_ID = 0
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 clear_i,
  input  wire [CNT_W-1:0]     clear_val_i,
  input  wire                 en_i,
  // per-warp classes and in-flight instructions
  input  wire [WARPS*CLS_W-1:0] cls_i,
  input  wire [WARPS-1:0]     infl_i,
  input  wire [WARPS*KIND_W-1:0] infl_kind_i,
  // KILO TM: per warp, an outermost ww.tx.begin held by the limit; a
  // ww.tx.commit validating/committing
  input  wire [WARPS-1:0]     tx_begin_i,
  input  wire [WARPS-1:0]     tx_commit_i,
  // GPUDet: per warp, held by deterministic execution; the GPU's phase
  input  wire [WARPS-1:0]     det_hold_i,
  input  wire [`WW_DETPH_W-1:0] det_phase_i,
  // LSU
  input  wire [`WW_GSI_WHY_W-1:0] lsu_why_i,
  input  wire                 ld_start_i,
  input  wire [WID_W-1:0]     ld_start_wid_i,
  input  wire                 ld_done_i,
  input  wire [WID_W-1:0]     ld_done_wid_i,
  input  wire [SRC_W-1:0]     ld_done_src_i,
  // counter read
  input  wire [4:0]           rd_idx_i,
  // this cycle
  output wire [CLS_W-1:0]     cls_o,
  output wire [WID_W-1:0]     wid_o,
  output wire [`WW_GSI_MS_W-1:0] sub_o,
  output wire [CNT_W-1:0]     rd_data_o
);

  localparam WID_W  = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam CLS_W  = `WW_GSI_W;
  localparam KIND_W = `WW_GSI_KIND_W;
  localparam SRC_W  = `WW_GSI_SRC_W;
  localparam MS_W   = `WW_GSI_MS_W;
  localparam SY_W   = `WW_GSI_SY_W;
  localparam N_CLS  = `WW_GSI_N;            // classes: counters WW_GSI_CNT_CLS_FIRST + class
  localparam N_SRC  = `WW_GSI_SRC_N;        // load sources: WW_GSI_CNT_MD_FIRST + source
  localparam N_MS   = `WW_GSI_MS_N;         // MEM_STRUCT sub-classes: WW_GSI_CNT_MS_FIRST + sub
  localparam N_SY   = `WW_GSI_SY_N;         // SYNC sub-classes: WW_GSI_CNT_SY_FIRST + sub
  localparam N_CNT  = `WW_GSI_CNT_N;
  localparam [CNT_W-1:0] ONE = {{(CNT_W-1){1'b0}}, 1'b1};
  localparam [CNT_W-1:0] ZERO = {CNT_W{1'b0}};

  ////////////////////
  // State          //
  ////////////////////

  reg  [WARPS-1:0]       pend_q;
  wire [WARPS-1:0]       pend_d;
  reg  [WARPS*CNT_W-1:0] acc_q;
  wire [WARPS*CNT_W-1:0] acc_d;
  reg  [WARPS*SRC_W-1:0] src_q;
  wire [WARPS*SRC_W-1:0] src_d;
  reg  [N_CLS*CNT_W-1:0] ccls_q;          // counters WW_GSI_CNT_CLS_*
  wire [N_CLS*CNT_W-1:0] ccls_d;
  reg  [N_SRC*CNT_W-1:0] cmd_q;           // counters WW_GSI_CNT_MD_L1 .. MD_DRAM
  wire [N_SRC*CNT_W-1:0] cmd_d;
  reg  [N_MS*CNT_W-1:0]  cms_q;           // counters WW_GSI_CNT_MS_*
  wire [N_MS*CNT_W-1:0]  cms_d;
  reg  [N_SY*CNT_W-1:0]  csy_q;           // counters WW_GSI_CNT_SY_*
  wire [N_SY*CNT_W-1:0]  csy_d;
  reg  [CNT_W-1:0]       ccyc_q;          // counter WW_GSI_CNT_CYCLES
  wire [CNT_W-1:0]       ccyc_d;

  ////////////////////
  // Refinement     //
  ////////////////////

  wire [WARPS*CLS_W-1:0] rcls;          // refined class of each warp
  wire [WARPS-1:0]   own_st;            // refined from a pending store

  genvar g;
  for (g = 0; g < WARPS; g = g + 1) begin : g_warp
    wire [CLS_W-1:0]  c    = cls_i[g*CLS_W +: CLS_W];
    wire [KIND_W-1:0] kind = infl_kind_i[g*KIND_W +: KIND_W];
    wire       held  = infl_i[g] && ((c == `WW_GSI_MEM_STRUCT) || (c == `WW_GSI_COMP_STRUCT));
    wire       dsync = infl_i[g] && (c == `WW_GSI_MEM_DATA) && (kind == `WW_GSI_KIND_SYNC);
    wire       own   = held && (kind == `WW_GSI_KIND_STORE);
    reg  [CLS_W-1:0] r;
    always @(*) begin
      r = c;
      if (held) begin
        case (kind)
          `WW_GSI_KIND_LOAD:  r = `WW_GSI_MEM_DATA;
          `WW_GSI_KIND_STORE: r = `WW_GSI_MEM_STRUCT;
          `WW_GSI_KIND_SYNC:  r = `WW_GSI_SYNC;
          default:    r = `WW_GSI_COMP_STRUCT;
        endcase
      end else if (dsync) begin
        r = `WW_GSI_SYNC;
      end
      if ((r == `WW_GSI_MEM_STRUCT) && !own && (lsu_why_i == `WW_GSI_WHY_SYNC)) begin
        r = `WW_GSI_SYNC;
      end
    end
    assign rcls[g*CLS_W +: CLS_W] = r;
    assign own_st[g]      = own;
  end

  ////////////////////
  // Cycle class    //
  ////////////////////

  reg [N_CLS-1:0] found;                // found[c]: some warp's refined class is c
  integer wf, wa, wd, wp, kr;           // one loop variable per always block
  always @(*) begin
    found = {N_CLS{1'b0}};
    for (wf = 0; wf < WARPS; wf = wf + 1) begin
      found = found | ({{(N_CLS-1){1'b0}}, 1'b1} << rcls[wf*CLS_W +: CLS_W]);
    end
  end

  reg [CLS_W-1:0] cyc;
  always @(*) begin
    if (found[`WW_GSI_NONE]) begin
      cyc = `WW_GSI_NONE;
`ifdef WW_MUTANT_GSI_DATA_BEFORE_STRUCT
    end else if (found[`WW_GSI_MEM_DATA]) begin
      cyc = `WW_GSI_MEM_DATA;
    end else if (found[`WW_GSI_MEM_STRUCT]) begin
      cyc = `WW_GSI_MEM_STRUCT;
`else
    end else if (found[`WW_GSI_MEM_STRUCT]) begin
      cyc = `WW_GSI_MEM_STRUCT;
    end else if (found[`WW_GSI_MEM_DATA]) begin
      cyc = `WW_GSI_MEM_DATA;
`endif
    end else if (found[`WW_GSI_SYNC]) begin
      cyc = `WW_GSI_SYNC;
    end else if (found[`WW_GSI_COMP_STRUCT]) begin
      cyc = `WW_GSI_COMP_STRUCT;
    end else if (found[`WW_GSI_COMP_DATA]) begin
      cyc = `WW_GSI_COMP_DATA;
    end else if (found[`WW_GSI_CONTROL]) begin
      cyc = `WW_GSI_CONTROL;
    end else begin
      cyc = `WW_GSI_IDLE;
    end
  end

  // attributed warp (lowest with the cycle's class) and its state
  reg [WID_W-1:0] aw;
  reg             aw_own, aw_pend, aw_txb, aw_txc, aw_det;
  reg [SRC_W-1:0] aw_src;
  always @(*) begin
    aw      = {WID_W{1'b0}};
    aw_own  = 1'b0;
    aw_pend = 1'b0;
    aw_txb  = 1'b0;
    aw_txc  = 1'b0;
    aw_det  = 1'b0;
    aw_src  = `WW_GSI_SRC_L1;
    for (wa = WARPS - 1; wa >= 0; wa = wa - 1) begin
      if (rcls[wa*CLS_W +: CLS_W] == cyc) begin
        aw      = wa[WID_W-1:0];
        aw_own  = own_st[wa];
        aw_pend = pend_q[wa];
        aw_txb  = tx_begin_i[wa];
        aw_txc  = tx_commit_i[wa];
        aw_det  = det_hold_i[wa];
        aw_src  = src_q[wa*SRC_W +: SRC_W];
      end
    end
  end

  reg [MS_W-1:0] sub;
  always @(*) begin
    if (cyc != `WW_GSI_MEM_STRUCT) begin
      sub = `WW_GSI_MS_LSU_BUSY;
    end else if (aw_own) begin
      sub = `WW_GSI_MS_STORE;
    end else begin
      case (lsu_why_i)
        `WW_GSI_WHY_MSHR_FULL:  sub = `WW_GSI_MS_MSHR_FULL;
        `WW_GSI_WHY_WQ_FULL:    sub = `WW_GSI_MS_STORE;
        `WW_GSI_WHY_BANK_CONFLICT:  sub = `WW_GSI_MS_BANK_CONFLICT;
        `WW_GSI_WHY_FENCE: sub = `WW_GSI_MS_FENCE;
        `WW_GSI_WHY_SCORD: sub = `WW_GSI_MS_SCORD;
        default:   sub = `WW_GSI_MS_LSU_BUSY;
      endcase
    end
  end

  // SYNC sub-class of the attributed warp
  reg [SY_W-1:0] sy;
  always @(*) begin
    if (cyc != `WW_GSI_SYNC) begin
      sy = `WW_GSI_SY_OTHER;
`ifdef WW_MUTANT_GSI_TX_COMMIT_AS_OTHER
    end else if (aw_txc) begin
      sy = `WW_GSI_SY_OTHER;
`else
    end else if (aw_txc) begin
      sy = `WW_GSI_SY_TX_COMMIT;
`endif
    end else if (aw_txb) begin
      sy = `WW_GSI_SY_TX_BEGIN;
    end else if (aw_det) begin
      case (det_phase_i)
        `WW_DETPH_QUANTUM: sy = `WW_GSI_SY_DET_QUANTUM;
`ifdef WW_MUTANT_GSI_DET_COMMIT_AS_SERIAL
        `WW_DETPH_COMMIT:  sy = `WW_GSI_SY_DET_SERIAL;
`else
        `WW_DETPH_COMMIT:  sy = `WW_GSI_SY_DET_COMMIT;
`endif
        `WW_DETPH_SERIAL:  sy = `WW_GSI_SY_DET_SERIAL;
        default:           sy = `WW_GSI_SY_OTHER;
      endcase
    end else begin
      sy = `WW_GSI_SY_OTHER;
    end
  end

  assign cls_o = cyc;
  assign wid_o = aw;
  assign sub_o = sub;

  ////////////////////
  // Counting       //
  ////////////////////

  wire md_cnt    = en_i && (cyc == `WW_GSI_MEM_DATA);
  wire md_acc    = md_cnt && aw_pend;     // charged to the pending load's accumulator
  wire md_direct = md_cnt && !aw_pend;    // charged to the last load's source now
  wire ms_cnt    = en_i && (cyc == `WW_GSI_MEM_STRUCT);
  wire sy_cnt    = en_i && (cyc == `WW_GSI_SYNC);

  // warps that complete / start a load, and the completing warp's accumulator
  reg [CNT_W-1:0] done_acc;
  reg [WARPS-1:0] done_hit, start_hit;
  always @(*) begin
    done_acc  = ZERO;
    done_hit  = {WARPS{1'b0}};
    start_hit = {WARPS{1'b0}};
    for (wd = 0; wd < WARPS; wd = wd + 1) begin
      if (ld_done_i && (ld_done_wid_i == wd[WID_W-1:0])) begin
        done_acc     = acc_q[wd*CNT_W +: CNT_W];
        done_hit[wd] = 1'b1;
      end
      start_hit[wd] = ld_start_i && (ld_start_wid_i == wd[WID_W-1:0]);
    end
  end

`ifdef WW_MUTANT_GSI_FLUSH_DROPS_CYCLE
  wire            plus1 = 1'b0;
`else
  wire            plus1 = md_acc && ld_done_i && (ld_done_wid_i == aw);
`endif
  wire [CNT_W-1:0] flush = done_acc + {{(CNT_W-1){1'b0}}, plus1};

  // per-warp state
  for (g = 0; g < WARPS; g = g + 1) begin : g_state
    wire             done = done_hit[g];
    wire             mine = md_acc && (aw == g[WID_W-1:0]);
    wire [CNT_W-1:0] acc  = acc_q[g*CNT_W +: CNT_W];
    wire [CNT_W-1:0] acc1 = acc + ONE;
`ifdef WW_MUTANT_GSI_ACC_HIGH_BIT_STUCK
    // the accumulator's top bit keeps its value: the carry into it is lost
    wire [CNT_W-1:0] acc_inc = {acc[CNT_W-1], acc1[CNT_W-2:0]};
`else
    wire [CNT_W-1:0] acc_inc = acc1;
`endif
    assign acc_d[g*CNT_W +: CNT_W] = done ? ZERO : mine ? acc_inc : acc;
    assign src_d[g*SRC_W +: SRC_W] = done ? ld_done_src_i : src_q[g*SRC_W +: SRC_W];
    assign pend_d[g]               = start_hit[g] || (pend_q[g] && !done);
  end

  // counters (ld_done adds the flushed accumulator, with this cycle's +1 if
  // it would have gone there)
  for (g = 0; g < N_CLS; g = g + 1) begin : g_ccls
    wire [CNT_W-1:0] cnt = ccls_q[g*CNT_W +: CNT_W];
    wire [CNT_W-1:0] sum = cnt + ((en_i && (cyc == g[CLS_W-1:0])) ? ONE : ZERO);
`ifdef WW_MUTANT_GSI_CNT_HIGH_BIT_STUCK
    // the class counter's top bit keeps its value: the carry into it is lost
    assign ccls_d[g*CNT_W +: CNT_W] = {cnt[CNT_W-1], sum[CNT_W-2:0]};
`else
    assign ccls_d[g*CNT_W +: CNT_W] = sum;
`endif
  end
  for (g = 0; g < N_SRC; g = g + 1) begin : g_cmd
    wire md_now  = md_direct && (aw_src == g[SRC_W-1:0]);
    wire md_done = ld_done_i && (ld_done_src_i == g[SRC_W-1:0]);
    assign cmd_d[g*CNT_W +: CNT_W] = cmd_q[g*CNT_W +: CNT_W] + (md_now ? ONE : ZERO) +
                                     (md_done ? flush : ZERO);
  end
  for (g = 0; g < N_MS; g = g + 1) begin : g_cms
    assign cms_d[g*CNT_W +: CNT_W] = cms_q[g*CNT_W +: CNT_W] +
                                     ((ms_cnt && (sub == g[MS_W-1:0])) ? ONE : ZERO);
  end
  for (g = 0; g < N_SY; g = g + 1) begin : g_csy
    assign csy_d[g*CNT_W +: CNT_W] = csy_q[g*CNT_W +: CNT_W] +
                                     ((sy_cnt && (sy == g[SY_W-1:0])) ? ONE : ZERO);
  end
  assign ccyc_d = ccyc_q + (en_i ? ONE : ZERO);

  // the value reset (0) or clear_i (clear_val_i) loads into counters and accumulators
  wire [CNT_W-1:0] init = rst_ni ? clear_val_i : ZERO;

  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      pend_q <= {WARPS{1'b0}};
      acc_q  <= {WARPS{init}};
      src_q  <= {WARPS*SRC_W{1'b0}};
      ccls_q <= {N_CLS{init}};
      cmd_q  <= {N_SRC{init}};
      cms_q  <= {N_MS{init}};
      csy_q  <= {N_SY{init}};
      ccyc_q <= init;
    end else begin
      pend_q <= pend_d;
      acc_q  <= acc_d;
      src_q  <= src_d;
      ccls_q <= ccls_d;
      cmd_q  <= cmd_d;
      cms_q  <= cms_d;
      csy_q  <= csy_d;
      ccyc_q <= ccyc_d;
    end
  end

  ////////////////////
  // Counter read   //
  ////////////////////

  reg [CNT_W-1:0] md_pend;              // counter WW_GSI_CNT_MD_PENDING
  always @(*) begin
    md_pend = ZERO;
    for (wp = 0; wp < WARPS; wp = wp + 1) begin
      md_pend = md_pend + acc_q[wp*CNT_W +: CNT_W];
    end
  end

  // the counters in WW_GSI_CNT_* order: classes, sources, pending,
  // MEM_STRUCT sub-classes, SYNC sub-classes, cycles
  wire [N_CNT*CNT_W-1:0] cnt_all = {ccyc_q, csy_q, cms_q, md_pend, cmd_q, ccls_q};
`ifndef SYNTHESIS
  initial begin
    if (`WW_GSI_CNT_CLS_FIRST != 0 || `WW_GSI_CNT_CLS_N != N_CLS ||
        `WW_GSI_CNT_MD_FIRST != N_CLS || `WW_GSI_CNT_MD_PENDING != N_CLS + N_SRC ||
        `WW_GSI_CNT_MS_FIRST != N_CLS + N_SRC + 1 || `WW_GSI_CNT_MS_N != N_MS ||
        `WW_GSI_CNT_SY_FIRST != N_CLS + N_SRC + 1 + N_MS || `WW_GSI_CNT_SY_N != N_SY ||
        `WW_GSI_CNT_CYCLES != N_CNT - 1 || N_CNT > 32) begin
      $display("ww_gsi: the counter layout of ww_proto.def is not cnt_all's");
      $fatal(1);
    end
  end
`endif

  reg [CNT_W-1:0] rd;
  always @(*) begin
    rd = ZERO;
    for (kr = 0; kr < N_CNT; kr = kr + 1) begin
      if (rd_idx_i == kr[4:0]) begin
        rd = cnt_all[kr*CNT_W +: CNT_W];
      end
    end
  end
  assign rd_data_o = rd;

  ////////////////////
  // Trace          //
  ////////////////////

  // TRACE_ID names the trace file only; without the trace it is unused
  wire unused_trace_id = (TRACE_ID != 0);

`ifdef WW_GSI_TRACE
`ifndef SYNTHESIS
  integer         trace_fd;
  reg             trace_on;             // logging: the design has been reset
  reg [8*256-1:0] trace_prefix;
  reg [8*272-1:0] trace_name;
  initial begin
    trace_fd = 0;
    trace_on = 1'b0;
    if ($value$plusargs("gsi_trace=%s", trace_prefix)) begin
      $sformat(trace_name, "%0s.sm%0d", trace_prefix, TRACE_ID);
      trace_fd = $fopen(trace_name, "w");
      if (trace_fd == 0) begin
        $display("ww_gsi: cannot open trace file %0s", trace_name);
        $fatal(1);
      end
      $fwrite(trace_fd, "# ww_gsi trace WARPS=%0d CNT_W=%0d TRACE_ID=%0d\n",
              WARPS, CNT_W, TRACE_ID);
      $fwrite(trace_fd, "# rst_ni clear_i clear_val_i en_i cls_i infl_i infl_kind_i tx_begin_i");
      $fwrite(trace_fd, " tx_commit_i det_hold_i det_phase_i lsu_why_i ld_start_i");
      $fwrite(trace_fd, " ld_start_wid_i ld_done_i ld_done_wid_i ld_done_src_i rd_idx_i");
      $fwrite(trace_fd, " cls_o wid_o sub_o rd_data_o\n");
    end
  end
  always @(posedge clk_i) begin
    if (rst_ni === 1'b0) begin
      trace_on <= 1'b1;
    end
    if (trace_fd != 0 && trace_on) begin
      $fwrite(trace_fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
              rst_ni, clear_i, clear_val_i, en_i, cls_i, infl_i, infl_kind_i, tx_begin_i,
              tx_commit_i, det_hold_i, det_phase_i, lsu_why_i, ld_start_i,
              ld_start_wid_i, ld_done_i, ld_done_wid_i, ld_done_src_i, rd_idx_i,
              cls_o, wid_o, sub_o, rd_data_o);
    end
  end
`endif
`endif

endmodule  // ww_gsi
`default_nettype wire
