/* SPDX-License-Identifier: Apache-2.0
 *
 * trap_exit_div.S -- directed coverage kernel (tb/coverage/directed.sh): ww.exit in the taken half of a diverged split: "exit in divergent code".
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr t0, CSR_LANEID
  andi t0, t0, 1
  WW_SPLIT t0
  beqz t0, 1f
  WW_EXIT
1:
  WW_JOIN
  WW_EXIT
