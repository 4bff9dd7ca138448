/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_txlog -- C model of rtl/tm/ww_tm_txlog.v, KILO TM's transaction log
 * unit on the LSU socket (MICRO 2011, sec. 4.3; docs/tm.md sec. 4.2): a
 * warp's transactional loads and stores, logged per lane in local memory,
 * with read-own-write through a per-warp write-set Bloom filter and a walk
 * of the write log. Cycle-exact on the ports of ww_tm_txlog.ports.def.
 */
#ifndef WW_TM_TXLOG_H
#define WW_TM_TXLOG_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"
#include "ww_tm_log.h"

#define WW_PORTS_DEF "ww_tm_txlog.ports.def"
#define WW_PORTS_NAME ww_tm_txlog
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM */
  unsigned lanes;       /* LANES, 1..WW_LANES; LANES * 4 >= LINE_BYTES */
  unsigned line_bytes;  /* LINE_BYTES, a power of two, 4..WW_LINE_BYTES */
  unsigned log_words;   /* LOG_WORDS: entries per log (read and write) */
  unsigned bloom_w;     /* BLOOM_W: log2 of the filter bits per warp, 1..10 */
  uint32_t seed;        /* SEED of the filter's H3 function */
  unsigned acks;        /* ACKS: log stores in flight at most, 1..255 */
} ww_tm_txlog_cfg_t;

/* the log layout: ww_tm_txlog_entry() in ww_tm_log.h */
typedef struct ww_tm_txlog ww_tm_txlog_t;

ww_tm_txlog_cfg_t ww_tm_txlog_default_cfg(void);
ww_tm_txlog_t *ww_tm_txlog_new(const ww_tm_txlog_cfg_t *cfg);
void ww_tm_txlog_free(ww_tm_txlog_t *m);
void ww_tm_txlog_step(ww_tm_txlog_t *m, const ww_tm_txlog_in_t *in, ww_tm_txlog_out_t *out);

#endif /* WW_TM_TXLOG_H */
