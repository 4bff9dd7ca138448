/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_fetch -- C model of rtl/sm/ww_fetch.v, the SM's front end: per-warp
 * next PC, fetch priority (a completing control instruction's successor,
 * then PC+4 of an issuing instruction, then waiting warps round robin), the
 * instruction memory, the decoder (ww_decode_compute), a one-entry buffer
 * per warp and the issue view (buffer, or the decoder's output this cycle).
 * Cycle-exact on the ports of ww_fetch.ports.def.
 */
#ifndef WW_FETCH_H
#define WW_FETCH_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_fetch.ports.def"
#define WW_PORTS_NAME ww_fetch
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, power of two, 1..WW_WARPS_PER_SM (the port structs' size) */
  unsigned imem_bytes;  /* IMEM_BYTES, power of two >= 8 */
} ww_fetch_cfg_t;

typedef struct ww_fetch ww_fetch_t;

ww_fetch_cfg_t ww_fetch_default_cfg(void);
ww_fetch_t *ww_fetch_new(const ww_fetch_cfg_t *cfg);
void ww_fetch_free(ww_fetch_t *f);
void ww_fetch_step(ww_fetch_t *f, const ww_fetch_in_t *in, ww_fetch_out_t *out);

#endif /* WW_FETCH_H */
