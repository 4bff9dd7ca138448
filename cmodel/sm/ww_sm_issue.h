/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sm_issue -- C model of rtl/sm/ww_sm_issue.v, the SM's issue stage:
 * which warps may issue (issue block, in flight or completing now, LSU
 * ready and not being offered one, mul/div credits), the scheduler's pick
 * among them (the ww_warp_sched model), the per-warp in-flight bits, the
 * mul/div credits and the late-completion wait (LATE_WAIT).
 * Cycle-exact on the ports of ww_sm_issue.ports.def.
 */
#ifndef WW_SM_ISSUE_H
#define WW_SM_ISSUE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_sm_issue.ports.def"
#define WW_PORTS_NAME ww_sm_issue
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size), <= 32 */
  unsigned late_wait;   /* LATE_WAIT >= 1 */
} ww_sm_issue_cfg_t;

typedef struct ww_sm_issue ww_sm_issue_t;

ww_sm_issue_cfg_t ww_sm_issue_default_cfg(void);
ww_sm_issue_t *ww_sm_issue_new(const ww_sm_issue_cfg_t *cfg);
void ww_sm_issue_free(ww_sm_issue_t *m);
void ww_sm_issue_step(ww_sm_issue_t *m, const ww_sm_issue_in_t *in, ww_sm_issue_out_t *out);

#endif /* WW_SM_ISSUE_H */
