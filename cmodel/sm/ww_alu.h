/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_alu -- C model of rtl/sm/ww_alu.v, one lane's combinational RV32I ALU.
 * op = {funct7[5], funct3}; op bit 3 only matters for ADD/SUB and SRL/SRA
 * (see the RTL header for the table). Stateless: ww_alu_step's outputs
 * depend only on this cycle's inputs.
 */
#ifndef WW_ALU_H
#define WW_ALU_H

#include <stdint.h>
#include "ww_config.h"

enum {
  WW_ALU_ADD = 0x0, WW_ALU_SLL = 0x1, WW_ALU_SLT = 0x2, WW_ALU_SLTU = 0x3,
  WW_ALU_XOR = 0x4, WW_ALU_SRL = 0x5, WW_ALU_OR = 0x6, WW_ALU_AND = 0x7,
  WW_ALU_SUB = 0x8, WW_ALU_SRA = 0xD
};

#define WW_PORTS_DEF "ww_alu.ports.def"
#define WW_PORTS_NAME ww_alu
#include "ww_port_structs.h"

typedef struct {
  int unused;           /* the ALU has no parameters */
} ww_alu_cfg_t;

typedef struct ww_alu ww_alu_t;

/* The ALU function itself: result for a 4-bit op code (all 16 defined). */
uint32_t ww_alu_compute(unsigned op, uint32_t a, uint32_t b);

ww_alu_cfg_t ww_alu_default_cfg(void);
ww_alu_t *ww_alu_new(const ww_alu_cfg_t *cfg);
void ww_alu_free(ww_alu_t *a);
void ww_alu_step(ww_alu_t *a, const ww_alu_in_t *in, ww_alu_out_t *out);

#endif /* WW_ALU_H */
