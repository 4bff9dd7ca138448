// SPDX-License-Identifier: Apache-2.0
//
// ww_mem_arb -- the round-robin grant of the board memory's ports
// (ww_fpga_mem, ww_fpga_sdram; docs/fpga.md sec. 2): grant_o is a register,
// the port that may hand over a request this cycle; each cycle it moves to
// the first port after it (in port order, wrapping) with a request, or
// stays when none has one. hold_i: the memory cannot take a request this
// cycle, so a granted port with one keeps the grant (no port waits while
// others are served). Port 0 holds it after reset.
// Parameters: PORTS >= 2.

`default_nettype none
module ww_mem_arb #(
  parameter PORTS = 2,
  parameter P_W   = $clog2(PORTS)     // derived: not to be set
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [PORTS-1:0] valid_i,
  input  wire             hold_i,
  output wire [P_W-1:0]   grant_o
);

  localparam integer NP_I   = PORTS;
  localparam [P_W:0] NPORTS = NP_I[P_W:0];
  reg  [P_W-1:0] grant_q;
  reg  [P_W-1:0] grant_d;
  integer k;
  reg  [P_W:0]   j;

  // next grant: the first port after the current one with a request
  always @(*) begin
    k = 0;                  // loop variables, set on every path (else Yosys infers latches)
    j = {(P_W + 1){1'b0}};
    grant_d = grant_q;
    for (k = PORTS; k >= 1; k = k - 1) begin
      j = {1'b0, grant_q} + k[P_W:0];
      if (j >= NPORTS) begin
        j = j - NPORTS;
      end
      if (valid_i[j[P_W-1:0]]) begin
        grant_d = j[P_W-1:0];
      end
    end
`ifdef WW_MUTANT_MEM_ARB_NO_HOLD
    if (hold_i && 1'b0) begin                 // MUTANT: the grant moves on while it waits
`else
    if (hold_i && valid_i[grant_q]) begin
`endif
      grant_d = grant_q;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      grant_q <= {P_W{1'b0}};
    end else begin
      grant_q <= grant_d;
    end
  end

  assign grant_o = grant_q;

endmodule  // ww_mem_arb
`default_nettype wire
