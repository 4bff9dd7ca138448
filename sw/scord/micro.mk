# SPDX-License-Identifier: Apache-2.0
#
# sw/scord/micro.mk -- the ScoRD race-detector microbenchmarks (issue 5,
# docs/scord.md §5; ScoR Table I written afresh), included by the top
# Makefile ("Area fragments", after sw/sw.mk, whose toolchain it reuses).
#
#   make build/scord/micro/NAME.elf   sw/scord/micro/NAME.c -> kernel image
#   make scord-micro                  every microbenchmark + the runner
#   build/scord/micro_tests           runs each one on the C model (round robin
#                                     and two random interleavings) and checks
#                                     termination and its header's result;
#                                     --list prints the expected verdicts
#
# Each sw/scord/micro/NAME.c states its expected verdict, geometry,
# placement and result in machine-readable header lines (SCORD-EXPECT,
# SCORD-GEOMETRY, SCORD-PLACE, SCORD-RESULT; sw/scord/README.md). The
# runner parses them from the sources, so it needs no rebuild when a
# header changes, and it fails when a file is missing (fixed counts).
# When the reference detector tb/scord/ww_scord_ref.c exists, the runner is
# built with it: `--ref` then checks every run's races against the headers
# (docs/scord.md §1; both the ideal and the hardware-approximate view).

# The top Makefile defines `all` after the fragments: keep it the default goal.
SCORD_MICRO_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_MICRO_NAMES  := $(patsubst sw/scord/micro/%.c,%,$(wildcard sw/scord/micro/*.c))
SCORD_MICRO_ELFS   := $(patsubst %,build/scord/micro/%.elf,$(SCORD_MICRO_NAMES))
SCORD_MICRO_RUNNER := build/scord/micro_tests
SCORD_MICRO_REF    := $(wildcard tb/scord/ww_scord_ref.c)

build/scord/micro/obj/%.o: sw/scord/micro/%.c $(SW_KDEPS) sw/scord/micro.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

# crt0 is sw/sw.mk's object (rule build/kernels/obj/crt0.o).
build/scord/micro/%.elf: build/scord/micro/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld \
                         sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/scord/micro/obj/%.o,$(SCORD_MICRO_NAMES))

# Host runner: C11, ASan + UBSan, the runtime and the C model, like sw_tests.
$(SCORD_MICRO_RUNNER): sw/scord/micro_tests.c sw/scord/scord_harness.c sw/scord/scord_harness.h \
                       sw/runtime/ww_runtime.h cmodel/include/ww_config.h cmodel/include/ww_isa.def \
                       $(SCORD_MICRO_REF) $(SCORD_MICRO_REF:.c=.h) $(SW_RT_LIB) $(SW_GPU_LIB) \
                       sw/scord/micro.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $(if $(SCORD_MICRO_REF),-DMICRO_HAVE_REF -Itb/scord) $< \
	  sw/scord/scord_harness.c $(SCORD_MICRO_REF) $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

# The same runner linked with the Verilated GPU (like sw_tests_rtl): --rtl=MODE
# runs every microbenchmark on the RTL with ScoRD on and checks the detector's
# race log against the labels (tests scord/micro-rtl-full, -cached).
SCORD_MICRO_RTL := build/scord/micro_tests_rtl
$(SCORD_MICRO_RTL): sw/scord/micro_tests.c sw/scord/scord_harness.c sw/scord/scord_harness.h \
                    sw/runtime/ww_runtime.h cmodel/include/ww_config.h tb/gpu/ww_backend_verilator.c \
                    $(SW_RT_LIB) $(SW_GPU_LIB) $(VGPU_LIB) sw/scord/micro.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $< sw/scord/scord_harness.c tb/gpu/ww_backend_verilator.c $(SW_RT_LIB) \
	  $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

.PHONY: scord-micro
scord-micro: $(SCORD_MICRO_ELFS) $(SCORD_MICRO_RUNNER)

ALL_TARGETS += $(SCORD_MICRO_ELFS) $(SCORD_MICRO_RUNNER) $(SCORD_MICRO_RTL)
TESTS += scord/micro-run
# With the reference built in, the test also checks every label against §1.
TEST_CMD.scord/micro-run := $(SCORD_MICRO_RUNNER) $(if $(SCORD_MICRO_REF),--ref) $(if $(SEED),--seed=$(SEED))
TESTS += scord/micro-rtl-full scord/micro-rtl-cached
TEST_CMD.scord/micro-rtl-full   := $(SCORD_MICRO_RTL) --rtl=full --seeds=0
TEST_CMD.scord/micro-rtl-cached := $(SCORD_MICRO_RTL) --rtl=cached --seeds=0

.DEFAULT_GOAL := $(SCORD_MICRO_SAVED_GOAL)
