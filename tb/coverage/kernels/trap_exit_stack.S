/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_exit_stack.S -- directed coverage kernel (tb/coverage/directed.sh): ww.exit with the full mask inside a uniform split (the stack is
 * not empty): "exit in divergent code".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  li t0, 1
  WW_SPLIT t0
  WW_EXIT
