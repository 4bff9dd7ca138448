BLOCKS += warp_sched
warp_sched_TOP     := ww_warp_sched
warp_sched_RTL     := rtl/sm/ww_warp_sched.v
warp_sched_C       := cmodel/sm/ww_warp_sched.c
warp_sched_MUTANTS := SCHED_RR_INCLUSIVE
warp_sched_POINTS  := small:WW_WARPS_PER_SM=2 odd:WW_WARPS_PER_SM=5
warp_sched_SYNTH   := 1
