/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_backend_cmodel -- the "cmodel" backend: the golden C model (ww_gpu.h)
 * in this process, configured from cmodel/include/ww_config.h. Its run loop
 * steps the model and polls the runtime's watchdog (ww_watch.c).
 */
#include "ww_rt_internal.h"

#include <stdlib.h>
#include <string.h>

#define POLL_STEPS 4096u

typedef struct {
  ww_gpu_t  *g;
  ww_poll_fn poll;
  void      *poll_ctx;
  ww_trap_t  stopped;       /* the watchdog's stop, kind NONE when it did not stop */
} cm_t;

static void *cm_open(const ww_dev_opts_t *opts, char *err, size_t err_len)
{
  ww_gpu_cfg_t cfg = ww_gpu_default_cfg();
  cfg.seed = opts->seed;
  cfg.max_steps = opts->max_steps ? opts->max_steps : WW_DEFAULT_MAX_STEPS;
  if (opts->tm_warps)
    cfg.tm_warps_per_sm = opts->tm_warps == UINT32_MAX ? 0 : opts->tm_warps;
  if (opts->tx_watchdog)
    cfg.tx_watchdog = opts->tx_watchdog == UINT32_MAX ? 0 : opts->tx_watchdog;
  cfg.det = opts->det != 0;
  if (opts->det_quantum)
    cfg.det_quantum = opts->det_quantum;
  cfg.det_dwp = opts->det_dwp != 0;
  cm_t *c = calloc(1, sizeof *c);
  if (!c)
    return snprintf(err, err_len, "out of host memory"), NULL;
  if (!(c->g = ww_gpu_new(&cfg, err, err_len))) {
    free(c);
    return NULL;
  }
  return c;
}

static void cm_close(void *be)
{
  cm_t *c = be;
  ww_gpu_free(c->g);
  free(c);
}

static int cm_write(void *be, uint32_t addr, const void *src, size_t n)
{
  return ww_gpu_write(((cm_t *)be)->g, addr, src, n);
}

static int cm_read(void *be, uint32_t addr, void *dst, size_t n)
{
  return ww_gpu_read(((cm_t *)be)->g, addr, dst, n);
}

static int cm_launch(void *be, const ww_launch_t *launch, char *err, size_t err_len)
{
  cm_t *c = be;
  memset(&c->stopped, 0, sizeof c->stopped);
  return ww_gpu_launch(c->g, launch, err, err_len);
}

static ww_run_t cm_run(void *be)
{
  cm_t *c = be;
  ww_gpu_stats_t st;
  for (uint64_t n = 1;; n++) {
    ww_run_t r = ww_gpu_step(c->g);
    if (r != WW_RUN_RUNNING)
      return r;
    if (c->poll && n % POLL_STEPS == 0) {
      ww_gpu_stats(c->g, &st);
      if (c->poll(c->poll_ctx, st.steps, c->stopped.detail, sizeof c->stopped.detail)) {
        c->stopped.kind = WW_TRAP_STEP_LIMIT;
        c->stopped.lane = -1;
        return WW_RUN_TRAP;
      }
    }
  }
}

static const ww_trap_t *cm_trap(void *be)
{
  cm_t *c = be;
  return c->stopped.kind != WW_TRAP_NONE ? &c->stopped : ww_gpu_trap(c->g);
}

static void cm_stats(void *be, ww_gpu_stats_t *stats) { ww_gpu_stats(((cm_t *)be)->g, stats); }

static void cm_set_retire_hook(void *be, ww_retire_fn fn, void *ctx)
{
  ww_gpu_set_retire_hook(((cm_t *)be)->g, fn, ctx);
}

static uint32_t cm_mem_bytes(void *be) { return ww_gpu_cfg(((cm_t *)be)->g)->gmem_bytes; }

static void cm_set_poll(void *be, ww_poll_fn fn, void *ctx)
{
  cm_t *c = be;
  c->poll = fn;
  c->poll_ctx = ctx;
}

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
  .set_poll = cm_set_poll,
};
