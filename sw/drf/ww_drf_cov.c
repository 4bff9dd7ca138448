/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_cov -- transition tables and injectable bugs (ww_drf_cov.h).
 */
#include "ww_drf_cov.h"

#define NAME(name, value, text) [value] = text,
const char *const ww_l1st_names[WW_L1ST_N] = {WW_L1ST_LIST(NAME)};
const char *const ww_l1ev_names[WW_L1EV_N] = {WW_L1EV_LIST(NAME)};
const char *const ww_l2st_names[WW_L2ST_N] = {WW_L2ST_LIST(NAME)};
const char *const ww_l2ev_names[WW_L2EV_N] = {WW_L2EV_LIST(NAME)};
#undef NAME

#define L1(s, e) [WW_L1ST_##s * WW_L1EV_N + WW_L1EV_##e] = 1
#define L2(s, e) [WW_L2ST_##s * WW_L2EV_N + WW_L2EV_##e] = 1

/* docs/drf.md sec. 3 justifies each. */
const unsigned char ww_drf_l1_undef[WW_L1ST_N * WW_L1EV_N] = {
  L1(I, FILL), L1(V, FILL),               /* a fill belongs to an MSHR: IV or IVn */
  L1(I, REPL), L1(IV, REPL), L1(IVN, REPL), /* only a valid line is a victim */
};

const unsigned char ww_drf_l2_undef[WW_L2ST_N * WW_L2EV_N] = {
  L2(I, FILL), L2(V, FILL), L2(D, FILL),  /* a DRAM answer belongs to a miss: IV */
  L2(I, REPL), L2(IV, REPL),              /* a victim is a valid way (V or D) */
  L2(IV, FLUSH),                          /* FLUSH waits until no miss is in flight */
};

const ww_drf_bug_t ww_drf_bugs[WW_DRF_NBUGS] = {
  {"L2_WRITE_NO_FWD", "rtl/mem/ww_l2_slice.v",
   "false sharing: a WRITE merges into a stale line (back-to-back writes, the first lost)"},
  {"L1_INVAL_KEEPS_LINES", "rtl/sm/ww_l1_dcache.v",
   "a device-scope acquire does not invalidate the L1"},
  {"L1_WACK_ON_SEND", "rtl/sm/ww_l1_dcache.v",
   "a release waits for its writes to leave the L1, not for their acknowledgements"},
  {"L2_AMO_NO_FWD", "rtl/mem/ww_l2_slice.v",
   "an atomic reads a stale word (returns a value twice)"},
  {"L1_MERGE_WRONG_WORD", "rtl/sm/ww_l1_dcache.v",
   "an MSHR merge answers with the wrong word (line rotated by one word)"},
  {"L1_FILL_AFTER_STORE", "rtl/sm/ww_l1_dcache.v",
   "an eviction races a fill: a store does not stop its line's in-flight fill from installing"},
  {"L2_REFETCH_BEFORE_WB", "rtl/mem/ww_l2_slice.v",
   "non-blocking L2: a miss may fetch a line whose dirty victim copy is not yet written back"},
};
