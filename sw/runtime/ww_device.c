/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_device -- devices over a backend: open/close, error text, the device
 * heap (a bump allocator between the loaded images and local memory), host
 * copies, and the retire hook shared by ww_dev_trace() and the user's hook.
 */
#include "ww_rt_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"

#define HEAP_ALIGN 64u



const ww_backend_t *ww_backend_find(const char *name)
{
  const ww_backend_t *const backends[] = { &ww_backend_cmodel, &ww_backend_verilator,
                                            &ww_backend_fpga };
  for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
    if (name && backends[i] && strcmp(name, backends[i]->name) == 0)
      return backends[i];
  return NULL;
}

int ww_cosim_mode(const char *name)
{
  static const char *const names[] = { "sync", "strict", "follow", "off" };
  for (int i = 0; i < 4; i++)
    if (name && strcmp(name, names[i]) == 0)
      return i;
  return -1;
}

const char *ww_backend_names(void)
{
  if (&ww_backend_fpga)
    return &ww_backend_verilator ? "cmodel, verilator, fpga" : "cmodel, fpga";
  return &ww_backend_verilator ? "cmodel, verilator" : "cmodel";
}

int ww_dev_fail(ww_dev_t *dev, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(dev->err, sizeof dev->err, fmt, ap);
  va_end(ap);
  return -1;
}

const char *ww_dev_error(const ww_dev_t *dev) { return dev ? dev->err : "no device"; }

int ww_scord_mode(const char *name)
{
  static const char *const names[] = { "off", "cached", "full" };
  for (int i = 0; i < 3; i++)
    if (name && strcmp(name, names[i]) == 0)
      return i;
  return -1;
}

const char *ww_race_type_text(unsigned type)
{
  static const char *const t[WW_SCORD_RACE_N] = {
#define WW_RACE_TEXT(name, value, text) [value] = text,
    WW_SCORD_RACE_LIST(WW_RACE_TEXT)
#undef WW_RACE_TEXT
  };
  return type != WW_SCORD_RACE_NONE && type < WW_SCORD_RACE_N ? t[type] : "?";
}

int ww_dev_races(ww_dev_t *dev, ww_race_t *out, size_t max, size_t *n, ww_scord_stats_t *st)
{
  if (!dev->ops->races) {
    snprintf(dev->err, sizeof dev->err, "the %s backend has no race detector "
             "(ScoRD is in the RTL: use --backend verilator)", dev->ops->name);
    return -1;
  }
  if (dev->ops->races(dev->be, out, max, n, st) != 0) {
    snprintf(dev->err, sizeof dev->err, "no completed launch with ScoRD on");
    return -1;
  }
  return 0;
}

int ww_dev_stalls(ww_dev_t *dev, ww_stalls_t *out)
{
  if (!dev->ops->stalls) {
    snprintf(dev->err, sizeof dev->err, "the %s backend has no stall counters "
             "(they are in the RTL: use --backend verilator)", dev->ops->name);
    return -1;
  }
  if (dev->ops->stalls(dev->be, out) != 0) {
    snprintf(dev->err, sizeof dev->err, "no completed launch to read stall counters from");
    return -1;
  }
  return 0;
}

int ww_dev_tm_counters(ww_dev_t *dev, ww_tm_counters_t *out)
{
  if (!dev->ops->tm_counters) {
    snprintf(dev->err, sizeof dev->err, "the %s backend has no KILO TM commit units "
             "(they are in the RTL: use --backend verilator)", dev->ops->name);
    return -1;
  }
  if (dev->ops->tm_counters(dev->be, out) != 0) {
    snprintf(dev->err, sizeof dev->err, "no launch to read commit-unit counters from");
    return -1;
  }
  return 0;
}

static uint32_t align_up(uint32_t x) { return (x + HEAP_ALIGN - 1) & ~(HEAP_ALIGN - 1); }

ww_dev_t *ww_dev_open(const ww_dev_opts_t *opts, char *err, size_t err_len)
{
  ww_dev_opts_t o = { 0 };
  if (opts)
    o = *opts;
  if (!o.backend)
    o.backend = "cmodel";
  const ww_backend_t *ops = ww_backend_find(o.backend);
  if (!ops) {
    if (err && err_len)
      snprintf(err, err_len, "unknown backend '%s' (available: %s)", o.backend,
               ww_backend_names());
    return NULL;
  }
  if (o.scord != WW_SCORD_OFF && !ops->races) {
    if (err && err_len)
      snprintf(err, err_len, "ScoRD race detection is in the RTL: the %s backend has none "
               "(use --backend verilator)", o.backend);
    return NULL;
  }
  ww_dev_t *dev = calloc(1, sizeof *dev);
  char why[256] = "";
  if (!dev || !(dev->be = ops->open(&o, why, sizeof why))) {
    if (err && err_len)
      snprintf(err, err_len, "%s backend: %s", o.backend, dev ? why : "out of host memory");
    free(dev);
    return NULL;
  }
  dev->ops = ops;
  dev->lanes = WW_LANES;
  dev->max_block = WW_WARPS_PER_SM * WW_LANES;
  dev->mem_bytes = ops->mem_bytes(dev->be);
  dev->mem_lo = WW_NULL_GUARD_BYTES;
  dev->code_base = WW_CODE_BASE;
  dev->imem_bytes = WW_IMEM_BYTES;
  uint64_t local = (uint64_t)WW_NUM_SM * WW_WARPS_PER_SM * WW_LANES * WW_LOCAL_BYTES;
  if (local + dev->mem_lo + HEAP_ALIGN > dev->mem_bytes) {
    if (err && err_len)
      snprintf(err, err_len, "%s backend: %u bytes of global memory leave no room for "
               "%llu bytes of local memory", o.backend, dev->mem_bytes,
               (unsigned long long)local);
    ops->close(dev->be);
    free(dev);
    return NULL;
  }
  dev->local_base = dev->mem_bytes - (uint32_t)local;
  /* the transaction logs (every backend's hardware has the region; the model
   * computes it from the same configuration) */
  ww_gpu_cfg_t gc = ww_gpu_default_cfg();
  gc.gmem_bytes = dev->mem_bytes;
  const uint32_t logs = dev->local_base - ww_gpu_tx_log_base(&gc);
  if ((uint64_t)local + logs + dev->mem_lo + HEAP_ALIGN > dev->mem_bytes) {
    if (err && err_len)
      snprintf(err, err_len, "%s backend: %u bytes of global memory leave no room for "
               "%llu bytes of local memory and %u bytes of transaction logs", o.backend,
               dev->mem_bytes, (unsigned long long)local, logs);
    ops->close(dev->be);
    free(dev);
    return NULL;
  }
  dev->tx_log_base = dev->local_base - logs;
  dev->hang_limit = o.hang_limit ? o.hang_limit : WW_DEFAULT_HANG_LIMIT;
  dev->progress = o.progress;
  dev->memcheck = o.memcheck;
  ww_dev_update_hook(dev);
  if (ops->set_poll)
    ops->set_poll(dev->be, ww_watch_poll, dev);
  dev->image_top = dev->mem_lo;
  ww_dev_reset_heap(dev);
  return dev;
}

void ww_dev_close(ww_dev_t *dev)
{
  if (!dev)
    return;
  for (ww_kernel_t *k = dev->kernels; k; k = k->next)
    k->dev = NULL;
  dev->ops->close(dev->be);
  free(dev->allocs);
  free(dev);
}

uint32_t ww_dev_alloc(ww_dev_t *dev, uint32_t bytes)
{
  uint64_t size = ((uint64_t)(bytes ? bytes : 1) + HEAP_ALIGN - 1) & ~(uint64_t)(HEAP_ALIGN - 1);
  if (dev->heap_next + size > dev->tx_log_base) {
    ww_dev_fail(dev, "out of device memory: %u bytes requested, %u free (the heap ends at "
                "0x%08x, where the transaction log region begins)", bytes,
                dev->tx_log_base - dev->heap_next, dev->tx_log_base);
    return 0;
  }
  uint32_t addr = dev->heap_next;
  if (ww_regions_add(dev, addr, bytes, NULL) != 0) {
    ww_dev_fail(dev, "out of host memory");
    return 0;
  }
  dev->heap_next += (uint32_t)size;
  return addr;
}

void ww_dev_reset_heap(ww_dev_t *dev)
{
  dev->heap_base = dev->heap_next = align_up(dev->image_top);
  dev->args_addr = dev->args_cap = 0;
  ww_regions_reset(dev);
}

static int check_range(ww_dev_t *dev, const char *what, uint32_t addr, size_t n)
{
  if (n == 0)
    return 0;
  if (addr < dev->mem_lo || (uint64_t)addr + n > dev->mem_bytes)
    return ww_dev_fail(dev, "%s [0x%08x, +%zu bytes) is outside global memory [0x%x, 0x%x)",
                       what, addr, n, dev->mem_lo, dev->mem_bytes);
  return 0;
}

int ww_dev_copy_to(ww_dev_t *dev, uint32_t dst, const void *src, size_t n)
{
  if (check_range(dev, "copy to device", dst, n))
    return -1;
  if (n && dev->ops->write(dev->be, dst, src, n) != 0)
    return ww_dev_fail(dev, "copy to device [0x%08x, +%zu bytes) failed", dst, n);
  return 0;
}

int ww_dev_copy_from(ww_dev_t *dev, void *dst, uint32_t src, size_t n)
{
  if (check_range(dev, "copy from device", src, n))
    return -1;
  if (n && dev->ops->read(dev->be, src, dst, n) != 0)
    return ww_dev_fail(dev, "copy from device [0x%08x, +%zu bytes) failed", src, n);
  return 0;
}

static void dispatch(void *ctx, const ww_retire_t *r)
{
  ww_dev_t *dev = ctx;
  ww_watch_retire(dev, r);
  if (dev->memcheck)
    ww_memcheck_retire(dev, r);
  if (dev->trace)
    ww_trace_write(dev->trace, r, dev->lanes);
  if (dev->tjson)
    ww_trace_json_retire(dev->tjson, r);
  if (dev->hook)
    dev->hook(dev->hook_ctx, r);
}

/* The watchdog (ww_watch.c) sees every retire record: the hook stays on. */
void ww_dev_update_hook(ww_dev_t *dev) { dev->ops->set_retire_hook(dev->be, dispatch, dev); }

void ww_dev_trace(ww_dev_t *dev, FILE *f)
{
  dev->trace = f;
  ww_dev_update_hook(dev);
}

void ww_dev_set_retire_hook(ww_dev_t *dev, ww_retire_fn fn, void *ctx)
{
  dev->hook = fn;
  dev->hook_ctx = ctx;
  ww_dev_update_hook(dev);
}
