// SPDX-License-Identifier: Apache-2.0
//
// ww_assert.vh -- WW_ASSERT(Name, cond): a named, clocked simulation check.
// Use inside a module that has clk_i and rst_ni. It expands to $display +
// $fatal(1) under `ifndef SYNTHESIS (Yosys defines SYNTHESIS, so it never
// sees $fatal) and is checked only out of reset.

`ifndef WW_ASSERT_VH
`define WW_ASSERT_VH

`ifndef SYNTHESIS
`define WW_ASSERT(Name, cond) \
  always @(posedge clk_i) begin \
    if (rst_ni && !(cond)) begin \
      $display("ASSERT FAILED %m.Name at %0t", $time); \
      $fatal(1); \
    end \
  end
`else
`define WW_ASSERT(Name, cond)
`endif

`endif  // WW_ASSERT_VH
