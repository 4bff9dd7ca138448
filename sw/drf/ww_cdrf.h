/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_cdrf -- the DRF tester top's cycle-exact C model
 * (cmodel/drf/ww_drf_top.c) as a C library with the API of ww_vdrf.h and
 * its structs: clocks it, plays the DRAM (sw/sim/ww_dram.c) on its ports as
 * ww_vdrf.cpp does, counts the caches' transition coverage pulses, reads the
 * tester's status words, checks the final memory after the flush. The same
 * seed and settings give the same cycles, status words and coverage as the
 * Verilated RTL (docs/drf.md "The C memory system"). No injectable bugs
 * (they are in the RTL only) and no waves.
 */
#ifndef WW_CDRF_H
#define WW_CDRF_H

#include "ww_vdrf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ww_cdrf ww_cdrf_t;

const ww_vdrf_info_t *ww_cdrf_info(void);
/* NULL with the reason in err when the options are bad (bugs, a wave). */
ww_cdrf_t *ww_cdrf_new(const ww_vdrf_opts_t *opts, char *err, size_t err_len);
void ww_cdrf_free(ww_cdrf_t *c);
/* as ww_vdrf_run */
int ww_cdrf_run(ww_cdrf_t *c, const ww_vdrf_run_t *run, ww_vdrf_result_t *res,
                void (*progress)(uint64_t cycles, void *ctx), void *ctx, char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* WW_CDRF_H */
