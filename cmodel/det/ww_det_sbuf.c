/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_det_sbuf -- C model of rtl/det/ww_det_sbuf.v (its header is the spec).
 * The entry table is a plain array: the RTL reads an entry the cycle before
 * it uses it and nothing writes that entry in between, so reading the array
 * when the entry is used gives the same value. The byte lanes of a store
 * line are ww_lsu_bytes' model, the filters ww_bloom_filter's.
 */
#include "ww_det_sbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_bloom_filter.h"
#include "ww_h3.h"
#include "ww_lsu_bytes.h"

enum { S_INIT, S_IDLE, S_LINE, S_PROBE, S_LREQ, S_LRSP, S_DONE, S_WALK, S_WENT, S_WACK };

#define LB WW_LINE_BYTES
#define NL WW_LANES

typedef struct {
  uint8_t  valid;
  uint32_t line;
  uint8_t  be[LB];
  uint8_t  d[LB];
} sent_t;

struct ww_det_sbuf {
  ww_det_sbuf_cfg_t cfg;
  unsigned off_w;
  ww_h3_t hash;
  ww_lsu_bytes_t *bytes;
  ww_bloom_filter_t *filt;      /* a bank per warp id, keyed by the line */
  sent_t *tab;
  /* registers */
  int st, store;
  unsigned wid, ww, slot, probes, sweep;
  uint32_t pend, lanes;
  uint32_t addr[NL], data[NL], word[NL];
  unsigned nbytes;
  uint32_t line;
  uint8_t be[LB], bd[LB];
  unsigned left, used[64];
  uint32_t out;
};

ww_det_sbuf_cfg_t ww_det_sbuf_default_cfg(void)
{
  ww_det_sbuf_cfg_t c = { WW_WARPS_PER_SM, WW_LANES, WW_LINE_BYTES, WW_DET_SB_LINES,
                          WW_DET_BLOOM_BITS, WW_DET_BLOOM_K, WW_NUM_PART, WW_H3_SEED };
  return c;
}

ww_det_sbuf_t *ww_det_sbuf_new(const ww_det_sbuf_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > 64 || c->lanes != WW_LANES ||
      c->line_bytes != WW_LINE_BYTES || !ww_is_pow2(c->sb_lines) || c->sb_lines < c->lanes ||
      !c->num_part) {
    fprintf(stderr, "ww_det_sbuf: illegal configuration WARPS=%u LANES=%u LINE_BYTES=%u "
            "SB_LINES=%u NUM_PART=%u\n", c->warps, c->lanes, c->line_bytes, c->sb_lines,
            c->num_part);
    return NULL;
  }
  ww_det_sbuf_t *b = calloc(1, sizeof *b);
  if (!b)
    return NULL;
  b->cfg = *c;
  b->off_w = ww_clog2(c->line_bytes);
  ww_lsu_bytes_cfg_t bc = { c->lanes, c->line_bytes };
  const unsigned wid_w = c->warps > 1 ? ww_clog2(c->warps) : 1;
  ww_bloom_filter_cfg_t fc = { (1u << wid_w) * c->bloom_bits, c->bloom_k, 32 - b->off_w,
                               c->seed, 1, 1u << wid_w };
  b->bytes = ww_lsu_bytes_new(&bc);
  b->filt = ww_bloom_filter_new(&fc);
  b->tab = calloc((size_t)c->warps * c->sb_lines, sizeof *b->tab);
  int ok = b->bytes && b->filt && b->tab &&
           !ww_h3_init(&b->hash, c->seed, 32 - b->off_w, ww_clog2(c->sb_lines));
  if (!ok) {
    ww_det_sbuf_free(b);
    return NULL;
  }
  return b;
}

void ww_det_sbuf_free(ww_det_sbuf_t *b)
{
  if (!b)
    return;
  ww_bloom_filter_free(b->filt);
  ww_lsu_bytes_free(b->bytes);
  free(b->tab);
  free(b);
}

static uint32_t line_of(const ww_det_sbuf_t *b, uint32_t a) { return a >> b->off_w; }

/* The walk's next entry of warp w: its lowest valid slot above `from`
 * (from = -1: the lowest at all); 0 if none (the RTL's first_c, after_c). */
static unsigned next_entry(const ww_det_sbuf_t *b, unsigned w, int from)
{
  for (unsigned k = (unsigned)(from + 1); k < b->cfg.sb_lines; k++)
    if (b->tab[(size_t)w * b->cfg.sb_lines + k].valid)
      return k;
  return 0;
}

void ww_det_sbuf_step(ww_det_sbuf_t *b, const ww_det_sbuf_in_t *in, ww_det_sbuf_out_t *out)
{
  const ww_det_sbuf_cfg_t *c = &b->cfg;
  const unsigned sbl = c->sb_lines, nw = c->warps;

  /* the current line: the lowest pending lane's, and its lanes */
  unsigned low = 0;
  for (unsigned l = NL; l-- > 0;)
    if (b->pend >> l & 1)
      low = l;
  const uint32_t cur_line = line_of(b, b->addr[low]);
  uint32_t cur_lanes = 0;
  for (unsigned l = 0; l < NL; l++)
    if ((b->pend >> l & 1) && line_of(b, b->addr[l]) == cur_line)
      cur_lanes |= 1u << l;
  ww_lsu_bytes_in_t bi;
  ww_lsu_bytes_out_t bo;
  memset(&bi, 0, sizeof bi);
  bi.lanes_i = cur_lanes;
  memcpy(bi.addr_i, b->addr, sizeof b->addr);
  memcpy(bi.data_i, b->data, sizeof b->data);
  bi.bytes_i = b->nbytes;
  ww_lsu_bytes_step(b->bytes, &bi, &bo);
  const uint32_t home = ww_h3_hash(&b->hash, cur_line);

  /* the entry read */
  const unsigned ew = b->st == S_WENT || b->st == S_WALK ? b->ww : b->wid;
  sent_t *e = &b->tab[(size_t)(ew < nw ? ew : 0) * sbl + b->slot];
  const int e_valid = e->valid;
  const int ent_hit = e->valid && e->line == b->line;
  const int ent_free = !e->valid;
  const int last_probe = b->probes == sbl - 1;

  /* outputs */
  const int cmt = (int)(in->cmt_start_i & 1);
  out->acc_ready_o = b->st == S_IDLE && !cmt;
  out->acc_done_o = b->st == S_DONE;
  memcpy(out->acc_word_o, b->word, sizeof b->word);
  out->room_o = 0;
  for (unsigned w = 0; w < nw; w++)
    if (b->used[w] + NL <= sbl)
      out->room_o |= 1ull << w;
  out->qry_hit_o = 0;
  for (unsigned l = 0; l < NL; l++)
    out->qry_hit_o |= (uint64_t)ww_bloom_filter_query(b->filt, (unsigned)in->qry_wid_i,
                                                      line_of(b, in->qry_addr_i[l])) << l;
  out->l1_req_valid_o = b->st == S_LREQ;
  out->l1_req_line_o = b->line;
  out->cmt_busy_o = b->st == S_WALK || b->st == S_WENT || b->st == S_WACK;
  out->pkt_valid_o = b->st == S_WENT && e->valid && (!(in->locked_i & 1) || b->out == 0);
  out->pkt_part_o = e->line % c->num_part;
  out->pkt_wid_o = b->ww;
  out->pkt_line_o = e->line;
  memset(out->pkt_be_o, 0, sizeof out->pkt_be_o);
  memset(out->pkt_data_o, 0, sizeof out->pkt_data_o);
  for (unsigned k = 0; k < LB; k++) {
    out->pkt_be_o[k / 32] |= (uint32_t)e->be[k] << (k % 32);
    out->pkt_data_o[k / 4] |= (uint32_t)e->d[k] << (8 * (k % 4));
  }
  out->idle_o = b->st == S_IDLE && b->out == 0;
  const int pkt_fire = (out->pkt_valid_o & 1) && (in->pkt_ready_i & 1);

  /* ---- clock edge ---- */
  const int rst = !(in->rst_ni & 1);
  /* filters */
  const int walk_last = b->ww == nw - 1;
  const int f_clear = b->st == S_WALK && walk_last && b->left == 0;
  const int f_ins = b->st == S_PROBE && b->store && ent_free;
  if (rst || f_clear)
    ww_bloom_filter_clear(b->filt);
  if (!rst && f_ins)
    ww_bloom_filter_insert(b->filt, b->wid, b->line);
  /* the table's write port (no reset) */
  if (b->st == S_INIT) {
    if (b->sweep < nw * sbl)
      memset(&b->tab[b->sweep], 0, sizeof b->tab[0]);
  } else if (b->st == S_PROBE && b->store && (ent_hit || ent_free)) {
    sent_t m;
    memset(&m, 0, sizeof m);
    m.valid = 1;
    m.line = b->line;
    for (unsigned k = 0; k < LB; k++) {
      m.be[k] = b->be[k] || (ent_hit && e->be[k]);
      m.d[k] = b->be[k] ? b->bd[k] : ent_hit ? e->d[k] : 0;
    }
    *e = m;
  } else if (pkt_fire) {
    memset(e, 0, sizeof *e);
  }
  if (rst) {
    b->st = S_INIT;
    b->sweep = 0;
    b->out = 0;
    b->pend = 0;
    memset(b->used, 0, sizeof b->used);
    return;
  }
  const uint32_t out_q = b->out;
  b->out += (uint32_t)pkt_fire;
  b->out -= (uint32_t)(in->ack_i & 1);
  b->out &= 0xFFFFu;
  const uint32_t smask = sbl - 1;
  switch (b->st) {
  case S_INIT:
    if (b->sweep == nw * sbl - 1)
      b->st = S_IDLE;
    b->sweep++;
    break;
  case S_IDLE:
    if (cmt) {
      b->ww = 0;
      b->slot = 0;
      b->left = b->used[0];
      b->st = S_WALK;
    } else if (in->acc_valid_i & 1) {
      b->store = in->acc_op_i == WW_TXL_STORE;
      b->wid = (unsigned)in->acc_wid_i;
      b->pend = (uint32_t)in->acc_mask_i;
      memcpy(b->addr, in->acc_addr_i, sizeof b->addr);
      memcpy(b->data, in->acc_data_i, sizeof b->data);
      b->nbytes = (unsigned)in->acc_bytes_i;
      memset(b->word, 0, sizeof b->word);
      b->st = b->pend ? S_LINE : S_DONE;
    }
    break;
  case S_LINE:
    b->line = cur_line;
    b->lanes = cur_lanes;
    b->slot = home;
    b->probes = 0;
    for (unsigned k = 0; k < LB; k++) {
      b->be[k] = b->store ? (uint8_t)(bo.be_o[k / 32] >> (k % 32) & 1) : 0;
      b->bd[k] = (uint8_t)(bo.data_o[k / 4] >> (8 * (k % 4)));
    }
    b->st = S_PROBE;
    break;
  case S_PROBE:
    if (ent_hit || ent_free || last_probe) {
      if (b->store) {
        if (ent_free)
          b->used[b->wid]++;
        b->pend &= ~b->lanes;
        b->st = b->pend ? S_LINE : S_DONE;
      } else {
        for (unsigned k = 0; k < LB; k++) {
          b->be[k] = ent_hit ? e->be[k] : 0;
          b->bd[k] = e->d[k];
        }
        b->st = S_LREQ;
      }
    } else {
      b->slot = (b->slot + 1) & smask;
      b->probes++;
    }
    break;
  case S_LREQ:
    if (in->l1_req_ready_i & 1)
      b->st = S_LRSP;
    break;
  case S_LRSP:
    if (in->l1_rsp_valid_i & 1) {
      uint8_t m[LB];
      for (unsigned k = 0; k < LB; k++)
        m[k] = b->be[k] ? b->bd[k] : (uint8_t)(in->l1_rsp_data_i[k / 4] >> (8 * (k % 4)));
      for (unsigned l = 0; l < NL; l++)
        if (b->lanes >> l & 1) {
          const unsigned wi = (b->addr[l] >> 2) & (LB / 4 - 1);
          b->word[l] = (uint32_t)m[4 * wi] | (uint32_t)m[4 * wi + 1] << 8 |
                       (uint32_t)m[4 * wi + 2] << 16 | (uint32_t)m[4 * wi + 3] << 24;
        }
      b->pend &= ~b->lanes;
      b->st = b->pend ? S_LINE : S_DONE;
    }
    break;
  case S_DONE:
    b->st = S_IDLE;
    break;
  case S_WALK:
    if (b->left == 0) {
      b->slot = 0;
      if (walk_last) {
        memset(b->used, 0, sizeof b->used);
        b->st = S_WACK;
      } else {
        b->ww++;
        b->left = b->used[b->ww];
      }
    } else {
      b->slot = next_entry(b, b->ww, -1);
      b->st = S_WENT;
    }
    break;
  case S_WENT:
    if (!e_valid || pkt_fire) {
      const int was = e_valid && b->left == 1;
      b->left -= e_valid ? 1 : 0;
      b->slot = next_entry(b, b->ww, (int)b->slot);
      b->st = was ? S_WALK : S_WENT;
    }
    break;
  default:   /* S_WACK */
    if (out_q == 0)
      b->st = S_IDLE;
    break;
  }
}
