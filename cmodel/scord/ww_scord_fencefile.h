/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_fencefile -- C model of rtl/scord/ww_scord_fencefile.v, the ScoRD
 * fence file of one detector (docs/scord.md §2, §3): per global hardware
 * warp wp = sm*WARPS + warp, a block-fence and a device-fence ID counter of
 * FID_W bits (wrapping). A device fence increments only dev, a block fence
 * only blk; clear_i zeroes all (and overrides an increment); two read ports
 * read the state before the clock edge; indices >= NUM_SM*WARPS are ignored
 * and read as 0. Cycle-exact on the ports of ww_scord_fencefile.ports.def.
 */
#ifndef WW_SCORD_FENCEFILE_H
#define WW_SCORD_FENCEFILE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WW_PORTS_DEF "ww_scord_fencefile.ports.def"
#define WW_PORTS_NAME ww_scord_fencefile
#include "ww_port_structs.h"

typedef struct {
  unsigned num_sm;      /* NUM_SM >= 1 */
  unsigned warps;       /* WARPS (per SM) >= 1; NUM_SM*WARPS <= 65536 */
  unsigned fid_w;       /* FID_W, counter bits, 1..32 */
} ww_scord_fencefile_cfg_t;

typedef struct ww_scord_fencefile ww_scord_fencefile_t;

ww_scord_fencefile_cfg_t ww_scord_fencefile_default_cfg(void);
ww_scord_fencefile_t *ww_scord_fencefile_new(const ww_scord_fencefile_cfg_t *cfg);
void ww_scord_fencefile_free(ww_scord_fencefile_t *s);
void ww_scord_fencefile_step(ww_scord_fencefile_t *s, const ww_scord_fencefile_in_t *in,
                             ww_scord_fencefile_out_t *out);

#ifdef __cplusplus
}
#endif

#endif /* WW_SCORD_FENCEFILE_H */
