/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_bar_div.S -- directed coverage kernel (tb/coverage/directed.sh): ww.bar with lanes 3.. disabled: "barrier in divergent code".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr t0, CSR_LANEID
  sltiu t0, t0, 3
  WW_SPLIT t0
  beqz t0, 1f
  WW_BAR
1:
  WW_JOIN
  WW_EXIT
