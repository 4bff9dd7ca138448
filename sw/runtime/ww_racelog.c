/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_racelog -- the RTL's ScoRD race log (docs/scord.md sec. 3) as races and
 * statistics, for every backend that has it (verilator: the DRAM image;
 * fpga: lines read over the host link). Each partition's log is a header
 * and a ring of WW_SCORD_LOG_ENTRIES entries, each record
 * WW_SCORD_LOG_LINES(LINE_BYTES) lines (part k NUM_PART lines after part
 * k - 1: two with 16-byte lines); equal (pc, addr,
 * type) entries (a key evicted from a detector's dedup table, or seen by two
 * partitions) are merged, their counts summed.
 */
#include <string.h>

#include "ww_config.h"
#include "ww_proto.h"
#include "ww_rt_internal.h"
#include "ww_scord_det.h"

#define LP WW_SCORD_LOG_LINES(WW_LINE_BYTES)   /* lines per log record */

/* field F of a race-log entry word (WW_SCORD_EK_* / WW_SCORD_EW_*) */
#define FIELD(w, L, F) ((w) >> WW_SCORD_##L##_##F##_LSB & ((1u << WW_SCORD_##L##_##F##_W) - 1))

static uint32_t word(const uint8_t *line, unsigned i)
{
  const uint8_t *p = line + 4 * i;
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* log record `slot` (0: the header) of partition p into rec (LP lines) */
static int read_record(int (*read_line)(void *ctx, uint64_t addr, uint8_t *line), void *ctx,
                       uint64_t log_base, uint64_t slot, unsigned p, uint8_t *rec)
{
  for (unsigned k = 0; k < LP; k++)
    if (read_line(ctx, log_base + ((slot * LP + k) * WW_NUM_PART + p) * WW_LINE_BYTES,
                  rec + k * WW_LINE_BYTES))
      return -1;
  return 0;
}

int ww_racelog_read(int (*read_line)(void *ctx, uint64_t addr, uint8_t *line), void *ctx,
                    uint64_t log_base, ww_race_t *out, size_t max, size_t *n,
                    ww_scord_stats_t *st)
{
  uint8_t h[LP * WW_LINE_BYTES], a[LP * WW_LINE_BYTES];
  memset(st, 0, sizeof *st);
  *n = 0;
  for (unsigned p = 0; p < WW_NUM_PART; p++) {
    if (read_record(read_line, ctx, log_base, 0, p, h))   /* slot 0: the header */
      return -1;
    uint32_t entries = word(h, WW_SCORD_HDR_ENTRIES);
    st->entries += entries;
    st->races += word(h, WW_SCORD_HDR_RACES);
    st->overwrites += word(h, WW_SCORD_HDR_OVERWRITES);
    st->records += word(h, WW_SCORD_HDR_RECORDS);
    st->md_reads += word(h, WW_SCORD_HDR_MD_READS);
    st->md_writes += word(h, WW_SCORD_HDR_MD_WRITES);
    st->queue_full_cycles += word(h, WW_SCORD_HDR_QFULL);
    uint32_t first = entries > WW_SCORD_LOG_ENTRIES ? entries - WW_SCORD_LOG_ENTRIES : 0;
    for (uint32_t e = first; e < entries; e++) {
      uint64_t slot = 1 + e % WW_SCORD_LOG_ENTRIES;
      if (read_record(read_line, ctx, log_base, slot, p, a))
        return -1;
      ww_race_t r;
      memset(&r, 0, sizeof r);
      uint32_t tk = word(a, WW_SCORD_ENT_KIND), who = word(a, WW_SCORD_ENT_WARPS);
      r.pc = word(a, WW_SCORD_ENT_PC);
      r.addr = word(a, WW_SCORD_ENT_ADDR);
      r.count = word(a, WW_SCORD_ENT_COUNT);
      r.type = FIELD(tk, EK, TYPE);
      r.scope_blk = (int)FIELD(tk, EK, SCOPE_BLK);
      r.kind = FIELD(tk, EK, KIND);
      r.ctaid = word(a, WW_SCORD_ENT_CTAID);
      r.sm = FIELD(who, EW, CUR_SM);
      r.warp = FIELD(who, EW, CUR_WARP) % WW_WARPS_PER_SM;
      r.prev_sm = FIELD(who, EW, PREV_SM);
      r.prev_warp = FIELD(who, EW, PREV_WARP) % WW_WARPS_PER_SM;
      r.prev_block = word(a, WW_SCORD_ENT_PREV_BLOCK);
      size_t i = 0;
      while (i < *n && i < max &&
             !(out[i].pc == r.pc && out[i].addr == r.addr && out[i].type == r.type))
        i++;
      if (i < *n && i < max) {
        out[i].count += r.count;
      } else {
        if (*n < max)
          out[*n] = r;
        (*n)++;
      }
    }
  }
  return 0;
}
