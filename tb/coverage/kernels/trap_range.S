/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_range.S -- directed coverage kernel (tb/coverage/directed.sh): lanes 5 and up load from 0x20000000 (past global memory, below
 * shared memory): "out-of-range access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, CSR_KARGS
  csrr t0, CSR_LANEID
  sltiu t1, t0, 5
  li t2, 0x20000000
  sub t2, t2, a0
  addi t1, t1, -1         /* 0 for lanes < 5, -1 for 5+ */
  and t2, t2, t1
  add a1, a0, t2
  lw a2, 0(a1)
  WW_EXIT
