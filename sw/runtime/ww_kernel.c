/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_kernel -- loads a validated kernel ELF (ww_elf.c) into device memory:
 * file bytes of every PT_LOAD segment, zeroes for the rest (.bss). The heap
 * then starts above the highest loaded segment. An image that does not fit
 * the configuration (segments outside global memory or in the null guard,
 * code larger than the SM instruction memory) is refused before anything is
 * written, on every backend.
 */
#include "ww_rt_internal.h"

#include <stdlib.h>
#include <string.h>

static int write_zeroes(ww_dev_t *dev, uint32_t addr, uint32_t n)
{
  static const uint8_t zero[4096];
  while (n) {
    uint32_t c = n < sizeof zero ? n : (uint32_t)sizeof zero;
    if (dev->ops->write(dev->be, addr, zero, c) != 0)
      return -1;
    addr += c;
    n -= c;
  }
  return 0;
}

static int load_segments(ww_dev_t *dev, const ww_elf_t *e)
{
  for (unsigned i = 0; i < e->nseg; i++) {
    const ww_elf_seg_t *s = &e->seg[i];
    if ((s->filesz && dev->ops->write(dev->be, s->vaddr, e->buf + s->offset, s->filesz) != 0) ||
        write_zeroes(dev, s->vaddr + s->filesz, s->memsz - s->filesz) != 0)
      return -1;
  }
  return 0;
}

ww_kernel_t *ww_kernel_load(ww_dev_t *dev, const char *elf_path)
{
  if (!elf_path) {
    ww_dev_fail(dev, "no kernel file given");
    return NULL;
  }
  ww_kernel_t *k = calloc(1, sizeof *k);
  if (!k) {
    ww_dev_fail(dev, "%s: out of host memory", elf_path);
    return NULL;
  }
  char why[400];
  if (ww_elf_open(&k->elf, elf_path, dev->mem_lo, dev->tx_log_base, why, sizeof why) != 0) {
    ww_dev_fail(dev, "%s: %s", elf_path, why);
    free(k);
    return NULL;
  }
  /* Every backend runs what the hardware can: the RTL fetches from a per-SM
   * instruction memory, so code beyond it is refused here, not trapped on. */
  if (ww_elf_check_code(&k->elf, dev->code_base, dev->imem_bytes, why, sizeof why) != 0) {
    ww_dev_fail(dev, "%s: %s", elf_path, why);
    ww_elf_close(&k->elf);
    free(k);
    return NULL;
  }
  if (dev->heap_next > dev->heap_base && k->elf.hi > dev->heap_base) {
    ww_dev_fail(dev, "%s: the image [0x%08x, 0x%08x) would overlap device memory already "
                "allocated from 0x%08x; load kernels first or reset the heap",
                elf_path, k->elf.lo, k->elf.hi, dev->heap_base);
    ww_elf_close(&k->elf);
    free(k);
    return NULL;
  }
  for (const ww_kernel_t *o = dev->kernels; o; o = o->next) {
    if (k->elf.lo < o->elf.hi && o->elf.lo < k->elf.hi) {
      ww_dev_fail(dev, "%s: the image [0x%08x, 0x%08x) would overwrite a kernel still loaded "
                  "at [0x%08x, 0x%08x); free that one first",
                  elf_path, k->elf.lo, k->elf.hi, o->elf.lo, o->elf.hi);
      ww_elf_close(&k->elf);
      free(k);
      return NULL;
    }
  }
  if (load_segments(dev, &k->elf) != 0) {
    ww_dev_fail(dev, "%s: writing the image to device memory failed", elf_path);
    ww_elf_close(&k->elf);
    free(k);
    return NULL;
  }
  if (k->elf.hi > dev->image_top) {
    dev->image_top = k->elf.hi;
    if (dev->heap_next == dev->heap_base)
      ww_dev_reset_heap(dev);
  }
  k->dev = dev;
  const char *base = strrchr(elf_path, '/');
  snprintf(k->name, sizeof k->name, "%s", base ? base + 1 : elf_path);
  k->next = dev->kernels;
  dev->kernels = k;
  return k;
}

void ww_kernel_free(ww_kernel_t *k)
{
  if (!k)
    return;
  ww_dev_t *dev = k->dev;
  if (dev) {
    for (ww_kernel_t **p = &dev->kernels; *p; p = &(*p)->next) {
      if (*p == k) {
        *p = k->next;
        break;
      }
    }
    if (dev->launched == k)
      dev->launched = NULL;
  }
  ww_elf_close(&k->elf);
  free(k);
}

uint32_t ww_kernel_entry(const ww_kernel_t *k) { return k->elf.entry; }

const ww_elf_t *ww_kernel_elf(const ww_kernel_t *k) { return &k->elf; }

int ww_kernel_srcline(const ww_kernel_t *k, uint32_t pc, char *buf, size_t n)
{
  if (!k) {
    if (n)
      buf[0] = '\0';
    return -1;
  }
  return ww_srcline_lookup(k->elf.lines, pc, buf, n);
}
