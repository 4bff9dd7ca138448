// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_cid -- KILO TM's commit-ID vendor (MICRO 2011, sec. 4.5 and 4.5.1;
// docs/tm.md sec. 2): central, hands a committing warp consecutive commit
// IDs, one per committing lane, so that every commit unit orders the
// transactions the same way.
//
// Each SM holds req_valid_i[s] with the number of IDs it wants on
// req_n_i[s] (1..LANES) until grant_o[s]; one SM is granted per cycle, in
// round robin from the SM after the last one granted, and gets base_o ..
// base_o + n - 1 (mod 2^CID_W) in that cycle. next_o is the next ID to hand
// out: the upper end of the commit units' live window. While hold_i is high
// (a last-writer history must first scrub stale IDs, docs/lwh.md) nothing
// is granted. The SM's credit pool (sec. 4.5.1) decides when it may ask.
// Parameters: NUM_SM >= 1, LANES >= 1, CID_W as in ww_config.vh.

`default_nettype none
`include "ww_config.vh"
module ww_tm_cid #(
  parameter NUM_SM = `WW_NUM_SM,
  parameter LANES  = `WW_LANES,
  parameter CID_W  = `WW_CID_W,
  parameter CNT_W  = $clog2(LANES + 1),
  parameter SM_W   = (NUM_SM > 1) ? $clog2(NUM_SM) : 1
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    hold_i,
  input  wire [NUM_SM-1:0]       req_valid_i,
  input  wire [NUM_SM*CNT_W-1:0] req_n_i,
  output reg  [NUM_SM-1:0]       grant_o,
  output wire [CID_W-1:0]        base_o,
  output wire [CID_W-1:0]        next_o
);

  reg [CID_W-1:0] next_q;
  reg [SM_W-1:0]  last_q;      // SM granted last

  // round robin: the first requester after last_q, wrapping
  reg [SM_W-1:0]  pick;
  reg             any;
  reg [CNT_W-1:0] n;
  integer i;
  always @* begin
    any  = 1'b0;
    pick = {SM_W{1'b0}};
    for (i = NUM_SM - 1; i >= 0; i = i - 1)
      if (req_valid_i[i] && i > last_q) begin
        any  = 1'b1;
        pick = i[SM_W-1:0];
      end
    if (!any)
      for (i = NUM_SM - 1; i >= 0; i = i - 1)
        if (req_valid_i[i]) begin
          any  = 1'b1;
          pick = i[SM_W-1:0];
        end
    grant_o = {NUM_SM{1'b0}};
    n       = {CNT_W{1'b0}};
    for (i = 0; i < NUM_SM; i = i + 1)
      if (any && !hold_i && pick == i[SM_W-1:0]) begin
        grant_o[i] = 1'b1;
        n          = req_n_i[i*CNT_W +: CNT_W];
      end
  end

  assign base_o = next_q;
  assign next_o = next_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      next_q <= {CID_W{1'b0}};
      last_q <= {SM_W{1'b0}};
    end else if (|grant_o) begin
`ifdef WW_MUTANT_TM_CID_ONE_PER_GRANT
      next_q <= next_q + {{CID_W-1{1'b0}}, 1'b1};
`else
      next_q <= next_q + {{(CID_W > CNT_W ? CID_W - CNT_W : 0){1'b0}}, n};
`endif
      last_q <= pick;
    end
  end

endmodule  // ww_tm_cid
`default_nettype wire
