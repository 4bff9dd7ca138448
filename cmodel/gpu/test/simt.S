/* SPDX-License-Identifier: Apache-2.0
 *
 * simt.S -- SIMT test kernels for the golden GPU model (docs/isa.md "The
 * SIMT extension"): split/join if/else, nesting, uniform splits, votes,
 * a divergent loop, barriers with shared memory. test_gpu.c checks every
 * result on the host.
 */
#include "ww_test.inc"

  .text
  .globl _start
_start:

/* ifelse(kargs: out): thread g (tid t): r = t odd ? 3t : t + 100;
 * out[4g] = r, out[4g+1] = ballot(1) inside its branch,
 * out[4g+2] = ballot(1) after the join, out[4g+3] = r + 1 (after the join). */
  .globl ifelse
ifelse:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 4
  add s2, t0, t1
  csrr s3, CSR_TID
  andi t0, s3, 1
  li a7, 1
  WW_SPLIT t0
  beqz t0, 1f
  li t1, 3
  mul a0, s3, t1
  WW_VOTE_BALLOT a1, a7
  j 2f
1:
  addi a0, s3, 100
  WW_VOTE_BALLOT a1, a7
2:
  WW_JOIN
  WW_VOTE_BALLOT a2, a7
  addi a3, a0, 1
  sw a0, 0(s2)
  sw a1, 4(s2)
  sw a2, 8(s2)
  sw a3, 12(s2)
  WW_EXIT

/* nested(kargs: out): t odd: (t & 2 ? 1 : 2) else (t & 4 ? 3 : 4);
 * out[4g] = leaf, out[4g+1] = ballot in the leaf, out[4g+2] = ballot in the
 * outer branch, out[4g+3] = ballot after everything; then two uniform
 * splits (all true, all false) that must not diverge. */
  .globl nested
nested:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 4
  add s2, t0, t1
  csrr s3, CSR_TID
  li a7, 1
  andi t0, s3, 1
  WW_SPLIT t0
  beqz t0, 5f
  WW_VOTE_BALLOT a2, a7
  andi t1, s3, 2
  WW_SPLIT t1
  beqz t1, 3f
  li a0, 1
  WW_VOTE_BALLOT a1, a7
  j 4f
3:
  li a0, 2
  WW_VOTE_BALLOT a1, a7
4:
  WW_JOIN
  j 9f
5:
  WW_VOTE_BALLOT a2, a7
  andi t1, s3, 4
  WW_SPLIT t1
  beqz t1, 6f
  li a0, 3
  WW_VOTE_BALLOT a1, a7
  j 7f
6:
  li a0, 4
  WW_VOTE_BALLOT a1, a7
7:
  WW_JOIN
9:
  WW_JOIN
  /* uniform splits: all lanes true, then all false */
  WW_SPLIT a7
  beqz a7, 1f
  addi a0, a0, 10
1:
  WW_JOIN
  WW_SPLIT x0
  beqz x0, 1f
  addi a0, a0, 1000
1:
  WW_JOIN
  WW_VOTE_BALLOT a3, a7
  sw a0, 0(s2)
  sw a1, 4(s2)
  sw a2, 8(s2)
  sw a3, 12(s2)
  WW_EXIT

/* votes(kargs: out): c = (t * 7) % 5 < 2; out[8g ...] = any(c), all(c),
 * ballot(c), all(1), any(0), ballot(c) inside `if (t & 1)`,
 * any(c) inside it, all(c) inside it. */
  .globl votes
votes:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 5
  add s2, t0, t1
  csrr s3, CSR_TID
  li t0, 7
  mul t0, s3, t0
  li t1, 5
  remu t0, t0, t1
  sltiu a0, t0, 2         /* c */
  li a7, 1
  WW_VOTE_ANY t2, a0;    sw t2, 0(s2)
  WW_VOTE_ALL t2, a0;    sw t2, 4(s2)
  WW_VOTE_BALLOT t2, a0; sw t2, 8(s2)
  WW_VOTE_ALL t2, a7;    sw t2, 12(s2)
  WW_VOTE_ANY t2, x0;    sw t2, 16(s2)
  andi t0, s3, 1
  li a1, 0
  li a2, 0
  li a3, 0
  WW_SPLIT t0
  beqz t0, 1f
  WW_VOTE_BALLOT a1, a0
  WW_VOTE_ANY a2, a0
  WW_VOTE_ALL a3, a0
1:
  WW_JOIN
  sw a1, 20(s2)
  sw a2, 24(s2)
  sw a3, 28(s2)
  WW_EXIT

/* divloop(kargs: out): n = t % 5 + 1; acc = sum of i*i for i < n, with a
 * uniform loop on ww.vote.any and the body under ww.split. out[2g] = acc,
 * out[2g+1] = trips of the uniform loop (max n of the warp). */
  .globl divloop
divloop:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 3
  add s2, t0, t1
  csrr s3, CSR_TID
  li t0, 5
  remu a0, s3, t0
  addi a0, a0, 1          /* n */
  li a1, 0                /* i */
  li a2, 0                /* acc */
  li a3, 0                /* trips */
1:
  slt t0, a1, a0
  WW_VOTE_ANY t1, t0
  beqz t1, 3f
  addi a3, a3, 1
  WW_SPLIT t0
  beqz t0, 2f
  mul t2, a1, a1
  add a2, a2, t2
  addi a1, a1, 1
2:
  WW_JOIN
  j 1b
3:
  sw a2, 0(s2)
  sw a3, 4(s2)
  WW_EXIT

/* barrier(kargs: out): shared sh[t] = 7g + 1; bar; v = sh[(t + 8) % ntid];
 * bar; sh[t] = 2v; ww.fence.blk; bar; out[g] = sh[ntid - 1 - t]. */
  .globl barrier
barrier:
  GTID s0, t0
  csrr s1, CSR_KARGS
  csrr s3, CSR_TID
  csrr s4, CSR_NTID
  li s5, SHARED_BASE
  li t0, 7
  mul t0, s0, t0
  addi t0, t0, 1
  slli t1, s3, 2
  add t1, s5, t1
  sw t0, 0(t1)
  WW_BAR
  addi t2, s3, 8
  remu t2, t2, s4
  slli t2, t2, 2
  add t2, s5, t2
  lw t3, 0(t2)
  WW_BAR
  slli t3, t3, 1
  sw t3, 0(t1)
  WW_FENCE_BLK
  WW_BAR
  sub t2, s4, s3
  addi t2, t2, -1
  slli t2, t2, 2
  add t2, s5, t2
  lw t3, 0(t2)
  lw t0, 0(s1)
  slli t1, s0, 2
  add t0, t0, t1
  sw t3, 0(t0)
  WW_EXIT
