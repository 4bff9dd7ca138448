/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_deadlock1.S -- directed coverage kernel (tb/coverage/directed.sh): (block of 2 warps) warp 1 exits at once, warp 0 arrives at the
 * barrier later: "barrier deadlock" at the arrival.
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr t0, CSR_WARPID
  bnez t0, 1f
  nop
  nop
  nop
  nop
  WW_BAR
  WW_EXIT
1:
  WW_EXIT
