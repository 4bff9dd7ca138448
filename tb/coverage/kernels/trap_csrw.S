/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_csrw.S -- directed coverage kernel (tb/coverage/directed.sh): a write to a SIMT CSR traps with "illegal instruction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  li a0, 1
  csrw CSR_TID, a0
