BLOCKS += barrier
barrier_TOP     := ww_barrier
barrier_RTL     := rtl/sm/ww_barrier.v
barrier_C       := cmodel/sm/ww_barrier.c
barrier_MUTANTS := BAR_EXITED_COUNT_AS_ARRIVED
barrier_POINTS  := small:WW_WARPS_PER_SM=2,WW_BLOCKS_PER_SM=1 wide:WW_WARPS_PER_SM=7,WW_BLOCKS_PER_SM=3
barrier_SYNTH   := 1
