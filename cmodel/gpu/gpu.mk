# SPDX-License-Identifier: Apache-2.0
#
# cmodel/gpu/gpu.mk -- the golden GPU model (docs/isa.md), included by the
# top-level Makefile ("Area fragments").
#   $(GPU_LIB)     build/lib/libwwgpu.a: every cmodel/gpu/*.c and the ISA library cmodel/isa, -O2, no sanitizers.
#                  Link it with $(GPU_CFLAGS) (CMODEL_INC: ww_gpu.h, ww_isa.h).
#   test_gpu       cmodel/gpu/test/test_gpu.c + the model sources (and the C model
#                  of the RTL's log unit, cmodel/tm/ww_tm_txlog.c), ASan/UBSan,
#                  running the test kernels cmodel/gpu/test/*.S (clang + lld).
#   test_gpu_bench the same driver, -DTEST_GPU_BENCH, linked against $(GPU_LIB):
#                  only the speed measurement.

# The top Makefile defines `all` after the fragments: keep it the default goal.
GPU_SAVED_GOAL := $(.DEFAULT_GOAL)

GPU_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror $(CMODEL_INC)
GPU_LIB    := $(BUILD)/lib/libwwgpu.a

GPU_SRC    := $(wildcard cmodel/gpu/*.c) cmodel/isa/ww_isa.c
GPU_HDR    := $(wildcard cmodel/gpu/*.h) cmodel/isa/ww_isa.h cmodel/include/ww_isa.def cmodel/include/ww_config.h \
              cmodel/include/ww_rng.h cmodel/include/ww_util.h cmodel/include/ww_proto.h cmodel/tm/ww_tm_log.h
GPU_OBJ    := $(patsubst cmodel/%.c,$(BUILD)/gpu/obj/%.o,$(GPU_SRC))

$(BUILD)/gpu/obj/%.o: cmodel/%.c $(GPU_HDR)
	@mkdir -p $(@D)
	gcc $(GPU_CFLAGS) -c $< -o $@

$(GPU_LIB): $(GPU_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# ---- tests ----------------------------------------------------------------
GPU_TEST_DIR  := $(BUILD)/gpu-test
GPU_TEST_S    := $(wildcard cmodel/gpu/test/*.S)
GPU_TEST_PROG := $(foreach s,$(GPU_TEST_S),$(GPU_TEST_DIR)/$(basename $(notdir $(s))).bin \
                                           $(GPU_TEST_DIR)/$(basename $(notdir $(s))).sym)
GPU_TEST_SAN  := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
                 -fno-sanitize-recover=all $(CMODEL_INC)

$(GPU_TEST_DIR)/%.o: cmodel/gpu/test/%.S cmodel/gpu/test/ww_test.inc
	@mkdir -p $(@D)
	clang --target=riscv32-unknown-elf -march=rv32im -mabi=ilp32 -Icmodel/gpu/test -c $< -o $@

$(GPU_TEST_DIR)/%.elf: $(GPU_TEST_DIR)/%.o
	ld.lld -m elf32lriscv -Ttext=0x10000 --no-relax $< -o $@

$(GPU_TEST_DIR)/%.bin: $(GPU_TEST_DIR)/%.elf
	llvm-objcopy -O binary $< $@

$(GPU_TEST_DIR)/%.sym: $(GPU_TEST_DIR)/%.elf
	llvm-nm $< > $@

# the tests replay transactions through the C model of the RTL's log unit
GPU_TEST_TM := cmodel/tm/ww_tm_txlog.c cmodel/common/ww_h3.c
GPU_TEST_TM_HDR := cmodel/tm/ww_tm_txlog.h cmodel/tm/ww_tm_txlog.ports.def cmodel/common/ww_h3.h

$(GPU_TEST_DIR)/test_gpu: cmodel/gpu/test/test_gpu.c $(GPU_SRC) $(GPU_HDR) $(GPU_TEST_TM) $(GPU_TEST_TM_HDR) | $(GPU_TEST_PROG)
	@mkdir -p $(@D)
	gcc $(GPU_TEST_SAN) cmodel/gpu/test/test_gpu.c $(GPU_SRC) $(GPU_TEST_TM) -o $@

$(GPU_TEST_DIR)/test_gpu_bench: cmodel/gpu/test/test_gpu.c $(GPU_LIB) $(GPU_TEST_TM) $(GPU_TEST_TM_HDR) | $(GPU_TEST_PROG)
	@mkdir -p $(@D)
	gcc $(GPU_CFLAGS) -DTEST_GPU_BENCH cmodel/gpu/test/test_gpu.c $(GPU_TEST_TM) $(GPU_LIB) -o $@

.PRECIOUS: $(GPU_TEST_DIR)/%.o $(GPU_TEST_DIR)/%.elf

ALL_TARGETS += $(GPU_LIB) $(GPU_TEST_PROG) $(GPU_TEST_DIR)/test_gpu $(GPU_TEST_DIR)/test_gpu_bench
TESTS += gpu/model gpu/speed
TEST_CMD.gpu/model := $(GPU_TEST_DIR)/test_gpu
TEST_CMD.gpu/speed := $(GPU_TEST_DIR)/test_gpu_bench

.DEFAULT_GOAL := $(GPU_SAVED_GOAL)
