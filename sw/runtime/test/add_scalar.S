/* SPDX-License-Identifier: Apache-2.0
 *
 * add_scalar.S -- test kernel: out[i] = in[i] + k for the global thread id i.
 * Argument block: word 0 = out, word 1 = in, word 2 = k.
 */
  .text
  .globl _start
_start:
  csrr  t0, 0xCCB          /* kargs */
  lw    a0, 0(t0)          /* out */
  lw    a1, 4(t0)          /* in */
  lw    a2, 8(t0)          /* k */
  csrr  t2, 0xCC0          /* tid */
  csrr  t3, 0xCC2          /* ctaid */
  csrr  t4, 0xCC1          /* ntid */
  mul   t3, t3, t4
  add   t2, t2, t3
  slli  t2, t2, 2
  add   a1, a1, t2
  lw    a3, 0(a1)
  add   a3, a3, a2
  add   a0, a0, t2
  sw    a3, 0(a0)
  .insn r 0x0B, 0, 3, x0, x0, x0   /* ww.exit */
