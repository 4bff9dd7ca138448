/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_vfpga -- the Verilated FPGA top (rtl/fpga/ww_fpga_top.v) as a C API,
 * for the simulator server (ww_fpga_sim.c). One call is one clock cycle:
 * the inputs are set while the clock is low, then the rising edge; the
 * outputs returned are those after the edge (every output of the top is a
 * register). The build fixes the top's parameters (sw/fpga/fpga.mk):
 * WW_VFPGA_CLKS_PER_BIT and the memory's lines; WW_VFPGA_SDRAM builds the
 * top on a model of its SDRAM (ww-fpga-sim-sdram).
 */
#ifndef WW_VFPGA_H
#define WW_VFPGA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ww_vfpga ww_vfpga_t;

typedef struct {
  int tx;                       /* uart_tx_o */
  int busy, done, trap;         /* the LEDs */
  int mem_error;                /* the SDRAM model's first broken rule (its code), 0 none */
} ww_vfpga_out_t;

/* wave: an FST file to write, or NULL. NULL with the reason in err. */
ww_vfpga_t *ww_vfpga_new(const char *wave, char *err, size_t err_len);
void ww_vfpga_free(ww_vfpga_t *v);

/* One clock cycle with rst_ni and uart_rx_i. */
void ww_vfpga_cycle(ww_vfpga_t *v, int rst_n, int rx, ww_vfpga_out_t *out);

/* The top's CLKS_PER_BIT and memory bytes as built. */
unsigned ww_vfpga_clks_per_bit(void);
uint64_t ww_vfpga_mem_bytes(void);

#ifdef __cplusplus
}
#endif

#endif /* WW_VFPGA_H */
