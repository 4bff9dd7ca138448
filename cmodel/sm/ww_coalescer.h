/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_coalescer -- C model of rtl/sm/ww_coalescer.v: one warp memory
 * instruction in, one request per distinct cache line out (lowest lane's
 * line first). Cycle-exact on the ports of ww_coalescer.ports.def.
 */
#ifndef WW_COALESCER_H
#define WW_COALESCER_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_coalescer.ports.def"
#define WW_PORTS_NAME ww_coalescer
#include "ww_port_structs.h"

typedef struct {
  unsigned lanes;       /* LANES, 1..32 */
  unsigned line_bytes;  /* LINE_BYTES, power of two >= 4 */
} ww_coalescer_cfg_t;

typedef struct ww_coalescer ww_coalescer_t;

ww_coalescer_cfg_t ww_coalescer_default_cfg(void);
ww_coalescer_t *ww_coalescer_new(const ww_coalescer_cfg_t *cfg);
void ww_coalescer_free(ww_coalescer_t *c);
void ww_coalescer_step(ww_coalescer_t *c, const ww_coalescer_in_t *in, ww_coalescer_out_t *out);

#endif /* WW_COALESCER_H */
