/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_check -- C model of rtl/scord/ww_scord_check.v, the ScoRD
 * detection logic (paper §IV-A, Tables III/IV, Fig. 7; tag step §IV-B): the
 * decision procedure of docs/scord.md §1 on one metadata entry.
 *
 * Two ways in:
 *   ww_scord_decide()       the procedure itself, combinational, for the golden
 *                           model and tools;
 *   ww_scord_check_step()   cycle-exact on the ports of ww_scord_check.ports.def
 *                           (the verdict is registered: out one cycle later).
 */
#ifndef WW_SCORD_CHECK_H
#define WW_SCORD_CHECK_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"

#define WW_PORTS_DEF "ww_scord_check.ports.def"
#define WW_PORTS_NAME ww_scord_check
#include "ww_port_structs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* race_type_o: Table IV rows, WW_SCORD_RACE_NONE, _A (missing block fence),
 * _B (missing device fence), _C (not strong), _D (scoped (block) atomic seen
 * by another block), _E / _F (missing common lock on a load / a store);
 * the metadata entry's fields: WW_SCORD_MD_* (cmodel/include/ww_proto.def). */

typedef struct {
  unsigned blockid_w;   /* SCORD_BLOCKID_W */
  unsigned warpid_w;    /* SCORD_WARPID_W */
  unsigned fenceid_w;   /* SCORD_FENCEID_W */
  unsigned barid_w;     /* SCORD_BARID_W */
  unsigned tag_w;       /* SCORD_TAG_W */
  unsigned bloom_w;     /* SCORD_BLOOM_W, even (two halves) */
} ww_scord_check_cfg_t;

/* Bit positions of a metadata entry, derived from the widths (docs/scord.md
 * §2, Fig. 7), from bit 0 up: Lock [bloom_w], Strong, Scope, IsAtom,
 * DevShared, BlkShared, Modified, BarrierID, BlkFenceID, DevFenceID, WarpID,
 * BlockID, Tag; bits [63:used_w] are unused (written as 0). */
typedef struct {
  unsigned lock_lsb, strong, scope, atom, ds, bs, m;
  unsigned bar_lsb, blkf_lsb, devf_lsb, warp_lsb, block_lsb, tag_lsb, used_w;
} ww_scord_layout_t;

/* One access (values are masked to the configured widths). */
typedef struct {
  int      cached;      /* metadata-cache mode: step 0 (tag check) applies */
  uint32_t tag;         /* tag of the accessed address */
  int      is_w;        /* store or atomic */
  int      is_atom;     /* atomic (always counts as a store and as strong) */
  int      strong;      /* ww.lw/sw.strong */
  int      scope_blk;   /* atomic scope: 1 block, 0 device */
  uint32_t block;       /* ctaid mod 2^blockid_w */
  uint32_t warp;        /* global hardware warp */
  uint32_t bar;         /* barrier ID of the warp's block */
  uint32_t lock;        /* lock Bloom of the warp */
  uint32_t fc_blk, fc_dev;  /* fence-file entry of the accessing warp (fC) */
  uint32_t fp_blk, fp_dev;  /* fence-file entry of md.WarpID (fP) */
} ww_scord_access_t;

typedef struct {
  uint64_t md;          /* the new entry */
  unsigned race_type;   /* WW_SCORD_RACE_*, NONE = no race */
  int      scope_blk;   /* a race with both accessors in one block (md.BlockID ==
                           block); 0 without a race */
} ww_scord_verdict_t;

ww_scord_check_cfg_t ww_scord_check_default_cfg(void);
/* 1 if the widths are legal: each >= 1, bloom_w even, all fields in 64 bits. */
int ww_scord_check_cfg_ok(const ww_scord_check_cfg_t *cfg);
ww_scord_layout_t ww_scord_layout(const ww_scord_check_cfg_t *cfg);
/* INIT (M, BS, DS set; 0x0000_0000_0038_0000 at the defaults) with Tag = tag. */
uint64_t ww_scord_md_init(const ww_scord_check_cfg_t *cfg, uint32_t tag);
/* docs/scord.md §1, steps 0-6, on entry `md`. */
ww_scord_verdict_t ww_scord_decide(const ww_scord_check_cfg_t *cfg, uint64_t md,
                                   const ww_scord_access_t *a);

typedef struct ww_scord_check ww_scord_check_t;

ww_scord_check_t *ww_scord_check_new(const ww_scord_check_cfg_t *cfg);
void ww_scord_check_free(ww_scord_check_t *s);
void ww_scord_check_step(ww_scord_check_t *s, const ww_scord_check_in_t *in,
                         ww_scord_check_out_t *out);

#ifdef __cplusplus
}
#endif

#endif /* WW_SCORD_CHECK_H */
