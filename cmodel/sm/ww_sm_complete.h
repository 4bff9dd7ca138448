/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sm_complete -- C model of rtl/sm/ww_sm_complete.v, the SM's completion
 * stage: one completion per cycle (execute > stack answer > LSU > mul/div),
 * the successor fetch of a completing control instruction, the register
 * file's write port, and the zeroing of a launched warp's x1..x31 in cycles
 * without a completion. Cycle-exact on the ports of ww_sm_complete.ports.def.
 */
#ifndef WW_SM_COMPLETE_H
#define WW_SM_COMPLETE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_sm_complete.ports.def"
#define WW_PORTS_NAME ww_sm_complete
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size), <= 32 */
  unsigned lanes;       /* LANES, 1..WW_LANES, <= 32 */
} ww_sm_complete_cfg_t;

typedef struct ww_sm_complete ww_sm_complete_t;

ww_sm_complete_cfg_t ww_sm_complete_default_cfg(void);
ww_sm_complete_t *ww_sm_complete_new(const ww_sm_complete_cfg_t *cfg);
void ww_sm_complete_free(ww_sm_complete_t *m);
void ww_sm_complete_step(ww_sm_complete_t *m, const ww_sm_complete_in_t *in,
                         ww_sm_complete_out_t *out);

#endif /* WW_SM_COMPLETE_H */
