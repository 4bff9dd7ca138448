# SPDX-License-Identifier: Apache-2.0
#
# rtl/gsi/rtl.mk -- RTL file lists of rtl/gsi/: GSI, the GPU stall inspector (ISPASS 2016).
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += gsi
gsi_TOP   := ww_gsi
gsi_RTL   := rtl/gsi/ww_gsi.v
gsi_SYNTH := 1
