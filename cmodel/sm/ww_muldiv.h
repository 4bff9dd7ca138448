/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_muldiv -- C model of rtl/sm/ww_muldiv.v, the SM's warp-wide RV32M
 * unit: a 2-cycle multiply pipeline and a 33-cycle divider, one division at
 * a time, a finished division leaving first. Cycle-exact on the ports of
 * ww_muldiv.ports.def. ww_muldiv_compute is the per-lane RV32M function.
 */
#ifndef WW_MULDIV_H
#define WW_MULDIV_H

#include <stdint.h>
#include "ww_config.h"

enum {
  WW_MD_MUL = 0, WW_MD_MULH = 1, WW_MD_MULHSU = 2, WW_MD_MULHU = 3,
  WW_MD_DIV = 4, WW_MD_DIVU = 5, WW_MD_REM = 6, WW_MD_REMU = 7
};

#define WW_MULDIV_MUL_LATENCY 2   /* result offered this many cycles after acceptance */
#define WW_MULDIV_DIV_LATENCY 33

#define WW_PORTS_DEF "ww_muldiv.ports.def"
#define WW_PORTS_NAME ww_muldiv
#include "ww_port_structs.h"

typedef struct {
  unsigned lanes;       /* LANES 1..WW_LANES (the port structs' data words) */
} ww_muldiv_cfg_t;

typedef struct ww_muldiv ww_muldiv_t;

/* RV32M result of funct3 `op` (WW_MD_*) on one lane. */
uint32_t ww_muldiv_compute(unsigned op, uint32_t a, uint32_t b);

ww_muldiv_cfg_t ww_muldiv_default_cfg(void);
ww_muldiv_t *ww_muldiv_new(const ww_muldiv_cfg_t *cfg);
void ww_muldiv_free(ww_muldiv_t *m);
void ww_muldiv_step(ww_muldiv_t *m, const ww_muldiv_in_t *in, ww_muldiv_out_t *out);

#endif /* WW_MULDIV_H */
