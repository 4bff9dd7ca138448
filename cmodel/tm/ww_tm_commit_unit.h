/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_commit_unit -- KILO TM's commit unit, one per memory partition
 * (MICRO 2011, sec. 4.5, Fig. 4-5; docs/tm.md sec. 4.1): a ring of entries
 * indexed by commit ID through log transfer with speculative validation,
 * hazard detection in the last-writer history (ww_lwh, composed), validation
 * wait and revalidation, local and final outcome, commit and retire in CID
 * order; read/write-set buffers from a shared pool, overflow answered by a
 * resend of the log. One clock cycle per ww_tm_commit_unit_step on the
 * ports of ww_tm_commit_unit.ports.def; every output comes from state.
 *
 * Tags on the word port: bit TAG_W-1 set for a commit write, else the slot
 * of a validation read. Outstanding reads: at most READS, queued or in flight.
 */
#ifndef WW_TM_COMMIT_UNIT_H
#define WW_TM_COMMIT_UNIT_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"
#include "ww_lwh.h"

#define WW_PORTS_DEF "ww_tm_commit_unit.ports.def"
#define WW_PORTS_NAME ww_tm_commit_unit
#include "ww_port_structs.h"

typedef struct {
  unsigned entries;     /* ENTRIES: ring size, power of two, <= 2^(CID_W-1) */
  unsigned buf_words;   /* BUF_WORDS: words per read/write-set buffer */
  unsigned pool;        /* POOL: buffers shared by all entries */
  unsigned reads;       /* READS: validation reads queued or in flight, power of two >= 2 */
  unsigned num_sm;      /* NUM_SM */
  unsigned cid_w;       /* CID_W */
  ww_lwh_cfg_t lwh;     /* the last-writer history's parameters (its cid_w is
                         * ignored: the LWH uses the unit's CID_W) */
} ww_tm_cu_cfg_t;

/* What the unit did (for tests and reports). */
typedef struct {
  uint64_t passed, failed;        /* local outcomes */
  uint64_t hazards;               /* entries with a live older writer (YCID) */
  uint64_t filter_hazards;        /* of those, YCID from the LWH's recency filter */
  uint64_t revalidations;         /* entries revalidated after their YCID retired */
  uint64_t resends;               /* RESEND_R / RESEND_W messages */
  uint64_t validation_reads, commit_writes, lwh_queries, lwh_writes;
} ww_tm_cu_stats_t;

typedef struct ww_tm_cu ww_tm_cu_t;

ww_tm_cu_cfg_t ww_tm_cu_default_cfg(void);
ww_tm_cu_t *ww_tm_cu_new(const ww_tm_cu_cfg_t *cfg);
void ww_tm_cu_free(ww_tm_cu_t *m);
void ww_tm_commit_unit_step(ww_tm_cu_t *m, const ww_tm_commit_unit_in_t *in,
                            ww_tm_commit_unit_out_t *out);
const ww_tm_cu_stats_t *ww_tm_cu_stats(const ww_tm_cu_t *m);
/* The event counter idx (WW_TM_CNT_*; 0 for idx >= WW_TM_CNT_N), what
 * st_rd_data_o reads: 32 bits, saturating, reset with rst_ni. */
uint32_t ww_tm_cu_counter(const ww_tm_cu_t *m, unsigned idx);

#endif /* WW_TM_COMMIT_UNIT_H */
