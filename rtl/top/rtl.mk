# SPDX-License-Identifier: Apache-2.0
#
# rtl/top/rtl.mk -- RTL file lists of rtl/top/: the GPU top level.
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += block_dist
block_dist_TOP   := ww_block_dist
block_dist_RTL   := rtl/top/ww_block_dist.v
block_dist_SYNTH := 1

# ww_gpu: the whole GPU (SMs, distributor, crossbar, ScoRD detectors, partition ports, L2
# slices). Included after rtl/sm/rtl.mk (the top Makefile sorts rtl/*/rtl.mk).
RTL_MODULES += gpu
gpu_TOP   := ww_gpu
gpu_RTL   := $(sm_RTL) rtl/mem/ww_switch.v rtl/mem/ww_l2_slice.v rtl/mem/ww_xbar.v rtl/mem/ww_part_port.v \
             rtl/tm/ww_lwh.v rtl/tm/ww_tm_commit_unit.v rtl/tm/ww_tm_cu_mem.v rtl/tm/ww_tm_cid.v \
             rtl/scord/ww_scord_check.v rtl/scord/ww_scord_fencefile.v rtl/scord/ww_scord_det.v \
             rtl/det/ww_zbuf.v rtl/det/ww_det_ctrl.v \
             rtl/top/ww_block_dist.v rtl/top/ww_gpu.v
gpu_SYNTH := 1
gpu_HIER  := 1
gpu_DSP   := 1
