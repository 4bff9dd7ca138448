/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_shmem (rtl/sm/ww_shmem.v).
 * Stimulus: loads, stores (random byte enables), every atomic op and, one
 * request in a thousand, a CLEAR, with lane address patterns that are conflict-free,
 * broadcast (one word), same bank on different rows (stride BANKS) and
 * random, over a small range so loads read what stores and atomics wrote;
 * values often from a small domain so CAS and min/max meet equal values.
 */
#include "ww_lockstep.h"
#include "ww_shmem.h"

#define WW_PORTS_DEF "ww_shmem.ports.def"
#define WW_IN_T ww_shmem_in_t
#define WW_OUT_T ww_shmem_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES
#define WORD_W WW_CLOG2(WW_SHMEM_BYTES / 4)

typedef struct {
  int pending;
  ww_shmem_in_t req;
} stim_t;

WW_MODEL_HOOKS(ww_shmem)
WW_STIM_STATE(stim_t)

static void put_bits(uint32_t *w, unsigned lsb, unsigned n, uint32_t v)
{
  for (unsigned i = 0; i < n; i++) {
    unsigned b = lsb + i;
    w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | (((v >> i) & 1u) << (b % 32));
  }
}

static void make_request(ww_rng_t *r, ww_shmem_in_t *q)
{
  unsigned kind = (unsigned)ww_rng_below(r, 100);
  q->req_op_i = kind < 40 ? WW_SHM_LOAD : kind < 75 ? WW_SHM_STORE : 2 + ww_rng_below(r, 10);
  if (ww_rng_chance(r, 1, 1000))        /* a CLEAR takes a cycle per row: rare */
    q->req_op_i = WW_SHM_CLEAR;
  q->req_slot_i = ww_rng_below(r, WW_BLOCKS_PER_SM);
  q->req_mask_i = ww_rng_chance(r, 1, 20) ? 0 : ww_rng_bits(r, LANES);
  uint32_t base = (uint32_t)ww_rng_below(r, 64), pattern = (uint32_t)ww_rng_below(r, 4);
  int small = ww_rng_chance(r, 1, 2);
  for (unsigned l = 0; l < LANES; l++) {
    uint32_t a = pattern == 0 ? base + l : pattern == 1 ? base
               : pattern == 2 ? base + (uint32_t)ww_rng_below(r, 4) * LANES
                              : (uint32_t)ww_rng_below(r, 96);
    put_bits(q->req_addr_i, l * WORD_W, WORD_W, a & ((1u << WORD_W) - 1));
    put_bits(q->req_be_i, l * 4, 4, ww_rng_chance(r, 3, 4) ? 0xF : (uint32_t)ww_rng_bits(r, 4));
    q->req_wdata_i[l] = small ? (uint32_t)ww_rng_below(r, 4) - 1 : (uint32_t)ww_rng_bits(r, 32);
    q->req_cmp_i[l] = small ? (uint32_t)ww_rng_below(r, 4) - 1 : (uint32_t)ww_rng_bits(r, 32);
  }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_shmem_out_t *prev = vprev;
  ww_shmem_in_t *in = vin;
  if (s->pending && in->req_valid_i && prev->req_ready_o)
    s->pending = 0;
  if (!s->pending && ww_rng_chance(r, 3, 4)) {
    s->pending = 1;
    make_request(r, &s->req);
  }
  *in = s->req;
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->req_valid_i = (uint64_t)s->pending;
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "shmem",
  .params = "LANES=" WW_XSTR(WW_LANES) " BANKS=" WW_XSTR(WW_LANES) " SLOTS=" WW_XSTR(WW_BLOCKS_PER_SM)
            " WORDS=" WW_XSTR(WW_SHMEM_BYTES) "/4",
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
