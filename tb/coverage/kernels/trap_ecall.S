/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_ecall.S -- directed coverage kernel (tb/coverage/directed.sh): ecall: "kernel trap (ecall/ebreak)".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  ecall
