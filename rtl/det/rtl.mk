# SPDX-License-Identifier: Apache-2.0
#
# rtl/det/rtl.mk -- RTL file lists of rtl/det/: GPUDet (ASPLOS 2013).
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += zbuf
zbuf_TOP   := ww_zbuf
zbuf_RTL   := rtl/common/ww_fifo.v rtl/common/ww_h3_hash.v rtl/common/ww_sram_1r1w.v rtl/det/ww_zbuf.v
zbuf_SYNTH := 1

RTL_MODULES += det_warp
det_warp_TOP   := ww_det_warp
det_warp_RTL   := rtl/det/ww_det_warp.v
det_warp_SYNTH := 1

RTL_MODULES += det_sbuf
det_sbuf_TOP   := ww_det_sbuf
det_sbuf_RTL   := rtl/common/ww_h3_hash.v rtl/common/ww_lutram.v rtl/common/ww_bloom_filter.v rtl/common/ww_sram_1r1w.v rtl/sm/ww_lsu_bytes.v rtl/det/ww_det_sbuf.v
det_sbuf_SYNTH := 1

# ww_det_sm: the SM's GPUDet port, an assembly of the two blocks above
# (lint and the SM's list; checked with the GPU)
RTL_MODULES += det_sm
det_sm_TOP   := ww_det_sm
det_sm_RTL   := rtl/common/ww_h3_hash.v rtl/common/ww_lutram.v rtl/common/ww_bloom_filter.v rtl/common/ww_sram_1r1w.v rtl/sm/ww_lsu_bytes.v rtl/det/ww_det_warp.v rtl/det/ww_det_sbuf.v rtl/det/ww_det_sm.v

RTL_MODULES += det_ctrl
det_ctrl_TOP   := ww_det_ctrl
det_ctrl_RTL   := rtl/det/ww_det_ctrl.v
det_ctrl_SYNTH := 1
