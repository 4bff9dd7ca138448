/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_regions -- what a device address is: the null guard, a loaded kernel's
 * code or data, a heap allocation (exactly the bytes asked for, not the
 * allocator's padding), the argument block, the transaction log region or
 * local memory. Memcheck
 * (ww_memcheck.c) and race reports name addresses with it, as
 * compute-sanitizer names the allocation an access falls in or near.
 */
#include "ww_rt_internal.h"

#include <stdlib.h>
#include <string.h>

#include "ww_config.h"

struct ww_alloc_rec {
  uint32_t base, bytes;
  char name[64];
};

int ww_regions_add(ww_dev_t *dev, uint32_t addr, uint32_t bytes, const char *name)
{
  if (dev->nallocs == dev->cap_allocs) {
    size_t cap = dev->cap_allocs ? 2 * dev->cap_allocs : 16;
    struct ww_alloc_rec *a = realloc(dev->allocs, cap * sizeof *a);
    if (!a)
      return -1;
    dev->allocs = a;
    dev->cap_allocs = cap;
  }
  struct ww_alloc_rec *r = &dev->allocs[dev->nallocs++];   /* the bump allocator: ascending */
  r->base = addr;
  r->bytes = bytes;
  snprintf(r->name, sizeof r->name, "%s", name ? name : "");
  return 0;
}

void ww_regions_reset(ww_dev_t *dev) { dev->nallocs = 0; }

int ww_dev_name_alloc(ww_dev_t *dev, uint32_t addr, const char *name)
{
  for (size_t i = 0; i < dev->nallocs; i++)
    if (dev->allocs[i].base == addr) {
      snprintf(dev->allocs[i].name, sizeof dev->allocs[i].name, "%s", name ? name : "");
      return 0;
    }
  return ww_dev_fail(dev, "name: no allocation starts at 0x%08x", addr);
}

static void set(ww_region_t *r, ww_region_kind_t kind, uint32_t base, uint32_t bytes,
                const char *name)
{
  r->kind = kind;
  r->base = base;
  r->bytes = bytes;
  snprintf(r->name, sizeof r->name, "%s", name);
}

static void heap_name(const ww_dev_t *dev, size_t i, char *buf, size_t n)
{
  const struct ww_alloc_rec *a = &dev->allocs[i];
  if (a->name[0])
    snprintf(buf, n, "%s", a->name);
  else
    snprintf(buf, n, "allocation of %u bytes at 0x%08x", a->bytes, a->base);
}

int ww_dev_region(const ww_dev_t *dev, uint32_t addr, ww_region_t *r)
{
  char name[96];
  memset(r, 0, sizeof *r);
  if (addr < dev->mem_lo)
    return set(r, WW_REGION_NULL_GUARD, 0, dev->mem_lo, "the null guard"), 0;
  if (addr >= dev->local_base && addr < dev->mem_bytes)
    return set(r, WW_REGION_LOCAL, dev->local_base, dev->mem_bytes - dev->local_base,
               "local memory"), 0;
  if (addr >= dev->tx_log_base && addr < dev->local_base)
    return set(r, WW_REGION_TX_LOG, dev->tx_log_base, dev->local_base - dev->tx_log_base,
               "the transaction log"), 0;
  for (const ww_kernel_t *k = dev->kernels; k; k = k->next)
    for (unsigned s = 0; s < k->elf.nseg; s++) {
      const ww_elf_seg_t *g = &k->elf.seg[s];
      if (addr - g->vaddr < g->memsz) {
        int code = g->flags & 1;   /* PF_X */
        snprintf(name, sizeof name, "kernel %s (%s)", code ? "code" : "data", k->name);
        return set(r, code ? WW_REGION_CODE : WW_REGION_IMAGE, g->vaddr, g->memsz, name), 0;
      }
    }
  if (dev->args_cap && addr - dev->args_addr < dev->args_cap)
    return set(r, WW_REGION_ARGS, dev->args_addr, dev->args_cap, "the argument block"), 0;
  /* the nearest heap allocation (or the argument block) */
  long best = -1;
  uint64_t dist = UINT64_MAX;
  for (size_t i = 0; i < dev->nallocs; i++) {
    const struct ww_alloc_rec *a = &dev->allocs[i];
    if (a->base == dev->args_addr && dev->args_cap)
      continue;
    if (addr - a->base < a->bytes) {
      heap_name(dev, i, name, sizeof name);
      return set(r, WW_REGION_HEAP, a->base, a->bytes, name), 0;
    }
    uint64_t d = addr < a->base ? (uint64_t)a->base - addr : (uint64_t)addr - (a->base + a->bytes) + 1;
    if (d < dist) {
      dist = d;
      best = (long)i;
    }
  }
  if (best >= 0) {
    heap_name(dev, (size_t)best, name, sizeof name);
    set(r, WW_REGION_HEAP, dev->allocs[best].base, dev->allocs[best].bytes, name);
  }
  return -1;
}

/* Which log word off (bytes into the region) is: ww_tm_txlog_entry()'s layout
 * of SM s's logs at TX_LOG_BASE + s * WARPS * 2 * TX_LOG_WORDS * 2 * LANES * 4. */
static void tx_log_word(uint32_t off, char *buf, size_t n)
{
  const uint32_t vec = 4u * WW_LANES, ent = 2u * vec, log = WW_TX_LOG_WORDS * ent;
  const uint32_t sm = off / (WW_WARPS_PER_SM * 2u * log), in_sm = off % (WW_WARPS_PER_SM * 2u * log);
  const uint32_t k = in_sm % ent;
  snprintf(buf, n, "the transaction log (SM %u warp %u %s log, entry %u, lane %u's %s)", sm,
           in_sm / (2u * log), (in_sm / log) & 1u ? "write" : "read", (in_sm % log) / ent,
           (k % vec) / 4u, k >= vec ? "word" : "address");
}

void ww_dev_describe(const ww_dev_t *dev, uint32_t addr, char *buf, size_t n)
{
  ww_region_t r;
  int in = ww_dev_region(dev, addr, &r) == 0;
  if (in && r.kind == WW_REGION_TX_LOG)
    tx_log_word(addr - r.base, buf, n);
  else if (in && (r.kind == WW_REGION_NULL_GUARD || r.kind == WW_REGION_LOCAL))
    snprintf(buf, n, "%s", r.name);
  else if (in)
    snprintf(buf, n, "%s + %u", r.name, addr - r.base);
  else if (!r.bytes)
    snprintf(buf, n, "no allocation");
  else if (addr >= r.base + r.bytes)
    snprintf(buf, n, "%u bytes past the end of %s", addr - (r.base + r.bytes), r.name);
  else
    snprintf(buf, n, "%u bytes before %s", r.base - addr, r.name);
}
