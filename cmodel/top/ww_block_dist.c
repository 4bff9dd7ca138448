/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_block_dist -- C model of rtl/top/ww_block_dist.v.
 */
#include "ww_block_dist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_block_dist {
  ww_block_dist_cfg_t cfg;
  unsigned wcnt_w, slot_w;
  int busy, done, dwp;
  uint32_t grid, next, finished, nwarps;
  uint64_t rsv;            /* DWP reservations: (SM s, slot b) at bit s * blocks + b */
  uint32_t rsv_id[64];
};

ww_block_dist_cfg_t ww_block_dist_default_cfg(void)
{
  ww_block_dist_cfg_t c = { WW_NUM_SM, WW_WARPS_PER_SM, WW_BLOCKS_PER_SM };
  return c;
}

ww_block_dist_t *ww_block_dist_new(const ww_block_dist_cfg_t *c)
{
  if (!c->num_sm || c->num_sm > 16 || !c->warps_per_sm || !c->blocks ||
      c->num_sm * c->blocks > 64) {
    fprintf(stderr, "ww_block_dist: illegal configuration NUM_SM=%u WARPS_PER_SM=%u BLOCKS=%u "
            "(NUM_SM 1..16, NUM_SM * BLOCKS <= 64)\n", c->num_sm, c->warps_per_sm, c->blocks);
    return NULL;
  }
  ww_block_dist_t *d = calloc(1, sizeof *d);
  if (!d)
    return NULL;
  d->cfg = *c;
  d->wcnt_w = ww_clog2(c->warps_per_sm + 1);
  d->slot_w = c->blocks > 1 ? ww_clog2(c->blocks) : 1;
  return d;
}

void ww_block_dist_free(ww_block_dist_t *d) { free(d); }

void ww_block_dist_step(ww_block_dist_t *d, const ww_block_dist_in_t *in,
                        ww_block_dist_out_t *out)
{
  const uint32_t wmask = (1u << d->wcnt_w) - 1;
  int room = 0;
  unsigned pick = 0;
  for (unsigned s = 0; s < d->cfg.num_sm && !room; s++) {
    uint32_t free_warps = (uint32_t)(in->sm_free_warps_i >> (s * d->wcnt_w)) & wmask;
    if (((in->sm_free_slot_i >> s) & 1) && free_warps >= d->nwarps) {
      room = 1;
      pick = s;
    }
  }
  const int left = d->busy && d->next != d->grid;
  const int launch = left && in->dist_en_i && room;
  /* DWP: the lowest occupied slot without a reservation */
  const unsigned nslot = d->cfg.num_sm * d->cfg.blocks;
  const uint64_t all = nslot == 64 ? ~0ull : (1ull << nslot) - 1;
  const uint64_t want = in->sm_used_i & ~d->rsv & all;
  const int reserve = left && d->dwp && in->dist_en_i && !room && want;
  const unsigned rsv_pick = want ? (unsigned)__builtin_ctzll(want) : 0;
  /* DWP: a finished block's slot with a reservation takes it at once */
  uint64_t refill = 0, used_rsv = 0;
  memset(out->refill_ctaid_o, 0, sizeof out->refill_ctaid_o);
  for (unsigned s = 0; s < d->cfg.num_sm; s++) {
    const unsigned b = (unsigned)(in->block_done_slot_i >> (s * d->slot_w)) &
                       ((1u << d->slot_w) - 1);
    const unsigned i = s * d->cfg.blocks + b;
    if (((in->block_done_i >> s) & 1) && b < d->cfg.blocks && ((d->rsv >> i) & 1)) {
      refill |= 1ull << s;
      out->refill_ctaid_o[s] = d->rsv_id[i];
      used_rsv |= 1ull << i;
    }
  }
  uint32_t ndone = (uint32_t)__builtin_popcountll(in->block_done_i &
                                                  ((1ull << d->cfg.num_sm) - 1));
  uint32_t finished_d = d->finished + ndone;

  out->busy_o = (uint64_t)d->busy;
  out->done_o = (uint64_t)d->done;
  out->launch_valid_o = (uint64_t)launch;
  out->launch_sm_o = pick;
  out->launch_ctaid_o = d->next;
  out->reserve_o = (uint64_t)reserve;
  out->refill_o = refill;

  if (!in->rst_ni) {
    d->busy = d->done = 0;
    d->grid = d->next = d->finished = d->nwarps = 0;
    d->dwp = 0;
    d->rsv = 0;
    memset(d->rsv_id, 0, sizeof d->rsv_id);
    return;
  }
  d->done = 0;
  if (!d->busy) {
    if (in->start_i) {
      d->busy = 1;
      d->grid = (uint32_t)in->grid_i;
      d->nwarps = (uint32_t)in->nwarps_i & wmask;
      d->dwp = (int)(in->dwp_i & 1);
      d->next = d->finished = 0;
      d->rsv = 0;
    }
  } else {
    d->rsv &= ~used_rsv;
    if (reserve) {
      d->rsv |= 1ull << rsv_pick;
      d->rsv_id[rsv_pick] = d->next;
    }
    if (launch || reserve)
      d->next++;
    d->finished = finished_d;
    if (finished_d == d->grid) {
      d->busy = 0;
      d->done = 1;
    }
  }
}
