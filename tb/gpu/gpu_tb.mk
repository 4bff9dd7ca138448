# SPDX-License-Identifier: Apache-2.0
#
# tb/gpu/gpu_tb.mk -- the Verilated GPU as a C library, its DRAM model and
# their tests (included by the top Makefile, "Area fragments").
#   $(VGPU_LIB)   build/lib/libwwvgpu.a: rtl/top/ww_gpu.v and every file of
#                 gpu_RTL (tb/units.mk) verilated with --trace-fst, the C++
#                 glue tb/gpu/ww_vgpu.cpp, the DRAM model tb/gpu/ww_dram.c and
#                 Verilator's runtime, in one archive. Users include
#                 tb/gpu/ww_vgpu.h with $(VGPU_CFLAGS) and link $(VGPU_LDLIBS).
#   VGPU_DEFS     WW_X=v words given to Verilator and the glue alike (a
#                 parameter point); empty = the ww_config.vh defaults.
# Tests:
#   gpu/dram         the DRAM model, ASan + UBSan (tb/gpu/test_dram.c)
#   gpu/rtl-memory   the real GPU: reset, launch checks, instruction memory
#                    load, a grid that never finishes times out
#   gpu/rtl-memsys@P the GPU with a test double of the SM (tb_sm_memtest.v):
#                    crossbar, L2 slices, atomics, end-of-grid flush, DRAM;
#                    at the defaults and at 3 SMs x 3 partitions
#   gpu/wave-view    the FST + saved GTKWave view (scripts/check_wave_view.sh)

# The top Makefile defines `all` after the fragments: keep the default goal.
VGPU_SAVED_GOAL := $(.DEFAULT_GOAL)

VGPU_DIR     := $(BUILD)/vgpu
VGPU_LIB     := $(BUILD)/lib/libwwvgpu.a
VGPU_DEFS    ?=
VGPU_CFLAGS  := -Itb/gpu -Icmodel/gpu -Icmodel/include -Icmodel/sm
VGPU_LDLIBS  := -lstdc++ -lz -lm -pthread
VGPU_VROOT    = $(shell verilator --getenv VERILATOR_ROOT)
VGPU_OPT     := OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2
VGPU_VFLAGS  := --cc --build -j 2 --trace-fst --x-assign unique --x-initial unique \
                --top-module ww_gpu -Irtl/include -MAKEFLAGS "$(VGPU_OPT)" -DWW_GSI_TRACE
# Verilator's runtime (VM_GLOBAL_FAST of the generated Vww_gpu_classes.mk)
VGPU_RUNTIME := verilated.o verilated_fst_c.o verilated_threads.o
VGPU_GLUE    := tb/gpu/ww_vgpu.cpp tb/gpu/ww_vgpu.h tb/gpu/ww_dram.c tb/gpu/ww_dram.h \
                cmodel/gpu/ww_gpu.h cmodel/include/ww_config.h $(wildcard rtl/include/*.vh) \
                tb/gpu/gpu_tb.mk
VGPU_TEST_CFLAGS := -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
                    -fno-sanitize-recover=all $(VGPU_CFLAGS)

# $(call VGPU_ARCHIVE,DIR,LIB,RTL FILES,DEFINES[,VERILATOR FLAGS]): verilate
# RTL into DIR/obj_dir, compile the glue and the DRAM model, archive all into
# LIB. Extra Verilator flags with --coverage* also build the glue with
# VM_COVERAGE (it then writes the counts, tb/coverage/coverage.mk).
vgpu_cov = $(if $(findstring --coverage,$(1)),$(2))
define VGPU_ARCHIVE
	@mkdir -p $(1) $(dir $(2))
	@echo "verilator ww_gpu -> $(2)"
	@verilator $(VGPU_VFLAGS) $(5) $(addprefix -D,$(4)) --Mdir $(1)/obj_dir $(3) \
	  > $(1)/verilator.log 2>&1 || { tail -40 $(1)/verilator.log >&2; exit 1; }
	g++ -std=c++17 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(4)) $(call vgpu_cov,$(5),-DVM_COVERAGE=1) \
	  -isystem $(VGPU_VROOT)/include -isystem $(VGPU_VROOT)/include/vltstd \
	  -isystem $(1)/obj_dir -DVM_TRACE=1 -DVM_TRACE_FST=1 $(VGPU_CFLAGS) \
	  -c tb/gpu/ww_vgpu.cpp -o $(1)/ww_vgpu.o
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(4)) $(VGPU_CFLAGS) \
	  -c tb/gpu/ww_dram.c -o $(1)/ww_dram.o
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C $(1)/obj_dir -f Vww_gpu.mk \
	  $(VGPU_OPT) $(VGPU_RUNTIME) $(call vgpu_cov,$(5),verilated_cov.o)
	@rm -rf $(1)/ar && mkdir -p $(1)/ar && cd $(1)/ar && ar x ../obj_dir/Vww_gpu__ALL.a
	rm -f $(2) && ar rcs $(2) $(1)/ar/*.o $(addprefix $(1)/obj_dir/,$(VGPU_RUNTIME) $(call vgpu_cov,$(5),verilated_cov.o)) \
	  $(1)/ww_vgpu.o $(1)/ww_dram.o
endef

# the defines are part of the build: rebuild when they change
$(VGPU_DIR)/.defs: FORCE
	@mkdir -p $(@D)
	@echo "$(VGPU_DEFS)" | cmp -s - $@ || echo "$(VGPU_DEFS)" > $@

$(VGPU_LIB): $(gpu_RTL) $(VGPU_GLUE) $(VGPU_DIR)/.defs | $(BUILD)/.deps-ok
	$(call VGPU_ARCHIVE,$(VGPU_DIR),$@,$(gpu_RTL),$(VGPU_DEFS))

# The same GPU with the SM test double instead of rtl/sm/*.v, at the
# default parameters and at a point with three SMs and three partitions
# (not a power of two: the crossbar's line % NUM_PART).
VGPU_MEMSYS_RTL    := $(filter-out rtl/sm/%,$(gpu_RTL)) tb/gpu/tb_sm_memtest.v
VGPU_MEMSYS_POINTS := default: p3:WW_NUM_SM=3,WW_NUM_PART=3
vgpu_pname = $(word 1,$(subst :, ,$(1)))
vgpu_pdefs = $(subst $(comma), ,$(word 2,$(subst :, ,$(1))))

# $(1) point name  $(2) defines
define VGPU_MEMSYS
$(VGPU_DIR)/memsys-$(1)/.defs: FORCE
	@mkdir -p $$(@D)
	@echo "$(2)" | cmp -s - $$@ || echo "$(2)" > $$@
$(VGPU_DIR)/memsys-$(1)/libwwvgpu_memsys.a: $(VGPU_MEMSYS_RTL) $(VGPU_GLUE) \
    $(VGPU_DIR)/memsys-$(1)/.defs | $(BUILD)/.deps-ok
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/memsys-$(1),$$@,$(VGPU_MEMSYS_RTL),$(2))
$(VGPU_DIR)/memsys-$(1)/test_vgpu_memsys: tb/gpu/test_vgpu_memsys.c \
    $(VGPU_DIR)/memsys-$(1)/libwwvgpu_memsys.a
	gcc $(VGPU_TEST_CFLAGS) $(addprefix -D,$(2)) $$< $(VGPU_DIR)/memsys-$(1)/libwwvgpu_memsys.a \
	  $(VGPU_LDLIBS) -o $$@
VGPU_MEMSYS_TESTS += $(VGPU_DIR)/memsys-$(1)/test_vgpu_memsys
TESTS += gpu/rtl-memsys@$(1)
TEST_CMD.gpu/rtl-memsys@$(1) := $(VGPU_DIR)/memsys-$(1)/test_vgpu_memsys
endef

# ---- tests ----------------------------------------------------------------
$(VGPU_DIR)/test_dram: tb/gpu/test_dram.c tb/gpu/ww_dram.c tb/gpu/ww_dram.h cmodel/include/ww_config.h
	@mkdir -p $(@D)
	gcc $(VGPU_TEST_CFLAGS) tb/gpu/test_dram.c tb/gpu/ww_dram.c -o $@

$(VGPU_DIR)/test_vgpu: tb/gpu/test_vgpu.c $(VGPU_LIB)
	gcc $(VGPU_TEST_CFLAGS) $(addprefix -D,$(VGPU_DEFS)) $< $(VGPU_LIB) $(VGPU_LDLIBS) -o $@

TESTS += gpu/dram gpu/rtl-memory gpu/wave-view
TEST_CMD.gpu/dram       := $(VGPU_DIR)/test_dram
TEST_CMD.gpu/rtl-memory := $(VGPU_DIR)/test_vgpu
TEST_CMD.gpu/wave-view  := scripts/check_wave_view.sh $(VGPU_DIR)/test_vgpu $(VGPU_DIR)/wave-check
$(foreach p,$(VGPU_MEMSYS_POINTS),$(eval $(call VGPU_MEMSYS,$(call vgpu_pname,$(p)),$(call vgpu_pdefs,$(p)))))

.PHONY: vgpu
vgpu: $(VGPU_LIB) $(VGPU_DIR)/test_dram $(VGPU_DIR)/test_vgpu $(VGPU_MEMSYS_TESTS)
ALL_TARGETS += $(VGPU_LIB) $(VGPU_DIR)/test_dram $(VGPU_DIR)/test_vgpu $(VGPU_MEMSYS_TESTS)

.DEFAULT_GOAL := $(VGPU_SAVED_GOAL)
