// SPDX-License-Identifier: Apache-2.0
//
// ww_scord_bartab -- ScoRD barrier-ID table of one SM (docs/scord.md §2, §3;
// ScoRD §IV, §IV-C): one BAR_W-bit counter per resident block slot, the ID
// of the latest barrier the slot's block has passed. Every memory record the
// SM builds for the detector carries its block slot's counter.
//   launch   launch_valid_i: slot launch_slot_i's counter := 0 (block launch).
//   release  release_valid_i: slot release_slot_i's counter := counter + 1,
//            wrapping modulo 2^BAR_W. Counted when ww_barrier raises
//            release_o for the slot, not at arrival: ww.bar retires at
//            arrival, so counting there would give a late warp's
//            pre-barrier accesses the new ID (docs/scord.md §3, §6.6).
//   read     rd_bar_o = counter of slot rd_slot_i, combinational, from the
//            state before this cycle's launch/release (the record being
//            built belongs to an instruction issued before the edge).
// A launch overrides a release of the same slot in the same cycle (a slot is
// launched only when free, so legal traffic never does both). A slot index
// >= BLOCKS (BLOCKS not a power of two) is ignored by launch and release and
// reads as 0. Reset clears every counter.
// Parameters: BLOCKS >= 1, BAR_W >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_scord_bartab #(
  parameter BLOCKS = `WW_BLOCKS_PER_SM,
  parameter BAR_W  = `WW_SCORD_BARID_W
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  // block launch into a slot
  input  wire              launch_valid_i,
  input  wire [SLOT_W-1:0] launch_slot_i,
  // barrier release of a slot's block
  input  wire              release_valid_i,
  input  wire [SLOT_W-1:0] release_slot_i,
  // read port
  input  wire [SLOT_W-1:0] rd_slot_i,
  output wire [BAR_W-1:0]  rd_bar_o
);

  localparam SLOT_W = (BLOCKS > 1) ? $clog2(BLOCKS) : 1;
  localparam [BAR_W-1:0] ONE = 1;

  // slot b's counter at [b*BAR_W +: BAR_W]
  reg [BLOCKS*BAR_W-1:0] bar_q, bar_d;
  reg [BAR_W-1:0]        cur, rd_bar;

  integer b;
  always @(*) begin
    bar_d  = bar_q;
    rd_bar = {BAR_W{1'b0}};
    for (b = 0; b < BLOCKS; b = b + 1) begin
      cur = bar_q[b*BAR_W +: BAR_W];
      if (rd_slot_i == b[SLOT_W-1:0]) begin
        rd_bar = cur;
      end
      if (release_valid_i && release_slot_i == b[SLOT_W-1:0]) begin
`ifdef WW_MUTANT_SCORD_BAR_SATURATE
        bar_d[b*BAR_W +: BAR_W] = (cur == {BAR_W{1'b1}}) ? cur : cur + ONE;
`else
        bar_d[b*BAR_W +: BAR_W] = cur + ONE;
`endif
      end
      if (launch_valid_i && launch_slot_i == b[SLOT_W-1:0]) begin
`ifdef WW_MUTANT_SCORD_BAR_LAUNCH_NO_RESET
        bar_d[b*BAR_W +: BAR_W] = bar_d[b*BAR_W +: BAR_W];
`else
        bar_d[b*BAR_W +: BAR_W] = {BAR_W{1'b0}};
`endif
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bar_q <= {BLOCKS*BAR_W{1'b0}};
    end else begin
      bar_q <= bar_d;
    end
  end

  assign rd_bar_o = rd_bar;

endmodule  // ww_scord_bartab
`default_nettype wire
