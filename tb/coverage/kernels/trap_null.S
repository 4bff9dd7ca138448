/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_null.S -- directed coverage kernel (tb/coverage/directed.sh): lane 0 stores to 0x10 (the null guard): "null/unmapped access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr t0, CSR_LANEID
  slli t0, t0, 2
  li t1, 0x20000
  mul t1, t1, t0          /* lane 0: 0x10, others: far above the guard */
  add t1, t1, t0
  sw t0, 16(t1)
  WW_EXIT
