/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_jalr_div.S -- directed coverage kernel (tb/coverage/directed.sh): a jalr whose target differs per lane traps with "divergent branch".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr t0, CSR_LANEID
  andi t0, t0, 4
  la t1, 1f
  add t1, t1, t0
  jalr x0, 0(t1)
1:
  nop
  WW_EXIT
