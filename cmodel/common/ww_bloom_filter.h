/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_bloom_filter -- C model of rtl/common/ww_bloom_filter.v: a parallel
 * Bloom filter of K sub-arrays, each indexed by its own H3 hash.
 * Cycle API (ports as in ww_bloom_filter.ports.def): ww_bloom_filter_step.
 * Behavioural API (for other C models): insert, query, clear; a key's bank
 * picks a slice of every sub-array (BANKS independent filters).
 */
#ifndef WW_BLOOM_FILTER_H
#define WW_BLOOM_FILTER_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_h3.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_bloom_filter.ports.def"
#define WW_PORTS_NAME ww_bloom_filter
#include "ww_port_structs.h"

typedef struct {
  unsigned bits;        /* BITS: total bits, BITS/K a power of two >= 2 */
  unsigned k;           /* K: sub-arrays */
  unsigned key_w;       /* KEY_W */
  uint32_t seed;        /* SEED: sub-array k uses H3 matrix SEED + k */
  unsigned qry_n;       /* QRY_N: keys queried per cycle (the step's ports),
                           QRY_N * KEY_W <= 64 */
  unsigned banks;       /* BANKS: a power of two, BITS/K/BANKS >= 2 */
} ww_bloom_filter_cfg_t;

typedef struct ww_bloom_filter ww_bloom_filter_t;

/* The RTL defaults from ww_config.h. */
ww_bloom_filter_cfg_t ww_bloom_filter_default_cfg(void);

/* NULL (with a message on stderr) when the configuration is illegal. */
ww_bloom_filter_t *ww_bloom_filter_new(const ww_bloom_filter_cfg_t *cfg);
void ww_bloom_filter_free(ww_bloom_filter_t *bf);

/* One clock cycle: outputs for this cycle from `in`, then the clock edge. */
void ww_bloom_filter_step(ww_bloom_filter_t *bf, const ww_bloom_filter_in_t *in,
                          ww_bloom_filter_out_t *out);

void ww_bloom_filter_clear(ww_bloom_filter_t *bf);
/* Bank `bank` (0 when BANKS = 1). */
void ww_bloom_filter_insert(ww_bloom_filter_t *bf, unsigned bank, uint64_t key);
int  ww_bloom_filter_query(const ww_bloom_filter_t *bf, unsigned bank, uint64_t key);

#endif /* WW_BLOOM_FILTER_H */
