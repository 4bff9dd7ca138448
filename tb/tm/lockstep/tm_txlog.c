/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_txlog (rtl/tm/ww_tm_txlog.v).
 * Stimulus: plays the LSU and the L1. The LSU side gives each warp a
 * transaction now and then (BEGIN, then loads and stores of 1, 2 or 4
 * bytes by random lanes to a small pool of words, so read-own-write, filter
 * hits and false positives are common; sometimes long enough to fill a log).
 * Each run (and most resets) has one warp fill its logs, from a random
 * cycle below 10 000 on, with no reset until its logs are full. The L1 side answers each load after a random latency from a memory
 * image (with back-pressure); log stores are posted, up to STQ in flight, each
 * reaching the memory image only when it is acknowledged (after its own
 * random latency, so acknowledgements come out of order, except that stores
 * to one line land in the order taken, as the crossbar and the L2 slice keep
 * them): a walk that read a log line with a store in flight would read the
 * old line. Now and then
 * another SM changes a word of the pool (a commit elsewhere). Mid-run resets.
 * Independent check (a host reference, not the C model; txref in tm_ref.h,
 * shared with tm_sm.c): per warp and lane
 * the stimulus keeps its own write log; at each done it checks the full
 * flags, every lane's word (the newest own write of the word, else the word
 * the L2 read of its line returned) and the log entries the unit wrote (the
 * stores taken so far: addresses, WW_TX_LOG_VOID, values) against it.
 */
#include "ww_lockstep.h"
#include "ww_tm_txlog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WW_PORTS_DEF "ww_tm_txlog.ports.def"
#define WW_IN_T ww_tm_txlog_in_t
#define WW_OUT_T ww_tm_txlog_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES
#define LINEB WW_LINE_BYTES
#define LOGW WW_TX_LOG_WORDS
#define LPL (LINEB / 4)
#define POOL_LINES 6
#define DATA_BYTES 4096u                       /* the pool's lines sit in here */
#define LOG_BASE 0x10000u
#define LOG_BYTES ((uint32_t)WARPS * 2u * LOGW * 2u * 4u * LANES)
#define IMG_BYTES (LOG_BASE + LOG_BYTES)
#define NPART WW_NUM_PART
#define CIDM ((1u << WW_CID_W) - 1)

#include "tm_ref.h"

typedef struct {
  uint8_t *img;                      /* every store taken (the checks read it) */
  uint8_t *mem;                      /* the memory: stores acknowledged (answers) */
  /* the command (op, warp, lanes, ...) and the host reference: each warp's logs */
  txref_t x;
  int pending, busy;                 /* driven (not yet taken); taken, not done */
  /* the L1: one load in flight, and the posted stores */
  int last_ready, mem_busy;
  unsigned mem_left;
  uint32_t mem_line;
  stq_t stq;
  uint64_t n_overlap;                /* cycles with two or more stores in flight */
  int in_tx[WARPS];
  unsigned ops_left[WARPS];
  uint32_t pool[POOL_LINES];
  unsigned lat_max;
  int in_reset;
  int focus, got_full;               /* a warp filling its logs; full answers seen */
  uint64_t focus_at;                 /* from this cycle on */
  uint64_t n_done, n_walk_hits, n_full;
  uint64_t first_full;                /* the cycle of the first full answer (0: none) */
} stim_t;

WW_MODEL_HOOKS(ww_tm_txlog)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (s && (!(s->img = calloc(1, IMG_BYTES)) || !(s->mem = calloc(1, IMG_BYTES)))) {
    free(s->img);
    free(s);
    return NULL;
  }
  return s;
}

static void ww_stim_free(void *vs)
{
  stim_t *s = vs;
  if (!s)
    return;
  fprintf(stderr, "tm_txlog stimulus: %llu commands checked against the host reference, "
          "%llu lanes served by the write log, %llu full logs (the first at cycle %llu), "
          "%llu cycles with stores overlapping\n", (unsigned long long)s->n_done,
          (unsigned long long)s->n_walk_hits, (unsigned long long)s->n_full,
          (unsigned long long)s->first_full, (unsigned long long)s->n_overlap);
  free(s->img);
  free(s->mem);
  free(s);
}

/* the command just finished: check it against the reference, then update it */
static void retire(stim_t *s, uint64_t cycle, const ww_tm_txlog_out_t *o)
{
  txref_t *x = &s->x;
  s->n_done++;
  if (x->op == WW_TXL_BEGIN) {
    s->in_tx[x->wid] = 1;
    x->rlen[x->wid] = x->wlen[x->wid] = 0;
    return;
  }
  const unsigned full = txref_full(x);
  if (o->done_full_o != full)
    txref_fail(cycle, "done_full_o", x->wid, 0, (uint32_t)o->done_full_o, full);
  if (full) {
    if (!s->n_full)
      s->first_full = cycle;
    s->n_full++;
    s->got_full |= (int)full;
  }
  s->n_walk_hits += txref_done(x, s->img, cycle, o->done_word_o);
}

/* A warp that fills its logs: one-lane loads with an empty write log (no
 * walks) until the read log answers full, then one-lane stores until the
 * write log does. */
static int focus_command(stim_t *s, ww_rng_t *r)
{
  const unsigned w = (unsigned)s->focus;
  s->lat_max = 4;   /* short latencies: the logs fill sooner */
  s->x.wid = w;
  s->x.bytes = 4;
  s->x.mask = 1u << ww_rng_below(r, LANES);
  for (unsigned l = 0; l < LANES; l++) {
    s->x.addr[l] = s->pool[ww_rng_below(r, POOL_LINES)] * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    s->x.data[l] = (uint32_t)ww_rng_bits(r, 32);
  }
  if (!s->in_tx[w]) {
    s->x.op = WW_TXL_BEGIN;
    s->got_full = 0;
  } else if (!(s->got_full & 1)) {
    s->x.op = WW_TXL_LOAD;
  } else if (!(s->got_full & 2)) {
    s->x.op = WW_TXL_STORE;
  } else {
    s->focus = -1;
    return 0;
  }
  return 1;
}

static void new_command(stim_t *s, ww_rng_t *r, uint64_t cycle)
{
  if (s->focus >= 0 && cycle >= s->focus_at && focus_command(s, r))
    return;
  const unsigned w = (unsigned)ww_rng_below(r, WARPS);
  s->x.wid = w;
  if (!s->in_tx[w] || !s->ops_left[w] || ww_rng_chance(r, 1, 200)) {
    s->x.op = WW_TXL_BEGIN;
    /* mostly short transactions; now and then one that fills a log */
    s->ops_left[w] = ww_rng_chance(r, 1, 8) ? 3 * LOGW : 1 + (unsigned)ww_rng_below(r, 24);
  } else {
    s->x.op = ww_rng_chance(r, 1, 2) ? WW_TXL_LOAD : WW_TXL_STORE;
    s->ops_left[w]--;
  }
  const unsigned k = (unsigned)ww_rng_below(r, 8);
  s->x.bytes = k < 5 ? 4 : k < 7 ? 2 : 1;
  s->x.mask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    s->x.mask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  if (ww_rng_chance(r, 1, 50))
    s->x.mask = 0;
  for (unsigned l = 0; l < LANES; l++) {
    const uint32_t line = s->pool[ww_rng_below(r, ww_rng_chance(r, 1, 2) ? 2 : POOL_LINES)];
    uint32_t a = line * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    a += (uint32_t)ww_rng_below(r, 4 / s->x.bytes) * s->x.bytes;
    s->x.addr[l] = a;
    s->x.data[l] = (uint32_t)ww_rng_bits(r, 32);
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_txlog_out_t *prev = vprev;
  ww_tm_txlog_in_t *in = vin;
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  /* no reset cuts a focus short: it takes about 1 000 commands (a few ten
   * thousand cycles), and one restarted late would not fill in a default run */
  if (cycle >= 2 && s->focus >= 0 && cycle >= s->focus_at)
    in->rst_ni = 1;
  in->log_base_i = LOG_BASE;

  const int reset_starts = cycle == 0 || (!in->rst_ni && !s->in_reset);
  s->in_reset = !in->rst_ni;
  if (cycle == 0 || !in->rst_ni) {   /* a new run or a reset: the unit forgets */
    s->pending = s->busy = s->mem_busy = 0;
    stq_reset(&s->stq, s->img, s->mem, IMG_BYTES);   /* the logs are forgotten too */
    s->last_ready = 0;   /* the reset cycle's ready is low: nothing is taken in it */
    for (unsigned w = 0; w < WARPS; w++)
      s->in_tx[w] = 0;
    for (unsigned i = 0; i < POOL_LINES; i++)
      s->pool[i] = (uint32_t)ww_rng_below(r, DATA_BYTES / LINEB);
    s->lat_max = ww_rng_chance(r, 1, 3) ? 40 : 6;
    /* at the start, and after most resets, one warp fills its logs first */
    if (reset_starts && (cycle == 0 || s->focus < 0)) {   /* one cut short starts again */
      s->focus = cycle == 0 || ww_rng_chance(r, 2, 3) ? (int)ww_rng_below(r, WARPS) : -1;
      s->focus_at = cycle + ww_rng_below(r, 10000);   /* random commands first */
    }

  }
  if (cycle && in->rst_ni) {
    /* the memory: a request taken last cycle */
    if (s->last_ready && prev->req_valid_o) {
      const uint32_t line = (uint32_t)prev->req_line_o;
      if (prev->req_op_o == WW_L1_STORE) {
        if (line * LINEB < LOG_BASE || line * LINEB >= IMG_BYTES)
          ww_stim_fail("cycle %llu: a store to line %08x, outside the logs",
                       (unsigned long long)cycle - 1, (unsigned)line);
        else
          stq_take(&s->stq, r, s->lat_max, s->img, line, prev->req_wdata_o);
      } else {
        if (s->mem_busy)
          ww_stim_fail("cycle %llu: a second load in flight", (unsigned long long)cycle - 1);
        s->mem_busy = 1;
        s->mem_line = line;
        s->mem_left = (unsigned)ww_rng_below(r, s->lat_max);
      }
    }
    /* the command: taken last cycle, or done last cycle */
    if (s->pending && prev->cmd_ready_o) {
      s->pending = 0;
      s->busy = 1;
      s->x.n_rd = 0;
    } else if (s->busy && prev->done_valid_o) {
      retire(s, cycle - 1, prev);
      s->busy = 0;
    }
  }
  if (!in->rst_ni)
    return;

  /* another SM commits a word of the pool */
  if (ww_rng_chance(r, 1, 40)) {
    const uint32_t a = s->pool[ww_rng_below(r, POOL_LINES)] * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL);
    const uint32_t v = (uint32_t)ww_rng_bits(r, 32);
    memcpy(s->img + a, &v, 4);
    memcpy(s->mem + a, &v, 4);
  }

  /* the memory's answers: a load's line, one store's acknowledgement (a
   * random one of those due and not behind an older store to its line; the
   * store reaches the memory now) */
  if (s->mem_busy) {
    if (s->mem_left) {
      s->mem_left--;
    } else {
      s->mem_busy = 0;
      in->rsp_valid_i = 1;
      for (unsigned k = 0; k < LPL; k++)
        in->rsp_data_i[k] = txref_rd32(s->mem, s->mem_line * LINEB + 4 * k);
      /* an L2 read of data, or of a log line (log lines are read with LOAD_STRONG too) */
      txref_l2_read(&s->x, s->mem_line, in->rsp_data_i);
    }
  }
  s->n_overlap += s->stq.n > 1;
  in->wack_valid_i = (uint64_t)stq_step(&s->stq, r, s->mem);
  in->req_ready_i = s->stq.n < STQ && ww_rng_chance(r, 3, 4);
  s->last_ready = (int)in->req_ready_i;

  /* the LSU's command: held until taken; junk while none */
  if (!s->pending && !s->busy && ww_rng_chance(r, 1, 3)) {
    new_command(s, r, cycle);
    s->pending = 1;
  }
  if (s->pending) {
    in->cmd_valid_i = 1;
    in->cmd_op_i = s->x.op;
    in->cmd_wid_i = s->x.wid;
    in->cmd_mask_i = s->x.mask;
    in->cmd_bytes_i = s->x.bytes;
    for (unsigned l = 0; l < LANES; l++) {
      in->cmd_addr_i[l] = s->x.addr[l];
      in->cmd_data_i[l] = s->x.data[l];
    }
  } else {
    in->cmd_op_i = ww_rng_bits(r, WW_TXL_W);
    in->cmd_wid_i = ww_rng_below(r, WARPS);
    in->cmd_mask_i = ww_rng_bits(r, LANES);
    in->cmd_bytes_i = 4;
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_txlog",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES="
            WW_XSTR(WW_LINE_BYTES) " LOG_WORDS=" WW_XSTR(WW_TX_LOG_WORDS) " BLOOM_W="
            WW_XSTR(WW_TX_BLOOM_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
