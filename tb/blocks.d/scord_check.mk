BLOCKS += scord_check
scord_check_TOP     := ww_scord_check
scord_check_RTL     := rtl/scord/ww_scord_check.v
scord_check_C       := cmodel/scord/ww_scord_check.c
scord_check_MUTANTS := SCORD_III_C_IGNORES_DS
scord_check_POINTS  := tag2:WW_SCORD_TAG_W=2 narrow:WW_SCORD_BLOCKID_W=2,WW_SCORD_WARPID_W=1,WW_SCORD_FENCEID_W=2,WW_SCORD_BARID_W=1,WW_SCORD_TAG_W=1,WW_SCORD_BLOOM_W=4 full64:WW_SCORD_TAG_W=10
scord_check_SYNTH   := 1
