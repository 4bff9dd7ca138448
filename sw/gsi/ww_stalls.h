/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_stalls -- host-side reporting of the GSI stall counters (seed paper
 * 002, section IV) that the RTL GPU keeps per SM: a checked table, a JSON
 * object, a JSON reader for files of such objects, and stacked bar charts
 * (of the classes, or of one class's sub-classes) drawn with gnuplot.
 *
 * Counters of one SM (index: name; the layout and the names are the GSI_CNT
 * bank of cmodel/include/ww_proto.def, WW_GSI_CNT_*, as of today):
 *   classes, one per cycle, summing to the cycles:
 *     0 idle  1 control  2 sync  3 mem_data  4 mem_struct  5 comp_data
 *     6 comp_struct  7 no_stall
 *   mem_data sub-classes (sum = mem_data; md_pending: not yet attributed):
 *     8 md_l1  9 md_l1_coalesce  10 md_l2  11 md_dram  12 md_pending
 *   mem_struct sub-classes (sum = mem_struct):
 *     13 ms_lsu_busy  14 ms_mshr_full  15 ms_store  16 ms_bank_conflict
 *     17 ms_fence  18 ms_scord (race-detector back-pressure)
 *   sync sub-classes (sum = sync; KILO TM and GPUDet, docs/gsi.md):
 *     19 sy_other (barrier, fence or atomic)
 *     20 sy_tx_begin (an outermost ww.tx.begin held by the SM's limit)
 *     21 sy_tx_commit (a ww.tx.commit validating/committing)
 *     22 sy_det_quantum (GPUDet: quantum over, at the global barrier)
 *     23 sy_det_commit (GPUDet: held while the store buffers commit)
 *     24 sy_det_serial (GPUDet: held in serial mode)
 *   25 cycles (the SM's cycle count; equals the run's cycles)
 *
 * C11, no allocation except in ww_stalls_read_runs; every error is a
 * message in the caller's buffer, nothing here exits or aborts.
 */
#ifndef WW_STALLS_H
#define WW_STALLS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_proto.h"   /* the GSI counter bank: WW_GSI_CNT_* */

#define WW_STALL_COUNTERS WW_GSI_CNT_N
#ifndef WW_NUM_SM_MAX
#define WW_NUM_SM_MAX 16               /* SMs one run record can hold */
#endif

enum {
  /* WW_STALL_<NAME> = WW_GSI_CNT_<NAME>: WW_STALL_IDLE .. WW_STALL_CYCLES */
#define WW_STALL_ENUM(name, idx, text) WW_STALL_##name = idx,
  WW_GSI_CNT_LIST(WW_STALL_ENUM)
#undef WW_STALL_ENUM
  /* the four groups as index ranges [first, first + count) */
  WW_STALL_CLASS_FIRST = WW_GSI_CNT_CLS_FIRST, WW_STALL_NCLASSES = WW_GSI_CNT_CLS_N,
  WW_STALL_MD_FIRST = WW_GSI_CNT_MD_FIRST, WW_STALL_NMD = WW_GSI_CNT_MD_N,
  WW_STALL_MS_FIRST = WW_GSI_CNT_MS_FIRST, WW_STALL_NMS = WW_GSI_CNT_MS_N,
  WW_STALL_SY_FIRST = WW_GSI_CNT_SY_FIRST, WW_STALL_NSY = WW_GSI_CNT_SY_N,
};

/* One run: a name (NUL-terminated, at most 63 characters), the run's
 * cycles, and the counters of SMs 0 .. n_sm-1. */
typedef struct {
  char name[64];
  uint64_t cycles;
  unsigned n_sm;
  uint64_t cnt[WW_NUM_SM_MAX][WW_STALL_COUNTERS];
} ww_stall_run_t;

/* The counter's name ("idle", ..., "ms_scord", "cycles"), or "?" for an
 * index >= WW_STALL_COUNTERS. */
const char *ww_stall_name(unsigned idx);

/* Checks 1 <= n_sm <= WW_NUM_SM_MAX and, for every SM: classes sum to the
 * SM's cycles counter, which equals r->cycles; the mem_data sub-classes sum
 * to mem_data; the mem_struct sub-classes sum to mem_struct; the sync
 * sub-classes sum to sync. 0 if all hold,
 * else -1 with the first failure described in err (may be NULL). */
int ww_stalls_check(const ww_stall_run_t *r, char *err, size_t n);

/* A human-readable table: per SM and in total, cycles and % of cycles for
 * every class, sub-classes indented under mem_data, mem_struct and sync, then
 * "classes sum to cycles: yes" (or "NO: <why>"). */
void ww_stalls_print(FILE *f, const ww_stall_run_t *r);

/* One JSON object (no trailing newline):
 *   {"name": S, "cycles": N, "sum_equals_cycles": true|false,
 *    "classes": {"idle": N, ...}, "mem_data": {"md_l1": N, ...},
 *    "mem_struct": {"ms_lsu_busy": N, ...}, "sync": {"sy_other": N, ...},
 *    "sm": [{"sm": 0, "cycles": N, "classes": {...}, "mem_data": {...},
 *            "mem_struct": {...}, "sync": {...}}, ...]}
 * The top-level groups are summed over the SMs. */
void ww_stalls_json(FILE *f, const ww_stall_run_t *r);

/* Parses `text`, a JSON document {"runs": [OBJ, ...]} whose objects are
 * exactly what ww_stalls_json writes (any key order, whitespace anywhere;
 * unknown, missing or duplicate keys are errors, and the summed groups must
 * equal the sums over the SMs). `fname` only names the input in messages,
 * which read "FILE:LINE: what". On success returns a malloc'd array of *n
 * runs (free() it); NULL with err set otherwise. A run whose counters fail
 * ww_stalls_check is accepted only if its sum_equals_cycles is false. */
ww_stall_run_t *ww_stalls_parse_runs(const char *text, const char *fname, unsigned *n, char *err,
                                     size_t en);

/* Reads the file at path and parses it as ww_stalls_parse_runs does. */
ww_stall_run_t *ww_stalls_read_runs(const char *path, unsigned *n, char *err, size_t en);

/* What a chart stacks in each bar (one bar per run and SM):
 *   CLASSES     the eight classes, 0-100 % of the SM's cycles
 *   MEM_STRUCT  the six memory-structural sub-classes (ms_lsu_busy ..
 *               ms_scord), % of the SM's cycles; the other classes' cycles
 *               are not drawn, the y axis ends just above the tallest bar
 *               and each bar is labelled with its total (mem_struct's share)
 *   MEM_DATA    the same for the five memory-data sources (md_l1 ..
 *               md_pending; the total is mem_data's share)
 *   SYNC        the same for the six sync sub-classes (sy_other,
 *               sy_tx_begin, sy_tx_commit, sy_det_quantum, sy_det_commit,
 *               sy_det_serial; the total is sync's share) */
typedef enum {
  WW_STALL_VIEW_CLASSES = 0,
  WW_STALL_VIEW_MEM_STRUCT,
  WW_STALL_VIEW_MEM_DATA,
  WW_STALL_VIEW_SYNC,
  WW_STALL_NVIEWS
} ww_stall_view_t;

/* The view's name: "classes", "mem_struct", "mem_data", "sync"; "?" if out of range. */
const char *ww_stall_view_name(ww_stall_view_t view);

/* The view named s (exactly one of the names above): 0 and *view set, or -1. */
int ww_stall_view_parse(const char *s, ww_stall_view_t *view);

/* Draws a stacked bar chart to path (".svg" or ".png", by extension; any
 * other is an error): one bar per (run, SM), grouped by run, the counters
 * of `view` stacked as % of the run's cycles (= every SM's cycles counter
 * on a run that passes ww_stalls_check), one fixed colour per counter in
 * every chart and view, the legend outside the plot, the view named in the
 * title. Runs gnuplot (popen "gnuplot"). 0 on success, else -1 with the
 * reason in err (an unknown view, gnuplot missing, a gnuplot error, an
 * empty output file). n must be >= 1. */
int ww_stalls_plot_view(const char *path, const ww_stall_run_t *runs, unsigned n,
                        ww_stall_view_t view, char *err, size_t en);

/* ww_stalls_plot_view with WW_STALL_VIEW_CLASSES. */
int ww_stalls_plot(const char *path, const ww_stall_run_t *runs, unsigned n, char *err, size_t en);

#endif /* WW_STALLS_H */
