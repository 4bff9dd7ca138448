/* SPDX-License-Identifier: Apache-2.0
 *
 * kstart.h -- the start-up code of the runtime tests' C kernels (they do not
 * depend on sw/crt0.S): each thread's stack from the local-memory CSRs, then
 * kmain(kargs), then ww.exit. Include it once, in the kernel's file.
 */
#ifndef KSTART_H
#define KSTART_H

__asm__(".text\n"
        ".globl _start\n"
        "_start:\n"
        "  csrr sp, 0xCCC\n"                 /* local_base */
        "  csrr t0, 0xCCD\n"                 /* local_size */
        "  add  sp, sp, t0\n"
        "  csrr a0, 0xCCB\n"                 /* kargs */
        "  call kmain\n"
        "  .insn r 0x0B, 0, 3, x0, x0, x0\n"); /* ww.exit */

void kmain(const unsigned *args);

/* The thread's index in its block (CSR tid). */
static inline unsigned tid(void)
{
  unsigned v;
  __asm__ volatile("csrr %0, 0xCC0" : "=r"(v));
  return v;
}

#endif /* KSTART_H */
