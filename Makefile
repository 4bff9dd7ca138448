# SPDX-License-Identifier: Apache-2.0
#
# Warpwatch top-level Makefile.
#   make run        the main job: kernels on the C model and on the RTL GPU, a race report, a stall plot
#   make demo-lockstep  every block against its C model in lockstep, with its mutants
#   make test       every check; ends with "N passed, N failed"
#   make test-long  the same with 10x the random cycles and more seeds (LONG=1),
#                   and synthesis of every block (make test lints them: Yosys reads them)
#   make lint       Verilator -Wall, Icarus -g2005 and Yosys on every RTL file
#   make synth      Yosys area per block -> table + build/reports/synth.json
#   make bench      measured speeds -> table + build/reports/bench.json
#   make bench-gsi  GSI case studies (UTS, MSHR sweep) -> plots + build/reports/gsi.json
#   make bench-scord  ScoRD races found, false positives, overhead -> table + build/reports/scord.json
#   make bench-det  GPUDet: determinism under RTL timing seeds, slowdown, quantum sweep -> build/reports/det.json
#   make bench-drf  DRF tester: L1/L2 transition coverage vs the kernel suite, speed-up, bugs -> build/reports/drf.json
#   make coverage   RTL line/toggle coverage of the GPU -> table + build/reports/coverage.json
#   make systemc    the SystemC model (TLM-2.0 DRAM, host driver) runs suite kernels, checked
#   make waves BLOCK=b [SEED=n]   FST + GTKWave view of one lockstep run
#   make gen        regenerate the config include/header from ww_config.def
# Every target first runs scripts/install_deps.sh (idempotent, quiet when done).

SHELL  := /bin/bash
BUILD  := build
comma  := ,
empty  :=
space  := $(empty) $(empty)
CYCLES ?= 100000
# A mutant run stops at its first mismatch, so its budget costs nothing when caught.
MUTANT_CYCLES ?= 1000000
SEED   ?=

# The registries: RTL file lists beside the RTL (rtl/<area>/rtl.mk, sorted so
# rtl/top comes after the areas it assembles), the lockstep registry in tb/
# (tb/blocks.mk -> tb/<area>/blocks.mk), the C models' include path and
# library (cmodel/cmodel.mk).
RTL_MODULES :=
include $(sort $(wildcard rtl/*/rtl.mk))
include tb/blocks.mk
include cmodel/cmodel.mk

# Area fragments add build targets and checks. Each appends
#   ALL_TARGETS  files `make test` must build first
#   TESTS        check names (no spaces), each with its command in
#                TEST_CMD.<name> (may hold spaces; must exit 0 to pass)
# Order: what a fragment names in a prerequisite list must be defined by then
# (golden model, kernel toolchain, simulator glue, runtime, then the checks).
ALL_TARGETS :=
TESTS :=
include cmodel/gpu/gpu.mk sw/sw.mk sw/sim/sim.mk sw/fpga/fpga.mk sw/runtime/runtime.mk sw/randprog/randprog.mk \
        $(wildcard sw/scord/*.mk sw/gsi/*.mk sw/tm/*.mk sw/det/*.mk sw/drf/*.mk) tb/gpu/gpu_tb.mk tb/gpu/cosim.mk \
        $(filter-out %/blocks.mk,$(wildcard tb/scord/*.mk tb/gsi/*.mk tb/tm/*.mk tb/det/*.mk tb/drf/*.mk)) \
        tb/fpga/fpga_tests.mk systemc/systemc.mk fpga/fpga.mk
include tb/coverage/coverage.mk

CONFIG_DEF := cmodel/include/ww_config.def
CONFIG_VH  := rtl/include/ww_config.vh
CONFIG_H   := cmodel/include/ww_config.h
CONFIG_LD  := sw/link/ww_config.ld
ISA_DEF    := cmodel/include/ww_isa.def
ISA_VH     := rtl/include/ww_isa.vh
DEPS_STAMP := $(BUILD)/.deps-ok

LOCKSTEP_SRC := tb/lockstep/ww_lockstep.c tb/lockstep/ww_lockstep.h \
                tb/lockstep/ww_lockstep_ports.h tb/lockstep/ww_lockstep_dut.cpp \
                tb/lockstep/build.sh tb/lockstep/opt.mk $(wildcard rtl/include/*.vh) $(CMODEL_HDR)

.PHONY: all deps gen run demo-lockstep test test-long lint synth bench bench-gsi bench-scord bench-tm bench-det bench-drf waves clean lockstep ctests FORCE

all: lockstep ctests

deps: $(DEPS_STAMP)
$(DEPS_STAMP): scripts/install_deps.sh
	@scripts/install_deps.sh
	@mkdir -p $(@D) && touch $@

# ---- configuration: one source, two generated files --------------------
$(BUILD)/bin/ww_gen_config: cmodel/tools/ww_gen_config.c $(CONFIG_DEF)
	@mkdir -p $(@D)
	gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include $< -o $@

$(BUILD)/bin/ww_gen_isa: cmodel/tools/ww_gen_isa.c $(ISA_DEF)
	@mkdir -p $(@D)
	gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include $< -o $@

gen: $(BUILD)/bin/ww_gen_config $(BUILD)/bin/ww_gen_isa
	@mkdir -p $(dir $(CONFIG_LD))
	$(BUILD)/bin/ww_gen_config $(CONFIG_VH) $(CONFIG_H) $(CONFIG_LD)
	$(BUILD)/bin/ww_gen_isa $(ISA_VH)
	gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include cmodel/tools/ww_gen_proto.c -o $(BUILD)/bin/ww_gen_proto && $(BUILD)/bin/ww_gen_proto rtl/include/ww_proto.vh cmodel/include/ww_proto.h

# ---- lockstep binaries: per block a default build, parameter points, mutants
# Verilator's runtime objects, compiled once and copied into every build
VLRT := $(BUILD)/lockstep/.vlrt/verilated.o
$(VLRT): tb/lockstep/build.sh tb/lockstep/opt.mk | $(DEPS_STAMP)
	@tb/lockstep/build.sh --runtime $(@D)

# $(1) block  $(2) variant  $(3) defines (space separated)
# A variant rebuilds when its defines change: .defs is rewritten only then.
define LOCKSTEP_BIN
$(BUILD)/lockstep/$(1)/$(2)/.defs: FORCE
	@mkdir -p $$(@D)
	@echo "$(3)" | cmp -s - $$@ || echo "$(3)" > $$@
$(BUILD)/lockstep/$(1)/$(2)/lockstep: $$($(1)_RTL) $$($(1)_C) $$($(1)_LOCKSTEP) $$(LOCKSTEP_SRC) \
    $(BUILD)/lockstep/$(1)/$(2)/.defs $(VLRT) | $(DEPS_STAMP)
	@tb/lockstep/build.sh $(BUILD)/lockstep/$(1)/$(2) $$($(1)_TOP) "$(3)" "$$($(1)_RTL)" \
	  "$$($(1)_C) $$($(1)_LOCKSTEP)" "$$(CMODEL_INC)"
LOCKSTEP_BINS += $(BUILD)/lockstep/$(1)/$(2)/lockstep
endef
point_name = $(word 1,$(subst :, ,$(1)))
point_defs = $(subst $(comma), ,$(word 2,$(subst :, ,$(1))))
$(foreach b,$(BLOCKS),$(eval $(call LOCKSTEP_BIN,$(b),default,)))
$(foreach b,$(BLOCKS),$(foreach p,$($(b)_POINTS),\
  $(eval $(call LOCKSTEP_BIN,$(b),$(call point_name,$(p)),$(call point_defs,$(p))))))
# a mutant X@P is built at point P's defines (a mutation only a non-default
# configuration can show)
mutant_defs = WW_MUTANT_$(word 1,$(subst @, ,$(2))) \
  $(if $(word 2,$(subst @, ,$(2))),$(call point_defs,$(filter $(word 2,$(subst @, ,$(2))):%,$($(1)_POINTS))))
$(foreach b,$(BLOCKS),$(foreach m,$($(b)_MUTANTS),\
  $(eval $(call LOCKSTEP_BIN,$(b),mut_$(m),$(call mutant_defs,$(b),$(m))))))

lockstep: $(LOCKSTEP_BINS)

# ---- C model property tests: cmodel/cmodel.mk (CTESTS) ------------------
ctests: $(CTESTS)

# ---- the test list: NAME|EXPECT|COMMAND (EXPECT: pass, or mismatch for mutants;
# pass,alone: run by itself after the others, which run two at a time; a
# TESTS entry's is TEST_EXPECT.<name>, default pass)
$(BUILD)/tests.list: FORCE
	@mkdir -p $(@D)
	@{ echo "config-drift|pass|scripts/check_config.sh"; \
	   echo "isa-drift|pass|scripts/check_isa.sh"; \
	   echo "deps|pass|scripts/check_deps"; \
	   echo "deps/catches-back-edges|pass|scripts/test_check_deps.sh"; \
	   echo "proto-drift|pass|scripts/check_proto.sh"; \
	   echo "proto-drift/catches-literal|pass|scripts/test_check_proto.sh"; \
	   echo "bench/roofline|pass|scripts/test_bench_roofline.sh"; \
	   $(foreach t,$(CTESTS),echo "cmodel/$(notdir $(t))|pass|$(t)";) \
	   $(foreach b,$(BLOCKS),echo "lockstep/$(b)|pass|$(BUILD)/lockstep/$(b)/default/lockstep --cycles $(CYCLES) --quiet --strict $(if $(SEED),--seed $(SEED))";) \
	   $(foreach b,$(BLOCKS),$(foreach p,$($(b)_POINTS),echo "lockstep/$(b)@$(call point_name,$(p))|pass|$(BUILD)/lockstep/$(b)/$(call point_name,$(p))/lockstep --cycles $(CYCLES) --quiet --strict $(if $(SEED),--seed $(SEED))";)) \
	   $(foreach b,$(BLOCKS),$(foreach m,$($(b)_MUTANTS),echo "mutant/$(b)/$(m)|mismatch|$(BUILD)/lockstep/$(b)/mut_$(m)/lockstep --cycles $(MUTANT_CYCLES) --quiet --wave-dir $(BUILD)/waves/mutants/$(m) $(if $(SEED),--seed $(SEED))";)) \
	   echo "waves/view-matches-fst|pass|scripts/check_wave_view.sh $(BUILD)/lockstep/bloom_filter/default/lockstep"; \
	   $(foreach t,$(TESTS),echo '$(t)|$(or $(TEST_EXPECT.$(t)),pass)|$(TEST_CMD.$(t))';) \
	   echo "lint|pass,alone|$(MAKE) --no-print-directory lint"; \
	   $(if $(LONG),echo "synth|pass$(comma)alone|$(MAKE) --no-print-directory synth SYNTH_SKIP=gpu";) \
	   $(if $(LONG),echo "hostlink/board-config|pass$(comma)alone|$(MAKE) --no-print-directory fpga-gpu-check";) \
	   $(if $(LONG),echo "synth/no-stray-dsp|pass$(comma)alone|scripts/check_synth.sh $(foreach m,$(RTL_MODULES),$(if $(filter 1,$($(m)_DSP)),$(m)))";) \
	} > $@

# The wall time of the build and the checks is printed before the summary.
test: $(DEPS_STAMP) $(BUILD)/tests.list
	@t0=$$(date +%s); \
	$(MAKE) --no-print-directory -j2 lockstep ctests $(ALL_TARGETS) && \
	WW_TEST_T0=$$t0 scripts/run_tests.sh $(BUILD)/tests.list

test-long:
	@$(MAKE) --no-print-directory test CYCLES=$$(( $(CYCLES) * 10 )) LONG=1

# ---- the main job ------------------------------------------------------
# The GPU, the CLI and a few kernels; the wall time (build + demo, after the
# dependencies) is printed at the end.
RUN_KERNELS := scoped_race alu_loop vecadd message_passing uts_central
run: $(DEPS_STAMP)
	@t0=$$(date +%s); \
	$(MAKE) --no-print-directory -j2 build/bin/warpwatch $(RUN_KERNELS:%=build/kernels/%.elf) && \
	WW_RUN_T0=$$t0 scripts/demo.sh

# Every block against its C model in lockstep, with its mutants (a table).
demo-lockstep: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 lockstep ctests
	@scripts/demo_lockstep.sh $(BLOCKS)

bench: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 build/gpu-test/test_gpu_bench build/bin/warpwatch build/kernels/matmul.elf \
	  build/kernels/alu_loop.elf build/vgpu/dram_peak build/kernels/pchase.elf build/kernels/stream.elf \
	  build/kernels/vecadd.elf
	@scripts/bench.sh

# GSI case studies (docs/gsi.md): UTS centralized vs decentralized, MSHR sweep
bench-gsi: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 build/bin/warpwatch build/bin/ww_stallplot \
	  build/kernels/uts_central.elf build/kernels/uts_decentral.elf build/kernels/stream.elf \
	  $(foreach v,$(RT_VARIANTS),$(BUILD)/variants/$(v)/warpwatch)
	@scripts/bench_gsi.sh

# ScoRD evaluation (docs/scord.md "Measured"): Table VI, false positives, overhead
bench-scord: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 build/scord/micro_tests_rtl build/scord/apps/app_tests_rtl \
	  build/bin/warpwatch $(SCORD_MICRO_ELFS) $(SCORD_APPS_ELFS) build/kernels/vecadd.elf \
	  build/kernels/saxpy.elf build/kernels/matmul.elf build/kernels/reduction.elf build/kernels/alu_loop.elf
	@scripts/bench_scord.sh

# KILO TM (docs/tm.md sec. 6): transactions vs fine-grained locks vs one
# global lock on the RTL, the concurrency-limit and LWH-size sweeps
bench-tm: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 $(TM_APPS_RUNNER_RTL) $(TM_APPS_ELFS) $(TM_BENCH_RUNNERS)
	@scripts/bench_tm.sh

# GPUDet (docs/det.md sec. 5): the racey kernel under RTL timing seeds,
# suite kernels with and without deterministic mode, the quantum sweep
bench-det: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 $(RT_CLI) $(SWT_RTL) $(DET_KERNEL_ELFS) $(SW_ELFS)
	@scripts/bench_det.sh

# the DRF tester (docs/drf.md sec. 4): coverage vs the kernel suite, speed,
# injected bugs, heat maps
bench-drf: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 $(DRF_RUNS) $(SWT_RTL) $(SW_ELFS)
	@scripts/bench_drf.sh

waves: $(DEPS_STAMP) lockstep
	@test -n "$(BLOCK)" || { echo "usage: make waves BLOCK=<$(BLOCKS)> [SEED=n]" >&2; exit 2; }
	@mkdir -p $(BUILD)/waves
	$(BUILD)/lockstep/$(BLOCK)/default/lockstep --cycles 2000 --wave $(BUILD)/waves/$(BLOCK).fst $(if $(SEED),--seed $(SEED))

# ---- lint and synthesis (Yosys) ------------------------------------------
ALL_RTL := $(sort $(foreach m,$(RTL_MODULES),$($(m)_RTL)))

lint: $(DEPS_STAMP)
	@scripts/lint.sh $(foreach m,$(RTL_MODULES),$($(m)_TOP):$(subst $(space),$(comma),$(strip $($(m)_RTL))))

# SYNTH_SKIP: modules left out (make test leaves out the whole GPU: its two
# hierarchical flows take about 8 CPU-minutes; lint's Yosys pass still
# elaborates it, and `make synth` reports it)
SYNTH_SKIP ?=
synth: $(DEPS_STAMP)
	@synth/run_synth.sh $(foreach m,$(filter-out $(SYNTH_SKIP),$(RTL_MODULES)),$(if $(filter 1,$($(m)_SYNTH)),$(m):$($(m)_TOP):$(subst $(space),$(comma),$(strip $($(m)_RTL)))$(if $(filter 1,$($(m)_HIER)),:hier)))

clean:
	rm -rf $(BUILD)
