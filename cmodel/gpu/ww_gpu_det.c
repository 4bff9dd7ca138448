/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu_det -- GPUDet in the golden GPU model (Jooybar et al., "GPUDet: A
 * Deterministic GPU Architecture", ASPLOS 2013, sec. 4; docs/det.md): the
 * per-warp store buffers of parallel mode (sec. 4.3), the commit by depth
 * (sec. 4.4), serial mode's atomics (sec. 4.5). The scheduler's side (which
 * warps may issue, blocks placed only between quanta; with cfg.det_dwp a
 * slot's reserved block also as soon as its block finishes, sec. 4.2.2) is
 * in ww_gpu.c.
 *
 * What the model fixes (the RTL must reach the same final memory):
 *   - a warp's parallel mode ends after cfg.det_quantum retired warp
 *     instructions, before an atomic (run in serial mode), after a fence,
 *     after a ww.bar (the barrier orders the block's global accesses: only
 *     a commit makes one warp's stores visible to another, so a released
 *     warp goes on in the next quantum), at exit, and before a store instruction when fewer than `lanes` of its
 *     buffer's cfg.det_sb_lines line entries are free (a store writes at
 *     most one line per lane; an entry holds one line, however often it is
 *     written);
 *   - a global load sees memory as the quantum's commit left it, with the
 *     warp's own buffered bytes over it; global stores outside local memory
 *     are buffered (local memory is private to its thread and written at once);
 *   - commit: per byte, the lowest depth wins, depth = -(quantum * 2^m) +
 *     global warp slot (sm * warps_per_sm + slot): the latest quantum, then
 *     the lowest slot;
 *   - serial mode: each warp stopped at an atomic runs it, SM 0 first, in
 *     warp-slot order (the order CU-level serialisation gives, sec. 4.5);
 *   - a warp that still waits at a ww.bar when a quantum begins does not run
 *     in it, even when the barrier releases during it (the warp that
 *     releases it ended its quantum there, its stores not yet visible);
 *   - every L1 is cleared after commit and after serial mode.
 */
#include <stdlib.h>
#include <string.h>

#include "ww_gpu_int.h"

/* A warp's store buffer: the bytes it stored in this quantum, by word
 * address (open addressing; key 0 = empty, word 0 being in the null
 * guard), and the set of lines they are in (one entry of the hardware's
 * buffer per line, rtl/det/ww_det_sbuf.v; docs/det.md sec. 2). */
typedef struct ww_det_buf {
  uint32_t *key;      /* word address, 0 = empty */
  uint32_t *val;
  uint8_t  *bm;       /* byte mask: bit i = byte i of the word */
  uint32_t  cap;      /* slots, a power of two, at least twice the words */
  uint32_t *lkey;     /* line number + 1, 0 = empty */
  uint32_t  lcap;     /* line slots, a power of two, at least twice det_sb_lines */
  uint32_t  lines;    /* line entries used in this quantum */
} ww_det_buf_t;

static uint32_t slot_of(const ww_det_buf_t *b, uint32_t word)
{
  uint32_t i = ((word >> 2) * 0x9E3779B1u) & (b->cap - 1);
  while (b->key[i] && b->key[i] != word)
    i = (i + 1) & (b->cap - 1);
  return i;
}

static uint32_t lslot_of(const ww_det_buf_t *b, uint32_t key)
{
  uint32_t i = (key * 0x9E3779B1u) & (b->lcap - 1);
  while (b->lkey[i] && b->lkey[i] != key)
    i = (i + 1) & (b->lcap - 1);
  return i;
}

static void buf_free(ww_det_buf_t *b)
{
  if (!b)
    return;
  free(b->key);
  free(b->val);
  free(b->bm);
  free(b->lkey);
  free(b);
}

int ww_det_launch(ww_gpu_t *g, char *err, size_t err_len)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  /* every word of every line entry, at most half full */
  const uint64_t words = (uint64_t)c->det_sb_lines * (c->line_bytes / 4);
  uint32_t cap = 16, lcap = 16;
  while (cap < 2 * words)
    cap *= 2;
  while (lcap < 2 * c->det_sb_lines)
    lcap *= 2;
  for (unsigned s = 0; s < c->num_sm; s++)
    for (unsigned hw = 0; hw < c->warps_per_sm; hw++) {
      ww_warp_t *w = &g->sm[s].warps[hw];
      if (!w->det_buf) {
        ww_det_buf_t *b = calloc(1, sizeof *b);
        if (b) {
          b->cap = cap;
          b->key = calloc(cap, sizeof *b->key);
          b->val = calloc(cap, sizeof *b->val);
          b->bm = calloc(cap, 1);
          b->lcap = lcap;
          b->lkey = calloc(lcap, sizeof *b->lkey);
        }
        if (!b || !b->key || !b->val || !b->bm || !b->lkey) {
          buf_free(b);
          return ww_gpu_put_err(err, err_len, "out of host memory for the GPUDet store "
                                "buffers (%u slots per warp)", cap), -1;
        }
        w->det_buf = b;
      }
      memset(w->det_buf->key, 0, w->det_buf->cap * sizeof *w->det_buf->key);
      memset(w->det_buf->lkey, 0, w->det_buf->lcap * sizeof *w->det_buf->lkey);
      w->det_buf->lines = 0;
      w->det_count = 0;
      w->det_end = WW_DET_RUN;
    }
  g->det_phase = WW_DETP_PARALLEL;
  return 0;
}

void ww_det_free(ww_gpu_t *g)
{
  for (unsigned s = 0; s < 16; s++)
    if (g->sm[s].warps)
      for (unsigned hw = 0; hw < g->cfg.warps_per_sm; hw++) {
        buf_free(g->sm[s].warps[hw].det_buf);
        g->sm[s].warps[hw].det_buf = NULL;
      }
}

static void end_warp(ww_gpu_t *g, unsigned s, unsigned hw, unsigned why)
{
  ww_warp_t *w = &g->sm[s].warps[hw];
  w->det_end = (uint8_t)why;
  g->sm[s].ready &= ~(1u << hw);
  g->sm[s].det_stopped |= 1u << hw;
  switch (why) {
  case WW_DET_COUNT: g->st.det_end_count++; break;
  case WW_DET_ATOMIC: g->st.det_end_atomic++; break;
  case WW_DET_FENCE: g->st.det_end_fence++; break;
  case WW_DET_EXIT: g->st.det_end_exit++; break;
  case WW_DET_FULL: g->st.det_end_full++; break;
  case WW_DET_BARRIER: g->st.det_end_barrier++; break;
  default: break;
  }
}

int ww_det_room(ww_gpu_t *g, unsigned s, unsigned hw)
{
  if (g->sm[s].warps[hw].det_buf->lines + g->cfg.lanes <= g->cfg.det_sb_lines)
    return 1;
  end_warp(g, s, hw, WW_DET_FULL);
  return 0;
}

void ww_det_store(const ww_gpu_t *g, ww_warp_t *w, uint32_t a, unsigned n, uint32_t v)
{
  ww_det_buf_t *b = w->det_buf;
  const uint32_t word = a & ~3u;
  const uint32_t lk = (a >> g->line_shift) + 1, li = lslot_of(b, lk);
  if (!b->lkey[li]) {
    b->lkey[li] = lk;
    b->lines++;
  }
  const uint32_t i = slot_of(b, word);
  if (!b->key[i]) {
    b->key[i] = word;
    b->bm[i] = 0;
    b->val[i] = 0;
  }
  for (unsigned k = 0; k < n; k++) {
    const unsigned byte = (a & 3u) + k, sh = 8 * byte;
    b->val[i] = (b->val[i] & ~(0xFFu << sh)) | (((v >> (8 * k)) & 0xFFu) << sh);
    b->bm[i] |= (uint8_t)(1u << byte);
  }
}

void ww_det_load(const ww_warp_t *w, uint32_t a, unsigned n, uint8_t *out)
{
  const ww_det_buf_t *b = w->det_buf;
  const uint32_t i = slot_of(b, a & ~3u);
  if (!b->key[i])
    return;
  for (unsigned k = 0; k < n; k++) {
    const unsigned byte = (a & 3u) + k;
    if (b->bm[i] >> byte & 1)
      out[k] = (uint8_t)(b->val[i] >> (8 * byte));
  }
}

static int is_fence(unsigned op)
{
  return op == WW_OP_FENCE || op == WW_OP_FENCE_DEV || op == WW_OP_FENCE_BLK;
}

void ww_det_retired(ww_gpu_t *g, unsigned s, unsigned hw, unsigned op)
{
  ww_warp_t *w = &g->sm[s].warps[hw];
  if (g->det_phase == WW_DETP_SERIAL) {
    w->det_end = WW_DET_SERIAL_DONE;
    g->st.det_serial_atomics++;
    return;
  }
  if (w->state == WW_W_EXITED) {
    end_warp(g, s, hw, WW_DET_EXIT);
    return;
  }
  w->det_count++;
  if (is_fence(op))
    end_warp(g, s, hw, WW_DET_FENCE);
  else if (op == WW_OP_BAR)
    end_warp(g, s, hw, WW_DET_BARRIER);
  else if (w->det_count >= g->cfg.det_quantum)
    end_warp(g, s, hw, WW_DET_COUNT);
}

void ww_det_stop_at_atomic(ww_gpu_t *g, unsigned s, unsigned hw)
{
  end_warp(g, s, hw, WW_DET_ATOMIC);
}

void ww_det_commit(ww_gpu_t *g)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  /* highest global warp slot first: the lowest depth writes last and wins */
  for (unsigned s = c->num_sm; s-- > 0;)
    for (unsigned hw = c->warps_per_sm; hw-- > 0;) {
      ww_warp_t *w = &g->sm[s].warps[hw];
      ww_det_buf_t *b = w->det_buf;
      if (!b->lines)
        continue;
      for (uint32_t i = 0; i < b->cap; i++) {
        if (!b->key[i])
          continue;
        const uint32_t a = b->key[i];
        uint32_t v = ww_ld32(g->gmem + a);
        for (unsigned k = 0; k < 4; k++)
          if (b->bm[i] >> k & 1) {
            v = (v & ~(0xFFu << (8 * k))) | (b->val[i] & (0xFFu << (8 * k)));
            g->st.det_commit_bytes++;
          }
        ww_mem_write_l2(g, a, v);
        b->key[i] = 0;
      }
      memset(b->lkey, 0, b->lcap * sizeof *b->lkey);
      b->lines = 0;
    }
  for (unsigned s = 0; s < c->num_sm; s++)
    ww_l1_clear(g, s);
}

int ww_det_serial(ww_gpu_t *g)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  g->det_phase = WW_DETP_SERIAL;
  for (unsigned s = 0; s < c->num_sm; s++)
    for (unsigned hw = 0; hw < c->warps_per_sm; hw++) {
      ww_warp_t *w = &g->sm[s].warps[hw];
      if (w->det_end != WW_DET_ATOMIC || w->state != WW_W_READY)
        continue;
      if (ww_exec_warp(g, s, hw))
        return -1;
    }
  g->det_phase = WW_DETP_PARALLEL;
  for (unsigned s = 0; s < c->num_sm; s++)
    ww_l1_clear(g, s);
  return 0;
}

unsigned ww_det_begin_quantum(ww_gpu_t *g)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  unsigned n = 0;
  for (unsigned s = 0; s < c->num_sm; s++) {
    ww_sm_t *sm = &g->sm[s];
    sm->ready = 0;
    sm->det_stopped = 0;
    for (unsigned hw = 0; hw < c->warps_per_sm; hw++) {
      ww_warp_t *w = &sm->warps[hw];
      w->det_count = 0;
      w->det_end = WW_DET_RUN;
      if (w->state == WW_W_READY) {
        sm->ready |= 1u << hw;
        n++;
      } else if (w->state == WW_W_BAR) {
        end_warp(g, s, hw, WW_DET_BARRIER);   /* not this quantum, released or not */
      }
    }
  }
  return n;
}
