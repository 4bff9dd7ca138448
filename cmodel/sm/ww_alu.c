/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_alu -- C model of rtl/sm/ww_alu.v. All arithmetic is on uint32_t;
 * signed views are formed by explicit sign tests (no signed overflow, no
 * implementation-defined right shift of negative values).
 */
#include "ww_alu.h"

#include <stdlib.h>

struct ww_alu {
  ww_alu_cfg_t cfg;
};

static int lt_signed(uint32_t a, uint32_t b)
{
  uint32_t sa = a >> 31, sb = b >> 31;
  return sa != sb ? (int)sa : a < b;
}

static uint32_t sra(uint32_t a, unsigned sh)
{
  uint32_t r = a >> sh;
  if ((a >> 31) && sh)
    r |= ~(0xFFFFFFFFu >> sh);
  return r;
}

uint32_t ww_alu_compute(unsigned op, uint32_t a, uint32_t b)
{
  unsigned sh = b & 31u, alt = (op >> 3) & 1u;
  switch (op & 7u) {
  case WW_ALU_ADD:  return alt ? a - b : a + b;
  case WW_ALU_SLL:  return a << sh;
  case WW_ALU_SLT:  return (uint32_t)lt_signed(a, b);
  case WW_ALU_SLTU: return (uint32_t)(a < b);
  case WW_ALU_XOR:  return a ^ b;
  case WW_ALU_SRL:  return alt ? sra(a, sh) : a >> sh;
  case WW_ALU_OR:   return a | b;
  default:          return a & b;
  }
}

ww_alu_cfg_t ww_alu_default_cfg(void)
{
  ww_alu_cfg_t c = { 0 };
  return c;
}

ww_alu_t *ww_alu_new(const ww_alu_cfg_t *cfg)
{
  ww_alu_t *a = calloc(1, sizeof *a);
  if (a)
    a->cfg = *cfg;
  return a;
}

void ww_alu_free(ww_alu_t *a)
{
  free(a);
}

void ww_alu_step(ww_alu_t *alu, const ww_alu_in_t *in, ww_alu_out_t *out)
{
  (void)alu;
  uint32_t a = (uint32_t)in->a_i, b = (uint32_t)in->b_i;
  out->result_o = ww_alu_compute((unsigned)in->op_i & 15u, a, b);
  out->eq_o = a == b;
  out->lt_o = (uint64_t)lt_signed(a, b);
  out->ltu_o = a < b;
}
