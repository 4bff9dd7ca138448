# SPDX-License-Identifier: Apache-2.0
#
# sw/det/det.mk -- GPUDet's kernels (issue 15; docs/det.md), included by the
# top Makefile ("Area fragments", after sw/sw.mk, whose toolchain it reuses).
#
#   make build/det/NAME.elf   sw/det/NAME.c -> kernel image
#
# racey.c: the GPU-Racey-style stress kernel whose final array depends on
# every interleaving (tb/det/test_det_cmodel.sh).

DET_SAVED_GOAL := $(.DEFAULT_GOAL)

DET_KERNEL_NAMES := $(patsubst sw/det/%.c,%,$(wildcard sw/det/*.c))
DET_KERNEL_ELFS  := $(patsubst %,build/det/%.elf,$(DET_KERNEL_NAMES))

build/det/obj/%.o: sw/det/%.c $(SW_KDEPS) $(wildcard sw/det/*.h) sw/det/det.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

build/det/%.elf: build/det/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/det/obj/%.o,$(DET_KERNEL_NAMES))

.DEFAULT_GOAL := $(DET_SAVED_GOAL)
