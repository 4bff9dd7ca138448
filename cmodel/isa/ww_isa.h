/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_isa -- decoder and disassembler built from cmodel/include/ww_isa.def.
 * docs/isa.md describes the semantics.
 */
#ifndef WW_ISA_H
#define WW_ISA_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
#define WW_INSN(name, mnem, match, mask, fmt, cls) WW_OP_##name,
#include "ww_isa.def"
  WW_OP_COUNT,
  WW_OP_ILLEGAL = WW_OP_COUNT
} ww_op_t;

typedef enum {
  WW_FMT_R, WW_FMT_I, WW_FMT_S, WW_FMT_B, WW_FMT_U, WW_FMT_J, WW_FMT_LOAD,
  WW_FMT_SHIFT, WW_FMT_NONE, WW_FMT_CSR, WW_FMT_RS1, WW_FMT_RD_RS1, WW_FMT_AMO,
  WW_FMT_R4
} ww_fmt_t;

typedef enum {
  WW_CLS_ALU, WW_CLS_MUL, WW_CLS_DIV, WW_CLS_BRANCH, WW_CLS_JUMP, WW_CLS_LOAD,
  WW_CLS_STORE, WW_CLS_FENCE, WW_CLS_SYS, WW_CLS_CSR, WW_CLS_SIMT, WW_CLS_TX,
  WW_CLS_ATOMIC
} ww_cls_t;

enum {
#define WW_CSR(name, addr, what) WW_CSR_##name = addr,
#include "ww_isa.def"
};

/* One decoded instruction: the fields its format uses, the rest zero. */
typedef struct {
  uint32_t raw;
  uint16_t op;          /* ww_op_t */
  uint8_t  rd, rs1, rs2, rs3;
  int32_t  imm;         /* sign-extended immediate, shift amount, or CSR address */
} ww_insn_t;

/* Decodes w; returns 0, or -1 (d->op = WW_OP_ILLEGAL) when no entry matches. */
int ww_decode(uint32_t w, ww_insn_t *d);

const char *ww_op_mnemonic(unsigned op);   /* "illegal" for WW_OP_ILLEGAL */
ww_fmt_t ww_op_format(unsigned op);
ww_cls_t ww_op_class(unsigned op);

/* Name of a SIMT CSR ("tid", ...), or NULL. */
const char *ww_csr_name(uint32_t addr);

/* objdump-style text of d at pc into buf; returns buf. */
char *ww_disasm(const ww_insn_t *d, uint32_t pc, char *buf, size_t n);

#endif /* WW_ISA_H */
