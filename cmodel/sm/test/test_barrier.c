/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the barrier unit's C model (rtl/sm/ww_barrier.v),
 * apart from the lockstep test. The reference keeps the golden model's
 * representation (cmodel/gpu/ww_gpu_exec.c): per block slot the counters
 * nwarps, waiting and exited, per warp a state (free, ready, at barrier,
 * exited) and its slot; it releases when ++waiting == nwarps and reports a
 * deadlock when waiting > 0, exited > 0 and waiting + exited == nwarps.
 * Random legal traffic for WARPS 1..8 x BLOCKS 1..3: launches of 1..free
 * random warps into the lowest free slot, arrivals of ready warps, exits in
 * blocks that are ending, clean-up exits after a deadlock, rare resets.
 * Checked every cycle:
 *   * release_o, waiting_o, free_o, deadlock_o, deadlock_wid_o equal the
 *     reference;
 *   * a warp is released only if every warp of its block arrived (waits,
 *     or arrives now) and none exited, and then all of them are released
 *     together; a released warp had arrived;
 *   * deadlock_wid_o waits at a barrier in a block whose other warps all
 *     exited or wait.
 * Usage: test_barrier [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_barrier.h"
#include "ww_rng.h"

enum { FREE, READY, BAR, EXITED };

typedef struct {
  int active, ending;
  unsigned nwarps, waiting, exited;
} slot_t;

static ww_rng_t rng;
static int failures;
static uint64_t n_release, n_deadlock, n_done;

#define CHECK(cond, ...)                                                          \
  do {                                                                            \
    if (!(cond) && failures++ < 10) {                                             \
      printf("FAIL: WARPS=%u BLOCKS=%u cycle %" PRIu64 ": ", warps, blocks, cyc);  \
      printf(__VA_ARGS__);                                                        \
      printf("\n");                                                               \
    }                                                                             \
  } while (0)

static unsigned pick(uint32_t m)   /* random set bit, m != 0 */
{
  unsigned k = (unsigned)ww_rng_below(&rng, (uint64_t)__builtin_popcount(m));
  while (k--)
    m &= m - 1;
  return (unsigned)__builtin_ctz(m);
}

static int deadlocked(const slot_t *s)
{
  return s->active && s->waiting && s->exited && s->waiting + s->exited == s->nwarps;
}

static void run(unsigned warps, unsigned blocks, uint64_t cycles)
{
  ww_barrier_cfg_t cfg = { warps, blocks };
  ww_barrier_t *m = ww_barrier_new(&cfg);
  if (!m) {
    printf("FAIL: cannot create WARPS=%u BLOCKS=%u\n", warps, blocks);
    failures++;
    return;
  }
  slot_t sl[3];
  int st[32];
  unsigned ws[32];
  memset(sl, 0, sizeof sl);
  for (unsigned w = 0; w < warps; w++)
    st[w] = FREE, ws[w] = 0;

  int prev_dl = 0;
  for (uint64_t cyc = 0; cyc < cycles && failures < 10; cyc++) {
    ww_barrier_in_t in;
    ww_barrier_out_t out;
    memset(&in, 0, sizeof in);
    int rst = cyc < 1 || ww_rng_chance(&rng, 1, 10000);
    in.rst_ni = !rst;

    /* traffic from the reference state */
    uint32_t ready = 0, ending_ready = 0, freew = 0, dead_bar = 0;
    int free_slot = -1;
    for (unsigned w = 0; w < warps; w++) {
      if (st[w] == FREE)
        freew |= 1u << w;
      if (st[w] == READY) {
        ready |= 1u << w;
        if (sl[ws[w]].ending)
          ending_ready |= 1u << w;
      }
      if (st[w] == BAR && deadlocked(&sl[ws[w]]) && !dead_bar)
        dead_bar = 1u << w;
    }
    for (unsigned b = 0; b < blocks; b++) {
      if (!sl[b].active && free_slot < 0)
        free_slot = (int)b;
      if (sl[b].active && !sl[b].ending && ww_rng_chance(&rng, 1, 100))
        sl[b].ending = 1;
    }
    int x = -1, a = -1;
    if (dead_bar)
      x = __builtin_ctz(dead_bar);
    else if (ending_ready && ww_rng_chance(&rng, 1, 3))
      x = (int)pick(ending_ready);
    if (x >= 0) {
      in.exit_valid_i = 1;
      in.exit_wid_i = (unsigned)x;
    }
    uint32_t cand = ready & ~(x >= 0 ? 1u << x : 0);
    if (cand && ww_rng_chance(&rng, 1, 2)) {
      a = (int)pick(cand);
      in.arrive_valid_i = 1;
      in.arrive_wid_i = (unsigned)a;
    }
    uint32_t lmask = 0;
    if (free_slot >= 0 && freew && ww_rng_chance(&rng, 1, 5)) {
      unsigned n = 1 + (unsigned)ww_rng_below(&rng, (uint64_t)__builtin_popcount(freew));
      for (unsigned i = 0; i < n; i++)
        lmask |= 1u << pick(freew & ~lmask);
      in.launch_valid_i = 1;
      in.launch_slot_i = (unsigned)free_slot;
      in.launch_wmask_i = lmask;
    }

    ww_barrier_step(m, &in, &out);

    /* reference outputs from the state before the edge */
    uint32_t ref_wait = 0, ref_free = 0;
    for (unsigned w = 0; w < warps; w++)
      if (st[w] == BAR)
        ref_wait |= 1u << w;
    for (unsigned b = 0; b < blocks; b++)
      if (!sl[b].active)
        ref_free |= 1u << b;
    /* events, golden order: the exit, then the arrival */
    uint32_t ref_rel = 0;
    if (x >= 0) {
      slot_t *s = &sl[ws[x]];
      if (st[x] == BAR)
        s->waiting--;                       /* clean-up after a deadlock */
      st[x] = EXITED;
      if (++s->exited == s->nwarps) {
        s->active = 0;
        n_done++;
      }
    }
    if (a >= 0) {
      slot_t *s = &sl[ws[a]];
      st[a] = BAR;
      if (++s->waiting == s->nwarps) {
        for (unsigned w = 0; w < warps; w++)
          if (ws[w] == ws[a] && st[w] == BAR)
            ref_rel |= 1u << w;
        s->waiting = 0;
      }
    }
    int ref_dl = 0;
    unsigned ref_dl_wid = 0;
    for (unsigned b = 0; b < blocks && !ref_dl; b++)
      if (deadlocked(&sl[b])) {
        ref_dl = 1;
        for (unsigned w = warps; w-- > 0;)
          if (ws[w] == b && st[w] == BAR)
            ref_dl_wid = w;
      }

    if (cyc >= 1) {
      CHECK(out.release_o == ref_rel, "release_o 0x%" PRIx64 ", reference 0x%x", out.release_o,
            ref_rel);
      CHECK(out.waiting_o == ref_wait, "waiting_o 0x%" PRIx64 ", reference 0x%x", out.waiting_o,
            ref_wait);
      CHECK(out.free_o == ref_free, "free_o 0x%" PRIx64 ", reference 0x%x", out.free_o, ref_free);
      CHECK(out.deadlock_o == (uint64_t)ref_dl, "deadlock_o %" PRIu64 ", reference %d",
            out.deadlock_o, ref_dl);
      if (ref_dl && out.deadlock_o)
        CHECK(out.deadlock_wid_o == ref_dl_wid, "deadlock_wid_o %" PRIu64 ", reference %u",
              out.deadlock_wid_o, ref_dl_wid);
      /* the property, on the masks the unit itself reports */
      uint32_t arrived = (uint32_t)out.waiting_o | (a >= 0 ? 1u << a : 0);
      for (unsigned w = 0; w < warps; w++) {
        if (!(out.release_o >> w & 1))
          continue;
        CHECK(arrived >> w & 1, "warp %u released without arriving", w);
        for (unsigned v = 0; v < warps; v++)
          if (ws[v] == ws[w] && st[v] != FREE) {
            CHECK(!(v == (unsigned)x), "warp %u released while warp %u of its block exits", w, v);
            CHECK(arrived >> v & 1, "warp %u released but warp %u of its block did not arrive",
                  w, v);
            CHECK(out.release_o >> v & 1, "warp %u released without warp %u of its block", w, v);
          }
      }
      if (out.deadlock_o) {
        unsigned d = (unsigned)out.deadlock_wid_o;
        CHECK(d < warps && st[d] == BAR, "deadlock_wid_o %u does not wait", d);
      }
    }
    n_release += ref_rel != 0;
    n_deadlock += (uint64_t)(ref_dl && !prev_dl);
    prev_dl = ref_dl;

    /* the rest of the edge */
    for (unsigned w = 0; w < warps; w++)
      if (ref_rel >> w & 1)
        st[w] = READY;
    for (unsigned w = 0; w < warps; w++)
      if (st[w] == EXITED && !sl[ws[w]].active)
        st[w] = FREE;
    if (lmask) {
      slot_t *s = &sl[free_slot];
      memset(s, 0, sizeof *s);
      s->active = 1;
      s->nwarps = (unsigned)__builtin_popcount(lmask);
      for (unsigned w = 0; w < warps; w++)
        if (lmask >> w & 1)
          st[w] = READY, ws[w] = (unsigned)free_slot;
    }
    if (rst) {
      memset(sl, 0, sizeof sl);
      for (unsigned w = 0; w < warps; w++)
        st[w] = FREE, ws[w] = 0;
    }
  }
  ww_barrier_free(m);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, cycles = 100000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_barrier [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  for (unsigned w = 1; w <= 8; w++)
    for (unsigned b = 1; b <= 3; b++)
      run(w, b, cycles);
  if (!n_release || !n_deadlock || !n_done) {
    printf("FAIL: traffic too thin\n");
    failures++;
  }
  printf("test_barrier: %" PRIu64 " releases, %" PRIu64 " deadlocks, %" PRIu64
         " blocks finished, WARPS 1..8 x BLOCKS 1..3: %s\n", n_release, n_deadlock, n_done,
         failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
