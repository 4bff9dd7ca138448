# SPDX-License-Identifier: Apache-2.0
#
# sw/tm/apps.mk -- the KILO TM applications (issue 14; KILO TM, MICRO 2011,
# §5 Table 2 in small sizes, sw/tm/README.md), included by the top Makefile
# ("Area fragments", after sw/sw.mk, whose toolchain it reuses).
#
#   make build/tm/apps/NAME.elf   sw/tm/apps/NAME.c -> kernel image
#
# Each application takes a `mode` word first: 0 = transactions (trap
# "transactions not implemented" until the TM hardware exists), 1 =
# fine-grained locks, 2 = one global lock. The runner that checks them,
# build/tm/apps/tm_apps (and _rtl), its targets (make tm-apps, tm-apps-rtl)
# and its tests are in tb/tm/app_tests.mk. Each sw/tm/apps/NAME.c states its
# geometry and its argument words in machine-readable header lines
# (TM-GEOMETRY, TM-ARGS) that the runner parses from the source.

# The top Makefile defines `all` after the fragments: keep it the default goal.
TM_APPS_SAVED_GOAL := $(.DEFAULT_GOAL)

TM_APPS_NAMES := $(patsubst sw/tm/apps/%.c,%,$(wildcard sw/tm/apps/*.c))
TM_APPS_ELFS  := $(patsubst %,build/tm/apps/%.elf,$(TM_APPS_NAMES))

build/tm/apps/obj/%.o: sw/tm/apps/%.c sw/tm/apps/tm_apps.h $(SW_KDEPS) sw/tm/apps.mk | build/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -Isw/tm/apps -c $< -o $@

# crt0 is sw/sw.mk's object (rule build/kernels/obj/crt0.o).
build/tm/apps/%.elf: build/tm/apps/obj/%.o build/kernels/obj/crt0.o sw/link/kernel.ld \
                     sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %,build/tm/apps/obj/%.o,$(TM_APPS_NAMES))

.DEFAULT_GOAL := $(TM_APPS_SAVED_GOAL)
