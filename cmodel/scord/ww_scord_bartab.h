/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_bartab -- C model of rtl/scord/ww_scord_bartab.v, the ScoRD
 * barrier-ID table of one SM (docs/scord.md §2, §3): one BAR_W-bit counter
 * per resident block slot, reset at block launch, incremented (wrapping) at
 * each barrier release of the slot's block. rd_bar_o reads a slot's counter
 * from the state before the clock edge. A launch overrides a release of the
 * same slot; slot indices >= BLOCKS are ignored and read as 0.
 * Cycle-exact on the ports of ww_scord_bartab.ports.def.
 */
#ifndef WW_SCORD_BARTAB_H
#define WW_SCORD_BARTAB_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WW_PORTS_DEF "ww_scord_bartab.ports.def"
#define WW_PORTS_NAME ww_scord_bartab
#include "ww_port_structs.h"

typedef struct {
  unsigned blocks;      /* BLOCKS (resident block slots), 1..64 */
  unsigned bar_w;       /* BAR_W, counter bits, 1..32 */
} ww_scord_bartab_cfg_t;

typedef struct ww_scord_bartab ww_scord_bartab_t;

ww_scord_bartab_cfg_t ww_scord_bartab_default_cfg(void);
ww_scord_bartab_t *ww_scord_bartab_new(const ww_scord_bartab_cfg_t *cfg);
void ww_scord_bartab_free(ww_scord_bartab_t *s);
void ww_scord_bartab_step(ww_scord_bartab_t *s, const ww_scord_bartab_in_t *in,
                          ww_scord_bartab_out_t *out);

#ifdef __cplusplus
}
#endif

#endif /* WW_SCORD_BARTAB_H */
