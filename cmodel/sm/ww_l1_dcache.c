/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_l1_dcache -- C model of rtl/sm/ww_l1_dcache.v. The state and the order
 * of decisions follow the RTL one to one; docs/l1_dcache.md describes both.
 */
#include "ww_l1_dcache.h"
#include "ww_amo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ST_IDLE = 0, ST_TAG = 1, ST_HIT = 2, ST_AMO = 3, ST_DRAIN = 4 };

#define MAXW (128 / 4)          /* words per line at most */
#define MAXBE (128 / 32)        /* words of a byte mask at most */

typedef struct {
  int v, noinst, bypass;
  uint32_t line;
  unsigned n;                   /* waiting requests */
  uint8_t tag[WW_L1_MAX_MERGE];
  uint8_t amo[WW_L1_MAX_MERGE];
} mshr_t;

struct ww_l1_dcache {
  ww_l1_dcache_cfg_t cfg;
  unsigned off_w, set_w, words, id_idx_w;
  uint32_t line_mask;
  /* arrays */
  uint8_t *valid, *age;         /* [set * ways + way] */
  uint32_t *tagv;               /* tag bits of each way */
  uint32_t *data;               /* [(set * ways + way) * words + w] */
  /* FSM */
  unsigned state, hit_way, fill_m, di;
  int amo_pend;
  uint32_t cur_op, cur_line, cur_tag, cur_amo_op, cur_amo_word, cur_amo_a, cur_amo_b;
  uint32_t cur_be[MAXBE], cur_wdata[MAXW];
  uint32_t fill[MAXW];
  mshr_t m[WW_L1_MAX_MSHRS];
  int wv[WW_L1_MAX_WQ];
  uint8_t wtag[WW_L1_MAX_WQ];
  /* memory request register */
  int ov, owe;
  uint32_t oline, oid, obe[MAXBE], odata[MAXW];
};

int ww_l1_amo(unsigned op, uint32_t old, uint32_t a, uint32_t b, uint32_t *nv)
{
  int write;
  *nv = ww_amo(op, old, a, b, &write);
  return write || op > 9;        /* reserved ops 10..15 write the old value back */
}

ww_l1_dcache_cfg_t ww_l1_dcache_default_cfg(void)
{
  ww_l1_dcache_cfg_t c = { WW_L1_SETS, WW_L1_WAYS, WW_LINE_BYTES, WW_L1_MSHRS, WW_WARPS_PER_SM, WW_L1_WQ };
  return c;
}

ww_l1_dcache_t *ww_l1_dcache_new(const ww_l1_dcache_cfg_t *cfg)
{
  if (!ww_is_pow2(cfg->sets) || cfg->sets < 2 || !cfg->ways || cfg->ways > 16 ||
      !ww_is_pow2(cfg->line_bytes) || cfg->line_bytes < 4 || cfg->line_bytes > 128 ||
      cfg->line_bytes > WW_LINE_BYTES || !cfg->mshrs || cfg->mshrs > WW_L1_MAX_MSHRS || !cfg->merge ||
      cfg->merge > WW_L1_MAX_MERGE || !cfg->wq || cfg->wq > WW_L1_MAX_WQ) {
    fprintf(stderr, "ww_l1_dcache: illegal configuration SETS=%u WAYS=%u LINE_BYTES=%u MSHRS=%u "
            "MERGE=%u WQ=%u\n", cfg->sets, cfg->ways, cfg->line_bytes, cfg->mshrs, cfg->merge, cfg->wq);
    return NULL;
  }
  ww_l1_dcache_t *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->cfg = *cfg;
  c->off_w = ww_clog2(cfg->line_bytes);
  c->set_w = ww_clog2(cfg->sets);
  c->words = cfg->line_bytes / 4;
  c->line_mask = (uint32_t)((1ull << (32 - c->off_w)) - 1);
  unsigned n = cfg->sets * cfg->ways;
  c->valid = calloc(n, 1);
  c->age = calloc(n, 1);
  c->tagv = calloc(n, sizeof *c->tagv);
  c->data = calloc((size_t)n * c->words, sizeof *c->data);
  if (!c->valid || !c->age || !c->tagv || !c->data) {
    ww_l1_dcache_free(c);
    return NULL;
  }
  return c;
}

void ww_l1_dcache_free(ww_l1_dcache_t *c)
{
  if (!c)
    return;
  free(c->valid);
  free(c->age);
  free(c->tagv);
  free(c->data);
  free(c);
}

int ww_l1_dcache_mem_req(const ww_l1_dcache_t *c, uint32_t *line)
{
  *line = c->oline;
  return c->ov;
}

unsigned ww_l1_dcache_wr_pending(const ww_l1_dcache_t *c)
{
  unsigned npend = 0;
  for (unsigned i = 0; i < c->cfg.wq; i++)
    npend += (unsigned)c->wv[i];
  return npend;
}

/* The cov_o bit of a (line state, event) transition: WW_L1ST_* x WW_L1EV_*. */
static uint64_t cov_bit(unsigned st, unsigned ev)
{
  return 1ull << (st * WW_L1EV_N + ev);
}

/* Makes way w of set s the most recently used. */
static void touch(ww_l1_dcache_t *c, unsigned s, unsigned w)
{
  uint8_t *a = c->age + s * c->cfg.ways;
  for (unsigned v = 0; v < c->cfg.ways; v++)
    if (a[v] < a[w])
      a[v]++;
  a[w] = 0;
}

void ww_l1_dcache_step(ww_l1_dcache_t *c, const ww_l1_dcache_in_t *in, ww_l1_dcache_out_t *out)
{
  const ww_l1_dcache_cfg_t *g = &c->cfg;
  const unsigned ways = g->ways, words = c->words;
  const unsigned id_w = 1 + (g->mshrs > g->wq ? WW_IDX_W(g->mshrs) : WW_IDX_W(g->wq));
  const uint32_t id_wr = 1u << (id_w - 1), id_idx = id_wr - 1;

  /* ---- combinational ---------------------------------------------------- */
  int out_free = !c->ov || in->mem_req_ready_i;
  int free_st = c->state == ST_IDLE || c->state == ST_HIT;
  uint32_t rid = (uint32_t)in->mem_rsp_id_i;
  int rsp_wr = (rid & id_wr) != 0;
  int rd_rsp = in->mem_rsp_valid_i && !rsp_wr;
  int take_fill = free_st && rd_rsp;

  unsigned op = (unsigned)in->req_op_i;
  if (op > WW_L1_LOAD_STRONG)
    op = WW_L1_LOAD;
  uint32_t rline = (uint32_t)in->req_line_i & c->line_mask;
  int match = -1, free_m = -1, wq_free = 0;
  for (unsigned i = 0; i < g->mshrs; i++) {
    if (match < 0 && c->m[i].v && !c->m[i].noinst && c->m[i].line == rline)
      match = (int)i;
    if (free_m < 0 && !c->m[i].v)
      free_m = (int)i;
  }
  for (unsigned i = 0; i < g->wq; i++)
    wq_free |= !c->wv[i];
  int mshr_ok = match >= 0 ? c->m[match].n < g->merge : free_m >= 0;
  unsigned stall = WW_L1_STALL_NONE;
  if (!free_st || rd_rsp)
    stall = WW_L1_STALL_BUSY;
  else if (!out_free && op != WW_L1_INVAL)   /* TAG must never wait for the register */
    stall = WW_L1_STALL_BUSY;
  else if (c->amo_pend)
    stall = WW_L1_STALL_ATOMIC;
  else if (op == WW_L1_LOAD && !mshr_ok)
    stall = WW_L1_STALL_MSHR;
  else if (op == WW_L1_LOAD_STRONG && free_m < 0)
    stall = WW_L1_STALL_MSHR;
  else if (op == WW_L1_ATOMIC && !mshr_ok)
    stall = WW_L1_STALL_MSHR;
  else if ((op == WW_L1_ATOMIC || op == WW_L1_STORE) && !wq_free)
    stall = WW_L1_STALL_WQ;
  int ready = stall == WW_L1_STALL_NONE;
  int accept = ready && in->req_valid_i;

  /* current request's set, tag compare (TAG state) */
  unsigned cset = c->cur_line & (g->sets - 1);
  uint32_t ctagb = c->cur_line >> c->set_w;
  int hit = 0;
  unsigned hway = 0;
  for (unsigned w = 0; w < ways; w++)
    if (c->valid[cset * ways + w] && c->tagv[cset * ways + w] == ctagb) {
      hit = 1;
      hway = w;
      break;
    }
  int cmatch = -1, cfree = -1;
  for (unsigned i = 0; i < g->mshrs; i++) {
    if (cmatch < 0 && c->m[i].v && !c->m[i].noinst && c->m[i].line == c->cur_line)
      cmatch = (int)i;
    if (cfree < 0 && !c->m[i].v)
      cfree = (int)i;
  }
  int wfree = -1;
  for (unsigned i = 0; i < g->wq; i++)
    if (wfree < 0 && !c->wv[i])
      wfree = (int)i;

  /* transition coverage (docs/drf.md sec. 3): the state of the request's
   * line in TAG (V hit, IV installable MSHR, IVn only no-install MSHRs, else
   * I) and its event */
  int nmatch = 0;
  for (unsigned i = 0; i < g->mshrs; i++)
    if (c->m[i].v && c->m[i].noinst && c->m[i].line == c->cur_line)
      nmatch = 1;
  const unsigned tag_st = hit ? WW_L1ST_V : cmatch >= 0 ? WW_L1ST_IV : nmatch ? WW_L1ST_IVN : WW_L1ST_I;
  const unsigned tag_ev = c->cur_op == WW_L1_STORE ? WW_L1EV_STORE
                        : c->cur_op == WW_L1_ATOMIC ? WW_L1EV_ATOMIC
                        : c->cur_op == WW_L1_LOAD_STRONG ? WW_L1EV_LOAD_STRONG : WW_L1EV_LOAD;

  /* outputs */
  memset(out, 0, sizeof *out);
  out->req_ready_o = (uint64_t)ready;
  out->req_stall_o = stall;
  out->mem_rsp_ready_o = (uint64_t)(rsp_wr || free_st);
  out->wack_valid_o = (uint64_t)(in->mem_rsp_valid_i && rsp_wr);
  out->wack_tag_o = c->wtag[(rid & id_idx) < WW_L1_MAX_WQ ? (rid & id_idx) : 0];
  out->wr_pending_o = ww_l1_dcache_wr_pending(c);
  out->mem_req_valid_o = (uint64_t)c->ov;
  out->mem_req_we_o = (uint64_t)c->owe;
  out->mem_req_line_o = c->oline;
  out->mem_req_id_o = c->oid;
  memcpy(out->mem_req_be_o, c->obe, sizeof out->mem_req_be_o);
  memcpy(out->mem_req_data_o, c->odata, sizeof out->mem_req_data_o);

  /* next state, applied below at the clock edge */
  int emit = 0, emit_we = 0;
  uint32_t emit_line = 0, emit_id = 0, emit_be[MAXBE] = { 0 }, emit_data[MAXW] = { 0 };
  unsigned nstate = c->state;

  if (free_st) {
    if (c->state == ST_HIT) {
      out->rsp_valid_o = 1;
      out->rsp_tag_o = c->cur_tag;
      out->rsp_kind_o = WW_L1_KIND_HIT;
      memcpy(out->rsp_data_o, c->data + (size_t)(cset * ways + c->hit_way) * words, words * 4);
    }
    nstate = ST_IDLE;
  }


  /* write acknowledgement frees its slot */
  if (in->mem_rsp_valid_i && rsp_wr && (rid & id_idx) < g->wq)
    c->wv[rid & id_idx] = 0;

  if (free_st) {
    if (take_fill) {
      for (unsigned w = 0; w < words; w++)
        c->fill[w] = in->mem_rsp_data_i[w];
      c->fill_m = rid & id_idx;
      c->di = 0;
      nstate = ST_DRAIN;
    } else if (accept) {
      c->cur_op = op;
      c->cur_line = rline;
      c->cur_tag = (uint32_t)in->req_tag_i & 0xFF;
      memcpy(c->cur_be, in->req_be_i, sizeof in->req_be_i);
      memcpy(c->cur_wdata, in->req_wdata_i, sizeof in->req_wdata_i);
      c->cur_amo_op = (uint32_t)in->req_amo_op_i & 0xF;
      c->cur_amo_word = (uint32_t)in->req_amo_word_i & (words - 1);
      c->cur_amo_a = (uint32_t)in->req_amo_a_i;
      c->cur_amo_b = (uint32_t)in->req_amo_b_i;
      if (op == WW_L1_INVAL) {
        /* coverage: INVAL in every state some line is in (I always) */
        int any_valid = 0, any_iv = 0, any_ivn = 0;
        for (unsigned i = 0; i < g->sets * ways; i++)
          any_valid |= c->valid[i] != 0;
        for (unsigned i = 0; i < g->mshrs; i++) {
          any_iv |= c->m[i].v && !c->m[i].noinst;
          any_ivn |= c->m[i].v && c->m[i].noinst;
        }
        out->cov_o |= cov_bit(WW_L1ST_I, WW_L1EV_INVAL);
        if (any_valid)
          out->cov_o |= cov_bit(WW_L1ST_V, WW_L1EV_INVAL);
        if (any_iv)
          out->cov_o |= cov_bit(WW_L1ST_IV, WW_L1EV_INVAL);
        if (any_ivn)
          out->cov_o |= cov_bit(WW_L1ST_IVN, WW_L1EV_INVAL);
        memset(c->valid, 0, g->sets * ways);
        for (unsigned i = 0; i < g->mshrs; i++)
          c->m[i].noinst = 1;
        nstate = ST_IDLE;
      } else {
        nstate = ST_TAG;
      }
    }
  } else if (c->state == ST_TAG) {
    unsigned cop = c->cur_op;
    if ((cop == WW_L1_LOAD || cop == WW_L1_ATOMIC) && hit) {
      touch(c, cset, hway);
      c->hit_way = hway;
      nstate = cop == WW_L1_LOAD ? ST_HIT : ST_AMO;
    } else if ((cop == WW_L1_LOAD || cop == WW_L1_ATOMIC) && cmatch >= 0) {
      mshr_t *m = &c->m[cmatch];
      m->tag[m->n] = (uint8_t)c->cur_tag;
      m->amo[m->n] = cop == WW_L1_ATOMIC;
      m->n++;
      c->amo_pend = cop == WW_L1_ATOMIC;
      nstate = ST_IDLE;
    } else if (out_free && (cop != WW_L1_STORE || wfree >= 0)) {
      if (cop == WW_L1_STORE) {
        if (hit)
          c->valid[cset * ways + hway] = 0;
        for (unsigned i = 0; i < g->mshrs; i++)
          if (c->m[i].v && c->m[i].line == c->cur_line)
            c->m[i].noinst = 1;
        c->wv[wfree] = 1;
        c->wtag[wfree] = (uint8_t)c->cur_tag;
        emit = 1;
        emit_we = 1;
        emit_id = id_wr | (uint32_t)wfree;
        memcpy(emit_be, c->cur_be, sizeof emit_be);
        memcpy(emit_data, c->cur_wdata, sizeof emit_data);
      } else {
        mshr_t *m = &c->m[cfree];
        m->v = 1;
        m->line = c->cur_line;
        m->noinst = m->bypass = cop == WW_L1_LOAD_STRONG;
        m->n = 1;
        m->tag[0] = (uint8_t)c->cur_tag;
        m->amo[0] = cop == WW_L1_ATOMIC;
        c->amo_pend = cop == WW_L1_ATOMIC;
        emit = 1;
        emit_id = (uint32_t)cfree;
      }
      emit_line = c->cur_line;
      nstate = ST_IDLE;
    }
    if (nstate != ST_TAG)         /* the request leaves TAG */
      out->cov_o |= cov_bit(tag_st, tag_ev);
  } else if (c->state == ST_AMO || c->state == ST_DRAIN) {
    int amo_st = c->state == ST_AMO;
    mshr_t *m = &c->m[c->fill_m];
    uint32_t line_d[MAXW];
    if (amo_st)
      memcpy(line_d, c->data + (size_t)(cset * ways + c->hit_way) * words, words * 4);
    else
      memcpy(line_d, c->fill, words * 4);
    int is_amo = amo_st || m->amo[c->di];
    int done = 1, wr = 0;
    uint32_t old = line_d[c->cur_amo_word];
    if (is_amo) {
      uint32_t nv;
      wr = ww_l1_amo(c->cur_amo_op, old, c->cur_amo_a, c->cur_amo_b, &nv);
      if (wr && (!out_free || wfree < 0))
        done = 0;
      else if (wr)
        line_d[c->cur_amo_word] = nv;
    }
    if (done) {
      out->rsp_valid_o = 1;
      out->rsp_tag_o = amo_st ? c->cur_tag : m->tag[c->di];
      out->rsp_kind_o = amo_st ? WW_L1_KIND_HIT
                               : m->bypass ? WW_L1_KIND_BYPASS
                                           : c->di ? WW_L1_KIND_MERGE : WW_L1_KIND_MISS;
      if (is_amo)
        out->rsp_data_o[0] = old;
      else
        memcpy(out->rsp_data_o, line_d, words * 4);
      if (is_amo)
        c->amo_pend = 0;
      if (wr) {
        c->wv[wfree] = 1;
        c->wtag[wfree] = (uint8_t)c->cur_tag;
        emit = 1;
        emit_we = 1;
        emit_id = id_wr | (uint32_t)wfree;
        emit_line = c->cur_line;
        for (unsigned b = 0; b < 4; b++) {
          unsigned i = c->cur_amo_word * 4 + b;
          emit_be[i / 32] |= 1u << (i % 32);
        }
        memcpy(emit_data, line_d, words * 4);
      }
      if (amo_st) {
        if (wr)
          memcpy(c->data + (size_t)(cset * ways + c->hit_way) * words, line_d, words * 4);
        nstate = ST_IDLE;
      } else {
        memcpy(c->fill, line_d, words * 4);
        if (c->di + 1 == m->n) {
          /* the last waiter: the fill ends (and may evict a valid line) */
          out->cov_o |= cov_bit(m->noinst ? WW_L1ST_IVN : WW_L1ST_IV, WW_L1EV_FILL);
          if (!m->noinst) {
            unsigned s = m->line & (g->sets - 1), vw = 0;
            int found = 0;
            for (unsigned w = 0; w < ways && !found; w++)
              if (!c->valid[s * ways + w]) {
                vw = w;
                found = 1;
              }
            if (!found)
              out->cov_o |= cov_bit(WW_L1ST_V, WW_L1EV_REPL);
            for (unsigned w = 0; w < ways && !found; w++)
              if (c->age[s * ways + w] == ways - 1) {
                vw = w;
                found = 1;
              }
            c->valid[s * ways + vw] = 1;
            c->tagv[s * ways + vw] = m->line >> c->set_w;
            memcpy(c->data + (size_t)(s * ways + vw) * words, line_d, words * 4);
            touch(c, s, vw);
          }
          m->v = 0;
          nstate = ST_IDLE;
        } else {
          c->di++;
        }
      }
    }
  }

  if (emit) {
    c->ov = 1;
    c->owe = emit_we;
    c->oline = emit_line;
    c->oid = emit_id;
    memcpy(c->obe, emit_be, sizeof c->obe);
    memcpy(c->odata, emit_data, sizeof c->odata);
  } else if (in->mem_req_ready_i) {
    c->ov = 0;
  }
  c->state = nstate;
  if (!in->rst_ni) {
    /* reset, after the datapath moved as the RTL's does: control state only */
    c->state = ST_IDLE;
    c->amo_pend = 0;
    c->ov = 0;
    for (unsigned i = 0; i < g->sets * ways; i++) {
      c->valid[i] = 0;
      c->age[i] = (uint8_t)(i % ways);
    }
    for (unsigned i = 0; i < g->mshrs; i++)
      c->m[i].v = 0;
    for (unsigned i = 0; i < g->wq; i++)
      c->wv[i] = 0;
  }
}
