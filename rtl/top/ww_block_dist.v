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
// per cycle), block_done_slot_i[s] says which block slot. done_o pulses once
// when every block of the grid has finished; busy_o is high from start to
// done. Blocks are placed only while dist_en_i (GPUDet: in work
// distribution, sec. 4.2.2; high without GPUDet).
// DWP (dwp_i, latched at start; GPUDet's deterministic workgroup
// partitioning, sec. 4.2.2): while dist_en_i and no SM has room, each cycle
// reserves the next block for the lowest (SM, block slot) that holds a block
// (sm_used_i, from the SMs' registers) and has no reservation yet
// (reserve_o for one cycle: the work distribution goes on). When that slot's
// block finishes, refill_o[s] rises in the same cycle with its reserved
// block in refill_ctaid_o[s]: the SM puts it into the slot that just
// finished, on the same warp slots (ww_sm). A reservation stays until used.
// Parameters: NUM_SM >= 1, WARPS_PER_SM >= 1, BLOCKS >= 1 (block slots per SM).

`default_nettype none
`include "ww_config.vh"
module ww_block_dist #(
  parameter NUM_SM       = `WW_NUM_SM,
  parameter WARPS_PER_SM = `WW_WARPS_PER_SM,
  parameter BLOCKS       = `WW_BLOCKS_PER_SM,
  parameter SM_W         = (NUM_SM > 1) ? $clog2(NUM_SM) : 1,
  parameter WCNT_W       = $clog2(WARPS_PER_SM + 1),
  parameter SLOT_W       = (BLOCKS > 1) ? $clog2(BLOCKS) : 1
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  // grid
  input  wire                     start_i,
  input  wire [31:0]              grid_i,
  input  wire [WCNT_W-1:0]        nwarps_i,
  input  wire                     dwp_i,
  input  wire                     dist_en_i,
  output wire                     busy_o,
  output wire                     done_o,
  // SM room, from the SMs' registers
  input  wire [NUM_SM-1:0]        sm_free_slot_i,
  input  wire [NUM_SM*WCNT_W-1:0] sm_free_warps_i,   // SM s at [s*WCNT_W +: WCNT_W]
  input  wire [NUM_SM*BLOCKS-1:0] sm_used_i,         // SM s slot b at [s*BLOCKS + b]
  // launches
  output wire                     launch_valid_o,
  output wire [SM_W-1:0]          launch_sm_o,
  output wire [31:0]              launch_ctaid_o,
  // completions
  input  wire [NUM_SM-1:0]        block_done_i,
  input  wire [NUM_SM*SLOT_W-1:0] block_done_slot_i, // SM s at [s*SLOT_W +: SLOT_W]
  // DWP
  output wire                     reserve_o,
  output wire [NUM_SM-1:0]        refill_o,
  output wire [NUM_SM*32-1:0]     refill_ctaid_o     // SM s at [s*32 +: 32]
);

  localparam NSLOT = NUM_SM * BLOCKS;
  localparam RS_W  = (NSLOT > 1) ? $clog2(NSLOT) : 1;

  reg              busy_q, done_q;
  reg [31:0]       grid_q, next_q, finished_q;
  reg [WCNT_W-1:0] nwarps_q;
  reg              dwp_q;
  reg [NSLOT-1:0]  rsv_q;                   // (SM s, slot b) at s*BLOCKS + b
  reg [31:0]       rsv_id_q [0:NSLOT-1];

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

  wire left   = busy_q && (next_q != grid_q);
  wire launch = left && dist_en_i && room;

  // DWP: the lowest occupied slot without a reservation
  reg            rsv_any;
  reg [RS_W-1:0] rsv_pick;
  integer        r;
  always @(*) begin
    rsv_any  = 1'b0;
    rsv_pick = {RS_W{1'b0}};
    for (r = NSLOT - 1; r >= 0; r = r - 1) begin
      if (sm_used_i[r] && !rsv_q[r]) begin
        rsv_any  = 1'b1;
        rsv_pick = r[RS_W-1:0];
      end
    end
  end
  wire reserve = left && dwp_q && dist_en_i && !room && rsv_any;

  // DWP: a finished block's slot with a reservation takes it at once
  reg [NUM_SM-1:0]    refill;
  reg [NUM_SM*32-1:0] refill_ctaid;
  reg [NSLOT-1:0]     used_rsv;             // reservations taken this cycle
  integer             k, kr;
  always @(*) begin
    refill       = {NUM_SM{1'b0}};
    refill_ctaid = {NUM_SM*32{1'b0}};
    used_rsv     = {NSLOT{1'b0}};
    for (s = 0; s < NUM_SM; s = s + 1) begin
      for (k = 0; k < BLOCKS; k = k + 1) begin
`ifdef WW_MUTANT_BLOCK_DIST_REFILL_SLOT0
        kr = 0;   // MUTANT: slot 0's reservation, whichever slot finished
`else
        kr = k;
`endif
        if (block_done_i[s] && block_done_slot_i[s*SLOT_W +: SLOT_W] == k[SLOT_W-1:0] &&
            rsv_q[s*BLOCKS + kr]) begin
          refill[s]                = 1'b1;
          refill_ctaid[s*32 +: 32] = rsv_id_q[s*BLOCKS + kr];
          used_rsv[s*BLOCKS + kr]  = 1'b1;
        end
      end
    end
  end

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
      dwp_q      <= 1'b0;
      rsv_q      <= {NSLOT{1'b0}};
      for (r = 0; r < NSLOT; r = r + 1) begin
        rsv_id_q[r] <= 32'd0;
      end
    end else begin
      done_q <= 1'b0;
      if (!busy_q) begin
        if (start_i) begin
          busy_q     <= 1'b1;
          grid_q     <= grid_i;
          nwarps_q   <= nwarps_i;
          dwp_q      <= dwp_i;
          next_q     <= 32'd0;
          finished_q <= 32'd0;
          rsv_q      <= {NSLOT{1'b0}};
        end
      end else begin
        if (launch || reserve) begin
          next_q <= next_q + 32'd1;
        end
        rsv_q <= (rsv_q & ~used_rsv) |
                 (reserve ? ({{(NSLOT-1){1'b0}}, 1'b1} << rsv_pick) : {NSLOT{1'b0}});
        if (reserve) begin
          rsv_id_q[rsv_pick] <= next_q;
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
  assign reserve_o      = reserve;
  assign refill_o       = refill;
  assign refill_ctaid_o = refill_ctaid;

endmodule  // ww_block_dist
`default_nettype wire
