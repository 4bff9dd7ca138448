/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_l1_dcache -- C model of rtl/sm/ww_l1_dcache.v, the SM's non-coherent
 * L1 data cache (docs/l1_dcache.md): LRU, write-through + write-evict,
 * non-blocking loads with merging MSHRs, block atomics on the L1 copy,
 * flash invalidate for device fences, strong (bypass) loads. Cycle-exact on
 * the ports of ww_l1_dcache.ports.def.
 */
#ifndef WW_L1_DCACHE_H
#define WW_L1_DCACHE_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WW_PORTS_DEF "ww_l1_dcache.ports.def"
#define WW_PORTS_NAME ww_l1_dcache
#include "ww_port_structs.h"

/* Port codes (cmodel/include/ww_proto.def): req_op_i WW_L1_* (LOAD, STORE,
 * ATOMIC, INVAL, LOAD_STRONG), req_amo_op_i WW_AMO_*, rsp_kind_o
 * WW_L1_KIND_*, req_stall_o WW_L1_STALL_*; cov_o (transition coverage,
 * docs/drf.md sec. 3) has bit WW_L1EV_N * state + event, WW_L1ST_* x
 * WW_L1EV_*. */

#define WW_L1_MAX_MSHRS 8
#define WW_L1_MAX_WQ 8
/* the memory-side id {write, index} at the default configuration */
#define WW_L1_ID_W (1 + WW_IDX_W(WW_L1_MSHRS > WW_L1_WQ ? WW_L1_MSHRS : WW_L1_WQ))
#define WW_L1_MAX_MERGE 16

typedef struct {
  unsigned sets;        /* SETS, power of two >= 2 */
  unsigned ways;        /* WAYS, 1..16 */
  unsigned line_bytes;  /* LINE_BYTES, power of two 4..128 */
  unsigned mshrs;       /* MSHRS, 1..8 (ids {write, index}: up to 4 bits) */
  unsigned merge;       /* MERGE: requests per MSHR, 1..16 */
  unsigned wq;          /* WQ: writes awaiting their ack, 1..8 */
} ww_l1_dcache_cfg_t;

typedef struct ww_l1_dcache ww_l1_dcache_t;

/* The new value of an atomic: returns 1 and sets *nv if the word is written. */
int ww_l1_amo(unsigned op, uint32_t old, uint32_t a, uint32_t b, uint32_t *nv);

ww_l1_dcache_cfg_t ww_l1_dcache_default_cfg(void);
ww_l1_dcache_t *ww_l1_dcache_new(const ww_l1_dcache_cfg_t *cfg);
void ww_l1_dcache_free(ww_l1_dcache_t *c);
void ww_l1_dcache_step(ww_l1_dcache_t *c, const ww_l1_dcache_in_t *in, ww_l1_dcache_out_t *out);

/* This cycle's wr_pending_o without a step: the writes awaiting their
 * acknowledgement, a function of the state only. For a parent whose
 * req_valid_i depends on it in the same cycle (ww_lsu: fence.dev's
 * invalidate waits for no pending write). */
unsigned ww_l1_dcache_wr_pending(const ww_l1_dcache_t *c);
/* mem_req_valid_o, and mem_req_line_o in *line (registers: the state only) */
int ww_l1_dcache_mem_req(const ww_l1_dcache_t *c, uint32_t *line);

#ifdef __cplusplus
}
#endif

#endif /* WW_L1_DCACHE_H */
