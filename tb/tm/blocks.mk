# SPDX-License-Identifier: Apache-2.0
#
# tb/tm/blocks.mk -- lockstep registry of KILO TM (Fung et al., MICRO 2011) (see tb/blocks.mk).

BLOCKS += lwh
lwh_C        := cmodel/common/ww_h3.c cmodel/tm/ww_lwh.c
lwh_LOCKSTEP := tb/tm/lockstep/lwh.c
lwh_MUTANTS  := LWH_BUCKET_OVERWRITE LWH_ALLOC_IGNORES_FILTER LWH_LIVE_HALF_SPACE
lwh_POINTS   := small:WW_LWH_ENTRIES=16,WW_LWH_WAYS=2,WW_LWH_BUCKETS=16,WW_LWH_SUBARRAYS=2,WW_LWH_ADDR_W=10,WW_CID_W=7,WW_CID_SLACK=20

BLOCKS += tm_cid
tm_cid_C        := cmodel/tm/ww_tm_cid.c
tm_cid_LOCKSTEP := tb/tm/lockstep/tm_cid.c
tm_cid_MUTANTS  := TM_CID_ONE_PER_GRANT
tm_cid_POINTS   := small:WW_NUM_SM=1,WW_LANES=1,WW_CID_W=2 odd:WW_NUM_SM=3,WW_LANES=5,WW_CID_W=5 wide:WW_NUM_SM=8,WW_LANES=32,WW_CID_W=16

BLOCKS += tm_commit_unit
tm_commit_unit_C        := cmodel/common/ww_h3.c cmodel/tm/ww_lwh.c cmodel/tm/ww_tm_commit_unit.c
tm_commit_unit_LOCKSTEP := tb/tm/lockstep/tm_commit_unit.c
tm_commit_unit_MUTANTS  := TM_CU_NO_HAZARD TM_CU_COMMIT_FAILED TM_CU_LWH_AT_HEAD TM_CU_STATS_HAZARD_TWICE
tm_commit_unit_POINTS   := small:WW_TM_CU_ENTRIES=4,WW_TM_CU_POOL=3,WW_TM_CU_READS=2,WW_CID_W=7,WW_CID_SLACK=20,WW_LWH_ENTRIES=16,WW_LWH_WAYS=2,WW_LWH_BUCKETS=16,WW_LWH_SUBARRAYS=2,WW_LWH_ADDR_W=10

BLOCKS += tm_txlog
tm_txlog_C        := cmodel/common/ww_h3.c cmodel/tm/ww_tm_txlog.c
tm_txlog_LOCKSTEP := tb/tm/lockstep/tm_txlog.c
tm_txlog_MUTANTS  := TM_TXLOG_FILTER_MISS TM_TXLOG_WALK_ONE_ENTRY TM_TXLOG_WALK_NOT_QUIET
tm_txlog_POINTS   := small:WW_WARPS_PER_SM=2,WW_LANES=4,WW_LINE_BYTES=16,WW_TX_LOG_WORDS=4,WW_TX_BLOOM_W=2 two:WW_LANES=8,WW_LINE_BYTES=16,WW_TX_LOG_WORDS=8,WW_TX_BLOOM_W=3 wide:WW_WARPS_PER_SM=8,WW_LANES=32,WW_TX_LOG_WORDS=64,WW_TX_BLOOM_W=8

BLOCKS += tm_commit_walk
tm_commit_walk_C        := cmodel/tm/ww_tm_commit_walk.c
tm_commit_walk_LOCKSTEP := tb/tm/lockstep/tm_commit_walk.c
tm_commit_walk_MUTANTS  := TM_CW_FINAL_IGNORES_FAIL TM_CW_SKIP_LAST_ENTRY
tm_commit_walk_POINTS   := small:WW_WARPS_PER_SM=2,WW_LANES=4,WW_LINE_BYTES=16,WW_TX_LOG_WORDS=8,WW_NUM_PART=2,WW_CID_W=4 p3:WW_NUM_PART=3,WW_LANES=8,WW_LINE_BYTES=16,WW_CID_W=6 wide:WW_WARPS_PER_SM=8,WW_LANES=32,WW_NUM_PART=4,WW_TX_LOG_WORDS=64

BLOCKS += tm_warp
tm_warp_C        := cmodel/tm/ww_tm_warp.c
tm_warp_LOCKSTEP := tb/tm/lockstep/tm_warp.c
tm_warp_MUTANTS  := TM_WARP_LIMIT_PLUS_ONE TM_WARP_WD_DURING_COMMIT
tm_warp_POINTS   := small:WW_WARPS_PER_SM=2,WW_TM_WARPS_PER_SM=1,WW_TX_DEPTH_W=2,WW_TX_WATCHDOG=5 unlimited:WW_TM_WARPS_PER_SM=0 wide:WW_WARPS_PER_SM=32,WW_TM_WARPS_PER_SM=3,WW_TX_WATCHDOG=0

BLOCKS += tm_cu_mem
tm_cu_mem_C        := cmodel/tm/ww_tm_cu_mem.c
tm_cu_mem_LOCKSTEP := tb/tm/lockstep/tm_cu_mem.c
tm_cu_mem_MUTANTS  := TM_CU_MEM_WORD0
tm_cu_mem_POINTS   := small:WW_LINE_BYTES=4,WW_TM_CU_READS=2 wide:WW_LINE_BYTES=128,WW_TM_CU_READS=16

BLOCKS += tm_sm
tm_sm_C        := cmodel/common/ww_h3.c cmodel/tm/ww_tm_txlog.c cmodel/tm/ww_tm_commit_walk.c cmodel/tm/ww_tm_sm.c
tm_sm_LOCKSTEP := tb/tm/lockstep/tm_sm.c
tm_sm_MUTANTS  := TM_SM_SKIP_CLEAR TM_SM_RSP_TO_LOG TM_SM_WALK_NOT_QUIET TM_SM_WD_WRITES TM_SM_WD_CLEARS_ON_PASS
tm_sm_POINTS   := small:WW_WARPS_PER_SM=2,WW_LANES=4,WW_LINE_BYTES=16,WW_TX_LOG_WORDS=4,WW_TX_BLOOM_W=2,WW_NUM_PART=2,WW_CID_W=4

# tm_txlog, tm_commit_walk and tm_sm share the host references of the header
# tb/tm/lockstep/tm_ref.h: a prerequisite of each of their builds
TM_REF_BINS := $(foreach b,tm_txlog tm_commit_walk tm_sm,$(foreach v,default \
                 $(foreach p,$($(b)_POINTS),$(word 1,$(subst :, ,$(p)))) \
                 $(addprefix mut_,$($(b)_MUTANTS)),$(BUILD)/lockstep/$(b)/$(v)/lockstep))
$(TM_REF_BINS): tb/tm/lockstep/tm_ref.h
