/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_barrier -- C model of rtl/sm/ww_barrier.v. State per block slot: the
 * masks H (its warps), W (waiting at ww.bar), E (exited).
 */
#include "ww_barrier.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_barrier {
  ww_barrier_cfg_t cfg;
  uint32_t wid_mask, slot_mask, warp_mask;
  uint32_t *hw, *wait, *exit;     /* [slot] */
};

ww_barrier_cfg_t ww_barrier_default_cfg(void)
{
  ww_barrier_cfg_t c = { WW_WARPS_PER_SM, WW_BLOCKS_PER_SM };
  return c;
}

ww_barrier_t *ww_barrier_new(const ww_barrier_cfg_t *c)
{
  if (!c->warps || c->warps > 32 || !c->blocks || c->blocks > 32) {
    fprintf(stderr, "ww_barrier: illegal configuration WARPS=%u BLOCKS=%u\n", c->warps,
            c->blocks);
    return NULL;
  }
  ww_barrier_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->wid_mask = (1u << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  s->slot_mask = (1u << (c->blocks > 1 ? ww_clog2(c->blocks) : 1)) - 1;
  s->warp_mask = (uint32_t)((1ull << c->warps) - 1);
  s->hw = calloc(c->blocks, sizeof *s->hw);
  s->wait = calloc(c->blocks, sizeof *s->wait);
  s->exit = calloc(c->blocks, sizeof *s->exit);
  if (!s->hw || !s->wait || !s->exit) {
    ww_barrier_free(s);
    return NULL;
  }
  return s;
}

void ww_barrier_free(ww_barrier_t *s)
{
  if (!s)
    return;
  free(s->hw);
  free(s->wait);
  free(s->exit);
  free(s);
}

/* One bit for warp id `wid` (WID_W bits), none when it names no warp. */
static uint32_t warp_bit(const ww_barrier_t *s, uint64_t valid, uint64_t wid)
{
  unsigned w = (unsigned)(wid & s->wid_mask);
  return valid && w < s->cfg.warps ? 1u << w : 0;
}

void ww_barrier_step(ww_barrier_t *s, const ww_barrier_in_t *in, ww_barrier_out_t *out)
{
  const unsigned blocks = s->cfg.blocks;
  const uint32_t arr = warp_bit(s, in->arrive_valid_i, in->arrive_wid_i);
  const uint32_t ex = warp_bit(s, in->exit_valid_i, in->exit_wid_i);
  uint32_t rel_mask = 0, waiting = 0, free_slots = 0, dl_wait = 0;
  int dl_any = 0;
  uint32_t wait_n[32], exit_n[32];
  for (unsigned b = 0; b < blocks; b++) {
    uint32_t h = s->hw[b];
    uint32_t en = (s->exit[b] | ex) & h;
    uint32_t wn = (s->wait[b] | arr) & h & ~en;
    int rel = h && wn == h;
    int dl = wn && en && (wn | en) == h && !rel;
    if (dl && !dl_any) {
      dl_any = 1;
      dl_wait = wn;
    }
    if (rel)
      rel_mask |= h;
    wait_n[b] = rel ? 0 : wn;
    exit_n[b] = en;
    waiting |= s->wait[b];
    if (!(s->hw[b] & ~s->exit[b]))
      free_slots |= 1u << b;
  }
  out->release_o = rel_mask;
  out->waiting_o = waiting;
  out->free_o = free_slots;
  out->deadlock_o = (uint64_t)dl_any;
  out->deadlock_wid_o = dl_wait ? (unsigned)__builtin_ctz(dl_wait) : 0;

  /* clock edge */
  if (!in->rst_ni) {
    for (unsigned b = 0; b < blocks; b++)
      s->hw[b] = s->wait[b] = s->exit[b] = 0;
    return;
  }
  for (unsigned b = 0; b < blocks; b++) {
    s->wait[b] = wait_n[b];
    s->exit[b] = exit_n[b];
  }
  unsigned ls = (unsigned)(in->launch_slot_i & s->slot_mask);
  if (in->launch_valid_i && ls < blocks) {
    s->hw[ls] = (uint32_t)in->launch_wmask_i & s->warp_mask;
    s->wait[ls] = s->exit[ls] = 0;
  }
}
