/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_tester -- C model of rtl/drf/ww_drf_tester.v (its header is the
 * spec). One step = the RTL's combinational logic on the current registers
 * and inputs (the outputs), then its clock edge. The edge follows the RTL's
 * always block statement by statement; where the RTL assigns a register
 * twice in one edge the later statement wins, as with non-blocking
 * assignments, and every right-hand side reads the registers before the
 * edge (the per-wavefront arrays a later statement reads are saved first).
 *
 * The request registers (l1_req_*, byp_*) are reset; the L1 tag of an
 * acquire / release atomic carries lane 0.
 */
#include "ww_drf_tester.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W_IDLE, W_EPI, W_ACQ, W_ACQW, W_INV, W_ACT, W_LANE, W_WAIT, W_REL, W_RELW };

#define MAX_SM 64

struct ww_drf_tester {
  ww_drf_tester_cfg_t cfg;
  /* derived widths and sizes (the RTL's localparams) */
  unsigned sm_w, wf_w, lane_w, nwf, g_w, pool_w, var_w, off_w, line_w, word_w;
  unsigned nvar, ns_w, nsv, sel_w, words, ng;
  uint32_t rmask;                    /* 2^RANGE_W - 1 */

  /* run state */
  int run, done, fail;
  uint32_t rnd, cyc, wd_lim, mul, add, mask;
  uint32_t neps, nact, rr;
  /* per wavefront */
  uint8_t *st, *dev, *ld, *strong;
  uint32_t *sync, *ep, *act, *cur, *pend, *wd, *start, *ret;
  uint32_t rseq;
  /* per lane slot */
  uint32_t *lvar, *lwo;
  /* DRF claims, per variable a mask of wavefronts */
  uint64_t *rd_claim, *wr_claim;
  /* reference memory and event log */
  uint32_t *ref;
  uint8_t *lwv, *lrv, *dlw, *dlr;
  uint32_t *lwg, *lwl, *lwe, *lwc, *lrg, *lrl, *lre, *lrc, *lrval;
  /* sync variables */
  uint32_t *sissued;
  uint8_t *seen;
  /* counters and the latched failure */
  uint32_t n_ld, n_st, n_amo, n_ep, n_skip, n_unchk, store_val;
  uint32_t f_kind, f_cyc, f_exp, f_got, f_g, f_lane, f_ep, f_var, f_st;
  /* request registers */
  uint8_t l1v[MAX_SM], bypv[MAX_SM];
  uint32_t l1op[MAX_SM], l1line[MAX_SM], l1tag[MAX_SM], l1word[MAX_SM], l1data[MAX_SM];
  uint32_t bline[MAX_SM], bword[MAX_SM], bwf[MAX_SM];
  /* written since power-up (the RTL's value is defined) */
  int d_started, d_failed;
  /* scratch: the per-wavefront registers before the edge */
  uint8_t *st0, *dev0;
  uint32_t *ep0, *act0, *pend0;
};

ww_drf_tester_cfg_t ww_drf_tester_default_cfg(void)
{
  ww_drf_tester_cfg_t c = { WW_NUM_SM, WW_DRFT_WF, WW_DRFT_LANES, WW_LINE_BYTES,
                            WW_DRFT_IDX_W, WW_DRFT_NSYNC, WW_DRFT_RANGE_W, 0x00010000u,
                            WW_DRFT_SEEN_W, 8, WW_CLOG2(WW_L1_WQ + 1) };
  return c;
}

static unsigned idx_w(unsigned n) { return n > 1 ? ww_clog2(n) : 1; }
static uint32_t lowmask(unsigned w) { return w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u; }

ww_drf_tester_t *ww_drf_tester_new(const ww_drf_tester_cfg_t *c)
{
  const unsigned lane_w = idx_w(c->lanes), wf_w = idx_w(c->wf);
  const unsigned pool_w = ww_clog2(c->num_sm + 1);
  if (!c->num_sm || c->num_sm > WW_NUM_SM || c->num_sm > MAX_SM || !ww_is_pow2(c->wf) ||
      c->num_sm * c->wf > 64 || !ww_is_pow2(c->lanes) || c->lanes < 2 || c->lanes > 32 ||
      !ww_is_pow2(c->line_bytes) || c->line_bytes < 8 || c->line_bytes > WW_LINE_BYTES ||
      c->idx_w <= lane_w || c->idx_w > 16 || !c->nsync || c->nsync > (1u << c->idx_w) ||
      c->range_w < pool_w + c->idx_w || c->range_w > 30 || (c->base & 3) || !c->seen_w ||
      c->seen_w > 24 || c->tag_w < 1 + wf_w + lane_w || c->tag_w > 32 || !c->np_w ||
      c->np_w > 32 || c->idx_w - lane_w + 8 > 32) {
    fprintf(stderr, "ww_drf_tester: illegal configuration NUM_SM=%u WF=%u LANES=%u LINE_BYTES=%u "
            "IDX_W=%u NSYNC=%u RANGE_W=%u SEEN_W=%u TAG_W=%u NP_W=%u\n", c->num_sm, c->wf,
            c->lanes, c->line_bytes, c->idx_w, c->nsync, c->range_w, c->seen_w, c->tag_w, c->np_w);
    return NULL;
  }
  ww_drf_tester_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->sm_w = idx_w(c->num_sm);
  m->wf_w = wf_w;
  m->lane_w = lane_w;
  m->nwf = c->num_sm * c->wf;
  m->g_w = idx_w(m->nwf);
  m->pool_w = pool_w;
  m->var_w = pool_w + c->idx_w;
  m->off_w = ww_clog2(c->line_bytes);
  m->line_w = 32 - m->off_w;
  m->word_w = idx_w(c->line_bytes / 4);
  m->nvar = 1u << m->var_w;
  m->ns_w = idx_w(c->nsync);
  m->nsv = 1u << (pool_w + m->ns_w);
  m->sel_w = c->idx_w - lane_w;
  m->words = c->line_bytes / 4;
  m->ng = m->nwf * c->lanes;
  m->rmask = lowmask(c->range_w);

  const unsigned nw = m->nwf, nv = m->nvar;
  int ok = 1;
#define ALLOC(p, n)                                  \
  do {                                               \
    (p) = calloc((n), sizeof *(p));                  \
    ok = ok && (p) != NULL;                          \
  } while (0)
  ALLOC(m->st, nw); ALLOC(m->dev, nw); ALLOC(m->ld, nw); ALLOC(m->strong, nw);
  ALLOC(m->sync, nw); ALLOC(m->ep, nw); ALLOC(m->act, nw);
  ALLOC(m->cur, nw); ALLOC(m->pend, nw); ALLOC(m->wd, nw); ALLOC(m->start, nw);
  ALLOC(m->ret, nw);
  ALLOC(m->lvar, m->ng); ALLOC(m->lwo, m->ng);
  ALLOC(m->rd_claim, nv); ALLOC(m->wr_claim, nv);
  ALLOC(m->ref, nv); ALLOC(m->lwv, nv); ALLOC(m->lrv, nv); ALLOC(m->dlw, nv); ALLOC(m->dlr, nv);
  ALLOC(m->lwg, nv); ALLOC(m->lwl, nv); ALLOC(m->lwe, nv); ALLOC(m->lwc, nv);
  ALLOC(m->lrg, nv); ALLOC(m->lrl, nv); ALLOC(m->lre, nv); ALLOC(m->lrc, nv); ALLOC(m->lrval, nv);
  ALLOC(m->sissued, m->nsv);
  ALLOC(m->seen, (size_t)m->nsv << c->seen_w);
  ALLOC(m->st0, nw); ALLOC(m->dev0, nw); ALLOC(m->ep0, nw); ALLOC(m->act0, nw);
  ALLOC(m->pend0, nw);
#undef ALLOC
  if (!ok) {
    ww_drf_tester_free(m);
    return NULL;
  }
  return m;
}

void ww_drf_tester_free(ww_drf_tester_t *m)
{
  if (!m)
    return;
  void *p[] = { m->st, m->dev, m->ld, m->strong, m->sync, m->ep, m->act, m->cur,
                m->pend, m->wd, m->start, m->ret, m->lvar, m->lwo, m->rd_claim, m->wr_claim,
                m->ref, m->lwv, m->lrv, m->dlw, m->dlr, m->lwg, m->lwl, m->lwe, m->lwc, m->lrg,
                m->lrl, m->lre, m->lrc, m->lrval, m->sissued, m->seen, m->st0, m->dev0, m->ep0,
                m->act0, m->pend0 };
  for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
    free(p[i]);
  free(m);
}

/* the word address (30 bits) of variable v: BASE/4 + ((v * mul + add) mod
 * 2^RANGE_W & mask) */
static uint32_t waddr_of(const ww_drf_tester_t *m, uint32_t v)
{
  const uint32_t w = ((v * m->mul + m->add) & m->rmask) & m->mask;
  return ((m->cfg.base >> 2) + w) & 0x3FFFFFFFu;
}

static int is_sync_idx(const ww_drf_tester_t *m, uint32_t idx) { return idx < m->cfg.nsync; }

uint32_t ww_drf_tester_read(const ww_drf_tester_t *m, unsigned idx, uint32_t var)
{
  const uint32_t v = var & lowmask(m->var_w);
  const uint32_t fv = m->f_var;
  const uint32_t ri = v & lowmask(m->cfg.idx_w);
  const int rsync = is_sync_idx(m, ri);
  const uint32_t rsv = (v >> m->cfg.idx_w) << m->ns_w | (ri & lowmask(m->ns_w));
  switch (idx & 63) {
  case WW_DRF_KIND:       return m->f_kind;
  case WW_DRF_CYCLE:      return m->f_cyc;
  case WW_DRF_WF:         return m->f_g;
  case WW_DRF_LANE:       return m->f_lane;
  case WW_DRF_EPISODE:    return m->f_ep;
  case WW_DRF_VAR:        return fv;
  case WW_DRF_ADDR:       return waddr_of(m, fv) << 2;
  case WW_DRF_EXPECT:     return m->f_exp;
  case WW_DRF_GOT:        return m->f_got;
  case WW_DRF_STATE:      return m->f_st;
  case WW_DRF_LW_VALID:   return m->lwv[fv];
  case WW_DRF_LW_WF:      return m->lwg[fv];
  case WW_DRF_LW_LANE:    return m->lwl[fv];
  case WW_DRF_LW_EPISODE: return m->lwe[fv];
  case WW_DRF_LW_CYCLE:   return m->lwc[fv];
  case WW_DRF_LW_VALUE:   return m->lwv[fv] ? m->ref[fv] : 0;
  case WW_DRF_LR_VALID:   return m->lrv[fv];
  case WW_DRF_LR_WF:      return m->lrg[fv];
  case WW_DRF_LR_LANE:    return m->lrl[fv];
  case WW_DRF_LR_EPISODE: return m->lre[fv];
  case WW_DRF_LR_CYCLE:   return m->lrc[fv];
  case WW_DRF_LR_VALUE:   return m->lrval[fv];
  case WW_DRF_CYCLES:     return m->cyc;
  case WW_DRF_LOADS:      return m->n_ld;
  case WW_DRF_STORES:     return m->n_st;
  case WW_DRF_ATOMICS:    return m->n_amo;
  case WW_DRF_EPISODES:   return m->n_ep;
  case WW_DRF_SKIPPED:    return m->n_skip;
  case WW_DRF_UNCHECKED:  return m->n_unchk;
  case WW_DRF_REF_ADDR:   return waddr_of(m, v) << 2;
  case WW_DRF_REF_VALUE:  return rsync ? m->sissued[rsv] : (m->lwv[v] ? m->ref[v] : 0);
  case WW_DRF_REF_VALID:  return (uint32_t)(rsync || m->lwv[v]);
  default:                return 0;
  }
}

int ww_drf_tester_read_defined(const ww_drf_tester_t *m, unsigned idx, uint32_t var)
{
  (void)var;
  idx &= 63;
  if (idx == WW_DRF_KIND || idx == WW_DRF_CYCLES || idx >= WW_DRF_N)
    return 1;
  if (idx >= WW_DRF_RUN_FIRST)        /* counters, REF_* */
    return m->d_started;
  if (!m->d_failed)
    return 0;
  if (idx == WW_DRF_LW_VALID || idx == WW_DRF_LW_VALUE || idx == WW_DRF_LR_VALID ||
      idx < WW_DRF_LOG_FIRST)
    return 1;
  if (idx < WW_DRF_LR_VALID)
    return m->dlw[m->f_var];
  return m->dlr[m->f_var];
}

int ww_drf_tester_busy(const ww_drf_tester_t *m) { return m->run; }
int ww_drf_tester_done(const ww_drf_tester_t *m) { return m->done; }
int ww_drf_tester_fail(const ww_drf_tester_t *m) { return m->fail; }

unsigned ww_drf_tester_wf_state(const ww_drf_tester_t *m, unsigned g)
{
  return g < m->nwf ? m->st[g] : W_IDLE;
}

uint32_t ww_drf_tester_wf_wait(const ww_drf_tester_t *m, unsigned g)
{
  return g < m->nwf ? m->wd[g] : 0;
}

static uint32_t xorshift32(uint32_t x)
{
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return x;
}

/* the outputs that are registers: busy_o, done_o, fail_o and the request
 * registers (l1_req_*, byp_valid_o, byp_line_o, byp_word_o, byp_wf_o) */
void ww_drf_tester_reg_outputs(const ww_drf_tester_t *m, ww_drf_tester_out_t *out)
{
  const ww_drf_tester_cfg_t *c = &m->cfg;
  const unsigned nsm = c->num_sm, lb = c->line_bytes * 8, tag_w = c->tag_w;
  const unsigned word_w = m->word_w, line_w = m->line_w, wf_w = m->wf_w;
  out->busy_o = (uint64_t)m->run;
  out->done_o = (uint64_t)m->done;
  out->fail_o = (uint64_t)m->fail;
  out->l1_req_valid_o = 0;
  out->byp_valid_o = 0;
  memset(out->l1_req_op_o, 0, sizeof out->l1_req_op_o);
  memset(out->l1_req_line_o, 0, sizeof out->l1_req_line_o);
  memset(out->l1_req_tag_o, 0, sizeof out->l1_req_tag_o);
  memset(out->l1_req_be_o, 0, sizeof out->l1_req_be_o);
  memset(out->l1_req_wdata_o, 0, sizeof out->l1_req_wdata_o);
  memset(out->l1_req_amo_word_o, 0, sizeof out->l1_req_amo_word_o);
  memset(out->byp_line_o, 0, sizeof out->byp_line_o);
  memset(out->byp_word_o, 0, sizeof out->byp_word_o);
  memset(out->byp_wf_o, 0, sizeof out->byp_wf_o);
  for (unsigned s = 0; s < nsm; s++) {
    out->l1_req_valid_o |= (uint64_t)m->l1v[s] << s;
    out->byp_valid_o |= (uint64_t)m->bypv[s] << s;
    ww_bits_put(out->l1_req_op_o, s * WW_L1_W, WW_L1_W, m->l1op[s]);
    ww_bits_put(out->l1_req_line_o, s * line_w, line_w, m->l1line[s]);
    ww_bits_put(out->l1_req_tag_o, s * tag_w, tag_w, m->l1tag[s]);
    ww_bits_put(out->l1_req_be_o, s * c->line_bytes + 4 * m->l1word[s], 4, 0xFu);
    for (unsigned k = 0; k < m->words; k++)   /* LB is a multiple of 32: whole words */
      out->l1_req_wdata_o[s * lb / 32 + k] = m->l1data[s];
    ww_bits_put(out->l1_req_amo_word_o, s * word_w, word_w, m->l1word[s]);
    ww_bits_put(out->byp_line_o, s * line_w, line_w, m->bline[s]);
    ww_bits_put(out->byp_word_o, s * word_w, word_w, m->bword[s]);
    ww_bits_put(out->byp_wf_o, s * wf_w, wf_w, m->bwf[s]);
  }
}

void ww_drf_tester_step(ww_drf_tester_t *m, const ww_drf_tester_in_t *in, ww_drf_tester_out_t *out)
{
  const ww_drf_tester_cfg_t *c = &m->cfg;
  const unsigned nsm = c->num_sm, nwf = m->nwf, wf = c->wf, lanes = c->lanes;
  const unsigned lane_w = m->lane_w, wf_w = m->wf_w, lb = c->line_bytes * 8, tag_w = c->tag_w;
  const unsigned ns_w = m->ns_w, idx_w_ = c->idx_w;

  /* ---- the pick: what each wavefront would issue, and whether it can */
  int l1_free[MAX_SM], byp_free[MAX_SM], wr_idle[MAX_SM];
  int all_idle = 1;
  for (unsigned s = 0; s < nsm; s++) {
    l1_free[s] = !m->l1v[s] || (in->l1_req_ready_i >> s & 1);
    byp_free[s] = !m->bypv[s] || (in->byp_ready_i >> s & 1);
    wr_idle[s] = ww_bits_get(in->l1_wr_pending_i, s * c->np_w, c->np_w) == 0;
    all_idle = all_idle && wr_idle[s] && !m->l1v[s] && !m->bypv[s];
  }
  int pick_v = 0;
  unsigned pick = 0;
  for (unsigned i = 0; i < nwf && !pick_v; i++) {
    const unsigned g = (m->rr + i) % nwf, s = g / wf;
    int can;
    switch (m->st[g]) {
    case W_EPI: case W_ACT: can = 1; break;
    case W_ACQ:  can = m->dev[g] ? byp_free[s] : l1_free[s]; break;
    case W_INV: case W_LANE: can = l1_free[s]; break;
    case W_REL:  can = m->dev[g] ? byp_free[s] && wr_idle[s] && !m->l1v[s] : l1_free[s]; break;
    default:     can = 0; break;
    }
    if (can && m->run && !m->fail) {
      pick_v = 1;
      pick = g;
    }
  }
  for (unsigned g = 0; g < nwf; g++)
    all_idle = all_idle && m->st[g] == W_IDLE;

  /* the picked wavefront's request */
  const unsigned p_sm = pick / wf, p_wf = pick % wf, p_st = m->st[pick];
  const int p_dev = m->dev[pick], p_ld = m->ld[pick];
  const uint32_t cur_old = m->cur[pick];
  const uint32_t p_lane = cur_old & lowmask(lane_w);
  const uint32_t p_pool = p_dev ? 0 : (p_sm + 1) & lowmask(m->pool_w);
  const uint32_t p_idx = ((m->rnd >> 8) & lowmask(m->sel_w)) << lane_w | p_lane;
  const uint32_t p_var = p_pool << idx_w_ | p_idx;
  const uint32_t p_svar = p_pool << idx_w_ | m->sync[pick];
  const uint32_t p_sv = p_pool << ns_w | m->sync[pick];
  const int p_normal = p_idx >= c->nsync;
  const uint64_t p_me = 1ull << pick;
  const int p_hb = !m->lwv[p_var] || m->lwg[p_var] == pick ||
                   m->ret[m->lwg[p_var]] <= m->start[pick];
  const int p_ok = p_normal && p_hb && !(m->wr_claim[p_var] & ~p_me) &&
                   (p_ld || !(m->rd_claim[p_var] & ~p_me));
  const int issue_lane = pick_v && p_st == W_LANE && p_ok;
  const uint32_t p_wa = waddr_of(m, p_st == W_LANE ? p_var : p_svar);
  const uint32_t p_line = p_wa >> (m->off_w - 2), p_word = p_wa & lowmask(m->off_w - 2);
  const uint32_t p_tag = ((uint32_t)(p_st != W_LANE) << (wf_w + lane_w) | p_wf << lane_w |
                          (p_st == W_LANE ? p_lane : 0)) & lowmask(tag_w);

  /* ---- device-atomic answers: one a cycle, the lowest SM without an L1 answer */
  uint64_t byp_rsp_ready = 0;
  for (unsigned s = 0; s < nsm && !byp_rsp_ready; s++)
    if ((in->byp_rsp_valid_i >> s & 1) && !(in->l1_rsp_valid_i >> s & 1))
      byp_rsp_ready = 1ull << s;

  /* ---- outputs (before the edge) */
  ww_drf_tester_reg_outputs(m, out);
  out->byp_rsp_ready_o = byp_rsp_ready;
  out->rd_data_o = ww_drf_tester_read(m, (unsigned)in->rd_idx_i, (uint32_t)in->rd_var_i);

  /* ---- the answers of the cycle, per SM, and what they check */
  int a_ld[MAX_SM], a_amo[MAX_SM], a_bad[MAX_SM], a_seen_set[MAX_SM], a_unchk[MAX_SM];
  uint32_t a_g[MAX_SM], a_l[MAX_SM], a_v[MAX_SM], a_sv[MAX_SM], a_val[MAX_SM], a_exp[MAX_SM];
  uint32_t a_kind[MAX_SM];
  for (unsigned s = 0; s < nsm; s++) {
    const uint32_t tag = ww_bits_get(in->l1_rsp_tag_i, s * tag_w, tag_w);
    uint32_t wfi = tag >> lane_w & lowmask(wf_w);
    a_l[s] = tag & lowmask(lane_w);
    a_val[s] = ww_bits_get(in->l1_rsp_data_i, s * lb, 32);
    a_ld[s] = a_amo[s] = 0;
    a_v[s] = 0;
    if (in->l1_rsp_valid_i >> s & 1) {
      a_ld[s] = !(tag >> (lane_w + wf_w) & 1);
      a_amo[s] = tag >> (lane_w + wf_w) & 1;
    } else if ((in->byp_rsp_valid_i >> s & 1) && (byp_rsp_ready >> s & 1)) {
      a_amo[s] = 1;
      wfi = ww_bits_get(in->byp_rsp_wf_i, s * wf_w, wf_w);
      a_l[s] = 0;
      a_val[s] = ww_bits_get(in->byp_rsp_old_i, s * 32, 32);
    }
    a_g[s] = (s * wf + wfi) & lowmask(m->g_w);
    if (a_g[s] >= nwf)          /* only with WF = 1 and a tag no request carried */
      a_g[s] = 0;
    if (a_ld[s]) {
      const uint32_t slot = a_g[s] << lane_w | a_l[s];
      a_v[s] = m->lvar[slot];
      a_val[s] = ww_bits_get(in->l1_rsp_data_i, s * lb + 32 * m->lwo[slot], 32);
    }
    a_sv[s] = (m->dev[a_g[s]] ? 0 : (s + 1) & lowmask(m->pool_w)) << ns_w | m->sync[a_g[s]];
    if (a_amo[s])
      a_v[s] = (a_sv[s] >> ns_w) << idx_w_ | (a_sv[s] & lowmask(ns_w));
    a_kind[s] = WW_DRF_FAIL_NONE;
    a_exp[s] = m->lwv[a_v[s]] ? m->ref[a_v[s]] : 0;
    a_seen_set[s] = a_unchk[s] = 0;
    if (a_ld[s] && a_val[s] != a_exp[s]) {
      a_kind[s] = WW_DRF_FAIL_LOAD;
    } else if (a_amo[s]) {
      a_exp[s] = m->sissued[a_sv[s]];
      if (a_val[s] >= a_exp[s])
        a_kind[s] = WW_DRF_FAIL_ATOMIC_HI;
      else if (a_val[s] >= (1u << c->seen_w))
        a_unchk[s] = 1;
      else if (m->seen[(size_t)a_sv[s] << c->seen_w | a_val[s]])
        a_kind[s] = WW_DRF_FAIL_ATOMIC;
      else
        a_seen_set[s] = 1;
    }
    a_bad[s] = a_kind[s] != WW_DRF_FAIL_NONE;
  }

  /* the failure of this cycle: the lowest SM's answer, else the watchdog of
   * the lowest wavefront */
  int fl_v = 0;
  uint32_t fl_kind = WW_DRF_FAIL_NONE, fl_g = 0, fl_lane = 0, fl_var = 0, fl_exp = 0, fl_got = 0;
  for (unsigned g = 0; g < nwf && !fl_v; g++)
    if (m->st[g] != W_IDLE && m->wd[g] > m->wd_lim) {
      fl_v = 1;
      fl_kind = WW_DRF_FAIL_HANG;
      fl_g = g;
      fl_exp = m->wd_lim;
      fl_got = m->wd[g];
    }
  for (unsigned s = 0; s < nsm; s++)
    if (a_bad[s]) {
      fl_v = 1;
      fl_kind = a_kind[s];
      fl_g = a_g[s];
      fl_lane = a_l[s];
      fl_var = a_v[s];
      fl_exp = a_exp[s];
      fl_got = a_val[s];
      break;
    }
  fl_v = fl_v && m->run;

  /* wavefronts whose release is answered retire */
  uint64_t retire = 0;
  uint32_t cnt_ld = 0, cnt_amo = 0, cnt_unchk = 0, cnt_ret = 0;
  for (unsigned s = 0; s < nsm; s++) {
    if (a_amo[s] && m->st[a_g[s]] == W_RELW)
      retire |= 1ull << a_g[s];
    cnt_ld += (uint32_t)a_ld[s];
    cnt_amo += (uint32_t)a_amo[s];
    cnt_unchk += (uint32_t)a_unchk[s];
  }
  for (unsigned g = 0; g < nwf; g++)
    cnt_ret += (uint32_t)(retire >> g & 1);

  /* ---- the clock edge */
  if (!(in->rst_ni & 1)) {
    m->run = m->done = m->fail = 0;
    m->rr = 0;
    memset(m->l1v, 0, sizeof m->l1v);
    memset(m->bypv, 0, sizeof m->bypv);
    m->cyc = 0;
    m->f_kind = WW_DRF_FAIL_NONE;
    memset(m->st, W_IDLE, nwf);
    for (unsigned s = 0; s < nsm; s++) {
      m->l1op[s] = WW_L1_LOAD;
      m->l1line[s] = m->l1tag[s] = m->l1word[s] = m->l1data[s] = 0;
      m->bline[s] = m->bword[s] = m->bwf[s] = 0;
    }
    return;
  }
  if ((in->start_i & 1) && !m->run) {
    /* a run: clear the tables, seed the generator */
    const uint32_t seed = (uint32_t)in->seed_i;
    const uint32_t seed_w = seed * 0x9E3779B1u;
    const unsigned range = (unsigned)(in->range_i & 31);
    unsigned mw = range > c->range_w ? c->range_w : range;
    if (mw < m->var_w)
      mw = m->var_w;
    m->run = 1;
    m->done = m->fail = 0;
    m->f_kind = WW_DRF_FAIL_NONE;
    memset(m->l1v, 0, sizeof m->l1v);
    memset(m->bypv, 0, sizeof m->bypv);
    m->rnd = seed ? seed : 0x2545F491u;
    m->mul = (seed_w & m->rmask) | 1u;
    m->add = seed_w >> (32 - c->range_w);
    m->mask = lowmask(mw);
    m->neps = (uint32_t)(in->episodes_i & 0xFFFF);
    m->nact = (uint32_t)(in->epi_len_i & 0xFFFF);
    m->wd_lim = (uint32_t)in->watchdog_i;
    m->cyc = 0;
    m->store_val = 0;
    m->n_ld = m->n_st = m->n_amo = m->n_ep = m->n_skip = m->n_unchk = 0;
    memset(m->rd_claim, 0, m->nvar * sizeof *m->rd_claim);
    memset(m->wr_claim, 0, m->nvar * sizeof *m->wr_claim);
    memset(m->lwv, 0, m->nvar);
    memset(m->lrv, 0, m->nvar);
    memset(m->sissued, 0, m->nsv * sizeof *m->sissued);
    memset(m->seen, 0, (size_t)m->nsv << c->seen_w);
    m->rseq = 0;
    for (unsigned g = 0; g < nwf; g++) {
      m->st[g] = W_EPI;
      m->ret[g] = 0;
      m->ep[g] = 0;
      m->pend[g] = 0;
      m->wd[g] = 0;
    }
    m->d_started = 1;
    return;
  }
  /* request registers drain (after a failure too) */
  for (unsigned s = 0; s < nsm; s++) {
    if (m->l1v[s] && (in->l1_req_ready_i >> s & 1))
      m->l1v[s] = 0;
    if (m->bypv[s] && (in->byp_ready_i >> s & 1))
      m->bypv[s] = 0;
  }
  if (!m->run)
    return;

  /* the per-wavefront registers later statements read as they were */
  memcpy(m->st0, m->st, nwf);
  memcpy(m->dev0, m->dev, nwf);
  memcpy(m->ep0, m->ep, nwf * sizeof *m->ep);
  memcpy(m->act0, m->act, nwf * sizeof *m->act);
  memcpy(m->pend0, m->pend, nwf * sizeof *m->pend);
  const uint32_t cyc0 = m->cyc, rnd0 = m->rnd, rseq0 = m->rseq, sval0 = m->store_val;

  m->cyc = cyc0 + 1;
  m->rnd = xorshift32(rnd0);

  /* the picked wavefront */
  if (pick_v) {
    m->rr = pick == nwf - 1 ? 0 : pick + 1;
    m->wd[pick] = 0;
    switch (p_st) {
    case W_EPI: {
      const uint32_t r = rnd0 >> 1 & lowmask(ns_w);
      m->dev[pick] = (uint8_t)(rnd0 & 1);
      m->sync[pick] = r % c->nsync;
      m->st[pick] = W_ACQ;
      break;
    }
    case W_ACQ:
    case W_REL:
      if (p_dev) {
        m->bypv[p_sm] = 1;
        m->bline[p_sm] = p_line;
        m->bword[p_sm] = p_word;
        m->bwf[p_sm] = p_wf;
      } else {
        m->l1v[p_sm] = 1;
        m->l1op[p_sm] = WW_L1_ATOMIC;
        m->l1line[p_sm] = p_line;
        m->l1word[p_sm] = p_word;
        m->l1tag[p_sm] = p_tag;
      }
      m->sissued[p_sv]++;
      m->st[pick] = p_st == W_ACQ ? W_ACQW : W_RELW;
      break;
    case W_INV:
      m->start[pick] = rseq0;
      m->l1v[p_sm] = 1;
      m->l1op[p_sm] = WW_L1_INVAL;
      m->st[pick] = W_ACT;
      break;
    case W_ACT:
      m->ld[pick] = (uint8_t)(rnd0 & 1);
      m->strong[pick] = (rnd0 >> 1 & 7) == 0;
      m->cur[pick] = 0;
      m->st[pick] = W_LANE;
      break;
    case W_LANE:
      if (issue_lane) {
        m->l1v[p_sm] = 1;
        m->l1line[p_sm] = p_line;
        m->l1word[p_sm] = p_word;
        m->l1tag[p_sm] = p_tag;
        if (p_ld) {
          m->l1op[p_sm] = m->strong[pick] ? WW_L1_LOAD_STRONG : WW_L1_LOAD;
          m->pend[pick] |= 1u << p_lane;
          m->lvar[pick * lanes + p_lane] = p_var;
          m->lwo[pick * lanes + p_lane] = p_word;
        } else {
          m->l1op[p_sm] = WW_L1_STORE;
          m->l1data[p_sm] = sval0 + 1;
          m->store_val = sval0 + 1;
          m->ref[p_var] = sval0 + 1;
          m->lwv[p_var] = 1;
          m->lwg[p_var] = pick;
          m->lwl[p_var] = p_lane;
          m->lwe[p_var] = m->ep0[pick];
          m->lwc[p_var] = cyc0;
          m->dlw[p_var] = 1;
          m->n_st++;
        }
      } else {
        m->n_skip++;
      }
      m->cur[pick] = (cur_old + 1) & lowmask(lane_w + 1);
      if (cur_old == lanes - 1)
        m->st[pick] = W_WAIT;
      break;
    default:
      break;
    }
  }

  /* wavefronts that wait: an action's loads answered */
  for (unsigned g = 0; g < nwf; g++) {
    if (m->st0[g] == W_WAIT && m->pend0[g] == 0) {
      const uint32_t a1 = (m->act0[g] + 1) & 0xFFFF;
      m->wd[g] = 0;
      m->act[g] = a1;
      m->st[g] = a1 >= m->nact ? W_REL : W_ACT;
    } else if (m->st0[g] != W_IDLE && !(pick_v && pick == g)) {
      m->wd[g]++;
    }
  }

  if (retire)
    m->rseq = rseq0 + 1;
  m->n_ld += cnt_ld;
  m->n_amo += cnt_amo;
  m->n_unchk += cnt_unchk;
  m->n_ep += cnt_ret;
  if (retire)
    for (unsigned v = 0; v < m->nvar; v++) {
      m->rd_claim[v] &= ~retire;
      m->wr_claim[v] &= ~retire;
    }
  if (issue_lane) {
    if (p_ld)
      m->rd_claim[p_var] |= p_me;
    else
      m->wr_claim[p_var] |= p_me;
  }

  /* answers */
  for (unsigned s = 0; s < nsm; s++) {
    const uint32_t g = a_g[s];
    if (a_ld[s])
      m->pend[g] &= ~(1u << a_l[s]);
    if (a_amo[s]) {
      m->wd[g] = 0;
      if (a_seen_set[s])
        m->seen[(size_t)a_sv[s] << c->seen_w | a_val[s]] = 1;
      if (m->st0[g] == W_ACQW) {
        m->st[g] = m->dev0[g] ? W_INV : W_ACT;
        m->act[g] = 0;
        m->start[g] = rseq0;
      } else {
        /* release answered: the episode retires, its claims go */
        const uint32_t e1 = (m->ep0[g] + 1) & 0xFFFF;
        m->ret[g] = rseq0 + 1;
        m->ep[g] = e1;
        m->st[g] = e1 >= m->neps ? W_IDLE : W_EPI;
      }
    }
    /* the event log: last reader (not a failing access) */
    if ((a_ld[s] || a_amo[s]) && !a_bad[s]) {
      const uint32_t v = a_v[s];
      m->lrv[v] = 1;
      m->lrg[v] = g;
      m->lrl[v] = a_l[s];
      m->lre[v] = m->ep0[g];
      m->lrc[v] = cyc0;
      m->lrval[v] = a_val[s];
      m->dlr[v] = 1;
    }
  }

  if (fl_v && !m->fail) {
    m->fail = m->done = 1;
    m->run = 0;
    m->f_kind = fl_kind;
    m->f_cyc = cyc0;
    m->f_g = fl_g;
    m->f_lane = fl_lane;
    m->f_ep = m->ep0[fl_g];
    m->f_var = fl_var;
    m->f_exp = fl_exp;
    m->f_got = fl_got;
    m->f_st = m->st0[fl_g];
    m->d_failed = 1;
  } else if (all_idle) {
    m->done = 1;
    m->run = 0;
  }
}
