/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_switch (rtl/mem/ww_switch.v), one direction of the
 * crossbar. Stimulus: every source offers packets (random destination,
 * data = source and sequence number) held until accepted, in bursts that
 * fill the queues; every destination applies random back-pressure, with
 * phases where one destination is hot so several sources compete for it;
 * in some phases links are held (hold_i) for random stretches.
 */
#include "ww_lockstep.h"
#include "ww_switch.h"

#define WW_PORTS_DEF "ww_switch.ports.def"
#define WW_IN_T ww_switch_in_t
#define WW_OUT_T ww_switch_out_t
#include "ww_lockstep_ports.h"

#define N_IN WW_NUM_SM
#define N_OUT WW_NUM_PART
#define DST_W WW_IDX_W(WW_NUM_PART)

typedef struct {
  int pending[N_IN];
  uint32_t dst[N_IN], data[N_IN], seq[N_IN];
  unsigned hot;
  uint64_t hold;                 /* links held now */
  int holding;                   /* a phase with held links */
} stim_t;

WW_MODEL_HOOKS(ww_switch)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_switch_out_t *prev = vprev;
  ww_switch_in_t *in = vin;
  if (cycle % 500 == 0)
    s->hot = (unsigned)ww_rng_below(r, N_OUT + 1);      /* N_OUT: no hot spot */
  int burst = (cycle / 200) % 2;
  uint64_t valid = 0, dsts = 0;
  for (unsigned i = 0; i < N_IN; i++) {
    if (s->pending[i] && ((in->in_valid_i >> i) & 1) && ((prev->in_ready_o >> i) & 1))
      s->pending[i] = 0;
    if (!s->pending[i] && ww_rng_chance(r, burst ? 9 : 1, 10)) {
      s->pending[i] = 1;
      s->dst[i] = s->hot < N_OUT && ww_rng_chance(r, 3, 4) ? s->hot
                                                           : (uint32_t)ww_rng_below(r, N_OUT);
      s->data[i] = (i << 24) | (s->seq[i]++ & 0xFFFFFF);
    }
    valid |= (uint64_t)s->pending[i] << i;
    dsts |= (uint64_t)s->dst[i] << (i * DST_W);
    in->in_data_i[i] = s->data[i];
  }
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->in_valid_i = valid;
  in->in_dst_i = dsts;
  in->out_ready_i = ww_rng_bits(r, N_OUT) | (ww_rng_chance(r, 1, 2) ? ww_rng_bits(r, N_OUT) : 0);
  /* held links: a link starts a hold now and then and keeps it a while */
  if (cycle % 300 == 0)
    s->holding = ww_rng_chance(r, 1, 2);
  for (unsigned k = 0; k < N_IN * N_OUT; k++) {
    if (s->holding && ww_rng_chance(r, 1, 16))
      s->hold |= 1ull << k;
    else if (ww_rng_chance(r, 1, 8))
      s->hold &= ~(1ull << k);
  }
  in->hold_i = s->hold;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "switch",
  .params = "N_IN=" WW_XSTR(WW_NUM_SM) " N_OUT=" WW_XSTR(WW_NUM_PART) " DATA_W=32 FIFO_DEPTH=4",
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
