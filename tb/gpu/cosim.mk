# SPDX-License-Identifier: Apache-2.0
#
# tb/gpu/cosim.mk -- the RTL GPU against the golden model (included by the
# top Makefile after tb/gpu/gpu_tb.mk, whose VGPU_* variables it uses).
#   build/bin/warpwatch            the CLI with both backends (runtime.mk links
#                                  $(VGPU_BACKEND) and $(VGPU_LIB))
#   $(SWT_RTL)                     the kernel-suite tests linked the same way
# Tests (docs/gpu_rtl.md "Checking"):
#   rtl/suite/<group>   every suite group on the RTL, co-simulated: sync for
#                       contended race-free kernels, strict for the others,
#                       follow for the racy one
#   rtl/seeds/<group>   contended race-free kernels under RTL timing seeds
#                       (6; 20 in make test-long)
#   rtl/randprog        random race-free programs, strict (45; RANDPROG_N in
#                       make test-long)
#   rtl/randprog-sync   30 more in the default sync mode, with DRAM timing
#                       seeds (40 in make test-long)
#   rtl/mutant/<M>      the GPU built with WW_MUTANT_<M>: co-simulation must
#                       report a mismatch (tb/gpu/expect_mismatch.sh); make
#                       test-long (LONG=1) only: each is a Verilator build of
#                       the whole GPU, and make test has the blocks' lockstep
#                       mutants (make build/vgpu/mut_<M>/sw_tests_rtl builds
#                       one at any time)

COSIM_SAVED_GOAL := $(.DEFAULT_GOAL)

SWT_RTL        := $(BUILD)/tests/sw/sw_tests_rtl
COSIM_CFLAGS   := -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/tests -Isw/runtime $(VGPU_CFLAGS)
# Co-simulation mode per kernel (ww_runtime.h WW_COSIM_*): sync, the default,
# for race-free kernels whose values depend on timing (contended atomics,
# spin loops on strong loads); follow for the deliberately racy one; strict
# for the rest (every value computed by the model).
COSIM_FOLLOW   := scoped-race
COSIM_SYNC     := atomics histogram bfs work-queue block-counter spinlock message-passing \
                  uts-central uts-decentral
COSIM_STRICT   := $(filter-out $(COSIM_FOLLOW) $(COSIM_SYNC),$(SW_TEST_NAMES))
# The contended race-free kernels under RTL timing seeds (DRAM jitter,
# ww_dram.h): the default co-simulation must pass every one.
COSIM_SEEDED   := bfs histogram work-queue atomics
# RTL timing seeds of the contended kernels: 6 in `make test`, 20 in
# `make test-long` (the GPU with GPUDet simulates about a third slower)
COSIM_SEEDS    := 1,2,3,4,5,6$(if $(LONG),$(comma)7$(comma)8$(comma)9$(comma)10$(comma)11$(comma)12$(comma)13$(comma)14$(comma)15$(comma)16$(comma)17$(comma)18$(comma)19$(comma)20)
# random programs co-simulated in strict mode: 45 in `make test`, RANDPROG_N in `make test-long`
RTL_RANDPROG_N := $(if $(LONG),$(RANDPROG_N),45)
COSIM_MUTANTS  := LSU_LB_ZERO_EXTENDS L2_AMO_RETURNS_NEW SM_EXEC_VOTE_ALL_IGNORES_MASK
# the group and co-simulation mode each mutant's run uses (L2_AMO_RETURNS_NEW:
# in sync mode the model takes atomics' values from the RTL, so only the
# serial-order check, sw/sim/ww_atomic_order.h, can see the wrong old values)
COSIM_MUTANT_GROUP.LSU_LB_ZERO_EXTENDS := isa-mem
COSIM_MUTANT_MODE.LSU_LB_ZERO_EXTENDS  := strict
COSIM_MUTANT_GROUP.L2_AMO_RETURNS_NEW  := histogram
COSIM_MUTANT_MODE.L2_AMO_RETURNS_NEW   := sync
# ww_sm_exec has no C model of its own (combinational): the co-simulation
# must catch a vote.all that compares with all lanes instead of the active
# ones (isa-misc votes in partial and divergent warps)
COSIM_MUTANT_GROUP.SM_EXEC_VOTE_ALL_IGNORES_MASK := isa-misc
COSIM_MUTANT_MODE.SM_EXEC_VOTE_ALL_IGNORES_MASK  := strict

$(SWT_RTL): $(SW_TEST_SRC) $(wildcard sw/tests/*.h) $(VGPU_BACKEND) \
            $(SW_RT_LIB) $(SW_GPU_LIB) $(VGPU_LIB)
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $(SW_TEST_SRC) $(VGPU_BACKEND) $(SW_RT_LIB) \
	  $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

# $(1) mutant: the GPU library with WW_MUTANT_$(1) and the suite linked to it
define COSIM_MUTANT
$(VGPU_DIR)/mut_$(1)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/mut_$(1),$$@,$(gpu_RTL),WW_MUTANT_$(1),,quick)
$(VGPU_DIR)/mut_$(1)/sw_tests_rtl: $(SW_TEST_SRC) $(VGPU_BACKEND) $(SW_RT_LIB) \
    $(SW_GPU_LIB) $(VGPU_DIR)/mut_$(1)/libwwvgpu.a
	gcc $(COSIM_CFLAGS) $(SW_TEST_SRC) $(VGPU_BACKEND) $(SW_RT_LIB) \
	  $(VGPU_DIR)/mut_$(1)/libwwvgpu.a $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $$@
COSIM_MUTANT_BINS += $(VGPU_DIR)/mut_$(1)/sw_tests_rtl
TESTS += $(if $(LONG),rtl/mutant/$(1))
TEST_CMD.rtl/mutant/$(1) := tb/gpu/expect_mismatch.sh $(VGPU_DIR)/mut_$(1)/sw_tests_rtl \
  --backend=verilator --cosim=$(COSIM_MUTANT_MODE.$(1)) --seeds=0 --only=$(COSIM_MUTANT_GROUP.$(1))
endef
$(foreach m,$(COSIM_MUTANTS),$(eval $(call COSIM_MUTANT,$(m))))

ALL_TARGETS += $(SWT_RTL) $(if $(LONG),$(COSIM_MUTANT_BINS))
TESTS += $(addprefix rtl/suite/,$(SW_TEST_NAMES)) $(addprefix rtl/seeds/,$(COSIM_SEEDED)) rtl/randprog \
         rtl/randprog-sync
$(foreach t,$(COSIM_SEEDED),\
  $(eval TEST_CMD.rtl/seeds/$(t) := $(SWT_RTL) --backend=verilator --seeds=$(COSIM_SEEDS) --only=$(t)))
$(foreach t,$(COSIM_SYNC),\
  $(eval TEST_CMD.rtl/suite/$(t) := $(SWT_RTL) --backend=verilator --cosim=sync --seeds=0 --only=$(t)))
$(foreach t,$(COSIM_STRICT),\
  $(eval TEST_CMD.rtl/suite/$(t) := $(SWT_RTL) --backend=verilator --cosim=strict --seeds=0 --only=$(t)))
$(foreach t,$(COSIM_FOLLOW),\
  $(eval TEST_CMD.rtl/suite/$(t) := $(SWT_RTL) --backend=verilator --cosim=follow --seeds=0 --only=$(t)))
TEST_CMD.rtl/randprog := $(RP_ENV) RANDPROG_WW_OPTS="--backend verilator --cosim strict" \
  sw/randprog/run_randprog.sh $(if $(SEED),--seed $(SEED)) --count $(RTL_RANDPROG_N)
# the default mode's serial-order check on random programs (their atomics mix
# scopes, plain accesses and every op on one word) under RTL timing seeds
TEST_CMD.rtl/randprog-sync := $(RP_ENV) RANDPROG_RTL_SEEDED=1 RANDPROG_WW_OPTS="--backend verilator --cosim sync" \
  sw/randprog/run_randprog.sh $(if $(SEED),--seed $(SEED)) --count $(if $(LONG),40,30)

.PHONY: cosim
cosim: $(SWT_RTL) $(BUILD)/bin/warpwatch

.DEFAULT_GOAL := $(COSIM_SAVED_GOAL)
