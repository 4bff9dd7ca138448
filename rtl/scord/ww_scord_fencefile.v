// SPDX-License-Identifier: Apache-2.0
//
// ww_scord_fencefile -- ScoRD fence file of one detector (docs/scord.md §2,
// §3 "Processing"; ScoRD §IV, §IV-A, §IV-C): per hardware warp of every SM,
// the IDs of its latest block-scope and device-scope fences. Entry
// wp = sm*WARPS + warp (the global hardware warp, metadata WarpID) holds
// {blk, dev}, two FID_W-bit counters that wrap around.
//   clear    clear_i: every counter := 0 (kernel launch start).
//   fence    inc_valid_i: entry inc_wp_i counts one fence event. A device
//            fence (inc_dev_i = 1: ww.fence.dev, fence) increments only the
//            dev counter, a block fence (ww.fence.blk) only the blk counter.
//   read     two combinational read ports, a and b (the current accessor's
//            fC and the previous accessor md.WarpID's fP), from the state
//            before this cycle's clear/increment: a record and a fence event
//            are processed one per cycle, strictly in order.
// clear_i overrides an increment in the same cycle. An index >= NUM_SM*WARPS
// (not a power of two) is ignored by inc and reads as 0. Reset clears every
// counter.
// Parameters: NUM_SM >= 1, WARPS >= 1, FID_W >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_scord_fencefile #(
  parameter NUM_SM = `WW_NUM_SM,
  parameter WARPS  = `WW_WARPS_PER_SM,
  parameter FID_W  = `WW_SCORD_FENCEID_W
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // kernel launch start
  input  wire             clear_i,
  // fence event of global hardware warp inc_wp_i
  input  wire             inc_valid_i,
  input  wire [WP_W-1:0]  inc_wp_i,
  input  wire             inc_dev_i,
  // read port a (current accessor)
  input  wire [WP_W-1:0]  rd_a_wp_i,
  output wire [FID_W-1:0] rd_a_blk_o,
  output wire [FID_W-1:0] rd_a_dev_o,
  // read port b (previous accessor, md.WarpID)
  input  wire [WP_W-1:0]  rd_b_wp_i,
  output wire [FID_W-1:0] rd_b_blk_o,
  output wire [FID_W-1:0] rd_b_dev_o
);

  localparam N    = NUM_SM * WARPS;
  localparam WP_W = (N > 1) ? $clog2(N) : 1;
  localparam [FID_W-1:0] ONE = 1;

  // entry k's counters at [k*FID_W +: FID_W]
  reg [N*FID_W-1:0] blk_q, blk_d;
  reg [N*FID_W-1:0] dev_q, dev_d;
  reg [FID_W-1:0]   a_blk, a_dev, b_blk, b_dev;

`ifdef WW_MUTANT_SCORD_DEVFENCE_BUMPS_BLK
  wire inc_blk = inc_valid_i;
`else
  wire inc_blk = inc_valid_i && !inc_dev_i;
`endif
  wire inc_dev = inc_valid_i && inc_dev_i;

  integer k;
  always @(*) begin
    blk_d = blk_q;
    dev_d = dev_q;
    a_blk = {FID_W{1'b0}};
    a_dev = {FID_W{1'b0}};
    b_blk = {FID_W{1'b0}};
    b_dev = {FID_W{1'b0}};
    for (k = 0; k < N; k = k + 1) begin
      if (rd_a_wp_i == k[WP_W-1:0]) begin
        a_blk = blk_q[k*FID_W +: FID_W];
        a_dev = dev_q[k*FID_W +: FID_W];
      end
      if (rd_b_wp_i == k[WP_W-1:0]) begin
        b_blk = blk_q[k*FID_W +: FID_W];
        b_dev = dev_q[k*FID_W +: FID_W];
      end
      if (inc_wp_i == k[WP_W-1:0]) begin
        if (inc_blk) begin
          blk_d[k*FID_W +: FID_W] = blk_q[k*FID_W +: FID_W] + ONE;
        end
        if (inc_dev) begin
          dev_d[k*FID_W +: FID_W] = dev_q[k*FID_W +: FID_W] + ONE;
        end
      end
    end
    if (clear_i) begin
      blk_d = {N*FID_W{1'b0}};
      dev_d = {N*FID_W{1'b0}};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      blk_q <= {N*FID_W{1'b0}};
      dev_q <= {N*FID_W{1'b0}};
    end else begin
      blk_q <= blk_d;
      dev_q <= dev_d;
    end
  end

  assign rd_a_blk_o = a_blk;
  assign rd_a_dev_o = a_dev;
  assign rd_b_blk_o = b_blk;
  assign rd_b_dev_o = b_dev;

endmodule  // ww_scord_fencefile
`default_nettype wire
