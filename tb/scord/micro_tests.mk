# SPDX-License-Identifier: Apache-2.0
#
# tb/scord/micro_tests.mk -- the ScoRD microbenchmark runners (checks of the kernels that
# sw/scord/micro.mk builds), included by the top Makefile after it. The runners check
# each kernel's races against its header and, with --ref, against the
# independent reference detector tb/scord/ww_scord_ref.c; the _rtl runners
# do the same on the RTL's race log.

SCORD_MICRO_T_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_MICRO_RUNNER := build/scord/micro_tests
SCORD_MICRO_REF    := $(wildcard tb/scord/ww_scord_ref.c)

$(SCORD_MICRO_RUNNER): tb/scord/micro_tests.c tb/scord/scord_harness.c tb/scord/scord_harness.h \
                       sw/runtime/ww_runtime.h cmodel/include/ww_config.h cmodel/include/ww_isa.def \
                       $(SCORD_MICRO_REF) $(SCORD_MICRO_REF:.c=.h) $(SW_RT_LIB) $(SW_GPU_LIB) \
                       tb/scord/micro_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $(if $(SCORD_MICRO_REF),-DMICRO_HAVE_REF -Itb/scord) $< \
	  tb/scord/scord_harness.c $(SCORD_MICRO_REF) $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

# The same runner linked with the Verilated GPU (like sw_tests_rtl): --rtl=MODE
# runs every microbenchmark on the RTL with ScoRD on and checks the detector's
# race log against the labels (tests scord/micro-rtl-full, -cached).
SCORD_MICRO_RTL := build/scord/micro_tests_rtl
$(SCORD_MICRO_RTL): tb/scord/micro_tests.c tb/scord/scord_harness.c tb/scord/scord_harness.h \
                    sw/runtime/ww_runtime.h cmodel/include/ww_config.h $(VGPU_BACKEND) \
                    $(SW_RT_LIB) $(SW_GPU_LIB) $(VGPU_LIB) tb/scord/micro_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $< tb/scord/scord_harness.c $(VGPU_BACKEND) $(SW_RT_LIB) \
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

.DEFAULT_GOAL := $(SCORD_MICRO_T_SAVED_GOAL)
