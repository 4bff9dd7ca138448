/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scoreboard (rtl/sm/ww_scoreboard.v).
 * Stimulus: legal SM traffic. A shadow of the pending registers is kept;
 * an issue (set) only names a register that is not pending (the scheduler
 * waits on WAW), a writeback (clear) only a pending one, at least a cycle
 * after its set. Registers come mostly from x0..x7 so sets, clears and
 * queries collide often; each query field names a pending register of its
 * warp about a third of the time, so ready_o and mem_o both toggle.
 */
#include "ww_lockstep.h"
#include "ww_scoreboard.h"

#define WW_PORTS_DEF "ww_scoreboard.ports.def"
#define WW_IN_T ww_scoreboard_in_t
#define WW_OUT_T ww_scoreboard_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM

typedef struct {
  uint32_t pend[WARPS];
} stim_t;

WW_MODEL_HOOKS(ww_scoreboard)
WW_STIM_STATE(stim_t)

static unsigned random_reg(ww_rng_t *r)
{
  if (ww_rng_chance(r, 1, 8))
    return 0;
  return ww_rng_chance(r, 3, 4) ? 1 + (unsigned)ww_rng_below(r, 7) : 1 + (unsigned)ww_rng_below(r, 31);
}

/* A random set bit of m (m != 0). */
static unsigned random_bit(ww_rng_t *r, uint32_t m)
{
  unsigned k = (unsigned)ww_rng_below(r, (uint64_t)__builtin_popcount(m));
  while (k--)
    m &= m - 1;
  return (unsigned)__builtin_ctz(m);
}

static unsigned query_reg(ww_rng_t *r, uint32_t pend)
{
  if (pend && ww_rng_chance(r, 1, 3))
    return random_bit(r, pend);
  return random_reg(r);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_scoreboard_in_t *in = vin;
  (void)vprev;

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);

  in->set_valid_i = 0;
  in->set_wid_i = ww_rng_below(r, WARPS);
  in->set_rd_i = random_reg(r);
  in->set_mem_i = ww_rng_bits(r, 1);
  if (ww_rng_chance(r, 1, 2) && !(s->pend[in->set_wid_i] >> in->set_rd_i & 1u))
    in->set_valid_i = 1;

  in->clr_valid_i = 0;
  in->clr_wid_i = ww_rng_below(r, WARPS);
  in->clr_rd_i = random_reg(r);
  if (ww_rng_chance(r, 1, 2)) {
    unsigned w = (unsigned)ww_rng_below(r, WARPS);
    if (s->pend[w]) {
      in->clr_valid_i = 1;
      in->clr_wid_i = w;
      in->clr_rd_i = random_bit(r, s->pend[w]);
    }
  }

  for (unsigned w = 0; w < WARPS; w++) {
    ww_sb_put(in->q_rs1_i, w * 5, 5, query_reg(r, s->pend[w]));
    ww_sb_put(in->q_rs2_i, w * 5, 5, query_reg(r, s->pend[w]));
    ww_sb_put(in->q_rd_i, w * 5, 5, query_reg(r, s->pend[w]));
  }

  /* the shadow follows this cycle's clock edge */
  if (!in->rst_ni) {
    for (unsigned w = 0; w < WARPS; w++)
      s->pend[w] = 0;
    return;
  }
  if (in->clr_valid_i)
    s->pend[in->clr_wid_i] &= ~(1u << in->clr_rd_i);
  if (in->set_valid_i && in->set_rd_i)
    s->pend[in->set_wid_i] |= 1u << in->set_rd_i;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scoreboard",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
