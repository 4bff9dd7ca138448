# ww_l2_slice: one memory partition's L2 slice (write-back) with the device atomic unit.
BLOCKS += l2_slice
l2_slice_TOP     := ww_l2_slice
l2_slice_RTL     := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/mem/ww_l2_slice.v
l2_slice_C       := cmodel/common/ww_amo.c cmodel/mem/ww_l2_slice.c
l2_slice_MUTANTS := L2_LOSE_DIRTY_ON_EVICT
l2_slice_POINTS  := small:WW_L2_SETS=2,WW_L2_WAYS=2,WW_NUM_PART=1 wide:WW_LINE_BYTES=128,WW_L2_SETS=4,WW_L2_WAYS=1,WW_NUM_PART=3
l2_slice_SYNTH   := 1
