# SPDX-License-Identifier: Apache-2.0
#
# tb/det/blocks.mk -- lockstep registry of GPUDet (ASPLOS 2013) (see tb/blocks.mk).

BLOCKS += zbuf
zbuf_C        := cmodel/common/ww_h3.c cmodel/det/ww_zbuf.c
zbuf_LOCKSTEP := tb/det/lockstep/zbuf.c
zbuf_MUTANTS  := ZBUF_HIGH_SLOT_WINS ZBUF_FIRST_WRITER_WINS_TIE ZBUF_NO_CLEAR_ON_WRAP ZBUF_OUT_FROM_PROBE_STALE
zbuf_POINTS   := small:WW_DET_ZLINES=16,WW_DET_QID_W=2,WW_DET_ZREQS=2,WW_DET_ZACKS=2,WW_LINE_BYTES=8 wide:WW_NUM_SM=4,WW_WARPS_PER_SM=8,WW_LINE_BYTES=128,WW_DET_ZLINES=64,WW_DET_QID_W=4

BLOCKS += det_warp
det_warp_C        := cmodel/isa/ww_isa.c cmodel/det/ww_det_warp.c
det_warp_LOCKSTEP := tb/det/lockstep/det_warp.c
det_warp_MUTANTS  := DET_WARP_QUANTUM_PLUS_ONE DET_WARP_ATOMIC_RUNS DET_WARP_SERIAL_HIGH_FIRST DET_WARP_BAR_RUNS_ON DET_WARP_LAUNCH_KEEPS_END
det_warp_POINTS   := one:WW_WARPS_PER_SM=1,WW_DET_QCNT_W=3 wide:WW_WARPS_PER_SM=32,WW_DET_QCNT_W=9

BLOCKS += det_sbuf
det_sbuf_C        := cmodel/common/ww_h3.c cmodel/common/ww_bloom_filter.c cmodel/sm/ww_lsu_bytes.c cmodel/det/ww_det_sbuf.c
det_sbuf_LOCKSTEP := tb/det/lockstep/det_sbuf.c
det_sbuf_MUTANTS  := DET_SBUF_OLD_BYTES_WIN DET_SBUF_LOAD_SKIPS_BUFFER DET_SBUF_WALK_STOPS_EARLY DET_SBUF_LOCKED_OVERLAPS \
                     DET_SBUF_QRY_IGNORES_WARP BLOOM_QRY_SKIPS_LAST DET_SBUF_WALK_SKIPS_NEXT
det_sbuf_POINTS   := small:WW_DET_SB_LINES=8,WW_DET_BLOOM_BITS=16,WW_DET_BLOOM_K=2,WW_LINE_BYTES=16,WW_LANES=4 p3:WW_NUM_PART=3,WW_WARPS_PER_SM=2,WW_LANES=8,WW_DET_SB_LINES=16

BLOCKS += det_ctrl
det_ctrl_C        := cmodel/det/ww_det_ctrl.c
det_ctrl_LOCKSTEP := tb/det/lockstep/det_ctrl.c
det_ctrl_MUTANTS  := DET_CTRL_ALL_SERIAL_AT_ONCE DET_CTRL_QID_STAYS DET_CTRL_PHASE_INV_IS_COMMIT DET_CTRL_TURN_SKIPS_QUIET
det_ctrl_POINTS   := one:WW_NUM_SM=1,WW_NUM_PART=1,WW_DET_QID_W=1 four:WW_NUM_SM=4,WW_NUM_PART=3,WW_WARPS_PER_SM=8,WW_DET_QID_W=3
