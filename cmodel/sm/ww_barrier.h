/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_barrier -- C model of rtl/sm/ww_barrier.v: ww.bar arrival, release and
 * deadlock detection per resident block slot of one SM, with the golden
 * model's semantics (cmodel/gpu/ww_gpu_exec.c WW_OP_BAR / WW_OP_EXIT).
 * Cycle-exact on the ports of ww_barrier.ports.def.
 */
#ifndef WW_BARRIER_H
#define WW_BARRIER_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_barrier.ports.def"
#define WW_PORTS_NAME ww_barrier
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..32 */
  unsigned blocks;      /* BLOCKS (resident block slots), 1..32 */
} ww_barrier_cfg_t;

typedef struct ww_barrier ww_barrier_t;

ww_barrier_cfg_t ww_barrier_default_cfg(void);
ww_barrier_t *ww_barrier_new(const ww_barrier_cfg_t *cfg);
void ww_barrier_free(ww_barrier_t *s);
void ww_barrier_step(ww_barrier_t *s, const ww_barrier_in_t *in, ww_barrier_out_t *out);

#endif /* WW_BARRIER_H */
