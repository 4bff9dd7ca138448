/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_det_warp -- C model of rtl/det/ww_det_warp.v, GPUDet's per-SM quantum
 * formation (Jooybar et al., ASPLOS 2013, sec. 4.2 and 4.5; the RTL's
 * header is the spec): per warp its instruction count in the quantum, why
 * its parallel mode ended, the hold mask the scheduler obeys, and the
 * serial mode's turn. Cycle-exact on the ports of ww_det_warp.ports.def.
 */
#ifndef WW_DET_WARP_H
#define WW_DET_WARP_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_det_warp.ports.def"
#define WW_PORTS_NAME ww_det_warp
#include "ww_port_structs.h"

#define WW_DET_WARP_MAX 64

typedef struct {
  unsigned warps;   /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size) */
  unsigned cnt_w;   /* CNT_W, 1..32 */
} ww_det_warp_cfg_t;

typedef struct ww_det_warp ww_det_warp_t;

ww_det_warp_cfg_t ww_det_warp_default_cfg(void);
ww_det_warp_t *ww_det_warp_new(const ww_det_warp_cfg_t *cfg);
void ww_det_warp_free(ww_det_warp_t *d);
void ww_det_warp_step(ww_det_warp_t *d, const ww_det_warp_in_t *in, ww_det_warp_out_t *out);

#endif /* WW_DET_WARP_H */
