# SPDX-License-Identifier: Apache-2.0
#
# tb/drf/blocks.mk -- lockstep registry of the autonomous DRF tester
# (docs/drf.md; see tb/blocks.mk). Points of drf_tester:
#   small  one SM, 2 wavefronts of 4 lanes, 32 variables per pool, a window
#          of at most 2^8 words, a 32-value uniqueness bitmap (long runs
#          reach its unchecked values)
#   sm3    three SMs (four pools), NSYNC = 3 (a sync variable per episode
#          drawn with a non-zero modulus), a 64-value uniqueness bitmap

BLOCKS += drf_tester
drf_tester_C        := cmodel/drf/ww_drf_tester.c
drf_tester_LOCKSTEP := tb/drf/lockstep/drf_tester.c
drf_tester_MUTANTS  := DRF_FAIL_HIGH_SM_FIRST DRF_HB_STRICT DRF_SEEN_NOT_SET
drf_tester_POINTS   := small:WW_NUM_SM=1,WW_DRFT_WF=2,WW_DRFT_LANES=4,WW_DRFT_IDX_W=4,WW_DRFT_NSYNC=2,WW_DRFT_RANGE_W=8,WW_DRFT_SEEN_W=5 \
                       sm3:WW_NUM_SM=3,WW_DRFT_NSYNC=3,WW_DRFT_SEEN_W=6

# ww_drf_top: the tester on the memory system (L1 per SM, crossbar, L2
# slices, DRAM queues, end flush); its C model composes the block models.
#   small  the small caches of drf_run's small configuration (sw/drf/drf.mk)
#   voq    the same with the request crossbar's virtual output queues
BLOCKS += drf_top
drf_top_C        := cmodel/common/ww_amo.c cmodel/sm/ww_l1_dcache.c cmodel/mem/ww_switch.c \
                    cmodel/mem/ww_l2_slice.c cmodel/drf/ww_drf_tester.c cmodel/drf/ww_drf_top.c
drf_top_LOCKSTEP := tb/drf/lockstep/drf_top.c
drf_top_MUTANTS  := DRF_TOP_ATOMIC_READY_IGNORES_L1
drf_top_POINTS   := small:WW_L1_SETS=4,WW_L1_WAYS=2,WW_L2_SETS=8,WW_L2_WAYS=4 \
                    voq:WW_L1_SETS=4,WW_L1_WAYS=2,WW_L2_SETS=8,WW_L2_WAYS=4,WW_XBAR_VOQ=1
