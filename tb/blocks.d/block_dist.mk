BLOCKS += block_dist
block_dist_TOP     := ww_block_dist
block_dist_RTL     := rtl/top/ww_block_dist.v
block_dist_C       := cmodel/top/ww_block_dist.c
block_dist_MUTANTS := BLOCK_DIST_IGNORES_WARPS
block_dist_POINTS  := big:WW_NUM_SM=5,WW_WARPS_PER_SM=8,WW_BLOCKS_PER_SM=3
block_dist_SYNTH   := 1
