// SPDX-License-Identifier: Apache-2.0
//
// ww_h3_row.vh -- ww_h3_row(seed, bit): row `bit` of the fixed random H3
// matrix named by `seed`. Included inside a module body; evaluated only at
// elaboration. cmodel/common/ww_h3.c computes the same rows bit for bit
// (32-bit arithmetic: golden-ratio seeding, then the lowbias32 mixer).

function [31:0] ww_h3_row;
  input [31:0] seed;
  input [31:0] bit_idx;
  reg   [31:0] x;
  begin
    x = seed * 32'h9E3779B9 + (bit_idx + 32'd1) * 32'h85EBCA6B;
    x = x ^ (x >> 16);
    x = x * 32'h7FEB352D;
    x = x ^ (x >> 15);
    x = x * 32'h846CA68B;
    x = x ^ (x >> 16);
    ww_h3_row = x;
  end
endfunction
