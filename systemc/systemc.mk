# SPDX-License-Identifier: Apache-2.0
#
# systemc/systemc.mk -- the SystemC model of the GPU (issue 17; docs/systemc.md),
# included by the top Makefile after the runtime (sw/runtime/runtime.mk).
#   make systemc    builds build/systemc/ww_sc and runs suite kernels on it
#                   (vecadd with the full report, histogram: device-scope
#                   atomics): results against the host reference and the
#                   golden model, cycles; exits non-zero on a mismatch
#   SC_BIN          build/systemc/ww_sc: rtl/top/ww_gpu.v Verilated with --sc
#                   (gpu_RTL of rtl/top/rtl.mk, the defines VGPU_DEFS of
#                   sw/sim/sim.mk, its own obj_dir under build/systemc/), a
#                   TLM-2.0 memory target, the DRAM-port bridge, the host
#                   driver and sc_main; linked with the runtime (cmodel
#                   backend) and -lsystemc (libsystemc-dev, SystemC 2.3.4)
#   SC_VCHECK       build/systemc/ww_sc_vcheck: the same job on the runtime's
#                   verilator backend with the same DRAM timing (cross-check)
# Tests: systemc/vecadd, systemc/histogram (results), systemc/cycles-match
# (the same cycles as the verilator backend with equal DRAM timing),
# systemc/errors (bad ELF, a kernel that does not fit, the cycle limit, a trap).

SC_SAVED_GOAL := $(.DEFAULT_GOAL)

SC_DIR    := $(BUILD)/systemc
SC_BIN    := $(SC_DIR)/ww_sc
SC_VLIB   := $(SC_DIR)/obj_dir/Vww_gpu__ALL.a
SC_VROOT   = $(shell verilator --getenv VERILATOR_ROOT)
SC_VFLAGS := --sc --x-assign unique --x-initial unique --top-module ww_gpu -Irtl/include
SC_OPT    := OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2
SC_VRT    := verilated.o verilated_threads.o

# verilate ww_gpu with --sc and compile it and Verilator's runtime (SystemC flavour)
$(SC_VLIB): $(gpu_RTL) $(wildcard rtl/include/*.vh) $(VGPU_DIR)/.defs | $(BUILD)/.deps-ok
	@mkdir -p $(SC_DIR)
	@echo "verilator --sc ww_gpu -> $@"
	@verilator $(SC_VFLAGS) $(addprefix -D,$(VGPU_DEFS)) --Mdir $(SC_DIR)/obj_dir $(gpu_RTL) \
	  > $(SC_DIR)/verilator.log 2>&1 || { tail -40 $(SC_DIR)/verilator.log >&2; exit 1; }
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C $(SC_DIR)/obj_dir -f Vww_gpu.mk \
	  $(SC_OPT) Vww_gpu__ALL.a $(SC_VRT) >> $(SC_DIR)/verilator.log 2>&1 \
	  || { tail -40 $(SC_DIR)/verilator.log >&2; exit 1; }

# the glue (C++17, as libsystemc was built: sc_api_version_2_3_4_cxx201703L)
# and the driver's plain-C half, then one program with the runtime and the
# golden model (cmodel backend) for placement and the golden run
SC_CXX_SRC := systemc/ww_sc_main.cpp systemc/ww_sc_host.cpp systemc/ww_sc_bridge.cpp systemc/ww_sc_mem.cpp
SC_HDR     := $(wildcard systemc/*.h) sw/runtime/ww_runtime.h sw/runtime/ww_rt_internal.h sw/gsi/ww_stalls.h \
              cmodel/include/ww_config.h cmodel/include/ww_proto.h cmodel/gpu/ww_gpu.h
SC_INC     := -Isystemc -Isw/runtime -Isw/gsi $(CMODEL_INC)
SC_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -DVM_SC=1 -DVM_TRACE=0 -DVM_COVERAGE=0 \
               $(addprefix -D,$(VGPU_DEFS)) -isystem $(SC_VROOT)/include -isystem $(SC_VROOT)/include/vltstd \
               -isystem $(SC_DIR)/obj_dir $(SC_INC)
SC_CFLAGS  := -std=c11 -D_DEFAULT_SOURCE -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(VGPU_DEFS)) $(SC_INC)
SC_OBJ     := $(patsubst systemc/%.cpp,$(SC_DIR)/%.o,$(SC_CXX_SRC)) $(SC_DIR)/ww_sc_job.o $(SC_DIR)/ww_stalls.o

$(SC_DIR)/%.o: systemc/%.cpp $(SC_HDR) $(SC_VLIB)
	g++ $(SC_CXXFLAGS) -c $< -o $@
$(SC_DIR)/ww_sc_job.o: systemc/ww_sc_job.c $(SC_HDR) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(SC_CFLAGS) -c $< -o $@
$(SC_DIR)/ww_stalls.o: sw/gsi/ww_stalls.c $(SC_HDR) | $(BUILD)/.deps-ok
	@mkdir -p $(@D)
	gcc $(SC_CFLAGS) -c $< -o $@

$(SC_BIN): $(SC_OBJ) $(SC_VLIB) $(RT_LIB) $(GPU_LIB)
	g++ $(SC_OBJ) $(SC_VLIB) $(addprefix $(SC_DIR)/obj_dir/,$(SC_VRT)) $(RT_LIB) $(GPU_LIB) \
	  -lsystemc $(RT_LDLIBS) -pthread -o $@

# the cycle cross-check: the same job on the runtime's verilator backend
SC_VCHECK := $(SC_DIR)/ww_sc_vcheck
$(SC_VCHECK): systemc/ww_sc_vcheck.c $(SC_DIR)/ww_sc_job.o $(SC_DIR)/ww_stalls.o $(VGPU_BACKEND) \
              $(VGPU_BACKEND_HDR) $(RT_LIB) $(VGPU_LIB) $(GPU_LIB) $(SC_HDR)
	gcc $(SC_CFLAGS) $(VGPU_CFLAGS) systemc/ww_sc_vcheck.c $(SC_DIR)/ww_sc_job.o $(SC_DIR)/ww_stalls.o \
	  $(VGPU_BACKEND) $(RT_LIB) $(VGPU_LIB) $(GPU_LIB) $(RT_LDLIBS) $(VGPU_LDLIBS) -o $@

# ---- make systemc: suite kernels on the SystemC model ---------------------
SC_KERNELS := vecadd histogram
SC_ELFS    := $(SC_KERNELS:%=build/kernels/%.elf)
SC_ENV     := SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

.PHONY: systemc
systemc: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory -j2 $(SC_BIN) $(SC_ELFS)
	@set -e; for k in $(SC_KERNELS); do \
	  q=--quiet; [ $$k != $(firstword $(SC_KERNELS)) ] || q=; \
	  echo "== $(SC_BIN) $$q build/kernels/$$k.elf"; \
	  $(SC_ENV) $(SC_BIN) $$q build/kernels/$$k.elf; \
	done

ALL_TARGETS += $(SC_BIN) $(SC_VCHECK)
TESTS += systemc/vecadd systemc/histogram systemc/cycles-match systemc/errors
TEST_CMD.systemc/vecadd       := $(SC_ENV) $(SC_BIN) --quiet build/kernels/vecadd.elf
TEST_CMD.systemc/histogram    := $(SC_ENV) $(SC_BIN) --quiet build/kernels/histogram.elf
TEST_CMD.systemc/cycles-match := systemc/test_cycles.sh $(SC_BIN) $(SC_VCHECK) build/kernels
TEST_CMD.systemc/errors       := systemc/test_errors.sh $(SC_BIN) build/kernels $(RT_KDIR)

.DEFAULT_GOAL := $(SC_SAVED_GOAL)
