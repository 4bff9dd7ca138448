/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_decode (rtl/sm/ww_decode.v), compared combinationally
 * every cycle. Stimulus, per cycle:
 *   3/4  a valid encoding: MATCH | (random & ~MASK) of a random ww_isa.def
 *        entry (every instruction equally often, its free fields random);
 *   1/8  such a word with one random bit flipped (near misses of the masks);
 *   1/8  a fully random word (mostly illegal).
 */
#include "ww_decode.h"
#include "ww_lockstep.h"
#include "isa_words.h"

#define WW_PORTS_DEF "ww_decode.ports.def"
#define WW_IN_T ww_decode_in_t
#define WW_OUT_T ww_decode_out_t
#include "ww_lockstep_ports.h"

typedef struct {
  int unused;
} stim_t;

WW_MODEL_HOOKS(ww_decode)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  (void)vs;
  (void)cycle;
  (void)vprev;
  ww_decode_in_t *in = vin;
  unsigned k = (unsigned)ww_rng_below(r, 8);
  uint32_t w;
  if (k < 6)
    w = isa_valid_word(r);
  else if (k == 6)
    w = isa_valid_word(r) ^ (1u << ww_rng_below(r, 32));
  else
    w = (uint32_t)ww_rng_bits(r, 32);
  in->insn_i = w;
}

const ww_block_t ww_block = {
  .name = "decode",
  .params = "(none)",
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
