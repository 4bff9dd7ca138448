/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_det_ctrl -- C model of rtl/det/ww_det_ctrl.v, GPUDet's mode controller
 * (Jooybar et al., ASPLOS 2013, sec. 4, Fig. 2; the RTL's header is the
 * spec): rounds of work distribution, parallel mode, commit and serial
 * mode, separated by global barriers; phase and end-reason counters.
 * Cycle-exact on the ports of ww_det_ctrl.ports.def.
 */
#ifndef WW_DET_CTRL_H
#define WW_DET_CTRL_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_det_ctrl.ports.def"
#define WW_PORTS_NAME ww_det_ctrl
#include "ww_port_structs.h"

typedef struct {
  unsigned num_sm;    /* NUM_SM, 1..WW_NUM_SM (the port structs' size) */
  unsigned num_part;  /* NUM_PART, 1..WW_NUM_PART */
  unsigned warps;     /* WARPS, 1..WW_WARPS_PER_SM */
  unsigned qid_w;     /* QID_W, 1..32 */
} ww_det_ctrl_cfg_t;

typedef struct ww_det_ctrl ww_det_ctrl_t;

ww_det_ctrl_cfg_t ww_det_ctrl_default_cfg(void);
ww_det_ctrl_t *ww_det_ctrl_new(const ww_det_ctrl_cfg_t *cfg);
void ww_det_ctrl_free(ww_det_ctrl_t *c);
void ww_det_ctrl_step(ww_det_ctrl_t *c, const ww_det_ctrl_in_t *in, ww_det_ctrl_out_t *out);

#endif /* WW_DET_CTRL_H */
