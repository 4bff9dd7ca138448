/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_warp -- C model of rtl/tm/ww_tm_warp.v, KILO TM's per-SM warp TM
 * state (MICRO 2011, sec. 4.2 and 4.6): per warp in transaction, flattened
 * nesting depth, committing, the watchdog's step count and flag; the count
 * of warps in a transaction and the concurrency limit on it. Cycle-exact on
 * the ports of ww_tm_warp.ports.def.
 */
#ifndef WW_TM_WARP_H
#define WW_TM_WARP_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_tm_warp.ports.def"
#define WW_PORTS_NAME ww_tm_warp
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;      /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size), <= 64 */
  unsigned limit;      /* LIMIT: warps in a transaction at once; 0 = unlimited */
  unsigned depth_w;    /* DEPTH_W, 1..31: nesting deeper than 2^DEPTH_W - 1 is refused */
  uint32_t watchdog;   /* WATCHDOG: counted steps of an attempt before the flag; 0 = never */
} ww_tm_warp_cfg_t;

typedef struct ww_tm_warp ww_tm_warp_t;

ww_tm_warp_cfg_t ww_tm_warp_default_cfg(void);
ww_tm_warp_t *ww_tm_warp_new(const ww_tm_warp_cfg_t *cfg);
void ww_tm_warp_free(ww_tm_warp_t *m);
void ww_tm_warp_step(ww_tm_warp_t *m, const ww_tm_warp_in_t *in, ww_tm_warp_out_t *out);

#endif /* WW_TM_WARP_H */
