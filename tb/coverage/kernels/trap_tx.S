/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_tx.S -- directed coverage kernel (tb/coverage/directed.sh): ww.tx.begin: "transactions not implemented".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  WW_TX_BEGIN
