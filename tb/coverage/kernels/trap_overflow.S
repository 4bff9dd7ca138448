/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_overflow.S -- directed coverage kernel (tb/coverage/directed.sh): a uniform ww.split in a loop pushes one entry per pass; the
 * (SIMT_DEPTH+1)th overflows: "reconvergence stack overflow".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  li t0, 1
1:
  WW_SPLIT t0
  j 1b
