/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_lwh (rtl/tm/ww_lwh.v), KILO TM last-writer history.
 *
 * Stimulus: a CID vendor that issues batches of 1..8 IDs while cid_hold_o is
 * low and the window has room, and retires the oldest IDs at random; requests
 * (60% writes, 40% queries) held until accepted, to addresses drawn mostly
 * from a pool crowded onto four table sets so ways are evicted all the time
 * and the same addresses come back; writer CIDs anywhere in the live window
 * (so evictions reach the buckets out of age order), now and then a retired
 * one. The pool is built of address pairs that share a bucket in one
 * sub-array (found with the same H3 functions), so younger and older
 * evictions meet in buckets as often as in a loaded filter. Rare "CID storms" jump the window far ahead, so wrap-around, stale
 * entries and cid_hold_o are exercised too, and cycles 30000-37999 of every
 * 50000 are a "flood" that issues 16 IDs a cycle while cid_hold_o is low, so
 * the hold must rise even at wide CIDs. "Retirement runs" (about one in
 * 1500 cycles) retire everything and move the window on by more than half
 * the ID space, so queries meet unscrubbed entries whose retired CIDs lie
 * far ahead of the oldest live one (mutant LWH_LIVE_HALF_SPACE). (Equivalence
 * does not need the protocol to be respected; cmodel/tm/test/test_lwh.c checks
 * the protocol's guarantee.)
 */
#include "ww_h3.h"
#include "ww_lockstep.h"
#include "ww_lwh.h"

#define WW_PORTS_DEF "ww_lwh.ports.def"
#define WW_IN_T ww_lwh_in_t
#define WW_OUT_T ww_lwh_out_t
#include "ww_lockstep_ports.h"

#define POOL 64
#define CID_MASK ((1ull << WW_CID_W) - 1)
#define SETS (WW_LWH_ENTRIES / WW_LWH_WAYS)

typedef struct {
  uint64_t oldest, next;        /* unbounded counters; ports carry the low bits */
  uint64_t pool[POOL];
  int pending;                  /* a request is being offered */
  ww_lwh_in_t req;              /* the request on offer */
} stim_t;

WW_MODEL_HOOKS(ww_lwh)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_lwh_out_t *prev = vprev;
  ww_lwh_in_t *in = vin;
  const uint64_t window_max = WW_CID_SLACK - 8;

  if (cycle == 0) {
    uint64_t hot[4];
    unsigned bidx_w = 0;
    while ((1u << bidx_w) < WW_LWH_BUCKETS / WW_LWH_SUBARRAYS)
      bidx_w++;
    for (unsigned i = 0; i < 4; i++)
      hot[i] = ww_rng_below(r, SETS);
    for (unsigned i = 0; i < POOL; i += 2) {
      ww_h3_t h;
      ww_h3_init(&h, WW_H3_SEED + (i / 2) % WW_LWH_SUBARRAYS, WW_LWH_ADDR_W, bidx_w);
      uint64_t a = (ww_rng_bits(r, WW_LWH_ADDR_W) & ~(uint64_t)(SETS - 1)) | hot[i % 4];
      uint64_t b;
      do {      /* birthday search: a partner in another hot set, same bucket */
        b = (ww_rng_bits(r, WW_LWH_ADDR_W) & ~(uint64_t)(SETS - 1)) | hot[(i + 1) % 4];
      } while (ww_h3_hash(&h, a) != ww_h3_hash(&h, b));
      s->pool[i] = a;
      s->pool[i + 1] = b;
    }
    s->next = s->oldest = ww_rng_bits(r, WW_CID_W);
  }

  /* the request offered last cycle moved if the unit was ready */
  if (s->pending && in->req_valid_i && prev->req_ready_o)
    s->pending = 0;

  /* CID vendor and retirement */
  if (!prev->cid_hold_o && ww_rng_chance(r, 1, 3)) {
    uint64_t batch = 1 + ww_rng_below(r, 8);
    if (s->next - s->oldest + batch <= window_max)
      s->next += batch;
  }
  if (s->oldest < s->next && ww_rng_chance(r, 1, 3))
    s->oldest++;
  if (cycle % 50000 >= 30000 && cycle % 50000 < 38000 && !prev->cid_hold_o) {  /* flood */
    s->next += 16;
    s->oldest = s->next - ww_rng_below(r, window_max);
  }
  if (ww_rng_chance(r, 1, 1500)) {
    /* retirement run: everything in flight retires and the window moves on
     * by more than half the ID space (a long run of commits elsewhere), so
     * the table's unscrubbed entries hold CIDs retired long ago, whose age
     * from the oldest live ID looks small; the pool's queries reach them
     * before the scrubber does */
    const uint64_t half = 1ull << (WW_CID_W - 1);
    s->next += half + ww_rng_below(r, half > 2 * WW_CID_SLACK ? half - 2 * WW_CID_SLACK : 1);
    s->oldest = s->next - ww_rng_below(r, 4);
  }
  if (ww_rng_chance(r, 1, 5000)) {      /* storm: jump the window far ahead */
    /* half the storms wrap nearly all the way round: cid_hold_o must rise */
    s->next += ww_rng_chance(r, 1, 2) ? (1ull << WW_CID_W) - ww_rng_below(r, 2 * WW_CID_SLACK)
                                      : ww_rng_bits(r, WW_CID_W);
    s->oldest = s->next - ww_rng_below(r, window_max);
  }

  if (!s->pending && ww_rng_chance(r, 3, 4)) {
    s->pending = 1;
    s->req.req_write_i = ww_rng_chance(r, 3, 5);
    s->req.req_addr_i = ww_rng_chance(r, 9, 10) ? s->pool[ww_rng_below(r, POOL)]
                                                  : ww_rng_bits(r, WW_LWH_ADDR_W);
    uint64_t cid = s->next > s->oldest && ww_rng_chance(r, 19, 20)
                       ? s->oldest + ww_rng_below(r, s->next - s->oldest)
                       : s->oldest - 1 - ww_rng_below(r, 4);   /* already retired */
    s->req.req_cid_i = cid & CID_MASK;
  }

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->oldest_cid_i = s->oldest & CID_MASK;
  in->next_cid_i = s->next & CID_MASK;
  in->req_valid_i = (uint64_t)s->pending;
  in->req_write_i = s->req.req_write_i;
  in->req_addr_i = s->req.req_addr_i;
  in->req_cid_i = s->req.req_cid_i;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "lwh",
  .params = "ENTRIES=" WW_XSTR(WW_LWH_ENTRIES) " WAYS=" WW_XSTR(WW_LWH_WAYS)
            " BUCKETS=" WW_XSTR(WW_LWH_BUCKETS) " SUBARRAYS=" WW_XSTR(WW_LWH_SUBARRAYS)
            " ADDR_W=" WW_XSTR(WW_LWH_ADDR_W) " CID_W=" WW_XSTR(WW_CID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
