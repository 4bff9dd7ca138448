/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu_agen -- C model of rtl/sm/ww_lsu_agen.v, the LSU's address
 * generation and checks (docs/isa.md decision 1): per lane addr = base +
 * imm and whether the access lies in the shared window; the lowest active
 * lane that faults (null guard, then range, then alignment) with its kind
 * and address; a fence never faults. Combinational: ww_lsu_agen_step's
 * outputs depend only on this cycle's inputs.
 */
#ifndef WW_LSU_AGEN_H
#define WW_LSU_AGEN_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"

#define WW_PORTS_DEF "ww_lsu_agen.ports.def"
#define WW_PORTS_NAME ww_lsu_agen
#include "ww_port_structs.h"

typedef struct {
  unsigned lanes;         /* LANES, 1..32 */
  uint32_t null_guard;    /* NULL_GUARD: addresses below trap */
  uint32_t gmem_bytes;    /* GMEM_BYTES: global memory [0, GMEM_BYTES) */
  uint32_t sh_base;       /* SH_BASE: the shared window's first byte */
  uint32_t sh_bytes;      /* SH_BYTES: its size */
} ww_lsu_agen_cfg_t;

typedef struct ww_lsu_agen ww_lsu_agen_t;

ww_lsu_agen_cfg_t ww_lsu_agen_default_cfg(void);
ww_lsu_agen_t *ww_lsu_agen_new(const ww_lsu_agen_cfg_t *cfg);
void ww_lsu_agen_free(ww_lsu_agen_t *a);
void ww_lsu_agen_step(ww_lsu_agen_t *a, const ww_lsu_agen_in_t *in, ww_lsu_agen_out_t *out);

#endif /* WW_LSU_AGEN_H */
