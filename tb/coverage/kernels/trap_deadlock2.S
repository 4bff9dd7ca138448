/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_deadlock2.S -- directed coverage kernel (tb/coverage/directed.sh): (block of 2 warps) warp 0 waits at once, warp 1 exits later:
 * "barrier deadlock" at the exit.
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr t0, CSR_WARPID
  bnez t0, 1f
  WW_BAR
  WW_EXIT
1:
  nop
  nop
  nop
  nop
  WW_EXIT
