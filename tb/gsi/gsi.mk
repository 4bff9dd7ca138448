# SPDX-License-Identifier: Apache-2.0
#
# tb/gsi/gsi.mk -- the GSI trace path (rtl/gsi/ww_gsi.v under WW_GSI_TRACE),
# included by the top Makefile ("Area fragments").
#   $(GSI_REPLAY)   build/gsi/gsi_replay: replays a trace file PREFIX.sm<N> on
#                   the C model (tb/gsi/gsi_replay.c). Built for up to 32 warps
#                   per SM: the trace's header gives WARPS and CNT_W.
#   $(GSI_TB_IVL)   the trace bench tb/gsi/tb_gsi_trace.v on Icarus
#   $(GSI_TB_VLT)   the same bench on Verilator (--binary --timing)
# Test:
#   gsi/trace-replay  tb/gsi/trace_replay.sh: both benches write traces of two
#                     ww_gsi instances, gsi_replay must agree on all of them,
#                     both simulators must write the same traces, and
#                     gsi_replay must report a corrupted trace (exit 3), a
#                     malformed one (exit 2) and each RTL mutant (exit 3).

GSI_SAVED_GOAL := $(.DEFAULT_GOAL)

GSI_DIR    := $(BUILD)/gsi
GSI_REPLAY := $(GSI_DIR)/gsi_replay
GSI_TB_IVL := $(GSI_DIR)/tb_gsi_trace.vvp
GSI_TB_VLT := $(GSI_DIR)/vlt/Vtb_gsi_trace
GSI_TB_RTL := tb/gsi/tb_gsi_trace.v rtl/gsi/ww_gsi.v
GSI_PROTO  := rtl/include/ww_proto.vh cmodel/include/ww_proto.h
GSI_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -DWW_WARPS_PER_SM=32 \
              $(CMODEL_INC)

$(GSI_REPLAY): tb/gsi/gsi_replay.c cmodel/gsi/ww_gsi.c cmodel/gsi/ww_gsi.h cmodel/gsi/ww_gsi.ports.def \
    cmodel/sm/ww_warp_sched.h cmodel/include/ww_config.h cmodel/include/ww_port_structs.h $(GSI_PROTO)
	@mkdir -p $(@D)
	gcc $(GSI_CFLAGS) tb/gsi/gsi_replay.c cmodel/gsi/ww_gsi.c -o $@

$(GSI_TB_IVL): $(GSI_TB_RTL) rtl/include/ww_config.vh $(GSI_PROTO)
	@mkdir -p $(@D)
	iverilog -g2005 -DWW_GSI_TRACE -Irtl/include -s tb_gsi_trace -o $@ $(GSI_TB_RTL)

$(GSI_TB_VLT): $(GSI_TB_RTL) rtl/include/ww_config.vh $(GSI_PROTO) | $(DEPS_STAMP)
	@mkdir -p $(@D)
	verilator --binary --timing -j 2 -DWW_GSI_TRACE -Irtl/include \
	  --x-assign unique --x-initial unique --top-module tb_gsi_trace \
	  --Mdir $(@D) -o $(notdir $@) $(GSI_TB_RTL) > $(GSI_DIR)/vlt.log 2>&1 \
	  || { tail -30 $(GSI_DIR)/vlt.log >&2; exit 1; }

# the bench with each RTL mutant of the block (tb/gsi/blocks.mk): the replay must catch it
GSI_TB_MUT := $(foreach m,$(gsi_MUTANTS),$(GSI_DIR)/tb_gsi_trace_mut_$(m).vvp)
$(GSI_DIR)/tb_gsi_trace_mut_%.vvp: $(GSI_TB_RTL) rtl/include/ww_config.vh $(GSI_PROTO)
	@mkdir -p $(@D)
	iverilog -g2005 -DWW_GSI_TRACE -DWW_MUTANT_$* -Irtl/include -s tb_gsi_trace -o $@ $(GSI_TB_RTL)

ALL_TARGETS += $(GSI_REPLAY) $(GSI_TB_IVL) $(GSI_TB_VLT) $(GSI_TB_MUT)
TESTS += gsi/trace-replay
TEST_CMD.gsi/trace-replay := tb/gsi/trace_replay.sh $(GSI_REPLAY) $(GSI_TB_IVL) $(GSI_TB_VLT) $(GSI_TB_MUT)


# gsi/replay-kernels: the same comparison on traces of real kernel runs on the
# Verilated GPU (tb/gsi/replay_kernels.sh; the GPU library is built with
# WW_GSI_TRACE, so `WW_GSI_TRACE=PREFIX warpwatch run ...` writes them)
GSI_KERNELS := $(addprefix build/kernels/,stream.elf uts_central.elf reduction.elf alu_loop.elf)
GSI_KERNELS += build/tm/apps/ht.elf build/det/racey.elf
ALL_TARGETS += $(GSI_KERNELS)
TESTS += gsi/replay-kernels
TEST_CMD.gsi/replay-kernels := tb/gsi/replay_kernels.sh $(GSI_REPLAY) $(BUILD)/bin/warpwatch

.DEFAULT_GOAL := $(GSI_SAVED_GOAL)
