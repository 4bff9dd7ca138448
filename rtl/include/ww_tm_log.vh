// SPDX-License-Identifier: Apache-2.0
//
// ww_tm_log.vh -- lane helpers of the KILO TM log blocks (ww_tm_txlog,
// ww_tm_commit_walk; docs/tm.md sec. 4.2). Included inside a module body
// that defines LANES, L_W (lane index bits), LPL (lanes per vector line) and
// VL_W (vector line index bits). cmodel/tm/ww_tm_log.h is the C side.

// the lowest lane set in x (0 when none)
function [L_W-1:0] tm_lowest_lane(input [LANES-1:0] x);
  integer k;
  begin
    tm_lowest_lane = {L_W{1'b0}};
    for (k = LANES - 1; k >= 0; k = k - 1)
      if (x[k]) tm_lowest_lane = k[L_W-1:0];
  end
endfunction

// the lanes whose words sit in line v of a log entry's vector
function [LANES-1:0] tm_vline_lanes(input [VL_W-1:0] v);
  integer k;
  begin
    for (k = 0; k < LANES; k = k + 1)
      tm_vline_lanes[k] = ((k / LPL) == {{32-VL_W{1'b0}}, v});
  end
endfunction
