# SPDX-License-Identifier: Apache-2.0
#
# tb/sm/blocks.mk -- lockstep registry of the streaming multiprocessor (see tb/blocks.mk).

BLOCKS += simt_stack
simt_stack_C        := cmodel/sm/ww_simt_stack.c
simt_stack_LOCKSTEP := tb/sm/lockstep/simt_stack.c
simt_stack_MUTANTS  := SIMT_JOIN_KEEPS_TOP SIMT_TX_COMMIT_POPS_ON_FAIL SIMT_TX_RETRY_ALL_LANES \
                       SIMT_TX_RETRY_DROPS_LANE SIMT_TX_ABORT_KEEPS_ABOVE
simt_stack_POINTS   := wide:WW_WARPS_PER_SM=3,WW_LANES=32,WW_SIMT_DEPTH=4

BLOCKS += coalescer
coalescer_C        := cmodel/sm/ww_coalescer.c
coalescer_LOCKSTEP := tb/sm/lockstep/coalescer.c
coalescer_MUTANTS  := COALESCE_IGNORE_LOW_LINE_BIT
coalescer_POINTS   := wide:WW_LANES=32,WW_LINE_BYTES=128 narrow:WW_LANES=2,WW_LINE_BYTES=4

BLOCKS += alu
alu_C        := cmodel/sm/ww_alu.c
alu_LOCKSTEP := tb/sm/lockstep/alu.c
alu_MUTANTS  := ALU_SRA_LOGICAL
alu_POINTS   :=

BLOCKS += barrier
barrier_C        := cmodel/sm/ww_barrier.c
barrier_LOCKSTEP := tb/sm/lockstep/barrier.c
barrier_MUTANTS  := BAR_EXITED_COUNT_AS_ARRIVED
barrier_POINTS   := small:WW_WARPS_PER_SM=2,WW_BLOCKS_PER_SM=1 wide:WW_WARPS_PER_SM=7,WW_BLOCKS_PER_SM=3

BLOCKS += decode
decode_C        := cmodel/isa/ww_isa.c cmodel/sm/ww_decode.c
decode_LOCKSTEP := tb/sm/lockstep/decode.c
decode_MUTANTS  := DECODE_BRANCH_IMM_BIT
decode_POINTS   :=

BLOCKS += l1_dcache
l1_dcache_C        := cmodel/common/ww_amo.c cmodel/sm/ww_l1_dcache.c
l1_dcache_LOCKSTEP := tb/sm/lockstep/l1_dcache.c
l1_dcache_MUTANTS  := L1_NO_WRITE_EVICT L1_MERGE_NOINST
l1_dcache_POINTS   := small:WW_L1_SETS=2,WW_L1_WAYS=2,WW_WARPS_PER_SM=2 wide:WW_LINE_BYTES=128,WW_L1_WAYS=8 mshr8:WW_L1_MSHRS=8,WW_L1_WQ=8 one:WW_L1_MSHRS=1,WW_L1_WQ=1

BLOCKS += muldiv
muldiv_C        := cmodel/sm/ww_muldiv.c
muldiv_LOCKSTEP := tb/sm/lockstep/muldiv.c
muldiv_MUTANTS  := MULDIV_REM_SIGN
muldiv_POINTS   := small:WW_LANES=1 wide:WW_LANES=32

BLOCKS += regfile
regfile_C        := cmodel/sm/ww_regfile.c
regfile_LOCKSTEP := tb/sm/lockstep/regfile.c
regfile_MUTANTS  := REGFILE_RS2_IGNORES_MASK
regfile_POINTS   := small:WW_WARPS_PER_SM=3,WW_LANES=1 wide:WW_WARPS_PER_SM=2,WW_LANES=32

BLOCKS += scoreboard
scoreboard_C        := cmodel/sm/ww_scoreboard.c
scoreboard_LOCKSTEP := tb/sm/lockstep/scoreboard.c
scoreboard_MUTANTS  := SB_IGNORE_RS2
scoreboard_POINTS   := small:WW_WARPS_PER_SM=1 wide:WW_WARPS_PER_SM=13

BLOCKS += shmem
shmem_C        := cmodel/common/ww_amo.c cmodel/sm/ww_shmem.c
shmem_LOCKSTEP := tb/sm/lockstep/shmem.c
shmem_MUTANTS  := SHMEM_IGNORE_ROW
shmem_POINTS   := small:WW_LANES=4,WW_BLOCKS_PER_SM=1,WW_SHMEM_BYTES=1024

BLOCKS += warp_sched
warp_sched_C        := cmodel/sm/ww_warp_sched.c
warp_sched_LOCKSTEP := tb/sm/lockstep/warp_sched.c
warp_sched_MUTANTS  := SCHED_RR_INCLUSIVE
warp_sched_POINTS   := small:WW_WARPS_PER_SM=2 odd:WW_WARPS_PER_SM=5

BLOCKS += fetch
fetch_C        := cmodel/isa/ww_isa.c cmodel/sm/ww_decode.c cmodel/sm/ww_fetch.c
fetch_LOCKSTEP := tb/sm/lockstep/fetch.c
fetch_MUTANTS  := FETCH_BYPASS_STALE
fetch_POINTS   := small:WW_WARPS_PER_SM=2,WW_IMEM_BYTES=64 wide:WW_WARPS_PER_SM=16,WW_IMEM_BYTES=256

BLOCKS += lsu_wb
lsu_wb_C        := cmodel/sm/ww_lsu_wb.c
lsu_wb_LOCKSTEP := tb/sm/lockstep/lsu_wb.c
lsu_wb_MUTANTS  := LSU_WB_FIN_IGNORES_LATE LSU_WB_LINE_OF_ENTRY0
lsu_wb_POINTS   := small:WW_LSU_CTX=2,WW_LANES=2,WW_WARPS_PER_SM=2 wide:WW_LSU_CTX=8,WW_LANES=32,WW_LINE_BYTES=128,WW_WARPS_PER_SM=16

BLOCKS += lsu_agen
lsu_agen_C        := cmodel/sm/ww_lsu_agen.c
lsu_agen_LOCKSTEP := tb/sm/lockstep/lsu_agen.c
lsu_agen_MUTANTS  := LSU_AGEN_HIGHEST_LANE LSU_AGEN_SHARED_PAST_END
lsu_agen_POINTS   := narrow:WW_LANES=2,WW_SHMEM_BYTES=1024 wide:WW_LANES=32

BLOCKS += lsu_bytes
lsu_bytes_C        := cmodel/sm/ww_lsu_bytes.c
lsu_bytes_LOCKSTEP := tb/sm/lockstep/lsu_bytes.c
lsu_bytes_MUTANTS  := LSU_BYTES_FIRST_LANE_WINS
lsu_bytes_POINTS   := narrow:WW_LANES=2,WW_LINE_BYTES=4 wide:WW_LANES=32,WW_LINE_BYTES=128

BLOCKS += sm_issue
sm_issue_C        := cmodel/sm/ww_warp_sched.c cmodel/sm/ww_sm_issue.c
sm_issue_LOCKSTEP := tb/sm/lockstep/sm_issue.c
sm_issue_MUTANTS  := SM_ISSUE_LATE_WAIT_SHORT SM_ISSUE_REISSUE_AFTER_BAR
sm_issue_POINTS   := small:WW_WARPS_PER_SM=2,WW_LATE_WAIT=3 odd:WW_WARPS_PER_SM=5,WW_LATE_WAIT=1 wide:WW_WARPS_PER_SM=16,WW_LATE_WAIT=30

BLOCKS += sm_complete
sm_complete_C        := cmodel/sm/ww_sm_complete.c
sm_complete_LOCKSTEP := tb/sm/lockstep/sm_complete.c
sm_complete_MUTANTS  := SM_COMPLETE_MD_BEATS_LSU SM_COMPLETE_ZERO_STOPS_AT_X30
sm_complete_POINTS   := small:WW_WARPS_PER_SM=2,WW_LANES=1 wide:WW_WARPS_PER_SM=16,WW_LANES=32 odd:WW_WARPS_PER_SM=5,WW_LANES=3

BLOCKS += sm_retire
sm_retire_C        := cmodel/sm/ww_sm_retire.c
sm_retire_LOCKSTEP := tb/sm/lockstep/sm_retire.c
sm_retire_MUTANTS  := SM_RETIRE_STACK_BEATS_EXEC SM_RETIRE_LATE_PC_FROM_EXEC
sm_retire_POINTS   := small:WW_WARPS_PER_SM=2,WW_LANES=1 wide:WW_WARPS_PER_SM=16,WW_LANES=32 odd:WW_WARPS_PER_SM=5,WW_LANES=3

BLOCKS += lsu
lsu_C        := cmodel/common/ww_amo.c cmodel/sm/ww_lsu_agen.c cmodel/sm/ww_lsu_bytes.c \
                cmodel/sm/ww_coalescer.c cmodel/sm/ww_l1_dcache.c cmodel/sm/ww_shmem.c \
                cmodel/sm/ww_lsu_wb.c cmodel/scord/ww_scord_rec.c cmodel/sm/ww_lsu.c
lsu_LOCKSTEP := tb/sm/lockstep/lsu.c
lsu_MUTANTS  := LSU_FENCE_SKIPS_WB_WAIT LSU_DEV_ATOMIC_NO_DROP LSU_FACK_ANY_PARTITION LSU_CHECK_UNTRACKED LSU_TXCHK_FIRST_LINE_ONLY LSU_DET_LOAD_IGNORES_FILTER LSU_BYP_FIELDS_OF_ANSWER_LANE
lsu_POINTS   := small:WW_WARPS_PER_SM=2,WW_LANES=4,WW_LSU_CTX=2,WW_NUM_PART=1,WW_L1_SETS=2,WW_L1_WAYS=2,WW_L1_MSHRS=2,WW_L1_WQ=2,WW_BLOCKS_PER_SM=1 wide:WW_WARPS_PER_SM=8,WW_LANES=32,WW_LINE_BYTES=128,WW_LSU_CTX=4,WW_NUM_PART=3,WW_NUM_SM=3,WW_SCORD_BARID_W=5,WW_SCORD_BLOOM_W=10
