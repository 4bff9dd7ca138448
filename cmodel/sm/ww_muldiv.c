/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_muldiv -- C model of rtl/sm/ww_muldiv.v. Results are computed when an
 * instruction is accepted (ww_muldiv_compute, 64-bit host arithmetic on
 * magnitudes, no signed overflow) and carried through a model of the RTL's
 * timing: multiply stages m1, m2; the divider busy for 32 cycles, then done
 * until its result is taken.
 */
#include "ww_muldiv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int valid;
  uint64_t tag;
  uint32_t data[WW_LANES];
} slot_t;

struct ww_muldiv {
  ww_muldiv_cfg_t cfg;
  slot_t m1, m2, div;
  int div_busy;         /* div.valid: done */
  unsigned div_cnt;
};

/* two's-complement value of a 32-bit word, as int64_t, without conversions */
static int64_t sx(uint32_t x)
{
  return (x >> 31) ? (int64_t)x - ((int64_t)1 << 32) : (int64_t)x;
}

static uint32_t hi_word(int64_t a, int64_t b)
{
  /* a, b in [-2^31, 2^32): the product fits in 65 bits, so split it */
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;     /* mod 2^64 */
  uint64_t lo = (ua & 0xFFFFFFFFu) * (ub & 0xFFFFFFFFu);
  uint64_t cross = (ua >> 32) * (ub & 0xFFFFFFFFu) + (ua & 0xFFFFFFFFu) * (ub >> 32);
  uint64_t hi = ((ua >> 32) * (ub >> 32) << 32) + cross + (lo >> 32);   /* mod 2^64 */
  return (uint32_t)hi;
}

uint32_t ww_muldiv_compute(unsigned op, uint32_t a, uint32_t b)
{
  switch (op & 7u) {
  case WW_MD_MUL:    return (uint32_t)((uint64_t)a * b);
  case WW_MD_MULH:   return hi_word(sx(a), sx(b));
  case WW_MD_MULHSU: return hi_word(sx(a), (int64_t)b);
  case WW_MD_MULHU:  return (uint32_t)(((uint64_t)a * b) >> 32);
  case WW_MD_DIVU:   return b ? a / b : 0xFFFFFFFFu;
  case WW_MD_REMU:   return b ? a % b : a;
  default: break;
  }
  /* signed division on int64_t: INT_MIN / -1 = 2^31 wraps to INT_MIN */
  int64_t sa = sx(a), sb = sx(b);
  if (op == WW_MD_DIV)
    return b ? (uint32_t)(sa / sb) : 0xFFFFFFFFu;
  return b ? (uint32_t)(sa % sb) : a;      /* C99: remainder has the dividend's sign */
}

ww_muldiv_cfg_t ww_muldiv_default_cfg(void)
{
  ww_muldiv_cfg_t c = { WW_LANES };
  return c;
}

ww_muldiv_t *ww_muldiv_new(const ww_muldiv_cfg_t *c)
{
  if (!c->lanes || c->lanes > WW_LANES) {
    fprintf(stderr, "ww_muldiv: illegal configuration LANES=%u\n", c->lanes);
    return NULL;
  }
  ww_muldiv_t *m = calloc(1, sizeof *m);
  if (m)
    m->cfg = *c;
  return m;
}

void ww_muldiv_free(ww_muldiv_t *m)
{
  free(m);
}

void ww_muldiv_step(ww_muldiv_t *m, const ww_muldiv_in_t *in, ww_muldiv_out_t *out)
{
  const unsigned lanes = m->cfg.lanes;
  unsigned op = (unsigned)in->in_op_i & 7u;
  int is_div = op >= WW_MD_DIV;
  int div_done = m->div.valid;

  /* this cycle's outputs and handshakes */
  int m2_adv = !m->m2.valid || (in->out_ready_i && !div_done);
  int m1_adv = !m->m1.valid || m2_adv;
  int div_idle = !m->div_busy && !div_done;
  int accept_mul = in->in_valid_i && !is_div && m1_adv;
  int accept_div = in->in_valid_i && is_div && div_idle;
  const slot_t *o = div_done ? &m->div : &m->m2;
  out->in_ready_o = (uint64_t)(is_div ? div_idle : m1_adv);
  out->out_valid_o = (uint64_t)(div_done || m->m2.valid);
  out->out_tag_o = o->tag;
  memcpy(out->out_data_o, o->data, lanes * sizeof o->data[0]);

  /* the clock edge */
  slot_t acc;
  if (accept_mul || accept_div) {
    acc.valid = 1;
    acc.tag = in->in_tag_i & 0xFFu;
    for (unsigned l = 0; l < lanes; l++)
      acc.data[l] = ww_muldiv_compute(op, in->in_a_i[l], in->in_b_i[l]);
  }
  if (m2_adv) {
    int v = m->m1.valid;
    if (v)
      m->m2 = m->m1;
    m->m2.valid = v;
  }
  if (m1_adv) {
    if (accept_mul)
      m->m1 = acc;
    m->m1.valid = accept_mul;
  }
  if (accept_div) {
    int done = m->div.valid;
    m->div = acc;
    m->div.valid = done;
    m->div_busy = 1;
    m->div_cnt = 0;
  } else if (m->div_busy) {
    if (m->div_cnt == 31) {
      m->div_busy = 0;
      m->div.valid = 1;
    }
    m->div_cnt++;
  } else if (div_done && in->out_ready_i) {
    m->div.valid = 0;
  }
  if (!in->rst_ni) {
    m->m1.valid = m->m2.valid = m->div.valid = 0;
    m->div_busy = 0;
  }
}
