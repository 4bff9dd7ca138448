// SPDX-License-Identifier: Apache-2.0
//
// ww_barrier -- ww.bar arrival, release and deadlock detection of one SM,
// per resident block slot (docs/isa.md "Barrier, exit"; the golden model's
// WW_OP_BAR / WW_OP_EXIT in cmodel/gpu/ww_gpu_exec.c).
//
// Per slot b the state is three warp masks: H (the block's hardware warps,
// set at launch), W (waiting at a ww.bar), E (exited). Arrival counting is
// done on the masks: |W| and |E| are the golden model's `waiting` and
// `exited` counters, |H| its `nwarps`.
//   launch   launch_valid_i: slot launch_slot_i gets H = launch_wmask_i
//            (nonzero, warps no other live block holds), W = E = 0.
//   arrive   arrive_valid_i: warp arrive_wid_i executed ww.bar.
//   exit     exit_valid_i: warp exit_wid_i executed ww.exit.
// With this cycle's arrival and exit applied (W' = (W | arr) & H & ~E',
// E' = (E | ex) & H):
//   release  W' == H (every warp of the block waits, none exited): all of
//            them are released in this cycle, release_o = H, W := 0.
//            Exited warps never count as arrived: as in the golden model, a
//            barrier whose block has lost a warp can never complete.
//   deadlock W' != 0, E' != 0 and W' | E' == H: the block's remaining warps
//            all wait and some have exited (the golden model's barrier
//            deadlock trap, at the arrival or at the exit that causes it).
//            deadlock_o stays high while such a block exists;
//            deadlock_wid_o is the lowest waiting warp of the lowest such slot
//            (the warp the golden model reports).
// Outputs: release_o, deadlock_o and deadlock_wid_o are combinational, in the
// cycle of the event; waiting_o (W of all slots) and free_o (slot holds no
// live warp: never launched, or all its warps exited) come from the state.
// A launch overrides an arrival or exit into the same slot in that cycle.
// An exit of a waiting warp (a trap's clean-up) removes it from W.
// Parameters: WARPS >= 1, BLOCKS >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_barrier #(
  parameter WARPS  = `WW_WARPS_PER_SM,
  parameter BLOCKS = `WW_BLOCKS_PER_SM
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // block launch
  input  wire                 launch_valid_i,
  input  wire [SLOT_W-1:0]    launch_slot_i,
  input  wire [WARPS-1:0]     launch_wmask_i,
  // ww.bar and ww.exit
  input  wire                 arrive_valid_i,
  input  wire [WID_W-1:0]     arrive_wid_i,
  input  wire                 exit_valid_i,
  input  wire [WID_W-1:0]     exit_wid_i,
  // results
  output wire [WARPS-1:0]     release_o,
  output wire [WARPS-1:0]     waiting_o,
  output wire [BLOCKS-1:0]    free_o,
  output wire                 deadlock_o,
  output wire [WID_W-1:0]     deadlock_wid_o
);

  localparam WID_W  = (WARPS > 1) ? $clog2(WARPS) : 1;
  localparam SLOT_W = (BLOCKS > 1) ? $clog2(BLOCKS) : 1;

  ////////////////////
  // State          //
  ////////////////////

  // slot b's masks at [b*WARPS +: WARPS]
  reg [BLOCKS*WARPS-1:0] hw_q, hw_d;
  reg [BLOCKS*WARPS-1:0] wait_q, wait_d;
  reg [BLOCKS*WARPS-1:0] exit_q, exit_d;

  wire [WARPS-1:0] one = {{(WARPS-1){1'b0}}, 1'b1};
  wire [WARPS-1:0] arr = arrive_valid_i ? (one << arrive_wid_i) : {WARPS{1'b0}};
  wire [WARPS-1:0] ex  = exit_valid_i   ? (one << exit_wid_i)   : {WARPS{1'b0}};

  reg [WARPS-1:0]  rel_mask;
  reg [BLOCKS-1:0] dl;
  reg [WARPS-1:0]  dl_wait;           // W' of the lowest deadlocked slot
  reg [WARPS-1:0]  h, wn, en;
  reg              rel;

  integer b;
  always @(*) begin
    hw_d     = hw_q;
    wait_d   = wait_q;
    exit_d   = exit_q;
    rel_mask = {WARPS{1'b0}};
    dl       = {BLOCKS{1'b0}};
    dl_wait  = {WARPS{1'b0}};
    for (b = BLOCKS - 1; b >= 0; b = b - 1) begin
      h   = hw_q[b*WARPS +: WARPS];
      en  = (exit_q[b*WARPS +: WARPS] | ex) & h;
      wn  = (wait_q[b*WARPS +: WARPS] | arr) & h & ~en;
`ifdef WW_MUTANT_BAR_EXITED_COUNT_AS_ARRIVED
      rel = (wn != {WARPS{1'b0}}) && ((wn | en) == h);
`else
      rel = (h != {WARPS{1'b0}}) && (wn == h);
`endif
      dl[b] = (wn != {WARPS{1'b0}}) && (en != {WARPS{1'b0}}) && ((wn | en) == h) && !rel;
      if (dl[b]) begin
        dl_wait = wn;                 // the loop runs downwards: the lowest slot wins
      end
      if (rel) begin
        rel_mask = rel_mask | h;
      end
      wait_d[b*WARPS +: WARPS] = rel ? {WARPS{1'b0}} : wn;
      exit_d[b*WARPS +: WARPS] = en;
      if (launch_valid_i && launch_slot_i == b[SLOT_W-1:0]) begin
        hw_d[b*WARPS +: WARPS]   = launch_wmask_i;
        wait_d[b*WARPS +: WARPS] = {WARPS{1'b0}};
        exit_d[b*WARPS +: WARPS] = {WARPS{1'b0}};
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      hw_q   <= {BLOCKS*WARPS{1'b0}};
      wait_q <= {BLOCKS*WARPS{1'b0}};
      exit_q <= {BLOCKS*WARPS{1'b0}};
    end else begin
      hw_q   <= hw_d;
      wait_q <= wait_d;
      exit_q <= exit_d;
    end
  end

  ////////////////////
  // Outputs        //
  ////////////////////

  reg [WID_W-1:0]  dl_wid;            // lowest set bit of dl_wait
  reg [WARPS-1:0]  waiting;
  reg [BLOCKS-1:0] free;
  integer w, k;
  always @(*) begin
    dl_wid = {WID_W{1'b0}};
    for (w = WARPS - 1; w >= 0; w = w - 1) begin
      if (dl_wait[w]) begin
        dl_wid = w[WID_W-1:0];
      end
    end
    waiting = {WARPS{1'b0}};
    for (k = 0; k < BLOCKS; k = k + 1) begin
      waiting = waiting | wait_q[k*WARPS +: WARPS];
      free[k] = ((hw_q[k*WARPS +: WARPS] & ~exit_q[k*WARPS +: WARPS]) == {WARPS{1'b0}});
    end
  end

  assign release_o      = rel_mask;
  assign waiting_o      = waiting;
  assign free_o         = free;
  assign deadlock_o     = (dl != {BLOCKS{1'b0}});
  assign deadlock_wid_o = dl_wid;

endmodule  // ww_barrier
`default_nettype wire
