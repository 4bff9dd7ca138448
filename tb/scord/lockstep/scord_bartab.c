/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scord_bartab (rtl/scord/ww_scord_bartab.v).
 * Stimulus: a shadow of which block slots hold a live block drives legal SM
 * traffic. A block is launched into a free slot now and then; a live slot's
 * block passes barriers (a release) on about half the cycles, spread over
 * the live slots; a block ends (shadow only: the table has no end port)
 * with a per-block chance drawn at launch, so some blocks are short-lived
 * and some pass more than 2^BAR_W barriers (the counter wraps). The read
 * slot is random, biased to this cycle's release slot. Unused slot fields
 * carry random values.
 */
#include "ww_lockstep.h"
#include "ww_scord_bartab.h"

#define WW_PORTS_DEF "ww_scord_bartab.ports.def"
#define WW_IN_T ww_scord_bartab_in_t
#define WW_OUT_T ww_scord_bartab_out_t
#include "ww_lockstep_ports.h"

#define BLOCKS WW_BLOCKS_PER_SM
#define SLOT_W WW_IDX_W(WW_BLOCKS_PER_SM)

typedef struct {
  int live[BLOCKS];
  uint64_t end_den[BLOCKS];   /* the block ends with chance 1/end_den per cycle */
} stim_t;

WW_MODEL_HOOKS(ww_scord_bartab)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_scord_bartab_in_t *in = vin;
  (void)vprev;

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->launch_valid_i = 0;
  in->launch_slot_i = ww_rng_bits(r, SLOT_W);
  in->release_valid_i = 0;
  in->release_slot_i = ww_rng_bits(r, SLOT_W);
  in->rd_slot_i = ww_rng_below(r, BLOCKS);

  unsigned nlive = 0, nfree = 0, live[BLOCKS], freel[BLOCKS];
  for (unsigned b = 0; b < BLOCKS; b++) {
    if (s->live[b] && ww_rng_chance(r, 1, s->end_den[b]))
      s->live[b] = 0;                   /* the block's warps all exited */
    if (s->live[b])
      live[nlive++] = b;
    else
      freel[nfree++] = b;
  }
  if (nlive && ww_rng_chance(r, 1, 2)) {
    in->release_valid_i = 1;
    in->release_slot_i = live[ww_rng_below(r, nlive)];
    if (ww_rng_chance(r, 1, 2))
      in->rd_slot_i = in->release_slot_i;
  }
  if (nfree && ww_rng_chance(r, 1, 20)) {
    unsigned b = freel[ww_rng_below(r, nfree)];
    in->launch_valid_i = 1;
    in->launch_slot_i = b;
    if (ww_rng_chance(r, 1, 4))
      in->rd_slot_i = b;
  }

  /* the shadow follows this cycle's clock edge */
  if (!in->rst_ni) {
    for (unsigned b = 0; b < BLOCKS; b++)
      s->live[b] = 0;
    return;
  }
  if (in->launch_valid_i) {
    unsigned b = (unsigned)in->launch_slot_i;
    s->live[b] = 1;
    s->end_den[b] = ww_rng_chance(r, 1, 2) ? 50 : 4000;
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scord_bartab",
  .params = "BLOCKS=" WW_XSTR(WW_BLOCKS_PER_SM) " BAR_W=" WW_XSTR(WW_SCORD_BARID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
