/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_decode -- C model of rtl/sm/ww_decode.v: ww_isa.c's ww_decode() mapped
 * onto the decoder's ports.
 */
#include "ww_decode.h"

#include <stdlib.h>

#include "ww_isa.h"

_Static_assert(WW_OP_ILLEGAL < (1u << WW_DECODE_OP_W), "WW_DECODE_OP_W too small for ww_isa.def");

int ww_decode_fmt_uses_rd(ww_fmt_t f)
{
  return f == WW_FMT_R || f == WW_FMT_AMO || f == WW_FMT_R4 || f == WW_FMT_I || f == WW_FMT_LOAD ||
         f == WW_FMT_SHIFT || f == WW_FMT_U || f == WW_FMT_J || f == WW_FMT_CSR ||
         f == WW_FMT_RD_RS1;
}

int ww_decode_fmt_uses_rs1(ww_fmt_t f)
{
  return f == WW_FMT_R || f == WW_FMT_AMO || f == WW_FMT_R4 || f == WW_FMT_I || f == WW_FMT_LOAD ||
         f == WW_FMT_SHIFT || f == WW_FMT_S || f == WW_FMT_B || f == WW_FMT_CSR ||
         f == WW_FMT_RS1 || f == WW_FMT_RD_RS1;
}

int ww_decode_fmt_uses_rs2(ww_fmt_t f)
{
  return f == WW_FMT_R || f == WW_FMT_AMO || f == WW_FMT_R4 || f == WW_FMT_S || f == WW_FMT_B;
}

int ww_decode_fmt_uses_rs3(ww_fmt_t f)
{
  return f == WW_FMT_R4;
}

void ww_decode_compute(uint32_t insn, ww_decode_out_t *out)
{
  ww_insn_t d;
  int legal = ww_decode(insn, &d) == 0;
  ww_fmt_t fmt = ww_op_format(d.op);    /* NONE for WW_OP_ILLEGAL */
  ww_cls_t cls = ww_op_class(d.op);     /* SYS for WW_OP_ILLEGAL */

  out->op_o = d.op;
  out->illegal_o = !legal;
  out->fmt_o = (uint64_t)fmt;
  out->cls_o = (uint64_t)cls;
  out->is_alu_o = legal && cls == WW_CLS_ALU;
  out->is_mul_o = legal && cls == WW_CLS_MUL;
  out->is_div_o = legal && cls == WW_CLS_DIV;
  out->is_branch_o = legal && cls == WW_CLS_BRANCH;
  out->is_jump_o = legal && cls == WW_CLS_JUMP;
  out->is_load_o = legal && cls == WW_CLS_LOAD;
  out->is_store_o = legal && cls == WW_CLS_STORE;
  out->is_atomic_o = legal && cls == WW_CLS_ATOMIC;
  out->is_fence_o = legal && cls == WW_CLS_FENCE;
  out->is_sys_o = legal && cls == WW_CLS_SYS;
  out->is_csr_o = legal && cls == WW_CLS_CSR;
  out->is_simt_o = legal && cls == WW_CLS_SIMT;
  out->is_tx_o = legal && cls == WW_CLS_TX;
  /* ww_decode() already zeroes the fields the format does not use */
  out->rd_o = d.rd;
  out->rs1_o = d.rs1;
  out->rs2_o = d.rs2;
  out->rs3_o = d.rs3;
  out->uses_rd_o = (uint64_t)ww_decode_fmt_uses_rd(fmt);
  out->uses_rs1_o = (uint64_t)ww_decode_fmt_uses_rs1(fmt);
  out->uses_rs2_o = (uint64_t)ww_decode_fmt_uses_rs2(fmt);
  out->uses_rs3_o = (uint64_t)ww_decode_fmt_uses_rs3(fmt);
  out->imm_o = (uint32_t)d.imm;
}

ww_decode_cfg_t ww_decode_default_cfg(void)
{
  ww_decode_cfg_t c = { 0 };
  return c;
}

struct ww_decode_model {
  ww_decode_cfg_t cfg;
};

ww_decode_t *ww_decode_new(const ww_decode_cfg_t *cfg)
{
  ww_decode_t *d = calloc(1, sizeof *d);
  if (d)
    d->cfg = *cfg;
  return d;
}

void ww_decode_free(ww_decode_t *d)
{
  free(d);
}

void ww_decode_step(ww_decode_t *d, const ww_decode_in_t *in, ww_decode_out_t *out)
{
  (void)d;
  ww_decode_compute((uint32_t)in->insn_i, out);
}
