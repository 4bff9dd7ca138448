/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_gsi (rtl/gsi/ww_gsi.v).
 * Stimulus: a shadow of an SM's warps. A warp without an instruction in
 * flight now and then starts one (infl_i, infl_kind_i): compute or store for
 * a few cycles, a synchronization operation (kind SYNC: a fence or an atomic;
 * neither goes through ld_start/ld_done) for a few more, or a load. The load
 * waits for the LSU (ld_start: one issued load per cycle, with probability
 * 1/2), then completes after a latency that fits its source (L1 hit short,
 * MSHR merge and L2 longer, DRAM long) with ld_done and that source; the
 * instruction leaves flight with it. At most one ld_start and one ld_done per
 * cycle across the SM, a warp has at most one load pending, and now and then
 * a warp's load completes and its next one starts in the same cycle.
 * The run is cut into phases of 20..220 cycles, each with a theme class of
 * Algorithm 2's order: a free warp's class is the theme or a weaker one
 * (1 in 8: any class), so that every cycle class wins now and then; in the
 * weak themes (below MEM_DATA) few instructions start, in the IDLE theme
 * none. A warp with an instruction in flight shows MEM_STRUCT or
 * COMP_STRUCT (its next instruction is held, so the refinement applies),
 * sometimes MEM_DATA, SYNC or CONTROL. Classes are held 1..6 cycles.
 * lsu_why_i (0..7) is held 1..8 cycles; while some warp has a SYNC
 * instruction in flight, it is 6 (the LSU busy with an atomic) half the
 * time; otherwise each code is equally likely, 7 (ScoRD records not
 * accepted: race-detector back-pressure, sub-class ms_scord) included, and
 * now and then a burst of 7 holds for 8..40 cycles (a detector queue that
 * stays full). en_i has short off phases; clear_i (a kernel launch) comes
 * about once in 5000 cycles. Its clear_val_i, which clear_i loads into
 * every counter and per-warp accumulator, is 0 (the GPU's value) 1 in 4,
 * random 1 in 8, 2^CNT_W - d 3 in 8 and 2^e - d (1 <= e < CNT_W) 1 in 4,
 * with 1 <= d <= 8: a counter or accumulator that moves then carries into
 * its top bit (and wraps) or into bit e within a few counted cycles. So a
 * broken upper bit shows at the default width (CNT_W 32) too, where
 * counting up from 0 between clears about 5000 cycles apart stays far
 * below bit 31 (mutants GSI_CNT_HIGH_BIT_STUCK, GSI_ACC_HIGH_BIT_STUCK).
 * clear_val_i is random in the cycles without clear_i. rd_idx_i sweeps
 * 0..WW_GSI_N_COUNTERS-1 in order, then one random index of
 * WW_GSI_N_COUNTERS..31. Warp indices without their valid bit are random.
 * KILO TM (the SYNC sub-classes): half of the synchronization instructions
 * started are ww.tx.commits, whose warp shows tx_commit_i while it is in
 * flight (validating/committing); a free warp drawn SYNC is half the time
 * an outermost ww.tx.begin held by the limit (tx_begin_i for as long as the
 * class holds). Now and then (1 in 16 per warp and cycle) either bit is
 * flipped at random, also on warps that are not SYNC, where it counts
 * nothing. GPUDet: det_phase_i holds a random phase for 1..64 cycles; a
 * free warp drawn SYNC is, half of the other times, held by GPUDet
 * (det_hold_i), a bit flipped 1 in 16 as above.
 */
#include "ww_lockstep.h"
#include "ww_gsi.h"

#include <string.h>

#define WW_PORTS_DEF "ww_gsi.ports.def"
#define WW_IN_T ww_gsi_in_t
#define WW_OUT_T ww_gsi_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)

enum { LD_NONE, LD_ISSUED, LD_PENDING };

typedef struct {
  unsigned cls, cls_hold;
  int infl;              /* an instruction in flight */
  unsigned kind;         /* its kind */
  unsigned left;         /* compute/store/sync: cycles left; load: latency left */
  int ld;                /* LD_* */
  unsigned src;          /* pending load's source */
  int tx_commit;         /* the SYNC instruction in flight is a ww.tx.commit */
  int tx_begin;          /* drawn SYNC while free: a ww.tx.begin held by the limit */
  int det_hold;          /* drawn SYNC while free: held by GPUDet */
} warp_t;

typedef struct {
  warp_t w[WARPS];
  unsigned theme;        /* phase: most warps' classes are at most alg2[theme] */
  unsigned phase_left;
  unsigned en_off;       /* cycles of en_i low left */
  uint64_t why;
  unsigned why_hold;
  unsigned rd;
  unsigned det_phase;    /* GPUDet's phase (WW_DETPH_*) */
  unsigned det_left;     /* cycles it holds */
} stim_t;

WW_MODEL_HOOKS(ww_gsi)
WW_STIM_STATE(stim_t)

static unsigned latency(ww_rng_t *r, unsigned src)
{
  switch (src) {
  case WW_GSI_SRC_L1: return (unsigned)ww_rng_below(r, 4);
  case WW_GSI_SRC_COALESCE: return 3 + (unsigned)ww_rng_below(r, 12);
  case WW_GSI_SRC_L2: return 8 + (unsigned)ww_rng_below(r, 20);
  default: return 20 + (unsigned)ww_rng_below(r, 60);
  }
}

static void start_load(ww_rng_t *r, warp_t *w)
{
  w->ld = LD_PENDING;
  w->src = (unsigned)ww_rng_below(r, 4);
  w->left = latency(r, w->src);
}

/* A clear value (header): 0, random, or just below 2^CNT_W or 2^e. */
static uint64_t clear_val(ww_rng_t *r)
{
  const uint64_t mask = WW_GSI_CNT_W >= 64 ? ~0ull : (1ull << WW_GSI_CNT_W) - 1;
  unsigned x = (unsigned)ww_rng_below(r, 8);
  if (x < 2)
    return 0;
  if (x == 2)
    return ww_rng_bits(r, WW_GSI_CNT_W);
  uint64_t d = 1 + ww_rng_below(r, 8);
  if (x < 6)
    return (0 - d) & mask;                       /* 2^CNT_W - d */
  unsigned e = 1 + (unsigned)ww_rng_below(r, WW_GSI_CNT_W - 1);
  return ((1ull << e) - d) & mask;               /* 2^e - d (mod 2^CNT_W when d > 2^e) */
}

/* Algorithm 2's order, strongest first */
static const unsigned alg2[8] = { WW_GSI_NONE, WW_GSI_MEM_STRUCT, WW_GSI_MEM_DATA, WW_GSI_SYNC,
                                  WW_GSI_COMP_STRUCT, WW_GSI_COMP_DATA, WW_GSI_CONTROL,
                                  WW_GSI_IDLE };

/* A warp's scheduler class in a phase whose theme is alg2[theme]. */
static unsigned draw_class(ww_rng_t *r, const warp_t *w, unsigned theme)
{
  if (w->infl) {
    unsigned x = (unsigned)ww_rng_below(r, 20);
    if (x < 8)
      return WW_GSI_MEM_STRUCT;
    if (x < 15)
      return WW_GSI_COMP_STRUCT;
    if (x < 17)
      return WW_GSI_MEM_DATA;
    return x < 19 ? WW_GSI_SYNC : WW_GSI_CONTROL;
  }
  if (ww_rng_chance(r, 1, 8))             /* noise: any class a free warp can have */
    return (unsigned)ww_rng_below(r, 8);
  if (ww_rng_chance(r, 1, 2) || theme == 7)
    return alg2[theme];
  return alg2[theme + 1 + ww_rng_below(r, 7 - theme)];   /* weaker than the theme */
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_gsi_in_t *in = vin;
  (void)vprev;

  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (s->phase_left == 0) {
    s->theme = (unsigned)ww_rng_below(r, 8);
    s->phase_left = 20 + (unsigned)ww_rng_below(r, 200);
  }
  s->phase_left--;

  /* ld_done: one load whose latency ran out (the first from a random warp on) */
  int done_w = -1;
  unsigned rot = (unsigned)ww_rng_below(r, WARPS);
  for (unsigned k = 0; k < WARPS && done_w < 0; k++) {
    unsigned i = (rot + k) % WARPS;
    if (s->w[i].ld == LD_PENDING && s->w[i].left == 0)
      done_w = (int)i;
  }
  in->ld_done_wid_i = ww_rng_bits(r, WID_W);      /* don't care without ld_done_i */
  in->ld_done_src_i = ww_rng_bits(r, 2);
  if (done_w >= 0) {
    warp_t *w = &s->w[done_w];
    in->ld_done_i = 1;
    in->ld_done_wid_i = (unsigned)done_w;
    in->ld_done_src_i = w->src;
  }

  /* ld_start: one issued load, or the completing warp's next load */
  int start_w = -1;
  if (done_w >= 0 && ww_rng_chance(r, 1, 6)) {
    start_w = done_w;
  } else if (ww_rng_chance(r, 1, 2)) {
    rot = (unsigned)ww_rng_below(r, WARPS);
    for (unsigned k = 0; k < WARPS && start_w < 0; k++) {
      unsigned i = (rot + k) % WARPS;
      if (s->w[i].ld == LD_ISSUED)
        start_w = (int)i;
    }
  }
  in->ld_start_wid_i = ww_rng_bits(r, WID_W);
  if (start_w >= 0) {
    in->ld_start_i = 1;
    in->ld_start_wid_i = (unsigned)start_w;
  }

  /* this cycle's per-warp inputs */
  for (unsigned i = 0; i < WARPS; i++) {
    warp_t *w = &s->w[i];
    if (w->cls_hold == 0 || (w->infl && w->cls == WW_GSI_NONE)) {
      w->cls = draw_class(r, w, s->theme);
      w->cls_hold = 1 + (unsigned)ww_rng_below(r, 6);
      w->tx_begin = !w->infl && w->cls == WW_GSI_SYNC && ww_rng_chance(r, 1, 2);
      w->det_hold = !w->infl && w->cls == WW_GSI_SYNC && !w->tx_begin && ww_rng_chance(r, 1, 2);
    }
    w->cls_hold--;
    ww_gsi_set_cls_in(in, i, w->cls);
    in->infl_i |= (uint64_t)w->infl << i;
    in->infl_kind_i |= (uint64_t)(w->infl ? w->kind : ww_rng_bits(r, 2)) << (2 * i);
    int txc = w->infl && w->kind == WW_GSI_KIND_SYNC && w->tx_commit;
    int txb = w->tx_begin;
    if (ww_rng_chance(r, 1, 16))
      txc ^= 1;
    if (ww_rng_chance(r, 1, 16))
      txb ^= 1;
    in->tx_commit_i |= (uint64_t)txc << i;
    in->tx_begin_i |= (uint64_t)txb << i;
    int dh = w->det_hold;
    if (ww_rng_chance(r, 1, 16))
      dh ^= 1;
    in->det_hold_i |= (uint64_t)dh << i;
  }
  if (s->det_left == 0) {
    s->det_phase = ww_rng_bits(r, WW_DETPH_W);
    s->det_left = 1 + (unsigned)ww_rng_below(r, 64);
  }
  s->det_left--;
  in->det_phase_i = s->det_phase;

  int sync_infl = 0;
  for (unsigned i = 0; i < WARPS; i++)
    sync_infl |= s->w[i].infl && s->w[i].kind == WW_GSI_KIND_SYNC;
  if (s->why_hold == 0) {
    s->why = sync_infl && ww_rng_chance(r, 1, 2) ? WW_GSI_WHY_SYNC : ww_rng_below(r, 8);
    s->why_hold = 1 + (unsigned)ww_rng_below(r, 8);
    if (s->why == WW_GSI_WHY_SCORD && ww_rng_chance(r, 1, 4))
      s->why_hold = 8 + (unsigned)ww_rng_below(r, 33);   /* a detector queue stays full */
  }
  s->why_hold--;
  in->lsu_why_i = s->why;

  if (s->en_off) {
    s->en_off--;
  } else if (ww_rng_chance(r, 1, 700)) {
    s->en_off = 1 + (unsigned)ww_rng_below(r, 40);
  }
  in->en_i = s->en_off == 0;
  in->clear_i = ww_rng_chance(r, 1, 5000);
  in->clear_val_i = in->clear_i ? clear_val(r) : ww_rng_bits(r, WW_GSI_CNT_W);

  in->rd_idx_i = s->rd < WW_GSI_N_COUNTERS ? s->rd : WW_GSI_N_COUNTERS + ww_rng_below(r, 32 - WW_GSI_N_COUNTERS);
  s->rd = (s->rd + 1) % (WW_GSI_N_COUNTERS + 1);

  /* the shadow advances past this cycle */
  for (unsigned i = 0; i < WARPS; i++) {
    warp_t *w = &s->w[i];
    if ((int)i == done_w) {
      w->ld = LD_NONE;
      w->infl = 0;
    }
    if ((int)i == start_w) {
      start_load(r, w);
      w->infl = 1;
      w->kind = WW_GSI_KIND_LOAD;
      continue;
    }
    if (w->ld == LD_PENDING) {
      if (w->left)
        w->left--;
    } else if (w->infl && w->ld == LD_NONE) {
      if (w->left)
        w->left--;
      else
        w->infl = 0;
    } else if (!w->infl && (int)i != done_w && s->theme != 7 &&
               ww_rng_chance(r, 1, s->theme < 3 ? 4 : s->theme == 3 ? 12 : 60)) {
      unsigned k = (unsigned)ww_rng_below(r, 9);
      w->infl = 1;
      if (k < 4) {
        w->kind = WW_GSI_KIND_LOAD;
        w->ld = LD_ISSUED;
      } else if (k < 7) {
        w->kind = k < 6 ? WW_GSI_KIND_COMP : WW_GSI_KIND_STORE;
        w->left = (unsigned)ww_rng_below(r, 12);
      } else {
        w->kind = WW_GSI_KIND_SYNC;     /* a fence, an atomic or a ww.tx.commit */
        w->left = (unsigned)ww_rng_below(r, 24);
        w->tx_commit = ww_rng_chance(r, 1, 2);
      }
    }
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "gsi",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " CNT_W=" WW_XSTR(WW_GSI_CNT_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
