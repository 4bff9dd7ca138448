/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_commit_walk -- C model of rtl/tm/ww_tm_commit_walk.v, the SM side of
 * KILO TM's commit (MICRO 2011, sec. 4.4, 4.5.1, 4.5.3; docs/tm.md sec. 4.3):
 * commit IDs for a warp's committing lanes, one walk of its logs sending
 * every entry to the commit unit of its partition, END of every CID to
 * every unit, the local outcomes gathered into final outcomes, resends
 * after a buffer overflow, and the retirement of every CID everywhere.
 * Cycle-exact on the ports of ww_tm_commit_walk.ports.def.
 */
#ifndef WW_TM_COMMIT_WALK_H
#define WW_TM_COMMIT_WALK_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"
#include "ww_tm_log.h"

#define WW_PORTS_DEF "ww_tm_commit_walk.ports.def"
#define WW_PORTS_NAME ww_tm_commit_walk
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM */
  unsigned lanes;       /* LANES, 1..WW_LANES (<= 32); LANES * 4 a multiple of LINE_BYTES */
  unsigned line_bytes;  /* LINE_BYTES, a power of two, 4..WW_LINE_BYTES */
  unsigned log_words;   /* LOG_WORDS: entries per log, as the log unit's */
  unsigned num_part;    /* NUM_PART, 1..WW_NUM_PART (<= 32) */
  unsigned cid_w;       /* CID_W, 2..30 */
} ww_tm_commit_walk_cfg_t;

typedef struct ww_tm_commit_walk ww_tm_commit_walk_t;

ww_tm_commit_walk_cfg_t ww_tm_commit_walk_default_cfg(void);
ww_tm_commit_walk_t *ww_tm_commit_walk_new(const ww_tm_commit_walk_cfg_t *cfg);
void ww_tm_commit_walk_free(ww_tm_commit_walk_t *m);
void ww_tm_commit_walk_step(ww_tm_commit_walk_t *m, const ww_tm_commit_walk_in_t *in,
                            ww_tm_commit_walk_out_t *out);

#endif /* WW_TM_COMMIT_WALK_H */
