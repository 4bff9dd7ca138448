/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sm_complete -- C model of rtl/sm/ww_sm_complete.v. State as in the
 * RTL: per warp the zeroing flag and the next register to zero.
 */
#include "ww_sm_complete.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 32

struct ww_sm_complete {
  ww_sm_complete_cfg_t cfg;
  uint32_t wid_mask;
  uint32_t zeroing;
  unsigned zero_reg[MAXW];
};

ww_sm_complete_cfg_t ww_sm_complete_default_cfg(void)
{
  ww_sm_complete_cfg_t c = { WW_WARPS_PER_SM, WW_LANES };
  return c;
}

static void reset(ww_sm_complete_t *m)
{
  m->zeroing = 0;
  for (unsigned w = 0; w < MAXW; w++)
    m->zero_reg[w] = 1;
}

ww_sm_complete_t *ww_sm_complete_new(const ww_sm_complete_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > MAXW || !c->lanes ||
      c->lanes > WW_LANES || c->lanes > 32) {
    fprintf(stderr, "ww_sm_complete: illegal configuration WARPS=%u LANES=%u\n", c->warps,
            c->lanes);
    return NULL;
  }
  ww_sm_complete_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->wid_mask = (1u << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  reset(m);
  return m;
}

void ww_sm_complete_free(ww_sm_complete_t *m)
{
  free(m);
}


void ww_sm_complete_step(ww_sm_complete_t *m, const ww_sm_complete_in_t *in,
                         ww_sm_complete_out_t *out)
{
  const unsigned warps = m->cfg.warps, lanes = m->cfg.lanes;
  const unsigned words = lanes;   /* one 32-bit word per lane */
  const int halted = in->halted_i != 0;
  const int e_done = in->e_done_i != 0, sk_done = in->sk_done_i != 0;
  memset(out, 0, sizeof *out);

  /* one completion per cycle: execute > stack answer > LSU > mul/div */
  const int lsu_take = !halted && !e_done && !sk_done;
  const int md_take = lsu_take && !in->lsu_valid_i;
  const int c_lsu = in->lsu_valid_i && lsu_take;
  const int c_md = in->md_valid_i && md_take;
  const int c_valid = e_done || sk_done || c_lsu || c_md;
  const uint32_t c_wid = (uint32_t)(e_done ? in->e_wid_i : sk_done ? in->sk_wid_i
                                    : c_lsu ? in->lsu_wid_i : in->md_wid_i) & m->wid_mask;
  /* a warp number past WARPS selects nothing (rd 0, no lanes) */
  const uint32_t c_if_rd = c_wid < warps ? ww_bits_get(in->if_rd_i, 5 * c_wid, 5) : 0;
  const uint32_t c_mask = c_wid < warps ? ww_bits_get(in->mask_i, lanes * c_wid, lanes) : 0;
  const uint32_t c_rd = e_done ? (uint32_t)in->e_rd_i & 31u : sk_done ? 0 : c_if_rd;
  const uint32_t *c_data = e_done ? in->e_res_i : c_lsu ? in->lsu_data_i : in->md_data_i;

  out->lsu_take_o = (uint64_t)lsu_take;
  out->md_take_o = (uint64_t)md_take;
  out->c_valid_o = (uint64_t)c_valid;
  out->c_wid_o = c_wid;
  out->c_rd_o = c_rd;
  memcpy(out->c_data_o, c_data, words * sizeof(uint32_t));
  out->c_lsu_o = (uint64_t)c_lsu;
  out->c_md_o = (uint64_t)c_md;
  out->c_retire_o = (uint64_t)(c_valid && !(in->e_bar_i && in->deadlock_i));
  out->cmp_fetch_o = (uint64_t)(((e_done && in->e_ctrl_i) || sk_done) && !halted);
  out->cmp_wid_o = (e_done ? in->e_wid_i : in->sk_wid_i) & m->wid_mask;
  out->cmp_npc_o = (e_done ? in->e_npc_i : in->sk_pc_i) & 0xffffffffu;

  /* zeroing: the lowest zeroing warp, in a cycle without a completion */
  int zero_go = 0;
  uint32_t zero_wid = 0, zero_rd = 1;
  for (unsigned w = 0; w < warps; w++)
    if (m->zeroing >> w & 1u) {
      zero_go = !c_valid;
      zero_wid = w;
      zero_rd = m->zero_reg[w];
      break;
    }
  out->zeroing_o = m->zeroing;
  out->zero_clear_o = (uint64_t)(zero_go && zero_rd == 1);
  out->zero_wid_o = zero_wid;

  /* write port */
  out->rf_wr_valid_o = (uint64_t)((c_valid && c_rd != 0) || zero_go);
  out->rf_wr_wid_o = zero_go ? zero_wid : c_wid;
  out->rf_wr_rd_o = zero_go ? zero_rd : c_rd;
  out->rf_wr_mask_o = zero_go ? (lanes == 32 ? 0xffffffffu : (1u << lanes) - 1) : c_mask;
  if (!zero_go)
    memcpy(out->rf_wr_data_o, c_data, words * sizeof(uint32_t));

  /* clock edge */
  if (!in->rst_ni) {
    reset(m);
    return;
  }
  for (unsigned w = 0; w < warps; w++)
    if (in->launch_i >> w & 1u) {
      m->zeroing |= 1u << w;
      m->zero_reg[w] = 1;
    }
  if (zero_go) {
    m->zero_reg[zero_wid] = (zero_rd + 1) & 31u;
    if (zero_rd == 31)
      m->zeroing &= ~(1u << zero_wid);
  }
}
