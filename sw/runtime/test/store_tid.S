/* SPDX-License-Identifier: Apache-2.0
 *
 * store_tid.S -- test kernel: out[ctaid * ntid + tid] = ctaid * ntid + tid.
 * Argument block: word 0 = out (a buffer of grid * block words).
 */
  .text
  .globl _start
_start:
  csrr  t0, 0xCCB          /* kargs */
  lw    t1, 0(t0)          /* out */
  csrr  t2, 0xCC0          /* tid */
  csrr  t3, 0xCC2          /* ctaid */
  csrr  t4, 0xCC1          /* ntid */
  mul   t3, t3, t4
  add   t2, t2, t3         /* global thread id */
  slli  t5, t2, 2
  add   t5, t5, t1
  sw    t2, 0(t5)
  .insn r 0x0B, 0, 3, x0, x0, x0   /* ww.exit */
