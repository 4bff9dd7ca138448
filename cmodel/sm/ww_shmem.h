/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_shmem -- C model of rtl/sm/ww_shmem.v, the SM's banked shared memory.
 * Cycle-exact on the ports of ww_shmem.ports.def.
 */
#ifndef WW_SHMEM_H
#define WW_SHMEM_H

#include <stdint.h>
#include "ww_config.h"
#include "ww_proto.h"
#include "ww_util.h"

#define WW_PORTS_DEF "ww_shmem.ports.def"
#define WW_PORTS_NAME ww_shmem
#include "ww_port_structs.h"

/* req_op_i: WW_SHM_* (cmodel/include/ww_proto.def); WW_SHM_ADD .. WW_SHM_CAS
 * are WW_SHM_ADD + WW_AMO_*. */

typedef struct {
  unsigned lanes;       /* LANES, 1..32 */
  unsigned banks;       /* BANKS, power of two */
  unsigned slots;       /* SLOTS */
  unsigned words;       /* WORDS per slot, power of two, multiple of BANKS */
} ww_shmem_cfg_t;

typedef struct ww_shmem ww_shmem_t;

ww_shmem_cfg_t ww_shmem_default_cfg(void);
ww_shmem_t *ww_shmem_new(const ww_shmem_cfg_t *cfg);
void ww_shmem_free(ww_shmem_t *m);
void ww_shmem_step(ww_shmem_t *m, const ww_shmem_in_t *in, ww_shmem_out_t *out);

#endif /* WW_SHMEM_H */
