// SPDX-License-Identifier: Apache-2.0
//
// ww_h3_hash -- one member of the H3 hash family (Carter & Wegman): the
// hash is the XOR of the matrix rows selected by the key's set bits. Used by
// every parallel Bloom filter (KILO TM sec. 6.3.2, GPUDet sec. 5: one
// distinct H3 function per sub-array). The matrix is fixed at elaboration
// from SEED; cmodel/common/ww_h3.c builds the same matrix.
// Purely combinational. Parameters: 1 <= KEY_W <= 64, 1 <= OUT_W <= 32.

`default_nettype none
module ww_h3_hash #(
  parameter KEY_W = 32,
  parameter OUT_W = 8,
  parameter SEED  = 0
) (
  input  wire [KEY_W-1:0] key_i,
  output wire [OUT_W-1:0] hash_o
);

`include "ww_h3_row.vh"

  // terms[i*OUT_W +: OUT_W] is row i of the matrix when key bit i is set.
  wire [KEY_W*OUT_W-1:0] terms;

  genvar i;
  for (i = 0; i < KEY_W; i = i + 1) begin : g_row
    localparam [31:0] ROW = ww_h3_row(SEED, i);
    assign terms[i*OUT_W +: OUT_W] = key_i[i] ? ROW[OUT_W-1:0] : {OUT_W{1'b0}};
  end

  reg [OUT_W-1:0] hash;
  integer         j;
  always @(*) begin
    hash = {OUT_W{1'b0}};
    for (j = 0; j < KEY_W; j = j + 1) begin
      hash = hash ^ terms[j*OUT_W +: OUT_W];
    end
  end

  assign hash_o = hash;

endmodule  // ww_h3_hash
`default_nettype wire
