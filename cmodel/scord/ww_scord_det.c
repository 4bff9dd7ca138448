/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_scord_det -- C model of rtl/scord/ww_scord_det.v. The state mirrors the
 * RTL: the intake queue (a circular buffer the read-ahead's cursor reads at
 * any place), the FSM (IDLE RD RDW CHK VLAST WR LOG LWR LWRW HDR HDRW ABORT;
 * see the RTL header), the record in work, the line buffer, the race notes
 * of the md line in work, the port's responses due (count and which are
 * READs, in request order), the read-ahead (cursor; READAHEAD line buffers
 * with their lines, used in order), the counters, the dedup table, and the
 * ww_scord_check / ww_scord_fencefile models. The deferral to the crossbar
 * (xbar_req_i) reads the queue's count, which the RTL keeps as qcnt_q.
 */
#include "ww_scord_det.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_isa.h"
#include "ww_scord_check.h"
#include "ww_scord_fencefile.h"

#define MAXW 32           /* words per line, LINE_BYTES <= 128 */
#define MAXH (MAXW / 2)
#define SBW WW_PORT_WORDS(WW_SCORD_DET_SB_W)

enum {
  ST_IDLE, ST_RD, ST_RDW, ST_CHK, ST_VLAST, ST_WR, ST_LOG, ST_LWR, ST_LWRW, ST_HDR, ST_HDRW,
  ST_ABORT
};

#define MAXRA 16          /* SCORD_READAHEAD at most (OUTS = 2*RA + 2 <= 64) */

typedef struct {
  uint32_t src, line;
  uint32_t sb[SBW];
} qent_t;

typedef struct {
  int valid;
  uint32_t pc, wa, type, seq, cnt;
} dd_t;

struct ww_scord_det {
  ww_scord_det_cfg_t cfg;
  ww_scord_det_map_t map;
  ww_scord_check_t *chk;
  ww_scord_fencefile_t *ff;
  unsigned nwp;             /* NUM_SM*WARPS */
  uint32_t wp_mask;         /* WP_W bits */
  unsigned md_warp_lsb, md_block_lsb;

  /* intake queue */
  qent_t *q;
  unsigned q_head, q_count;
  int ack;
  uint32_t ack_sm;

  /* FSM and record */
  int state;
  uint32_t rec_src, rec_line, rec_op, rec_wp, rec_cta, rec_pc, rec_wm, rec_bar, rec_lk;
  unsigned half;
  uint32_t lb[MAXW];        /* line buffer: md line lp (valid lp_v), kept after its record */
  uint32_t lp;
  int lp_v;
  uint32_t logb[WW_SCORD_ENT_N];   /* the log entry or header to write */
  uint32_t rem, rvec, vidx;
  uint64_t chg_be[2];       /* byte enables of changed entries (LINE_BYTES <= 128) */
  unsigned rtype[MAXH], rscope[MAXH];
  uint32_t rpwarp[MAXH], rpblk[MAXH];

  /* the port: out responses due, in request order; bit k of okind: the
   * k-th due is a read-ahead's READ (else a WRITE's ack) */
  unsigned out, outs;
  uint64_t okind;
  /* the read-ahead: the cursor (record cur_e: 0 the one in work, k >= 1 the
   * k-th in the queue; cur_h: its first md line was read, the second is
   * next) and sl_n line buffers from sl_rd on; sl_fwd: forwarded (no
   * READ), sl_have: its line is here */
  unsigned cur_e, cur_h;
  unsigned sl_rd, sl_n;
  uint32_t sl_line[MAXRA];
  int sl_fwd[MAXRA], sl_have[MAXRA];
  uint32_t sl_data[MAXRA][MAXW];

  /* race log */
  uint32_t n_entries, n_races, n_ovw, n_recs, n_mdrd, n_mdwr, n_qfull;
  int hdr_dirty, in_rec;
  uint32_t log_line;        /* the log record's first line */
  int log_be_count;         /* log write: count word only (else the entry's words) */
  unsigned log_part, log_last;   /* its line written now, the last to write */
  dd_t *dd;
};

static uint32_t mask32(unsigned w)
{
  return w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1;
}

/* v in field F of the race-log entry word WW_SCORD_ENT_WARPS */
#define EW(v, F) (((uint32_t)(v) & mask32(WW_SCORD_EW_##F##_W)) << WW_SCORD_EW_##F##_LSB)

/* ---- configuration and the address map ---------------------------------- */

ww_scord_det_cfg_t ww_scord_det_default_cfg(void)
{
  ww_scord_det_cfg_t c;
  c.num_sm = WW_NUM_SM;
  c.warps = WW_WARPS_PER_SM;
  c.lanes = WW_LANES;
  c.num_part = WW_NUM_PART;
#ifdef WW_SCORD_DET_PART
  c.part = WW_SCORD_DET_PART;
#else
  c.part = 0;
#endif
  c.line_bytes = WW_LINE_BYTES;
  c.gmem_bytes = WW_GMEM_BYTES;
  c.null_guard_bytes = WW_NULL_GUARD_BYTES;
  c.local_bytes = WW_LOCAL_BYTES;
  c.blockid_w = WW_SCORD_BLOCKID_W;
  c.warpid_w = WW_SCORD_WARPID_W;
  c.fenceid_w = WW_SCORD_FENCEID_W;
  c.barid_w = WW_SCORD_BARID_W;
  c.tag_w = WW_SCORD_TAG_W;
  c.bloom_w = WW_SCORD_BLOOM_W;
  c.queue = WW_SCORD_QUEUE;
  c.readahead = WW_SCORD_READAHEAD;
  c.log_entries = WW_SCORD_LOG_ENTRIES;
  c.dedup = WW_SCORD_DEDUP;
  return c;
}

int ww_scord_det_cfg_ok(const ww_scord_det_cfg_t *c)
{
  ww_scord_check_cfg_t cc = { c->blockid_w, c->warpid_w, c->fenceid_w,
                              c->barid_w,   c->tag_w,    c->bloom_w };
  uint64_t local = (uint64_t)c->num_sm * c->warps * c->lanes * c->local_bytes;
  return c->line_bytes == WW_LINE_BYTES && c->num_sm == WW_NUM_SM &&
         c->warps == WW_WARPS_PER_SM && c->barid_w == WW_SCORD_BARID_W &&
         c->bloom_w == WW_SCORD_BLOOM_W && ww_is_pow2(c->line_bytes) && c->line_bytes >= 16 &&
         c->line_bytes <= 128 && c->queue >= 2 && ww_is_pow2(c->queue) &&
         c->readahead >= 1 && c->readahead <= MAXRA &&
         ww_is_pow2(c->log_entries) && ww_is_pow2(c->dedup) && c->num_part >= 1 &&
         c->part < c->num_part && c->num_sm >= 1 && c->warps >= 1 &&
         c->num_sm * c->warps <= 256 && c->warpid_w <= 16 &&
         c->num_sm * c->warps <= (1u << c->warpid_w) && ww_scord_check_cfg_ok(&cc) &&
         c->tag_w <= 16 && local < c->gmem_bytes && c->gmem_bytes <= 0x7FFFFFFFu &&
         3ull * (c->gmem_bytes / c->line_bytes) +
                 (1ull + c->log_entries) * c->num_part * WW_SCORD_LOG_LINES(c->line_bytes) <
             (1ull << (32 - ww_clog2(c->line_bytes)));
}

ww_scord_det_map_t ww_scord_det_map(const ww_scord_det_cfg_t *c)
{
  ww_scord_det_map_t m;
  const uint32_t P = c->num_part;
  const uint32_t gl = c->gmem_bytes / c->line_bytes;
  const uint32_t lb0 = (uint32_t)((c->gmem_bytes - (uint64_t)c->num_sm * c->warps * c->lanes *
                                                       c->local_bytes) /
                                  c->line_bytes);
  const uint32_t per_part = (lb0 + P - 1) / P;
  const uint32_t per_tag = (per_part + (1u << c->tag_w) - 1) >> c->tag_w;
  m.words = c->line_bytes / 4;
  m.half = m.words / 2;
  m.ng_line = c->null_guard_bytes / c->line_bytes;
  m.lb0_line = lb0;
  m.s_w = ww_clog2(per_tag);
  m.md_base_line = (gl + P - 1) / P * P;
  m.log_base_line = (3 * gl + P - 1) / P * P;
  return m;
}

static uint32_t line_mask(const ww_scord_det_cfg_t *c)
{
  return mask32(32 - ww_clog2(c->line_bytes));
}

uint32_t ww_scord_det_md_line(const ww_scord_det_cfg_t *c, int cached, uint32_t line,
                              unsigned half)
{
  const ww_scord_det_map_t m = ww_scord_det_map(c);
  uint32_t i = line / c->num_part;
  uint32_t j = cached ? (i & mask32(m.s_w)) : i;
  return (m.md_base_line + (2 * j + (half & 1)) * c->num_part + c->part) & line_mask(c);
}

uint32_t ww_scord_det_tag(const ww_scord_det_cfg_t *c, uint32_t line)
{
  const ww_scord_det_map_t m = ww_scord_det_map(c);
  return ((line / c->num_part) >> m.s_w) & mask32(c->tag_w);
}

uint32_t ww_scord_det_hdr_line(const ww_scord_det_cfg_t *c)
{
  return ww_scord_det_map(c).log_base_line + c->part;
}

uint32_t ww_scord_det_entry_line(const ww_scord_det_cfg_t *c, uint32_t n)
{
  return ww_scord_det_map(c).log_base_line +
         WW_SCORD_LOG_LINES(c->line_bytes) * (1 + (n & (c->log_entries - 1))) * c->num_part +
         c->part;
}

/* ---- sideband ------------------------------------------------------------ */

/* the SB layout of ww_proto.def for this build */
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)
#define WORDS (WW_LINE_BYTES / 4)
#define SB(f) WW_SB_##f(WID_W, WORDS, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W)
enum {
  SB_OP = SB(OP_LSB),
  SB_WID = SB(WID_LSB),
  SB_CTA = SB(CTA_LSB),
  SB_PC = SB(PC_LSB),
  SB_SK = SB(SK_LSB),
  SB_WM = SB(WM_LSB),
  SB_BAR = SB(BAR_LSB),
  SB_LK = SB(LK_LSB),
  SB_OP_W = SB(OP_W),
  SB_CTA_W = SB(CTA_W),
  SB_PC_W = SB(PC_W),
  SB_SK_W = SB(SK_W)
};

static uint32_t get_bits(const uint32_t *w, unsigned lsb, unsigned n)
{
  uint64_t v = w[lsb / 32];
  if (lsb % 32 + n > 32)
    v |= (uint64_t)w[lsb / 32 + 1] << 32;
  return (uint32_t)(v >> (lsb % 32)) & mask32(n);
}

static void put_bits(uint32_t *w, unsigned lsb, unsigned n, uint32_t x)
{
  for (unsigned b = 0; b < n; b++) {
    unsigned p = lsb + b;
    w[p / 32] = (w[p / 32] & ~(1u << (p % 32))) | (((x >> b) & 1u) << (p % 32));
  }
}

void ww_scord_det_sb_pack(const ww_scord_det_sb_t *sb, uint32_t *w)
{
  memset(w, 0, SBW * sizeof *w);
  put_bits(w, SB_OP, SB_OP_W, sb->op);
  put_bits(w, SB_WID, WID_W, sb->wid);
  put_bits(w, SB_CTA, SB_CTA_W, sb->ctaid);
  put_bits(w, SB_PC, SB_PC_W, sb->pc);
  put_bits(w, SB_SK, SB_SK_W, sb->sk);
  put_bits(w, SB_WM, WORDS, sb->wmask);
  put_bits(w, SB_BAR, WW_SCORD_BARID_W, sb->bar);
  put_bits(w, SB_LK, WW_SCORD_BLOOM_W, sb->lk);
}

ww_scord_det_sb_t ww_scord_det_sb_unpack(const uint32_t *w)
{
  ww_scord_det_sb_t sb;
  sb.op = get_bits(w, SB_OP, SB_OP_W);
  sb.wid = get_bits(w, SB_WID, WID_W);
  sb.ctaid = get_bits(w, SB_CTA, SB_CTA_W);
  sb.pc = get_bits(w, SB_PC, SB_PC_W);
  sb.sk = get_bits(w, SB_SK, SB_SK_W);
  sb.wmask = get_bits(w, SB_WM, WORDS);
  sb.bar = get_bits(w, SB_BAR, WW_SCORD_BARID_W);
  sb.lk = get_bits(w, SB_LK, WW_SCORD_BLOOM_W);
  return sb;
}

/* ---- the model ----------------------------------------------------------- */

ww_scord_det_t *ww_scord_det_new(const ww_scord_det_cfg_t *c)
{
  if (!ww_scord_det_cfg_ok(c)) {
    fprintf(stderr, "ww_scord_det: illegal configuration\n");
    return NULL;
  }
  ww_scord_det_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->map = ww_scord_det_map(c);
  m->nwp = c->num_sm * c->warps;
  m->wp_mask = mask32(WW_IDX_W(m->nwp));
  ww_scord_check_cfg_t cc = { c->blockid_w, c->warpid_w, c->fenceid_w,
                              c->barid_w,   c->tag_w,    c->bloom_w };
  ww_scord_layout_t l = ww_scord_layout(&cc);
  m->md_warp_lsb = l.warp_lsb;
  m->md_block_lsb = l.block_lsb;
  ww_scord_fencefile_cfg_t fc = { c->num_sm, c->warps, c->fenceid_w };
  m->chk = ww_scord_check_new(&cc);
  m->ff = ww_scord_fencefile_new(&fc);
  m->outs = 2 * c->readahead + 2;
  m->cur_e = 1;
  m->q = calloc(c->queue, sizeof *m->q);
  m->dd = calloc(c->dedup, sizeof *m->dd);
  if (!m->chk || !m->ff || !m->q || !m->dd) {
    ww_scord_det_free(m);
    return NULL;
  }
  return m;
}

void ww_scord_det_free(ww_scord_det_t *m)
{
  if (!m)
    return;
  ww_scord_check_free(m->chk);
  ww_scord_fencefile_free(m->ff);
  free(m->q);
  free(m->dd);
  free(m);
}

static unsigned lowest(uint32_t v, unsigned n)
{
  for (unsigned b = 0; b < n; b++)
    if (v >> b & 1)
      return b;
  return 0;
}

static uint64_t lb_entry(const ww_scord_det_t *m, unsigned r)
{
  return (uint64_t)m->lb[2 * r] | (uint64_t)m->lb[2 * r + 1] << 32;
}

/* the log decision of state LOG, from the current state */
typedef struct {
  unsigned r, type, scope, idx;
  uint32_t wa, pwarp, pblk, cnt1, line;
  int dup;
} lg_t;

static lg_t log_decide(const ww_scord_det_t *m)
{
  const ww_scord_det_cfg_t *c = &m->cfg;
  lg_t g;
  g.r = lowest(m->rvec, m->map.half);
  g.type = m->rtype[g.r];
  g.scope = m->rscope[g.r];
  g.pwarp = m->rpwarp[g.r];
  g.pblk = m->rpblk[g.r];
  g.wa = (m->rec_line * m->map.words + m->half * m->map.half + g.r) & 0x3FFFFFFFu;
  g.idx = ((m->rec_pc >> 2) ^ g.wa ^ g.type) & (c->dedup - 1);
  const dd_t *d = &m->dd[g.idx];
  g.dup = d->valid && d->pc == m->rec_pc && d->wa == g.wa && d->type == g.type &&
          m->n_entries - d->seq <= c->log_entries;
  g.cnt1 = d->cnt + 1;
  g.line = ww_scord_det_entry_line(c, g.dup ? d->seq : m->n_entries) & line_mask(c);
  return g;
}

void ww_scord_det_step(ww_scord_det_t *m, const ww_scord_det_in_t *in, ww_scord_det_out_t *out)
{
  const ww_scord_det_cfg_t *c = &m->cfg;
  const ww_scord_det_map_t *mp = &m->map;
  const unsigned W = mp->words, H = mp->half, LBY = c->line_bytes;
  const int rst = (int)(in->rst_ni & 1), clear = (int)(in->clear_i & 1);
  const int en = (int)(in->en_i & 1), cached = (int)(in->cached_i & 1);
  const int st = m->state;
  const unsigned vidx = m->vidx;     /* values before this clock edge */

  /* ---- outputs ---- */
  const int q_ready = m->q_count < c->queue;
  const int in_ready = !en || (!clear && q_ready);
  const int q_valid = m->q_count > 0;
  out->in_ready_o = (uint64_t)in_ready;
  out->ack_valid_o = (uint64_t)m->ack;
  out->ack_sm_o = m->ack_sm;

  const uint32_t md_line = ww_scord_det_md_line(c, cached, m->rec_line, m->half);
  const int pend = m->out > 0;
  out->idle_o = (uint64_t)(st == ST_IDLE && !q_valid && !pend && !(m->hdr_dirty && en));

  const int log_now = st == ST_LOG;
  const lg_t g = log_decide(m);
  out->race_valid_o = (uint64_t)log_now;
  out->race_pc_o = m->rec_pc;
  out->race_addr_o = g.wa << 2;
  out->race_type_o = g.type;
  out->race_scope_blk_o = g.scope;
  out->race_dup_o = (uint64_t)g.dup;

  /* ---- the queue head ---- */
  const qent_t *h = &m->q[m->q_head];
  const ww_scord_det_sb_t hs = ww_scord_det_sb_unpack(h->sb);
  const int q_pop = st == ST_IDLE && q_valid && !clear;
  const int h_tracked = h->line >= mp->ng_line && h->line < mp->lb0_line;
  const int h_check = hs.sk == WW_SCORD_SK_CHECK && h_tracked && hs.wmask != 0;
  const int h_fence = hs.sk == WW_SCORD_SK_FENCE;
  const uint32_t h_wp = (h->src * c->warps + hs.wid) & m->wp_mask;

  /* ---- the record ---- */
  const uint32_t op = m->rec_op;
  const int atom_blk = (op >= WW_OP_AMOADD_BLK && op <= WW_OP_AMOXOR_BLK) || op == WW_OP_CAS_BLK;
  const int atom_dev = (op >= WW_OP_AMOADD_DEV && op <= WW_OP_AMOXOR_DEV) || op == WW_OP_CAS_DEV;
  const int atom = atom_blk || atom_dev;
  const int store = (op >= WW_OP_SB && op <= WW_OP_SW) || op == WW_OP_SW_STRONG;
  const int strong = op == WW_OP_LW_STRONG || op == WW_OP_SW_STRONG;
  const uint32_t kind = atom ? WW_SCORD_KIND_ATOMIC : store ? WW_SCORD_KIND_STORE
                                                            : WW_SCORD_KIND_LOAD;
  const uint32_t wm_lo = m->rec_wm & mask32(H), wm_hi = (m->rec_wm >> H) & mask32(H);

  /* ---- fence file ---- */
  const unsigned iss_r = lowest(m->rem, H);
  const uint64_t iss_md = lb_entry(m, iss_r);
  const uint32_t iss_pwarp = (uint32_t)(iss_md >> m->md_warp_lsb) & mask32(c->warpid_w);
  ww_scord_fencefile_in_t fi;
  ww_scord_fencefile_out_t fo;
  memset(&fi, 0, sizeof fi);
  fi.rst_ni = (uint64_t)rst;
  fi.clear_i = (uint64_t)clear;
  fi.inc_valid_i = (uint64_t)(q_pop && h_fence);
  fi.inc_wp_i = h_wp;
  fi.inc_dev_i = (uint64_t)(hs.op != WW_OP_FENCE_BLK);
  fi.rd_a_wp_i = m->rec_wp;
  fi.rd_b_wp_i = iss_pwarp & m->wp_mask;
  ww_scord_fencefile_step(m->ff, &fi, &fo);

  /* ---- check ---- */
  const int iss_v = st == ST_CHK;
  ww_scord_check_in_t ci;
  ww_scord_check_out_t co;
  memset(&ci, 0, sizeof ci);
  ci.rst_ni = (uint64_t)rst;
  ci.in_valid_i = (uint64_t)iss_v;
  ci.md_i = iss_md;
  ci.cached_i = (uint64_t)cached;
  ci.tag_i = ww_scord_det_tag(c, m->rec_line);
  ci.is_w_i = (uint64_t)store;
  ci.is_atom_i = (uint64_t)atom;
  ci.strong_i = (uint64_t)strong;
  ci.scope_blk_i = (uint64_t)atom_blk;
  ci.block_i = m->rec_cta & mask32(c->blockid_w);
  ci.warp_i = m->rec_wp;
  ci.bar_i = m->rec_bar;
  ci.lock_i = m->rec_lk;
  ci.fc_blk_i = fo.rd_a_blk_o;
  ci.fc_dev_i = fo.rd_a_dev_o;
  ci.fp_blk_i = fo.rd_b_blk_o;
  ci.fp_dev_i = fo.rd_b_dev_o;
  ww_scord_check_step(m->chk, &ci, &co);

  /* ---- this cycle's events ---- */
  const uint32_t rem_nx = m->rem & ~(1u << iss_r);
  const int v_take = co.out_valid_o && (st == ST_CHK || st == ST_VLAST);
  const uint64_t v_old = lb_entry(m, vidx);
  const int v_chg = v_take && co.md_o != v_old;
  const int v_rc = v_take && co.race_o;
  const int any_chg = m->chg_be[0] || m->chg_be[1] || v_chg;
  const int any_race = m->rvec || v_rc;
  const int next_hi = !m->half && wm_hi != 0;

  /* ---- the read-ahead's cursor: the next md line to read in record order ---- */
  const unsigned RA = c->readahead;
  const int cur_rec = m->cur_e == 0;
  const qent_t *ce = &m->q[(m->q_head + m->cur_e - 1) % c->queue];
  const ww_scord_det_sb_t cs = ww_scord_det_sb_unpack(ce->sb);
  const int cur_av = cur_rec || m->cur_e - 1 < m->q_count;
  const uint32_t c_line = cur_rec ? m->rec_line : ce->line;
  const uint32_t c_wm = cur_rec ? m->rec_wm : cs.wmask;
  const int c_chk = cur_rec || (cs.sk == WW_SCORD_SK_CHECK && ce->line >= mp->ng_line &&
                                ce->line < mp->lb0_line && cs.wmask != 0);
  const int c_lo = (c_wm & mask32(H)) != 0;
  const int c_both = c_lo && ((c_wm >> H) & mask32(H)) != 0;
  const uint32_t c_md = ww_scord_det_md_line(c, cached, c_line, m->cur_h || !c_lo);

  /* ---- the memory port and the read-ahead ---- */
  const int mrsp = (int)(in->mrsp_valid_i & 1);
  const int mready = (int)(in->mreq_ready_i & 1);
  const int rsp_ra = mrsp && (m->okind & 1);
  const int rsp_last = mrsp && m->out == 1;
  /* deferral: the crossbar waits for the slice and less than half the
   * queue is full (the RTL counts the queue's records in qcnt_q) */
  const int defer = (in->xbar_req_i & 1) && m->q_count < c->queue / 2;
  const int busy = defer || m->out >= m->outs;
  /* forwarding: the cursor's md line is pending if it is the line buffer's
   * or a buffer's in use; the READ buffer the slice fills next is the
   * oldest one whose line is not here */
  int pend_sl = 0, sl_wait = 0;
  unsigned sl_fill = m->sl_rd;
  for (unsigned k = 0; k < m->sl_n; k++) {
    const unsigned i = (m->sl_rd + k) % RA;
    pend_sl |= m->sl_line[i] == c_md;
    if (!sl_wait && !m->sl_fwd[i] && !m->sl_have[i]) {
      sl_fill = i;
      sl_wait = 1;
    }
  }
  const int c_pend = (m->lp_v && c_md == m->lp) || pend_sl;
  const int cur_skip = cur_av && !c_chk;
  const int st_wr = st == ST_WR && !busy;
  const int st_lwr = st == ST_LWR && !busy;
  const int st_hdr = st == ST_HDR && !busy;
  const int ra_st = st != ST_LWRW && st != ST_HDRW && st != ST_ABORT;
  const int ra_go = ra_st && !clear && cur_av && c_chk && m->sl_n < RA && !busy && !c_pend &&
                    !st_wr && !st_lwr && !st_hdr;
  const int ra_fwd = !clear && cur_av && c_chk && m->sl_n < RA && c_pend;   /* no request */
  const int m_req = st_wr || st_lwr || st_hdr || ra_go;
  const int m_acc = m_req && mready;
  const int ra_acc = m_acc && ra_go, wr_acc = m_acc && st_wr;
  const int ra_new = ra_acc || ra_fwd;   /* the cursor takes a buffer */
  const int st_log = st_lwr || st_hdr;   /* a log record's line log_part */
  const int lg_end = m->log_part == m->log_last;
  const unsigned lp0 = m->log_part * LBY;   /* its first byte in the record */
  uint8_t be[128];
  memset(be, 0, sizeof be);
  for (unsigned b = 0; b < LBY; b++) {
    if (st_wr) {
      be[b] = (uint8_t)(m->chg_be[b / 64] >> (b % 64) & 1);
    } else if (st_log) {
      const unsigned rb = lp0 + b;         /* the record's byte */
      be[b] = rb / 4 < WW_SCORD_ENT_N &&
              (!st_lwr || !m->log_be_count || rb / 4 == WW_SCORD_ENT_COUNT);
    }
  }
  out->mreq_valid_o = (uint64_t)m_req;
  out->mreq_op_o = ra_go ? WW_L2_READ : WW_L2_WRITE;
  out->mreq_line_o = ra_go   ? c_md
                     : st_wr ? md_line
                             : (m->log_line + m->log_part * c->num_part) & line_mask(c);
  memset(out->mreq_be_o, 0, sizeof out->mreq_be_o);
  memset(out->mreq_data_o, 0, sizeof out->mreq_data_o);
  for (unsigned b = 0; b < LBY; b++) {
    if (!be[b])
      continue;
    out->mreq_be_o[b / 32] |= 1u << (b % 32);
    const uint32_t wd = st_wr ? m->lb[b / 4] : m->logb[(lp0 + b) / 4];
    out->mreq_data_o[b / 4] |= wd & (0xFFu << (8 * (b % 4)));
  }
  /* RD and RDW take the oldest buffer: its line here, arriving now, or
   * (forwarded, the line buffer's line) the line buffer itself */
  const int rd_st = st == ST_RD || st == ST_RDW;
  const unsigned s0 = m->sl_rd;
  const int s0_have = m->sl_have[s0];
  const int s0_adj = m->sl_fwd[s0] && m->lp_v && m->sl_line[s0] == m->lp;
  const int s0_now = rsp_ra && sl_wait && sl_fill == s0;
  const int ra_take = rd_st && !clear && m->sl_n > 0 && (s0_adj || s0_have || s0_now);
  const int ld_line = ra_take;
  /* taking another line: the line buffer is final, copy it to every
   * forwarded buffer after it on its line (also one the cursor takes now) */
  const int ld_copy = ra_take && !s0_adj && m->lp_v;

  const int qfull = (in->in_valid_i & 1) && !in_ready;
  const int bump = qfull || q_pop || ra_acc || wr_acc || log_now;
  const int hdr_build =
    (st == ST_IDLE && !q_valid && m->hdr_dirty && en) || (st == ST_LWRW && rsp_last);
  const int st_next = next_hi ? ST_RD : ST_IDLE;

  int sd = st;
  switch (st) {
  case ST_IDLE:
    if (q_valid)
      sd = h_check ? ST_RD : ST_IDLE;
    else if (m->hdr_dirty && en)
      sd = ST_HDR;
    break;
  case ST_RD: sd = ra_take ? ST_CHK : (m->sl_n > 0 || ra_new) ? ST_RDW : ST_RD; break;
  case ST_RDW: if (ra_take) sd = ST_CHK; break;
  case ST_CHK: if (!rem_nx) sd = ST_VLAST; break;
  case ST_VLAST: sd = any_chg ? ST_WR : any_race ? ST_LOG : st_next; break;
  case ST_WR: if (wr_acc) sd = m->rvec ? ST_LOG : st_next; break;
  case ST_LOG: sd = ST_LWR; break;
  case ST_LWR: if (m_acc && lg_end) sd = ST_LWRW; break;
  case ST_LWRW: if (rsp_last) sd = ST_HDR; break;
  case ST_HDR: if (m_acc && lg_end) sd = ST_HDRW; break;
  case ST_HDRW: if (rsp_last) sd = !m->in_rec ? ST_IDLE : m->rvec ? ST_LOG : st_next; break;
  case ST_ABORT: if (rsp_last) sd = ST_IDLE; break;
  default: sd = ST_IDLE; break;
  }
  if (clear)
    sd = (m_acc || (pend && !rsp_last)) ? ST_ABORT : ST_IDLE;
  const int go_hi = sd == ST_RD && st != ST_IDLE && st != ST_RD;

  /* ---- clock edge: the buffers (before the line buffer changes) ---- */
  const unsigned tail = (m->sl_rd + m->sl_n) % RA;
  for (unsigned k = 0; k < RA; k++) {
    const int used = (k + RA - m->sl_rd) % RA < m->sl_n;
    if (ra_new && k == tail) {
      const int cp = ld_copy && ra_fwd && c_md == m->lp;
      m->sl_line[k] = c_md;
      m->sl_fwd[k] = ra_fwd;
      m->sl_have[k] = cp;
      if (cp)
        memcpy(m->sl_data[k], m->lb, W * sizeof(uint32_t));
    } else if (ld_copy && used && k != s0 && m->sl_fwd[k] && m->sl_line[k] == m->lp) {
      m->sl_have[k] = 1;
      memcpy(m->sl_data[k], m->lb, W * sizeof(uint32_t));
    } else if (rsp_ra && st != ST_ABORT && sl_wait && k == sl_fill) {
      m->sl_have[k] = 1;
      memcpy(m->sl_data[k], in->mrsp_data_i, W * sizeof(uint32_t));
    }
  }

  /* ---- clock edge: datapath (not reset) ---- */
  const int ack_d = (in->in_valid_i & 1) && in_ready &&
                    get_bits(in->in_sb_i, SB_SK, SB_SK_W) == WW_SCORD_SK_FENCE &&
                    get_bits(in->in_sb_i, SB_OP, SB_OP_W) != WW_OP_FENCE_BLK;
  if (ack_d)
    m->ack_sm = (uint32_t)in->in_src_i;
  const unsigned half_now = m->half;
  if (q_pop && h_check) {
    m->rec_src = h->src;
    m->rec_line = h->line;
    m->rec_op = hs.op;
    m->rec_wp = h_wp;
    m->rec_cta = hs.ctaid;
    m->rec_pc = hs.pc;
    m->rec_wm = hs.wmask;
    m->rec_bar = hs.bar;
    m->rec_lk = hs.lk;
    m->half = (hs.wmask & mask32(H)) == 0;
  }
  if (go_hi)
    m->half = 1;
  if (ld_line) {
    if (!s0_adj)
      memcpy(m->lb, s0_have ? m->sl_data[s0] : in->mrsp_data_i, W * sizeof(uint32_t));
    m->lp = md_line;
    m->rem = half_now ? wm_hi : wm_lo;
    m->chg_be[0] = m->chg_be[1] = 0;
  }
  if (iss_v) {
    m->rem = rem_nx;
    m->vidx = iss_r;
  }
  if (v_take) {
    const unsigned r = vidx;
    m->lb[2 * r] = (uint32_t)co.md_o;
    m->lb[2 * r + 1] = (uint32_t)(co.md_o >> 32);
    if (v_chg)
      m->chg_be[(8 * r) / 64] |= 0xFFull << ((8 * r) % 64);
    if (co.race_o) {
      m->rtype[r] = (unsigned)co.race_type_o;
      m->rscope[r] = (unsigned)co.race_scope_blk_o;
      m->rpwarp[r] = (uint32_t)(v_old >> m->md_warp_lsb) & mask32(c->warpid_w);
      m->rpblk[r] = (uint32_t)(v_old >> m->md_block_lsb) & mask32(c->blockid_w);
    }
  }
  const unsigned lp_n = WW_SCORD_LOG_LINES(LBY);
  const unsigned cnt_part = 4 * WW_SCORD_ENT_COUNT / LBY;
  if (m_acc && st_log)
    m->log_part++;   /* past the last part it is never read: set again first */
  if (log_now) {
    dd_t *d = &m->dd[g.idx];
    m->log_line = g.line;
    m->log_be_count = g.dup;
    m->log_part = g.dup ? cnt_part : 0;
    m->log_last = g.dup ? cnt_part : lp_n - 1;
    if (g.dup) {
      m->logb[WW_SCORD_ENT_COUNT] = g.cnt1;
      d->cnt = g.cnt1;
    } else {
      const uint32_t psm = g.pwarp / c->warps;
      memset(m->logb, 0, sizeof m->logb);
      m->logb[WW_SCORD_ENT_PC] = m->rec_pc;
      m->logb[WW_SCORD_ENT_ADDR] = g.wa << 2;
      m->logb[WW_SCORD_ENT_COUNT] = 1;
      m->logb[WW_SCORD_ENT_KIND] = kind << WW_SCORD_EK_KIND_LSB |
                                 g.scope << WW_SCORD_EK_SCOPE_BLK_LSB |
                                 g.type << WW_SCORD_EK_TYPE_LSB;
      m->logb[WW_SCORD_ENT_CTAID] = m->rec_cta;
      m->logb[WW_SCORD_ENT_WARPS] = EW(g.pwarp, PREV_WARP) | EW(psm, PREV_SM) |
                                  EW(m->rec_wp, CUR_WARP) | EW(m->rec_src, CUR_SM);
      m->logb[WW_SCORD_ENT_PREV_BLOCK] = g.pblk;
      m->logb[WW_SCORD_ENT_SEQ] = m->n_entries;
      d->pc = m->rec_pc;
      d->wa = g.wa;
      d->type = g.type;
      d->seq = m->n_entries;
      d->cnt = 1;
    }
  }
  if (hdr_build) {
    m->log_line = ww_scord_det_hdr_line(c) & line_mask(c);
    m->log_be_count = 0;
    m->log_part = 0;
    m->log_last = lp_n - 1;
    memset(m->logb, 0, sizeof m->logb);
    m->logb[WW_SCORD_HDR_ENTRIES] = m->n_entries;
    m->logb[WW_SCORD_HDR_RACES] = m->n_races;
    m->logb[WW_SCORD_HDR_OVERWRITES] = m->n_ovw;
    m->logb[WW_SCORD_HDR_RECORDS] = m->n_recs;
    m->logb[WW_SCORD_HDR_MD_READS] = m->n_mdrd;
    m->logb[WW_SCORD_HDR_MD_WRITES] = m->n_mdwr;
    m->logb[WW_SCORD_HDR_QFULL] = m->n_qfull;
    m->logb[WW_SCORD_HDR_MAGIC] = WW_SCORD_LOG_MAGIC | c->part;
  }

  /* ---- clock edge: control ---- */
  const int q_push = (in->in_valid_i & 1) && en && !clear && q_ready;
  if (!rst || clear) {
    m->q_head = m->q_count = 0;
  } else {
    if (q_push) {
      qent_t *e = &m->q[(m->q_head + m->q_count) % c->queue];
      e->src = (uint32_t)in->in_src_i;
      e->line = (uint32_t)in->in_line_i;
      memcpy(e->sb, in->in_sb_i, sizeof e->sb);
    }
    if (q_pop)
      m->q_head = (m->q_head + 1) % c->queue;
    m->q_count = m->q_count + (unsigned)q_push - (unsigned)q_pop;
  }
  m->ack = rst && ack_d;
  /* the port and the read-ahead */
  if (!rst) {
    m->out = 0;
    m->okind = 0;
    m->cur_e = 1;
    m->cur_h = 0;
    m->sl_rd = m->sl_n = 0;
    m->lp_v = 0;
  } else {
    const unsigned pos = m->out - (unsigned)mrsp;   /* the new request's place */
    if (mrsp)
      m->okind >>= 1;
    if (m_acc)
      m->okind = (m->okind & ~(1ull << pos)) | ((uint64_t)ra_go << pos);
    m->out = m->out + (unsigned)m_acc - (unsigned)mrsp;
    if (clear) {
      m->cur_e = 1;
      m->cur_h = 0;
      m->sl_rd = m->sl_n = 0;
      m->lp_v = 0;
    } else {
      /* cursor: one record on after its last md line is read, or past a
       * record with none; the queue head leaving moves it one place down */
      const int cur_adv = cur_skip || (ra_new && (m->cur_h || !c_both));
      m->cur_e = m->cur_e + (unsigned)cur_adv - (unsigned)q_pop;
      if (cur_adv)
        m->cur_h = 0;
      else if (ra_new)
        m->cur_h = 1;
      if (ra_take)
        m->sl_rd = (m->sl_rd + 1) % RA;
      m->sl_n = m->sl_n + (unsigned)ra_new - (unsigned)ra_take;
      if (ld_line)
        m->lp_v = 1;
    }
  }

  if (!rst || clear) {
    m->state = rst ? sd : ST_IDLE;
    m->n_entries = m->n_races = m->n_ovw = m->n_recs = 0;
    m->n_mdrd = m->n_mdwr = m->n_qfull = 0;
    m->hdr_dirty = rst;          /* clear: a header is due */
    for (unsigned i = 0; i < c->dedup; i++)
      m->dd[i].valid = 0;
    m->rvec = 0;
    m->in_rec = 0;
    return;
  }
  m->state = sd;
  m->n_qfull += (uint32_t)qfull;
  m->n_recs += (uint32_t)q_pop;
  m->n_mdrd += (uint32_t)ra_acc;
  m->n_mdwr += (uint32_t)wr_acc;
  m->hdr_dirty = (m->hdr_dirty && !hdr_build) || bump;
  if (v_rc)
    m->rvec |= 1u << vidx;
  if (st == ST_IDLE && sd == ST_HDR)
    m->in_rec = 0;
  if (log_now) {
    m->rvec &= ~(1u << g.r);
    m->n_races++;
    m->in_rec = 1;
    if (!g.dup) {
      m->dd[g.idx].valid = 1;
      if (m->n_entries >= c->log_entries)
        m->n_ovw++;
      m->n_entries++;
    }
  }
}
