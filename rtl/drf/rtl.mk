# SPDX-License-Identifier: Apache-2.0
#
# rtl/drf/rtl.mk -- RTL file lists of rtl/drf/: the autonomous DRF tester
# (docs/drf.md). Format: rtl/mem/rtl.mk.

# ww_drf_tester: the generator and checker (wavefronts, episodes, DRF rules,
# reference memory and event log in block RAM).
RTL_MODULES += drf_tester
drf_tester_TOP   := ww_drf_tester
drf_tester_RTL   := rtl/common/ww_sram_1r1w.v rtl/drf/ww_drf_tester.v
drf_tester_DSP   := 1
drf_tester_SYNTH := 1

# ww_drf_top: the tester on the memory system (L1 per SM, crossbar, L2 slices).
RTL_MODULES += drf_top
drf_top_TOP   := ww_drf_top
drf_top_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/common/ww_fifo.v \
                 rtl/sm/ww_l1_dcache.v rtl/mem/ww_l2_slice.v rtl/mem/ww_switch.v rtl/mem/ww_xbar.v \
                 rtl/drf/ww_drf_tester.v rtl/drf/ww_drf_top.v
drf_top_DSP   := 1

# ww_drf_fpga_run: runs the tester on an FPGA without a host, run after run,
# a report line each (fpga/boards/*/ *_drf.v; docs/fpga_flow.md).
RTL_MODULES += drf_fpga_run
drf_fpga_run_TOP := ww_drf_fpga_run
drf_fpga_run_RTL := rtl/drf/ww_drf_fpga_run.v
