/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu_wb -- C model of rtl/sm/ww_lsu_wb.v, the LSU's response and
 * write-back stage: a table of CTX warp memory instructions in flight
 * (FREE, FRONT, WAIT, DONE), each gathering its lanes' results from the
 * FSM's writes and the L1's answers (tag {entry, line}) until it is
 * complete; the lowest DONE entry is offered on done_*. Cycle-exact on the
 * ports of ww_lsu_wb.ports.def.
 */
#ifndef WW_LSU_WB_H
#define WW_LSU_WB_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_lsu_wb.ports.def"
#define WW_PORTS_NAME ww_lsu_wb
#include "ww_port_structs.h"

typedef struct {
  unsigned ctx;         /* CTX entries, 1..WW_LSU_CTX (the port structs' size) */
  unsigned lanes;       /* LANES, power of two, 2..WW_LANES */
  unsigned line_bytes;  /* LINE_BYTES, power of two, 8..WW_LINE_BYTES */
  unsigned wid_w;       /* WID_W, 1..WW_IDX_W(WW_WARPS_PER_SM) */
} ww_lsu_wb_cfg_t;

typedef struct ww_lsu_wb ww_lsu_wb_t;

ww_lsu_wb_cfg_t ww_lsu_wb_default_cfg(void);
ww_lsu_wb_t *ww_lsu_wb_new(const ww_lsu_wb_cfg_t *cfg);
void ww_lsu_wb_free(ww_lsu_wb_t *w);
void ww_lsu_wb_step(ww_lsu_wb_t *w, const ww_lsu_wb_in_t *in, ww_lsu_wb_out_t *out);

/* This cycle's outputs without the clock edge: what ww_lsu_wb_step writes to
 * *out, from the state and, of *in, only rsp_valid_i and rsp_tag_i (the
 * only inputs with a combinational path to an output: rsp_load_o). For a
 * parent whose inputs to this block depend on its outputs in the same
 * cycle (ww_lsu: alloc_i on free_o, wr_i on rsp_load_o); step() then
 * computes the same outputs again and applies the edge. */
void ww_lsu_wb_outputs(const ww_lsu_wb_t *w, const ww_lsu_wb_in_t *in, ww_lsu_wb_out_t *out);

#endif /* WW_LSU_WB_H */
