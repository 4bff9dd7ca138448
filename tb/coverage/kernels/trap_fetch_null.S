/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_fetch_null.S -- directed coverage kernel (tb/coverage/directed.sh): a jump to 0x8 fetches from the null guard: "null/unmapped access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  jalr x0, 8(x0)
