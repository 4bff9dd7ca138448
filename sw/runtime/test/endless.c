/* SPDX-License-Identifier: Apache-2.0
 *
 * endless.c -- test kernel that waits for a flag nobody sets (a uniform
 * endless loop, the hang the watchdog must name): every thread spins on
 * word 0 of the buffer in argument word 0, at the marked line.
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

void kmain(const unsigned *args)
{
  volatile const unsigned *flag = (volatile const unsigned *)args[0];
  while (*flag == 0) { /* SPIN HERE */
  }
}
