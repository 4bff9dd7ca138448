/* SPDX-License-Identifier: Apache-2.0
 *
 * isa_words.h -- instruction words for lockstep stimuli (decode, fetch):
 * isa_valid_word() is MATCH | (random & ~MASK) of a random ww_isa.def entry
 * (every instruction equally often, its free fields random).
 */
#ifndef ISA_WORDS_H
#define ISA_WORDS_H

#include <stdint.h>
#include "ww_rng.h"

static const struct {
  uint32_t match, mask;
} isa_entry[] = {
#define WW_INSN(name, mnem, match, mask, fmt, cls) { match, mask },
#include "ww_isa.def"
};
#define ISA_N_ENTRY (sizeof isa_entry / sizeof isa_entry[0])

static inline uint32_t isa_valid_word(ww_rng_t *r)
{
  unsigned e = (unsigned)ww_rng_below(r, ISA_N_ENTRY);
  return isa_entry[e].match | ((uint32_t)ww_rng_bits(r, 32) & ~isa_entry[e].mask);
}

#endif /* ISA_WORDS_H */
