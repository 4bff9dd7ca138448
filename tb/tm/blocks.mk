# SPDX-License-Identifier: Apache-2.0
#
# tb/tm/blocks.mk -- lockstep registry of KILO TM (Fung et al., MICRO 2011) (see tb/blocks.mk).

BLOCKS += lwh
lwh_C        := cmodel/common/ww_h3.c cmodel/tm/ww_lwh.c
lwh_LOCKSTEP := tb/tm/lockstep/lwh.c
lwh_MUTANTS  := LWH_BUCKET_OVERWRITE LWH_ALLOC_IGNORES_FILTER
lwh_POINTS   := small:WW_LWH_ENTRIES=16,WW_LWH_WAYS=2,WW_LWH_BUCKETS=16,WW_LWH_SUBARRAYS=2,WW_LWH_ADDR_W=10,WW_CID_W=7,WW_CID_SLACK=20
