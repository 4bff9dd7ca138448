/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_rec -- C model of rtl/scord/ww_scord_rec.v, the forming of the
 * ScoRD records an SM's LSU sends (docs/scord.md §3 "Records"): a CHECK
 * record names the words of its line that the tracked lanes touch (wmask),
 * a FENCE record goes to partition part_i on line number part_i; the
 * sideband (ww_proto.def SB) of every LSU request carries the instruction's
 * op, warp, block, pc, barrier id and lock Bloom, and the record kind and
 * wmask (kind NONE, no words while an L1 request uses the port).
 * Combinational: ww_scord_rec_step's outputs depend only on this cycle's
 * inputs.
 */
#ifndef WW_SCORD_REC_H
#define WW_SCORD_REC_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

/* the widths the LSU gives the block at this configuration */
#define WW_SCORD_REC_WID_W  WW_IDX_W(WW_WARPS_PER_SM)
#define WW_SCORD_REC_LINE_W (32 - WW_CLOG2(WW_LINE_BYTES))
#define WW_SCORD_REC_SB_W   WW_SB_W(WW_SCORD_REC_WID_W, WW_LINE_BYTES / 4, WW_SCORD_BARID_W, \
                                    WW_SCORD_BLOOM_W)

#define WW_PORTS_DEF "ww_scord_rec.ports.def"
#define WW_PORTS_NAME ww_scord_rec
#include "ww_port_structs.h"

typedef struct {
  unsigned lanes;       /* LANES, 1..32 */
  unsigned line_bytes;  /* LINE_BYTES, a power of two, 4..128 */
  unsigned wid_w;       /* WID_W, 1..16 */
  unsigned num_part;    /* NUM_PART, >= 1 */
  unsigned bar_w;       /* BAR_W, 1..32 */
  unsigned bloom_w;     /* BLOOM_W, 1..32 */
} ww_scord_rec_cfg_t;

typedef struct ww_scord_rec ww_scord_rec_t;

ww_scord_rec_cfg_t ww_scord_rec_default_cfg(void);
ww_scord_rec_t *ww_scord_rec_new(const ww_scord_rec_cfg_t *cfg);
void ww_scord_rec_free(ww_scord_rec_t *r);
void ww_scord_rec_step(ww_scord_rec_t *r, const ww_scord_rec_in_t *in, ww_scord_rec_out_t *out);

#endif /* WW_SCORD_REC_H */
