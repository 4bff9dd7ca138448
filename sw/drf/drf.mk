# SPDX-License-Identifier: Apache-2.0
#
# sw/drf/drf.mk -- the DRF tester's runner (issue 16; docs/drf.md), included
# by the top Makefile after sw/sim/sim.mk.
#
#   make drf             build/drf/<config>/drf_run for every configuration
#   build/drf/<config>/drf_run   rtl/drf/ww_drf_top.v Verilated with the
#                        configuration's defines (ww_config.def names, given
#                        to Verilator and the C glue alike) and
#                        WW_BUGS_PLUSARGS (the injectable bugs are switched on
#                        per run by plusarg; off, the RTL is the real one),
#                        the glue sw/drf/ww_vdrf.cpp, the DRAM model and the
#                        runner sw/drf/ww_drf_run.c; and the C backend
#                        (--model c): the top's C model (DRF_CMODEL, the same
#                        defines) under sw/drf/ww_cdrf.c. The Verilated
#                        library is its own target, so a change of the C side
#                        does not verilate again.
# Configurations (the paper's Table III: small and large caches, more
# wavefronts and lanes):
#   small    L1 4 sets x 2 ways (256 B), L2 8 sets x 4 ways per slice (1 KiB)
#   default  the GPU's caches (ww_config.def)
#   wide     small caches, 8 wavefronts of 16 lanes per SM (make bench-drf)
#   voq      small caches, 2 wavefronts per SM, the request crossbar with
#            virtual output queues (an SM's request to a free partition
#            passes one to a busy partition, with --refresh: docs/drf.md
#            sec. 5)

DRF_SAVED_GOAL := $(.DEFAULT_GOAL)

DRF_CONFIGS      := small default wide voq
DRF_DEFS.small   := WW_L1_SETS=4 WW_L1_WAYS=2 WW_L2_SETS=8 WW_L2_WAYS=4
DRF_DEFS.default :=
DRF_DEFS.wide    := $(DRF_DEFS.small) WW_DRFT_WF=8 WW_DRFT_LANES=16
DRF_DEFS.voq     := $(DRF_DEFS.small) WW_XBAR_VOQ=1 WW_DRFT_WF=2
DRF_RTL  := $(drf_top_RTL)
# the C model of ww_drf_top and the block models it composes
DRF_CMODEL := cmodel/common/ww_amo.c cmodel/sm/ww_l1_dcache.c cmodel/mem/ww_switch.c \
              cmodel/mem/ww_l2_slice.c cmodel/drf/ww_drf_tester.c cmodel/drf/ww_drf_top.c
DRF_SRC  := sw/drf/ww_vdrf.cpp sw/drf/ww_vdrf.h sw/drf/ww_drf_run.c sw/drf/ww_drf_cov.c \
            sw/drf/ww_drf_cov.h sw/sim/ww_dram.c sw/sim/ww_dram.h sw/sim/ww_vport.h cmodel/include/ww_proto.h \
            cmodel/include/ww_config.h sw/drf/drf.mk $(wildcard rtl/include/*.vh) \
            sw/drf/ww_cdrf.c sw/drf/ww_cdrf.h $(DRF_CMODEL) $(CMODEL_HDR)
DRF_RUNS := $(foreach c,$(DRF_CONFIGS),$(BUILD)/drf/$(c)/drf_run)
DRF_VFLAGS := --cc --x-assign unique --x-initial unique --top-module ww_drf_top -Irtl/include \
              --trace-fst -DWW_BUGS_PLUSARGS
DRF_CFLAGS := -Isw/drf -Isw/sim $(CMODEL_INC)

.PHONY: drf
drf: $(DRF_RUNS)

# $(call DRF_BUILD,CONFIG)
define DRF_BUILD
$(BUILD)/drf/$(1)/obj_dir/Vww_drf_top__ALL.a: $(DRF_RTL) sw/drf/drf.mk $(wildcard rtl/include/*.vh) \
    | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/drf/$(1)
	@echo "verilator ww_drf_top ($(1)) -> $(BUILD)/drf/$(1)/obj_dir"
	@verilator $(DRF_VFLAGS) $(addprefix -D,$(DRF_DEFS.$(1))) --Mdir $$(@D) $(DRF_RTL) \
	  > $(BUILD)/drf/$(1)/verilator.log 2>&1 || { tail -40 $(BUILD)/drf/$(1)/verilator.log >&2; exit 1; }
	@env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C $$(@D) -f Vww_drf_top.mk \
	  OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1 Vww_drf_top__ALL.a verilated.o verilated_fst_c.o \
	  verilated_threads.o >> $(BUILD)/drf/$(1)/verilator.log 2>&1 \
	  || { tail -40 $(BUILD)/drf/$(1)/verilator.log >&2; exit 1; }
	@touch $$@
$(BUILD)/drf/$(1)/drf_run: $(BUILD)/drf/$(1)/obj_dir/Vww_drf_top__ALL.a $(DRF_SRC) | $(DEPS_STAMP)
	g++ -std=c++17 -O2 -g -Wall -Wextra -Werror -DWW_BUGS_PLUSARGS -DDRF_CONFIG='"$(1)"' \
	  $(addprefix -D,$(DRF_DEFS.$(1))) -DVM_TRACE=1 -DVM_TRACE_FST=1 \
	  -isystem $(VGPU_VROOT)/include -isystem $(VGPU_VROOT)/include/vltstd -isystem $$(@D)/obj_dir \
	  $(DRF_CFLAGS) -c sw/drf/ww_vdrf.cpp -o $$(@D)/ww_vdrf.o
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(DRF_DEFS.$(1))) $(DRF_CFLAGS) -c sw/sim/ww_dram.c -o $$(@D)/ww_dram.o
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(DRF_DEFS.$(1))) $(DRF_CFLAGS) -c sw/drf/ww_drf_cov.c -o $$(@D)/ww_drf_cov.o
	gcc -std=c11 -O2 -g -Wall -Wextra -Werror $(addprefix -D,$(DRF_DEFS.$(1))) $(DRF_CFLAGS) -c sw/drf/ww_drf_run.c -o $$(@D)/ww_drf_run.o
	$(foreach f,$(DRF_CMODEL) sw/drf/ww_cdrf.c,gcc -std=c11 -O2 -g -Wall -Wextra -Werror \
	  $(addprefix -D,$(DRF_DEFS.$(1))) -DDRF_CONFIG='"$(1)"' $(DRF_CFLAGS) -c $(f) \
	  -o $$(@D)/cm_$(notdir $(f:.c=.o)) &&) true
	g++ -o $$@ $$(@D)/ww_drf_run.o $$(@D)/ww_drf_cov.o $$(@D)/ww_vdrf.o $$(@D)/ww_dram.o \
	  $(foreach f,$(DRF_CMODEL) sw/drf/ww_cdrf.c,$$(@D)/cm_$(notdir $(f:.c=.o))) \
	  $$(@D)/obj_dir/Vww_drf_top__ALL.a $$(addprefix $$(@D)/obj_dir/,verilated.o verilated_fst_c.o \
	  verilated_threads.o) $(VGPU_LDLIBS)
endef
$(foreach c,$(DRF_CONFIGS),$(eval $(call DRF_BUILD,$(c))))

# board: the configuration of the tester's board top (fpga/fpga.mk
# FPGA_DEFS.drf, docs/fpga_flow.md sec. 2): `make build/drf/board/drf_run`
# replays a seed a board reported failing (not built by `make drf`)
DRF_DEFS.board := WW_DRFT_WF=2 WW_DRFT_LANES=4 WW_DRFT_IDX_W=4 WW_DRFT_NSYNC=2 WW_DRFT_SEEN_W=5 \
                  WW_DRFT_RANGE_W=12 WW_L1_SETS=4 WW_L1_WAYS=2 WW_L2_SETS=8 WW_L2_WAYS=4 \
                  WW_L2_MSHRS=2 WW_L2_QUEUE=2 WW_L1_MSHRS=2 WW_L1_WQ=2
$(eval $(call DRF_BUILD,board))

.DEFAULT_GOAL := $(DRF_SAVED_GOAL)
