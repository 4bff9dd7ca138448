/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_simt_stack -- C model of rtl/sm/ww_simt_stack.v. The memory's read
 * register is modelled (it is loaded every cycle from the request's warp and
 * top index, before that cycle's write), because a join's answer comes from it.
 */
#include "ww_simt_stack.h"

#include <stdio.h>
#include <stdlib.h>

enum { KIND_RECONV = 0, KIND_ELSE = 1, KIND_TX = 2 };

typedef struct {
  uint8_t  kind;
  uint32_t mask;
  uint32_t pc;          /* full pc, low two bits zero */
} entry_t;

struct ww_simt_stack {
  ww_simt_stack_cfg_t cfg;
  unsigned wid_w, idx_w;
  uint32_t lane_mask;
  unsigned *sp;
  int *txv;             /* the warp's newest TX push is on its stack, */
  unsigned *txi;        /*   at this index */
  entry_t *mem;         /* [(wid << idx_w) | index] */
  entry_t rdata;        /* memory read register */
  int push2;
  unsigned push2_addr;
  entry_t push2_ent;
  int rsp_valid, rsp_join, rsp_txc, rsp_txa, rsp_diverged;
  uint32_t rsp_fail;    /* a tx.commit's failed lanes */
  unsigned rsp_wid, rsp_err;
  uint32_t rsp_tmask, rsp_pc;
};

ww_simt_stack_cfg_t ww_simt_stack_default_cfg(void)
{
  ww_simt_stack_cfg_t c = { WW_WARPS_PER_SM, WW_LANES, WW_SIMT_DEPTH };
  return c;
}

ww_simt_stack_t *ww_simt_stack_new(const ww_simt_stack_cfg_t *c)
{
  if (!c->warps || c->warps > 64 || !c->lanes || c->lanes > 32 || !ww_is_pow2(c->depth) ||
      c->depth < 2) {
    fprintf(stderr, "ww_simt_stack: illegal configuration WARPS=%u LANES=%u DEPTH=%u\n",
            c->warps, c->lanes, c->depth);
    return NULL;
  }
  ww_simt_stack_t *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->cfg = *c;
  s->wid_w = c->warps > 1 ? ww_clog2(c->warps) : 1;
  s->idx_w = ww_clog2(c->depth);
  s->lane_mask = c->lanes == 32 ? 0xFFFFFFFFu : (1u << c->lanes) - 1;
  s->sp = calloc(c->warps, sizeof *s->sp);
  s->txv = calloc(c->warps, sizeof *s->txv);
  s->txi = calloc(c->warps, sizeof *s->txi);
  s->mem = calloc((size_t)1 << (s->wid_w + s->idx_w), sizeof *s->mem);
  if (!s->sp || !s->txv || !s->txi || !s->mem) {
    ww_simt_stack_free(s);
    return NULL;
  }
  return s;
}

void ww_simt_stack_free(ww_simt_stack_t *s)
{
  if (!s)
    return;
  free(s->sp);
  free(s->txv);
  free(s->txi);
  free(s->mem);
  free(s);
}

void ww_simt_stack_step(ww_simt_stack_t *s, const ww_simt_stack_in_t *in,
                        ww_simt_stack_out_t *out)
{
  const unsigned depth = s->cfg.depth, idx_mask = depth - 1;
  /* outputs of this cycle */
  out->req_ready_o = !s->push2;
  out->rsp_valid_o = (uint64_t)s->rsp_valid;
  out->rsp_wid_o = s->rsp_wid;
  /* a tx.commit: failed lanes retry at the TX entry's pc, else its mask at pc+4 */
  const int retry = s->rsp_fail != 0;
  out->rsp_tmask_o = s->rsp_txa ? s->rsp_fail
                   : s->rsp_txc ? (retry ? s->rsp_fail : s->rdata.mask)
                   : s->rsp_join ? s->rdata.mask : s->rsp_tmask;
  out->rsp_pc_o = ((s->rsp_txc && retry) || s->rsp_txa) ? s->rdata.pc
                : (s->rsp_join && s->rdata.kind == KIND_ELSE) ? s->rdata.pc : s->rsp_pc;
  out->rsp_diverged_o = (uint64_t)s->rsp_diverged;
  out->rsp_err_o = ((s->rsp_txc || s->rsp_txa) && s->rdata.kind != KIND_TX) ? WW_STACK_ERR_TX_NONE
                 : (s->rsp_join && s->rdata.kind == KIND_TX) ? WW_STACK_ERR_UNDERFLOW
                 : s->rsp_err;
  uint64_t empty_w = 0; /* from the stack pointers, i.e. before this cycle's request */
  for (unsigned w = 0; w < s->cfg.warps; w++)
    empty_w |= (uint64_t)(s->sp[w] == 0) << w;
  out->empty_o = empty_w;

  /* combinational view of the request */
  unsigned wid = (unsigned)in->req_wid_i;
  unsigned sp = wid < s->cfg.warps ? s->sp[wid] : 0;
  const int txv = wid < s->cfg.warps ? s->txv[wid] : 0;
  const unsigned txi = wid < s->cfg.warps ? s->txi[wid] : 0;
  uint32_t tmask = (uint32_t)in->req_tmask_i & s->lane_mask;
  uint32_t taken = tmask & (uint32_t)in->req_pred_i;
  unsigned op = (unsigned)in->req_op_i;
  int diverge = op == WW_STACK_SPLIT && taken != 0 && taken != tmask;
  int is_push = op == WW_STACK_SPLIT || op == WW_STACK_TX_BEGIN;
  int is_txc = op == WW_STACK_TX_COMMIT;
  int is_txa = op == WW_STACK_TX_ABORT;
  unsigned need = sp + (diverge ? 2 : 1);
  int overflow = need > depth, empty = sp == 0;
  uint32_t pc = (uint32_t)in->req_pc_i, pc_next = pc + 4;
  unsigned top = (sp - 1) & idx_mask;
  int accept = in->req_valid_i && !s->push2;

  /* the clock edge: read register first (it reads the old contents) */
  entry_t rd = s->mem[(wid << s->idx_w) | (is_txa ? txi : top)];
  if (!in->rst_ni) {
    for (unsigned w = 0; w < s->cfg.warps; w++) {
      s->sp[w] = 0;
      s->txv[w] = 0;
      s->txi[w] = 0;
    }
    s->push2 = 0;
    s->rsp_valid = 0;
  } else {
    int push2_next = 0;
    if (s->push2) {
      s->mem[s->push2_addr] = s->push2_ent;
    } else if (accept) {
      if (is_push && !overflow) {
        s->mem[(wid << s->idx_w) | (sp & idx_mask)] =
            op == WW_STACK_TX_BEGIN ? (entry_t){ KIND_TX, tmask, pc_next & ~3u }
                                    : (entry_t){ KIND_RECONV, tmask, 0 };
        push2_next = diverge;
        s->sp[wid] = need;
      } else if (is_txc && !empty && taken == 0) {
        s->sp[wid] = sp - 1;   /* all passed: pop (a non-TX top answers an error) */
      } else if (op == WW_STACK_JOIN && !empty) {
        s->sp[wid] = sp - 1;
      } else if (is_txa && txv) {
        s->sp[wid] = txi + 1;   /* the entries above the TX entry go */
      } else if (op == WW_STACK_CLEAR) {
        s->sp[wid] = 0;
      }
    }
    /* a TX push is tracked; a pop down to (or below) it forgets it */
    if (wid < s->cfg.warps) {
      if (!s->push2 && accept && op == WW_STACK_TX_BEGIN && !overflow) {
        s->txv[wid] = 1;
        s->txi[wid] = sp & idx_mask;
      } else if (s->sp[wid] <= txi) {
        s->txv[wid] = 0;
      }
    }
    s->push2 = push2_next;
    s->rsp_valid = accept;
  }
  if (accept) {   /* datapath registers load on accept even in reset, as in the RTL */
    s->push2_addr = (wid << s->idx_w) | ((sp + 1) & idx_mask);
    s->push2_ent = (entry_t){ KIND_ELSE, tmask & ~(uint32_t)in->req_pred_i & s->lane_mask,
                              pc_next & ~3u };
    s->rsp_join = op == WW_STACK_JOIN && !empty;
    s->rsp_txc = is_txc && !empty;
    s->rsp_txa = is_txa && txv;
    s->rsp_fail = taken;
    s->rsp_wid = wid;
    s->rsp_pc = op == WW_STACK_CLEAR ? pc : pc_next;
    s->rsp_diverged = !overflow && diverge;
    s->rsp_tmask = (!overflow && diverge) ? taken : tmask;
    s->rsp_err = (is_push && overflow)            ? WW_STACK_ERR_OVERFLOW
               : (op == WW_STACK_JOIN && empty) ? WW_STACK_ERR_UNDERFLOW
               : (is_txc && empty)              ? WW_STACK_ERR_TX_NONE
               : (is_txa && !txv)               ? WW_STACK_ERR_TX_NONE : WW_STACK_ERR_OK;
  }
  s->rdata = rd;
}
