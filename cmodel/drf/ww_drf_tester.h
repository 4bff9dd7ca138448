/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_tester -- C model of rtl/drf/ww_drf_tester.v, the autonomous DRF
 * tester's generator and checker (the autonomous DRF GPU testing paper,
 * sec. III; docs/drf.md; the RTL's header is the spec): NUM_SM x WF
 * wavefronts of LANES lanes running acquire / actions / release episodes
 * picked round-robin, the DRF claims and the happens-before check, the
 * reference memory and event log, the atomics' uniqueness bitmap, the
 * watchdog, the latched failure and the status words (WW_DRF_*).
 * Cycle-exact on the ports of ww_drf_tester.ports.def.
 *
 * Registers the RTL does not reset (the run's settings and counters, the
 * per-wavefront action state) and the RAMs (until a run's clear has
 * finished) start at 0 here; the RTL's are undefined until first written.
 * The model tracks which of them have been written since it was created
 * (power-up), so a test can look only at outputs that are defined in the
 * RTL: ww_drf_tester_read_defined.
 */
#ifndef WW_DRF_TESTER_H
#define WW_DRF_TESTER_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_drf_tester.ports.def"
#define WW_PORTS_NAME ww_drf_tester
#include "ww_port_structs.h"

typedef struct {
  unsigned num_sm;      /* NUM_SM, 1..WW_NUM_SM (the port structs' size) */
  unsigned wf;          /* WF, wavefronts per SM, power of two; NUM_SM * WF <= 64 */
  unsigned lanes;       /* LANES, power of two 2..32 */
  unsigned line_bytes;  /* LINE_BYTES, power of two 8..WW_LINE_BYTES */
  unsigned idx_w;       /* IDX_W, > log2(LANES) */
  unsigned nsync;       /* NSYNC, >= 1, NSYNC + LANES < 2^IDX_W */
  unsigned range_w;     /* RANGE_W, VAR_W..28 */
  uint32_t base;        /* BASE, byte address of the window, line-aligned */
  unsigned seen_w;      /* SEEN_W, 5..24 */
  unsigned tag_w;       /* TAG_W, >= 1 + WF_W + LANE_W, <= 32 */
  unsigned np_w;        /* NP_W, width of a wr_pending count, 1..32 */
} ww_drf_tester_cfg_t;

typedef struct ww_drf_tester ww_drf_tester_t;

/* the RTL's defaults (ww_config.h) */
ww_drf_tester_cfg_t ww_drf_tester_default_cfg(void);
ww_drf_tester_t *ww_drf_tester_new(const ww_drf_tester_cfg_t *cfg);
void ww_drf_tester_free(ww_drf_tester_t *m);
void ww_drf_tester_step(ww_drf_tester_t *m, const ww_drf_tester_in_t *in,
                        ww_drf_tester_out_t *out);

/* This cycle's outputs that are registers, without a step: busy_o, done_o,
 * fail_o, l1_req_*, byp_valid_o / byp_line_o / byp_word_o / byp_wf_o and
 * rd_data_o (byp_rsp_ready_o depends on this cycle's inputs and is left as
 * it was). For a parent whose inputs to the
 * tester depend on them in the same cycle (ww_drf_top: the L1's ready
 * depends on the request it is offered). */
void ww_drf_tester_reg_outputs(const ww_drf_tester_t *m, ww_drf_tester_out_t *out);

/* The state between two steps (what the next step starts from). */
int ww_drf_tester_busy(const ww_drf_tester_t *m);   /* busy_o */
int ww_drf_tester_done(const ww_drf_tester_t *m);   /* done_o */
int ww_drf_tester_fail(const ww_drf_tester_t *m);   /* fail_o */
/* the word rd_data_o shows one cycle after rd_idx_i = idx, rd_var_i = var
 * are applied to the idle tester (the RAM words need it idle) */
uint32_t ww_drf_tester_read(const ww_drf_tester_t *m, unsigned idx, uint32_t var);
/* 1 if that word is made only of registers written since power-up (the
 * RTL's value is defined): the failure words (reset) and CYCLES and the
 * unused indices always; ADDR, the counters and REF_ADDR after a first
 * start (REF_VALUE of a sync variable too); the RAM words (event log,
 * REF_VALUE, REF_VALID) once a run's clear has finished, while not
 * running. */
int ww_drf_tester_read_defined(const ww_drf_tester_t *m, unsigned idx, uint32_t var);
/* wavefront g's state (the RTL's W_* codes: 0 idle .. 10 check stage)
 * and its watchdog count (wd_q) */
unsigned ww_drf_tester_wf_state(const ww_drf_tester_t *m, unsigned g);
uint32_t ww_drf_tester_wf_wait(const ww_drf_tester_t *m, unsigned g);

#endif /* WW_DRF_TESTER_H */
