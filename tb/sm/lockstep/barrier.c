/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_barrier (rtl/sm/ww_barrier.v).
 * Stimulus: a shadow of the block slots (warp masks H, W, E) drives legal
 * SM traffic. Blocks of 1..WARPS random free warps are launched into the
 * lowest free slot; live (not waiting) warps arrive at barriers; now and
 * then a block enters its ending phase, where its warps also exit, so some
 * barriers complete, some blocks finish, and some end in a barrier
 * deadlock (warps wait, others exited). After a deadlock the waiting warps
 * are exited one per cycle (the clean-up after the trap), which frees the
 * slot. Unused id fields carry random values.
 */
#include "ww_lockstep.h"
#include "ww_barrier.h"

#define WW_PORTS_DEF "ww_barrier.ports.def"
#define WW_IN_T ww_barrier_in_t
#define WW_OUT_T ww_barrier_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define BLOCKS WW_BLOCKS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)
#define SLOT_W WW_IDX_W(WW_BLOCKS_PER_SM)

typedef struct {
  uint32_t hw[BLOCKS], wait[BLOCKS], exit[BLOCKS];
  int ending[BLOCKS];
} stim_t;

WW_MODEL_HOOKS(ww_barrier)
WW_STIM_STATE(stim_t)

/* A random set bit of m (m != 0). */
static unsigned random_bit(ww_rng_t *r, uint32_t m)
{
  unsigned k = (unsigned)ww_rng_below(r, (uint64_t)__builtin_popcount(m));
  while (k--)
    m &= m - 1;
  return (unsigned)__builtin_ctz(m);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_barrier_in_t *in = vin;
  (void)vprev;

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->launch_valid_i = 0;
  in->launch_slot_i = ww_rng_bits(r, SLOT_W);
  in->launch_wmask_i = ww_rng_bits(r, WARPS);
  in->arrive_valid_i = 0;
  in->arrive_wid_i = ww_rng_bits(r, WID_W);
  in->exit_valid_i = 0;
  in->exit_wid_i = ww_rng_bits(r, WID_W);

  uint32_t live = 0, used = 0, dead_wait = 0, ending_live = 0;
  int free_slot = -1;
  for (unsigned b = 0; b < BLOCKS; b++) {
    uint32_t l = s->hw[b] & ~s->exit[b];
    if (!l) {
      if (free_slot < 0)
        free_slot = (int)b;
      continue;
    }
    used |= s->hw[b];
    live |= l & ~s->wait[b];
    if (s->ending[b])
      ending_live |= l & ~s->wait[b];
    if (!dead_wait && s->wait[b] && s->exit[b] && (s->wait[b] | s->exit[b]) == s->hw[b])
      dead_wait = s->wait[b];
    else if (!s->ending[b] && ww_rng_chance(r, 1, 150))
      s->ending[b] = 1;
  }

  uint32_t ex = 0, arr = 0;
  if (dead_wait) {                          /* clean up after a deadlock trap */
    ex = dead_wait & -dead_wait;
  } else if (ending_live && ww_rng_chance(r, 1, 3)) {
    ex = 1u << random_bit(r, ending_live);
  }
  if (ex) {
    in->exit_valid_i = 1;
    in->exit_wid_i = (unsigned)__builtin_ctz(ex);
  }
  if ((live & ~ex) && ww_rng_chance(r, 1, 2)) {
    arr = 1u << random_bit(r, live & ~ex);
    in->arrive_valid_i = 1;
    in->arrive_wid_i = (unsigned)__builtin_ctz(arr);
  }
  uint32_t freew = ((1u << WARPS) - 1) & ~used;
  uint32_t lmask = 0;
  if (free_slot >= 0 && freew && ww_rng_chance(r, 1, 6)) {
    unsigned n = 1 + (unsigned)ww_rng_below(r, (uint64_t)__builtin_popcount(freew));
    for (unsigned i = 0; i < n; i++)
      lmask |= 1u << random_bit(r, freew & ~lmask);
    in->launch_valid_i = 1;
    in->launch_slot_i = (unsigned)free_slot;
    in->launch_wmask_i = lmask;
  }

  /* the shadow follows this cycle's clock edge */
  if (!in->rst_ni) {
    for (unsigned b = 0; b < BLOCKS; b++)
      s->hw[b] = s->wait[b] = s->exit[b] = 0;
    return;
  }
  for (unsigned b = 0; b < BLOCKS; b++) {
    uint32_t h = s->hw[b];
    uint32_t en = (s->exit[b] | ex) & h;
    uint32_t wn = (s->wait[b] | arr) & h & ~en;
    s->wait[b] = h && wn == h ? 0 : wn;
    s->exit[b] = en;
  }
  if (lmask) {
    s->hw[free_slot] = lmask;
    s->wait[free_slot] = s->exit[free_slot] = 0;
    s->ending[free_slot] = 0;
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "barrier",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " BLOCKS=" WW_XSTR(WW_BLOCKS_PER_SM),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
