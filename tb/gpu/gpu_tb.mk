# SPDX-License-Identifier: Apache-2.0
#
# tb/gpu/gpu_tb.mk -- tests of the Verilated GPU and its DRAM model
# (sw/sim/sim.mk builds them; included by the top Makefile after it).
# Tests:
#   gpu/dram         the DRAM model, ASan + UBSan (tb/gpu/test_dram.c)
#   gpu/rtl-memory   the real GPU: reset, launch checks, instruction memory
#                    load, a grid that never finishes times out
#   gpu/rtl-memsys@P the GPU with a test double of the SM (tb_sm_memtest.v):
#                    crossbar, L2 slices, atomics, end-of-grid flush, DRAM;
#                    at the defaults and at 3 SMs x 3 partitions
#   gpu/wave-view    the FST + saved GTKWave view (scripts/check_wave_view.sh)
# Tools:
#   $(VGPU_DIR)/dram_peak  the DRAM model's peak bytes per cycle, measured
#                    (tb/gpu/dram_peak.c; `make bench`, scripts/bench_roofline.sh)

# The top Makefile defines `all` after the fragments: keep the default goal.
VGPU_TB_SAVED_GOAL := $(.DEFAULT_GOAL)

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
	$$(call VGPU_ARCHIVE,$(VGPU_DIR)/memsys-$(1),$$@,$(VGPU_MEMSYS_RTL),$(2),,quick)
$(VGPU_DIR)/memsys-$(1)/test_vgpu_memsys: tb/gpu/test_vgpu_memsys.c \
    $(VGPU_DIR)/memsys-$(1)/libwwvgpu_memsys.a
	gcc $(VGPU_TEST_CFLAGS) $(addprefix -D,$(2)) $$< $(VGPU_DIR)/memsys-$(1)/libwwvgpu_memsys.a \
	  $(VGPU_LDLIBS) -o $$@
VGPU_MEMSYS_TESTS += $(VGPU_DIR)/memsys-$(1)/test_vgpu_memsys
TESTS += gpu/rtl-memsys@$(1)
TEST_CMD.gpu/rtl-memsys@$(1) := $(VGPU_DIR)/memsys-$(1)/test_vgpu_memsys
endef

# ---- tests ----------------------------------------------------------------
$(VGPU_DIR)/test_dram: tb/gpu/test_dram.c sw/sim/ww_dram.c sw/sim/ww_dram.h cmodel/include/ww_config.h
	@mkdir -p $(@D)
	gcc $(VGPU_TEST_CFLAGS) tb/gpu/test_dram.c sw/sim/ww_dram.c -o $@

$(VGPU_DIR)/dram_peak: tb/gpu/dram_peak.c sw/sim/ww_dram.c sw/sim/ww_dram.h cmodel/include/ww_config.h
	@mkdir -p $(@D)
	gcc $(VGPU_TEST_CFLAGS) tb/gpu/dram_peak.c sw/sim/ww_dram.c -o $@

$(VGPU_DIR)/test_vgpu: tb/gpu/test_vgpu.c $(VGPU_LIB)
	gcc $(VGPU_TEST_CFLAGS) $(addprefix -D,$(VGPU_DEFS)) $< $(VGPU_LIB) $(VGPU_LDLIBS) -o $@

TESTS += gpu/dram gpu/rtl-memory gpu/wave-view
TEST_CMD.gpu/dram       := $(VGPU_DIR)/test_dram
TEST_CMD.gpu/rtl-memory := $(VGPU_DIR)/test_vgpu
TEST_CMD.gpu/wave-view  := scripts/check_wave_view.sh $(VGPU_DIR)/test_vgpu $(VGPU_DIR)/wave-check
$(foreach p,$(VGPU_MEMSYS_POINTS),$(eval $(call VGPU_MEMSYS,$(call vgpu_pname,$(p)),$(call vgpu_pdefs,$(p)))))

.PHONY: vgpu
vgpu: $(VGPU_LIB) $(VGPU_DIR)/test_dram $(VGPU_DIR)/dram_peak $(VGPU_DIR)/test_vgpu $(VGPU_MEMSYS_TESTS)
ALL_TARGETS += $(VGPU_LIB) $(VGPU_DIR)/test_dram $(VGPU_DIR)/dram_peak $(VGPU_DIR)/test_vgpu $(VGPU_MEMSYS_TESTS)

.DEFAULT_GOAL := $(VGPU_TB_SAVED_GOAL)
