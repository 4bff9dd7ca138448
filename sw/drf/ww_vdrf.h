/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_vdrf -- the Verilated DRF tester top (rtl/drf/ww_drf_top.v) as a C
 * library: clocks it, plays the DRAM (sw/sim/ww_dram.c) on its ports, counts
 * the caches' transition coverage pulses, reads the tester's status words.
 * docs/drf.md. The build's geometry comes from the ww_config.h defines the
 * library was compiled with (sw/drf/drf.mk); ww_vdrf_info() reports it.
 */
#ifndef WW_VDRF_H
#define WW_VDRF_H

#include <stddef.h>
#include <stdint.h>

#include "ww_dram.h"
#include "ww_proto.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WW_VDRF_L1COV (WW_L1ST_N * WW_L1EV_N)
#define WW_VDRF_L2COV (WW_L2ST_N * WW_L2EV_N)

typedef struct {
  const char *config;          /* the build's name (small, default) */
  unsigned num_sm, num_part, wf, lanes, line_bytes;
  unsigned l1_sets, l1_ways, l2_sets, l2_ways;
  unsigned idx_w, nsync, var_w, range_max;
  int bugs_plusargs;           /* built with WW_BUGS_PLUSARGS */
} ww_vdrf_info_t;

typedef struct {
  unsigned dram_latency;       /* 0: ww_config.h's */
  unsigned jitter;             /* DRAM timing noise (ww_dram.h), 0 = none */
  unsigned refresh;            /* DRAM refresh period (ww_dram.h; window: half of it), 0 = none */
  unsigned hold;               /* request links held at random (ww_vdrf_holds_t), 0 = none */
  const char *bugs;            /* comma-separated bug names (WW_BUG_* without
                                  the prefix) switched on by plusarg; NULL */
  const char *wave;            /* FST file of every run, or NULL */
} ww_vdrf_opts_t;

typedef struct {
  uint32_t seed;
  unsigned episodes;           /* per wavefront, 1..65535 */
  unsigned epi_len;            /* actions per episode, 1..65535 */
  unsigned range;              /* window: 2^range words */
  uint32_t watchdog;           /* cycles a wavefront may wait */
  uint64_t max_cycles;         /* 0: no limit */
} ww_vdrf_run_t;

typedef struct {
  int done;                    /* the tester finished (passed or failed) */
  int fail;                    /* it found an error (status[WW_DRF_KIND]) */
  uint64_t cycles;             /* clock cycles of the run */
  uint32_t status[WW_DRF_N];
  uint64_t l1_cov[WW_VDRF_L1COV];   /* pulses summed over the SMs' L1s */
  uint64_t l2_cov[WW_VDRF_L2COV];   /* over the partitions' L2 slices */
  /* final memory check of a passing run: after the slices' FLUSH, every
   * variable's word in DRAM against the tester's reference (normal: the
   * last value stored, sync: the number of atomics issued) */
  unsigned final_checked, final_bad;
  uint32_t final_var, final_addr, final_expect, final_got;   /* the first bad one */
} ww_vdrf_result_t;

typedef struct ww_vdrf ww_vdrf_t;

const ww_vdrf_info_t *ww_vdrf_info(void);
/* NULL with the reason in err when the options are bad. */
ww_vdrf_t *ww_vdrf_new(const ww_vdrf_opts_t *opts, char *err, size_t err_len);
void ww_vdrf_free(ww_vdrf_t *v);
/* One run from reset (memory zeroed). 0 = the run ended (res->done) or hit
 * max_cycles (res->done == 0); -1 with err on bad settings. progress, if
 * given, is called every 2^16 cycles. */
int ww_vdrf_run(ww_vdrf_t *v, const ww_vdrf_run_t *run, ww_vdrf_result_t *res,
                void (*progress)(uint64_t cycles, void *ctx), void *ctx, char *err, size_t err_len);

/* The DRAM of a run with the options' latency, jitter and refresh (both
 * backends); NULL with the reason in err. */
static inline ww_dram_t *ww_vdrf_dram_new(const ww_vdrf_opts_t *o, char *err, size_t err_len)
{
  ww_dram_cfg_t dc = ww_dram_default_cfg();
  if (o->dram_latency)
    dc.latency = o->dram_latency;
  dc.jitter = o->jitter;
  dc.refresh_period = o->refresh;
  dc.refresh_cycles = o->refresh / 2;
  return ww_dram_new(&dc, err, err_len);
}

/* Network delays (both backends; docs/drf.md sec. 5): each request link
 * SM s -> partition p (bit p * num_sm + s of ww_drf_top's xbar_hold_i) not
 * held starts a hold of 1..max cycles with chance 1/max each cycle, from a
 * generator seeded by the run's seed, so a run replays; max = 0: none. A held
 * link keeps its packets in order, but a later packet of the same SM on
 * another link may pass them (with virtual output queues), as in a network
 * whose links see different congestion. */
typedef struct {
  uint64_t rng;
  unsigned links, max;
  unsigned left[64];           /* cycles a link stays held */
} ww_vdrf_holds_t;

static inline void ww_vdrf_holds_init(ww_vdrf_holds_t *h, uint32_t seed, unsigned links,
                                      unsigned max)
{
  h->rng = 0x9E3779B97F4A7C15ull * ((uint64_t)seed + 1);
  h->links = links < 64 ? links : 64;
  h->max = max;
  for (unsigned i = 0; i < 64; i++)
    h->left[i] = 0;
}

static inline uint64_t ww_vdrf_holds_next(ww_vdrf_holds_t *h)
{
  uint64_t held = 0;
  if (!h->max)
    return 0;
  for (unsigned i = 0; i < h->links; i++) {
    h->rng ^= h->rng << 13;          /* xorshift64 */
    h->rng ^= h->rng >> 7;
    h->rng ^= h->rng << 17;
    if (!h->left[i] && (h->rng >> 32) % h->max == 0)
      h->left[i] = 1 + (unsigned)((h->rng & 0xFFFFFFFFu) % h->max);
    if (h->left[i]) {
      h->left[i]--;
      held |= 1ull << i;
    }
  }
  return held;
}

/* The final memory check of a passing run (both backends): every variable
 * of every pool (device, one per SM) in the DRAM image mem against the
 * tester's reference, read through rd (a status word of the idle tester);
 * a line variable (the top `lanes` indices of a pool) is a whole line, word
 * k holding its value + k (0 if never stored). Fills res->final_*. */
static inline void ww_vdrf_final_check(ww_vdrf_result_t *res, const uint8_t *mem, uint32_t bytes,
                                       unsigned num_sm, unsigned idx_w, unsigned lanes,
                                       unsigned line_bytes,
                                       uint32_t (*rd)(void *ctx, unsigned idx, uint32_t var),
                                       void *ctx)
{
  const uint32_t first_line = (1u << idx_w) - lanes;
  for (uint32_t var = 0; var < ((num_sm + 1u) << idx_w); var++) {
    const uint32_t ref = rd(ctx, WW_DRF_REF_VALUE, var);
    const uint32_t addr = rd(ctx, WW_DRF_REF_ADDR, var);
    const unsigned words = (var & ((1u << idx_w) - 1)) >= first_line ? line_bytes / 4 : 1;
    for (unsigned k = 0; k < words; k++) {
      const uint32_t a = addr + 4 * k, expect = (words > 1 && ref != 0) ? ref + k : ref;
      uint32_t got = 0;
      if (a + 4u <= bytes)
        got = (uint32_t)mem[a] | (uint32_t)mem[a + 1] << 8 | (uint32_t)mem[a + 2] << 16 |
              (uint32_t)mem[a + 3] << 24;
      res->final_checked++;
      if (got != expect && res->final_bad++ == 0) {
        res->final_var = var;
        res->final_addr = a;
        res->final_expect = expect;
        res->final_got = got;
      }
    }
  }
}

#ifdef __cplusplus
}
#endif

#endif /* WW_VDRF_H */
