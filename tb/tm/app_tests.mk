# SPDX-License-Identifier: Apache-2.0
#
# tb/tm/app_tests.mk -- the runner of the KILO TM applications (the kernels
# that sw/tm/apps.mk builds; sw/tm/README.md), included by the top Makefile
# after it. tb/tm/tm_apps.c checks each application's invariant against a
# host reference after every run; mode 0 (transactions) must end in the trap
# "transactions not implemented" until the TM hardware exists, and is then
# reported as TX-PENDING, neither passed nor failed.
#
#   build/tm/apps/tm_apps       the golden model
#   build/tm/apps/tm_apps_rtl   the same runner with the RTL backend
#                               (--backend=verilator, co-simulated, sync mode)

TM_APPS_T_SAVED_GOAL := $(.DEFAULT_GOAL)

TM_APPS_RUNNER     := build/tm/apps/tm_apps
TM_APPS_RUNNER_RTL := build/tm/apps/tm_apps_rtl

$(TM_APPS_RUNNER): tb/tm/tm_apps.c sw/runtime/ww_runtime.h cmodel/include/ww_config.h \
                   cmodel/include/ww_rng.h $(SW_RT_LIB) $(SW_GPU_LIB) tb/tm/app_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $< $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

$(TM_APPS_RUNNER_RTL): tb/tm/tm_apps.c sw/runtime/ww_runtime.h cmodel/include/ww_config.h \
                       cmodel/include/ww_rng.h $(VGPU_BACKEND) $(VGPU_BACKEND_HDR) $(SW_RT_LIB) \
                       $(SW_GPU_LIB) $(VGPU_LIB) tb/tm/app_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/runtime $(VGPU_CFLAGS) $< $(VGPU_BACKEND) \
	  $(SW_RT_LIB) $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

.PHONY: tm-apps tm-apps-rtl
tm-apps: $(TM_APPS_ELFS) $(TM_APPS_RUNNER)
	$(TM_APPS_RUNNER)
tm-apps-rtl: $(TM_APPS_ELFS) $(TM_APPS_RUNNER_RTL)
	$(TM_APPS_RUNNER_RTL) --backend=verilator --modes=1,2 --seeds=0

ALL_TARGETS += $(TM_APPS_ELFS) $(TM_APPS_RUNNER) $(TM_APPS_RUNNER_RTL)

# The golden model: every application, modes 1 and 2 under round robin and two
# random interleavings (plus the mode-0 run that must trap "transactions not
# implemented"); SEED=n adds an interleaving.
TESTS += tm/apps-run
TEST_CMD.tm/apps-run := $(TM_APPS_RUNNER) $(if $(SEED),--seed=$(SEED))

# The RTL, co-simulated: one test per application (they run in parallel),
# modes 1 and 2 with fixed DRAM timing.
TM_APPS_RTL_NAMES := ht-h ht-l atm atm-nod list
TESTS += $(patsubst %,tm/apps-rtl-%,$(TM_APPS_RTL_NAMES))
$(foreach a,$(TM_APPS_RTL_NAMES),$(eval TEST_CMD.tm/apps-rtl-$(a) := \
  $(TM_APPS_RUNNER_RTL) --backend=verilator --only=$(a) --modes=1,2 --seeds=0))

.DEFAULT_GOAL := $(TM_APPS_T_SAVED_GOAL)
