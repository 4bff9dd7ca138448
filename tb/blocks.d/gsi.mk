BLOCKS += gsi
gsi_TOP     := ww_gsi
gsi_RTL     := rtl/sm/ww_gsi.v
gsi_C       := cmodel/sm/ww_gsi.c
gsi_MUTANTS := GSI_DATA_BEFORE_STRUCT GSI_FLUSH_DROPS_CYCLE
gsi_POINTS  := small:WW_WARPS_PER_SM=2 wide:WW_WARPS_PER_SM=8 narrow:WW_WARPS_PER_SM=3,WW_GSI_CNT_W=6
gsi_SYNTH   := 1
