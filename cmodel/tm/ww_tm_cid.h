/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_cid -- C model of rtl/tm/ww_tm_cid.v, KILO TM's commit-ID vendor
 * (MICRO 2011, sec. 4.5): consecutive commit IDs for a committing warp, one
 * SM granted per cycle in round robin, nothing while hold_i. Cycle-exact on
 * the ports of ww_tm_cid.ports.def.
 */
#ifndef WW_TM_CID_H
#define WW_TM_CID_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_tm_cid.ports.def"
#define WW_PORTS_NAME ww_tm_cid
#include "ww_port_structs.h"

typedef struct {
  unsigned num_sm;      /* NUM_SM, 1..WW_NUM_SM (the port structs' size), <= 64 */
  unsigned lanes;       /* LANES: the most IDs one request asks for */
  unsigned cid_w;       /* CID_W, 2..30 */
} ww_tm_cid_cfg_t;

typedef struct ww_tm_cid ww_tm_cid_t;

ww_tm_cid_cfg_t ww_tm_cid_default_cfg(void);
ww_tm_cid_t *ww_tm_cid_new(const ww_tm_cid_cfg_t *cfg);
void ww_tm_cid_free(ww_tm_cid_t *m);
void ww_tm_cid_step(ww_tm_cid_t *m, const ww_tm_cid_in_t *in, ww_tm_cid_out_t *out);

#endif /* WW_TM_CID_H */
