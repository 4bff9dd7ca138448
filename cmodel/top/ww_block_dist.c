/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_block_dist -- C model of rtl/top/ww_block_dist.v.
 */
#include "ww_block_dist.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_block_dist {
  ww_block_dist_cfg_t cfg;
  unsigned wcnt_w;
  int busy, done;
  uint32_t grid, next, finished, nwarps;
};

ww_block_dist_cfg_t ww_block_dist_default_cfg(void)
{
  ww_block_dist_cfg_t c = { WW_NUM_SM, WW_WARPS_PER_SM };
  return c;
}

ww_block_dist_t *ww_block_dist_new(const ww_block_dist_cfg_t *c)
{
  if (!c->num_sm || c->num_sm > 16 || !c->warps_per_sm) {
    fprintf(stderr, "ww_block_dist: illegal configuration NUM_SM=%u WARPS_PER_SM=%u\n",
            c->num_sm, c->warps_per_sm);
    return NULL;
  }
  ww_block_dist_t *d = calloc(1, sizeof *d);
  if (!d)
    return NULL;
  d->cfg = *c;
  d->wcnt_w = ww_clog2(c->warps_per_sm + 1);
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
  int launch = d->busy && d->next != d->grid && room;
  uint32_t ndone = (uint32_t)__builtin_popcountll(in->block_done_i &
                                                  ((1ull << d->cfg.num_sm) - 1));
  uint32_t finished_d = d->finished + ndone;

  out->busy_o = (uint64_t)d->busy;
  out->done_o = (uint64_t)d->done;
  out->launch_valid_o = (uint64_t)launch;
  out->launch_sm_o = pick;
  out->launch_ctaid_o = d->next;

  if (!in->rst_ni) {
    d->busy = d->done = 0;
    d->grid = d->next = d->finished = d->nwarps = 0;
    return;
  }
  d->done = 0;
  if (!d->busy) {
    if (in->start_i) {
      d->busy = 1;
      d->grid = (uint32_t)in->grid_i;
      d->nwarps = (uint32_t)in->nwarps_i & wmask;
      d->next = d->finished = 0;
    }
  } else {
    if (launch)
      d->next++;
    d->finished = finished_d;
    if (finished_d == d->grid) {
      d->busy = 0;
      d->done = 1;
    }
  }
}
