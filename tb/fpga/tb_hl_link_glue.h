/* SPDX-License-Identifier: Apache-2.0
 *
 * tb_hl_link_glue -- the Verilated tb_hl_link (the host link without the GPU)
 * as a C API for test_hl_link.c: one call is one clock cycle.
 */
#ifndef TB_HL_LINK_GLUE_H
#define TB_HL_LINK_GLUE_H

#include <stdint.h>

typedef struct tbhl tbhl_t;

typedef struct {
  int rst_n, rx, busy, done, launch_valid, det_ovf;
  unsigned ret_valid;        /* one bit per SM */
  uint32_t ret_mask;         /* SM s's lanes at [s*LANES +: LANES] */
  unsigned trap_valid;       /* one bit per SM */
  uint32_t trap_seed;
} tbhl_in_t;

typedef struct {
  int tx, gpu_rst_n, start, imem_we;
  unsigned imem_addr;
  uint32_t imem_data, entry, grid, block, kargs, flags, txwd, quantum;
  unsigned state;
} tbhl_out_t;

tbhl_t *tbhl_new(uint64_t seed);
void tbhl_free(tbhl_t *t);
void tbhl_cycle(tbhl_t *t, const tbhl_in_t *in, tbhl_out_t *out);

#endif /* TB_HL_LINK_GLUE_H */
