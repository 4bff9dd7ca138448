/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_dram -- the DRAM model behind the L2 slices (see ww_dram.h).
 * Per channel: a cycle counter, the cycle from which it accepts again, and a
 * FIFO of outstanding reads (each with its answer cycle and the line read at
 * acceptance). At most `latency` reads are outstanding after a clock edge,
 * since at most one is accepted per cycle and each leaves `latency` cycles
 * after it came.
 */
#include "ww_dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_rng.h"

#define MAX_LATENCY 100000u

typedef struct {
  uint64_t due;                         /* cycle of the answer */
  uint32_t data[WW_DRAM_LINE_WORDS];
} rd_t;

typedef struct {
  uint64_t now;                         /* this channel's cycle */
  uint64_t next_accept;                 /* first cycle it is ready again */
  uint64_t t0;                          /* refresh windows count from here (last reset) */
  rd_t    *q;                           /* ring of outstanding reads */
  uint64_t last_due;                    /* answer cycle of the youngest read */
  ww_rng_t rng;                         /* jitter */
  unsigned head, count;
  ww_dram_stats_t st;
} chan_t;

struct ww_dram {
  ww_dram_cfg_t cfg;
  unsigned qcap;                        /* ring capacity: latency + 1 */
  uint8_t *mem;
  chan_t   ch[WW_DRAM_MAX_CH];
};

ww_dram_cfg_t ww_dram_default_cfg(void)
{
  ww_dram_cfg_t c = { WW_GMEM_BYTES, WW_LINE_BYTES, WW_NUM_PART, WW_DRAM_LATENCY, 1, 0, 0, 0, 0 };
  return c;
}

static int is_pow2(unsigned x) { return x && !(x & (x - 1)); }

ww_dram_t *ww_dram_new(const ww_dram_cfg_t *c, char *err, size_t n)
{
  const char *why = NULL;
  if (!c)
    why = "no configuration";
  else if (!is_pow2(c->line_bytes) || c->line_bytes < 4 || c->line_bytes > WW_DRAM_MAX_LINE)
    why = "line_bytes must be a power of two 4..128";
  else if (!c->channels || c->channels > WW_DRAM_MAX_CH)
    why = "channels must be 1..16";
  else if (!c->bytes || c->bytes % c->line_bytes)
    why = "bytes must be a non-zero multiple of line_bytes";
  else if (!c->latency || c->latency > MAX_LATENCY)
    why = "latency must be 1..100000 cycles";
  else if (!c->interval)
    why = "interval must be >= 1 cycle";
  else if (c->jitter > MAX_LATENCY)
    why = "jitter must be 0..100000 cycles";
  else if (c->refresh_period && c->refresh_cycles >= c->refresh_period)
    why = "refresh cycles must be below the refresh period";
  if (why) {
    if (err && n)
      snprintf(err, n, "ww_dram: %s", why);
    return NULL;
  }
  ww_dram_t *d = calloc(1, sizeof *d);
  if (d) {
    d->cfg = *c;
    d->qcap = c->latency + c->jitter + 1;
    d->mem = calloc(c->bytes, 1);
    int ok = d->mem != NULL;
    for (unsigned i = 0; ok && i < c->channels; i++)
      ok = (d->ch[i].q = calloc(d->qcap, sizeof(rd_t))) != NULL;
    for (unsigned i = 0; ok && i < c->channels; i++)
      d->ch[i].rng.s = c->seed * 0x100000001B3ull + i;   /* as ww_dram_seed */
    if (!ok) {
      ww_dram_free(d);
      d = NULL;
    }
  }
  if (!d && err && n)
    snprintf(err, n, "ww_dram: out of memory (%u bytes)", c->bytes);
  return d;
}

void ww_dram_free(ww_dram_t *d)
{
  if (!d)
    return;
  for (unsigned i = 0; i < WW_DRAM_MAX_CH; i++)
    free(d->ch[i].q);
  free(d->mem);
  free(d);
}

const ww_dram_cfg_t *ww_dram_cfg(const ww_dram_t *d) { return &d->cfg; }

uint8_t *ww_dram_mem(ww_dram_t *d) { return d->mem; }

static void line_read(const ww_dram_t *d, chan_t *c, uint64_t line, uint32_t *w)
{
  const unsigned lb = d->cfg.line_bytes;
  memset(w, 0, WW_DRAM_LINE_WORDS * 4);
  if (line >= d->cfg.bytes / lb) {
    c->st.out_of_range++;
    return;
  }
  const uint8_t *p = d->mem + line * lb;
  for (unsigned i = 0; i < lb; i++)
    w[i / 4] |= (uint32_t)p[i] << (8 * (i % 4));
}

static void line_write(ww_dram_t *d, chan_t *c, uint64_t line, const uint32_t *w)
{
  const unsigned lb = d->cfg.line_bytes;
  if (line >= d->cfg.bytes / lb) {
    c->st.out_of_range++;
    return;
  }
  uint8_t *p = d->mem + line * lb;
  for (unsigned i = 0; i < lb; i++)
    p[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
}

/* channel ch is in its refresh window this cycle */
static int refreshing(const ww_dram_t *d, unsigned ch, uint64_t now)
{
  const uint64_t per = d->cfg.refresh_period;
  if (!per)
    return 0;
  now -= d->ch[ch].t0;
  return (now + per - (uint64_t)ch * per / d->cfg.channels) % per < d->cfg.refresh_cycles;
}

void ww_dram_outputs(const ww_dram_t *d, unsigned ch, ww_dram_out_t *out)
{
  const chan_t *c = &d->ch[ch];
  memset(out, 0, sizeof *out);
  out->req_ready = c->now >= c->next_accept && c->count < d->qcap && !refreshing(d, ch, c->now);
  if (c->count && c->q[c->head].due == c->now) {
    out->rsp_valid = 1;
    memcpy(out->rsp_data, c->q[c->head].data, sizeof out->rsp_data);
  }
}

void ww_dram_step(ww_dram_t *d, unsigned ch, const ww_dram_in_t *in, ww_dram_out_t *out)
{
  chan_t *c = &d->ch[ch];
  ww_dram_outputs(d, ch, out);
  if (!in->rst_ni) {
    c->head = c->count = 0;
    c->next_accept = c->now + 1;
    c->now++;
    return;
  }
  if (out->rsp_valid) {
    c->head = (c->head + 1) % d->qcap;
    c->count--;
  }
  if (out->req_ready && in->req_valid) {
    c->next_accept = c->now + d->cfg.interval;
    if (d->cfg.jitter)
      c->next_accept += ww_rng_below(&c->rng, d->cfg.jitter / 4 + 1);
    if (in->req_we) {
      c->st.writes++;
      line_write(d, c, in->req_line, in->req_data);
    } else {
      c->st.reads++;
      rd_t *r = &c->q[(c->head + c->count) % d->qcap];
      r->due = c->now + d->cfg.latency;
      if (d->cfg.jitter)
        r->due += ww_rng_below(&c->rng, d->cfg.jitter + 1);
      if (c->count && r->due <= c->last_due)   /* answers in order */
        r->due = c->last_due + 1;
      c->last_due = r->due;
      line_read(d, c, in->req_line, r->data);
      c->count++;
    }
  }
  c->now++;
}

void ww_dram_reset(ww_dram_t *d)
{
  for (unsigned i = 0; i < d->cfg.channels; i++) {
    d->ch[i].head = d->ch[i].count = 0;
    d->ch[i].next_accept = d->ch[i].now;
    d->ch[i].t0 = d->ch[i].now;
  }
}

void ww_dram_seed(ww_dram_t *d, uint64_t seed)
{
  for (unsigned i = 0; i < d->cfg.channels; i++)
    d->ch[i].rng.s = seed * 0x100000001B3ull + i;
}

void ww_dram_stats(const ww_dram_t *d, int ch, ww_dram_stats_t *st)
{
  memset(st, 0, sizeof *st);
  for (unsigned i = 0; i < d->cfg.channels; i++) {
    if (ch >= 0 && (unsigned)ch != i)
      continue;
    st->reads += d->ch[i].st.reads;
    st->writes += d->ch[i].st.writes;
    st->out_of_range += d->ch[i].st.out_of_range;
  }
}
