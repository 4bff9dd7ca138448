/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_block_dist (rtl/top/ww_block_dist.v).
 * Stimulus: plays the SMs. Each SM has BLOCKS_PER_SM block slots and
 * WARPS_PER_SM warp slots; a launch (seen in last cycle's outputs) occupies
 * the lowest free slot and the block's warps for a random time, after which
 * the SM pulses block_done_i with that slot; a refill (DWP) seen in last
 * cycle's outputs occupies again the slot that had finished. Grids of 1..24
 * blocks of 1..WARPS_PER_SM warps start at random while the distributor is
 * idle, half of them with GPUDet's rounds: dist_en_i high in a work
 * distribution until a cycle without a launch or reservation, then low for
 * a random parallel mode in which the blocks run (and dwp_i at random);
 * without, dist_en_i is high always.
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
#define SLOT_W WW_IDX_W(WW_BLOCKS_PER_SM)

typedef struct {
  unsigned used_slots[NSM], used_warps[NSM];
  unsigned left[NSM][SLOTS], warps[NSM][SLOTS];   /* cycles left, 0 = free */
  unsigned done_slot[NSM];                        /* the slot that finished last cycle */
  unsigned nwarps;
  int      det, dist;                             /* GPUDet rounds; in work distribution */
  unsigned par_left;                              /* cycles of parallel mode left */
} stim_t;

static void occupy(stim_t *s, ww_rng_t *r, unsigned m, unsigned k)
{
  s->left[m][k] = 1 + (unsigned)ww_rng_below(r, 40);
  s->warps[m][k] = s->nwarps;
  s->used_slots[m]++;
  s->used_warps[m] += s->nwarps;
}

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
    s->det = 0;
    s->dist = 1;
  } else {
    if (prev->launch_valid_o && prev->launch_sm_o < NSM) {
      unsigned m = (unsigned)prev->launch_sm_o;
      for (unsigned k = 0; k < SLOTS; k++)
        if (!s->left[m][k]) {
          occupy(s, r, m, k);
          break;
        }
    }
    for (unsigned m = 0; m < NSM; m++)
      if (((prev->refill_o >> m) & 1) && !s->left[m][s->done_slot[m]])
        occupy(s, r, m, s->done_slot[m]);
    /* GPUDet's rounds: distribution ends in a cycle without a placement */
    if (s->det && s->dist && !prev->launch_valid_o && !prev->reserve_o) {
      s->dist = 0;
      s->par_left = 1 + (unsigned)ww_rng_below(r, 60);
    } else if (s->det && !s->dist && !--s->par_left) {
      s->dist = 1;
    }
  }
  uint64_t done = 0, done_slot = 0, free_slot = 0, free_warps = 0, used = 0;
  for (unsigned m = 0; m < NSM; m++) {
    /* busy slots count down to 1 while blocks run; one block at 1 finishes
     * per cycle */
    int finished = 0;
    for (unsigned k = 0; k < SLOTS; k++) {
      if (!s->left[m][k] || (s->det && s->dist))
        continue;
      if (s->left[m][k] > 1) {
        s->left[m][k]--;
      } else if (!finished) {
        finished = 1;
        s->left[m][k] = 0;
        s->used_slots[m]--;
        s->used_warps[m] -= s->warps[m][k];
        s->done_slot[m] = k;
        done_slot |= (uint64_t)k << (m * SLOT_W);
      }
    }
    for (unsigned k = 0; k < SLOTS; k++)
      used |= (uint64_t)(s->left[m][k] != 0) << (m * WW_BLOCKS_PER_SM + k);
    done |= (uint64_t)finished << m;
    free_slot |= (uint64_t)(s->used_slots[m] < SLOTS) << m;
    free_warps |= (uint64_t)(WW_WARPS_PER_SM - s->used_warps[m]) << (m * WCNT_W);
  }
  in->block_done_i = done;
  in->block_done_slot_i = done_slot;
  in->sm_free_slot_i = free_slot;
  in->sm_free_warps_i = free_warps;
  in->sm_used_i = used;
  in->start_i = !prev->busy_o && ww_rng_chance(r, 1, 8);
  if (in->start_i) {
    s->nwarps = 1 + (unsigned)ww_rng_below(r, WW_WARPS_PER_SM);
    in->nwarps_i = s->nwarps;
    in->grid_i = 1 + ww_rng_below(r, 24);
    s->det = ww_rng_chance(r, 1, 2);
    s->dist = 1;
    in->dwp_i = s->det && ww_rng_chance(r, 2, 3);
  }
  in->dist_en_i = !s->det || s->dist;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "block_dist",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " WARPS_PER_SM=" WW_XSTR(WW_WARPS_PER_SM)
            " BLOCKS=" WW_XSTR(WW_BLOCKS_PER_SM),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
