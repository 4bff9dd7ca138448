# SPDX-License-Identifier: Apache-2.0
#
# tb/scord/mutant.mk -- the GPU-level ScoRD mutant (docs/scord.md §5),
# included by the top Makefile ("Area fragments").
#   SCORD_BLKFENCE_AS_DEV  ww_scord_rec: a block fence's FENCE records claim a
#                          device fence. The microbenchmarks whose race is a
#                          block fence where a device fence is needed must then
#                          lose their race: the labels on the RTL's race log
#                          have to catch it (tb/scord/expect_missed.sh).
# Built and run by make test-long (LONG=1): a Verilator build of the whole
# GPU; make test has the ScoRD blocks' lockstep mutants.

SCORD_MUT_SAVED_GOAL := $(.DEFAULT_GOAL)

SCORD_MUTANTS := SCORD_BLKFENCE_AS_DEV
SCORD_MUT_ONLY.SCORD_BLKFENCE_AS_DEV := fence_blk_interblock_racy

define SCORD_MUTANT
$(BUILD)/scord/mut_$(1)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(BUILD)/scord/mut_$(1),$$@,$(gpu_RTL),WW_MUTANT_$(1),,quick)
$(BUILD)/scord/mut_$(1)/micro_tests_rtl: tb/scord/micro_tests.c tb/scord/scord_harness.c \
    tb/scord/scord_harness.h $(VGPU_BACKEND) $(SW_RT_LIB) $(SW_GPU_LIB) \
    $(BUILD)/scord/mut_$(1)/libwwvgpu.a
	gcc $(COSIM_CFLAGS) $$< tb/scord/scord_harness.c $(VGPU_BACKEND) $(SW_RT_LIB) \
	  $(BUILD)/scord/mut_$(1)/libwwvgpu.a $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $$@
ALL_TARGETS += $(if $(LONG),$(BUILD)/scord/mut_$(1)/micro_tests_rtl)
TESTS += $(if $(LONG),scord/mutant/$(1))
TEST_CMD.scord/mutant/$(1) := tb/scord/expect_missed.sh $(BUILD)/scord/mut_$(1)/micro_tests_rtl \
  --rtl=full --seeds=0 --only=$(SCORD_MUT_ONLY.$(1))
endef
$(foreach m,$(SCORD_MUTANTS),$(eval $(call SCORD_MUTANT,$(m))))

.DEFAULT_GOAL := $(SCORD_MUT_SAVED_GOAL)
