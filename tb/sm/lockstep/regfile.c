/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_regfile (rtl/sm/ww_regfile.v).
 * Stimulus: first every register x1..x31 of every warp is written with all
 * lanes (the RTL's block RAM starts undefined, the model's at 0), reads off.
 * Then each cycle a random read (often) and a random write (often): random
 * lane masks (sometimes none or all), x0 as source and destination now and
 * then, and registers drawn from a small hot set with the write's warp half
 * the time, so reads of the register being written in the same cycle
 * (the write-first bypass) and in the cycles after are frequent.
 */
#include "ww_lockstep.h"
#include "ww_regfile.h"

#define WW_PORTS_DEF "ww_regfile.ports.def"
#define WW_IN_T ww_regfile_in_t
#define WW_OUT_T ww_regfile_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))
#define INIT_CYCLES (2u + 31u * WARPS)

typedef struct {
  int unused;
} stim_t;

WW_MODEL_HOOKS(ww_regfile)
WW_STIM_STATE(stim_t)

static unsigned pick_reg(ww_rng_t *r)
{
  if (ww_rng_chance(r, 1, 16))
    return 0;
  if (ww_rng_chance(r, 1, 2))
    return 1 + (unsigned)ww_rng_below(r, 3);        /* hot set x1..x3 */
  return (unsigned)ww_rng_below(r, 32);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  (void)vs;
  (void)vprev;
  ww_regfile_in_t *in = vin;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  for (unsigned l = 0; l < LANES; l++)
    in->wr_data_i[l] = ww_rng_chance(r, 1, 8) ? 0u : (uint32_t)ww_rng_bits(r, 32);

  if (cycle < INIT_CYCLES) {            /* fill every register once */
    unsigned k = cycle >= 2 ? (unsigned)cycle - 2 : 0;
    in->rd_valid_i = 0;
    in->rd_wid_i = 0;
    in->rd_rs1_i = in->rd_rs2_i = 0;
    in->wr_valid_i = cycle >= 2;
    in->wr_wid_i = k / 31;
    in->wr_rd_i = 1 + k % 31;
    in->wr_mask_i = LANE_MASK;
    return;
  }
  in->wr_valid_i = (uint64_t)ww_rng_chance(r, 3, 4);
  in->wr_wid_i = ww_rng_below(r, WARPS);
  in->wr_rd_i = pick_reg(r);
  in->wr_mask_i = ww_rng_chance(r, 1, 8) ? (ww_rng_chance(r, 1, 2) ? 0 : LANE_MASK)
                                         : (ww_rng_bits(r, LANES) & LANE_MASK);
  in->rd_valid_i = (uint64_t)ww_rng_chance(r, 3, 4);
  in->rd_wid_i = ww_rng_chance(r, 1, 2) ? in->wr_wid_i : ww_rng_below(r, WARPS);
  in->rd_rs1_i = pick_reg(r);
  in->rd_rs2_i = pick_reg(r);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "regfile",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
