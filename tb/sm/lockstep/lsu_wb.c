/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_lsu_wb (rtl/sm/ww_lsu_wb.v).
 * Stimulus: plays the LSU's issue FSM and its L1 around the write-back
 * table, within the protocol the real FSM (rtl/sm/ww_lsu.v) keeps:
 *  - one instruction at a time is FRONT: alloc only when the table has a
 *    FREE entry (into the lowest one, free_ctx_o), then, one FSM action a
 *    cycle with random stalls: the shared lanes' answer (wr_i with the
 *    shared mask), then per line line_i and, for loads and stores, out_i a
 *    cycle or more later; atomics instead answer lane by lane (wr_i of one
 *    lane; a block atomic's L1 answer on rsp_* in the same cycle, for an
 *    entry that is no load, and its write ack later); then fin_i: for 2/3
 *    of the loads and stores with lines in the cycle of the last line's
 *    out_i (the LSU's fin_fast, ScoRD off), else a cycle or more later (as
 *    after ScoRD's CHECK records); the next alloc a cycle after fin at the
 *    earliest; a fence (size 0, no lanes)
 *    fins only when no entry is WAIT or DONE, as fence.dev does;
 *  - loads (lb/lbu/lh/lhu/lw, signed only for lb/lh), stores (sb/sh/sw)
 *    and atomics (size 4) with random masks (sometimes empty or full), a
 *    random share of shared lanes, the global lanes spread over 1..LANES
 *    lines with distinct random line indexes, per-lane addresses random
 *    but aligned to the size (the low bits pick the byte/halfword and the
 *    line word), random store data and shared/atomic answers;
 *  - the L1 answers every line that went out, a cycle or more later, in
 *    random order: at most one load answer (rsp, tag {entry, line}, random
 *    line data and GSI level) and one store ack (wack) a cycle; delays in
 *    phases (short, mixed, long) so that several entries wait together;
 *  - done_ready_i in phases (always, random, rare) so that several entries
 *    are DONE together; a mid-run reset now and then (ww_stim_rst_n).
 * The stimulus keeps its own view of the entries' states (to allocate and
 * to hold fences) from what it drove; WW_LSU_WB_STATS=1 in the environment
 * prints what a run exercised and any disagreement of that view with the
 * DUT's free_o / done_valid_o / waiting_o.
 * Measured with WW_LSU_WB_STATS=1, seeds 1..5, 100 000 cycles each, per run
 * (min..max) at the default point (CTX 4, LANES 8), small (CTX 2, LANES 2)
 * and wide (CTX 8, LANES 32, LINE_BYTES 128):
 *                                           default        small          wide
 *   instructions allocated and retired   8646..8970   10965..11785    4467..4569
 *   fin -> DONE / fin -> WAIT            4370..4617 /  7509..8059 /   2076..2186 /
 *                                        4192..4446    3423..3726     2338..2426
 *   fin with the last line's out         2911..3151    2421..2726     1591..1677
 *   fin in the cycle of its last answer   152..178      166..192        47..64
 *   WAIT -> DONE                         4191..4443    3422..3725     2338..2421
 *   load answers / store acks            6036..6781 /  2592..2759 /  10744..11488 /
 *                                        4168..4260    1669..1868     7459..7813
 *   answers to the FRONT entry           3223..3973     556..618      9600..11063
 *   answers out of order (in an entry)   1828..1993     131..172      6917..7664
 *   atomic answers on rsp (not a load)   1918..2147     643..726      4121..4438
 *   shared-lane writes (wr_i)            5052..5352    3651..4115     3067..3112
 *   cycles with 2+ / 3+ entries WAIT     21949..29092 / 11130..16004 / 17297..20723 /
 *                                        10593..15468    0 (CTX 2)     6008..6963
 *   most entries WAIT together                4             2              6
 *   cycles with 2+ entries DONE          16622..21461  12665..15156   5437..8707
 *   retires with another entry DONE      1826..2202    1513..1785      613..813
 *   cycles with no FREE entry            22640..25973  51382..54947     88..276
 *   alloc in a retire cycle              1627..1832    2314..2835      765..829
 *   instructions with LANES lines          37..49       805..896         5..16
 *   loads/stores with no line (shared)   2011..2138    4539..4817      898..978
 *   signed byte/halfword loads           1222..1340    1670..1792      661..707
 *   fences                                427..451      531..621       203..225
 *   mid-run resets                          0..5          1..5           1..3
 *   the view against the DUT: no disagreement.
 * Mutants (50 seeds each, cycle of the first mismatch): LSU_WB_FIN_IGNORES_LATE
 * caught 50/50, cycle 6..271 (median 46); LSU_WB_LINE_OF_ENTRY0 caught
 * 50/50, cycle 20..481 (median 100). Unmutated: 200 seeds x 100 000 cycles
 * at each point and 10 x 1 000 000 at default and small, all pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lsu_wb.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_lsu_wb.ports.def"
#define WW_IN_T ww_lsu_wb_in_t
#define WW_OUT_T ww_lsu_wb_out_t
#include "ww_lockstep_ports.h"

#define CTX WW_LSU_CTX
#define LANES WW_LANES
#define LI_W WW_IDX_W(WW_LANES)
#define WORDS (WW_LINE_BYTES / 4)
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))

enum { E_FREE = 0, E_FRONT = 1, E_WAIT = 2, E_DONE = 3 };
enum { K_LOAD, K_STORE, K_ATOMIC, K_FENCE };
enum { P_SH, P_LINE, P_OUT, P_AT, P_ATW, P_FIN };

typedef struct {
  unsigned ctx, idx;
  int store;
  uint64_t ready;   /* first cycle the L1 may answer */
  uint64_t seq;     /* order of going out */
} pend_t;

typedef struct {
  int st;           /* the stimulus's view of the entry's state */
  unsigned out;     /* lines out, unanswered */
  int kind;
} tent_t;

enum {
  S_ALLOC, S_FIN_DONE, S_FIN_WAIT, S_FIN_LATE, S_FIN_OUT, S_WAIT_DONE, S_ANS_FRONT, S_RSP, S_WACK,
  S_OOO, S_AT_RSP, S_SH_WR, S_TAKE, S_TAKE_MULTI, S_CYC_WAIT2, S_CYC_WAIT3, S_CYC_DONE2,
  S_ALLOC_TAKE, S_FULL, S_FULL_LINES, S_NO_LINES, S_SGN_SUB, S_RESET, S_FENCE, S_DISAGREE, S_N
};
static const char *const stat_name[S_N] = {
  "allocs", "fin->DONE", "fin->WAIT", "fin with its last answer in the same cycle",
  "fin with the last line's out",
  "WAIT->DONE", "answers to the FRONT entry", "load answers", "store acks",
  "answers out of order", "atomic answers on rsp", "shared wr", "retired",
  "retired with another DONE", "cycles with 2+ WAIT", "cycles with 3+ WAIT",
  "cycles with 2+ DONE", "alloc in a retire cycle", "cycles with no FREE entry",
  "instructions with LANES lines",
  "loads/stores with no line", "signed byte/halfword loads", "mid-run resets", "fences", "view disagreements"
};

typedef struct {
  tent_t e[CTX];
  int front, kind, phase, sgn, fast;
  unsigned nlines, k, bytes;
  unsigned idx[LANES];
  uint32_t lanes[LANES], sh_mask, at_rem;
  pend_t pend[CTX * LANES];
  unsigned npend;
  uint64_t seq;
  unsigned dmode, dleft, rmode, rleft, amode, aleft;
  int exp_free, exp_done, exp_wait, have_exp;
  unsigned max_wait;
  uint64_t stat[S_N];
} stim_t;

WW_MODEL_HOOKS(ww_lsu_wb)

static void *ww_stim_new(void) { return calloc(1, sizeof(stim_t)); }

/* WW_LSU_WB_STATS=1: what the run exercised, at its end */
static void ww_stim_free(void *vs)
{
  const stim_t *s = vs;
  if (s && getenv("WW_LSU_WB_STATS")) {
    fprintf(stderr, "lsu_wb stimulus:");
    for (unsigned i = 0; i < S_N; i++)
      fprintf(stderr, " %s=%llu;", stat_name[i], (unsigned long long)s->stat[i]);
    fprintf(stderr, " max WAIT together=%u\n", s->max_wait);
  }
  free(vs);
}

static uint32_t tag_of(unsigned ctx, unsigned idx) { return (uint32_t)((ctx << LI_W) | idx); }

/* a new instruction into entry c */
static void start(stim_t *s, ww_rng_t *r, unsigned c, ww_lsu_wb_in_t *in)
{
  unsigned k = (unsigned)ww_rng_below(r, 20);
  s->kind = k < 9 ? K_LOAD : k < 15 ? K_STORE : k < 19 ? K_ATOMIC : K_FENCE;
  uint32_t mask = ww_rng_chance(r, 1, 8) ? (ww_rng_chance(r, 1, 3) ? 0 : LANE_MASK)
                                         : (uint32_t)ww_rng_bits(r, LANES) & LANE_MASK;
  unsigned shp = (unsigned)ww_rng_below(r, 4);   /* share of shared lanes: 0, 1/4, 1/2, all */
  uint32_t sh = 0;
  for (unsigned l = 0; l < LANES; l++)
    if (((mask >> l) & 1) && shp && (shp == 3 || ww_rng_below(r, 4) < shp))
      sh |= 1u << l;
  if (s->kind == K_FENCE)
    mask = sh = 0;
  uint32_t gl = mask & ~sh;
  unsigned sz = 4;
  s->sgn = 0;
  if (s->kind == K_LOAD || s->kind == K_STORE) {
    unsigned z = (unsigned)ww_rng_below(r, 3);
    sz = z == 0 ? 1 : z == 1 ? 2 : 4;
    s->sgn = s->kind == K_LOAD && sz < 4 && ww_rng_chance(r, 1, 2);
  }
  s->bytes = s->kind == K_FENCE ? 0 : sz;
  /* lines: the global lanes spread over n lines, distinct random indexes */
  unsigned ng = 0;
  for (unsigned l = 0; l < LANES; l++)
    ng += (gl >> l) & 1;
  unsigned n = ng ? 1 + (unsigned)ww_rng_below(r, ng) : 0;
  if (ng && ww_rng_chance(r, 1, 8))
    n = ng;                                       /* one lane a line */
  uint32_t ln[LANES];
  memset(ln, 0, sizeof ln);
  unsigned j = 0;
  for (unsigned l = 0; l < LANES; l++)
    if ((gl >> l) & 1) {
      unsigned t = j < n ? j : (unsigned)ww_rng_below(r, n);   /* every line gets a lane */
      ln[t] |= 1u << l;
      j++;
    }
  unsigned perm[LANES];
  for (unsigned i = 0; i < LANES; i++)
    perm[i] = i;
  for (unsigned i = LANES; i > 1; i--) {
    unsigned x = (unsigned)ww_rng_below(r, i), t = perm[i - 1];
    perm[i - 1] = perm[x];
    perm[x] = t;
  }
  int seq_idx = ww_rng_chance(r, 1, 2);           /* the FSM's own order 0, 1, 2, ... */
  for (unsigned i = 0; i < n; i++) {
    s->lanes[i] = ln[i];
    s->idx[i] = seq_idx ? i : perm[i];
  }
  s->nlines = n;
  s->k = 0;
  s->sh_mask = sh;
  s->front = (int)c;
  s->phase = P_SH;
  s->fast = ww_rng_chance(r, 2, 3);   /* ScoRD off: fin with the last line's out */
  if (n == LANES)
    s->stat[S_FULL_LINES]++;
  if (!n && (s->kind == K_LOAD || s->kind == K_STORE))
    s->stat[S_NO_LINES]++;
  if (s->sgn)
    s->stat[S_SGN_SUB]++;
  if (s->kind == K_FENCE)
    s->stat[S_FENCE]++;

  in->alloc_i = 1;
  in->alloc_wid_i = ww_rng_below(r, WW_WARPS_PER_SM);
  in->alloc_load_i = s->kind == K_LOAD;
  in->alloc_store_i = s->kind == K_STORE;
  in->alloc_signed_i = (uint64_t)s->sgn;
  in->alloc_bytes_i = s->bytes;
  int shared = mask && ((sh & mask & (~mask + 1)) != 0);   /* region of the lowest lane */
  uint64_t mem;
  if (s->kind == K_FENCE)
    mem = WW_MEM_NONE;
  else if (s->kind == K_LOAD)
    mem = shared ? WW_MEM_SHARED_LOAD
                 : (sz == 4 && ww_rng_chance(r, 1, 4)) ? WW_MEM_LOAD_STRONG : WW_MEM_LOAD;
  else if (s->kind == K_STORE)
    mem = shared ? WW_MEM_SHARED_STORE
                 : (sz == 4 && ww_rng_chance(r, 1, 4)) ? WW_MEM_STORE_STRONG : WW_MEM_STORE;
  else
    mem = shared ? WW_MEM_SHARED_ATOMIC
                 : ww_rng_chance(r, 1, 2) ? WW_MEM_ATOMIC_DEV : WW_MEM_ATOMIC_BLK;
  in->alloc_mem_i = mem;
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t a = (uint32_t)ww_rng_bits(r, 32);
    in->alloc_addr_i[l] = sz == 4 ? a & ~3u : sz == 2 ? a & ~1u : a;
    uint32_t d = (uint32_t)ww_rng_bits(r, 32);
    in->alloc_wdata_i[l] = sz == 1 ? d & 0xFFu : sz == 2 ? d & 0xFFFFu : d;
  }
  s->e[c].kind = s->kind;
}

static void rand_words(ww_rng_t *r, uint32_t *w, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    w[i] = (uint32_t)ww_rng_bits(r, 32);
}

/* one action of the issue FSM on its FRONT entry; may use the rsp port
 * (a block atomic's answer) or the wack port (its write ack) */
static void fsm(stim_t *s, ww_rng_t *r, uint64_t cycle, ww_lsu_wb_in_t *in)
{
  unsigned c = (unsigned)s->front;
  switch (s->phase) {
  case P_SH:
    if (s->sh_mask) {
      in->wr_i = 1;
      in->wr_ctx_i = c;
      in->wr_mask_i = s->sh_mask;
      rand_words(r, in->wr_data_i, LANES);
      s->stat[S_SH_WR]++;
    }
    s->phase = s->kind == K_FENCE ? P_FIN : P_LINE;
    if (s->sh_mask)
      break;
    /* no shared lanes: the first line (or fin) in this cycle */
    /* fall through */
  case P_LINE:
    if (s->kind == K_FENCE || s->k == s->nlines) {
      s->phase = P_FIN;
      goto fin;
    }
    in->line_i = 1;
    in->line_ctx_i = c;
    in->line_idx_i = s->idx[s->k];
    in->line_lanes_i = s->lanes[s->k];
    if (s->kind == K_ATOMIC) {
      s->phase = P_AT;
      s->at_rem = s->lanes[s->k];
    } else {
      s->phase = P_OUT;
    }
    break;
  case P_OUT: {
    in->out_i = 1;
    in->out_ctx_i = c;
    unsigned d;
    switch (s->dmode) {
    case 0: d = (unsigned)ww_rng_below(r, 3); break;
    case 1: d = ww_rng_chance(r, 1, 4) ? 5 + (unsigned)ww_rng_below(r, 40) : (unsigned)ww_rng_below(r, 4); break;
    default: d = 10 + (unsigned)ww_rng_below(r, 80); break;
    }
    pend_t *p = &s->pend[s->npend++];
    p->ctx = c;
    p->idx = s->idx[s->k];
    p->store = s->kind == K_STORE;
    p->ready = cycle + 1 + d;
    p->seq = s->seq++;
    s->k++;
    s->phase = P_LINE;
    if (s->k == s->nlines && s->fast) {   /* the LSU's fin_fast: handed over now */
      in->fin_i = 1;
      in->fin_ctx_i = c;
      s->front = -1;
      s->stat[S_FIN_OUT]++;
    }
    break;
  }
  case P_AT: {
    unsigned l = 0;
    while (!((s->at_rem >> l) & 1))
      l++;
    in->wr_i = 1;
    in->wr_ctx_i = c;
    in->wr_mask_i = 1u << l;
    uint32_t old = (uint32_t)ww_rng_bits(r, 32);
    for (unsigned i = 0; i < LANES; i++)
      in->wr_data_i[i] = old;       /* {LANES{old_word}} */
    s->at_rem &= ~(1u << l);
    if (ww_rng_chance(r, 1, 2)) {   /* block atomic: the L1's answer, then its ack */
      in->rsp_valid_i = 1;
      in->rsp_tag_i = tag_of(c, s->idx[s->k]);
      rand_words(r, in->rsp_data_i, WORDS);
      in->rsp_lvl_i = ww_rng_below(r, 4);
      s->stat[S_AT_RSP]++;
      s->phase = P_ATW;
    } else if (!s->at_rem) {
      s->k++;
      s->phase = P_LINE;
    }
    break;
  }
  case P_ATW:
    in->wack_valid_i = 1;
    in->wack_tag_i = tag_of(c, s->idx[s->k]);
    if (!s->at_rem) {
      s->k++;
      s->phase = P_LINE;
    } else {
      s->phase = P_AT;
    }
    break;
  case P_FIN:
  fin:
    if (s->kind == K_FENCE) {   /* fence.dev: no entry WAIT or DONE */
      for (unsigned e = 0; e < CTX; e++)
        if (s->e[e].st == E_WAIT || s->e[e].st == E_DONE)
          return;
    }
    in->fin_i = 1;
    in->fin_ctx_i = c;
    s->front = -1;
    break;
  default:
    break;
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_lsu_wb_out_t *prev = vprev;
  ww_lsu_wb_in_t *in = vin;
  memset(in, 0, sizeof *in);
  if (s->have_exp && cycle >= 3 &&
      ((int)prev->free_o != s->exp_free || (int)prev->done_valid_o != s->exp_done ||
       (int)prev->waiting_o != s->exp_wait))
    s->stat[S_DISAGREE]++;

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!in->rst_ni) {
    if (cycle >= 2)
      s->stat[S_RESET]++;
    memset(s->e, 0, sizeof s->e);
    s->front = -1;
    s->npend = 0;
    s->have_exp = 0;
    return;
  }

  /* phases: answer delays, retire pressure, allocation rate */
  if (s->dleft-- == 0) {
    s->dmode = (unsigned)ww_rng_below(r, 3);
    s->dleft = 200 + (unsigned)ww_rng_below(r, 800);
  }
  if (s->rleft-- == 0) {
    s->rmode = (unsigned)ww_rng_below(r, 3);
    s->rleft = 50 + (unsigned)ww_rng_below(r, 400);
  }
  if (s->aleft-- == 0) {
    s->amode = (unsigned)ww_rng_below(r, 2);
    s->aleft = 100 + (unsigned)ww_rng_below(r, 400);
  }

  /* the view's state at the start of this cycle */
  int free_c = 0, done_c = 0, wait_c = 0;
  unsigned free_idx = 0, done_idx = 0, nwait = 0, ndone = 0;
  for (unsigned c = CTX; c-- > 0;) {
    if (s->e[c].st == E_FREE) { free_c = 1; free_idx = c; }
    if (s->e[c].st == E_DONE) { done_c = 1; done_idx = c; ndone++; }
    if (s->e[c].st == E_WAIT) nwait++;
    if (s->e[c].st == E_WAIT || s->e[c].st == E_DONE) wait_c = 1;
  }
  s->exp_free = free_c;
  s->exp_done = done_c;
  s->exp_wait = wait_c;
  s->have_exp = 1;
  if (nwait >= 2) s->stat[S_CYC_WAIT2]++;
  if (nwait >= 3) s->stat[S_CYC_WAIT3]++;
  if (ndone >= 2) s->stat[S_CYC_DONE2]++;
  if (!free_c) s->stat[S_FULL]++;
  if (nwait > s->max_wait) s->max_wait = nwait;

  /* the issue FSM: allocate, or act on its FRONT entry (stalls now and then) */
  int alloc_c = -1;
  if (s->front < 0) {
    if (free_c && ww_rng_chance(r, s->amode ? 3 : 1, 4)) {
      start(s, r, free_idx, in);
      alloc_c = (int)free_idx;
      s->stat[S_ALLOC]++;
    }
  } else if (ww_rng_chance(r, 3, 4)) {
    fsm(s, r, cycle, in);
  }

  /* the L1: one load answer and one store ack a cycle, random order */
  unsigned ans[CTX];
  memset(ans, 0, sizeof ans);
  for (int st = 0; st < 2; st++) {
    if (st == 0 && in->rsp_valid_i)
      continue;   /* the port carries an atomic's answer */
    if (st == 1 && in->wack_valid_i)
      continue;
    if (!ww_rng_chance(r, 2, 3))
      continue;
    unsigned cand[CTX * LANES], nc = 0;
    for (unsigned i = 0; i < s->npend; i++)
      if (s->pend[i].store == st && s->pend[i].ready <= cycle)
        cand[nc++] = i;
    if (!nc)
      continue;
    unsigned pi = cand[ww_rng_below(r, nc)];
    pend_t p = s->pend[pi];
    for (unsigned i = 0; i < s->npend; i++)
      if (s->pend[i].ctx == p.ctx && s->pend[i].seq < p.seq) {
        s->stat[S_OOO]++;
        break;
      }
    s->pend[pi] = s->pend[--s->npend];
    if (st == 0) {
      in->rsp_valid_i = 1;
      in->rsp_tag_i = tag_of(p.ctx, p.idx);
      rand_words(r, in->rsp_data_i, WORDS);
      in->rsp_lvl_i = ww_rng_below(r, 4);
      s->stat[S_RSP]++;
    } else {
      in->wack_valid_i = 1;
      in->wack_tag_i = tag_of(p.ctx, p.idx);
      s->stat[S_WACK]++;
    }
    ans[p.ctx]++;
    if (s->e[p.ctx].st == E_FRONT)
      s->stat[S_ANS_FRONT]++;
  }

  switch (s->rmode) {
  case 0: in->done_ready_i = 1; break;
  case 1: in->done_ready_i = (uint64_t)ww_rng_chance(r, 1, 2); break;
  default: in->done_ready_i = (uint64_t)ww_rng_chance(r, 1, 12); break;
  }

  /* the clock edge, as the view sees it */
  int take = done_c && in->done_ready_i;
  if (take) {
    s->stat[S_TAKE]++;
    if (ndone >= 2) s->stat[S_TAKE_MULTI]++;
    if (alloc_c >= 0) s->stat[S_ALLOC_TAKE]++;
  }
  for (unsigned c = 0; c < CTX; c++) {
    tent_t *e = &s->e[c];
    unsigned o = e->out + (unsigned)(in->out_i && in->out_ctx_i == c) - ans[c];
    e->out = o;
    if (alloc_c == (int)c) {
      e->st = E_FRONT;
    } else if (in->fin_i && in->fin_ctx_i == c) {
      if (o == 0) {
        s->stat[S_FIN_DONE]++;
        if (ans[c]) s->stat[S_FIN_LATE]++;
      } else {
        s->stat[S_FIN_WAIT]++;
      }
      e->st = o == 0 ? E_DONE : E_WAIT;
    } else if (e->st == E_WAIT && o == 0) {
      e->st = E_DONE;
      s->stat[S_WAIT_DONE]++;
    } else if (take && done_idx == c) {
      e->st = E_FREE;
    }
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "lsu_wb",
  .params = "CTX=" WW_XSTR(WW_LSU_CTX) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES=" WW_XSTR(
      WW_LINE_BYTES) " WARPS=" WW_XSTR(WW_WARPS_PER_SM),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
