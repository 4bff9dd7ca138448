/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_log -- the KILO TM log layout and lane helpers shared by the log
 * blocks' C models (ww_tm_txlog, ww_tm_commit_walk), the golden model and
 * the test benches (docs/tm.md sec. 4.2); rtl/include/ww_tm_log.vh is the
 * RTL side of the helpers.
 */
#ifndef WW_TM_LOG_H
#define WW_TM_LOG_H

#include <stdint.h>

/* Warp w's read log (wlog = 0) or write log (1) starts at
 * log_base + (2w + wlog) * LOG_WORDS * 2 * LANES * 4; its entry i is the
 * vector of the lanes' word addresses (WW_TX_LOG_VOID for a lane without an
 * entry) at + i * 2 * LANES * 4, followed by the vector of their words. */
static inline uint32_t ww_tm_txlog_entry(uint32_t log_base, unsigned lanes, unsigned log_words,
                                         unsigned w, unsigned wlog, unsigned i)
{
  const uint32_t vb = 4u * lanes;
  return log_base + ((2u * w + wlog) * log_words + i) * 2u * vb;
}

/* the lowest lane set in x (x != 0) */
static inline unsigned ww_tm_lowest_lane(uint32_t x)
{
  return (unsigned)__builtin_ctz(x);
}

/* the lanes (of lane_all) whose words sit in line v of an entry's vector,
 * lpl lanes per line */
static inline uint32_t ww_tm_vline_lanes(uint32_t lane_all, unsigned lpl, unsigned v)
{
  const uint32_t ones = lpl >= 32 ? ~0u : (1u << lpl) - 1;
  return v * lpl >= 32 ? 0 : (ones << (v * lpl)) & lane_all;
}

#endif /* WW_TM_LOG_H */
