/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_part_port (rtl/mem/ww_part_port.v), the partition port
 * in front of one L2 slice. Stimulus, as the GPU drives it: the crossbar
 * offers requests held until accepted, a third of them ScoRD sideband
 * records, a sixth KILO TM packets (id class TM); every unit offers READ/WRITE requests held until accepted, in
 * bursts where several units and the crossbar compete; the slice answers
 * with responses held until taken, whose ids are the units' own, L1 ids or
 * BYPASS ids, with random source, miss and data; the commit unit offers
 * messages held until taken, in phases of a message every cycle (so the
 * turns of the response arbiter are exercised); random back-pressure on
 * every ready (slice, record port, TM packet port, crossbar responses, with
 * phases of a stalled slice); flush phases as the top's ST_FLUSH
 * (flush_valid_i until the slice takes it, then the ack).
 */
#include "ww_lockstep.h"
#include "ww_part_port.h"

#define WW_PORTS_DEF "ww_part_port.ports.def"
#define WW_IN_T ww_part_port_in_t
#define WW_OUT_T ww_part_port_out_t
#include "ww_lockstep_ports.h"

#define N_UNITS WW_PART_UNITS
#define LB      (WW_LINE_BYTES * 8)
#define LINE_W  (32 - WW_CLOG2(WW_LINE_BYTES))
#define SM_W    WW_IDX_W(WW_NUM_SM)
#define WORD_W  WW_IDX_W(WW_LINE_BYTES / 4)

typedef struct {
  int x_pending, rsp_pending, msg_pending, flush_left, flush_sent;
  unsigned msg_pct;      /* chance of a new message, per cent */
  int u_pending[N_UNITS];
  unsigned burst;        /* 0 quiet, 1 busy, 2 every requester at once */
  unsigned stall;        /* cycles left of a stalled slice */
} stim_t;

WW_MODEL_HOOKS(ww_part_port)
WW_STIM_STATE(stim_t)

/* v[lsb +: w] = x (w <= 32) */
static void set_bits(uint32_t *v, unsigned lsb, unsigned w, uint32_t x)
{
  for (unsigned i = 0; i < w; i++) {
    unsigned b = lsb + i;
    v[b / 32] = (v[b / 32] & ~(1u << (b % 32))) | (((x >> i) & 1u) << (b % 32));
  }
}

static uint32_t rnd_bits(ww_rng_t *r, unsigned w) { return (uint32_t)ww_rng_bits(r, w > 32 ? 32 : w); }

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_part_port_out_t *prev = vprev;
  ww_part_port_in_t *in = vin;
  const ww_part_port_cfg_t cfg = ww_part_port_default_cfg();

  if (cycle % 300 == 0)
    s->burst = (unsigned)ww_rng_below(r, 3);
  unsigned pct = s->burst == 0 ? 10 : s->burst == 1 ? 50 : 95;

  /* last cycle's handshakes (the block is combinational: prev is the answer
     to the inputs still in *in) */
  if (s->x_pending && (in->x_req_valid_i & 1) && (prev->x_req_ready_o & 1))
    s->x_pending = 0;
  for (unsigned k = 0; k < N_UNITS; k++)
    if (s->u_pending[k] && ((in->u_req_valid_i >> k) & 1) && ((prev->u_req_ready_o >> k) & 1))
      s->u_pending[k] = 0;
  if (s->rsp_pending && (in->l2_rsp_valid_i & 1) && (prev->l2_rsp_ready_o & 1))
    s->rsp_pending = 0;
  if (s->msg_pending && (in->tm_msg_valid_i & 1) && (prev->tm_msg_ready_o & 1))
    s->msg_pending = 0;
  if (cycle % 500 == 0)
    s->msg_pct = ww_rng_chance(r, 1, 3) ? 100 : (unsigned)ww_rng_below(r, 40);

  /* flush: about once in 400 cycles, when no response is pending */
  if (s->flush_left) {
    if (s->flush_sent == 0 && (in->flush_valid_i & 1) && (in->l2_req_ready_i & 1))
      s->flush_sent = 1;
    s->flush_left--;
  } else if (ww_rng_chance(r, 1, 400)) {
    s->flush_left = 5 + (int)ww_rng_below(r, 30);
    s->flush_sent = 0;
  }
  in->flush_i = s->flush_left > 0;
  in->flush_valid_i = s->flush_left > 0 && !s->flush_sent ? 1 : (ww_rng_chance(r, 1, 20) ? 1 : 0);

  /* the crossbar's request */
  if (!s->x_pending && ww_rng_chance(r, pct, 100)) {
    s->x_pending = 1;
    in->x_req_sk_i = ww_rng_chance(r, 1, 3) ? 1 + ww_rng_below(r, (1u << WW_SCORD_SK_W) - 1)
                                            : WW_SCORD_SK_NONE;
    in->x_req_op_i = ww_rng_bits(r, WW_L2_W);
    in->x_req_line_i = rnd_bits(r, LINE_W);
    unsigned pick = (unsigned)ww_rng_below(r, 6);
    int tm = !pick;
    in->x_req_id_i = tm ? WW_REQID_TM
                   : pick < 3 ? ww_rng_bits(r, 3) : (WW_REQID_BYPASS | ww_rng_bits(r, 3));
    if (tm)   /* a TM packet is never a record */
      in->x_req_sk_i = WW_SCORD_SK_NONE;
    in->x_req_src_i = ww_rng_below(r, WW_NUM_SM);
    for (unsigned i = 0; i < WW_PORT_WORDS(WW_LINE_BYTES); i++)
      in->x_req_be_i[i] = 0;
    set_bits(in->x_req_be_i, 0, WW_LINE_BYTES < 32 ? WW_LINE_BYTES : 32, rnd_bits(r, WW_LINE_BYTES));
    for (unsigned i = 0; i < LB / 32; i++)
      in->x_req_data_i[i] = (uint32_t)ww_rng_bits(r, 32);
    in->x_req_amo_op_i = ww_rng_bits(r, WW_AMO_W);
    in->x_req_amo_word_i = ww_rng_bits(r, WORD_W);
    in->x_req_amo_a_i = ww_rng_bits(r, 32);
    in->x_req_amo_b_i = ww_rng_bits(r, 32);
  }
  in->x_req_valid_i = (uint64_t)s->x_pending;

  /* the units' requests (READ or WRITE) */
  uint64_t uv = 0, uop = 0;
  for (unsigned k = 0; k < N_UNITS; k++) {
    if (!s->u_pending[k] && ww_rng_chance(r, pct / 2 + 1, 100)) {
      s->u_pending[k] = 1;
      uint32_t op = ww_rng_chance(r, 1, 2) ? WW_L2_READ : WW_L2_WRITE;
      uop = (uop & ~((uint64_t)((1u << WW_L2_W) - 1) << (k * WW_L2_W))) |
            ((uint64_t)op << (k * WW_L2_W));
      set_bits(in->u_req_line_i, k * LINE_W, LINE_W, rnd_bits(r, LINE_W));
      for (unsigned b = 0; b < WW_LINE_BYTES; b += 32)
        set_bits(in->u_req_be_i, k * WW_LINE_BYTES + b,
                 WW_LINE_BYTES - b < 32 ? WW_LINE_BYTES - b : 32, (uint32_t)ww_rng_bits(r, 32));
      for (unsigned i = 0; i < LB / 32; i++)
        in->u_req_data_i[k * (LB / 32) + i] = (uint32_t)ww_rng_bits(r, 32);
    } else {
      uop |= in->u_req_op_i & ((uint64_t)((1u << WW_L2_W) - 1) << (k * WW_L2_W));
    }
    uv |= (uint64_t)s->u_pending[k] << k;
  }
  in->u_req_valid_i = uv;
  in->u_req_op_i = uop;

  /* the slice: ready unless stalled; a response held until taken */
  if (s->stall)
    s->stall--;
  else if (ww_rng_chance(r, 1, 100))
    s->stall = 1 + (unsigned)ww_rng_below(r, 20);
  in->l2_req_ready_i = !s->stall && ww_rng_chance(r, 3, 4);
  if (!s->rsp_pending && ww_rng_chance(r, pct, 100)) {
    s->rsp_pending = 1;
    unsigned c = (unsigned)ww_rng_below(r, N_UNITS + 3);
    in->l2_rsp_id_i = c < N_UNITS ? cfg.unit_ids[c]
                    : c == N_UNITS ? ww_rng_bits(r, 3)
                    : c == N_UNITS + 1 ? (WW_REQID_BYPASS | ww_rng_bits(r, 3))
                    : ww_rng_bits(r, WW_REQID_W);
    in->l2_rsp_src_i = ww_rng_below(r, WW_NUM_SM);
    in->l2_rsp_miss_i = ww_rng_bits(r, 1);
    for (unsigned i = 0; i < LB / 32; i++)
      in->l2_rsp_data_i[i] = (uint32_t)ww_rng_bits(r, 32);
  }
  in->l2_rsp_valid_i = (uint64_t)s->rsp_pending;
  /* the commit unit's messages */
  if (!s->msg_pending && ww_rng_chance(r, s->msg_pct, 100)) {
    s->msg_pending = 1;
    in->tm_msg_sm_i = ww_rng_below(r, WW_NUM_SM);
    for (unsigned i = 0; i < LB / 32; i++)
      in->tm_msg_data_i[i] = (uint32_t)ww_rng_bits(r, 32);
  }
  in->tm_msg_valid_i = (uint64_t)s->msg_pending;
  in->tm_pkt_ready_i = ww_rng_chance(r, 2, 3);
  in->rec_ready_i = ww_rng_chance(r, 2, 3);
  in->x_rsp_ready_i = ww_rng_chance(r, 3, 4);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "part_port",
  .params = "N_UNITS=" WW_XSTR(WW_PART_UNITS) " NUM_SM=" WW_XSTR(WW_NUM_SM)
            " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
