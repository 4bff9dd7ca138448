/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu_exec -- instruction semantics of the golden GPU model: fetch through
 * the predecode cache, one switch over the ww_isa.def opcodes, lane loops,
 * the retire record. Follows docs/isa.md "RV32IM", "SIMT CSRs" and "The SIMT
 * extension" (split/join stack, votes, barrier, exit, fences, transactions);
 * memory instructions are handed to ww_gpu_mem.c.
 */
#include "ww_gpu_int.h"

#include <string.h>

void ww_predecode(uint32_t w, ww_pdi_t *p)
{
  ww_insn_t d;
  ww_decode(w, &d);
  p->raw = w;
  p->imm = d.imm;
  p->op = d.op;
  p->rd = d.rd;
  p->rs1 = d.rs1;
  p->rs2 = d.rs2;
  p->rs3 = d.rs3;
  p->rdw = d.rd ? d.rd : WW_SINK;
  p->ok = 1;
}

/* Fetch of an instruction not in the predecode cache yet (or outside it). */
static const ww_pdi_t *fetch_slow(ww_gpu_t *g, unsigned s, unsigned hw, uint32_t pc,
                                  ww_pdi_t *tmp)
{
  if (pc < g->cfg.null_guard) {
    ww_gpu_set_trap(g, WW_TRAP_NULL_ACCESS, s, hw, pc, 0, -1, pc,
                    "instruction fetch from 0x%08x, in the null guard (below 0x%x)",
                    pc, g->cfg.null_guard);
    return NULL;
  }
  if (pc > g->cfg.gmem_bytes - 4) {
    ww_gpu_set_trap(g, WW_TRAP_OUT_OF_RANGE, s, hw, pc, 0, -1, pc,
                    "instruction fetch from 0x%08x, outside global memory (ends at 0x%08x)",
                    pc, g->cfg.gmem_bytes);
    return NULL;
  }
  ww_pdi_t *p = (pc >> 2) < g->pdc_n ? &g->pdc[pc >> 2] : tmp;
  ww_predecode(ww_ld32(g->gmem + pc), p);
  return p;
}

static inline uint32_t sra32(uint32_t a, unsigned sh)
{
  return (a >> sh) | ((a & 0x80000000u) && sh ? ~(0xFFFFFFFFu >> sh) : 0);
}

static inline uint32_t mulh32(uint32_t a, uint32_t b)
{
  int64_t p = (int64_t)(int32_t)a * (int64_t)(int32_t)b;
  return (uint32_t)((uint64_t)p >> 32);
}

static inline uint32_t mulhsu32(uint32_t a, uint32_t b)
{
  int64_t p = (int64_t)(int32_t)a * (int64_t)b;
  return (uint32_t)((uint64_t)p >> 32);
}

static inline uint32_t div32(uint32_t a, uint32_t b)
{
  if (!b)
    return 0xFFFFFFFFu;
  if (a == 0x80000000u && b == 0xFFFFFFFFu)
    return a;
  return (uint32_t)((int32_t)a / (int32_t)b);
}

static inline uint32_t rem32(uint32_t a, uint32_t b)
{
  if (!b)
    return a;
  if (a == 0x80000000u && b == 0xFFFFFFFFu)
    return 0;
  return (uint32_t)((int32_t)a % (int32_t)b);
}

/* Block deadlock: every warp of the block still live waits at a barrier, and
 * some have exited, so they can never arrive. Reports the lowest waiting one. */
static void deadlock_trap(ww_gpu_t *g, unsigned s, const ww_bslot_t *bs)
{
  ww_sm_t *sm = &g->sm[s];
  for (uint32_t m = bs->hw_mask; m; m &= m - 1) {
    unsigned hw = (unsigned)__builtin_ctz(m);
    const ww_warp_t *w = &sm->warps[hw];
    if (w->state != WW_W_BAR)
      continue;
    ww_gpu_set_trap(g, WW_TRAP_BAR_DEADLOCK, s, hw, w->bar_pc, ww_ld32(g->gmem + w->bar_pc), -1, 0,
                    "block %u: %u warp(s) wait at ww.bar but %u of its %u warps have exited",
                    bs->ctaid, bs->waiting, bs->exited, bs->nwarps);
    return;
  }
}

static uint32_t csr_value(const ww_gpu_t *g, unsigned s, unsigned hw, const ww_warp_t *w,
                          uint32_t csr, unsigned lane)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  switch (csr) {
  case WW_CSR_TID: return w->wib * c->lanes + lane;
  case WW_CSR_NTID: return g->launch.block;
  case WW_CSR_CTAID: return g->sm[s].bslots[w->bslot].ctaid;
  case WW_CSR_NCTAID: return g->launch.grid;
  case WW_CSR_LANEID: return lane;
  case WW_CSR_WARPID: return w->wib;
  case WW_CSR_NWARPID: return g->nwarps_blk;
  case WW_CSR_SMID: return s;
  case WW_CSR_NSMID: return c->num_sm;
  case WW_CSR_HWWID: return hw;
  case WW_CSR_NLANES: return c->lanes;
  case WW_CSR_KARGS: return g->launch.kargs;
  case WW_CSR_LOCAL_BASE:
    return g->local_base0 + ((s * c->warps_per_sm + hw) * c->lanes + lane) * c->local_bytes;
  case WW_CSR_LOCAL_SIZE: return c->local_bytes;
  default: return 0;
  }
}

static int is_simt_csr(uint32_t csr)
{
  return csr >= WW_CSR_TID && csr <= WW_CSR_LOCAL_SIZE;
}

/* Active-lane loops: a plain counted loop when the mask is lanes 0..n-1 (the
 * common, converged case), else one iteration per set bit. */
#define FOR_LANES(...)                                                        \
  do {                                                                        \
    if (contig) {                                                             \
      for (unsigned l = 0; l < nc; l++) { __VA_ARGS__ }                       \
    } else {                                                                  \
      for (uint32_t m_ = mask; m_; m_ &= m_ - 1) {                            \
        unsigned l = (unsigned)__builtin_ctz(m_);                             \
        __VA_ARGS__                                                           \
      }                                                                       \
    }                                                                         \
  } while (0)

#define ALU_R(expr) FOR_LANES(uint32_t a = X[d->rs1][l], b = X[d->rs2][l]; X[d->rdw][l] = (expr);); break
#define ALU_I(expr) FOR_LANES(uint32_t a = X[d->rs1][l], b = (uint32_t)d->imm; X[d->rdw][l] = (expr);); break
#define BRANCH(cond)                                                          \
  do {                                                                        \
    uint32_t t_ = 0;                                                          \
    FOR_LANES(uint32_t a = X[d->rs1][l], b = X[d->rs2][l]; t_ |= (uint32_t)(cond) << l;); \
    if (t_ == mask) {                                                         \
      npc = pc + (uint32_t)d->imm;                                            \
      if (npc & 3)                                                            \
        goto misaligned_target;                                               \
    } else if (t_) {                                                          \
      TRAP(WW_TRAP_DIVERGENT, "%s: lanes 0x%08x take it, lanes 0x%08x do not", \
           ww_op_mnemonic(d->op), t_, mask & ~t_);                            \
    }                                                                         \
  } while (0);                                                                \
  break

#define TRAP(kind, ...)                                                       \
  do {                                                                        \
    ww_gpu_set_trap(g, kind, s, hw, pc, d->raw, -1, 0, __VA_ARGS__);          \
    return -1;                                                                \
  } while (0)

int ww_exec_warp(ww_gpu_t *g, unsigned s, unsigned hw)
{
  ww_sm_t *sm = &g->sm[s];
  ww_warp_t *w = &sm->warps[hw];
  if (w->tx_depth)
    ww_tm_watchdog(g, w);   /* may abort a doomed attempt: pc and mask change */
  const uint32_t pc = w->pc;
  const ww_pdi_t *d;
  ww_pdi_t tmp;
  if ((pc >> 2) < g->pdc_n && g->pdc[pc >> 2].ok) {
    d = &g->pdc[pc >> 2];
  } else {
    d = fetch_slow(g, s, hw, pc, &tmp);
    if (!d)
      return -1;
  }
  const uint32_t mask = w->mask;
  const int contig = (mask & (mask + 1)) == 0;
  const unsigned nc = contig ? (unsigned)__builtin_popcount(mask) : 0;
  uint32_t (*const X)[WW_MAX_LANES] = w->x;
  uint32_t npc = pc + 4;
  int mem = 0;           /* a memory instruction (it fills g->rec.mem*) */
  if (g->cfg.det && g->det_phase == WW_DETP_PARALLEL) {
    if (ww_op_class(d->op) == WW_CLS_ATOMIC) {
      ww_det_stop_at_atomic(g, s, hw);   /* GPUDet: atomics run in serial mode (sec. 4.2) */
      return 0;
    }
    if (ww_op_class(d->op) == WW_CLS_STORE && !ww_det_room(g, s, hw))
      return 0;                          /* GPUDet: its quantum ends before this store */
  }
  int deadlock = 0;      /* the exit left the rest of its block stuck at a barrier */

  switch (d->op) {
  /* ---- RV32I ---- */
  case WW_OP_LUI: FOR_LANES(X[d->rdw][l] = (uint32_t)d->imm;); break;
  case WW_OP_AUIPC: FOR_LANES(X[d->rdw][l] = pc + (uint32_t)d->imm;); break;
  case WW_OP_JAL:
    npc = pc + (uint32_t)d->imm;
    if (npc & 3)
      goto misaligned_target;
    FOR_LANES(X[d->rdw][l] = pc + 4;);
    break;
  case WW_OP_JALR: {
    unsigned l0 = (unsigned)__builtin_ctz(mask);
    npc = (X[d->rs1][l0] + (uint32_t)d->imm) & ~1u;
    for (uint32_t m = mask & (mask - 1); m; m &= m - 1) {
      unsigned l = (unsigned)__builtin_ctz(m);
      uint32_t t = (X[d->rs1][l] + (uint32_t)d->imm) & ~1u;
      if (t != npc)
        TRAP(WW_TRAP_DIVERGENT, "jalr: lane %u jumps to 0x%08x, lane %u to 0x%08x", l0, npc, l, t);
    }
    if (npc & 3)
      goto misaligned_target;
    FOR_LANES(X[d->rdw][l] = pc + 4;);
    break;
  }
  case WW_OP_BEQ: BRANCH(a == b);
  case WW_OP_BNE: BRANCH(a != b);
  case WW_OP_BLT: BRANCH((int32_t)a < (int32_t)b);
  case WW_OP_BGE: BRANCH((int32_t)a >= (int32_t)b);
  case WW_OP_BLTU: BRANCH(a < b);
  case WW_OP_BGEU: BRANCH(a >= b);

  case WW_OP_LB: case WW_OP_LH: case WW_OP_LW: case WW_OP_LBU: case WW_OP_LHU:
  case WW_OP_LW_STRONG:
    if (ww_mem_load(g, s, hw, d, pc))
      return -1;
    mem = 1;
    break;
  case WW_OP_SB: case WW_OP_SH: case WW_OP_SW: case WW_OP_SW_STRONG: {
    if (ww_mem_store(g, s, hw, d, pc))
      return -1;
    mem = 1;
    break;
  }

  case WW_OP_ADDI: ALU_I(a + b);
  case WW_OP_SLTI: ALU_I((int32_t)a < (int32_t)b);
  case WW_OP_SLTIU: ALU_I(a < b);
  case WW_OP_XORI: ALU_I(a ^ b);
  case WW_OP_ORI: ALU_I(a | b);
  case WW_OP_ANDI: ALU_I(a & b);
  case WW_OP_SLLI: ALU_I(a << (b & 31));
  case WW_OP_SRLI: ALU_I(a >> (b & 31));
  case WW_OP_SRAI: ALU_I(sra32(a, b & 31));
  case WW_OP_ADD: ALU_R(a + b);
  case WW_OP_SUB: ALU_R(a - b);
  case WW_OP_SLL: ALU_R(a << (b & 31));
  case WW_OP_SLT: ALU_R((int32_t)a < (int32_t)b);
  case WW_OP_SLTU: ALU_R(a < b);
  case WW_OP_XOR: ALU_R(a ^ b);
  case WW_OP_SRL: ALU_R(a >> (b & 31));
  case WW_OP_SRA: ALU_R(sra32(a, b & 31));
  case WW_OP_OR: ALU_R(a | b);
  case WW_OP_AND: ALU_R(a & b);

  case WW_OP_FENCE:
  case WW_OP_FENCE_DEV:
    /* Stores are acknowledged at once in this model; drop the whole L1. */
    ww_l1_clear(g, s);
    break;
  case WW_OP_FENCE_BLK:
    break;
  case WW_OP_ECALL:
    TRAP(WW_TRAP_KERNEL_TRAP, "ecall");
  case WW_OP_EBREAK:
    TRAP(WW_TRAP_KERNEL_TRAP, "ebreak (ww_assert failed?)");
  case WW_OP_CSRRS: {
    uint32_t csr = (uint32_t)d->imm;
    if (d->rs1)
      TRAP(WW_TRAP_ILLEGAL, "csrrs with rs1 != x0 writes CSR 0x%03x; only csrr reads are legal", csr);
    if (!is_simt_csr(csr))
      TRAP(WW_TRAP_ILLEGAL, "CSR 0x%03x is not a SIMT CSR (0xcc0..0xccd)", csr);
    FOR_LANES(X[d->rdw][l] = csr_value(g, s, hw, w, csr, l););
    break;
  }

  /* ---- RV32M ---- */
  case WW_OP_MUL: ALU_R(a * b);
  case WW_OP_MULH: ALU_R(mulh32(a, b));
  case WW_OP_MULHSU: ALU_R(mulhsu32(a, b));
  case WW_OP_MULHU: ALU_R((uint32_t)(((uint64_t)a * b) >> 32));
  case WW_OP_DIV: ALU_R(div32(a, b));
  case WW_OP_DIVU: ALU_R(b ? a / b : 0xFFFFFFFFu);
  case WW_OP_REM: ALU_R(rem32(a, b));
  case WW_OP_REMU: ALU_R(b ? a % b : a);

  /* ---- SIMT control ---- */
  case WW_OP_SPLIT: {
    uint32_t p = 0;
    FOR_LANES(p |= (uint32_t)(X[d->rs1][l] != 0) << l;);
    int div = p && p != mask;
    if (w->sp + 1 + div > WW_STACK_DEPTH)
      TRAP(WW_TRAP_STACK_OVERFLOW, "ww.split needs %d more entries; the stack holds %u of %d",
           1 + div, w->sp, WW_STACK_DEPTH);
    w->stk[w->sp].kind = WW_RS_RECONV;
    w->stk[w->sp].mask = mask;
    w->stk[w->sp].pc = 0;
    w->sp++;
    if (div) {
      w->stk[w->sp].kind = WW_RS_ELSE;
      w->stk[w->sp].mask = mask & ~p;
      w->stk[w->sp].pc = pc + 4;
      w->sp++;
      w->mask = p;
      g->st.divergent_splits++;
    }
    break;
  }
  case WW_OP_JOIN: {
    if (!w->sp)
      TRAP(WW_TRAP_JOIN_EMPTY, "ww.join with an empty reconvergence stack");
    if (w->stk[w->sp - 1].kind == WW_RS_TX)
      TRAP(WW_TRAP_JOIN_EMPTY, "ww.join inside a transaction without its ww.split");
    const ww_rs_entry_t *e = &w->stk[--w->sp];
    w->mask = e->mask;
    if (e->kind == WW_RS_ELSE)
      npc = e->pc;
    break;
  }
  case WW_OP_VOTE_ANY: case WW_OP_VOTE_ALL: case WW_OP_VOTE_BALLOT: {
    uint32_t p = 0;
    FOR_LANES(p |= (uint32_t)(X[d->rs1][l] != 0) << l;);
    uint32_t v = d->op == WW_OP_VOTE_ANY ? p != 0 : d->op == WW_OP_VOTE_ALL ? p == mask : p;
    FOR_LANES(X[d->rdw][l] = v;);
    break;
  }
  case WW_OP_BAR: {
    if (w->tx_depth)
      TRAP(WW_TRAP_TX_BARRIER, "ww.bar inside a transaction (ww.tx.begin without its ww.tx.commit)");
    if (mask != w->live)
      TRAP(WW_TRAP_BAR_DIVERGENT, "ww.bar with lanes 0x%08x active of the warp's 0x%08x",
           mask, w->live);
    ww_bslot_t *bs = &sm->bslots[w->bslot];
    w->state = WW_W_BAR;
    w->bar_pc = pc;
    sm->ready &= ~(1u << hw);
    if (++bs->waiting == bs->nwarps) {
      for (uint32_t m = bs->hw_mask; m; m &= m - 1)
        sm->warps[__builtin_ctz(m)].state = WW_W_READY;
      sm->ready |= bs->hw_mask & ~sm->det_stopped;   /* GPUDet: not past its quantum */
      bs->waiting = 0;
      g->st.barriers++;
    } else if (bs->exited && bs->waiting + bs->exited == bs->nwarps) {
      w->pc = npc;
      deadlock_trap(g, s, bs);
      return -1;
    }
    break;
  }
  case WW_OP_EXIT: {
    if (w->tx_depth)
      TRAP(WW_TRAP_TX_BARRIER, "ww.exit inside a transaction (ww.tx.begin without its ww.tx.commit)");
    if (mask != w->live || w->sp)
      TRAP(WW_TRAP_EXIT_DIVERGENT,
           "ww.exit with lanes 0x%08x active of the warp's 0x%08x, reconvergence stack depth %u",
           mask, w->live, w->sp);
    ww_bslot_t *bs = &sm->bslots[w->bslot];
    w->state = WW_W_EXITED;
    sm->ready &= ~(1u << hw);
    if (++bs->exited == bs->nwarps)
      sm->block_done = 1;
    else if (bs->waiting && bs->waiting + bs->exited == bs->nwarps)
      deadlock = 1;
    break;
  }
  case WW_OP_TX_BEGIN: case WW_OP_TX_COMMIT:
    if (g->cfg.det)
      TRAP(WW_TRAP_TX_UNIMPL, "%s: transactions do not run in deterministic mode (GPUDet, --det)",
           ww_op_mnemonic(d->op));
    if (!g->cfg.tx_log_words)
      TRAP(WW_TRAP_TX_UNIMPL, "%s: transactions are not implemented on this backend yet",
           ww_op_mnemonic(d->op));
    if (d->op == WW_OP_TX_BEGIN) {
      int r = ww_tm_begin(g, s, hw, d, pc);
      if (r)
        return r < 0 ? -1 : 0;   /* waits for a slot: not executed, not retired */
    } else if (ww_tm_commit(g, s, hw, d, pc, &npc)) {
      return -1;
    }
    break;

  default:
    if (ww_op_class(d->op) == WW_CLS_ATOMIC) {
      if (ww_mem_atomic(g, s, hw, d, pc))
        return -1;
      mem = 1;
      break;
    }
    TRAP(WW_TRAP_ILLEGAL, "illegal instruction 0x%08x", d->raw);
  }

  w->pc = npc;
  if (g->cfg.det)
    ww_det_retired(g, s, hw, d->op);
  unsigned n = (unsigned)__builtin_popcount(mask);
  g->st.warp_insns++;
  g->st.thread_insns += n;
  if (s < 16)
    g->st.sm_warp_insns[s]++;
  if (g->hook) {
    ww_retire_t *r = &g->rec;
    r->step = g->st.steps - 1;
    r->sm = (uint16_t)s;
    r->warp = (uint16_t)hw;
    r->block = sm->bslots[w->bslot].ctaid;
    r->pc = pc;
    r->insn = d->raw;
    r->mask = mask;
    r->rd = d->rd;
    if (!mem) {
      r->mem = WW_MEM_NONE;
      r->mem_bytes = 0;
    }
    if (d->rd)
      for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        r->rd_val[l] = X[d->rd][l];
      }
    g->hook(g->hook_ctx, r);
  }
  if (deadlock) {
    deadlock_trap(g, s, &sm->bslots[w->bslot]);
    return -1;
  }
  return 0;

misaligned_target:
  ww_gpu_set_trap(g, WW_TRAP_MISALIGNED, s, hw, pc, d->raw, -1, npc,
                  "%s jumps to 0x%08x, not 4-byte aligned", ww_op_mnemonic(d->op), npc);
  return -1;
}
