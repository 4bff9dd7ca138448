# SPDX-License-Identifier: Apache-2.0
#
# sw/scord/apps.mk -- the ScoRD applications (issue 5, docs/scord.md §5;
# ScoR's Table II apps in small sizes, sw/scord/APPS.md), included by the top
# Makefile ("Area fragments", after sw/sw.mk, whose toolchain it reuses).
#
#   make build/scord/apps/NAME.elf   sw/scord/apps/NAME.c -> kernel image
#
# The runner that checks them, build/scord/apps/app_tests (and _rtl), its
# targets (make scord-apps, scord-apps-rtl) and its tests are in
# tb/scord/app_tests.mk: race = 0 under round robin and two random
# interleavings against a host reference, each race switch once (must not
# trap); --list prints the injected races (app race type scope line grid
# block what).
#
# Each sw/scord/apps/NAME.c states its geometry and its injected races in
# machine-readable header lines (SCORD-GEOMETRY, SCORD-INJECT) and marks the
# racing lines with SCORD-RACE comments; the runner parses the sources, so
# it needs no rebuild when a header changes. With `--ref`, every run's
# retire trace also goes through the independent docs/scord.md §1 detector
# tb/scord/ww_scord_ref.c (race = 0: no race in its ideal and its
# approximate view; a switch: exactly its labelled races), the "labels"
# check of docs/scord.md §4.

# The top Makefile defines `all` after the fragments: keep it the default goal.
SCORD_APPS_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_APPS_NAMES  := $(patsubst sw/scord/apps/%.c,%,$(wildcard sw/scord/apps/*.c))
SCORD_APPS_ELFS   := $(patsubst %,build/scord/apps/%.elf,$(SCORD_APPS_NAMES))

build/scord/apps/obj/%.o: sw/scord/apps/%.c $(SW_KDEPS) sw/scord/apps.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

# crt0 is sw/sw.mk's object (rule build/kernels/obj/crt0.o).
build/scord/apps/%.elf: build/scord/apps/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld \
                        sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/scord/apps/obj/%.o,$(SCORD_APPS_NAMES))

.DEFAULT_GOAL := $(SCORD_APPS_SAVED_GOAL)
