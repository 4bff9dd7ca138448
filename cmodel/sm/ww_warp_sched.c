/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_warp_sched -- C model of rtl/sm/ww_warp_sched.v. State: the warp that
 * issued last (WARPS-1 after reset, so warp 0 goes first).
 */
#include "ww_warp_sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_warp_sched {
  ww_warp_sched_cfg_t cfg;
  uint32_t wid_mask;
  unsigned last;
};

ww_warp_sched_cfg_t ww_warp_sched_default_cfg(void)
{
  ww_warp_sched_cfg_t c = { WW_WARPS_PER_SM };
  return c;
}

ww_warp_sched_t *ww_warp_sched_new(const ww_warp_sched_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > 32) {
    fprintf(stderr, "ww_warp_sched: illegal configuration WARPS=%u\n", c->warps);
    return NULL;
  }
  ww_warp_sched_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->wid_mask = (1u << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  s->last = c->warps - 1;
  return s;
}

void ww_warp_sched_free(ww_warp_sched_t *s)
{
  free(s);
}

static unsigned classify(const ww_warp_sched_in_t *in, unsigned w, uint32_t wid_mask)
{
#define BIT(p) ((unsigned)((in->p >> w) & 1u))
  int held = (in->mode_i & ((1u << WW_SCHED_W) - 1)) == WW_SCHED_SERIAL &&
             (in->serial_wid_i & wid_mask) != w;
  if (!BIT(active_i))
    return WW_GSI_IDLE;
  if (!BIT(ibuf_valid_i))
    return WW_GSI_CONTROL;
  if (BIT(bar_wait_i) || held)
    return WW_GSI_SYNC;
  if (!BIT(sb_ready_i) && BIT(sb_mem_i))
    return WW_GSI_MEM_DATA;
  if (BIT(is_mem_i) && !BIT(unit_ready_i))
    return WW_GSI_MEM_STRUCT;
  if (!BIT(sb_ready_i))
    return WW_GSI_COMP_DATA;
  if (!BIT(unit_ready_i))
    return WW_GSI_COMP_STRUCT;
  return WW_GSI_NONE;
#undef BIT
}

void ww_warp_sched_step(ww_warp_sched_t *s, const ww_warp_sched_in_t *in,
                        ww_warp_sched_out_t *out)
{
  const unsigned warps = s->cfg.warps;
  uint32_t elig = 0;
  memset(out->stall_o, 0, sizeof out->stall_o);
  for (unsigned w = 0; w < warps; w++) {
    unsigned c = classify(in, w, s->wid_mask);
    for (unsigned i = 0; i < WW_GSI_W; i++)
      if (c >> i & 1u)
        out->stall_o[(w * WW_GSI_W + i) / 32] |= 1u << ((w * WW_GSI_W + i) % 32);
    if (c == WW_GSI_NONE)
      elig |= 1u << w;
  }
  /* the golden model's pick_warp(): first eligible after `last`, wrapping */
  unsigned pick = 0;
  if (elig) {
    uint32_t after = s->last >= 31 ? 0 : elig & ~(uint32_t)((2ull << s->last) - 1);
    pick = (unsigned)__builtin_ctz(after ? after : elig);
  }
  out->issue_valid_o = elig != 0;
  out->issue_wid_o = pick;

  /* clock edge */
  if (!in->rst_ni)
    s->last = warps - 1;
  else if (elig)
    s->last = pick;
}
