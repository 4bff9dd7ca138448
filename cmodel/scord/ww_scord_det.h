/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_det -- C model of rtl/scord/ww_scord_det.v, the ScoRD race
 * detector of one memory partition (ISCA 2020, §IV, Fig. 6; docs/scord.md §3
 * "Detector", "Address map", "Race log"). Cycle-exact on the ports of
 * ww_scord_det.ports.def; it runs the ww_scord_check and ww_scord_fencefile
 * C models inside, as the RTL instantiates those blocks.
 *
 * The helpers below (address map, log layout, sideband packing) are the
 * detector's memory format, for the host side and tools as well.
 */
#ifndef WW_SCORD_DET_H
#define WW_SCORD_DET_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

/* sideband width of this build: the SB layout of cmodel/include/ww_proto.def
 * (op, wid, ctaid, pc, sk, wmask, bar, lk) */
#define WW_SCORD_DET_SB_W \
  WW_SB_W(WW_IDX_W(WW_WARPS_PER_SM), WW_LINE_BYTES / 4, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W)

/* the race log (docs/scord.md sec. 3): a record (an entry or the header,
 * WW_SCORD_ENT_N words) takes WW_SCORD_LOG_LINES(LINE_BYTES) lines, part k
 * in line R + k*NUM_PART; the log of all partitions takes WW_SCORD_LOG_BYTES
 * above the metadata */
#define WW_SCORD_LOG_LINES(lb) ((lb) >= 4u * WW_SCORD_ENT_N ? 1u : 4u * WW_SCORD_ENT_N / (lb))
#define WW_SCORD_LOG_BYTES                                                        \
  ((1ull + WW_SCORD_LOG_ENTRIES) * WW_NUM_PART * WW_SCORD_LOG_LINES(WW_LINE_BYTES) * \
   WW_LINE_BYTES)

#define WW_PORTS_DEF "ww_scord_det.ports.def"
#define WW_PORTS_NAME ww_scord_det
#include "ww_port_structs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The formats (cmodel/include/ww_proto.def):
 *   sideband record kinds (sk)   WW_SCORD_SK_NONE, _CHECK, _FENCE
 *   memory port ops              WW_L2_READ, WW_L2_WRITE
 *   race-log header words        WW_SCORD_HDR_* (first line LOG_BASE_LINE +
 *                                PART); word MAGIC is WW_SCORD_LOG_MAGIC | PART
 *   race-log entry words         WW_SCORD_ENT_* (first line LOG_BASE_LINE +
 *                                LP*(1 + n mod LOG_ENTRIES)*NUM_PART + PART,
 *                                LP = WW_SCORD_LOG_LINES(LINE_BYTES))
 *   word WW_SCORD_ENT_KIND       fields WW_SCORD_EK_* (type WW_SCORD_RACE_*,
 *                                scope_blk, kind WW_SCORD_KIND_*)
 *   word WW_SCORD_ENT_WARPS      fields WW_SCORD_EW_* (cur SM, cur warp, prev
 *                                SM, prev warp; warps are global hardware
 *                                warps sm*WARPS + wid) */

typedef struct {
  unsigned num_sm, warps, lanes;   /* NUM_SM, WARPS (per SM), LANES */
  unsigned num_part, part;         /* NUM_PART, PART (this partition) */
  unsigned line_bytes;             /* LINE_BYTES, power of two >= 16 */
  uint32_t gmem_bytes, null_guard_bytes, local_bytes;
  unsigned blockid_w, warpid_w, fenceid_w, barid_w, tag_w, bloom_w;
  unsigned queue;                  /* SCORD_QUEUE, power of two >= 2 */
  unsigned readahead;              /* SCORD_READAHEAD, 1..16 md lines */
  unsigned log_entries;            /* SCORD_LOG_ENTRIES, power of two */
  unsigned dedup;                  /* SCORD_DEDUP, power of two */
} ww_scord_det_cfg_t;

/* The address map derived from a configuration (all in line numbers). */
typedef struct {
  unsigned words, half;            /* words per line, md entries per md line */
  uint32_t ng_line, lb0_line;      /* tracked data lines: [ng_line, lb0_line) */
  unsigned s_w;                    /* cached mode: S = 2^s_w md line pairs */
  uint32_t md_base_line;           /* GMEM/LB rounded up to a multiple of NUM_PART */
  uint32_t log_base_line;          /* 3*GMEM/LB rounded up likewise */
} ww_scord_det_map_t;

/* One sideband record, unpacked. */
typedef struct {
  uint32_t op, wid, ctaid, pc, sk, wmask, bar, lk;
} ww_scord_det_sb_t;

ww_scord_det_cfg_t ww_scord_det_default_cfg(void);
/* 1 if the configuration is legal for this build (port widths come from the
 * WW_* macros: line_bytes, num_sm, warps, barid_w, bloom_w must match them). */
int ww_scord_det_cfg_ok(const ww_scord_det_cfg_t *cfg);
ww_scord_det_map_t ww_scord_det_map(const ww_scord_det_cfg_t *cfg);
/* metadata line of data line `line`, md line half (0: words 0..HALF-1) */
uint32_t ww_scord_det_md_line(const ww_scord_det_cfg_t *cfg, int cached, uint32_t line,
                              unsigned half);
/* cached-mode tag of data line `line` (TAG_W bits) */
uint32_t ww_scord_det_tag(const ww_scord_det_cfg_t *cfg, uint32_t line);
/* first line of the header, of entry n (the record's part k: + k*NUM_PART) */
uint32_t ww_scord_det_hdr_line(const ww_scord_det_cfg_t *cfg);
uint32_t ww_scord_det_entry_line(const ww_scord_det_cfg_t *cfg, uint32_t n);
/* sideband <-> words (WW_PORT_WORDS(WW_SCORD_DET_SB_W) words, this build's layout) */
void ww_scord_det_sb_pack(const ww_scord_det_sb_t *sb, uint32_t *words);
ww_scord_det_sb_t ww_scord_det_sb_unpack(const uint32_t *words);

typedef struct ww_scord_det ww_scord_det_t;

ww_scord_det_t *ww_scord_det_new(const ww_scord_det_cfg_t *cfg);
void ww_scord_det_free(ww_scord_det_t *m);
void ww_scord_det_step(ww_scord_det_t *m, const ww_scord_det_in_t *in, ww_scord_det_out_t *out);

#ifdef __cplusplus
}
#endif

#endif /* WW_SCORD_DET_H */
