// SPDX-License-Identifier: Apache-2.0
//
// tb_gsi_trace -- exercises the GSI trace path (rtl/gsi/ww_gsi.v under
// `WW_GSI_TRACE) on its own: two ww_gsi instances with different
// parameters and trace ids get independent random inputs, and each writes
// PREFIX.sm<TRACE_ID>, which tb/gsi/gsi_replay.c then checks against the C
// model (tb/gsi/trace_replay.sh runs it on Icarus and on Verilator).
//   u_sm0  WARPS = `WW_WARPS_PER_SM, CNT_W = 32,  TRACE_ID 0
//   u_sm1  WARPS = 3,                CNT_W = 6,   TRACE_ID 1 (counters wrap;
//          warp index 3 of ld_start/ld_done does not exist)
// Inputs change at the negedge (away from the sampling edge, so that Icarus and Verilator see them in the same cycle; docs/lockstep.md "One cycle"), biased so that every class,
// sub-class and the deferred MEM_DATA attribution occur: phases with few
// NONE warps, in-flight instructions on held warps, loads that start and
// complete (legal or not: the replay must agree on any input); lsu_why_i
// takes every code (WW_GSI_WHY_*, SCORD: ScoRD back-pressure); tx_begin_i
// and tx_commit_i (KILO TM) are set per warp 1 in 4 each, det_hold_i
// (GPUDet) 1 in 2, and det_phase_i takes a random phase every 64 cycles,
// so SYNC cycles take every SYNC sub-class. Reset for the
// first 3 cycles and once in mid-run; clear_i now and then (about once in
// 500 cycles), to a clear_val_i that is 0, random, or just below 2^CNT_W or
// another power of two, so that counters and accumulators carry into their
// upper bits and wrap.
// Plusargs: +gsi_trace=PREFIX (read by ww_gsi), +seed=N, +cycles=N.
// Ends with $finish, or $fatal if no trace was requested.

`timescale 1ns / 1ps
`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module tb_gsi_trace;

  localparam W0 = `WW_WARPS_PER_SM;
  localparam W1 = 3;
  localparam I0 = (W0 > 1) ? $clog2(W0) : 1;
  localparam I1 = 2;
  localparam N_CNT = `WW_GSI_CNT_N;     // counters of ww_gsi: swept by u_sm0

  reg clk = 1'b0;
  always #5 clk = ~clk;

  // ---- instance 0 ----
  reg            rst0_n, clear0, en0, lds0, ldd0;
  reg [31:0]     cval0;
  reg [W0*3-1:0] cls0;
  reg [W0-1:0]   infl0;
  reg [W0*2-1:0] kind0;
  reg [W0-1:0]   txb0, txc0, dh0;
  reg [`WW_DETPH_W-1:0] ph0;
  reg [2:0]      why0;
  reg [I0-1:0]   ldsw0, lddw0;
  reg [1:0]      src0;
  reg [4:0]      idx0;
  wire [2:0]     cls_o0, sub_o0;
  wire [I0-1:0]  wid_o0;
  wire [31:0]    rd0;

  ww_gsi #(.WARPS(W0), .CNT_W(32), .TRACE_ID(0)) u_sm0 (
    .clk_i(clk), .rst_ni(rst0_n), .clear_i(clear0), .clear_val_i(cval0), .en_i(en0),
    .cls_i(cls0), .infl_i(infl0), .infl_kind_i(kind0),
    .tx_begin_i(txb0), .tx_commit_i(txc0), .det_hold_i(dh0), .det_phase_i(ph0),
    .lsu_why_i(why0),
    .ld_start_i(lds0), .ld_start_wid_i(ldsw0), .ld_done_i(ldd0), .ld_done_wid_i(lddw0),
    .ld_done_src_i(src0), .rd_idx_i(idx0),
    .cls_o(cls_o0), .wid_o(wid_o0), .sub_o(sub_o0), .rd_data_o(rd0)
  );

  // ---- instance 1 ----
  reg            rst1_n, clear1, en1, lds1, ldd1;
  reg [5:0]      cval1;
  reg [W1*3-1:0] cls1;
  reg [W1-1:0]   infl1;
  reg [W1*2-1:0] kind1;
  reg [W1-1:0]   txb1, txc1, dh1;
  reg [`WW_DETPH_W-1:0] ph1;
  reg [2:0]      why1;
  reg [I1-1:0]   ldsw1, lddw1;
  reg [1:0]      src1;
  reg [4:0]      idx1;
  wire [2:0]     cls_o1, sub_o1;
  wire [I1-1:0]  wid_o1;
  wire [5:0]     rd1;

  ww_gsi #(.WARPS(W1), .CNT_W(6), .TRACE_ID(1)) u_sm1 (
    .clk_i(clk), .rst_ni(rst1_n), .clear_i(clear1), .clear_val_i(cval1), .en_i(en1),
    .cls_i(cls1), .infl_i(infl1), .infl_kind_i(kind1),
    .tx_begin_i(txb1), .tx_commit_i(txc1), .det_hold_i(dh1), .det_phase_i(ph1),
    .lsu_why_i(why1),
    .ld_start_i(lds1), .ld_start_wid_i(ldsw1), .ld_done_i(ldd1), .ld_done_wid_i(lddw1),
    .ld_done_src_i(src1), .rd_idx_i(idx1),
    .cls_o(cls_o1), .wid_o(wid_o1), .sub_o(sub_o1), .rd_data_o(rd1)
  );

  integer    seed, cycles, cyc, w, phase;
  reg [31:0] rs;                        // xorshift32 state: same stream on both simulators
  reg [31:0] t, k, v;
  reg [32:0] p;
  reg [2:0]  c;
  reg [W0*3-1:0] cls0_t;                // built here, then assigned whole (Verilator 5.006
  reg [W0-1:0]   infl0_t;               // --timing does not re-evaluate logic after a
  reg [W0*2-1:0] kind0_t;
  reg [W0-1:0]   txb0_t, txc0_t, dh0_t;               // part-select write from a timed process)
  reg [W1*3-1:0] cls1_t;
  reg [W1-1:0]   infl1_t;
  reg [W1*2-1:0] kind1_t;
  reg [W1-1:0]   txb1_t, txc1_t, dh1_t;
  reg [8*256-1:0] prefix;

  // v = uniform in [0, n)
  task rnd;
    input  [31:0] n;
    output [31:0] v;
    begin
      rs = rs ^ (rs << 13);
      rs = rs ^ (rs >> 17);
      rs = rs ^ (rs << 5);
      v  = rs % n;
    end
  endtask

  // a warp's class in this phase: phase 0 busy (NONE common), 1 few NONE,
  // 2 no NONE; a warp with an instruction in flight is often held (MEM_STRUCT
  // or COMP_STRUCT), so that the refinement applies
  task draw;
    input  integer   ph;
    output [2:0]     cls;
    output           infl;
    output [1:0]     kind;
    begin
      rnd(8, k);
      if (k == 32'd7 && ph != 0) begin
        rnd(4, t);
        if (ph == 2 || t != 0) rnd(7, k);
      end
      cls = k[2:0];
      rnd(3, t);
      infl = (t == 0);
      rnd(4, t);
      if (infl && t < 2) cls = t[0] ? `WW_GSI_MEM_STRUCT : `WW_GSI_COMP_STRUCT;
      rnd(4, t);
      kind = t[1:0];
    end
  endtask

  // cv = a clear value of width cw (1..32): 0 (1 in 4), random (1 in 8),
  // 2^cw - d (3 in 8: the counters wrap soon) or 2^e - d with 1 <= e < cw
  // (1 in 4: a carry into bit e soon), 1 <= d <= 8
  task clear_val;
    input  integer   cw;
    output [31:0]    cv;
    begin
      rnd(8, t);
      if (t < 2) begin
        p = 33'd0;
      end else if (t == 2) begin
        rnd(32'hffffffff, v);
        p = {1'b0, v};
      end else begin
        if (t < 6) begin
          k = cw;
        end else begin
          rnd(cw - 1, k);
          k = k + 1;
        end
        rnd(8, v);
        p = (33'd1 << k) - 33'd1 - {1'b0, v};
      end
      p  = p & ((33'd1 << cw) - 33'd1);
      cv = p[31:0];
    end
  endtask

  initial begin
    if (!$value$plusargs("gsi_trace=%s", prefix)) begin
      $display("tb_gsi_trace: give +gsi_trace=PREFIX");
      $fatal(1);
    end
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 20000;
    rs = 32'h9E3779B9 ^ seed;
    if (rs == 32'd0) rs = 32'd1;
    phase = 0;
    {rst0_n, clear0, cval0, en0, cls0, infl0, kind0, txb0, txc0, dh0, ph0, why0, lds0, ldsw0, ldd0, lddw0, src0, idx0} = 0;
    {rst1_n, clear1, cval1, en1, cls1, infl1, kind1, txb1, txc1, dh1, ph1, why1, lds1, ldsw1, ldd1, lddw1, src1, idx1} = 0;
    for (cyc = 0; cyc < cycles; cyc = cyc + 1) begin
      @(negedge clk);
      if (cyc % 64 == 0) begin
        rnd(3, t);
        phase = t;
        rnd(4, t);
        ph0 = t[`WW_DETPH_W-1:0];
        rnd(4, t);
        ph1 = t[`WW_DETPH_W-1:0];
      end
      // instance 0
      rst0_n = !(cyc < 3 || cyc == cycles / 2);
      rnd(500, t);  clear0 = (t == 0);
      clear_val(32, v); cval0 = v;
      rnd(10, t);   en0    = (t != 0);
      for (w = 0; w < W0; w = w + 1) begin
        draw(phase, cls0_t[w*3 +: 3], infl0_t[w], kind0_t[w*2 +: 2]);
        rnd(4, t);  txb0_t[w] = (t == 0);
        rnd(4, t);  txc0_t[w] = (t == 0);
        rnd(2, t);  dh0_t[w]  = (t == 0);
      end
      cls0 = cls0_t;
      infl0 = infl0_t;
      kind0 = kind0_t;
      txb0 = txb0_t;
      txc0 = txc0_t;
      dh0 = dh0_t;
      rnd(`WW_GSI_WHY_N, t);  why0  = t[2:0];
      rnd(4, t);  lds0  = (t == 0);
      rnd(W0, t); ldsw0 = t[I0-1:0];
      rnd(4, t);  ldd0  = (t == 0);
      rnd(W0, t); lddw0 = t[I0-1:0];
      rnd(4, t);  src0  = t[1:0];
      rnd(8, t);
      if (t == 0) rnd(32, t);
      else t = cyc % N_CNT;
      idx0 = t[4:0];
      // instance 1
      rst1_n = !(cyc < 3 || cyc == cycles / 3);
      rnd(500, t);  clear1 = (t == 0);
      clear_val(6, v); cval1 = v[5:0];
      rnd(8, t);    en1    = (t != 0);
      for (w = 0; w < W1; w = w + 1) begin
        draw(phase, cls1_t[w*3 +: 3], infl1_t[w], kind1_t[w*2 +: 2]);
        rnd(4, t);  txb1_t[w] = (t == 0);
        rnd(4, t);  txc1_t[w] = (t == 0);
        rnd(2, t);  dh1_t[w]  = (t == 0);
      end
      cls1 = cls1_t;
      infl1 = infl1_t;
      kind1 = kind1_t;
      txb1 = txb1_t;
      txc1 = txc1_t;
      dh1 = dh1_t;
      rnd(`WW_GSI_WHY_N, t);  why1  = t[2:0];
      rnd(4, t);  lds1  = (t == 0);
      rnd(4, t);  ldsw1 = t[I1-1:0];
      rnd(4, t);  ldd1  = (t == 0);
      rnd(4, t);  lddw1 = t[I1-1:0];
      rnd(4, t);  src1  = t[1:0];
      rnd(32, t); idx1  = t[4:0];
    end
    @(negedge clk);
    $display("tb_gsi_trace: %0d cycles, seed %0d", cycles, seed);
    $finish;
  end

endmodule  // tb_gsi_trace
`default_nettype wire
