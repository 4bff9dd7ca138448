/* SPDX-License-Identifier: Apache-2.0
 *
 * crt0.S -- start-up code of every Warpwatch kernel image (docs/isa.md,
 * "Kernel images and launch"). Every warp starts at _start with its live
 * lanes active; each lane
 *   - sets sp to the top of its own local memory (local_base + local_size),
 *   - puts the kernel argument block address (kargs) in a0,
 *   - calls the kernel function (WW_KERNEL(name) in warpwatch.h aliases it
 *     to ww_kernel_entry),
 *   - executes ww.exit when it returns.
 * All of it is uniform control flow. The CSR numbers and the ww.exit
 * encoding are those of cmodel/include/ww_isa.def.
 *
 * It also provides memcpy and memset, which clang may call for struct copies
 * and array initialisers even with -ffreestanding. They branch only on the
 * length, so they are safe in SIMT code as long as the length is uniform
 * (always so for compiler-generated calls). --gc-sections drops them when
 * unused.
 */

#define CSR_KARGS      0xCCB
#define CSR_LOCAL_BASE 0xCCC
#define CSR_LOCAL_SIZE 0xCCD

  .section .text.start, "ax", @progbits
  .globl _start
  .type _start, @function
_start:
  .cfi_startproc
  .cfi_undefined ra
  csrr  sp, CSR_LOCAL_BASE
  csrr  t0, CSR_LOCAL_SIZE
  add   sp, sp, t0
  csrr  a0, CSR_KARGS
  call  ww_kernel_entry
  .insn r 0x0B, 0, 3, x0, x0, x0      /* ww.exit */
  .cfi_endproc
  .size _start, . - _start

/* void *memcpy(void *dst, const void *src, size_t n): byte loop. */
  .section .text.memcpy, "ax", @progbits
  .weak memcpy
  .type memcpy, @function
memcpy:
  mv    t0, a0
  beqz  a2, 2f
1:
  lbu   t1, 0(a1)
  sb    t1, 0(t0)
  addi  a1, a1, 1
  addi  t0, t0, 1
  addi  a2, a2, -1
  bnez  a2, 1b
2:
  ret
  .size memcpy, . - memcpy

/* void *memset(void *dst, int c, size_t n): byte loop. */
  .section .text.memset, "ax", @progbits
  .weak memset
  .type memset, @function
memset:
  mv    t0, a0
  beqz  a2, 2f
1:
  sb    a1, 0(t0)
  addi  t0, t0, 1
  addi  a2, a2, -1
  bnez  a2, 1b
2:
  ret
  .size memset, . - memset
