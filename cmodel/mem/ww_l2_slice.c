/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_l2_slice -- C model of rtl/mem/ww_l2_slice.v. The two arrays' read
 * registers are modelled as in the RTL (every cycle each array reads the
 * address the RTL drives, before that cycle's write); the FSM states and
 * registers are the RTL's, one for one.
 */
#include "ww_l2_slice.h"
#include "ww_amo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ST_INIT, ST_RUN, ST_FL_RD, ST_FL_LD, ST_FL_CHK, ST_FL_WBL, ST_FL_WB };

#define MAXW 32
#define MAXB 128
#define MAXQ 64

typedef struct {
  uint32_t tag;
  uint8_t valid, dirty, age;
} wmeta_t;

typedef struct {                /* a request's fields */
  uint32_t op, line, id, src, amo_op, amo_word, amo_a, amo_b;
  uint8_t be[MAXB], wdata[MAXB];
} rq_t;

typedef struct {                /* a queue entry: request, way, miss, victim */
  rq_t rq;
  uint32_t way, miss, vdirty, vline, set;
} qe_t;

struct ww_l2_slice {
  ww_l2_slice_cfg_t cfg;
  unsigned set_w, way_w, part_w, line_w, words;
  wmeta_t *meta;              /* [set * ways + way] */
  uint8_t *data;              /* [(set << way_w | way) * line_bytes] */
  wmeta_t meta_rd[MAXW];      /* meta read register */
  uint8_t data_rd[MAXB];      /* data read register */
  int state;
  uint32_t sweep, way;        /* flush */
  wmeta_t meta_q[MAXW];
  uint8_t line_q[MAXB];
  /* last cycle's array writes */
  int mfwd_v, dfwd_v;
  uint32_t mfwd_set, dfwd_addr;
  wmeta_t mfwd_row[MAXW];
  uint8_t dfwd_line[MAXB];
  /* TAG */
  int t_v;
  rq_t t_rq;
  /* queue and C2 */
  qe_t q[MAXQ];
  uint8_t q_miss[MAXQ];
  unsigned q_head, q_tail, q_cnt;
  int c2_v;
  qe_t c2;
  /* fill FIFO, misses in flight */
  uint8_t fill[MAXQ][MAXB];
  unsigned f_head, f_tail, f_cnt, misses;
  /* response register */
  int rsp_v;
  uint32_t rsp_op, rsp_id, rsp_src, rsp_miss;
  uint8_t rsp_data[MAXB];
};

ww_l2_slice_cfg_t ww_l2_slice_default_cfg(void)
{
  ww_l2_slice_cfg_t c = { WW_L2_SETS, WW_L2_WAYS, WW_LINE_BYTES, WW_NUM_PART, WW_L2_MSHRS, WW_L2_QUEUE };
  return c;
}

ww_l2_slice_t *ww_l2_slice_new(const ww_l2_slice_cfg_t *c)
{
  if (!ww_is_pow2(c->sets) || c->sets < 2 || !ww_is_pow2(c->ways) || c->ways > MAXW ||
      !ww_is_pow2(c->line_bytes) || c->line_bytes < 4 || c->line_bytes > MAXB || !c->num_part ||
      !ww_is_pow2(c->mshrs) || c->mshrs < 2 || c->mshrs > MAXQ ||
      !ww_is_pow2(c->queue) || c->queue < 2 || c->queue > MAXQ) {
    fprintf(stderr, "ww_l2_slice: illegal configuration SETS=%u WAYS=%u LINE_BYTES=%u NUM_PART=%u "
            "MSHRS=%u QUEUE=%u\n", c->sets, c->ways, c->line_bytes, c->num_part, c->mshrs, c->queue);
    return NULL;
  }
  ww_l2_slice_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->set_w = ww_clog2(c->sets);
  m->way_w = c->ways > 1 ? ww_clog2(c->ways) : 1;
  m->part_w = c->num_part > 1 && ww_is_pow2(c->num_part) ? ww_clog2(c->num_part) : 0;
  m->line_w = 32 - ww_clog2(c->line_bytes);
  m->words = c->line_bytes / 4;
  m->meta = calloc((size_t)c->sets * c->ways, sizeof *m->meta);
  m->data = calloc(((size_t)c->sets << m->way_w) * c->line_bytes, 1);
  if (!m->meta || !m->data) {
    ww_l2_slice_free(m);
    return NULL;
  }
  return m;
}

void ww_l2_slice_free(ww_l2_slice_t *m)
{
  if (m) {
    free(m->meta);
    free(m->data);
  }
  free(m);
}

/* the set of a line (LINE_W bits): the set bits above the partition bits,
 * XOR the next set_w bits (ww_l2_slice.v set_of) */
static uint32_t set_of(const ww_l2_slice_t *m, uint32_t line)
{
  const uint32_t set_mask = m->cfg.sets - 1;
  return ((line >> m->part_w) ^ (line >> (m->part_w + m->set_w))) & set_mask;
}

/* The cov_o bit of a (line state, event) transition: WW_L2ST_* x WW_L2EV_*. */
static uint64_t cov_bit(unsigned st, unsigned ev)
{
  return 1ull << (st * WW_L2EV_N + ev);
}

/* a WRITE of every byte of its line */
static int full_write(const rq_t *r, unsigned lbytes)
{
  if (r->op != WW_L2_WRITE)
    return 0;
  for (unsigned k = 0; k < lbytes; k++)
    if (!r->be[k])
      return 0;
  return 1;
}

static uint32_t get_word(const uint8_t *l, unsigned w)
{
  return (uint32_t)l[4 * w] | (uint32_t)l[4 * w + 1] << 8 | (uint32_t)l[4 * w + 2] << 16 |
         (uint32_t)l[4 * w + 3] << 24;
}

static void put_word(uint8_t *l, unsigned w, uint32_t v)
{
  for (unsigned k = 0; k < 4; k++)
    l[4 * w + k] = (uint8_t)(v >> (8 * k));
}

/* bytes <-> 32-bit port words (word i = bytes 4i..4i+3, little-endian) */
static void bytes_from_port(uint8_t *b, const uint32_t *p, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    b[i] = (uint8_t)(p[i / 4] >> (8 * (i % 4)));
}

static void bytes_to_port(uint32_t *p, const uint8_t *b, unsigned n)
{
  for (unsigned i = 0; i < n / 4; i++)
    p[i] = get_word(b, i);
}

void ww_l2_slice_rsp_outputs(const ww_l2_slice_t *m, ww_l2_slice_out_t *out)
{
  out->rsp_valid_o = (uint64_t)m->rsp_v;
  out->rsp_op_o = m->rsp_op;
  out->rsp_id_o = m->rsp_id;
  out->rsp_src_o = m->rsp_src;
  out->rsp_miss_o = m->rsp_miss;
  memset(out->rsp_data_o, 0, sizeof out->rsp_data_o);
  bytes_to_port(out->rsp_data_o, m->rsp_data, m->cfg.line_bytes);
}

void ww_l2_slice_step(ww_l2_slice_t *m, const ww_l2_slice_in_t *in, ww_l2_slice_out_t *out)
{
  const unsigned ways = m->cfg.ways, lbytes = m->cfg.line_bytes;
  const unsigned qn = m->cfg.queue, mn = m->cfg.mshrs;
  const uint32_t line_mask = m->line_w >= 32 ? 0xFFFFFFFFu : (1u << m->line_w) - 1;
  const int run = m->state == ST_RUN;

  /* TAG: hit / victim on the row (or last cycle's write of it) */
  const rq_t *t = &m->t_rq;
  const uint32_t t_set = set_of(m, t->line);
  const wmeta_t *row = m->mfwd_v && m->mfwd_set == t_set ? m->mfwd_row : m->meta_rd;
  int hit = 0, any_inv = 0;
  unsigned hit_way = 0, inv_way = 0, lru_way = 0;
  for (int w = (int)ways - 1; w >= 0; w--) {
    if (row[w].valid && row[w].tag == t->line) {
      hit = 1;
      hit_way = (unsigned)w;
    }
    if (!row[w].valid) {
      any_inv = 1;
      inv_way = (unsigned)w;
    }
    if (row[w].age == ways - 1)
      lru_way = (unsigned)w;
  }
  const unsigned sel_way = hit ? hit_way : any_inv ? inv_way : lru_way;
  const int vic_valid = row[sel_way].valid, sel_dirty = row[sel_way].dirty;
  const uint32_t vic_line = row[sel_way].tag;
  const unsigned age_sel = row[sel_way].age;
  const int vic_dirty = !hit && vic_valid && sel_dirty;
  const int t_writes = t->op == WW_L2_WRITE || (t->op == WW_L2_ATOMIC && t->amo_op <= WW_AMO_CAS);
  wmeta_t t_row_new[MAXW];
  memcpy(t_row_new, row, ways * sizeof *row);
  for (unsigned w = 0; w < ways; w++) {
    if (w == sel_way) {
      t_row_new[w].tag = t->line;
      t_row_new[w].valid = 1;
      t_row_new[w].dirty = (uint8_t)((sel_dirty && hit) || t_writes);
      t_row_new[w].age = 0;
    } else if (row[w].age < age_sel) {
      t_row_new[w].age = (uint8_t)((row[w].age + 1) & ((1u << m->way_w) - 1));
    }
  }

  /* C1 (queue head) and C2 */
  const qe_t *h = &m->q[m->q_head];
  const uint32_t h_set = set_of(m, h->rq.line);
  const qe_t *c2 = &m->c2;
  const uint32_t c2_set = set_of(m, c2->rq.line);
  /* a whole-line WRITE that misses needs no DRAM read (a "full" miss) */
  const int t_full = full_write(&m->t_rq, lbytes);
  const int c2_fill = c2->miss && !full_write(&c2->rq, lbytes);
  const uint32_t c2_addr = c2_set << m->way_w | c2->way;
  uint8_t c2_rd[MAXB], c2_old[MAXB];      /* copies: the edge below overwrites their sources */
  memcpy(c2_rd, m->dfwd_v && m->dfwd_addr == c2_addr ? m->dfwd_line : m->data_rd, lbytes);
  memcpy(c2_old, c2_fill ? m->fill[m->f_head] : c2_rd, lbytes);
  uint32_t aold = c2->rq.amo_word < m->words ? get_word(c2_old, c2->rq.amo_word) : 0;
  int awrite;
  uint32_t anew = ww_amo(c2->rq.amo_op, aold, c2->rq.amo_a, c2->rq.amo_b, &awrite);
  uint8_t new_line[MAXB];
  memcpy(new_line, c2_old, lbytes);
  if (c2->rq.op == WW_L2_WRITE) {
    for (unsigned k = 0; k < lbytes; k++)
      if (c2->rq.be[k])
        new_line[k] = c2->rq.wdata[k];
  } else if (c2->rq.op == WW_L2_ATOMIC) {
    if (awrite && c2->rq.amo_word < m->words)
      put_word(new_line, c2->rq.amo_word, anew);
  }

  /* flush: lowest dirty way of meta_q, line of way_q */
  int fl_any = 0;
  unsigned fl_way = 0;
  for (int w = (int)ways - 1; w >= 0; w--)
    if (m->meta_q[w].dirty) {
      fl_any = 1;
      fl_way = (unsigned)w;
    }
  const uint32_t wb_line = m->way < ways ? m->meta_q[m->way].tag : 0;

  /* control */
  const int rsp_free = !m->rsp_v || in->rsp_ready_i;
  const int c2_ready = run && m->c2_v && rsp_free && (!c2_fill || m->f_cnt != 0);
  const int c2_wb = c2_ready && c2->miss && c2->vdirty;
  const int c2_go = c2_ready && (!c2_wb || in->dram_req_ready_i);
  const int q_any = m->q_cnt != 0;
  const int c1_go = run && q_any && (!m->c2_v || c2_go);
  int set_busy = m->c2_v && c2->miss && c2_set == t_set;
  for (unsigned i = 0; i < qn; i++)
    if (m->q_miss[i] && m->q[i].set == t_set)
      set_busy = 1;
  const int t_flush = m->t_v && t->op == WW_L2_FLUSH;
  const int q_room = m->q_cnt < qn || c1_go;
  const int t_ok = run && m->t_v && !t_flush && !set_busy && q_room &&
                   (hit || t_full || m->misses < mn);
  const int t_rd = t_ok && !hit && !t_full && !c2_wb;
  const int t_go = t_ok && (hit || t_full || (t_rd && in->dram_req_ready_i));
  const int fl_start = run && t_flush && !q_any && !m->c2_v && !m->rsp_v;
  const int fl_done = m->state == ST_FL_CHK && !fl_any && m->sweep == m->cfg.sets - 1;
  const int req_ready = run && (!m->t_v || t_go);
  const int accept = in->req_valid_i && req_ready;
  const int fl_wb = m->state == ST_FL_WB;
  const int c2_miss_go = c2_go && c2_fill;

  /* outputs */
  out->req_ready_o = (uint64_t)req_ready;
  ww_l2_slice_rsp_outputs(m, out);
  out->dram_req_valid_o = (uint64_t)(c2_wb || t_rd || fl_wb);
  out->dram_req_we_o = (uint64_t)(c2_wb || fl_wb);
  out->dram_req_line_o = c2_wb ? c2->vline : fl_wb ? wb_line : t->line;
  memset(out->dram_req_data_o, 0, sizeof out->dram_req_data_o);
  if (c2_wb)
    bytes_to_port(out->dram_req_data_o, c2_rd, lbytes);
  else if (fl_wb)
    bytes_to_port(out->dram_req_data_o, m->line_q, lbytes);

  /* transition coverage (docs/drf.md sec. 3): a request leaving TAG (I
   * miss, V clean hit, D dirty hit) and its victim; IV x request while TAG
   * waits for a miss of its line in the queue or C2; IV x FILL in C2; FLUSH
   * in the sweep (the row as it is read, FL_LD; the write-back of FL_WB) */
  int line_pend = m->c2_v && c2->miss && c2->rq.line == t->line;
  for (unsigned i = 0; i < qn; i++)
    if (m->q_miss[i] && m->q[i].rq.line == t->line)
      line_pend = 1;
  int row_inv = 0, row_clean = 0;
  for (unsigned w = 0; w < ways; w++) {
    row_inv |= !m->meta_rd[w].valid;
    row_clean |= m->meta_rd[w].valid && !m->meta_rd[w].dirty;
  }
  const unsigned t_ev = t->op == WW_L2_WRITE ? (t_full ? WW_L2EV_WRITE_FULL : WW_L2EV_WRITE)
                      : t->op == WW_L2_ATOMIC ? WW_L2EV_ATOMIC : WW_L2EV_READ;
  const unsigned vic_st = sel_dirty ? WW_L2ST_D : WW_L2ST_V;
  const unsigned t_st = hit ? vic_st : WW_L2ST_I;
  out->cov_o = 0;
  if (t_go) {
    out->cov_o |= cov_bit(t_st, t_ev);
    if (!hit && vic_valid)
      out->cov_o |= cov_bit(vic_st, WW_L2EV_REPL);
  }
  if (run && m->t_v && !t_flush && set_busy && line_pend)
    out->cov_o |= cov_bit(WW_L2ST_IV, t_ev);
  if (c2_go && c2_fill)
    out->cov_o |= cov_bit(WW_L2ST_IV, WW_L2EV_FILL);
  if (m->state == ST_FL_LD) {
    if (row_inv)
      out->cov_o |= cov_bit(WW_L2ST_I, WW_L2EV_FLUSH);
    if (row_clean)
      out->cov_o |= cov_bit(WW_L2ST_V, WW_L2EV_FLUSH);
  }
  if (fl_wb && in->dram_req_ready_i)
    out->cov_o |= cov_bit(WW_L2ST_D, WW_L2EV_FLUSH);

  /* array addresses and the flush FSM */
  int state_d = m->state;
  uint32_t sweep_d = m->sweep, way_d = m->way;
  wmeta_t meta_d[MAXW];
  memcpy(meta_d, m->meta_q, sizeof meta_d);
  uint8_t line_d[MAXB];
  memcpy(line_d, m->line_q, lbytes);
  uint32_t meta_raddr = accept ? set_of(m, (uint32_t)in->req_line_i) : t_set;
  uint32_t meta_waddr = t_set;
  int meta_we = 0, data_we = 0;
  wmeta_t meta_wdata[MAXW];
  memcpy(meta_wdata, t_row_new, sizeof meta_wdata);
  uint32_t data_raddr = m->c2_v && !c2_go ? c2_addr : (h_set << m->way_w | h->way);
  const int last_set = m->sweep == m->cfg.sets - 1;
  switch (m->state) {
  case ST_INIT:
    meta_we = 1;
    meta_waddr = m->sweep;
    for (unsigned w = 0; w < ways; w++) {
      meta_wdata[w].tag = 0;
      meta_wdata[w].valid = meta_wdata[w].dirty = 0;
      meta_wdata[w].age = (uint8_t)w;
    }
    sweep_d = last_set ? 0 : m->sweep + 1;
    if (last_set)
      state_d = ST_RUN;
    break;
  case ST_RUN:
    meta_we = t_go;
    data_we = c2_go;
    if (fl_start) {
      sweep_d = 0;
      state_d = ST_FL_RD;
    }
    break;
  case ST_FL_RD:
    meta_raddr = m->sweep;
    state_d = ST_FL_LD;
    break;
  case ST_FL_LD:
    memcpy(meta_d, m->meta_rd, sizeof meta_d);
    state_d = ST_FL_CHK;
    break;
  case ST_FL_CHK:
    way_d = fl_way;
    data_raddr = m->sweep << m->way_w | fl_way;
    if (fl_any)
      state_d = ST_FL_WBL;
    else if (last_set)
      state_d = ST_RUN;
    else {
      sweep_d = m->sweep + 1;
      state_d = ST_FL_RD;
    }
    break;
  case ST_FL_WBL:
    memcpy(line_d, m->data_rd, lbytes);
    state_d = ST_FL_WB;
    break;
  case ST_FL_WB:
    if (in->dram_req_ready_i) {
      if (m->way < ways)
        meta_d[m->way].dirty = 0;
      meta_we = 1;
      meta_waddr = m->sweep;
      memcpy(meta_wdata, meta_d, sizeof meta_wdata);
      state_d = ST_FL_CHK;
    }
    break;
  default:
    state_d = ST_RUN;
    break;
  }

  /* the clock edge: arrays read before they are written */
  memcpy(m->meta_rd, &m->meta[(size_t)meta_raddr * ways], ways * sizeof *m->meta_rd);
  memcpy(m->data_rd, &m->data[(size_t)data_raddr * lbytes], lbytes);
  if (meta_we)
    memcpy(&m->meta[(size_t)meta_waddr * ways], meta_wdata, ways * sizeof *meta_wdata);
  if (data_we)
    memcpy(&m->data[(size_t)c2_addr * lbytes], new_line, lbytes);

  /* datapath registers (not reset) */
  m->way = way_d;
  memcpy(m->meta_q, meta_d, sizeof meta_d);
  memcpy(m->line_q, line_d, lbytes);
  m->mfwd_set = meta_waddr;
  memcpy(m->mfwd_row, meta_wdata, sizeof m->mfwd_row);
  m->dfwd_addr = c2_addr;
  memcpy(m->dfwd_line, new_line, lbytes);
  if (c2_go) {
    m->rsp_op = c2->rq.op;
    m->rsp_id = c2->rq.id;
    m->rsp_src = c2->rq.src;
    m->rsp_miss = (uint32_t)c2_fill;
    memset(m->rsp_data, 0, sizeof m->rsp_data);
    if (c2->rq.op == WW_L2_READ)
      memcpy(m->rsp_data, c2_old, lbytes);
    else if (c2->rq.op == WW_L2_ATOMIC)
      put_word(m->rsp_data, 0, aold);
  } else if (fl_done) {
    m->rsp_op = t->op;
    m->rsp_id = t->id;
    m->rsp_src = t->src;
    m->rsp_miss = 0;
    memset(m->rsp_data, 0, sizeof m->rsp_data);
  }
  if (in->dram_rsp_valid_i)
    bytes_from_port(m->fill[m->f_tail], in->dram_rsp_data_i, lbytes);
  /* C2 before the queue: the entry read from the head is copied first */
  if (c1_go)
    m->c2 = *h;
  if (t_go) {
    qe_t *e = &m->q[m->q_tail];
    e->rq = *t;
    e->way = sel_way;
    e->miss = (uint32_t)!hit;
    e->vdirty = (uint32_t)vic_dirty;
    e->vline = vic_line;
    e->set = t_set;
  }
  if (accept) {
    rq_t *r = &m->t_rq;
    r->op = (uint32_t)in->req_op_i & 3;
    r->line = (uint32_t)in->req_line_i & line_mask;
    r->id = (uint32_t)in->req_id_i;
    r->src = (uint32_t)in->req_src_i;
    for (unsigned k = 0; k < lbytes; k++)
      r->be[k] = (uint8_t)((in->req_be_i[k / 32] >> (k % 32)) & 1);
    bytes_from_port(r->wdata, in->req_data_i, lbytes);
    r->amo_op = (uint32_t)in->req_amo_op_i & 15;
    r->amo_word = (uint32_t)in->req_amo_word_i;
    r->amo_a = (uint32_t)in->req_amo_a_i;
    r->amo_b = (uint32_t)in->req_amo_b_i;
  }

  /* control registers */
  if (!in->rst_ni) {
    m->state = ST_INIT;
    m->sweep = 0;
    m->t_v = 0;
    m->q_head = m->q_tail = m->q_cnt = 0;
    memset(m->q_miss, 0, sizeof m->q_miss);
    m->c2_v = 0;
    m->f_head = m->f_tail = m->f_cnt = 0;
    m->misses = 0;
    m->rsp_v = 0;
    m->mfwd_v = m->dfwd_v = 0;
    return;
  }
  if (in->dram_rsp_valid_i && m->f_cnt >= mn) {
    fprintf(stderr, "ww_l2_slice: DRAM answer without a miss waiting for it\n");
    abort();
  }
  m->state = state_d;
  m->sweep = sweep_d;
  if (accept)
    m->t_v = 1;
  else if (t_go || fl_done)
    m->t_v = 0;
  if (c1_go) {
    m->q_miss[m->q_head] = 0;
    m->q_head = (m->q_head + 1) & (qn - 1);
  }
  if (t_go) {
    m->q_miss[m->q_tail] = (uint8_t)!hit;
    m->q_tail = (m->q_tail + 1) & (qn - 1);
  }
  m->q_cnt = m->q_cnt + (unsigned)t_go - (unsigned)c1_go;
  if (c1_go)
    m->c2_v = 1;
  else if (c2_go)
    m->c2_v = 0;
  if (in->dram_rsp_valid_i)
    m->f_tail = (m->f_tail + 1) & (mn - 1);
  if (c2_miss_go)
    m->f_head = (m->f_head + 1) & (mn - 1);
  m->f_cnt = m->f_cnt + (unsigned)(in->dram_rsp_valid_i != 0) - (unsigned)c2_miss_go;
  m->misses = m->misses + (unsigned)(t_go && !hit && !t_full) - (unsigned)c2_miss_go;
  if (c2_go || fl_done)
    m->rsp_v = 1;
  else if (in->rsp_ready_i)
    m->rsp_v = 0;
  m->mfwd_v = meta_we;
  m->dfwd_v = data_we;
}
