/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_det_sbuf (rtl/det/ww_det_sbuf.v), GPUDet's store
 * buffers of one SM. Stimulus: plays the LSU (loads and stores of random
 * warps, lanes on a pool of 1..12 lines or of more lines than a warp's
 * buffer holds, in half of those quanta mostly warp 0's stores on spread
 * lines until its buffer is nearly full; 1, 2 or 4 bytes, a store only
 * while the warp has room), the L1 (random back-pressure, answers after
 * 1..12 cycles from a host memory that changes only between quanta), the
 * mode controller (a commit after 0..40 or 0..400 commands) and the crossbar with the
 * Z-buffer units (random back-pressure on packets, each acknowledged after
 * 1..20 cycles); locked_i (the lock-based commit) for a third of the
 * commits, changed only when a commit starts.
 * It is also a host reference (GPUDet sec. 4.3, 4.4.2): per warp it keeps
 * the bytes stored in the quantum (lanes in lane order); a load's words
 * must be memory with the warp's own bytes over it; a commit must send
 * every (warp, line) written exactly once with exactly its bytes, to
 * partition line % NUM_PART; room_o must say whether the warp has LANES of
 * its SB_LINES entries free; with locked_i no request may leave while an
 * earlier one is unacknowledged; between commands, a lane query (a random
 * warp, lanes on the pool's lines) of a line the warp has bytes of must hit
 * (sec. 4.3: a load that misses the filter reads memory). Loads are sent
 * with any lanes, hitting or not. A failure counts as a mismatch.
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_det_sbuf.h"

#define WW_PORTS_DEF "ww_det_sbuf.ports.def"
#define WW_IN_T ww_det_sbuf_in_t
#define WW_OUT_T ww_det_sbuf_out_t
#include "ww_lockstep_ports.h"

#define NW   WW_WARPS_PER_SM
#define NL   WW_LANES
#define LB   WW_LINE_BYTES
#define POOL (WW_DET_SB_LINES + 24)
#define AQ   64

typedef struct {
  uint32_t line[POOL];
  uint8_t  mem[POOL][LB];
  uint8_t  be[NW][POOL][LB], d[NW][POOL][LB];   /* the reference buffers */
  uint8_t  sent[NW][POOL];                       /* lines sent in this commit */
  unsigned npool;
  int      fill;     /* this quantum fills warp 0's buffer (room_o falls) */
  /* the command in flight */
  int      busy, is_store, committing;
  unsigned wid, bytes;
  uint32_t mask, addr[NL];
  uint8_t  expect[NL][4];
  unsigned cmds_left;
  /* the L1 */
  int      l1_pend;
  uint64_t l1_due;
  uint32_t l1_line;
  /* acknowledgements due */
  uint64_t ack_due[AQ];
  unsigned ack_head, ack_n;
  unsigned rdy_pct, l1_pct, pkt_pct, lat;
} stim_t;

WW_MODEL_HOOKS(ww_det_sbuf)
WW_STIM_STATE(stim_t)

static unsigned pool_of(const stim_t *s, uint32_t line)
{
  for (unsigned i = 0; i < s->npool; i++)
    if (s->line[i] == line)
      return i;
  return POOL;
}

static unsigned used_lines(const stim_t *s, unsigned w)
{
  unsigned n = 0;
  for (unsigned p = 0; p < s->npool; p++) {
    int any = 0;
    for (unsigned k = 0; k < LB; k++)
      any |= s->be[w][p][k];
    n += any;
  }
  return n;
}

static void new_pool(stim_t *s, ww_rng_t *r)
{
  /* mostly a few lines (merges, filter hits); a third of the quanta more
   * lines than a warp's buffer holds (room_o falls, long probes) */
  s->npool = ww_rng_chance(r, 1, 3) ? POOL - (unsigned)ww_rng_below(r, 16)
                                    : 1 + (unsigned)ww_rng_below(r, 12);
  /* half the long-pool quanta fill warp 0's buffer on purpose: stores of
   * lanes on spread lines, enough commands to pass SB_LINES - LANES (else
   * room_o could stay 1 for a whole run) */
  s->fill = s->npool > WW_DET_SB_LINES && ww_rng_chance(r, 1, 2);
  if (s->fill && s->cmds_left < 4 * WW_DET_SB_LINES)
    s->cmds_left = 4 * WW_DET_SB_LINES;
  for (unsigned i = 0; i < s->npool; i++) {
    uint32_t l;
    do
      l = (uint32_t)ww_rng_bits(r, 32 - WW_CLOG2(LB));
    while (pool_of(s, l) < i);
    s->line[i] = l;
    for (unsigned k = 0; k < LB; k++)
      s->mem[i][k] = (uint8_t)ww_rng_bits(r, 8);
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_det_sbuf_out_t *prev = vprev;
  ww_det_sbuf_in_t *in = vin;

  if (cycle && (in->rst_ni & 1) && !s->busy && !s->committing) {
    /* last cycle's lane queries, between commands: a line the warp has
     * bytes of must hit (a Bloom filter has no false negatives) */
    const unsigned w = (unsigned)in->qry_wid_i;
    for (unsigned l = 0; l < NL; l++) {
      const unsigned p = pool_of(s, in->qry_addr_i[l] >> WW_CLOG2(LB));
      int any = 0;
      for (unsigned k = 0; p < POOL && w < NW && k < LB; k++)
        any |= s->be[w][p][k];
      if (any && !(prev->qry_hit_o >> l & 1))
        ww_stim_fail("warp %u lane %u: line %#x is buffered, the filter misses it", w, l,
                     in->qry_addr_i[l] >> WW_CLOG2(LB));
    }
  }
  if (cycle && (in->rst_ni & 1)) {
    /* last cycle's handshakes */
    if ((in->acc_valid_i & 1) && (prev->acc_ready_o & 1))
      in->acc_valid_i = 0;     /* taken */
    if (prev->acc_done_o & 1) {
      if (!s->busy)
        ww_stim_fail("acc_done_o with no command");
      else if (!s->is_store)
        for (unsigned l = 0; l < NL; l++) {
          if (!(s->mask >> l & 1))
            continue;
          const uint32_t a = s->addr[l], got = prev->acc_word_o[l];
          for (unsigned k = 0; k < s->bytes; k++) {
            const unsigned b = (a & 3) + k;
            if ((uint8_t)(got >> (8 * b)) != s->expect[l][k])
              ww_stim_fail("warp %u lane %u address %#x byte %u: %#x, memory with the warp's "
                           "own bytes over it has %#x", s->wid, l, a, k,
                           (unsigned)(uint8_t)(got >> (8 * b)), s->expect[l][k]);
          }
        }
      s->busy = 0;
    }
    /* room_o against the reference, between commands */
    for (unsigned w = 0; w < NW && !s->busy && !s->committing; w++)
      if ((unsigned)(prev->room_o >> w & 1) != (used_lines(s, w) + NL <= WW_DET_SB_LINES))
        ww_stim_fail("warp %u: room_o %u with %u lines buffered of %u", w,
                     (unsigned)(prev->room_o >> w & 1), used_lines(s, w), WW_DET_SB_LINES);
    if ((prev->l1_req_valid_o & 1) && (in->l1_req_ready_i & 1)) {
      s->l1_pend = 1;
      s->l1_line = (uint32_t)prev->l1_req_line_o;
      s->l1_due = cycle + 1 + ww_rng_below(r, 12);
      if (pool_of(s, s->l1_line) == POOL)
        ww_stim_fail("L1 request of line %#x, no lane's", s->l1_line);
    }
    if (in->l1_rsp_valid_i & 1)
      s->l1_pend = 0;
    if ((prev->pkt_valid_o & 1) && (in->pkt_ready_i & 1)) {
      const unsigned w = (unsigned)prev->pkt_wid_o, p = pool_of(s, (uint32_t)prev->pkt_line_o);
      if ((in->locked_i & 1) && s->ack_n)
        ww_stim_fail("lock-based commit: a request left with %u unacknowledged", s->ack_n);
      if (p == POOL || w >= NW) {
        ww_stim_fail("commit request of warp %u line %#x: not buffered", w,
                     (unsigned)prev->pkt_line_o);
      } else {
        if (s->sent[w][p]++)
          ww_stim_fail("warp %u line %#x sent twice in one commit", w, s->line[p]);
        if (prev->pkt_part_o != s->line[p] % WW_NUM_PART)
          ww_stim_fail("line %#x to partition %u", s->line[p], (unsigned)prev->pkt_part_o);
        for (unsigned k = 0; k < LB; k++) {
          const unsigned be = prev->pkt_be_o[k / 32] >> (k % 32) & 1;
          const uint8_t d = (uint8_t)(prev->pkt_data_o[k / 4] >> (8 * (k % 4)));
          if (be != s->be[w][p][k] || (be && d != s->d[w][p][k]))
            ww_stim_fail("warp %u line %#x byte %u: sent %u/%#x, buffered %u/%#x", w, s->line[p],
                         k, be, d, s->be[w][p][k], s->d[w][p][k]);
        }
      }
      if (s->ack_n < AQ)
        s->ack_due[(s->ack_head + s->ack_n++) % AQ] = cycle + 1 + ww_rng_below(r, s->lat);
    }
    if (in->ack_i & 1) {
      s->ack_head = (s->ack_head + 1) % AQ;
      s->ack_n--;
    }
    if (s->committing && !(prev->cmt_busy_o & 1) && !(in->cmt_start_i & 1)) {
      /* the commit is over: every buffered line went out */
      for (unsigned w = 0; w < NW; w++)
        for (unsigned p = 0; p < s->npool; p++) {
          int any = 0;
          for (unsigned k = 0; k < LB; k++)
            any |= s->be[w][p][k];
          if (any && !s->sent[w][p])
            ww_stim_fail("warp %u line %#x was not committed", w, s->line[p]);
        }
      memset(s->be, 0, sizeof s->be);
      memset(s->sent, 0, sizeof s->sent);
      s->committing = 0;
      new_pool(s, r);
    }
  }
  in->cmt_start_i = 0;

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!(in->rst_ni & 1)) {
    memset(s->be, 0, sizeof s->be);
    memset(s->sent, 0, sizeof s->sent);
    s->busy = s->committing = s->l1_pend = 0;
    s->ack_n = 0;
    in->acc_valid_i = 0;
    if (!s->npool)
      new_pool(s, r);
  }
  if (cycle % 400 == 0) {
    s->rdy_pct = ww_rng_chance(r, 1, 3) ? 100 : 20 + (unsigned)ww_rng_below(r, 80);
    s->l1_pct = ww_rng_chance(r, 1, 3) ? 100 : 20 + (unsigned)ww_rng_below(r, 80);
    s->pkt_pct = ww_rng_chance(r, 1, 3) ? 100 : 20 + (unsigned)ww_rng_below(r, 80);
    s->lat = ww_rng_chance(r, 1, 3) ? 20 : 1 + (unsigned)ww_rng_below(r, 3);
  }

  /* a new command, or a commit */
  if ((in->rst_ni & 1) && !s->busy && !s->committing && !(in->acc_valid_i & 1) &&
      (prev->acc_ready_o & 1) && ww_rng_chance(r, s->rdy_pct, 100)) {
    if (s->cmds_left == 0) {
      in->cmt_start_i = 1;
      in->locked_i = ww_rng_chance(r, 1, 3);
      s->committing = 1;
      s->cmds_left = (unsigned)ww_rng_below(r, ww_rng_chance(r, 1, 3) ? 400 : 41);
    } else {
      s->cmds_left--;
      s->wid = (unsigned)ww_rng_below(r, NW);
      if (ww_rng_chance(r, 1, 2))
        s->wid = (unsigned)ww_rng_below(r, NW < 2 ? NW : 2);   /* fill warps 0 and 1 */
      if (s->fill && ww_rng_chance(r, 3, 4))
        s->wid = 0;
      s->is_store = ww_rng_chance(r, 1, 2) && used_lines(s, s->wid) + NL <= WW_DET_SB_LINES;
      static const unsigned sizes[] = { 1, 2, 4, 4 };
      s->bytes = sizes[ww_rng_below(r, 4)];
      s->mask = (uint32_t)ww_rng_bits(r, NL);
      const unsigned focus = (unsigned)ww_rng_below(r, s->npool);
      for (unsigned l = 0; l < NL; l++) {
        const unsigned p = ww_rng_chance(r, 1, 2) && !s->fill ? focus
                                                               : (unsigned)ww_rng_below(r, s->npool);
        const uint32_t off = (uint32_t)ww_rng_below(r, LB / s->bytes) * s->bytes;
        s->addr[l] = (s->line[p] << WW_CLOG2(LB)) | off;
        in->acc_addr_i[l] = s->addr[l];
        in->acc_data_i[l] = (uint32_t)ww_rng_bits(r, 32);
      }
      /* the reference: a load's expected bytes, or the store's bytes */
      for (unsigned l = 0; l < NL; l++) {
        if (!(s->mask >> l & 1))
          continue;
        const unsigned p = pool_of(s, s->addr[l] >> WW_CLOG2(LB)), o = s->addr[l] & (LB - 1);
        for (unsigned k = 0; k < s->bytes; k++) {
          if (s->is_store) {
            s->be[s->wid][p][o + k] = 1;
            s->d[s->wid][p][o + k] = (uint8_t)(in->acc_data_i[l] >> (8 * k));
          } else {
            s->expect[l][k] = s->be[s->wid][p][o + k] ? s->d[s->wid][p][o + k] : s->mem[p][o + k];
          }
        }
      }
      in->acc_valid_i = 1;
      in->acc_op_i = s->is_store ? WW_TXL_STORE : WW_TXL_LOAD;
      in->acc_wid_i = s->wid;
      in->acc_mask_i = s->mask;
      in->acc_bytes_i = s->bytes;
      s->busy = 1;
    }
  }
  if (!(in->acc_valid_i & 1)) {
    in->acc_op_i = ww_rng_bits(r, 2);
    in->acc_wid_i = ww_rng_below(r, NW);
  }
  in->l1_req_ready_i = !s->l1_pend && ww_rng_chance(r, s->l1_pct, 100);
  in->l1_rsp_valid_i = (in->rst_ni & 1) && s->l1_pend && s->l1_due <= cycle;
  {
    const unsigned p = pool_of(s, s->l1_line);
    for (unsigned k = 0; k < LB; k++) {
      const uint8_t v = in->l1_rsp_valid_i && p < POOL ? s->mem[p][k] : (uint8_t)ww_rng_bits(r, 8);
      in->l1_rsp_data_i[k / 4] = (in->l1_rsp_data_i[k / 4] & ~(0xFFu << (8 * (k % 4)))) |
                                 (uint32_t)v << (8 * (k % 4));
    }
  }
  /* the LSU's lane queries: a warp, lanes on the pool's lines (now and then
   * anywhere) */
  in->qry_wid_i = ww_rng_chance(r, 1, 2) ? ww_rng_below(r, NW < 2 ? NW : 2) : ww_rng_below(r, NW);
  for (unsigned l = 0; l < NL; l++)
    in->qry_addr_i[l] = ww_rng_chance(r, 1, 8) ? (uint32_t)ww_rng_bits(r, 32)
                        : s->line[ww_rng_below(r, s->npool)] << WW_CLOG2(LB) |
                              (uint32_t)ww_rng_below(r, LB);
  in->pkt_ready_i = ww_rng_chance(r, s->pkt_pct, 100);
  in->ack_i = (in->rst_ni & 1) && s->ack_n && s->ack_due[s->ack_head] <= cycle;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "det_sbuf",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES="
            WW_XSTR(WW_LINE_BYTES) " SB_LINES=" WW_XSTR(WW_DET_SB_LINES) " BLOOM_BITS="
            WW_XSTR(WW_DET_BLOOM_BITS) " NUM_PART=" WW_XSTR(WW_NUM_PART),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
