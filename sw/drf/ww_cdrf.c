/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_cdrf -- the C backend of drf_run: the C model of the DRF tester top
 * (cmodel/drf/ww_drf_top.c) driven exactly as ww_vdrf.cpp drives the
 * Verilated RTL (reset cycles, the start pulse, one cycle at a time until
 * done_o, the DRAM of sw/sim/ww_dram.c on the ports, coverage summed while
 * not in reset, the status words and the final memory check after the
 * flush), so the two backends agree cycle for cycle. Built with the
 * configuration's defines of sw/drf/drf.mk.
 */
#include "ww_cdrf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_dram.h"
#include "ww_drf_top.h"

#ifndef DRF_CONFIG
#define DRF_CONFIG "default"
#endif

#define NUM_PART WW_NUM_PART
#define LB       WW_LINE_BYTES
#define LINE_W   (32 - WW_CLOG2(LB))
#define POOL_W   WW_CLOG2(WW_NUM_SM + 1)
#define RESET_CYCLES 4

static const ww_vdrf_info_t INFO = {
  DRF_CONFIG, WW_NUM_SM, NUM_PART, WW_DRFT_WF, WW_DRFT_LANES, LB,
  WW_L1_SETS, WW_L1_WAYS, WW_L2_SETS, WW_L2_WAYS,
  WW_DRFT_IDX_W, WW_DRFT_NSYNC, POOL_W + WW_DRFT_IDX_W, WW_DRFT_RANGE_W,
  0,
};

struct ww_cdrf {
  ww_drf_top_t *top;
  ww_dram_t *dram;
  ww_drf_top_in_t in;           /* the top's inputs: they hold between cycles, as a
                                   Verilated model's do (rd_var_i too) */
  unsigned hold;                /* the options' link holds */
};

const ww_vdrf_info_t *ww_cdrf_info(void) { return &INFO; }

ww_cdrf_t *ww_cdrf_new(const ww_vdrf_opts_t *o, char *err, size_t err_len)
{
  if (o->bugs && *o->bugs) {
    snprintf(err, err_len, "the injectable bugs are in the RTL only (--model rtl), not in the C "
             "model");
    return NULL;
  }
  if (o->wave) {
    snprintf(err, err_len, "the C model writes no waves (--model rtl)");
    return NULL;
  }
  ww_cdrf_t *c = calloc(1, sizeof *c);
  if (!c) {
    snprintf(err, err_len, "out of memory");
    return NULL;
  }
  c->hold = o->hold;
  c->dram = ww_vdrf_dram_new(o, err, err_len);
  if (!c->dram) {
    free(c);
    return NULL;
  }
  ww_drf_top_cfg_t tc = ww_drf_top_default_cfg();
  c->top = ww_drf_top_new(&tc);
  if (!c->top) {
    snprintf(err, err_len, "the C model refused its configuration (%s)", INFO.config);
    ww_cdrf_free(c);
    return NULL;
  }
  return c;
}

void ww_cdrf_free(ww_cdrf_t *c)
{
  if (!c)
    return;
  ww_drf_top_free(c->top);
  ww_dram_free(c->dram);
  free(c);
}

/* One clock cycle: the DRAM's outputs onto the top's inputs, the top's
 * step, the coverage pulses of the cycle (res, when not in reset), the
 * DRAM's step with the top's requests (ww_vdrf.cpp cycle()). */
static void cycle(ww_cdrf_t *c, int rst_n, int start, ww_vdrf_result_t *res)
{
  ww_drf_top_in_t *in = &c->in;
  ww_drf_top_out_t out;
  in->rst_ni = (uint64_t)rst_n;
  in->start_i = (uint64_t)start;
  in->dram_req_ready_i = 0;
  in->dram_rsp_valid_i = 0;
  for (unsigned p = 0; p < NUM_PART; p++) {
    ww_dram_out_t d;
    ww_dram_outputs(c->dram, p, &d);
    in->dram_req_ready_i |= (d.req_ready & 1) << p;
    in->dram_rsp_valid_i |= (d.rsp_valid & 1) << p;
    memcpy(&in->dram_rsp_data_i[p * (LB / 4)], d.rsp_data, LB);
  }
  ww_drf_top_step(c->top, in, &out);
  if (res && rst_n) {
    for (unsigned s = 0; s < WW_NUM_SM; s++)
      for (unsigned i = 0; i < WW_VDRF_L1COV; i++)
        res->l1_cov[i] += ww_bits_get(out.l1_cov_o, s * WW_VDRF_L1COV + i, 1);
    for (unsigned p = 0; p < NUM_PART; p++)
      for (unsigned i = 0; i < WW_VDRF_L2COV; i++)
        res->l2_cov[i] += ww_bits_get(out.l2_cov_o, p * WW_VDRF_L2COV + i, 1);
  }
  for (unsigned p = 0; p < NUM_PART; p++) {
    ww_dram_in_t d;
    ww_dram_out_t dout;
    memset(&d, 0, sizeof d);
    d.rst_ni = (uint64_t)rst_n;
    d.req_valid = out.dram_req_valid_o >> p & 1;
    d.req_we = out.dram_req_we_o >> p & 1;
    d.req_line = ww_bits_get(out.dram_req_line_o, p * LINE_W, LINE_W);
    memcpy(d.req_data, &out.dram_req_data_o[p * (LB / 4)], LB);
    ww_dram_step(c->dram, p, &d, &dout);
  }
}

/* One status word of the idle tester: what rd_data_o shows a clock after
 * rd_idx_i = idx, rd_var_i = var are applied (the read is registered;
 * ww_vdrf.cpp clocks the RTL once per word). The model gives that word
 * directly (ww_drf_tester_read); the clock changes nothing in an idle
 * system, and drf/rtl-vs-c compares the two. */
static uint32_t status_read(ww_cdrf_t *c, unsigned idx, uint32_t var)
{
  c->in.rd_idx_i = idx;
  c->in.rd_var_i = var;
  return ww_drf_top_read(c->top, idx, var);
}

static uint32_t status_read_cb(void *ctx, unsigned idx, uint32_t var)
{
  return status_read(ctx, idx, var);
}

int ww_cdrf_run(ww_cdrf_t *c, const ww_vdrf_run_t *r, ww_vdrf_result_t *res,
                void (*progress)(uint64_t, void *), void *ctx, char *err, size_t err_len)
{
  if (r->episodes < 1 || r->episodes > 65535 || r->epi_len < 1 || r->epi_len > 65535) {
    snprintf(err, err_len, "episodes (%u) and episode length (%u) must be 1..65535", r->episodes,
             r->epi_len);
    return -1;
  }
  if (r->range < INFO.var_w || r->range > INFO.range_max) {
    snprintf(err, err_len, "address range 2^%u words: must be 2^%u..2^%u (the variables fill 2^%u)",
             r->range, INFO.var_w, INFO.range_max, INFO.var_w);
    return -1;
  }
  memset(res, 0, sizeof *res);
  memset(ww_dram_mem(c->dram), 0, ww_dram_cfg(c->dram)->bytes);
  ww_dram_reset(c->dram);
  ww_dram_seed(c->dram, r->seed);   /* the jitter replays by the run's seed */
  c->in.seed_i = r->seed;
  c->in.episodes_i = r->episodes & 0xFFFF;
  c->in.epi_len_i = r->epi_len & 0xFFFF;
  c->in.watchdog_i = r->watchdog;
  c->in.range_i = r->range & 31;
  ww_vdrf_holds_t holds;
  ww_vdrf_holds_init(&holds, r->seed, WW_NUM_PART * WW_NUM_SM, c->hold);
  c->in.xbar_hold_i = 0;
  for (unsigned i = 0; i < RESET_CYCLES; i++)
    cycle(c, 0, 0, NULL);
  cycle(c, 1, 1, res);
  uint64_t n = 1;
  while (!ww_drf_top_done(c->top) && (r->max_cycles == 0 || n < r->max_cycles)) {
    c->in.xbar_hold_i = ww_vdrf_holds_next(&holds);
    cycle(c, 1, 0, res);
    n++;
    if (progress && (n & 0xFFFF) == 0)
      progress(n, ctx);
  }
  res->cycles = n;
  res->done = ww_drf_top_done(c->top);
  res->fail = ww_drf_top_fail(c->top);
  for (unsigned i = 0; i < WW_DRF_N; i++)
    res->status[i] = status_read(c, i, 0);
  if (res->done && !res->fail)
    ww_vdrf_final_check(res, ww_dram_mem(c->dram), ww_dram_cfg(c->dram)->bytes, WW_NUM_SM,
                        INFO.idx_w, INFO.lanes, INFO.line_bytes, status_read_cb, c);
  return 0;
}
