/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu_wb -- C model of rtl/sm/ww_lsu_wb.v. State as in the RTL: per
 * entry its state, retire fields, result words, count of lines out and GSI
 * level; the line table (lanes of line i of entry c). Only the state, the
 * line count and the level are reset; the other fields keep their values
 * across a reset, as the RTL's do.
 */
#include "ww_lsu_wb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXC 8
#define MAXL 32

enum { E_FREE = 0, E_FRONT = 1, E_WAIT = 2, E_DONE = 3 };

typedef struct {
  unsigned st;
  uint32_t wid, mem, n, lvl, out;
  int load, sgn, store;
  uint32_t addr[MAXL], wdata[MAXL], rd[MAXL];
} ent_t;

struct ww_lsu_wb {
  ww_lsu_wb_cfg_t cfg;
  unsigned ctx_w, li_w, words;
  uint32_t lane_mask, nl_mask, wid_mask;
  ent_t e[MAXC];
  uint32_t ltab[MAXC * MAXL];
};

ww_lsu_wb_cfg_t ww_lsu_wb_default_cfg(void)
{
  ww_lsu_wb_cfg_t c = { WW_LSU_CTX, WW_LANES, WW_LINE_BYTES, WW_IDX_W(WW_WARPS_PER_SM) };
  return c;
}

ww_lsu_wb_t *ww_lsu_wb_new(const ww_lsu_wb_cfg_t *c)
{
  if (!c->ctx || c->ctx > WW_LSU_CTX || c->ctx > MAXC || !ww_is_pow2(c->lanes) ||
      c->lanes < 2 || c->lanes > WW_LANES || c->lanes > MAXL || !ww_is_pow2(c->line_bytes) ||
      c->line_bytes < 8 || c->line_bytes > WW_LINE_BYTES || !c->wid_w ||
      c->wid_w > WW_IDX_W(WW_WARPS_PER_SM) ||
      WW_IDX_W(c->ctx) + ww_clog2(c->lanes) > 8) {
    fprintf(stderr, "ww_lsu_wb: illegal configuration CTX=%u LANES=%u LINE_BYTES=%u WID_W=%u\n",
            c->ctx, c->lanes, c->line_bytes, c->wid_w);
    return NULL;
  }
  ww_lsu_wb_t *w = calloc(1, sizeof *w);
  if (!w)
    return NULL;
  w->cfg = *c;
  w->ctx_w = c->ctx > 1 ? ww_clog2(c->ctx) : 1;
  w->li_w = ww_clog2(c->lanes);
  w->words = c->line_bytes / 4;
  w->lane_mask = c->lanes == 32 ? 0xFFFFFFFFu : (1u << c->lanes) - 1;
  w->nl_mask = (1u << ww_clog2(c->lanes + 1)) - 1;
  w->wid_mask = (1u << c->wid_w) - 1;
  return w;
}

void ww_lsu_wb_free(ww_lsu_wb_t *w) { free(w); }

/* a load's result word: the bytes at offset off of word, at size n */
static uint32_t ld_extract(uint32_t word, unsigned off, uint32_t n, int sgn)
{
  uint32_t s = word >> (8 * off);
  if (n == 1)
    return (sgn && (s & 0x80u)) ? (s & 0xFFu) | 0xFFFFFF00u : s & 0xFFu;
  if (n == 2)
    return (sgn && (s & 0x8000u)) ? (s & 0xFFFFu) | 0xFFFF0000u : s & 0xFFFFu;
  return s;
}

/* selection: the lowest FREE and the lowest DONE entry */
static void wb_select(const ww_lsu_wb_t *w, int *free_c, unsigned *free_idx, int *done_c,
                      unsigned *done_idx, int *wait_c)
{
  *free_c = *done_c = *wait_c = 0;
  *free_idx = *done_idx = 0;
  for (unsigned c = w->cfg.ctx; c-- > 0;) {
    if (w->e[c].st == E_FREE) { *free_c = 1; *free_idx = c; }
    if (w->e[c].st == E_DONE) { *done_c = 1; *done_idx = c; }
    if (w->e[c].st == E_WAIT || w->e[c].st == E_DONE) *wait_c = 1;
  }
}

void ww_lsu_wb_outputs(const ww_lsu_wb_t *w, const ww_lsu_wb_in_t *in, ww_lsu_wb_out_t *out)
{
  const unsigned C = w->cfg.ctx, L = w->cfg.lanes;
  const uint32_t cmask = (1u << w->ctx_w) - 1;
  int free_c, done_c, wait_c;
  unsigned free_idx, done_idx;
  wb_select(w, &free_c, &free_idx, &done_c, &done_idx, &wait_c);
  uint32_t rsp_ctx = ((uint32_t)in->rsp_tag_i >> w->li_w) & cmask;

  const ent_t *d = &w->e[done_idx];
  out->free_o = (uint64_t)free_c;
  out->free_ctx_o = free_idx;
  out->waiting_o = (uint64_t)wait_c;
  out->rsp_load_o = (uint64_t)(in->rsp_valid_i && rsp_ctx < C && w->e[rsp_ctx].load);
  out->done_valid_o = (uint64_t)done_c;
  out->done_wid_o = d->wid;
  memset(out->done_rd_o, 0, sizeof out->done_rd_o);
  memset(out->done_addr_o, 0, sizeof out->done_addr_o);
  memset(out->done_wdata_o, 0, sizeof out->done_wdata_o);
  for (unsigned l = 0; l < L; l++) {
    out->done_rd_o[l] = d->rd[l];
    out->done_addr_o[l] = d->addr[l];
    out->done_wdata_o[l] = d->wdata[l];
  }
  out->done_mem_o = d->mem;
  out->done_bytes_o = d->n;
  out->done_load_o = (uint64_t)d->load;
  out->done_src_o = d->lvl;
}

void ww_lsu_wb_step(ww_lsu_wb_t *w, const ww_lsu_wb_in_t *in, ww_lsu_wb_out_t *out)
{
  const unsigned C = w->cfg.ctx, L = w->cfg.lanes;
  const uint32_t cmask = (1u << w->ctx_w) - 1, lmask = (1u << w->li_w) - 1;
  int free_c, done_c, wait_c;
  unsigned free_idx, done_idx;
  wb_select(w, &free_c, &free_idx, &done_c, &done_idx, &wait_c);
  uint32_t rsp_ctx = ((uint32_t)in->rsp_tag_i >> w->li_w) & cmask;
  uint32_t rsp_line = (uint32_t)in->rsp_tag_i & lmask;
  uint32_t ack_ctx = ((uint32_t)in->wack_tag_i >> w->li_w) & cmask;

  ww_lsu_wb_outputs(w, in, out);

  /* clock edge */
  int take = done_c && in->done_ready_i;
  uint32_t ltab_old[MAXC * MAXL];
  memcpy(ltab_old, w->ltab, sizeof ltab_old);
  for (unsigned c = 0; c < C; c++) {
    ent_t *e = &w->e[c];
    int rsp_here = in->rsp_valid_i && rsp_ctx == c && e->load;
    int ack_here = in->wack_valid_i && ack_ctx == c && e->store;
    uint32_t o = (e->out + (uint32_t)(in->out_i && ((uint32_t)in->out_ctx_i & cmask) == c) -
                  (uint32_t)(rsp_here || ack_here)) & w->nl_mask;
    if (!in->rst_ni) {
      e->st = E_FREE;
      e->out = 0;
      e->lvl = WW_GSI_SRC_L1;
      continue;
    }
    e->out = o;
    if (in->alloc_i && free_idx == c) {
      e->st = E_FRONT;
      e->wid = (uint32_t)in->alloc_wid_i & w->wid_mask;
      e->load = (int)(in->alloc_load_i & 1);
      e->sgn = (int)(in->alloc_signed_i & 1);
      e->store = (int)(in->alloc_store_i & 1);
      e->n = (uint32_t)in->alloc_bytes_i & 7;
      e->mem = (uint32_t)in->alloc_mem_i & ((1u << WW_MEM_W) - 1);
      for (unsigned l = 0; l < L; l++) {
        e->addr[l] = in->alloc_addr_i[l];
        e->wdata[l] = in->alloc_wdata_i[l];
        e->rd[l] = 0;
      }
      e->lvl = WW_GSI_SRC_L1;
      continue;
    }
    if (in->fin_i && ((uint32_t)in->fin_ctx_i & cmask) == c)
      e->st = o == 0 ? E_DONE : E_WAIT;
    else if (e->st == E_WAIT && o == 0)
      e->st = E_DONE;
    else if (take && done_idx == c)
      e->st = E_FREE;
    uint32_t lvl = (uint32_t)in->rsp_lvl_i & ((1u << WW_GSI_SRC_W) - 1);
    if (rsp_here && lvl > e->lvl)
      e->lvl = lvl;
    uint32_t rsp_lanes = ltab_old[c * L + rsp_line];
    for (unsigned l = 0; l < L; l++) {
      unsigned off = e->addr[l] & 3;
      if (in->wr_i && ((uint32_t)in->wr_ctx_i & cmask) == c && ((in->wr_mask_i >> l) & 1))
        e->rd[l] = e->load ? ld_extract(in->wr_data_i[l], off, e->n, e->sgn) : in->wr_data_i[l];
      if (rsp_here && ((rsp_lanes >> l) & 1)) {
        uint32_t wi = (e->addr[l] >> 2) & (w->words - 1);
        e->rd[l] = ld_extract(in->rsp_data_i[wi], off, e->n, e->sgn);
      }
    }
  }
  if (in->line_i) {
    uint32_t i = ((uint32_t)in->line_ctx_i & cmask) * L + ((uint32_t)in->line_idx_i & lmask);
    if (i < C * L)
      w->ltab[i] = (uint32_t)in->line_lanes_i & w->lane_mask;
  }
}
