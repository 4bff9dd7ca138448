/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_part_port -- C model of rtl/mem/ww_part_port.v, the partition port:
 * the flush, then attached units in fixed priority (unit 0 first), then the
 * crossbar onto one L2 slice's request port; ScoRD sideband records to the
 * record port, KILO TM packets (id class TM) to the TM packet port; the
 * slice's responses to the flush, to the unit whose id they carry, or to the
 * crossbar, where they take turns with the commit unit's messages (one flop
 * of state: who goes first). Cycle-exact on the ports of
 * ww_part_port.ports.def.
 */
#ifndef WW_PART_PORT_H
#define WW_PART_PORT_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_part_port.ports.def"
#define WW_PORTS_NAME ww_part_port
#include "ww_port_structs.h"

#define WW_PART_PORT_MAX_UNITS 8

typedef struct {
  unsigned n_units;                             /* N_UNITS, 1..WW_PART_PORT_MAX_UNITS */
  unsigned num_sm;                              /* NUM_SM (SM_W = IDX_W(NUM_SM)) */
  unsigned line_bytes;                          /* LINE_BYTES, power of two >= 4 */
  uint32_t unit_ids[WW_PART_PORT_MAX_UNITS];    /* UNIT_IDS: unit k's request id */
} ww_part_port_cfg_t;

typedef struct ww_part_port ww_part_port_t;

/* the RTL's defaults: N_UNITS = WW_PART_UNITS, ids DET, UNIT1, UNIT2 */
ww_part_port_cfg_t ww_part_port_default_cfg(void);
ww_part_port_t *ww_part_port_new(const ww_part_port_cfg_t *cfg);
void ww_part_port_free(ww_part_port_t *m);
void ww_part_port_step(ww_part_port_t *m, const ww_part_port_in_t *in, ww_part_port_out_t *out);

#endif /* WW_PART_PORT_H */
