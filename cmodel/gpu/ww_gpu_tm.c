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
 * in lane order: the commit order is the order of execution, and the model
 * hands out the commit IDs in that order. With external outcomes
 * (co-simulation, docs/tm.md sec. 5) the RTL's final outcomes are applied in
 * CID order instead, each checked against the model's own validation, and
 * the ww.tx.commit step takes them. Either way an outermost ww.tx.commit
 * ends with the SM's whole L1 invalidated (the RTL's one L1 INVAL), and
 * commit writes go to L2 only.
 *
 * Transactional loads read L2 (not the SM's non-coherent L1, whose stale
 * copy would make every retry fail again). The logs live in global memory,
 * in the log region below local memory, written exactly as the RTL's log
 * unit ww_tm_txlog writes them (cmodel/tm/ww_tm_txlog.c): one entry per
 * transactional instruction for all lanes (the lanes' word addresses, then
 * their words; WW_TX_LOG_VOID and 0 for a lane without an entry). A load's
 * read entry holds the lanes whose word came from memory, not from their
 * own write log; a byte or halfword store has a read entry (its word read
 * first) and a write entry; a store's write entry holds every lane's word.
 * The log writes touch no L1 and are not accesses of the kernel (no retire
 * record, no ScoRD). tx_log_words entries per log.
 */
#include "ww_gpu_int.h"

#include <stdio.h>
#include <string.h>

#include "ww_config.h"
#include "ww_tm_log.h"

/* The deepest nesting the hardware's depth counter holds (docs/tm.md 3.1). */
#define WW_TX_DEPTH_MAX ((1u << WW_TX_DEPTH_W) - 1)

/* Lane l's address and word in entry i of the log at base (ww_tm_txlog_entry
 * layout: the entry's address vector, then its word vector). */
static inline uint32_t ent_a(const ww_gpu_t *g, uint32_t base, uint32_t i, unsigned l)
{
  return base + i * 8u * g->cfg.lanes + 4u * l;
}
static inline uint32_t log_addr(const ww_gpu_t *g, uint32_t base, uint32_t i, unsigned l)
{
  return ww_ld32(g->gmem + ent_a(g, base, i, l));
}
static inline uint32_t log_word(const ww_gpu_t *g, uint32_t base, uint32_t i, unsigned l)
{
  return ww_ld32(g->gmem + ent_a(g, base, i, l) + 4u * g->cfg.lanes);
}
static void log_put(ww_gpu_t *g, uint32_t base, uint32_t i, unsigned l, uint32_t a, uint32_t v)
{
  ww_mem_write_l2(g, ent_a(g, base, i, l), a);
  ww_mem_write_l2(g, ent_a(g, base, i, l) + 4u * g->cfg.lanes, v);
}

static void tx_reset(ww_warp_t *w)
{
  w->rlen = w->wlen = 0;
  w->tx_steps = 0;
  w->wd_done = w->wd_fail = 0;
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

/* Lane l's read log still matches memory: 1; else 0 with the first word
 * that differs in *bad (if not NULL): {address, logged word, memory word}. */
static int validate(const ww_gpu_t *g, const ww_warp_t *w, unsigned l, uint32_t *bad)
{
  for (uint32_t i = 0; i < w->rlen; i++) {
    const uint32_t a = log_addr(g, w->rlog, i, l);
    if (a == WW_TX_LOG_VOID)
      continue;
    /* a corrupted log (the kernel wrote the region) may hold any address */
    const uint32_t v = log_word(g, w->rlog, i, l);
    const uint32_t m = (a & 3u) || a > g->cfg.gmem_bytes - 4 ? ~v : ww_ld32(g->gmem + a);
    if (m != v) {
      if (bad)
        bad[0] = a, bad[1] = v, bad[2] = m;
      return 0;
    }
  }
  return 1;
}

/* Lane l's write log to memory, oldest entry first. */
static void write_back(ww_gpu_t *g, const ww_warp_t *w, unsigned l)
{
  for (uint32_t i = 0; i < w->wlen; i++) {
    const uint32_t a = log_addr(g, w->wlog, i, l);
    if (a != WW_TX_LOG_VOID && !(a & 3u) && a <= g->cfg.gmem_bytes - 4)
      ww_mem_write_l2(g, a, log_word(g, w->wlog, i, l));
  }
}

/* External outcomes: the committing lanes of warp w's outermost
 * ww.tx.commit, which must all have an applied outcome with consecutive
 * CIDs in lane order. The fail mask, or -1 after a COSIM trap. */
static int64_t external_fail(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc);

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
  uint32_t fail = 0;
  if (g->tm_external) {
    const int64_t f = external_fail(g, s, hw, d, pc);
    if (f < 0)
      return -1;
    fail = (uint32_t)f;
  } else {
    uint32_t cid = g->tm_cid;
    for (uint32_t m = w->mask; m; m &= m - 1) {   /* lane order = commit order */
      unsigned l = (unsigned)__builtin_ctz(m);
      if (validate(g, w, l, NULL))
        write_back(g, w, l);
      else
        fail |= 1u << l;
      w->ext_cid[l] = cid;
      cid = (cid + 1) & g->cid_mask;
    }
    g->tm_cid = cid;
  }
  if (g->tx_hook)
    for (uint32_t m = w->mask; m; m &= m - 1) {
      unsigned l = (unsigned)__builtin_ctz(m);
      g->tx_hook(g->tx_hook_ctx, s, hw, l, w->ext_cid[l], !(fail >> l & 1));
    }
  /* the RTL invalidates the SM's whole L1 when an outermost commit ends
   * (one L1 INVAL, as fence.dev), whatever the outcome: a thread sees its
   * own commits */
  ww_l1_clear(g, s);
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

/* The watchdog found warp w's attempt doomed (it read an inconsistent view):
 * abort the whole attempt, every lane of it back to the retry pc. */
static void wd_abort(ww_gpu_t *g, ww_warp_t *w)
{
  while (w->sp && w->stk[w->sp - 1].kind != WW_RS_TX)
    w->sp--;
  g->st.tx_aborts += (uint64_t)__builtin_popcount(w->tx_mask);
  g->st.tx_watchdog_aborts++;
  w->mask = w->tx_mask;
  w->pc = w->stk[w->sp - 1].pc;
  w->tx_depth = 1;
  tx_reset(w);
}

int ww_tm_watchdog(ww_gpu_t *g, ww_warp_t *w)
{
  /* co-simulation: the RTL's watchdog decides (ww_gpu_tm_watchdog) */
  if (!g->cfg.tx_watchdog || g->tm_external || ++w->tx_steps < g->cfg.tx_watchdog)
    return 0;
  w->tx_steps = 0;
  g->st.tx_watchdog_checks++;
  uint32_t ok = 1;
  for (uint32_t m = w->tx_mask; m && ok; m &= m - 1)
    ok = (uint32_t)validate(g, w, (unsigned)__builtin_ctz(m), NULL);
  if (ok)
    return 0;
  wd_abort(g, w);
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
  /* the new entries: every lane void until it fills its own */
  if (reads) {
    for (unsigned l = 0; l < lanes; l++)
      log_put(g, w->rlog, w->rlen, l, WW_TX_LOG_VOID, 0);
    w->rlen++;
  }
  if (store) {
    for (unsigned l = 0; l < lanes; l++)
      log_put(g, w->wlog, w->wlen, l, WW_TX_LOG_VOID, 0);
    w->wlen++;
  }
  return 1;
}

/* The word at wa as lane l's transaction sees it: its newest write-log entry,
 * else L2 (the bits of rmask taken from rv: co-simulation's value), logged in
 * the read log's last entry. */
static uint32_t tx_word(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t wa, uint32_t rv,
                        uint32_t rmask)
{
  for (uint32_t i = w->wlen; i-- > 0;)
    if (log_addr(g, w->wlog, i, l) == wa)
      return log_word(g, w->wlog, i, l);
  const uint32_t v = (ww_ld32(g->gmem + wa) & ~rmask) | (rv & rmask);
  log_put(g, w->rlog, w->rlen - 1, l, wa, v);
  return v;
}

uint32_t ww_tm_load(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t a, unsigned n,
                    const uint32_t *rtl)
{
  const unsigned sh = 8 * (a & 3);
  const uint32_t bm = n == 4 ? 0xFFFFFFFFu : (1u << (8 * n)) - 1;
  const uint32_t v = tx_word(g, w, l, a & ~3u, rtl ? *rtl << sh : 0, rtl ? bm << sh : 0) >> sh;
  return v & bm;
}

void ww_tm_store(ww_gpu_t *g, ww_warp_t *w, unsigned l, uint32_t a, unsigned n, uint32_t v)
{
  const uint32_t wa = a & ~3u;
  uint32_t word = v;
  if (n < 4) {   /* merge into the word as the transaction sees it */
    const unsigned sh = 8 * (a & 3);
    const uint32_t m = ((1u << (8 * n)) - 1) << sh;
    word = (tx_word(g, w, l, wa, 0, 0) & ~m) | ((v << sh) & m);
  }
  log_put(g, w->wlog, w->wlen - 1, l, wa, word);
}


/* ---- commit IDs and external outcomes (docs/tm.md sec. 5) ------------------ */

void ww_tm_launch(ww_gpu_t *g)
{
  g->tm_cid = 0;   /* the ID vendor's first CID after reset */
  if (g->rob)
    memset(g->rob, 0, (size_t)g->rob_n * sizeof *g->rob);
}

void ww_gpu_set_tx_hook(ww_gpu_t *g, ww_tx_outcome_fn fn, void *ctx)
{
  g->tx_hook = fn;
  g->tx_hook_ctx = fn ? ctx : NULL;
}

void ww_gpu_set_tm_external(ww_gpu_t *g, int on)
{
  g->tm_external = on != 0;
}

int ww_gpu_warp_in_tx(const ww_gpu_t *g, unsigned sm, unsigned warp)
{
  return sm < g->cfg.num_sm && warp < g->cfg.warps_per_sm && g->sm[sm].warps[warp].tx_depth != 0;
}

/* Is warp w at its outermost ww.tx.commit, every instruction before it
 * executed (so its logs are complete)? */
static int at_commit(const ww_gpu_t *g, const ww_warp_t *w)
{
  if (w->state != WW_W_READY || w->tx_depth != 1 || w->pc < g->cfg.null_guard ||
      w->pc > g->cfg.gmem_bytes - 4)
    return 0;
  ww_insn_t d;
  ww_decode(ww_ld32(g->gmem + w->pc), &d);
  return d.op == WW_OP_TX_COMMIT;
}

/* The RTL's outcome e against the model's validation of its lane: 0 when
 * they agree, else -1 with the difference in err (what: "" for a commit,
 * "validation " for a watchdog validation). */
static int check_outcome(const ww_gpu_t *g, const ww_warp_t *w, const ww_tm_rob_t *e,
                         const char *what, char *err, size_t n)
{
  uint32_t bad[3];
  const int ok = validate(g, w, e->lane, bad), rc = ok == e->pass ? 0 : -1;
  if (rc && ok)
    ww_gpu_put_err(err, n, "%sCID %u (SM %u warp %u lane %u): the RTL fails it, the model's "
                   "validation passes (%u read-log entries match memory)", what, e->cid, e->sm,
                   e->warp, e->lane, w->rlen);
  else if (rc)
    ww_gpu_put_err(err, n, "%sCID %u (SM %u warp %u lane %u): the RTL passes it, the model "
                   "fails it: word 0x%08x logged 0x%08x, memory 0x%08x", what, e->cid, e->sm,
                   e->warp, e->lane, bad[0], bad[1], bad[2]);
  return rc;
}

/* Applies the outcome of the oldest CID not applied yet: 0; 1 when there is
 * none to apply yet (not reported, or its warp has not reached its
 * ww.tx.commit); -1 with the reason in err (the outcome is consumed). */
static int apply_head(ww_gpu_t *g, char *err, size_t n)
{
  ww_tm_rob_t *e = &g->rob[g->tm_cid & (g->rob_n - 1)];
  if (!e->valid || e->cid != g->tm_cid)
    return 1;
  ww_warp_t *w = &g->sm[e->sm].warps[e->warp];
  const int in_tx = w->state == WW_W_READY && w->tx_depth;
  if (in_tx && !e->wd && !at_commit(g, w))
    return 1;   /* its last instructions before ww.tx.commit are still to come */
  const uint32_t bit = 1u << e->lane, cid = e->cid;
  e->valid = 0;
  g->tm_cid = (cid + 1) & g->cid_mask;
  if (e->wd) {   /* a watchdog validation: checked, nothing written */
    if (!in_tx || !(w->tx_mask & bit) || (w->wd_done & bit)) {
      ww_gpu_put_err(err, n, "validation CID %u (SM %u warp %u lane %u): %s", cid, e->sm,
                     e->warp, e->lane, !in_tx ? "the model's warp is not in a transaction"
                     : !(w->tx_mask & bit) ? "the lane is not in the warp's attempt"
                     : "the lane is validated twice");
      return -1;
    }
    const int rc = check_outcome(g, w, e, "validation ", err, n);
    w->wd_done |= bit;
    if (!e->pass)
      w->wd_fail |= bit;
    return rc;
  }
  if (!in_tx || !(w->mask & bit) || (w->ext_done & bit)) {
    ww_gpu_put_err(err, n, "CID %u (SM %u warp %u lane %u): %s", cid, e->sm, e->warp, e->lane,
                   !in_tx ? "the model's warp is not in a transaction"
                   : !(w->mask & bit) ? "the lane does not commit at its ww.tx.commit"
                   : "the lane's attempt has an outcome already");
    return -1;
  }
  const int rc = check_outcome(g, w, e, "", err, n);
  if (e->pass) {   /* as the RTL decided: a caller may go on after a mismatch */
    write_back(g, w, e->lane);
    w->ext_pass |= bit;
  }
  w->ext_done |= bit;
  w->ext_cid[e->lane] = cid;
  return rc;
}

/* Applies the outcomes that can be: 0, or -1 with the first error in err. */
static int drain(ww_gpu_t *g, char *err, size_t n)
{
  int rc = 0, r;
  while ((r = apply_head(g, rc ? NULL : err, n)) != 1)
    rc |= r;
  return rc;
}

/* -1 with the reason in err when the RTL's outcomes cannot be taken now */
static int external_off(const ww_gpu_t *g, char *err, size_t n)
{
  if (!g->tm_external || !g->rob)
    return ww_gpu_put_err(err, n, "%s", !g->rob ? "transactions are off (tx_log_words 0)"
                          : "external outcomes are off (ww_gpu_set_tm_external)"), -1;
  if (g->state != WW_G_RUNNING)
    return ww_gpu_put_err(err, n, "no grid is running"), -1;
  return 0;
}

static int put_final(ww_gpu_t *g, unsigned s, unsigned hw, unsigned lane, uint32_t cid, int pass,
                     int wd, char *err, size_t n)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  if (external_off(g, err, n))
    return -1;
  if (s >= c->num_sm || hw >= c->warps_per_sm || lane >= c->lanes)
    return ww_gpu_put_err(err, n, "CID %u: no lane %u of warp %u on SM %u (%u SMs, %u warps, "
                          "%u lanes)", cid, lane, hw, s, c->num_sm, c->warps_per_sm, c->lanes), -1;
  if (cid > g->cid_mask)
    return ww_gpu_put_err(err, n, "CID 0x%x has more than WW_CID_W (%d) bits", cid,
                          (int)WW_CID_W), -1;
  const uint32_t ahead = (cid - g->tm_cid) & g->cid_mask;
  if (ahead >= g->rob_n)
    return ww_gpu_put_err(err, n, "CID %u (SM %u warp %u lane %u) is not in flight: outcomes "
                          "up to CID %u are applied, at most %u lanes commit at once", cid, s,
                          hw, lane, (g->tm_cid - 1) & g->cid_mask, g->rob_n), -1;
  ww_tm_rob_t *e = &g->rob[cid & (g->rob_n - 1)];
  if (e->valid)
    return ww_gpu_put_err(err, n, "CID %u reported twice: SM %u warp %u lane %u, then SM %u "
                          "warp %u lane %u", cid, e->sm, e->warp, e->lane, s, hw, lane), -1;
  e->valid = 1;
  e->pass = pass != 0;
  e->wd = wd != 0;
  e->sm = (uint16_t)s;
  e->warp = (uint16_t)hw;
  e->lane = (uint16_t)lane;
  e->cid = cid;
  return drain(g, err, n);
}

int ww_gpu_tm_final(ww_gpu_t *g, unsigned s, unsigned hw, unsigned lane, uint32_t cid, int pass,
                    char *err, size_t n)
{
  return put_final(g, s, hw, lane, cid, pass, 0, err, n);
}

int ww_gpu_tm_validate(ww_gpu_t *g, unsigned s, unsigned hw, unsigned lane, uint32_t cid,
                       int pass, char *err, size_t n)
{
  return put_final(g, s, hw, lane, cid, pass, 1, err, n);
}

int ww_gpu_tm_watchdog(ww_gpu_t *g, unsigned s, unsigned hw, int aborted, char *err, size_t n)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  if (external_off(g, err, n))
    return -1;
  if (s >= c->num_sm || hw >= c->warps_per_sm)
    return ww_gpu_put_err(err, n, "watchdog: no warp %u on SM %u", hw, s), -1;
  ww_warp_t *w = &g->sm[s].warps[hw];
  int rc = drain(g, err, n);
  if (w->state != WW_W_READY || !w->tx_depth) {
    if (!rc)
      ww_gpu_put_err(err, n, "watchdog: SM %u warp %u is not in a transaction in the model", s,
                     hw);
    w->wd_done = w->wd_fail = 0;
    return -1;
  }
  if (!rc && w->wd_done != w->tx_mask) {
    ww_gpu_put_err(err, n, "watchdog: SM %u warp %u: lanes 0x%x of the attempt have a validation "
                   "outcome, the attempt's lanes are 0x%x", s, hw, w->wd_done, w->tx_mask);
    rc = -1;
  } else if (!rc && (w->wd_fail != 0) != (aborted != 0)) {
    ww_gpu_put_err(err, n, "watchdog: SM %u warp %u: the RTL %s the attempt, its validation "
                   "failed lanes 0x%x", s, hw, aborted ? "aborts" : "continues", w->wd_fail);
    rc = -1;
  }
  w->wd_done = w->wd_fail = 0;
  g->st.tx_watchdog_checks++;
  if (aborted)   /* as the RTL decided */
    wd_abort(g, w);
  return rc;
}

static int64_t external_fail(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc)
{
  ww_warp_t *w = &g->sm[s].warps[hw];
  char msg[160];
  if (drain(g, msg, sizeof msg)) {
    ww_gpu_set_trap(g, WW_TRAP_COSIM, s, hw, pc, d->raw, -1, 0, "%s", msg);
    return -1;
  }
  const uint32_t miss = w->mask & ~w->ext_done;
  if (miss) {
    const ww_tm_rob_t *h = &g->rob[g->tm_cid & (g->rob_n - 1)];
    const int known = h->valid && h->cid == g->tm_cid;
    ww_gpu_set_trap(g, WW_TRAP_COSIM, s, hw, pc, d->raw, (int)__builtin_ctz(miss), 0,
                    "ww.tx.commit: no final outcome for lane %u (lanes 0x%x commit, 0x%x have "
                    "one); CID %u is the oldest not applied: %s", __builtin_ctz(miss), w->mask,
                    w->ext_done, g->tm_cid, known ? "its warp has not reached ww.tx.commit"
                                                  : "not reported");
    return -1;
  }
  const unsigned first = (unsigned)__builtin_ctz(w->mask);
  uint32_t want = w->ext_cid[first];
  for (uint32_t m = w->mask; m; m &= m - 1) {   /* consecutive in lane order */
    const unsigned l = (unsigned)__builtin_ctz(m);
    if (w->ext_cid[l] != want) {
      ww_gpu_set_trap(g, WW_TRAP_COSIM, s, hw, pc, d->raw, (int)l, 0,
                      "ww.tx.commit: lane %u has CID %u, not %u: a warp's committing lanes "
                      "take consecutive CIDs in lane order (lane %u has %u)", l, w->ext_cid[l],
                      want, first, w->ext_cid[first]);
      return -1;
    }
    want = (want + 1) & g->cid_mask;
  }
  const uint32_t fail = w->mask & ~w->ext_pass;
  w->ext_done = w->ext_pass = 0;
  return fail;
}
