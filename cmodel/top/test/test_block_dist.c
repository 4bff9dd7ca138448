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
    unsigned left[NSM][SLOTS] = { { 0 } }, used_slots[NSM] = { 0 }, used_warps[NSM] = { 0 };
    uint32_t next = 0, finished = 0;
    int done_seen = 0;
    memset(&in, 0, sizeof in);
    in.rst_ni = 1;
    in.start_i = 1;
    in.grid_i = grid;
    in.nwarps_i = nwarps;
    for (uint64_t c = 0; c < 100000 && !done_seen && failures < 5; c++) {
      uint64_t done = 0, free_slot = 0, free_warps = 0;
      int any_room = 0;
      unsigned lowest = NSM;
      for (unsigned m = 0; m < NSM; m++) {
        int fin = 0;
        for (unsigned k = 0; k < SLOTS && c > 0; k++) {
          if (!left[m][k])
            continue;
          if (left[m][k] > 1) {
            left[m][k]--;
          } else if (!fin) {
            fin = 1;
            left[m][k] = 0;
            used_slots[m]--;
            used_warps[m] -= nwarps;
          }
        }
        done |= (uint64_t)fin << m;
        finished += (uint32_t)fin;
        int room = used_slots[m] < SLOTS && WW_WARPS_PER_SM - used_warps[m] >= nwarps;
        if (room && lowest == NSM)
          lowest = m;
        any_room |= room;
        free_slot |= (uint64_t)(used_slots[m] < SLOTS) << m;
        free_warps |= (uint64_t)(WW_WARPS_PER_SM - used_warps[m]) << (m * WCNT_W);
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
          if (!left[m][k]) {
            left[m][k] = 1 + (unsigned)ww_rng_below(&r, 30);
            used_slots[m]++;
            used_warps[m] += nwarps;
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
  ww_block_dist_free(d);
  printf("test_block_dist: %" PRIu64 " grids, %" PRIu64 " launches checked: %s\n", grids,
         launches, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
