/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_divergent.S -- test kernel: a branch on (tid & 1) outside split/join
 * traps with "divergent branch outside split/join".
 */
  .text
  .globl _start
_start:
  csrr  t0, 0xCC0          /* tid */
  andi  t0, t0, 1
  bnez  t0, odd
odd:
  .insn r 0x0B, 0, 3, x0, x0, x0   /* ww.exit */
