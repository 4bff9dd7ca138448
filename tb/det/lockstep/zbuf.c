/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_zbuf (rtl/det/ww_zbuf.v), GPUDet's Z-buffer unit.
 * Stimulus: quanta of commit requests. A quantum is a list of requests of
 * random warp slots (lines from a pool of 1..40 lines, or more than the
 * Z-cache holds: one quantum in 60 and every 25th; byte masks full, sparse
 * or a single byte; random data), sent in list order, each held until
 * taken; then the stimulus waits for every acknowledgement and idle_o and
 * starts the next quantum with qid_i + 1 (it wraps at 2^QID_W). It plays
 * the L2 behind the unit socket (random back-pressure; writes applied to a
 * host memory of the pool's lines and acknowledged in order after 1..20
 * cycles) and the SMs' acknowledgement port (random back-pressure).
 * It is also a host reference (GPUDet sec. 4.4.2): after each quantum the
 * memory must equal the serial commit of the quantum's requests, warp slot
 * by warp slot from the highest (the lowest slot's byte left), each slot's
 * requests in the order sent; acknowledgements come one per request, in
 * request order, to the request's SM. A quantum with more lines than the
 * Z-cache holds must raise ovf_o and is not checked (the memory is taken
 * as it is). A failure counts as a mismatch (ww_stim_fail).
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_zbuf.h"

#define WW_PORTS_DEF "ww_zbuf.ports.def"
#define WW_IN_T ww_zbuf_in_t
#define WW_OUT_T ww_zbuf_out_t
#include "ww_lockstep_ports.h"

#define LB      WW_LINE_BYTES
#define SLOTS   (WW_NUM_SM * WW_WARPS_PER_SM)
#define POOL    (WW_DET_ZLINES + 16)
#define REQ_MAX (2 * POOL)
#define LQ      64          /* L2 writes in flight (more than the unit's ACKS) */

typedef struct {
  uint32_t sm, wid, pl;     /* pl: index in the line pool */
  uint8_t  be[LB], d[LB];
} sreq_t;

typedef struct {
  uint32_t qid;
  unsigned npool;
  uint32_t line[POOL];
  uint8_t  mem[POOL][LB];   /* the L2 as the unit wrote it */
  uint8_t  ref[POOL][LB];   /* the host reference */
  sreq_t   req[REQ_MAX];
  unsigned nreq, sent, acked;
  int      phase;           /* 0 new quantum, 1 sending, 2 draining, 3 gap */
  int      overflow;        /* this quantum has more lines than the Z-cache */
  unsigned nq;              /* quanta started */
  unsigned gap;
  uint64_t l2due[LQ];
  unsigned l2head, l2n;
  unsigned rdy_pct, ack_pct, req_pct, lat_max;
} stim_t;

WW_MODEL_HOOKS(ww_zbuf)
WW_STIM_STATE(stim_t)

static unsigned pool_of(const stim_t *s, uint32_t line)
{
  for (unsigned i = 0; i < s->npool; i++)
    if (s->line[i] == line)
      return i;
  return POOL;
}

static void new_quantum(stim_t *s, ww_rng_t *r)
{
  memcpy(s->ref, s->mem, sizeof s->ref);
  /* one quantum in 60 overflows, and the fourth of every 25 (so every run
   * raises ovf_o: at random, seeds had none in 100 000 cycles) */
  s->overflow = ww_rng_chance(r, 1, 60) || s->nq++ % 25 == 3;
  unsigned lines = s->overflow ? WW_DET_ZLINES + 1 + (unsigned)ww_rng_below(r, 8)
                               : 1 + (unsigned)ww_rng_below(r, WW_DET_ZLINES < 40 ? WW_DET_ZLINES : 40);
  /* the first lines of the pool carry over, so entries of older quanta are met */
  if (ww_rng_chance(r, 1, 3) || !s->npool) {
    for (unsigned i = 0; i < POOL; i++) {
      uint32_t l;
      do
        l = (uint32_t)ww_rng_bits(r, 32 - WW_CLOG2(LB));
      while (pool_of(s, l) < i);
      s->line[i] = l;
      for (unsigned b = 0; b < LB; b++)
        s->mem[i][b] = s->ref[i][b] = (uint8_t)ww_rng_bits(r, 8);
    }
    s->npool = POOL;
  }
  s->nreq = s->overflow ? lines + (unsigned)ww_rng_below(r, 8)
                        : (unsigned)ww_rng_below(r, 3 * lines + 2);
  for (unsigned i = 0; i < s->nreq; i++) {
    sreq_t *q = &s->req[i];
    unsigned slot = (unsigned)ww_rng_below(r, SLOTS);
    q->sm = slot / WW_WARPS_PER_SM;
    q->wid = slot % WW_WARPS_PER_SM;
    q->pl = s->overflow && i < lines ? i : (unsigned)ww_rng_below(r, lines);
    unsigned kind = (unsigned)ww_rng_below(r, 4);
    unsigned one = (unsigned)ww_rng_below(r, LB);
    for (unsigned b = 0; b < LB; b++) {
      q->be[b] = kind == 0 ? 1 : kind == 1 ? (b == one) : ww_rng_chance(r, 1, kind == 2 ? 2 : 6);
      q->d[b] = (uint8_t)ww_rng_bits(r, 8);
    }
  }
  s->sent = s->acked = 0;
}

static void check_quantum(stim_t *s)
{
  if (s->overflow)
    return;
  for (int slot = SLOTS - 1; slot >= 0; slot--)
    for (unsigned i = 0; i < s->nreq; i++) {
      const sreq_t *q = &s->req[i];
      if (q->sm * WW_WARPS_PER_SM + q->wid != (unsigned)slot)
        continue;
      for (unsigned b = 0; b < LB; b++)
        if (q->be[b])
          s->ref[q->pl][b] = q->d[b];
    }
  for (unsigned l = 0; l < s->npool; l++)
    for (unsigned b = 0; b < LB; b++)
      if (s->mem[l][b] != s->ref[l][b]) {
        ww_stim_fail("qid %u: line %#x byte %u is %#x, the serial commit in depth order gives %#x",
                     s->qid, s->line[l], b, s->mem[l][b], s->ref[l][b]);
        memcpy(s->ref, s->mem, sizeof s->ref);
        return;
      }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_zbuf_out_t *prev = vprev;
  ww_zbuf_in_t *in = vin;

  if (cycle && (in->rst_ni & 1)) {
    /* last cycle's handshakes */
    if ((in->req_valid_i & 1) && (prev->req_ready_o & 1))
      s->sent++;
    if ((prev->ack_valid_o & 1) && (in->ack_ready_i & 1)) {
      if (s->acked >= s->sent)
        ww_stim_fail("an acknowledgement with no request outstanding");
      else if (prev->ack_sm_o != s->req[s->acked].sm)
        ww_stim_fail("acknowledgement to SM %u, request %u came from SM %u",
                     (unsigned)prev->ack_sm_o, s->acked, s->req[s->acked].sm);
      s->acked++;
    }
    if ((prev->u_req_valid_o & 1) && (in->u_req_ready_i & 1) && s->l2n < LQ) {
      unsigned l = pool_of(s, (uint32_t)prev->u_req_line_o);
      if (l == POOL || prev->u_req_op_o != WW_L2_WRITE) {
        ww_stim_fail("L2 request op %u to line %#x, not a WRITE of a requested line",
                     (unsigned)prev->u_req_op_o, (unsigned)prev->u_req_line_o);
      } else {
        for (unsigned b = 0; b < LB; b++)
          if (prev->u_req_be_o[b / 32] >> (b % 32) & 1)
            s->mem[l][b] = (uint8_t)(prev->u_req_data_o[b / 4] >> (8 * (b % 4)));
      }
      uint64_t due = cycle + 1 + ww_rng_below(r, s->lat_max);
      uint64_t last = s->l2n ? s->l2due[(s->l2head + s->l2n - 1) % LQ] : 0;
      s->l2due[(s->l2head + s->l2n++) % LQ] = due > last ? due : last;
    }
    if (in->u_rsp_valid_i & 1) {
      s->l2head = (s->l2head + 1) % LQ;
      s->l2n--;
    }
  }

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!(in->rst_ni & 1)) {
    /* the unit forgets everything: the quantum is dropped */
    s->l2n = 0;
    s->phase = 0;
    s->nreq = s->sent = s->acked = 0;
    memcpy(s->ref, s->mem, sizeof s->ref);
  }
  if (cycle % 500 == 0) {
    s->rdy_pct = ww_rng_chance(r, 1, 3) ? 100 : 20 + (unsigned)ww_rng_below(r, 80);
    s->ack_pct = ww_rng_chance(r, 1, 3) ? 100 : 10 + (unsigned)ww_rng_below(r, 90);
    s->req_pct = ww_rng_chance(r, 1, 3) ? 100 : 10 + (unsigned)ww_rng_below(r, 90);
    s->lat_max = ww_rng_chance(r, 1, 4) ? 20 : 1 + (unsigned)ww_rng_below(r, 4);
  }

  if (in->rst_ni & 1) {
    switch (s->phase) {
    case 0:
      new_quantum(s, r);
      s->phase = 1;
      break;
    case 1:
      if (s->sent == s->nreq)
        s->phase = 2;
      break;
    case 2:
      if (s->acked == s->nreq && (prev->idle_o & 1)) {
        if (s->overflow && !(prev->ovf_o & 1))
          ww_stim_fail("qid %u: more lines than the Z-cache holds, ovf_o low", s->qid);
        check_quantum(s);
        s->gap = (unsigned)ww_rng_below(r, 4);
        s->phase = 3;
      }
      break;
    default:
      if (s->gap-- == 0) {
        s->qid = (s->qid + 1) & ((1u << WW_DET_QID_W) - 1);
        s->phase = 0;
      }
      break;
    }
  }
  in->qid_i = s->qid;

  /* the request being sent: held until taken */
  int send = s->phase == 1 && s->sent < s->nreq;
  if (send && !(in->req_valid_i & 1))
    send = ww_rng_chance(r, s->req_pct, 100);
  in->req_valid_i = (uint64_t)send;
  const sreq_t *q = &s->req[send ? s->sent : 0];
  in->req_sm_i = send ? q->sm : ww_rng_bits(r, 8) % WW_NUM_SM;
  in->req_wid_i = send ? q->wid : ww_rng_bits(r, 8) % WW_WARPS_PER_SM;
  in->req_line_i = send ? s->line[q->pl] : ww_rng_bits(r, 32 - WW_CLOG2(LB));
  memset(in->req_be_i, 0, sizeof in->req_be_i);
  memset(in->req_data_i, 0, sizeof in->req_data_i);
  for (unsigned b = 0; b < LB; b++) {
    unsigned be = send ? q->be[b] : (unsigned)ww_rng_bits(r, 1);
    unsigned d = send ? q->d[b] : (unsigned)ww_rng_bits(r, 8);
    in->req_be_i[b / 32] |= (uint32_t)be << (b % 32);
    in->req_data_i[b / 4] |= (uint32_t)d << (8 * (b % 4));
  }
  in->ack_ready_i = ww_rng_chance(r, s->ack_pct, 100);
  in->u_req_ready_i = s->l2n < LQ - 1 && ww_rng_chance(r, s->rdy_pct, 100);
  in->u_rsp_valid_i = (in->rst_ni & 1) && s->l2n && s->l2due[s->l2head] <= cycle;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "zbuf",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " WARPS=" WW_XSTR(WW_WARPS_PER_SM)
            " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES) " ZLINES=" WW_XSTR(WW_DET_ZLINES)
            " QID_W=" WW_XSTR(WW_DET_QID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
  .constant = "u_req_op_o",   /* the unit only writes */
};
