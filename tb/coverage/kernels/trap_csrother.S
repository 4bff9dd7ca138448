/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_csrother.S -- directed coverage kernel (tb/coverage/directed.sh): a read of a CSR that is no SIMT CSR (cycle) traps with "illegal instruction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, 0xC00
  WW_EXIT
