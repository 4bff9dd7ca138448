# SPDX-License-Identifier: Apache-2.0
#
# rtl/tm/rtl.mk -- RTL file lists of rtl/tm/: KILO TM (Fung et al., MICRO 2011).
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += lwh
lwh_TOP   := ww_lwh
lwh_RTL   := rtl/common/ww_h3_hash.v rtl/common/ww_sram_1r1w.v rtl/tm/ww_lwh.v
lwh_SYNTH := 1

RTL_MODULES += tm_cid
tm_cid_TOP   := ww_tm_cid
tm_cid_RTL   := rtl/tm/ww_tm_cid.v
tm_cid_SYNTH := 1

RTL_MODULES += tm_commit_unit
tm_commit_unit_TOP   := ww_tm_commit_unit
tm_commit_unit_RTL   := rtl/common/ww_h3_hash.v rtl/common/ww_sram_1r1w.v rtl/tm/ww_lwh.v rtl/tm/ww_tm_commit_unit.v
tm_commit_unit_SYNTH := 1

RTL_MODULES += tm_txlog
tm_txlog_TOP   := ww_tm_txlog
tm_txlog_RTL   := rtl/common/ww_h3_hash.v rtl/tm/ww_tm_txlog.v
tm_txlog_SYNTH := 1

RTL_MODULES += tm_commit_walk
tm_commit_walk_TOP   := ww_tm_commit_walk
tm_commit_walk_RTL   := rtl/tm/ww_tm_commit_walk.v
tm_commit_walk_SYNTH := 1

RTL_MODULES += tm_warp
tm_warp_TOP   := ww_tm_warp
tm_warp_RTL   := rtl/tm/ww_tm_warp.v
tm_warp_SYNTH := 1

RTL_MODULES += tm_sm
tm_sm_TOP   := ww_tm_sm
tm_sm_RTL   := rtl/common/ww_h3_hash.v rtl/tm/ww_tm_txlog.v rtl/tm/ww_tm_commit_walk.v rtl/tm/ww_tm_sm.v
tm_sm_SYNTH := 1

RTL_MODULES += tm_cu_mem
tm_cu_mem_TOP   := ww_tm_cu_mem
tm_cu_mem_RTL   := rtl/tm/ww_tm_cu_mem.v
tm_cu_mem_SYNTH := 1
