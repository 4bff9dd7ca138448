# SPDX-License-Identifier: Apache-2.0
#
# rtl/mem/rtl.mk -- RTL file lists of rtl/mem/: the memory system (crossbar, L2 slices).
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += l2_slice
l2_slice_TOP   := ww_l2_slice
l2_slice_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/mem/ww_l2_slice.v
l2_slice_SYNTH := 1

RTL_MODULES += switch
switch_TOP   := ww_switch
switch_RTL   := rtl/common/ww_fifo.v rtl/mem/ww_switch.v
switch_SYNTH := 1

# ww_xbar: the SM <-> partition crossbar (two ww_switch directions).
RTL_MODULES += xbar
xbar_TOP   := ww_xbar
xbar_RTL   := rtl/common/ww_fifo.v rtl/mem/ww_switch.v rtl/mem/ww_xbar.v
xbar_SYNTH := 1

# ww_part_port: the partition port in front of one L2 slice (flush, attached
# units such as the ScoRD detector, crossbar; response routing).
RTL_MODULES += part_port
part_port_TOP   := ww_part_port
part_port_RTL   := rtl/mem/ww_part_port.v
part_port_SYNTH := 1
