/* SPDX-License-Identifier: Apache-2.0
 *
 * branches.S -- directed coverage kernel (tb/coverage/directed.sh): the four
 * ordered branches (blt, bge, bltu, bgeu), each taken and not taken, with
 * uniform operands (-5 and 3: the signed and unsigned orders differ). Each
 * thread stores the sum of the fall-through markers: 2 + 4 + 32 = 38.
 * (The suite's isa-alu group, left out of the coverage run, has them too.)
 * Arguments: a buffer of one word per thread.
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, CSR_KARGS
  lw t0, 0(a0)            /* out */
  li t1, -5
  li t2, 3
  li a1, 0
  blt t1, t2, 1f          /* taken */
  addi a1, a1, 1
1:
  bge t1, t2, 2f          /* not taken */
  addi a1, a1, 2
2:
  bltu t1, t2, 3f         /* not taken */
  addi a1, a1, 4
3:
  bgeu t1, t2, 4f         /* taken */
  addi a1, a1, 8
4:
  bge t2, t1, 5f          /* taken */
  addi a1, a1, 16
5:
  blt t2, t1, 6f          /* not taken */
  addi a1, a1, 32
6:
  csrr t3, CSR_TID
  slli t3, t3, 2
  add t3, t3, t0
  sw a1, 0(t3)
  WW_EXIT
