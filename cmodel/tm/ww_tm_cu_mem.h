/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_cu_mem -- C model of rtl/tm/ww_tm_cu_mem.v, the KILO TM commit
 * unit's memory adapter: the unit's word port on a partition-port unit
 * socket (one line request per word: READ, or WRITE with the word's byte
 * enables), responses paired in order with a FIFO of {tag, word in line} of
 * up to DEPTH requests in flight. Cycle-exact on the ports of
 * ww_tm_cu_mem.ports.def.
 */
#ifndef WW_TM_CU_MEM_H
#define WW_TM_CU_MEM_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_tm_cu_mem.ports.def"
#define WW_PORTS_NAME ww_tm_cu_mem
#include "ww_port_structs.h"

#define WW_TM_CU_MEM_MAX_DEPTH 256

typedef struct {
  unsigned line_bytes;  /* LINE_BYTES, power of two 4..WW_LINE_BYTES (the port structs' size) */
  unsigned reads;       /* READS: TAG_W = log2(READS) + 1 */
  unsigned depth;       /* DEPTH: requests in flight, power of two 2..WW_TM_CU_MEM_MAX_DEPTH */
} ww_tm_cu_mem_cfg_t;

typedef struct ww_tm_cu_mem ww_tm_cu_mem_t;

/* the RTL's defaults: LINE_BYTES, READS = TM_CU_READS, DEPTH = 2 * READS */
ww_tm_cu_mem_cfg_t ww_tm_cu_mem_default_cfg(void);
ww_tm_cu_mem_t *ww_tm_cu_mem_new(const ww_tm_cu_mem_cfg_t *cfg);
void ww_tm_cu_mem_free(ww_tm_cu_mem_t *m);
void ww_tm_cu_mem_step(ww_tm_cu_mem_t *m, const ww_tm_cu_mem_in_t *in, ww_tm_cu_mem_out_t *out);

#endif /* WW_TM_CU_MEM_H */
