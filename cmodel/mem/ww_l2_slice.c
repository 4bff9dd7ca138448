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

enum {
  ST_INIT, ST_IDLE, ST_TAG, ST_LOAD, ST_WBL, ST_WB, ST_FREQ, ST_FWAIT, ST_OP, ST_RSP,
  ST_FL_RD, ST_FL_LD, ST_FL_CHK, ST_FL_WBL, ST_FL_WB
};

#define MAXW 32
#define MAXB 128

typedef struct {
  uint32_t tag;
  uint8_t valid, dirty, age;
} wmeta_t;

struct ww_l2_slice {
  ww_l2_slice_cfg_t cfg;
  unsigned set_w, way_w, part_w, line_w, words;
  wmeta_t *meta;              /* [set * ways + way] */
  uint8_t *data;              /* [(set << way_w | way) * line_bytes] */
  wmeta_t meta_rd[MAXW];      /* meta read register */
  uint8_t data_rd[MAXB];      /* data read register */
  int state;
  uint32_t sweep, miss, way;
  wmeta_t meta_q[MAXW];
  uint8_t line_q[MAXB];
  /* request registers */
  uint32_t op, rline, id, src, amo_op, amo_word, amo_a, amo_b;
  uint8_t be[MAXB], wdata[MAXB];
};

ww_l2_slice_cfg_t ww_l2_slice_default_cfg(void)
{
  ww_l2_slice_cfg_t c = { WW_L2_SETS, WW_L2_WAYS, WW_LINE_BYTES, WW_NUM_PART };
  return c;
}

ww_l2_slice_t *ww_l2_slice_new(const ww_l2_slice_cfg_t *c)
{
  if (!ww_is_pow2(c->sets) || c->sets < 2 || !ww_is_pow2(c->ways) || c->ways > MAXW ||
      !ww_is_pow2(c->line_bytes) || c->line_bytes < 4 || c->line_bytes > MAXB || !c->num_part) {
    fprintf(stderr, "ww_l2_slice: illegal configuration SETS=%u WAYS=%u LINE_BYTES=%u NUM_PART=%u\n",
            c->sets, c->ways, c->line_bytes, c->num_part);
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

void ww_l2_slice_step(ww_l2_slice_t *m, const ww_l2_slice_in_t *in, ww_l2_slice_out_t *out)
{
  const unsigned ways = m->cfg.ways, lbytes = m->cfg.line_bytes;
  const uint32_t line_mask = m->line_w >= 32 ? 0xFFFFFFFFu : (1u << m->line_w) - 1;
  const uint32_t set_q = (m->rline >> m->part_w) & (m->cfg.sets - 1);
  const uint32_t set_req = ((uint32_t)in->req_line_i >> m->part_w) & (m->cfg.sets - 1);

  /* tag compare on the meta read register */
  int hit = 0, any_inv = 0;
  unsigned hit_way = 0, inv_way = 0, lru_way = 0;
  for (int w = (int)ways - 1; w >= 0; w--) {
    if (m->meta_rd[w].valid && m->meta_rd[w].tag == m->rline) {
      hit = 1;
      hit_way = (unsigned)w;
    }
    if (!m->meta_rd[w].valid) {
      any_inv = 1;
      inv_way = (unsigned)w;
    }
    if (m->meta_rd[w].age == ways - 1)
      lru_way = (unsigned)w;
  }
  unsigned sel_way = hit ? hit_way : any_inv ? inv_way : lru_way;
  int vic_dirty = sel_way < ways ? m->meta_rd[sel_way].dirty : 0;
  /* fields of way_q in meta_q; lowest dirty way (flush) */
  uint32_t wb_line = m->way < ways ? m->meta_q[m->way].tag : 0;
  unsigned age_sel = m->way < ways ? m->meta_q[m->way].age : 0;
  int fl_any = 0;
  unsigned fl_way = 0;
  for (int w = (int)ways - 1; w >= 0; w--)
    if (m->meta_q[w].dirty) {
      fl_any = 1;
      fl_way = (unsigned)w;
    }
  /* atomic unit and the line after the operation */
  uint32_t aold = get_word(m->line_q, m->amo_word % m->words);
  if (m->amo_word >= m->words)
    aold = 0;
  int awrite;
  uint32_t anew = ww_amo(m->amo_op, aold, m->amo_a, m->amo_b, &awrite);
  uint8_t new_line[MAXB];
  memcpy(new_line, m->line_q, lbytes);
  int wrote = 0;
  if (m->op == WW_L2_WRITE) {
    wrote = 1;
    for (unsigned k = 0; k < lbytes; k++)
      if (m->be[k])
        new_line[k] = m->wdata[k];
  } else if (m->op == WW_L2_ATOMIC) {
    wrote = awrite;
    if (awrite && m->amo_word < m->words)
      put_word(new_line, m->amo_word, anew);
  }

  /* outputs */
  out->req_ready_o = m->state == ST_IDLE;
  out->rsp_valid_o = m->state == ST_RSP;
  out->rsp_op_o = m->op;
  out->rsp_id_o = m->id;
  out->rsp_src_o = m->src;
  out->rsp_miss_o = m->miss;
  memset(out->rsp_data_o, 0, sizeof out->rsp_data_o);
  if (m->op == WW_L2_READ)
    bytes_to_port(out->rsp_data_o, m->line_q, lbytes);
  else if (m->op == WW_L2_ATOMIC)
    out->rsp_data_o[0] = aold;
  out->dram_req_valid_o = m->state == ST_WB || m->state == ST_FREQ || m->state == ST_FL_WB;
  out->dram_req_we_o = m->state != ST_FREQ;
  out->dram_req_line_o = m->state == ST_FREQ ? m->rline : wb_line;
  memset(out->dram_req_data_o, 0, sizeof out->dram_req_data_o);
  if (out->dram_req_we_o)
    bytes_to_port(out->dram_req_data_o, m->line_q, lbytes);

  /* next state */
  int accept = in->req_valid_i && m->state == ST_IDLE;
  int state_d = m->state;
  uint32_t sweep_d = m->sweep, miss_d = m->miss, way_d = m->way;
  wmeta_t meta_d[MAXW];
  memcpy(meta_d, m->meta_q, sizeof meta_d);
  uint8_t line_d[MAXB];
  memcpy(line_d, m->line_q, lbytes);
  uint32_t meta_raddr = set_req, meta_waddr = set_q, data_raddr = set_q << m->way_w | m->way;
  int meta_we = 0, data_we = 0;
  wmeta_t meta_wdata[MAXW];
  memcpy(meta_wdata, m->meta_q, sizeof meta_wdata);
  int last_set = m->sweep == m->cfg.sets - 1;
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
      state_d = ST_IDLE;
    break;
  case ST_IDLE:
    if (accept) {
      miss_d = 0;
      sweep_d = 0;
      state_d = in->req_op_i == WW_L2_FLUSH ? ST_FL_RD : ST_TAG;
    }
    break;
  case ST_TAG:
    memcpy(meta_d, m->meta_rd, sizeof meta_d);
    way_d = sel_way;
    miss_d = !hit;
    data_raddr = set_q << m->way_w | sel_way;
    state_d = hit ? ST_LOAD : vic_dirty ? ST_WBL : ST_FREQ;
    break;
  case ST_LOAD:
    memcpy(line_d, m->data_rd, lbytes);
    state_d = ST_OP;
    break;
  case ST_WBL:
    memcpy(line_d, m->data_rd, lbytes);
    state_d = ST_WB;
    break;
  case ST_WB:
    if (in->dram_req_ready_i)
      state_d = ST_FREQ;
    break;
  case ST_FREQ:
    if (in->dram_req_ready_i)
      state_d = ST_FWAIT;
    break;
  case ST_FWAIT:
    if (in->dram_rsp_valid_i) {
      bytes_from_port(line_d, in->dram_rsp_data_i, lbytes);
      state_d = ST_OP;
    }
    break;
  case ST_OP:
    data_we = 1;
    meta_we = 1;
    for (unsigned w = 0; w < ways; w++) {
      if (w == m->way) {
        meta_wdata[w].tag = m->rline;
        meta_wdata[w].valid = 1;
        meta_wdata[w].dirty = (uint8_t)((m->meta_q[w].dirty && !m->miss) || wrote);
        meta_wdata[w].age = 0;
      } else if (m->meta_q[w].age < age_sel) {
        meta_wdata[w].age = (uint8_t)((m->meta_q[w].age + 1) & ((1u << m->way_w) - 1));
      }
    }
    state_d = ST_RSP;
    break;
  case ST_RSP:
    if (in->rsp_ready_i)
      state_d = ST_IDLE;
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
      state_d = ST_RSP;
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
    state_d = ST_IDLE;
    break;
  }

  /* the clock edge: arrays read before they are written */
  memcpy(m->meta_rd, &m->meta[(size_t)meta_raddr * ways], ways * sizeof *m->meta_rd);
  memcpy(m->data_rd, &m->data[(size_t)data_raddr * lbytes], lbytes);
  if (meta_we)
    memcpy(&m->meta[(size_t)meta_waddr * ways], meta_wdata, ways * sizeof *meta_wdata);
  if (data_we)
    memcpy(&m->data[(size_t)(set_q << m->way_w | m->way) * lbytes], new_line, lbytes);
  /* datapath registers (not reset) */
  m->miss = miss_d;
  m->way = way_d;
  memcpy(m->meta_q, meta_d, sizeof meta_d);
  memcpy(m->line_q, line_d, lbytes);
  if (accept) {
    m->op = (uint32_t)in->req_op_i & 3;
    m->rline = (uint32_t)in->req_line_i & line_mask;
    m->id = (uint32_t)in->req_id_i;
    m->src = (uint32_t)in->req_src_i;
    for (unsigned k = 0; k < lbytes; k++)
      m->be[k] = (uint8_t)((in->req_be_i[k / 32] >> (k % 32)) & 1);
    bytes_from_port(m->wdata, in->req_data_i, lbytes);
    m->amo_op = (uint32_t)in->req_amo_op_i & 15;
    m->amo_word = (uint32_t)in->req_amo_word_i;
    m->amo_a = (uint32_t)in->req_amo_a_i;
    m->amo_b = (uint32_t)in->req_amo_b_i;
  }
  /* control registers */
  if (!in->rst_ni) {
    m->state = ST_INIT;
    m->sweep = 0;
  } else {
    m->state = state_d;
    m->sweep = sweep_d;
  }
}
