/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the switch C model (one direction of the crossbar)
 * against a host reference, independent of the lockstep test:
 *   - every accepted packet leaves exactly once, at its destination, with
 *     its source and data intact;
 *   - packets of one source leave in the order they entered (so two packets
 *     from one source to one destination arrive in order);
 *   - round-robin fairness: while a source's head waits for destination d,
 *     d grants at most N_IN - 1 other packets (no starvation);
 *   - nothing is lost: at the end every packet has been delivered.
 * Usage: test_switch [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_switch.h"

#define N_IN WW_NUM_SM
#define N_OUT WW_NUM_PART
#define MAXQ 4096

int main(int argc, char **argv)
{
  ww_rng_t r = { 1 };
  uint64_t cycles = 300000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      r.s = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--cycles N]\n", argv[0]);
      return 2;
    }
  }
  ww_switch_cfg_t cfg = ww_switch_default_cfg();
  ww_switch_t *sw = ww_switch_new(&cfg);
  if (!sw)
    return 1;
  const unsigned dst_w = WW_IDX_W(N_OUT), src_w = WW_IDX_W(N_IN);
  /* per source: the packets accepted and not yet delivered, in order */
  uint32_t fifo_data[N_IN][MAXQ], fifo_dst[N_IN][MAXQ];
  unsigned fifo_head[N_IN] = { 0 }, fifo_n[N_IN] = { 0 };
  unsigned wait_grants[N_IN] = { 0 };         /* grants to others while the head waits */
  uint32_t seq[N_IN] = { 0 }, offer_dst[N_IN] = { 0 };
  int offering[N_IN] = { 0 };
  uint64_t delivered = 0, failures = 0, max_wait = 0;
  ww_switch_in_t in;
  ww_switch_out_t out;
  memset(&in, 0, sizeof in);
  ww_switch_step(sw, &in, &out);              /* reset */

  for (uint64_t c = 0; c < cycles + 2000 && failures < 5; c++) {
    int draining = c >= cycles;
    in.rst_ni = 1;
    in.in_valid_i = 0;
    in.in_dst_i = 0;
    for (unsigned i = 0; i < N_IN; i++) {
      if (!offering[i] && !draining && ww_rng_chance(&r, 1, 2)) {
        offering[i] = 1;
        offer_dst[i] = (uint32_t)ww_rng_below(&r, N_OUT);
        in.in_data_i[i] = (i << 24) | (seq[i]++ & 0xFFFFFF);
      }
      in.in_valid_i |= (uint64_t)offering[i] << i;
      in.in_dst_i |= (uint64_t)offer_dst[i] << (i * dst_w);
    }
    in.out_ready_i = draining ? (1u << N_OUT) - 1 : ww_rng_bits(&r, N_OUT);
    ww_switch_step(sw, &in, &out);

    /* deliveries of this cycle, checked against each source's queue head */
    for (unsigned d = 0; d < N_OUT; d++) {
      if (!((out.out_valid_o >> d) & 1) || !((in.out_ready_i >> d) & 1))
        continue;
      unsigned src = (unsigned)(out.out_src_o >> (d * src_w)) & ((1u << src_w) - 1);
      if (src >= N_IN || !fifo_n[src]) {
        printf("FAIL cycle %" PRIu64 ": destination %u delivers from source %u with nothing queued\n", c, d, src);
        failures++;
        continue;
      }
      unsigned h = fifo_head[src];
      if (fifo_dst[src][h] != d || fifo_data[src][h] != out.out_data_o[d]) {
        printf("FAIL cycle %" PRIu64 ": destination %u got 0x%08x from source %u, expected 0x%08x for %u\n",
               c, d, out.out_data_o[d], src, fifo_data[src][h], fifo_dst[src][h]);
        failures++;
      }
      fifo_head[src] = (h + 1) % MAXQ;
      fifo_n[src]--;
      wait_grants[src] = 0;
      delivered++;
      for (unsigned i = 0; i < N_IN; i++)   /* others waiting for d were passed over */
        if (i != src && fifo_n[i] && fifo_dst[i][fifo_head[i]] == d &&
            ++wait_grants[i] > max_wait)
          max_wait = wait_grants[i];
    }
    /* acceptances of this cycle */
    for (unsigned i = 0; i < N_IN; i++) {
      if (offering[i] && ((out.in_ready_o >> i) & 1)) {
        unsigned t = (fifo_head[i] + fifo_n[i]) % MAXQ;
        fifo_dst[i][t] = offer_dst[i];
        fifo_data[i][t] = in.in_data_i[i];
        fifo_n[i]++;
        offering[i] = 0;
      }
    }
  }
  /* packets still inside the switch's own queues at the end would be lost */
  for (unsigned i = 0; i < N_IN; i++)
    if (fifo_n[i]) {
      printf("FAIL: %u packets of source %u never delivered\n", fifo_n[i], i);
      failures++;
    }
  /* the queues hold at most FIFO_DEPTH packets per source, so a head that
   * waits sees at most N_IN - 1 grants to others before its own */
  if (max_wait > N_IN - 1) {
    printf("FAIL: a waiting head saw %" PRIu64 " grants to others (round robin allows %d)\n",
           max_wait, N_IN - 1);
    failures++;
  }
  ww_switch_free(sw);
  printf("test_switch: %d sources, %d destinations, %" PRIu64 " packets delivered, longest wait %" PRIu64
         " grants: %s\n", N_IN, N_OUT, delivered, max_wait, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
