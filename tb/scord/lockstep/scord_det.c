/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scord_det (rtl/scord/ww_scord_det.v).
 * The stimulus plays the partition's SMs and its L2 slice.
 *
 * Records: CHECK (85 %) and FENCE (15 %: block, or device as fence /
 * ww.fence.dev). To make races, repeats and duplicates common, everything is
 * drawn from small pools: six data lines of this partition (two pairs that
 * alias in cached mode: i and i + S share an md line with different tags;
 * 1 in 100 a line outside the tracked range), word 0 (else 1 or 2) most of
 * the time, or a random / full / high-half / two-half mask; four favourite
 * global warps (3 in 4 records); a ctaid and barrier ID per warp, redrawn now
 * and then (BlockIDs meet and part; ctaid c and c + 128 share a BlockID);
 * lock Blooms empty or one of three locks; one PC per op class (1 in 8: per
 * first word), so a race repeats under one dedup key. Ops: every load, store
 * and atomic kind. One CHECK in six repeats the last CHECK's access by the
 * new record's warp, so duplicates come while the entry is still in even the
 * smallest ring; one record in six after a CHECK repeats it whole (same warp,
 * op, line and words): runs of records on one md line, changed or not, for
 * the read-ahead's hazard and its use of a line it fetched after an
 * unchanged one.
 * Traffic comes in epochs of 500..3500 cycles: heavy (the queue fills,
 * queue-full cycles count), light, or silent (the detector drains and
 * writes its header, idle_o rises). A record is held while in_ready_o is low.
 * Control: clear_i every 5000..25 000 cycles (cached_i, random at the start,
 * is redrawn then, and the memory image is wiped to INIT, as the host does
 * before a launch; a response still due is answered), en_i low in one epoch
 * of ten.
 * Memory: a shadow image (sparse, by line; never-written md lines read as
 * INIT entries, one in eight as random garbage) behind a responder that
 * plays the non-blocking L2 slice: it accepts with random ready (70 %, or
 * always in some epochs) while fewer than 1, 2, 4 or 16 requests (per
 * epoch) are outstanding, performs each request at once (READ captures the
 * line, WRITE merges the enabled bytes) and answers in request order, 1..4
 * cycles after acceptance, or 30..129 (a DRAM miss) one time in ten. A
 * reset drops the outstanding responses. The crossbar's own requests for
 * the slice (xbar_req_i, the deferral) are random per cycle at 0, 50 or
 * 95 % in an epoch.
 *
 * Measured over 400 000 cycles (seeds 1 and 2, defaults; a temporary count
 * in the C model): ~3800 races (all six types, ~180 duplicates), ~48 %
 * queue-full cycles, 24..27 clears (15..19 with responses due:
 * ABORT; 19..20 with lines read ahead or READs in flight). Read-ahead
 * (READAHEAD 4), measured before forwarding: ~9900 md READs, issued with
 * 0, 1, 2, 3 lines already ahead ~4500, ~3800, ~1200, ~400 times; up to 7
 * requests in flight (OUTS 10); ~1300 records passed without a READ
 * (FENCE, untracked, empty mask); ~26 000 cycles with a READ not accepted;
 * ~1200 WRITEs accepted with READs ahead of them in flight. With
 * forwarding (the same seeds, the first 10 000 buffers): ~3300 READ, ~6700
 * forwarded; RD takes ~3000 of those from the line buffer itself (the
 * record before was on the same line) and ~3600 as a copy made when it
 * moved to another line; ~14 forwarded buffers get that copy in the cycle
 * the cursor takes them.
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_isa.h"
#include "ww_scord_check.h"
#include "ww_scord_det.h"

#define WW_PORTS_DEF "ww_scord_det.ports.def"
#define WW_IN_T ww_scord_det_in_t
#define WW_OUT_T ww_scord_det_out_t
#include "ww_lockstep_ports.h"

#define LBY WW_LINE_BYTES
#define NW (LBY / 4)
#define LINE_W (32 - WW_CLOG2(LBY))
#define NIMG 4096
#define NLINE 6
#define NWP (WW_NUM_SM * WW_WARPS_PER_SM)
#define NRSP 16                  /* responses due at most (the responder's cap) */

typedef struct {
  /* memory */
  unsigned nimg;
  uint32_t img_line[NIMG];
  uint32_t img_data[NIMG][NW];
  unsigned rsp_n, rsp_head;      /* responses due, in request order */
  uint64_t rsp_due[NRSP];        /* answered at this cycle at the earliest */
  uint32_t rsp_data[NRSP][NW];
  unsigned rsp_cap;              /* requests in flight the responder takes (per epoch) */
  /* pools */
  uint32_t line[NLINE];
  uint32_t cta[NWP], bar[NWP];
  uint32_t fav[4];               /* favourite global warps */
  uint32_t lock[3];
  int last_ok;                   /* the last CHECK's access, to repeat by another warp */
  uint32_t last_op, last_wmask, last_pc, last_line;
  /* traffic */
  int have;                      /* a record is presented */
  ww_scord_det_in_t rec;
  int rec_check;                 /* rec is a CHECK */
  unsigned epoch_kind;           /* 0 heavy, 1 light, 2 silent */
  int en, cached, ready_always;
  unsigned xbar_pct;             /* % of cycles the crossbar wants the slice */
  uint64_t next_epoch, next_clear;
  ww_scord_det_in_t last;
  int started;
} stim_t;

WW_MODEL_HOOKS(ww_scord_det)
WW_STIM_STATE(stim_t)

/* ---- shadow memory -------------------------------------------------------- */

static uint32_t hash32(uint32_t x)
{
  x ^= x >> 16;
  x *= 0x7FEB352Du;
  x ^= x >> 15;
  x *= 0x846CA68Bu;
  return x ^ (x >> 16);
}

static void img_read(const stim_t *s, uint32_t line, uint32_t *d)
{
  for (unsigned i = 0; i < s->nimg; i++)
    if (s->img_line[i] == line) {
      memcpy(d, s->img_data[i], sizeof s->img_data[i]);
      return;
    }
  /* never written: INIT metadata (one line in eight garbage), other lines a pattern */
  const ww_scord_det_cfg_t c = ww_scord_det_default_cfg();
  const ww_scord_det_map_t m = ww_scord_det_map(&c);
  const ww_scord_check_cfg_t cc = ww_scord_check_default_cfg();
  if (line >= m.md_base_line && line < m.log_base_line && hash32(line) % 8 != 0) {
    uint64_t init = ww_scord_md_init(&cc, 0);
    for (unsigned k = 0; k < NW; k += 2) {
      d[k] = (uint32_t)init;
      d[k + 1] = (uint32_t)(init >> 32);
    }
  } else {
    for (unsigned k = 0; k < NW; k++)
      d[k] = hash32(line * 64 + k);
  }
}

static void img_write(stim_t *s, uint32_t line, const uint32_t *be, const uint32_t *data)
{
  uint32_t cur[NW];
  img_read(s, line, cur);
  for (unsigned b = 0; b < LBY; b++)
    if (be[b / 32] >> (b % 32) & 1) {
      uint32_t m = 0xFFu << (8 * (b % 4));
      cur[b / 4] = (cur[b / 4] & ~m) | (data[b / 4] & m);
    }
  unsigned i;
  for (i = 0; i < s->nimg; i++)
    if (s->img_line[i] == line)
      break;
  if (i == s->nimg) {
    if (s->nimg == NIMG)
      i = (unsigned)(hash32(line) % NIMG);   /* full (not reached): reuse a slot */
    else
      s->nimg++;
  }
  s->img_line[i] = line;
  memcpy(s->img_data[i], cur, sizeof cur);
}

/* ---- pools ----------------------------------------------------------------- */

static void redraw_lines(stim_t *s, ww_rng_t *r)
{
  const ww_scord_det_cfg_t c = ww_scord_det_default_cfg();
  const ww_scord_det_map_t m = ww_scord_det_map(&c);
  const uint32_t P = c.num_part, S = 1u << m.s_w;
  const uint32_t ilo = (m.ng_line + P - 1) / P + 1, ihi = m.lb0_line / P - 1;
  uint32_t span = ihi - ilo - 2 * S - 2;
  uint32_t i0 = ilo + (uint32_t)ww_rng_below(r, span);
  uint32_t is[NLINE] = { i0, i0 + 1, i0 + S, i0 + S + 1, i0 + 2 * S, ihi - 1 };
  for (unsigned k = 0; k < NLINE; k++)
    s->line[k] = is[k] * P + c.part;
}

static void redraw_warp(stim_t *s, ww_rng_t *r, unsigned w)
{
  static const uint32_t ctas[4] = { 0, 1, 128, 7 };
  s->cta[w] = ctas[ww_rng_below(r, 4)];
  s->bar[w] = (uint32_t)ww_rng_below(r, 2);
}

static void redraw_pools(stim_t *s, ww_rng_t *r)
{
  redraw_lines(s, r);
  for (unsigned w = 0; w < NWP; w++)
    redraw_warp(s, r, w);
  for (unsigned k = 0; k < 4; k++)
    s->fav[k] = (uint32_t)ww_rng_below(r, NWP);
  const unsigned half = WW_SCORD_BLOOM_W / 2;
  for (unsigned k = 0; k < 3; k++)
    s->lock[k] = (1u << (half + ww_rng_below(r, half))) | (1u << ww_rng_below(r, half));
}

/* ---- records --------------------------------------------------------------- */

static void make_record(stim_t *s, ww_rng_t *r, ww_scord_det_in_t *q)
{
  const ww_scord_det_cfg_t c = ww_scord_det_default_cfg();
  const ww_scord_det_map_t m = ww_scord_det_map(&c);
  uint32_t wp = ww_rng_chance(r, 3, 4) ? s->fav[ww_rng_below(r, 4)]
                                       : (uint32_t)ww_rng_below(r, NWP);
  if (ww_rng_chance(r, 1, 400))
    redraw_warp(s, r, wp);          /* a new block in this warp's slot */
  ww_scord_det_sb_t sb;
  memset(&sb, 0, sizeof sb);
  sb.wid = wp % WW_WARPS_PER_SM;
  sb.ctaid = s->cta[wp];
  sb.bar = s->bar[wp] & ((1u << WW_SCORD_BARID_W) - 1);
  if (ww_rng_chance(r, 1, 300))
    s->bar[wp]++;                   /* a barrier release */
  sb.lk = ww_rng_chance(r, 3, 5) ? 0 : s->lock[ww_rng_below(r, 3)];
  q->in_src_i = wp / WW_WARPS_PER_SM;

  if (ww_rng_chance(r, 15, 100)) {
    static const uint32_t fops[3] = { WW_OP_FENCE_BLK, WW_OP_FENCE_DEV, WW_OP_FENCE };
    sb.sk = WW_SCORD_SK_FENCE;
    sb.op = fops[ww_rng_below(r, 3)];
    sb.pc = 0x20000u + 4 * (uint32_t)ww_rng_below(r, 4);
    sb.wmask = (uint32_t)ww_rng_bits(r, NW);
    q->in_line_i = c.part;
  } else {
    static const uint32_t ops[] = {
      WW_OP_LB,         WW_OP_LH,          WW_OP_LW,          WW_OP_LBU,         WW_OP_LHU,
      WW_OP_LW,         WW_OP_LW,          WW_OP_LW_STRONG,   WW_OP_LW_STRONG,   WW_OP_SB,
      WW_OP_SH,         WW_OP_SW,          WW_OP_SW,          WW_OP_SW_STRONG,   WW_OP_SW_STRONG,
      WW_OP_AMOADD_BLK, WW_OP_AMOEXCH_BLK, WW_OP_AMOMIN_BLK,  WW_OP_AMOMAX_BLK,  WW_OP_AMOMINU_BLK,
      WW_OP_AMOMAXU_BLK, WW_OP_AMOAND_BLK, WW_OP_AMOOR_BLK,   WW_OP_AMOXOR_BLK,  WW_OP_CAS_BLK,
      WW_OP_AMOADD_DEV, WW_OP_AMOEXCH_DEV, WW_OP_AMOMIN_DEV,  WW_OP_AMOMAX_DEV,  WW_OP_AMOMINU_DEV,
      WW_OP_AMOMAXU_DEV, WW_OP_AMOAND_DEV, WW_OP_AMOOR_DEV,   WW_OP_AMOXOR_DEV,  WW_OP_CAS_DEV,
      WW_OP_CAS_DEV,    WW_OP_AMOADD_DEV
    };
    sb.sk = WW_SCORD_SK_CHECK;
    sb.op = ops[ww_rng_below(r, sizeof ops / sizeof ops[0])];
    unsigned mk = (unsigned)ww_rng_below(r, 20);
    unsigned word = ww_rng_chance(r, 1, 2) ? 0 : (unsigned)ww_rng_below(r, 3);
    if (mk < 12)
      sb.wmask = 1u << word;                               /* one word */
    else if (mk < 15)
      sb.wmask = (uint32_t)ww_rng_bits(r, NW);             /* random (maybe empty) */
    else if (mk < 16)
      sb.wmask = (1u << NW) - 1;                           /* whole line */
    else if (mk < 18)
      sb.wmask = (uint32_t)ww_rng_bits(r, NW / 2) << (NW / 2);   /* high half */
    else
      sb.wmask = 3u << (NW / 2 - 1);                       /* both halves, 2 words */
    sb.wmask &= (NW >= 32) ? 0xFFFFFFFFu : (1u << NW) - 1;
    /* one PC per (op class, first word): repeats share a dedup key */
    unsigned cls = sb.op <= WW_OP_LHU ? 0 : sb.op == WW_OP_LW_STRONG ? 1
                   : sb.op <= WW_OP_SW ? 2 : sb.op == WW_OP_SW_STRONG ? 3
                   : (sb.op >= WW_OP_AMOADD_BLK && sb.op <= WW_OP_AMOXOR_BLK) ||
                           sb.op == WW_OP_CAS_BLK ? 4 : 5;
    sb.pc = 0x10000u + 0x40u * cls + (ww_rng_chance(r, 1, 8) ? 4u * (sb.wmask & 7u) : 0u);
    uint32_t line;
    if (ww_rng_chance(r, 1, 100)) {
      /* outside the tracked range: null guard or local memory */
      uint32_t P = c.num_part;
      line = ww_rng_chance(r, 1, 2) ? (m.ng_line / P > 0 ? (m.ng_line / P - 1) * P : 0)
                                    : ((m.lb0_line + P - 1) / P + 3) * P;
      line += c.part;
    } else {
      line = s->line[ww_rng_below(r, ww_rng_chance(r, 3, 4) ? 2 : NLINE)];
    }
    if (s->last_ok && ww_rng_chance(r, 1, 6)) {
      /* the last CHECK's access again, by this warp: a race under the same
       * dedup key while its entry is still in the ring (a duplicate) */
      sb.op = s->last_op;
      sb.wmask = s->last_wmask;
      sb.pc = s->last_pc;
      line = s->last_line;
    }
    s->last_ok = 1;
    s->last_op = sb.op;
    s->last_wmask = sb.wmask;
    s->last_pc = sb.pc;
    s->last_line = line;
    q->in_line_i = line & ((1u << LINE_W) - 1);
  }
  ww_scord_det_sb_pack(&sb, q->in_sb_i);
}

/* ---- one cycle ------------------------------------------------------------- */

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_scord_det_out_t *prev = vprev;
  ww_scord_det_in_t *in = vin;

  if (!s->started) {
    s->started = 1;
    redraw_pools(s, r);
    s->en = 1;
    s->cached = ww_rng_chance(r, 1, 2);
    s->next_epoch = 0;
    s->next_clear = 3000 + ww_rng_below(r, 20000);
  }
  /* last cycle's handshakes */
  if (cycle > 0) {
    if (s->have && s->last.in_valid_i && prev->in_ready_o)
      s->have = 0;
    if (s->last.mrsp_valid_i) {
      s->rsp_head = (s->rsp_head + 1) % NRSP;
      s->rsp_n--;
    }
    if (prev->mreq_valid_o && s->last.mreq_ready_i) {
      /* performed at acceptance, answered in order: 1..4 cycles (an L2
       * hit), or 30..129 (a DRAM read), after it was accepted */
      unsigned k = (s->rsp_head + s->rsp_n++) % NRSP;
      if (prev->mreq_op_o == WW_L2_WRITE)
        img_write(s, (uint32_t)prev->mreq_line_o, prev->mreq_be_o, prev->mreq_data_o);
      else
        img_read(s, (uint32_t)prev->mreq_line_o, s->rsp_data[k]);
      s->rsp_due[k] = cycle - 1 + (ww_rng_chance(r, 1, 10) ? 30 + ww_rng_below(r, 100)
                                                            : 1 + ww_rng_below(r, 4));
    }
    if (!s->last.rst_ni)
      s->rsp_n = 0;
  }
  if (cycle >= s->next_epoch) {
    s->next_epoch = cycle + 500 + ww_rng_below(r, 3000);
    s->epoch_kind = (unsigned)ww_rng_below(r, 3);
    s->en = !ww_rng_chance(r, 1, 10);
    s->ready_always = ww_rng_chance(r, 1, 3);
    static const unsigned caps[4] = { 1, 2, 4, NRSP };
    s->rsp_cap = caps[ww_rng_below(r, 4)];
    static const unsigned xbar_pcts[3] = { 0, 50, 95 };
    s->xbar_pct = xbar_pcts[ww_rng_below(r, 3)];
    if (ww_rng_chance(r, 1, 4))
      redraw_pools(s, r);
  }
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->clear_i = 0;
  if (cycle >= s->next_clear) {
    s->next_clear = cycle + 5000 + ww_rng_below(r, 20000);
    in->clear_i = 1;
    s->cached = ww_rng_chance(r, 1, 2);
    s->nimg = 0;                   /* the host re-initializes the metadata and log */
  }
  in->en_i = (uint64_t)s->en;
  in->cached_i = (uint64_t)s->cached;

  static const unsigned rate[3] = { 90, 8, 0 };
  if (!s->have && ww_rng_below(r, 100) < rate[s->epoch_kind]) {
    s->have = 1;
    /* 1 in 6: the last CHECK again (a loop's access: the same md line, which
     * after the first usually does not change; the read-ahead's hazard) */
    if (!s->rec_check || !ww_rng_chance(r, 1, 6)) {
      make_record(s, r, &s->rec);
      s->rec_check = ww_scord_det_sb_unpack(s->rec.in_sb_i).sk == WW_SCORD_SK_CHECK;
    }
  }
  in->in_valid_i = (uint64_t)s->have;
  in->in_src_i = s->rec.in_src_i;
  in->in_line_i = s->rec.in_line_i;
  memcpy(in->in_sb_i, s->rec.in_sb_i, sizeof in->in_sb_i);

  in->mreq_ready_i =
    (uint64_t)(s->rsp_n < s->rsp_cap && (s->ready_always || ww_rng_chance(r, 7, 10)));
  in->xbar_req_i = (uint64_t)(ww_rng_below(r, 100) < s->xbar_pct);
  in->mrsp_valid_i = 0;
  if (s->rsp_n > 0 && cycle >= s->rsp_due[s->rsp_head]) {
    in->mrsp_valid_i = 1;
    memcpy(in->mrsp_data_i, s->rsp_data[s->rsp_head], sizeof in->mrsp_data_i);
  }
  s->last = *in;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scord_det",
  .params = "NUM_SM=" WW_XSTR(WW_NUM_SM) " WARPS=" WW_XSTR(WW_WARPS_PER_SM) " NUM_PART=" WW_XSTR(
    WW_NUM_PART) " LINE_BYTES=" WW_XSTR(WW_LINE_BYTES) " QUEUE=" WW_XSTR(WW_SCORD_QUEUE)
    " LOG_ENTRIES=" WW_XSTR(WW_SCORD_LOG_ENTRIES) " DEDUP=" WW_XSTR(WW_SCORD_DEDUP),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
