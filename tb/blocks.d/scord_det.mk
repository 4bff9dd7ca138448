BLOCKS += scord_det
scord_det_TOP     := ww_scord_det
scord_det_RTL     := rtl/common/ww_fifo.v rtl/scord/ww_scord_check.v rtl/scord/ww_scord_fencefile.v rtl/scord/ww_scord_det.v
scord_det_C       := cmodel/scord/ww_scord_check.c cmodel/scord/ww_scord_fencefile.c cmodel/scord/ww_scord_det.c
scord_det_MUTANTS := SCORD_DET_NO_TAG_CHECK SCORD_DET_FP_FROM_CUR
scord_det_POINTS  := small:WW_SCORD_QUEUE=2,WW_SCORD_LOG_ENTRIES=4,WW_SCORD_DEDUP=2 odd:WW_NUM_SM=3,WW_WARPS_PER_SM=3,WW_NUM_PART=3,WW_SCORD_DET_PART=2,WW_SCORD_TAG_W=2 wide:WW_LINE_BYTES=64,WW_SCORD_DEDUP=4
scord_det_SYNTH   := 1
