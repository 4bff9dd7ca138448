/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_ref -- the independent reference race detector for ScoRD
 * (ScoRD, ISCA 2020; docs/scord.md §1 and §4 "Independent check").
 *
 * It implements the decision procedure of docs/scord.md §1 (Tables III/IV,
 * including every [A] choice) with IDEAL state and shares no code with the
 * RTL (rtl/scord/) or its C models (cmodel/scord/, cmodel/gpu/):
 *   * one metadata entry per 4-byte word, never evicted, no tags, no queue;
 *   * BlockID = the full ctaid, BarrierID and the fence IDs unbounded
 *     (64-bit counters: per ctaid for barriers, per global hardware warp
 *     Wp = sm * warps_per_sm + hwwarp for fences);
 *   * exact lock sets: a lock is the key {word address, scope, ctaid if
 *     block scope}; each warp has a FIFO lock table of `lock_entries` (4)
 *     exact keys with the insert/activate/release rules of §1 "Lock
 *     inference"; "the Bloom AND is empty" becomes "the sets are disjoint".
 *
 * Beside this IDEAL view it runs an APPROXIMATE view of every word: the
 * same procedure over the hardware's representation (lock Bloom of 16 bits
 * from a hashed lock table, h = fold6(addr[31:2]) ^ (block scope ?
 * (ctaid+1)[5:0] : 0); fence IDs mod 2^fenceid_w; BlockID = ctaid mod
 * 2^blockid_w; BarrierID mod 2^barid_w; optionally the direct-mapped
 * metadata cache of cached mode). The approximate view has its own state
 * (it is what the hardware holds in full mode), so its race list is the
 * expected hardware log; every race of either view says whether the other
 * view agreed at the same event and, if not, why (WW_SCORD_REF_F_*).
 *
 * Ordering. Calls are events, processed in call order (the order a
 * detector saw them). One warp memory instruction is one call:
 *   * its lock summary (exact set and Bloom) is taken BEFORE the
 *     instruction's own lock-table update;
 *   * loads and stores: the set of words its active lanes touch (a lane
 *     touches every word of [addr, addr+bytes-1]; an aligned sub-word access
 *     marks its word), each word once, ascending within a line, lines in
 *     the order of their first lane -- as the hardware checks one record per
 *     (instruction, line) with a word mask;
 *   * atomics (ATOM, CAS, EXCH): per active lane in lane order, each lane's
 *     word(s) checked separately, duplicates included -- as the hardware
 *     sends one record per lane for atomics (docs/scord.md §3);
 *   * then the lock table: CAS inserts per active lane in lane order, EXCH
 *     releases per active lane in lane order.
 *
 * Race lists are deduplicated by (pc, word address, type) in order of first
 * occurrence; an entry keeps the accessors of its first occurrence.
 */
#ifndef WW_SCORD_REF_H
#define WW_SCORD_REF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ww_proto.h"   /* the race-type numbering (protocol, not procedure) */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ww_scord_ref ww_scord_ref_t;

/* access kinds of one warp memory instruction */
enum {
  WW_SCORD_REF_LOAD = 0,      /* lb/lh/lw/lbu/lhu */
  WW_SCORD_REF_STORE,         /* sb/sh/sw */
  WW_SCORD_REF_LOAD_STRONG,   /* ww.lw.strong */
  WW_SCORD_REF_STORE_STRONG,  /* ww.sw.strong */
  WW_SCORD_REF_ATOM_BLK,      /* ww.amo*.blk other than exch */
  WW_SCORD_REF_ATOM_DEV,      /* ww.amo*.dev other than exch */
  WW_SCORD_REF_CAS_BLK,       /* ww.cas.blk: lock insert */
  WW_SCORD_REF_CAS_DEV,       /* ww.cas.dev: lock insert */
  WW_SCORD_REF_EXCH_BLK,      /* ww.amoexch.blk: lock release */
  WW_SCORD_REF_EXCH_DEV,      /* ww.amoexch.dev: lock release */
  WW_SCORD_REF_NUM_KINDS
};

/* race types, Table IV (a)..(f): the hardware log's numbering, shared with
 * the RTL through cmodel/include/ww_proto.def (a code table, no logic) */
enum {
  WW_SCORD_REF_RACE_A = WW_SCORD_RACE_A,    /* missing block fence (or barrier) */
  WW_SCORD_REF_RACE_B = WW_SCORD_RACE_B,    /* missing device fence */
  WW_SCORD_REF_RACE_C = WW_SCORD_RACE_C,    /* not strong */
  WW_SCORD_REF_RACE_D = WW_SCORD_RACE_D,    /* scoped atomic */
  WW_SCORD_REF_RACE_E = WW_SCORD_RACE_E,    /* missing common lock on a load */
  WW_SCORD_REF_RACE_F = WW_SCORD_RACE_F     /* missing common lock on a store */
};

/* Why the other view disagreed with an occurrence (race entry `flags`: OR
 * over the occurrences where the other view did not report the same type
 * with the same scope). At a word whose two states still agree, each cause
 * bit names an approximation that, substituted alone into the ideal view's
 * inputs, changes the outcome (all differing ones if none does alone). */
#define WW_SCORD_REF_F_ALIAS   0x01u  /* lock Bloom aliasing / hashed lock-table collisions */
#define WW_SCORD_REF_F_WRAP    0x02u  /* fence-ID counters mod 2^fenceid_w */
#define WW_SCORD_REF_F_BLKID   0x04u  /* BlockID = ctaid mod 2^blockid_w */
#define WW_SCORD_REF_F_BARWRAP 0x08u  /* BarrierID mod 2^barid_w */
#define WW_SCORD_REF_F_EVICT   0x10u  /* cached mode: the word's metadata was evicted */
#define WW_SCORD_REF_F_LATER   0x20u  /* the two states of this word already differed
                                         because of an earlier access of it (its causes
                                         are set too); no exact prediction is possible */

typedef struct {
  unsigned num_sm;
  unsigned warps_per_sm;
  unsigned line_bytes;    /* power of two, 4..256: word order within a line */
  unsigned lock_entries;  /* lock-table FIFO depth per warp, 1..8 (both views) */
  /* approximate view (the hardware's widths, ww_config.def SCORD_*) */
  unsigned blockid_w;     /* 1..32 */
  unsigned fenceid_w;     /* 1..32 */
  unsigned barid_w;       /* 1..32 */
  /* cached mode of the approximate view (docs/scord.md §3 address map):
   * cache_sets = S (power of two), 0 = full mode (no cache). Word w of
   * line L = 4w / line_bytes: p = L mod cache_part, i = L div cache_part,
   * slot (p, i mod S, w mod line_bytes/4), tag = (i div S) mod 2^tag_w. */
  unsigned cache_part;    /* partitions P >= 1 (used only when cache_sets) */
  unsigned cache_sets;
  unsigned tag_w;         /* 1..32 */
} ww_scord_ref_cfg_t;

/* defaults: line and widths from cmodel/include/ww_config.h, full mode */
void ww_scord_ref_default_cfg(ww_scord_ref_cfg_t *cfg, unsigned num_sm, unsigned warps_per_sm);
/* NULL on a bad configuration (or no memory) */
ww_scord_ref_t *ww_scord_ref_new_cfg(const ww_scord_ref_cfg_t *cfg);
ww_scord_ref_t *ww_scord_ref_new(unsigned num_sm, unsigned warps_per_sm);
void ww_scord_ref_free(ww_scord_ref_t *ref);

/* The event calls return 0, or -1 (nothing changed) on bad arguments
 * (sm, hwwarp out of range; unknown kind; bytes not 1..4). */

/* a warp slot starts a warp: clears its lock tables (fence IDs persist, as
 * the fence file is cleared only at grid start) */
int ww_scord_ref_launch_warp(ww_scord_ref_t *ref, unsigned sm, unsigned hwwarp);
/* fence completed: device = 0 for ww.fence.blk (blk ID++, activates the
 * valid block-scope locks), 1 for ww.fence.dev / fence (dev ID++, activates
 * every valid lock) */
int ww_scord_ref_fence(ww_scord_ref_t *ref, unsigned sm, unsigned hwwarp, int device);
/* the barrier of block ctaid released: its BarrierID++ (block ctaid lives
 * on SM sm; the ideal key is the ctaid alone) */
int ww_scord_ref_barrier_release(ww_scord_ref_t *ref, unsigned sm, uint32_t ctaid);

/* one warp memory instruction's tracked global lanes */
typedef struct {
  uint32_t pc;
  unsigned sm, hwwarp;
  uint32_t ctaid;
  unsigned kind;          /* WW_SCORD_REF_* kind */
  uint32_t mask;          /* active tracked lanes */
  uint32_t addr[32];      /* byte address per lane */
  unsigned bytes;         /* access size per lane, 1..4 */
} ww_scord_ref_access_t;
int ww_scord_ref_access(ww_scord_ref_t *ref, const ww_scord_ref_access_t *acc);

typedef struct {
  uint32_t pc, addr;      /* addr: byte address of the word (multiple of 4) */
  unsigned type;          /* 1..6 = Table IV a..f */
  int scope_blk;          /* 1: both accessors in one block (this view's BlockID) */
  unsigned kind;          /* access kind of the current (second) accessor */
  unsigned cur_sm, cur_warp, prev_sm, prev_warp;
  uint32_t cur_ctaid, prev_ctaid;  /* prev_ctaid: this view's BlockID */
  unsigned count;         /* occurrences */
  unsigned agree;         /* occurrences the other view reported identically */
  unsigned flags;         /* WW_SCORD_REF_F_*, over the disagreeing occurrences */
} ww_scord_ref_race_t;

/* ideal view: deduplicated by (pc, addr, type), in first-occurrence order;
 * the pointer stays valid until the next event call or free */
size_t ww_scord_ref_races(const ww_scord_ref_t *ref, const ww_scord_ref_race_t **out);
/* approximate view (the expected hardware log in full mode), same layout;
 * `agree`/`flags` compare with the ideal view */
size_t ww_scord_ref_approx_races(const ww_scord_ref_t *ref, const ww_scord_ref_race_t **out);

typedef struct {
  uint64_t accesses;      /* instructions */
  uint64_t checks;        /* word checks (per view) */
  uint64_t fences, barriers, launches;
  uint64_t races;         /* ideal occurrences, incl. duplicates */
  uint64_t approx_races;  /* approximate occurrences, incl. duplicates */
  uint64_t disagreements; /* word checks whose two outcomes differed */
  uint64_t evictions;     /* cached mode: metadata entries taken over */
  uint64_t words;         /* distinct words tracked */
} ww_scord_ref_stats_t;
void ww_scord_ref_stats(const ww_scord_ref_t *ref, ww_scord_ref_stats_t *st);

/* 'a'..'f', '?' */
char ww_scord_ref_type_char(unsigned type);
/* "ALIAS|WRAP" or "-" into buf (always terminated) */
const char *ww_scord_ref_flags_str(unsigned flags, char *buf, size_t n);
/* one line per race of both views, for logs and diffs */
void ww_scord_ref_print(const ww_scord_ref_t *ref, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* WW_SCORD_REF_H */
