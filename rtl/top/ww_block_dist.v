// SPDX-License-Identifier: Apache-2.0
//
// ww_block_dist -- the threadblock distributor (docs/isa.md "Execution
// model", the golden model's dispatch()): hands out the blocks of a grid in
// increasing block index, each to the lowest-numbered SM that has a free block
// slot and at least as many free warp slots as a block needs. The SM itself
// then takes its lowest free block slot and lowest free warp slots. Counts
// finished blocks and says when the grid is done.
//
// Interface: start_i (one cycle, while idle) latches grid_i (blocks, >= 1)
// and nwarps_i (warps per block). While blocks remain, each cycle in which
// some SM has room launches the next block: launch_valid_o for one cycle
// with launch_sm_o and launch_ctaid_o; that SM must take it (SMs report room
// from registers that already include launches of earlier cycles).
// block_done_i[s] pulses when a block on SM s finishes (at most one per SM
// per cycle). done_o pulses once when every block of the grid has finished;
// busy_o is high from start to done.
// Parameters: NUM_SM >= 1, WARPS_PER_SM >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_block_dist #(
  parameter NUM_SM       = `WW_NUM_SM,
  parameter WARPS_PER_SM = `WW_WARPS_PER_SM,
  parameter SM_W         = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter WCNT_W       = $clog2(WARPS_PER_SM + 1)
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  // grid
  input  wire                     start_i,
  input  wire [31:0]              grid_i,
  input  wire [WCNT_W-1:0]        nwarps_i,
  output wire                     busy_o,
  output wire                     done_o,
  // SM room, from the SMs' registers
  input  wire [NUM_SM-1:0]        sm_free_slot_i,
  input  wire [NUM_SM*WCNT_W-1:0] sm_free_warps_i,   // SM s at [s*WCNT_W +: WCNT_W]
  // launches
  output wire                     launch_valid_o,
  output wire [SM_W-1:0]          launch_sm_o,
  output wire [31:0]              launch_ctaid_o,
  // completions
  input  wire [NUM_SM-1:0]        block_done_i
);

  reg              busy_q, done_q;
  reg [31:0]       grid_q, next_q, finished_q;
  reg [WCNT_W-1:0] nwarps_q;

  // lowest-numbered SM with room
  reg            room;
  reg [SM_W-1:0] pick;
  integer        s;
  always @(*) begin
    room = 1'b0;
    pick = {SM_W{1'b0}};
    for (s = NUM_SM - 1; s >= 0; s = s - 1) begin
`ifdef WW_MUTANT_BLOCK_DIST_IGNORES_WARPS
      if (sm_free_slot_i[s]) begin  // MUTANT: ignores the free warp count
`else
      if (sm_free_slot_i[s] && sm_free_warps_i[s*WCNT_W +: WCNT_W] >= nwarps_q) begin
`endif
        room = 1'b1;
        pick = s[SM_W-1:0];
      end
    end
  end

  wire launch = busy_q && (next_q != grid_q) && room;

  // finished blocks this cycle
  reg [SM_W:0] ndone;
  always @(*) begin
    ndone = {(SM_W+1){1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      ndone = ndone + {{SM_W{1'b0}}, block_done_i[s]};
    end
  end
  wire [31:0] finished_d = finished_q + {{(31-SM_W){1'b0}}, ndone};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q     <= 1'b0;
      done_q     <= 1'b0;
      grid_q     <= 32'd0;
      next_q     <= 32'd0;
      finished_q <= 32'd0;
      nwarps_q   <= {WCNT_W{1'b0}};
    end else begin
      done_q <= 1'b0;
      if (!busy_q) begin
        if (start_i) begin
          busy_q     <= 1'b1;
          grid_q     <= grid_i;
          nwarps_q   <= nwarps_i;
          next_q     <= 32'd0;
          finished_q <= 32'd0;
        end
      end else begin
        if (launch) begin
          next_q <= next_q + 32'd1;
        end
        finished_q <= finished_d;
        if (finished_d == grid_q) begin
          busy_q <= 1'b0;
          done_q <= 1'b1;
        end
      end
    end
  end

  assign busy_o         = busy_q;
  assign done_o         = done_q;
  assign launch_valid_o = launch;
  assign launch_sm_o    = pick;
  assign launch_ctaid_o = next_q;

endmodule  // ww_block_dist
`default_nettype wire
