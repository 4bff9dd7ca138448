/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_jump_mis.S -- directed coverage kernel (tb/coverage/directed.sh): a jump to a target that is not 4-byte aligned traps with "misaligned access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  la t1, 1f
  addi t1, t1, 2
  jalr x0, 0(t1)
1:
  nop
  WW_EXIT
