/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_top -- C model of rtl/drf/ww_drf_top.v (its header is the spec;
 * see ww_drf_top.h). The blocks are their own models, each stepped once a
 * cycle with the inputs the RTL wires to it; the glue the RTL writes inline
 * (the SMs' memory-port mux, ww_xbar's packing, the DRAM queues, the end
 * flush) is here.
 *
 * Order within a cycle: the combinational paths between the blocks are
 *   tester request registers -> L1 req_ready_o (it depends on the request);
 *   crossbar heads, switch in_ready -> L1 (mem_rsp_*, mem_req_ready_i);
 *   L1 rsp_valid_o -> tester byp_rsp_ready_o -> crossbar answer ready;
 *   L1 mem_req_valid_o -> the device atomic's ready (the L1 goes first);
 *   L2 response register -> its own rsp_ready_i (a FLUSH answer is the top's);
 *   L2 req_ready_o, dram_req_* -> crossbar request ready, DRAM queue;
 * so a cycle is:
 *  1. the outputs that are registers, without a step: the tester's request
 *     registers and status (ww_drf_tester_reg_outputs), both switches'
 *     outputs (ww_switch_outputs), the slices' response registers
 *     (ww_l2_slice_rsp_outputs), the DRAM queues, the flush FSM;
 *  2. per SM the crossbar's answer (class BYPASS: the tester's) and the L1;
 *  3. per SM the memory port (the L1's request, else the device atomic);
 *  4. the tester (L1 answers and ready, device-atomic answers, status read);
 *     the answer ready of each SM;
 *  5. the L2 slices (the end flush's FLUSH takes the request port);
 *  6. the crossbar's clock edge (requests, answers);
 *  7. the outputs, then the DRAM queues' and the flush FSM's edge.
 * The switches carry ww_switch's 32-bit data: here a handle, the slot of
 * the packet in its source's ring of XBAR_DEPTH packets (a source's queue
 * holds at most XBAR_DEPTH packets, in order, so the slot written next is
 * free).
 */
#include "ww_drf_top.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_l1_dcache.h"
#include "ww_l2_slice.h"
#include "ww_switch.h"

#define LW  (WW_LINE_BYTES / 4)                 /* words of a line */
#define BEW WW_PORT_WORDS(WW_LINE_BYTES)        /* words of a byte mask */
#define MAX_DEPTH 64
#define ID_MASK ((1u << WW_REQID_W) - 1)
#define TAG_W 8                                 /* the L1 core tag (ww_drf_top.v TAG_W) */

enum { FL_IDLE = 0, FL_RUN = 1, FL_END = 2 };

/* a request packet of ww_xbar (high to low: op, line, id, be, data, amo_op,
 * amo_word, amo_a, amo_b, sideband; the sideband is 0 here) */
typedef struct {
  uint32_t op, line, id, amo_op, amo_word, amo_a, amo_b;
  uint32_t be[BEW], data[LW];
} req_pkt_t;

/* an answer packet of ww_xbar: {miss, id, data} */
typedef struct {
  uint32_t miss, id, data[LW];
} rsp_pkt_t;

/* a DRAM queue (ww_fifo, DEPTH 2, {we, line, data}): storage not reset */
typedef struct {
  uint32_t we, line, data[LW];
} dq_ent_t;

typedef struct {
  dq_ent_t mem[2];
  unsigned head, tail, count;
} dq_t;

struct ww_drf_top {
  ww_drf_top_cfg_t cfg;
  unsigned lb, words, line_w, word_w, wf_w, sm_w, part_w, np_w;
  uint32_t line_mask, l1_id_mask;
  ww_drf_tester_t *t;
  ww_l1_dcache_t *l1[WW_NUM_SM];
  ww_l2_slice_t *l2[WW_NUM_PART];
  ww_switch_t *xreq, *xrsp;
  /* the packets behind the switches' handles, a ring per source */
  req_pkt_t reqp[WW_NUM_SM][MAX_DEPTH];
  uint64_t req_busy[WW_NUM_SM];      /* reqp slots holding a packet in the switch */
  rsp_pkt_t rspp[WW_NUM_PART][MAX_DEPTH];
  unsigned rsp_wr[WW_NUM_PART];
  dq_t dq[WW_NUM_PART];
  /* the end flush */
  unsigned fl_st;
  uint32_t fl_sent, fl_ack;
};

static uint32_t lowmask(unsigned w) { return w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u; }

ww_drf_top_cfg_t ww_drf_top_default_cfg(void)
{
  ww_drf_top_cfg_t c = { WW_NUM_SM,     WW_NUM_PART,    WW_LINE_BYTES,   WW_L1_SETS,
                         WW_L1_WAYS,    WW_L2_SETS,     WW_L2_WAYS,      4,
                         WW_XBAR_VOQ,
                         WW_DRFT_WF,    WW_DRFT_LANES,  WW_DRFT_IDX_W,   WW_DRFT_NSYNC,
                         WW_DRFT_RANGE_W, 0x00010000u };
  return c;
}

void ww_drf_top_free(ww_drf_top_t *m)
{
  if (!m)
    return;
  ww_drf_tester_free(m->t);
  for (unsigned s = 0; s < WW_NUM_SM; s++)
    ww_l1_dcache_free(m->l1[s]);
  for (unsigned p = 0; p < WW_NUM_PART; p++)
    ww_l2_slice_free(m->l2[p]);
  ww_switch_free(m->xreq);
  ww_switch_free(m->xrsp);
  free(m);
}

ww_drf_top_t *ww_drf_top_new(const ww_drf_top_cfg_t *c)
{
  if (!c->num_sm || c->num_sm > WW_NUM_SM || !c->num_part || c->num_part > WW_NUM_PART ||
      c->num_part > WW_NUM_SM || c->num_sm > WW_NUM_PART || !ww_is_pow2(c->line_bytes) ||
      c->line_bytes < 8 || c->line_bytes > WW_LINE_BYTES || !ww_is_pow2(c->xbar_depth) ||
      c->xbar_depth < 2 || c->xbar_depth > MAX_DEPTH || c->xbar_voq > 1 ||
      (c->xbar_voq && c->xbar_depth * c->num_part > MAX_DEPTH)) {
    fprintf(stderr, "ww_drf_top: illegal configuration NUM_SM=%u NUM_PART=%u LINE_BYTES=%u "
            "XBAR_DEPTH=%u XBAR_VOQ=%u (NUM_SM 1..%u, NUM_PART 1..%u, the answer switch's ports: "
            "NUM_PART <= %u, NUM_SM <= %u; LINE_BYTES a power of two 8..%u, XBAR_DEPTH 2..%u, "
            "times NUM_PART with XBAR_VOQ 1)\n",
            c->num_sm, c->num_part, c->line_bytes, c->xbar_depth, c->xbar_voq, WW_NUM_SM, WW_NUM_PART,
            WW_NUM_SM, WW_NUM_PART, WW_LINE_BYTES, MAX_DEPTH);
    return NULL;
  }
  ww_drf_top_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->lb = c->line_bytes * 8;
  m->words = c->line_bytes / 4;
  m->line_w = 32 - ww_clog2(c->line_bytes);
  m->line_mask = lowmask(m->line_w);
  m->word_w = WW_IDX_W(c->line_bytes / 4);
  m->wf_w = WW_IDX_W(c->wf);
  m->sm_w = WW_IDX_W(c->num_sm);
  m->part_w = WW_IDX_W(c->num_part);
  m->np_w = ww_clog2(WW_L1_WQ + 1);
  /* the L1's memory id {write, index}: L1_ID_W of ww_drf_top.v */
  m->l1_id_mask = lowmask(1 + ww_clog2(WW_L1_MSHRS > WW_L1_WQ ? WW_L1_MSHRS : WW_L1_WQ));

  ww_drf_tester_cfg_t tc = ww_drf_tester_default_cfg();
  tc.num_sm = c->num_sm;
  tc.wf = c->wf;
  tc.lanes = c->lanes;
  tc.line_bytes = c->line_bytes;
  tc.idx_w = c->idx_w;
  tc.nsync = c->nsync;
  tc.range_w = c->range_w;
  tc.base = c->base;
  tc.tag_w = TAG_W;
  tc.np_w = m->np_w;
  m->t = ww_drf_tester_new(&tc);
  int ok = m->t != NULL;
  ww_l1_dcache_cfg_t lc = { c->l1_sets, c->l1_ways, c->line_bytes, WW_L1_MSHRS, c->wf, WW_L1_WQ };
  for (unsigned s = 0; s < c->num_sm && ok; s++)
    ok = (m->l1[s] = ww_l1_dcache_new(&lc)) != NULL;
  ww_l2_slice_cfg_t l2c = { c->l2_sets, c->l2_ways, c->line_bytes, c->num_part, WW_L2_MSHRS,
                            WW_L2_QUEUE };
  for (unsigned p = 0; p < c->num_part && ok; p++)
    ok = (m->l2[p] = ww_l2_slice_new(&l2c)) != NULL;
  ww_switch_cfg_t qc = { c->num_sm, c->num_part, c->xbar_depth, c->xbar_voq };
  ww_switch_cfg_t sc = { c->num_part, c->num_sm, c->xbar_depth, 0 };
  ok = ok && (m->xreq = ww_switch_new(&qc)) != NULL && (m->xrsp = ww_switch_new(&sc)) != NULL;
  if (!ok) {
    ww_drf_top_free(m);
    return NULL;
  }
  return m;
}

/* bits [lo, lo + n) of src into dst[0 ..] (whole words of dst written) */
static void get_slice(uint32_t *dst, const uint32_t *src, unsigned lo, unsigned n)
{
  if (lo % 32 == 0 && n % 32 == 0) {
    memcpy(dst, src + lo / 32, n / 8);
    return;
  }
  for (unsigned i = 0; i < n; i += 32)
    dst[i / 32] = ww_bits_get(src, lo + i, n - i < 32 ? n - i : 32);
}

/* bits [lo, lo + n) of dst = src[0 ..] */
static void put_slice(uint32_t *dst, unsigned lo, const uint32_t *src, unsigned n)
{
  if (lo % 32 == 0 && n % 32 == 0) {
    memcpy(dst + lo / 32, src, n / 8);
    return;
  }
  for (unsigned i = 0; i < n; i += 32)
    ww_bits_put(dst, lo + i, n - i < 32 ? n - i : 32, src[i / 32]);
}

/* bits [lo, lo + n) of dst = x, n <= 64 */
static void put64(uint32_t *dst, unsigned lo, unsigned n, uint64_t x)
{
  ww_bits_put(dst, lo, n < 32 ? n : 32, (uint32_t)x);
  if (n > 32)
    ww_bits_put(dst, lo + 32, n - 32, (uint32_t)(x >> 32));
}

/* the partition of a line (ww_xbar.v req_dst) */
static unsigned part_of(const ww_drf_top_t *m, uint32_t line)
{
  const unsigned np = m->cfg.num_part;
  if (np == 1)
    return 0;
  return ww_is_pow2(np) ? line & (np - 1) : line % np;
}

/* no write-back or miss left in a DRAM queue (dram_req_valid_o == 0) */
static int dq_empty(const ww_drf_top_t *m)
{
  for (unsigned p = 0; p < m->cfg.num_part; p++)
    if (m->dq[p].count)
      return 0;
  return 1;
}

/* busy_o: the tester runs, or the end flush */
int ww_drf_top_busy(const ww_drf_top_t *m)
{
  return ww_drf_tester_busy(m->t) || m->fl_st == FL_RUN;
}

/* done_o: failed, or passed and flushed, the write-backs out of the DRAM queues too */
int ww_drf_top_done(const ww_drf_top_t *m)
{
  return (ww_drf_tester_done(m->t) && ww_drf_tester_fail(m->t)) ||
         (m->fl_st == FL_END && dq_empty(m));
}

int ww_drf_top_fail(const ww_drf_top_t *m) { return ww_drf_tester_fail(m->t); }

uint32_t ww_drf_top_read(const ww_drf_top_t *m, unsigned idx, uint32_t var)
{
  return ww_drf_tester_read(m->t, idx, var);
}

const ww_drf_tester_t *ww_drf_top_tester(const ww_drf_top_t *m) { return m->t; }

void ww_drf_top_step(ww_drf_top_t *m, const ww_drf_top_in_t *in, ww_drf_top_out_t *out)
{
  const ww_drf_top_cfg_t *c = &m->cfg;
  const unsigned nsm = c->num_sm, np = c->num_part, depth = c->xbar_depth;
  const unsigned lb = m->lb, line_w = m->line_w, word_w = m->word_w, wf_w = m->wf_w;
  const uint64_t rst_n = in->rst_ni & 1;
  memset(out, 0, sizeof *out);

  /* ---- 1. the registers' outputs */
  ww_drf_tester_out_t to;
  memset(&to, 0, sizeof to);
  ww_drf_tester_reg_outputs(m->t, &to);
  ww_switch_out_t qo, so;                       /* request / answer switch */
  ww_switch_outputs(m->xreq, in->xbar_hold_i, &qo);
  ww_switch_outputs(m->xrsp, 0, &so);
  ww_l2_slice_out_t l2o[WW_NUM_PART];
  uint32_t fl_rsp = 0, dq_ready = 0, dq_valid = 0;
  for (unsigned p = 0; p < np; p++) {
    ww_l2_slice_rsp_outputs(m->l2[p], &l2o[p]);
    if ((l2o[p].rsp_valid_o & 1) && l2o[p].rsp_op_o == WW_L2_FLUSH)
      fl_rsp |= 1u << p;                        /* the end flush's answer: the top's */
    dq_ready |= (uint32_t)(m->dq[p].count != 2) << p;
    dq_valid |= (uint32_t)(m->dq[p].count != 0) << p;
  }
  const int flushing = m->fl_st == FL_RUN;
  /* the request crossbar's ready per SM, for the partition of the request
   * the SM's port offers (the L1's, registered, else the device atomic's):
   * with virtual output queues it depends on the partition */
  for (unsigned s = 0; s < nsm; s++) {
    uint32_t line;
    if (!ww_l1_dcache_mem_req(m->l1[s], &line))
      line = ww_bits_get(to.byp_line_o, s * m->line_w, m->line_w);
    qo.in_ready_o = (qo.in_ready_o & ~(1ull << s)) |
                    (uint64_t)ww_switch_in_ready(m->xreq, s, part_of(m, line & m->line_mask)) << s;
  }

  /* ---- 2. per SM: the crossbar's answer (an idle output shows zero), the L1 */
  rsp_pkt_t mrsp[WW_NUM_SM];
  ww_l1_dcache_out_t lo[WW_NUM_SM];
  const uint32_t mrsp_valid = (uint32_t)so.out_valid_o;
  uint32_t byp_rsp = 0;
  for (unsigned s = 0; s < nsm; s++) {
    memset(&mrsp[s], 0, sizeof mrsp[s]);
    if (mrsp_valid >> s & 1) {
      const unsigned src = (unsigned)(so.out_src_o >> (s * m->part_w)) & lowmask(m->part_w);
      mrsp[s] = m->rspp[src][so.out_data_o[s] & (MAX_DEPTH - 1)];
    }
    byp_rsp |= (mrsp[s].id >> WW_REQID_BYPASS_BIT & 1u) << s;
    ww_l1_dcache_in_t li;
    memset(&li, 0, sizeof li);
    li.rst_ni = rst_n;
    li.req_valid_i = to.l1_req_valid_o >> s & 1;
    li.req_op_i = ww_bits_get(to.l1_req_op_o, s * WW_L1_W, WW_L1_W);
    li.req_line_i = ww_bits_get(to.l1_req_line_o, s * line_w, line_w);
    li.req_tag_i = ww_bits_get(to.l1_req_tag_o, s * TAG_W, TAG_W);
    get_slice(li.req_be_i, to.l1_req_be_o, s * c->line_bytes, c->line_bytes);
    get_slice(li.req_wdata_i, to.l1_req_wdata_o, s * lb, lb);
    li.req_amo_op_i = WW_AMO_ADD;
    li.req_amo_word_i = ww_bits_get(to.l1_req_amo_word_o, s * word_w, word_w);
    li.req_amo_a_i = 1;
    li.req_amo_b_i = 0;
    li.mem_req_ready_i = qo.in_ready_o >> s & 1;
    li.mem_rsp_valid_i = (mrsp_valid >> s & 1) && !(byp_rsp >> s & 1);
    li.mem_rsp_id_i = mrsp[s].id & m->l1_id_mask;
    memcpy(li.mem_rsp_data_i, mrsp[s].data, m->words * 4);
    ww_l1_dcache_step(m->l1[s], &li, &lo[s]);
    put64(out->l1_cov_o, s * WW_DRF_TOP_L1COV, WW_DRF_TOP_L1COV, lo[s].cov_o);
  }

  /* ---- 3. the memory port of each SM: the L1's request first, else the
   * device atomic (ADD 1, id class BYPASS with the wavefront) */
  req_pkt_t mreq[WW_NUM_SM];
  uint32_t mreq_valid = 0, byp_ready = 0;
  for (unsigned s = 0; s < nsm; s++) {
    const int l1v = (int)(lo[s].mem_req_valid_o & 1);
    mreq_valid |= (uint32_t)(l1v || (to.byp_valid_o >> s & 1)) << s;
    byp_ready |= (uint32_t)((qo.in_ready_o >> s & 1) && !l1v) << s;
    req_pkt_t *r = &mreq[s];
    memset(r, 0, sizeof *r);
    if (l1v) {
      r->op = lo[s].mem_req_we_o & 1 ? WW_L2_WRITE : WW_L2_READ;
      r->line = (uint32_t)lo[s].mem_req_line_o & m->line_mask;
      r->id = (WW_REQID_L1 | ((uint32_t)lo[s].mem_req_id_o & m->l1_id_mask)) & ID_MASK;
      memcpy(r->be, lo[s].mem_req_be_o, sizeof r->be);
      if (c->line_bytes % 32)
        r->be[c->line_bytes / 32] &= lowmask(c->line_bytes % 32);
      memcpy(r->data, lo[s].mem_req_data_o, m->words * 4);
    } else {
      r->op = WW_L2_ATOMIC;
      r->line = ww_bits_get(to.byp_line_o, s * line_w, line_w);
      r->id = (WW_REQID_BYPASS | ww_bits_get(to.byp_wf_o, s * wf_w, wf_w)) & ID_MASK;
    }
    r->amo_op = WW_AMO_ADD;
    r->amo_word = ww_bits_get(to.byp_word_o, s * word_w, word_w);
    r->amo_a = 1;
    r->amo_b = 0;
  }

  /* ---- 4. the tester: L1 answers and ready, device-atomic answers */
  ww_drf_tester_in_t ti;
  memset(&ti, 0, sizeof ti);
  ti.rst_ni = rst_n;
  ti.start_i = in->start_i & 1;
  ti.seed_i = in->seed_i;
  ti.episodes_i = in->episodes_i;
  ti.epi_len_i = in->epi_len_i;
  ti.watchdog_i = in->watchdog_i;
  ti.range_i = in->range_i;
  ti.byp_ready_i = byp_ready;
  ti.byp_rsp_valid_i = mrsp_valid & byp_rsp;
  for (unsigned s = 0; s < nsm; s++) {
    ti.l1_req_ready_i |= (lo[s].req_ready_o & 1) << s;
    ti.l1_rsp_valid_i |= (lo[s].rsp_valid_o & 1) << s;
    ww_bits_put(ti.l1_rsp_tag_i, s * TAG_W, TAG_W, (uint32_t)lo[s].rsp_tag_o);
    put_slice(ti.l1_rsp_data_i, s * lb, lo[s].rsp_data_o, lb);
    ww_bits_put(ti.l1_wr_pending_i, s * m->np_w, m->np_w, (uint32_t)lo[s].wr_pending_o);
    ww_bits_put(ti.byp_rsp_wf_i, s * wf_w, wf_w, mrsp[s].id);
    ww_bits_put(ti.byp_rsp_old_i, s * 32, 32, mrsp[s].data[0]);
  }
  ti.rd_idx_i = in->rd_idx_i;
  ti.rd_var_i = in->rd_var_i;
  ww_drf_tester_step(m->t, &ti, &to);
  uint32_t mrsp_ready = 0;
  for (unsigned s = 0; s < nsm; s++)
    mrsp_ready |= (uint32_t)((byp_rsp >> s & 1) ? to.byp_rsp_ready_o >> s & 1
                                                : lo[s].mem_rsp_ready_o & 1) << s;

  /* ---- 5. the L2 slices; the end flush's FLUSH takes the request port */
  uint32_t l2_ready = 0, x_rsp_valid = 0;
  for (unsigned p = 0; p < np; p++) {
    const int fl_req = flushing && !(m->fl_sent >> p & 1);
    const int xv = (int)(qo.out_valid_o >> p & 1);
    unsigned xsrc = 0;
    req_pkt_t xr;
    memset(&xr, 0, sizeof xr);
    if (xv) {
      xsrc = (unsigned)(qo.out_src_o >> (p * m->sm_w)) & lowmask(m->sm_w);
      xr = m->reqp[xsrc][qo.out_data_o[p] & (MAX_DEPTH - 1)];
    }
    ww_l2_slice_in_t li;
    memset(&li, 0, sizeof li);
    li.rst_ni = rst_n;
    li.req_valid_i = (uint64_t)(xv || fl_req);
    li.req_op_i = fl_req ? WW_L2_FLUSH : xr.op;
    li.req_line_i = xr.line;
    li.req_id_i = xr.id;
    li.req_src_i = xsrc;
    memcpy(li.req_be_i, xr.be, sizeof xr.be);
    memcpy(li.req_data_i, xr.data, m->words * 4);
    li.req_amo_op_i = xr.amo_op;
    li.req_amo_word_i = xr.amo_word;
    li.req_amo_a_i = xr.amo_a;
    li.req_amo_b_i = xr.amo_b;
    li.rsp_ready_i = (so.in_ready_o >> p & 1) || (fl_rsp >> p & 1);
    li.dram_req_ready_i = dq_ready >> p & 1;
    li.dram_rsp_valid_i = in->dram_rsp_valid_i >> p & 1;
    get_slice(li.dram_rsp_data_i, in->dram_rsp_data_i, p * lb, lb);
    ww_l2_slice_step(m->l2[p], &li, &l2o[p]);
    l2_ready |= (uint32_t)(l2o[p].req_ready_o & 1) << p;
    x_rsp_valid |= (uint32_t)((l2o[p].rsp_valid_o & 1) && !(fl_rsp >> p & 1)) << p;
    put64(out->l2_cov_o, p * WW_DRF_TOP_L2COV, WW_DRF_TOP_L2COV, l2o[p].cov_o);
  }

  /* ---- 6. the crossbar's edge: a packet enters a free slot of its source */
  ww_switch_in_t qi, si;
  memset(&qi, 0, sizeof qi);
  qi.rst_ni = rst_n;
  qi.in_valid_i = mreq_valid;
  qi.out_ready_i = flushing ? 0 : l2_ready;
  qi.hold_i = in->xbar_hold_i;
  for (unsigned s = 0; s < nsm; s++) {
    /* the lowest free slot (packets of one source may leave out of order
     * with virtual output queues; a source has at most depth (VOQ: depth *
     * NUM_PART) packets in the switch) */
    unsigned slot = 0;
    while (m->req_busy[s] >> slot & 1)
      slot++;
    qi.in_dst_i |= (uint64_t)part_of(m, mreq[s].line) << (s * m->part_w);
    qi.in_data_i[s] = slot;
    if (rst_n && (mreq_valid >> s & 1) && (qo.in_ready_o >> s & 1)) {
      m->reqp[s][slot] = mreq[s];
      m->req_busy[s] |= 1ull << slot;
    }
  }
  for (unsigned p = 0; p < np; p++)     /* the packets the partitions take: slots free */
    if ((qo.out_valid_o >> p & 1) && (qi.out_ready_i >> p & 1))
      m->req_busy[(qo.out_src_o >> (p * m->sm_w)) & lowmask(m->sm_w)] &=
          ~(1ull << (qo.out_data_o[p] & (MAX_DEPTH - 1)));
  if (!rst_n)                            /* the switch empties */
    memset(m->req_busy, 0, sizeof m->req_busy);
  ww_switch_step(m->xreq, &qi, &qo);
  memset(&si, 0, sizeof si);
  si.rst_ni = rst_n;
  si.in_valid_i = x_rsp_valid;
  si.out_ready_i = mrsp_ready;
  for (unsigned p = 0; p < np; p++) {
    const unsigned slot = m->rsp_wr[p] & (depth - 1);
    si.in_dst_i |= (l2o[p].rsp_src_o & lowmask(m->sm_w)) << (p * m->sm_w);
    si.in_data_i[p] = slot;
    if (rst_n && (x_rsp_valid >> p & 1) && (so.in_ready_o >> p & 1)) {
      rsp_pkt_t *a = &m->rspp[p][slot];
      a->miss = (uint32_t)(l2o[p].rsp_miss_o & 1);
      a->id = (uint32_t)l2o[p].rsp_id_o & ID_MASK;
      memcpy(a->data, l2o[p].rsp_data_o, m->words * 4);
      m->rsp_wr[p]++;
    }
  }
  ww_switch_step(m->xrsp, &si, &so);

  /* ---- 7. the outputs (before the edge: the tester's registers are those of
   * `to`, the flush FSM and the DRAM queues not clocked yet) */
  out->busy_o = (to.busy_o & 1) || flushing;
  out->fail_o = to.fail_o & 1;
  out->done_o = ((to.done_o & 1) && (to.fail_o & 1)) || (m->fl_st == FL_END && !dq_valid);
  out->rd_data_o = to.rd_data_o;
  out->dram_req_valid_o = dq_valid;
  for (unsigned p = 0; p < np; p++) {
    const dq_ent_t *e = &m->dq[p].mem[m->dq[p].head];
    out->dram_req_we_o |= (uint64_t)(e->we & 1) << p;
    ww_bits_put(out->dram_req_line_o, p * line_w, line_w, e->line);
    put_slice(out->dram_req_data_o, p * lb, e->data, lb);
  }

  /* the DRAM queues' edge (the storage is written without reset) */
  for (unsigned p = 0; p < np; p++) {
    dq_t *q = &m->dq[p];
    const int push = (l2o[p].dram_req_valid_o & 1) && q->count != 2;
    const int pop = q->count != 0 && (in->dram_req_ready_i >> p & 1);
    if (push) {
      dq_ent_t *e = &q->mem[q->tail];
      e->we = (uint32_t)(l2o[p].dram_req_we_o & 1);
      e->line = (uint32_t)l2o[p].dram_req_line_o & m->line_mask;
      memcpy(e->data, l2o[p].dram_req_data_o, m->words * 4);
    }
    if (!rst_n) {
      q->head = q->tail = q->count = 0;
    } else {
      q->tail = (q->tail + (unsigned)push) & 1;
      q->head = (q->head + (unsigned)pop) & 1;
      q->count = q->count + (unsigned)push - (unsigned)pop;
    }
  }

  /* the end flush's edge: after a passing run, a FLUSH to every slice */
  if (!rst_n || (in->start_i & 1)) {
    m->fl_st = FL_IDLE;
    m->fl_sent = m->fl_ack = 0;
  } else if (m->fl_st == FL_IDLE) {
    if ((to.done_o & 1) && !(to.fail_o & 1))
      m->fl_st = FL_RUN;
  } else if (m->fl_st == FL_RUN) {
    const uint32_t ack = m->fl_ack | fl_rsp;
    m->fl_sent |= l2_ready;
    m->fl_ack = ack;
    if (ack == lowmask(np))
      m->fl_st = FL_END;
  }
}
