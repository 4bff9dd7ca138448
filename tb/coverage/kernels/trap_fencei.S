/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_fencei.S -- directed coverage kernel (tb/coverage/directed.sh): fence.i traps with "illegal instruction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  .word 0x0000100f        /* fence.i */
  WW_EXIT
