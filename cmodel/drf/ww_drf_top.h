/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_drf_top -- C model of rtl/drf/ww_drf_top.v, the autonomous DRF tester
 * on the GPU's memory system (the autonomous DRF GPU testing paper, sec.
 * III: the tester takes the compute units' place; docs/drf.md sec. 2 and
 * "The C memory system"). The RTL's header is the spec; this model composes
 * the block models as the RTL wires the blocks:
 *   ww_drf_tester          in the SMs' place;
 *   ww_l1_dcache per SM    on the tester's L1 port (MERGE = WF);
 *   the SM's memory port   the L1's request first, else the tester's device
 *                          atomic (id class BYPASS, the wavefront in the id's
 *                          low bits, ADD 1); answers of class BYPASS to the
 *                          tester, the others to the L1;
 *   the crossbar           ww_xbar.v: two ww_switch models, requests to
 *                          partition line % NUM_PART, answers back to their
 *                          SM, with ww_xbar's packets (the switches carry a
 *                          handle to the packet, kept here per source);
 *   ww_l2_slice per        with its two-entry DRAM queue (ww_fifo);
 *     partition
 *   the end flush          after a passing run a FLUSH to every slice; done
 *                          when every slice has answered and the DRAM queues
 *                          are empty.
 * Cycle-exact on the ports of ww_drf_top.ports.def (busy_o, done_o, fail_o,
 * the status words, the coverage pulses, the DRAM ports).
 *
 * Registers the RTL does not reset start at 0 here (the block models' and
 * the DRAM queues' storage); ww_drf_tester_read_defined (of
 * ww_drf_top_tester) tells which status words are defined in the RTL.
 */
#ifndef WW_DRF_TOP_H
#define WW_DRF_TOP_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_drf_tester.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_drf_top.ports.def"
#define WW_PORTS_NAME ww_drf_top
#include "ww_port_structs.h"

/* transition coverage bits per L1 and per L2 slice (l1_cov_o, l2_cov_o) */
#define WW_DRF_TOP_L1COV (WW_L1ST_N * WW_L1EV_N)
#define WW_DRF_TOP_L2COV (WW_L2ST_N * WW_L2EV_N)

typedef struct {
  unsigned num_sm;      /* NUM_SM, 1..WW_NUM_SM (the port structs' size) */
  unsigned num_part;    /* NUM_PART, 1..WW_NUM_PART; the answer switch's port
                           structs need NUM_PART <= WW_NUM_SM and NUM_SM <=
                           WW_NUM_PART */
  unsigned line_bytes;  /* LINE_BYTES, power of two 8..WW_LINE_BYTES */
  unsigned l1_sets, l1_ways;   /* L1_SETS, L1_WAYS (ww_l1_dcache) */
  unsigned l2_sets, l2_ways;   /* L2_SETS, L2_WAYS (ww_l2_slice) */
  unsigned xbar_depth;  /* XBAR_DEPTH, power of two 2..64 */
  unsigned xbar_voq;    /* XBAR_VOQ: the request crossbar's virtual output queues (0, 1);
                           XBAR_DEPTH * NUM_PART <= 64 with 1 */
  unsigned wf, lanes, idx_w, nsync, range_w;   /* the tester's (ww_drf_tester) */
  uint32_t base;        /* BASE, byte address of the tester's window */
} ww_drf_top_cfg_t;

typedef struct ww_drf_top ww_drf_top_t;

/* the RTL's defaults (ww_config.h) */
ww_drf_top_cfg_t ww_drf_top_default_cfg(void);
ww_drf_top_t *ww_drf_top_new(const ww_drf_top_cfg_t *cfg);
void ww_drf_top_free(ww_drf_top_t *m);
/* one cycle: the outputs from the state and `in`, then the clock edge */
void ww_drf_top_step(ww_drf_top_t *m, const ww_drf_top_in_t *in, ww_drf_top_out_t *out);

/* The outputs of the state between two steps (what the next step starts
 * from; functions of the registers only): busy_o, done_o, fail_o. */
int ww_drf_top_busy(const ww_drf_top_t *m);
int ww_drf_top_done(const ww_drf_top_t *m);
int ww_drf_top_fail(const ww_drf_top_t *m);
/* rd_data_o for rd_idx_i = idx, rd_var_i = var in that state (the tester's
 * status read, combinational in the RTL) */
uint32_t ww_drf_top_read(const ww_drf_top_t *m, unsigned idx, uint32_t var);
/* the tester inside (read-only: its state, ww_drf_tester_read_defined) */
const ww_drf_tester_t *ww_drf_top_tester(const ww_drf_top_t *m);

#endif /* WW_DRF_TOP_H */
