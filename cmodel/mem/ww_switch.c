/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_switch -- C model of rtl/mem/ww_switch.v.
 */
#include "ww_switch.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_PORTS 16

typedef struct {
  uint32_t dst[64], data[64];
  unsigned head, count;
} queue_t;

struct ww_switch {
  ww_switch_cfg_t cfg;
  unsigned src_w, dst_w;
  queue_t q[MAX_PORTS * MAX_PORTS];   /* source s's queue (VOQ: s * n_out + destination) */
  unsigned last[MAX_PORTS];     /* last granted source per destination */
};

ww_switch_cfg_t ww_switch_default_cfg(void)
{
  ww_switch_cfg_t c = { WW_NUM_SM, WW_NUM_PART, 4, WW_XBAR_VOQ };
  return c;
}

ww_switch_t *ww_switch_new(const ww_switch_cfg_t *c)
{
  if (!c->n_in || c->n_in > MAX_PORTS || !c->n_out || c->n_out > MAX_PORTS ||
      !ww_is_pow2(c->depth) || c->depth < 2 || c->depth > 64 || c->voq > 1) {
    fprintf(stderr, "ww_switch: illegal configuration N_IN=%u N_OUT=%u FIFO_DEPTH=%u VOQ=%u\n",
            c->n_in, c->n_out, c->depth, c->voq);
    return NULL;
  }
  ww_switch_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->src_w = WW_IDX_W(c->n_in);
  s->dst_w = WW_IDX_W(c->n_out);
  return s;
}

void ww_switch_free(ww_switch_t *s) { free(s); }

/* the queue of source i holding its packets for destination d */
static unsigned qidx(const ww_switch_t *s, unsigned i, unsigned d)
{
  return s->cfg.voq ? i * s->cfg.n_out + d : i;
}

int ww_switch_in_ready(const ww_switch_t *s, unsigned i, unsigned dst)
{
  return dst < s->cfg.n_out && s->q[qidx(s, i, dst)].count != s->cfg.depth;
}

void ww_switch_outputs(const ww_switch_t *s, uint64_t hold, ww_switch_out_t *out)
{
  const unsigned n_in = s->cfg.n_in, n_out = s->cfg.n_out, depth = s->cfg.depth;
  uint32_t valid = 0;
  uint64_t src = 0;
  out->in_ready_o = 0;
  for (unsigned i = 0; i < n_in; i++)   /* VOQ: for destination 0 (ww_switch_in_ready) */
    if (s->q[qidx(s, i, 0)].count != depth)
      out->in_ready_o |= 1ull << i;

  for (unsigned d = 0; d < n_out; d++) {
    int g = -1;
    for (unsigned k = 1; k <= n_in && g < 0; k++) {
      unsigned cand = (s->last[d] + k) % n_in;
      const queue_t *q = &s->q[qidx(s, cand, d)];
      const unsigned link = d * n_in + cand;   /* links past bit 63 are never held */
      if (q->count && q->dst[q->head] == d && !(link < 64 && (hold >> link & 1)))
        g = (int)cand;
    }
    out->out_data_o[d] = 0;
    if (g >= 0) {
      const queue_t *q = &s->q[qidx(s, (unsigned)g, d)];
      valid |= 1u << d;
      src |= (uint64_t)g << (d * s->src_w);
      out->out_data_o[d] = q->data[q->head];
    }
  }
  out->out_valid_o = valid;
  out->out_src_o = src;
}

void ww_switch_step(ww_switch_t *s, const ww_switch_in_t *in, ww_switch_out_t *out)
{
  const unsigned n_in = s->cfg.n_in, n_out = s->cfg.n_out, depth = s->cfg.depth;
  const uint32_t dst_mask = (1u << s->dst_w) - 1, src_mask = (1u << s->src_w) - 1;
  uint8_t pop[MAX_PORTS * MAX_PORTS] = { 0 };
  ww_switch_outputs(s, in->hold_i, out);
  if (s->cfg.voq) {                     /* ready for the packet's destination */
    out->in_ready_o = 0;
    for (unsigned i = 0; i < n_in; i++)
      if (ww_switch_in_ready(s, i, (uint32_t)(in->in_dst_i >> (i * s->dst_w)) & dst_mask))
        out->in_ready_o |= 1ull << i;
  }

  unsigned last_next[MAX_PORTS];
  for (unsigned d = 0; d < n_out; d++) {
    last_next[d] = s->last[d];
    if ((out->out_valid_o >> d & 1) && (in->out_ready_i >> d & 1)) {
      const unsigned g = (unsigned)(out->out_src_o >> (d * s->src_w)) & src_mask;
      pop[qidx(s, g, d)] = 1;
      last_next[d] = g;
    }
  }

  const unsigned nq = s->cfg.voq ? n_in * n_out : n_in;
  if (!in->rst_ni) {
    for (unsigned i = 0; i < nq; i++)
      s->q[i].head = s->q[i].count = 0;
    for (unsigned d = 0; d < n_out; d++)
      s->last[d] = n_in - 1;      /* source 0 goes first */
    return;
  }
  for (unsigned j = 0; j < nq; j++) {
    queue_t *q = &s->q[j];
    const unsigned i = s->cfg.voq ? j / n_out : j;
    const uint32_t dst = (uint32_t)(in->in_dst_i >> (i * s->dst_w)) & dst_mask;
    int popped = pop[j];
    int pushed = ((in->in_valid_i >> i) & 1) && ((out->in_ready_o >> i) & 1) &&
                 (!s->cfg.voq || dst == j % n_out);
    if (pushed) {
      unsigned t = (q->head + q->count) % depth;
      q->dst[t] = dst;
      q->data[t] = in->in_data_i[i];
    }
    if (popped)
      q->head = (q->head + 1) % depth;
    q->count = q->count + (unsigned)pushed - (unsigned)popped;
  }
  for (unsigned d = 0; d < n_out; d++)
    s->last[d] = last_next[d];
}
