/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_zbuf -- C model of rtl/det/ww_zbuf.v (its header is the spec). The
 * Z-cache is a plain array: the RTL reads an entry the cycle before it uses
 * it and nothing writes that entry in between, so reading the array when
 * the entry is used gives the same value.
 */
#include "ww_zbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_h3.h"

enum { S_INIT, S_IDLE, S_PROBE, S_OUT };

typedef struct {
  uint8_t  valid;
  uint32_t qid, line;
  uint8_t  wr[WW_LINE_BYTES];
  uint8_t  slot[WW_LINE_BYTES];
} zent_t;

typedef struct {
  uint32_t sm, wid, line;
  uint8_t  be[WW_LINE_BYTES];
  uint32_t data[WW_LINE_BYTES / 4];
} zreq_t;

struct ww_zbuf {
  ww_zbuf_cfg_t cfg;
  ww_h3_t hash;
  unsigned idx_w;
  zent_t *zc;                    /* ZLINES entries */
  zreq_t *rq;                    /* the request buffer, REQS entries */
  unsigned rq_head, rq_cnt;
  uint32_t *aq_sm;               /* acknowledgements, ACKS entries */
  uint8_t *aq_l2;
  unsigned aq_head, aq_cnt;
  /* registers */
  int st;
  unsigned idx, probes, l2acks;
  uint8_t win[WW_LINE_BYTES];
  int ovf, wrap;
  uint32_t qid_seen;
};

ww_zbuf_cfg_t ww_zbuf_default_cfg(void)
{
  ww_zbuf_cfg_t c = { WW_NUM_SM, WW_WARPS_PER_SM, WW_LINE_BYTES, WW_DET_ZLINES, WW_DET_QID_W,
                      WW_DET_ZREQS, WW_DET_ZACKS, WW_H3_SEED };
  return c;
}

ww_zbuf_t *ww_zbuf_new(const ww_zbuf_cfg_t *c)
{
  const unsigned line_w = 32 - ww_clog2(c->line_bytes);
  if (!c->num_sm || !c->warps || c->num_sm * c->warps > 256 || !ww_is_pow2(c->line_bytes) ||
      c->line_bytes < 4 || c->line_bytes > WW_LINE_BYTES || !ww_is_pow2(c->zlines) ||
      c->zlines < 2 || c->qid_w < 1 || c->qid_w > 16 || !ww_is_pow2(c->reqs) || c->reqs < 2 ||
      !ww_is_pow2(c->acks) || c->acks < 2) {
    fprintf(stderr, "ww_zbuf: illegal configuration NUM_SM=%u WARPS=%u LINE_BYTES=%u ZLINES=%u "
            "QID_W=%u REQS=%u ACKS=%u\n", c->num_sm, c->warps, c->line_bytes, c->zlines,
            c->qid_w, c->reqs, c->acks);
    return NULL;
  }
  ww_zbuf_t *z = calloc(1, sizeof *z);
  if (!z)
    return NULL;
  z->cfg = *c;
  z->idx_w = ww_clog2(c->zlines);
  z->zc = calloc(c->zlines, sizeof *z->zc);
  z->rq = calloc(c->reqs, sizeof *z->rq);
  z->aq_sm = calloc(c->acks, sizeof *z->aq_sm);
  z->aq_l2 = calloc(c->acks, 1);
  if (!z->zc || !z->rq || !z->aq_sm || !z->aq_l2 || ww_h3_init(&z->hash, c->seed, line_w, z->idx_w)) {
    ww_zbuf_free(z);
    return NULL;
  }
  return z;
}

void ww_zbuf_free(ww_zbuf_t *z)
{
  if (!z)
    return;
  free(z->zc);
  free(z->rq);
  free(z->aq_sm);
  free(z->aq_l2);
  free(z);
}

void ww_zbuf_step(ww_zbuf_t *z, const ww_zbuf_in_t *in, ww_zbuf_out_t *out)
{
  const ww_zbuf_cfg_t *c = &z->cfg;
  const unsigned lb = c->line_bytes;
  const uint32_t qid = (uint32_t)in->qid_i;
  const zreq_t *h = &z->rq[z->rq_head];
  const int rq_valid = z->rq_cnt != 0;
  const uint32_t slot = h->sm * c->warps + h->wid;

  /* the head's probe (S_PROBE) */
  const zent_t *e = &z->zc[z->idx];
  const int cur = e->valid && e->qid == qid;
  const int hit = z->st == S_PROBE && cur && e->line == h->line;
  const int free_ent = z->st == S_PROBE && !cur;
  uint8_t win[WW_LINE_BYTES];
  zent_t ne = { 1, qid, h->line, {0}, {0} };
  for (unsigned b = 0; b < lb; b++) {
    if (hit && e->wr[b]) {
      win[b] = h->be[b] && slot <= e->slot[b];
      ne.wr[b] = 1;
      ne.slot[b] = win[b] ? (uint8_t)slot : e->slot[b];
    } else {
      win[b] = h->be[b];
      ne.wr[b] = h->be[b];
      ne.slot[b] = h->be[b] ? (uint8_t)slot : 0;
    }
  }

  /* outputs: the winning bytes offered straight from the probe, or kept
   * for S_OUT */
  const int probe_done = hit || free_ent;
  const uint8_t *ob = probe_done ? win : z->win;
  const int outing = probe_done || z->st == S_OUT;
  int win_any = 0;
  for (unsigned b = 0; b < lb; b++)
    win_any |= ob[b];
  const int aq_room = z->aq_cnt != c->acks;
  const int aq_l2 = z->aq_cnt && z->aq_l2[z->aq_head];
  out->req_ready_o = z->rq_cnt != c->reqs;
  out->ack_valid_o = z->aq_cnt && (!aq_l2 || z->l2acks);
  out->ack_sm_o = z->aq_sm[z->aq_head];
  out->u_req_valid_o = outing && aq_room && win_any;
  out->u_req_op_o = WW_L2_WRITE;
  out->u_req_line_o = h->line;
  memset(out->u_req_be_o, 0, sizeof out->u_req_be_o);
  for (unsigned b = 0; b < lb; b++)
    out->u_req_be_o[b / 32] |= (uint32_t)ob[b] << (b % 32);
  memcpy(out->u_req_data_o, h->data, lb);
  const int out_done = aq_room && (!win_any || (in->u_req_ready_i & 1));
  const int rq_pop = outing && out_done;
  const int ack_fire = (out->ack_valid_o & 1) && (in->ack_ready_i & 1);
  out->idle_o = z->st == S_IDLE && !rq_valid && !z->aq_cnt && !z->wrap;
  out->ovf_o = (uint64_t)z->ovf;

  /* ---- clock edge ---- */
  /* the Z-cache's write port (no reset) */
  if (z->st == S_INIT)
    memset(&z->zc[z->idx], 0, sizeof z->zc[z->idx]);
  else if (hit || free_ent)
    z->zc[z->idx] = ne;
  /* the queues' contents (no reset) */
  const int rq_push = (in->req_valid_i & 1) && z->rq_cnt != c->reqs;
  if (rq_push) {
    zreq_t *t = &z->rq[(z->rq_head + z->rq_cnt) % c->reqs];
    t->sm = (uint32_t)in->req_sm_i;
    t->wid = (uint32_t)in->req_wid_i;
    t->line = (uint32_t)in->req_line_i;
    for (unsigned b = 0; b < lb; b++)
      t->be[b] = (uint8_t)(in->req_be_i[b / 32] >> (b % 32) & 1);
    memcpy(t->data, in->req_data_i, lb);
  }
  if (rq_pop) {
    unsigned t = (z->aq_head + z->aq_cnt) % c->acks;
    z->aq_sm[t] = h->sm;
    z->aq_l2[t] = (uint8_t)win_any;
  }
  if (!(in->rst_ni & 1)) {
    z->rq_head = z->rq_cnt = z->aq_head = z->aq_cnt = 0;
    z->st = S_INIT;
    z->idx = z->probes = z->l2acks = 0;
    memset(z->win, 0, sizeof z->win);
    z->ovf = z->wrap = 0;
    z->qid_seen = 0;
    return;
  }
  if (rq_pop) {
    z->rq_head = (z->rq_head + 1) % c->reqs;
    z->rq_cnt--;
  }
  if (rq_push)
    z->rq_cnt++;
  if (rq_pop)
    z->aq_cnt++;
  if (ack_fire) {
    z->aq_head = (z->aq_head + 1) % c->acks;
    z->aq_cnt--;
  }

  const int wrap_now = qid < z->qid_seen, wrap_q = z->wrap;
  z->qid_seen = qid;
  if (wrap_now)
    z->wrap = 1;
  z->l2acks += (unsigned)(in->u_rsp_valid_i & 1);
  z->l2acks -= (unsigned)(ack_fire && aq_l2);
  const unsigned mask = c->zlines - 1;
  switch (z->st) {
  case S_INIT:
    if (z->idx == mask)
      z->st = S_IDLE;
    z->idx = (z->idx + 1) & mask;
    break;
  case S_IDLE:
    if (wrap_q) {
      z->wrap = wrap_now;
      z->idx = 0;
      z->st = S_INIT;
    } else if (rq_valid) {
      z->idx = ww_h3_hash(&z->hash, h->line);
      z->probes = 0;
      z->st = S_PROBE;
    }
    break;
  case S_PROBE:
    if (hit || free_ent) {
      memcpy(z->win, win, sizeof z->win);
      z->st = out_done ? S_IDLE : S_OUT;
    } else if (z->probes == c->zlines - 1) {
      z->ovf = 1;
      memcpy(z->win, h->be, sizeof z->win);
      z->st = S_OUT;
    } else {
      z->idx = (z->idx + 1) & mask;
      z->probes++;
    }
    break;
  default:
    if (out_done)
      z->st = S_IDLE;
    break;
  }
}
