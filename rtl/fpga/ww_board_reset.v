// SPDX-License-Identifier: Apache-2.0
//
// ww_board_reset -- a board top's reset (docs/fpga_flow.md sec. 1): low for
// 2^POR_W cycles after configuration (the flip-flops' initial values are
// the bitstream's), then follows a push button (pressed = 0) through a
// two-flop synchronizer. The output is the synchronous active-low reset
// the designs take. No reset input: it is the reset.
// Parameters: POR_W (bits of the power-on counter).

`default_nettype none
module ww_board_reset #(
  parameter POR_W = 4
) (
  input  wire clk_i,
  input  wire btn_ni,
  output wire rst_no
);

  reg [POR_W-1:0] por_q  = {POR_W{1'b0}};
  reg [1:0]       btn_q  = 2'b00;
  reg             rst_nq = 1'b0;
  always @(posedge clk_i) begin
    if (por_q != {POR_W{1'b1}}) por_q <= por_q + {{POR_W-1{1'b0}}, 1'b1};
    btn_q  <= {btn_q[0], btn_ni};
    rst_nq <= (por_q == {POR_W{1'b1}}) && btn_q[1];
  end
  assign rst_no = rst_nq;

endmodule  // ww_board_reset
`default_nettype wire
