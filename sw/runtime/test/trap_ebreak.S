/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_ebreak.S -- test kernel that traps with "kernel trap" at its 2nd instruction.
 */
  .text
  .globl _start
_start:
  addi  a0, zero, 1
  ebreak
  .insn r 0x0B, 0, 3, x0, x0, x0   /* ww.exit */
