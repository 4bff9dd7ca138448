/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_join.S -- directed coverage kernel (tb/coverage/directed.sh): ww.join on an empty reconvergence stack traps with "join without split".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  WW_JOIN
  WW_EXIT
