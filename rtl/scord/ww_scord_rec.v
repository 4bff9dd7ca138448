// SPDX-License-Identifier: Apache-2.0
//
// ww_scord_rec -- forms the ScoRD records an SM's LSU sends to the
// partitions' detectors, purely combinational (docs/scord.md §3 "Records";
// the sideband layout is ww_proto.def SB). The LSU's FSM decides when (its
// S_CHECK / S_FPKT states and counters); this block says what:
//   CHECK (chk_i)   one instruction's access to line line_i: wmask = the
//                   words of the line that the tracked lanes lanes_i touch
//                   (addr_i's word offsets), sent on the line's own number;
//   FENCE (fence_i) a fence record to partition part_i: its line number is
//                   the partition index (the crossbar routes lines by their
//                   low bits, so line p reaches partition p).
// valid_o: a record wants the memory port, unless the port carries an L1
// request this cycle (l1_i), which goes first. sb_o is the sideband of
// every request the LSU sends: the instruction's op, warp, block, pc and the
// barrier id / lock Bloom taken at acceptance, with the record kind and
// wmask (kind NONE and no words while an L1 request goes out; wmask follows
// lanes_i whether or not a record is sent).
// clk_i is not used (no state); it exists for the lockstep adapter, which
// drives clk_i on every top.
// Parameters: LANES, LINE_BYTES, WID_W (warp id), NUM_PART, BAR_W and
// BLOOM_W (ScoRD's barrier id and lock Bloom), from ww_config.vh by default.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_scord_rec #(
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter WID_W      = (`WW_WARPS_PER_SM > 1) ? $clog2(`WW_WARPS_PER_SM) : 1,
  parameter NUM_PART   = `WW_NUM_PART,
  parameter BAR_W      = `WW_SCORD_BARID_W,
  parameter BLOOM_W    = `WW_SCORD_BLOOM_W,
  parameter LINE_W     = 32 - $clog2(LINE_BYTES),
  parameter PART_W     = (NUM_PART > 1) ? $clog2(NUM_PART) : 1,
  parameter SB_W       = `WW_SB_W(WID_W, LINE_BYTES / 4, BAR_W, BLOOM_W)
) (
  input  wire                      clk_i,     // unused, see above
  // what the FSM sends this cycle
  input  wire                      chk_i,     // a CHECK record of line line_i
  input  wire                      fence_i,   // a FENCE record to partition part_i
  input  wire                      l1_i,      // the port carries an L1 request
  input  wire [LINE_W-1:0]         line_i,
  input  wire [LANES-1:0]          lanes_i,   // the line's tracked lanes
  input  wire [LANES*32-1:0]       addr_i,    // byte addresses (word offsets used)
  input  wire [PART_W-1:0]         part_i,
  // the instruction
  input  wire [6:0]                op_i,      // WW_OP_*
  input  wire [WID_W-1:0]          wid_i,
  input  wire [31:0]               cta_i,
  input  wire [31:0]               pc_i,
  input  wire [BAR_W-1:0]          bar_i,
  input  wire [BLOOM_W-1:0]        lk_i,
  // the record
  output wire                      valid_o,
  output wire [LINE_W-1:0]         line_o,
  output reg  [SB_W-1:0]           sb_o
);

  // ISA constants: this module uses the WW_OP_* codes only.
  /* verilator lint_off UNUSEDPARAM */
  `include "ww_isa.vh"
  /* verilator lint_on UNUSEDPARAM */

  localparam WORDS = LINE_BYTES / 4;

  // the sideband's fields (ww_proto.def SB)
  localparam SB_OP_LSB  = `WW_SB_OP_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_OP_W    = `WW_SB_OP_W(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_WID_LSB = `WW_SB_WID_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_CTA_LSB = `WW_SB_CTA_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_CTA_W   = `WW_SB_CTA_W(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_PC_LSB  = `WW_SB_PC_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_PC_W    = `WW_SB_PC_W(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_SK_LSB  = `WW_SB_SK_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_SK_W    = `WW_SB_SK_W(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_WM_LSB  = `WW_SB_WM_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_BAR_LSB = `WW_SB_BAR_LSB(WID_W, WORDS, BAR_W, BLOOM_W);
  localparam SB_LK_LSB  = `WW_SB_LK_LSB(WID_W, WORDS, BAR_W, BLOOM_W);

  wire unused_clk = clk_i;
  // the address bits outside the word offset are not used
  wire unused_addr = ^addr_i;

  // the words of the line the tracked lanes touch
  reg [WORDS-1:0] wmask;
  reg [31:0]      wi;
  integer j, w;
  always @* begin
    w = 0;   // loop variable, set on every path (else Yosys infers a latch)
    wmask = {WORDS{1'b0}};
    for (j = 0; j < LANES; j = j + 1) begin
      wi = (addr_i[32*j +: 32] >> 2) & (WORDS - 1);
`ifdef WW_MUTANT_SCORD_REC_LAST_LANE_ONLY
      // MUTANT: only the highest tracked lane's word is named
      if (lanes_i[j])
        wmask = {WORDS{1'b0}};
`endif
      if (lanes_i[j])
        for (w = 0; w < WORDS; w = w + 1)
          if (wi == w) wmask[w] = 1'b1;
    end
  end

  assign valid_o = (chk_i || fence_i) && !l1_i;
  assign line_o  = chk_i ? line_i : {{(LINE_W-PART_W){1'b0}}, part_i};

  wire [`WW_SCORD_SK_W-1:0] sk = chk_i ? `WW_SCORD_SK_CHECK :
                                 fence_i ? `WW_SCORD_SK_FENCE : `WW_SCORD_SK_NONE;
`ifdef WW_MUTANT_SCORD_BLKFENCE_AS_DEV
  // MUTANT: a block fence's FENCE records claim a device fence
  wire [6:0] op = (fence_i && op_i == WW_OP_FENCE_BLK) ? WW_OP_FENCE_DEV : op_i;
`else
  wire [6:0] op = op_i;
`endif
  always @* begin   // the fields at their ww_proto.def places
    sb_o = {SB_W{1'b0}};
    sb_o[SB_OP_LSB  +: SB_OP_W]  = op;
    sb_o[SB_WID_LSB +: WID_W]    = wid_i;
    sb_o[SB_CTA_LSB +: SB_CTA_W] = cta_i;
    sb_o[SB_PC_LSB  +: SB_PC_W]  = pc_i;
    sb_o[SB_SK_LSB  +: SB_SK_W]  = l1_i ? `WW_SCORD_SK_NONE : sk;
    sb_o[SB_WM_LSB  +: WORDS]    = l1_i ? {WORDS{1'b0}} : wmask;
    sb_o[SB_BAR_LSB +: BAR_W]    = bar_i;
    sb_o[SB_LK_LSB  +: BLOOM_W]  = lk_i;
  end

endmodule  // ww_scord_rec
`default_nettype wire
