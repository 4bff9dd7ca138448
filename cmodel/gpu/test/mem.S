/* SPDX-License-Identifier: Apache-2.0
 *
 * mem.S -- memory test kernels for the golden GPU model (docs/isa.md
 * "Memory", "Scoped atomics", "Strong accesses"): every load/store width,
 * L1 staleness and fences, scoped atomics and their races, CAS, retire
 * records. test_gpu.c checks every result on the host.
 */
#include "ww_test.inc"

  .text
  .globl _start
_start:

/* ldst(kargs: src, out, dst): thread g loads src with lb, lbu (byte g),
 * lh, lhu (half g), lw (word g) into out[5g ...]; stores sb to dst[2g],
 * sh to dst+512 at half 2g, sw to dst+1024 at word g. */
  .globl ldst
ldst:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw a1, 4(s1)
  lw a2, 8(s1)
  li t0, 20
  mul t0, s0, t0
  add s2, a1, t0          /* out + 20g */
  add t1, a0, s0
  lb t2, 0(t1);  sw t2, 0(s2)
  lbu t2, 0(t1); sw t2, 4(s2)
  slli t0, s0, 1
  add t1, a0, t0
  addi t1, t1, 6          /* negative offsets: -6 */
  lh t2, -6(t1);  sw t2, 8(s2)
  lhu t2, -6(t1); sw t2, 12(s2)
  slli t0, s0, 2
  add t1, a0, t0
  lw t2, 0(t1);  sw t2, 16(s2)
  /* stores: value v = g * 0x01030507 + 0x80 */
  li t3, 0x01030507
  mul t3, s0, t3
  addi t3, t3, 0x80
  slli t0, s0, 1
  add t1, a2, t0
  sb t3, 0(t1)
  slli t0, s0, 2
  add t1, a2, t0
  sh t3, 512(t1)
  add t1, a2, t0
  addi t1, t1, 1024
  sw t3, 0(t1)
  WW_EXIT

/* stale(kargs: X, flagA, flagB, out, flagC, flagD): block 0 (SM0) writes,
 * block 1 (SM1) reads; warps other than 0 exit at once.
 *   out[0] first load of X (caches the line)      = 111
 *   out[1] load after SM0 stored 222               = 111 (stale L1 hit)
 *   out[2] strong load                             = 222 (L2)
 *   out[3] load again (strong loads do not refill) = 111
 *   out[4] load after ww.fence.blk                 = 111 (no data moves)
 *   out[5] load after ww.fence.dev                 = 222
 *   out[6] load after SM0 stored 333               = 222 (stale)
 *   out[7] load after `fence`                      = 333 */
  .globl stale
stale:
  csrr t0, CSR_WARPID
  beqz t0, 1f
  WW_EXIT
1:
  csrr s1, CSR_KARGS
  lw s2, 0(s1)            /* X */
  lw s3, 4(s1)            /* flagA */
  lw s4, 8(s1)            /* flagB */
  lw s5, 12(s1)           /* out */
  lw s6, 16(s1)           /* flagC */
  lw s7, 20(s1)           /* flagD */
  li a7, 1
  csrr t0, CSR_CTAID
  bnez t0, stale_reader
  /* writer on SM0 */
2: WW_LW_STRONG t1, 0, s3
  beqz t1, 2b
  li t0, 222
  sw t0, 0(s2)
  WW_SW_STRONG a7, 0, s4
2: WW_LW_STRONG t1, 0, s6
  beqz t1, 2b
  li t0, 333
  sw t0, 0(s2)
  WW_SW_STRONG a7, 0, s7
  WW_EXIT
stale_reader:
  lw t0, 0(s2);  sw t0, 0(s5)
  WW_SW_STRONG a7, 0, s3
2: WW_LW_STRONG t1, 0, s4
  beqz t1, 2b
  lw t0, 0(s2);  sw t0, 4(s5)
  WW_LW_STRONG t0, 0, s2
  sw t0, 8(s5)
  lw t0, 0(s2);  sw t0, 12(s5)
  WW_FENCE_BLK
  lw t0, 0(s2);  sw t0, 16(s5)
  WW_FENCE_DEV
  lw t0, 0(s2);  sw t0, 20(s5)
  WW_SW_STRONG a7, 0, s6
2: WW_LW_STRONG t1, 0, s7
  beqz t1, 2b
  lw t0, 0(s2);  sw t0, 24(s5)
  fence rw, rw
  lw t0, 0(s2);  sw t0, 28(s5)
  WW_EXIT

/* race_blk / race_dev(kargs: counter, iters): every thread adds 1 iters times. */
  .globl race_blk
race_blk:
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw t0, 4(s1)
  li t1, 1
1:
  WW_AMO AMO_ADD, BLK, t2, t1, a0
  addi t0, t0, -1
  bnez t0, 1b
  WW_EXIT

  .globl race_dev
race_dev:
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw t0, 4(s1)
  li t1, 1
1:
  WW_AMO AMO_ADD, DEV, t2, t1, a0
  addi t0, t0, -1
  bnez t0, 1b
  WW_EXIT

/* amos(kargs: in, mem, old, shared_out): thread g, warp w (global warp
 * index) applies all nine ops in both scopes with operand in[g] to the
 * warp's own words mem[18w + k]; old values go to old[18g + k]. Then the
 * same nine (block scope) on shared memory word k, copied to
 * shared_out[9 * block + k] by warp 0 after a barrier. */
  .globl amos
amos:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 2
  add t0, t0, t1
  lw a1, 0(t0)            /* operand */
  csrr t0, CSR_CTAID
  csrr t1, CSR_NWARPID
  mul t0, t0, t1
  csrr t1, CSR_WARPID
  add t0, t0, t1          /* global warp index */
  li t1, 72
  mul t0, t0, t1
  lw a0, 4(s1)
  add a0, a0, t0          /* mem + 72w */
  lw a2, 8(s1)
  li t1, 72
  mul t1, s0, t1
  add a2, a2, t1          /* old + 72g */
  .irp op, 0, 1, 2, 3, 4, 5, 6, 7, 8
  WW_AMO \op, BLK, t3, a1, a0
  sw t3, (\op * 4)(a2)
  addi a0, a0, 4
  .endr
  .irp op, 0, 1, 2, 3, 4, 5, 6, 7, 8
  WW_AMO \op, DEV, t3, a1, a0
  sw t3, (36 + \op * 4)(a2)
  addi a0, a0, 4
  .endr
  /* shared memory: both scopes act on the block's shared words */
  li a0, SHARED_BASE
  csrr t0, CSR_WARPID
  bnez t0, 1f             /* warp 0 (every lane, same values) initialises */
  li t1, 0x5a5a5a5a
  .irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8
  sw t1, (\k * 4)(a0)
  .endr
1:
  WW_BAR
  csrr t0, CSR_WARPID
  bnez t0, 3f             /* warp 0 only: a defined lane order */
  .irp op, 0, 1, 2, 3, 4, 5, 6, 7, 8
  WW_AMO \op, (\op & 1), t3, a1, a0
  addi a0, a0, 4
  .endr
3:
  WW_BAR
  csrr t0, CSR_WARPID
  bnez t0, 2f
  lw t1, 12(s1)
  csrr t2, CSR_CTAID
  li t3, 36
  mul t2, t2, t3
  add t1, t1, t2
  li a0, SHARED_BASE
  .irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8
  lw t3, (\k * 4)(a0)
  sw t3, (\k * 4)(t1)
  .endr
2:
  WW_EXIT

/* cas_lane(kargs: mem, old): all lanes of warp w CAS mem[w] from 0 to g+1;
 * in lane order only the first succeeds. old[g] = value seen. Then
 * cas with rd == rs2 (rd aliasing). */
  .globl cas_lane
cas_lane:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw a2, 4(s1)
  csrr t0, CSR_CTAID
  csrr t1, CSR_NWARPID
  mul t0, t0, t1
  csrr t1, CSR_WARPID
  add t0, t0, t1
  slli t0, t0, 2
  add a0, a0, t0
  addi t2, s0, 1
  WW_CAS BLK, t3, x0, t2, a0
  slli t0, s0, 2
  add a2, a2, t0
  sw t3, 0(a2)
  WW_EXIT

/* cas_count(kargs: counter, iters): every thread adds 1, iters times, with
 * a ww.cas.dev retry loop (a divergent loop: vote + split/join). */
  .globl cas_count
cas_count:
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw s2, 4(s1)
outer:
  beqz s2, done
  li s3, 0                /* done flag */
retry:
  xori t0, s3, 1
  WW_VOTE_ANY t1, t0
  beqz t1, next
  WW_SPLIT t0
  beqz t0, 1f
  WW_LW_STRONG t2, 0, a0
  addi t3, t2, 1
  WW_CAS DEV, t4, t2, t3, a0
  sub t5, t4, t2
  seqz s3, t5
1:
  WW_JOIN
  j retry
next:
  addi s2, s2, -1
  j outer
done:
  WW_EXIT

/* retire(kargs: buf): a few instructions whose retire records the host checks. */
/* tx_count(kargs: counter, iters, bytes): every thread adds 1 to counter
 * and 1 to its own byte bytes[tid] (a sub-word read-modify-write: lanes of a
 * warp share words), iters times, each time in a transaction with a nested
 * (flattened) one inside. Conflicts abort and retry (KILO TM, docs/tm.md). */
  .globl tx_count
tx_count:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw s2, 4(s1)
  lw a1, 8(s1)
  add a1, a1, s0
1:
  beqz s2, 2f
  WW_TX_BEGIN
  lw t0, 0(a0)
  addi t0, t0, 1
  WW_TX_BEGIN
  sw t0, 0(a0)
  lbu t1, 0(a1)
  addi t1, t1, 1
  sb t1, 0(a1)
  WW_TX_COMMIT
  WW_TX_COMMIT
  addi s2, s2, -1
  j 1b
2:
  WW_EXIT

/* tx_doomed(kargs: x, y, out), two warps: warp 1 commits x = y = 1 while
 * warp 0's transaction waits between reading x and reading y; warp 0 then
 * sees x != y, which no serial order allows, and spins in the transaction
 * until the watchdog validates it and restarts it (KILO TM sec. 4.2). */
  .globl tx_doomed
tx_doomed:
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw a1, 4(s1)
  lw a2, 8(s1)
  csrr t0, CSR_WARPID
  bnez t0, 3f
  WW_TX_BEGIN
  lw t1, 0(a0)
  li t3, 200
1:
  addi t3, t3, -1
  bnez t3, 1b
  lw t2, 0(a1)
2:
  bne t1, t2, 2b
  WW_TX_COMMIT
  sw t1, 0(a2)
  WW_EXIT
3:
  WW_TX_BEGIN
  li t1, 1
  sw t1, 0(a0)
  sw t1, 0(a1)
  WW_TX_COMMIT
  WW_EXIT

/* tx_rw(kargs: counter, iters, words): iters transactions per thread, each
 * reading what it wrote: the counter right after storing it, its own word
 * words[2 tid] after a byte store (the second byte store and a halfword load
 * find the word in the write log), and one word per lane where even lanes
 * read their own written word and odd lanes the next one, not written yet
 * (so one read-log entry mixes lanes from memory and lanes from the write
 * log), whose sum goes to words[2 tid + 1]. */
  .globl tx_rw
tx_rw:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw s2, 4(s1)
  lw a1, 8(s1)
  slli t0, s0, 3
  add a1, a1, t0
  csrr t0, CSR_LANEID
  andi t0, t0, 1
  slli t0, t0, 2
  add a2, a1, t0
1:
  beqz s2, 2f
  WW_TX_BEGIN
  lw t0, 0(a0)
  addi t0, t0, 1
  sw t0, 0(a0)
  lw t1, 0(a0)
  sb t1, 0(a1)
  sb t1, 1(a1)
  lhu t2, 0(a1)
  lw t3, 0(a2)
  add t3, t3, t2
  sw t3, 4(a1)
  WW_TX_COMMIT
  addi s2, s2, -1
  j 1b
2:
  WW_EXIT

/* tx_l1(kargs: x, y, out), one warp: reads y through its L1, commits a
 * transaction that writes only x, reads y again into out. The host changes
 * y in memory after the first read (label tx_l1_fill): the commit's L1
 * invalidation (docs/tm.md sec. 5) makes the second read see it. */
  .globl tx_l1
tx_l1:
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  lw a1, 4(s1)
  lw a2, 8(s1)
  .globl tx_l1_fill
tx_l1_fill:
  lw t0, 0(a1)
  WW_TX_BEGIN
  li t1, 1
  sw t1, 0(a0)
  WW_TX_COMMIT
  lw t2, 0(a1)
  sw t2, 0(a2)
  WW_EXIT

  .globl retire
retire:
  csrr s1, CSR_KARGS
  lw a0, 0(s1)
  csrr t0, CSR_LANEID
  slli t1, t0, 2
  add a1, a0, t1
  .globl r_nop
r_nop:
  addi x0, t0, 5
  .globl r_sw
r_sw:
  sw t0, 0(a1)
  .globl r_lw
r_lw:
  lw t2, 0(a1)
  .globl r_amo
r_amo:
  WW_AMO AMO_ADD, DEV, t3, t0, a1
  .globl r_lb
r_lb:
  lb t4, 0(a1)
  li t5, SHARED_BASE
  add t5, t5, t1
  .globl r_shsw
r_shsw:
  sh t0, 0(t5)
  .globl r_shlw
r_shlw:
  lw t6, 0(t5)
  .globl r_strong
r_strong:
  WW_LW_STRONG a2, 0, a1
  .globl r_blk
r_blk:
  WW_AMO AMO_OR, BLK, a3, t0, a1
  .globl r_exit
r_exit:
  WW_EXIT
