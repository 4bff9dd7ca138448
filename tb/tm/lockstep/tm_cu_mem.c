/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_cu_mem (rtl/tm/ww_tm_cu_mem.v), the commit unit's
 * memory adapter. Stimulus: plays the commit unit (word reads with slot tags
 * and writes with bit TAG_W-1 set, held until ready, in phases from sparse
 * to every cycle) and the partition port with the L2 slice behind it
 * (random back-pressure on u_req_ready_i; accepted requests answered in
 * order after 1..40 cycles, in phases of slow answers so the FIFO fills;
 * reads with the line of a 64-word host memory as it was when accepted,
 * writes acked with 0 after writing their enabled bytes). It is also a host
 * reference: each answer must carry the tag of the oldest unanswered word
 * request, and a read the word of memory when it was accepted; a failure
 * counts as a mismatch (ww_stim_fail).
 */
#include "ww_lockstep.h"
#include "ww_tm_cu_mem.h"

#define WW_PORTS_DEF "ww_tm_cu_mem.ports.def"
#define WW_IN_T ww_tm_cu_mem_in_t
#define WW_OUT_T ww_tm_cu_mem_out_t
#include "ww_lockstep_ports.h"

#define TAG_W (WW_CLOG2(WW_TM_CU_READS) + 1)
#define WORDS (WW_LINE_BYTES / 4)
#define MEMW  64             /* host memory words (addresses alias mod 64) */
#define Q     512

typedef struct {
  uint32_t mem[MEMW];
  /* the slice's queue: accepted line requests */
  struct { uint64_t due; uint32_t line[WORDS]; } sq[Q];
  unsigned sq_head, sq_n;
  uint64_t last_due;
  /* the unit's accepted word requests, oldest first */
  struct { uint32_t tag, expect; int write; } cq[Q];
  unsigned cq_head, cq_n;
  int pending;
  unsigned req_pct, rdy_pct, lat_max;
} stim_t;

WW_MODEL_HOOKS(ww_tm_cu_mem)
WW_STIM_STATE(stim_t)

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_cu_mem_out_t *prev = vprev;
  ww_tm_cu_mem_in_t *in = vin;

  if (cycle == 0)
    for (unsigned i = 0; i < MEMW; i++)
      s->mem[i] = (uint32_t)ww_rng_bits(r, 32);

  if (cycle && (in->rst_ni & 1)) {
    /* last cycle's answer: the oldest unanswered word request */
    if (prev->mrsp_valid_o & 1) {
      if (!s->cq_n) {
        ww_stim_fail("an answer with no request in flight");
      } else {
        unsigned h = s->cq_head;
        if (prev->mrsp_tag_o != s->cq[h].tag)
          ww_stim_fail("answer tag %#x, expected %#x", (unsigned)prev->mrsp_tag_o, s->cq[h].tag);
        else if (!s->cq[h].write && prev->mrsp_data_o != s->cq[h].expect)
          ww_stim_fail("read answer %#x, expected %#x", (unsigned)prev->mrsp_data_o,
                       s->cq[h].expect);
        s->cq_head = (h + 1) % Q;
        s->cq_n--;
      }
    }
    /* last cycle's request handshake: the slice performs it now */
    int req_fire = (prev->u_req_valid_o & 1) && (in->u_req_ready_i & 1);
    int cu_fire = (in->mreq_valid_i & 1) && (prev->mreq_ready_o & 1);
    if (req_fire != cu_fire)
      ww_stim_fail("unit handshake %d, socket handshake %d", cu_fire, req_fire);
    if (req_fire && s->sq_n < Q && s->cq_n < Q) {
      uint32_t a = (uint32_t)in->mreq_addr_i;
      unsigned t = (s->cq_head + s->cq_n++) % Q;
      s->cq[t].tag = (uint32_t)in->mreq_tag_i;
      s->cq[t].write = (int)(in->mreq_write_i & 1);
      s->cq[t].expect = s->mem[a % MEMW];
      unsigned q = (s->sq_head + s->sq_n++) % Q;
      uint64_t due = cycle + 1 + ww_rng_below(r, s->lat_max);
      s->last_due = due > s->last_due ? due : s->last_due;
      s->sq[q].due = s->last_due;
      uint32_t base = (uint32_t)(prev->u_req_line_o * WORDS) % MEMW;
      if (prev->u_req_op_o == WW_L2_WRITE) {
        for (unsigned w = 0; w < WORDS; w++) {
          uint32_t be = (prev->u_req_be_o[w * 4 / 32] >> (w * 4 % 32)) & 0xf, d = 0;
          for (unsigned b = 0; b < 4; b++)
            d |= (be >> b & 1) ? 0xffu << (8 * b) : 0;
          uint32_t *mw = &s->mem[(base + w) % MEMW];
          *mw = (*mw & ~d) | (prev->u_req_data_o[w] & d);
          s->sq[q].line[w] = 0;
        }
      } else {
        for (unsigned w = 0; w < WORDS; w++)
          s->sq[q].line[w] = s->mem[(base + w) % MEMW];
      }
      s->pending = 0;
    }
    /* the answer given last cycle is gone */
    if (in->u_rsp_valid_i & 1) {
      s->sq_head = (s->sq_head + 1) % Q;
      s->sq_n--;
    }
  }

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!(in->rst_ni & 1)) {
    s->sq_n = s->cq_n = 0;
    s->pending = 0;
    s->last_due = 0;
  }
  if (cycle % 400 == 0) {
    s->req_pct = ww_rng_chance(r, 1, 3) ? 100 : 5 + (unsigned)ww_rng_below(r, 60);
    s->rdy_pct = ww_rng_chance(r, 1, 3) ? 100 : 30 + (unsigned)ww_rng_below(r, 70);
    s->lat_max = ww_rng_chance(r, 1, 3) ? 40 : 1 + (unsigned)ww_rng_below(r, 8);
  }

  /* the unit: a word request held until taken */
  if (!s->pending && (in->rst_ni & 1) && ww_rng_chance(r, s->req_pct, 100)) {
    s->pending = 1;
    int wr = ww_rng_chance(r, 1, 3);
    in->mreq_write_i = (uint64_t)wr;
    in->mreq_addr_i = ww_rng_below(r, MEMW) | (ww_rng_bits(r, 24) << 6);
    in->mreq_data_i = ww_rng_bits(r, 32);
    in->mreq_tag_i = wr ? (1u << (TAG_W - 1)) | ww_rng_bits(r, TAG_W - 1)
                        : ww_rng_bits(r, TAG_W - 1);
  }
  in->mreq_valid_i = (uint64_t)s->pending;
  in->u_req_ready_i = ww_rng_chance(r, s->rdy_pct, 100);

  /* the slice: the oldest accepted request once due */
  in->u_rsp_valid_i = (in->rst_ni & 1) && s->sq_n && s->sq[s->sq_head].due <= cycle;
  for (unsigned w = 0; w < WORDS; w++)
    in->u_rsp_data_i[w] = in->u_rsp_valid_i ? s->sq[s->sq_head].line[w] : (uint32_t)ww_rng_bits(r, 32);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_cu_mem",
  .params = "LINE_BYTES=" WW_XSTR(WW_LINE_BYTES) " READS=" WW_XSTR(WW_TM_CU_READS),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
