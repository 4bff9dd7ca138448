# SPDX-License-Identifier: Apache-2.0
#
# sw/fpga/fpga.mk -- the FPGA backend's host side (docs/fpga.md), included
# by the top Makefile after sw/sim/sim.mk and sw/runtime/runtime.mk:
#   $(FPGA_SIM)      build/bin/ww-fpga-sim: the FPGA top (rtl/fpga/ww_fpga_top.v,
#                    fpga_top_RTL of rtl/fpga/rtl.mk) verilated with a fast UART
#                    (CLKS_PER_BIT $(FPGA_SIM_CPB)) and the whole memory map
#                    (global memory, ScoRD metadata, race log), the glue
#                    sw/fpga/ww_vfpga.cpp and the server sw/fpga/ww_fpga_sim.c
#   $(FPGA_SIM_SDRAM) build/bin/ww-fpga-sim-sdram: the same server with the
#                    global memory in SDRAM (ww_fpga_top's MEM_SDRAM) on a model
#                    that checks JEDEC's rules (sw/fpga/ww_fpga_sim_sdram.v)
#   FPGA_BACKEND     the runtime's fpga backend (sources linked into
#                    build/bin/warpwatch by sw/runtime/runtime.mk)
# Its tests are tb/fpga/fpga_tests.mk.

HL_SAVED_GOAL := $(.DEFAULT_GOAL)

FPGA_DIR     := $(BUILD)/fpga
FPGA_SIM     := $(BUILD)/bin/ww-fpga-sim
FPGA_SIM_CPB := 4
# the memory lines of the simulated top: the DRAM map of sw/sim/ww_vgpu.cpp
# (global memory, ScoRD metadata 2 x GMEM_BYTES, race log: a header and
# SCORD_LOG_ENTRIES entries per partition, each max(1, 32 / LINE_BYTES)
# lines: WW_SCORD_LOG_LINES of cmodel/scord/ww_scord_det.h)
fpga_cfg = $(shell sed -n 's/^.define WW_$(1)  *\([0-9][0-9]*\).*/\1/p' cmodel/include/ww_config.h)
FPGA_SIM_LINES := $(shell lb=$(call fpga_cfg,LINE_BYTES); echo $$(( 3 * $(call fpga_cfg,GMEM_BYTES) / lb + \
  (1 + $(call fpga_cfg,SCORD_LOG_ENTRIES)) * $(call fpga_cfg,NUM_PART) * (lb >= 32 ? 1 : 32 / lb) )))
FPGA_SIM_GPARAMS := -DWW_FPGA_CLKS_PER_BIT=$(FPGA_SIM_CPB) -DWW_FPGA_MEM_LINES=$(FPGA_SIM_LINES) \
                    -DWW_FPGA_GATE_GPU_CLK=1
FPGA_SIM_DEFS    := -DWW_VFPGA_CLKS_PER_BIT=$(FPGA_SIM_CPB) -DWW_VFPGA_MEM_LINES=$(FPGA_SIM_LINES)
FPGA_VFLAGS  := --cc --x-assign unique --x-initial unique --trace-fst -Irtl/include $(FPGA_SIM_GPARAMS)
# the top on a model of its SDRAM (64 MB: the whole memory map; ww-fpga-sim-sdram)
FPGA_SIM_SDRAM  := $(BUILD)/bin/ww-fpga-sim-sdram
FPGA_SDRAM_RTL  := sw/fpga/ww_sdram_model.v sw/fpga/ww_fpga_sim_sdram.v
FPGA_SDRAM_LINES := $(shell echo $$(( (1 << 25) * 2 / $(call fpga_cfg,LINE_BYTES) )))
FPGA_SDRAM_DEFS := -DWW_VFPGA_SDRAM -DWW_VFPGA_CLKS_PER_BIT=$(FPGA_SIM_CPB) \
                   -DWW_VFPGA_MEM_LINES=$(FPGA_SDRAM_LINES)
FPGA_OPT     := OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2
FPGA_VROOT    = $(shell verilator --getenv VERILATOR_ROOT)
FPGA_CFLAGS  := -std=c11 -D_DEFAULT_SOURCE -g -O2 -Wall -Wextra -Werror -Isw/fpga -Isw/runtime $(CMODEL_INC)

FPGA_BACKEND     := sw/fpga/ww_backend_fpga.c sw/fpga/ww_hl_link.c
FPGA_BACKEND_HDR := sw/fpga/ww_hl_link.h

$(FPGA_DIR)/.gparams: FORCE
	@mkdir -p $(@D)
	@echo "$(FPGA_SIM_GPARAMS)" | cmp -s - $@ || echo "$(FPGA_SIM_GPARAMS)" > $@

# fpga_vlib DIR,TOP,FILES,CXXDEFS: the Verilated top TOP (FILES) and the glue
# as DIR/libwwvfpga.a
define fpga_vlib
$(1)/libwwvfpga.a: $(3) $(wildcard rtl/include/*.vh) sw/fpga/ww_vfpga.cpp \
    sw/fpga/ww_vfpga.h sw/fpga/fpga.mk $(FPGA_DIR)/.gparams | $(BUILD)/.deps-ok
	@mkdir -p $(1)
	@echo "verilator $(2) -> $$@"
	@verilator $(FPGA_VFLAGS) --top-module $(2) --Mdir $(1)/obj_dir $(3) > $(1)/verilator.log 2>&1 \
	  || { tail -40 $(1)/verilator.log >&2; exit 1; }
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -C $(1)/obj_dir -f V$(2).mk \
	  -f $(CURDIR)/sw/sim/verilated_pch.mk $(FPGA_OPT) verilated.h.gch >> $(1)/verilator.log 2>&1 \
	  || { tail -40 $(1)/verilator.log >&2; exit 1; }
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C $(1)/obj_dir -f V$(2).mk \
	  $(FPGA_OPT) V$(2)__ALL.a verilated.o verilated_fst_c.o verilated_threads.o \
	  >> $(1)/verilator.log 2>&1 || { tail -40 $(1)/verilator.log >&2; exit 1; }
	g++ -std=c++17 -O2 -g -Wall -Wextra -Werror $(4) -isystem $(FPGA_VROOT)/include \
	  -isystem $(FPGA_VROOT)/include/vltstd -isystem $(1)/obj_dir -DVM_TRACE=1 -DVM_TRACE_FST=1 \
	  -Isw/fpga $(CMODEL_INC) -c sw/fpga/ww_vfpga.cpp -o $(1)/ww_vfpga.o
	@rm -rf $(1)/ar && mkdir -p $(1)/ar && cd $(1)/ar && ar x ../obj_dir/V$(2)__ALL.a
	rm -f $$@ && ar rcs $$@ $(1)/ar/*.o $$(addprefix $(1)/obj_dir/,verilated.o verilated_fst_c.o \
	  verilated_threads.o) $(1)/ww_vfpga.o
endef
$(eval $(call fpga_vlib,$(FPGA_DIR),ww_fpga_top,$(fpga_top_RTL),$(FPGA_SIM_DEFS)))
$(eval $(call fpga_vlib,$(FPGA_DIR)/sdram,ww_fpga_sim_sdram,$(fpga_top_RTL) $(FPGA_SDRAM_RTL),$(FPGA_SDRAM_DEFS)))

$(FPGA_SIM): sw/fpga/ww_fpga_sim.c sw/fpga/ww_vfpga.h $(FPGA_DIR)/libwwvfpga.a
	@mkdir -p $(@D)
	gcc $(FPGA_CFLAGS) $< $(FPGA_DIR)/libwwvfpga.a -lstdc++ -lz -lm -pthread -o $@

$(FPGA_SIM_SDRAM): sw/fpga/ww_fpga_sim.c sw/fpga/ww_vfpga.h $(FPGA_DIR)/sdram/libwwvfpga.a
	@mkdir -p $(@D)
	gcc $(FPGA_CFLAGS) $< $(FPGA_DIR)/sdram/libwwvfpga.a -lstdc++ -lz -lm -pthread -o $@

.PHONY: fpga-sim
fpga-sim: $(FPGA_SIM) $(FPGA_SIM_SDRAM)

ALL_TARGETS += $(FPGA_SIM) $(FPGA_SIM_SDRAM)

.DEFAULT_GOAL := $(HL_SAVED_GOAL)
