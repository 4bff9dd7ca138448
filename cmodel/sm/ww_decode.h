/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_decode -- C model of rtl/sm/ww_decode.v, the SM's combinational
 * instruction decoder. It calls the golden decoder ww_decode() of
 * cmodel/isa/ww_isa.c and maps its result onto the RTL's ports: op (ww_op_t),
 * illegal, format and class with one flag per class, the register fields the
 * format uses (else 0) with uses_* flags, and the immediate. Stateless.
 */
#ifndef WW_DECODE_H
#define WW_DECODE_H

#include <stdint.h>
#include "ww_isa.h"

/* Bits of op_o: must hold 0..WW_OP_ILLEGAL; equals the RTL's OP_W default and
 * the generated WW_OP_W of rtl/include/ww_isa.vh (checked in ww_decode.c). */
#define WW_DECODE_OP_W 7

#define WW_PORTS_DEF "ww_decode.ports.def"
#define WW_PORTS_NAME ww_decode
#include "ww_port_structs.h"

typedef struct {
  int unused;           /* the decoder has no parameters */
} ww_decode_cfg_t;

typedef struct ww_decode_model ww_decode_t;

/* Which register fields a format uses (the RTL's uses_*_o). */
int ww_decode_fmt_uses_rd(ww_fmt_t f);
int ww_decode_fmt_uses_rs1(ww_fmt_t f);
int ww_decode_fmt_uses_rs2(ww_fmt_t f);
int ww_decode_fmt_uses_rs3(ww_fmt_t f);

/* The decoder function itself: the output ports for one instruction word. */
void ww_decode_compute(uint32_t insn, ww_decode_out_t *out);

ww_decode_cfg_t ww_decode_default_cfg(void);
ww_decode_t *ww_decode_new(const ww_decode_cfg_t *cfg);
void ww_decode_free(ww_decode_t *d);
void ww_decode_step(ww_decode_t *d, const ww_decode_in_t *in, ww_decode_out_t *out);

#endif /* WW_DECODE_H */
