# SPDX-License-Identifier: Apache-2.0
#
# sw/scord/micro.mk -- the ScoRD race-detector microbenchmarks (issue 5,
# docs/scord.md §5; ScoR Table I written afresh), included by the top
# Makefile ("Area fragments", after sw/sw.mk, whose toolchain it reuses).
#
#   make build/scord/micro/NAME.elf   sw/scord/micro/NAME.c -> kernel image
#
# The runner that checks them, build/scord/micro_tests (and _rtl), the
# target make scord-micro and the tests are in tb/scord/micro_tests.mk: each
# kernel on the C model (round robin and two random interleavings),
# termination and its header's result; --list prints the expected verdicts.
#
# Each sw/scord/micro/NAME.c states its expected verdict, geometry,
# placement and result in machine-readable header lines (SCORD-EXPECT,
# SCORD-GEOMETRY, SCORD-PLACE, SCORD-RESULT; sw/scord/README.md). The
# runner parses them from the sources, so it needs no rebuild when a
# header changes, and it fails when a file is missing (fixed counts).
# `--ref` checks every run's races with the reference detector
# tb/scord/ww_scord_ref.c against the headers (docs/scord.md §1; both the
# ideal and the hardware-approximate view).

# The top Makefile defines `all` after the fragments: keep it the default goal.
SCORD_MICRO_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_MICRO_NAMES  := $(patsubst sw/scord/micro/%.c,%,$(wildcard sw/scord/micro/*.c))
SCORD_MICRO_ELFS   := $(patsubst %,build/scord/micro/%.elf,$(SCORD_MICRO_NAMES))

build/scord/micro/obj/%.o: sw/scord/micro/%.c $(SW_KDEPS) sw/scord/micro.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

# crt0 is sw/sw.mk's object (rule build/kernels/obj/crt0.o).
build/scord/micro/%.elf: build/scord/micro/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld \
                         sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/scord/micro/obj/%.o,$(SCORD_MICRO_NAMES))

.DEFAULT_GOAL := $(SCORD_MICRO_SAVED_GOAL)
