/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_l2_slice -- C model of rtl/mem/ww_l2_slice.v, the L2 slice of one
 * memory partition with the device atomic unit (docs/l2_slice.md).
 * Cycle-exact on the ports of ww_l2_slice.ports.def.
 */
#ifndef WW_L2_SLICE_H
#define WW_L2_SLICE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_l2_slice.ports.def"
#define WW_PORTS_NAME ww_l2_slice
#include "ww_port_structs.h"

/* Port codes (cmodel/include/ww_proto.def): req_op_i WW_L2_* (READ, WRITE,
 * ATOMIC, FLUSH), req_amo_op_i WW_AMO_* (above WW_AMO_CAS reserved: nothing
 * written, old word returned), ids: the WW_REQID_* classes; cov_o
 * (transition coverage, docs/drf.md sec. 3) has bit WW_L2EV_N * state +
 * event, WW_L2ST_* x WW_L2EV_*. */

typedef struct {
  unsigned sets;        /* SETS, power of two >= 2 */
  unsigned ways;        /* WAYS, power of two 1..32 */
  unsigned line_bytes;  /* LINE_BYTES, power of two 4..128 */
  unsigned num_part;    /* NUM_PART: set = line bits above log2(NUM_PART) if a power of two */
  unsigned mshrs;       /* MSHRS: misses in flight, power of two 2..64 */
  unsigned queue;       /* QUEUE: requests between tag check and completion, power of two 2..64 */
} ww_l2_slice_cfg_t;

typedef struct ww_l2_slice ww_l2_slice_t;

ww_l2_slice_cfg_t ww_l2_slice_default_cfg(void);
ww_l2_slice_t *ww_l2_slice_new(const ww_l2_slice_cfg_t *cfg);
void ww_l2_slice_free(ww_l2_slice_t *m);
void ww_l2_slice_step(ww_l2_slice_t *m, const ww_l2_slice_in_t *in, ww_l2_slice_out_t *out);
/* This cycle's response outputs (rsp_valid_o, rsp_op_o, rsp_id_o,
 * rsp_src_o, rsp_miss_o, rsp_data_o) without a step: they are the response
 * register. For a parent whose rsp_ready_i depends on them in the same
 * cycle (ww_drf_top takes a FLUSH answer itself); the other outputs of
 * out are left as they were. */
void ww_l2_slice_rsp_outputs(const ww_l2_slice_t *m, ww_l2_slice_out_t *out);
/* the atomic unit: new word for op (sets *write = 0 when nothing is written) */

#endif /* WW_L2_SLICE_H */
