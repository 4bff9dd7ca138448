/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_regfile -- C model of rtl/sm/ww_regfile.v, the SM's vector register
 * file: WARPS x 32 registers x LANES x 32 bits, two reads (data the next
 * cycle) and one lane-masked write per cycle; x0 reads 0 and ignores
 * writes; a read in the cycle of a write to the same register sees the new
 * value in the written lanes (write-first). Cycle-exact on the ports of
 * ww_regfile.ports.def.
 */
#ifndef WW_REGFILE_H
#define WW_REGFILE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_regfile.ports.def"
#define WW_PORTS_NAME ww_regfile
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS >= 1 */
  unsigned lanes;       /* LANES 1..WW_LANES (the port structs' data words) */
} ww_regfile_cfg_t;

typedef struct ww_regfile ww_regfile_t;

ww_regfile_cfg_t ww_regfile_default_cfg(void);
ww_regfile_t *ww_regfile_new(const ww_regfile_cfg_t *cfg);
void ww_regfile_free(ww_regfile_t *r);
void ww_regfile_step(ww_regfile_t *r, const ww_regfile_in_t *in, ww_regfile_out_t *out);

#endif /* WW_REGFILE_H */
