# SPDX-License-Identifier: Apache-2.0
#
# sw/gsi/gsi.mk -- host side of the GSI stall counters (included by the top
# Makefile, "Area fragments").
#   build/bin/ww_stallplot     ww_stallplot OUT.svg|png RUNS.json [--view V]: stacked stall
#                              bars of several runs (sw/gsi/ww_stallplot.c)
#   build/tests/test_stalls    unit test of sw/gsi/ww_stalls.{c,h}: sum checks,
#                              JSON round trip through the reader, a rendered chart
# The library sw/gsi/ww_stalls.c is linked into build/bin/warpwatch by
# sw/runtime/runtime.mk; here it is compiled on its own.
# The chart needs gnuplot (scripts/install_deps.sh: gnuplot-nox).

GSI_HOST_SAVED_GOAL := $(.DEFAULT_GOAL)

GSI_STALLS_SRC  := sw/gsi/ww_stalls.c
GSI_STALLS_DEPS := sw/gsi/ww_stalls.c sw/gsi/ww_stalls.h sw/gsi/gsi.mk cmodel/include/ww_proto.h
GSI_HOST_CFLAGS := -std=c11 -g -Wall -Wextra -Werror -Isw/gsi -Icmodel/include
GSI_HOST_SAN    := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

$(BUILD)/bin/ww_stallplot: sw/gsi/ww_stallplot.c $(GSI_STALLS_DEPS) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(GSI_HOST_CFLAGS) -O2 $< $(GSI_STALLS_SRC) -o $@

$(BUILD)/tests/test_stalls: sw/gsi/test_stalls.c $(GSI_STALLS_DEPS) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(GSI_HOST_CFLAGS) $(GSI_HOST_SAN) $< $(GSI_STALLS_SRC) -o $@

ALL_TARGETS += $(BUILD)/bin/ww_stallplot $(BUILD)/tests/test_stalls
TESTS += gsi/host
TEST_CMD.gsi/host := $(BUILD)/tests/test_stalls

.DEFAULT_GOAL := $(GSI_HOST_SAVED_GOAL)
