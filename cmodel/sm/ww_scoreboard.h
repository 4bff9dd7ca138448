/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scoreboard -- C model of rtl/sm/ww_scoreboard.v, the per-warp
 * pending-write bits of one SM. Cycle-exact on the ports of
 * ww_scoreboard.ports.def. WARPS is 1..WW_WARPS_PER_SM (the port structs' size).
 */
#ifndef WW_SCOREBOARD_H
#define WW_SCOREBOARD_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_scoreboard.ports.def"
#define WW_PORTS_NAME ww_scoreboard
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM */
} ww_scoreboard_cfg_t;

typedef struct ww_scoreboard ww_scoreboard_t;

ww_scoreboard_cfg_t ww_scoreboard_default_cfg(void);
ww_scoreboard_t *ww_scoreboard_new(const ww_scoreboard_cfg_t *cfg);
void ww_scoreboard_free(ww_scoreboard_t *s);
void ww_scoreboard_step(ww_scoreboard_t *s, const ww_scoreboard_in_t *in,
                        ww_scoreboard_out_t *out);

/* Bits [lo, lo+w) of a packed WW_INW/WW_OUTW port (w <= 32). */
static inline uint32_t ww_sb_field(const uint32_t *words, unsigned lo, unsigned w)
{
  uint64_t v = words[lo / 32];
  if (lo % 32 + w > 32)
    v |= (uint64_t)words[lo / 32 + 1] << 32;
  return (uint32_t)((v >> (lo % 32)) & ((1ull << w) - 1));
}

/* Writes bits [lo, lo+w) of a packed port (w <= 32). */
static inline void ww_sb_put(uint32_t *words, unsigned lo, unsigned w, uint32_t val)
{
  for (unsigned i = 0; i < w; i++) {
    unsigned b = lo + i;
    uint32_t bit = 1u << (b % 32);
    if ((val >> i) & 1u)
      words[b / 32] |= bit;
    else
      words[b / 32] &= ~bit;
  }
}

#endif /* WW_SCOREBOARD_H */
