/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_cc -- the kernel toolchain as warpwatch commands (ww_cc.c):
 *   warpwatch cc INPUT... -o KERNEL.elf [flags]   build a kernel image
 *   warpwatch cflags [--ldflags|--crt0|...]        print the kernel flags
 * Both read the toolchain definition sw/kernel_flags.mk of the Warpwatch
 * tree they find (WW_HOME, next to the program, or where it was built).
 */
#ifndef WW_CC_H
#define WW_CC_H

extern const char ww_cc_usage[];
extern const char ww_cflags_usage[];

/* argv: the arguments after the command word. Return the exit status:
 * 0 ok, 1 a build step failed or an input or the tree is missing,
 * 2 usage error. Every error of the tool's own is one line on stderr. */
int ww_cc_main(int argc, char **argv);
int ww_cflags_main(int argc, char **argv);

#endif /* WW_CC_H */
