# SPDX-License-Identifier: Apache-2.0
#
# kernel_flags.mk -- THE kernel toolchain definition: compiler, linker, their
# flags, the start-up code and the linker script. One source, two readers:
#   - sw/sw.mk (and the fragments that use SW_CFLAGS) include it, with
#     WW_KERNEL_HOME := . (the top of the tree, make's working directory);
#   - `warpwatch cc` and `warpwatch cflags` (sw/tools/ww_cc.c) read it at run
#     time from the Warpwatch tree they find (WW_HOME, next to the program,
#     or the tree it was built in), with WW_KERNEL_HOME := that tree.
# So a flag changed here changes the project's kernels and the tool's at once,
# with no rebuild of the tool.
#
# The tool reads a small subset of make, and refuses anything else:
#   NAME := words      (or NAME = words); a trailing '\' continues the line
#   # comment          a whole-line or trailing comment
#   $(NAME)            a whole word: the words of an earlier NAME
#   $(WW_KERNEL_HOME)  anywhere in a word: the tree's top directory
# No other '$', no quotes, no conditionals.

# The compiler and linker: Debian's clang and lld (scripts/install_deps.sh).
WW_KERNEL_CC := clang
WW_KERNEL_LD := ld.lld

# Target and ABI. -mno-relax: lld 14 implements no RISC-V linker relaxation,
# so an object assembled with relaxation on refuses to link as soon as it has
# an R_RISCV_ALIGN relocation ("relocation R_RISCV_ALIGN requires
# unimplemented linker relaxation; recompile with -mno-relax"), which any
# `.align 3` (8 bytes) or more in hand-written assembly produces. Without
# relaxation the assembler pads alignment itself. The code clang generates is
# the same with and without it (lld never relaxed anything).
WW_KERNEL_TARGET := --target=riscv32-unknown-elf -march=rv32im -mabi=ilp32 -mno-relax

# What every kernel translation unit (C or assembly) needs.
# -Xclang -fconvergent-functions marks every inline asm (split, join, votes,
# barrier) and call "convergent": LLVM then never duplicates one into
# several control paths (jump threading, tail duplication) nor makes it
# depend on extra conditions -- exactly the SIMT contract. Without it the
# compiler may tail-duplicate a join, and lanes would reconverge into the
# other copy's code with its register assignment.
WW_KERNEL_CFLAGS := $(WW_KERNEL_TARGET) -ffreestanding -nostdlib -fno-builtin \
                    -Xclang -fconvergent-functions \
                    -I$(WW_KERNEL_HOME)/sw/include -I$(WW_KERNEL_HOME)/cmodel/include

# Defaults `warpwatch cc` puts before the user's flags (a later -O0 or -g0
# overrides them); sw.mk adds -Werror for the project's own kernels.
WW_KERNEL_DEFAULT_CFLAGS := -O2 -g -Wall -Wextra

# ld.lld flags: kernel.ld links the image at WW_CODE_BASE and INCLUDEs the
# generated ww_config.ld (found through -L).
WW_KERNEL_LDFLAGS := -m elf32lriscv -T $(WW_KERNEL_HOME)/sw/link/kernel.ld \
                     -L $(WW_KERNEL_HOME)/sw/link --gc-sections

# The start-up code linked first into every kernel (_start; docs/isa.md).
WW_KERNEL_CRT0 := $(WW_KERNEL_HOME)/sw/crt0.S
