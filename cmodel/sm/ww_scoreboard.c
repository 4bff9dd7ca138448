/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scoreboard -- C model of rtl/sm/ww_scoreboard.v. State: per warp a
 * 32-bit pending mask (bit 0 never set) and a 32-bit "memory writer" mask.
 */
#include "ww_scoreboard.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_scoreboard {
  ww_scoreboard_cfg_t cfg;
  uint32_t wid_mask;             /* the RTL's WID_W bits */
  uint32_t *pend, *mem;          /* [warp] */
};

ww_scoreboard_cfg_t ww_scoreboard_default_cfg(void)
{
  ww_scoreboard_cfg_t c = { WW_WARPS_PER_SM };
  return c;
}

ww_scoreboard_t *ww_scoreboard_new(const ww_scoreboard_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM) {   /* the port structs hold WW_WARPS_PER_SM */
    fprintf(stderr, "ww_scoreboard: illegal configuration WARPS=%u\n", c->warps);
    return NULL;
  }
  ww_scoreboard_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->wid_mask = (1u << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  s->pend = calloc(c->warps, sizeof *s->pend);
  s->mem = calloc(c->warps, sizeof *s->mem);
  if (!s->pend || !s->mem) {
    ww_scoreboard_free(s);
    return NULL;
  }
  return s;
}

void ww_scoreboard_free(ww_scoreboard_t *s)
{
  if (!s)
    return;
  free(s->pend);
  free(s->mem);
  free(s);
}

void ww_scoreboard_step(ww_scoreboard_t *s, const ww_scoreboard_in_t *in,
                        ww_scoreboard_out_t *out)
{
  const unsigned warps = s->cfg.warps;
  uint64_t ready = 0, mem = 0, busy = 0;
  for (unsigned w = 0; w < warps; w++) {
    uint32_t p = s->pend[w], m = p & s->mem[w];
    unsigned rs1 = ww_sb_field(in->q_rs1_i, w * 5, 5);
    unsigned rs2 = ww_sb_field(in->q_rs2_i, w * 5, 5);
    unsigned rd = ww_sb_field(in->q_rd_i, w * 5, 5);
    uint32_t q = (1u << rs1) | (1u << rs2) | (1u << rd);
    if (!(p & q))
      ready |= 1ull << w;
    if (m & q)
      mem |= 1ull << w;
    if (p)
      busy |= 1ull << w;
  }
  out->ready_o = ready;
  out->mem_o = mem;
  out->busy_o = busy;

  /* clock edge */
  if (!in->rst_ni) {
    for (unsigned w = 0; w < warps; w++)
      s->pend[w] = 0;
    return;
  }
  unsigned cw = (unsigned)(in->clr_wid_i & s->wid_mask), sw = (unsigned)(in->set_wid_i & s->wid_mask);
  if (in->clr_valid_i && cw < warps)
    s->pend[cw] &= ~(1u << (in->clr_rd_i & 31));
  if (in->set_valid_i && sw < warps && (in->set_rd_i & 31)) {
    uint32_t b = 1u << (in->set_rd_i & 31);
    s->pend[sw] |= b;
    s->mem[sw] = in->set_mem_i & 1 ? s->mem[sw] | b : s->mem[sw] & ~b;
  }
}
