# SPDX-License-Identifier: Apache-2.0
#
# tb/tm/app_tests.mk -- the runner of the KILO TM applications (the kernels
# that sw/tm/apps.mk builds; sw/tm/README.md), included by the top Makefile
# after it. tb/tm/tm_apps.c checks each application's invariant against a
# host reference after every run. Mode 0 (transactions) runs on both
# backends; on the RTL the co-simulated model applies every final outcome in
# commit-ID order and must reach it too (docs/tm.md sec. 5).
#
#   build/tm/apps/tm_apps       the golden model
#   build/tm/apps/tm_apps_rtl   the same runner with the RTL backend
#                               (--backend=verilator, co-simulated, sync mode)

TM_APPS_T_SAVED_GOAL := $(.DEFAULT_GOAL)

TM_APPS_RUNNER     := build/tm/apps/tm_apps
TM_APPS_RUNNER_RTL := build/tm/apps/tm_apps_rtl

$(TM_APPS_RUNNER): tb/tm/tm_apps.c sw/runtime/ww_runtime.h cmodel/include/ww_config.h \
                   cmodel/include/ww_rng.h $(SW_RT_LIB) $(SW_GPU_LIB) tb/tm/app_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc $(SW_HOST_CFLAGS) $< $(SW_RT_LIB) $(SW_GPU_LIB) -lelf -ldw -o $@

$(TM_APPS_RUNNER_RTL): tb/tm/tm_apps.c sw/runtime/ww_runtime.h cmodel/include/ww_config.h \
                       cmodel/include/ww_rng.h $(VGPU_BACKEND) $(VGPU_BACKEND_HDR) $(SW_RT_LIB) \
                       $(SW_GPU_LIB) $(VGPU_LIB) tb/tm/app_tests.mk | build/.deps-ok
	@mkdir -p $(@D)
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/runtime $(VGPU_CFLAGS) $< $(VGPU_BACKEND) \
	  $(SW_RT_LIB) $(VGPU_LIB) $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $@

.PHONY: tm-apps tm-apps-rtl
tm-apps: $(TM_APPS_ELFS) $(TM_APPS_RUNNER)
	$(TM_APPS_RUNNER)
tm-apps-rtl: $(TM_APPS_ELFS) $(TM_APPS_RUNNER_RTL)
	$(TM_APPS_RUNNER_RTL) --backend=verilator --modes=0,1,2 --seeds=0

ALL_TARGETS += $(TM_APPS_ELFS) $(TM_APPS_RUNNER) $(TM_APPS_RUNNER_RTL)

# The golden model: every application, modes 0, 1 and 2 under round robin
# and two random interleavings; SEED=n adds an interleaving.
TESTS += tm/apps-run
TEST_CMD.tm/apps-run := $(TM_APPS_RUNNER) $(if $(SEED),--seed=$(SEED))

# The RTL, co-simulated: one test per application (they run in parallel),
# transactions and both lock versions with fixed DRAM timing. The list's
# transactions at full size take about 4 M cycles (docs/tm.md sec. 6): in
# make test only its lock versions run here, its transactions in
# tm/rtl-counters (16 insertions, co-simulated); make test-long runs all.
TM_APPS_RTL_NAMES := ht-h ht-l atm atm-nod list
TM_APPS_RTL_MODES := 0,1,2
TM_APPS_RTL_MODES.list := $(if $(LONG),0$(comma)1$(comma)2,1$(comma)2)
TESTS += $(patsubst %,tm/apps-rtl-%,$(TM_APPS_RTL_NAMES))
$(foreach a,$(TM_APPS_RTL_NAMES),$(eval TEST_CMD.tm/apps-rtl-$(a) := \
  $(TM_APPS_RUNNER_RTL) --backend=verilator --only=$(a) \
  --modes=$(or $(TM_APPS_RTL_MODES.$(a)),$(TM_APPS_RTL_MODES)) --seeds=0))

# Transactions under 12 RTL timing seeds (DRAM latency noise) per app, each
# run co-simulated: the serial replay of its committed transactions in
# commit-ID order (the model) must reach the RTL's final memory. The list
# app's transactions are slow on the RTL (docs/tm.md sec. 4.4): seed 0 only
# (`make test`), seeds 1..3 as well in `make test-long` (LONG=1), which
# runs the other apps under 64 seeds.
TM_APPS_SEEDED := ht-h ht-l atm atm-nod $(if $(LONG),list)
TM_APPS_SEEDS  := $(if $(LONG),$(shell seq -s, 1 64),1,2,3,4,5,6,7,8,9,10,11,12)
TESTS += $(patsubst %,tm/seeds-%,$(TM_APPS_SEEDED))
$(foreach a,$(TM_APPS_SEEDED),$(eval TEST_CMD.tm/seeds-$(a) := \
  $(TM_APPS_RUNNER_RTL) --backend=verilator --only=$(a) --modes=0 \
    --seeds=$(if $(filter list,$(a)),1$(comma)2$(comma)3,$(TM_APPS_SEEDS))))

# KILO TM mutants in the GPU that a transactional run must catch twice:
# tm/mutant/<M> by co-simulation (the model re-validates every RTL outcome in
# commit-ID order), tm/mutant-app/<M> by the application's own checks with
# co-simulation off (its invariant, or the run does not complete):
#   TM_CW_FINAL_IGNORES_FAIL  a failed CID commits (a doomed transaction)
#   TM_CU_NO_HAZARD           the commit unit skips hazard detection
#   SIMT_TX_RETRY_DROPS_LANE  the stack loses a failed lane instead of retrying it
TM_COSIM_MUTANTS := TM_CW_FINAL_IGNORES_FAIL TM_CU_NO_HAZARD SIMT_TX_RETRY_DROPS_LANE
TM_COSIM_MUTANT_APP.TM_CW_FINAL_IGNORES_FAIL := ht-h
TM_COSIM_MUTANT_APP.TM_CU_NO_HAZARD          := ht-h
TM_COSIM_MUTANT_APP.SIMT_TX_RETRY_DROPS_LANE := ht-h
define TM_COSIM_MUTANT
$(VGPU_DIR)/mut_$(1)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/mut_$(1),$$@,$(gpu_RTL),WW_MUTANT_$(1),,quick)
$(VGPU_DIR)/mut_$(1)/tm_apps_rtl: tb/tm/tm_apps.c $(VGPU_BACKEND) $(SW_RT_LIB) $(SW_GPU_LIB) \
    $(VGPU_DIR)/mut_$(1)/libwwvgpu.a
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/runtime $(VGPU_CFLAGS) $$< $(VGPU_BACKEND) \
	  $(SW_RT_LIB) $(VGPU_DIR)/mut_$(1)/libwwvgpu.a $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $$@
ALL_TARGETS += $(VGPU_DIR)/mut_$(1)/tm_apps_rtl
TESTS += tm/mutant/$(1)
TEST_CMD.tm/mutant/$(1) := tb/gpu/expect_mismatch.sh $(VGPU_DIR)/mut_$(1)/tm_apps_rtl \
  --backend=verilator --only=$(TM_COSIM_MUTANT_APP.$(1)) --modes=0 --seeds=0
TESTS += tm/mutant-app/$(1)
TEST_CMD.tm/mutant-app/$(1) := tb/tm/expect_app_fail.sh $(VGPU_DIR)/mut_$(1)/tm_apps_rtl \
  --backend=verilator --cosim=off --max-cycles=400000 --only=$(TM_COSIM_MUTANT_APP.$(1)) \
  --modes=0 --seeds=0,1,2
endef
$(foreach m,$(TM_COSIM_MUTANTS),$(eval $(call TM_COSIM_MUTANT,$(m))))

# GPUs for `make bench-tm`'s sweeps (scripts/bench_tm.sh; not in make test):
# the concurrency limit (WW_TM_WARPS_PER_SM: 1 and 0 = unlimited beside the
# default 2) and the LWH size (WW_LWH_ENTRIES per commit unit: a very large
# table and a small one beside the default 512). The defines reach Verilator
# (ww_gpu's TM_LIMIT / LWH_ENTRIES defaults) and the glue alike, which reports
# them (ww_vgpu_info), so the co-simulated model runs with the same limit.
TM_BENCH_VARIANTS := tm_limit1 tm_limit0 tm_lwh_exact tm_lwh_small
TM_BENCH_DEFS.tm_limit1    := WW_TM_WARPS_PER_SM=1
TM_BENCH_DEFS.tm_limit0    := WW_TM_WARPS_PER_SM=0
TM_BENCH_DEFS.tm_lwh_exact := WW_LWH_ENTRIES=8192
TM_BENCH_DEFS.tm_lwh_small := WW_LWH_ENTRIES=16
define TM_BENCH_VARIANT
$(VGPU_DIR)/$(1)/libwwvgpu.a: $(gpu_RTL) $(VGPU_GLUE) | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/$(1),$$@,$(gpu_RTL),$(TM_BENCH_DEFS.$(1)))
$(VGPU_DIR)/$(1)/tm_apps_rtl: tb/tm/tm_apps.c $(VGPU_BACKEND) $(VGPU_BACKEND_HDR) $(SW_RT_LIB) \
    $(SW_GPU_LIB) $(VGPU_DIR)/$(1)/libwwvgpu.a
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror -Isw/runtime $(VGPU_CFLAGS) $$< $(VGPU_BACKEND) \
	  $(SW_RT_LIB) $(VGPU_DIR)/$(1)/libwwvgpu.a $(SW_GPU_LIB) -lelf -ldw $(VGPU_LDLIBS) -o $$@
TM_BENCH_RUNNERS += $(VGPU_DIR)/$(1)/tm_apps_rtl
endef
$(foreach v,$(TM_BENCH_VARIANTS),$(eval $(call TM_BENCH_VARIANT,$(v))))

# KILO TM's watchdog (docs/tm.md sec. 4.3 step 7) on a doomed transaction
# (sw/kernels/tx_doomed.c, tb/tm/tx_doomed.sh): on the co-simulated RTL the
# grid completes with the serial result after watchdog restarts; with the
# watchdog off (--tx-watchdog 0) it spins to the cycle limit; the golden
# model alone completes too.
ALL_TARGETS += build/bin/warpwatch build/kernels/tx_doomed.elf
TESTS += tm/watchdog-rtl tm/watchdog-rtl-off tm/watchdog-cmodel
TEST_CMD.tm/watchdog-rtl       := tb/tm/tx_doomed.sh rtl
TEST_CMD.tm/watchdog-rtl-off   := tb/tm/tx_doomed.sh rtl-off
TEST_CMD.tm/watchdog-cmodel    := tb/tm/tx_doomed.sh cmodel

# scripts/bench_tm.sh in its quick mode (one application, one seed, no
# sweeps) into a scratch directory; the report must hold the keys and
# consistent values (scripts/test_bench_tm.sh)
TESTS += tm/bench-quick
TEST_CMD.tm/bench-quick := scripts/test_bench_tm.sh

# The commit units' counters measured in the RTL (docs/tm.md sec. 4.1
# "Counters"), read by `warpwatch run --backend verilator --tm-stats --json`
# on ht and list (transactions, co-simulated) and vecadd (none): consistent
# with the model's commits and aborts and with each other; the checker must
# reject doctored reports (scripts/test_tm_counters.sh)
TESTS += tm/rtl-counters
TEST_CMD.tm/rtl-counters := scripts/test_tm_counters.sh $(RT_CLI)

.DEFAULT_GOAL := $(TM_APPS_T_SAVED_GOAL)
