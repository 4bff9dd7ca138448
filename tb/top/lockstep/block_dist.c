/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_block_dist (rtl/top/ww_block_dist.v).
 * Stimulus: plays the SMs. Each SM has BLOCKS_PER_SM block slots and
 * WARPS_PER_SM warp slots; a launch (seen in last cycle's outputs) occupies a
 * slot and the block's warps for a random time, after which the SM pulses
 * block_done_i. Grids of 1..24 blocks of 1..WARPS_PER_SM warps start at
 * random while the distributor is idle.
 */
#include "ww_block_dist.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_block_dist.ports.def"
#define WW_IN_T ww_block_dist_in_t
#define WW_OUT_T ww_block_dist_out_t
#include "ww_lockstep_ports.h"

#define NSM WW_NUM_SM
#define SLOTS (WW_BLOCKS_PER_SM < WW_WARPS_PER_SM ? WW_BLOCKS_PER_SM : WW_WARPS_PER_SM)
#define WCNT_W WW_CLOG2(WW_WARPS_PER_SM + 1)

typedef struct {
  unsigned used_slots[NSM], used_warps[NSM];
  unsigned left[NSM][SLOTS], warps[NSM][SLOTS];   /* cycles left, 0 = free */
  unsigned nwarps;
} stim_t;

WW_MODEL_HOOKS(ww_block_dist)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_block_dist_out_t *prev = vprev;
  ww_block_dist_in_t *in = vin;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!in->rst_ni) {
    for (unsigned m = 0; m < NSM; m++) {
      s->used_slots[m] = s->used_warps[m] = 0;
      for (unsigned k = 0; k < SLOTS; k++)
        s->left[m][k] = 0;
    }
  } else if (prev->launch_valid_o && prev->launch_sm_o < NSM) {
    unsigned m = (unsigned)prev->launch_sm_o;
    for (unsigned k = 0; k < SLOTS; k++)
      if (!s->left[m][k]) {
        s->left[m][k] = 1 + (unsigned)ww_rng_below(r, 40);
        s->warps[m][k] = s->nwarps;
        s->used_slots[m]++;
        s->used_warps[m] += s->nwarps;
        break;
      }
  }
  uint64_t done = 0, free_slot = 0, free_warps = 0;
  for (unsigned m = 0; m < NSM; m++) {
    /* busy slots count down to 1; one block at 1 finishes per cycle */
    int finished = 0;
    for (unsigned k = 0; k < SLOTS; k++) {
      if (!s->left[m][k])
        continue;
      if (s->left[m][k] > 1) {
        s->left[m][k]--;
      } else if (!finished) {
        finished = 1;
        s->left[m][k] = 0;
        s->used_slots[m]--;
        s->used_warps[m] -= s->warps[m][k];
      }
    }
    done |= (uint64_t)finished << m;
    free_slot |= (uint64_t)(s->used_slots[m] < SLOTS) << m;
    free_warps |= (uint64_t)(WW_WARPS_PER_SM - s->used_warps[m]) << (m * WCNT_W);
  }
  in->block_done_i = done;
  in->sm_free_slot_i = free_slot;
  in->sm_free_warps_i = free_warps;
  in->start_i = !prev->busy_o && ww_rng_chance(r, 1, 8);
  if (in->start_i) {
    s->nwarps = 1 + (unsigned)ww_rng_below(r, WW_WARPS_PER_SM);
    in->nwarps_i = s->nwarps;
    in->grid_i = 1 + ww_rng_below(r, 24);
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "block_dist",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " WARPS_PER_SM=" WW_XSTR(WW_WARPS_PER_SM),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
