/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu_agen -- C model of rtl/sm/ww_lsu_agen.v.
 */
#include "ww_lsu_agen.h"

#include <stdio.h>
#include <stdlib.h>

struct ww_lsu_agen {
  ww_lsu_agen_cfg_t cfg;
};

ww_lsu_agen_cfg_t ww_lsu_agen_default_cfg(void)
{
  ww_lsu_agen_cfg_t c = { WW_LANES, WW_NULL_GUARD_BYTES, WW_GMEM_BYTES, WW_SHARED_BASE,
                          WW_SHMEM_BYTES };
  return c;
}

ww_lsu_agen_t *ww_lsu_agen_new(const ww_lsu_agen_cfg_t *cfg)
{
  if (!cfg->lanes || cfg->lanes > 32) {
    fprintf(stderr, "ww_lsu_agen: illegal configuration LANES=%u\n", cfg->lanes);
    return NULL;
  }
  ww_lsu_agen_t *a = calloc(1, sizeof *a);
  if (!a)
    return NULL;
  a->cfg = *cfg;
  return a;
}

void ww_lsu_agen_free(ww_lsu_agen_t *a) { free(a); }

/* The fault kind of one lane's access of n bytes at a (WW_TRAP_NONE if none);
 * *shared: it lies in the shared window. 32-bit wrap-around as the RTL. */
static unsigned check(const ww_lsu_agen_cfg_t *c, uint32_t a, uint32_t n, int *shared)
{
  unsigned k = WW_TRAP_NONE;
  *shared = 0;
  if (a >= c->null_guard && a <= c->gmem_bytes - n)
    k = WW_TRAP_NONE;
  else if (a < c->null_guard)
    k = WW_TRAP_NULL_ACCESS;
  else if (a >= c->sh_base && a - c->sh_base <= c->sh_bytes - n)
    *shared = 1;
  else
    k = WW_TRAP_OUT_OF_RANGE;
  if (k == WW_TRAP_NONE && ((n == 2 && (a & 1u)) || (n == 4 && (a & 3u))))
    k = WW_TRAP_MISALIGNED;
  return k;
}

void ww_lsu_agen_step(ww_lsu_agen_t *ag, const ww_lsu_agen_in_t *in, ww_lsu_agen_out_t *out)
{
  const ww_lsu_agen_cfg_t *c = &ag->cfg;
  uint32_t n = (uint32_t)in->bytes_i & 7u;
  uint32_t shared = 0;
  int fault = 0, found = 0;
  unsigned kind = WW_TRAP_NONE, lane = 0;
  uint32_t faddr = 0;
  for (unsigned l = 0; l < c->lanes; l++) {
    uint32_t a = in->base_i[l] + (uint32_t)in->imm_i;
    int sh;
    unsigned k = check(c, a, n, &sh);
    out->addr_o[l] = a;
    if (sh)
      shared |= 1u << l;
    if (!found && ((in->mask_i >> l) & 1u) && k != WW_TRAP_NONE) {   /* the lowest lane */
      found = fault = 1;
      kind = k;
      lane = l;
      faddr = a;
    }
  }
  if (in->fence_i)
    fault = 0;
  out->shared_o = shared;
  out->fault_o = (uint64_t)fault;
  out->fault_kind_o = kind;
  out->fault_lane_o = lane;
  out->fault_addr_o = faddr;
}
