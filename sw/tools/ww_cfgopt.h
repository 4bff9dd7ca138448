/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_cfgopt -- `warpwatch run --config KEY=VAL[,KEY=VAL...]` (ww_cfgopt.c):
 * run on a GPU of another configuration without editing ww_config.def.
 * The tool builds, once, build/config/NAME/warpwatch in the Warpwatch tree
 * (sw/runtime/config.mk: C model, runtime, Verilated RTL and glue all with
 * the configuration's -D defines) and re-executes it with the same
 * arguments minus --config. README "Configurations" lists the keys and
 * their limits.
 */
#ifndef WW_CFGOPT_H
#define WW_CFGOPT_H

#include <stdio.h>

/* The text of --config in 'warpwatch run --help' (a string literal). */
#define WW_CFGOPT_USAGE \
  "  --config K=V,...  run on a GPU of another configuration (README \"Configurations\"):\n" \
  "                    sms (1..16), warps (1..32) and lanes (1..32; both powers of\n" \
  "                    two) with sms x warps <= 32, l1_mshrs and l1_wq (1..8),\n" \
  "                    det_bloom (GPUDet's Bloom bits per warp, 64..16384); keys\n" \
  "                    left out take the ww_config.def defaults. The first use builds\n" \
  "                    build/config/NAME/warpwatch in the source tree (minutes), later\n" \
  "                    ones run it at once; --json then has a \"config\" object\n"

/* argv: the whole command line ("warpwatch", "run", ...). Finds and removes
 * every --config VAL / --config=VAL (*argc shrinks). Returns 0 when this
 * program is the configuration asked for (or none was), and the run goes
 * on here; else builds the configuration and execs it, returning only on
 * an error, with its exit status (2 usage error, 1 build failure or no
 * source tree) after one line on stderr. */
int ww_cfgopt_select(int *argc, char **argv);

/* This program's configuration as a JSON member: , "config": {...}. */
void ww_cfgopt_json(FILE *f);

#endif /* WW_CFGOPT_H */
