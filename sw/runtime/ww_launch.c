/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_launch -- launch and wait: writes the argument block, starts the grid,
 * runs it to completion or trap, and turns a trap into the one-line report
 * (kind, SM, warp, block, mask, PC, disassembly, source line, detail).
 */
#include "ww_rt_internal.h"

#include <string.h>

/* Every field of ww_gpu_stats_t is a uint64_t counter. */
_Static_assert(sizeof(ww_gpu_stats_t) % sizeof(uint64_t) == 0, "stats are uint64_t counters");

/* The counters of this launch, whether or not the backend resets them. */
static void stats_since_launch(ww_dev_t *dev, ww_gpu_stats_t *out)
{
  enum { N = sizeof(ww_gpu_stats_t) / sizeof(uint64_t) };
  uint64_t now[N], then[N];
  dev->ops->stats(dev->be, out);
  memcpy(now, out, sizeof now);
  memcpy(then, &dev->stats0, sizeof then);
  for (unsigned i = 0; i < N; i++)
    now[i] -= now[i] >= then[i] ? then[i] : now[i];
  memcpy(out, now, sizeof now);
}

int ww_launch(ww_dev_t *dev, const ww_kernel_t *k, uint32_t grid, uint32_t block,
              const void *args, size_t args_bytes)
{
  if (!k || k->dev != dev)
    return ww_dev_fail(dev, "launch: the kernel was not loaded on this device");
  if (grid == 0)
    return ww_dev_fail(dev, "launch: grid must be at least 1 block");
  if (block == 0 || block > dev->max_block)
    return ww_dev_fail(dev, "launch: block must be 1..%u threads (WARPS_PER_SM x LANES), got %u",
                       dev->max_block, block);
  if (args_bytes && !args)
    return ww_dev_fail(dev, "launch: %zu argument bytes but no argument data", args_bytes);
  if (args_bytes > UINT32_MAX)
    return ww_dev_fail(dev, "launch: argument block too large (%zu bytes)", args_bytes);
  uint32_t kargs = 0;
  if (args_bytes) {
    if (args_bytes > dev->args_cap) {
      uint32_t a = ww_dev_alloc(dev, (uint32_t)args_bytes);
      if (!a)
        return ww_dev_fail(dev, "launch: no device memory for %zu argument bytes", args_bytes);
      dev->args_addr = a;
      ww_dev_name_alloc(dev, a, "the argument block");
      dev->args_cap = (uint32_t)((args_bytes + 63) & ~(size_t)63);
    }
    if (ww_dev_copy_to(dev, dev->args_addr, args, args_bytes) != 0)
      return -1;
    kargs = dev->args_addr;
  }
  ww_launch_t l = { .entry_pc = k->elf.entry, .grid = grid, .block = block, .kargs = kargs };
  char why[256] = "";
  if (dev->ops->launch(dev->be, &l, why, sizeof why) != 0)
    return ww_dev_fail(dev, "launch: %s", why[0] ? why : "refused by the backend");
  dev->ops->stats(dev->be, &dev->stats0);
  ww_watch_launch(dev);
  ww_memcheck_launch(dev, block);
  dev->pending = 1;
  dev->launched = k;
  dev->err[0] = '\0';
  return 0;
}

int ww_wait(ww_dev_t *dev, ww_result_t *res)
{
  memset(res, 0, sizeof *res);
  if (!dev->pending) {
    res->trap.lane = -1;
    return ww_dev_fail(dev, "wait: no grid was launched");
  }
  ww_run_t st = dev->ops->run(dev->be);
  dev->pending = 0;
  stats_since_launch(dev, &res->stats);
  if (st == WW_RUN_DONE) {
    res->ok = 1;
    res->trap.kind = WW_TRAP_NONE;
    res->trap.lane = -1;
    return 0;
  }
  const ww_trap_t *t = dev->ops->trap(dev->be);
  if (t && t->kind != WW_TRAP_NONE) {
    res->trap = *t;
    res->trap.detail[sizeof res->trap.detail - 1] = '\0';
    ww_watch_fill_trap(dev, &res->trap);
    res->stop = dev->stop;
  } else {
    res->trap.kind = WW_TRAP_NONE;
    res->trap.lane = -1;
    snprintf(res->message, sizeof res->message, "the %s backend stopped without a result",
             dev->ops->name);
    return ww_dev_fail(dev, "%s", res->message);
  }
  char src[300] = "", call[128] = "";
  if (ww_kernel_srcline(dev->launched, res->trap.pc, src, sizeof src) == 0 &&
      ww_srcline_callsite(dev->launched->elf.lines, res->trap.pc, call, sizeof call) == 0) {
    size_t len = strlen(src);
    snprintf(src + len, sizeof src - len, " inlined at %s", call);
  }
  ww_trap_format(&res->trap, dev->lanes, src, res->message, sizeof res->message);
  return ww_dev_fail(dev, "%s", res->message);
}
