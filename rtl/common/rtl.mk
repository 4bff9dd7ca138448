# SPDX-License-Identifier: Apache-2.0
#
# rtl/common/rtl.mk -- RTL file lists of rtl/common/: shared hardware (hashes, Bloom filter, LUT RAM, SRAM, FIFO, AMO ALU).
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += bloom_filter
bloom_filter_TOP   := ww_bloom_filter
bloom_filter_RTL   := rtl/common/ww_h3_hash.v rtl/common/ww_lutram.v rtl/common/ww_bloom_filter.v
bloom_filter_SYNTH := 1

# ww_hex_line: a line of hex words on a byte stream (the FPGA tops' reports)
RTL_MODULES += hex_line
hex_line_TOP   := ww_hex_line
hex_line_RTL   := rtl/common/ww_hex_line.v
