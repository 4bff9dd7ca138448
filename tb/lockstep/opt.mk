# SPDX-License-Identifier: Apache-2.0
#
# tb/lockstep/opt.mk -- compiler optimisation of a lockstep binary's
# Verilated code, read after Verilator's V<top>.mk (tb/lockstep/build.sh).
# make test builds about 200 of these; compile time is most of their cost.
#   -O1 rather than Verilator's -Os: a fifth less compile time, the same
#       simulation speed (tm_commit_unit: 21.9 against 26.9 CPU-s, 0.21
#       against 0.22 Mcycles/s);
#   -O0 for the trace code: it runs only in the replay of a failing run,
#       for the last few dozen cycles (ww_lockstep.c "trace_from").
OPT_FAST   := -O1
OPT_GLOBAL := -O1
$(foreach i,0 1 2 3 4 5 6 7 8 9,$(eval %__Trace__$(i).o: OPT_FAST := -O0))

# verilated.h precompiled once, by build.sh --runtime with this file's
# flags (sw/sim/verilated_pch.mk), and linked into every build.
include $(dir $(lastword $(MAKEFILE_LIST)))../../sw/sim/verilated_pch.mk
