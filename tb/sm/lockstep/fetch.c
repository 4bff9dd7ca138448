/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_fetch (rtl/sm/ww_fetch.v).
 * Stimulus: first the instruction memory is written word by word (3/4 valid
 * encodings of random ww_isa.def entries, 1/8 with a bit flipped, 1/8
 * random words); warps stay inactive and nothing is fetched meanwhile (the
 * memory is not reset). Then it plays the SM around the front end: most
 * warps active, now and then one zeroing or inactive; launches of random
 * warp sets at entry PCs inside the code, outside it, or in the null guard;
 * issue of a warp whose instruction the last cycle's view showed (3/4) or
 * of any warp; completions of control instructions with successors inside
 * or outside the code; exits; short halted phases; ScoRD on and off in
 * phases; now and then a rewrite of a code word.
 */
#include <string.h>

#include "ww_fetch.h"
#include "ww_lockstep.h"
#include "isa_words.h"

#define WW_PORTS_DEF "ww_fetch.ports.def"
#define WW_IN_T ww_fetch_in_t
#define WW_OUT_T ww_fetch_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)
#define NWORDS (WW_IMEM_BYTES / 4)

typedef struct {
  uint32_t filled;               /* code words written so far */
  unsigned halt_left, scord_left;
  int scord;
} stim_t;

WW_MODEL_HOOKS(ww_fetch)
WW_STIM_STATE(stim_t)

static uint32_t code_word(ww_rng_t *r)
{
  unsigned k = (unsigned)ww_rng_below(r, 8);
  uint32_t w = isa_valid_word(r);
  if (k == 6)
    w ^= 1u << ww_rng_below(r, 32);
  else if (k == 7)
    w = (uint32_t)ww_rng_bits(r, 32);
  return w;
}

static uint32_t some_pc(ww_rng_t *r)
{
  unsigned k = (unsigned)ww_rng_below(r, 16);
  if (k == 0)
    return (uint32_t)ww_rng_below(r, WW_NULL_GUARD_BYTES);              /* null guard */
  if (k == 1)
    return WW_CODE_BASE + WW_IMEM_BYTES + 4 * (uint32_t)ww_rng_below(r, 64);  /* past the code */
  if (k == 2)
    return (uint32_t)ww_rng_bits(r, 32);
  return WW_CODE_BASE + 4 * (uint32_t)ww_rng_below(r, NWORDS);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_fetch_out_t *prev = vprev;
  ww_fetch_in_t *in = vin;
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (s->filled < NWORDS) {
    in->imem_we_i = 1;
    in->imem_waddr_i = s->filled++;
    in->imem_wdata_i = code_word(r);
    return;
  }
  if (ww_rng_chance(r, 1, 200)) {
    in->imem_we_i = 1;
    in->imem_waddr_i = ww_rng_below(r, NWORDS);
    in->imem_wdata_i = code_word(r);
  }
  if (s->scord_left == 0) {
    s->scord = ww_rng_chance(r, 1, 2);
    s->scord_left = 100 + (unsigned)ww_rng_below(r, 1000);
  }
  s->scord_left--;
  in->scord_en_i = (uint64_t)s->scord;
  if (s->halt_left == 0 && ww_rng_chance(r, 1, 500))
    s->halt_left = 1 + (unsigned)ww_rng_below(r, 6);
  if (s->halt_left) {
    in->halted_i = 1;
    s->halt_left--;
  }
  for (unsigned w = 0; w < WARPS; w++) {
    if (!ww_rng_chance(r, 1, 20))
      in->active_i |= 1ull << w;
    if (ww_rng_chance(r, 1, 30))
      in->zeroing_i |= 1ull << w;
  }
  if (ww_rng_chance(r, 1, 40)) {
    in->launch_i = ww_rng_bits(r, WARPS);
    in->entry_pc_i = some_pc(r);
  }
  if (ww_rng_chance(r, 2, 3)) {
    unsigned w = (unsigned)ww_rng_below(r, WARPS);
    if (cycle && ww_rng_chance(r, 3, 4) && prev->bv_valid_o) {
      do
        w = (unsigned)ww_rng_below(r, WARPS);
      while (!(prev->bv_valid_o >> w & 1u));
    }
    in->iss_valid_i = 1;
    in->iss_wid_i = w;
  } else {
    in->iss_wid_i = ww_rng_bits(r, WID_W) & (WARPS - 1);
  }
  if (ww_rng_chance(r, 1, 6)) {
    in->cmp_fetch_i = 1;
    in->cmp_npc_i = some_pc(r);
  }
  in->cmp_wid_i = ww_rng_below(r, WARPS);
  if (ww_rng_chance(r, 1, 100))
    in->exit_i = 1;
  in->exit_wid_i = ww_rng_below(r, WARPS);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "fetch",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " IMEM_BYTES=" WW_XSTR(WW_IMEM_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
