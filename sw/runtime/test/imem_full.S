/* SPDX-License-Identifier: Apache-2.0
 *
 * imem_full.S -- test kernel whose code fills the SM instruction memory
 * exactly: WW_IMEM_BYTES (cmodel/include/ww_config.h) from WW_CODE_BASE.
 * out[ctaid * ntid + tid] = ctaid * ntid + tid, then a jump over ebreak
 * filler to the ww.exit in the memory's last word, so a run proves that word
 * was loaded and fetched. imem_over.S adds IMEM_EXTRA bytes after it: one
 * byte too many, which the loader must refuse.
 * Argument block: word 0 = out (a buffer of grid * block words).
 * Section .text.start, so it links both with the runtime's kernel_test.ld and,
 * as a pure-assembly kernel without crt0, with sw/link/kernel.ld.
 */
#include "ww_config.h"

#ifndef IMEM_EXTRA
#define IMEM_EXTRA 0
#endif

  .section .text.start, "ax", @progbits
  .globl _start
_start:
  csrr  t0, 0xCCB          /* kargs */
  lw    t1, 0(t0)          /* out */
  csrr  t2, 0xCC0          /* tid */
  csrr  t3, 0xCC2          /* ctaid */
  csrr  t4, 0xCC1          /* ntid */
  mul   t3, t3, t4
  add   t2, t2, t3         /* global thread id */
  slli  t5, t2, 2
  add   t5, t5, t1
  sw    t2, 0(t5)
  j     last
  /* ebreak (a kernel trap) up to the last word of the instruction memory */
  .fill (WW_IMEM_BYTES - 4 - (. - _start)) / 4, 4, 0x00100073
last:
  .insn r 0x0B, 0, 3, x0, x0, x0   /* ww.exit, at WW_CODE_BASE + WW_IMEM_BYTES - 4 */
  .fill IMEM_EXTRA, 1, 0
  .size _start, . - _start
