# SPDX-License-Identifier: Apache-2.0
#
# blocks.mk -- the registry of hardware blocks. Every flow (lockstep tests,
# lint, synthesis) reads its block list from here.
#
# For each block B in BLOCKS:
#   B_TOP      top module (file rtl/.../B_TOP.v; C model cmodel/.../B_TOP.[ch])
#   B_RTL      RTL files, leaves first
#   B_C        C model sources (the lockstep descriptor tb/lockstep/blocks/B.c is implied)
#   B_MUTANTS  names X of `ifdef WW_MUTANT_X lines in B's RTL; each must be caught
#   B_POINTS   extra parameter points as NAME:DEF,DEF (DEF = WW_CFG_NAME=value),
#              run in lockstep besides the defaults
#   B_SYNTH    1 if `make synth` reports it
#   B_DSP      1 if it may map onto DSPs (scripts/check_synth.sh fails others)

BLOCKS := bloom_filter lwh simt_stack coalescer

bloom_filter_TOP     := ww_bloom_filter
bloom_filter_RTL     := rtl/common/ww_h3_hash.v rtl/common/ww_bloom_filter.v
bloom_filter_C       := cmodel/common/ww_h3.c cmodel/common/ww_bloom_filter.c
bloom_filter_MUTANTS := BLOOM_OR_HIT
bloom_filter_POINTS  := small:WW_BLOOM_BITS=64,WW_BLOOM_K=2,WW_BLOOM_KEY_W=12
bloom_filter_SYNTH   := 1

lwh_TOP     := ww_lwh
lwh_RTL     := rtl/common/ww_h3_hash.v rtl/common/ww_sram_1r1w.v rtl/tm/ww_lwh.v
lwh_C       := cmodel/common/ww_h3.c cmodel/tm/ww_lwh.c
lwh_MUTANTS := LWH_BUCKET_OVERWRITE LWH_ALLOC_IGNORES_FILTER
lwh_POINTS  := small:WW_LWH_ENTRIES=16,WW_LWH_WAYS=2,WW_LWH_BUCKETS=16,WW_LWH_SUBARRAYS=2,WW_LWH_ADDR_W=10,WW_CID_W=7,WW_CID_SLACK=20
lwh_SYNTH   := 1

simt_stack_TOP     := ww_simt_stack
simt_stack_RTL     := rtl/common/ww_sram_1r1w.v rtl/sm/ww_simt_stack.v
simt_stack_C       := cmodel/sm/ww_simt_stack.c
simt_stack_MUTANTS := SIMT_JOIN_KEEPS_TOP
simt_stack_POINTS  := wide:WW_WARPS_PER_SM=3,WW_LANES=32,WW_SIMT_DEPTH=4
simt_stack_SYNTH   := 1

coalescer_TOP     := ww_coalescer
coalescer_RTL     := rtl/sm/ww_coalescer.v
coalescer_C       := cmodel/sm/ww_coalescer.c
coalescer_MUTANTS := COALESCE_IGNORE_LOW_LINE_BIT
coalescer_POINTS  := wide:WW_LANES=32,WW_LINE_BYTES=128 narrow:WW_LANES=2,WW_LINE_BYTES=4
coalescer_SYNTH   := 1

# More blocks: one file per block in tb/blocks.d/ (BLOCKS += name, then its
# variables as above), so blocks can be added without editing this file.
-include $(sort $(wildcard tb/blocks.d/*.mk))
