/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_locktab -- C model of rtl/scord/ww_scord_locktab.v, the ScoRD
 * lock tables of one SM (docs/scord.md §1 "Lock inference"): per warp an
 * ENTRIES-entry circular queue of {hash, scope, valid, active}.
 *   CAS        insert {h, scope, 1, 0} at the write pointer (overwriting),
 *              advance it, unless a valid entry with the same (h, scope)
 *              exists;
 *   EXCH       clear valid on the valid entry with the same (h, scope);
 *   FENCE_BLK  set active on valid block-scope entries;
 *   FENCE_DEV  set active on every valid entry;
 *   clear      (warp launch) empty one warp's table, overriding an op on it.
 * rd_bloom_o is the OR over the read warp's valid && active entries of
 * ww_scord_lock_bloom(h), from the state before the clock edge.
 * Hash: h = fold(addr[31:2]) ^ (scope_blk ? (ctaid + 1) mod 2^HASH_W : 0),
 * fold = XOR of the HASH_W-bit chunks of the 30-bit word address (last
 * chunk zero-padded). Bloom: HALF = BLOOM_W/2, K = log2(HALF),
 * HLO = HASH_W - HASH_W/2; lo = K-bit XOR fold of h[HLO-1:0], hi = that of
 * h[HASH_W-1:HLO]; bloom = 1 << (HALF + hi) | 1 << lo. Defaults (6, 16):
 * onehot(h[5:3]) << 8 | onehot(h[2:0]).
 * Indices >= WARPS are ignored and read as 0. Cycle-exact on the ports of
 * ww_scord_locktab.ports.def.
 */
#ifndef WW_SCORD_LOCKTAB_H
#define WW_SCORD_LOCKTAB_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WW_PORTS_DEF "ww_scord_locktab.ports.def"
#define WW_PORTS_NAME ww_scord_locktab
#include "ww_port_structs.h"

/* op_i codes: WW_SCORD_LOCK_OP_CAS, _EXCH, _FENCE_BLK, _FENCE_DEV
 * (cmodel/include/ww_proto.def). */

typedef struct {
  unsigned warps;       /* WARPS, 1..64 */
  unsigned entries;     /* ENTRIES per warp, 1..64 */
  unsigned hash_w;      /* HASH_W, 2..30 */
  unsigned bloom_w;     /* BLOOM_W = 2 * 2^K, 4..64 */
} ww_scord_locktab_cfg_t;

typedef struct ww_scord_locktab ww_scord_locktab_t;

ww_scord_locktab_cfg_t ww_scord_locktab_default_cfg(void);
/* Nonzero if the widths are legal (the RTL's initial check). */
int ww_scord_locktab_cfg_ok(const ww_scord_locktab_cfg_t *cfg);
ww_scord_locktab_t *ww_scord_locktab_new(const ww_scord_locktab_cfg_t *cfg);
void ww_scord_locktab_free(ww_scord_locktab_t *s);
void ww_scord_locktab_step(ww_scord_locktab_t *s, const ww_scord_locktab_in_t *in,
                           ww_scord_locktab_out_t *out);

/* The lock hash and the Bloom bits of one hash, as the RTL computes them
 * (for the golden model's records). */
uint32_t ww_scord_lock_hash(unsigned hash_w, uint32_t addr, uint32_t ctaid, int scope_blk);
uint64_t ww_scord_lock_bloom(unsigned hash_w, unsigned bloom_w, uint32_t h);

#ifdef __cplusplus
}
#endif

#endif /* WW_SCORD_LOCKTAB_H */
