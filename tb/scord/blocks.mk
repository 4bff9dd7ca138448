# SPDX-License-Identifier: Apache-2.0
#
# tb/scord/blocks.mk -- lockstep registry of ScoRD, the scoped race detector (ISCA 2020) (see tb/blocks.mk).

BLOCKS += scord_bartab
scord_bartab_C        := cmodel/scord/ww_scord_bartab.c
scord_bartab_LOCKSTEP := tb/scord/lockstep/scord_bartab.c
scord_bartab_MUTANTS  := SCORD_BAR_LAUNCH_NO_RESET SCORD_BAR_SATURATE
scord_bartab_POINTS   := small:WW_BLOCKS_PER_SM=1,WW_SCORD_BARID_W=2 odd:WW_BLOCKS_PER_SM=3,WW_SCORD_BARID_W=3

BLOCKS += scord_check
scord_check_C        := cmodel/scord/ww_scord_check.c
scord_check_LOCKSTEP := tb/scord/lockstep/scord_check.c
scord_check_MUTANTS  := SCORD_III_C_IGNORES_DS
scord_check_POINTS   := tag2:WW_SCORD_TAG_W=2 narrow:WW_SCORD_BLOCKID_W=2,WW_SCORD_WARPID_W=1,WW_SCORD_FENCEID_W=2,WW_SCORD_BARID_W=1,WW_SCORD_TAG_W=1,WW_SCORD_BLOOM_W=4 full64:WW_SCORD_TAG_W=10

BLOCKS += scord_det
scord_det_C        := cmodel/scord/ww_scord_check.c cmodel/scord/ww_scord_fencefile.c cmodel/scord/ww_scord_det.c
scord_det_LOCKSTEP := tb/scord/lockstep/scord_det.c
scord_det_MUTANTS  := SCORD_DET_NO_TAG_CHECK SCORD_DET_FP_FROM_CUR SCORD_DET_NO_FORWARD SCORD_DET_FWD_FIRST_ONLY SCORD_DET_FWD_FROM_LINEBUF SCORD_DET_LOG_ONE_LINE@line16
scord_det_POINTS   := small:WW_SCORD_QUEUE=2,WW_SCORD_LOG_ENTRIES=4,WW_SCORD_DEDUP=2,WW_SCORD_READAHEAD=1 odd:WW_NUM_SM=3,WW_WARPS_PER_SM=3,WW_NUM_PART=3,WW_SCORD_DET_PART=2,WW_SCORD_TAG_W=2,WW_SCORD_READAHEAD=3 wide:WW_LINE_BYTES=64,WW_SCORD_DEDUP=4,WW_SCORD_READAHEAD=8 line16:WW_LINE_BYTES=16,WW_SCORD_LOG_ENTRIES=4,WW_SCORD_DEDUP=2,WW_SCORD_READAHEAD=2

BLOCKS += scord_fencefile
scord_fencefile_C        := cmodel/scord/ww_scord_fencefile.c
scord_fencefile_LOCKSTEP := tb/scord/lockstep/scord_fencefile.c
scord_fencefile_MUTANTS  := SCORD_DEVFENCE_BUMPS_BLK
scord_fencefile_POINTS   := small:WW_NUM_SM=1,WW_WARPS_PER_SM=1,WW_SCORD_FENCEID_W=1 odd:WW_NUM_SM=3,WW_WARPS_PER_SM=3,WW_SCORD_FENCEID_W=3

BLOCKS += scord_locktab
scord_locktab_C        := cmodel/scord/ww_scord_locktab.c
scord_locktab_LOCKSTEP := tb/scord/lockstep/scord_locktab.c
scord_locktab_MUTANTS  := SCORD_FENCE_BLK_ACTIVATES_DEV SCORD_LOCK_NO_DEDUP
scord_locktab_POINTS   := small:WW_WARPS_PER_SM=1,WW_SCORD_LOCK_ENTRIES=1,WW_SCORD_LOCK_HASH_W=2,WW_SCORD_BLOOM_W=4 odd:WW_WARPS_PER_SM=3,WW_SCORD_LOCK_ENTRIES=3,WW_SCORD_LOCK_HASH_W=5,WW_SCORD_BLOOM_W=8

BLOCKS += scord_rec
scord_rec_C        := cmodel/scord/ww_scord_rec.c
scord_rec_LOCKSTEP := tb/scord/lockstep/scord_rec.c
scord_rec_MUTANTS  := SCORD_REC_LAST_LANE_ONLY SCORD_BLKFENCE_AS_DEV
scord_rec_POINTS   := narrow:WW_LANES=2,WW_LINE_BYTES=4,WW_WARPS_PER_SM=2,WW_NUM_PART=1 wide:WW_LANES=32,WW_LINE_BYTES=128,WW_WARPS_PER_SM=16,WW_NUM_PART=3
