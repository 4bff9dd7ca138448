/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu -- the golden GPU model's API, launch, block distribution and warp
 * scheduler (docs/isa.md "Execution model", "Kernel images and launch",
 * "Errors"). Instruction semantics live in ww_gpu_exec.c, the memory system
 * in ww_gpu_mem.c.
 *
 * One scheduler step: every SM issues at most one instruction of one ready
 * warp -- the next ready slot after the one it issued last (seed 0), or a
 * uniformly random ready slot from the splitmix64 stream of the seed -- then
 * finished blocks leave and waiting blocks take their places, in increasing
 * block index on the lowest-numbered SM with room.
 */
#include "ww_gpu_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_tm_log.h"
#include "ww_util.h"

ww_gpu_cfg_t ww_gpu_default_cfg(void)
{
  ww_gpu_cfg_t c;
  memset(&c, 0, sizeof c);
  c.num_sm = WW_NUM_SM;
  c.warps_per_sm = WW_WARPS_PER_SM;
  c.lanes = WW_LANES;
  c.blocks_per_sm = WW_BLOCKS_PER_SM;
  c.line_bytes = WW_LINE_BYTES;
  c.l1_sets = WW_L1_SETS;
  c.l1_ways = WW_L1_WAYS;
  c.gmem_bytes = WW_GMEM_BYTES;
  c.null_guard = WW_NULL_GUARD_BYTES;
  c.shared_base = WW_SHARED_BASE;
  c.shmem_bytes = WW_SHMEM_BYTES;
  c.local_bytes = WW_LOCAL_BYTES;
  c.tx_log_words = WW_TX_LOG_WORDS;
  c.tx_watchdog = WW_TX_WATCHDOG;
  c.tm_warps_per_sm = WW_TM_WARPS_PER_SM;
  c.det = 0;
  c.det_quantum = WW_DET_QUANTUM;
  c.det_sb_lines = WW_DET_SB_LINES;
  c.det_dwp = 0;
  c.seed = 0;
  c.max_steps = 0;
  return c;
}

void ww_gpu_put_err(char *err, size_t n, const char *fmt, ...)
{
  if (!err || !n)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
}

/* bytes of local memory and of one SM's transaction logs */
static uint64_t local_bytes_all(const ww_gpu_cfg_t *c)
{
  return (uint64_t)c->num_sm * c->warps_per_sm * c->lanes * c->local_bytes;
}

static uint64_t tx_log_sm_bytes(const ww_gpu_cfg_t *c)
{
  return (uint64_t)c->warps_per_sm * 2u * c->tx_log_words * 2u * c->lanes * 4u;
}

uint32_t ww_gpu_local_base(const ww_gpu_cfg_t *c)
{
  return c->gmem_bytes - (uint32_t)local_bytes_all(c);
}

uint32_t ww_gpu_tx_log_base(const ww_gpu_cfg_t *c)
{
  return ww_gpu_local_base(c) - (uint32_t)(c->num_sm * tx_log_sm_bytes(c));
}

uint32_t ww_gpu_tx_log_sm_base(const ww_gpu_cfg_t *c, unsigned sm)
{
  return ww_gpu_tx_log_base(c) + (uint32_t)(sm * tx_log_sm_bytes(c));
}

static int check_cfg(const ww_gpu_cfg_t *c, char *err, size_t n)
{
  if (c->num_sm < 1 || c->num_sm > 16)
    return ww_gpu_put_err(err, n, "num_sm %u: must be 1..16", c->num_sm), -1;
  if (c->warps_per_sm < 1 || c->warps_per_sm > 32)
    return ww_gpu_put_err(err, n, "warps_per_sm %u: must be 1..32", c->warps_per_sm), -1;
  if (c->lanes < 1 || c->lanes > WW_MAX_LANES)
    return ww_gpu_put_err(err, n, "lanes %u: must be 1..%d", c->lanes, WW_MAX_LANES), -1;
  if (c->blocks_per_sm < 1)
    return ww_gpu_put_err(err, n, "blocks_per_sm must be >= 1"), -1;
  if (!ww_is_pow2(c->line_bytes) || c->line_bytes < 4 || c->line_bytes > 4096)
    return ww_gpu_put_err(err, n, "line_bytes %u: must be a power of two in 4..4096", c->line_bytes), -1;
  if (!ww_is_pow2(c->l1_sets) || c->l1_sets > 65536)
    return ww_gpu_put_err(err, n, "l1_sets %u: must be a power of two <= 65536", c->l1_sets), -1;
  if (c->l1_ways < 1 || c->l1_ways > 64)
    return ww_gpu_put_err(err, n, "l1_ways %u: must be 1..64", c->l1_ways), -1;
  if (c->gmem_bytes == 0 || c->gmem_bytes % c->line_bytes)
    return ww_gpu_put_err(err, n, "gmem_bytes %u: must be a nonzero multiple of line_bytes", c->gmem_bytes), -1;
  if (c->null_guard >= c->gmem_bytes)
    return ww_gpu_put_err(err, n, "null_guard %u leaves no global memory below gmem_bytes %u",
                   c->null_guard, c->gmem_bytes), -1;
  if (c->shared_base < c->gmem_bytes)
    return ww_gpu_put_err(err, n, "shared_base 0x%08x overlaps global memory (gmem_bytes 0x%08x)",
                   c->shared_base, c->gmem_bytes), -1;
  if ((uint64_t)c->shared_base + c->shmem_bytes > 0x100000000ull)
    return ww_gpu_put_err(err, n, "shared window 0x%08x + %u passes the end of the address space",
                   c->shared_base, c->shmem_bytes), -1;
  if (c->tx_log_words > 65536)
    return ww_gpu_put_err(err, n, "tx_log_words %u: must be 0..65536", c->tx_log_words), -1;
  if (c->det > 1)
    return ww_gpu_put_err(err, n, "det %u: must be 0 (off) or 1 (GPUDet)", c->det), -1;
  if (c->det && c->det_quantum < 1)
    return ww_gpu_put_err(err, n, "det_quantum 0: a quantum must allow at least 1 warp instruction"), -1;
  if (c->det_dwp && !c->det)
    return ww_gpu_put_err(err, n, "det_dwp needs det (GPUDet)"), -1;
  if (c->det && (c->det_sb_lines < c->lanes || c->det_sb_lines > 4096))
    return ww_gpu_put_err(err, n, "det_sb_lines %u: must be %u (lanes: one store's lines) .. %u",
                          c->det_sb_lines, c->lanes, 4096u), -1;
  if (c->local_bytes % 4)
    return ww_gpu_put_err(err, n, "local_bytes %u: must be a multiple of 4", c->local_bytes), -1;
  uint64_t local = local_bytes_all(c), logs = c->num_sm * tx_log_sm_bytes(c);
  if (local > (uint64_t)(c->gmem_bytes - c->null_guard))
    return ww_gpu_put_err(err, n, "local memory (%llu bytes) does not fit above the null guard",
                   (unsigned long long)local), -1;
  if (local + logs > (uint64_t)(c->gmem_bytes - c->null_guard))
    return ww_gpu_put_err(err, n, "local memory (%llu bytes) and the transaction logs (%llu bytes: "
                   "tx_log_words %u) do not fit above the null guard",
                   (unsigned long long)local, (unsigned long long)logs, c->tx_log_words), -1;
  return 0;
}

ww_gpu_t *ww_gpu_new(const ww_gpu_cfg_t *cfg, char *err, size_t err_len)
{
  if (!cfg)
    return ww_gpu_put_err(err, err_len, "no configuration"), NULL;
  if (check_cfg(cfg, err, err_len))
    return NULL;
  ww_gpu_t *g = calloc(1, sizeof *g);
  if (!g)
    return ww_gpu_put_err(err, err_len, "out of memory"), NULL;
  g->cfg = *cfg;
  g->nbslots = cfg->blocks_per_sm < cfg->warps_per_sm ? cfg->blocks_per_sm : cfg->warps_per_sm;
  g->line_shift = ww_clog2(cfg->line_bytes);
  g->set_mask = cfg->l1_sets - 1;
  g->lanes_mask = cfg->lanes == 32 ? 0xFFFFFFFFu : (1u << cfg->lanes) - 1;
  g->local_base0 = ww_gpu_local_base(cfg);
  g->tx_log_base = ww_gpu_tx_log_base(cfg);
  g->cid_mask = WW_CID_W >= 32 ? 0xFFFFFFFFu : (1u << WW_CID_W) - 1;
  g->gmem = calloc(cfg->gmem_bytes, 1);
  uint32_t pdc_bytes = cfg->gmem_bytes < WW_PDC_MAX ? cfg->gmem_bytes : WW_PDC_MAX;
  g->pdc_n = pdc_bytes / 4;
  g->pdc = calloc(g->pdc_n ? g->pdc_n : 1, sizeof *g->pdc);
  int bad = !g->gmem || !g->pdc;
  size_t lines = (size_t)cfg->l1_sets * cfg->l1_ways;
  for (unsigned s = 0; s < cfg->num_sm && !bad; s++) {
    ww_sm_t *sm = &g->sm[s];
    sm->warps = calloc(cfg->warps_per_sm, sizeof *sm->warps);
    sm->bslots = calloc(g->nbslots, sizeof *sm->bslots);
    sm->tag = calloc(lines, sizeof *sm->tag);
    sm->valid = calloc(lines, 1);
    sm->stamp = calloc(lines, sizeof *sm->stamp);
    sm->data = calloc(lines, cfg->line_bytes);
    bad = !sm->warps || !sm->bslots || !sm->tag || !sm->valid || !sm->stamp || !sm->data;
    for (unsigned w = 0; w < cfg->warps_per_sm && !bad; w++) {
      const uint32_t base = ww_gpu_tx_log_sm_base(cfg, s);
      sm->warps[w].rlog = ww_tm_txlog_entry(base, cfg->lanes, cfg->tx_log_words, w, 0, 0);
      sm->warps[w].wlog = ww_tm_txlog_entry(base, cfg->lanes, cfg->tx_log_words, w, 1, 0);
    }
    for (unsigned b = 0; b < g->nbslots && !bad; b++) {
      sm->bslots[b].shmem = calloc(cfg->shmem_bytes ? cfg->shmem_bytes : 1, 1);
      bad = !sm->bslots[b].shmem;
    }
  }
  if (!bad && cfg->tx_log_words) {   /* the CIDs that can be in flight: one per lane */
    const uint32_t lanes_all = cfg->num_sm * cfg->warps_per_sm * cfg->lanes;
    g->rob_n = 1;
    while (g->rob_n < lanes_all && g->rob_n <= g->cid_mask / 2)
      g->rob_n *= 2;
    g->rob = calloc(g->rob_n, sizeof *g->rob);
    bad = !g->rob;
  }
  if (bad) {
    ww_gpu_free(g);
    return ww_gpu_put_err(err, err_len, "out of memory"), NULL;
  }
  g->trap.kind = WW_TRAP_NONE;
  g->trap.lane = -1;
  return g;
}

void ww_gpu_free(ww_gpu_t *g)
{
  if (!g)
    return;
  ww_det_free(g);   /* before the warps it hangs off */
  for (unsigned s = 0; s < 16; s++) {
    ww_sm_t *sm = &g->sm[s];
    if (sm->bslots)
      for (unsigned b = 0; b < g->nbslots; b++)
        free(sm->bslots[b].shmem);
    free(sm->warps);
    free(sm->bslots);
    free(sm->tag);
    free(sm->valid);
    free(sm->stamp);
    free(sm->data);
  }
  free(g->rob);
  free(g->pdc);
  free(g->gmem);
  free(g);
}

const ww_gpu_cfg_t *ww_gpu_cfg(const ww_gpu_t *g) { return &g->cfg; }

static int gmem_range_ok(const ww_gpu_t *g, uint32_t addr, size_t n)
{
  return n <= g->cfg.gmem_bytes && addr <= g->cfg.gmem_bytes - n;
}

int ww_gpu_write(ww_gpu_t *g, uint32_t addr, const void *src, size_t n)
{
  if (!gmem_range_ok(g, addr, n))
    return -1;
  if (!n)
    return 0;
  memcpy(g->gmem + addr, src, n);
  /* Drop predecoded instructions the write covers. */
  uint32_t first = addr / 4, last = (uint32_t)((addr + n - 1) / 4);
  for (uint32_t i = first; i <= last && i < g->pdc_n; i++)
    g->pdc[i].ok = 0;
  return 0;
}

int ww_gpu_read(const ww_gpu_t *g, uint32_t addr, void *dst, size_t n)
{
  if (!gmem_range_ok(g, addr, n))
    return -1;
  if (n)
    memcpy(dst, g->gmem + addr, n);
  return 0;
}

void ww_gpu_set_retire_hook(ww_gpu_t *g, ww_retire_fn fn, void *ctx)
{
  g->hook = fn;
  g->hook_ctx = fn ? ctx : NULL;
}

const char *ww_trap_name(ww_trap_kind_t kind)
{
  switch (kind) {
#define WW_TRAP_CASE(name, value, text) case WW_TRAP_##name: return text;
  WW_TRAP_LIST(WW_TRAP_CASE)
#undef WW_TRAP_CASE
  }
  return "unknown trap";
}

const ww_trap_t *ww_gpu_trap(const ww_gpu_t *g) { return &g->trap; }

void ww_gpu_stats(const ww_gpu_t *g, ww_gpu_stats_t *stats) { *stats = g->st; }

void ww_gpu_set_trap(ww_gpu_t *g, ww_trap_kind_t kind, unsigned sm, unsigned hw,
                     uint32_t pc, uint32_t insn, int lane, uint32_t addr, const char *fmt, ...)
{
  ww_trap_t *t = &g->trap;
  memset(t, 0, sizeof *t);
  t->kind = kind;
  t->sm = sm;
  t->warp = hw;
  if (sm < g->cfg.num_sm && hw < g->cfg.warps_per_sm) {
    const ww_warp_t *w = &g->sm[sm].warps[hw];
    if (w->state != WW_W_FREE) {
      t->block = g->sm[sm].bslots[w->bslot].ctaid;
      t->mask = w->mask;
    }
  }
  t->pc = pc;
  t->insn = insn;
  t->lane = lane;
  t->addr = addr;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->detail, sizeof t->detail, fmt, ap);
  va_end(ap);
  g->state = WW_G_TRAP;
}

/* ---- block distribution -------------------------------------------------- */

/* Puts block `ctaid` into free block slot b of SM s, onto the free hardware
 * warp slots of hw_mask (nwarps_blk of them): warp-in-block indices in
 * increasing slot order, so a partial last warp takes the highest slot. */
static void place_block_at(ww_gpu_t *g, unsigned s, unsigned b, uint32_t hw_mask, uint32_t ctaid)
{
  ww_sm_t *sm = &g->sm[s];
  ww_bslot_t *bs = &sm->bslots[b];
  bs->active = 1;
  bs->ctaid = ctaid;
  bs->nwarps = g->nwarps_blk;
  bs->exited = bs->waiting = 0;
  bs->hw_mask = hw_mask;
  uint32_t i = 0;
  for (uint32_t m = hw_mask; m; m &= m - 1, i++) {
    unsigned hw = (unsigned)__builtin_ctz(m);
    ww_warp_t *w = &sm->warps[hw];
    memset(w->x, 0, sizeof w->x);
    w->pc = g->launch.entry_pc;
    w->live = i + 1 == g->nwarps_blk ? g->last_live : g->lanes_mask;
    w->mask = w->live;
    w->bar_pc = 0;
    w->wib = i;
    w->bslot = (uint16_t)b;
    w->state = WW_W_READY;
    w->sp = 0;
    w->tx_depth = 0;
    w->tx_steps = 0;
    w->ext_done = w->ext_pass = 0;
  }
  sm->used |= hw_mask;
  sm->ready |= hw_mask;
  sm->nblocks++;
}

/* Puts block `ctaid` into the lowest free block slot of SM s, onto its
 * lowest free warp slots (the caller checked room). */
static void place_block(ww_gpu_t *g, unsigned s, uint32_t ctaid)
{
  const ww_sm_t *sm = &g->sm[s];
  unsigned b = 0;
  while (sm->bslots[b].active)
    b++;
  uint32_t hw_mask = 0, free_mask = ~sm->used;
  for (uint32_t i = 0; i < g->nwarps_blk; i++) {
    hw_mask |= free_mask & (0u - free_mask);
    free_mask &= free_mask - 1;
  }
  place_block_at(g, s, b, hw_mask, ctaid);
}

/* Hands out waiting blocks in increasing index, each to the lowest-numbered
 * SM with a free block slot and enough free warp slots. */
static void dispatch(ww_gpu_t *g)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  if (g->manual_place || g->det_hold)   /* GPUDet: only between quanta (sec. 4.2.2) */
    return;
  while (g->next_block < g->launch.grid) {
    unsigned s;
    for (s = 0; s < c->num_sm; s++) {
      const ww_sm_t *sm = &g->sm[s];
      unsigned free_warps = c->warps_per_sm - (unsigned)__builtin_popcount(sm->used);
      if (sm->nblocks < g->nbslots && free_warps >= g->nwarps_blk)
        break;
    }
    if (s == c->num_sm)
      return;
    place_block(g, s, g->next_block++);
  }
}

/* GPUDet's deterministic workgroup partitioning (cfg.det_dwp, sec. 4.2.2),
 * after work distribution's dispatch(): every busy block slot without a
 * reservation reserves the next pending block, SM by SM, slot by slot. It
 * keeps it until its block finishes, in this quantum or a later one. */
static void det_reserve(ww_gpu_t *g)
{
  if (!g->cfg.det_dwp)
    return;
  for (unsigned s = 0; s < g->cfg.num_sm; s++)
    for (unsigned b = 0; b < g->nbslots && g->next_block < g->launch.grid; b++) {
      ww_bslot_t *bs = &g->sm[s].bslots[b];
      if (bs->active && !bs->resv) {
        bs->resv = 1;
        bs->resv_ctaid = g->next_block++;
      }
    }
}

void ww_gpu_set_manual_placement(ww_gpu_t *g, int on)
{
  g->manual_place = on != 0;
}

int ww_gpu_place_block(ww_gpu_t *g, uint32_t ctaid, unsigned s, char *err, size_t err_len)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  if (!g->manual_place)
    return ww_gpu_put_err(err, err_len, "manual placement is off"), -1;
  if (g->state != WW_G_RUNNING)
    return ww_gpu_put_err(err, err_len, "no grid is running"), -1;
  if (ctaid >= g->launch.grid)
    return ww_gpu_put_err(err, err_len, "block %u is outside the grid of %u", ctaid, g->launch.grid), -1;
  if (ctaid != g->next_block)
    return ww_gpu_put_err(err, err_len, "block %u placed out of order: block %u is next", ctaid,
                   g->next_block), -1;
  if (s >= c->num_sm)
    return ww_gpu_put_err(err, err_len, "no SM %u (the GPU has %u)", s, c->num_sm), -1;
  const ww_sm_t *sm = &g->sm[s];
  unsigned free_warps = c->warps_per_sm - (unsigned)__builtin_popcount(sm->used);
  if (sm->nblocks >= g->nbslots || free_warps < g->nwarps_blk)
    return ww_gpu_put_err(err, err_len, "SM %u has no room for block %u (%u of %u block slots used, "
                   "%u free warps, %u needed)", s, ctaid, sm->nblocks, g->nbslots, free_warps,
                   g->nwarps_blk), -1;
  place_block(g, s, g->next_block++);
  return 0;
}

/* Removes the finished blocks of every SM, then refills (GPUDet: only a
 * slot with a DWP reservation, at once; the others between quanta). */
static void retire_blocks(ww_gpu_t *g)
{
  int any = 0;
  for (unsigned s = 0; s < g->cfg.num_sm; s++) {
    ww_sm_t *sm = &g->sm[s];
    if (!sm->block_done)
      continue;
    sm->block_done = 0;
    for (unsigned b = 0; b < g->nbslots; b++) {
      ww_bslot_t *bs = &sm->bslots[b];
      if (!bs->active || bs->exited != bs->nwarps)
        continue;
      const uint32_t hw_mask = bs->hw_mask;
      for (uint32_t m = hw_mask; m; m &= m - 1)
        sm->warps[__builtin_ctz(m)].state = WW_W_FREE;
      sm->used &= ~hw_mask;
      sm->ready &= ~hw_mask;
      bs->active = 0;
      bs->hw_mask = 0;
      sm->nblocks--;
      g->st.blocks_done++;
      any = 1;
      if (bs->resv) {
        /* GPUDet DWP (sec. 4.2.2): the reserved block takes the same warp
         * slots and runs in this quantum's parallel mode. Their store
         * buffers keep the finished block's stores of this quantum (one
         * buffer per warp slot: they commit at its depth with the new ones). */
        bs->resv = 0;
        place_block_at(g, s, b, hw_mask, bs->resv_ctaid);
        for (uint32_t m = hw_mask; m; m &= m - 1) {
          ww_warp_t *w = &sm->warps[__builtin_ctz(m)];
          w->det_count = 0;
          w->det_end = WW_DET_RUN;
        }
        sm->det_stopped &= ~hw_mask;
      }
    }
  }
  if (any)
    dispatch(g);
}

static int grid_done(const ww_gpu_t *g)
{
  if (g->next_block < g->launch.grid)
    return 0;
  for (unsigned s = 0; s < g->cfg.num_sm; s++) {
    if (g->sm[s].nblocks)
      return 0;
    for (unsigned b = 0; b < g->nbslots; b++)
      if (g->sm[s].bslots[b].resv)   /* GPUDet DWP: a reserved block still to run */
        return 0;
  }
  return 1;
}

int ww_gpu_launch(ww_gpu_t *g, const ww_launch_t *l, char *err, size_t err_len)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  uint32_t max_block = c->warps_per_sm * c->lanes;
  if (!l)
    return ww_gpu_put_err(err, err_len, "no launch parameters"), -1;
  if (l->grid < 1)
    return ww_gpu_put_err(err, err_len, "grid of 0 blocks: must be >= 1"), -1;
  if (l->block < 1 || l->block > max_block)
    return ww_gpu_put_err(err, err_len,
                   "block of %u threads: must be 1..%u (warps_per_sm %u x lanes %u)",
                   l->block, max_block, c->warps_per_sm, c->lanes), -1;
  if (l->entry_pc & 3)
    return ww_gpu_put_err(err, err_len, "entry pc 0x%08x is not 4-byte aligned", l->entry_pc), -1;
  if (l->entry_pc < c->null_guard || !gmem_range_ok(g, l->entry_pc, 4))
    return ww_gpu_put_err(err, err_len, "entry pc 0x%08x is outside global memory 0x%08x..0x%08x",
                   l->entry_pc, c->null_guard, c->gmem_bytes - 1), -1;

  g->launch = *l;
  g->nwarps_blk = (l->block + c->lanes - 1) / c->lanes;
  uint32_t rem = l->block % c->lanes;
  g->last_live = rem ? (1u << rem) - 1 : g->lanes_mask;
  g->next_block = 0;
  g->rng.s = c->seed;
  memset(&g->st, 0, sizeof g->st);
  memset(&g->trap, 0, sizeof g->trap);
  g->trap.kind = WW_TRAP_NONE;
  g->trap.lane = -1;
  for (unsigned s = 0; s < c->num_sm; s++) {
    ww_sm_t *sm = &g->sm[s];
    for (unsigned w = 0; w < c->warps_per_sm; w++)
      sm->warps[w].state = WW_W_FREE;
    for (unsigned b = 0; b < g->nbslots; b++) {
      sm->bslots[b].active = 0;
      sm->bslots[b].hw_mask = 0;
      sm->bslots[b].resv = 0;
      memset(sm->bslots[b].shmem, 0, c->shmem_bytes);
    }
    sm->ready = sm->used = 0;
    sm->last = c->warps_per_sm - 1;     /* so that slot 0 issues first */
    sm->nblocks = 0;
    sm->block_done = 0;
    sm->tx_warps = 0;
    sm->tx_waiting = 0;
    ww_l1_clear(g, s);
  }
  ww_tm_launch(g);
  if (c->det && ww_det_launch(g, err, err_len))
    return -1;
  if (c->det && g->manual_place)
    return ww_gpu_put_err(err, err_len, "deterministic mode places its own blocks: manual "
                          "placement is on"), -1;
  g->det_hold = 0;
  g->state = WW_G_RUNNING;
  dispatch(g);
  if (c->det) {
    det_reserve(g);
    ww_det_begin_quantum(g);
    g->det_hold = 1;
  }
  return 0;
}

/* ---- scheduling ----------------------------------------------------------- */

static ww_run_t run_state(const ww_gpu_t *g)
{
  switch (g->state) {
  case WW_G_RUNNING: return WW_RUN_RUNNING;
  case WW_G_TRAP: return WW_RUN_TRAP;
  default: return WW_RUN_DONE;
  }
}

/* Step-limit trap, reported at the first warp that is still live. */
static void step_limit_trap(ww_gpu_t *g)
{
  for (unsigned s = 0; s < g->cfg.num_sm; s++) {
    const ww_sm_t *sm = &g->sm[s];
    for (unsigned hw = 0; hw < g->cfg.warps_per_sm; hw++) {
      const ww_warp_t *w = &sm->warps[hw];
      if (w->state != WW_W_READY && w->state != WW_W_BAR && w->state != WW_W_TXWAIT)
        continue;
      uint32_t pc = w->state == WW_W_BAR ? w->bar_pc : w->pc, insn = 0;
      if (pc >= g->cfg.null_guard && gmem_range_ok(g, pc, 4))
        insn = ww_ld32(g->gmem + pc);
      ww_gpu_set_trap(g, WW_TRAP_STEP_LIMIT, s, hw, pc, insn, -1, 0,
                      "no end after %llu scheduler steps (max_steps)",
                      (unsigned long long)g->st.steps);
      return;
    }
  }
  ww_gpu_set_trap(g, WW_TRAP_STEP_LIMIT, 0, 0, 0, 0, -1, 0,
                  "no end after %llu scheduler steps (max_steps)",
                  (unsigned long long)g->st.steps);
}

/* No warp on any SM can issue although the grid is not done. */
static void global_deadlock_trap(ww_gpu_t *g)
{
  for (unsigned s = 0; s < g->cfg.num_sm; s++)
    for (unsigned hw = 0; hw < g->cfg.warps_per_sm; hw++) {
      const ww_warp_t *w = &g->sm[s].warps[hw];
      if (w->state == WW_W_BAR) {
        ww_gpu_set_trap(g, WW_TRAP_BAR_DEADLOCK, s, hw, w->bar_pc, ww_ld32(g->gmem + w->bar_pc),
                        -1, 0, "no warp on any SM can issue; this one waits at ww.bar");
        return;
      }
    }
  ww_gpu_set_trap(g, WW_TRAP_BAR_DEADLOCK, 0, 0, 0, 0, -1, 0,
                  "no warp on any SM can issue, but the grid is not done");
}

/* k-th (from 0) set bit of m. */
static unsigned kth_bit(uint32_t m, unsigned k)
{
  while (k--)
    m &= m - 1;
  return (unsigned)__builtin_ctz(m);
}

static inline int pick_warp(ww_gpu_t *g, ww_sm_t *sm)
{
  uint32_t r = sm->ready;
  if (!r)
    return -1;
  unsigned hw;
  if (!g->cfg.seed) {
    uint32_t after = r & ~(uint32_t)((2ull << sm->last) - 1);
    hw = (unsigned)__builtin_ctz(after ? after : r);
  } else {
    unsigned n = (unsigned)__builtin_popcount(r);
    hw = n == 1 ? (unsigned)__builtin_ctz(r) : kth_bit(r, (unsigned)ww_rng_below(&g->rng, n));
  }
  sm->last = hw;
  return (int)hw;
}

/* GPUDet: no warp can issue in this quantum's parallel mode. Commit mode,
 * serial mode, work distribution, the next quantum (docs/det.md sec. 1). */
static ww_run_t det_boundary(ww_gpu_t *g)
{
  g->st.det_quanta++;
  ww_det_commit(g);
  if (ww_det_serial(g))
    return WW_RUN_TRAP;
  g->det_hold = 0;
  dispatch(g);
  det_reserve(g);
  g->det_hold = 1;
  if (!ww_det_begin_quantum(g)) {
    global_deadlock_trap(g);
    return WW_RUN_TRAP;
  }
  return WW_RUN_RUNNING;
}

static inline ww_run_t step_once(ww_gpu_t *g)
{
  if (g->cfg.max_steps && g->st.steps >= g->cfg.max_steps) {
    step_limit_trap(g);
    return WW_RUN_TRAP;
  }
  g->st.steps++;
  int issued = 0, done = 0;
  for (unsigned s = 0; s < g->cfg.num_sm; s++) {
    ww_sm_t *sm = &g->sm[s];
    int hw = pick_warp(g, sm);
    if (hw < 0)
      continue;
    issued = 1;
    if (ww_exec_warp(g, s, (unsigned)hw))
      return WW_RUN_TRAP;
    done |= sm->block_done;
  }
  if (done) {
    retire_blocks(g);
    if (grid_done(g)) {
      if (g->cfg.det) {   /* the last quantum's stores */
        g->st.det_quanta++;
        ww_det_commit(g);
      }
      g->state = WW_G_DONE;
      return WW_RUN_DONE;
    }
  }
  if (!issued) {
    if (g->cfg.det)
      return det_boundary(g);
    global_deadlock_trap(g);
    return WW_RUN_TRAP;
  }
  return WW_RUN_RUNNING;
}

ww_run_t ww_gpu_step(ww_gpu_t *g)
{
  if (g->state != WW_G_RUNNING)
    return run_state(g);
  return step_once(g);
}

ww_run_t ww_gpu_run(ww_gpu_t *g)
{
  if (g->state != WW_G_RUNNING)
    return run_state(g);
  ww_run_t r;
  do
    r = step_once(g);
  while (r == WW_RUN_RUNNING);
  return r;
}

ww_run_t ww_gpu_step_warp_follow(ww_gpu_t *g, unsigned s, unsigned hw, const ww_retire_t *rtl)
{
  g->follow = rtl;
  g->follow_lanes = ~0u;
  ww_run_t r = ww_gpu_step_warp(g, s, hw);
  g->follow = NULL;
  return r;
}

ww_run_t ww_gpu_step_warp_sync(ww_gpu_t *g, unsigned s, unsigned hw, const ww_retire_t *rtl,
                               uint32_t lanes)
{
  g->follow = rtl;
  g->follow_lanes = lanes;
  g->follow_sync = 1;
  ww_run_t r = ww_gpu_step_warp(g, s, hw);
  g->follow = NULL;
  g->follow_sync = 0;
  return r;
}

ww_run_t ww_gpu_step_warp(ww_gpu_t *g, unsigned s, unsigned hw)
{
  if (g->state != WW_G_RUNNING)
    return run_state(g);
  if (s >= g->cfg.num_sm || hw >= g->cfg.warps_per_sm) {
    ww_gpu_set_trap(g, WW_TRAP_NOT_READY, s, hw, 0, 0, -1, 0,
                    "no hardware warp %u on SM %u (num_sm %u, warps_per_sm %u)",
                    hw, s, g->cfg.num_sm, g->cfg.warps_per_sm);
    return WW_RUN_TRAP;
  }
  if (g->cfg.det) {
    ww_gpu_set_trap(g, WW_TRAP_NOT_READY, s, hw, 0, 0, -1, 0,
                    "deterministic mode (GPUDet) runs with its own scheduler only, not warp by warp");
    return WW_RUN_TRAP;
  }
  ww_sm_t *sm = &g->sm[s];
  const ww_warp_t *w = &sm->warps[hw];
  if (w->state != WW_W_READY) {
    static const char *const why[] = { "holds no warp of a resident block", "",
                                       "waits at a ww.bar", "has exited",
                                       "waits for a transaction slot (tm_warps_per_sm)" };
    uint32_t pc = w->state == WW_W_BAR ? w->bar_pc
                  : w->state == WW_W_EXITED || w->state == WW_W_TXWAIT ? w->pc : 0;
    ww_gpu_set_trap(g, WW_TRAP_NOT_READY, s, hw, pc, 0, -1, 0, "SM %u warp slot %u %s",
                    s, hw, why[w->state]);
    return WW_RUN_TRAP;
  }
  if (g->cfg.max_steps && g->st.steps >= g->cfg.max_steps) {
    step_limit_trap(g);
    return WW_RUN_TRAP;
  }
  g->st.steps++;
  sm->last = hw;
  if (ww_exec_warp(g, s, hw))
    return WW_RUN_TRAP;
  if (sm->block_done) {
    retire_blocks(g);
    if (grid_done(g)) {
      g->state = WW_G_DONE;
      return WW_RUN_DONE;
    }
  }
  return WW_RUN_RUNNING;
}
