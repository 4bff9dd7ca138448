# SPDX-License-Identifier: Apache-2.0
#
# tb/top/blocks.mk -- lockstep registry of the GPU top level (see tb/blocks.mk).

BLOCKS += block_dist
block_dist_C        := cmodel/top/ww_block_dist.c
block_dist_LOCKSTEP := tb/top/lockstep/block_dist.c
block_dist_MUTANTS  := BLOCK_DIST_IGNORES_WARPS BLOCK_DIST_REFILL_SLOT0
block_dist_POINTS   := big:WW_NUM_SM=5,WW_WARPS_PER_SM=8,WW_BLOCKS_PER_SM=3
