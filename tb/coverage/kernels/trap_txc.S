/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_txc.S -- directed coverage kernel (tb/coverage/directed.sh):
 * ww.tx.commit without ww.tx.begin: "ww.tx.commit outside a transaction".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  nop
  WW_TX_COMMIT
