/* SPDX-License-Identifier: Apache-2.0
 *
 * strong_lines.S -- directed coverage kernel (tb/coverage/directed.sh): each
 * lane of a warp touches its own line (buffer + 64 * lane), so one store,
 * one strong load and one load each need 8 lines at once: more than the
 * L1's 4 MSHRs (a strong load then waits for a free MSHR) and its 4 write
 * slots. Strict co-simulation checks every value. Arguments: a buffer of at
 * least 64 * (lanes) bytes.
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, CSR_KARGS
  lw t0, 0(a0)            /* buffer */
  csrr t1, CSR_LANEID
  slli t1, t1, 6          /* 64 * lane */
  add t2, t0, t1
  addi t5, t1, 7
  sw t5, 0(t2)            /* 8 lines: write slots */
  WW_LW_STRONG t3, 0, t2  /* 8 lines: strong loads, one MSHR each */
  lw t4, 0(t2)            /* 8 lines: loads */
  add t3, t3, t4
  sw t3, 4(t2)
  WW_EXIT
