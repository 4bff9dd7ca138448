/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lsu -- C model of rtl/sm/ww_lsu.v. The FSM's registers, the line
 * table (ltab, lline), the ScoRD counters and the L1 fill's origin are
 * held here as in the RTL; the sub-blocks are their own models, stepped
 * once a cycle each with the inputs the RTL wires to them.
 *
 * Order within a cycle (the combinational paths through this block):
 *  1. ww_lsu_agen on the offered instruction (the addresses, its fault),
 *     then the transactional lanes and the log-full fault (fault_o);
 *  2. ww_lsu_wb's outputs from its state (ww_lsu_wb_outputs: free_o for
 *     in_ready_o and the accept, waiting_o for fence.dev);
 *  3. ww_lsu_bytes, ww_shmem and ww_coalescer, whose inputs come from this
 *     block's registers only;
 *  4. ww_l1_dcache: its req_valid_i holds fence.dev's invalidate until no
 *     write is pending (ww_l1_dcache_wr_pending, the wr_pending_o of this
 *     cycle read before the step); in cycles the FSM does not use it,
 *     ww_tm_sm's request (tag bit 7); the answers with tag bit 7 are
 *     ww_tm_sm's (tm_l1_*), the others the FSM's and ww_lsu_wb's;
 *  5. ww_lsu_wb's rsp_load_o for the L1's answer (whether it is a load
 *     entry's, else the front atomic's), ww_scord_rec's records and
 *     sideband (after the L1: its request wins the port), then a TM packet
 *     when neither the L1, a bypass atomic nor a record wants the port;
 *  6. the outputs, ww_lsu_wb's step with its inputs, and this block's
 *     clock edge.
 * Registers the RTL does not reset (track, bar, lk, chk, fp, the line
 * table's lines) keep their values across a reset here too.
 */
#include "ww_lsu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_coalescer.h"
#include "ww_isa.h"
#include "ww_l1_dcache.h"
#include "ww_lsu_agen.h"
#include "ww_lsu_bytes.h"
#include "ww_lsu_wb.h"
#include "ww_shmem.h"

enum {
  S_IDLE = 0, S_RS3 = 1, S_SHREQ = 2, S_SHWAIT = 3, S_GLOBAL = 4, S_LINE = 5, S_L1REQ = 6,
  S_L1RSP = 7, S_WACK = 8, S_BYPREQ = 9, S_BYPRSP = 10, S_FENCE = 11, S_DONE = 12,
  S_CHECK = 13, S_FPKT = 14, S_FACK = 15, S_TXREQ = 16, S_TXWAIT = 17, S_TXCHK = 18
};

#define L WW_LANES
#define LB WW_LINE_BYTES
#define WORDS (WW_LINE_BYTES / 4)

struct ww_lsu {
  ww_lsu_cfg_t cfg;
  unsigned li_w, ctx_w, nl_w, off_w, sword_w, part_w, l1_id_w;
  uint32_t lane_mask, local_base0, tx_log_base;
  /* sub-blocks */
  ww_lsu_agen_t *agen;
  ww_lsu_bytes_t *bytes;
  ww_coalescer_t *coal;
  ww_l1_dcache_t *l1;
  ww_shmem_t *shmem;
  ww_scord_rec_t *rec;
  ww_lsu_wb_t *wb;
  /* FSM registers */
  unsigned state;
  uint32_t wid, op, pc, ctaid, slot, sh_mask, gl_mask, tx_mask, n, cx, line, lanes;
  uint32_t rq_left;   /* device atomics: lanes whose request is not sent yet */
  int last, dropped;
  uint32_t addr[L], data[L], swap[L];
  /* lines in flight, ScoRD */
  uint32_t ltab[L], lline[L];
  uint32_t nline, cur, chk, fp, ack, track, bar, lk;
  uint32_t txck;   /* GPUDet with ScoRD: buffered lanes not yet checked */
  int fill_dram;
};

ww_lsu_cfg_t ww_lsu_default_cfg(void)
{
  ww_lsu_cfg_t c = { WW_WARPS_PER_SM, WW_LANES,   WW_BLOCKS_PER_SM, WW_LINE_BYTES,
                     WW_NUM_SM,       WW_NUM_PART, WW_LSU_CTX,       WW_TX_LOG_WORDS,
                     WW_CID_W };
  return c;
}

void ww_lsu_free(ww_lsu_t *m)
{
  if (!m)
    return;
  ww_lsu_agen_free(m->agen);
  ww_lsu_bytes_free(m->bytes);
  ww_coalescer_free(m->coal);
  ww_l1_dcache_free(m->l1);
  ww_shmem_free(m->shmem);
  ww_scord_rec_free(m->rec);
  ww_lsu_wb_free(m->wb);
  free(m);
}

ww_lsu_t *ww_lsu_new(const ww_lsu_cfg_t *c)
{
  ww_lsu_cfg_t d = ww_lsu_default_cfg();
  if (memcmp(c, &d, sizeof d) != 0 || !ww_is_pow2(c->lanes) || c->lanes < 2 ||
      c->line_bytes < 8 || WW_IDX_W(c->ctx) + ww_clog2(c->lanes) > 7) {
    fprintf(stderr, "ww_lsu: illegal configuration WARPS=%u LANES=%u BLOCKS=%u LINE_BYTES=%u "
            "NUM_SM=%u NUM_PART=%u CTX=%u LOG_WORDS=%u CID_W=%u (each must be its "
            "ww_config.h value; LANES a power of two >= 2, LINE_BYTES >= 8; the L1 tag "
            "{entry, line} in 7 bits, bit 7 is ww_tm_sm's)\n", c->warps,
            c->lanes, c->blocks, c->line_bytes, c->num_sm, c->num_part, c->ctx, c->log_words,
            c->cid_w);
    return NULL;
  }
  ww_lsu_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->li_w = WW_IDX_W(c->lanes);
  m->ctx_w = WW_IDX_W(c->ctx);
  m->nl_w = ww_clog2(c->lanes + 1);
  m->off_w = ww_clog2(c->line_bytes);
  m->sword_w = ww_clog2(WW_SHMEM_BYTES / 4);
  m->part_w = WW_IDX_W(c->num_part);
  m->l1_id_w = WW_L1_ID_W;
  m->lane_mask = c->lanes == 32 ? 0xFFFFFFFFu : (1u << c->lanes) - 1;
  m->local_base0 = (uint32_t)WW_GMEM_BYTES -
                   (uint32_t)(c->num_sm * c->warps * c->lanes * WW_LOCAL_BYTES);
  /* KILO TM's log region just below local memory (docs/tm.md sec. 5) */
  m->tx_log_base = m->local_base0 -
                   (uint32_t)c->num_sm * c->warps * 2u * c->log_words * 2u * c->lanes * 4u;

  ww_lsu_agen_cfg_t ac = ww_lsu_agen_default_cfg();
  ww_lsu_bytes_cfg_t bc = ww_lsu_bytes_default_cfg();
  ww_coalescer_cfg_t cc = ww_coalescer_default_cfg();
  ww_l1_dcache_cfg_t lc = ww_l1_dcache_default_cfg();   /* MERGE = WARPS, as the RTL's */
  ww_shmem_cfg_t sc = ww_shmem_default_cfg();           /* SLOTS = BLOCKS */
  ww_scord_rec_cfg_t rc = ww_scord_rec_default_cfg();
  ww_lsu_wb_cfg_t wc = ww_lsu_wb_default_cfg();
  m->agen = ww_lsu_agen_new(&ac);
  m->bytes = ww_lsu_bytes_new(&bc);
  m->coal = ww_coalescer_new(&cc);
  m->l1 = ww_l1_dcache_new(&lc);
  m->shmem = ww_shmem_new(&sc);
  m->rec = ww_scord_rec_new(&rc);
  m->wb = ww_lsu_wb_new(&wc);
  if (!m->agen || !m->bytes || !m->coal || !m->l1 || !m->shmem || !m->rec || !m->wb) {
    ww_lsu_free(m);
    return NULL;
  }
  m->n = 4;
  return m;
}

/* bits [lsb, lsb + n) of a little-endian word array (n <= 32) */
static uint32_t get_bits(const uint32_t *w, unsigned lsb, unsigned n)
{
  uint32_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= ((w[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
  return v;
}

/* bits [lsb, lsb + n) of a little-endian word array = v (n <= 32) */
static void put_bits(uint32_t *w, unsigned lsb, unsigned n, uint32_t v)
{
  for (unsigned i = 0; i < n; i++)
    if ((v >> i) & 1u)
      w[(lsb + i) / 32] |= 1u << ((lsb + i) % 32);
}

static unsigned op_bytes(uint32_t op)
{
  if (op == WW_OP_LB || op == WW_OP_LBU || op == WW_OP_SB)
    return 1;
  if (op == WW_OP_LH || op == WW_OP_LHU || op == WW_OP_SH)
    return 2;
  return 4;
}

static int op_load(uint32_t op)
{
  return (op >= WW_OP_LB && op <= WW_OP_LHU) || op == WW_OP_LW_STRONG;
}
static int op_store(uint32_t op)
{
  return (op >= WW_OP_SB && op <= WW_OP_SW) || op == WW_OP_SW_STRONG;
}
static int op_dev(uint32_t op)
{
  return (op >= WW_OP_AMOADD_DEV && op <= WW_OP_AMOXOR_DEV) || op == WW_OP_CAS_DEV;
}
static int op_fence(uint32_t op)
{
  return op == WW_OP_FENCE || op == WW_OP_FENCE_DEV || op == WW_OP_FENCE_BLK;
}
static int op_cas(uint32_t op) { return op == WW_OP_CAS_BLK || op == WW_OP_CAS_DEV; }

static unsigned mem_kind(uint32_t op, int sh)
{
  if (op_load(op))
    return sh ? WW_MEM_SHARED_LOAD : op == WW_OP_LW_STRONG ? WW_MEM_LOAD_STRONG : WW_MEM_LOAD;
  if (op_store(op))
    return sh ? WW_MEM_SHARED_STORE : op == WW_OP_SW_STRONG ? WW_MEM_STORE_STRONG : WW_MEM_STORE;
  return sh ? WW_MEM_SHARED_ATOMIC : op_dev(op) ? WW_MEM_ATOMIC_DEV : WW_MEM_ATOMIC_BLK;
}

/* after a block atomic lane: the next lane of this line, the next line, or done */
static unsigned next_after_lane(uint32_t rest, int lst, unsigned fin)
{
  return rest ? S_L1REQ : lst ? fin : S_LINE;
}

void ww_lsu_step(ww_lsu_t *m, const ww_lsu_in_t *in, ww_lsu_out_t *out)
{
  const unsigned lanes = m->cfg.lanes, nparts = m->cfg.num_part;
  const uint32_t lmask = m->lane_mask;
  const uint32_t li_mask = (1u << m->li_w) - 1, ctx_mask = (1u << m->ctx_w) - 1;
  const uint32_t nl_mask = (1u << m->nl_w) - 1;
  const int rst = !in->rst_ni;
  memset(out, 0, sizeof *out);

  /* ---- the offered instruction: decode, address checks ---------------- */
  const uint32_t in_op = (uint32_t)in->in_op_i & 0x7F;
  const int in_fence = op_fence(in_op);
  const unsigned in_n = op_bytes(in_op);
  const uint32_t in_mask = (uint32_t)in->in_mask_i & lmask;
  ww_lsu_agen_in_t ai;
  ww_lsu_agen_out_t ao;
  memset(&ai, 0, sizeof ai);
  ai.mask_i = in_mask;
  memcpy(ai.base_i, in->in_base_i, sizeof ai.base_i);
  ai.imm_i = in->in_imm_i;
  ai.bytes_i = in_n;
  ai.fence_i = (uint64_t)in_fence;
  ww_lsu_agen_step(m->agen, &ai, &ao);
  const uint32_t shared_c = (uint32_t)ao.shared_o & lmask;
  out->in_is_cas_o = (uint64_t)op_cas(in_op);

  /* KILO TM: the transactional lanes of the offered instruction (a plain
   * load or store of a warp in a transaction: its global lanes below the
   * log region); a full log is the instruction's fault after the address
   * checks (lane 0, address 0) */
  const int in_plain_ld = in_op >= WW_OP_LB && in_op <= WW_OP_LHU;
  const int in_plain_st = in_op >= WW_OP_SB && in_op <= WW_OP_SW;
  uint32_t tx_c = 0;
  if (in->in_tx_i && (in_plain_ld || in_plain_st))
    for (unsigned l = 0; l < lanes; l++)
      if (((in_mask & ~shared_c) >> l) & 1u && ao.addr_o[l] < m->tx_log_base)
        tx_c |= 1u << l;
  const uint32_t tm_c = tx_c;   /* KILO TM's lanes alone: the log-full fault */
  /* GPUDet's parallel mode: a store's lanes below local memory (strong ones
   * too) go to the store buffers on the same socket, and so do a load's
   * lanes whose line the warp's Bloom filter has (det_hit_i) */
  const int in_st = in_plain_st || in_op == WW_OP_SW_STRONG;
  const int in_ld = in_plain_ld || in_op == WW_OP_LW_STRONG;
  if (in->in_det_i && (in_st || in_ld))
    for (unsigned l = 0; l < lanes; l++)
      if (((in_mask & ~shared_c) >> l) & 1u && ao.addr_o[l] < m->local_base0 &&
          (in_st || (in->det_hit_i >> l & 1u)))
        tx_c |= 1u << l;
  memcpy(out->det_qry_addr_o, ao.addr_o, sizeof out->det_qry_addr_o);
  const int tx_reads = in_plain_ld || in_n != 4;
  const int tx_full = tm_c && ((tx_reads && (in->in_tx_full_i & 1u)) ||
                               (in_plain_st && (in->in_tx_full_i & 2u)));
  const int fault_c = ao.fault_o != 0;
  const int fault = fault_c || tx_full;
  out->fault_o = (uint64_t)fault;
  out->fault_kind_o = tx_full && !fault_c ? WW_TRAP_TX_LOG_FULL : ao.fault_kind_o;
  out->fault_lane_o = fault_c ? ao.fault_lane_o : 0;
  out->fault_addr_o = fault_c ? ao.fault_addr_o : 0;

  /* ---- the instruction in work ---------------------------------------- */
  const uint32_t op = m->op;
  const int is_load = op_load(op), is_store = op_store(op), is_dev = op_dev(op);
  const int is_strong_ld = op == WW_OP_LW_STRONG, is_cas = op_cas(op), is_fence = op_fence(op);
  const int is_fblk = op == WW_OP_FENCE_BLK;
  const int is_exch = op == WW_OP_AMOEXCH_BLK || op == WW_OP_AMOEXCH_DEV;
  const uint32_t amo_rel = (is_dev ? op - WW_OP_AMOADD_DEV : op - WW_OP_AMOADD_BLK) & 0x7F;
  const uint32_t amo_code = is_cas ? WW_AMO_CAS : amo_rel & ((1u << WW_AMO_W) - 1);
  const unsigned st = m->state;

  /* write-back table: its outputs from state (free, waiting) */
  ww_lsu_wb_in_t wi;
  ww_lsu_wb_out_t wo;
  memset(&wi, 0, sizeof wi);
  ww_lsu_wb_outputs(m->wb, &wi, &wo);
  const int wb_free = wo.free_o != 0, wb_waiting = wo.waiting_o != 0;
  const uint32_t wb_free_ctx = (uint32_t)wo.free_ctx_o;
  const int in_ready = st == S_IDLE && wb_free;
  const int accept = in->in_valid_i && in_ready && !fault;
  out->in_ready_o = (uint64_t)in_ready;

  /* the current lane: lowest of lanes */
  unsigned cur_c = 0;
  for (unsigned l = lanes; l-- > 0;)
    if ((m->lanes >> l) & 1u)
      cur_c = l;
  const uint32_t cur_addr = m->addr[cur_c], cur_b = m->data[cur_c], cur_swap = m->swap[cur_c];
  const uint32_t cur_onehot = (1u << cur_c) & lmask;
  /* device atomics: the lowest lane whose request is not sent yet */
  unsigned rq_c = 0;
  for (unsigned l = lanes; l-- > 0;)
    if ((m->rq_left >> l) & 1u)
      rq_c = l;
  const uint32_t rq_onehot = (1u << rq_c) & lmask;

  /* ww_lsu_bytes: the current line's store bytes */
  ww_lsu_bytes_in_t bi;
  ww_lsu_bytes_out_t bo;
  memset(&bi, 0, sizeof bi);
  bi.lanes_i = m->lanes;
  memcpy(bi.addr_i, m->addr, sizeof bi.addr_i);
  memcpy(bi.data_i, m->data, sizeof bi.data_i);
  bi.bytes_i = m->n;
  ww_lsu_bytes_step(m->bytes, &bi, &bo);

  /* ww_shmem: the shared lanes' request (never CLEAR) */
  ww_shmem_in_t si;
  ww_shmem_out_t so;
  memset(&si, 0, sizeof si);
  si.rst_ni = in->rst_ni;
  si.req_valid_i = (uint64_t)(st == S_SHREQ && m->sh_mask != 0);
  si.req_op_i = (is_load ? WW_SHM_LOAD : is_store ? WW_SHM_STORE : WW_SHM_ADD + amo_code) &
                ((1u << WW_SHM_W) - 1);
  si.req_slot_i = m->slot;
  si.req_mask_i = m->sh_mask;
  for (unsigned l = 0; l < lanes; l++) {
    uint32_t a = m->addr[l], off = a & 3u;
    uint32_t sz = m->n == 1 ? 0x1u : m->n == 2 ? 0x3u : 0xFu;
    put_bits(si.req_addr_i, m->sword_w * l, m->sword_w,
             (a >> 2) & ((1u << m->sword_w) - 1));
    put_bits(si.req_be_i, 4 * l, 4, (sz << off) & 0xFu);
    si.req_wdata_i[l] = is_store ? m->data[l] << (8 * off) : is_cas ? m->swap[l] : m->data[l];
    si.req_cmp_i[l] = m->data[l];
  }
  ww_shmem_step(m->shmem, &si, &so);
  const int sh_ready = so.req_ready_o != 0, sh_rsp_valid = so.rsp_valid_o != 0;

  /* ww_coalescer: the global lanes, line by line */
  ww_coalescer_in_t ci;
  ww_coalescer_out_t co;
  memset(&ci, 0, sizeof ci);
  ci.rst_ni = in->rst_ni;
  ci.in_valid_i = (uint64_t)(st == S_GLOBAL && m->gl_mask != 0 && !is_fence);
  ci.in_mask_i = m->gl_mask;
  memcpy(ci.in_addr_i, m->addr, sizeof ci.in_addr_i);
  ci.in_tag_i = 0;
  ci.out_ready_i = (uint64_t)(st == S_LINE);
  ww_coalescer_step(m->coal, &ci, &co);
  const int co_in_ready = co.in_ready_o != 0, co_valid = co.out_valid_o != 0;
  const int co_last = co.out_last_o != 0;
  const uint32_t co_line = (uint32_t)co.out_line_o, co_lanes = (uint32_t)co.out_lanes_o & lmask;

  /* ww_l1_dcache */
  const int byp_bit = (int)((in->mrsp_id_i >> WW_REQID_BYPASS_BIT) & 1u);
  const int tm_rsp = in->mrsp_valid_i && ((in->mrsp_id_i >> WW_REQID_TM_BIT) & 1u);
  const int fence_go = st == S_FENCE && ww_l1_dcache_wr_pending(m->l1) == 0 && !wb_waiting;
  /* the L1's requester: the FSM, else ww_tm_sm (tag bit 7, bit 0 its source) */
  const int fsm_l1 = st == S_L1REQ || fence_go;
  const int tm_l1 = !fsm_l1 && in->tm_l1_req_valid_i;
  const uint32_t tm_l1_op = (uint32_t)in->tm_l1_req_op_i & ((1u << WW_L1_W) - 1);
  unsigned l1_op;
  if (is_fence)
    l1_op = WW_L1_INVAL;
  else if (is_load)
    l1_op = is_strong_ld ? WW_L1_LOAD_STRONG : WW_L1_LOAD;
  else if (is_store || is_dev)
    l1_op = WW_L1_STORE;   /* device atomic: drop (no bytes) */
  else
    l1_op = WW_L1_ATOMIC;
  ww_l1_dcache_in_t li;
  ww_l1_dcache_out_t lo;
  memset(&li, 0, sizeof li);
  li.rst_ni = in->rst_ni;
  li.req_valid_i = (uint64_t)(fsm_l1 || tm_l1);
  if (fsm_l1) {
    li.req_op_i = l1_op;
    li.req_line_i = m->line;
    li.req_tag_i = ((m->cx << m->li_w) | m->cur) & 0xFFu;
    if (!(is_dev || is_fence))
      memcpy(li.req_be_i, bo.be_o, sizeof li.req_be_i);
    memcpy(li.req_wdata_i, bo.data_o, sizeof li.req_wdata_i);
  } else {
    li.req_op_i = tm_l1_op;
    li.req_line_i = in->tm_l1_req_line_i & ((1ull << (32 - m->off_w)) - 1);
    li.req_tag_i = 0x80u | (uint32_t)(in->tm_l1_req_src_i & 1u);
    if (tm_l1_op == WW_L1_STORE)
      for (unsigned b = 0; b < LB; b++)
        li.req_be_i[b / 32] |= 1u << (b % 32);
    memcpy(li.req_wdata_i, in->tm_l1_req_wdata_i, sizeof li.req_wdata_i);
  }
  li.req_amo_op_i = amo_code;
  li.req_amo_word_i = (cur_addr >> 2) & (WORDS - 1);
  li.req_amo_a_i = cur_b;
  li.req_amo_b_i = cur_swap;
  li.mem_req_ready_i = in->mreq_ready_i;
  li.mem_rsp_valid_i = (uint64_t)(in->mrsp_valid_i && !byp_bit && !tm_rsp);
  li.mem_rsp_id_i = in->mrsp_id_i & ((1u << m->l1_id_w) - 1);
  memcpy(li.mem_rsp_data_i, in->mrsp_data_i, sizeof li.mem_rsp_data_i);
  ww_l1_dcache_step(m->l1, &li, &lo);
  const int l1_ready = lo.req_ready_o != 0, l1_rsp_valid = lo.rsp_valid_o != 0;
  const int l1_wack = lo.wack_valid_o != 0, l1_mreq_valid = lo.mem_req_valid_o != 0;
  const int l1_mrsp_ready = lo.mem_rsp_ready_o != 0;
  const int byp_rsp = in->mrsp_valid_i && byp_bit && l1_mrsp_ready;

  /* ww_tm_sm's L1 port: the L1's answers to tag bit 7 */
  const int rsp_tm_tag = ((uint32_t)lo.rsp_tag_o >> 7) & 1u;
  const int wack_tm_tag = ((uint32_t)lo.wack_tag_o >> 7) & 1u;
  out->tm_l1_req_ready_o = (uint64_t)(l1_ready && !fsm_l1);
  out->tm_l1_rsp_valid_o = (uint64_t)(l1_rsp_valid && rsp_tm_tag);
  out->tm_l1_rsp_src_o = lo.rsp_tag_o & 1u;
  memcpy(out->tm_l1_rsp_data_o, lo.rsp_data_o, sizeof out->tm_l1_rsp_data_o);
  out->tm_l1_wack_o = (uint64_t)(l1_wack && wack_tm_tag);
  /* the FSM's and the write-back table's answers: tag bit 7 clear */
  const int l1_rsp_own = l1_rsp_valid && !rsp_tm_tag;
  const int l1_wack_own = l1_wack && !wack_tm_tag;

  /* the write-back table's view of the L1's answer */
  wi.rsp_valid_i = (uint64_t)l1_rsp_own;
  wi.rsp_tag_i = lo.rsp_tag_o;
  ww_lsu_wb_outputs(m->wb, &wi, &wo);
  const int at_rsp = l1_rsp_own && !wo.rsp_load_o;
  const int at_wack = l1_wack_own && (((uint32_t)lo.wack_tag_o >> m->li_w) & ctx_mask) == m->cx;

  /* ww_scord_rec: CHECK / FENCE records and the sideband */
  const uint32_t ci_idx = m->chk & li_mask;
  const uint32_t chk_lanes = m->ltab[ci_idx] & m->track;
  /* GPUDet: the line of the lowest buffered lane not yet checked, its lanes */
  uint32_t txck_line = 0, txck_lanes = 0;
  for (unsigned l = 0; l < lanes; l++)
    if (m->txck >> l & 1u) {
      txck_line = m->addr[l] >> m->off_w;
      break;
    }
  for (unsigned l = 0; l < lanes; l++)
    if ((m->txck >> l & 1u) && m->addr[l] >> m->off_w == txck_line)
      txck_lanes |= 1u << l;
  const int txck_send = st == S_TXCHK;
  const int chk_send = (st == S_CHECK && m->chk != m->nline && chk_lanes != 0) || txck_send;
  const int fpkt_send = st == S_FPKT && m->fp != nparts;
  ww_scord_rec_in_t ri;
  ww_scord_rec_out_t ro;
  memset(&ri, 0, sizeof ri);
  ri.chk_i = (uint64_t)chk_send;
  ri.fence_i = (uint64_t)fpkt_send;
  ri.l1_i = (uint64_t)l1_mreq_valid;
  ri.line_i = txck_send ? txck_line : m->lline[ci_idx];
  ri.lanes_i = txck_send ? txck_lanes : chk_lanes;
  memcpy(ri.addr_i, m->addr, sizeof ri.addr_i);
  ri.part_i = m->fp & ((1u << m->part_w) - 1);
  ri.op_i = op;
  ri.wid_i = m->wid;
  ri.cta_i = m->ctaid;
  ri.pc_i = m->pc;
  ri.bar_i = m->bar;
  ri.lk_i = m->lk;
  ww_scord_rec_step(m->rec, &ri, &ro);
  const int rec_valid = ro.valid_o != 0;

  /* ---- the memory port ------------------------------------------------ */
  const int byp_valid = st == S_BYPREQ && !l1_mreq_valid;
  /* KILO TM packets (the lowest priority): the word's line (RLOG, WLOG) or
   * the partition's index (END, FINAL) routes it; amo_a the word's byte
   * address, amo_b the word; {cid, kind} in data (TMPKT) */
  const int port_free = !l1_mreq_valid && !byp_valid && !rec_valid;
  const int tm_go = in->tm_pkt_valid_i && port_free;
  const uint32_t tm_kind = (uint32_t)in->tm_pkt_kind_i & ((1u << WW_TM_PKT_W) - 1);
  const uint32_t tm_addr = (uint32_t)in->tm_pkt_addr_i & 0x3FFFFFFFu;
  const uint32_t cid_mask = (uint32_t)((1ull << m->cfg.cid_w) - 1);
  const int tm_word = tm_kind == WW_TM_PKT_RLOG || tm_kind == WW_TM_PKT_WLOG;
  const uint32_t tm_line = tm_word ? tm_addr >> (m->off_w - 2)
                                   : (uint32_t)in->tm_pkt_part_i & ((1u << m->part_w) - 1);
  out->tm_pkt_ready_o = (uint64_t)(in->mreq_ready_i && port_free);
  out->mreq_valid_o = (uint64_t)(l1_mreq_valid || byp_valid || rec_valid || tm_go);
  out->mreq_op_o = l1_mreq_valid ? (lo.mem_req_we_o ? WW_L2_WRITE : WW_L2_READ)
                                 : (rec_valid || tm_go) ? WW_L2_READ : WW_L2_ATOMIC;
  out->mreq_line_o = l1_mreq_valid               ? lo.mem_req_line_o
                     : (chk_send || fpkt_send) ? ro.line_o
                     : tm_go                   ? tm_line
                                               : m->line;
  out->mreq_id_o = l1_mreq_valid ? (WW_REQID_L1 | lo.mem_req_id_o)
                   : rec_valid   ? WW_REQID_SCORD
                   : tm_go       ? WW_REQID_TM
                                 : WW_REQID_BYPASS;
  if (l1_mreq_valid) {
    memcpy(out->mreq_be_o, lo.mem_req_be_o, sizeof out->mreq_be_o);
    memcpy(out->mreq_data_o, lo.mem_req_data_o, sizeof out->mreq_data_o);
  } else if (tm_go) {
    const uint32_t rec = ((uint32_t)in->tm_pkt_cid_i & cid_mask) << WW_TMPKT_CID_LSB(m->cfg.cid_w) |
                         tm_kind << WW_TMPKT_KIND_LSB(m->cfg.cid_w);
    put_bits(out->mreq_data_o, 0, WW_TMPKT_W(m->cfg.cid_w), rec);
  }
  out->mreq_amo_op_o = amo_code;
  out->mreq_amo_word_o = (m->addr[rq_c] >> 2) & (WORDS - 1);
  out->mreq_amo_a_o = tm_go ? tm_addr << 2 : m->data[rq_c];
  out->mreq_amo_b_o = tm_go ? (uint32_t)in->tm_pkt_data_i : m->swap[rq_c];
  memcpy(out->mreq_sb_o, ro.sb_o, sizeof out->mreq_sb_o);
  out->mrsp_ready_o = (uint64_t)l1_mrsp_ready;
  /* a commit unit's message: a response of id class TM (TMMSG in data) */
  out->tm_msg_valid_o = (uint64_t)(tm_rsp && l1_mrsp_ready);
  out->tm_msg_kind_o = get_bits(in->mrsp_data_i, WW_TMMSG_KIND_LSB(m->cfg.cid_w, m->part_w),
                                WW_TM_MSG_W);
  out->tm_msg_cid_o = get_bits(in->mrsp_data_i, WW_TMMSG_CID_LSB(m->cfg.cid_w, m->part_w),
                               m->cfg.cid_w);
  out->tm_msg_part_o = get_bits(in->mrsp_data_i, WW_TMMSG_PART_LSB(m->cfg.cid_w, m->part_w),
                                m->part_w);

  /* ---- lines in flight ------------------------------------------------ */
  const int line_out = st == S_L1REQ && l1_ready && (is_load || is_store);
  const int line_take = st == S_LINE && co_valid;
  const unsigned s_fin = (in->scord_en_i && m->nline != 0) ? S_CHECK : S_DONE;
  const int fin_fast = line_out && m->last && s_fin == S_DONE;
  const int fill_in = in->mrsp_valid_i && !byp_bit && !tm_rsp && l1_mrsp_ready && !l1_wack;
  const unsigned l1_lvl = lo.rsp_kind_o == WW_L1_KIND_HIT     ? WW_GSI_SRC_L1
                          : lo.rsp_kind_o == WW_L1_KIND_MERGE ? WW_GSI_SRC_COALESCE
                          : m->fill_dram                      ? WW_GSI_SRC_DRAM
                                                              : WW_GSI_SRC_L2;

  /* lock-table operations */
  /* a device atomic's answer, for the lowest lane not yet answered */
  const int byp_take = (st == S_BYPREQ || st == S_BYPRSP) && byp_rsp;
  const int lane_done = (st == S_L1RSP && at_rsp) || byp_take;
  const int fence_end = st == S_DONE && is_fence;
  out->lk_valid_o = (uint64_t)((lane_done && (is_cas || is_exch)) || fence_end);
  out->lk_op_o = fence_end ? (is_fblk ? WW_SCORD_LOCK_OP_FENCE_BLK : WW_SCORD_LOCK_OP_FENCE_DEV)
                 : is_cas  ? WW_SCORD_LOCK_OP_CAS
                           : WW_SCORD_LOCK_OP_EXCH;
  out->lk_wid_o = m->wid;
  out->lk_addr_o = cur_addr;
  out->lk_ctaid_o = m->ctaid;
  out->lk_scope_blk_o = (uint64_t)!is_dev;

  /* GSI: why the LSU cannot take an instruction */
  const int is_atomic = !is_load && !is_store && !is_fence;
  const unsigned busy = is_atomic ? WW_GSI_WHY_SYNC : WW_GSI_WHY_BUSY;
  const int rec_stall = rec_valid && !in->mreq_ready_i;
  switch (st) {
  case S_IDLE: out->why_o = wb_free ? WW_GSI_WHY_READY : WW_GSI_WHY_BUSY; break;
  case S_CHECK:
  case S_TXCHK: out->why_o = rec_stall ? WW_GSI_WHY_SCORD : busy; break;
  case S_FPKT: out->why_o = rec_stall ? WW_GSI_WHY_SCORD : WW_GSI_WHY_FENCE; break;
  case S_FENCE:
  case S_FACK: out->why_o = WW_GSI_WHY_FENCE; break;
  case S_SHWAIT: out->why_o = so.conflict_o ? WW_GSI_WHY_BANK_CONFLICT : busy; break;
  case S_L1REQ:
    out->why_o = lo.req_stall_o == WW_L1_STALL_MSHR ? WW_GSI_WHY_MSHR_FULL
                 : lo.req_stall_o == WW_L1_STALL_WQ ? WW_GSI_WHY_WQ_FULL
                                                    : busy;
    break;
  default: out->why_o = busy; break;
  }

  /* ---- write-back ------------------------------------------------------ */
  const uint32_t old_word = byp_take ? in->mrsp_data_i[0] : lo.rsp_data_o[0];
  const int in_load = op_load(in_op), in_store = op_store(in_op);
  const int in_sgn = in_op == WW_OP_LB || in_op == WW_OP_LH;
  const uint32_t lowest = in_mask & (~in_mask + 1u);
  const unsigned in_mem = in_fence ? WW_MEM_NONE : mem_kind(in_op, (in_mask & shared_c & lowest) != 0);
  const int wr_sh = st == S_SHWAIT && sh_rsp_valid;
  const int wr_at = (st == S_L1RSP && at_rsp) || byp_take;
  const int wr_tx = st == S_TXWAIT && in->tm_acc_done_i && is_load;

  /* the transactional lanes to ww_tm_sm (S_TXREQ), answered in S_TXWAIT */
  out->tm_acc_valid_o = (uint64_t)(st == S_TXREQ);
  out->tm_acc_op_o = is_load ? WW_TXL_LOAD : WW_TXL_STORE;
  out->tm_acc_wid_o = m->wid;
  out->tm_acc_mask_o = m->tx_mask;
  memcpy(out->tm_acc_addr_o, m->addr, sizeof out->tm_acc_addr_o);
  out->tm_acc_bytes_o = m->n;
  memcpy(out->tm_acc_data_o, m->data, sizeof out->tm_acc_data_o);

  wi.rst_ni = in->rst_ni;
  wi.alloc_i = (uint64_t)accept;
  wi.alloc_wid_i = in->in_wid_i;
  wi.alloc_load_i = (uint64_t)in_load;
  wi.alloc_signed_i = (uint64_t)in_sgn;
  wi.alloc_store_i = (uint64_t)in_store;
  wi.alloc_bytes_i = in_fence ? 0 : in_n;
  wi.alloc_mem_i = in_mem;
  for (unsigned l = 0; l < lanes; l++) {
    uint32_t dl = in->in_data_i[l];
    wi.alloc_addr_i[l] = ao.addr_o[l];
    wi.alloc_wdata_i[l] = in_n == 1 ? dl & 0xFFu : in_n == 2 ? dl & 0xFFFFu : dl;
  }
  wi.line_i = (uint64_t)line_take;
  wi.line_ctx_i = m->cx;
  wi.line_idx_i = m->nline & li_mask;
  wi.line_lanes_i = co_lanes;
  wi.out_i = (uint64_t)line_out;
  wi.out_ctx_i = m->cx;
  wi.wr_i = (uint64_t)(wr_sh || wr_at || wr_tx);
  wi.wr_ctx_i = m->cx;
  wi.wr_mask_i = wr_sh ? m->sh_mask : wr_tx ? m->tx_mask : cur_onehot;
  for (unsigned l = 0; l < lanes; l++)
    wi.wr_data_i[l] = wr_sh ? so.rsp_data_o[l] : wr_tx ? in->tm_acc_word_i[l] : old_word;
  wi.rsp_valid_i = (uint64_t)l1_rsp_own;
  wi.rsp_tag_i = lo.rsp_tag_o;
  memcpy(wi.rsp_data_i, lo.rsp_data_o, sizeof wi.rsp_data_i);
  wi.rsp_lvl_i = l1_lvl;
  wi.wack_valid_i = (uint64_t)l1_wack_own;
  wi.wack_tag_i = lo.wack_tag_o;
  wi.fin_i = (uint64_t)(st == S_DONE || fin_fast);
  wi.fin_ctx_i = m->cx;
  wi.done_ready_i = in->done_ready_i;
  ww_lsu_wb_step(m->wb, &wi, &wo);
  out->done_valid_o = wo.done_valid_o;
  out->done_wid_o = wo.done_wid_o;
  memcpy(out->done_rd_o, wo.done_rd_o, sizeof out->done_rd_o);
  memcpy(out->done_addr_o, wo.done_addr_o, sizeof out->done_addr_o);
  memcpy(out->done_wdata_o, wo.done_wdata_o, sizeof out->done_wdata_o);
  out->done_mem_o = wo.done_mem_o;
  out->done_bytes_o = wo.done_bytes_o;
  out->ld_src_o = wo.done_src_o;
  out->ld_start_o = (uint64_t)(accept && in_load);
  out->ld_done_o = (uint64_t)(wo.done_valid_o && in->done_ready_i && wo.done_load_o);

  /* ---- clock edge ------------------------------------------------------ */
  /* the line table at the line count before this edge (its lanes reset,
   * its lines not) */
  if (line_take) {
    if (!rst)
      m->ltab[m->nline & li_mask] = co_lanes;
    m->lline[m->nline & li_mask] = co_line;
  }
  if (rst)
    memset(m->ltab, 0, sizeof m->ltab);
  /* lines in flight, the L1 fill's origin */
  if (rst) {
    m->nline = 0;
    m->cur = 0;
    m->fill_dram = 0;
  } else {
    if (fill_in)
      m->fill_dram = in->mrsp_miss_i != 0;
    if (accept) {
      m->nline = 0;
    } else if (line_take) {
      m->cur = m->nline & li_mask;
      m->nline = (m->nline + 1) & nl_mask;
    }
  }
  /* ScoRD: fence acknowledgements since the acceptance */
  if (rst || accept)
    m->ack = 0;
  else
    m->ack = (m->ack | (uint32_t)in->scord_ack_i) & ((1u << nparts) - 1);

  /* the FSM */
  if (rst) {
    m->state = S_IDLE;
    m->wid = 0;
    m->op = 0;
    m->pc = 0;
    m->ctaid = 0;
    m->slot = 0;
    m->sh_mask = 0;
    m->gl_mask = 0;
    m->tx_mask = 0;
    m->txck = 0;
    memset(m->addr, 0, sizeof m->addr);
    memset(m->data, 0, sizeof m->data);
    memset(m->swap, 0, sizeof m->swap);
    m->n = 4;
    m->cx = 0;
    m->line = 0;
    m->lanes = 0;
    m->rq_left = 0;
    m->last = 0;
    m->dropped = 0;
    return;
  }
  switch (st) {
  case S_IDLE:
    if (accept) {
      m->wid = (uint32_t)in->in_wid_i & ((1u << WW_IDX_W(WW_WARPS_PER_SM)) - 1);
      m->op = in_op;
      m->pc = (uint32_t)in->in_pc_i;
      m->ctaid = (uint32_t)in->in_ctaid_i;
      m->slot = (uint32_t)in->in_slot_i & ((1u << WW_IDX_W(WW_BLOCKS_PER_SM)) - 1);
      m->sh_mask = in_fence ? 0 : in_mask & shared_c;
      m->gl_mask = in_fence ? 0 : in_mask & ~shared_c & ~tx_c;
      m->tx_mask = tx_c;
      m->txck = (in->in_det_i && in->scord_en_i) ? tx_c : 0;
      memcpy(m->addr, ao.addr_o, sizeof m->addr);
      memcpy(m->data, in->in_data_i, sizeof m->data);
      m->n = in_n;
      m->cx = wb_free_ctx & ctx_mask;
      /* transactional lanes first (ww_tm_sm); no shared lane: straight to
       * the global lanes */
      m->state = op_cas(in_op)                             ? S_RS3
                 : tx_c                                    ? S_TXREQ
                 : ((in_mask & shared_c) == 0 || in_fence) ? S_GLOBAL
                                                           : S_SHREQ;
      m->track = 0;
      for (unsigned l = 0; l < lanes; l++)
        if (((in_mask & ~shared_c) >> l) & 1u && ao.addr_o[l] < m->local_base0)
          m->track |= 1u << l;
      m->bar = (uint32_t)in->scord_bar_i;
      m->lk = (uint32_t)in->scord_lk_i;
      m->chk = 0;
      m->fp = 0;
    }
    break;
  case S_RS3:
    memcpy(m->swap, in->in_swap_i, sizeof m->swap);
    m->state = S_SHREQ;
    break;
  case S_TXREQ:
    if (in->tm_acc_ready_i)
      m->state = S_TXWAIT;
    break;
  case S_TXWAIT:
    if (in->tm_acc_done_i)   /* a load's words go to write-back */
      m->state = m->txck ? S_TXCHK : S_SHREQ;
    break;
  case S_TXCHK:   /* GPUDet: a buffered line's CHECK record */
    if (rec_valid && in->mreq_ready_i) {
      m->txck &= ~txck_lanes;
      if (m->txck == 0)
        m->state = S_SHREQ;
    }
    break;
  case S_SHREQ:
    if (m->sh_mask == 0)
      m->state = S_GLOBAL;
    else if (sh_ready)
      m->state = S_SHWAIT;
    break;
  case S_SHWAIT:
    if (sh_rsp_valid)
      m->state = S_GLOBAL;
    break;
  case S_GLOBAL:
    if (is_fence)
      m->state = is_fblk ? S_FPKT : S_FENCE;
    else if (m->gl_mask == 0)
      m->state = S_DONE;
    else if (co_in_ready)
      m->state = S_LINE;
    break;
  case S_LINE:
    if (co_valid) {
      m->line = co_line;
      m->lanes = co_lanes;
      m->rq_left = co_lanes;
      m->last = co_last;
      m->dropped = 0;
      m->state = S_L1REQ;
    }
    break;
  case S_L1REQ:
    if (l1_ready) {
      if ((is_load || is_store) && !m->last)
        m->state = S_LINE;
      else if (is_load || is_store)
        m->state = fin_fast ? S_IDLE : s_fin;
      else
        m->state = (is_dev && !m->dropped) ? S_WACK : S_L1RSP;
    }
    break;
  case S_L1RSP:
    if (at_rsp) {
      uint32_t rest = m->lanes & ~cur_onehot;
      m->lanes = rest;
      if (!is_cas || old_word == cur_b)
        m->state = S_WACK;
      else
        m->state = next_after_lane(rest, m->last, s_fin);
    }
    break;
  case S_WACK:
    if (at_wack) {
      if (is_dev && !m->dropped) {
        m->dropped = 1;
        m->state = S_BYPREQ;
      } else {
        m->state = next_after_lane(m->lanes, m->last, s_fin);
      }
    }
    break;
  case S_BYPREQ:
    if (byp_take)
      m->lanes &= ~cur_onehot;
    if (byp_valid && in->mreq_ready_i) {
      m->rq_left &= ~rq_onehot;
      if (!m->rq_left)
        m->state = S_BYPRSP;
    }
    break;
  case S_BYPRSP:
    if (byp_take) {
      uint32_t rest = m->lanes & ~cur_onehot;
      m->lanes = rest;
      if (!rest)
        m->state = m->last ? s_fin : S_LINE;
    }
    break;
  case S_FENCE:
    if (fence_go && l1_ready)
      m->state = in->scord_en_i ? S_FPKT : S_DONE;
    break;
  case S_CHECK:
    if (m->chk == m->nline)
      m->state = S_DONE;
    else if (chk_lanes == 0 || (rec_valid && in->mreq_ready_i))
      m->chk = (m->chk + 1) & nl_mask;
    break;
  case S_FPKT:
    if (m->fp == nparts)
      m->state = is_fblk ? S_DONE : S_FACK;
    else if (rec_valid && in->mreq_ready_i)
      m->fp = (m->fp + 1) & ((2u << m->part_w) - 1);
    break;
  case S_FACK:
    if (((m->ack | (uint32_t)in->scord_ack_i) & ((1u << nparts) - 1)) == (1u << nparts) - 1)
      m->state = S_DONE;
    break;
  case S_DONE:
    m->state = S_IDLE;
    break;
  default:
    m->state = S_IDLE;
    break;
  }
}
