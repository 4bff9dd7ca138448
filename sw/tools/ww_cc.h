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

#include <stddef.h>

extern const char ww_cc_usage[];
extern const char ww_cflags_usage[];

/* argv: the arguments after the command word. Return the exit status:
 * 0 ok, 1 a build step failed or an input or the tree is missing,
 * 2 usage error. Every error of the tool's own is one line on stderr. */
int ww_cc_main(int argc, char **argv);
int ww_cflags_main(int argc, char **argv);

/* The Warpwatch tree (the directory with sw/kernel_flags.mk): $WW_HOME if
 * set, else around the program (build/bin/warpwatch, build/config/NAME/
 * warpwatch -> the tree), else where it was built. home (PATH_MAX bytes)
 * gets its absolute path, how where it came from. 0, or -1 with a one-line
 * reason in err. `warpwatch run --config` (ww_cfgopt.c) builds there. */
int ww_find_tree(char *home, const char **how, char *err, size_t n);

#endif /* WW_CC_H */
