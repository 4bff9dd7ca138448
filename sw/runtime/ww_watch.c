/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_watch -- the run's watchdog, progress lines and Ctrl-C, the same on
 * every backend. It sees every retired warp instruction (the device's retire
 * hook) and is polled by the backend's run loop every few thousand cycles
 * (verilator) or scheduler steps (cmodel):
 *   - progress: a store, an atomic (any space), a barrier, an exit or a
 *     transaction's commit. No progress for hang_limit cycles stops the run
 *     as a hang: an endless loop, or a wait (a spin on a flag, a lock) that
 *     never ends;
 *   - a spin is named sooner: once there has been no progress for
 *     WW_SPIN_WINDOW cycles, and every live warp that retired anything since
 *     goes round a cycle of states (pc, mask, every lane's registers), each
 *     state the one of `period` instructions before, nothing can change any
 *     more. Memory is as it was (nothing was written), so each warp goes
 *     round its loop forever. The warps' registers are shadowed from the
 *     retire records' rd values; Brent's cycle search finds the period in
 *     at most about twice the loop's length, and every later state is
 *     checked against the one a period before (a warp that leaves its loop,
 *     because a store from before the window landed, is no longer
 *     spinning). A loop that counts (a compute loop, a read of the cycle
 *     CSR) never repeats a state and is left to hang_limit, as are warps
 *     that run transactions (KILO TM's watchdog aborts a doomed one without
 *     a store, so a repeated state there can still end);
 *   - ww_dev_interrupt() (a SIGINT handler) stops it at the next poll;
 *   - with progress on, a line on stderr every second once the run has
 *     taken two seconds: cycles, instructions, rate.
 * Every stop is a WW_TRAP_STEP_LIMIT trap; ww_result_t.stop says which, and
 * the trap names a warp by its last retired instruction (the backends do not
 * know where a warp is when they stop), ww_dev_warps() every warp.
 */
#include "ww_rt_internal.h"

#include <inttypes.h>
#include <string.h>
#include <time.h>

#include "ww_isa.h"

static double wall(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* No progress for this many cycles/steps before a spin may be named: stores
 * still in flight and the commit units' writes of committed transactions
 * land well before it, so memory no longer changes. */
#define WW_SPIN_WINDOW 32768u

void ww_watch_launch(ww_dev_t *dev)
{
  memset(dev->warps, 0, sizeof dev->warps);
  dev->interrupt = 0;
  dev->stop = WW_STOP_NONE;
  dev->last_progress = UINT64_MAX;
  dev->now = dev->retired = dev->epoch = 0;
  dev->t_start = dev->t_print = wall();
}

/* splitmix64's finaliser: a 64-bit mix of one word */
static uint64_t mix(uint64_t x)
{
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/* a register's part of the hash; 0 for a zero register, so the hash of a
 * cleared register file is 0 */
static uint64_t reg_term(unsigned lane, unsigned reg, uint32_t v)
{
  return v ? mix((uint64_t)lane << 40 | (uint64_t)reg << 32 | v) : 0;
}

#define WW_SPIN_RING 64u   /* the longest period checked (ring[] of ww_warp_watch) */

static void spin_restart(struct ww_warp_watch *w, uint64_t state)
{
  w->period = 0;
  w->saved = state;
  w->power = 1;
  w->lam = 0;
}

/* The warp is about to execute r->pc under r->mask with its registers as
 * they are (before r's write): Brent's search for a period, then the check
 * that the states keep repeating with it. (The pc and mask term has bit 63
 * set, the register terms never do.) */
static void spin_step(ww_dev_t *dev, struct ww_warp_watch *w, const ww_retire_t *r)
{
  uint64_t state = w->regs_hash ^ mix(1ull << 63 | (uint64_t)r->mask << 32 | r->pc);
  if (w->epoch != dev->epoch) {   /* progress since the search began: start over */
    w->epoch = dev->epoch;
    w->n = 0;
    spin_restart(w, state);
  } else if (w->period) {
    if (w->ring[(w->n - w->period) % WW_SPIN_RING] != state)
      spin_restart(w, state);     /* it left the loop */
  } else if (++w->lam, state == w->saved) {
    if (w->lam <= WW_SPIN_RING && w->lam <= w->n)
      w->period = (unsigned)w->lam;
    else
      spin_restart(w, state);
  } else if (w->lam == w->power) {
    w->saved = state;
    w->power <<= 1;
    w->lam = 0;
  }
  w->ring[w->n++ % WW_SPIN_RING] = state;
}

static void shadow_write(struct ww_warp_watch *w, const ww_retire_t *r)
{
  if (r->rd == 0 || r->rd >= 32)
    return;
  for (unsigned l = 0; l < WW_LANES; l++) {
    if (!(r->mask >> l & 1))
      continue;
    uint32_t *x = &w->regs[l][r->rd];
    w->regs_hash ^= reg_term(l, r->rd, *x) ^ reg_term(l, r->rd, r->rd_val[l]);
    *x = r->rd_val[l];
  }
}

static int is_write(unsigned mem)
{
  return mem == WW_MEM_STORE || mem == WW_MEM_STORE_STRONG || mem == WW_MEM_SHARED_STORE ||
         mem == WW_MEM_ATOMIC_BLK || mem == WW_MEM_ATOMIC_DEV || mem == WW_MEM_SHARED_ATOMIC;
}

void ww_watch_retire(ww_dev_t *dev, const ww_retire_t *r)
{
  ww_insn_t d;
  ww_decode(r->insn, &d);
  dev->retired++;
  if (is_write(r->mem) || d.op == WW_OP_EXIT || d.op == WW_OP_BAR || d.op == WW_OP_TX_COMMIT) {
    dev->last_progress = r->step;
    dev->epoch++;
  }
  if (r->sm < WW_NUM_SM && r->warp < WW_WARPS_PER_SM) {
    struct ww_warp_watch *w = &dev->warps[r->sm][r->warp];
    if (w->retired == 0 || w->block != r->block) {   /* a new block in the slot */
      memset(w->regs, 0, sizeof w->regs);
      w->regs_hash = 0;
      w->tx = 0;
      w->epoch = UINT64_MAX;   /* spin_step starts a search */
    }
    w->pc = r->pc;
    w->block = r->block;
    w->retired++;
    w->live = d.op != WW_OP_EXIT;
    w->tx |= d.op == WW_OP_TX_BEGIN;
    spin_step(dev, w, r);
    shadow_write(w, r);
  }
}

/* Every live warp that retired since the last progress is spinning (and
 * ran no transaction), and at least one did. */
static int all_spinning(const ww_dev_t *dev)
{
  int any = 0;
  for (unsigned s = 0; s < WW_NUM_SM; s++)
    for (unsigned k = 0; k < WW_WARPS_PER_SM; k++) {
      const struct ww_warp_watch *w = &dev->warps[s][k];
      if (!w->retired || !w->live || w->epoch != dev->epoch)
        continue;   /* silent since the last progress */
      if (!w->period || w->tx)
        return 0;
      any = 1;
    }
  return any;
}

int ww_watch_poll(void *ctx, uint64_t now, char *detail, size_t n)
{
  ww_dev_t *dev = ctx;
  const char *unit = strcmp(dev->ops->name, "cmodel") == 0 ? "scheduler steps" : "cycles";
  dev->now = now;
  if (dev->last_progress == UINT64_MAX || dev->last_progress > now)
    dev->last_progress = now;   /* the first poll of the launch */
  if (dev->interrupt) {
    dev->stop = WW_STOP_INTERRUPT;
    snprintf(detail, n, "interrupted (Ctrl-C) after %" PRIu64 " %s", now, unit);
    return 1;
  }
  if (dev->hang_limit != UINT64_MAX && now - dev->last_progress > dev->hang_limit) {
    dev->stop = WW_STOP_HANG;
    snprintf(detail, n, "hang: no store, atomic, barrier or exit for %" PRIu64 " %s (an "
             "endless loop or wait? --hang-limit N)", now - dev->last_progress, unit);
    return 1;
  }
  if (dev->hang_limit != UINT64_MAX && now - dev->last_progress > WW_SPIN_WINDOW &&
      all_spinning(dev)) {
    dev->stop = WW_STOP_HANG;
    snprintf(detail, n, "hang: no store, atomic, barrier or exit for %" PRIu64 " %s, and "
             "every live warp repeats a cycle of states (pc, registers): an endless loop or wait "
             "(--hang-limit 0 turns the watchdog off)", now - dev->last_progress, unit);
    return 1;
  }
  if (dev->progress) {
    double t = wall();
    if (t - dev->t_start >= 2.0 && t - dev->t_print >= 1.0) {
      double secs = t - dev->t_start;
      fprintf(stderr, "warpwatch: %s: %" PRIu64 " %s, %" PRIu64 " warp instructions, "
              "%.0f %s/s, %.0f s\n", dev->ops->name, now, unit, dev->retired,
              (double)now / secs, unit, secs);
      dev->t_print = t;
    }
  }
  return 0;
}

void ww_dev_interrupt(ww_dev_t *dev) { dev->interrupt = 1; }

size_t ww_dev_warps(const ww_dev_t *dev, ww_warp_pos_t *out, size_t max)
{
  size_t k = 0;
  for (unsigned s = 0; s < WW_NUM_SM; s++)
    for (unsigned w = 0; w < WW_WARPS_PER_SM; w++) {
      const struct ww_warp_watch *x = &dev->warps[s][w];
      if (!x->retired)
        continue;
      if (k < max)
        out[k] = (ww_warp_pos_t){ s, w, x->block, x->pc, x->retired, x->live };
      k++;
    }
  return k;
}

void ww_watch_fill_trap(ww_dev_t *dev, ww_trap_t *t)
{
  if (t->kind != WW_TRAP_STEP_LIMIT)
    return;
  if (dev->stop == WW_STOP_NONE)
    dev->stop = WW_STOP_LIMIT;
  /* the backend's own report names a warp when it knows one (the cmodel) */
  if (t->pc || t->insn)
    return;
  for (unsigned s = 0; s < WW_NUM_SM; s++)
    for (unsigned w = 0; w < WW_WARPS_PER_SM; w++) {
      const struct ww_warp_watch *x = &dev->warps[s][w];
      if (x->retired && x->live) {
        t->sm = s;
        t->warp = w;
        t->block = x->block;
        t->pc = x->pc;
        uint8_t insn[4] = { 0 };
        if (dev->ops->read(dev->be, x->pc, insn, 4) == 0)
          t->insn = (uint32_t)insn[0] | (uint32_t)insn[1] << 8 | (uint32_t)insn[2] << 16 |
                    (uint32_t)insn[3] << 24;
        t->mask = 0;
        return;
      }
    }
}
