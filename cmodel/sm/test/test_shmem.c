/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the shared-memory C model against a plain reference
 * (an array of words per block slot, updated lane by lane in lane order,
 * as docs/isa.md defines a warp's accesses): for random loads, stores with
 * byte enables, every atomic op and CLEAR, under conflict-free, broadcast,
 * same-bank and random address patterns, every response word equals the
 * reference's and the contents stay equal (checked by the loads). It also
 * checks that a conflict-free access takes one pass and a broadcast too.
 * Usage: test_shmem [--seed N] [--requests N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_shmem.h"

#define LANES WW_LANES
#define SLOTS WW_BLOCKS_PER_SM
#define WORDS (WW_SHMEM_BYTES / 4)
#define WORD_W WW_CLOG2(WORDS)

static void put_bits(uint32_t *w, unsigned lsb, unsigned n, uint32_t v)
{
  for (unsigned i = 0; i < n; i++) {
    unsigned b = lsb + i;
    w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | (((v >> i) & 1u) << (b % 32));
  }
}

static uint32_t ref_op(unsigned op, uint32_t old, uint32_t v)
{
  switch (op) {
  case WW_SHM_ADD: return old + v;
  case WW_SHM_EXCH: return v;
  case WW_SHM_MIN: return (int32_t)old < (int32_t)v ? old : v;
  case WW_SHM_MAX: return (int32_t)old > (int32_t)v ? old : v;
  case WW_SHM_MINU: return old < v ? old : v;
  case WW_SHM_MAXU: return old > v ? old : v;
  case WW_SHM_AND: return old & v;
  case WW_SHM_OR: return old | v;
  case WW_SHM_XOR: return old ^ v;
  default: return old;
  }
}

int main(int argc, char **argv)
{
  ww_rng_t r = { 1 };
  uint64_t requests = 30000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      r.s = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--requests") && i + 1 < argc)
      requests = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--requests N]\n", argv[0]);
      return 2;
    }
  }
  ww_shmem_cfg_t cfg = ww_shmem_default_cfg();
  ww_shmem_t *m = ww_shmem_new(&cfg);
  if (!m)
    return 1;
  static uint32_t ref[SLOTS][WORDS];
  ww_shmem_in_t in;
  ww_shmem_out_t out;
  memset(&in, 0, sizeof in);
  for (int i = 0; i < 2; i++)
    ww_shmem_step(m, &in, &out);           /* reset: the memory clears itself */
  in.rst_ni = 1;
  int failures = 0;
  uint64_t words_checked = 0, one_pass_checked = 0;
  for (uint64_t n = 0; n < requests && failures < 5; n++) {
    unsigned kind = (unsigned)ww_rng_below(&r, 100), pattern = (unsigned)ww_rng_below(&r, 4);
    unsigned op = kind < 40 ? WW_SHM_LOAD : kind < 75 ? WW_SHM_STORE : 2 + (unsigned)ww_rng_below(&r, 10);
    if (ww_rng_chance(&r, 1, 2000))
      op = WW_SHM_CLEAR;
    unsigned slot = (unsigned)ww_rng_below(&r, SLOTS);
    uint32_t mask = (uint32_t)ww_rng_bits(&r, LANES), base = (uint32_t)ww_rng_below(&r, 64);
    uint32_t addr[LANES], be[LANES], wd[LANES], cmp[LANES];
    int small = ww_rng_chance(&r, 1, 2);
    for (unsigned l = 0; l < LANES; l++) {
      addr[l] = pattern == 0 ? base + l : pattern == 1 ? base
              : pattern == 2 ? base + (uint32_t)ww_rng_below(&r, 4) * LANES
                             : (uint32_t)ww_rng_below(&r, 96);
      be[l] = ww_rng_chance(&r, 3, 4) ? 0xF : (uint32_t)ww_rng_bits(&r, 4);
      wd[l] = small ? (uint32_t)ww_rng_below(&r, 4) - 1 : (uint32_t)ww_rng_bits(&r, 32);
      cmp[l] = small ? (uint32_t)ww_rng_below(&r, 4) - 1 : (uint32_t)ww_rng_bits(&r, 32);
      put_bits(in.req_addr_i, l * WORD_W, WORD_W, addr[l]);
      put_bits(in.req_be_i, l * 4, 4, be[l]);
      in.req_wdata_i[l] = wd[l];
      in.req_cmp_i[l] = cmp[l];
    }
    /* the reference, lane by lane */
    uint32_t expect[LANES] = { 0 };
    if (op == WW_SHM_CLEAR) {
      memset(ref, 0, sizeof ref);
    } else {
      for (unsigned l = 0; l < LANES; l++) {
        if (!((mask >> l) & 1))
          continue;
        uint32_t *w = &ref[slot][addr[l]];
        if (op == WW_SHM_LOAD) {
          expect[l] = *w;
        } else if (op == WW_SHM_STORE) {
          for (unsigned k = 0; k < 4; k++)
            if ((be[l] >> k) & 1)
              *w = (*w & ~(0xFFu << (8 * k))) | (wd[l] & (0xFFu << (8 * k)));
        } else {
          expect[l] = *w;
          *w = op == WW_SHM_CAS ? (*w == cmp[l] ? wd[l] : *w) : ref_op(op, *w, wd[l]);
        }
      }
    }
    /* the model */
    in.req_valid_i = 1;
    in.req_op_i = op;
    in.req_slot_i = slot;
    in.req_mask_i = mask;
    unsigned cycles = 0;
    for (;;) {
      ww_shmem_step(m, &in, &out);
      if (out.req_ready_o)
        break;                                /* accepted at this edge */
    }
    in.req_valid_i = 0;
    do {
      ww_shmem_step(m, &in, &out);
      cycles++;
    } while (!out.rsp_valid_o && cycles < 20000);
    if (!out.rsp_valid_o) {
      printf("FAIL request %" PRIu64 ": no response\n", n);
      failures++;
      continue;
    }
    for (unsigned l = 0; l < LANES; l++) {
      if (!((mask >> l) & 1) || op == WW_SHM_STORE || op == WW_SHM_CLEAR)
        continue;
      words_checked++;
      if (out.rsp_data_o[l] != expect[l]) {
        printf("FAIL request %" PRIu64 " op %u pattern %u lane %u word %u: got 0x%08x, "
               "reference 0x%08x\n", n, op, pattern, l, addr[l], out.rsp_data_o[l], expect[l]);
        failures++;
        break;
      }
    }
    /* conflict-free and broadcast loads take a single pass (3 cycles) */
    if (op == WW_SHM_LOAD && mask && pattern <= 1) {
      one_pass_checked++;
      if (cycles != 3) {
        printf("FAIL request %" PRIu64 ": a %s load took %u cycles, not 3\n", n,
               pattern ? "broadcast" : "conflict-free", cycles);
        failures++;
      }
    }
  }
  ww_shmem_free(m);
  printf("test_shmem: %" PRIu64 " requests, %" PRIu64 " lane words checked, %" PRIu64
         " single-pass loads: %s\n", requests, words_checked, one_pass_checked,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
