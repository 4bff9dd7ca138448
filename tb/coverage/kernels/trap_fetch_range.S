/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_fetch_range.S -- directed coverage kernel (tb/coverage/directed.sh): a jump to 0x20000000 fetches outside global memory: "out-of-range access".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  li t0, 0x20000000
  jr t0
