/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_tx.S -- directed coverage kernel (tb/coverage/directed.sh): ww.bar
 * inside a transaction: "ww.bar or ww.exit inside a transaction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  WW_TX_BEGIN
  WW_BAR
