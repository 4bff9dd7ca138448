# SPDX-License-Identifier: Apache-2.0
#
# sw/sim/sim.mk -- the simulator glue the runtime links (included by the top
# Makefile): the Verilated GPU as a C library with its DRAM model, and the
# runtime's verilator backend (ww_backend_verilator.c, linked by the tools).
#   $(VGPU_LIB)   build/lib/libwwvgpu.a: rtl/top/ww_gpu.v and every file of
#                 gpu_RTL (rtl/top/rtl.mk) verilated with --trace-fst, the C++
#                 glue sw/sim/ww_vgpu.cpp, the DRAM model sw/sim/ww_dram.c, the
#                 saved GTKWave view sw/sim/ww_wave_view.c and Verilator's
#                 runtime, in one archive. Users include
#                 sw/sim/ww_vgpu.h with $(VGPU_CFLAGS) and link $(VGPU_LDLIBS).
#   VGPU_DEFS     WW_X=v words given to Verilator and the glue alike (a
#                 parameter point); empty = the ww_config.vh defaults.
#   VGPU_ARCHIVE  $(call VGPU_ARCHIVE,DIR,LIB,RTL FILES,DEFINES[,VERILATOR FLAGS[,quick]]):
#                 the same for other RTL file sets or defines (variants,
#                 mutants, test doubles); `quick` builds without FST tracing
#                 and at -O1 (VGPU_QUICK: the GPU mutants, about half the
#                 build time; such a library refuses a wave)
#   VGPU_BACKEND  the runtime's verilator backend source

# The top Makefile defines `all` after the fragments: keep the default goal.
VGPU_SAVED_GOAL := $(.DEFAULT_GOAL)

VGPU_DIR     := $(BUILD)/vgpu
VGPU_LIB     := $(BUILD)/lib/libwwvgpu.a
VGPU_DEFS    ?=
VGPU_CFLAGS  := -Isw/sim $(CMODEL_INC)
VGPU_LDLIBS  := -lstdc++ -lz -lm -pthread
VGPU_VROOT    = $(shell verilator --getenv VERILATOR_ROOT)
VGPU_OPT     := OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2
VGPU_VFLAGS  := --cc --x-assign unique --x-initial unique \
                --top-module ww_gpu -Irtl/include -DWW_GSI_TRACE
# verilate, precompile verilated.h (sw/sim/verilated_pch.mk), compile
# Verilator's runtime (VM_GLOBAL_FAST of the generated Vww_gpu_classes.mk)
VGPU_RUNTIME := verilated.o verilated_fst_c.o verilated_threads.o
# a quick build ($(6) = quick): no tracing, code compiled at -O1 (-O0 for
# the once-run constructors); a mutant run is short, its build is not
VGPU_QUICK_OPT := OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1
vgpu_q     = $(if $(filter quick,$(1)),$(2),$(3))
vgpu_opt   = $(call vgpu_q,$(1),$(VGPU_QUICK_OPT),$(VGPU_OPT))
vgpu_rt    = $(call vgpu_q,$(1),$(filter-out verilated_fst_c.o,$(VGPU_RUNTIME)),$(VGPU_RUNTIME))
VGPU_GLUE    := sw/sim/ww_vgpu.cpp sw/sim/ww_vgpu.h sw/sim/ww_vport.h sw/sim/ww_dram.c sw/sim/ww_dram.h \
                sw/sim/ww_wave_view.c sw/sim/ww_wave_view.h cmodel/include/ww_proto.h \
                cmodel/gpu/ww_gpu.h cmodel/include/ww_config.h $(wildcard rtl/include/*.vh) \
                sw/sim/sim.mk sw/sim/verilated_pch.mk
VGPU_TEST_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
                    -fno-sanitize-recover=all $(VGPU_CFLAGS)

# $(call VGPU_ARCHIVE,DIR,LIB,RTL FILES,DEFINES[,VERILATOR FLAGS[,quick]]):
# verilate RTL into DIR/obj_dir, compile the glue and the DRAM model, archive
# all into LIB. Extra Verilator flags with --coverage* also build the glue with
# VM_COVERAGE (it then writes the counts, tb/coverage/coverage.mk).
vgpu_cov = $(if $(findstring --coverage,$(1)),$(2))
define VGPU_ARCHIVE
	@mkdir -p $(1) $(dir $(2))
	@echo "verilator ww_gpu -> $(2)$(call vgpu_q,$(6), (quick: no waves$(comma) -O1))"
	@verilator $(VGPU_VFLAGS) $(call vgpu_q,$(6),,--trace-fst) $(5) $(addprefix -D,$(4)) \
	  --Mdir $(1)/obj_dir $(3) > $(1)/verilator.log 2>&1 || { tail -40 $(1)/verilator.log >&2; exit 1; }
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -C $(1)/obj_dir -f Vww_gpu.mk \
	  -f $(CURDIR)/sw/sim/verilated_pch.mk $(call vgpu_opt,$(6)) verilated.h.gch >> $(1)/verilator.log 2>&1 \
	  || { tail -40 $(1)/verilator.log >&2; exit 1; }
	g++ -std=c++17 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(4)) $(call vgpu_cov,$(5),-DVM_COVERAGE=1) \
	  -isystem $(VGPU_VROOT)/include -isystem $(VGPU_VROOT)/include/vltstd \
	  -isystem $(1)/obj_dir $(call vgpu_q,$(6),-DVM_TRACE=0,-DVM_TRACE=1 -DVM_TRACE_FST=1) $(VGPU_CFLAGS) \
	  -c sw/sim/ww_vgpu.cpp -o $(1)/ww_vgpu.o
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(4)) $(VGPU_CFLAGS) \
	  -c sw/sim/ww_dram.c -o $(1)/ww_dram.o
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(4)) $(VGPU_CFLAGS) \
	  -c sw/sim/ww_wave_view.c -o $(1)/ww_wave_view.o
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C $(1)/obj_dir -f Vww_gpu.mk \
	  $(call vgpu_opt,$(6)) Vww_gpu__ALL.a $(call vgpu_rt,$(6)) $(call vgpu_cov,$(5),verilated_cov.o) \
	  >> $(1)/verilator.log 2>&1 || { tail -40 $(1)/verilator.log >&2; exit 1; }
	@rm -rf $(1)/ar && mkdir -p $(1)/ar && cd $(1)/ar && ar x ../obj_dir/Vww_gpu__ALL.a
	rm -f $(2) && ar rcs $(2) $(1)/ar/*.o $(addprefix $(1)/obj_dir/,$(call vgpu_rt,$(6)) $(call vgpu_cov,$(5),verilated_cov.o)) \
	  $(1)/ww_vgpu.o $(1)/ww_dram.o $(1)/ww_wave_view.o
endef

# the defines are part of the build: rebuild when they change
$(VGPU_DIR)/.defs: FORCE
	@mkdir -p $(@D)
	@echo "$(VGPU_DEFS)" | cmp -s - $@ || echo "$(VGPU_DEFS)" > $@

$(VGPU_LIB): $(gpu_RTL) $(VGPU_GLUE) $(VGPU_DIR)/.defs | $(BUILD)/.deps-ok
	$(call VGPU_ARCHIVE,$(VGPU_DIR),$@,$(gpu_RTL),$(VGPU_DEFS))

# the verilator backend of the runtime, linked by every program that runs the RTL
VGPU_BACKEND := sw/sim/ww_backend_verilator.c sw/sim/ww_atomic_order.c
VGPU_BACKEND_HDR := sw/sim/ww_atomic_order.h

.PHONY: vgpu-lib
vgpu-lib: $(VGPU_LIB)

.DEFAULT_GOAL := $(VGPU_SAVED_GOAL)
