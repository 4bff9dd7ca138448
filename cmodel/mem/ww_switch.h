/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_switch -- C model of rtl/mem/ww_switch.v: N_IN sources, N_OUT
 * destinations, a FIFO per source (or per source and destination: virtual
 * output queues), round robin per destination over the links not held. Cycle-exact
 * on the ports of ww_switch.ports.def (DATA_W = 32).
 */
#ifndef WW_SWITCH_H
#define WW_SWITCH_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_switch.ports.def"
#define WW_PORTS_NAME ww_switch
#include "ww_port_structs.h"

typedef struct {
  unsigned n_in;        /* N_IN, 1..16 */
  unsigned n_out;       /* N_OUT, 1..16 */
  unsigned depth;       /* FIFO_DEPTH, power of two >= 2 */
  unsigned voq;         /* VOQ: 1 = a queue per source and destination */
} ww_switch_cfg_t;

typedef struct ww_switch ww_switch_t;

ww_switch_cfg_t ww_switch_default_cfg(void);
ww_switch_t *ww_switch_new(const ww_switch_cfg_t *cfg);
void ww_switch_free(ww_switch_t *s);
void ww_switch_step(ww_switch_t *s, const ww_switch_in_t *in, ww_switch_out_t *out);
/* This cycle's outputs without a step: every output is a function of the
 * state (queue heads, last grants) and the links held this cycle (hold_i,
 * bit d * n_in + s), as step() computes them. For a
 * parent whose inputs to this switch depend on them in the same cycle
 * (ww_drf_top: the L1s and the tester read the crossbar's heads before
 * their requests and answers are known). */
void ww_switch_outputs(const ww_switch_t *s, uint64_t hold, ww_switch_out_t *out);
/* in_ready_o[i] for a packet to destination dst (with VOQ it depends on the
 * destination; ww_switch_outputs then gives it for destination 0) */
int ww_switch_in_ready(const ww_switch_t *s, unsigned i, unsigned dst);

#endif /* WW_SWITCH_H */
