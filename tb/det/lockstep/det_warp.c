/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_det_warp (rtl/det/ww_det_warp.v), GPUDet's per-SM
 * quantum formation. Stimulus: plays the SM and the mode controller. On
 * "change" cycles it gives warps new next instructions (ALU, loads, stores,
 * atomics, fences, ww.exit, ww.bar or any op), new store-buffer room, and
 * now and then a new mode or a quantum start (quantum 1..8, or up to 300),
 * or a launch into some warps whose mode ended (DWP's refill, sec. 4.2.2).
 * On the other cycles it keeps the inputs and issues a warp that was not
 * held in the cycle before (the inputs are the same, so it is not held
 * now). It is also a host reference (GPUDet sec. 4.2, 4.5): in parallel
 * mode no warp issues more than quantum_i instructions between starts, nor
 * an atomic, nor anything after a fence, ww.bar or ww.exit; in serial mode only warps whose mode ended before an atomic
 * issue, each once, lowest warp first; a launched warp counts from 0
 * again. A failure counts as a mismatch.
 */
#include <string.h>

#include "ww_isa.h"
#include "ww_lockstep.h"
#include "ww_det_warp.h"

#define WW_PORTS_DEF "ww_det_warp.ports.def"
#define WW_IN_T ww_det_warp_in_t
#define WW_OUT_T ww_det_warp_out_t
#include "ww_lockstep_ports.h"

#define NW WW_WARPS_PER_SM

typedef struct {
  uint32_t issued[NW];     /* issues in parallel mode since the start */
  uint64_t closed;         /* warps that issued a fence, ww.bar or ww.exit since the start */
  uint64_t served;         /* issues in serial mode since the start */
  int      changed;        /* last cycle changed the inputs (or started) */
  int      issued_last;    /* last cycle issued, or reset */
  unsigned change_pct, issue_pct;
} stim_t;

WW_MODEL_HOOKS(ww_det_warp)
WW_STIM_STATE(stim_t)

static unsigned pick_op(ww_rng_t *r)
{
  static const unsigned ops[] = {
    WW_OP_ADDI, WW_OP_ADD, WW_OP_LW, WW_OP_LB, WW_OP_SW, WW_OP_SB, WW_OP_SH, WW_OP_SW_STRONG,
    WW_OP_AMOADD_DEV, WW_OP_AMOADD_BLK, WW_OP_CAS_DEV, WW_OP_AMOEXCH_BLK, WW_OP_FENCE,
    WW_OP_FENCE_BLK, WW_OP_FENCE_DEV, WW_OP_EXIT, WW_OP_BAR, WW_OP_LW_STRONG,
  };
  if (ww_rng_chance(r, 1, 5))
    return (unsigned)ww_rng_below(r, WW_OP_COUNT);
  return ops[ww_rng_below(r, sizeof ops / sizeof ops[0])];
}

static unsigned in_op(const ww_det_warp_in_t *in, unsigned w)
{
  return ww_bits_get(in->bv_op_i, 7 * w, 7);
}

static void set_op(ww_det_warp_in_t *in, unsigned w, unsigned op)
{
  ww_bits_put(in->bv_op_i, 7 * w, 7, op);
}

static unsigned why_of(const ww_det_warp_out_t *o, unsigned w)
{
  return ww_bits_get(o->why_o, w * WW_DETEND_W, WW_DETEND_W);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_det_warp_out_t *prev = vprev;
  ww_det_warp_in_t *in = vin;

  /* last cycle's issue, against the paper's rules */
  if (cycle && (in->rst_ni & 1) && !(in->start_i & 1) && (in->issue_valid_i & 1)) {
    const unsigned w = (unsigned)in->issue_wid_i, op = in_op(in, w);
    if (in->mode_i == WW_DETMODE_PAR) {
      if (ww_op_class(op) == WW_CLS_ATOMIC)
        ww_stim_fail("warp %u issued an atomic in parallel mode", w);
      if (s->closed >> w & 1)
        ww_stim_fail("warp %u issued after its fence, ww.bar or ww.exit in the same quantum", w);
      if (op == WW_OP_FENCE || op == WW_OP_FENCE_BLK || op == WW_OP_FENCE_DEV ||
          op == WW_OP_BAR || op == WW_OP_EXIT)
        s->closed |= 1ull << w;
      if (++s->issued[w] > (uint32_t)in->quantum_i)
        ww_stim_fail("warp %u issued %u instructions in a quantum of %u", w, s->issued[w],
                     (unsigned)in->quantum_i);
    } else if (in->mode_i == WW_DETMODE_SER) {
      if (why_of(prev, w) != WW_DETEND_ATOMIC || (s->served >> w & 1))
        ww_stim_fail("warp %u issued in serial mode without an atomic left to run", w);
      for (unsigned v = 0; v < w; v++)
        if (why_of(prev, v) == WW_DETEND_ATOMIC && !(s->served >> v & 1))
          ww_stim_fail("warp %u issued its atomic before warp %u", w, v);
      s->served |= 1ull << w;
    }
  }
  if (cycle && (!(in->rst_ni & 1) || (in->start_i & 1))) {
    memset(s->issued, 0, sizeof s->issued);
    s->served = 0;
    s->closed = 0;
  } else if (cycle) {
    for (unsigned w = 0; w < NW; w++)
      if (in->launch_i >> w & 1) {
        s->issued[w] = 0;
        s->served &= ~(1ull << w);
        s->closed &= ~(1ull << w);
      }
  }
  s->issued_last = (int)(in->issue_valid_i & 1) || !(in->rst_ni & 1);   /* or a reset */

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (cycle % 300 == 0) {
    s->change_pct = 10 + (unsigned)ww_rng_below(r, 60);
    s->issue_pct = 20 + (unsigned)ww_rng_below(r, 80);
  }
  in->issue_valid_i = 0;
  in->start_i = 0;
  in->launch_i = 0;
  const int may_issue = cycle > 2 && !s->changed && !s->issued_last;
  if (cycle < 2 || ww_rng_chance(r, s->change_pct, 100)) {
    /* change: new next instructions, room, mode, or a start */
    if (cycle < 2) {
      in->mode_i = WW_DETMODE_PAR;
      in->quantum_i = WW_DET_QCNT_W >= 3 ? 4 : 1;
    }
    for (unsigned w = 0; w < NW; w++) {
      if (ww_rng_chance(r, 1, 3)) {
        in->bv_valid_i = (in->bv_valid_i & ~(1ull << w)) | ((uint64_t)!ww_rng_chance(r, 1, 6) << w);
        set_op(in, w, pick_op(r));
      }
      if (ww_rng_chance(r, 1, 4))
        in->room_i = (in->room_i & ~(1ull << w)) | ((uint64_t)!ww_rng_chance(r, 1, 4) << w);
    }
    if (ww_rng_chance(r, 1, 40)) {
      static const unsigned modes[] = { WW_DETMODE_PAR, WW_DETMODE_PAR, WW_DETMODE_SER,
                                        WW_DETMODE_SER, WW_DETMODE_HOLD, WW_DETMODE_OFF };
      in->mode_i = modes[ww_rng_below(r, 6)];
    }
    if (ww_rng_chance(r, 1, 8))
      in->launch_i = prev->ended_o & ww_rng_next(r);
    if (ww_rng_chance(r, 1, 60)) {
      in->start_i = 1;
      const uint64_t qmax = WW_DET_QCNT_W >= 9 ? 300 : (1u << WW_DET_QCNT_W) - 1;
      in->quantum_i = 1 + ww_rng_below(r, ww_rng_chance(r, 1, 5) || qmax < 8 ? qmax : 8);
    }
    s->changed = 1;
  } else {
    s->changed = 0;
    /* issue a warp that was not held last cycle (same inputs, no issue or
     * start then: not held now) */
    unsigned cand[NW], n = 0;
    for (unsigned w = 0; w < NW; w++)
      if (!(prev->hold_o >> w & 1) && (in->bv_valid_i >> w & 1))
        cand[n++] = w;
    if (n && may_issue && (in->rst_ni & 1) && ww_rng_chance(r, s->issue_pct, 100)) {
      const unsigned w = cand[ww_rng_below(r, n)];
      in->issue_valid_i = 1;
      in->issue_wid_i = w;
    }
  }
  if (!(in->issue_valid_i & 1))
    in->issue_wid_i = ww_rng_below(r, NW);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "det_warp",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " CNT_W=" WW_XSTR(WW_DET_QCNT_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
