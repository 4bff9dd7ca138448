/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_illegal.S -- directed coverage kernel (tb/coverage/directed.sh): an all-ones word traps with "illegal instruction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  .word 0xffffffff
