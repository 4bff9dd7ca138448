/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_l1_dcache (rtl/sm/ww_l1_dcache.v), the SM's L1 data cache.
 *
 * Stimulus, core side: loads (52%), stores (20%, random byte masks), block
 * atomics (15%, all ten ops; CAS compares with the current memory word half
 * of the time so it succeeds), strong loads (12.5%), device-fence invalidates
 * (0.5%), to a pool of 80 lines crowded onto the sets (5 per set with the
 * default 16 sets x 4 ways, so lines are evicted all the time), half of them
 * to 8 hot lines (redrawn now and then) so lines hit and merge; each request
 * is held until accepted, and gaps of random length let the cache drain.
 * Memory side: the stimulus is the memory. It records every request the DUT
 * handed over (last cycle's mem_req_valid_o && mem_req_ready_i), performs it
 * on its own copy of memory at once (reads take a snapshot, writes are
 * applied), and answers it after a random delay of 1..40 cycles (bursts of
 * long delays, so MSHRs and write slots fill), choosing among the answerable
 * ones at random, so responses come back out of order; a response is held
 * until mem_rsp_ready_o. mem_req_ready_i has random back-pressure. Now and
 * then "another SM" overwrites a line of the memory directly. A reset drops
 * everything outstanding.
 */
#include "ww_l1_dcache.h"
#include "ww_lockstep.h"

#include <string.h>

#define WW_PORTS_DEF "ww_l1_dcache.ports.def"
#define WW_IN_T ww_l1_dcache_in_t
#define WW_OUT_T ww_l1_dcache_out_t
#include "ww_lockstep_ports.h"

#define LB WW_LINE_BYTES
#define WORDS (LB / 4)
#define POOL 80
#define LINE_BASE 0x1000u
#define MAXOUT 16

typedef struct {
  uint32_t id;
  uint64_t ready_at;
  uint32_t data[WORDS];
} mreq_t;

typedef struct {
  int pending;                  /* a core request is on offer */
  ww_l1_dcache_in_t req;
  ww_l1_dcache_in_t last;       /* the inputs driven last cycle */
  uint32_t mem[POOL][WORDS];
  mreq_t out[MAXOUT];
  unsigned nout;
  int driving;                  /* a memory response is on offer: out[drv] */
  unsigned drv;
  unsigned slow;                /* cycles left of a slow-memory burst */
  unsigned hot[8];              /* half of the requests go to these lines */
} stim_t;

WW_MODEL_HOOKS(ww_l1_dcache)
WW_STIM_STATE(stim_t)

static unsigned pool_idx(uint32_t line)
{
  uint32_t i = line - LINE_BASE;
  return i < POOL ? i : 0;
}

static void make_request(stim_t *s, ww_rng_t *r, ww_l1_dcache_in_t *q)
{
  unsigned k = (unsigned)ww_rng_below(r, 1000), pi = (unsigned)ww_rng_below(r, POOL);
  if (ww_rng_chance(r, 1, 2))
    pi = s->hot[ww_rng_below(r, 8)];
  q->req_op_i = k < 520 ? WW_L1_LOAD : k < 720 ? WW_L1_STORE : k < 870 ? WW_L1_ATOMIC
              : k < 995 ? WW_L1_LOAD_STRONG : WW_L1_INVAL;
  q->req_line_i = LINE_BASE + pi;
  q->req_tag_i = ww_rng_bits(r, 8);
  for (unsigned w = 0; w < WW_PORT_WORDS(LB); w++) {
    uint32_t m = (uint32_t)ww_rng_bits(r, 32);
    q->req_be_i[w] = ww_rng_chance(r, 1, 3) ? 0xFFFFFFFFu : m;
  }
  if (LB < 32)
    q->req_be_i[0] &= 0xFFFFFFFFu >> (32 - (LB < 32 ? LB : 32));
  for (unsigned w = 0; w < WORDS; w++)
    q->req_wdata_i[w] = (uint32_t)ww_rng_bits(r, 32);
  unsigned word = (unsigned)ww_rng_below(r, WORDS);
  q->req_amo_op_i = ww_rng_below(r, 10);
  q->req_amo_word_i = word;
  q->req_amo_a_i = ww_rng_chance(r, 1, 2) ? s->mem[pi][word] : (uint32_t)ww_rng_bits(r, 32);
  if (ww_rng_chance(r, 1, 4))
    q->req_amo_a_i = (uint32_t)ww_rng_below(r, 8) - 4;
  q->req_amo_b_i = (uint32_t)ww_rng_bits(r, 32);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_l1_dcache_out_t *prev = vprev;
  ww_l1_dcache_in_t *in = vin;
  const ww_l1_dcache_in_t *l = &s->last;

  if (cycle == 0 || ww_rng_chance(r, 1, 5000))
    for (unsigned i = 0; i < 8; i++)
      s->hot[i] = (unsigned)ww_rng_below(r, POOL);

  /* what happened at last cycle's clock edge */
  if (l->rst_ni) {
    if (s->pending && l->req_valid_i && prev->req_ready_o)
      s->pending = 0;
    if (s->driving && prev->mem_rsp_ready_o) {
      s->out[s->drv] = s->out[--s->nout];
      s->driving = 0;
    }
    if (prev->mem_req_valid_o && l->mem_req_ready_i && s->nout < MAXOUT) {
      mreq_t *m = &s->out[s->nout++];
      unsigned pi = pool_idx((uint32_t)prev->mem_req_line_o);
      m->id = (uint32_t)prev->mem_req_id_o;
      m->ready_at = cycle + 1 + ww_rng_below(r, s->slow ? 40 : 8);
      if (prev->mem_req_we_o) {
        for (unsigned b = 0; b < LB; b++)
          if ((prev->mem_req_be_o[b / 32] >> (b % 32)) & 1) {
            uint32_t sh = 8 * (b % 4), v = (prev->mem_req_data_o[b / 4] >> sh) & 0xFF;
            s->mem[pi][b / 4] = (s->mem[pi][b / 4] & ~(0xFFu << sh)) | v << sh;
          }
        memset(m->data, 0, sizeof m->data);
      } else {
        memcpy(m->data, s->mem[pi], sizeof m->data);
      }
    }
  } else {
    s->driving = 0;
  }

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!in->rst_ni) {
    s->nout = 0;
    s->driving = 0;
  }
  if (s->slow)
    s->slow--;
  else if (ww_rng_chance(r, 1, 300))
    s->slow = 200 + (unsigned)ww_rng_below(r, 400);

  /* another SM writes a word */
  if (ww_rng_chance(r, 1, 40))
    s->mem[ww_rng_below(r, POOL)][ww_rng_below(r, WORDS)] = (uint32_t)ww_rng_bits(r, 32);

  /* core side */
  if (!s->pending && ww_rng_chance(r, 2, 3)) {
    s->pending = 1;
    make_request(s, r, &s->req);
  }
  memcpy(in->req_be_i, s->req.req_be_i, sizeof in->req_be_i);
  memcpy(in->req_wdata_i, s->req.req_wdata_i, sizeof in->req_wdata_i);
  in->req_op_i = s->req.req_op_i;
  in->req_line_i = s->req.req_line_i;
  in->req_tag_i = s->req.req_tag_i;
  in->req_amo_op_i = s->req.req_amo_op_i;
  in->req_amo_word_i = s->req.req_amo_word_i;
  in->req_amo_a_i = s->req.req_amo_a_i;
  in->req_amo_b_i = s->req.req_amo_b_i;
  in->req_valid_i = (uint64_t)s->pending;

  /* memory side */
  in->mem_req_ready_i = (uint64_t)ww_rng_chance(r, s->slow ? 1 : 3, 4);
  if (!s->driving && s->nout && ww_rng_chance(r, 3, 4)) {
    unsigned start = (unsigned)ww_rng_below(r, s->nout);
    for (unsigned k = 0; k < s->nout; k++) {
      unsigned i = (start + k) % s->nout;
      if (s->out[i].ready_at <= cycle) {
        s->driving = 1;
        s->drv = i;
        break;
      }
    }
  }
  in->mem_rsp_valid_i = (uint64_t)s->driving;
  if (s->driving) {
    in->mem_rsp_id_i = s->out[s->drv].id;
    memcpy(in->mem_rsp_data_i, s->out[s->drv].data, sizeof in->mem_rsp_data_i);
  } else {
    in->mem_rsp_id_i = ww_rng_bits(r, WW_L1_ID_W);
    for (unsigned w = 0; w < WORDS; w++)
      in->mem_rsp_data_i[w] = (uint32_t)ww_rng_bits(r, 32);
  }
  s->last = *in;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "l1_dcache",
  .params = "SETS=" WW_XSTR(WW_L1_SETS) " WAYS=" WW_XSTR(WW_L1_WAYS) " LINE_BYTES="
            WW_XSTR(WW_LINE_BYTES) " MSHRS=" WW_XSTR(WW_L1_MSHRS) " MERGE=" WW_XSTR(WW_WARPS_PER_SM)
            " WQ=" WW_XSTR(WW_L1_WQ),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
