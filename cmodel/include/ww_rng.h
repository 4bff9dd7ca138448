/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_rng -- the project's deterministic random numbers (splitmix64), shared
 * by the lockstep stimulus and the C-model property tests so that a seed
 * means the same sequence everywhere.
 */
#ifndef WW_RNG_H
#define WW_RNG_H

#include <stdint.h>

typedef struct { uint64_t s; } ww_rng_t;

static inline uint64_t ww_rng_next(ww_rng_t *r)
{
  uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Uniform in [0, 2^w), 0 <= w <= 64. */
static inline uint64_t ww_rng_bits(ww_rng_t *r, unsigned w)
{
  return w >= 64 ? ww_rng_next(r) : (w ? ww_rng_next(r) >> (64 - w) : 0);
}

/* Uniform in [0, n), n >= 1. */
static inline uint64_t ww_rng_below(ww_rng_t *r, uint64_t n)
{
  return ww_rng_next(r) % n;
}

/* True with probability num/den. */
static inline int ww_rng_chance(ww_rng_t *r, uint64_t num, uint64_t den)
{
  return ww_rng_below(r, den) < num;
}

#endif /* WW_RNG_H */
