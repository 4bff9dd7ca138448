/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_sm_complete (rtl/sm/ww_sm_complete.v).
 * Stimulus: plays the SM around its completion stage. Launches of random
 * warp sets (mostly warps not zeroing, as the SM's free slots), execute
 * completions (some control instructions, some ww.bar arrivals, with a
 * deadlock now and then), stack answers, and the LSU and mul/div unit,
 * each of which holds its result (warp, data) until the stage takes it and
 * then offers a new one after a random gap. Quiet phases (no execute
 * completion or stack answer) let the zeroing of launched warps run
 * through x31; busy phases starve it. Per-warp masks and in-flight rds
 * change now and then; short halted phases.
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_sm_complete.h"

#define WW_PORTS_DEF "ww_sm_complete.ports.def"
#define WW_IN_T ww_sm_complete_in_t
#define WW_OUT_T ww_sm_complete_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)

typedef struct {
  uint32_t mask[WW_PORT_WORDS(WARPS * LANES)];
  uint32_t if_rd[WW_PORT_WORDS(WARPS * 5)];
  int lsu_v, md_v;
  uint64_t lsu_wid, md_wid;
  uint32_t lsu_data[LANES], md_data[LANES];
  unsigned phase_left, halt_left;
  int quiet;
} stim_t;

WW_MODEL_HOOKS(ww_sm_complete)
WW_STIM_STATE(stim_t)


static void lanes_data(ww_rng_t *r, uint32_t *d)
{
  for (unsigned l = 0; l < LANES; l++)
    d[l] = (uint32_t)ww_rng_bits(r, 32);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_sm_complete_out_t *prev = vprev;
  ww_sm_complete_in_t *in = vin;
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);

  /* per-warp state: masks and in-flight rds, changed now and then */
  for (unsigned w = 0; w < WARPS; w++) {
    if (cycle == 0 || ww_rng_chance(r, 1, 20))
      ww_bits_put(s->mask, LANES * w, LANES, (uint32_t)ww_rng_bits(r, LANES));
    if (cycle == 0 || ww_rng_chance(r, 1, 4))
      ww_bits_put(s->if_rd, 5 * w, 5, (uint32_t)ww_rng_bits(r, 5));
  }
  memcpy(in->mask_i, s->mask, sizeof s->mask);
  memcpy(in->if_rd_i, s->if_rd, sizeof s->if_rd);

  if (s->phase_left == 0) {
    s->quiet = ww_rng_chance(r, 1, 2);
    s->phase_left = 10 + (unsigned)ww_rng_below(r, 80);
  }
  s->phase_left--;
  if (s->halt_left == 0 && ww_rng_chance(r, 1, 500))
    s->halt_left = 1 + (unsigned)ww_rng_below(r, 6);
  if (s->halt_left) {
    in->halted_i = 1;
    s->halt_left--;
  }

  /* launches, mostly of warps that are not zeroing */
  if (ww_rng_chance(r, 1, 30)) {
    uint64_t set = ww_rng_bits(r, WARPS);
    if (cycle && ww_rng_chance(r, 3, 4))
      set &= ~prev->zeroing_o;
    in->launch_i = set;
  }

  /* execute completion, stack answer */
  const unsigned busy = s->quiet ? 12 : 2;
  in->e_done_i = ww_rng_chance(r, 1, busy);
  in->e_wid_i = ww_rng_below(r, WARPS);
  in->e_rd_i = ww_rng_bits(r, 5);
  lanes_data(r, in->e_res_i);
  in->e_ctrl_i = ww_rng_chance(r, 1, 4);
  in->e_npc_i = ww_rng_bits(r, 32);
  in->e_bar_i = ww_rng_chance(r, 1, 8);
  in->deadlock_i = ww_rng_chance(r, 1, 6);
  in->sk_done_i = ww_rng_chance(r, 1, busy * 3);
  in->sk_wid_i = ww_rng_below(r, WARPS);
  in->sk_pc_i = ww_rng_bits(r, 32);

  /* the LSU and the mul/div unit hold a result until it is taken */
  if (cycle && s->lsu_v && prev->lsu_take_o)
    s->lsu_v = 0;
  if (cycle && s->md_v && prev->md_take_o)
    s->md_v = 0;
  if (!s->lsu_v && ww_rng_chance(r, 1, s->quiet ? 10 : 3)) {
    s->lsu_v = 1;
    s->lsu_wid = ww_rng_below(r, WARPS);
    lanes_data(r, s->lsu_data);
  }
  if (!s->md_v && ww_rng_chance(r, 1, s->quiet ? 12 : 4)) {
    s->md_v = 1;
    s->md_wid = ww_rng_below(r, WARPS);
    lanes_data(r, s->md_data);
  }
  if (!in->rst_ni)
    s->lsu_v = s->md_v = 0;
  in->lsu_valid_i = (uint64_t)s->lsu_v;
  in->lsu_wid_i = s->lsu_v ? s->lsu_wid : ww_rng_below(r, WARPS);
  memcpy(in->lsu_data_i, s->lsu_data, sizeof s->lsu_data);
  in->md_valid_i = (uint64_t)s->md_v;
  in->md_wid_i = s->md_v ? s->md_wid : ww_rng_below(r, WARPS);
  memcpy(in->md_data_i, s->md_data, sizeof s->md_data);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "sm_complete",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
