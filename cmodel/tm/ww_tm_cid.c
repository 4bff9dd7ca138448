/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_cid -- C model of rtl/tm/ww_tm_cid.v. State as in the RTL: the next
 * commit ID and the SM granted last.
 */
#include "ww_tm_cid.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_tm_cid {
  ww_tm_cid_cfg_t cfg;
  unsigned cnt_w;
  uint32_t cid_mask;
  uint32_t next;
  unsigned last;
};

ww_tm_cid_cfg_t ww_tm_cid_default_cfg(void)
{
  ww_tm_cid_cfg_t c = { WW_NUM_SM, WW_LANES, WW_CID_W };
  return c;
}

ww_tm_cid_t *ww_tm_cid_new(const ww_tm_cid_cfg_t *c)
{
  if (!c->num_sm || c->num_sm > WW_NUM_SM || c->num_sm > 64 || !c->lanes || c->cid_w < 2 ||
      c->cid_w > 30) {
    fprintf(stderr, "ww_tm_cid: illegal configuration NUM_SM=%u LANES=%u CID_W=%u\n", c->num_sm,
            c->lanes, c->cid_w);
    return NULL;
  }
  ww_tm_cid_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->cnt_w = ww_clog2(c->lanes + 1);
  m->cid_mask = (1u << c->cid_w) - 1;
  return m;
}

void ww_tm_cid_free(ww_tm_cid_t *m)
{
  free(m);
}

void ww_tm_cid_step(ww_tm_cid_t *m, const ww_tm_cid_in_t *in, ww_tm_cid_out_t *out)
{
  const unsigned nsm = m->cfg.num_sm;
  /* round robin: the first requester after the last one granted, wrapping */
  int pick = -1;
  for (unsigned k = 1; k <= nsm && pick < 0; k++) {
    unsigned s = (m->last + k) % nsm;
    if (in->req_valid_i >> s & 1u)
      pick = (int)s;
  }
  const int grant = pick >= 0 && !in->hold_i;
  const uint32_t n = grant ? (uint32_t)(in->req_n_i >> (m->cnt_w * (unsigned)pick)) &
                                 ((1u << m->cnt_w) - 1)
                           : 0;
  out->grant_o = grant ? 1ull << pick : 0;
  out->base_o = m->next;
  out->next_o = m->next;

  if (!in->rst_ni) {
    m->next = 0;
    m->last = 0;
  } else if (grant) {
    m->next = (m->next + n) & m->cid_mask;
    m->last = (unsigned)pick;
  }
}
