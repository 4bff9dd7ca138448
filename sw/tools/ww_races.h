/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_races -- warpwatch's ScoRD race report (docs/scord.md §3 "Host"): every
 * race of the RTL's race log with both accessors (PC, file:line, SM, warp,
 * block, thread, lane; the earlier one recovered from the retire stream by
 * ww_lastacc.c), the word's region (ww_dev_describe), a summary line, and
 * the same as JSON (--json's "scord" object, --save FILE).
 */
#ifndef WW_RACES_H
#define WW_RACES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_rt_internal.h"
#include "ww_runtime.h"

#define WW_RACES_MAX 1024

typedef struct {
  ww_race_t     r;                /* the log entry (repeats merged) */
  ww_accessor_t cur, prev;        /* the racing access and the one before it */
  char          cur_where[64];    /* "k.c:42" of cur.pc ("" without line info) */
  char          cur_inlined[64];  /* the kernel line it is inlined at, or "" */
  char          prev_where[64];   /* the same of prev.pc when prev.known */
  char          prev_inlined[64];
  char          region[160];      /* ww_dev_describe(addr): "arg 0 (buf:4) + 12" */
  char          region_name[96];  /* the region holding addr, "" when none */
  uint32_t      region_offset;    /* addr - its base, when region_name[0] */
} ww_race_report_t;

typedef struct {
  int                mode;        /* WW_SCORD_CACHED or _FULL */
  char               kernel[256]; /* the kernel file as given */
  size_t             n;           /* distinct races (only WW_RACES_MAX kept) */
  ww_race_report_t   rep[WW_RACES_MAX];
  ww_scord_stats_t   st;
  int                have_acc;    /* the access table ran: acc is valid */
  ww_lastacc_stats_t acc;
} ww_races_t;

/* Reads the races of the last launch (ww_dev_races) and resolves both
 * accessors and the region of each; acc may be NULL (then the earlier
 * accessor is unknown). 0, or -1 (ww_dev_error(dev) says why). */
int ww_races_collect(ww_races_t *g, ww_dev_t *dev, const ww_kernel_t *k, const char *kernel,
                     int mode, const ww_lastacc_t *acc, unsigned block_threads);

/* The text report: the detector's statistics, one block per race, the
 * summary line "scord summary: N distinct races ...". */
void ww_races_print(FILE *f, const ww_races_t *g);

/* The JSON object of the report ({"mode": ..., "list": [...]}). */
void ww_races_json_object(FILE *f, const ww_races_t *g);

/* --json: `, "scord": ` and the object, for warpwatch's run object. */
void ww_races_json(FILE *f, const ww_races_t *g);

/* --save FILE: the object, alone, to path. 0, or -1 with a reason in err. */
int ww_races_save(const char *path, const ww_races_t *g, char *err, size_t n);

#endif /* WW_RACES_H */
