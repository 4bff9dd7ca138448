/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gsi -- C model of rtl/gsi/ww_gsi.v. State: the counters (all but
 * WW_GSI_CNT_MD_PENDING, which is the sum of the accumulators) and per warp pend (a load is in the
 * LSU: ld_start .. ld_done), acc (MEM_DATA cycles charged to it so far) and
 * src (where its last one was served). Counters wrap at cnt_w bits. Reset
 * zeroes counters and accumulators; clear_i loads clear_val_i into them.
 */
#include "ww_gsi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_gsi {
  ww_gsi_cfg_t cfg;
  uint64_t mask;                       /* cnt_w ones */
  uint64_t idx_mask;                   /* WID_W ones */
  uint64_t cnt[WW_GSI_N_COUNTERS];     /* [WW_GSI_CNT_MD_PENDING] unused */
  int pend[32];
  uint64_t acc[32];
  unsigned src[32];
};

/* counters are indexed by code: class, WW_GSI_CNT_MD_FIRST + source,
 * WW_GSI_CNT_MS_FIRST + sub-class, WW_GSI_CNT_SY_FIRST + SYNC sub-class
 * (ww_proto.def lays them out so) */
_Static_assert(WW_GSI_CNT_CLS_FIRST == 0 && WW_GSI_CNT_CLS_N == WW_GSI_N &&
               WW_GSI_CNT_MD_L1 == WW_GSI_CNT_MD_FIRST + WW_GSI_SRC_L1 &&
               WW_GSI_CNT_MD_DRAM == WW_GSI_CNT_MD_FIRST + WW_GSI_SRC_DRAM &&
               WW_GSI_CNT_MS_LSU_BUSY == WW_GSI_CNT_MS_FIRST + WW_GSI_MS_LSU_BUSY &&
               WW_GSI_CNT_MS_SCORD == WW_GSI_CNT_MS_FIRST + WW_GSI_MS_SCORD &&
               WW_GSI_CNT_SY_OTHER == WW_GSI_CNT_SY_FIRST + WW_GSI_SY_OTHER &&
               WW_GSI_CNT_SY_TX_COMMIT == WW_GSI_CNT_SY_FIRST + WW_GSI_SY_TX_COMMIT &&
               WW_GSI_CNT_SY_N == WW_GSI_SY_N,
               "the GSI counters are indexed by code");

static const char *const counter_names[WW_GSI_N_COUNTERS] = {
#define WW_GSI_CNT_NAME(name, idx, text) [idx] = text,
  WW_GSI_CNT_LIST(WW_GSI_CNT_NAME)
#undef WW_GSI_CNT_NAME
};

const char *ww_gsi_counter_name(unsigned idx)
{
  return idx < WW_GSI_N_COUNTERS ? counter_names[idx] : NULL;
}

ww_gsi_cfg_t ww_gsi_default_cfg(void)
{
  ww_gsi_cfg_t c = { WW_WARPS_PER_SM, WW_GSI_CNT_W };
  return c;
}

/* Every counter and accumulator := v (reset: 0; clear_i: clear_val_i), no load pending. */
static void clear(ww_gsi_t *g, uint64_t v)
{
  for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
    g->cnt[i] = v;
  memset(g->pend, 0, sizeof g->pend);
  for (unsigned w = 0; w < 32; w++)
    g->acc[w] = v;
  memset(g->src, 0, sizeof g->src);
}

ww_gsi_t *ww_gsi_new(const ww_gsi_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > 32 || c->cnt_w < 2 ||
      c->cnt_w > 64) {
    fprintf(stderr, "ww_gsi: illegal configuration WARPS=%u CNT_W=%u\n", c->warps, c->cnt_w);
    return NULL;
  }
  ww_gsi_t *g = calloc(1, sizeof *g);
  if (!g)
    return NULL;
  g->cfg = *c;
  g->mask = c->cnt_w >= 64 ? ~0ull : (1ull << c->cnt_w) - 1;
  g->idx_mask = (1ull << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  clear(g, 0);
  return g;
}

void ww_gsi_free(ww_gsi_t *g)
{
  free(g);
}

uint64_t ww_gsi_counter(const ww_gsi_t *g, unsigned idx)
{
  if (idx == WW_GSI_CNT_MD_PENDING) {
    uint64_t s = 0;
    for (unsigned w = 0; w < g->cfg.warps; w++)
      s += g->acc[w];
    return s & g->mask;
  }
  return idx < WW_GSI_N_COUNTERS ? g->cnt[idx] : 0;
}

unsigned ww_gsi_refine(const ww_gsi_in_t *in, unsigned w, int *own_store)
{
  const unsigned c = ww_gsi_cls_in(in, w);
  const unsigned kind =
      (unsigned)(in->infl_kind_i >> (WW_GSI_KIND_W * w)) & ((1u << WW_GSI_KIND_W) - 1);
  const int infl = (int)(in->infl_i >> w & 1u);
  const int held = infl && (c == WW_GSI_MEM_STRUCT || c == WW_GSI_COMP_STRUCT);
  const int own = held && kind == WW_GSI_KIND_STORE;
  unsigned r = c;
  *own_store = own;
  if (held) {
    switch (kind) {
    case WW_GSI_KIND_LOAD: r = WW_GSI_MEM_DATA; break;
    case WW_GSI_KIND_STORE: r = WW_GSI_MEM_STRUCT; break;
    case WW_GSI_KIND_SYNC: r = WW_GSI_SYNC; break;
    default: r = WW_GSI_COMP_STRUCT; break;
    }
  } else if (infl && c == WW_GSI_MEM_DATA && kind == WW_GSI_KIND_SYNC) {
    r = WW_GSI_SYNC;         /* a dependent instruction waits on its fence/atomic */
  }
  /* blocked behind another warp's atomic in the LSU */
  if (r == WW_GSI_MEM_STRUCT && !own &&
      (in->lsu_why_i & ((1u << WW_GSI_WHY_W) - 1)) == WW_GSI_WHY_SYNC)
    r = WW_GSI_SYNC;
  return r;
}

static void add(ww_gsi_t *g, unsigned idx, uint64_t v)
{
  g->cnt[idx] = (g->cnt[idx] + v) & g->mask;
}

void ww_gsi_step(ww_gsi_t *g, const ww_gsi_in_t *in, ww_gsi_out_t *out)
{
  const unsigned warps = g->cfg.warps;
  unsigned rcls[32];
  int own[32];
  unsigned found = 0;
  for (unsigned w = 0; w < warps; w++) {
    rcls[w] = ww_gsi_refine(in, w, &own[w]);
    found |= 1u << rcls[w];
  }

  /* Algorithm 2 */
  static const unsigned order[] = { WW_GSI_NONE, WW_GSI_MEM_STRUCT, WW_GSI_MEM_DATA,
                                    WW_GSI_SYNC, WW_GSI_COMP_STRUCT, WW_GSI_COMP_DATA,
                                    WW_GSI_CONTROL, WW_GSI_IDLE };
  unsigned cyc = WW_GSI_IDLE;
  for (unsigned i = 0; i < WW_GSI_N; i++)
    if (found >> order[i] & 1u) {
      cyc = order[i];
      break;
    }
  unsigned aw = 0;
  for (unsigned w = 0; w < warps; w++)
    if (rcls[w] == cyc) {
      aw = w;
      break;
    }

  unsigned sub = WW_GSI_MS_LSU_BUSY;
  if (cyc == WW_GSI_MEM_STRUCT) {
    if (own[aw])
      sub = WW_GSI_MS_STORE;
    else
      switch (in->lsu_why_i & ((1u << WW_GSI_WHY_W) - 1)) {
      case WW_GSI_WHY_MSHR_FULL: sub = WW_GSI_MS_MSHR_FULL; break;
      case WW_GSI_WHY_WQ_FULL: sub = WW_GSI_MS_STORE; break;
      case WW_GSI_WHY_BANK_CONFLICT: sub = WW_GSI_MS_BANK_CONFLICT; break;
      case WW_GSI_WHY_FENCE: sub = WW_GSI_MS_FENCE; break;
      case WW_GSI_WHY_SCORD: sub = WW_GSI_MS_SCORD; break;
      default: sub = WW_GSI_MS_LSU_BUSY; break;
      }
  }

  /* SYNC sub-class of the attributed warp: commit first, then begin */
  unsigned sy = WW_GSI_SY_OTHER;
  if (cyc == WW_GSI_SYNC) {
    if (in->tx_commit_i >> aw & 1u)
      sy = WW_GSI_SY_TX_COMMIT;
    else if (in->tx_begin_i >> aw & 1u)
      sy = WW_GSI_SY_TX_BEGIN;
    else if (in->det_hold_i >> aw & 1u)
      sy = in->det_phase_i == WW_DETPH_QUANTUM ? WW_GSI_SY_DET_QUANTUM
         : in->det_phase_i == WW_DETPH_COMMIT  ? WW_GSI_SY_DET_COMMIT
         : in->det_phase_i == WW_DETPH_SERIAL  ? WW_GSI_SY_DET_SERIAL
         : WW_GSI_SY_OTHER;
  }

  out->cls_o = cyc;
  out->wid_o = aw;
  out->sub_o = sub;
  out->rd_data_o = ww_gsi_counter(g, (unsigned)(in->rd_idx_i & 31u));

  /* clock edge: reset zeroes, clear_i loads clear_val_i */
  if (!(in->rst_ni & 1u) || (in->clear_i & 1u)) {
    clear(g, (in->rst_ni & 1u) ? in->clear_val_i & g->mask : 0);
    return;
  }
  const int en = in->en_i & 1u;
  const int md_acc = en && cyc == WW_GSI_MEM_DATA && g->pend[aw];
  const int md_direct = en && cyc == WW_GSI_MEM_DATA && !g->pend[aw];
  const unsigned done_w = (unsigned)(in->ld_done_wid_i & g->idx_mask);
  const unsigned start_w = (unsigned)(in->ld_start_wid_i & g->idx_mask);
  const int done = (in->ld_done_i & 1u) && done_w < warps;
  const int start = (in->ld_start_i & 1u) && start_w < warps;
  const unsigned done_src = (unsigned)(in->ld_done_src_i & ((1u << WW_GSI_SRC_W) - 1));

  if (en) {
    add(g, cyc, 1);
    add(g, WW_GSI_CNT_CYCLES, 1);
    if (cyc == WW_GSI_MEM_STRUCT)
      add(g, WW_GSI_CNT_MS_FIRST + sub, 1);
    if (cyc == WW_GSI_SYNC)
      add(g, WW_GSI_CNT_SY_FIRST + sy, 1);
  }
  if (md_direct)
    add(g, WW_GSI_CNT_MD_FIRST + g->src[aw], 1);
  if (md_acc)
    g->acc[aw] = (g->acc[aw] + 1) & g->mask;
  if (done) {
    /* the accumulator, with this cycle's charge if it went there */
    add(g, WW_GSI_CNT_MD_FIRST + done_src, g->acc[done_w]);
    g->acc[done_w] = 0;
    g->pend[done_w] = 0;
    g->src[done_w] = done_src;
  }
  if (start)
    g->pend[start_w] = 1;
}
