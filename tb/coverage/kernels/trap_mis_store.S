/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_mis_store.S -- directed coverage kernel (tb/coverage/directed.sh): a halfword store to an odd address traps with "misaligned access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, CSR_KARGS
  sh a0, 1(a0)
  WW_EXIT
