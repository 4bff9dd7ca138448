/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_det_warp -- C model of rtl/det/ww_det_warp.v (its header is the spec).
 * State as in the RTL: per warp the count, the end reason, served.
 */
#include "ww_det_warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_isa.h"

struct ww_det_warp {
  ww_det_warp_cfg_t cfg;
  uint32_t cnt[WW_DET_WARP_MAX];
  uint32_t why[WW_DET_WARP_MAX];
  uint64_t served;
};

ww_det_warp_cfg_t ww_det_warp_default_cfg(void)
{
  ww_det_warp_cfg_t c = { WW_WARPS_PER_SM, WW_DET_QCNT_W };
  return c;
}

ww_det_warp_t *ww_det_warp_new(const ww_det_warp_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > WW_DET_WARP_MAX || !c->cnt_w ||
      c->cnt_w > 32) {
    fprintf(stderr, "ww_det_warp: illegal configuration WARPS=%u CNT_W=%u\n", c->warps, c->cnt_w);
    return NULL;
  }
  ww_det_warp_t *d = calloc(1, sizeof *d);
  if (d)
    d->cfg = *c;
  return d;
}

void ww_det_warp_free(ww_det_warp_t *d) { free(d); }

static unsigned op_of(const ww_det_warp_in_t *in, unsigned w)
{
  return ww_bits_get(in->bv_op_i, 7 * w, 7);
}

void ww_det_warp_step(ww_det_warp_t *d, const ww_det_warp_in_t *in, ww_det_warp_out_t *out)
{
  const unsigned nw = d->cfg.warps;
  const unsigned mode = (unsigned)in->mode_i;
  const int par = mode == WW_DETMODE_PAR, ser = mode == WW_DETMODE_SER;
  const uint32_t cmask = d->cfg.cnt_w == 32 ? 0xFFFFFFFFu : (1u << d->cfg.cnt_w) - 1;
  uint64_t stop = 0, ended = 0, hold = 0;
  uint32_t stop_why[WW_DET_WARP_MAX];
  int turn = -1;
  for (unsigned w = 0; w < nw; w++) {
    const unsigned cls = ww_op_class(op_of(in, w));
    if (d->why[w] != WW_DETEND_RUN)
      ended |= 1ull << w;
    stop_why[w] = cls == WW_CLS_ATOMIC ? WW_DETEND_ATOMIC : WW_DETEND_FULL;
    if (par && !(ended >> w & 1) && (in->bv_valid_i >> w & 1) &&
        (cls == WW_CLS_ATOMIC || (cls == WW_CLS_STORE && !(in->room_i >> w & 1))))
      stop |= 1ull << w;
    if (turn < 0 && d->why[w] == WW_DETEND_ATOMIC && !(d->served >> w & 1))
      turn = (int)w;
  }
  for (unsigned w = 0; w < nw; w++) {
    int h = 0;
    switch (mode) {
    case WW_DETMODE_PAR: h = (ended >> w & 1) || (stop >> w & 1); break;
    case WW_DETMODE_SER: h = turn != (int)w; break;
    case WW_DETMODE_HOLD: h = 1; break;
    default: h = 0; break;
    }
    hold |= (uint64_t)h << w;
  }
  out->hold_o = hold;
  out->ended_o = ended;
  memset(out->why_o, 0, sizeof out->why_o);
  for (unsigned w = 0; w < nw; w++)
    ww_bits_put(out->why_o, w * WW_DETEND_W, WW_DETEND_W, d->why[w]);
  out->ser_left_o = turn >= 0;

  /* clock edge */
  if (!(in->rst_ni & 1) || (in->start_i & 1)) {
    memset(d->cnt, 0, sizeof d->cnt);
    memset(d->why, 0, sizeof d->why);
    d->served = 0;
    return;
  }
  for (unsigned w = 0; w < nw; w++)
    if (stop >> w & 1)
      d->why[w] = stop_why[w];
  const unsigned iw = (unsigned)in->issue_wid_i;
  if ((in->issue_valid_i & 1) && iw < nw) {
    if (par) {
      const unsigned op = op_of(in, iw);
      const uint32_t c = (d->cnt[iw] + 1) & cmask;
      const int fence = op == WW_OP_FENCE || op == WW_OP_FENCE_BLK || op == WW_OP_FENCE_DEV;
      d->cnt[iw] = c;
      d->why[iw] = op == WW_OP_EXIT ? WW_DETEND_EXIT : fence ? WW_DETEND_FENCE
                 : op == WW_OP_BAR ? WW_DETEND_BARRIER
                 : c == ((uint32_t)in->quantum_i & cmask) ? WW_DETEND_COUNT : WW_DETEND_RUN;
    }
    if (ser)
      d->served |= 1ull << iw;
  }
  /* a block launched into these warps (DWP): they run in this quantum */
  for (unsigned w = 0; w < nw; w++)
    if (in->launch_i >> w & 1) {
      d->cnt[w] = 0;
      d->why[w] = WW_DETEND_RUN;
      d->served &= ~(1ull << w);
    }
}
