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
#   det/scord          --det --scord: reproducible race reports (below)

ALL_TARGETS += $(DET_KERNEL_ELFS) $(SW_TEST_BIN) $(RT_CLI) $(SWT_RTL) build/kernels/tx_doomed.elf
TESTS += det/suite-cmodel det/racey-cmodel det/rtl
TEST_CMD.det/suite-cmodel := $(SW_TEST_BIN) --det --seeds=0,1,2,3,4,5
TEST_CMD.det/racey-cmodel := tb/det/test_det_cmodel.sh $(RT_CLI) build/det/racey.elf
DET_RTL_ENV := $(if $(LONG),DET_RTL_SEEDS=20 DET_RTL_SUITE_SEEDS=1$(comma)2$(comma)3$(comma)4 \
                 DET_RTL_GROUPS="$$($(SWT_RTL) --list | sed s/\ .*// | xargs)",\
                 DET_RTL_SEEDS=3 DET_RTL_SUITE_SEEDS=1 DET_RTL_GROUPS="atomics reduction bfs")
TEST_CMD.det/rtl := env $(DET_RTL_ENV) tb/det/test_det_rtl.sh $(RT_CLI) build/det/racey.elf $(SWT_RTL)

# Reproducible race reports (tb/det/test_det_scord.sh): --det --scord gives one
# race report under every timing seed (racey), the ScoRD microbenchmarks and
# applications as labelled with --det, each run's races the same on two seeds.
# `make test`: 3 timing seeds, no application; `make test-long`: 8 timing
# seeds and every application.
ALL_TARGETS += $(SCORD_MICRO_RTL) $(SCORD_APPS_RUNNER_RTL)
TESTS += det/scord
DET_SCORD_ENV := $(if $(LONG),DET_SCORD_SEEDS=8 \
                   DET_SCORD_APPS="$$($(SCORD_APPS_RUNNER_RTL) --apps | sed s/\ .*// | xargs)",\
                   DET_SCORD_SEEDS=3 DET_SCORD_APPS=)
TEST_CMD.det/scord := env $(DET_SCORD_ENV) tb/det/test_det_scord.sh $(RT_CLI) build/det/racey.elf \
                      $(SCORD_MICRO_RTL) $(SCORD_APPS_RUNNER_RTL)

# Whole GPUs with a GPUDet mutant (a quick build each, `make test-long`): the
# determinism check must catch it -- the kernel's final memory differs from
# the golden model's in deterministic mode (tb/det/expect_det_mismatch.sh):
#   ZBUF_HIGH_SLOT_WINS        ww_zbuf commits in the wrong depth order
#                              (racey kernel)
#   DET_SM_RELEASED_WARP_RUNS  ww_det_sm lets a warp released from a ww.bar
#                              run on in the quantum that released it
#                              (barrier_pass: the block's stores are still
#                              buffered)
#   DET_SM_QRY_OTHER_WARP      ww_sm asks the next warp's Bloom filter for
#                              the lanes of a load (racey: a warp's load
#                              misses its own buffered store)
#   DET_WARP_LAUNCH_KEEPS_END  ww_det_warp keeps a DWP refill's warps in the
#                              ended state of the block that exited there:
#                              the new block starts only in the next quantum
#                              (racey with short blocks and --det-dwp)
DET_GPU_MUTANTS := ZBUF_HIGH_SLOT_WINS DET_SM_RELEASED_WARP_RUNS DET_SM_QRY_OTHER_WARP \
                   DET_WARP_LAUNCH_KEEPS_END
DET_MUT_RUN.ZBUF_HIGH_SLOT_WINS := build/det/racey.elf --grid 4 --block 32 --arg buf:16384 \
                                   --arg 4096 --arg 40
DET_MUT_RUN.DET_SM_QRY_OTHER_WARP := $(DET_MUT_RUN.ZBUF_HIGH_SLOT_WINS)
DET_MUT_RUN.DET_WARP_LAUNCH_KEEPS_END := build/det/racey.elf --grid 64 --block 8 --arg buf:16384 \
                                      --arg 4096 --arg 3 --det-dwp
DET_MUT_RUN.DET_SM_RELEASED_WARP_RUNS := build/det/barrier_pass.elf --grid 2 --block 16 \
                                         --arg buf:256 --arg buf:256 --arg 100 --quantum 50
define DET_GPU_MUTANT
$(VGPU_DIR)/mut_$(1)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/mut_$(1),$$@,$(gpu_RTL),WW_MUTANT_$(1),,quick)
$(VGPU_DIR)/mut_$(1)/warpwatch: private RT_CFLAGS += -DWW_BUILD_HOME='"$(CURDIR)"'
$(VGPU_DIR)/mut_$(1)/warpwatch: $(RT_CLI_SRC) $(RT_CLI_HDR) $(VGPU_BACKEND) $(VGPU_BACKEND_HDR) \
    $(RT_LIB) $(GPU_LIB) $(VGPU_DIR)/mut_$(1)/libwwvgpu.a $(RT_DEPS)
	gcc $$(RT_CFLAGS) $(VGPU_CFLAGS) -Isw/gsi -O2 $(RT_CLI_SRC) $(VGPU_BACKEND) \
	  $(RT_LIB) $(VGPU_DIR)/mut_$(1)/libwwvgpu.a $(GPU_LIB) $(RT_LDLIBS) $(VGPU_LDLIBS) -o $$@
ALL_TARGETS += $(if $(LONG),$(VGPU_DIR)/mut_$(1)/warpwatch)
TESTS += $(if $(LONG),det/mutant/$(1))
TEST_CMD.det/mutant/$(1) := tb/det/expect_det_mismatch.sh $(VGPU_DIR)/mut_$(1)/warpwatch \
                            $(DET_MUT_RUN.$(1))
endef
$(foreach m,$(DET_GPU_MUTANTS),$(eval $(call DET_GPU_MUTANT,$(m))))
