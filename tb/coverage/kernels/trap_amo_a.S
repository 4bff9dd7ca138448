/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_amo_a.S -- directed coverage kernel (tb/coverage/directed.sh): an A-extension AMO traps with "illegal instruction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, CSR_KARGS
  .word 0x00a5202f        /* amoadd.w x0, a0, (a0) */
  WW_EXIT
