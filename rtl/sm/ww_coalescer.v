// SPDX-License-Identifier: Apache-2.0
//
// ww_coalescer -- turns one warp memory instruction (an address per active
// lane) into one request per distinct cache line, each with the mask of the
// lanes that line serves (docs/isa.md "Memory"; the LSU front end,
// docs/gpu_rtl.md "Memory path"). Lines go out in order of their lowest
// lane: the line of the lowest remaining lane, with every remaining lane on
// that line.
//
// Interface: an instruction moves in when in_valid_i && in_ready_o; its line
// requests move out when out_valid_o && out_ready_i, out_last_o on the final
// one; in_tag_i comes back on each (warp id, op, ...). The next instruction
// can be accepted in the cycle the last line request leaves. An instruction
// with no active lane produces no request. Latency: the first line request
// is offered the cycle after acceptance.
// Parameters: LANES 1..32, LINE_BYTES a power of two 4..2^20, TAG_W >= 1.

`default_nettype none
`include "ww_config.vh"
module ww_coalescer #(
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES,
  parameter TAG_W      = 8
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // warp memory instruction
  input  wire                  in_valid_i,
  output wire                  in_ready_o,
  input  wire [LANES-1:0]      in_mask_i,
  input  wire [LANES*32-1:0]   in_addr_i,     // lane l at [32*l +: 32]
  input  wire [TAG_W-1:0]      in_tag_i,
  // line requests
  output wire                  out_valid_o,
  input  wire                  out_ready_i,
  output wire [31-OFF_W:0]     out_line_o,    // line address (byte address >> OFF_W)
  output wire [LANES-1:0]      out_lanes_o,
  output wire                  out_last_o,
  output wire [TAG_W-1:0]      out_tag_o
);

  localparam OFF_W  = $clog2(LINE_BYTES);
  localparam LINE_W = 32 - OFF_W;
  localparam LANE_W = (LANES > 1) ? $clog2(LANES) : 1;

  reg  [LANES-1:0]    rem_q;              // lanes still to be served
  reg  [LANES*32-1:0] addr_q;
  reg  [TAG_W-1:0]    tag_q;

  // lowest remaining lane and its line
  reg  [LANE_W-1:0]   first;
  integer             l;
  always @(*) begin
    first = {LANE_W{1'b0}};
    for (l = LANES - 1; l >= 0; l = l - 1) begin
      if (rem_q[l]) begin
        first = l[LANE_W-1:0];
      end
    end
  end

  wire [LINE_W-1:0] line = addr_q[first*32 + OFF_W +: LINE_W];

  reg [LANES-1:0] same;
  always @(*) begin
    for (l = 0; l < LANES; l = l + 1) begin
`ifdef WW_MUTANT_COALESCE_IGNORE_LOW_LINE_BIT
      // MUTANT: lines that differ only in their lowest bit are merged
      same[l] = rem_q[l] && (addr_q[l*32 + OFF_W + 1 +: LINE_W - 1] == line[LINE_W-1:1]);
`else
      same[l] = rem_q[l] && (addr_q[l*32 + OFF_W +: LINE_W] == line);
`endif
    end
  end

  assign out_valid_o = |rem_q;
  assign out_line_o  = line;
  assign out_lanes_o = same;
  assign out_last_o  = (rem_q & ~same) == {LANES{1'b0}};
  assign out_tag_o   = tag_q;

  wire fire = out_valid_o && out_ready_i;
  assign in_ready_o = !out_valid_o || (fire && out_last_o);
  wire accept = in_valid_i && in_ready_o;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rem_q <= {LANES{1'b0}};
    end else if (accept) begin
      rem_q <= in_mask_i;
    end else if (fire) begin
      rem_q <= rem_q & ~same;
    end
  end

  // Datapath: not reset.
  always @(posedge clk_i) begin
    if (accept) begin
      addr_q <= in_addr_i;
      tag_q  <= in_tag_i;
    end
  end

endmodule  // ww_coalescer
`default_nettype wire
