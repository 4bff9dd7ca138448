/* SPDX-License-Identifier: Apache-2.0
 *
 * spin_store.c -- test kernel that runs long but is no hang: every thread
 * loops `iters` times (argument word 1), storing its count to the buffer in
 * argument word 0 each time, so the watchdog sees progress all along.
 */
__asm__(".text\n"
        ".globl _start\n"
        "_start:\n"
        "  csrr sp, 0xCCC\n"                 /* local_base */
        "  csrr t0, 0xCCD\n"                 /* local_size */
        "  add  sp, sp, t0\n"
        "  csrr a0, 0xCCB\n"                 /* kargs */
        "  call kmain\n"
        "  .insn r 0x0B, 0, 3, x0, x0, x0\n"); /* ww.exit */

static inline unsigned tid(void)
{
  unsigned v;
  __asm__ volatile("csrr %0, 0xCC0" : "=r"(v));
  return v;
}

void kmain(const unsigned *args)
{
  volatile unsigned *out = (volatile unsigned *)args[0];
  unsigned iters = args[1];
  for (unsigned i = 0; i < iters; i++)
    out[tid() % 64] = i;
}
