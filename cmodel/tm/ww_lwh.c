/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lwh -- C model of rtl/tm/ww_lwh.v. The memories are plain arrays: the
 * RTL's synchronous reads are issued in the cycle before their data is used
 * and no write lands in between, so reading the arrays when the data is used
 * gives the same values.
 */
#include "ww_lwh.h"

#include <stdio.h>
#include <stdlib.h>

#include "ww_h3.h"
#include "ww_util.h"

enum { ST_INIT, ST_IDLE, ST_LOOK, ST_EVICT, ST_SCRUB };

typedef struct {
  uint8_t  valid;
  uint32_t tag;
  uint32_t cid;
} entry_t;

typedef struct {
  uint8_t  valid;
  uint32_t cid;
} bucket_t;

struct ww_lwh {
  ww_lwh_cfg_t cfg;
  unsigned sets, set_w, sub, bidx_w, sweep;
  uint32_t cid_mask;
  ww_h3_t *hash;        /* per sub-array */
  entry_t *table;       /* [set * ways + way] */
  bucket_t *bkt;        /* [k * sub + idx] */
  uint32_t *vic_idx;    /* per sub-array: victim's bucket */
  /* registers */
  int state;
  unsigned sweep_q, ops;
  uint32_t mark_prev, mark_cur;
  int req_write;
  uint32_t req_addr, req_cid, vic_cid;
  int rsp_valid, rsp_found, rsp_filter;
  uint32_t rsp_cid;
};

ww_lwh_cfg_t ww_lwh_default_cfg(void)
{
  ww_lwh_cfg_t c = { WW_LWH_ENTRIES, WW_LWH_WAYS, WW_LWH_BUCKETS, WW_LWH_SUBARRAYS,
                     WW_LWH_ADDR_W, WW_CID_W, WW_CID_SLACK, WW_LWH_SCRUB_EVERY, WW_H3_SEED };
  return c;
}

ww_lwh_t *ww_lwh_new(const ww_lwh_cfg_t *c)
{
  unsigned sets = c->ways ? c->entries / c->ways : 0;
  unsigned sub = c->subarrays ? c->buckets / c->subarrays : 0;
  if (!c->ways || c->entries % c->ways || !ww_is_pow2(sets) || sets < 2 || !c->subarrays ||
      c->buckets % c->subarrays || !ww_is_pow2(sub) || sub < 2 || c->addr_w <= ww_clog2(sets) ||
      c->addr_w > 32 || c->cid_w < 2 || c->cid_w > 30 || !c->cid_slack ||
      c->cid_slack >= (1u << c->cid_w) || !c->scrub_every) {
    fprintf(stderr, "ww_lwh: illegal configuration ENTRIES=%u WAYS=%u BUCKETS=%u SUBARRAYS=%u "
            "ADDR_W=%u CID_W=%u CID_SLACK=%u SCRUB_EVERY=%u\n", c->entries, c->ways,
            c->buckets, c->subarrays, c->addr_w, c->cid_w, c->cid_slack, c->scrub_every);
    return NULL;
  }
  ww_lwh_t *l = calloc(1, sizeof *l);
  if (!l)
    return NULL;
  l->cfg = *c;
  l->sets = sets;
  l->set_w = ww_clog2(sets);
  l->sub = sub;
  l->bidx_w = ww_clog2(sub);
  l->sweep = sets > sub ? sets : sub;
  l->cid_mask = (1u << c->cid_w) - 1;
  l->hash = calloc(c->subarrays, sizeof *l->hash);
  l->table = calloc(c->entries, sizeof *l->table);
  l->bkt = calloc(c->buckets, sizeof *l->bkt);
  l->vic_idx = calloc(c->subarrays, sizeof *l->vic_idx);
  if (!l->hash || !l->table || !l->bkt || !l->vic_idx) {
    ww_lwh_free(l);
    return NULL;
  }
  for (unsigned k = 0; k < c->subarrays; k++)
    ww_h3_init(&l->hash[k], c->seed + k, c->addr_w, l->bidx_w);
  l->state = ST_INIT;
  return l;
}

void ww_lwh_free(ww_lwh_t *l)
{
  if (!l)
    return;
  free(l->hash);
  free(l->table);
  free(l->bkt);
  free(l->vic_idx);
  free(l);
}

/* Distance from oldest: the age order of live CIDs. */
static uint32_t age(const ww_lwh_t *l, uint32_t cid, uint32_t oldest)
{
  return (cid - oldest) & l->cid_mask;
}

void ww_lwh_step(ww_lwh_t *l, const ww_lwh_in_t *in, ww_lwh_out_t *out)
{
  const ww_lwh_cfg_t *c = &l->cfg;
  uint32_t oldest = (uint32_t)in->oldest_cid_i & l->cid_mask;
  uint32_t next = (uint32_t)in->next_cid_i & l->cid_mask;
  uint32_t window = (next - oldest) & l->cid_mask;
  uint32_t hold_limit = (1u << c->cid_w) - c->cid_slack;
#define LIVE(cid) (age(l, (cid), oldest) < window)

  /* ---- outputs of this cycle ---- */
  int ready = l->state == ST_IDLE && l->ops != c->scrub_every;
  out->cid_hold_o = ((next - l->mark_prev) & l->cid_mask) >= hold_limit;
  out->req_ready_o = (uint64_t)ready;
  out->rsp_valid_o = (uint64_t)l->rsp_valid;
  out->rsp_found_o = (uint64_t)l->rsp_found;
  out->rsp_cid_o = l->rsp_cid;
  out->rsp_filter_o = (uint64_t)l->rsp_filter;

  if (!in->rst_ni) {
    l->state = ST_INIT;
    l->sweep_q = 0;
    l->ops = 0;
    l->mark_prev = l->mark_cur = next;
    l->rsp_valid = 0;
    return;
  }

  /* ---- clock edge ---- */
  int accept = ready && in->req_valid_i;
  int state = l->state;
  int sweep_sets = l->sweep_q < l->sets, sweep_bkts = l->sweep_q < l->sub;
  int sweep_last = l->sweep_q == l->sweep - 1;
  l->rsp_valid = 0;

  switch (state) {
  case ST_INIT:
    for (unsigned w = 0; w < c->ways && sweep_sets; w++)
      l->table[l->sweep_q * c->ways + w] = (entry_t){ 0, 0, 0 };
    for (unsigned k = 0; k < c->subarrays && sweep_bkts; k++)
      l->bkt[k * l->sub + l->sweep_q] = (bucket_t){ 0, 0 };
    if (sweep_last) {
      l->state = ST_IDLE;
      l->mark_prev = l->mark_cur;
      l->mark_cur = next;
    }
    l->sweep_q = (l->sweep_q + 1) % l->sweep;
    break;

  case ST_IDLE:
    if (accept) {
      l->state = ST_LOOK;
      l->ops++;
      l->req_write = (int)in->req_write_i;
      l->req_addr = (uint32_t)in->req_addr_i;
      l->req_cid = (uint32_t)in->req_cid_i & l->cid_mask;
    } else {
      l->state = ST_SCRUB;
      l->ops = 0;
    }
    break;

  case ST_LOOK: {
    unsigned set = l->req_addr & (l->sets - 1);
    uint32_t tag = l->req_addr >> l->set_w;
    entry_t *e = &l->table[set * c->ways];
    int hit = -1, vic = -1;
    for (unsigned w = 0; w < c->ways; w++)
      if (hit < 0 && e[w].valid && e[w].tag == tag)
        hit = (int)w;
    for (unsigned w = 0; w < c->ways; w++)
      if (vic < 0 && !(e[w].valid && LIVE(e[w].cid)))
        vic = (int)w;
    if (vic < 0) {
      vic = 0;
      for (unsigned w = 1; w < c->ways; w++)
        if (age(l, e[w].cid, oldest) < age(l, e[vic].cid, oldest))
          vic = (int)w;
    }
    entry_t victim = e[vic];
    uint32_t vic_addr = (victim.tag << l->set_w) | set;
    l->vic_cid = victim.cid;
    for (unsigned k = 0; k < c->subarrays; k++)
      l->vic_idx[k] = ww_h3_hash(&l->hash[k], vic_addr);
    l->state = ST_IDLE;

    /* the filter's answer for the request address: oldest bucket, found if all live */
    int bf_found = 1;
    uint32_t bf_cid = 0, bf_age = 0;
    for (unsigned k = 0; k < c->subarrays; k++) {
      bucket_t *b = &l->bkt[k * l->sub + ww_h3_hash(&l->hash[k], l->req_addr)];
      bf_found &= b->valid && LIVE(b->cid);
      if (k == 0 || age(l, b->cid, oldest) < bf_age) {
        bf_age = age(l, b->cid, oldest);
        bf_cid = b->cid;
      }
    }

    if (!l->req_write) {
      int found = hit >= 0 ? LIVE(e[hit].cid) : bf_found;
      uint32_t cid = hit >= 0 ? e[hit].cid : bf_cid;
      l->rsp_valid = 1;
      l->rsp_found = found;
      l->rsp_cid = found ? cid : 0;
      l->rsp_filter = hit < 0 && bf_found;   /* the answer is the filter's */
    } else if (LIVE(l->req_cid)) {
      entry_t fresh = { 1, tag, l->req_cid };
      if (hit >= 0) {
        if (!LIVE(e[hit].cid) || age(l, l->req_cid, oldest) > age(l, e[hit].cid, oldest))
          e[hit] = fresh;
      } else {
        if (bf_found && bf_age > age(l, l->req_cid, oldest))
          fresh.cid = bf_cid;   /* cover older evictions of this address */
        e[vic] = fresh;
        if (victim.valid && LIVE(victim.cid))
          l->state = ST_EVICT;
      }
    }
    break;
  }

  case ST_EVICT:
    l->state = ST_IDLE;
    if (LIVE(l->vic_cid)) {
      for (unsigned k = 0; k < c->subarrays; k++) {
        bucket_t *b = &l->bkt[k * l->sub + l->vic_idx[k]];
        if (!(b->valid && LIVE(b->cid)) ||
            age(l, l->vic_cid, oldest) > age(l, b->cid, oldest))
          *b = (bucket_t){ 1, l->vic_cid };
      }
    }
    break;

  case ST_SCRUB:
    l->state = ST_IDLE;
    for (unsigned w = 0; w < c->ways && sweep_sets; w++) {
      entry_t *e = &l->table[l->sweep_q * c->ways + w];
      if (e->valid && !LIVE(e->cid))
        e->valid = 0;
    }
    for (unsigned k = 0; k < c->subarrays && sweep_bkts; k++) {
      bucket_t *b = &l->bkt[k * l->sub + l->sweep_q];
      if (b->valid && !LIVE(b->cid))
        b->valid = 0;
    }
    if (sweep_last) {
      l->mark_prev = l->mark_cur;
      l->mark_cur = next;
    }
    l->sweep_q = (l->sweep_q + 1) % l->sweep;
    break;

  default:
    l->state = ST_INIT;
    break;
  }
#undef LIVE
}
