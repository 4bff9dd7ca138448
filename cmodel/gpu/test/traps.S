/* SPDX-License-Identifier: Apache-2.0
 *
 * traps.S -- one kernel per trap kind of docs/isa.md "Errors". Kernel
 * t_<kind> traps at the instruction labelled t_<kind>_pc; test_gpu.c checks
 * kind, PC, instruction, and lane and address for memory traps.
 */
#include "ww_test.inc"

  .text
  .globl _start
_start:

  .globl t_illegal
t_illegal:
  nop
  .globl t_illegal_pc
t_illegal_pc:
  .word 0xffffffff

  .globl t_csrw
t_csrw:
  li a0, 1
  .globl t_csrw_pc
t_csrw_pc:
  csrw 0xCC0, a0

  .globl t_csrother
t_csrother:
  .globl t_csrother_pc
t_csrother_pc:
  csrr a0, 0xC00          /* cycle: not a SIMT CSR */

  .globl t_fencei
t_fencei:
  .globl t_fencei_pc
t_fencei_pc:
  .word 0x0000100f        /* fence.i */

  .globl t_amo_a
t_amo_a:
  csrr a0, CSR_KARGS
  .globl t_amo_a_pc
t_amo_a_pc:
  .word 0x00a5202f        /* amoadd.w x0, a0, (a0): the A extension */

  .globl t_divergent
t_divergent:
  csrr t0, CSR_LANEID
  andi t0, t0, 2
  .globl t_divergent_pc
t_divergent_pc:
  bnez t0, 1f
1:
  WW_EXIT

  .globl t_jalr_div
t_jalr_div:
  csrr t0, CSR_LANEID
  andi t0, t0, 4
  la t1, 1f
  add t1, t1, t0
  .globl t_jalr_div_pc
t_jalr_div_pc:
  jalr x0, 0(t1)
1:
  nop
  WW_EXIT

  .globl t_jump_mis
t_jump_mis:
  la t1, 1f
  addi t1, t1, 2
  .globl t_jump_mis_pc
t_jump_mis_pc:
  jalr x0, 0(t1)
1:
  nop
  WW_EXIT

  .globl t_join
t_join:
  nop
  .globl t_join_pc
t_join_pc:
  WW_JOIN

  .globl t_overflow
t_overflow:
  li t0, 1
  .globl t_overflow_pc
t_overflow_pc:
  WW_SPLIT t0             /* uniform: one entry per pass, 33rd overflows */
  j t_overflow_pc

/* lane 3 and up misaligned: kargs + 2 */
  .globl t_misaligned
t_misaligned:
  csrr a0, CSR_KARGS
  csrr t0, CSR_LANEID
  sltiu t1, t0, 3
  xori t1, t1, 1
  slli t1, t1, 1
  add a1, a0, t1
  .globl t_misaligned_pc
t_misaligned_pc:
  lw a2, 0(a1)
  WW_EXIT

  .globl t_mis_store
t_mis_store:
  csrr a0, CSR_KARGS
  .globl t_mis_store_pc
t_mis_store_pc:
  sh a0, 1(a0)
  WW_EXIT

/* lane 0 stores to 0x10 */
  .globl t_null
t_null:
  csrr t0, CSR_LANEID
  slli t0, t0, 2
  .globl t_null_pc
t_null_pc:
  sw t0, 16(t0)
  WW_EXIT

/* lanes 5+ load from 0x20000000 (past global memory, below shared) */
  .globl t_range
t_range:
  csrr a0, CSR_KARGS
  csrr t0, CSR_LANEID
  sltiu t1, t0, 5
  li t2, 0x20000000
  sub t2, t2, a0
  addi t1, t1, -1         /* 0 for lanes < 5, -1 for 5+ */
  and t2, t2, t1
  add a1, a0, t2
  .globl t_range_pc
t_range_pc:
  lw a2, 0(a1)
  WW_EXIT

/* shared window end: SHARED_BASE + SHMEM_BYTES (kargs[0]) */
  .globl t_shrange
t_shrange:
  csrr a0, CSR_KARGS
  lw t0, 0(a0)
  li a1, SHARED_BASE
  add a1, a1, t0
  .globl t_shrange_pc
t_shrange_pc:
  WW_AMO AMO_ADD, BLK, a2, t0, a1
  WW_EXIT

  .globl t_fetch_null
t_fetch_null:
  .globl t_fetch_null_jump
t_fetch_null_jump:
  jalr x0, 8(x0)

  .globl t_fetch_range
t_fetch_range:
  li t0, 0x20000000
  jr t0

  .globl t_exit_div
t_exit_div:
  csrr t0, CSR_LANEID
  andi t0, t0, 1
  WW_SPLIT t0
  beqz t0, 1f
  .globl t_exit_div_pc
t_exit_div_pc:
  WW_EXIT
1:
  WW_JOIN
  WW_EXIT

/* full mask, but inside a uniform split: the stack is not empty */
  .globl t_exit_stack
t_exit_stack:
  li t0, 1
  WW_SPLIT t0
  .globl t_exit_stack_pc
t_exit_stack_pc:
  WW_EXIT

  .globl t_bar_div
t_bar_div:
  csrr t0, CSR_LANEID
  sltiu t0, t0, 3
  WW_SPLIT t0
  beqz t0, 1f
  .globl t_bar_div_pc
t_bar_div_pc:
  WW_BAR
1:
  WW_JOIN
  WW_EXIT

/* warp 1 exits at once, warp 0 arrives at the barrier later */
  .globl t_deadlock1
t_deadlock1:
  csrr t0, CSR_WARPID
  bnez t0, 1f
  nop
  nop
  nop
  nop
  .globl t_deadlock1_pc
t_deadlock1_pc:
  WW_BAR
  WW_EXIT
1:
  WW_EXIT

/* warp 0 waits at once, warp 1 exits later */
  .globl t_deadlock2
t_deadlock2:
  csrr t0, CSR_WARPID
  bnez t0, 1f
  .globl t_deadlock2_pc
t_deadlock2_pc:
  WW_BAR
  WW_EXIT
1:
  nop
  nop
  nop
  nop
  WW_EXIT

  .globl t_ebreak
t_ebreak:
  nop
  .globl t_ebreak_pc
t_ebreak_pc:
  ebreak

  .globl t_ecall
t_ecall:
  .globl t_ecall_pc
t_ecall_pc:
  ecall

  .globl t_tx
t_tx:
  WW_TX_BEGIN
  .globl t_tx_pc
t_tx_pc:
  WW_BAR

  .globl t_txexit
t_txexit:
  WW_TX_BEGIN
  .globl t_txexit_pc
t_txexit_pc:
  WW_EXIT

  .globl t_txc
t_txc:
  .globl t_txc_pc
t_txc_pc:
  WW_TX_COMMIT

  .globl t_txsplit
t_txsplit:
  WW_TX_BEGIN
  WW_SPLIT x0
  .globl t_txsplit_pc
t_txsplit_pc:
  WW_TX_COMMIT

/* 1000 transactional loads: more than the read log holds (WW_TX_LOG_WORDS,
 * checked in test_gpu.c) */
  .globl t_txfull
t_txfull:
  csrr a0, CSR_KARGS
  li t1, 1000
  WW_TX_BEGIN
1:
  .globl t_txfull_pc
t_txfull_pc:
  lw t2, 0(a0)
  addi t1, t1, -1
  bnez t1, 1b
  WW_TX_COMMIT
  WW_EXIT

/* t_txnest(kargs: n): n nested ww.tx.begin, then n ww.tx.commit. With
 * n > 2^TX_DEPTH_W - 1 (the trap table passes SHMEM_BYTES) the begin after
 * the deepest one traps TX_NESTING. */
  .globl t_txnest
t_txnest:
  csrr a0, CSR_KARGS
  lw t1, 0(a0)
  mv t2, t1
1:
  .globl t_txnest_pc
t_txnest_pc:
  WW_TX_BEGIN
  addi t1, t1, -1
  bnez t1, 1b
2:
  WW_TX_COMMIT
  addi t2, t2, -1
  bnez t2, 2b
  WW_EXIT

  .globl t_steps
t_steps:
  li t0, 0
  .globl t_steps_pc
t_steps_pc:
  addi t0, t0, 1
  j t_steps_pc

/* a barrier that does complete; used by the step_warp tests */
  .globl t_barok
t_barok:
  .globl t_barok_pc
t_barok_pc:
  WW_BAR
  WW_EXIT
