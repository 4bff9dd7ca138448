// SPDX-License-Identifier: Apache-2.0
//
// ww_switch -- one direction of the SM <-> partition crossbar (docs/gpu_rtl.md):
// N_IN sources send packets of DATA_W opaque bits to one of N_OUT
// destinations. Each source has its own FIFO_DEPTH queue (VOQ = 0), or one
// FIFO_DEPTH queue per destination (VOQ = 1: virtual output queues, so a
// packet for a free destination passes one for a busy destination; a source
// is ready when its queue for in_dst_i has room); each destination grants
// one queue head per cycle, round robin starting after its last grant. Two
// packets from one source to one destination arrive in the order they came
// (point-to-point ordering); with VOQ = 0 a source's packets leave in the
// order they came. The requests (SM -> partition) and responses (partition
// -> SM) each use one.
//
// Interface: a packet enters when in_valid_i[s] && in_ready_o[s] and leaves
// when out_valid_o[d] && out_ready_i[d], at the earliest the next cycle.
// hold_i[d*N_IN + s]: destination d does not take source s's head this cycle
// (a link delayed by the network: the DRF tester's harness holds links at
// random to reorder packets of different links, docs/drf.md sec. 5; the GPU
// ties it to zero). Held, a head stays and keeps its order.
// out_src_o names the source; an idle destination shows zero source and
// data. A packet for a destination >= N_OUT is dropped
// by an assertion in simulation (callers must not send one).
// Parameters: N_IN, N_OUT >= 1; DATA_W >= 1; FIFO_DEPTH power of two >= 2;
// VOQ 0 or 1.

`default_nettype none
`include "ww_config.vh"
`include "ww_assert.vh"
module ww_switch #(
  parameter N_IN       = `WW_NUM_SM,
  parameter N_OUT      = `WW_NUM_PART,
  parameter DATA_W     = 32,
  parameter FIFO_DEPTH = 4,
  parameter VOQ        = `WW_XBAR_VOQ,
  parameter SRC_W      = (N_IN > 1) ? $clog2(N_IN) : 1,
  parameter DST_W      = (N_OUT > 1) ? $clog2(N_OUT) : 1
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // sources
  input  wire [N_IN-1:0]         in_valid_i,
  output wire [N_IN-1:0]         in_ready_o,
  input  wire [N_IN*DST_W-1:0]   in_dst_i,     // source s at [s*DST_W +: DST_W]
  input  wire [N_IN*DATA_W-1:0]  in_data_i,    // source s at [s*DATA_W +: DATA_W]
  // destinations
  output wire [N_OUT-1:0]        out_valid_o,
  input  wire [N_OUT-1:0]        out_ready_i,
  input  wire [N_OUT*N_IN-1:0]   hold_i,       // destination d, source s at [d*N_IN + s]
  output wire [N_OUT*SRC_W-1:0]  out_src_o,
  output wire [N_OUT*DATA_W-1:0] out_data_o
);

  localparam [31:0] LAST_INIT = N_IN - 1;   // so that source 0 goes first

  // want[d*N_IN + s]: source s has a packet for destination d at a queue's
  // head; head[(d*N_IN + s)*DATA_W +: DATA_W] is its data
  wire [N_OUT*N_IN-1:0]        want;
  wire [N_OUT*N_IN*DATA_W-1:0] head;
  reg  [N_OUT*N_IN-1:0]        head_pop;

  genvar s, wd;
  if (VOQ == 0) begin : g_fifo
    localparam Q_W = DST_W + DATA_W;
    for (s = 0; s < N_IN; s = s + 1) begin : g_src
      wire           q_valid;
      wire [Q_W-1:0] q_head;
      wire [N_OUT-1:0] q_pop;                  // destination d takes the head
      for (wd = 0; wd < N_OUT; wd = wd + 1) begin : g_pop
        assign q_pop[wd] = head_pop[wd*N_IN + s];
      end
      ww_fifo #(
        .WIDTH (Q_W),
        .DEPTH (FIFO_DEPTH)
      ) u_queue (
        .clk_i       (clk_i),
        .rst_ni      (rst_ni),
        .in_valid_i  (in_valid_i[s]),
        .in_ready_o  (in_ready_o[s]),
        .in_data_i   ({in_dst_i[s*DST_W +: DST_W], in_data_i[s*DATA_W +: DATA_W]}),
        .out_valid_o (q_valid),
        .out_ready_i (|q_pop),
        .out_data_o  (q_head)
      );
      for (wd = 0; wd < N_OUT; wd = wd + 1) begin : g_want
        assign want[wd*N_IN + s] = q_valid && q_head[DATA_W +: DST_W] == wd[DST_W-1:0];
        assign head[(wd*N_IN + s)*DATA_W +: DATA_W] = q_head[0 +: DATA_W];
      end
    end
  end else begin : g_voq
    wire [N_OUT*N_IN-1:0] q_ready;
    for (s = 0; s < N_IN; s = s + 1) begin : g_src
      // ready when the queue for the packet's destination has room
      wire [N_OUT-1:0] room;
      assign in_ready_o[s] = |(room & ({{(N_OUT-1){1'b0}}, 1'b1} << in_dst_i[s*DST_W +: DST_W]));
      for (wd = 0; wd < N_OUT; wd = wd + 1) begin : g_dst
        assign room[wd] = q_ready[wd*N_IN + s];
        ww_fifo #(
          .WIDTH (DATA_W),
          .DEPTH (FIFO_DEPTH)
        ) u_queue (
          .clk_i       (clk_i),
          .rst_ni      (rst_ni),
          .in_valid_i  (in_valid_i[s] && in_ready_o[s] && in_dst_i[s*DST_W +: DST_W] == wd[DST_W-1:0]),
          .in_ready_o  (q_ready[wd*N_IN + s]),
          .in_data_i   (in_data_i[s*DATA_W +: DATA_W]),
          .out_valid_o (want[wd*N_IN + s]),
          .out_ready_i (head_pop[wd*N_IN + s]),
          .out_data_o  (head[(wd*N_IN + s)*DATA_W +: DATA_W])
        );
      end
    end
  end

  // Per destination: round robin over the sources whose head is for it.
  reg [N_OUT*SRC_W-1:0] last_q, last_d;      // last granted source
  reg [N_OUT-1:0]       grant_valid;
  reg [N_OUT*SRC_W-1:0] grant_src;
  integer d, k, cand;
  // The grant depends on the heads only; the pop also on out_ready_i. Two
  // blocks, so a ready that depends on the granted data is no loop.
  always @(*) begin
    grant_valid = {N_OUT{1'b0}};
    grant_src   = {N_OUT*SRC_W{1'b0}};
    for (d = 0; d < N_OUT; d = d + 1) begin
      for (k = N_IN; k >= 1; k = k - 1) begin
        // candidates in order last+1, last+2, ..., last+N_IN (mod N_IN);
        // scanning downwards, the earliest candidate is assigned last
        // (last + k) mod N_IN without a divider: last < N_IN and k <= N_IN
        cand = {{(32-SRC_W){1'b0}}, last_q[d*SRC_W +: SRC_W]} + k;
        if (cand >= N_IN) begin
          cand = cand - N_IN;
        end
`ifdef WW_MUTANT_SWITCH_FIXED_PRIORITY
        cand = N_IN - k;  // MUTANT: fixed priority, highest source first
`endif
`ifdef WW_MUTANT_SWITCH_HOLD_IGNORED
        if (want[d*N_IN + cand]) begin  // MUTANT: a held link is granted
`else
        if (want[d*N_IN + cand] && !hold_i[d*N_IN + cand]) begin
`endif
          grant_valid[d]               = 1'b1;
          grant_src[d*SRC_W +: SRC_W]  = cand[SRC_W-1:0];
        end
      end
    end
  end

  integer p, q;
  always @(*) begin
    head_pop = {N_OUT*N_IN{1'b0}};
    last_d   = last_q;
    for (p = 0; p < N_OUT; p = p + 1) begin
      for (q = 0; q < N_IN; q = q + 1) begin
        if (grant_valid[p] && out_ready_i[p] && grant_src[p*SRC_W +: SRC_W] == q[SRC_W-1:0]) begin
          head_pop[p*N_IN + q] = 1'b1;
        end
      end
      if (grant_valid[p] && out_ready_i[p]) begin
        last_d[p*SRC_W +: SRC_W]              = grant_src[p*SRC_W +: SRC_W];
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      last_q <= {N_OUT{LAST_INIT[SRC_W-1:0]}};
    end else begin
      last_q <= last_d;
    end
  end

  // Granted data, selected with constant slices (an index times Q_W would
  // become a multiplier).
  reg [N_OUT*DATA_W-1:0] out_data;
  always @(*) begin
    out_data = {N_OUT*DATA_W{1'b0}};
    for (d = 0; d < N_OUT; d = d + 1) begin
      for (k = 0; k < N_IN; k = k + 1) begin
        if (grant_valid[d] && grant_src[d*SRC_W +: SRC_W] == k[SRC_W-1:0]) begin
          out_data[d*DATA_W +: DATA_W] = head[(d*N_IN + k)*DATA_W +: DATA_W];
        end
      end
    end
  end

  assign out_valid_o = grant_valid;
  assign out_src_o   = grant_src;
  assign out_data_o  = out_data;

  ////////////////
  // Assertions //
  ////////////////

  genvar a;
  for (a = 0; a < N_IN; a = a + 1) begin : g_chk
    `WW_ASSERT(DstInRange, !(in_valid_i[a] && {{(32-DST_W){1'b0}}, in_dst_i[a*DST_W +: DST_W]} >= N_OUT))
  end

endmodule  // ww_switch
`default_nettype wire
