/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_isa -- decoder and disassembler; every encoding comes from ww_isa.def.
 */
#include "ww_isa.h"

#include <ctype.h>
#include <stdio.h>

typedef struct {
  const char *mnem;
  uint32_t match, mask;
  ww_fmt_t fmt;
  ww_cls_t cls;
} insn_desc_t;

static const insn_desc_t table[WW_OP_COUNT] = {
#define WW_INSN(name, mnem, match, mask, fmt, cls) \
  { mnem, match, mask, WW_FMT_##fmt, WW_CLS_##cls },
#include "ww_isa.def"
};

static int32_t sext(uint32_t v, unsigned bits)
{
  uint32_t m = 1u << (bits - 1);
  return (int32_t)((v ^ m) - m);
}

int ww_decode(uint32_t w, ww_insn_t *d)
{
  d->raw = w;
  d->op = WW_OP_ILLEGAL;
  d->rd = d->rs1 = d->rs2 = d->rs3 = 0;
  d->imm = 0;
  for (unsigned i = 0; i < WW_OP_COUNT; i++) {
    if ((w & table[i].mask) != table[i].match)
      continue;
    d->op = (uint16_t)i;
    uint8_t rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31;
    switch (table[i].fmt) {
    case WW_FMT_R: case WW_FMT_AMO:
      d->rd = rd; d->rs1 = rs1; d->rs2 = rs2;
      break;
    case WW_FMT_R4:
      d->rd = rd; d->rs1 = rs1; d->rs2 = rs2; d->rs3 = (w >> 27) & 31;
      break;
    case WW_FMT_I: case WW_FMT_LOAD:
      d->rd = rd; d->rs1 = rs1; d->imm = sext(w >> 20, 12);
      break;
    case WW_FMT_SHIFT:
      d->rd = rd; d->rs1 = rs1; d->imm = (int32_t)rs2;
      break;
    case WW_FMT_S:
      d->rs1 = rs1; d->rs2 = rs2;
      d->imm = sext(((w >> 25) << 5) | ((w >> 7) & 31), 12);
      break;
    case WW_FMT_B:
      d->rs1 = rs1; d->rs2 = rs2;
      d->imm = sext((((w >> 31) & 1) << 12) | (((w >> 7) & 1) << 11) |
                    (((w >> 25) & 63) << 5) | (((w >> 8) & 15) << 1), 13);
      break;
    case WW_FMT_U:
      d->rd = rd; d->imm = (int32_t)(w & 0xFFFFF000u);
      break;
    case WW_FMT_J:
      d->rd = rd;
      d->imm = sext((((w >> 31) & 1) << 20) | (((w >> 12) & 255) << 12) |
                    (((w >> 20) & 1) << 11) | (((w >> 21) & 1023) << 1), 21);
      break;
    case WW_FMT_CSR:
      d->rd = rd; d->rs1 = rs1; d->imm = (int32_t)(w >> 20);
      break;
    case WW_FMT_RS1:
      d->rs1 = rs1;
      break;
    case WW_FMT_RD_RS1:
      d->rd = rd; d->rs1 = rs1;
      break;
    case WW_FMT_NONE:
      break;
    }
    return 0;
  }
  return -1;
}

const char *ww_op_mnemonic(unsigned op)
{
  return op < WW_OP_COUNT ? table[op].mnem : "illegal";
}

ww_fmt_t ww_op_format(unsigned op) { return op < WW_OP_COUNT ? table[op].fmt : WW_FMT_NONE; }

ww_cls_t ww_op_class(unsigned op) { return op < WW_OP_COUNT ? table[op].cls : WW_CLS_SYS; }

const char *ww_csr_name(uint32_t addr)
{
  switch (addr) {
#define WW_CSR(name, a, what) case a: return #name;
#include "ww_isa.def"
  default: return NULL;
  }
}

static const char *const reg[32] = {
  "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
  "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
  "t5", "t6",
};

char *ww_disasm(const ww_insn_t *d, uint32_t pc, char *buf, size_t n)
{
  const char *m = ww_op_mnemonic(d->op);
  if (d->op >= WW_OP_COUNT) {
    snprintf(buf, n, "illegal 0x%08x", d->raw);
    return buf;
  }
  switch (table[d->op].fmt) {
  case WW_FMT_R:
    snprintf(buf, n, "%s %s, %s, %s", m, reg[d->rd], reg[d->rs1], reg[d->rs2]);
    break;
  case WW_FMT_AMO:
    snprintf(buf, n, "%s %s, %s, (%s)", m, reg[d->rd], reg[d->rs2], reg[d->rs1]);
    break;
  case WW_FMT_R4:
    snprintf(buf, n, "%s %s, %s, %s, (%s)", m, reg[d->rd], reg[d->rs2], reg[d->rs3],
             reg[d->rs1]);
    break;
  case WW_FMT_I: case WW_FMT_SHIFT:
    snprintf(buf, n, "%s %s, %s, %d", m, reg[d->rd], reg[d->rs1], d->imm);
    break;
  case WW_FMT_LOAD:
    snprintf(buf, n, "%s %s, %d(%s)", m, reg[d->rd], d->imm, reg[d->rs1]);
    break;
  case WW_FMT_S:
    snprintf(buf, n, "%s %s, %d(%s)", m, reg[d->rs2], d->imm, reg[d->rs1]);
    break;
  case WW_FMT_B:
    snprintf(buf, n, "%s %s, %s, 0x%x", m, reg[d->rs1], reg[d->rs2], pc + (uint32_t)d->imm);
    break;
  case WW_FMT_U:
    snprintf(buf, n, "%s %s, 0x%x", m, reg[d->rd], (uint32_t)d->imm >> 12);
    break;
  case WW_FMT_J:
    snprintf(buf, n, "%s %s, 0x%x", m, reg[d->rd], pc + (uint32_t)d->imm);
    break;
  case WW_FMT_CSR: {
    const char *c = ww_csr_name((uint32_t)d->imm);
    char lower[32] = "";
    for (size_t i = 0; c && c[i] && i + 1 < sizeof lower; i++)
      lower[i] = (char)tolower((unsigned char)c[i]);
    if (c)
      snprintf(buf, n, "%s %s, %s, %s", m, reg[d->rd], lower, reg[d->rs1]);
    else
      snprintf(buf, n, "%s %s, 0x%x, %s", m, reg[d->rd], (unsigned)d->imm, reg[d->rs1]);
    break;
  }
  case WW_FMT_RS1:
    snprintf(buf, n, "%s %s", m, reg[d->rs1]);
    break;
  case WW_FMT_RD_RS1:
    snprintf(buf, n, "%s %s, %s", m, reg[d->rd], reg[d->rs1]);
    break;
  case WW_FMT_NONE:
    snprintf(buf, n, "%s", m);
    break;
  }
  return buf;
}
