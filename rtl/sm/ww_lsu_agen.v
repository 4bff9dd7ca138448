// SPDX-License-Identifier: Apache-2.0
//
// ww_lsu_agen -- the LSU's address generation and checks, purely
// combinational (docs/isa.md "Decisions the golden model makes", decision 1;
// docs/gpu_rtl.md "Memory path"). For the instruction the SM offers:
//   per lane  addr = base + imm; shared = the access lies wholly in the
//             shared window [SH_BASE, SH_BASE + SH_BYTES);
//   fault     per lane the null guard first (addr < NULL_GUARD), then the
//             range (neither wholly in global memory [NULL_GUARD, GMEM_BYTES)
//             nor in the shared window), then alignment (a 2-byte access at
//             an odd address, a 4-byte one off a word); the lowest active
//             lane (mask_i) that faults is reported with its kind and
//             address; a fence (fence_i) never faults.
// bytes_i is the access size (1, 2 or 4; other values are checked as their
// number of bytes, with no alignment rule). ww_lsu takes the instruction
// only when fault_o is low and registers addr_o and shared_o then.
// clk_i is not used (no state); it exists for the lockstep adapter, which
// drives clk_i on every top (as ww_alu).
// Parameters: LANES (1..32); the memory map NULL_GUARD, GMEM_BYTES, SH_BASE,
// SH_BYTES, from ww_config.vh by default.

`default_nettype none
`include "ww_config.vh"
`include "ww_proto.vh"
module ww_lsu_agen #(
  parameter        LANES      = `WW_LANES,
  parameter [31:0] NULL_GUARD = `WW_NULL_GUARD_BYTES,
  parameter [31:0] GMEM_BYTES = `WW_GMEM_BYTES,
  parameter [31:0] SH_BASE    = `WW_SHARED_BASE,
  parameter [31:0] SH_BYTES   = `WW_SHMEM_BYTES
) (
  input  wire                      clk_i,     // unused, see above
  // the offered instruction
  input  wire [LANES-1:0]          mask_i,    // active lanes
  input  wire [LANES*32-1:0]       base_i,    // rs1 per lane
  input  wire [31:0]               imm_i,
  input  wire [2:0]                bytes_i,   // access size
  input  wire                      fence_i,   // a fence: no fault
  // per lane
  output reg  [LANES*32-1:0]       addr_o,
  output reg  [LANES-1:0]          shared_o,
  // the fault of the lowest faulting active lane
  output reg                       fault_o,
  output reg  [`WW_TRAP_W-1:0]     fault_kind_o,
  output reg  [4:0]                fault_lane_o,
  output reg  [31:0]               fault_addr_o
);

  wire unused_clk = clk_i;

  reg [31:0]           a;
  reg [`WW_TRAP_W-1:0] k;
  integer l;
  always @* begin
    addr_o       = {LANES*32{1'b0}};
    shared_o     = {LANES{1'b0}};
    fault_o      = 1'b0;
    fault_kind_o = `WW_TRAP_NONE;
    fault_lane_o = 5'd0;
    fault_addr_o = 32'd0;
`ifdef WW_MUTANT_LSU_AGEN_HIGHEST_LANE
    // MUTANT: the highest faulting lane is reported
    for (l = 0; l < LANES; l = l + 1) begin
`else
    for (l = LANES - 1; l >= 0; l = l - 1) begin
`endif
      a = base_i[32*l +: 32] + imm_i;
      addr_o[32*l +: 32] = a;
      k = `WW_TRAP_NONE;
      if (a >= NULL_GUARD && a <= GMEM_BYTES - {29'd0, bytes_i}) begin
        k = `WW_TRAP_NONE;
      end else if (a < NULL_GUARD) begin
        k = `WW_TRAP_NULL_ACCESS;
`ifdef WW_MUTANT_LSU_AGEN_SHARED_PAST_END
      // MUTANT: an access that starts in the shared window counts as in it
      end else if (a >= SH_BASE && a - SH_BASE < SH_BYTES) begin
`else
      end else if (a >= SH_BASE && a - SH_BASE <= SH_BYTES - {29'd0, bytes_i}) begin
`endif
        shared_o[l] = 1'b1;
      end else begin
        k = `WW_TRAP_OUT_OF_RANGE;
      end
      if (k == `WW_TRAP_NONE && ((bytes_i == 3'd2 && a[0]) || (bytes_i == 3'd4 && a[1:0] != 2'd0)))
        k = `WW_TRAP_MISALIGNED;
      if (mask_i[l] && k != `WW_TRAP_NONE) begin   // lowest lane last: it wins
        fault_o      = 1'b1;
        fault_kind_o = k;
        fault_lane_o = l[4:0];
        fault_addr_o = a;
      end
    end
    if (fence_i)
      fault_o = 1'b0;
  end

endmodule  // ww_lsu_agen
`default_nettype wire
