/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lockstep_ports.h -- builds a block's port tables from its .ports.def.
 * Define WW_PORTS_DEF (the .def file name as a string), WW_IN_T and WW_OUT_T
 * (the C model's port structs), then include this file once.
 *
 * It also offers the glue every descriptor needs:
 *   WW_MODEL_HOOKS(P)  model hooks for a C model following the naming
 *                      convention P_cfg_t, P_default_cfg, P_new, P_free, P_step
 *   WW_STIM_STATE(T)   stimulus state of type T, zeroed at the start of a run
 *   WW_BLOCK_HOOKS     both in a ww_block_t initializer
 */
#include <stddef.h>
#include <stdlib.h>

static const ww_port_t ww_in_ports[] = {
#define WW_IN(name, width) { #name, (width), offsetof(WW_IN_T, name), "always", 0 },
#define WW_INW(name, width) { #name, (width), offsetof(WW_IN_T, name), "always", 1 },
#define WW_OUT(name, width, guard)
#define WW_OUTW(name, width, guard)
#include WW_PORTS_DEF
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
};

static const ww_port_t ww_out_ports[] = {
#define WW_IN(name, width)
#define WW_INW(name, width)
#define WW_OUT(name, width, guard) { #name, (width), offsetof(WW_OUT_T, name), #guard, 0 },
#define WW_OUTW(name, width, guard) { #name, (width), offsetof(WW_OUT_T, name), #guard, 1 },
#include WW_PORTS_DEF
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
};

#define WW_N_IN  ((unsigned)(sizeof ww_in_ports / sizeof ww_in_ports[0]))
#define WW_N_OUT ((unsigned)(sizeof ww_out_ports / sizeof ww_out_ports[0]))

/* The port part of a ww_block_t initializer. */
#define WW_BLOCK_PORTS                                                   \
  .in_size = sizeof(WW_IN_T), .out_size = sizeof(WW_OUT_T),              \
  .in_ports = ww_in_ports, .n_in = WW_N_IN,                              \
  .out_ports = ww_out_ports, .n_out = WW_N_OUT

#define WW_MODEL_HOOKS(P)                                                        \
  static void *ww_model_new(void)                                                \
  {                                                                              \
    P##_cfg_t cfg = P##_default_cfg();                                           \
    return P##_new(&cfg);                                                        \
  }                                                                              \
  static void ww_model_free(void *m) { P##_free(m); }                            \
  static void ww_model_step(void *m, const void *in, void *out) { P##_step(m, in, out); }

#define WW_STIM_STATE(T)                                                         \
  static void *ww_stim_new(void) { return calloc(1, sizeof(T)); }                \
  static void ww_stim_free(void *s) { free(s); }

#define WW_BLOCK_HOOKS                                                           \
  .model_new = ww_model_new, .model_free = ww_model_free,                        \
  .model_step = ww_model_step, .stim_new = ww_stim_new, .stim_free = ww_stim_free
