BLOCKS += scord_fencefile
scord_fencefile_TOP     := ww_scord_fencefile
scord_fencefile_RTL     := rtl/scord/ww_scord_fencefile.v
scord_fencefile_C       := cmodel/scord/ww_scord_fencefile.c
scord_fencefile_MUTANTS := SCORD_DEVFENCE_BUMPS_BLK
scord_fencefile_POINTS  := small:WW_NUM_SM=1,WW_WARPS_PER_SM=1,WW_SCORD_FENCEID_W=1 odd:WW_NUM_SM=3,WW_WARPS_PER_SM=3,WW_SCORD_FENCEID_W=3
scord_fencefile_SYNTH   := 1
