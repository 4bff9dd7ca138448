// SPDX-License-Identifier: Apache-2.0
//
// ww_crc32 -- CRC-32 (IEEE 802.3, reflected: the polynomial POLY = 0xEDB88320,
// initial value and final XOR all ones; zlib's crc32()) of a byte stream, one
// byte per cycle, for the host link's frames (docs/fpga.md sec. 1 "Frames").
// clear_i starts a new stream (it wins over valid_i); valid_i adds data_i.
// crc_o is the CRC of the bytes added since the last clear (the final XOR
// applied), so it can be compared with, or sent as, the frame's CRC field.

`default_nettype none
module ww_crc32 #(
  parameter [31:0] POLY = 32'hEDB88320   // reflected CRC-32 polynomial
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        clear_i,
  input  wire        valid_i,
  input  wire [7:0]  data_i,
  output wire [31:0] crc_o
);

  reg [31:0] crc_q;

  // one byte, LSB first, eight shift steps
  function automatic [31:0] crc_byte(input [31:0] c, input [7:0] b);
    integer i;
    reg [31:0] x;
    begin
      x = c ^ {24'd0, b};
      for (i = 0; i < 8; i = i + 1)
        x = x[0] ? ((x >> 1) ^ POLY) : (x >> 1);
      crc_byte = x;
    end
  endfunction

  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      crc_q <= 32'hFFFFFFFF;
    end else if (valid_i) begin
      crc_q <= crc_byte(crc_q, data_i);
    end
  end

  assign crc_o = ~crc_q;

endmodule  // ww_crc32
`default_nettype wire
