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
} ww_tm_txlog_cfg_t;

/* The log layout (docs/tm.md sec. 4.2), shared with the golden model and the
 * test benches: warp w's read log (wlog = 0) or write log (1) starts at
 * log_base + (2w + wlog) * LOG_WORDS * 2 * LANES * 4; its entry i is the
 * vector of the lanes' word addresses (WW_TX_LOG_VOID for a lane without
 * an entry) at + i * 2 * LANES * 4, followed by the vector of their words. */
static inline uint32_t ww_tm_txlog_entry(uint32_t log_base, unsigned lanes, unsigned log_words,
                                         unsigned w, unsigned wlog, unsigned i)
{
  const uint32_t vb = 4u * lanes;
  return log_base + ((2u * w + wlog) * log_words + i) * 2u * vb;
}

typedef struct ww_tm_txlog ww_tm_txlog_t;

ww_tm_txlog_cfg_t ww_tm_txlog_default_cfg(void);
ww_tm_txlog_t *ww_tm_txlog_new(const ww_tm_txlog_cfg_t *cfg);
void ww_tm_txlog_free(ww_tm_txlog_t *m);
void ww_tm_txlog_step(ww_tm_txlog_t *m, const ww_tm_txlog_in_t *in, ww_tm_txlog_out_t *out);

#endif /* WW_TM_TXLOG_H */
