/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the block distributor's C model against the placement
 * rule of docs/isa.md, with simulated SMs (random block durations):
 *   - the blocks of a grid are launched once each, in increasing index;
 *   - each launch goes to the lowest-numbered SM that has a free block slot
 *     and enough free warp slots at that moment, and never to a full SM;
 *   - no cycle with a waiting block and an SM with room passes without a
 *     launch;
 *   - done pulses exactly once, in the cycle after the last block finished.
 * And of DWP (GPUDet sec. 4.2.2) in GPUDet's rounds (dist_en_i high in a
 * work distribution until a cycle without launch or reservation, low in a
 * parallel mode in which the blocks run):
 *   - after the distribution's launches, every occupied (SM, slot) without a
 *     reservation gets one, in (SM, slot) order, with the next block
 *     indices (one reserve_o each);
 *   - a block that finishes in a slot with a reservation is replaced at once
 *     (refill_o in the same cycle) by exactly that block, and never when the
 *     slot has none;
 *   - every block of the grid starts exactly once, by launch or refill.
 * Usage: test_block_dist [--seed N] [--grids N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_block_dist.h"
#include "ww_rng.h"

#define NSM WW_NUM_SM
#define SLOTS (WW_BLOCKS_PER_SM < WW_WARPS_PER_SM ? WW_BLOCKS_PER_SM : WW_WARPS_PER_SM)
#define WCNT_W WW_CLOG2(WW_WARPS_PER_SM + 1)
#define SLOT_W WW_IDX_W(WW_BLOCKS_PER_SM)

/* The simulated SMs: per slot the cycles its block has left (0 = free). */
typedef struct {
  unsigned left[NSM][SLOTS], used_slots[NSM], used_warps[NSM];
} sms_t;

/* Counts SM m's blocks down; one at 1 finishes: returns its slot, or -1. */
static int sms_tick(sms_t *s, unsigned m, unsigned nwarps)
{
  int fin = -1;
  for (unsigned k = 0; k < SLOTS; k++) {
    if (!s->left[m][k])
      continue;
    if (s->left[m][k] > 1) {
      s->left[m][k]--;
    } else if (fin < 0) {
      fin = (int)k;
      s->left[m][k] = 0;
      s->used_slots[m]--;
      s->used_warps[m] -= nwarps;
    }
  }
  return fin;
}

/* A block starts in SM m's slot k for 1..30 cycles. */
static void sms_occupy(sms_t *s, unsigned m, unsigned k, unsigned nwarps, ww_rng_t *r)
{
  s->left[m][k] = 1 + (unsigned)ww_rng_below(r, 30);
  s->used_slots[m]++;
  s->used_warps[m] += nwarps;
}

/* One grid in GPUDet's rounds with DWP; returns the failures. */
static int dwp_grid(ww_block_dist_t *d, ww_rng_t *r, uint64_t g, uint64_t *checked)
{
  const unsigned nwarps = 1 + (unsigned)ww_rng_below(r, WW_WARPS_PER_SM);
  const uint32_t grid = 1 + (uint32_t)ww_rng_below(r, 60);
  sms_t sm = { { { 0 } }, { 0 }, { 0 } };
  int rsv[NSM][SLOTS] = { { 0 } };
  uint32_t rsv_id[NSM][SLOTS] = { { 0 } }, next = 0, finished = 0;
  unsigned char placed[64] = { 0 };
  ww_block_dist_in_t in;
  ww_block_dist_out_t out;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.start_i = 1;
  in.grid_i = grid;
  in.nwarps_i = nwarps;
  in.dwp_i = 1;
  int dist = 1, reserves = 0;
  unsigned par_left = 0;
  for (uint64_t c = 0; c < 200000; c++) {
    uint64_t done = 0, done_slot = 0, free_slot = 0, free_warps = 0, used = 0;
    unsigned fin_slot[NSM];
    for (unsigned m = 0; m < NSM; m++) {
      const int k = dist ? -1 : sms_tick(&sm, m, nwarps);
      fin_slot[m] = k < 0 ? 0 : (unsigned)k;
      done_slot |= (uint64_t)fin_slot[m] << (m * SLOT_W);
      done |= (uint64_t)(k >= 0) << m;
      finished += (uint32_t)(k >= 0);
      for (unsigned b = 0; b < SLOTS; b++)
        used |= (uint64_t)(sm.left[m][b] != 0) << (m * WW_BLOCKS_PER_SM + b);
      free_slot |= (uint64_t)(sm.used_slots[m] < SLOTS) << m;
      free_warps |= (uint64_t)(WW_WARPS_PER_SM - sm.used_warps[m]) << (m * WCNT_W);
    }
    in.block_done_i = done;
    in.block_done_slot_i = done_slot;
    in.sm_free_slot_i = free_slot;
    in.sm_free_warps_i = free_warps;
    in.sm_used_i = used;
    in.dist_en_i = (uint64_t)dist;
    ww_block_dist_step(d, &in, &out);
    in.start_i = 0;
    if (c == 0)
      continue;   /* the start */
    if (out.done_o) {
      if (finished != grid || next != grid) {
        printf("FAIL dwp grid %" PRIu64 ": done with %u of %u finished, %u started\n", g,
               finished, grid, next);
        return 1;
      }
      for (uint32_t i = 0; i < grid; i++)
        if (placed[i] != 1) {
          printf("FAIL dwp grid %" PRIu64 ": block %u started %u times\n", g, i, placed[i]);
          return 1;
        }
      return 0;
    }
    /* refills: exactly the finished slots that hold a reservation */
    for (unsigned m = 0; m < NSM; m++) {
      const int fin = (int)(done >> m & 1), k = fin ? (int)fin_slot[m] : 0;
      const int want = fin && rsv[m][k], got = (int)(out.refill_o >> m & 1);
      if (want != got || (got && out.refill_ctaid_o[m] != rsv_id[m][k])) {
        printf("FAIL dwp grid %" PRIu64 " cycle %" PRIu64 ": SM %u slot %d finished%s, refill %d "
               "block %u\n", g, c, m, k, want ? " (reserved)" : "", got, out.refill_ctaid_o[m]);
        return 1;
      }
      if (got) {
        rsv[m][k] = 0;
        placed[rsv_id[m][k]]++;
        sms_occupy(&sm, m, (unsigned)k, nwarps, r);
        (*checked)++;
      }
    }
    if (out.launch_valid_o) {
      const unsigned m = (unsigned)out.launch_sm_o;
      if (!dist || out.launch_ctaid_o != next || reserves) {
        printf("FAIL dwp grid %" PRIu64 " cycle %" PRIu64 ": launch of block %u %s\n", g, c,
               (unsigned)out.launch_ctaid_o, !dist ? "in parallel mode" : "out of order");
        return 1;
      }
      for (unsigned k = 0; k < SLOTS; k++)
        if (!sm.left[m][k]) {
          sms_occupy(&sm, m, k, nwarps, r);
          break;
        }
      placed[next++]++;
    }
    if (out.reserve_o) {
      /* the lowest occupied slot without one, and the next block */
      int ok = 0;
      for (unsigned m = 0; m < NSM && !ok; m++)
        for (unsigned k = 0; k < SLOTS && !ok; k++)
          if ((used >> (m * WW_BLOCKS_PER_SM + k) & 1) && !rsv[m][k]) {
            rsv[m][k] = 1;
            rsv_id[m][k] = next++;
            ok = 1;
          }
      if (!dist || !ok) {
        printf("FAIL dwp grid %" PRIu64 " cycle %" PRIu64 ": reservation %s\n", g, c,
               !dist ? "in parallel mode" : "with every occupied slot reserved");
        return 1;
      }
      reserves++;
      (*checked)++;
    }
    if (dist && !out.launch_valid_o && !out.reserve_o) {
      /* the distribution is over: every occupied slot holds a reservation
       * while blocks are left */
      for (unsigned m = 0; m < NSM; m++)
        for (unsigned k = 0; k < SLOTS; k++)
          if (sm.left[m][k] && !rsv[m][k] && next < grid) {
            printf("FAIL dwp grid %" PRIu64 " cycle %" PRIu64 ": SM %u slot %u has no "
                   "reservation, block %u is left\n", g, c, m, k, next);
            return 1;
          }
      dist = 0;
      reserves = 0;
      par_left = 1 + (unsigned)ww_rng_below(r, 50);
    } else if (!dist && !--par_left) {
      dist = 1;
    }
  }
  printf("FAIL dwp grid %" PRIu64 ": never done\n", g);
  return 1;
}

int main(int argc, char **argv)
{
  ww_rng_t r = { 1 };
  uint64_t grids = 3000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      r.s = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--grids") && i + 1 < argc)
      grids = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--grids N]\n", argv[0]);
      return 2;
    }
  }
  ww_block_dist_cfg_t cfg = ww_block_dist_default_cfg();
  ww_block_dist_t *d = ww_block_dist_new(&cfg);
  if (!d)
    return 1;
  ww_block_dist_in_t in;
  ww_block_dist_out_t out;
  memset(&in, 0, sizeof in);
  ww_block_dist_step(d, &in, &out);      /* reset */
  int failures = 0;
  uint64_t launches = 0;
  for (uint64_t g = 0; g < grids && failures < 5; g++) {
    unsigned nwarps = 1 + (unsigned)ww_rng_below(&r, WW_WARPS_PER_SM);
    uint32_t grid = 1 + (uint32_t)ww_rng_below(&r, 40);
    sms_t sm = { { { 0 } }, { 0 }, { 0 } };
    uint32_t next = 0, finished = 0;
    int done_seen = 0;
    memset(&in, 0, sizeof in);
    in.rst_ni = 1;
    in.start_i = 1;
    in.grid_i = grid;
    in.nwarps_i = nwarps;
    in.dist_en_i = 1;
    for (uint64_t c = 0; c < 100000 && !done_seen && failures < 5; c++) {
      uint64_t done = 0, free_slot = 0, free_warps = 0;
      int any_room = 0;
      unsigned lowest = NSM;
      for (unsigned m = 0; m < NSM; m++) {
        const int fin = c > 0 && sms_tick(&sm, m, nwarps) >= 0;
        done |= (uint64_t)fin << m;
        finished += (uint32_t)fin;
        int room = sm.used_slots[m] < SLOTS && WW_WARPS_PER_SM - sm.used_warps[m] >= nwarps;
        if (room && lowest == NSM)
          lowest = m;
        any_room |= room;
        free_slot |= (uint64_t)(sm.used_slots[m] < SLOTS) << m;
        free_warps |= (uint64_t)(WW_WARPS_PER_SM - sm.used_warps[m]) << (m * WCNT_W);
      }
      in.block_done_i = done;
      in.sm_free_slot_i = free_slot;
      in.sm_free_warps_i = free_warps;
      ww_block_dist_step(d, &in, &out);
      in.start_i = 0;
      if (out.done_o) {
        if (finished != grid || next != grid) {
          printf("FAIL grid %" PRIu64 ": done with %u of %u finished, %u launched\n", g, finished,
                 grid, next);
          failures++;
        }
        done_seen = 1;
      }
      if (out.launch_valid_o) {
        unsigned m = (unsigned)out.launch_sm_o;
        if (out.launch_ctaid_o != next || m != lowest) {
          printf("FAIL grid %" PRIu64 " cycle %" PRIu64 ": launched block %" PRIu64 " on SM %u, "
                 "expected block %u on SM %u\n", g, c, out.launch_ctaid_o, m, next, lowest);
          failures++;
          break;
        }
        for (unsigned k = 0; k < SLOTS; k++)
          if (!sm.left[m][k]) {
            sms_occupy(&sm, m, k, nwarps, &r);
            break;
          }
        next++;
        launches++;
      } else if (c > 0 && next < grid && any_room && out.busy_o) {
        printf("FAIL grid %" PRIu64 " cycle %" PRIu64 ": block %u waits although SM %u has room\n",
               g, c, next, lowest);
        failures++;
      }
    }
    if (!done_seen && !failures) {
      printf("FAIL grid %" PRIu64 ": never done\n", g);
      failures++;
    }
  }
  uint64_t dwp_checked = 0;
  for (uint64_t g = 0; g < grids && failures < 5; g++)
    failures += dwp_grid(d, &r, g, &dwp_checked);
  ww_block_dist_free(d);
  printf("test_block_dist: %" PRIu64 " grids, %" PRIu64 " launches checked; DWP: %" PRIu64
         " grids, %" PRIu64 " reservations and refills checked: %s\n", grids, launches, grids,
         dwp_checked, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
