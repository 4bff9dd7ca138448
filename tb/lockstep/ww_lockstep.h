/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lockstep -- the cycle-by-cycle lockstep framework (docs/lockstep.md).
 *
 * One generic engine (ww_lockstep.c) drives a block's Verilated RTL and its
 * C model with the same constrained-random inputs every cycle and compares
 * every output port every cycle. A block joins the framework with one small
 * C file (tb/<area>/lockstep/<block>.c) that defines `ww_block`: its port
 * table (generated from the block's .ports.def by ww_lockstep_ports.h), its
 * C model hooks and its stimulus. The DUT side is the shared C++ adapter
 * ww_lockstep_dut.cpp, compiled per block from the same .ports.def.
 */
#ifndef WW_LOCKSTEP_H
#define WW_LOCKSTEP_H

#include <stddef.h>
#include <stdint.h>

#include "ww_rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- block description ------------------------------------------------ */
typedef struct {
  const char *name;     /* RTL port name */
  unsigned    width;    /* bits: 1..64, or any width when wide */
  size_t      offset;   /* of its field in the in/out struct */
  const char *guard;    /* outputs: port that must be 1 to compare, or "always" */
  int         wide;     /* field is uint32_t[(width+31)/32] (WW_INW/WW_OUTW), else uint64_t */
} ww_port_t;

typedef struct {
  const char      *name;          /* block name, e.g. "bloom_filter" */
  const char      *params;        /* parameter point, printed with results */
  size_t           in_size;
  size_t           out_size;
  const ww_port_t *in_ports;
  unsigned         n_in;
  const ww_port_t *out_ports;
  unsigned         n_out;
  /* C model: step = this cycle's outputs from `in`, then the clock edge. */
  void *(*model_new)(void);
  void  (*model_free)(void *model);
  void  (*model_step)(void *model, const void *in, void *out);
  /* Stimulus: legal inputs for `cycle` given last cycle's (checked) outputs. */
  void *(*stim_new)(void);
  void  (*stim_free)(void *stim);
  void  (*stim)(void *stim, ww_rng_t *rng, uint64_t cycle, const void *prev_out, void *in);
  /* Outputs (space separated) that this parameter point holds constant by
   * design, a feature it switches off (e.g. a watchdog of 0 cycles): under
   * --strict they must still be compared, but need not change. NULL: none. */
  const char      *constant;
} ww_block_t;

extern const ww_block_t ww_block;   /* defined by tb/<area>/lockstep/<block>.c */

/* A stimulus that is also a host reference calls this when the outputs it
 * saw disagree with it: the run fails like a mismatch (exit 3, waves of a
 * replay), at the cycle the stimulus noticed. The stimulus must go on
 * safely after the call (the traced replay runs past it). */
void ww_stim_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Reset for the first cycles of a run, then rarely (about 1 in 50000 cycles). */
int ww_stim_rst_n(ww_rng_t *rng, uint64_t cycle);

/* ---- DUT adapter (ww_lockstep_dut.cpp) -------------------------------- */
void *ww_dut_new(uint32_t seed);
void  ww_dut_free(void *dut);
int   ww_dut_trace_open(void *dut, const char *fst_path);
void  ww_dut_set_inputs(void *dut, const void *in);   /* with clk_i low, then eval */
void  ww_dut_get_outputs(void *dut, void *out);
void  ww_dut_posedge(void *dut);                      /* clk_i rises, eval */
int   ww_dut_got_error(void *dut);                    /* an RTL assertion failed */
const char *ww_dut_top_scope(void);                   /* scope of the ports in the FST */

#ifdef __cplusplus
}
#endif

#endif /* WW_LOCKSTEP_H */
