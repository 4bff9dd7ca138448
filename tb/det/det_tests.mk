# SPDX-License-Identifier: Apache-2.0
#
# tb/det/det_tests.mk -- GPUDet's checks (issue 15; docs/det.md), included
# by the top Makefile after sw/det/det.mk (the blocks' lockstep tests are
# in tb/det/blocks.mk). The golden model's deterministic mode:
#   det/suite-cmodel   every kernel-suite group with --det under six
#                      interleaving seeds, against the host references
#   det/racey-cmodel   the GPU-Racey-style kernel: signatures differ without
#                      --det, one with it (three quanta); the CLI's report
#                      and its refusals (tb/det/test_det_cmodel.sh)
# The RTL's (tb/det/test_det_rtl.sh):
#   det/rtl            the racey kernel under RTL timing seeds (different
#                      arrays without --det, the model's with it), the RTL's
#                      counters against the model's, the commit order, and
#                      kernel-suite groups with --det (every run's memory
#                      equal to the model's): four timing seeds and four
#                      groups; `make test-long`: 20 seeds and the whole
#                      suite on four seeds.

ALL_TARGETS += $(DET_KERNEL_ELFS) $(SW_TEST_BIN) $(RT_CLI) $(SWT_RTL) build/kernels/tx_doomed.elf
TESTS += det/suite-cmodel det/racey-cmodel det/rtl
TEST_CMD.det/suite-cmodel := $(SW_TEST_BIN) --det --seeds=0,1,2,3,4,5
TEST_CMD.det/racey-cmodel := tb/det/test_det_cmodel.sh $(RT_CLI) build/det/racey.elf
DET_RTL_ENV := $(if $(LONG),DET_RTL_SEEDS=20 DET_RTL_SUITE_SEEDS=1$(comma)2$(comma)3$(comma)4 \
                 DET_RTL_GROUPS="$$($(SWT_RTL) --list | cut -d' ' -f1 | tr '\n' ' ')",\
                 DET_RTL_SEEDS=4 DET_RTL_SUITE_SEEDS=1 DET_RTL_GROUPS="atomics reduction histogram bfs")
TEST_CMD.det/rtl := env $(DET_RTL_ENV) tb/det/test_det_rtl.sh $(RT_CLI) build/det/racey.elf $(SWT_RTL)

# A whole GPU whose Z-buffer units commit in the wrong depth order (ww_zbuf
# WW_MUTANT_ZBUF_HIGH_SLOT_WINS; a quick build, `make test-long`): the
# determinism check must catch it -- the racey kernel's final memory differs
# from the golden model's in deterministic mode (tb/det/expect_det_mismatch.sh)
DET_MUT_DIR := $(VGPU_DIR)/mut_ZBUF_HIGH_SLOT_WINS
$(DET_MUT_DIR)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$(call VGPU_ARCHIVE,$(DET_MUT_DIR),$@,$(gpu_RTL),WW_MUTANT_ZBUF_HIGH_SLOT_WINS,,quick)
$(DET_MUT_DIR)/warpwatch: private RT_CFLAGS += -DWW_BUILD_HOME='"$(CURDIR)"'
$(DET_MUT_DIR)/warpwatch: $(RT_CLI_SRC) $(RT_CLI_HDR) $(VGPU_BACKEND) $(VGPU_BACKEND_HDR) $(RT_LIB) \
                          $(GPU_LIB) $(DET_MUT_DIR)/libwwvgpu.a $(RT_DEPS)
	gcc $(RT_CFLAGS) $(VGPU_CFLAGS) -Isw/gsi -O2 $(RT_CLI_SRC) $(VGPU_BACKEND) \
	  $(RT_LIB) $(DET_MUT_DIR)/libwwvgpu.a $(GPU_LIB) $(RT_LDLIBS) $(VGPU_LDLIBS) -o $@
ALL_TARGETS += $(if $(LONG),$(DET_MUT_DIR)/warpwatch)
TESTS += $(if $(LONG),det/mutant/ZBUF_HIGH_SLOT_WINS)
TEST_CMD.det/mutant/ZBUF_HIGH_SLOT_WINS := tb/det/expect_det_mismatch.sh $(DET_MUT_DIR)/warpwatch \
                                           build/det/racey.elf
