/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of GPUDet's Z-buffer unit C model (independent of the
 * lockstep test, which only shows RTL == model), from the paper's commit
 * rule (Jooybar et al., ASPLOS 2013, sec. 4.4.2): the final memory of a
 * quantum does not depend on the order in which commit requests arrive.
 *   1. Order independence: each quantum's requests are sent in 4 different
 *      interleavings (each warp slot's own requests keep their order), each
 *      from the same memory; the memories must be equal, and equal to the
 *      serial commit warp slot by warp slot from the highest (the lowest
 *      slot's byte left; within a slot the later request's byte).
 *   2. Quanta: a byte written in an earlier quantum is overwritten by any
 *      slot in a later one (the quantum id leads the depth), also across
 *      quantum-id wraps (QID_W = 2: 40 quanta wrap 10 times).
 *   3. Acknowledgements: one per request, in request order, to its SM.
 *   4. A quantum with more lines than the Z-cache holds raises ovf_o.
 * Runs at ZLINES = 16 (probing chains) and at the default.
 * Usage: test_zbuf [--seed N]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_zbuf.h"

#define LB     WW_LINE_BYTES
#define LINES  24
#define NREQ   96

static ww_rng_t rng;
static int failures;
#define CHECK(cond, ...)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      failures++;                                                          \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                          \
      printf(__VA_ARGS__);                                                 \
      printf("\n");                                                        \
    }                                                                      \
  } while (0)

typedef struct { unsigned sm, wid, line; uint8_t be[LB], d[LB]; } req_t;

typedef struct {
  ww_zbuf_cfg_t cfg;
  ww_zbuf_t *z;
  uint32_t line_id[LINES + 64];    /* line number of pool index i */
  uint8_t mem[LINES + 64][LB];
  unsigned nlines;
} rig_t;

static unsigned pool_index(const rig_t *g, uint32_t line)
{
  for (unsigned i = 0; i < g->nlines; i++)
    if (g->line_id[i] == line)
      return i;
  return ~0u;
}

/* Sends reqs[order[i]] in turn with qid, plays the L2 (random ready, acks
 * after 1..5 cycles) and the SMs; returns the cycles, or 0 on a hang. */
static uint64_t run(rig_t *g, const req_t *reqs, const unsigned *order, unsigned n, uint32_t qid,
                    int *ovf)
{
  ww_zbuf_in_t in;
  ww_zbuf_out_t out;
  uint64_t due[256];
  unsigned dh = 0, dn = 0, sent = 0, acked = 0;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.qid_i = qid;
  for (uint64_t cyc = 1; cyc < 200000; cyc++) {
    const req_t *q = &reqs[order[sent < n ? sent : 0]];
    in.req_valid_i = sent < n;
    in.req_sm_i = q->sm;
    in.req_wid_i = q->wid;
    in.req_line_i = q->line;
    memset(in.req_be_i, 0, sizeof in.req_be_i);
    for (unsigned b = 0; b < LB; b++) {
      in.req_be_i[b / 32] |= (uint32_t)q->be[b] << (b % 32);
      in.req_data_i[b / 4] = (in.req_data_i[b / 4] & ~(0xFFu << 8 * (b % 4))) |
                             (uint32_t)q->d[b] << 8 * (b % 4);
    }
    in.u_req_ready_i = dn < 200 && ww_rng_below(&rng, 4) != 0;
    in.ack_ready_i = ww_rng_below(&rng, 3) != 0;
    in.u_rsp_valid_i = dn && due[dh] <= cyc;
    ww_zbuf_step(g->z, &in, &out);
    if (in.u_rsp_valid_i) {
      dh = (dh + 1) % 256;
      dn--;
    }
    if (out.u_req_valid_o && in.u_req_ready_i) {
      unsigned l = pool_index(g, (uint32_t)out.u_req_line_o);
      CHECK(l != ~0u && out.u_req_op_o == WW_L2_WRITE, "L2 request to an unknown line");
      if (l != ~0u)
        for (unsigned b = 0; b < LB; b++)
          if (out.u_req_be_o[b / 32] >> (b % 32) & 1)
            g->mem[l][b] = (uint8_t)(out.u_req_data_o[b / 4] >> 8 * (b % 4));
      due[(dh + dn++) % 256] = cyc + 1 + ww_rng_below(&rng, 5);
    }
    if (out.ack_valid_o && in.ack_ready_i) {
      CHECK(acked < sent, "acknowledgement with no request outstanding");
      if (acked < sent)
        CHECK(out.ack_sm_o == reqs[order[acked]].sm, "ack %u to SM %u, request from SM %u",
              acked, (unsigned)out.ack_sm_o, reqs[order[acked]].sm);
      acked++;
    }
    if (in.req_valid_i && out.req_ready_o)
      sent++;
    if (sent == n && acked == n && out.idle_o && !dn) {
      *ovf = (int)out.ovf_o;
      return cyc;
    }
  }
  CHECK(0, "the unit hung (%u of %u sent, %u acked)", sent, n, acked);
  return 0;
}

static void reset(rig_t *g)
{
  ww_zbuf_in_t in;
  ww_zbuf_out_t out;
  memset(&in, 0, sizeof in);
  ww_zbuf_step(g->z, &in, &out);
  in.rst_ni = 1;
  for (unsigned i = 0; i <= g->cfg.zlines; i++)
    ww_zbuf_step(g->z, &in, &out);
}

static unsigned gen(rig_t *g, req_t *reqs, unsigned lines)
{
  const unsigned slots = g->cfg.num_sm * g->cfg.warps;
  unsigned n = 1 + (unsigned)ww_rng_below(&rng, NREQ);
  for (unsigned i = 0; i < n; i++) {
    unsigned s = (unsigned)ww_rng_below(&rng, slots), kind = (unsigned)ww_rng_below(&rng, 3);
    reqs[i].sm = s / g->cfg.warps;
    reqs[i].wid = s % g->cfg.warps;
    reqs[i].line = g->line_id[ww_rng_below(&rng, lines)];
    for (unsigned b = 0; b < LB; b++) {
      reqs[i].be[b] = kind == 0 ? 1 : (uint8_t)ww_rng_chance(&rng, 1, kind == 1 ? 2 : 8);
      reqs[i].d[b] = (uint8_t)ww_rng_bits(&rng, 8);
    }
  }
  return n;
}

/* a random interleaving that keeps each slot's requests in order: a random
 * permutation, then each slot's positions refilled with its requests in order */
static void interleave(const rig_t *g, const req_t *reqs, unsigned n, unsigned *order)
{
  const unsigned slots = g->cfg.num_sm * g->cfg.warps;
  for (unsigned i = 0; i < n; i++)
    order[i] = i;
  for (unsigned i = n; i > 1; i--) {
    unsigned j = (unsigned)ww_rng_below(&rng, i), t = order[i - 1];
    order[i - 1] = order[j];
    order[j] = t;
  }
  for (unsigned s = 0; s < slots; s++) {
    unsigned next = 0;
    for (unsigned i = 0; i < n; i++) {
      if (reqs[order[i]].sm * g->cfg.warps + reqs[order[i]].wid != s)
        continue;
      while (reqs[next].sm * g->cfg.warps + reqs[next].wid != s)
        next++;
      order[i] = next++;
    }
  }
}

static void serial(const rig_t *g, const req_t *reqs, unsigned n, uint8_t mem[][LB])
{
  const unsigned slots = g->cfg.num_sm * g->cfg.warps;
  for (unsigned s = slots; s-- > 0;)
    for (unsigned i = 0; i < n; i++)
      if (reqs[i].sm * g->cfg.warps + reqs[i].wid == s) {
        unsigned l = pool_index(g, reqs[i].line);
        for (unsigned b = 0; b < LB; b++)
          if (reqs[i].be[b])
            mem[l][b] = reqs[i].d[b];
      }
}

static void test_config(ww_zbuf_cfg_t cfg, unsigned quanta)
{
  rig_t *g = calloc(1, sizeof *g);
  g->cfg = cfg;
  g->z = ww_zbuf_new(&cfg);
  CHECK(g->z != NULL, "ww_zbuf_new");
  if (!g->z) {
    free(g);
    return;
  }
  g->nlines = LINES + 32;
  for (unsigned i = 0; i < g->nlines; i++)
    g->line_id[i] = (uint32_t)ww_rng_bits(&rng, 20) * 64 + i;   /* distinct */
  reset(g);
  const unsigned qmask = (1u << cfg.qid_w) - 1;
  const unsigned lines = cfg.zlines < LINES ? cfg.zlines : LINES;
  static req_t reqs[NREQ];
  unsigned order[NREQ];
  static uint8_t start[LINES + 64][LB], first[LINES + 64][LB], ref[LINES + 64][LB];
  unsigned checked = 0, wraps = 0;
  uint64_t cycles = 0;
  for (unsigned q = 1; q <= quanta; q++) {
    unsigned n = gen(g, reqs, lines);
    memcpy(start, g->mem, sizeof start);
    memcpy(ref, g->mem, sizeof ref);
    serial(g, reqs, n, ref);
    /* 4 interleavings of the same quantum: a rerun of the same quantum id
     * starts from the same memory with the Z-cache cleared (a reset) */
    for (unsigned k = 0; k < 4; k++) {
      memcpy(g->mem, start, sizeof start);
      if (k)
        reset(g);
      interleave(g, reqs, n, order);
      int ovf = 0;
      cycles += run(g, reqs, order, n, q & qmask, &ovf);
      CHECK(!ovf, "ovf_o with %u lines in a Z-cache of %u", lines, cfg.zlines);
      if (k == 0)
        memcpy(first, g->mem, sizeof first);
      else
        CHECK(!memcmp(first, g->mem, sizeof first), "quantum %u: interleaving %u gives another memory", q, k);
      CHECK(!memcmp(ref, g->mem, sizeof ref), "quantum %u interleaving %u: not the serial commit in depth order", q, k);
      checked++;
    }
    wraps += (q & qmask) == 0;
  }
  /* a later quantum overwrites whatever an earlier one left, lowest slots or not */
  {
    req_t a[2];
    unsigned o[2] = {0, 1};
    memset(a, 0, sizeof a);
    a[0].sm = 0; a[0].wid = 0; a[0].line = g->line_id[0];
    a[1] = a[0];
    a[1].sm = cfg.num_sm - 1; a[1].wid = cfg.warps - 1;
    for (unsigned b = 0; b < LB; b++) {
      a[0].be[b] = a[1].be[b] = 1;
      a[0].d[b] = 0x11;
      a[1].d[b] = 0x22;
    }
    int ovf;
    run(g, &a[0], o, 1, (quanta + 1) & qmask, &ovf);
    run(g, &a[1], o, 1, (quanta + 2) & qmask, &ovf);
    CHECK(g->mem[0][0] == 0x22, "a later quantum's store by the highest slot did not overwrite");
  }
  /* more lines in one quantum than the Z-cache holds */
  {
    static req_t o[LINES + 64];
    unsigned ord[LINES + 64], n = cfg.zlines + 1;
    if (n <= g->nlines) {
      for (unsigned i = 0; i < n; i++) {
        memset(&o[i], 0, sizeof o[i]);
        o[i].line = g->line_id[i];
        o[i].be[0] = 1;
        ord[i] = i;
      }
      int ovf = 0;
      run(g, o, ord, n, (quanta + 3) & qmask, &ovf);
      CHECK(ovf, "%u lines in a Z-cache of %u: no ovf_o", n, cfg.zlines);
    }
  }
  printf("ZLINES=%u QID_W=%u: %u interleavings of %u quanta agree with the serial commit "
         "(%u quantum-id wraps, %llu cycles)\n", cfg.zlines, cfg.qid_w, checked, quanta, wraps,
         (unsigned long long)cycles);
  ww_zbuf_free(g->z);
  free(g);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1;
  if (argc == 3 && !strcmp(argv[1], "--seed"))
    seed = strtoull(argv[2], NULL, 0);
  else if (argc != 1) {
    fprintf(stderr, "usage: test_zbuf [--seed N]\n");
    return 2;
  }
  rng.s = seed;
  ww_zbuf_cfg_t small = ww_zbuf_default_cfg();
  small.zlines = 32;
  small.qid_w = 2;
  test_config(small, 40);
  test_config(ww_zbuf_default_cfg(), 40);
  printf("test_zbuf: %s (seed %llu)\n", failures ? "FAIL" : "pass", (unsigned long long)seed);
  return failures ? 1 : 0;
}
