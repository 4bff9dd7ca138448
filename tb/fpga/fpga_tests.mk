# SPDX-License-Identifier: Apache-2.0
#
# tb/fpga/fpga_tests.mk -- tests of the UART host link and the fpga backend
# (docs/fpga.md sec. 5), included by the top Makefile after sw/fpga/fpga.mk:
#   hostlink/suite/<group>  kernel-suite groups (sw/tests) on --backend=fpga
#                           --port=sim: through the UART of the Verilated FPGA
#                           top, every output checked against its host reference
#   hostlink/sdram-suite/<group>
#                           the same with the top's global memory in SDRAM, on
#                           a model that checks JEDEC's rules
#   hostlink/cli            warpwatch run --backend fpga --port sim: printed
#                           outputs equal the cmodel backend's; a trap reported
#                           as on cmodel; the stall counters read; bad ports
#                           and refused options named
#   hostlink/faults         a link that flips a bit of one byte in 1000, or
#                           loses one in 5000: the backend retries and the
#                           groups still pass; a dead link: a clear message
#                           and a non-zero exit
#   hostlink/sdram          the board's SDRAM memory (three ports' grant and
#                           the controller) on a model checking JEDEC's
#                           rules, random requests against a reference
#                           (mutant/fpga_sdram/*: mutants, each caught)
#   hostlink/frames         the link's RTL (UART, CRC, parser, executor,
#                           framer, memory) against a C model of the protocol,
#                           random frames with damaged ones among them (seed
#                           printed, replay with --seed)
# (named hostlink/: fpga/ is a top-level folder's name to scripts/check_deps)

FPGA_TESTS_SAVED_GOAL := $(.DEFAULT_GOAL)

SWT_FPGA := $(BUILD)/tests/sw/sw_tests_fpga
$(SWT_FPGA): $(SW_TEST_SRC) $(wildcard sw/tests/*.h) $(FPGA_BACKEND) $(FPGA_BACKEND_HDR) \
             $(SW_RT_LIB) $(SW_GPU_LIB)
	@mkdir -p $(@D)
	gcc -std=c11 -D_DEFAULT_SOURCE -O2 -g -Wall -Wextra -Werror -Isw/tests -Isw/runtime -Isw/fpga \
	  $(CMODEL_INC) $(SW_TEST_SRC) $(FPGA_BACKEND) $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -lz -o $@

# the suite groups run through the link (each a fresh simulator); some also
# with the global memory in SDRAM (ww-fpga-sim-sdram, on the model that
# checks JEDEC's rules: a broken rule stops the simulator)
FPGA_SUITE := vecadd saxpy reduction atomics divergence matmul
FPGA_SDRAM_SUITE := vecadd atomics
ALL_TARGETS += $(SWT_FPGA)
TESTS += $(addprefix hostlink/suite/,$(FPGA_SUITE)) $(addprefix hostlink/sdram-suite/,$(FPGA_SDRAM_SUITE)) \
         hostlink/cli hostlink/faults
$(foreach g,$(FPGA_SUITE),$(eval TEST_CMD.hostlink/suite/$(g) := env WW_FPGA_SIM=$(FPGA_SIM) \
  $(SWT_FPGA) --backend=fpga --port=sim --seeds=0 --only=$(g)))
$(foreach g,$(FPGA_SDRAM_SUITE),$(eval TEST_CMD.hostlink/sdram-suite/$(g) := env WW_FPGA_SIM=$(FPGA_SIM_SDRAM) \
  $(SWT_FPGA) --backend=fpga --port=sim --seeds=0 --only=$(g)))
TEST_CMD.hostlink/cli    := tb/fpga/test_fpga_cli.sh $(RT_CLI) $(BUILD)/kernels $(RT_KDIR)
TEST_CMD.hostlink/faults := tb/fpga/test_fpga_faults.sh $(SWT_FPGA) $(RT_CLI) $(BUILD)/kernels

# the board's SDRAM memory (the ports' grant and the controller) on a model
# that checks JEDEC's rules, random requests from three ports at once against
# a host reference (Icarus; seeds 1..3; SEED=N replays one), and its
# mutants, each of which the bench must catch
SDRAM_MUTANTS := SDRAM_RCD_SHORT SDRAM_NO_REFRESH SDRAM_DQM_INVERTED SDRAM_EARLY_CAPTURE \
                 FPGA_SDRAM_RSP_TO_GRANT MEM_ARB_NO_HOLD
TESTS += hostlink/sdram
TEST_CMD.hostlink/sdram := tb/fpga/test_sdram.sh $(if $(SEED),--seed $(SEED))
$(foreach m,$(SDRAM_MUTANTS),$(eval TESTS += mutant/fpga_sdram/$(m)) \
  $(eval TEST_EXPECT.mutant/fpga_sdram/$(m) := mismatch) \
  $(eval TEST_CMD.mutant/fpga_sdram/$(m) := tb/fpga/test_sdram.sh --mutant $(m) --requests 200))

.DEFAULT_GOAL := $(FPGA_TESTS_SAVED_GOAL)

# the link's random-frame test: tb_hl_link verilated, the glue, the C harness
HL_TB_DIR := $(BUILD)/fpga/tb_hl_link
HL_TB     := $(HL_TB_DIR)/test_hl_link
HL_TB_RTL := tb/fpga/tb_hl_link.v $(HOSTLINK_RTL)
$(HL_TB): $(HL_TB_RTL) tb/fpga/tb_hl_link_glue.cpp tb/fpga/tb_hl_link_glue.h tb/fpga/test_hl_link.c \
          sw/fpga/ww_hl_link.c sw/fpga/ww_hl_link.h $(wildcard rtl/include/*.vh) | $(BUILD)/.deps-ok
	@mkdir -p $(HL_TB_DIR)
	@verilator --cc --x-assign unique --x-initial unique --top-module tb_hl_link -Irtl/include \
	  --Mdir $(HL_TB_DIR)/obj_dir $(HL_TB_RTL) > $(HL_TB_DIR)/verilator.log 2>&1 \
	  || { tail -40 $(HL_TB_DIR)/verilator.log >&2; exit 1; }
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -C $(HL_TB_DIR)/obj_dir -f Vtb_hl_link.mk \
	  OPT_FAST=-O2 OPT_SLOW=-O1 Vtb_hl_link__ALL.a verilated.o verilated_threads.o \
	  >> $(HL_TB_DIR)/verilator.log 2>&1 || { tail -40 $(HL_TB_DIR)/verilator.log >&2; exit 1; }
	g++ -std=c++17 -O2 -g -Wall -Wextra -Werror -isystem $(FPGA_VROOT)/include \
	  -isystem $(FPGA_VROOT)/include/vltstd -isystem $(HL_TB_DIR)/obj_dir -Itb/fpga \
	  -c tb/fpga/tb_hl_link_glue.cpp -o $(HL_TB_DIR)/glue.o
	gcc $(FPGA_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -Itb/fpga \
	  tb/fpga/test_hl_link.c sw/fpga/ww_hl_link.c $(HL_TB_DIR)/glue.o $(HL_TB_DIR)/obj_dir/Vtb_hl_link__ALL.a \
	  $(HL_TB_DIR)/obj_dir/verilated.o $(HL_TB_DIR)/obj_dir/verilated_threads.o -lstdc++ -lz -lm -pthread -o $@
ALL_TARGETS += $(HL_TB)
TESTS += hostlink/frames
TEST_CMD.hostlink/frames := $(HL_TB) --frames 400 $(if $(SEED),--seed $(SEED))
