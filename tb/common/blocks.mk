# SPDX-License-Identifier: Apache-2.0
#
# tb/common/blocks.mk -- lockstep registry of shared hardware (hashes, Bloom filter, SRAM, FIFO, AMO ALU) (see tb/blocks.mk).

BLOCKS += bloom_filter
bloom_filter_C        := cmodel/common/ww_h3.c cmodel/common/ww_bloom_filter.c
bloom_filter_LOCKSTEP := tb/common/lockstep/bloom_filter.c
bloom_filter_MUTANTS  := BLOOM_OR_HIT
bloom_filter_POINTS   := small:WW_BLOOM_BITS=64,WW_BLOOM_K=2,WW_BLOOM_KEY_W=12 \
                         q3:WW_BLOOM_BITS=64,WW_BLOOM_K=2,WW_BLOOM_KEY_W=20,WW_BLOOM_QRY_N=3 \
                         banks:WW_BLOOM_BITS=256,WW_BLOOM_K=2,WW_BLOOM_KEY_W=16,WW_BLOOM_QRY_N=4,WW_BLOOM_BANKS=4
