/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gsi -- C model of rtl/gsi/ww_gsi.v, the GSI stall classifier and
 * counters of one SM (ISPASS 2016, sec. IV): per-warp classes from ww_warp_sched
 * refined for the one-in-flight-per-warp pipeline, the cycle's class
 * (Algorithm 2), memory-structural sub-classes (IV-D) and deferred
 * memory-data sub-classes by where the load was served (IV-C). The rules
 * are written out at the top of the RTL file. Cycle-exact on the ports of
 * ww_gsi.ports.def.
 */
#ifndef WW_GSI_H
#define WW_GSI_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"
#include "ww_warp_sched.h"

/* Counter width: WW_GSI_CNT_W of ww_config.h (the RTL's CNT_W default);
 * -DWW_GSI_CNT_W=n sets both, 2..64. */

/* The codes and the counter layout are cmodel/include/ww_proto.def's:
 *   classes (cls_i, cls_o)          WW_GSI_IDLE .. WW_GSI_NONE
 *   LSU reason (lsu_why_i)          WW_GSI_WHY_*. SYNC: busy with another
 *     warp's atomic, which makes a waiting MEM_STRUCT warp (without its own
 *     store pending) a SYNC stall. SCORD: the LSU is blocked sending ScoRD
 *     records, the crossbar / race detector does not accept them (a detector
 *     queue is full): sub-class WW_GSI_MS_SCORD.
 *   load source (ld_done_src_i)     WW_GSI_SRC_*: the memory-data sub-class
 *   in-flight kind (infl_kind_i)    WW_GSI_KIND_*; SYNC is a fence or an
 *     atomic (a synchronization operation, GSI (ISPASS 2016) sec. IV-A)
 *   MEM_STRUCT sub-class (sub_o)    WW_GSI_MS_*
 *   SYNC sub-class (counters only)  WW_GSI_SY_*: of the attributed warp,
 *     TX_COMMIT if tx_commit_i, else TX_BEGIN if tx_begin_i, else if
 *     det_hold_i (GPUDet) by det_phase_i (WW_DETPH_*): QUANTUM ->
 *     DET_QUANTUM, COMMIT -> DET_COMMIT, SERIAL -> DET_SERIAL; else OTHER
 *   counters (rd_idx_i)             WW_GSI_CNT_*: classes (WW_GSI_CNT_CLS_FIRST
 *     + class), load sources (WW_GSI_CNT_MD_FIRST + source), MD_PENDING (cycles
 *     whose load has not completed yet), sub-classes (WW_GSI_CNT_MS_FIRST +
 *     sub), SYNC sub-classes (WW_GSI_CNT_SY_FIRST + sub), CYCLES (counted
 *     cycles, en_i); rd_idx_i >= WW_GSI_CNT_N reads 0. */
#define WW_GSI_N_COUNTERS WW_GSI_CNT_N

#define WW_PORTS_DEF "ww_gsi.ports.def"
#define WW_PORTS_NAME ww_gsi
#include "ww_port_structs.h"

typedef struct {
  unsigned warps;       /* WARPS, 1..WW_WARPS_PER_SM (the port structs' size), <= 32 */
  unsigned cnt_w;       /* CNT_W, 2..64 */
} ww_gsi_cfg_t;

typedef struct ww_gsi ww_gsi_t;

ww_gsi_cfg_t ww_gsi_default_cfg(void);
ww_gsi_t *ww_gsi_new(const ww_gsi_cfg_t *cfg);
void ww_gsi_free(ww_gsi_t *g);
/* This cycle's outputs from the state and `in`, then the clock edge. */
void ww_gsi_step(ww_gsi_t *g, const ww_gsi_in_t *in, ww_gsi_out_t *out);

/* Counter idx as rd_data_o would read it now (0 for idx >= WW_GSI_N_COUNTERS). */
uint64_t ww_gsi_counter(const ww_gsi_t *g, unsigned idx);
/* Short name of counter idx ("idle" .. "cycles"), or NULL if idx is out of range. */
const char *ww_gsi_counter_name(unsigned idx);

/* Warp w's refined class and own-store flag for these inputs, lsu_why_i
 * included (the rule of the RTL's g_warp; exposed for tests). */
unsigned ww_gsi_refine(const ww_gsi_in_t *in, unsigned w, int *own_store);

#define WW_GSI_CLS_WORDS WW_PORT_WORDS(WW_WARPS_PER_SM * WW_GSI_W)

/* Warp w's field of cls_i (w < WW_WARPS_PER_SM). */
static inline unsigned ww_gsi_cls_in(const ww_gsi_in_t *in, unsigned w)
{
  unsigned c = 0;
  for (unsigned i = 0; i < WW_GSI_W; i++) {
    unsigned b = w * WW_GSI_W + i;
    if (b / 32 < WW_GSI_CLS_WORDS)
      c |= (unsigned)(in->cls_i[b / 32] >> (b % 32) & 1u) << i;
  }
  return c;
}

/* Sets warp w's field of cls_i to c (w < WW_WARPS_PER_SM). */
static inline void ww_gsi_set_cls_in(ww_gsi_in_t *in, unsigned w, unsigned c)
{
  for (unsigned i = 0; i < WW_GSI_W; i++) {
    unsigned b = w * WW_GSI_W + i;
    uint32_t m = 1u << (b % 32);
    if (b / 32 < WW_GSI_CLS_WORDS)
      in->cls_i[b / 32] = (c >> i & 1u) ? (in->cls_i[b / 32] | m) : (in->cls_i[b / 32] & ~m);
  }
}

#endif /* WW_GSI_H */
