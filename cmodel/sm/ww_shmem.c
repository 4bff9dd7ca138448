/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_shmem -- C model of rtl/sm/ww_shmem.v. The banks' read registers are
 * modelled: every cycle each bank reads the row the RTL addresses, before
 * that cycle's writes, and load data and atomics use last cycle's read.
 */
#include "ww_shmem.h"
#include "ww_amo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ST_IDLE, ST_LOAD, ST_LLAST, ST_STORE, ST_ARD, ST_AWR, ST_INIT };

struct ww_shmem {
  ww_shmem_cfg_t cfg;
  unsigned bank_w, word_w, slot_w, row_w;
  uint32_t *mem;              /* [bank * depth + row] */
  uint32_t rd[32];            /* per bank read register */
  int state, rsp_valid, clr;
  uint32_t sweep;
  uint32_t pend, cap, op, slot;
  uint32_t addr[32], be[32], wdata[32], cmp[32], res[32];
};

ww_shmem_cfg_t ww_shmem_default_cfg(void)
{
  ww_shmem_cfg_t c = { WW_LANES, WW_LANES, WW_BLOCKS_PER_SM, WW_SHMEM_BYTES / 4 };
  return c;
}

ww_shmem_t *ww_shmem_new(const ww_shmem_cfg_t *c)
{
  if (!c->lanes || c->lanes > 32 || !ww_is_pow2(c->banks) || c->banks > 32 || !c->slots ||
      !ww_is_pow2(c->words) || c->words < c->banks) {
    fprintf(stderr, "ww_shmem: illegal configuration LANES=%u BANKS=%u SLOTS=%u WORDS=%u\n",
            c->lanes, c->banks, c->slots, c->words);
    return NULL;
  }
  ww_shmem_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->bank_w = c->banks > 1 ? ww_clog2(c->banks) : 0;
  m->word_w = ww_clog2(c->words);
  m->slot_w = c->slots > 1 ? ww_clog2(c->slots) : 1;
  m->row_w = m->slot_w + m->word_w - m->bank_w;
  m->mem = calloc((size_t)c->banks << m->row_w, sizeof *m->mem);
  if (!m->mem) {
    free(m);
    return NULL;
  }
  return m;
}

void ww_shmem_free(ww_shmem_t *m)
{
  if (m)
    free(m->mem);
  free(m);
}

/* n bits at bit lsb of a little-endian word array (n <= 32) */
static uint32_t bits(const uint32_t *w, unsigned lsb, unsigned n)
{
  uint64_t v = w[lsb / 32];
  if ((lsb % 32) + n > 32)
    v |= (uint64_t)w[lsb / 32 + 1] << 32;
  return (uint32_t)(v >> (lsb % 32)) & (uint32_t)((1ull << n) - 1);
}

void ww_shmem_step(ww_shmem_t *m, const ww_shmem_in_t *in, ww_shmem_out_t *out)
{
  const unsigned lanes = m->cfg.lanes, banks = m->cfg.banks;
  const uint32_t depth = 1u << m->row_w, slot_mask = (1u << m->slot_w) - 1;
  unsigned bank[32], row[32];
  for (unsigned l = 0; l < lanes; l++) {
    uint32_t a = m->addr[l];
    bank[l] = a & (banks - 1);
    row[l] = ((m->slot & slot_mask) << (m->word_w - m->bank_w)) | (a >> m->bank_w);
  }
  /* per bank: the row of its lowest pending lane; lanes served this pass */
  uint32_t sel_row[32] = { 0 }, serve = 0;
  for (unsigned b = 0; b < banks; b++)
    for (unsigned l = 0; l < lanes; l++)
      if (((m->pend >> l) & 1) && bank[l] == b) {
        sel_row[b] = row[l];
        break;
      }
  for (unsigned l = 0; l < lanes; l++)
    if (((m->pend >> l) & 1) && row[l] == sel_row[bank[l]])
      serve |= 1u << l;
  unsigned alane = 0;
  for (unsigned l = 0; l < lanes; l++)
    if ((m->pend >> l) & 1) {
      alane = l;
      break;
    }
  unsigned abank = bank[alane], arow = row[alane];
  uint32_t aold = m->rd[abank], aopd = m->wdata[alane];
  /* the request's ops ADD..CAS are the atomic ALU's 0..9 (rtl/common/ww_amo_alu.v) */
  unsigned aop = m->op >= WW_SHM_ADD && m->op <= WW_SHM_CAS ? m->op - WW_SHM_ADD : 15;
  int awrite;
  uint32_t anew = ww_amo(aop, aold, m->op == WW_SHM_CAS ? m->cmp[alane] : aopd, aopd, &awrite);

  /* outputs */
  out->req_ready_o = m->state == ST_IDLE;
  out->rsp_valid_o = (uint64_t)m->rsp_valid;
  for (unsigned l = 0; l < lanes; l++)
    out->rsp_data_o[l] = m->res[l];
  out->conflict_o = (m->state == ST_LOAD || m->state == ST_STORE) && (m->pend & ~serve);

  /* next state and this cycle's bank accesses */
  int accept = in->req_valid_i && m->state == ST_IDLE;
  int state_d = m->state, rsp_d = 0;
  uint32_t pend_d = m->pend, cap_d = 0;
  uint32_t raddr[32], waddr[32], wbe[32] = { 0 }, wdata[32] = { 0 };
  for (unsigned b = 0; b < banks; b++)
    raddr[b] = waddr[b] = sel_row[b];
  uint32_t lane_mask = lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1;
  uint32_t sweep_d = m->sweep;
  int clr_d = m->clr;
  switch (m->state) {
  case ST_INIT:
    for (unsigned b = 0; b < banks; b++) {
      waddr[b] = m->sweep;
      wbe[b] = 0xF;
      wdata[b] = 0;
    }
    sweep_d = (m->sweep + 1) & (depth - 1);
    if (m->sweep == depth - 1) {
      state_d = ST_IDLE;
      rsp_d = m->clr;
      clr_d = 0;
    }
    break;
  case ST_IDLE:
    if (accept) {
      pend_d = (uint32_t)in->req_mask_i & lane_mask;
      if (in->req_op_i == WW_SHM_CLEAR) {
        state_d = ST_INIT;
        clr_d = 1;
      } else if (!pend_d)
        rsp_d = 1;
      else
        state_d = in->req_op_i == WW_SHM_LOAD ? ST_LOAD : in->req_op_i == WW_SHM_STORE ? ST_STORE : ST_ARD;
    }
    break;
  case ST_LOAD:
    pend_d = m->pend & ~serve;
    cap_d = serve;
    if (!pend_d)
      state_d = ST_LLAST;
    break;
  case ST_LLAST:
    state_d = ST_IDLE;
    rsp_d = 1;
    break;
  case ST_STORE:
    for (unsigned l = 0; l < lanes; l++)
      if ((serve >> l) & 1)
        for (unsigned k = 0; k < 4; k++)
          if ((m->be[l] >> k) & 1) {
            wbe[bank[l]] |= 1u << k;
            wdata[bank[l]] = (wdata[bank[l]] & ~(0xFFu << (8 * k))) | (m->wdata[l] & (0xFFu << (8 * k)));
          }
    pend_d = m->pend & ~serve;
    if (!pend_d) {
      state_d = ST_IDLE;
      rsp_d = 1;
    }
    break;
  case ST_ARD:
    raddr[abank] = arow;
    state_d = ST_AWR;
    break;
  case ST_AWR:
    waddr[abank] = arow;
    wbe[abank] = awrite ? 0xF : 0;
    wdata[abank] = anew;
    pend_d &= ~(1u << alane);
    if (!pend_d) {
      state_d = ST_IDLE;
      rsp_d = 1;
    } else {
      state_d = ST_ARD;
    }
    break;
  default:
    state_d = ST_IDLE;
    break;
  }

  /* the clock edge: reads see the old contents, then the writes */
  uint32_t rd_old[32];
  memcpy(rd_old, m->rd, sizeof rd_old);
  for (unsigned b = 0; b < banks; b++)
    m->rd[b] = m->mem[b * depth + (raddr[b] & (depth - 1))];
  for (unsigned b = 0; b < banks; b++) {
    uint32_t *w = &m->mem[b * depth + (waddr[b] & (depth - 1))];
    for (unsigned k = 0; k < 4; k++)
      if ((wbe[b] >> k) & 1)
        *w = (*w & ~(0xFFu << (8 * k))) | (wdata[b] & (0xFFu << (8 * k)));
  }
  /* datapath registers (not reset) */
  if (accept) {
    m->op = (uint32_t)in->req_op_i;
    m->slot = (uint32_t)in->req_slot_i;
    for (unsigned l = 0; l < lanes; l++) {
      m->addr[l] = bits(in->req_addr_i, l * m->word_w, m->word_w);
      m->be[l] = bits(in->req_be_i, l * 4, 4);
      m->wdata[l] = in->req_wdata_i[l];
      m->cmp[l] = in->req_cmp_i[l];
      m->res[l] = 0;
    }
  }
  for (unsigned l = 0; l < lanes; l++)
    if ((m->cap >> l) & 1)
      m->res[l] = rd_old[bank[l]];
  if (m->state == ST_AWR)
    m->res[alane] = aold;
  /* control registers */
  if (!in->rst_ni) {
    m->state = ST_INIT;
    m->pend = m->cap = 0;
    m->rsp_valid = 0;
    m->sweep = 0;
    m->clr = 0;
  } else {
    m->state = state_d;
    m->pend = pend_d;
    m->cap = cap_d;
    m->rsp_valid = rsp_d;
    m->sweep = sweep_d;
    m->clr = clr_d;
  }
}
