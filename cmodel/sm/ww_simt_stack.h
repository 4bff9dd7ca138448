/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_simt_stack -- C model of rtl/sm/ww_simt_stack.v, the per-warp
 * reconvergence stacks of one SM (docs/isa.md "Reconvergence"), with KILO
 * TM's transaction entry (docs/tm.md sec. 3).
 * Cycle-exact on the ports of ww_simt_stack.ports.def. empty_o bit w is 1
 * while warp w's stack pointer is 0 (state only, not this cycle's request).
 */
#ifndef WW_SIMT_STACK_H
#define WW_SIMT_STACK_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

/* req_op_i WW_STACK_* (SPLIT, JOIN, CLEAR, TX_BEGIN, TX_COMMIT), rsp_err_o
 * WW_STACK_ERR_* (OK, OVERFLOW, UNDERFLOW, TX_NONE): cmodel/include/ww_proto.def. */

#define WW_PORTS_DEF "ww_simt_stack.ports.def"
#define WW_PORTS_NAME ww_simt_stack
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..64 (empty_o is one uint64_t) */
  unsigned lanes;       /* LANES, 1..32 */
  unsigned depth;       /* DEPTH, power of two >= 2 */
} ww_simt_stack_cfg_t;

typedef struct ww_simt_stack ww_simt_stack_t;

ww_simt_stack_cfg_t ww_simt_stack_default_cfg(void);
ww_simt_stack_t *ww_simt_stack_new(const ww_simt_stack_cfg_t *cfg);
void ww_simt_stack_free(ww_simt_stack_t *s);
void ww_simt_stack_step(ww_simt_stack_t *s, const ww_simt_stack_in_t *in,
                        ww_simt_stack_out_t *out);

#endif /* WW_SIMT_STACK_H */
