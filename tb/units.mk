# SPDX-License-Identifier: Apache-2.0
#
# units.mk -- RTL-only units: assemblies of blocks that have no C model of
# their own and no lockstep test (the whole GPU is checked by co-simulation
# against the golden model instead). `make lint` and `make synth` take them
# alongside tb/blocks.mk's BLOCKS.
#
# For each unit U in UNITS (the variables mean what they mean in blocks.mk):
#   U_TOP    top module
#   U_RTL    RTL files, leaves first
#   U_SYNTH  1 if `make synth` reports it
#   U_DSP    1 if it may map onto DSPs (scripts/check_synth.sh)
#   U_HIER   1: synthesize keeping the module hierarchy (synth/run_synth.sh)

UNITS += sm xbar gpu

# ww_sm: one streaming multiprocessor. Every rtl/sm/*.v (ww_sm.v last), so
# new SM files are picked up without editing this list.
sm_TOP   := ww_sm
sm_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_fifo.v rtl/common/ww_amo_alu.v \
            rtl/scord/ww_scord_bartab.v rtl/scord/ww_scord_locktab.v \
            $(filter-out rtl/sm/ww_sm.v,$(sort $(wildcard rtl/sm/*.v))) rtl/sm/ww_sm.v
sm_SYNTH := 1
sm_HIER  := 1
sm_DSP   := 1

# ww_xbar: the SM <-> partition crossbar (two ww_switch directions).
xbar_TOP   := ww_xbar
xbar_RTL   := rtl/common/ww_fifo.v rtl/mem/ww_switch.v rtl/mem/ww_xbar.v
xbar_SYNTH := 1

# ww_gpu: the whole GPU (SMs, distributor, crossbar, ScoRD detectors, L2 slices).
gpu_TOP   := ww_gpu
gpu_RTL   := $(sm_RTL) rtl/mem/ww_switch.v rtl/mem/ww_l2_slice.v rtl/mem/ww_xbar.v \
             rtl/scord/ww_scord_check.v rtl/scord/ww_scord_fencefile.v rtl/scord/ww_scord_det.v \
             rtl/top/ww_block_dist.v rtl/top/ww_gpu.v
gpu_SYNTH := 1
gpu_HIER  := 1
gpu_DSP   := 1
