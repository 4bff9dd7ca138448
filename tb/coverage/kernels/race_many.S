/* SPDX-License-Identifier: Apache-2.0
 *
 * race_many.S -- directed coverage kernel (tb/coverage/directed.sh): every
 * block stores its ctaid to every word of a buffer, without any
 * synchronization. With 2 blocks and 1024 words each word's second store is
 * an inter-block race: 512 distinct races per partition, more than the
 * race log's ring holds (WW_SCORD_LOG_ENTRIES = 256), so ScoRD overwrites
 * the oldest entries. Arguments: buffer, its size in words (a multiple of
 * the block size, so the loop is uniform).
 */
#include "cov.inc"
  .text
  .globl _start
_start:
  csrr a0, CSR_KARGS
  lw t0, 0(a0)            /* out */
  lw t1, 4(a0)            /* n words */
  csrr t2, CSR_TID
  csrr t3, CSR_NTID
  csrr t4, CSR_CTAID
  slli t5, t2, 2
  add t5, t0, t5          /* &out[tid] */
  slli t6, t1, 2
  add t6, t0, t6          /* end */
  slli t3, t3, 2          /* stride: ntid words */
1:
  sw t4, 0(t5)
  add t5, t5, t3
  bltu t5, t6, 1b
  WW_EXIT
