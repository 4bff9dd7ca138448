/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu_bytes -- C model of rtl/sm/ww_lsu_bytes.v, the byte lanes of one
 * store line: each lane in lanes_i writes its bytes_i bytes (1, 2, else 4)
 * of data_i, shifted to its address's byte, into the word of the line its
 * address selects; lanes in lane order, so a later lane wins a shared byte.
 * Combinational: ww_lsu_bytes_step's outputs depend only on this cycle's
 * inputs.
 */
#ifndef WW_LSU_BYTES_H
#define WW_LSU_BYTES_H

#include <stdint.h>
#include "ww_config.h"

#define WW_PORTS_DEF "ww_lsu_bytes.ports.def"
#define WW_PORTS_NAME ww_lsu_bytes
#include "ww_port_structs.h"

typedef struct {
  unsigned lanes;       /* LANES, 1..32 */
  unsigned line_bytes;  /* LINE_BYTES, a power of two, 4..WW_LINE_BYTES */
} ww_lsu_bytes_cfg_t;

typedef struct ww_lsu_bytes ww_lsu_bytes_t;

ww_lsu_bytes_cfg_t ww_lsu_bytes_default_cfg(void);
ww_lsu_bytes_t *ww_lsu_bytes_new(const ww_lsu_bytes_cfg_t *cfg);
void ww_lsu_bytes_free(ww_lsu_bytes_t *b);
void ww_lsu_bytes_step(ww_lsu_bytes_t *b, const ww_lsu_bytes_in_t *in, ww_lsu_bytes_out_t *out);

#endif /* WW_LSU_BYTES_H */
