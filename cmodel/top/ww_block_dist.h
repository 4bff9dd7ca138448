/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_block_dist -- C model of rtl/top/ww_block_dist.v, the threadblock
 * distributor. Cycle-exact on the ports of ww_block_dist.ports.def.
 */
#ifndef WW_BLOCK_DIST_H
#define WW_BLOCK_DIST_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_block_dist.ports.def"
#define WW_PORTS_NAME ww_block_dist
#include "ww_port_structs.h"

typedef struct {
  unsigned num_sm;        /* NUM_SM, 1..16 */
  unsigned warps_per_sm;  /* WARPS_PER_SM */
  unsigned blocks;        /* BLOCKS, block slots per SM; num_sm * blocks <= 64 */
} ww_block_dist_cfg_t;

typedef struct ww_block_dist ww_block_dist_t;

ww_block_dist_cfg_t ww_block_dist_default_cfg(void);
ww_block_dist_t *ww_block_dist_new(const ww_block_dist_cfg_t *cfg);
void ww_block_dist_free(ww_block_dist_t *d);
void ww_block_dist_step(ww_block_dist_t *d, const ww_block_dist_in_t *in,
                        ww_block_dist_out_t *out);

#endif /* WW_BLOCK_DIST_H */
