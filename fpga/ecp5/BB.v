// SPDX-License-Identifier: Apache-2.0
//
// BB -- a stand-in for the ECP5's bidirectional I/O buffer, for lint only
// (`make lint`; synth_ecp5 has the real one and never reads this file): O
// is the pin B; the real buffer drives B with I while T is low. The
// stand-in does not drive B (lint reads no tri-state logic).

`default_nettype none
module BB (
  input  wire I,
  input  wire T,
  output wire O,
  inout  wire B
);

  wire unused_drive = &{1'b0, I, T};
  assign O = B;

endmodule  // BB
`default_nettype wire
