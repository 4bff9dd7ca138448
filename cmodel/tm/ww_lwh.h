/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lwh -- C model of rtl/tm/ww_lwh.v, KILO TM's last-writer history
 * (MICRO 2011, sec. 4.5.2): a set-associative lookup table plus a recency
 * Bloom filter of CID buckets. Cycle-exact: ww_lwh_step is one clock cycle on the
 * ports of ww_lwh.ports.def. See docs/lwh.md.
 */
#ifndef WW_LWH_H
#define WW_LWH_H

#include <stdint.h>
#include "ww_config.h"

#define WW_PORTS_DEF "ww_lwh.ports.def"
#define WW_PORTS_NAME ww_lwh
#include "ww_port_structs.h"

typedef struct {
  unsigned entries;      /* ENTRIES: lookup-table entries */
  unsigned ways;         /* WAYS */
  unsigned buckets;      /* BUCKETS: CID buckets in all sub-arrays */
  unsigned subarrays;    /* SUBARRAYS */
  unsigned addr_w;       /* ADDR_W: word-address bits */
  unsigned cid_w;        /* CID_W */
  unsigned cid_slack;    /* CID_SLACK: max in flight + max issued at once */
  unsigned scrub_every;  /* SCRUB_EVERY */
  uint32_t seed;         /* SEED: sub-array k hashes with H3 matrix SEED + k */
} ww_lwh_cfg_t;

typedef struct ww_lwh ww_lwh_t;

/* The RTL defaults from ww_config.h. */
ww_lwh_cfg_t ww_lwh_default_cfg(void);

/* NULL (with a message on stderr) when the configuration is illegal. */
ww_lwh_t *ww_lwh_new(const ww_lwh_cfg_t *cfg);
void ww_lwh_free(ww_lwh_t *l);

/* One clock cycle: this cycle's outputs from the state and `in`, then the edge. */
void ww_lwh_step(ww_lwh_t *l, const ww_lwh_in_t *in, ww_lwh_out_t *out);

#endif /* WW_LWH_H */
