BLOCKS += scord_locktab
scord_locktab_TOP     := ww_scord_locktab
scord_locktab_RTL     := rtl/scord/ww_scord_locktab.v
scord_locktab_C       := cmodel/scord/ww_scord_locktab.c
scord_locktab_MUTANTS := SCORD_FENCE_BLK_ACTIVATES_DEV SCORD_LOCK_NO_DEDUP
scord_locktab_POINTS  := small:WW_WARPS_PER_SM=1,WW_SCORD_LOCK_ENTRIES=1,WW_SCORD_LOCK_HASH_W=2,WW_SCORD_BLOOM_W=4 odd:WW_WARPS_PER_SM=3,WW_SCORD_LOCK_ENTRIES=3,WW_SCORD_LOCK_HASH_W=5,WW_SCORD_BLOOM_W=8
scord_locktab_SYNTH   := 1
