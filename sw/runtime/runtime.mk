# SPDX-License-Identifier: Apache-2.0
#
# runtime.mk -- the host runtime library and the warpwatch tool (included by
# the top Makefile).
#   RT_LIB        build/lib/libwwrt.a       the runtime (ww_runtime.h)
#   RT_CLI        build/bin/warpwatch       the command-line tool (cmodel + verilator + fpga)
#   RT_CLI_ASAN   build/bin/warpwatch-asan  the same, cmodel only, under ASan + UBSan (tests)
#   RT_TEST       build/runtime/test_runtime  API tests + ELF fuzzing (ASan + UBSan)
#   RT_EXAMPLE    build/runtime/host_example  docs/host_api.md's example (cmodel; -rtl: + verilator)
#   RT_GTKW       build/bin/ww-gtkw-disasm  GTKWave process filter of the --wave view
#                 (disassembles PCs and instruction words); built with RT_CLI
# Test kernels: sw/runtime/test/*.S -> build/runtime/kernels/*.elf
# Needs GPU_LIB (cmodel/gpu/gpu.mk) and libelf/libdw (scripts/install_deps.sh).

# The top Makefile defines `all` after the fragments: keep the default goal.
RT_SAVED_GOAL := $(.DEFAULT_GOAL)

GPU_LIB     ?= $(BUILD)/lib/libwwgpu.a
RT_LIB      := $(BUILD)/lib/libwwrt.a
RT_CLI      := $(BUILD)/bin/warpwatch
RT_CLI_ASAN := $(BUILD)/bin/warpwatch-asan
RT_TEST     := $(BUILD)/runtime/test_runtime
RT_GTKW     := $(BUILD)/bin/ww-gtkw-disasm

RT_SRC   := $(wildcard sw/runtime/*.c)
RT_DEPS  := $(wildcard sw/runtime/*.h) cmodel/gpu/ww_gpu.h cmodel/isa/ww_isa.h \
            cmodel/include/ww_config.h cmodel/include/ww_isa.def sw/runtime/runtime.mk cmodel/include/ww_proto.h
RT_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -g -Wall -Wextra -Werror \
             -Isw/runtime $(CMODEL_INC)
RT_SAN    := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
RT_LDLIBS := -lelf -ldw -lm

RT_OBJ      := $(patsubst sw/runtime/%.c,$(BUILD)/runtime/obj/%.o,$(RT_SRC))
RT_OBJ_ASAN := $(patsubst sw/runtime/%.c,$(BUILD)/runtime/asan/%.o,$(RT_SRC))

$(BUILD)/runtime/obj/%.o: sw/runtime/%.c $(RT_DEPS) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) -O2 -c $< -o $@

$(BUILD)/runtime/asan/%.o: sw/runtime/%.c $(RT_DEPS) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) $(RT_SAN) -c $< -o $@

$(RT_LIB): $(RT_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# The tool has both backends: the golden model and the Verilated GPU
# (sw/sim/sim.mk builds build/lib/libwwvgpu.a; the backend is linked as an
# object because the runtime refers to it weakly).
# RT_CLI_SRC: the tool and its stall report/plot module (sw/gsi/ww_stalls.c).
RT_CLI_SRC := sw/tools/warpwatch.c sw/gsi/ww_stalls.c
RT_CLI_HDR := sw/gsi/ww_stalls.h
# `warpwatch cc` and `warpwatch cflags` (sw/tools/ww_cc.c) read sw/kernel_flags.mk
# of the tree they find; the tree the tool is built in is their last resort.
RT_CLI_SRC += sw/tools/ww_cc.c
RT_CLI_HDR += sw/tools/ww_cc.h
# The ScoRD race report (both accessors, regions, summary, --save).
RT_CLI_SRC += sw/tools/ww_races.c
RT_CLI_HDR += sw/tools/ww_races.h
# `warpwatch run --config` (sw/tools/ww_cfgopt.c): builds and runs
# build/config/NAME/warpwatch (sw/runtime/config.mk).
RT_CLI_SRC += sw/tools/ww_cfgopt.c
RT_CLI_HDR += sw/tools/ww_cfgopt.h
$(RT_CLI) $(RT_CLI_ASAN): private RT_CFLAGS += -DWW_BUILD_HOME='"$(CURDIR)"'
# The fpga backend (sw/fpga/fpga.mk: the UART host link; no Verilator in it)
# is linked in too; `--port sim` runs build/bin/ww-fpga-sim found beside the tool.
$(RT_CLI): $(RT_CLI_SRC) $(RT_CLI_HDR) $(VGPU_BACKEND) $(VGPU_BACKEND_HDR) $(RT_LIB) $(GPU_LIB) \
           $(VGPU_LIB) $(RT_DEPS) $(FPGA_BACKEND) $(FPGA_BACKEND_HDR)
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) $(VGPU_CFLAGS) -Isw/gsi -Isw/fpga -O2 $(RT_CLI_SRC) $(VGPU_BACKEND) $(FPGA_BACKEND) \
	  $(RT_LIB) $(VGPU_LIB) $(GPU_LIB) $(RT_LDLIBS) $(VGPU_LDLIBS) -o $@

# The --wave view runs the disassembler found beside the tool.
$(RT_GTKW): sw/tools/ww_gtkw_disasm.c $(RT_LIB) $(GPU_LIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) -O2 $< $(RT_LIB) $(GPU_LIB) $(RT_LDLIBS) -o $@
$(RT_CLI): | $(RT_GTKW)

$(RT_CLI_ASAN): $(RT_CLI_SRC) $(RT_CLI_HDR) $(RT_OBJ_ASAN) $(GPU_LIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) $(RT_SAN) -Isw/gsi $(RT_CLI_SRC) $(RT_OBJ_ASAN) $(GPU_LIB) $(RT_LDLIBS) -o $@

# GPU variants for sweeps (make bench-gsi): build/variants/<v>/warpwatch is
# the tool linked to a GPU built with RT_VARIANT_DEFS.<v> (the tool is
# compiled with them too, so --json names its configuration; one Verilator
# build each, made on demand, not by make test).
RT_VARIANTS := mshr1 mshr2 mshr4 mshr8
RT_VARIANT_DEFS.mshr1 := WW_L1_MSHRS=1
RT_VARIANT_DEFS.mshr2 := WW_L1_MSHRS=2
RT_VARIANT_DEFS.mshr4 := WW_L1_MSHRS=4
RT_VARIANT_DEFS.mshr8 := WW_L1_MSHRS=8
define RT_VARIANT
$(BUILD)/variants/$(1)/libwwvgpu.a: $$(gpu_RTL) $$(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(BUILD)/variants/$(1),$$@,$$(gpu_RTL),$$(VGPU_DEFS) $(RT_VARIANT_DEFS.$(1)))
$(BUILD)/variants/$(1)/warpwatch: $(RT_CLI_SRC) $(RT_CLI_HDR) $(VGPU_BACKEND) \
    $(RT_LIB) $(GPU_LIB) $(BUILD)/variants/$(1)/libwwvgpu.a $(RT_DEPS)
	gcc $(RT_CFLAGS) $(addprefix -D,$(RT_VARIANT_DEFS.$(1))) $$(VGPU_CFLAGS) -Isw/gsi -O2 \
	  $(RT_CLI_SRC) $(VGPU_BACKEND) \
	  $(RT_LIB) $(BUILD)/variants/$(1)/libwwvgpu.a $(GPU_LIB) $(RT_LDLIBS) $$(VGPU_LDLIBS) -o $$@
endef
$(foreach v,$(RT_VARIANTS),$(eval $(call RT_VARIANT,$(v))))

$(RT_TEST): sw/runtime/test/test_runtime.c $(RT_OBJ_ASAN) $(GPU_LIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) $(RT_SAN) $< $(RT_OBJ_ASAN) $(GPU_LIB) $(RT_LDLIBS) -o $@

# The per-word access table behind the race report (ww_lastacc.c).
RT_TEST_LASTACC := $(BUILD)/runtime/test_lastacc
$(RT_TEST_LASTACC): sw/runtime/test/test_lastacc.c $(RT_OBJ_ASAN) $(GPU_LIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) $(RT_SAN) $< $(RT_OBJ_ASAN) $(GPU_LIB) $(RT_LDLIBS) -o $@

# The host API example (docs/host_api.md shows it verbatim and gives these
# link lines): on the runtime alone (cmodel), and with the verilator backend.
RT_EXAMPLE     := $(BUILD)/runtime/host_example
RT_EXAMPLE_RTL := $(BUILD)/runtime/host_example-rtl
$(RT_EXAMPLE): sw/runtime/examples/host_example.c $(RT_LIB) $(GPU_LIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/runtime $(CMODEL_INC) $< \
	  $(RT_LIB) $(GPU_LIB) $(RT_LDLIBS) -o $@

$(RT_EXAMPLE_RTL): sw/runtime/examples/host_example.c $(VGPU_BACKEND) $(RT_LIB) \
                   $(GPU_LIB) $(VGPU_LIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/runtime $(VGPU_CFLAGS) $< \
	  $(VGPU_BACKEND) $(RT_LIB) $(VGPU_LIB) $(GPU_LIB) $(RT_LDLIBS) $(VGPU_LDLIBS) -o $@

# ---- test kernels: hand-written .S, clang + ld.lld, linked at CODE_BASE ----
RT_KDIR    := $(BUILD)/runtime/kernels
# (compiler, linker and target flags from sw/kernel_flags.mk, included by sw.mk)
RT_KCC     := $(WW_KERNEL_CC) $(WW_KERNEL_TARGET) -g -Icmodel/include
RT_KLD     := $(WW_KERNEL_LD) -T sw/runtime/test/kernel_test.ld
RT_KERNELS := $(patsubst sw/runtime/test/%.S,$(RT_KDIR)/%.elf,$(wildcard sw/runtime/test/*.S)) \
              $(patsubst sw/runtime/test/%.c,$(RT_KDIR)/%.elf,$(filter-out %/test_runtime.c %/test_lastacc.c,$(wildcard sw/runtime/test/*.c))) \
              $(RT_KDIR)/in_null_guard.elf $(RT_KDIR)/beyond_memory.elf \
              $(RT_KDIR)/store_tid.o

$(RT_KDIR)/%.o: sw/runtime/test/%.S cmodel/include/ww_config.h sw/kernel_flags.mk | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(RT_KCC) -c $< -o $@

$(RT_KDIR)/%.o: sw/runtime/test/%.c sw/runtime/test/kstart.h | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(RT_KCC) -O1 -ffreestanding -fno-builtin -Wall -Wextra -Werror -c $< -o $@

$(RT_KDIR)/%.elf: $(RT_KDIR)/%.o sw/runtime/test/kernel_test.ld
	$(RT_KLD) $< -o $@

# imem_over.S is imem_full.S (code exactly WW_IMEM_BYTES) plus one byte.
$(RT_KDIR)/imem_over.o: sw/runtime/test/imem_full.S

# store_tid.o itself is a test input (a RISC-V ELF that is not ET_EXEC).
.SECONDARY: $(patsubst %.elf,%.o,$(RT_KERNELS))

# The same code linked into the null guard and above global memory.
$(RT_KDIR)/in_null_guard.elf: $(RT_KDIR)/store_tid.o sw/runtime/test/kernel_test.ld
	$(RT_KLD) --defsym=WW_TEXT_BASE=0x1000 $< -o $@

$(RT_KDIR)/beyond_memory.elf: $(RT_KDIR)/store_tid.o sw/runtime/test/kernel_test.ld
	$(RT_KLD) --defsym=WW_TEXT_BASE=0x2000000 $< -o $@

# ---- race-report test kernels (sw/runtime/test/races/*.c): built as the
# kernel suite is (sw/sw.mk: warpwatch.h, crt0, kernel.ld), kept out of the suite
RT_RACE_KDIR    := $(BUILD)/runtime/races
RT_RACE_KERNELS := $(patsubst sw/runtime/test/races/%.c,$(RT_RACE_KDIR)/%.elf,$(wildcard sw/runtime/test/races/*.c))

$(RT_RACE_KDIR)/%.o: sw/runtime/test/races/%.c $(SW_KDEPS) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(SW_CC) $(SW_CFLAGS) -c $< -o $@

$(RT_RACE_KDIR)/%.elf: $(RT_RACE_KDIR)/%.o build/kernels/obj/crt0.o sw/link/kernel.ld sw/link/ww_config.ld
	$(SW_LD) $(SW_LDFLAGS) build/kernels/obj/crt0.o $< -o $@

.SECONDARY: $(patsubst %.elf,%.o,$(RT_RACE_KERNELS))

.PHONY: runtime
runtime: $(RT_LIB) $(RT_CLI) $(RT_CLI_ASAN) $(RT_TEST) $(RT_TEST_LASTACC) $(RT_KERNELS) $(RT_RACE_KERNELS) \
         $(RT_EXAMPLE) $(RT_EXAMPLE_RTL) $(RT_GTKW)
all: runtime

.DEFAULT_GOAL := $(RT_SAVED_GOAL)

# build/config/NAME/warpwatch: whole-GPU configurations (warpwatch run --config)
include sw/runtime/config.mk

ALL_TARGETS += $(RT_LIB) $(RT_CLI) $(RT_CLI_ASAN) $(RT_TEST) $(RT_TEST_LASTACC) $(RT_KERNELS) \
               $(RT_RACE_KERNELS) $(RT_EXAMPLE) $(RT_EXAMPLE_RTL) $(RT_GTKW)
TESTS += runtime/api runtime/cli runtime/run-tool runtime/lastacc runtime/races
TEST_CMD.runtime/api := $(RT_TEST)
TEST_CMD.runtime/cli := sw/runtime/test/test_cli.sh
TEST_CMD.runtime/run-tool := sw/runtime/test/test_run_tool.sh
TEST_CMD.runtime/lastacc := $(RT_TEST_LASTACC)
TEST_CMD.runtime/races := sw/runtime/test/races/test_races.sh
# --trace-json on both backends, validated against the runs' --json stats
TESTS += runtime/trace-json
TEST_CMD.runtime/trace-json := sw/runtime/test/test_trace_json.sh $(RT_CLI_ASAN) $(RT_CLI) $(BUILD)/kernels $(RT_KDIR)
# the host API example on both backends, and docs/host_api.md still showing it verbatim
TESTS += runtime/host-example
TEST_CMD.runtime/host-example := sw/runtime/test/test_host_example.sh $(RT_EXAMPLE) $(RT_EXAMPLE_RTL) $(BUILD)/kernels
# `warpwatch run --wave`: the FST's time, the .gtkw's start, groups, filters
TESTS += runtime/wave-view
TEST_CMD.runtime/wave-view := sw/runtime/test/test_wave.sh $(RT_CLI) $(BUILD)/kernels/vecadd.elf
