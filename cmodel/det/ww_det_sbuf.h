/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_det_sbuf -- C model of rtl/det/ww_det_sbuf.v, GPUDet's store buffers
 * of one SM (Jooybar et al., ASPLOS 2013, sec. 4.3, 4.4.2; the RTL's header
 * is the spec): buffered stores merged per line into a warp's entries,
 * loads with the warp's bytes over the line read through the L1, the commit
 * walk that sends every entry to its partition's Z-buffer unit.
 * Cycle-exact on the ports of ww_det_sbuf.ports.def.
 */
#ifndef WW_DET_SBUF_H
#define WW_DET_SBUF_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_det_sbuf.ports.def"
#define WW_PORTS_NAME ww_det_sbuf
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size) */
  unsigned lanes;       /* LANES, must be WW_LANES */
  unsigned line_bytes;  /* LINE_BYTES, must be WW_LINE_BYTES */
  unsigned sb_lines;    /* SB_LINES, power of two >= LANES */
  unsigned bloom_bits;  /* BLOOM_BITS */
  unsigned bloom_k;     /* BLOOM_K */
  unsigned num_part;    /* NUM_PART >= 1 */
  uint32_t seed;        /* SEED of the H3 hashes */
} ww_det_sbuf_cfg_t;

typedef struct ww_det_sbuf ww_det_sbuf_t;

ww_det_sbuf_cfg_t ww_det_sbuf_default_cfg(void);
ww_det_sbuf_t *ww_det_sbuf_new(const ww_det_sbuf_cfg_t *cfg);
void ww_det_sbuf_free(ww_det_sbuf_t *b);
void ww_det_sbuf_step(ww_det_sbuf_t *b, const ww_det_sbuf_in_t *in, ww_det_sbuf_out_t *out);

#endif /* WW_DET_SBUF_H */
