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
#                      equal to the model's). `make test-long`: 20 seeds and
#                      the whole suite on four seeds.

ALL_TARGETS += $(DET_KERNEL_ELFS) $(SW_TEST_BIN) $(RT_CLI) $(SWT_RTL) build/kernels/tx_doomed.elf
TESTS += det/suite-cmodel det/racey-cmodel det/rtl
TEST_CMD.det/suite-cmodel := $(SW_TEST_BIN) --det --seeds=0,1,2,3,4,5
TEST_CMD.det/racey-cmodel := tb/det/test_det_cmodel.sh $(RT_CLI) build/det/racey.elf
DET_RTL_ENV := $(if $(LONG),DET_RTL_SEEDS=20 DET_RTL_SUITE_SEEDS=1$(comma)2$(comma)3$(comma)4 \
                 DET_RTL_GROUPS="$$($(SWT_RTL) --list | cut -d' ' -f1 | tr '\n' ' ')",DET_RTL_SUITE_SEEDS=1)
TEST_CMD.det/rtl := env $(DET_RTL_ENV) tb/det/test_det_rtl.sh $(RT_CLI) build/det/racey.elf $(SWT_RTL)
