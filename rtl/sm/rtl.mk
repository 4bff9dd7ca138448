# SPDX-License-Identifier: Apache-2.0
#
# rtl/sm/rtl.mk -- RTL file lists of rtl/sm/: the streaming multiprocessor.
# Read by lint, synthesis, the lockstep builds and the GPU build (the top
# Makefile includes every rtl/*/rtl.mk). For each module M:
#   M_TOP    top module        M_RTL  its files, leaves first
#   M_SYNTH  1: `make synth` reports it   M_DSP 1: may map onto DSPs   M_HIER 1: keep hierarchy

RTL_MODULES += simt_stack
simt_stack_TOP   := ww_simt_stack
simt_stack_RTL   := rtl/common/ww_sram_1r1w.v rtl/sm/ww_simt_stack.v
simt_stack_SYNTH := 1

RTL_MODULES += coalescer
coalescer_TOP   := ww_coalescer
coalescer_RTL   := rtl/sm/ww_coalescer.v
coalescer_SYNTH := 1

RTL_MODULES += alu
alu_TOP   := ww_alu
alu_RTL   := rtl/sm/ww_alu.v
alu_SYNTH := 1

RTL_MODULES += barrier
barrier_TOP   := ww_barrier
barrier_RTL   := rtl/sm/ww_barrier.v
barrier_SYNTH := 1

RTL_MODULES += decode
decode_TOP   := ww_decode
decode_RTL   := rtl/sm/ww_decode.v
decode_SYNTH := 1

RTL_MODULES += fetch
fetch_TOP   := ww_fetch
fetch_RTL   := rtl/common/ww_sram_1r1w.v rtl/sm/ww_decode.v rtl/sm/ww_fetch.v
fetch_SYNTH := 1

RTL_MODULES += l1_dcache
l1_dcache_TOP   := ww_l1_dcache
l1_dcache_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/sm/ww_l1_dcache.v
l1_dcache_SYNTH := 1

RTL_MODULES += lsu_agen
lsu_agen_TOP   := ww_lsu_agen
lsu_agen_RTL   := rtl/sm/ww_lsu_agen.v

RTL_MODULES += lsu_bytes
lsu_bytes_TOP   := ww_lsu_bytes
lsu_bytes_RTL   := rtl/sm/ww_lsu_bytes.v

RTL_MODULES += lsu_wb
lsu_wb_TOP   := ww_lsu_wb
lsu_wb_RTL   := rtl/sm/ww_lsu_wb.v

# ww_lsu: the SM's memory stage, an assembly of the LSU blocks above, the
# coalescer, the L1, the shared memory and ScoRD's record former; here for
# its lockstep test (cmodel/sm/ww_lsu.c); the SM's list has its files.
RTL_MODULES += lsu
lsu_TOP   := ww_lsu
lsu_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/scord/ww_scord_rec.v \
             rtl/sm/ww_lsu_agen.v rtl/sm/ww_lsu_bytes.v rtl/sm/ww_coalescer.v \
             rtl/sm/ww_l1_dcache.v rtl/sm/ww_shmem.v rtl/sm/ww_lsu_wb.v rtl/sm/ww_lsu.v

RTL_MODULES += muldiv
muldiv_TOP   := ww_muldiv
muldiv_RTL   := rtl/sm/ww_muldiv.v
muldiv_SYNTH := 1
muldiv_DSP   := 1

RTL_MODULES += regfile
regfile_TOP   := ww_regfile
regfile_RTL   := rtl/common/ww_sram_1r1w.v rtl/sm/ww_regfile.v
regfile_SYNTH := 1

RTL_MODULES += scoreboard
scoreboard_TOP   := ww_scoreboard
scoreboard_RTL   := rtl/sm/ww_scoreboard.v
scoreboard_SYNTH := 1

RTL_MODULES += shmem
shmem_TOP   := ww_shmem
shmem_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_amo_alu.v rtl/sm/ww_shmem.v
shmem_SYNTH := 1

RTL_MODULES += warp_sched
warp_sched_TOP   := ww_warp_sched
warp_sched_RTL   := rtl/sm/ww_warp_sched.v
warp_sched_SYNTH := 1

RTL_MODULES += sm_issue
sm_issue_TOP   := ww_sm_issue
sm_issue_RTL   := rtl/sm/ww_warp_sched.v rtl/sm/ww_sm_issue.v
sm_issue_SYNTH := 1

RTL_MODULES += sm_exec
sm_exec_TOP   := ww_sm_exec
sm_exec_RTL   := rtl/sm/ww_alu.v rtl/sm/ww_sm_exec.v
sm_exec_SYNTH := 1

RTL_MODULES += sm_complete
sm_complete_TOP   := ww_sm_complete
sm_complete_RTL   := rtl/sm/ww_sm_complete.v
sm_complete_SYNTH := 1

RTL_MODULES += sm_retire
sm_retire_TOP   := ww_sm_retire
sm_retire_RTL   := rtl/sm/ww_sm_retire.v
sm_retire_SYNTH := 1

# ww_sm: one streaming multiprocessor, an assembly of the blocks above with
# the ScoRD tables, the GSI classifier and KILO TM's SM side (no C model of
# its own: the whole GPU is checked by co-simulation). Every rtl/sm/*.v (ww_sm.v last), so new
# SM files are picked up without editing this list.
RTL_MODULES += sm
sm_TOP   := ww_sm
sm_RTL   := rtl/common/ww_sram_1r1w.v rtl/common/ww_fifo.v rtl/common/ww_amo_alu.v \
            rtl/scord/ww_scord_bartab.v rtl/scord/ww_scord_locktab.v rtl/scord/ww_scord_rec.v \
            rtl/gsi/ww_gsi.v rtl/common/ww_h3_hash.v rtl/tm/ww_tm_warp.v rtl/tm/ww_tm_txlog.v \
            rtl/tm/ww_tm_commit_walk.v rtl/tm/ww_tm_sm.v \
            rtl/common/ww_lutram.v rtl/common/ww_bloom_filter.v rtl/det/ww_det_warp.v rtl/det/ww_det_sbuf.v rtl/det/ww_det_sm.v \
            $(filter-out rtl/sm/ww_sm.v,$(sort $(wildcard rtl/sm/*.v))) rtl/sm/ww_sm.v
sm_SYNTH := 1
sm_HIER  := 1
sm_DSP   := 1
