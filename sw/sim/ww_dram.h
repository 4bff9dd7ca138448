/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_dram -- the DRAM behind the GPU's L2 slices, a test-bench model (C11).
 * It owns the global-memory backing store (GMEM_BYTES at address 0), which
 * the host reads and writes directly between runs, and serves one channel
 * per partition with the DRAM port protocol of rtl/mem/ww_l2_slice.v:
 *
 *   request   req_valid && req_ready in a cycle = accepted at that cycle's
 *             clock edge. Requests are performed in order, at acceptance:
 *             a write (req_we) stores the whole line req_data; a read copies
 *             the line then.
 *   response  a read accepted in cycle c is answered by rsp_valid = 1 for the
 *             one cycle c + latency, carrying the line (always taken).
 *             Reads are pipelined: several may be outstanding.
 *   bandwidth after accepting in cycle c, a channel is ready again in cycle
 *             c + interval (interval 1: every cycle).
 *   refresh   with cfg.refresh_period > 0 a channel takes no request during
 *             a window of refresh_cycles every refresh_period cycles
 *             (counted from creation or the last ww_dram_reset), the
 *             channels' windows staggered (one stalled partition while the
 *             others run: how a crossbar with virtual output queues
 *             reorders an SM's requests, docs/drf.md sec. 5).
 *   jitter    with cfg.jitter > 0 (RTL timing seeds, `warpwatch run --seed`)
 *             a read's answer comes up to jitter cycles later and a channel
 *             stays unready up to jitter/4 cycles longer, drawn per request
 *             from cfg.seed; answers stay in order.
 *   reset     a cycle with rst_ni = 0 drops every outstanding read (the
 *             memory keeps its contents); reset it together with the GPU.
 *
 * Lines are numbered as on the port (byte address / line_bytes). A line at
 * or beyond GMEM_BYTES is out of range: a write is dropped, a read returns
 * zeros, and ww_dram_stats() counts it (the SMs trap such addresses before
 * they reach memory, so a count > 0 is a bug).
 *
 * Cycle protocol (house style: the ports as structs, one step per cycle):
 * the outputs of a cycle depend only on the state (a Moore machine), so a
 * harness first calls ww_dram_outputs() to drive the GPU's dram_rsp_* and
 * dram_req_ready inputs, evaluates the GPU, then calls ww_dram_step() with
 * the GPU's dram_req_* outputs of the same cycle, which applies the clock
 * edge.
 */
#ifndef WW_DRAM_H
#define WW_DRAM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WW_DRAM_MAX_LINE 128                 /* bytes; LINE_BYTES 4..128 */
#define WW_DRAM_LINE_WORDS (WW_DRAM_MAX_LINE / 4)
#define WW_DRAM_MAX_CH 16

typedef struct {
  uint32_t bytes;       /* backing store size (GMEM_BYTES), a multiple of line_bytes */
  unsigned line_bytes;  /* LINE_BYTES: power of two 4..128 */
  unsigned channels;    /* NUM_PART: 1..16 */
  unsigned latency;     /* cycles from acceptance to the read answer, >= 1 */
  unsigned interval;    /* cycles between two acceptances on a channel, >= 1 */
  unsigned jitter;      /* timing noise: each read answers up to `jitter` cycles
                           later and each acceptance delays the next one by up
                           to jitter/4 more cycles, uniformly from `seed`; 0 = none */
  uint64_t seed;        /* of the jitter; the same seed gives the same timing */
  unsigned refresh_period;   /* refresh: every refresh_period cycles a channel takes no
                                request for refresh_cycles cycles (channel c's window
                                starts c * refresh_period / channels cycles later than
                                channel 0's; answers already due still come); 0 = none */
  unsigned refresh_cycles;   /* < refresh_period */
} ww_dram_cfg_t;

/* GMEM_BYTES, LINE_BYTES, NUM_PART, DRAM_LATENCY of ww_config.h, interval 1. */
ww_dram_cfg_t ww_dram_default_cfg(void);

/* One channel's port, seen from the DRAM (the slice's dram_req_* outputs are
 * the DRAM's inputs). Word i of a line holds bytes 4i..4i+3, little-endian,
 * as bits [32i+31:32i] of the RTL vector. */
typedef struct {
  uint64_t rst_ni;
  uint64_t req_valid;
  uint64_t req_we;
  uint64_t req_line;
  uint32_t req_data[WW_DRAM_LINE_WORDS];
} ww_dram_in_t;

typedef struct {
  uint64_t req_ready;
  uint64_t rsp_valid;
  uint32_t rsp_data[WW_DRAM_LINE_WORDS];   /* 0 when !rsp_valid */
} ww_dram_out_t;

typedef struct {
  uint64_t reads, writes;      /* accepted requests */
  uint64_t out_of_range;       /* of them, lines beyond the backing store */
} ww_dram_stats_t;

typedef struct ww_dram ww_dram_t;

/* NULL, with the reason in err (if given), when cfg is illegal or memory is
 * short. The backing store starts zeroed. */
ww_dram_t *ww_dram_new(const ww_dram_cfg_t *cfg, char *err, size_t err_len);
void ww_dram_free(ww_dram_t *d);
const ww_dram_cfg_t *ww_dram_cfg(const ww_dram_t *d);

/* The backing store, cfg.bytes long; read and write it between runs. */
uint8_t *ww_dram_mem(ww_dram_t *d);

/* This cycle's outputs of channel ch (from the state only). */
void ww_dram_outputs(const ww_dram_t *d, unsigned ch, ww_dram_out_t *out);

/* One cycle of channel ch: out = this cycle's outputs (as ww_dram_outputs),
 * then the clock edge with `in`, this cycle's inputs. Call it once per
 * channel per cycle. */
void ww_dram_step(ww_dram_t *d, unsigned ch, const ww_dram_in_t *in, ww_dram_out_t *out);

/* Drops every outstanding read and makes every channel ready (as a cycle
 * with rst_ni = 0 does); the memory keeps its contents. */
void ww_dram_reset(ww_dram_t *d);
/* Restart the jitter from `seed` (as cfg.seed does at creation): a run that
 * seeds it replays alone the timing it had after other runs. */
void ww_dram_seed(ww_dram_t *d, uint64_t seed);

/* Counters summed over channels (ch < 0) or of channel ch. */
void ww_dram_stats(const ww_dram_t *d, int ch, ww_dram_stats_t *st);

#ifdef __cplusplus
}
#endif

#endif /* WW_DRAM_H */
