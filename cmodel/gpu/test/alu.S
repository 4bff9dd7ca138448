/* SPDX-License-Identifier: Apache-2.0
 *
 * alu.S -- RV32IM test kernels for the golden GPU model (docs/isa.md
 * "RV32IM", "SIMT CSRs"). test_gpu.c checks every result on the host.
 */
#include "ww_test.inc"

  .text
  .globl _start
_start:

/* alu(kargs: in, out): thread g reads (a, b) = in[2g], in[2g+1] and writes
 * 32 results to out[32g ...]. Operands are lane-dependent. */
  .globl alu
alu:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 3
  add t0, t0, t1
  lw a0, 0(t0)
  lw a1, 4(t0)
  lw t2, 4(s1)
  slli t1, s0, 7
  add s2, t2, t1
  add t3, a0, a1;    sw t3, 0(s2)
  sub t3, a0, a1;    sw t3, 4(s2)
  sll t3, a0, a1;    sw t3, 8(s2)
  slt t3, a0, a1;    sw t3, 12(s2)
  sltu t3, a0, a1;   sw t3, 16(s2)
  xor t3, a0, a1;    sw t3, 20(s2)
  srl t3, a0, a1;    sw t3, 24(s2)
  sra t3, a0, a1;    sw t3, 28(s2)
  or t3, a0, a1;     sw t3, 32(s2)
  and t3, a0, a1;    sw t3, 36(s2)
  mul t3, a0, a1;    sw t3, 40(s2)
  mulh t3, a0, a1;   sw t3, 44(s2)
  mulhsu t3, a0, a1; sw t3, 48(s2)
  mulhu t3, a0, a1;  sw t3, 52(s2)
  div t3, a0, a1;    sw t3, 56(s2)
  divu t3, a0, a1;   sw t3, 60(s2)
  rem t3, a0, a1;    sw t3, 64(s2)
  remu t3, a0, a1;   sw t3, 68(s2)
  addi t3, a0, -5;   sw t3, 72(s2)
  slti t3, a0, 7;    sw t3, 76(s2)
  sltiu t3, a0, -1;  sw t3, 80(s2)
  xori t3, a0, 0x555; sw t3, 84(s2)
  ori t3, a0, -256;  sw t3, 88(s2)
  andi t3, a0, 0x7f0; sw t3, 92(s2)
  slli t3, a0, 3;    sw t3, 96(s2)
  srli t3, a0, 7;    sw t3, 100(s2)
  srai t3, a0, 13;   sw t3, 104(s2)
  addi t3, a0, -2048; sw t3, 108(s2)
  lui t3, 0x12345
  add t3, t3, a1;    sw t3, 112(s2)
  .globl alu_auipc
alu_auipc:
  auipc t3, 0x1;     sw t3, 116(s2)
  slti t3, a0, -2048; sw t3, 120(s2)
  sltiu t3, a0, 2047; sw t3, 124(s2)
  /* writes to x0 are dropped */
  addi x0, a0, 1
  add x0, a0, a1
  lw x0, 0(s1)
  bnez x0, alu_bad
  WW_EXIT
alu_bad:
  ebreak

/* branches(kargs: n, pairs, out): for each uniform pair (a, b), out[i] gets
 * bit k set when branch k of beq, bne, blt, bge, bltu, bgeu is taken; then
 * jal/jalr link values: out[n] = link of jal, out[n+1] = link of jalr. */
  .globl branches
branches:
  csrr s1, CSR_KARGS
  lw s2, 0(s1)
  lw s3, 4(s1)
  lw s4, 8(s1)
1:
  beqz s2, 9f
  lw a0, 0(s3)
  lw a1, 4(s3)
  li t0, 0
  beq a0, a1, 2f
  j 3f
2: ori t0, t0, 1
3: bne a0, a1, 2f
  j 3f
2: ori t0, t0, 2
3: blt a0, a1, 2f
  j 3f
2: ori t0, t0, 4
3: bge a0, a1, 2f
  j 3f
2: ori t0, t0, 8
3: bltu a0, a1, 2f
  j 3f
2: ori t0, t0, 16
3: bgeu a0, a1, 2f
  j 3f
2: ori t0, t0, 32
3:
  sw t0, 0(s4)
  addi s3, s3, 8
  addi s4, s4, 4
  addi s2, s2, -1
  j 1b
9:
  .globl br_jal
br_jal:
  jal ra, 1f
1:
  sw ra, 0(s4)
  la t1, 2f
  .globl br_jalr
br_jalr:
  jalr t2, 0(t1)
  ebreak
2:
  sw t2, 4(s4)
  /* jalr with rd == rs1 */
  la t1, 3f
  .globl br_jalr2
br_jalr2:
  jalr t1, 0(t1)
  ebreak
3:
  sw t1, 8(s4)
  WW_EXIT

/* csrs(kargs: out): thread g writes the 14 SIMT CSRs to out[16g ...]. */
  .globl csrs
csrs:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  slli t1, s0, 6
  add s2, t0, t1
  csrr t0, CSR_TID;        sw t0, 0(s2)
  csrr t0, CSR_NTID;       sw t0, 4(s2)
  csrr t0, CSR_CTAID;      sw t0, 8(s2)
  csrr t0, CSR_NCTAID;     sw t0, 12(s2)
  csrr t0, CSR_LANEID;     sw t0, 16(s2)
  csrr t0, CSR_WARPID;     sw t0, 20(s2)
  csrr t0, CSR_NWARPID;    sw t0, 24(s2)
  csrr t0, CSR_SMID;       sw t0, 28(s2)
  csrr t0, CSR_NSMID;      sw t0, 32(s2)
  csrr t0, CSR_HWWID;      sw t0, 36(s2)
  csrr t0, CSR_NLANES;     sw t0, 40(s2)
  csrr t0, CSR_KARGS;      sw t0, 44(s2)
  csrr t0, CSR_LOCAL_BASE; sw t0, 48(s2)
  csrr t0, CSR_LOCAL_SIZE; sw t0, 52(s2)
  /* local memory works as a stack: push and pop a lane value */
  csrr t0, CSR_LOCAL_BASE
  csrr t1, CSR_LOCAL_SIZE
  add sp, t0, t1
  addi sp, sp, -16
  addi t2, s0, 77
  sw t2, 12(sp)
  lw t3, 12(sp)
  addi sp, sp, 16
  sw t3, 56(s2)
  WW_EXIT

/* spin(kargs: iters, out): a pure ALU loop; out[g] = final t3. */
  .globl spin
spin:
  GTID s0, t0
  csrr s1, CSR_KARGS
  lw t0, 0(s1)
  mv t1, s0
  li t2, 0
  li t3, 0
1:
  addi t1, t1, 3
  xor t2, t2, t1
  add t3, t3, t2
  slli t4, t3, 1
  xor t3, t3, t4
  addi t0, t0, -1
  bnez t0, 1b
  lw t5, 4(s1)
  slli t6, s0, 2
  add t5, t5, t6
  sw t3, 0(t5)
  WW_EXIT
