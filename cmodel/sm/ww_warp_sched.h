/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_warp_sched -- C model of rtl/sm/ww_warp_sched.v, the issue scheduler
 * of one SM: loose round robin as the golden model's pick_warp()
 * (cmodel/gpu/ww_gpu.c), per-warp GSI issue-stall classes (GSI,
 * ISPASS 2016, Algorithm 1), GPUDet mode input.
 * Cycle-exact on the ports of ww_warp_sched.ports.def.
 */
#ifndef WW_WARP_SCHED_H
#define WW_WARP_SCHED_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

/* GSI stall classes, in Algorithm 1's priority order (stall_o, WW_GSI_W bits
 * per warp): WW_GSI_IDLE .. WW_GSI_NONE (ww_gsi_cls_t). mode_i (GPUDet):
 * WW_SCHED_NORMAL, WW_SCHED_SERIAL; QUANTUM and RSVD act as normal. Both in
 * cmodel/include/ww_proto.def. */

#define WW_PORTS_DEF "ww_warp_sched.ports.def"
#define WW_PORTS_NAME ww_warp_sched
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size), <= 32 */
} ww_warp_sched_cfg_t;

typedef struct ww_warp_sched ww_warp_sched_t;

ww_warp_sched_cfg_t ww_warp_sched_default_cfg(void);
ww_warp_sched_t *ww_warp_sched_new(const ww_warp_sched_cfg_t *cfg);
void ww_warp_sched_free(ww_warp_sched_t *s);
void ww_warp_sched_step(ww_warp_sched_t *s, const ww_warp_sched_in_t *in,
                        ww_warp_sched_out_t *out);

/* Warp w's class in stall_o. */
static inline unsigned ww_warp_sched_stall(const ww_warp_sched_out_t *o, unsigned w)
{
  unsigned lo = w * WW_GSI_W;
  uint64_t v = o->stall_o[lo / 32];
  if (lo % 32 > 32 - WW_GSI_W)
    v |= (uint64_t)o->stall_o[lo / 32 + 1] << 32;
  return (unsigned)(v >> (lo % 32)) & ((1u << WW_GSI_W) - 1);
}

#endif /* WW_WARP_SCHED_H */
