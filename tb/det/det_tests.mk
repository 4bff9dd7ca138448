# SPDX-License-Identifier: Apache-2.0
#
# tb/det/det_tests.mk -- GPUDet's checks (issue 15; docs/det.md), included
# by the top Makefile after sw/det/det.mk. The golden model's deterministic
# mode (the RTL's blocks are not built yet):
#   det/suite-cmodel   every kernel-suite group with --det under six
#                      interleaving seeds, against the host references
#   det/racey-cmodel   the GPU-Racey-style kernel: signatures differ without
#                      --det, one with it (three quanta); the CLI's report
#                      and its refusals (tb/det/test_det_cmodel.sh)

ALL_TARGETS += $(DET_KERNEL_ELFS) $(SW_TEST_BIN) $(RT_CLI)
TESTS += det/suite-cmodel det/racey-cmodel
TEST_CMD.det/suite-cmodel := $(SW_TEST_BIN) --det --seeds=0,1,2,3,4,5
TEST_CMD.det/racey-cmodel := tb/det/test_det_cmodel.sh $(RT_CLI) build/det/racey.elf
