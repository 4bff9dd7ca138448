# SPDX-License-Identifier: Apache-2.0
#
# tb/scord/app_tests.mk -- the ScoRD application runners (checks of the kernels that
# sw/scord/apps.mk builds), included by the top Makefile after it. The runners check
# each kernel's races against its header and, with --ref, against the
# independent reference detector tb/scord/ww_scord_ref.c; the _rtl runners
# do the same on the RTL's race log.

SCORD_APPS_T_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_APPS_RUNNER := build/scord/apps/app_tests
SCORD_APPS_REF    := $(wildcard tb/scord/ww_scord_ref.c)

$(SCORD_APPS_RUNNER): tb/scord/app_tests.c tb/scord/scord_harness.c tb/scord/scord_harness.h \
                      sw/runtime/ww_runtime.h cmodel/include/ww_config.h cmodel/include/ww_isa.def \
                      $(SCORD_APPS_REF) $(SCORD_APPS_REF:.c=.h) $(SW_RT_LIB) $(SW_GPU_LIB) \
                      tb/scord/app_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $(if $(SCORD_APPS_REF),-DAPPS_HAVE_REF -Itb/scord) $< \
	  tb/scord/scord_harness.c $(SCORD_APPS_REF) $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

# The same runner with the RTL backend: app_tests_rtl --backend=verilator
# [--scord=full|cached] [--ref] runs every application on the RTL,
# co-simulated in follow mode; --scord checks the detector's race log against
# the labels, --ref the reference's verdict in the RTL's retire order.
SCORD_APPS_RUNNER_RTL := build/scord/apps/app_tests_rtl
$(SCORD_APPS_RUNNER_RTL): tb/scord/app_tests.c tb/scord/scord_harness.c tb/scord/scord_harness.h \
                          sw/runtime/ww_runtime.h cmodel/include/ww_config.h \
                          cmodel/include/ww_isa.def $(SCORD_APPS_REF) $(SCORD_APPS_REF:.c=.h) \
                          $(VGPU_BACKEND) $(SW_RT_LIB) $(SW_GPU_LIB) $(VGPU_LIB) \
                          tb/scord/app_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/tests -Isw/runtime $(VGPU_CFLAGS) \
	  $(if $(SCORD_APPS_REF),-DAPPS_HAVE_REF -Itb/scord) $< tb/scord/scord_harness.c \
	  $(SCORD_APPS_REF) $(VGPU_BACKEND) $(SW_RT_LIB) $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

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

.DEFAULT_GOAL := $(SCORD_APPS_T_SAVED_GOAL)
