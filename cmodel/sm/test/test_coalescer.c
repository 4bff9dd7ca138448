/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the coalescer C model against a host reference, with
 * random back-pressure. For every warp instruction:
 *   - the line requests' lane masks are disjoint and cover exactly the
 *     active lanes;
 *   - every lane is served by the request for its own line;
 *   - there is exactly one request per distinct line among active lanes
 *     (the minimum), in order of each line's lowest lane, out_last_o on the
 *     final one; an empty mask gives no request;
 *   - the tag comes back unchanged.
 * Usage: test_coalescer [--seed N] [--insns N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_coalescer.h"
#include "ww_rng.h"

int main(int argc, char **argv)
{
  ww_rng_t r = { 1 };
  uint64_t insns = 200000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      r.s = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--insns") && i + 1 < argc)
      insns = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--insns N]\n", argv[0]);
      return 2;
    }
  }
  int failures = 0;
  uint64_t requests = 0;
  /* the port struct holds WW_LANES addresses: configurations up to that */
  static const unsigned lane_counts[] = { 1, 3, WW_LANES / 2, WW_LANES };
  static const unsigned line_sizes[] = { 4, 32, 128 };
  printf("test_coalescer: seed=%" PRIu64 "\n", r.s);
  for (unsigned li = 0; li < 4; li++)
    for (unsigned si = 0; si < 3; si++) {
      ww_coalescer_cfg_t cfg = { lane_counts[li] ? lane_counts[li] : 1, line_sizes[si] };
      ww_coalescer_t *c = ww_coalescer_new(&cfg);
      if (!c)
        return 1;
      unsigned lanes = cfg.lanes, off = ww_clog2(cfg.line_bytes);
      uint32_t all = lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1;
      ww_coalescer_in_t in;
      ww_coalescer_out_t out;
      memset(&in, 0, sizeof in);
      ww_coalescer_step(c, &in, &out);        /* reset */
      for (uint64_t n = 0; n < insns / 12 && failures < 5; n++) {
        /* an instruction: a few candidate lines, lanes pick among them */
        uint32_t base = (uint32_t)ww_rng_bits(&r, 32);
        unsigned spread = 1 + (unsigned)ww_rng_below(&r, lanes);
        uint32_t addr[32], mask = (uint32_t)ww_rng_bits(&r, lanes) & all;
        for (unsigned l = 0; l < lanes; l++)
          addr[l] = base + (uint32_t)ww_rng_below(&r, spread) * cfg.line_bytes +
                    ((uint32_t)ww_rng_bits(&r, off) & ~3u);
        uint32_t tag = (uint32_t)ww_rng_bits(&r, 8);
        /* host reference: distinct lines in order of their lowest lane */
        uint32_t ref_line[32], ref_lanes[32];
        unsigned nref = 0;
        for (unsigned l = 0; l < lanes; l++) {
          if (!((mask >> l) & 1))
            continue;
          unsigned k = 0;
          while (k < nref && ref_line[k] != addr[l] >> off)
            k++;
          if (k == nref) {
            ref_line[nref] = addr[l] >> off;
            ref_lanes[nref++] = 0;
          }
          ref_lanes[k] |= 1u << l;
        }
        /* offer until accepted */
        in.rst_ni = 1;
        in.in_valid_i = 1;
        in.in_mask_i = mask;
        for (unsigned l = 0; l < lanes; l++)
          in.in_addr_i[l] = addr[l];
        in.in_tag_i = tag;
        in.out_ready_i = 1;
        int guard = 0;
        do {
          ww_coalescer_step(c, &in, &out);
        } while (!out.in_ready_o && ++guard < 100);
        in.in_valid_i = 0;
        /* collect the requests under random back-pressure */
        unsigned got = 0;
        for (guard = 0; guard < 400; guard++) {
          in.out_ready_i = (uint64_t)ww_rng_chance(&r, 2, 3);
          ww_coalescer_step(c, &in, &out);
          if (!out.out_valid_o)
            break;
          if (!in.out_ready_i)
            continue;
          requests++;
          if (got >= nref || out.out_line_o != ref_line[got] ||
              out.out_lanes_o != ref_lanes[got] || out.out_tag_o != tag ||
              (int)out.out_last_o != (got + 1 == nref)) {
            printf("FAIL lanes=%u line=%u insn %" PRIu64 " request %u: line 0x%" PRIx64
                   " lanes 0x%" PRIx64 " last %" PRIu64 "; reference line 0x%x lanes 0x%x of %u\n",
                   lanes, cfg.line_bytes, n, got, out.out_line_o, out.out_lanes_o, out.out_last_o,
                   got < nref ? ref_line[got] : 0, got < nref ? ref_lanes[got] : 0, nref);
            failures++;
            break;
          }
          got++;
          if (out.out_last_o)
            break;
        }
        if (got != nref && failures == 0) {
          printf("FAIL lanes=%u: %u requests, reference %u\n", lanes, got, nref);
          failures++;
        }
      }
      ww_coalescer_free(c);
    }
  printf("test_coalescer: %" PRIu64 " line requests checked: %s\n", requests,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
