/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu_tm -- KILO TM transactions in the golden GPU model (docs/tm.md
 * sec. 1 and 5; KILO TM, MICRO 2011, sec. 4): per-thread read and write logs
 * at word granularity (lazy version management, sec. 4.3), read-own-write
 * through the write log, value-based validation at ww.tx.commit (sec. 4),
 * the TX stack entry that retries the failed lanes (sec. 4.1; docs/tm.md
 * sec. 3), flattened nesting (at most 2^TX_DEPTH_W - 1 deep, else the
 * TX_NESTING trap), the watchdog for doomed attempts (sec. 4.2) and the
 * concurrency limit (sec. 4.6): an outermost ww.tx.begin waits, as a warp
 * at a barrier does, while tm_warps_per_sm warps of its SM are in a
 * transaction, and retries when one of them leaves.
 *
 * Standalone, a warp's ww.tx.commit validates and commits its lanes at once
 * in lane order: the commit order is the order of execution. Transactional
 * loads read L2 (not the SM's non-coherent L1, whose stale copy would make
 * every retry fail again). The logs are appended per warp, one entry per
 * transactional instruction for all lanes (void for lanes without one), as
 * the hardware's coalesced logs are; WW_TX_LOG_WORDS entries per log.
 */
#include "ww_gpu_int.h"

#include <string.h>

#include "ww_config.h"

/* The deepest nesting the hardware's depth counter holds (docs/tm.md 3.1). */
#define WW_TX_DEPTH_MAX ((1u << WW_TX_DEPTH_W) - 1)

static void tx_reset(ww_warp_t *w)
{
  w->rlen = w->wlen = 0;
  w->tx_steps = 0;
}

int ww_tm_begin(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc)
{
  ww_sm_t *sm = &g->sm[s];
  ww_warp_t *w = &sm->warps[hw];
  if (w->tx_depth) {   /* nested: flattened into the outer transaction */
    if (w->tx_depth >= WW_TX_DEPTH_MAX) {
      ww_gpu_set_trap(g, WW_TRAP_TX_NESTING, s, hw, pc, d->raw, -1, 0,
                      "ww.tx.begin inside %u nested transactions: at most %u "
                      "(2^TX_DEPTH_W - 1, TX_DEPTH_W %u)", w->tx_depth, WW_TX_DEPTH_MAX,
                      (unsigned)WW_TX_DEPTH_W);
      return -1;
    }
    w->tx_depth++;
    return 0;
  }
  const unsigned limit = g->cfg.tm_warps_per_sm;
  if (limit && sm->tx_warps >= limit) {   /* every slot taken: wait (sec. 4.6) */
    w->state = WW_W_TXWAIT;
    sm->ready &= ~(1u << hw);
    sm->tx_waiting |= 1u << hw;
    g->st.tx_limit_waits++;
    return 1;
  }
  if (w->sp + 1 > WW_STACK_DEPTH) {
    ww_gpu_set_trap(g, WW_TRAP_STACK_OVERFLOW, s, hw, pc, d->raw, -1, 0,
                    "ww.tx.begin needs 1 more entry; the stack holds %u of %d", w->sp,
                    WW_STACK_DEPTH);
    return -1;
  }
  ww_rs_entry_t *e = &w->stk[w->sp++];
  e->kind = WW_RS_TX;
  e->mask = w->mask;
  e->pc = pc + 4;
  w->tx_depth = 1;
  w->tx_mask = w->mask;
  tx_reset(w);
  if (++sm->tx_warps > g->st.tx_warps_max)
    g->st.tx_warps_max = sm->tx_warps;
  return 0;
}

/* A warp of SM s left its transaction: its slot is free, the waiting warps of the
 * SM retry their ww.tx.begin on their next turn. */
static void tx_leave(ww_gpu_t *g, unsigned s)
{
  ww_sm_t *sm = &g->sm[s];
  sm->tx_warps--;
  for (uint32_t m = sm->tx_waiting; m; m &= m - 1)
    sm->warps[__builtin_ctz(m)].state = WW_W_READY;
  sm->ready |= sm->tx_waiting;
  sm->tx_waiting = 0;
}

/* Lane l's read log still matches memory. */
static int validate(const ww_gpu_t *g, const ww_warp_t *w, unsigned l)
{
  const unsigned lanes = g->cfg.lanes;
  for (uint32_t i = 0; i < w->rlen; i++) {
    const ww_tx_ent_t *e = &w->rlog[i * lanes + l];
    if (e->addr != WW_TX_VOID && ww_ld32(g->gmem + e->addr) != e->val)
      return 0;
  }
  return 1;
}

int ww_tm_commit(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc,
                 uint32_t *npc)
{
  ww_warp_t *w = &g->sm[s].warps[hw];
  if (!w->tx_depth) {
    ww_gpu_set_trap(g, WW_TRAP_TX_OUTSIDE, s, hw, pc, d->raw, -1, 0,
                    "ww.tx.commit outside a transaction (no ww.tx.begin before it)");
    return -1;
  }
  if (w->tx_depth > 1) {
    w->tx_depth--;
    return 0;
  }
  if (!w->sp || w->stk[w->sp - 1].kind != WW_RS_TX) {
    ww_gpu_set_trap(g, WW_TRAP_TX_OUTSIDE, s, hw, pc, d->raw, -1, 0,
                    "ww.tx.commit with a ww.split of the transaction not joined "
                    "(reconvergence stack depth %u)", w->sp);
    return -1;
  }
  const unsigned lanes = g->cfg.lanes;
  uint32_t fail = 0;
  for (uint32_t m = w->mask; m; m &= m - 1) {   /* lane order = commit order */
    unsigned l = (unsigned)__builtin_ctz(m);
    if (!validate(g, w, l)) {
      fail |= 1u << l;
      continue;
    }
    for (uint32_t i = 0; i < w->wlen; i++) {
      const ww_tx_ent_t *e = &w->wlog[i * lanes + l];
      if (e->addr != WW_TX_VOID)
        ww_mem_commit_word(g, s, e->addr, e->val);
    }
  }
  g->st.tx_commits += (uint64_t)__builtin_popcount(w->mask & ~fail);
  g->st.tx_aborts += (uint64_t)__builtin_popcount(fail);
  const ww_rs_entry_t *e = &w->stk[w->sp - 1];
  tx_reset(w);
  if (fail) {          /* a new attempt of the failed lanes (Fig. 3, 3) */
    w->mask = w->tx_mask = fail;
    *npc = e->pc;
  } else {             /* done: the mask of ww.tx.begin comes back (Fig. 3, 5) */
    w->mask = e->mask;
    w->sp--;
    w->tx_depth = 0;
    tx_leave(g, s);
  }
  return 0;
}

int ww_tm_watchdog(ww_gpu_t *g, ww_warp_t *w)
{
  if (!g->cfg.tx_watchdog || ++w->tx_steps < g->cfg.tx_watchdog)
    return 0;
  w->tx_steps = 0;
  uint32_t ok = 1;
  for (uint32_t m = w->tx_mask; m && ok; m &= m - 1)
    ok = (uint32_t)validate(g, w, (unsigned)__builtin_ctz(m));
  if (ok)
    return 0;
  /* doomed: it read an inconsistent view; abort the whole attempt */
  while (w->sp && w->stk[w->sp - 1].kind != WW_RS_TX)
    w->sp--;
  g->st.tx_aborts += (uint64_t)__builtin_popcount(w->tx_mask);
  g->st.tx_watchdog_aborts++;
  w->mask = w->tx_mask;
  w->pc = w->stk[w->sp - 1].pc;
  w->tx_depth = 1;
  tx_reset(w);
  return 1;
}

int ww_tm_prepare(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc,
                  int store, unsigned n)
{
  ww_warp_t *w = &g->sm[s].warps[hw];
  if (!w->tx_depth || d->op == WW_OP_LW_STRONG || d->op == WW_OP_SW_STRONG)
    return 0;
  int any = 0;
  for (uint32_t m = w->mask; m && !any; m &= m - 1) {
    uint32_t a = g->rec.addr[__builtin_ctz(m)];
    any = a < g->cfg.gmem_bytes && ww_tm_addr(g, a);
  }
  if (!any)
    return 0;
  const unsigned lanes = g->cfg.lanes, cap = g->cfg.tx_log_words;
  const int reads = !store || n < 4;
  if ((reads && w->rlen >= cap) || (store && w->wlen >= cap)) {
    ww_gpu_set_trap(g, WW_TRAP_TX_LOG_FULL, s, hw, pc, d->raw, -1, 0,
                    "the transaction's %s log is full (%u entries per thread; "
                    "WW_TX_LOG_WORDS)", store && w->wlen >= cap ? "write" : "read", cap);
    return -1;
  }
  if (reads) {
    for (unsigned l = 0; l < lanes; l++)
      w->rlog[w->rlen * lanes + l].addr = WW_TX_VOID;
    w->rlen++;
  }
  if (store) {
    for (unsigned l = 0; l < lanes; l++)
      w->wlog[w->wlen * lanes + l].addr = WW_TX_VOID;
    w->wlen++;
  }
  return 1;
}

/* The word at wa as lane l's transaction sees it: its newest write-log entry,
 * else L2, logged in the read log's last entry. */
static uint32_t tx_word(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t wa)
{
  const unsigned lanes = g->cfg.lanes;
  for (uint32_t i = w->wlen; i-- > 0;) {
    const ww_tx_ent_t *e = &w->wlog[i * lanes + l];
    if (e->addr == wa)
      return e->val;
  }
  uint32_t v = ww_ld32(g->gmem + wa);
  ww_tx_ent_t *r = &w->rlog[(w->rlen - 1) * lanes + l];
  r->addr = wa;
  r->val = v;
  return v;
}

uint32_t ww_tm_load(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t a, unsigned n)
{
  uint32_t v = tx_word(g, w, l, a & ~3u) >> (8 * (a & 3));
  return n == 4 ? v : v & ((1u << (8 * n)) - 1);
}

void ww_tm_store(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t a, unsigned n, uint32_t v)
{
  const uint32_t wa = a & ~3u;
  uint32_t word = v;
  if (n < 4) {   /* merge into the word as the transaction sees it */
    const unsigned sh = 8 * (a & 3);
    const uint32_t m = ((1u << (8 * n)) - 1) << sh;
    word = (tx_word(g, w, l, wa) & ~m) | ((v << sh) & m);
  }
  ww_tx_ent_t *e = &w->wlog[(w->wlen - 1) * g->cfg.lanes + l];
  e->addr = wa;
  e->val = word;
}
