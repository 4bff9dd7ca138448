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
#include "ww_util.h"
#include "ww_warp_sched.h"   /* the class codes WW_GSI_IDLE .. WW_GSI_NONE */

/* Counter width: WW_GSI_CNT_W of ww_config.h (the RTL's CNT_W default);
 * -DWW_GSI_CNT_W=n sets both, 2..64. */

/* Counter indices (rd_idx_i). 0..7 are the class codes of ww_warp_sched.h. */
enum ww_gsi_counter {
  WW_GSI_CNT_IDLE = 0,
  WW_GSI_CNT_CONTROL = 1,
  WW_GSI_CNT_SYNC = 2,
  WW_GSI_CNT_MEM_DATA = 3,
  WW_GSI_CNT_MEM_STRUCT = 4,
  WW_GSI_CNT_COMP_DATA = 5,
  WW_GSI_CNT_COMP_STRUCT = 6,
  WW_GSI_CNT_NO_STALL = 7,
  WW_GSI_CNT_MD_L1 = 8,           /* MEM_DATA, load served by L1 hit or shared memory */
  WW_GSI_CNT_MD_L1_COALESCE = 9,  /* ... by an MSHR merge */
  WW_GSI_CNT_MD_L2 = 10,          /* ... by L2 */
  WW_GSI_CNT_MD_DRAM = 11,        /* ... by main memory */
  WW_GSI_CNT_MD_PENDING = 12,     /* MEM_DATA cycles whose load has not completed yet */
  WW_GSI_CNT_MS_LSU_BUSY = 13,    /* MEM_STRUCT: LSU busy with an instruction */
  WW_GSI_CNT_MS_MSHR_FULL = 14,   /* ... L1 MSHRs full */
  WW_GSI_CNT_MS_STORE = 15,       /* ... write slots full, or own store pending */
  WW_GSI_CNT_MS_BANK_CONFLICT = 16, /* ... shared-memory bank conflict */
  WW_GSI_CNT_MS_FENCE = 17,       /* ... fence waiting for writes */
  WW_GSI_CNT_MS_SCORD = 18,       /* ... ScoRD records not accepted (detector queue full) */
  WW_GSI_CNT_CYCLES = 19,         /* counted cycles (en_i) */
  WW_GSI_N_COUNTERS = 20          /* rd_idx_i >= this reads 0 */
};

/* Memory-data sub-class = where the load was served (ld_done_src_i). */
enum ww_gsi_src { WW_GSI_SRC_L1 = 0, WW_GSI_SRC_COALESCE = 1, WW_GSI_SRC_L2 = 2, WW_GSI_SRC_DRAM = 3 };

/* Memory-structural sub-class (sub_o); counter WW_GSI_CNT_MS_LSU_BUSY + sub. */
enum ww_gsi_ms {
  WW_GSI_MS_LSU_BUSY = 0,
  WW_GSI_MS_MSHR_FULL = 1,
  WW_GSI_MS_STORE = 2,
  WW_GSI_MS_BANK_CONFLICT = 3,
  WW_GSI_MS_FENCE = 4,
  WW_GSI_MS_SCORD = 5           /* race-detector back-pressure (WW_GSI_WHY_SCORD) */
};

/* Kind of a warp's in-flight instruction (infl_kind_i); SYNC is a fence or an
 * atomic (a synchronization operation, GSI sec. IV-A). */
enum ww_gsi_kind { WW_GSI_KIND_COMP = 0, WW_GSI_KIND_LOAD = 1, WW_GSI_KIND_STORE = 2, WW_GSI_KIND_SYNC = 3 };

/* Why the LSU cannot take an instruction (lsu_why_i). SYNC: busy with
 * another warp's atomic, which makes a waiting MEM_STRUCT warp (without its
 * own store pending) a SYNC stall. SCORD: the LSU is blocked sending ScoRD
 * records, the crossbar / race detector does not accept them (a detector
 * queue is full): sub-class WW_GSI_MS_SCORD. */
enum ww_gsi_why {
  WW_GSI_WHY_READY = 0,
  WW_GSI_WHY_BUSY = 1,
  WW_GSI_WHY_MSHR_FULL = 2,
  WW_GSI_WHY_WQ_FULL = 3,
  WW_GSI_WHY_BANK_CONFLICT = 4,
  WW_GSI_WHY_FENCE = 5,
  WW_GSI_WHY_SYNC = 6,
  WW_GSI_WHY_SCORD = 7
};

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

#define WW_GSI_CLS_WORDS WW_PORT_WORDS(WW_WARPS_PER_SM * 3)

/* Warp w's field of cls_i (w < WW_WARPS_PER_SM). */
static inline unsigned ww_gsi_cls_in(const ww_gsi_in_t *in, unsigned w)
{
  unsigned c = 0;
  for (unsigned i = 0; i < 3; i++) {
    unsigned b = w * 3 + i;
    if (b / 32 < WW_GSI_CLS_WORDS)
      c |= (unsigned)(in->cls_i[b / 32] >> (b % 32) & 1u) << i;
  }
  return c;
}

/* Sets warp w's field of cls_i to c (w < WW_WARPS_PER_SM). */
static inline void ww_gsi_set_cls_in(ww_gsi_in_t *in, unsigned w, unsigned c)
{
  for (unsigned i = 0; i < 3; i++) {
    unsigned b = w * 3 + i;
    uint32_t m = 1u << (b % 32);
    if (b / 32 < WW_GSI_CLS_WORDS)
      in->cls_i[b / 32] = (c >> i & 1u) ? (in->cls_i[b / 32] | m) : (in->cls_i[b / 32] & ~m);
  }
}

#endif /* WW_GSI_H */
