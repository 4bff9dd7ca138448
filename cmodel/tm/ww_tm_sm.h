/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_sm -- C model of rtl/tm/ww_tm_sm.v, the SM's KILO TM port (docs/tm.md
 * sec. 4.2, 4.3): the transaction log unit (ww_tm_txlog) and the commit walk
 * (ww_tm_commit_walk), their own models, on one L1 port, and the sequence of
 * an outermost commit (WALK, WAIT, CLEAR, CLRW, INVAL, DONE). Cycle-exact on
 * the ports of ww_tm_sm.ports.def.
 */
#ifndef WW_TM_SM_H
#define WW_TM_SM_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_tm_sm.ports.def"
#define WW_PORTS_NAME ww_tm_sm
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM */
  unsigned lanes;       /* LANES, 1..WW_LANES (<= 32); LANES * 4 a multiple of LINE_BYTES */
  unsigned line_bytes;  /* LINE_BYTES, a power of two, 4..WW_LINE_BYTES */
  unsigned log_words;   /* LOG_WORDS: entries per log (read and write) */
  unsigned bloom_w;     /* BLOOM_W: log2 of the filter bits per warp */
  uint32_t seed;        /* SEED of the filter's H3 function */
  unsigned num_part;    /* NUM_PART, 1..WW_NUM_PART */
  unsigned cid_w;       /* CID_W, 2..30 */
  unsigned acks;        /* ACKS: log stores in flight at most, 1..255 */
} ww_tm_sm_cfg_t;

typedef struct ww_tm_sm ww_tm_sm_t;

ww_tm_sm_cfg_t ww_tm_sm_default_cfg(void);
ww_tm_sm_t *ww_tm_sm_new(const ww_tm_sm_cfg_t *cfg);
void ww_tm_sm_free(ww_tm_sm_t *m);
void ww_tm_sm_step(ww_tm_sm_t *m, const ww_tm_sm_in_t *in, ww_tm_sm_out_t *out);

#endif /* WW_TM_SM_H */
