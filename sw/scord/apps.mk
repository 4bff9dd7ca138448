# SPDX-License-Identifier: Apache-2.0
#
# sw/scord/apps.mk -- the ScoRD applications (issue 5, docs/scord.md §5;
# ScoR's Table II apps in small sizes, sw/scord/APPS.md), included by the top
# Makefile ("Area fragments", after sw/sw.mk, whose toolchain it reuses).
#
#   make build/scord/apps/NAME.elf   sw/scord/apps/NAME.c -> kernel image
#   make scord-apps                  every application + the runner
#   make scord-apps-rtl              the same runner with the RTL backend (optional)
#   build/scord/apps/app_tests       runs each application on the C model:
#                                    race = 0 under round robin and two random
#                                    interleavings against a host reference,
#                                    each race switch once (must not trap);
#                                    --list prints the injected races
#                                    (app race type scope line grid block what)
#
# Each sw/scord/apps/NAME.c states its geometry and its injected races in
# machine-readable header lines (SCORD-GEOMETRY, SCORD-INJECT) and marks the
# racing lines with SCORD-RACE comments; the runner parses the sources, so
# it needs no rebuild when a header changes. When the reference detector
# tb/scord/ww_scord_ref.c exists, the runner is built with it and the test
# runs it with `--ref`: every run's retire trace also goes through that
# independent docs/scord.md §1 detector (race = 0: no race in its ideal and
# its approximate view; a switch: exactly its labelled races), i.e. the
# "labels on feed 1" check of docs/scord.md §4.

# The top Makefile defines `all` after the fragments: keep it the default goal.
SCORD_APPS_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_APPS_NAMES  := $(patsubst sw/scord/apps/%.c,%,$(wildcard sw/scord/apps/*.c))
SCORD_APPS_ELFS   := $(patsubst %,build/scord/apps/%.elf,$(SCORD_APPS_NAMES))
SCORD_APPS_RUNNER := build/scord/apps/app_tests
SCORD_APPS_REF    := $(wildcard tb/scord/ww_scord_ref.c)

build/scord/apps/obj/%.o: sw/scord/apps/%.c $(SW_KDEPS) sw/scord/apps.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

# crt0 is sw/sw.mk's object (rule build/kernels/obj/crt0.o).
build/scord/apps/%.elf: build/scord/apps/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld \
                        sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/scord/apps/obj/%.o,$(SCORD_APPS_NAMES))

# Host runner: C11, ASan + UBSan, the runtime and the C model, like sw_tests.
$(SCORD_APPS_RUNNER): sw/scord/app_tests.c sw/scord/scord_harness.c sw/scord/scord_harness.h \
                      sw/runtime/ww_runtime.h cmodel/include/ww_config.h cmodel/include/ww_isa.def \
                      $(SCORD_APPS_REF) $(SCORD_APPS_REF:.c=.h) $(SW_RT_LIB) $(SW_GPU_LIB) \
                      sw/scord/apps.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $(if $(SCORD_APPS_REF),-DAPPS_HAVE_REF -Itb/scord) $< \
	  sw/scord/scord_harness.c $(SCORD_APPS_REF) $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

# The same runner with the RTL backend: app_tests_rtl --backend=verilator
# [--scord=full|cached] [--ref] runs every application on the RTL,
# co-simulated in follow mode; --scord checks the detector's race log against
# the labels, --ref the reference's verdict in the RTL's retire order.
SCORD_APPS_RUNNER_RTL := build/scord/apps/app_tests_rtl
$(SCORD_APPS_RUNNER_RTL): sw/scord/app_tests.c sw/scord/scord_harness.c sw/scord/scord_harness.h \
                          sw/runtime/ww_runtime.h cmodel/include/ww_config.h \
                          cmodel/include/ww_isa.def $(SCORD_APPS_REF) $(SCORD_APPS_REF:.c=.h) \
                          tb/gpu/ww_backend_verilator.c $(SW_RT_LIB) $(SW_GPU_LIB) $(VGPU_LIB) \
                          sw/scord/apps.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/tests -Isw/runtime $(VGPU_CFLAGS) \
	  $(if $(SCORD_APPS_REF),-DAPPS_HAVE_REF -Itb/scord) $< sw/scord/scord_harness.c \
	  $(SCORD_APPS_REF) tb/gpu/ww_backend_verilator.c $(SW_RT_LIB) $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

.PHONY: scord-apps scord-apps-rtl
scord-apps: $(SCORD_APPS_ELFS) $(SCORD_APPS_RUNNER)
scord-apps-rtl: $(SCORD_APPS_ELFS) $(SCORD_APPS_RUNNER_RTL)

ALL_TARGETS += $(SCORD_APPS_ELFS) $(SCORD_APPS_RUNNER) $(SCORD_APPS_RUNNER_RTL)
TESTS += scord/apps-run scord/apps-rtl-full scord/apps-rtl-cached
TEST_CMD.scord/apps-run := $(SCORD_APPS_RUNNER) $(if $(SCORD_APPS_REF),--ref) $(if $(SEED),--seed=$(SEED))
# every application and race switch on the RTL with full metadata and with
# the metadata cache: the detector's log must hold exactly the labelled races
# (issue 5)
TEST_CMD.scord/apps-rtl-full := $(SCORD_APPS_RUNNER_RTL) --backend=verilator --scord=full --seeds=0
TEST_CMD.scord/apps-rtl-cached := $(SCORD_APPS_RUNNER_RTL) --backend=verilator --scord=cached --seeds=0

.DEFAULT_GOAL := $(SCORD_APPS_SAVED_GOAL)
