/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sm_retire -- C model of rtl/sm/ww_sm_retire.v, what the SM reports:
 * the retire record of each completed instruction (registered from the
 * completion stage) and the first trap (priority: execute stage, stack
 * answer, barrier deadlock), after which the SM is halted. Cycle-exact on
 * the ports of ww_sm_retire.ports.def.
 */
#ifndef WW_SM_RETIRE_H
#define WW_SM_RETIRE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_sm_retire.ports.def"
#define WW_PORTS_NAME ww_sm_retire
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size), <= 32 */
  unsigned lanes;       /* LANES, 1..WW_LANES, <= 32 */
} ww_sm_retire_cfg_t;

typedef struct ww_sm_retire ww_sm_retire_t;

ww_sm_retire_cfg_t ww_sm_retire_default_cfg(void);
ww_sm_retire_t *ww_sm_retire_new(const ww_sm_retire_cfg_t *cfg);
void ww_sm_retire_free(ww_sm_retire_t *m);
void ww_sm_retire_step(ww_sm_retire_t *m, const ww_sm_retire_in_t *in, ww_sm_retire_out_t *out);

#endif /* WW_SM_RETIRE_H */
