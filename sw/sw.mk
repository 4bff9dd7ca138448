# SPDX-License-Identifier: Apache-2.0
#
# sw.mk -- the kernel toolchain and the kernel suite (included by the
# top-level Makefile).
#
#   make build/kernels/NAME.elf   sw/kernels/NAME.c -> kernel image (stock clang + lld)
#   make sw-kernels               every kernel of sw/kernels/
#   make sw-tests                 the host test program build/tests/sw/sw_tests
#   make sw-check                 runs the image checks and every suite kernel on
#                                 the C model (SEED=n adds that interleaving)
#
# Kernel images: crt0 + kernel, linked at WW_CODE_BASE by sw/link/kernel.ld.
# Host tests: C11, ASan + UBSan, against the runtime (RT_LIB) and the C model
# (GPU_LIB). Their fragments are included after this one, so the library
# paths are spelled out here (the names sw/runtime/runtime.mk and
# cmodel/gpu/gpu.mk define).

# The top Makefile defines `all` after the fragments: keep it the default goal.
SW_SAVED_GOAL := $(.DEFAULT_GOAL)

# The toolchain and its flags come from sw/kernel_flags.mk, which `warpwatch
# cc` and `warpwatch cflags` read too (one definition). Paths in it are
# relative to WW_KERNEL_HOME: here the top of the tree.
WW_KERNEL_HOME := .
include sw/kernel_flags.mk
SW_CC      := $(WW_KERNEL_CC)
SW_LD      := $(WW_KERNEL_LD)
SW_CFLAGS  := $(WW_KERNEL_CFLAGS) $(WW_KERNEL_DEFAULT_CFLAGS) -Werror
SW_LDFLAGS := $(WW_KERNEL_LDFLAGS)
SW_KDEPS   := sw/include/warpwatch.h cmodel/include/ww_isa.def cmodel/include/ww_config.h \
              sw/kernels/uts_tree.h sw/sw.mk sw/kernel_flags.mk

SW_KERNELS := $(patsubst sw/kernels/%.c,%,$(wildcard sw/kernels/*.c))
SW_ELFS    := $(patsubst %,build/kernels/%.elf,$(SW_KERNELS))

build/kernels/obj/crt0.o: $(WW_KERNEL_CRT0) sw/sw.mk sw/kernel_flags.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

build/kernels/obj/%.o: sw/kernels/%.c $(SW_KDEPS) | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

build/kernels/%.elf: build/kernels/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/kernels/obj/%.o,$(SW_KERNELS))

# ---- host-side tests ------------------------------------------------------------
SW_RT_LIB   := build/lib/libwwrt.a
SW_GPU_LIB  := build/lib/libwwgpu.a
SW_TEST_BIN := build/tests/sw/sw_tests
SW_TEST_SRC := $(wildcard sw/tests/*.c)
SW_HOST_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
                  -fno-sanitize-recover=all -Isw/tests -Isw/runtime $(CMODEL_INC)

$(SW_TEST_BIN): $(SW_TEST_SRC) $(wildcard sw/tests/*.h) sw/runtime/ww_runtime.h \
                $(SW_RT_LIB) $(SW_GPU_LIB) | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $(SW_TEST_SRC) $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

# The checks, one per test group (`build/tests/sw/sw_tests --list` names
# them): each runs round robin and two random interleavings; SEED=n adds one.
SW_TEST_NAMES := isa-alu isa-mem isa-misc atomics vecadd saxpy alu-loop reduction divergence \
                 matmul histogram bfs work-queue block-counter spinlock scoped-race message-passing \
                 assert uts-central uts-decentral stream pchase

.PHONY: sw-kernels sw-tests sw-check
sw-kernels: $(SW_ELFS)
sw-tests: $(SW_TEST_BIN)
sw-check: $(SW_ELFS) $(SW_TEST_BIN) build/bin/warpwatch
	sw/tests/check_images.sh
	$(SW_TEST_BIN) $(if $(SEED),--seed=$(SEED))

ALL_TARGETS += $(SW_ELFS) $(SW_TEST_BIN)
TESTS += sw/images $(addprefix sw/,$(SW_TEST_NAMES)) sw/memcheck
# memcheck over the whole suite: a correct kernel makes no invalid access
TEST_CMD.sw/memcheck := $(SW_TEST_BIN) --memcheck --seeds=0,1
TEST_CMD.sw/images := sw/tests/check_images.sh
$(foreach t,$(SW_TEST_NAMES),\
  $(eval TEST_CMD.sw/$(t) := $(SW_TEST_BIN) --only=$(t) $(if $(SEED),--seed=$(SEED))))

.DEFAULT_GOAL := $(SW_SAVED_GOAL)
