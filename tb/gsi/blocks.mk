# SPDX-License-Identifier: Apache-2.0
#
# tb/gsi/blocks.mk -- lockstep registry of GSI, the GPU stall inspector (ISPASS 2016) (see tb/blocks.mk).

BLOCKS += gsi
gsi_C        := cmodel/gsi/ww_gsi.c
gsi_LOCKSTEP := tb/gsi/lockstep/gsi.c
gsi_MUTANTS  := GSI_DATA_BEFORE_STRUCT GSI_FLUSH_DROPS_CYCLE GSI_CNT_HIGH_BIT_STUCK GSI_ACC_HIGH_BIT_STUCK GSI_TX_COMMIT_AS_OTHER GSI_DET_COMMIT_AS_SERIAL
gsi_POINTS   := small:WW_WARPS_PER_SM=2 wide:WW_WARPS_PER_SM=8 narrow:WW_WARPS_PER_SM=3,WW_GSI_CNT_W=6
