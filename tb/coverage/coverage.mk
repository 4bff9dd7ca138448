# SPDX-License-Identifier: Apache-2.0
#
# tb/coverage/coverage.mk -- RTL code coverage of the whole GPU (issue 11,
# docs/coverage.md), included by the top Makefile ("Area fragments").
#   make coverage   the GPU verilated with line and toggle coverage, the RTL
#                   suite, random programs, the ScoRD runners and the directed
#                   kernels of tb/coverage/kernels/ run on it, the counts
#                   merged (verilator_coverage) and reported per module
#                   -> table + build/reports/coverage.json (+ lcov .info and
#                   annotated sources under build/coverage/)
#   COV_RANDPROG_N  random programs in the run (default 10)
#   COV_SUITE       suite groups in the run (default: all but isa-alu)
#   SEED=n          another random-program seed and one more suite seed
#   COV_ONLY=P      run only the steps whose name starts with P (suite/,
#                   directed, ...), merged with the other steps' last parts
# Not part of `make test`; the directed kernels are (test coverage/directed,
# tb/coverage/directed.sh, on the normal GPU build), and so is the report
# script's own check (coverage/report, tb/coverage/test_cov_report.sh).

COV_SAVED_GOAL := $(.DEFAULT_GOAL)

COV_DIR     := $(BUILD)/coverage
COV_VFLAGS  := --coverage-line --coverage-toggle
COV_VLIB    := $(COV_DIR)/vgpu/libwwvgpu.a
COV_CLI     := $(COV_DIR)/bin/warpwatch
COV_SWT     := $(COV_DIR)/bin/sw_tests_rtl
COV_MICRO   := $(COV_DIR)/bin/micro_tests_rtl
COV_APPS    := $(COV_DIR)/bin/app_tests_rtl
COV_RANDPROG_N ?= 10
# Suite groups of the run, slowest first. The coverage build runs ~30x slower
# than the normal one: isa-alu (90 s normal) is left out; the other groups,
# the random programs and the directed kernels reach its ALU and branch
# points (docs/coverage.md).
COV_SUITE ?= isa-mem matmul uts-central uts-decentral divergence isa-misc stream atomics \
             histogram spinlock reduction vecadd saxpy alu-loop scoped-race block-counter \
             assert message-passing

# directed kernels: tb/coverage/kernels/*.S -> build/coverage/kernels/*.elf,
# assembled like the runtime's test kernels (sw/runtime/runtime.mk)
COV_KDIR    := $(COV_DIR)/kernels
COV_KERNELS := $(patsubst tb/coverage/kernels/%.S,$(COV_KDIR)/%.elf,$(wildcard tb/coverage/kernels/*.S))

$(COV_KDIR)/%.o: tb/coverage/kernels/%.S tb/coverage/kernels/cov.inc | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(RT_KCC) -Icmodel/gpu/test -c $< -o $@
$(COV_KDIR)/%.elf: $(COV_KDIR)/%.o sw/runtime/test/kernel_test.ld
	$(RT_KLD) $< -o $@
.SECONDARY: $(patsubst %.elf,%.o,$(COV_KERNELS))

# the GPU with coverage counters, and the programs that drive it
# the flags and defines are part of the build: rebuild when they change
$(COV_DIR)/vgpu/.flags: FORCE
	@mkdir -p $(@D)
	@echo "$(COV_VFLAGS) $(VGPU_DEFS)" | cmp -s - $@ || echo "$(COV_VFLAGS) $(VGPU_DEFS)" > $@
$(COV_VLIB): $(gpu_RTL) $(VGPU_GLUE) $(COV_DIR)/vgpu/.flags | $(BUILD)/.deps-ok
	$(call VGPU_ARCHIVE,$(COV_DIR)/vgpu,$@,$(gpu_RTL),$(VGPU_DEFS),$(COV_VFLAGS))

$(COV_CLI): $(RT_CLI_SRC) $(RT_CLI_HDR) $(VGPU_BACKEND) $(RT_LIB) $(GPU_LIB) \
            $(COV_VLIB) $(RT_DEPS)
	@mkdir -p $(@D)
	gcc $(RT_CFLAGS) $(VGPU_CFLAGS) -Isw/gsi -O2 $(RT_CLI_SRC) $(VGPU_BACKEND) \
	  $(RT_LIB) $(COV_VLIB) $(GPU_LIB) $(RT_LDLIBS) $(VGPU_LDLIBS) -o $@

$(COV_SWT): $(SW_TEST_SRC) $(wildcard sw/tests/*.h) $(VGPU_BACKEND) \
            $(SW_RT_LIB) $(SW_GPU_LIB) $(COV_VLIB)
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $(SW_TEST_SRC) $(VGPU_BACKEND) $(SW_RT_LIB) \
	  $(COV_VLIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

$(COV_MICRO): tb/scord/micro_tests.c tb/scord/scord_harness.c tb/scord/scord_harness.h \
              $(VGPU_BACKEND) $(SW_RT_LIB) $(SW_GPU_LIB) $(COV_VLIB)
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $< tb/scord/scord_harness.c $(VGPU_BACKEND) $(SW_RT_LIB) \
	  $(COV_VLIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

$(COV_APPS): tb/scord/app_tests.c tb/scord/scord_harness.c tb/scord/scord_harness.h \
             $(VGPU_BACKEND) $(SW_RT_LIB) $(SW_GPU_LIB) $(COV_VLIB)
	@mkdir -p $(@D)
	gcc $(COSIM_CFLAGS) $< tb/scord/scord_harness.c $(VGPU_BACKEND) $(SW_RT_LIB) \
	  $(COV_VLIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

COV_BINS := $(COV_CLI) $(COV_SWT) $(COV_MICRO) $(COV_APPS)
COV_RT_TRAPS := $(addprefix $(RT_KDIR)/,trap_ebreak.elf trap_misaligned.elf trap_divergent.elf)
COV_INPUTS := $(COV_KERNELS) $(COV_RT_TRAPS) $(SW_ELFS) $(SCORD_MICRO_ELFS) $(SCORD_APPS_ELFS) \
              $(RP_GEN) $(RP_CRT0)

.PHONY: coverage coverage-build
coverage-build: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 $(COV_BINS) $(COV_INPUTS)

coverage: coverage-build
	@$(RP_ENV) COV_DIR=$(COV_DIR) COV_CLI=$(COV_CLI) COV_SWT=$(COV_SWT) COV_MICRO=$(COV_MICRO) \
	  COV_APPS=$(COV_APPS) COV_KDIR=$(COV_KDIR) COV_RANDPROG_N=$(COV_RANDPROG_N) \
	  COV_SUITE="$(COV_SUITE)" COV_FOLLOW="$(COSIM_FOLLOW)" \
	  tb/coverage/run_coverage.sh $(if $(SEED),--seed $(SEED)) $(if $(COV_ONLY),--only $(COV_ONLY))

# the directed kernels also check behaviour: they run in `make test` on the
# normal GPU build (build/bin/warpwatch)
ALL_TARGETS += $(COV_KERNELS)
TESTS += coverage/directed coverage/report
TEST_CMD.coverage/directed := tb/coverage/directed.sh $(RT_CLI) $(COV_KDIR) $(RT_KDIR)
# the report script on a small coverage file (counts, merging, exclusions, errors)
TEST_CMD.coverage/report := tb/coverage/test_cov_report.sh

.DEFAULT_GOAL := $(COV_SAVED_GOAL)
