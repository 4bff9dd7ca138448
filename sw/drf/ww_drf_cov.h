/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_cov -- the transition tables of the L1 and the L2 slice (names of
 * their states and events, which (state, event) pairs are undefined: can
 * never happen by construction, docs/drf.md sec. 3) and the injectable bugs
 * (docs/drf.md sec. 5). Shared by drf_run and the suite-coverage report.
 */
#ifndef WW_DRF_COV_H
#define WW_DRF_COV_H

#include "ww_proto.h"

extern const char *const ww_l1st_names[WW_L1ST_N];
extern const char *const ww_l1ev_names[WW_L1EV_N];
extern const char *const ww_l2st_names[WW_L2ST_N];
extern const char *const ww_l2ev_names[WW_L2EV_N];
/* 1 = undefined; index state * EV_N + event */
extern const unsigned char ww_drf_l1_undef[WW_L1ST_N * WW_L1EV_N];
extern const unsigned char ww_drf_l2_undef[WW_L2ST_N * WW_L2EV_N];

typedef struct {
  const char *name;   /* WW_BUG_<name> in the RTL, +WW_BUG_<name> at run time */
  const char *block;  /* the RTL file */
  const char *what;
} ww_drf_bug_t;

#define WW_DRF_NBUGS 7
extern const ww_drf_bug_t ww_drf_bugs[WW_DRF_NBUGS];

#endif /* WW_DRF_COV_H */
