/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_zbuf -- C model of rtl/det/ww_zbuf.v, GPUDet's Z-buffer unit (Jooybar
 * et al., ASPLOS 2013, sec. 4.4; the RTL's header is the spec): commit
 * requests of store-buffer entries written to L2 only where their depth wins
 * per byte, a Z-cache of a quantum's per-byte depths, acknowledgements in
 * request order. Cycle-exact on the ports of ww_zbuf.ports.def.
 */
#ifndef WW_ZBUF_H
#define WW_ZBUF_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_zbuf.ports.def"
#define WW_PORTS_NAME ww_zbuf
#include "ww_port_structs.h"

typedef struct {
  unsigned num_sm;      /* NUM_SM >= 1 */
  unsigned warps;       /* WARPS >= 1 */
  unsigned line_bytes;  /* LINE_BYTES, power of two 4..WW_LINE_BYTES (the port structs' size) */
  unsigned zlines;      /* ZLINES, power of two >= 2 */
  unsigned qid_w;       /* QID_W, 1..16 */
  unsigned reqs;        /* REQS, power of two >= 2 */
  unsigned acks;        /* ACKS, power of two >= 2 */
  uint32_t seed;        /* SEED of the H3 hash */
} ww_zbuf_cfg_t;

typedef struct ww_zbuf ww_zbuf_t;

/* the RTL's defaults (ww_config.h) */
ww_zbuf_cfg_t ww_zbuf_default_cfg(void);
ww_zbuf_t *ww_zbuf_new(const ww_zbuf_cfg_t *cfg);
void ww_zbuf_free(ww_zbuf_t *z);
void ww_zbuf_step(ww_zbuf_t *z, const ww_zbuf_in_t *in, ww_zbuf_out_t *out);

#endif /* WW_ZBUF_H */
