BLOCKS += l1_dcache
l1_dcache_TOP     := ww_l1_dcache
l1_dcache_RTL     := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/sm/ww_l1_dcache.v
l1_dcache_C       := cmodel/common/ww_amo.c cmodel/sm/ww_l1_dcache.c
l1_dcache_MUTANTS := L1_NO_WRITE_EVICT L1_MERGE_NOINST
l1_dcache_POINTS  := small:WW_L1_SETS=2,WW_L1_WAYS=2,WW_WARPS_PER_SM=2 wide:WW_LINE_BYTES=128,WW_L1_WAYS=8
l1_dcache_SYNTH   := 1
