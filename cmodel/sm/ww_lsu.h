/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu -- C model of rtl/sm/ww_lsu.v, the SM's memory stage: the issue
 * FSM that takes one warp memory instruction at a time (loads, stores,
 * strong accesses, block and device atomics, fence / fence.blk /
 * fence.dev), its shared-memory request, the global lanes line by line
 * through the coalescer into the L1 (loads and stores handed over to the
 * write-back table at their last line; atomics lane by lane; a device
 * atomic drops its own L1 copy, then goes to L2 as a BYPASS request),
 * fence.dev's wait for handed-over entries and pending writes before the
 * L1 invalidate, ScoRD's CHECK and FENCE records and the wait for every
 * partition's fence acknowledgement, the lock-table operations, the GSI
 * why_o / ld_* signals, and the memory port toward the crossbar.
 * KILO TM (docs/tm.md sec. 4.2, 4.3): the transactional lanes of a plain
 * load or store of a warp in a transaction (global lanes below the log
 * region) go to ww_tm_sm first (tm_acc_*, states TXREQ / TXWAIT; a full
 * log is the instruction's TX_LOG_FULL fault); ww_tm_sm's L1 requests
 * share the L1 in cycles the FSM leaves it free (tag bit 7), its packets
 * go out on the memory port at the lowest priority (id class TM) and the
 * responses of id class TM are its messages (tm_msg_*).
 * It composes the sub-blocks' own models as the RTL instantiates them:
 * ww_lsu_agen, ww_lsu_bytes, ww_coalescer, ww_l1_dcache, ww_shmem,
 * ww_lsu_wb (cmodel/sm/) and ww_scord_rec (cmodel/scord/); the FSM, its
 * counters and the line table are written here, mirroring the RTL.
 * Cycle-exact on the ports of ww_lsu.ports.def.
 */
#ifndef WW_LSU_H
#define WW_LSU_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"
#include "ww_scord_rec.h"   /* WW_SCORD_REC_SB_W, the width of mreq_sb_o */

#define WW_PORTS_DEF "ww_lsu.ports.def"
#define WW_PORTS_NAME ww_lsu
#include "ww_port_structs.h"

/* The port structs and the sub-blocks' port structs are sized by
 * ww_config.h, so every parameter is its ww_config.h value (one
 * -DWW_X=v sets the RTL and the model alike); the configuration names
 * them for the sub-models and is checked against ww_config.h. */
typedef struct {
  unsigned warps;       /* WARPS = WW_WARPS_PER_SM */
  unsigned lanes;       /* LANES = WW_LANES, a power of two, 2..32 */
  unsigned blocks;      /* BLOCKS = WW_BLOCKS_PER_SM */
  unsigned line_bytes;  /* LINE_BYTES = WW_LINE_BYTES, a power of two, 8..128 */
  unsigned num_sm;      /* NUM_SM = WW_NUM_SM (the local-memory base) */
  unsigned num_part;    /* NUM_PART = WW_NUM_PART (FENCE records, acks) */
  unsigned ctx;         /* CTX = WW_LSU_CTX write-back entries */
  unsigned log_words;   /* LOG_WORDS = WW_TX_LOG_WORDS (the log region's size) */
  unsigned cid_w;       /* CID_W = WW_CID_W (TM packets and messages) */
} ww_lsu_cfg_t;

typedef struct ww_lsu ww_lsu_t;

ww_lsu_cfg_t ww_lsu_default_cfg(void);
ww_lsu_t *ww_lsu_new(const ww_lsu_cfg_t *cfg);
void ww_lsu_free(ww_lsu_t *m);
void ww_lsu_step(ww_lsu_t *m, const ww_lsu_in_t *in, ww_lsu_out_t *out);

#endif /* WW_LSU_H */
