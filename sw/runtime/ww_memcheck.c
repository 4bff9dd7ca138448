/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_memcheck -- compute-sanitizer's memcheck for Warpwatch: every lane of
 * every retired global access (the retire records, so the same on every
 * backend) is checked against what the runtime placed in memory
 * (ww_regions.c):
 *   - a heap allocation: the access must lie inside the bytes asked for
 *     (the allocator's padding and the gaps between allocations are out of
 *     bounds);
 *   - a kernel's code: no store or atomic (loads are allowed: constants);
 *   - local memory: only the thread's own slot (another thread's stack);
 *   - the transaction log region (docs/tm.md sec. 5): nothing (the log unit's
 *     own writes are not the kernel's accesses and are never checked);
 *   - the kernel's data segments and the argument block: anything;
 *   - anything else: outside every allocation.
 * Misaligned and null or out-of-range addresses are traps of the GPU itself,
 * not memcheck's. Errors are merged by (pc, kind, region) with a count; the
 * first occurrence keeps its lane, warp and address.
 */
#include "ww_rt_internal.h"

#include <stdlib.h>
#include <string.h>

#include "ww_config.h"

static int is_global(unsigned mem, int *write)
{
  *write = mem == WW_MEM_STORE || mem == WW_MEM_STORE_STRONG || mem == WW_MEM_ATOMIC_BLK ||
           mem == WW_MEM_ATOMIC_DEV;
  return *write || mem == WW_MEM_LOAD || mem == WW_MEM_LOAD_STRONG;
}

static const char *const kind_text[] = {
  [WW_MC_OUT_OF_BOUNDS] = "out of bounds",
  [WW_MC_UNALLOCATED] = "outside every allocation",
  [WW_MC_CODE_WRITE] = "write to the kernel's code",
  [WW_MC_OTHER_LOCAL] = "another thread's local memory",
  [WW_MC_TX_LOG] = "the transaction log region (the hardware's)",
};

const char *ww_memcheck_kind_text(int kind)
{
  return kind > 0 && (size_t)kind < sizeof kind_text / sizeof kind_text[0] ? kind_text[kind] : "?";
}

void ww_memcheck_launch(ww_dev_t *dev, uint32_t block_threads)
{
  dev->mc_n = 0;
  dev->mc_total = 0;
  dev->mc_block = block_threads;
}

static void record(ww_dev_t *dev, const ww_retire_t *r, unsigned lane, int kind, int write,
                   const ww_region_t *reg)
{
  dev->mc_total++;
  for (size_t i = 0; i < dev->mc_n; i++) {
    ww_memcheck_err_t *e = &dev->mc[i];
    if (e->pc == r->pc && e->kind == kind && e->region_base == reg->base) {
      e->count++;
      return;
    }
  }
  if (dev->mc_n == WW_MEMCHECK_MAX) {
    dev->mc_dropped++;
    return;
  }
  ww_memcheck_err_t *e = &dev->mc[dev->mc_n++];
  memset(e, 0, sizeof *e);
  e->kind = kind;
  e->write = write;
  e->mem = r->mem;
  e->addr = r->addr[lane];
  e->bytes = r->mem_bytes;
  e->sm = r->sm;
  e->warp = r->warp;
  e->lane = lane;
  e->block = r->block;
  unsigned wpb = (dev->mc_block + WW_LANES - 1) / WW_LANES;
  e->thread = wpb ? (r->warp % wpb) * WW_LANES + lane : lane;
  e->pc = r->pc;
  e->count = 1;
  e->region_base = reg->base;
  ww_dev_describe(dev, r->addr[lane], e->where, sizeof e->where);
}

void ww_memcheck_retire(ww_dev_t *dev, const ww_retire_t *r)
{
  int write;
  if (!is_global(r->mem, &write))
    return;
  for (unsigned l = 0; l < WW_LANES; l++) {
    if (!(r->mask >> l & 1))
      continue;
    uint32_t a = r->addr[l], n = r->mem_bytes ? r->mem_bytes : 1;
    ww_region_t reg;
    int in = ww_dev_region(dev, a, &reg) == 0;
    int kind = 0;
    if (!in)
      kind = reg.bytes ? WW_MC_OUT_OF_BOUNDS : WW_MC_UNALLOCATED;
    else if ((uint64_t)a + n > (uint64_t)reg.base + reg.bytes)
      kind = WW_MC_OUT_OF_BOUNDS;   /* starts inside, ends past the end */
    else if (reg.kind == WW_REGION_CODE && write)
      kind = WW_MC_CODE_WRITE;
    else if (reg.kind == WW_REGION_TX_LOG)
      kind = WW_MC_TX_LOG;
    else if (reg.kind == WW_REGION_LOCAL) {
      uint64_t own = dev->local_base +
                     ((uint64_t)(r->sm * WW_WARPS_PER_SM + r->warp) * WW_LANES + l) * WW_LOCAL_BYTES;
      if (a < own || (uint64_t)a + n > own + WW_LOCAL_BYTES)
        kind = WW_MC_OTHER_LOCAL;
    }
    if (kind)
      record(dev, r, l, kind, write, &reg);
  }
}

size_t ww_dev_memcheck(const ww_dev_t *dev, const ww_memcheck_err_t **errs, uint64_t *total)
{
  *errs = dev->mc;
  if (total)
    *total = dev->mc_total;
  return dev->mc_n;
}
