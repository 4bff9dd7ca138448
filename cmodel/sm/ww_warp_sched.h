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
#include "ww_util.h"

/* GSI stall classes, in Algorithm 1's priority order (stall_o). */
enum {
  WW_GSI_IDLE = 0,          /* no live warp in the slot */
  WW_GSI_CONTROL = 1,       /* next instruction not available */
  WW_GSI_SYNC = 2,          /* waits at a barrier, or held by the serial mode */
  WW_GSI_MEM_DATA = 3,      /* a source/destination awaits a memory writer */
  WW_GSI_MEM_STRUCT = 4,    /* memory instruction, LSU not ready */
  WW_GSI_COMP_DATA = 5,     /* a source/destination awaits a compute writer */
  WW_GSI_COMP_STRUCT = 6,   /* compute instruction, its unit not ready */
  WW_GSI_NONE = 7           /* able to issue (issued, or lost the arbitration) */
};

/* mode_i (GPUDet). 2 and 3 are reserved and act as normal. */
enum { WW_SCHED_NORMAL = 0, WW_SCHED_SERIAL = 1, WW_SCHED_QUANTUM = 2, WW_SCHED_RSVD = 3 };

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
  unsigned lo = w * 3;
  uint64_t v = o->stall_o[lo / 32];
  if (lo % 32 > 29)
    v |= (uint64_t)o->stall_o[lo / 32 + 1] << 32;
  return (unsigned)(v >> (lo % 32)) & 7u;
}

#endif /* WW_WARP_SCHED_H */
