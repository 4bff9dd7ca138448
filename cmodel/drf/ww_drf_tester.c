/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_tester -- C model of rtl/drf/ww_drf_tester.v (its header is the
 * spec). One step = the RTL's combinational logic on the current registers
 * and inputs (the outputs), then its clock edge: first the RAMs (ww_sram_1r1w:
 * the read register takes the word at the read address before the write,
 * at every edge, in reset too), then the registers. The register edge
 * follows the RTL's always block statement by statement; where the RTL
 * assigns a register twice in one edge the later statement wins, as with
 * non-blocking assignments, and every right-hand side reads the registers
 * before the edge (every value the edge needs is computed first).
 *
 * The request registers (l1_req_*, byp_*) and the failure record are reset;
 * the L1 tag of an acquire / release atomic carries lane 0.
 */
#include "ww_drf_tester.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { W_IDLE, W_EPI, W_ACQ, W_ACQW, W_INV, W_ACT, W_LANE, W_WAIT, W_REL, W_RELW, W_CHK };

#define MAX_SM 64
#define MAX_WF 64
#define MAX_WORDS 32

/* a claim RAM row: writer, last writer, a reader entry per wavefront */
typedef struct {
  uint8_t wv, lwv;
  uint32_t wg, wep, lwg;
  uint8_t rv[MAX_WF];
  uint32_t rep[MAX_WF];
} cl_row_t;

typedef struct { uint32_t lane, ep, cyc; } lw_row_t;                 /* last writer's detail */
typedef struct { uint32_t v, g, l, ep, cyc, val; } lr_row_t;         /* last reader */

struct ww_drf_tester {
  ww_drf_tester_cfg_t cfg;
  /* derived widths and sizes (the RTL's localparams) */
  unsigned sm_w, wf_w, lane_w, nwf, g_w, pool_w, var_w, off_w, line_w, word_w;
  unsigned nvar, ns_w, nsv, sel_w, words, ng, npool, sa_w, seen_d, clr_n;
  uint32_t rmask, lwin;

  /* run state */
  int run, clr, done, fail;
  uint32_t clr_idx, rnd, cyc, wd_lim, mul, add, mask;
  uint32_t neps, nact, rr;
  /* per wavefront */
  uint8_t *st, *dev, *ld, *line, *strong;
  uint32_t *sync, *ep, *act, *cur, *pend, *wd, *start, *ret;
  uint32_t rseq;
  /* per lane slot ({g, l}: g << lane_w | l) */
  uint32_t *lvar, *lwo;
  uint8_t *lline;
  /* sync variables */
  uint32_t *sissued;
  /* counters and the latched failure */
  uint32_t n_ld, n_st, n_amo, n_ep, n_skip, n_unchk, store_val;
  uint32_t f_kind, f_cyc, f_exp, f_got, f_word, f_g, f_lane, f_ep, f_var, f_st;
  /* request registers */
  uint8_t l1v[MAX_SM], bypv[MAX_SM], l1full[MAX_SM];
  uint32_t l1op[MAX_SM], l1line[MAX_SM], l1tag[MAX_SM], l1word[MAX_SM], l1data[MAX_SM];
  uint32_t bline[MAX_SM], bword[MAX_SM], bwf[MAX_SM];
  /* check stage, the claim row written last cycle */
  int c_v, c_normal;
  uint32_t c_g, c_sm, c_wf, c_lane, c_var, c_wa;
  int cw_v;
  uint32_t cw_a;
  cl_row_t cw_d;
  /* answer stage */
  uint8_t a_ld[MAX_SM], a_amo[MAX_SM], a_byp[MAX_SM], a_line[MAX_SM];
  uint32_t a_g[MAX_SM], a_l[MAX_SM], a_v[MAX_SM], a_sv[MAX_SM], a_wo[MAX_SM];
  uint32_t a_data[MAX_SM][MAX_WORDS];
  /* seen RAM write / read of last cycle, per pool */
  uint8_t sw_v[MAX_SM + 1];
  uint32_t sw_a[MAX_SM + 1], sw_d[MAX_SM + 1], sr_a[MAX_SM + 1];
  /* RAMs and their read registers */
  cl_row_t *cl_mem, cl_rd;
  lw_row_t *lw_mem, lw_rd;
  uint32_t *ref_mem, ref_rd[MAX_SM];          /* ref_mem[s * nvar + v] */
  lr_row_t *lr_mem, lr_rd[MAX_SM];            /* lr_mem[s * nvar + v] */
  uint32_t *sn_mem, sn_rd[MAX_SM + 1];        /* sn_mem[p * seen_d + a] */
  /* status read registers */
  uint32_t rd_ff, rd_idx_q;
  int rd_sync_q;
  /* written since power-up (the RTL's value is defined) */
  int d_started, d_cleared;
  /* scratch */
  cl_row_t c_new;
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
  const unsigned ns_w = idx_w(c->nsync);
  if (!c->num_sm || c->num_sm > WW_NUM_SM || c->num_sm > MAX_SM || !ww_is_pow2(c->wf) ||
      c->num_sm * c->wf > MAX_WF || !ww_is_pow2(c->lanes) || c->lanes < 2 || c->lanes > 32 ||
      !ww_is_pow2(c->line_bytes) || c->line_bytes < 8 || c->line_bytes > WW_LINE_BYTES ||
      c->line_bytes / 4 > MAX_WORDS || c->idx_w <= lane_w || c->idx_w > 16 || !c->nsync ||
      c->nsync + c->lanes >= (1u << c->idx_w) || c->range_w < pool_w + c->idx_w ||
      c->range_w > 28 || (c->base & (c->line_bytes - 1)) || c->seen_w < 5 || c->seen_w > 24 ||
      c->tag_w < 1 + wf_w + lane_w || c->tag_w > 32 || !c->np_w || c->np_w > 32 ||
      c->idx_w - lane_w + 8 > 32) {
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
  m->ns_w = ns_w;
  m->nsv = 1u << (pool_w + ns_w);
  m->sel_w = c->idx_w - lane_w;
  m->words = c->line_bytes / 4;
  m->ng = 1u << (m->g_w + lane_w);
  m->npool = c->num_sm + 1;
  m->sa_w = ns_w + c->seen_w - 5;
  m->seen_d = 1u << m->sa_w;
  m->clr_n = m->nvar > m->seen_d ? m->nvar : m->seen_d;
  m->rmask = lowmask(c->range_w);
  m->lwin = ((c->base >> 2) + (1u << c->range_w)) & 0x3FFFFFFFu;

  const unsigned nw = m->nwf, nv = m->nvar;
  int ok = 1;
#define ALLOC(p, n)                                  \
  do {                                               \
    (p) = calloc((n), sizeof *(p));                  \
    ok = ok && (p) != NULL;                          \
  } while (0)
  ALLOC(m->st, nw); ALLOC(m->dev, nw); ALLOC(m->ld, nw); ALLOC(m->line, nw);
  ALLOC(m->strong, nw); ALLOC(m->sync, nw); ALLOC(m->ep, nw); ALLOC(m->act, nw);
  ALLOC(m->cur, nw); ALLOC(m->pend, nw); ALLOC(m->wd, nw); ALLOC(m->start, nw);
  ALLOC(m->ret, nw);
  ALLOC(m->lvar, m->ng); ALLOC(m->lwo, m->ng); ALLOC(m->lline, m->ng);
  ALLOC(m->sissued, m->nsv);
  ALLOC(m->cl_mem, nv); ALLOC(m->lw_mem, nv);
  ALLOC(m->ref_mem, (size_t)c->num_sm * nv); ALLOC(m->lr_mem, (size_t)c->num_sm * nv);
  ALLOC(m->sn_mem, (size_t)m->npool * m->seen_d);
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
  void *p[] = { m->st, m->dev, m->ld, m->line, m->strong, m->sync, m->ep, m->act, m->cur,
                m->pend, m->wd, m->start, m->ret, m->lvar, m->lwo, m->lline, m->sissued,
                m->cl_mem, m->lw_mem, m->ref_mem, m->lr_mem, m->sn_mem };
  for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
    free(p[i]);
  free(m);
}

/* the word address (30 bits) of variable v: a line variable's line in the
 * line window, else BASE/4 + ((v * mul + add) mod 2^RANGE_W & mask) */
static uint32_t waddr_of(const ww_drf_tester_t *m, uint32_t v)
{
  const unsigned iw = m->cfg.idx_w, lw = m->lane_w;
  if (((v >> lw) & lowmask(m->sel_w)) == lowmask(m->sel_w)) {
    const uint32_t slot = (v >> iw) << lw | (v & lowmask(lw));
    return (m->lwin + (slot << (m->word_w))) & 0x3FFFFFFFu;
  }
  const uint32_t w = ((v * m->mul + m->add) & m->rmask) & m->mask;
  return ((m->cfg.base >> 2) + w) & 0x3FFFFFFFu;
}

static int is_sync_idx(const ww_drf_tester_t *m, uint32_t idx) { return idx < m->cfg.nsync; }

/* the last reader: the later of the SMs' entries (the higher SM on a tie) */
static lr_row_t lr_pick(const ww_drf_tester_t *m, const lr_row_t *rows, size_t stride)
{
  lr_row_t r = rows[0];
  for (unsigned s = 1; s < m->cfg.num_sm; s++) {
    const lr_row_t *o = &rows[s * stride];
    if (o->v && (!r.v || o->cyc >= r.cyc))
      r = *o;
  }
  return r;
}

/* a flip-flop status word (the RTL's rd_ff_q case) */
static uint32_t read_ff(const ww_drf_tester_t *m, unsigned idx, uint32_t var)
{
  const uint32_t v = var & lowmask(m->var_w);
  const uint32_t ri = v & lowmask(m->cfg.idx_w);
  const uint32_t rsv = ((v >> m->cfg.idx_w) << m->ns_w | (ri & lowmask(m->ns_w))) & (m->nsv - 1);
  switch (idx & 63) {
  case WW_DRF_KIND:       return m->f_kind;
  case WW_DRF_CYCLE:      return m->f_cyc;
  case WW_DRF_WF:         return m->f_g;
  case WW_DRF_LANE:       return m->f_lane;
  case WW_DRF_EPISODE:    return m->f_ep;
  case WW_DRF_VAR:        return m->f_var;
  case WW_DRF_ADDR:       return ((waddr_of(m, m->f_var) + m->f_word) & 0x3FFFFFFFu) << 2;
  case WW_DRF_EXPECT:     return m->f_exp;
  case WW_DRF_GOT:        return m->f_got;
  case WW_DRF_STATE:      return m->f_st;
  case WW_DRF_CYCLES:     return m->cyc;
  case WW_DRF_LOADS:      return m->n_ld;
  case WW_DRF_STORES:     return m->n_st;
  case WW_DRF_ATOMICS:    return m->n_amo;
  case WW_DRF_EPISODES:   return m->n_ep;
  case WW_DRF_SKIPPED:    return m->n_skip;
  case WW_DRF_UNCHECKED:  return m->n_unchk;
  case WW_DRF_REF_ADDR:   return waddr_of(m, v) << 2;
  case WW_DRF_REF_VALUE:  return m->sissued[rsv];
  default:                return 0;
  }
}

/* rd_data_o from the registered word and the RAMs' read registers */
static uint32_t read_out(unsigned idx, uint32_t ff, int sync, const cl_row_t *cl,
                         const lw_row_t *lw, uint32_t ref0, lr_row_t lr)
{
  switch (idx & 63) {
  case WW_DRF_LW_VALID:   return cl->lwv;
  case WW_DRF_LW_WF:      return cl->lwg;
  case WW_DRF_LW_LANE:    return lw->lane;
  case WW_DRF_LW_EPISODE: return lw->ep;
  case WW_DRF_LW_CYCLE:   return lw->cyc;
  case WW_DRF_LW_VALUE:   return ref0;
  case WW_DRF_LR_VALID:   return lr.v;
  case WW_DRF_LR_WF:      return lr.g;
  case WW_DRF_LR_LANE:    return lr.l;
  case WW_DRF_LR_EPISODE: return lr.ep;
  case WW_DRF_LR_CYCLE:   return lr.cyc;
  case WW_DRF_LR_VALUE:   return lr.val;
  case WW_DRF_REF_VALUE:  return sync ? ff : ref0;
  case WW_DRF_REF_VALID:  return (uint32_t)(sync || cl->lwv);
  default:                return ff;
  }
}

/* the status address of the RAM read ports: rd_var_i for REF_VALUE /
 * REF_VALID, else the failing variable */
static uint32_t st_var(const ww_drf_tester_t *m, unsigned idx, uint32_t var)
{
  idx &= 63;
  return (idx == WW_DRF_REF_VALUE || idx == WW_DRF_REF_VALID) ? var & lowmask(m->var_w) : m->f_var;
}

uint32_t ww_drf_tester_read(const ww_drf_tester_t *m, unsigned idx, uint32_t var)
{
  const uint32_t a = st_var(m, idx, var), f = m->f_var;
  const uint32_t ri = var & lowmask(m->cfg.idx_w);
  return read_out(idx, read_ff(m, idx, var), is_sync_idx(m, ri), &m->cl_mem[a], &m->lw_mem[f],
                  m->ref_mem[a], lr_pick(m, &m->lr_mem[f], m->nvar));
}

int ww_drf_tester_read_defined(const ww_drf_tester_t *m, unsigned idx, uint32_t var)
{
  idx &= 63;
  if (idx == WW_DRF_ADDR)               /* from the run's address mapping */
    return m->d_started;
  if (idx < WW_DRF_LOG_FIRST || idx == WW_DRF_CYCLES || idx >= WW_DRF_N)
    return 1;
  if (idx == WW_DRF_REF_VALUE && is_sync_idx(m, var & lowmask(m->cfg.idx_w)))
    return m->d_started;
  if (idx < WW_DRF_RUN_FIRST || idx == WW_DRF_REF_VALUE || idx == WW_DRF_REF_VALID)
    return m->d_cleared && !m->run;     /* RAM words */
  return m->d_started;                  /* counters, REF_ADDR */
}

int ww_drf_tester_busy(const ww_drf_tester_t *m) { return m->run || m->clr; }
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

/* the outputs that are registers: busy_o, done_o, fail_o, the request
 * registers (l1_req_*, byp_valid_o, byp_line_o, byp_word_o, byp_wf_o) and
 * rd_data_o */
void ww_drf_tester_reg_outputs(const ww_drf_tester_t *m, ww_drf_tester_out_t *out)
{
  const ww_drf_tester_cfg_t *c = &m->cfg;
  const unsigned nsm = c->num_sm, lb = c->line_bytes * 8, tag_w = c->tag_w;
  const unsigned word_w = m->word_w, line_w = m->line_w, wf_w = m->wf_w;
  out->busy_o = (uint64_t)(m->run || m->clr);
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
    if (m->l1full[s])
      for (unsigned b = 0; b < c->line_bytes; b += 32)
        ww_bits_put(out->l1_req_be_o, s * c->line_bytes + b,
                    c->line_bytes - b < 32 ? c->line_bytes - b : 32, 0xFFFFFFFFu);
    else
      ww_bits_put(out->l1_req_be_o, s * c->line_bytes + 4 * m->l1word[s], 4, 0xFu);
    for (unsigned k = 0; k < m->words; k++)   /* LB is a multiple of 32: whole words */
      out->l1_req_wdata_o[s * lb / 32 + k] = m->l1data[s] + (m->l1full[s] ? k : 0);
    ww_bits_put(out->l1_req_amo_word_o, s * word_w, word_w, m->l1word[s]);
    ww_bits_put(out->byp_line_o, s * line_w, line_w, m->bline[s]);
    ww_bits_put(out->byp_word_o, s * word_w, word_w, m->bword[s]);
    ww_bits_put(out->byp_wf_o, s * wf_w, wf_w, m->bwf[s]);
  }
  out->rd_data_o = read_out(m->rd_idx_q, m->rd_ff, m->rd_sync_q, &m->cl_rd, &m->lw_rd,
                            m->ref_rd[0], lr_pick(m, m->lr_rd, 1));
}

void ww_drf_tester_step(ww_drf_tester_t *m, const ww_drf_tester_in_t *in, ww_drf_tester_out_t *out)
{
  const ww_drf_tester_cfg_t *c = &m->cfg;
  const unsigned nsm = c->num_sm, nwf = m->nwf, wf = c->wf, lanes = c->lanes;
  const unsigned lane_w = m->lane_w, wf_w = m->wf_w, lb = c->line_bytes * 8, tag_w = c->tag_w;
  const unsigned ns_w = m->ns_w, iw = c->idx_w;
  const unsigned words = m->words, npool = m->npool, nv = m->nvar;

  /* ---- check stage: reserved L1 registers */
  uint64_t resv = m->c_v ? 1ull << m->c_sm : 0;

  /* ---- the pick: what each wavefront would issue, and whether it can */
  int l1_free[MAX_SM], byp_free[MAX_SM], wr_idle[MAX_SM];
  for (unsigned s = 0; s < nsm; s++) {
    l1_free[s] = (!m->l1v[s] || (in->l1_req_ready_i >> s & 1)) && !(resv >> s & 1);
    byp_free[s] = !m->bypv[s] || (in->byp_ready_i >> s & 1);
    wr_idle[s] = ww_bits_get(in->l1_wr_pending_i, s * c->np_w, c->np_w) == 0;
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
    case W_REL:  can = m->dev[g] ? byp_free[s] && wr_idle[s] && !m->l1v[s] && !(resv >> s & 1)
                                 : l1_free[s];
                 break;
    default:     can = 0; break;
    }
    if (can && m->run && !m->fail) {
      pick_v = 1;
      pick = g;
    }
  }

  /* the picked wavefront's request */
  const unsigned p_sm = pick / wf, p_wf = pick % wf, p_st = m->st[pick];
  const int p_dev = m->dev[pick];
  const uint32_t p_lane = m->cur[pick] & lowmask(lane_w);
  const uint32_t p_pool = p_dev ? 0 : (p_sm + 1) & lowmask(m->pool_w);
  const uint32_t p_sel = m->line[pick] ? lowmask(m->sel_w) : (m->rnd >> 8) & lowmask(m->sel_w);
  const uint32_t p_idx = p_sel << lane_w | p_lane;
  const uint32_t p_var = p_pool << iw | p_idx;
  const uint32_t p_svar = p_pool << iw | m->sync[pick];
  const uint32_t p_sv = p_pool << ns_w | m->sync[pick];
  const int p_normal = m->line[pick] || (p_idx >= c->nsync && p_sel != lowmask(m->sel_w));
  const uint32_t p_wa = waddr_of(m, p_st == W_LANE ? p_var : p_svar);
  const uint32_t p_line = p_wa >> (m->off_w - 2), p_word = p_wa & lowmask(m->off_w - 2);
  const uint32_t p_tag = (1u << (wf_w + lane_w) | p_wf << lane_w) & lowmask(tag_w);

  /* ---- the check: the lane's claim row (forwarded), the rules, the new row */
  const cl_row_t *row = (m->cw_v && m->cw_a == m->c_var) ? &m->cw_d : &m->cl_rd;
  const uint32_t cg = m->c_g;
  const int c_ld = m->ld[cg];
  int oth_w = row->wv && row->wg != cg && m->ep[row->wg] == row->wep, oth_r = 0;
  for (unsigned h = 0; h < nwf; h++)
    if (h != cg && row->rv[h] && m->ep[h] == row->rep[h])
      oth_r = 1;
  cl_row_t *cn = &m->c_new;
  *cn = *row;
  if (c_ld) {
    cn->rv[cg] = 1;
    cn->rep[cg] = m->ep[cg];
  } else {
    cn->wv = 1;
    cn->wg = cg;
    cn->wep = m->ep[cg];
    cn->lwv = 1;
    cn->lwg = cg;
  }
  const int c_hb = !row->lwv || row->lwg == cg || m->ret[row->lwg] <= m->start[cg];
  const int c_ok = m->c_normal && c_hb && !oth_w && (c_ld || !oth_r);
  const int c_issue = m->run && m->c_v && c_ok;
  const int c_store = c_issue && !c_ld;
  const uint32_t c_val = m->store_val + 1;

  /* ---- device-atomic answers: one a cycle, the lowest SM without an L1 answer */
  uint64_t byp_rsp_ready = 0;
  for (unsigned s = 0; s < nsm && !byp_rsp_ready; s++)
    if ((in->byp_rsp_valid_i >> s & 1) && !(in->l1_rsp_valid_i >> s & 1))
      byp_rsp_ready = 1ull << s;

  /* ---- the answers arriving, per SM */
  uint8_t n_ld[MAX_SM], n_amo[MAX_SM], n_byp[MAX_SM];
  uint32_t n_g[MAX_SM], n_l[MAX_SM], n_v[MAX_SM], n_sv[MAX_SM], n_old[MAX_SM], n_sa[MAX_SM];
  uint32_t sn_raddr[MAX_SM + 1];
  memset(sn_raddr, 0, sizeof sn_raddr);
  for (unsigned s = 0; s < nsm; s++) {
    const uint32_t tag = ww_bits_get(in->l1_rsp_tag_i, s * tag_w, tag_w);
    const int rv = in->l1_rsp_valid_i >> s & 1;
    n_byp[s] = (in->byp_rsp_valid_i >> s & 1) && (byp_rsp_ready >> s & 1);
    const uint32_t wfi = n_byp[s] ? ww_bits_get(in->byp_rsp_wf_i, s * wf_w, wf_w)
                                  : tag >> lane_w & lowmask(wf_w);
    n_l[s] = n_byp[s] ? 0 : tag & lowmask(lane_w);
    n_ld[s] = rv && !(tag >> (lane_w + wf_w) & 1);
    n_amo[s] = (rv && (tag >> (lane_w + wf_w) & 1)) || n_byp[s];
    n_g[s] = (s * wf + wfi) & lowmask(m->g_w);
    const uint32_t pool = n_byp[s] ? 0 : (s + 1) & lowmask(m->pool_w);
    n_sv[s] = pool << ns_w | (n_g[s] < nwf ? m->sync[n_g[s]] : 0);
    n_v[s] = n_amo[s] ? (n_sv[s] >> ns_w) << iw | (n_sv[s] & lowmask(ns_w))
                      : m->lvar[n_g[s] << lane_w | n_l[s]];
    n_old[s] = n_byp[s] ? ww_bits_get(in->byp_rsp_old_i, s * 32, 32)
                        : ww_bits_get(in->l1_rsp_data_i, s * lb, 32);
    n_sa[s] = ((n_sv[s] & lowmask(ns_w)) << c->seen_w | (n_old[s] & lowmask(c->seen_w))) >> 5;
    if (n_byp[s])
      sn_raddr[0] = n_sa[s];
    sn_raddr[s + 1] = n_sa[s];
  }

  /* ---- the checks of the answer stage */
  int a_bad[MAX_SM], a_unchk[MAX_SM], a_seen_set[MAX_SM];
  uint32_t a_val[MAX_SM], a_exp[MAX_SM], a_word[MAX_SM], a_kind[MAX_SM], a_seen[MAX_SM];
  uint32_t a_sa[MAX_SM], a_pool[MAX_SM];
  for (unsigned s = 0; s < nsm; s++) {
    const uint32_t p = m->a_byp[s] ? 0 : s + 1, ref = m->ref_rd[s];
    a_pool[s] = p;
    a_sa[s] = m->sr_a[p];
    a_seen[s] = (m->sw_v[p] && m->sw_a[p] == a_sa[s]) ? m->sw_d[p] : m->sn_rd[p];
    a_kind[s] = WW_DRF_FAIL_NONE;
    a_val[s] = m->a_data[s][0];
    a_exp[s] = ref;
    a_word[s] = 0;
    a_seen_set[s] = a_unchk[s] = 0;
    if (m->a_ld[s]) {
      int found = 0;
      for (unsigned k = 0; k < words; k++) {
        const uint32_t w = m->a_data[s][k], e = ref == 0 ? 0 : ref + k;
        if (m->a_line[s] && !found && w != e) {
          found = 1;
          a_val[s] = w;
          a_exp[s] = e;
          a_word[s] = k;
        }
        if (!m->a_line[s] && m->a_wo[s] == k) {
          a_val[s] = w;
          found = w != ref;
        }
      }
      if (found)
        a_kind[s] = WW_DRF_FAIL_LOAD;
    } else if (m->a_amo[s]) {
      a_exp[s] = m->sissued[m->a_sv[s]];
      if (a_val[s] >= a_exp[s])
        a_kind[s] = WW_DRF_FAIL_ATOMIC_HI;
      else if (a_val[s] >= (1u << c->seen_w))
        a_unchk[s] = 1;
      else if (a_seen[s] >> (a_val[s] & 31) & 1)
        a_kind[s] = WW_DRF_FAIL_ATOMIC;
      else
        a_seen_set[s] = 1;
    }
    a_bad[s] = a_kind[s] != WW_DRF_FAIL_NONE;
  }
  /* seen RAM writes */
  uint8_t sn_we[MAX_SM + 1];
  uint32_t sn_waddr[MAX_SM + 1], sn_wdata[MAX_SM + 1];
  memset(sn_we, 0, sizeof sn_we);
  memset(sn_waddr, 0, sizeof sn_waddr);
  memset(sn_wdata, 0, sizeof sn_wdata);
  for (unsigned s = 0; s < nsm; s++)
    if (a_seen_set[s]) {
      const uint32_t p = a_pool[s];
      sn_we[p] = 1;
      sn_waddr[p] = a_sa[s];
      sn_wdata[p] = a_seen[s] | 1u << (a_val[s] & 31);
    }
  if (m->clr)
    for (unsigned p = 0; p < npool; p++) {
      sn_we[p] = 1;
      sn_waddr[p] = m->clr_idx & lowmask(m->sa_w);
      sn_wdata[p] = 0;
    }

  /* ---- status read: the RAM ports' status address */
  const unsigned rd_idx = (unsigned)(in->rd_idx_i & 63);
  const uint32_t rd_var = (uint32_t)in->rd_var_i & lowmask(m->var_w);
  const uint32_t stv = st_var(m, rd_idx, rd_var);

  /* ---- sequencing */
  int all_idle = !m->c_v;
  for (unsigned s = 0; s < nsm; s++)
    all_idle = all_idle && !m->a_ld[s] && !m->a_amo[s] && wr_idle[s] && !m->l1v[s] && !m->bypv[s];
  for (unsigned g = 0; g < nwf; g++)
    all_idle = all_idle && m->st[g] == W_IDLE;

  /* the failure of this cycle: the lowest SM's answer, else the watchdog of
   * the lowest wavefront */
  int fl_v = 0;
  uint32_t fl_kind = WW_DRF_FAIL_NONE, fl_g = 0, fl_lane = 0, fl_var = 0, fl_exp = 0, fl_got = 0;
  uint32_t fl_word = 0;
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
      fl_g = m->a_g[s];
      fl_lane = m->a_l[s];
      fl_var = m->a_v[s];
      fl_exp = a_exp[s];
      fl_got = a_val[s];
      fl_word = a_word[s];
      break;
    }
  fl_v = fl_v && m->run;

  /* wavefronts whose release is answered retire; this cycle's counts */
  uint64_t retire = 0;
  uint32_t cnt_ld = 0, cnt_amo = 0, cnt_unchk = 0, cnt_ret = 0;
  for (unsigned s = 0; s < nsm; s++) {
    if (m->a_amo[s] && m->st[m->a_g[s]] == W_RELW)
      retire |= 1ull << m->a_g[s];
    cnt_ld += m->a_ld[s];
    cnt_amo += m->a_amo[s];
    cnt_unchk += (uint32_t)a_unchk[s];
  }
  for (unsigned g = 0; g < nwf; g++)
    cnt_ret += (uint32_t)(retire >> g & 1);

  /* ---- outputs (before the edge) */
  ww_drf_tester_reg_outputs(m, out);
  out->byp_rsp_ready_o = byp_rsp_ready;

  /* ---- the clock edge: the RAMs (read the old word, then write) */
  {
    const uint32_t ca = m->clr_idx & (nv - 1);
    const uint32_t cl_raddr = m->run ? p_var : stv;
    m->cl_rd = m->cl_mem[cl_raddr];
    m->lw_rd = m->lw_mem[m->f_var];
    for (unsigned s = 0; s < nsm; s++) {
      m->ref_rd[s] = m->ref_mem[s * nv + (m->run ? n_v[s] : stv)];
      m->lr_rd[s] = m->lr_mem[s * nv + m->f_var];
    }
    for (unsigned p = 0; p < npool; p++)
      m->sn_rd[p] = m->sn_mem[p * m->seen_d + sn_raddr[p]];
    if (m->clr) {
      memset(&m->cl_mem[ca], 0, sizeof m->cl_mem[ca]);
      memset(&m->lw_mem[ca], 0, sizeof m->lw_mem[ca]);
      for (unsigned s = 0; s < nsm; s++) {
        m->ref_mem[s * nv + ca] = 0;
        memset(&m->lr_mem[s * nv + ca], 0, sizeof m->lr_mem[ca]);
      }
    } else {
      if (c_issue)
        m->cl_mem[m->c_var] = *cn;
      if (c_store) {
        m->lw_mem[m->c_var] = (lw_row_t){ m->c_lane, m->ep[cg], m->cyc };
        for (unsigned s = 0; s < nsm; s++)
          m->ref_mem[s * nv + m->c_var] = c_val;
      }
      for (unsigned s = 0; s < nsm; s++)
        if (m->run && (m->a_ld[s] || m->a_amo[s]) && !a_bad[s])
          m->lr_mem[s * nv + m->a_v[s]] =
              (lr_row_t){ 1, m->a_g[s], m->a_l[s], m->ep[m->a_g[s]], m->cyc, a_val[s] };
    }
    for (unsigned p = 0; p < npool; p++)
      if (sn_we[p])
        m->sn_mem[p * m->seen_d + sn_waddr[p]] = sn_wdata[p];
  }

  /* the status read registers (their own always block) */
  if (!(in->rst_ni & 1)) {
    m->rd_ff = 0;
    m->rd_idx_q = 0;
    m->rd_sync_q = 0;
  } else {
    m->rd_ff = read_ff(m, rd_idx, rd_var);
    m->rd_idx_q = rd_idx;
    m->rd_sync_q = is_sync_idx(m, rd_var & lowmask(iw));
  }

  /* the registers */
  if (!(in->rst_ni & 1)) {
    m->run = m->clr = m->done = m->fail = 0;
    m->rr = 0;
    memset(m->l1v, 0, sizeof m->l1v);
    memset(m->bypv, 0, sizeof m->bypv);
    m->c_v = m->cw_v = 0;
    memset(m->sw_v, 0, sizeof m->sw_v);
    memset(m->a_ld, 0, sizeof m->a_ld);
    memset(m->a_amo, 0, sizeof m->a_amo);
    m->cyc = 0;
    m->f_kind = WW_DRF_FAIL_NONE;
    m->f_cyc = m->f_exp = m->f_got = m->f_word = m->f_g = m->f_lane = m->f_ep = 0;
    m->f_var = m->f_st = 0;
    memset(m->st, W_IDLE, nwf);
    for (unsigned s = 0; s < nsm; s++) {
      m->l1op[s] = WW_L1_LOAD;
      m->l1line[s] = m->l1tag[s] = m->l1word[s] = m->l1data[s] = 0;
      m->l1full[s] = 0;
      m->bline[s] = m->bword[s] = m->bwf[s] = 0;
    }
    return;
  }
  if ((in->start_i & 1) && !m->run && !m->clr) {
    /* a run: latch the settings, seed the generator, clear the RAMs */
    const uint32_t seed = (uint32_t)in->seed_i;
    const uint32_t seed_w = seed * 0x9E3779B1u;
    const unsigned range = (unsigned)(in->range_i & 31);
    unsigned mw = range > c->range_w ? c->range_w : range;
    if (mw < m->var_w)
      mw = m->var_w;
    m->clr = 1;
    m->clr_idx = 0;
    memset(m->l1v, 0, sizeof m->l1v);
    memset(m->bypv, 0, sizeof m->bypv);
    m->done = m->fail = 0;
    m->f_kind = WW_DRF_FAIL_NONE;
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
    memset(m->sissued, 0, m->nsv * sizeof *m->sissued);
    m->rseq = 0;
    for (unsigned g = 0; g < nwf; g++) {
      m->st[g] = W_IDLE;
      m->ret[g] = 0;
      m->ep[g] = 0;
      m->pend[g] = 0;
      m->wd[g] = 0;
    }
    m->d_started = 1;
    return;
  }

  /* the values the edge reads, as they were */
  uint8_t st0[MAX_WF], dev0[MAX_WF];
  uint32_t ep0[MAX_WF], act0[MAX_WF], pend0[MAX_WF], cur0[MAX_WF];
  memcpy(st0, m->st, nwf);
  memcpy(dev0, m->dev, nwf);
  memcpy(ep0, m->ep, nwf * sizeof *ep0);
  memcpy(act0, m->act, nwf * sizeof *act0);
  memcpy(pend0, m->pend, nwf * sizeof *pend0);
  memcpy(cur0, m->cur, nwf * sizeof *cur0);
  const uint32_t cyc0 = m->cyc, rnd0 = m->rnd, rseq0 = m->rseq, n_st0 = m->n_st, n_skip0 = m->n_skip;
  const int run0 = m->run, c_v0 = m->c_v, clr0 = m->clr;
  const uint32_t c_sm0 = m->c_sm, c_wf0 = m->c_wf, c_lane0 = m->c_lane, c_var0 = m->c_var;
  const uint32_t c_wa0 = m->c_wa;
  uint8_t a_ld0[MAX_SM], a_amo0[MAX_SM];
  uint32_t a_g0[MAX_SM], a_l0[MAX_SM];
  memcpy(a_ld0, m->a_ld, sizeof a_ld0);
  memcpy(a_amo0, m->a_amo, sizeof a_amo0);
  memcpy(a_g0, m->a_g, sizeof a_g0);
  memcpy(a_l0, m->a_l, sizeof a_l0);

  /* request registers drain (after a failure too) */
  for (unsigned s = 0; s < nsm; s++) {
    if (m->l1v[s] && (in->l1_req_ready_i >> s & 1))
      m->l1v[s] = 0;
    if (m->bypv[s] && (in->byp_ready_i >> s & 1))
      m->bypv[s] = 0;
  }
  /* the clear: one address of every RAM a cycle, then the wavefronts start */
  if (clr0) {
    m->clr_idx = m->clr_idx + 1;
    if (m->clr_idx - 1 == m->clr_n - 1 || m->clr_n == 1) {
      m->clr = 0;
      m->run = 1;
      memset(m->st, W_EPI, nwf);
      m->d_cleared = 1;
    }
  }
  m->c_v = 0;
  m->cw_v = c_issue && !clr0;
  m->cw_a = clr0 ? ((m->clr_idx - 1) & (nv - 1)) : c_var0;
  if (clr0)
    memset(&m->cw_d, 0, sizeof m->cw_d);
  else
    m->cw_d = *cn;
  for (unsigned p = 0; p < npool; p++) {
    m->sw_v[p] = clr0 ? 0 : sn_we[p];
    m->sw_a[p] = sn_waddr[p];
    m->sw_d[p] = sn_wdata[p];
    m->sr_a[p] = sn_raddr[p];
  }
  for (unsigned s = 0; s < nsm; s++) {
    const uint32_t slot = n_g[s] << lane_w | n_l[s];
    m->a_ld[s] = run0 ? n_ld[s] : 0;
    m->a_amo[s] = run0 ? n_amo[s] : 0;
    m->a_byp[s] = n_byp[s];
    m->a_g[s] = n_g[s];
    m->a_l[s] = n_l[s];
    m->a_v[s] = n_v[s];
    m->a_sv[s] = n_sv[s];
    m->a_wo[s] = m->lwo[slot];
    m->a_line[s] = m->lline[slot];
    for (unsigned k = 0; k < words; k++)
      m->a_data[s][k] = n_byp[s] ? (k == 0 ? n_old[s] : 0)
                                 : ww_bits_get(in->l1_rsp_data_i, s * lb + 32 * k, 32);
  }
  if (!run0)
    return;

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
        m->l1full[p_sm] = 0;
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
      m->line[pick] = (rnd0 >> 4 & 7) == 7;
      m->cur[pick] = 0;
      m->st[pick] = W_LANE;
      break;
    case W_LANE:
      m->c_v = 1;
      m->c_g = pick;
      m->c_sm = p_sm;
      m->c_wf = p_wf;
      m->c_lane = p_lane;
      m->c_var = p_var;
      m->c_wa = p_wa;
      m->c_normal = p_normal;
      m->st[pick] = W_CHK;
      break;
    default:
      break;
    }
  }

  /* the check stage: the lane issues, or skips the action */
  if (c_v0) {
    m->wd[cg] = 0;
    if (c_ok) {
      m->l1v[c_sm0] = 1;
      m->l1line[c_sm0] = c_wa0 >> (m->off_w - 2);
      m->l1word[c_sm0] = c_wa0 & lowmask(m->off_w - 2);
      m->l1full[c_sm0] = !c_ld && m->line[cg];
      m->l1tag[c_sm0] = (c_wf0 << lane_w | c_lane0) & lowmask(tag_w);
      if (c_ld) {
        const uint32_t slot = cg << lane_w | c_lane0;
        m->l1op[c_sm0] = m->strong[cg] ? WW_L1_LOAD_STRONG : WW_L1_LOAD;
        m->pend[cg] |= 1u << c_lane0;
        m->lvar[slot] = c_var0;
        m->lwo[slot] = c_wa0 & lowmask(m->off_w - 2);
        m->lline[slot] = m->line[cg];
      } else {
        m->l1op[c_sm0] = WW_L1_STORE;
        m->l1data[c_sm0] = c_val;
        m->store_val = c_val;
        m->n_st = n_st0 + 1;
      }
    } else {
      m->n_skip = n_skip0 + 1;
    }
    m->cur[cg] = (cur0[cg] + 1) & lowmask(lane_w + 1);
    m->st[cg] = cur0[cg] == lanes - 1 ? W_WAIT : W_LANE;
  }

  /* wavefronts that wait: an action's loads answered */
  for (unsigned g = 0; g < nwf; g++) {
    if (st0[g] == W_WAIT && pend0[g] == 0) {
      const uint32_t a1 = (act0[g] + 1) & 0xFFFF;
      m->wd[g] = 0;
      m->act[g] = a1;
      m->st[g] = a1 >= m->nact ? W_REL : W_ACT;
    } else if (st0[g] != W_IDLE && !(pick_v && pick == g) && !(c_v0 && cg == g)) {
      m->wd[g]++;
    }
  }

  if (retire)
    m->rseq = rseq0 + 1;
  m->n_ld += cnt_ld;
  m->n_amo += cnt_amo;
  m->n_unchk += cnt_unchk;
  m->n_ep += cnt_ret;

  /* the answer stage */
  for (unsigned s = 0; s < nsm; s++) {
    const uint32_t g = a_g0[s];
    if (a_ld0[s])
      m->pend[g] &= ~(1u << a_l0[s]);
    if (a_amo0[s]) {
      m->wd[g] = 0;
      if (st0[g] == W_ACQW) {
        m->st[g] = dev0[g] ? W_INV : W_ACT;
        m->act[g] = 0;
        m->start[g] = rseq0;
      } else {
        /* release answered: the episode retires, its claims go */
        const uint32_t e1 = (ep0[g] + 1) & 0xFFFF;
        m->ret[g] = rseq0 + 1;
        m->ep[g] = e1;
        m->st[g] = e1 >= m->neps ? W_IDLE : W_EPI;
      }
    }
  }

  if (fl_v && !m->fail) {
    m->fail = m->done = 1;
    m->run = 0;
    m->f_kind = fl_kind;
    m->f_cyc = cyc0;
    m->f_g = fl_g;
    m->f_lane = fl_lane;
    m->f_ep = ep0[fl_g];
    m->f_var = fl_var;
    m->f_exp = fl_exp;
    m->f_got = fl_got;
    m->f_word = fl_word;
    m->f_st = st0[fl_g];
  } else if (all_idle) {
    m->done = 1;
    m->run = 0;
  }
}
