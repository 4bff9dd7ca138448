/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_backend_cmodel -- the "cmodel" backend: the golden C model (ww_gpu.h)
 * in this process, configured from cmodel/include/ww_config.h.
 */
#include "ww_rt_internal.h"

static void *cm_open(const ww_dev_opts_t *opts, char *err, size_t err_len)
{
  ww_gpu_cfg_t cfg = ww_gpu_default_cfg();
  cfg.seed = opts->seed;
  cfg.max_steps = opts->max_steps ? opts->max_steps : WW_DEFAULT_MAX_STEPS;
  return ww_gpu_new(&cfg, err, err_len);
}

static void cm_close(void *be) { ww_gpu_free(be); }

static int cm_write(void *be, uint32_t addr, const void *src, size_t n)
{
  return ww_gpu_write(be, addr, src, n);
}

static int cm_read(void *be, uint32_t addr, void *dst, size_t n)
{
  return ww_gpu_read(be, addr, dst, n);
}

static int cm_launch(void *be, const ww_launch_t *launch, char *err, size_t err_len)
{
  return ww_gpu_launch(be, launch, err, err_len);
}

static ww_run_t cm_run(void *be) { return ww_gpu_run(be); }

static const ww_trap_t *cm_trap(void *be) { return ww_gpu_trap(be); }

static void cm_stats(void *be, ww_gpu_stats_t *stats) { ww_gpu_stats(be, stats); }

static void cm_set_retire_hook(void *be, ww_retire_fn fn, void *ctx)
{
  ww_gpu_set_retire_hook(be, fn, ctx);
}

static uint32_t cm_mem_bytes(void *be) { return ww_gpu_cfg(be)->gmem_bytes; }

const ww_backend_t ww_backend_cmodel = {
  .name = "cmodel",
  .open = cm_open,
  .close = cm_close,
  .write = cm_write,
  .read = cm_read,
  .launch = cm_launch,
  .run = cm_run,
  .trap = cm_trap,
  .stats = cm_stats,
  .set_retire_hook = cm_set_retire_hook,
  .mem_bytes = cm_mem_bytes,
};
