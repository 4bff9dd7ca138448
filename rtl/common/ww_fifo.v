// SPDX-License-Identifier: Apache-2.0
//
// ww_fifo -- a synchronous first-in first-out queue of DEPTH entries of
// WIDTH bits with valid/ready on both sides. The head is visible in the same
// cycle it becomes valid (no read latency); a push into a full queue is
// refused (in_ready_o low), a push and a pop in one cycle are both taken.
// Storage is a flop array (small queues); contents are not reset.
// Parameters: WIDTH >= 1, DEPTH a power of two >= 2.

`default_nettype none
module ww_fifo #(
  parameter WIDTH = 32,
  parameter DEPTH = 4
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // push side
  input  wire             in_valid_i,
  output wire             in_ready_o,
  input  wire [WIDTH-1:0] in_data_i,
  // pop side
  output wire             out_valid_o,
  input  wire             out_ready_i,
  output wire [WIDTH-1:0] out_data_o
);

  localparam PTR_W = $clog2(DEPTH);

  reg [WIDTH-1:0] mem_q [0:DEPTH-1];
  reg [PTR_W-1:0] head_q, tail_q;
  reg [PTR_W:0]   count_q;

  wire push = in_valid_i && in_ready_o;
  wire pop  = out_valid_o && out_ready_i;

  assign in_ready_o  = count_q != DEPTH[PTR_W:0];
  assign out_valid_o = count_q != {(PTR_W+1){1'b0}};
  assign out_data_o  = mem_q[head_q];

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q  <= {PTR_W{1'b0}};
      tail_q  <= {PTR_W{1'b0}};
      count_q <= {(PTR_W+1){1'b0}};
    end else begin
      if (push) begin
        tail_q <= tail_q + {{(PTR_W-1){1'b0}}, 1'b1};
      end
      if (pop) begin
        head_q <= head_q + {{(PTR_W-1){1'b0}}, 1'b1};
      end
      if (push && !pop) begin
        count_q <= count_q + {{PTR_W{1'b0}}, 1'b1};
      end else if (pop && !push) begin
        count_q <= count_q - {{PTR_W{1'b0}}, 1'b1};
      end
    end
  end

  always @(posedge clk_i) begin
    if (push) begin
      mem_q[tail_q] <= in_data_i;
    end
  end

endmodule  // ww_fifo
`default_nettype wire
