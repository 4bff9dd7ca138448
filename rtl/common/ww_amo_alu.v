// SPDX-License-Identifier: Apache-2.0
//
// ww_amo_alu -- the arithmetic of one atomic read-modify-write on a 32-bit
// word (docs/isa.md "Scoped atomics"), shared by the L1's block atomics, the
// L2's device atomics and shared memory. Combinational.
//
//   op_i  WW_AMO_* (rtl/include/ww_proto.vh): 0 add, 1 exch, 2 min, 3 max
//         (signed), 4 minu, 5 maxu, 6 and, 7 or, 8 xor: new = op(old, a);
//         9 cas: new = b, written only if old == a;
//         10-15 reserved: new = old, nothing written.
// write_o says whether the new word must be stored.

`default_nettype none
`include "ww_proto.vh"
module ww_amo_alu (
  input  wire [`WW_AMO_W-1:0] op_i,
  input  wire [31:0] old_i,
  input  wire [31:0] a_i,      // operand; CAS: compare value
  input  wire [31:0] b_i,      // CAS: value to store
  output reg  [31:0] new_o,
  output reg         write_o
);

  always @(*) begin
    write_o = 1'b1;
    case (op_i)
      `WW_AMO_ADD: new_o = old_i + a_i;
      `WW_AMO_EXCH: new_o = a_i;
      `WW_AMO_MIN: new_o = ($signed(old_i) < $signed(a_i)) ? old_i : a_i;
      `WW_AMO_MAX: new_o = ($signed(old_i) > $signed(a_i)) ? old_i : a_i;
      `WW_AMO_MINU: new_o = (old_i < a_i) ? old_i : a_i;
      `WW_AMO_MAXU: new_o = (old_i > a_i) ? old_i : a_i;
      `WW_AMO_AND: new_o = old_i & a_i;
      `WW_AMO_OR: new_o = old_i | a_i;
      `WW_AMO_XOR: new_o = old_i ^ a_i;
      `WW_AMO_CAS: begin
        new_o   = b_i;
        write_o = (old_i == a_i);
      end
      default: begin
        new_o   = old_i;
        write_o = 1'b0;
      end
    endcase
  end

endmodule  // ww_amo_alu
`default_nettype wire
