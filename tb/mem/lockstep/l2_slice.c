/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_l2_slice (rtl/mem/ww_l2_slice.v).
 * The stimulus plays the crossbar and DRAM. Crossbar: 40 % READ, 30 % WRITE
 * (full, random or one-word byte masks), ~30 % ATOMIC (every op, reserved
 * codes too; operands often from a small domain so CAS and min/max meet
 * equal values), 1 in 400 FLUSH; lines from a few sets of the slice and a
 * tag pool whose size changes every 5000 cycles (4, 10 or 16 lines per set,
 * some with high address bits) so hits, clean and dirty evictions all occur.
 * rsp_ready_i is random. DRAM: its own sparse memory image; it takes a
 * request when dram_req_ready_i (random), performs it at once (a write
 * updates the image, a read captures the line) and answers reads in order,
 * each 1..40 cycles after it was taken and not before the read ahead of it
 * (several outstanding). A reset drops the outstanding reads.
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_l2_slice.h"

#define WW_PORTS_DEF "ww_l2_slice.ports.def"
#define WW_IN_T ww_l2_slice_in_t
#define WW_OUT_T ww_l2_slice_out_t
#include "ww_lockstep_ports.h"

#define LB WW_LINE_BYTES
#define LINE_W (32 - WW_CLOG2(WW_LINE_BYTES))
#define SET_W WW_CLOG2(WW_L2_SETS)
#define PART_W ((WW_NUM_PART > 1 && !(WW_NUM_PART & (WW_NUM_PART - 1))) ? WW_CLOG2(WW_NUM_PART) : 0)
#define NIMG 2048
#define RDQ 64                  /* DRAM reads outstanding at most (>= WW_L2_MSHRS) */

typedef struct {
  int pending;
  ww_l2_slice_in_t req, last;
  unsigned rd_head, rd_cnt;     /* DRAM reads outstanding, in order */
  uint64_t rd_due[RDQ];         /* the cycle of each one's answer */
  uint32_t rd_data[RDQ][(LB + 3) / 4];
  unsigned nimg;                /* DRAM image: sparse, written lines only */
  uint32_t img_line[NIMG];
  uint32_t img_data[NIMG][(LB + 3) / 4];
} stim_t;

WW_MODEL_HOOKS(ww_l2_slice)
WW_STIM_STATE(stim_t)

static void img_read(const stim_t *s, uint32_t line, uint32_t *d)
{
  for (unsigned i = 0; i < s->nimg; i++)
    if (s->img_line[i] == line) {
      memcpy(d, s->img_data[i], sizeof s->img_data[i]);
      return;
    }
  for (unsigned i = 0; i < (LB + 3) / 4; i++)     /* never written: a pattern */
    d[i] = line * 0x9E3779B1u + i * 0x85EBCA77u;
}

static void img_write(stim_t *s, uint32_t line, const uint32_t *d)
{
  unsigned i;
  for (i = 0; i < s->nimg; i++)
    if (s->img_line[i] == line)
      break;
  if (i == s->nimg) {
    if (s->nimg == NIMG)
      i = 0;                    /* full (not reached with this pool): reuse */
    else
      s->nimg++;
  }
  s->img_line[i] = line;
  memcpy(s->img_data[i], d, sizeof s->img_data[i]);
}

static uint32_t pick_line(ww_rng_t *r, uint64_t cycle)
{
  static const unsigned pool[3] = { 4, 10, 16 };
  unsigned ntags = pool[(cycle / 5000) % 3];
  unsigned t = (unsigned)ww_rng_below(r, ntags);
  uint32_t tag = t < 12 ? t : (1u << (LINE_W - PART_W - SET_W - 1)) | t;
  uint32_t sets[4] = { 0, 1, WW_L2_SETS - 1, WW_L2_SETS / 2 + 1 };
  uint32_t set = sets[ww_rng_below(r, 4)] & (WW_L2_SETS - 1);
  uint32_t part = (uint32_t)ww_rng_bits(r, PART_W ? PART_W : 1) & ((1u << PART_W) - 1);
  /* the slice's set is the set field XOR the tag's low bits: pick the field
   * that lands in the chosen set */
  uint32_t field = (set ^ tag) & (WW_L2_SETS - 1);
  return ((tag << (PART_W + SET_W)) | (field << PART_W) | part) & ((1u << LINE_W) - 1);
}

static void make_request(ww_rng_t *r, uint64_t cycle, ww_l2_slice_in_t *q)
{
  unsigned kind = (unsigned)ww_rng_below(r, 1000);
  q->req_op_i = kind < 400 ? WW_L2_READ : kind < 700 ? WW_L2_WRITE : kind < 997 ? WW_L2_ATOMIC
                                                                                : WW_L2_FLUSH;
  q->req_line_i = pick_line(r, cycle);
  q->req_id_i = ww_rng_bits(r, WW_REQID_W);
  q->req_src_i = ww_rng_bits(r, WW_IDX_W(WW_NUM_SM));
  unsigned bk = (unsigned)ww_rng_below(r, 4);
  unsigned word = (unsigned)ww_rng_below(r, LB / 4);
  memset(q->req_be_i, 0, sizeof q->req_be_i);
  for (unsigned k = 0; k < LB; k++) {
    int on = bk < 2 ? 1 : bk == 2 ? (int)ww_rng_bits(r, 1) : k / 4 == word;
    q->req_be_i[k / 32] |= (uint32_t)on << (k % 32);
  }
  int small = ww_rng_chance(r, 1, 2);
  for (unsigned i = 0; i < (LB * 8 + 31) / 32; i++)
    q->req_data_i[i] = small ? (uint32_t)ww_rng_below(r, 4) - 1 : (uint32_t)ww_rng_bits(r, 32);
  q->req_amo_op_i = ww_rng_chance(r, 1, 20) ? 10 + ww_rng_below(r, 6) : ww_rng_below(r, 10);
  q->req_amo_word_i = ww_rng_bits(r, WW_IDX_W(LB / 4)) & ((LB / 4 > 1) ? (LB / 4 - 1) : 1);
  q->req_amo_a_i = small ? (uint32_t)ww_rng_below(r, 4) - 1 : (uint32_t)ww_rng_bits(r, 32);
  q->req_amo_b_i = small ? (uint32_t)ww_rng_below(r, 4) - 1 : (uint32_t)ww_rng_bits(r, 32);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_l2_slice_out_t *prev = vprev;
  ww_l2_slice_in_t *in = vin;
  /* last cycle's handshakes */
  if (cycle > 0) {
    if (s->pending && s->last.req_valid_i && prev->req_ready_o)
      s->pending = 0;
    if (s->last.dram_rsp_valid_i) {
      s->rd_head = (s->rd_head + 1) % RDQ;
      s->rd_cnt--;
    }
    if (prev->dram_req_valid_o && s->last.dram_req_ready_i) {
      if (prev->dram_req_we_o) {
        img_write(s, (uint32_t)prev->dram_req_line_o, prev->dram_req_data_o);
      } else if (s->rd_cnt < RDQ) {
        unsigned t = (s->rd_head + s->rd_cnt) % RDQ;
        uint64_t due = cycle + 1 + ww_rng_below(r, ww_rng_chance(r, 1, 4) ? 40 : 6);
        uint64_t after = s->rd_cnt ? s->rd_due[(t + RDQ - 1) % RDQ] + 1 : 0;
        s->rd_due[t] = due > after ? due : after;
        img_read(s, (uint32_t)prev->dram_req_line_o, s->rd_data[t]);
        s->rd_cnt++;
      }
    }
    if (!s->last.rst_ni)
      s->rd_cnt = 0;
  }
  if (!s->pending && ww_rng_chance(r, 3, 4)) {
    s->pending = 1;
    make_request(r, cycle, &s->req);
  }
  *in = s->req;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->req_valid_i = (uint64_t)s->pending;
  in->rsp_ready_i = ww_rng_chance(r, 3, 4);
  in->dram_req_ready_i = ww_rng_chance(r, 2, 3);
  in->dram_rsp_valid_i = 0;
  if (s->rd_cnt && s->rd_due[s->rd_head] <= cycle) {
    in->dram_rsp_valid_i = 1;
    memcpy(in->dram_rsp_data_i, s->rd_data[s->rd_head], sizeof in->dram_rsp_data_i);
  }
  s->last = *in;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "l2_slice",
  .params = "SETS=" WW_XSTR(WW_L2_SETS) " WAYS=" WW_XSTR(WW_L2_WAYS) " LINE_BYTES=" WW_XSTR(
    WW_LINE_BYTES) " NUM_PART=" WW_XSTR(WW_NUM_PART) " MSHRS=" WW_XSTR(WW_L2_MSHRS) " QUEUE=" WW_XSTR(
    WW_L2_QUEUE),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
