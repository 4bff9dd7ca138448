/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_misaligned.S -- test kernel: a word load from (buffer + 2) traps with
 * "misaligned access". Argument block: word 0 = a buffer.
 */
  .text
  .globl _start
_start:
  csrr  t0, 0xCCB          /* kargs */
  lw    t1, 0(t0)          /* buffer */
  lw    t2, 2(t1)          /* misaligned */
  .insn r 0x0B, 0, 3, x0, x0, x0   /* ww.exit */
