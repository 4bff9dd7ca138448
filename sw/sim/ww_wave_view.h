/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_wave_view -- the saved GTKWave view of the Verilated GPU's FST
 * (ww_vgpu.h opts.wave): X.fst gets X.gtkw and the translate filter files
 * X.gsi.txt, X.trap.txt, X.mem.txt. ww_vgpu.cpp fills the parameters; the
 * view names the RTL's signals (rtl/top/ww_gpu.v, rtl/sm/ww_sm.v g_dbg,
 * rtl/sm/ww_warp_sched.v, rtl/gsi/ww_gsi.v).
 *
 * The view: clock and reset; groups "host", "placements"; per SM a group
 * "SM s" (issue, GSI cycle class, retire port with the PC and instruction
 * word disassembled, memory kind, trap and trap kind) holding per warp a
 * group "SM s warp w" (PC disassembled with its source line, active, valid,
 * issue, in flight, stall class, GSI-refined class, active mask); per
 * partition a closed group "partition p". Stall classes, trap kinds and
 * memory kinds are shown by name (the filter files, from ww_proto.h);
 * PCs and instruction words through the process filter ww-gtkw-disasm.
 * It opens at the first launch's start pulse (marker and named marker A),
 * named marker B at the kernel's last cycle.
 *
 * Time: clock cycle N is at N ns (inputs change at N ns, the clock rises at
 * N ns + 500 ps); the FST's tick is 10^time_precision s.
 */
#ifndef WW_WAVE_VIEW_H
#define WW_WAVE_VIEW_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  unsigned    num_sm, num_part, warps, lanes;
  unsigned    sm_w, wid_w, line_w;  /* widths of launch_sm_o, a warp id, a DRAM line address */
  int         time_precision;       /* the FST's tick is 10^time_precision s (-12: 1 ps) */
  const char *fst, *gtkw;           /* the wave file and its view */
  const char *disasm;               /* process filter program (absolute, no blanks); NULL/"" none */
  const char *elf;                  /* kernel ELF for PC disassembly (absolute); NULL/"" none */
  int         launched, ended;      /* the first launch happened; its end is known */
  uint64_t    start, end;           /* clock cycles of its start pulse and its last cycle */
} ww_wave_view_t;

/* The FST's ticks per clock cycle (one cycle per ns); 0 if the precision is
 * coarser than 500 ps. */
uint64_t ww_wave_ticks_per_cycle(int time_precision);

/* Writes the three translate filter files next to the view. 0 or -1. */
int ww_wave_filters_write(const ww_wave_view_t *p);

/* Writes (or rewrites) the .gtkw. 0 or -1. */
int ww_wave_view_write(const ww_wave_view_t *p);

#ifdef __cplusplus
}
#endif

#endif /* WW_WAVE_VIEW_H */
