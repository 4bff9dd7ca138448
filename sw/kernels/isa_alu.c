/* SPDX-License-Identifier: Apache-2.0
 *
 * isa_alu -- runs every RV32IM computational instruction and every
 * conditional branch on per-lane operands and stores each result, for the
 * host to compare with native C (sw/tests/isa_tests.c).
 *
 * Task k (grid-stride over ntasks) takes the operand pair v = task_vec[k]:
 * a = ops[2v], b = ops[2v+1], and writes out[k * ISA_ALU_NRES + r] for the
 * results r listed below, in this order:
 *   0..17   add sub sll slt sltu xor srl sra or and
 *           mul mulh mulhsu mulhu div divu rem remu             (a op b)
 *   18..22  addi  a, {-2048, -1, 0, 1, 2047}
 *   23..27  slti  a, {-2048, -1, 0, 1, 2047}
 *   28..32  sltiu a, {-2048, -1, 0, 1, 2047}
 *   33..36  xori  a, {-2048, -1, 2047, 1365}
 *   37..40  ori   a, {-2048, -1, 2047, 1365}
 *   41..44  andi  a, {-2048, -1, 2047, 1365}
 *   45..48  slli  a, {0, 1, 13, 31}
 *   49..52  srli  a, {0, 1, 13, 31}
 *   53..56  srai  a, {0, 1, 13, 31}
 *   57..62  beq bne blt bge bltu bgeu a, b: 1 if taken, else 0
 * Every instruction is inline asm, so the compiler can neither fold nor
 * replace it. The host lays out the tasks so that every directed operand
 * pair runs in every thread (hence every lane, partial warps included).
 *
 * Branches on per-lane operands diverge, which is only legal between
 * ww.split and ww.join: each branch sits in a split/join region keyed on the
 * expected outcome (computed with slt/sltu/xor), so within each half of the
 * warp it is uniform. A model whose branch disagrees with its own compare
 * instructions either traps (divergent branch) or stores a wrong outcome.
 *
 * Arguments: ops (uint32 pairs), task_vec (uint32[ntasks]), ntasks, out,
 * nres_out (the kernel writes ISA_ALU_NRES there, to catch a stale layout).
 */
#include "warpwatch.h"

#define ISA_ALU_NRES 63

typedef struct {
  const uint32_t *ops;
  const uint32_t *task_vec;
  uint32_t ntasks;
  uint32_t *out;
  uint32_t *nres_out;
} isa_alu_args_t;

#define RR(insn)                                                               \
  do {                                                                         \
    uint32_t r_;                                                               \
    __asm__ volatile(insn " %0, %1, %2" : "=r"(r_) : "r"(a), "r"(b));          \
    o[n++] = r_;                                                               \
  } while (0)

#define RI(insn, imm)                                                          \
  do {                                                                         \
    uint32_t r_;                                                               \
    __asm__ volatile(insn " %0, %1, " #imm : "=r"(r_) : "r"(a));               \
    o[n++] = r_;                                                               \
  } while (0)

/* r = taken ? 1 : 0, inside split(expect) ... join. */
#define BR(insn, expect)                                                       \
  do {                                                                         \
    uint32_t r_;                                                               \
    __asm__ volatile(".insn r %[op], %[f3], %[sp], x0, %[c], x0\n\t"           \
                     "li %0, 1\n\t"                                            \
                     insn " %1, %2, 1f\n\t"                                    \
                     "li %0, 0\n"                                              \
                     "1:\n\t"                                                  \
                     ".insn r %[op], %[f3], %[jn], x0, x0, x0"                 \
                     : "=&r"(r_)                                               \
                     : "r"(a), "r"(b), [c] "r"((uint32_t)(expect)),            \
                       [op] "i"(WW_OPC_(SPLIT)), [f3] "i"(WW_F3_(SPLIT)),      \
                       [sp] "i"(WW_F7_(SPLIT)), [jn] "i"(WW_F7_(JOIN))         \
                     : "memory");                                              \
    o[n++] = r_;                                                               \
  } while (0)

WW_KERNEL(isa_alu)(const isa_alu_args_t *args)
{
  uint32_t ntasks = args->ntasks;
  uint32_t stride = ww_global_size();

  ww_if (ww_global_id() == 0) {
    *args->nres_out = ISA_ALU_NRES;
  }

  for (uint32_t k = ww_global_id(); ww_any(k < ntasks); k += stride) {
    ww_if (k < ntasks) {
      uint32_t v = args->task_vec[k];
      uint32_t a = args->ops[2 * v], b = args->ops[2 * v + 1];
      uint32_t *o = args->out + k * ISA_ALU_NRES;
      uint32_t n = 0;

      RR("add"); RR("sub"); RR("sll"); RR("slt"); RR("sltu");
      RR("xor"); RR("srl"); RR("sra"); RR("or"); RR("and");
      RR("mul"); RR("mulh"); RR("mulhsu"); RR("mulhu");
      RR("div"); RR("divu"); RR("rem"); RR("remu");

      RI("addi", -2048); RI("addi", -1); RI("addi", 0); RI("addi", 1); RI("addi", 2047);
      RI("slti", -2048); RI("slti", -1); RI("slti", 0); RI("slti", 1); RI("slti", 2047);
      RI("sltiu", -2048); RI("sltiu", -1); RI("sltiu", 0); RI("sltiu", 1); RI("sltiu", 2047);
      RI("xori", -2048); RI("xori", -1); RI("xori", 2047); RI("xori", 1365);
      RI("ori", -2048); RI("ori", -1); RI("ori", 2047); RI("ori", 1365);
      RI("andi", -2048); RI("andi", -1); RI("andi", 2047); RI("andi", 1365);
      RI("slli", 0); RI("slli", 1); RI("slli", 13); RI("slli", 31);
      RI("srli", 0); RI("srli", 1); RI("srli", 13); RI("srli", 31);
      RI("srai", 0); RI("srai", 1); RI("srai", 13); RI("srai", 31);

      BR("beq", a == b);
      BR("bne", a != b);
      BR("blt", (int32_t)a < (int32_t)b);
      BR("bge", (int32_t)a >= (int32_t)b);
      BR("bltu", a < b);
      BR("bgeu", a >= b);
      ww_assert(n == ISA_ALU_NRES);
    }
  }
}
