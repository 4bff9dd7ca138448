/* SPDX-License-Identifier: Apache-2.0
 *
 * align_asm.S -- `warpwatch cc` test: a kernel function in assembly, linked
 * with crt0 (which calls ww_kernel_entry with a0 = kargs), that aligns code
 * and data to 8 and 16 bytes. Assembled with linker relaxation on (clang's
 * default), each such .align in code leaves an R_RISCV_ALIGN relocation, and
 * lld 14 then refuses to link: "relocation R_RISCV_ALIGN requires
 * unimplemented linker relaxation; recompile with -mno-relax". warpwatch cc
 * passes -mno-relax, so this links and runs.
 * out[gid] = gid * 3 + 7 (7 from an aligned table); word 0 of kargs = out.
 */
  .text
  .globl ww_kernel_entry
  .type ww_kernel_entry, @function
  .align 3
ww_kernel_entry:
  lw    t0, 0(a0)          /* out */
  csrr  t1, 0xCC0          /* tid */
  csrr  t2, 0xCC2          /* ctaid */
  .align 3                 /* padding inside the function */
  csrr  t3, 0xCC1          /* ntid */
  mul   t2, t2, t3
  add   t1, t1, t2         /* global thread id */
  .align 4
  la    t4, table
  lw    t4, 8(t4)          /* 7 */
  slli  t5, t1, 1
  add   t5, t5, t1         /* gid * 3 */
  add   t5, t5, t4
  slli  t1, t1, 2
  add   t0, t0, t1
  sw    t5, 0(t0)
  ret
  .size ww_kernel_entry, . - ww_kernel_entry

  .section .rodata
  .align 3
table:
  .word 5, 6, 7, 8
