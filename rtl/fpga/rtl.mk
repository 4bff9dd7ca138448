# SPDX-License-Identifier: Apache-2.0
#
# rtl/fpga/rtl.mk -- RTL file lists of rtl/fpga/: the UART host link and the
# FPGA top (docs/fpga.md). Read by lint, synthesis and the simulator server's
# build (sw/fpga/fpga.mk). The top Makefile includes every rtl/*/rtl.mk
# sorted, before rtl/top/rtl.mk: fpga_top_RTL is a recursive variable, so
# gpu_RTL is defined when it is expanded. For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += crc32 uart_rx uart_tx hl_rx hl_tx hl_run hostlink mem_arb fpga_mem sdram_ctrl fpga_sdram fpga_clkgate fpga_top board_reset
crc32_TOP      := ww_crc32
crc32_RTL      := rtl/fpga/ww_crc32.v
uart_rx_TOP    := ww_uart_rx
uart_rx_RTL    := rtl/fpga/ww_uart_rx.v
uart_rx_SYNTH  := 1
uart_tx_TOP    := ww_uart_tx
uart_tx_RTL    := rtl/fpga/ww_uart_tx.v
uart_tx_SYNTH  := 1
hl_rx_TOP      := ww_hl_rx
hl_rx_RTL      := rtl/common/ww_sram_1r1w.v rtl/fpga/ww_crc32.v rtl/fpga/ww_hl_rx.v
hl_rx_SYNTH    := 1
hl_tx_TOP      := ww_hl_tx
hl_tx_RTL      := rtl/fpga/ww_crc32.v rtl/fpga/ww_hl_tx.v
hl_tx_SYNTH    := 1
hl_run_TOP     := ww_hl_run
hl_run_RTL     := rtl/fpga/ww_hl_run.v
hl_run_SYNTH   := 1
hostlink_TOP   := ww_hostlink
hostlink_RTL   := rtl/fpga/ww_hostlink.v
hostlink_SYNTH := 1
mem_arb_TOP    := ww_mem_arb
mem_arb_RTL    := rtl/fpga/ww_mem_arb.v
fpga_mem_TOP   := ww_fpga_mem
fpga_mem_RTL   := rtl/common/ww_sram_1r1w.v rtl/fpga/ww_mem_arb.v rtl/fpga/ww_fpga_mem.v
fpga_mem_SYNTH := 1
sdram_ctrl_TOP := ww_sdram_ctrl
sdram_ctrl_RTL := rtl/fpga/ww_sdram_ctrl.v
sdram_ctrl_SYNTH := 1
fpga_sdram_TOP := ww_fpga_sdram
fpga_sdram_RTL := rtl/fpga/ww_mem_arb.v rtl/fpga/ww_sdram_ctrl.v rtl/fpga/ww_fpga_sdram.v
fpga_sdram_SYNTH := 1
fpga_clkgate_TOP := ww_fpga_clkgate
fpga_clkgate_RTL := rtl/fpga/ww_fpga_clkgate.v
board_reset_TOP  := ww_board_reset
board_reset_RTL  := rtl/fpga/ww_board_reset.v

# the link without the GPU (the unit test bench tb/fpga/tb_hl_link.v adds a
# memory and drives the GPU's side)
HOSTLINK_RTL := $(hl_rx_RTL) rtl/fpga/ww_uart_rx.v rtl/fpga/ww_uart_tx.v rtl/fpga/ww_hl_tx.v \
                $(hl_run_RTL) $(hostlink_RTL) rtl/fpga/ww_mem_arb.v rtl/fpga/ww_fpga_mem.v

# the FPGA top: the GPU, its memory and the link (the GPU's files first)
fpga_top_TOP    = ww_fpga_top
fpga_top_RTL    = $(gpu_RTL) $(filter-out rtl/common/ww_sram_1r1w.v,$(HOSTLINK_RTL)) \
                  rtl/fpga/ww_sdram_ctrl.v rtl/fpga/ww_fpga_sdram.v $(fpga_clkgate_RTL) rtl/fpga/ww_fpga_top.v
