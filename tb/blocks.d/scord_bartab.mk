BLOCKS += scord_bartab
scord_bartab_TOP     := ww_scord_bartab
scord_bartab_RTL     := rtl/scord/ww_scord_bartab.v
scord_bartab_C       := cmodel/scord/ww_scord_bartab.c
scord_bartab_MUTANTS := SCORD_BAR_LAUNCH_NO_RESET SCORD_BAR_SATURATE
scord_bartab_POINTS  := small:WW_BLOCKS_PER_SM=1,WW_SCORD_BARID_W=2 odd:WW_BLOCKS_PER_SM=3,WW_SCORD_BARID_W=3
scord_bartab_SYNTH   := 1
