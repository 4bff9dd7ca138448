# SPDX-License-Identifier: Apache-2.0
#
# tb/gpu/cosim.mk -- the RTL GPU against the golden model (included by the
# top Makefile after tb/gpu/gpu_tb.mk, whose VGPU_* variables it uses).
#   build/bin/warpwatch            the CLI with both backends (runtime.mk links
#                                  sw/sim/ww_backend_verilator.c and $(VGPU_LIB))
#   $(SWT_RTL)                     the kernel-suite tests linked the same way
# Tests (docs/gpu_rtl.md "Checking"):
#   rtl/suite/<group>   every suite group on the RTL, co-simulated: strict for
#                       race-free kernels, follow for the racy ones
#   rtl/randprog        RANDPROG_N random race-free programs, strict
#   rtl/mutant/<M>      the GPU built with WW_MUTANT_<M>: co-simulation must
#                       report a mismatch (tb/gpu/expect_mismatch.sh)

COSIM_SAVED_GOAL := $(.DEFAULT_GOAL)

SWT_RTL        := $(BUILD)/tests/sw/sw_tests_rtl
COSIM_CFLAGS   := -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/tests -Isw/runtime $(VGPU_CFLAGS)
# Kernels whose results depend on timing (races, spin loops, contended
# atomics whose old values are used): co-simulated in follow mode.
COSIM_FOLLOW   := atomics histogram block-counter spinlock scoped-race message-passing \
                  uts-central uts-decentral
COSIM_STRICT   := $(filter-out $(COSIM_FOLLOW),$(SW_TEST_NAMES))
COSIM_MUTANTS  := LSU_LB_ZERO_EXTENDS
# the group each mutant's run uses
COSIM_MUTANT_GROUP.LSU_LB_ZERO_EXTENDS := isa-mem

$(SWT_RTL): $(SW_TEST_SRC) $(wildcard sw/tests/*.h) sw/sim/ww_backend_verilator.c \
            $(SW_RT_LIB) $(SW_GPU_LIB) $(VGPU_LIB)
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $(SW_TEST_SRC) sw/sim/ww_backend_verilator.c $(SW_RT_LIB) \
	  $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

# $(1) mutant: the GPU library with WW_MUTANT_$(1) and the suite linked to it
define COSIM_MUTANT
$(VGPU_DIR)/mut_$(1)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/mut_$(1),$$@,$(gpu_RTL),WW_MUTANT_$(1))
$(VGPU_DIR)/mut_$(1)/sw_tests_rtl: $(SW_TEST_SRC) sw/sim/ww_backend_verilator.c $(SW_RT_LIB) \
    $(SW_GPU_LIB) $(VGPU_DIR)/mut_$(1)/libwwvgpu.a
	gcc $(COSIM_CFLAGS) $(SW_TEST_SRC) sw/sim/ww_backend_verilator.c $(SW_RT_LIB) \
	  $(VGPU_DIR)/mut_$(1)/libwwvgpu.a $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $$@
COSIM_MUTANT_BINS += $(VGPU_DIR)/mut_$(1)/sw_tests_rtl
TESTS += rtl/mutant/$(1)
TEST_CMD.rtl/mutant/$(1) := tb/gpu/expect_mismatch.sh $(VGPU_DIR)/mut_$(1)/sw_tests_rtl \
  --backend=verilator --seeds=0 --only=$(COSIM_MUTANT_GROUP.$(1))
endef
$(foreach m,$(COSIM_MUTANTS),$(eval $(call COSIM_MUTANT,$(m))))

ALL_TARGETS += $(SWT_RTL) $(COSIM_MUTANT_BINS)
TESTS += $(addprefix rtl/suite/,$(SW_TEST_NAMES)) rtl/randprog
$(foreach t,$(COSIM_STRICT),\
  $(eval TEST_CMD.rtl/suite/$(t) := $(SWT_RTL) --backend=verilator --cosim=strict --seeds=0 --only=$(t)))
$(foreach t,$(COSIM_FOLLOW),\
  $(eval TEST_CMD.rtl/suite/$(t) := $(SWT_RTL) --backend=verilator --cosim=follow --seeds=0 --only=$(t)))
TEST_CMD.rtl/randprog := $(RP_ENV) RANDPROG_WW_OPTS="--backend verilator" \
  sw/randprog/run_randprog.sh $(if $(SEED),--seed $(SEED)) --count $(RANDPROG_N)

.PHONY: cosim
cosim: $(SWT_RTL) $(BUILD)/bin/warpwatch

.DEFAULT_GOAL := $(COSIM_SAVED_GOAL)
