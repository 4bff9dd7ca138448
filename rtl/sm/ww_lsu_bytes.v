// SPDX-License-Identifier: Apache-2.0
//
// ww_lsu_bytes -- the byte lanes of one store line, purely combinational
// (docs/gpu_rtl.md "Memory path"; docs/isa.md "Memory": lanes in lane
// order). Each lane in lanes_i writes bytes_i bytes (1, 2 or 4; anything
// else as 4) of its data_i, shifted to its address's byte in the word, into
// the word of the line that addr_i selects; be_o marks the bytes written,
// data_o holds them (0 elsewhere). Lanes are taken in lane order, so a later
// lane wins a byte that several lanes write. Only the address bits below
// the line size are used (the coalescer put the lanes on one line).
// clk_i is not used (no state); it exists for the lockstep adapter, which
// drives clk_i on every top (as ww_alu).
// Parameters: LANES (1..32), LINE_BYTES (a power of two >= 4).

`default_nettype none
`include "ww_config.vh"
module ww_lsu_bytes #(
  parameter LANES      = `WW_LANES,
  parameter LINE_BYTES = `WW_LINE_BYTES
) (
  input  wire                      clk_i,     // unused, see above
  // the line's lanes
  input  wire [LANES-1:0]          lanes_i,   // lanes that write this line
  input  wire [LANES*32-1:0]       addr_i,    // byte addresses (bits below the line size used)
  input  wire [LANES*32-1:0]       data_i,    // rs2 per lane
  input  wire [2:0]                bytes_i,   // access size
  // the line's write
  output reg  [LINE_BYTES-1:0]     be_o,
  output reg  [LINE_BYTES*8-1:0]   data_o
);

  localparam WORDS = LINE_BYTES / 4;

  wire unused_clk = clk_i;
  // the address bits above the line offset are not used
  wire unused_addr = ^addr_i;

  reg [3:0]  be4;
  reg [31:0] sd;
  reg [31:0] wi;
  integer j, w, b;
  always @* begin
    b = 0;   // loop variable, set on every path (else Yosys infers a latch)
    be_o   = {LINE_BYTES{1'b0}};
    data_o = {LINE_BYTES*8{1'b0}};
`ifdef WW_MUTANT_LSU_BYTES_FIRST_LANE_WINS
    // MUTANT: lanes in reverse order: the lowest lane wins a shared byte
    for (j = LANES - 1; j >= 0; j = j - 1) begin
`else
    for (j = 0; j < LANES; j = j + 1) begin
`endif
      be4 = ((bytes_i == 3'd1) ? 4'b0001 : (bytes_i == 3'd2) ? 4'b0011 : 4'b1111)
            << addr_i[32*j +: 2];
      sd  = data_i[32*j +: 32] << {addr_i[32*j +: 2], 3'b000};
      wi  = (addr_i[32*j +: 32] >> 2) & (WORDS - 1);
      for (w = 0; w < WORDS; w = w + 1)
        if (lanes_i[j] && wi == w)
          for (b = 0; b < 4; b = b + 1)
            if (be4[b]) begin
              be_o[4*w + b]          = 1'b1;
              data_o[32*w + 8*b +: 8] = sd[8*b +: 8];
            end
    end
  end

endmodule  // ww_lsu_bytes
`default_nettype wire
