/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_simt_stack (rtl/sm/ww_simt_stack.v).
 * Stimulus: each warp keeps a shadow of its active mask and pc, updated from
 * the unit's own answers (as the SM's issue stage would), so splits divide
 * real masks and joins restore them. A request for a warp waits until that
 * warp's previous answer has been seen. Each warp alternates between a
 * push-heavy and a pop-heavy phase, so stacks run into overflow (DEPTH) and
 * underflow; now and then a warp is cleared (relaunched) with a new mask.
 * So every warp's stack empties and refills many times, and every bit of
 * empty_o (compared every cycle, like all outputs in the .ports.def) toggles.
 * Transactions: pushes are splits or (1 in 4) tx.begins; a pop is a join
 * when the warp's top entry is RECONV/ELSE and a tx.commit when it is TX
 * (the stimulus keeps a shadow of each stack's kinds from the answers),
 * 1 in 10 the other one (the error answers: a join on TX, a commit on a
 * non-TX top or an empty stack); a commit fails no lane half the time,
 * else random lanes (retries). A tx abort (the watchdog: pop above the
 * warp's TX entry, its lanes retry) 1 in 8 requests of a warp whose stack
 * holds a TX entry below other entries (the case a tx.commit cannot do),
 * 1 in 200 of any warp (TX_NONE answers when it has none).
 */
#include "ww_lockstep.h"
#include "ww_simt_stack.h"

#define WW_PORTS_DEF "ww_simt_stack.ports.def"
#define WW_IN_T ww_simt_stack_in_t
#define WW_OUT_T ww_simt_stack_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANE_MASK ((uint32_t)((1ull << WW_LANES) - 1))

enum { K_RECONV, K_ELSE, K_TX };

typedef struct {
  uint32_t mask[WARPS], pc[WARPS];
  uint8_t kind[WARPS][WW_SIMT_DEPTH];   /* shadow of each stack's entry kinds */
  unsigned sp[WARPS];
  ww_simt_stack_in_t last[WARPS];       /* the warp's request being answered */
  int pushing[WARPS];
  uint64_t ready_at[WARPS];     /* first cycle a new request may be offered */
  int pending;
  ww_simt_stack_in_t req;
} stim_t;

WW_MODEL_HOOKS(ww_simt_stack)
WW_STIM_STATE(stim_t)

static uint32_t random_mask(ww_rng_t *r)
{
  uint32_t m;
  do
    m = (uint32_t)ww_rng_bits(r, WW_LANES) & LANE_MASK;
  while (!m);
  return m;
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_simt_stack_out_t *prev = vprev;
  ww_simt_stack_in_t *in = vin;

  if (cycle == 0)
    for (unsigned w = 0; w < WARPS; w++) {
      s->mask[w] = random_mask(r);
      s->pc[w] = (uint32_t)ww_rng_bits(r, 16) << 2;
    }
  if (prev->rsp_valid_o && prev->rsp_wid_o < WARPS) {
    const unsigned w = (unsigned)prev->rsp_wid_o;
    const ww_simt_stack_in_t *q = &s->last[w];
    const unsigned err = (unsigned)prev->rsp_err_o;
    if (err == WW_STACK_ERR_OK) {
      s->mask[w] = (uint32_t)prev->rsp_tmask_o;
      s->pc[w] = (uint32_t)prev->rsp_pc_o;
    }
    /* the shadow follows what the unit did (errors included) */
    const int failed = (q->req_tmask_i & q->req_pred_i) != 0;
    if (q->req_op_i == WW_STACK_SPLIT && err == WW_STACK_ERR_OK) {
      s->kind[w][s->sp[w]++] = K_RECONV;
      if (prev->rsp_diverged_o)
        s->kind[w][s->sp[w]++] = K_ELSE;
    } else if (q->req_op_i == WW_STACK_TX_BEGIN && err == WW_STACK_ERR_OK) {
      s->kind[w][s->sp[w]++] = K_TX;
    } else if (q->req_op_i == WW_STACK_JOIN && s->sp[w]) {
      s->sp[w]--;
    } else if (q->req_op_i == WW_STACK_TX_COMMIT && s->sp[w] && !failed) {
      s->sp[w]--;
    } else if (q->req_op_i == WW_STACK_TX_ABORT && err == WW_STACK_ERR_OK) {
      while (s->sp[w] && s->kind[w][s->sp[w] - 1] != K_TX)
        s->sp[w]--;
    } else if (q->req_op_i == WW_STACK_CLEAR) {
      s->sp[w] = 0;
    }
  }
  if (s->pending && in->req_valid_i && prev->req_ready_o) {   /* accepted last cycle */
    s->pending = 0;
    s->ready_at[s->req.req_wid_i] = cycle + 1;                /* its answer shows next cycle */
  }
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!in->rst_ni)
    for (unsigned w = 0; w < WARPS; w++) {
      s->ready_at[w] = cycle + 2;
      s->sp[w] = 0;
    }

  if (!s->pending && ww_rng_chance(r, 4, 5)) {
    unsigned w = (unsigned)ww_rng_below(r, WARPS);
    if (cycle >= s->ready_at[w]) {
      if (ww_rng_chance(r, 1, 40))
        s->pushing[w] = !s->pushing[w];
      unsigned op;
      int tx_below = 0;   /* a TX entry under others */
      for (unsigned i = 0; i + 1 < s->sp[w]; i++)
        tx_below |= s->kind[w][i] == K_TX;
      if (ww_rng_chance(r, 1, 200)) {
        op = WW_STACK_CLEAR;
      } else if (ww_rng_chance(r, 1, tx_below ? 8 : 200)) {
        op = WW_STACK_TX_ABORT;
      } else if (ww_rng_chance(r, s->pushing[w] ? 3 : 1, 4)) {
        op = ww_rng_chance(r, 1, 4) ? WW_STACK_TX_BEGIN : WW_STACK_SPLIT;
      } else {
        const int top_tx = s->sp[w] && s->kind[w][s->sp[w] - 1] == K_TX;
        const int right = !ww_rng_chance(r, 1, 10);
        op = (top_tx == right) ? WW_STACK_TX_COMMIT : WW_STACK_JOIN;
      }
      if (op == WW_STACK_CLEAR)
        s->mask[w] = random_mask(r);
      s->pending = 1;
      s->req.req_op_i = op;
      s->req.req_wid_i = w;
      s->req.req_tmask_i = s->mask[w];
      if (op == WW_STACK_TX_ABORT)    /* the attempt's lanes */
        s->req.req_pred_i = ww_rng_bits(r, WW_LANES);
      else if (op == WW_STACK_TX_COMMIT)   /* the failed lanes: none half the time */
        s->req.req_pred_i = ww_rng_chance(r, 1, 2) ? 0 : ww_rng_bits(r, WW_LANES);
      else
        s->req.req_pred_i = ww_rng_chance(r, 1, 4) ? (ww_rng_chance(r, 1, 2) ? 0 : LANE_MASK)
                                                    : ww_rng_bits(r, WW_LANES);
      s->req.req_pc_i = s->pc[w];
      s->last[w] = s->req;
    }
  }
  in->req_valid_i = (uint64_t)s->pending;
  in->req_op_i = s->req.req_op_i;
  in->req_wid_i = s->req.req_wid_i;
  in->req_tmask_i = s->req.req_tmask_i;
  in->req_pred_i = s->req.req_pred_i;
  in->req_pc_i = s->req.req_pc_i;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "simt_stack",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES)
            " DEPTH=" WW_XSTR(WW_SIMT_DEPTH),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
